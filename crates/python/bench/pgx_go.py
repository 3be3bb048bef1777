"""Pgx's Go 9x9 on the CPU, for the figure beside VecEnv's: N games stepped at once with jax.jit
and jax.vmap, random legal actions, observations and masks each step (Pgx's own way).

    pip install pgx "jax[cpu]"
    python3 crates/python/bench/pgx_go.py 1024 100

Prints steps per second (games x calls / seconds), compilation excluded.
"""

import sys
import time

import jax
import jax.numpy as jnp
import pgx

n, calls = int(sys.argv[1]), int(sys.argv[2])
env = pgx.make("go_9x9")
init = jax.jit(jax.vmap(env.init))
step = jax.jit(jax.vmap(env.step))


def random_actions(key, mask):
    logits = jnp.where(mask, 0.0, -jnp.inf)
    return jax.random.categorical(key, logits, axis=-1)


act = jax.jit(random_actions)
key = jax.random.PRNGKey(0)
key, sub = jax.random.split(key)
state = init(jax.random.split(sub, n))
# Compile (not counted).
key, sub = jax.random.split(key)
state = step(state, act(sub, state.legal_action_mask))
state.observation.block_until_ready()
start = time.perf_counter()
for _ in range(calls):
    key, sub = jax.random.split(key)
    state = step(state, act(sub, state.legal_action_mask))
state.observation.block_until_ready()
elapsed = time.perf_counter() - start
print(f"pgx go_9x9 x{n}: {n * calls / elapsed:,.0f} steps/s ({calls} calls)")
