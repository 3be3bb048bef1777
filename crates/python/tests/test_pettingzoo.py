"""Every game as a PettingZoo AEC environment passes PettingZoo's own api_test."""

import os

import numpy as np
import pytest

import stones

if os.environ.get("CI"):
    import pettingzoo  # noqa: F401  (CI installs it: missing is a failure there)
else:
    pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from stones.pettingzoo import env  # noqa: E402

SMALL = {"go": {"size": 5}, "dots": {"size": 6}, "trigo": {"size": 3}, "connect6": {"size": 9},
         "hex": {"size": 5}, "gomoku": {"size": 9, "ruleset": "freestyle"}}


@pytest.mark.parametrize("name", stones.registered_names())
def test_api_test_passes(name):
    api_test(env(name, **SMALL[name]), num_cycles=200)


@pytest.mark.parametrize("name", stones.registered_names())
def test_api_test_passes_at_the_default_size(name):
    api_test(env(name), num_cycles=30)


def test_a_random_game_to_its_end_with_masks_and_ansi():
    e = env("go", size=5, render_mode="ansi")
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(max_iter=10_000):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert obs["observation"].shape == (stones.OBSERVATION_PLANES, 5, 5)
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert "result" in e.render()


def test_the_agent_not_to_move_sees_its_own_stones_first_and_an_empty_mask():
    e = env("go", size=5)
    e.reset()
    e.step(12)  # black_0 plays C3
    black = e.observe("black_0")
    white = e.observe("white_0")
    assert black["observation"][0].sum() == 1 and white["observation"][1].sum() == 1
    assert not black["action_mask"].any() and white["action_mask"].sum() == 25
    with pytest.raises(ValueError):
        env("go", render_mode="human")
