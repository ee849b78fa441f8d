"""VecGame: n games stepped in Rust, written into preallocated numpy arrays."""

import os
import time
from typing import Any, Dict, List, Tuple

import numpy as np
import pytest

import rulescript as rs
from conftest import DECKS, EXAMPLES, run_bounded
from vec_support import Mirror, learner_seats, random_actions


def test_the_arrays_have_their_documented_shapes(card_set, decks):
    vec = rs.VecGame(card_set, decks, 8, seed=100)
    obs, masks, players = vec.reset()
    assert obs.shape == (8, rs.OBSERVATION_SIZE) and obs.dtype == np.float32
    assert masks.shape == (8, rs.ACTION_SPACE) and masks.dtype == np.bool_
    assert players.shape == (8,) and players.dtype == np.int32
    assert vec.rewards.shape == (8, 2) and vec.dones.shape == (8,)
    assert vec.seeds() == list(range(100, 108))
    for i in range(8):
        legal = vec.legal_actions[i, : vec.legal_counts[i]]
        assert sorted(legal) == list(np.flatnonzero(masks[i]))


def test_step_and_reset_return_the_vec_games_own_arrays_in_one_tuple(card_set, decks):
    """What `step` and `reset` return is made once (no tuple built per call): the same
    tuple each time, of the arrays the attributes give, rewritten by each step."""
    vec = rs.VecGame(card_set, decks, 4, seed=3)
    first = vec.reset()
    assert vec.reset() is first
    assert [a is b for a, b in zip(first, (vec.observations, vec.masks, vec.current_players))] == [True] * 3
    rng = np.random.default_rng(0)
    stepped = vec.step(random_actions(vec, rng))
    assert vec.step(random_actions(vec, rng)) is stepped
    arrays = (vec.observations, vec.masks, vec.rewards, vec.dones, vec.current_players)
    assert [a is b for a, b in zip(stepped, arrays)] == [True] * 5


def test_each_game_is_the_game_of_its_seed(card_set, decks):
    """Game i of a VecGame plays as Game(seed + i) given the same actions, observations,
    masks and players included, across automatic resets."""
    n, seed = 6, 40
    vec = rs.VecGame(card_set, decks, n, seed=seed, threads=2)
    games = [rs.Game(card_set, decks, seed + i) for i in range(n)]
    episodes = [0] * n
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(400):
        actions = random_actions(vec, rng)
        obs, masks, rewards, dones, players = vec.step(actions)
        for i, game in enumerate(games):
            game.apply(int(actions[i]))
            if game.is_over():
                assert dones[i] and list(rewards[i]) == game.returns()
                finished += 1
                episodes[i] += 1
                game = games[i] = rs.Game(card_set, decks, seed + i + episodes[i] * n)
            else:
                assert not dones[i] and list(rewards[i]) == [0.0, 0.0]
            assert players[i] == game.current_player
            assert np.array_equal(obs[i], game.observation(game.current_player))
            assert np.array_equal(masks[i], game.legal_mask())
            assert vec.trace_hash(i) == game.trace_hash()
    assert finished > 0
    assert vec.seeds() == [seed + i + episodes[i] * n for i in range(n)]


def test_keep_finals_keeps_each_finished_games_last_observation_and_why_it_ended(card_set, decks):
    """With `keep_finals=True`, `finals()` lists the games the last step finished: their
    indices (those of `dones`), the last observation as the seat whose decision ended the
    game sees it (without an opponent, the row's player before the step), and whether the
    turn limit ended it, as `Game` replays of the same seeds and actions say; nothing after
    a reset; and the games play as without it."""
    n, seed, limit = 6, 70, 16
    vec = rs.VecGame(card_set, decks, n, seed=seed, turn_limit=limit, keep_finals=True)
    plain = rs.VecGame(card_set, decks, n, seed=seed, turn_limit=limit)
    assert vec.keep_finals and not plain.keep_finals
    games = [rs.Game(card_set, decks, seed + i, limit) for i in range(n)]
    episodes = [0] * n
    rng = np.random.default_rng(2)
    seen = {True: 0, False: 0}
    for _ in range(300):
        actions = random_actions(vec, rng)
        movers = vec.current_players.copy()
        _, _, _, dones, _ = vec.step(actions)
        plain.step(actions)
        assert np.array_equal(plain.observations, vec.observations) and np.array_equal(plain.dones, dones)
        indices, observations, truncated = vec.finals()
        assert indices.dtype == np.int64 and observations.dtype == np.float32 and truncated.dtype == np.bool_
        assert list(indices) == list(np.flatnonzero(dones))
        assert observations.shape == (len(indices), rs.OBSERVATION_SIZE) and truncated.shape == indices.shape
        ended = 0
        for i, game in enumerate(games):
            game.apply(int(actions[i]))
            if not game.is_over():
                continue
            assert indices[ended] == i
            assert np.array_equal(observations[ended], game.observation(int(movers[i])))
            at_limit = (game.outcome() or "").startswith("draw: the turn limit")
            assert truncated[ended] == at_limit
            seen[at_limit] += 1
            ended += 1
            episodes[i] += 1
            games[i] = rs.Game(card_set, decks, seed + i + episodes[i] * n, limit)
        assert ended == len(indices)
    assert seen[True] > 0 and seen[False] > 0, seen
    # A reset right after a step that finished games lists none of them.
    for _ in range(500):
        if vec.step(random_actions(vec, rng))[3].any():
            break
    assert len(vec.finals()[0]) > 0
    vec.reset()
    assert [len(part) for part in vec.finals()] == [0, 0, 0]
    with pytest.raises(RuntimeError, match="keep_finals=True"):
        plain.finals()


def test_games_with_more_legal_moves_than_a_slot_keeps_inline(card_set, decks):
    """A slot keeps 28 action numbers in one cache line and the rest aside. Players who
    pass whenever they may keep drawing, until their games list 29 legal moves and more:
    the last listed action of such a game is accepted, one that is not listed is refused,
    and every row stays the row of a Game played alike (masks cleared of the actions kept
    aside included)."""
    n, seed = 3, 0
    vec = rs.VecGame(card_set, decks, n, seed=seed)
    games = [rs.Game(card_set, decks, seed + i) for i in range(n)]
    episodes, most = [0] * n, 0
    for _ in range(150):
        counts = vec.legal_counts.copy()
        actions = np.zeros(n, np.int64)
        for i in range(n):
            legal = list(vec.legal_actions[i, : counts[i]])
            if counts[i] > 28:
                unlisted = next(a for a in range(rs.ACTION_SPACE) if a not in legal)
                with pytest.raises(rs.IllegalMove):
                    vec.step(np.where(np.arange(n) == i, unlisted, vec.legal_actions[:, 0]).astype(np.int64))
                actions[i] = legal[-1]
            else:
                actions[i] = 0 if 0 in legal else legal[0]
        most = max(most, int(counts.max()))
        obs, masks, _, dones, players = vec.step(actions)
        for i in range(n):
            games[i].apply(int(actions[i]))
            if games[i].is_over():
                episodes[i] += 1
                games[i] = rs.Game(card_set, decks, seed + i + episodes[i] * n)
            game = games[i]
            assert players[i] == game.current_player
            assert np.array_equal(masks[i], game.legal_mask())
            assert np.array_equal(obs[i], game.observation(game.current_player))
            assert list(vec.legal_actions[i, : vec.legal_counts[i]]) == game.legal_actions()
    assert most > 28


def test_one_two_and_three_threads_give_the_same_games(card_set, decks):
    """With 50 games, three threads have shares of 16, 17 and 17 (on two cores, one often
    finishes another's): every game's rows and log are those of one thread's."""
    n, results = 50, []
    for threads in (1, 2, 3):
        vec = rs.VecGame(card_set, decks, n, seed=5, threads=threads)
        rng = np.random.default_rng(3)
        total = 0.0
        for _ in range(150):
            obs, masks, rewards, _, players = vec.step(random_actions(vec, rng))
            total += float(rewards.sum())
        arrays = (obs.copy(), masks.copy(), players.copy(), vec.legal_actions.copy())
        results.append((arrays, total, [vec.trace_hash(i) for i in range(n)]))
    for arrays, total, hashes in results[1:]:
        assert all(np.array_equal(a, b) for a, b in zip(arrays, results[0][0]))
        assert (total, hashes) == results[0][1:]


def test_wrong_arrays_raise_value_error(card_set, decks):
    vec = rs.VecGame(card_set, decks, 4)
    # The message says what was given: "must be int64" for a big-endian int64 array,
    # with nothing else said, read as nonsense.
    expected = r"actions must be a numpy int32 or int64 array of shape \(4,\), not "
    with pytest.raises(ValueError, match=expected + "a float64 array$"):
        vec.step(np.zeros(4, np.float64))
    with pytest.raises(ValueError, match=r"shape \(3,\), not \(4,\)"):
        vec.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match=expected + "list$"):
        vec.step([0, 0, 0, 0])  # type: ignore[arg-type] # the ValueError under test
    with pytest.raises(ValueError, match=expected + "a >i8 array$"):
        vec.step(np.zeros(4, ">i8"))
    for dtype, given in ((np.int8, "an int8"), (np.uint64, "a uint64"), (object, "an object"), (np.bool_, "a bool")):
        with pytest.raises(ValueError, match=expected + given + " array$"):
            vec.step(np.zeros(4, dtype))
    with pytest.raises(ValueError):
        rs.VecGame(card_set, decks, 0)
    vec.step(np.zeros(4, np.int32))  # Pass is legal everywhere at the start
    vec.reset()
    vec.step(np.zeros(8, np.int64)[::2])  # a strided view is read through its strides


def test_an_illegal_action_names_the_game_and_moves_none(card_set, decks):
    vec = rs.VecGame(card_set, decks, 4, seed=9)
    before = [vec.trace_hash(i) for i in range(4)]
    actions = np.zeros(4, np.int64)
    actions[2] = rs.ACTION_SPACE - 1
    with pytest.raises(rs.IllegalMove) as raised:
        vec.step(actions)
    assert raised.value.game == 2
    assert raised.value.legal_actions == list(vec.legal_actions[2, : vec.legal_counts[2]])
    assert [vec.trace_hash(i) for i in range(4)] == before


def test_actions_legal_before_but_not_now_and_past_the_space_are_refused(card_set, decks):
    """The check reads a slot's kept action numbers up to their count (past it, numbers of
    earlier steps stay): every action legal at the step before and not now is refused, as
    are numbers past the action space, as int64 or int32, contiguous or strided; a refused
    step moves no game."""
    n = 8
    vec = rs.VecGame(card_set, decks, n, seed=11)
    rng = np.random.default_rng(5)
    previous: List[List[int]] = [[] for _ in range(n)]
    refused = 0
    for _ in range(120):
        legal = [list(vec.legal_actions[i, : vec.legal_counts[i]]) for i in range(n)]
        actions = random_actions(vec, rng)
        hashes = [vec.trace_hash(i) for i in range(n)]
        for i in range(n):
            for stale in [a for a in previous[i] if a not in legal[i]]:
                wrong = actions.copy()
                wrong[i] = stale
                with pytest.raises(rs.IllegalMove) as raised:
                    vec.step(wrong)
                assert raised.value.game == i
                refused += 1
        assert [vec.trace_hash(i) for i in range(n)] == hashes
        previous = legal
        vec.step(actions)
    assert refused > 100
    for number in (rs.ACTION_SPACE, 65535, 65536, -1, 2**31 - 1):
        for dtype, stride in ((np.int64, 1), (np.int32, 1), (np.int32, 2)):
            wrong = np.repeat(random_actions(vec, rng), stride).astype(dtype)[::stride]
            wrong[n - 1] = number
            with pytest.raises(rs.IllegalMove) as raised:
                vec.step(wrong)
            assert raised.value.game == n - 1


def test_reset_with_a_seed_starts_those_games(card_set, decks):
    vec = rs.VecGame(card_set, decks, 3, seed=0)
    vec.step(np.zeros(3, np.int64))
    obs, _, _ = vec.reset(seed=50)
    assert vec.seeds() == [50, 51, 52]
    for i in range(3):
        game = rs.Game(card_set, decks, 50 + i)
        assert np.array_equal(obs[i], game.observation(game.current_player))


def test_observations_stay_within_observation_bounds(card_set, decks):
    """Thousands of decisions of random play, across automatic resets and the turn limit's
    draws: every observation inside `observation_bounds`, which are finite."""
    low, high = rs.observation_bounds(card_set, decks, turn_limit=30)
    assert low.shape == high.shape == (rs.OBSERVATION_SIZE,)
    assert np.isfinite(low).all() and np.isfinite(high).all() and (low <= high).all()
    vec = rs.VecGame(card_set, decks, 16, seed=3, turn_limit=30)
    rng = np.random.default_rng(2)
    obs = vec.observations
    finished = 0
    for _ in range(800):
        outside = np.argwhere((obs < low) | (obs > high))
        assert outside.size == 0, [(int(i), int(k), float(obs[i, k])) for i, k in outside[:5]]
        obs, _, _, dones, _ = vec.step(random_actions(vec, rng))
        finished += int(dones.sum())
    assert finished > 16


def test_sizes_past_the_limits_are_refused_before_anything_is_allocated():
    """A huge n, thread count or interleave was allocated first and aborted the
    interpreter when memory ran out; they are refused at once (in a child with 2 GiB of
    address space, so that a regression crashes the child, not the tests)."""
    done = run_bounded(
        f"""
import rulescript as rs
card_set = rs.CardSet.load({str(EXAMPLES)!r})
decks = {[str(d) for d in DECKS]!r}
for kwargs in ({{"n": 10**12}}, {{"n": 2**64 - 1}}, {{"n": 2, "threads": 10**6}}, {{"n": 2, "threads": 2**64 - 1}}):
    try:
        rs.VecGame(card_set, decks, **kwargs)
    except ValueError as error:
        print(error)
try:
    rs.play_in_rust(card_set, decks, 0, 1, interleave=10**12)
except ValueError as error:
    print(error)
"""
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == [
        "n must be from 1 to 65536, not 1000000000000",
        f"n must be from 1 to 65536, not {2**64 - 1}",
        "threads must be from 1 to 1024, not 1000000",
        f"threads must be from 1 to 1024, not {2**64 - 1}",
        "interleave must be from 1 to 65536, not 1000000000000",
    ]


def test_out_of_range_seeds_and_indices_are_value_and_index_errors(card_set, decks):
    vec = rs.VecGame(card_set, decks, 2)
    with pytest.raises(ValueError, match="a seed must be an integer from 0"):
        vec.reset(seed=-1)
    with pytest.raises(ValueError, match="a seed must be an integer from 0"):
        rs.VecGame(card_set, decks, 2, seed=2**64)
    # Negative or past 2**64: the range of n and threads, not the "a count must be an
    # integer from 0 to 18446744073709551615" that named neither the argument nor its range.
    for n in (-1, 0, 2**70):
        with pytest.raises(ValueError, match=f"^n must be from 1 to 65536, not {n}$"):
            rs.VecGame(card_set, decks, n)
    for threads in (-1, 0, -(2**70)):
        with pytest.raises(ValueError, match=f"^threads must be from 1 to 1024, not {threads}$"):
            rs.VecGame(card_set, decks, 2, threads=threads)
    with pytest.raises(TypeError, match="argument 'n': 'float' object cannot be interpreted as an integer"):
        rs.VecGame(card_set, decks, 2.0)  # type: ignore[arg-type] # the TypeError under test
    with pytest.raises(TypeError, match="argument 'threads'"):
        rs.VecGame(card_set, decks, 2, threads="2")  # type: ignore[arg-type] # the TypeError under test
    assert len(rs.VecGame(card_set, decks, np.int64(3), threads=np.int32(1))) == 3
    # And the benchmark's yardstick, whose games, threads and interleave said the same.
    for (games, threads, interleave), message in [
        ((-1, 1, 1), f"^games must be from 0 to {2**64 - 1}, not -1$"),
        ((1, 0, 1), "^threads must be from 1 to 64, not 0$"),
        ((1, -(2**70), 1), f"^threads must be from 1 to 64, not {-(2**70)}$"),
        ((1, 1, -1), "^interleave must be from 1 to 65536, not -1$"),
    ]:
        with pytest.raises(ValueError, match=message):
            rs.play_in_rust(card_set, decks, 0, games, threads=threads, interleave=interleave)
    assert rs.play_in_rust(card_set, decks, 0, 0)["games"] == 0
    with pytest.raises(IndexError, match="index -1 is out of range"):
        vec.trace_hash(-1)
    with pytest.raises(IndexError, match="no game 2"):
        vec.trace_hash(2)


def test_arrays_made_read_only_are_a_value_error_and_nothing_moves(card_set, decks):
    """rust-numpy's borrow error was a TypeError saying only "The given array is not
    writeable"."""
    vec = rs.VecGame(card_set, decks, 4, threads=1)
    buffer = vec.observations.base  # the one buffer every output array is a view of
    assert buffer is not None
    buffer.flags.writeable = False
    hashes = [vec.trace_hash(i) for i in range(4)]
    for call in (lambda: vec.step(np.zeros(4, np.int64)), vec.reset):
        with pytest.raises(ValueError, match="the VecGame's arrays cannot be written"):
            call()
    assert [vec.trace_hash(i) for i in range(4)] == hashes
    buffer.flags.writeable = True
    vec.step(np.zeros(4, np.int64))


def test_a_vec_game_used_by_two_threads_at_once_says_so():
    """While one thread steps (the GIL released), another's call on the same VecGame was
    PyO3's "Already mutably borrowed" (in a child, so that threads left running by a
    failure do not outlive the test)."""
    done = run_bounded(
        f"""
import threading
import numpy as np
import rulescript as rs
vec = rs.VecGame(rs.CardSet.load({str(EXAMPLES)!r}), {[str(d) for d in DECKS]!r}, 1024, threads=1)
stepping = threading.Event()
refusals = set()
def steps():
    stepping.set()
    for _ in range(100):
        try:
            vec.step(vec.legal_actions[:, 0].copy())
        except rs.IllegalMove:
            pass  # the other thread reset the games since the actions were read
        except RuntimeError as error:
            refusals.add(str(error))
worker = threading.Thread(target=steps)
worker.start()
stepping.wait()
while worker.is_alive():
    for call in (lambda: len(vec), lambda: vec.observations, lambda: vec.trace_hash(0), vec.reset):
        try:
            call()
        except RuntimeError as error:
            refusals.add(str(error))
worker.join()
print(sorted(refusals))
""",
        seconds=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == str(
        ["this VecGame is in use by another thread: step or reset it from one thread at a time"]
    )


# --- A built-in opponent inside the VecGame -------------------------------------------


@pytest.mark.parametrize("opponent,steps", [("random", 300), ("greedy", 150)])
def test_rows_are_the_learners_against_the_built_in_player(card_set, decks, opponent, steps):
    """Every row of a VecGame with an opponent is the learner's decision in a Game played
    with the same learner actions and the built-in player object seeded as `rsc run` seeds
    the other seat: observations, masks, players, rewards, dones, seeds and trace hashes,
    from the start and across automatic resets, games the opponent starts included."""
    n, seed = 6, 40
    vec = rs.VecGame(card_set, decks, n, seed=seed, threads=2, opponent=opponent)
    assert vec.opponent == opponent and learner_seats(vec) == [i % 2 for i in range(n)]
    mirrors = [Mirror(card_set, decks, opponent, seed, n, i, i % 2) for i in range(n)]
    for i, mirror in enumerate(mirrors):
        mirror.check_row(vec, i)
    rng = np.random.default_rng(1)
    finished, opened_by_opponent, won = 0, 0, set()
    for _ in range(steps):
        actions = random_actions(vec, rng)
        _, _, rewards, dones, _ = vec.step(actions)
        for i, mirror in enumerate(mirrors):
            done, returns = mirror.apply(int(actions[i]))
            assert bool(dones[i]) == done and list(rewards[i]) == returns
            if done:
                finished += 1
                won.add(returns[mirror.learner] > 0)
                opened_by_opponent += len(mirror.game.history()) > 0
            mirror.check_row(vec, i)
    assert finished > n and opened_by_opponent > 0 and won == {True, False}
    assert sum(m.passed_over for m in mirrors) == 0


def test_reset_plays_the_opponents_opening_moves_too(card_set, decks):
    vec = rs.VecGame(card_set, decks, 4, seed=0, opponent="greedy", learner_seats=[1, 1, 0, 0])
    vec.step(random_actions(vec, np.random.default_rng(0)))
    obs, masks, players = vec.reset(seed=70)
    assert list(players) == [1, 1, 0, 0]
    for i, learner in enumerate([1, 1, 0, 0]):
        Mirror(card_set, decks, "greedy", 70, 4, i, learner).check_row(vec, i)


def test_the_learner_seats_are_set_per_slot_or_for_all(card_set, decks):
    """`learner_seats` (one seat for every slot, or one per slot: a list, a numpy array)
    decides whose decisions the rows are; `rewards` stays indexed by seat."""
    rng = np.random.default_rng(4)
    given: List[Tuple[Any, List[int]]] = [(1, [1] * 5), (0, [0] * 5), ([0, 1, 1, 0, 1], [0, 1, 1, 0, 1])]
    for seats, expected in given + [(np.ones(5, np.int64), [1] * 5)]:
        vec = rs.VecGame(card_set, decks, 5, seed=8, opponent="random", learner_seats=seats)
        assert vec.learner_seats is not None and vec.learner_seats.dtype == np.int32
        assert learner_seats(vec) == expected
        for _ in range(60):
            assert list(vec.current_players) == expected
            vec.step(random_actions(vec, rng))
    assert rs.VecGame(card_set, decks, 3).learner_seats is None
    assert rs.VecGame(card_set, decks, 3).opponent is None


def test_bad_opponents_and_seats_are_value_errors(card_set, decks):
    cases: List[Tuple[Dict[str, Any], str]] = [
        ({"opponent": "minimax"}, "opponent must be None, 'random' or 'greedy', not \"minimax\""),
        ({"opponent": "scripted"}, "opponent must be None, 'random' or 'greedy', not \"scripted\""),
        ({"learner_seats": 0}, r"learner_seats needs an opponent \('random' or 'greedy'\)"),
        ({"opponent": "random", "learner_seats": 2}, "learner_seats must be None, 0, 1 or a sequence .*, not 2"),
        ({"opponent": "random", "learner_seats": "0"}, "learner_seats must be None, 0, 1 or a sequence .*, not '0'"),
        ({"opponent": "random", "learner_seats": 0.5}, "learner_seats must be None, 0, 1 or a sequence .*, not 0.5"),
        ({"opponent": "random", "learner_seats": [0, 1]}, r"learner_seats has 2 seats, not one per game \(3\)"),
        ({"opponent": "random", "learner_seats": [0, 1, 0, 1]}, "learner_seats has more than 3 seats, one per game"),
        ({"opponent": "random", "learner_seats": [0, 1, -1]}, r"learner_seats\[2\] must be 0 or 1, not -1"),
        ({"opponent": "random", "learner_seats": [0, None, 1]}, r"learner_seats\[1\] must be 0 or 1, not None"),
        ({"opponent": "random", "learner_seats": iter(int, 1)}, "learner_seats has more than 3 seats"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValueError, match=message):
            rs.VecGame(card_set, decks, 3, **kwargs)
    with pytest.raises(TypeError):
        rs.VecGame(card_set, decks, 3, opponent=1)  # type: ignore[arg-type] # the TypeError under test


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_the_same_seeds_and_actions_give_the_same_games_on_any_threads(card_set, decks, opponent):
    """The opponent's stream is its game's (seeded from the game's seed and seat), not the
    thread's or the slot's history: one, two and three threads play the same games (256
    games: with fewer, on a busy machine the calling thread often steps them all before a
    worker wakes)."""
    n, results = 256, []
    for threads in (1, 2, 3):
        vec = rs.VecGame(card_set, decks, n, seed=5, threads=threads, opponent=opponent)
        rng = np.random.default_rng(3)
        total = 0.0
        for _ in range(200):
            obs, masks, rewards, _, players = vec.step(random_actions(vec, rng))
            total += float(np.abs(rewards).sum())
        arrays = (obs.copy(), masks.copy(), players.copy())
        results.append((arrays, total, [vec.trace_hash(i) for i in range(n)], vec.seeds()))
    assert results[0][1] > 0
    for arrays, *rest in results[1:]:
        assert all(np.array_equal(a, b) for a, b in zip(arrays, results[0][0]))
        assert rest == list(results[0][1:])


def test_games_that_end_before_the_learner_moves_are_passed_over(card_set, decks):
    """With a turn limit of 1 the game is a draw once its first turn ends: when the opponent
    has that turn the learner never decides, and the slot deals its next game (a reset's
    row has no `done`); every row stays the learner's decision, and a draw the learner
    took part in is a done with rewards 0."""
    n, seed = 8, 0
    vec = rs.VecGame(card_set, decks, n, seed=seed, turn_limit=1, opponent="random")
    mirrors = [Mirror(card_set, decks, "random", seed, n, i, i % 2, turn_limit=1) for i in range(n)]
    assert sum(m.passed_over for m in mirrors) > 0
    assert not vec.dones.any() and not vec.rewards.any()
    rng = np.random.default_rng(0)
    dones_seen = 0
    for step in range(40):
        if step == 20:
            vec.reset(seed=seed)
            mirrors = [Mirror(card_set, decks, "random", seed, n, i, i % 2, turn_limit=1) for i in range(n)]
            assert not vec.dones.any() and not vec.rewards.any()
        for i, mirror in enumerate(mirrors):
            mirror.check_row(vec, i)
        actions = random_actions(vec, rng)
        _, _, rewards, dones, _ = vec.step(actions)
        for i, mirror in enumerate(mirrors):
            done, returns = mirror.apply(int(actions[i]))
            assert bool(dones[i]) == done and list(rewards[i]) == returns
        dones_seen += int(dones.sum())
    assert sum(m.passed_over for m in mirrors) > 0 and dones_seen > 0


def test_copying_or_pickling_a_vec_game_says_what_to_do_instead(card_set, decks):
    """`copy.copy`, `copy.deepcopy` and `pickle` refuse a VecGame with a `TypeError` that
    says what to do (it said only "cannot pickle 'rulescript.VecGame' object"), and the
    VecGame goes on."""
    import copy
    import pickle

    vec = rs.VecGame(card_set, decks, 2, seed=5)
    for attempt in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="make another with the same arguments"):
            attempt(vec)
    vec.step(np.zeros(2, np.int64))


def test_bools_are_refused_as_counts_seeds_and_seats(card_set, decks):
    """`VecGame(n=True)` made one game and `threads=True` one thread; `learner_seats=True`
    (or `[True, False]`) seated learners as 1 and 0, while numpy's bools were refused as
    "must be 0 or 1, not np.True_". Each bool is refused, saying what is wanted; numpy's
    integers are seats like ints."""
    for flag in (True, False):
        with pytest.raises(TypeError, match="n must be an int, not a bool"):
            rs.VecGame(card_set, decks, flag)
        with pytest.raises(TypeError, match="threads must be an int, not a bool"):
            rs.VecGame(card_set, decks, 2, threads=flag)
        with pytest.raises(TypeError, match="a seed must be an int, not a bool"):
            rs.VecGame(card_set, decks, 2, seed=flag)
    vec = rs.VecGame(card_set, decks, 2)
    with pytest.raises(TypeError, match="an index must be an int, not a bool"):
        vec.trace_hash(True)
    bools: List[Any] = [True, np.True_, [True, False], np.array([True, False]), [0, np.False_]]
    for seats in bools:
        with pytest.raises(ValueError, match=r"a bool: seats are the ints 0 and 1; from a bool array, `mask.astype\(int\)`"):
            rs.VecGame(card_set, decks, 2, opponent="random", learner_seats=seats)
    integers: List[Tuple[Any, List[int]]] = [
        (np.array([1, 0], np.int8), [1, 0]),
        ([np.int64(1), np.uint8(0)], [1, 0]),
        (np.int32(1), [1, 1]),
    ]
    for seats, expected in integers:
        learners = rs.VecGame(card_set, decks, 2, opponent="random", learner_seats=seats).learner_seats
        assert learners is not None and learners.tolist() == expected


def test_a_vec_game_seeded_none_draws_its_base_seed_from_fresh_entropy(card_set, decks):
    """`VecGame(seed=None)` was a TypeError while `reset(seed=None)` was taken: None is
    "no seed given" to both, as to Gymnasium: a new VecGame draws one from fresh entropy
    (its `seeds()` say which games it plays), and a reset keeps the base seed it has."""
    vecs = [rs.VecGame(card_set, decks, 3, seed=None) for _ in range(3)]
    bases = {vec.seeds()[0] for vec in vecs}
    assert len(bases) == 3
    for vec in vecs:
        base = vec.seeds()[0]
        assert vec.seeds() == [(base + i) % 2**64 for i in range(3)]
        vec.reset(seed=None)
        assert vec.seeds()[0] == base
    twin = rs.VecGame(card_set, decks, 3, seed=vecs[0].seeds()[0])
    assert [twin.trace_hash(i) for i in range(3)] == [vecs[0].trace_hash(i) for i in range(3)]
    assert rs.VecGame(card_set, decks, 2).seeds() == [0, 1]  # the default is still 0


def thread_count():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("Threads:"))


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="counts threads in /proc")
def test_no_thread_is_started_that_would_step_no_game(card_set, decks):
    """A step hands each thread at least 16 games, so `threads=1024` started 1,023
    threads whatever `n` was, nearly all never used: now at most one per 16 games."""
    for n, most in ((4, 1), (40, 2), (64, 4)):
        before = thread_count()
        vec = rs.VecGame(card_set, decks, n, threads=1024)
        started = thread_count() - before
        assert started <= most - 1, f"{n} games: {started} threads started"
        vec.step(np.zeros(n, np.int64))  # Pass is legal at the start
        del vec


def test_the_workers_stop_spinning_soon_after_a_step(card_set, decks):
    """A worker stays awake after a step for the next one (`linger` in vec_game/share.rs),
    yielding its core, for at most 100 µs: a caller that then does something else for a
    while (a learner's update) does not find a core spinning beside it."""
    vec = rs.VecGame(card_set, decks, 64, seed=3, threads=2)
    rng = np.random.default_rng(3)
    for _ in range(20):
        vec.step(random_actions(vec, rng))
    time.sleep(0.01)
    cpu, wall = time.process_time(), time.perf_counter()
    time.sleep(0.2)
    spent = time.process_time() - cpu
    assert time.perf_counter() - wall >= 0.2
    assert spent < 0.02, f"{spent:.3f} s of CPU while the caller slept 0.2 s"
