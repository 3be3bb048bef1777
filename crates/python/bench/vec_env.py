"""Many games stepped at once: stones.VecEnv with random legal actions chosen in numpy,
observations and masks returned every step.

    python3 crates/python/bench/vec_env.py go 1024 200

Prints steps per second (games x calls / seconds).
"""

import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy's own threads would compete for the cores

import numpy as np  # noqa: E402

import stones  # noqa: E402

game, n, calls = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
settings = {"go": {"ruleset": "chinese", "size": 9, "komi": 7.5, "ko": "simple"}, "hex": {"ruleset": "noswap", "size": 11},
            "gomoku": {"ruleset": "freestyle"}}[game]
env = stones.VecEnv(game, n, seed=0, **settings)
rng = np.random.default_rng(0)
obs, masks = env.reset()
start = time.perf_counter()
for _ in range(calls):
    actions = (rng.random(masks.shape, dtype=np.float32) * masks).argmax(axis=1)
    obs, rewards, terminated, masks = env.step(actions)
elapsed = time.perf_counter() - start
print(f"VecEnv {game} x{n}: {n * calls / elapsed:,.0f} steps/s ({calls} calls)")
