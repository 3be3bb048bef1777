"""The Python face of every game: OpenSpiel's names and rules as the Rust games keep them."""

import copy
import random

import numpy as np
import pytest

import stones

GAMES = stones.registered_names()
# Small boards, so that random games end quickly.
SMALL = {
    "go": {"size": 5},
    "dots": {"size": 6},
    "gomoku": {"size": 9, "ruleset": "freestyle"},
    "trigo": {"size": 3},
    "connect6": {"size": 9},
    "hex": {"size": 5},
}


def small(name):
    settings = dict(SMALL[name])
    ruleset = settings.pop("ruleset", None)
    return stones.load_game(name, ruleset=ruleset, **settings)


def test_every_built_in_game_is_registered():
    assert GAMES == ["go", "dots", "gomoku", "trigo", "connect6", "hex"]


def test_the_readme_line_works():
    s = stones.load_game("dots").new_initial_state()
    assert s.legal_actions()[:3] == [480, 481, 482]


def test_settings_as_keywords_and_as_the_string_form():
    g = stones.load_game("go", ruleset="chinese", size=9, komi=7)
    assert str(g) == "go(ruleset=chinese,size=9,komi=7)"
    assert g.num_distinct_actions() == 82
    assert g.observation_tensor_shape() == [stones.OBSERVATION_PLANES, 9, 9]
    h = stones.load_game("go(size=9,komi=7,ruleset=chinese)")
    assert str(h) == str(g)
    assert stones.load_game("dots(size=[7,4])").observation_tensor_shape()[1:] == [4, 7]
    assert stones.load_game("dots", size=[7, 4]).num_distinct_actions() == 7 * 4 + 1


@pytest.mark.parametrize(
    "call, says",
    [
        (lambda: stones.load_game("chess"), "unknown game 'chess': expected one of go, dots"),
        (lambda: stones.load_game("go", sise=9), "unknown field `sise`"),
        (lambda: stones.load_game("go", size="x"), "`size` must be a number"),
        (lambda: stones.load_game("go", ruleset="nope"), "no such go ruleset"),
        (lambda: stones.load_game("go(size=9"), "closing parenthesis"),
        (lambda: stones.load_game("go(size)"), "expected key=value"),
        (lambda: stones.load_game("go", size=object()), "expected a bool, number, text or list"),
    ],
)
def test_a_bad_name_key_or_value_is_a_value_error_that_says_what(call, says):
    with pytest.raises(ValueError, match=None) as e:
        call()
    assert says in str(e.value)


def test_an_illegal_action_is_refused_with_the_reason_and_changes_nothing():
    s = stones.load_game("go", size=5).new_initial_state()
    s.apply_action(s.string_to_action("C3"))
    before = (s.history(), str(s), s.current_player())
    for action, says in [(12, "occupied"), (26, "no action 26"), (-1, "out of range")]:
        with pytest.raises(ValueError) as e:
            s.apply_action(action)
        assert says in str(e.value)
        assert (s.history(), str(s), s.current_player()) == before


def test_the_dots_first_move_zone_and_stop_are_actions():
    g = stones.load_game("dots", size=6)
    s = g.new_initial_state()
    stop = g.num_distinct_actions() - 1
    assert s.action_to_string(stop) == "stop"
    assert stop in s.legal_actions()
    assert s.string_to_action("stop") == stop


def test_a_two_stone_turn_is_two_actions_by_the_same_player():
    for name in ["trigo", "connect6"]:
        s = small(name).new_initial_state()
        s.apply_action(s.legal_actions()[0])  # the opening's one stone
        mover = s.current_player()
        first = s.legal_actions()[0]
        s.apply_action(first)
        assert s.current_player() == mover, name
        assert first not in s.legal_actions()
        obs = s.observation_tensor()
        assert obs[2].sum() == 1, "the first stone of the turn is marked"
        s.apply_action(s.legal_actions()[0])
        assert s.current_player() == 1 - mover


def test_go_ends_at_the_closing_passes_scored_with_every_stone_alive():
    s = stones.load_game("go", ruleset="chinese", size=5, komi=0.5).new_initial_state()
    for text in ["C3", "pass", "pass"]:
        s.apply_action_text(text)
    assert s.is_terminal() and s.current_player() == -4
    assert s.result() == "B+24.5"
    assert s.returns() == [1.0, -1.0]
    assert "RE[B+24.5]" in s.sgf()


@pytest.mark.parametrize("name", GAMES)
def test_random_games_keep_the_contract(name):
    game = small(name)
    rng = random.Random(7)
    actions = game.num_distinct_actions()
    for _ in range(3):
        s = game.new_initial_state()
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            assert legal == sorted(legal) and legal
            mask = s.legal_actions_mask()
            assert len(mask) == actions and [a for a in range(actions) if mask[a]] == legal
            for a in legal[:5]:
                assert s.string_to_action(s.action_to_string(a)) == a
            obs = s.observation_tensor()
            assert obs.dtype == np.float32
            assert list(obs.shape) == game.observation_tensor_shape()
            # Plane 0 is the mover's stones, plane 1 the opponent's, never both on a point.
            assert not (obs[0] * obs[1]).any()
            assert s.returns() == [0.0, 0.0]
            illegal = [a for a in range(actions) if not mask[a]]
            if illegal:
                before = s.history()
                with pytest.raises(ValueError):
                    s.apply_action(rng.choice(illegal))
                assert s.history() == before
            copy_ = s.clone()
            a = rng.choice(legal)
            s.apply_action(a)
            assert s.history()[-1] == a
            assert copy_.history() == s.history()[:-1], "the clone is independent"
            steps += 1
            assert steps <= game.max_game_length()
        assert s.current_player() == -4 and s.legal_actions() == []
        r = s.returns()
        assert r[0] == -r[1] and r[0] in (-1.0, 0.0, 1.0)
        assert s.rewards() == r
        assert "result" in str(s)
        assert s.case_file().startswith("# result: ")
        if name in ("go", "gomoku", "hex", "dots", "connect6", "trigo") and s.sgf() is not None:
            assert s.sgf().startswith("(;")
        assert copy.deepcopy(s).history() == s.history()


def test_observation_from_either_side():
    s = stones.load_game("go", size=5).new_initial_state()
    s.apply_action_text("C3")
    white = s.observation_tensor()  # White to move
    black = s.observation_tensor(0)
    assert white[1].sum() == 1 and white[0].sum() == 0 and white[7].all()
    assert black[0].sum() == 1 and black[1].sum() == 0
    # Each stone on its own cell (a square board's point i is cell i), from the mover's side.
    for name, settings in [("go", {}), ("gomoku", {"ruleset": "freestyle"})]:
        s = stones.load_game(name, size=5, **settings).new_initial_state()
        for text in ["C3", "B2"]:
            s.apply_action_text(text)
        c3, b2 = (s.string_to_action(t) for t in ["C3", "B2"])
        mine, theirs = (plane.flatten() for plane in s.observation_tensor()[:2])  # Black to move
        assert mine.nonzero()[0].tolist() == [c3] and theirs.nonzero()[0].tolist() == [b2], name
    with pytest.raises(ValueError):
        s.observation_tensor(2)


def test_the_ko_point_and_enclosed_dots_have_their_planes():
    s = stones.load_game("go", size=5).new_initial_state()
    # White B3 takes Black C3 in a ko: Black may not retake at C3 at once.
    for text in ["B4", "C4", "A3", "D3", "B2", "C2", "C3", "B3"]:
        s.apply_action_text(text)
    c3 = s.string_to_action("C3")
    assert c3 not in s.legal_actions()
    ko = s.observation_tensor()[3]
    assert ko.sum() == 1 and ko.flat[s.observation_tensor()[6].flatten().nonzero()[0][c3]] == 1
    d = stones.load_game("dots", size=6).new_initial_state()
    # Black's four dots around White's C3 enclose it.
    for text in ["c2", "c3", "b3", "e5", "d3", "e6", "c4"]:
        d.apply_action_text(text)
    black, white = d.observation_tensor(0), d.observation_tensor(1)
    # Inside Black's enclosure: plane 4 from Black's side, plane 5 from White's.
    assert black[4].sum() == 1 and black[4][3, 2] == 1  # row 3 from the top, column c
    assert black[5].sum() == 0 and (white[5] == black[4]).all() and white[4].sum() == 0
    assert black[1][3, 2] == 1, "the taken dot is still White's on the stone planes"
    assert d.string_to_action("c3") not in d.legal_actions()
