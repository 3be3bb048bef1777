"""Many games stepped at once: stones.VecEnv with random legal actions chosen in numpy (random
noise on the masks, the largest taken), observations and masks returned every step; the figure
counts both, the choice and the step.

    python3 crates/python/bench/vec_env.py go 1024 200 [float32|bool] [BATCH]

The fourth argument is the observations' dtype (float32 when left out). With BATCH (a divisor of
the games) the games go in batches of that many, sent and received apart (EnvPool's way): while
one batch steps in Rust, Python chooses the actions of the one received last. Prints steps per
second (games x calls / seconds).
"""

import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # numpy's own threads would compete for the cores

import numpy as np  # noqa: E402

import stones  # noqa: E402

game, n, calls = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
obs_dtype = sys.argv[4] if len(sys.argv) > 4 else "float32"
batch = int(sys.argv[5]) if len(sys.argv) > 5 else n
settings = {"go": {"ruleset": "chinese", "size": 9, "komi": 7.5, "ko": "simple"}, "hex": {"ruleset": "noswap", "size": 11},
            "gomoku": {"ruleset": "freestyle"}}[game]
env = stones.VecEnv(game, n, seed=0, obs_dtype=obs_dtype, batch_size=batch, **settings)
rng = np.random.Generator(np.random.SFC64(0))  # numpy's quickest bit generator
scores = np.empty((batch, env.num_actions), np.int32)
cells = scores.size


def choose(masks):
    # A random legal action per game: 16 random bits on every action (straight from the
    # generator's 64-bit draws, four to a draw), the lowest set so that no legal action scores 0,
    # zeroed where illegal (the product widened to 32 bits: numpy's argmax is three times quicker
    # on 32-bit rows than on 16-bit ones), the largest taken. Two legal actions tied at the top
    # (the first then taken) come about once in 1,600 game steps with 40 legal actions (15 random
    # bits each): the only departure from a uniform choice.
    noise = rng.bit_generator.random_raw((cells + 3) // 4).view(np.uint16)[:cells].reshape(masks.shape)
    noise |= 1
    np.multiply(noise, masks, out=scores)
    return scores.argmax(axis=1)


if batch == n:
    obs, masks = env.reset()
    start = time.perf_counter()
    for _ in range(calls):
        obs, rewards, terminated, masks = env.step(choose(masks))
else:
    env.async_reset()
    start = time.perf_counter()
    for _ in range(calls * (n // batch)):
        obs, rewards, terminated, masks, ids = env.recv()
        env.send(choose(masks), ids)
elapsed = time.perf_counter() - start
mode = "" if batch == n else f" in batches of {batch}"
print(f"VecEnv {game} x{n} {obs_dtype}{mode}: {n * calls / elapsed:,.0f} steps/s ({calls} calls)")
