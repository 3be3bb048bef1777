"""Self-play: the search plays both sides, one game here or many on a Ray cluster.

    from stones.selfplay import play_one, run_on_ray
    game = play_one("go(size=9)", playouts=200, seed=1)        # here, in this process
    games = run_on_ray("go(size=9)", games=8, workers=2, playouts=200, seed=1)   # on Ray

A game is returned as a dict of plain Python values (it crosses Ray's object store as it is):

- `sgf`: the record as SGF (`None` for a game without an SGF form: TriGo), `case`: the record as a
  case file (`stones replay` reads it), `result`: as SGF writes it (`B+3.5`), `returns`: Black's
  and White's (1 a win, -1 a loss, 0 a draw);
- for training: `actions` (every action in order), `players` (who chose each: 0 Black, 1 White;
  a two-stone turn is two actions by the same player) and `policies` (for each action, the search's
  visits over every action of the game, normalised to sum to 1; see `policy`); the observations
  follow by replaying `actions` (`State.observation_tensor`);
- `game`, `playouts`, `seed`, as asked, and `worker`: the process's `pid` and, on Ray, the node's
  and the actor's ids.

Ray is optional: this module imports it only inside `run_on_ray` (and reads it in a worker only if
the process already has it).
"""

import os
import random
import sys

from . import load_game, mcts


def load(game_spec):
    """The game of `game_spec`: OpenSpiel's string form (`"go(size=9,komi=7)"`) or a dict of
    `load_game`'s arguments (`{"name": "go", "ruleset": "chinese", "size": 9}`)."""
    if isinstance(game_spec, str):
        return load_game(game_spec)
    return load_game(**game_spec)


def play_one(game_spec, playouts, seed):
    """One game of `game_spec`, every action chosen by `stones.mcts` with `playouts`; the search's
    seed for each action is drawn from `seed`, so the same seed plays the same game."""
    state = load(game_spec).new_initial_state()
    rng = random.Random(seed)
    actions, players, policies = [], [], []
    while not state.is_terminal():
        player = state.current_player()
        action, visits, _value = mcts(state, playouts=playouts, seed=rng.getrandbits(63))
        players.append(player)
        policies.append(policy(visits, action))
        actions.append(action)
        state.apply_action(action)
    return {
        "game": game_spec,
        "playouts": playouts,
        "seed": seed,
        "sgf": state.sgf(),
        "case": state.case_file(),
        "result": state.result(),
        "returns": state.returns(),
        "actions": actions,
        "players": players,
        "policies": policies,
        "worker": where(),
    }


def policy(visits, action):
    """The search's visits normalised to sum to 1, as a list; all on `action` when the search chose
    it with no visits — when a rule, not the visits, decided: the solver's won or only move (no
    search at all), the closing pass that wins after the opponent's, Hex's swap."""
    if visits[action] > 0:
        return (visits / visits.sum()).tolist()
    target = [0.0] * len(visits)
    target[action] = 1.0
    return target


def where():
    """This process: its pid and, inside a Ray task or actor, the node's and the actor's ids."""
    worker = {"pid": os.getpid()}
    ray = sys.modules.get("ray")  # a Ray worker has imported it; never imported here
    if ray is not None and ray.is_initialized():
        context = ray.get_runtime_context()
        worker["node_id"] = context.get_node_id()
        worker["actor_id"] = context.get_actor_id()
    return worker


class SelfPlayWorker:
    """Plays games of one game and search strength; a plain class, made a Ray actor by
    `ray.remote(SelfPlayWorker)` (as `run_on_ray` does)."""

    def __init__(self, game_spec, playouts):
        load(game_spec)  # a bad spec fails here, when the actor starts, not at each game
        self.game_spec = game_spec
        self.playouts = playouts

    def play(self, seed):
        """One game (`play_one`'s dict) from `seed`."""
        return play_one(self.game_spec, self.playouts, seed)


def run_on_ray(game, games, workers, playouts, seed=0):
    """Plays `games` games of `game` on `workers` Ray actors (one CPU each) and returns their
    dicts in order: game `i` has seed `seed + i` and is played by actor `i % workers`. Ray must be
    initialised (`ray.init(...)`) before."""
    import ray

    actor = ray.remote(num_cpus=1)(SelfPlayWorker)
    pool = [actor.remote(game, playouts) for _ in range(workers)]
    futures = [pool[i % workers].play.remote(seed + i) for i in range(games)]
    return ray.get(futures)
