"""Games stepped in batches, and the search from Python."""

import numpy as np
import pytest

import stones


def random_actions(rng, masks):
    # One legal action per game, uniformly among the legal ones.
    scores = rng.random(masks.shape) * masks
    return scores.argmax(axis=1)


# Go's masks come from the board under simple ko and from the game's check elsewhere; the legal
# list where the board cannot say (handicap stones to place): each way against single games.
VEC_CASES = {
    "go-5": ("go", {"size": 5}),
    "go-9-simple-ko": ("go", {"ruleset": "chinese", "size": 9, "komi": 7.5, "ko": "simple"}),
    "go-5-simple-ko": ("go", {"size": 5, "ko": "simple"}),
    "go-5-suicide": ("go", {"ruleset": "tromp-taylor", "size": 5}),
    "go-5-free-handicap": ("go", {"size": 5, "ko": "simple", "handicap": 2, "handicap_placement": "free"}),
    "hex-5": ("hex", {"size": 5}),
}


@pytest.mark.parametrize("case", VEC_CASES)
def test_vec_env_steps_many_games_and_starts_finished_ones_again(case):
    name, settings = VEC_CASES[case]
    env = stones.VecEnv(name, 16, seed=1, threads=2, **settings)
    obs, masks = env.reset()
    size = settings["size"]
    assert obs.shape == (16, stones.OBSERVATION_PLANES, size, size) and obs.dtype == np.float32
    actions_n = env.num_actions
    assert masks.shape == (16, actions_n) and masks.dtype == np.bool_
    if name == "go" and "handicap" not in settings:
        assert masks.all()  # every point and pass on an empty board
    rng = np.random.default_rng(0)
    ends = 0
    single = [stones.load_game(name, **settings).new_initial_state() for _ in range(16)]
    kept = []
    for step in range(300):
        actions = random_actions(rng, masks)
        obs, rewards, terminated, masks = env.step(actions)
        assert rewards.shape == (16, 2) and terminated.shape == (16,)
        if step < 3:
            kept.append((obs, masks, obs.copy(), masks.copy()))
        for i, a in enumerate(actions):
            # The same game played alone gives the same rewards and, until it ends, observations.
            single[i].apply_action(int(a))
            if terminated[i]:
                assert list(rewards[i]) == single[i].returns()
                single[i] = stones.load_game(name, **settings).new_initial_state()
                ends += 1
            else:
                assert (rewards[i] == 0).all()
            assert (obs[i] == single[i].observation_tensor()).all()
            assert (masks[i] == np.array(single[i].legal_actions_mask(), dtype=bool)).all()
    assert ends > 0
    # Each call's arrays are its own: later calls never write them again.
    for obs, masks, obs_then, masks_then in kept:
        assert (obs == obs_then).all() and (masks == masks_then).all()


def test_vec_env_on_many_threads_steps_as_on_one():
    # 300 games: chunks of 64 shared by 3 threads, against one thread with the same actions.
    settings = {"size": 5, "ko": "simple"}
    many, one = (stones.VecEnv("go", 300, threads=t, **settings) for t in (3, 1))
    a, b = many.reset(), one.reset()
    rng = np.random.default_rng(2)
    for _ in range(200):
        assert all((x == y).all() for x, y in zip(a, b))
        actions = random_actions(rng, a[-1])
        a, b = many.step(actions), one.step(actions)
    assert all((x == y).all() for x, y in zip(a, b))


@pytest.mark.parametrize("name,settings", [("go", {"size": 9, "ko": "simple"}), ("trigo", {}), ("connect6", {})])
def test_vec_env_gives_bool_observations_with_the_same_planes(name, settings):
    # obs_dtype="bool" (Pgx's): the planes of float32 as bools, every step; TriGo's hexagon fills
    # part of its box (the planes' other way of writing), Connect6 has a stone pending mid-turn.
    floats, bools = (stones.VecEnv(name, 70, obs_dtype=d, **settings) for d in (None, np.bool_))
    a, b = floats.reset(), bools.reset()
    rng = np.random.default_rng(4)
    for _ in range(120):
        assert a[0].dtype == np.float32 and b[0].dtype == np.bool_
        assert (a[0] == b[0]).all() and b[0].any()
        assert all((x == y).all() for x, y in zip(a[1:], b[1:]))
        actions = random_actions(rng, a[-1])
        a, b = floats.step(actions), bools.step(actions)
    with pytest.raises(ValueError, match="obs_dtype int64: expected float32 or bool"):
        stones.VecEnv(name, 2, obs_dtype="int64", **settings)


def test_vec_env_refuses_an_illegal_action_before_any_game_moves():
    env = stones.VecEnv("hex", 4, size=5)
    obs, masks = env.reset()
    env.step(np.array([0, 1, 2, 3]))
    before = env.current_players()
    with pytest.raises(ValueError, match="game 3: action 3 .*occupied"):
        env.step(np.array([5, 6, 7, 3]))
    with pytest.raises(ValueError, match="expected 4 actions"):
        env.step([1, 2])
    assert env.current_players() == before
    obs2, _, _, _ = env.step(np.array([5, 6, 7, 8]))
    assert obs2.shape == obs.shape


def test_vec_env_sent_in_batches_steps_as_in_one_call():
    # EnvPool's way: 300 games in 3 batches of 100, each sent while Python chooses another's
    # actions, against one env stepped whole with the same actions.
    settings = {"size": 5, "ko": "simple"}
    batched = stones.VecEnv("go", 300, batch_size=100, threads=2, **settings)
    whole = stones.VecEnv("go", 300, threads=1, **settings)
    assert batched.batch_size == 100 and whole.batch_size == 300
    batched.async_reset()
    got = [batched.recv() for _ in range(3)]
    obs, masks = whole.reset()
    for b, (o, rewards, terminated, m, ids) in enumerate(got):
        assert list(ids) == list(range(100 * b, 100 * b + 100))
        assert (o == obs[ids]).all() and (m == masks[ids]).all()
        assert not rewards.any() and not terminated.any()
    rng = np.random.default_rng(5)
    ends = 0
    for _ in range(150):
        actions = random_actions(rng, masks)
        for b in range(3):
            batched.send(actions[100 * b:100 * b + 100], np.arange(100 * b, 100 * b + 100))
        obs, rewards, terminated, masks = whole.step(actions)
        for b in range(3):
            o, r, t, m, ids = batched.recv()  # the oldest sent first
            assert list(ids) == list(range(100 * b, 100 * b + 100))
            assert (o == obs[ids]).all() and (m == masks[ids]).all()
            assert (r == rewards[ids]).all() and (t == terminated[ids]).all()
        ends += terminated.sum()
    assert ends > 0
    # Without env_id, send takes the batch received last (the third).
    batched.send(random_actions(rng, masks[200:]))
    assert list(batched.recv()[-1]) == list(range(200, 300))


def test_vec_env_batches_refuse_what_does_not_fit():
    env = stones.VecEnv("hex", 6, batch_size=3, size=5)
    with pytest.raises(ValueError, match="recv: no batch sent: call async_reset"):
        env.recv()
    with pytest.raises(ValueError, match="send: no batch received to send: give env_id"):
        env.send([0, 1, 2])
    with pytest.raises(ValueError, match="batch_size 4: expected a divisor of num_envs .6."):
        stones.VecEnv("hex", 6, batch_size=4, size=5)
    env.send([0, 1, 2], [0, 1, 2])
    with pytest.raises(ValueError, match="games 0..3 are stepping already: recv"):
        env.send([3, 4, 5], [0, 1, 2])
    with pytest.raises(ValueError, match=r"env_id: expected one batch's games as recv gives them \(3 from a multiple of 3, below 6\)"):
        env.send([0, 1, 2], [1, 2, 3])
    with pytest.raises(ValueError, match="1 batch.es. sent and not received: recv.. them first"):
        env.step([0] * 6)
    with pytest.raises(ValueError, match="1 batch.es. sent and not received"):
        env.current_players()
    env.recv()
    env.send([1, 1, 1], [3, 4, 5])
    env.recv()
    # An illegal action names the game (by its index in the env) and moves none of the batch.
    with pytest.raises(ValueError, match="game 5: action 1 .*occupied"):
        env.send([3, 4, 1], [3, 4, 5])
    assert env.current_players() == [1, 1, 1, 1, 1, 1]
    env.send([3, 4, 5])
    assert env.recv()[-1].tolist() == [3, 4, 5] and env.current_players() == [1, 1, 1, 0, 0, 0]
    # An env dropped with batches still stepping waits for them.
    env.send([6, 7, 8], [3, 4, 5])
    del env


def test_the_search_picks_a_legal_action_and_counts_its_visits():
    game = stones.load_game("go", size=5)
    s = game.new_initial_state()
    action, visits, value = stones.mcts(s, playouts=300, seed=3)
    assert action in s.legal_actions()
    assert visits.shape == (game.num_distinct_actions(),) and visits.sum() > 0
    assert visits[action] == visits.max()
    assert 0.0 <= value <= 1.0
    found = stones.mcts(s, playouts=300, seed=3)
    assert len(found) == 3 and found[0] == action and found[-1] == value
    assert found.playouts >= 300 and found.seconds > 0 and "playouts=" in repr(found)
    bot = stones.MCTSBot(playouts=100, seed=1)
    assert bot.step(s) in s.legal_actions()


def test_the_search_takes_a_win_in_one():
    # Gomoku: Black has four in a row with an open end.
    s = stones.load_game("gomoku", ruleset="freestyle", size=9).new_initial_state()
    for text in ["a1", "a9", "b1", "b9", "c1", "c9", "d1", "d9"]:
        s.apply_action_text(text)
    action, _, value = stones.mcts(s, playouts=200, seed=1)
    assert action == s.string_to_action("e1")
    s.apply_action(action)
    assert s.returns() == [1.0, -1.0]


def test_the_search_in_the_middle_of_a_two_stone_turn_completes_it():
    s = stones.load_game("connect6", size=9).new_initial_state()
    s.apply_action(s.legal_actions()[40])  # Black's opening stone; White places two
    mover = s.current_player()
    action, visits, _ = stones.mcts(s, playouts=200, seed=2)
    assert action in s.legal_actions()
    s.apply_action(action)
    assert s.current_player() == mover  # the second stone is still to come
    action, visits, _ = stones.mcts(s, playouts=200, seed=2)
    assert action in s.legal_actions()
    # Every playout went through the first stone already chosen: the counts are the second's.
    assert visits.sum() >= 150 and visits[action] == visits.max()
    assert all(visits[a] == 0 for a in range(len(visits)) if a not in s.legal_actions())
    s.apply_action(action)
    assert s.current_player() == 1 - mover


def test_bad_search_settings_are_value_errors():
    s = stones.load_game("go", size=5).new_initial_state()
    for kwargs in [{"threads": 0}, {"time": -1}, {"playouts": 0}]:
        with pytest.raises(ValueError):
            stones.mcts(s, **kwargs)


def test_an_evaluator_of_uniform_priors_and_zero_values_gives_a_legal_search():
    game = stones.load_game("go", size=5)
    s = game.new_initial_state()
    s.apply_action_text("C3")
    batches = []

    def evaluator(observations, masks):
        batches.append(len(observations))
        assert observations.shape[1:] == (stones.OBSERVATION_PLANES, 5, 5)
        assert masks.shape == (len(observations), game.num_distinct_actions())
        return np.ones(masks.shape, dtype=np.float32), np.zeros(len(masks))

    action, visits, value = stones.mcts(s, playouts=64, evaluator=evaluator, batch_size=8)
    assert action in s.legal_actions()
    assert visits.sum() > 0 and all(visits[a] == 0 for a in range(26) if a not in s.legal_actions())
    assert max(batches) <= 8 and sum(batches) <= 64 and len(batches) > 1
    assert 0.0 <= value <= 1.0


def test_an_evaluator_that_values_one_move_highest_makes_the_search_pick_it():
    game = stones.load_game("go", size=5)
    s = game.new_initial_state()
    b2 = s.string_to_action("B2")

    def evaluator(observations, masks):
        # After Black's move White is to act: plane 1 holds Black's stones. A position with a
        # Black stone on B2 is lost for White (-1), every other one even.
        values = np.where(observations[:, 1].reshape(len(masks), -1)[:, b2] == 1, -1.0, 0.0)
        return np.ones(masks.shape), values

    action, visits, _ = stones.mcts(s, playouts=200, evaluator=evaluator)
    assert action == b2 and visits[b2] == visits.max()


def test_an_evaluator_that_fails_or_answers_wrongly_is_an_error():
    s = stones.load_game("go", size=5).new_initial_state()

    def broken(observations, masks):
        raise RuntimeError("the network is down")

    with pytest.raises(RuntimeError, match="the network is down"):
        stones.mcts(s, playouts=16, evaluator=broken)
    with pytest.raises(ValueError, match="priors of shape"):
        stones.mcts(s, playouts=16, evaluator=lambda o, m: (np.ones(3), np.zeros(len(m))))
    with pytest.raises(ValueError, match=r"\(priors, values\)"):
        stones.mcts(s, playouts=16, evaluator=lambda o, m: None)
