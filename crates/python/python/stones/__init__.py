"""Every stones game from Python, with OpenSpiel's names.

    import stones
    game = stones.load_game("go", ruleset="chinese", size=9, komi=7)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])

An action is one placement (a point's index) or a move that places nothing (pass, Dots' stop,
Hex's swap: the actions after the points). A turn of two stones (TriGo, Connect6) is two actions
by the same player. See crates/python/README.md.
"""

from ._stones import (  # noqa: F401
    OBSERVATION_PLANES,
    Game,
    SearchResult,
    State,
    VecEnv,
    load_game,
    mcts,
    registered_names,
)
from .bot import MCTSBot  # noqa: F401

__all__ = [
    "OBSERVATION_PLANES",
    "Game",
    "SearchResult",
    "State",
    "VecEnv",
    "MCTSBot",
    "load_game",
    "mcts",
    "registered_names",
]
