"""Self-play on Ray (stones.selfplay.run_on_ray): four games of Go 5x5 played by two actors on a
local Ray cluster of two nodes, each game's records replayed with stones itself.

The cluster is `ray.cluster_utils.Cluster`, Ray's own test helper for a multi-node cluster on one
machine: a head node and one worker node, one CPU each, so that the two actors (one CPU each) must
run on different nodes, in different processes, as on two machines. (`ray.init(num_cpus=2)` would
put both on one node and show less.) Starting it takes some seconds; the games, well under one.
"""

import os
import re
import time
import tomllib  # Python 3.11+ (reads the case files, which are TOML)

import pytest

import stones
from stones.selfplay import load, run_on_ray

if os.environ.get("CI"):
    import ray  # CI installs Ray (.ci/test): a missing one is a failure there
else:
    ray = pytest.importorskip("ray")
from ray.cluster_utils import Cluster  # noqa: E402

GAME = "go(size=5,komi=5.5)"
SGF_COLUMNS = "abcdefghijklmnopqrs"  # SGF's coordinates: a, b … from the top left
COLUMNS = "ABCDEFGHJKLMNOPQRST"  # the game's: A, B … from the left, no I; rows from the bottom


@pytest.fixture(scope="module")
def cluster():
    """A head node and a worker node, one CPU each, with this process connected as the driver."""
    started = time.monotonic()
    head = {"num_cpus": 1, "include_dashboard": False}
    cluster = Cluster(initialize_head=True, head_node_args=head)
    try:
        cluster.add_node(num_cpus=1)
        ray.init(address=cluster.address, include_dashboard=False, logging_level="warning")
        cluster.wait_for_nodes()
        print(f"ray cluster up in {time.monotonic() - started:.1f} s")
        yield cluster
    finally:
        ray.shutdown()
        cluster.shutdown()


def replay_sgf(sgf, size):
    """The game's state after the SGF's moves (`B[cc]`, `W[]` a pass; lines wrap anywhere between
    nodes), played as text."""
    state = load(GAME).new_initial_state()
    for colour, point in re.findall(r";\s*([BW])\[([a-s]{2}|)\]", sgf):
        assert colour == "BW"[state.current_player()]
        if point:
            column, row = SGF_COLUMNS.index(point[0]), SGF_COLUMNS.index(point[1])
            state.apply_action_text(f"{COLUMNS[column]}{size - row}")
        else:
            state.apply_action_text("pass")
    return state


def replay_case(case):
    """The game's state after the case file's moves, in the game and rules it names."""
    record = tomllib.loads(case)
    game = stones.load_game(record["game"], ruleset=record["ruleset"], **record.get("set", {}))
    state = game.new_initial_state()
    for move in record["moves"]:
        state.apply_action_text(move)
    return state


def test_self_play_on_two_ray_nodes(cluster):
    started = time.monotonic()
    games = run_on_ray(GAME, games=4, workers=2, playouts=50, seed=7)
    print(f"4 games in {time.monotonic() - started:.1f} s")

    assert [g["seed"] for g in games] == [7, 8, 9, 10]
    for g in games:
        assert g["sgf"].startswith("(;") and f"RE[{g['result']}]" in g["sgf"]
        for state in (replay_sgf(g["sgf"], 5), replay_case(g["case"])):
            assert state.is_terminal()
            assert list(state.history()) == g["actions"]
            assert state.result() == g["result"]
            assert list(state.returns()) == g["returns"]
        # the result's winner is the returns' (a draw, 0 each, cannot happen with komi 5.5)
        assert g["returns"] == ([1.0, -1.0] if g["result"].startswith("B+") else [-1.0, 1.0])
        # Go alternates; every action has a distribution, summing to 1, that the search followed
        assert g["players"] == [i % 2 for i in range(len(g["actions"]))]
        assert len(g["policies"]) == len(g["actions"])
        for action, policy in zip(g["actions"], g["policies"]):
            assert len(policy) == 26 and abs(sum(policy) - 1) < 1e-5 and policy[action] > 0

    # two actors played them (game i actor i % 2), on the two nodes, outside this process
    workers = [g["worker"] for g in games]
    assert all(w["pid"] != os.getpid() for w in workers)
    assert workers[0] == workers[2] and workers[1] == workers[3]
    assert len({w["pid"] for w in workers}) == 2
    assert len({w["actor_id"] for w in workers}) == 2
    assert {w["node_id"] for w in workers} == {n["NodeID"] for n in ray.nodes() if n["Alive"]}
    assert len({w["node_id"] for w in workers}) == 2
    # the seeds made four different games
    assert len({tuple(g["actions"]) for g in games}) == 4
