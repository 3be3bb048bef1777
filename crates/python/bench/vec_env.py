"""Many games stepped at once: stones.VecEnv with random legal actions chosen in numpy (random
noise on the masks, the largest taken), observations and masks returned every step; the figure
counts both, the choice and the step.

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
rng = np.random.Generator(np.random.SFC64(0))  # numpy's quickest bit generator
obs, masks = env.reset()
cells = masks.size
scores = np.empty(masks.shape, np.uint32)
start = time.perf_counter()
for _ in range(calls):
    # A uniformly random legal action per game: 32 random bits on every action (straight from the
    # generator's 64-bit draws, two to a draw), the lowest set so that no legal action scores 0,
    # zeroed where illegal, the largest taken (two legal actions tied at the top, the first then
    # taken: under 1 in 30 million a game step, with 82 actions).
    noise = rng.bit_generator.random_raw((cells + 1) // 2).view(np.uint32)[:cells].reshape(masks.shape)
    noise |= 1
    np.multiply(noise, masks, out=scores)
    actions = scores.argmax(axis=1)
    obs, rewards, terminated, masks = env.step(actions)
elapsed = time.perf_counter() - start
print(f"VecEnv {game} x{n}: {n * calls / elapsed:,.0f} steps/s ({calls} calls)")
