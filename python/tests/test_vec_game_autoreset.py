"""VecGame's autoreset modes, partial resets and what a finished game leaves in the rows."""

from typing import Any, Dict

import numpy as np
import pytest

import rulescript as rs
from vec_support import Mirror, random_actions


# --- autoreset="next_step": a game's end shown, the next game started at the next step ---


def test_next_step_shows_each_end_then_starts_the_next_game_at_the_next_step(card_set, decks):
    """With `autoreset="next_step"`, the step that ends game i shows it as it ended: row i
    is the finished `Game`'s observation as the seat whose decision ended it sees it,
    that seat the row's player, no legal action (mask, count), the game's returns and
    `dones`; `finals()` says the same. The next step ignores action i (any int) and shows
    the first decision of the slot's next game (its next seed), rewards 0, no done; the
    games play as the `Game`s of their seeds, on two threads as on one."""
    n, seed, limit = 6, 30, 16
    vec = rs.VecGame(card_set, decks, n, seed=seed, threads=2, turn_limit=limit, keep_finals=True, autoreset="next_step")
    assert vec.autoreset == "next_step" and rs.VecGame(card_set, decks, 1).autoreset == "same_step"
    games = [rs.Game(card_set, decks, seed + i, limit) for i in range(n)]
    episodes, shown = [0] * n, [False] * n
    rng = np.random.default_rng(4)
    ends = 0
    for _ in range(400):
        actions = random_actions(vec, rng)
        # The rows that show an end take any action: here ones no game could take.
        actions[np.array(shown)] = -(2**40)
        movers = vec.current_players.copy()
        obs, masks, rewards, dones, players = vec.step(actions)
        indices, finals, truncated = vec.finals()
        assert list(indices) == list(np.flatnonzero(dones))
        for i in range(n):
            if shown[i]:
                shown[i] = False
                episodes[i] += 1
                games[i] = rs.Game(card_set, decks, seed + i + episodes[i] * n, limit)
                assert not dones[i] and list(rewards[i]) == [0.0, 0.0]
            else:
                games[i].apply(int(actions[i]))
            game = games[i]
            if game.is_over():
                assert dones[i] and list(rewards[i]) == game.returns()
                assert players[i] == movers[i]
                assert np.array_equal(obs[i], game.observation(int(movers[i])))
                assert not masks[i].any() and vec.legal_counts[i] == 0
                row = list(indices).index(i)
                assert np.array_equal(finals[row], obs[i])
                assert truncated[row] == (game.outcome() or "").startswith("draw: the turn limit")
                shown[i] = True
                ends += 1
            else:
                assert not dones[i] and list(rewards[i]) == [0.0, 0.0]
                assert players[i] == game.current_player
                assert np.array_equal(obs[i], game.observation(game.current_player))
                assert np.array_equal(masks[i], game.legal_mask())
                assert list(vec.legal_actions[i, : vec.legal_counts[i]]) == game.legal_actions()
            assert vec.trace_hash(i) == game.trace_hash()
        # A slot that shows its end still holds that game: its seed is the finished one's.
        assert vec.seeds() == [seed + i + episodes[i] * n for i in range(n)]
    assert ends > 10


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_next_step_with_an_opponent_shows_the_learners_end_then_the_learners_next_decision(card_set, decks, opponent):
    """With an opponent and `autoreset="next_step"`, the end is shown as the learner sees
    it (whoever made the last move), the row's player the learner's seat; the next step
    ignores the row's action, starts the slot's next game and plays the opponent's
    opening moves, as `Mirror` (the `Game` and the player object) does; on one and three
    threads alike."""
    n, seed, limit = 8, 12, 14
    results = []
    for threads in (1, 3):
        vec = rs.VecGame(
            card_set, decks, n, seed=seed, threads=threads, turn_limit=limit, opponent=opponent, autoreset="next_step"
        )
        mirrors = [Mirror(card_set, decks, opponent, seed, n, i, i % 2, turn_limit=limit) for i in range(n)]
        shown = [False] * n
        rng = np.random.default_rng(6)
        ends = 0
        for _ in range(150):
            actions = random_actions(vec, rng)
            obs, masks, rewards, dones, players = vec.step(actions)
            for i, mirror in enumerate(mirrors):
                assert players[i] == mirror.learner
                if shown[i]:
                    shown[i] = False
                    mirror.next_game()
                    assert not dones[i] and list(rewards[i]) == [0.0, 0.0]
                    mirror.check_row(vec, i)
                    continue
                mirror.game.apply(int(actions[i]))
                if mirror.play_opponent():
                    assert not dones[i]
                    mirror.check_row(vec, i)
                    continue
                assert dones[i] and list(rewards[i]) == mirror.game.returns()
                assert np.array_equal(obs[i], mirror.game.observation(mirror.learner))
                assert not masks[i].any() and vec.legal_counts[i] == 0
                assert vec.trace_hash(i) == mirror.game.trace_hash()
                shown[i] = True
                ends += 1
        assert ends > 10
        results.append((obs.copy(), [vec.trace_hash(i) for i in range(n)], vec.seeds()))
    assert np.array_equal(results[0][0], results[1][0]) and results[0][1:] == results[1][1:]


def test_next_step_reset_starts_every_game_and_a_bad_mode_is_a_value_error(card_set, decks):
    """A reset right after a step that ended games starts them all (no row shows an end:
    each has legal actions, and an illegal action in a row that showed one is refused);
    `autoreset` is `'same_step'`, `'next_step'` or `'disabled'`, anything else a
    `ValueError`."""
    vec = rs.VecGame(card_set, decks, 4, seed=0, turn_limit=6, opponent="random", autoreset="next_step")
    rng = np.random.default_rng(0)
    for _ in range(400):
        if vec.step(random_actions(vec, rng))[3].any():
            break
    ended = int(np.flatnonzero(vec.dones)[0])
    _, masks, _ = vec.reset()
    assert masks.any(axis=1).all() and (vec.legal_counts > 0).all()
    actions = random_actions(vec, rng)
    actions[ended] = -1
    with pytest.raises(rs.IllegalMove):
        vec.step(actions)
    for bad in ("NextStep", "Disabled", "same-step", ""):
        with pytest.raises(ValueError, match="autoreset"):
            rs.VecGame(card_set, decks, 2, autoreset=bad)  # type: ignore[arg-type] # the error under test


def test_truncations_tell_the_turn_limits_ends_from_the_games_shown_at_their_end(card_set, decks):
    """`truncations()` marks, among the games `dones` marks, those the turn limit ended,
    as the `Game`s of the same seeds and actions say: with `autoreset="next_step"` read
    from the games the rows show at their end, so without `keep_finals` (and the same with
    it); with `"same_step"` what `finals()` says, a `RuntimeError` without `keep_finals`.
    All False after a reset."""
    n, seed, limit = 6, 50, 14
    vec = rs.VecGame(card_set, decks, n, seed=seed, turn_limit=limit, autoreset="next_step")
    kept = rs.VecGame(card_set, decks, n, seed=seed, turn_limit=limit, keep_finals=True, autoreset="next_step")
    assert not vec.keep_finals
    games = [rs.Game(card_set, decks, seed + i, limit) for i in range(n)]
    episodes, shown = [0] * n, [False] * n
    rng = np.random.default_rng(8)
    seen = {True: 0, False: 0}
    for _ in range(300):
        actions = random_actions(vec, rng)
        _, _, _, dones, _ = vec.step(actions)
        kept.step(actions)
        truncations = vec.truncations()
        assert truncations.dtype == np.bool_ and truncations.shape == (n,)
        assert np.array_equal(kept.truncations(), truncations)
        for i in range(n):
            if shown[i]:
                shown[i] = False
                episodes[i] += 1
                games[i] = rs.Game(card_set, decks, seed + i + episodes[i] * n, limit)
            else:
                games[i].apply(int(actions[i]))
            at_limit = games[i].is_over() and (games[i].outcome() or "").startswith("draw: the turn limit")
            assert dones[i] == games[i].is_over() and truncations[i] == at_limit
            if dones[i]:
                shown[i] = True
                seen[at_limit] += 1
    assert seen[True] > 0 and seen[False] > 0, seen
    # A reset right after a step that truncated games shows none.
    for _ in range(500):
        vec.step(random_actions(vec, rng))
        if vec.truncations().any():
            break
    assert vec.truncations().any()
    vec.reset()
    assert not vec.truncations().any()

    same = rs.VecGame(card_set, decks, n, seed=seed, turn_limit=limit, keep_finals=True)
    ends = 0
    for _ in range(200):
        _, _, _, dones, _ = same.step(random_actions(same, rng))
        indices, _, truncated = same.finals()
        expected = np.zeros(n, np.bool_)
        expected[indices[truncated]] = True
        assert np.array_equal(same.truncations(), expected)
        ends += int(truncated.sum())
    assert ends > 0
    with pytest.raises(RuntimeError, match="keep_finals=True"):
        rs.VecGame(card_set, decks, n, seed=seed, turn_limit=limit).truncations()


@pytest.mark.parametrize("autoreset", ["same_step", "next_step"])
def test_reset_with_a_mask_starts_only_those_games_each_with_its_next_seed(card_set, decks, autoreset):
    """`reset(mask=m)` starts game i's next game (its slot's next seed, the opponent's
    opening moves played) where `m[i]`, clearing its rewards and done, and leaves every
    other row, seed and game as it was (a game shown at its end included); a wrong mask or
    a seed with it is a `ValueError`, before anything moves."""
    n, seed = 6, 50
    vec = rs.VecGame(card_set, decks, n, seed=seed, turn_limit=8, opponent="greedy", autoreset=autoreset)
    rng = np.random.default_rng(5)
    for _ in range(400):
        if vec.step(random_actions(vec, rng))[3].any():
            break
    before = [a.copy() for a in (vec.observations, vec.masks, vec.rewards, vec.dones, vec.current_players)]
    hashes, seeds = [vec.trace_hash(i) for i in range(n)], vec.seeds()
    ended = int(np.flatnonzero(vec.dones)[0])
    mask = np.zeros(n, bool)
    mask[ended] = True
    mask[(ended + 1) % n] = True  # one under way too
    for bad, match in ((mask.astype(np.int8), "bool"), (mask[:-1], "shape"), ([True] * n, "bool")):
        with pytest.raises(ValueError, match=match):
            vec.reset(mask=bad)  # type: ignore[arg-type] # the error under test
    with pytest.raises(ValueError, match="next seed"):
        vec.reset(seed=1, mask=mask)
    assert vec.seeds() == seeds and np.array_equal(vec.observations, before[0])
    obs, masks, players = vec.reset(mask=mask)
    assert vec.seeds() == [s + n if m else s for s, m in zip(seeds, mask)]
    for i in range(n):
        if not mask[i]:
            assert vec.trace_hash(i) == hashes[i]
            assert all(np.array_equal(after[i], kept[i]) for after, kept in zip(
                (obs, masks, vec.rewards, vec.dones, players), before))
            continue
        # The game of the slot's next seed (`Mirror` plays game `seed + i` first).
        mirror = Mirror(card_set, decks, "greedy", seeds[i] + n - i, n, i, i % 2, turn_limit=8)
        mirror.check_row(vec, i)
        assert not vec.dones[i] and list(vec.rewards[i]) == [0.0, 0.0]
    # The games go on from there.
    vec.step(random_actions(vec, rng))


@pytest.mark.parametrize("opponent", [None, "random"])
@pytest.mark.parametrize("autoreset", ["same_step", "next_step"])
def test_after_a_partial_reset_finals_and_truncations_are_those_of_the_games_dones_marks(
    card_set, decks, autoreset, opponent
):
    """`reset(mask=m)` clears the done of each game it starts over and leaves the others'
    as the last step wrote them; `finals()` and `truncations()` say the same: they list
    exactly the games `dones` marks, each kept one as it was before the reset (a partial
    reset once counted as a step, so that a game `dones` still marked had no final and
    no truncation)."""
    n, limit = 8, 3  # a turn limit so small that games end, at the limit, at once
    vec = rs.VecGame(
        card_set, decks, n, seed=1, turn_limit=limit, keep_finals=True, autoreset=autoreset, opponent=opponent
    )
    rng = np.random.default_rng(0)
    for _ in range(200):
        if vec.step(random_actions(vec, rng))[3].sum() >= 2:
            break
    ended = np.flatnonzero(vec.dones)
    assert len(ended) >= 2, "the turn limit ends games within a few steps"
    games, observations, truncated = vec.finals()
    assert np.array_equal(games, ended) and truncated.all()
    # Start one ended game and one under way over; leave the other ended ones as they are.
    mask = np.zeros(n, bool)
    mask[ended[0]] = True
    mask[int(np.flatnonzero(~vec.dones)[0])] = True
    vec.reset(mask=mask)
    kept = np.flatnonzero(vec.dones)
    assert np.array_equal(kept, ended[1:])
    after_games, after_observations, after_truncated = vec.finals()
    assert np.array_equal(after_games, kept)
    assert np.array_equal(after_observations, observations[1:]) and after_truncated.all()
    assert np.array_equal(np.flatnonzero(vec.truncations()), kept)
    # A mask of no game changes nothing.
    vec.reset(mask=np.zeros(n, bool))
    assert np.array_equal(vec.finals()[0], kept) and np.array_equal(np.flatnonzero(vec.truncations()), kept)
    # The next step reports its own ends only, and a full reset none.
    _, _, _, dones, _ = vec.step(random_actions(vec, rng))
    assert np.array_equal(vec.finals()[0], np.flatnonzero(dones))
    vec.reset()
    assert len(vec.finals()[0]) == 0 and not vec.truncations().any() and not vec.dones.any()


@pytest.mark.parametrize("opponent", [None, "greedy"])
def test_disabled_refuses_a_step_until_each_ended_game_is_reset(card_set, decks, opponent):
    """`autoreset="disabled"` shows an ended game as `"next_step"` does, but a step while
    one is shown raises `ResetNeeded` naming the games, before any game moves (nothing read
    of the actions, so a bad array is no matter); `reset(mask=...)` of those games, or
    `reset()`, lets the games go on, each game as in `"next_step"` given the same calls."""
    n, limit = 6, 3
    kwargs: Dict[str, Any] = dict(seed=4, turn_limit=limit, opponent=opponent)
    vec = rs.VecGame(card_set, decks, n, autoreset="disabled", **kwargs)
    twin = rs.VecGame(card_set, decks, n, autoreset="next_step", **kwargs)
    assert vec.autoreset == "disabled"
    rng = np.random.default_rng(3)
    for _ in range(200):
        actions = random_actions(vec, rng)
        _, _, _, dones, _ = vec.step(actions)
        twin.step(actions)
        if dones.any():
            break
    ended = np.flatnonzero(vec.dones)
    assert len(ended) > 0
    assert np.array_equal(vec.truncations(), twin.truncations()) and (vec.legal_counts[ended] == 0).all()
    hashes, seeds = [vec.trace_hash(i) for i in range(n)], vec.seeds()
    for actions in (random_actions(vec, rng), np.zeros(2, np.int64)):
        with pytest.raises(rs.ResetNeeded, match="disabled") as refused:
            vec.step(actions)
        assert refused.value.games == ended.tolist()
    assert [vec.trace_hash(i) for i in range(n)] == hashes and vec.seeds() == seeds
    # A reset of some of them: the others still refuse.
    vec.reset(mask=np.isin(np.arange(n), ended[:1]))
    twin.reset(mask=np.isin(np.arange(n), ended[:1]))
    if len(ended) > 1:
        with pytest.raises(rs.ResetNeeded) as refused:
            vec.step(random_actions(vec, rng))
        assert refused.value.games == ended[1:].tolist()
    rest = np.isin(np.arange(n), ended[1:])
    vec.reset(mask=rest)
    twin.reset(mask=rest)
    assert vec.seeds() == twin.seeds()
    for _ in range(3):
        if vec.dones.any():
            mask = vec.dones.copy()
            vec.reset(mask=mask)
            twin.reset(mask=mask)
        actions = random_actions(vec, rng)
        vec.step(actions)
        twin.step(actions)
        assert [vec.trace_hash(i) for i in range(n)] == [twin.trace_hash(i) for i in range(n)]
        assert np.array_equal(vec.observations, twin.observations) and np.array_equal(vec.dones, twin.dones)
    # A full reset starts every game over.
    while not vec.dones.any():
        vec.step(random_actions(vec, rng))
    vec.reset()
    vec.step(random_actions(vec, rng))


def test_a_reset_mask_reads_its_bools_as_numpy_does(card_set, decks):
    """A numpy bool array may hold bytes other than 0 and 1 (a `view(bool)` of uint8
    data): numpy reads any byte but 0 as True, and so does `reset(mask=...)`, strided or
    not. (Read as Rust `bool`s, such bytes made the whole mask read as no game.)"""
    odd = np.array([2, 0, 255, 1], np.uint8).view(np.bool_)
    assert odd.tolist() == [True, False, True, True]
    spread = np.zeros(8, np.uint8)
    spread[::2] = [2, 0, 255, 1]
    for mask in (odd, spread.view(np.bool_)[::2]):
        vec = rs.VecGame(card_set, decks, 4, seed=0, threads=1)
        vec.reset(mask=mask)
        assert vec.seeds() == [4, 1, 6, 7]


