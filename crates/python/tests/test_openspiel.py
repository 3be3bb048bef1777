"""Random games played in stones and in OpenSpiel side by side: the same legal actions at every
step and the same result, where both implement the same rule. The rules where they differ are
named in crates/python/README.md; the games below are set up so that none of them applies, but
for Gomoku's pass (our rules allow one after the third move, OpenSpiel's none): it is left out of
the comparison and never played."""

import os
import random

import pytest

import stones

if os.environ.get("CI"):
    import pyspiel  # CI installs OpenSpiel (.ci/test): a missing one is a failure there
else:
    pyspiel = pytest.importorskip("pyspiel")

# (stones' game, OpenSpiel's, how a stones action's text names OpenSpiel's action)
PAIRS = {
    # Go 9x9: OpenSpiel's Go is area scoring with every stone alive, simple ko, no suicide.
    "go": (
        lambda: stones.load_game("go", ruleset="chinese", size=9, komi=7.5, ko="simple"),
        "go(board_size=9,komi=7.5)",
    ),
    # Hex 11x11 without the swap (OpenSpiel's hex has none by default).
    "hex": (lambda: stones.load_game("hex", ruleset="noswap", size=11), "hex(board_size=11)"),
    # Gomoku 15x15, five or more wins, no opening rule (OpenSpiel's gomoku).
    "gomoku": (lambda: stones.load_game("gomoku", ruleset="freestyle"), "gomoku"),
}


def their_action(name, ours, state, action):
    """OpenSpiel's number for one of our actions, by its text."""
    text = ours.action_to_string(action)
    if text == "pass":
        return state.num_distinct_actions() - 1 if name == "go" else None
    if text == "swap":
        return None
    letter, number = text[0].lower(), int(text[1:])
    column = ord(letter) - ord("a")
    if name != "hex" and letter > "i":  # our Go and Gomoku columns skip I, as OpenSpiel's Go does
        column -= 1
    if name == "gomoku":  # OpenSpiel writes "row,col", row 0 on our row 15
        return (15 - number) * 15 + column
    size = 9 if name == "go" else 11
    return (number - 1) * size + column


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_random_games_agree_with_openspiel(name):
    make, spec = PAIRS[name]
    game, theirs = make(), pyspiel.load_game(spec)
    rng = random.Random(2026)
    finished = 0
    for _ in range(40):
        ours, state = game.new_initial_state(), theirs.new_initial_state()
        to_theirs = {a: their_action(name, ours, state, a) for a in range(game.num_distinct_actions())}
        while not ours.is_terminal():
            if state.is_terminal():
                # OpenSpiel's Go stops at its max_game_length (2 x 81 moves): ours plays on.
                assert name == "go" and len(state.history()) == theirs.max_game_length()
                break
            legal = [a for a in ours.legal_actions() if to_theirs[a] is not None]
            assert sorted(to_theirs[a] for a in legal) == state.legal_actions(), (
                f"{name}: legal actions differ after {ours.history()}"
            )
            assert ours.current_player() == state.current_player()
            a = rng.choice(legal)
            ours.apply_action(a)
            state.apply_action(to_theirs[a])
        else:
            assert state.is_terminal(), f"{name}: OpenSpiel's game goes on after {ours.history()}"
            assert ours.returns() == state.returns(), f"{name}: results differ: {ours.result()}"
            finished += 1
    assert finished >= 10
