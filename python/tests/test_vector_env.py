"""`rulescript.envs.vector_env.RuleScriptVectorEnv`, the Gymnasium vector env over
`VecGame`: its spaces and metadata, Gymnasium's `NEXT_STEP` autoreset contract (the
default: the episode's end shown, then the next step's action ignored) and `SAME_STEP`'s
(`final_obs`, `final_info` and their masks), each step for step as `SyncVectorEnv` over
single envs in that mode, truncation told from termination, episodes that are the games
`Game` plays with the same seeds and built-in opponents, seeds, errors, and Gymnasium's
vector wrappers on it (its observation wrappers over `NEXT_STEP`)."""

import re
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import pytest

import rulescript as rs
from conftest import DECKS, EXAMPLES

gymnasium = pytest.importorskip("gymnasium")
if not hasattr(gymnasium.vector, "AutoresetMode"):
    pytest.skip("the vector env needs gymnasium 1.1 or later", allow_module_level=True)

from gymnasium.vector import AutoresetMode  # noqa: E402

from rulescript.envs.vector_env import RuleScriptVectorEnv  # noqa: E402

PATHS = [str(p) for p in DECKS]
# Short enough that a run of a few hundred steps ends games both ways: by a win or a loss,
# and at the turn limit (a truncation).
TURN_LIMIT = 14


def masked_random(infos: Dict[str, Any], rng: np.random.Generator) -> "np.ndarray[Any, Any]":
    """One legal action a row, uniformly, from `infos["action_mask"]`; 0 for a row with none
    (an episode's end shown with `NEXT_STEP`, whose action the next step ignores)."""
    return np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in infos["action_mask"]], np.int64)


MODES = [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP]


def test_spaces_and_metadata_are_gymnasiums():
    env = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 6, opponent="greedy", turn_limit=TURN_LIMIT)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.num_envs == 6
    # Gymnasium's own default, the instance's: another instance's mode is its own.
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP is env.autoreset_mode
    same = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 2, autoreset_mode=AutoresetMode.SAME_STEP)
    assert same.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP is same.autoreset_mode
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert RuleScriptVectorEnv.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    # Given by value, as `SyncVectorEnv` takes it.
    by_value = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 2, autoreset_mode="SameStep")
    assert by_value.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    disabled = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 2, autoreset_mode="Disabled")
    assert disabled.metadata["autoreset_mode"] is AutoresetMode.DISABLED
    vecs = [by_value.unwrapped._vec, env.unwrapped._vec]
    assert [vec.autoreset if vec is not None else None for vec in vecs] == ["same_step", "next_step"]
    single = env.single_observation_space
    assert isinstance(single, gymnasium.spaces.Box) and single.dtype == np.float32
    low, high = rs.observation_bounds(env.card_set, env.decks, TURN_LIMIT)
    assert single.shape == (rs.OBSERVATION_SIZE,)
    assert np.array_equal(single.low, low) and np.array_equal(single.high, high)
    assert env.single_action_space == gymnasium.spaces.Discrete(rs.ACTION_SPACE)
    assert env.observation_space == gymnasium.vector.utils.batch_space(single, 6)
    assert env.action_space == gymnasium.spaces.MultiDiscrete([rs.ACTION_SPACE] * 6)
    # The same Box the single env uses.
    from rulescript.envs.gym_env import RuleScriptEnv

    assert RuleScriptEnv(str(EXAMPLES), PATHS, turn_limit=TURN_LIMIT).observation_space == single
    assert list(env.learner_seats) == [0, 1, 0, 1, 0, 1]
    assert list(RuleScriptVectorEnv(str(EXAMPLES), PATHS, 3, seat=1).learner_seats) == [1, 1, 1]


def run(env: Any, steps: int, seed: int) -> List[Tuple[Any, ...]]:
    """`steps` steps of a masked random policy after `reset(seed=seed)`, every value returned."""
    rng = np.random.default_rng(seed)
    observations, infos = env.reset(seed=seed)
    out: List[Tuple[Any, ...]] = [(observations, infos)]
    for _ in range(steps):
        out.append(env.step(masked_random(infos, rng)))
        infos = out[-1][4]
    return out


def test_returns_types_shapes_and_the_same_step_contract():
    """Each step's arrays have the documented dtypes and shapes and lie in the spaces; a
    step that ends episodes gives, as `SyncVectorEnv` in `SAME_STEP` mode does, `final_obs`
    (an object array: the last observation at each finished index, `None` elsewhere) and
    `final_info`, each with its mask, those masks the rows that terminated or truncated;
    a step that ends none gives neither."""
    n = 8
    env = RuleScriptVectorEnv(str(EXAMPLES), PATHS, n, turn_limit=TURN_LIMIT, autoreset_mode=AutoresetMode.SAME_STEP)
    ends = 0
    for observations, rewards, terminations, truncations, infos in run(env, 120, seed=5)[1:]:
        assert observations.shape == (n, rs.OBSERVATION_SIZE) and observations.dtype == np.float32
        assert env.observation_space.contains(observations)
        assert rewards.shape == (n,) and rewards.dtype == np.float32
        assert terminations.dtype == np.bool_ and truncations.dtype == np.bool_
        assert terminations.shape == truncations.shape == (n,)
        assert not (terminations & truncations).any()
        mask = infos["action_mask"]
        assert mask.shape == (n, rs.ACTION_SPACE) and mask.dtype == np.bool_
        assert mask.any(axis=1).all() and infos["_action_mask"].all()
        done = terminations | truncations
        assert (rewards[~done] == 0).all()
        if not done.any():
            assert "final_obs" not in infos and "final_info" not in infos
            continue
        ends += int(done.sum())
        assert np.array_equal(infos["_final_obs"], done) and np.array_equal(infos["_final_info"], done)
        final_obs = infos["final_obs"]
        assert final_obs.dtype == object and final_obs.shape == (n,)
        for i in range(n):
            if done[i]:
                assert final_obs[i].shape == (rs.OBSERVATION_SIZE,) and final_obs[i].dtype == np.float32
                assert env.single_observation_space.contains(final_obs[i])
                # The finished game's last state, not the next game's first.
                assert not np.array_equal(final_obs[i], observations[i])
            else:
                assert final_obs[i] is None
        assert np.array_equal(infos["final_info"]["_action_mask"], done)
        assert not infos["final_info"]["action_mask"].any()
    assert ends > 20


@pytest.mark.parametrize("copy", [True, False])
def test_returns_types_shapes_and_the_next_step_contract(copy):
    """With `NEXT_STEP` (the default), as `SyncVectorEnv` in that mode: a step that ends
    episodes returns, in their rows, a last observation unlike any first one, no legal
    action (the mask describes the end shown) and the episode's reward and flag, and no
    `final_obs` or `final_info`; the next step ignores those rows' actions (any int:
    here, ones past the action space) and returns reward 0, neither flag and a new
    episode's first decision (legal actions again); the other rows step on as usual."""
    n = 8
    env = RuleScriptVectorEnv(str(EXAMPLES), PATHS, n, turn_limit=TURN_LIMIT, copy=copy)
    rng = np.random.default_rng(7)
    observations, infos = env.reset(seed=5)
    previous_done = np.zeros(n, bool)
    ends = resumed = 0
    for _ in range(150):
        actions = masked_random(infos, rng)
        actions[previous_done] = rs.ACTION_SPACE + 99
        last_observations = observations.copy()
        observations, rewards, terminations, truncations, infos = env.step(actions)
        assert observations.shape == (n, rs.OBSERVATION_SIZE) and observations.dtype == np.float32
        assert env.observation_space.contains(observations)
        assert rewards.dtype == np.float32 and terminations.dtype == truncations.dtype == np.bool_
        assert "final_obs" not in infos and "final_info" not in infos
        mask = infos["action_mask"]
        assert mask.shape == (n, rs.ACTION_SPACE) and mask.dtype == np.bool_ and infos["_action_mask"].all()
        done = terminations | truncations
        assert not (terminations & truncations).any() and (rewards[~done] == 0).all()
        # A row shows an episode's end exactly when its flags say so: no legal action.
        assert np.array_equal(mask.any(axis=1), ~done)
        # The row after an end: a new episode's first decision, reward 0, no flag.
        assert not done[previous_done].any() and (rewards[previous_done] == 0).all()
        for i in np.flatnonzero(previous_done):
            assert not np.array_equal(observations[i], last_observations[i])
        resumed += int(previous_done.sum())
        ends += int(done.sum())
        previous_done = done.copy()
    assert ends > 20 and resumed > 15


@pytest.mark.parametrize("opponent, copy", [("random", True), ("greedy", False)])
@pytest.mark.parametrize("mode", MODES)
def test_episodes_are_the_games_game_plays_with_the_same_seeds_and_opponent(opponent, copy, mode):
    """Each slot's episodes replayed with `Game` (seeds `s + i`, `s + i + n`... as
    `seeds()` lists them), the learner's actions, and the opponent `for_seat` seats: the
    same rewards, episode ends, final observations and first observations, and a
    truncation exactly when the turn limit ended the game (with `copy=False` too, whose
    arrays a step that ends no episode leaves as the last one that did left them). With
    `NEXT_STEP` the end is the row itself (its mask empty: the finished `Game` has no
    legal action) and the step after it starts the next game, its action ignored; with
    `SAME_STEP` the end is `final_obs` and the row the next game's."""
    n, seed = 4, 11
    env = RuleScriptVectorEnv(
        str(EXAMPLES), PATHS, n, opponent=opponent, turn_limit=TURN_LIMIT, copy=copy, autoreset_mode=mode
    )
    player = rs.GreedyPlayer if opponent == "greedy" else rs.RandomPlayer
    rng = np.random.default_rng(3)
    observations, infos = env.reset(seed=seed)
    seats = [int(s) for s in env.learner_seats]
    assert env.seeds() == [seed + i for i in range(n)]

    def start(i: int, game_seed: int) -> Tuple[rs.Game, Any]:
        game = rs.Game(env.card_set, env.decks, game_seed, TURN_LIMIT)
        other = player.for_seat(game_seed, 1 - seats[i])
        while not game.is_over() and game.current_player != seats[i]:
            game.apply(other.choose(game))
        return game, other

    episodes = [0] * n
    games = [start(i, seed + i) for i in range(n)]
    checked = {"terminated": 0, "truncated": 0}
    # With NEXT_STEP, the slots whose last step showed their episode's end.
    ended = [False] * n
    for _ in range(150):
        for i, (game, _) in enumerate(games):
            assert np.array_equal(observations[i], game.observation(seats[i]))
            # A finished Game's legal mask is empty, as the row's shown at its end.
            assert np.array_equal(infos["action_mask"][i], game.legal_mask())
        actions = masked_random(infos, rng)
        observations, rewards, terminations, truncations, infos = env.step(actions)
        for i, (game, other) in enumerate(games):
            if ended[i]:
                ended[i] = False
                episodes[i] += 1
                games[i] = start(i, seed + i + episodes[i] * n)
                assert rewards[i] == 0 and not terminations[i] and not truncations[i]
                continue
            game.apply(int(actions[i]))
            while not game.is_over() and game.current_player != seats[i]:
                game.apply(other.choose(game))
            assert bool(terminations[i] or truncations[i]) == game.is_over()
            if not game.is_over():
                assert rewards[i] == 0
                continue
            assert rewards[i] == game.returns()[seats[i]]
            at_limit = (game.outcome() or "").startswith("draw: the turn limit")
            assert bool(truncations[i]) == at_limit
            checked["truncated" if at_limit else "terminated"] += 1
            if mode is AutoresetMode.NEXT_STEP:
                assert "final_obs" not in infos
                ended[i] = True
                continue
            assert np.array_equal(infos["final_obs"][i], game.observation(seats[i]))
            episodes[i] += 1
            games[i] = start(i, seed + i + episodes[i] * n)
    # A slot that shows its end still plays that game (its next seed comes with the next step).
    assert env.seeds() == [seed + i + episodes[i] * n for i in range(n)]
    assert checked["terminated"] > 0 and checked["truncated"] > 0, checked


class NextSeeds:
    """Stands for a single env's `np_random`, whose `integers` gives its game seeds: the
    seeds of one `RuleScriptVectorEnv` slot in turn (`first`, `first + n`...)."""

    def __init__(self, first: int, n: int) -> None:
        self.next, self.n = first, n

    def integers(self, *_: Any) -> int:
        seed, self.next = self.next, self.next + self.n
        return seed


def slot_env(i: int, seed: int, n: int, opponent: str) -> Any:
    """The single env `RuleScriptEnv` that plays slot `i`'s games: its seat, its opponent,
    its seeds (its `reset` draws them from `np_random`)."""
    from rulescript.envs.gym_env import RuleScriptEnv

    env = RuleScriptEnv(str(EXAMPLES), PATHS, seat=i % 2, opponent=opponent, turn_limit=TURN_LIMIT)
    env._np_random = NextSeeds(seed + i, n)  # type: ignore[assignment]
    return env


@pytest.mark.parametrize("mode", MODES)
def test_each_step_is_sync_vector_envs_over_single_envs_in_the_same_mode(mode):
    """Gymnasium has no checker for vector envs (`check_env` takes one env): the reference
    is its own `SyncVectorEnv` in the same autoreset mode over single `RuleScriptEnv`s
    playing the same games (the same seeds and opponents), stepped with the same actions.
    Every step returns the same observations, rewards, episode ends and masks, and with
    `SAME_STEP` the same `final_obs` (the single env says `terminated` where the vector env
    tells a truncation at the turn limit apart, and gives its masks as int8)."""
    n, seed, opponent = 4, 21, "random"
    ours = RuleScriptVectorEnv(str(EXAMPLES), PATHS, n, opponent=opponent, turn_limit=TURN_LIMIT, autoreset_mode=mode)
    makers = [lambda i=i: slot_env(i, seed, n, opponent) for i in range(n)]
    reference = gymnasium.vector.SyncVectorEnv(makers, autoreset_mode=mode)
    rng = np.random.default_rng(5)
    mine, infos = ours.reset(seed=seed)
    theirs, their_infos = reference.reset()
    assert np.array_equal(mine, theirs) and np.array_equal(infos["action_mask"], their_infos["action_mask"] != 0)
    ends = 0
    for _ in range(120):
        actions = masked_random(infos, rng)
        mine, rewards, terminations, truncations, infos = ours.step(actions)
        theirs, their_rewards, their_terminations, their_truncations, their_infos = reference.step(actions)
        assert np.array_equal(mine, theirs)
        assert np.array_equal(rewards, their_rewards)
        assert np.array_equal(terminations | truncations, their_terminations | their_truncations)
        assert np.array_equal(infos["action_mask"], their_infos["action_mask"] != 0)
        assert ("final_obs" in infos) == ("final_obs" in their_infos)
        if "final_obs" in infos:
            assert np.array_equal(infos["_final_obs"], their_infos["_final_obs"])
            for i in np.flatnonzero(infos["_final_obs"]):
                assert np.array_equal(infos["final_obs"][i], their_infos["final_obs"][i])
        ends += int((terminations | truncations).sum())
    assert ends > 10


def test_the_same_seed_gives_the_same_run_and_another_seed_another():
    def flat(steps: List[Tuple[Any, ...]]) -> List[Any]:
        return [
            (s[0], s[1]["action_mask"]) if len(s) == 2 else (s[0], s[1], s[2], s[3], s[4]["action_mask"]) for s in steps
        ]

    def same(a: List[Any], b: List[Any]) -> bool:
        return all(all(np.array_equal(x, y) for x, y in zip(p, q)) for p, q in zip(a, b))

    make = lambda **kw: RuleScriptVectorEnv(str(EXAMPLES), PATHS, 4, turn_limit=TURN_LIMIT, **kw)  # noqa: E731
    first = flat(run(make(), 40, seed=2))
    assert same(first, flat(run(make(threads=2), 40, seed=2)))
    assert not same(first, flat(run(make(), 40, seed=3)))
    # The constructor's seed is the first reset's when it is given none; later resets
    # without one go on with new games, the same for the same constructor seed.
    a, b = make(seed=2), make(seed=2)
    assert np.array_equal(a.reset()[0], b.reset()[0]) and np.array_equal(a.reset()[0], b.reset()[0])
    assert a.seeds() == b.seeds() != [2, 3, 4, 5]
    a.reset(seed=2)
    assert a.seeds() == [2, 3, 4, 5]


def test_make_vec_makes_it_from_its_id():
    env = gymnasium.make_vec(
        "rulescript.envs.vector_env:RuleScriptVector-v0", num_envs=3, card_set=str(EXAMPLES), decks=PATHS, seat=1
    )
    assert isinstance(env, RuleScriptVectorEnv) and env.num_envs == 3 and list(env.learner_seats) == [1, 1, 1]
    observations, _ = env.reset(seed=0)
    assert observations.shape == (3, rs.OBSERVATION_SIZE)
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    same = gymnasium.make_vec(
        "rulescript.envs.vector_env:RuleScriptVector-v0",
        num_envs=2,
        card_set=str(EXAMPLES),
        decks=PATHS,
        autoreset_mode=AutoresetMode.SAME_STEP,
    )
    assert same.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP


def test_disabled_is_sync_vector_envs_with_partial_resets_and_refuses_a_step_before_one():
    """With `DISABLED`, as `SyncVectorEnv` in that mode over single envs playing the same
    games: a step that ends episodes shows their ends, and nothing starts over by itself;
    a step before they are reset is a `ResetNeeded` naming them, and moves no game;
    `reset(options={"reset_mask": mask})` starts each masked env's next episode (an
    ended one, or one under way) and leaves the others as they are, every step and reset
    returning the same observations, rewards, ends and masks as the reference, and a
    truncation exactly when the turn limit ended the game."""
    n, seed, opponent = 4, 33, "random"
    mode = AutoresetMode.DISABLED
    ours = RuleScriptVectorEnv(str(EXAMPLES), PATHS, n, opponent=opponent, turn_limit=TURN_LIMIT, autoreset_mode=mode)
    makers = [lambda i=i: slot_env(i, seed, n, opponent) for i in range(n)]
    reference = gymnasium.vector.SyncVectorEnv(makers, autoreset_mode=mode)
    rng = np.random.default_rng(8)
    mine, infos = ours.reset(seed=seed)
    theirs, _ = reference.reset()
    assert np.array_equal(mine, theirs)
    ends = refused = cut_short = at_limits = 0
    for step in range(160):
        actions = masked_random(infos, rng)
        mine, rewards, terminations, truncations, infos = ours.step(actions)
        theirs, their_rewards, their_terminations, their_truncations, their_infos = reference.step(actions)
        assert np.array_equal(mine, theirs) and np.array_equal(rewards, their_rewards)
        done = terminations | truncations
        assert np.array_equal(done, their_terminations | their_truncations)
        assert np.array_equal(infos["action_mask"], their_infos["action_mask"] != 0)
        assert np.array_equal(infos["action_mask"].any(axis=1), ~done)
        # The single env says `terminated` for every end; the ended games it still holds say
        # which the turn limit ended, the vector env's truncations.
        for i in np.flatnonzero(done):
            at_limit = (reference.envs[i].unwrapped.game.outcome() or "").startswith("draw: the turn limit")
            assert truncations[i] == at_limit and terminations[i] != at_limit
            at_limits += int(at_limit)
        # Every twentieth step, one env under way is reset too.
        mask = done.copy()
        if step % 20 == 19:
            mask[step % n] = True
            cut_short += int(not done[step % n])
        if not mask.any():
            continue
        if done.any():
            ends += int(done.sum())
            vec = ours.unwrapped._vec
            assert vec is not None
            before = vec.observations.copy()
            with pytest.raises(rs.ResetNeeded, match=re.escape(str(np.flatnonzero(done).tolist()))):
                ours.step(masked_random(infos, rng))
            assert np.array_equal(vec.observations, before)
            refused += 1
        mine, infos = ours.reset(options={"reset_mask": mask})
        theirs, their_infos = reference.reset(options={"reset_mask": mask.copy()})
        assert np.array_equal(mine, theirs)
        # Gymnasium's infos are the reset envs' only; ours are every row's (the others' as they were).
        assert np.array_equal(infos["action_mask"][mask], their_infos["action_mask"][mask] != 0)
        assert infos["action_mask"].any(axis=1).all()
    assert ends > 5 and refused > 0 and cut_short > 3 and 0 < at_limits < ends, (ends, refused, cut_short, at_limits)


def test_disabled_reset_masks_are_checked_as_gymnasium_checks_them():
    env = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 3, autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(rs.ResetNeeded):
        env.reset(options={"reset_mask": np.ones(3, bool)})
    env.reset(seed=0)
    with pytest.raises(TypeError):
        env.reset(options={"reset_mask": [True, False, True]})
    with pytest.raises(TypeError):
        env.reset(options={"reset_mask": np.ones(3, np.int8)})
    with pytest.raises(ValueError, match="shape"):
        env.reset(options={"reset_mask": np.ones(4, bool)})
    with pytest.raises(ValueError, match="True"):
        env.reset(options={"reset_mask": np.zeros(3, bool)})
    with pytest.raises(ValueError, match="next seed"):
        env.reset(seed=1, options={"reset_mask": np.ones(3, bool)})
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"reset_mask": np.ones(3, bool), "other": 1})
    seeds = env.seeds()
    env.reset(options={"reset_mask": np.array([False, True, False])})
    assert env.seeds() == [seeds[0], seeds[1] + 3, seeds[2]]


@pytest.mark.parametrize("mode", MODES)
def test_record_episode_statistics_reports_each_episode(mode):
    """Gymnasium's `RecordEpisodeStatistics` (vector), which reads `autoreset_mode`: each
    finished episode's return is its reward (the only non-zero one) and its length the
    learner's decisions counted here: with `NEXT_STEP`, not the step after an end, which
    is no decision (Gymnasium before 1.4 counts SAME_STEP episodes as NEXT_STEP ones:
    each after a slot's first one step short)."""
    import inspect

    from gymnasium.wrappers.vector import NormalizeReward, RecordEpisodeStatistics

    knows_same_step = "SAME_STEP" in inspect.getsource(RecordEpisodeStatistics.step)

    n = 6
    env = RecordEpisodeStatistics(RuleScriptVectorEnv(str(EXAMPLES), PATHS, n, turn_limit=TURN_LIMIT, autoreset_mode=mode))
    rng = np.random.default_rng(1)
    _, infos = env.reset(seed=4)
    lengths = np.zeros(n, int)
    # 1 in a slot once an episode of it has ended (the short count, before Gymnasium 1.4).
    short = np.zeros(n, int)
    if mode is AutoresetMode.NEXT_STEP:
        knows_same_step = True  # no short count to make up for
    shown_end = np.zeros(n, bool)
    reported = 0
    for _ in range(100):
        _, rewards, terminations, truncations, infos = env.step(masked_random(infos, rng))
        # With NEXT_STEP, a step after an end starts the next episode: no decision of it.
        lengths += ~shown_end
        done = terminations | truncations
        shown_end = done & (mode is AutoresetMode.NEXT_STEP)
        if done.any():
            stats = infos["episode"]
            assert np.array_equal(infos["_episode"], done)
            assert np.array_equal(stats["r"][done], rewards[done])
            assert np.array_equal(stats["l"][done], (lengths - (0 if knows_same_step else short))[done])
            reported += int(done.sum())
            lengths[done] = 0
            short[done] = 1
    assert env.return_queue.maxlen is not None
    assert reported > 10 and len(env.return_queue) == min(reported, env.return_queue.maxlen)
    # NormalizeReward reads the mode too, and runs.
    normalized = NormalizeReward(RuleScriptVectorEnv(str(EXAMPLES), PATHS, n, turn_limit=TURN_LIMIT, autoreset_mode=mode))
    _, infos = normalized.reset(seed=0)
    for _ in range(20):
        _, rewards, _, _, infos = normalized.step(masked_random(infos, rng))
        assert rewards.shape == (n,) and np.isfinite(rewards).all()


def observation_wrappers() -> List[Tuple[str, Any, Any]]:
    """Gymnasium's vector observation wrappers, each with what it should make of an
    observation batch (NormalizeObservation's running statistics are checked apart)."""
    from gymnasium.wrappers import vector as wrappers

    return [
        ("TransformObservation", lambda env: wrappers.TransformObservation(env, lambda o: o * 2.0), lambda o: o * 2.0),
        ("FlattenObservation", wrappers.FlattenObservation, lambda o: o.reshape(len(o), -1)),
        ("DtypeObservation", lambda env: wrappers.DtypeObservation(env, np.float64), lambda o: o.astype(np.float64)),
        ("ReshapeObservation", lambda env: wrappers.ReshapeObservation(env, (rs.OBSERVATION_SIZE // 2, 2)),
         lambda o: o.reshape(len(o), -1, 2)),
        ("NormalizeObservation", wrappers.NormalizeObservation, None),
    ]


@pytest.mark.parametrize("name, wrap, expected", observation_wrappers(), ids=[w[0] for w in observation_wrappers()])
# Gymnasium's Box, made float64 by DtypeObservation from our float32 bounds, compares them
# with float64's limits cast to float32: its warning, not ours.
@pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")
def test_gymnasiums_observation_wrappers_run_over_next_step(name, wrap, expected):
    """Over `NEXT_STEP` (the default), Gymnasium's observation wrappers take the env and
    transform every observation it returns, episode ends included (the rows themselves);
    over `SAME_STEP` they refuse it with Gymnasium's `ValueError`, which names the mode.
    `NormalizeObservation`'s output is the env's observations normalized by its running
    statistics, which have seen every row of every call."""
    n = 8
    raw = RuleScriptVectorEnv(str(EXAMPLES), PATHS, n, turn_limit=TURN_LIMIT)
    twin = RuleScriptVectorEnv(str(EXAMPLES), PATHS, n, turn_limit=TURN_LIMIT)
    env = wrap(twin)
    rng = np.random.default_rng(2)
    observations, infos = env.reset(seed=9)
    plain, _ = raw.reset(seed=9)
    seen = [plain]
    ends = 0
    for _ in range(60):
        actions = masked_random(infos, rng)
        observations, rewards, terminations, truncations, infos = env.step(actions)
        plain, plain_rewards, _, _, _ = raw.step(actions)
        seen.append(plain)
        ends += int((terminations | truncations).sum())
        assert np.array_equal(rewards, plain_rewards)
        # (TransformObservation keeps the space it is not given; NormalizeObservation's is unbounded.)
        if name not in ("TransformObservation", "NormalizeObservation"):
            assert env.observation_space.contains(observations)
        if expected is not None:
            made = expected(plain)
            assert observations.dtype == made.dtype and np.array_equal(observations, made)
    assert ends > 5
    if name == "NormalizeObservation":
        batch = np.concatenate(seen).astype(np.float64)
        assert env.obs_rms.count == pytest.approx(len(batch) + 1e-4)
        assert np.allclose(env.obs_rms.mean, batch.mean(axis=0), atol=1e-6)
        normalized = (plain - env.obs_rms.mean) / np.sqrt(env.obs_rms.var + env.epsilon)
        assert np.allclose(observations, normalized.astype(np.float32), atol=1e-5)
    same = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 2, autoreset_mode=AutoresetMode.SAME_STEP)
    with pytest.raises(ValueError, match="SAME_STEP"):
        wrap(same)
    # DISABLED: the stateless wrappers take it (a partial reset goes through them too);
    # NormalizeObservation, which does not support partial resets, refuses it by name.
    disabled = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 2, turn_limit=TURN_LIMIT, autoreset_mode=AutoresetMode.DISABLED)
    if name == "NormalizeObservation":
        with pytest.raises(ValueError, match="DISABLED"):
            wrap(disabled)
        return
    env = wrap(disabled)
    _, infos = env.reset(seed=1)
    for _ in range(300):
        _, _, terminations, truncations, infos = env.step(masked_random(infos, rng))
        if (terminations | truncations).any():
            break
    observations, infos = env.reset(options={"reset_mask": terminations | truncations})
    assert infos["action_mask"].any(axis=1).all()
    assert disabled._vec is not None
    assert expected is None or np.array_equal(observations, expected(disabled._vec.observations))


def test_copy_true_returns_new_arrays_and_copy_false_the_same():
    kept = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 4, turn_limit=TURN_LIMIT)
    steps = run(kept, 3, seed=0)
    # Every array a call returned is its own: none shares memory with another call's.
    returned = [[s[0], s[1]["action_mask"]] if len(s) == 2 else [s[0], s[1], s[2], s[3], s[4]["action_mask"]] for s in steps]
    for i, first in enumerate(returned):
        for second in returned[i + 1 :]:
            assert not any(np.shares_memory(a, b) for a in first for b in second)
    assert not np.array_equal(steps[0][0], steps[-1][0])
    shared = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 4, turn_limit=TURN_LIMIT, copy=False)
    steps = run(shared, 3, seed=0)
    assert steps[1][0] is steps[2][0] and steps[1][1] is steps[2][1] and steps[1][4]["action_mask"] is steps[2][4]["action_mask"]


def test_errors():
    env = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 3)
    with pytest.raises(rs.ResetNeeded):
        env.step(np.zeros(3, np.int64))
    _, infos = env.reset(seed=0)
    legal = [int(np.flatnonzero(row)[0]) for row in infos["action_mask"]]
    with pytest.raises(ValueError, match="shape"):
        env.step(np.array(legal[:2]))
    with pytest.raises(ValueError, match="int32 or int64"):
        env.step(np.array(legal, np.float64))
    illegal = list(legal)
    illegal[1] = int(np.flatnonzero(~infos["action_mask"][1])[0])
    with pytest.raises(rs.IllegalMove) as caught:
        env.step(illegal)
    assert caught.value.game == 1
    assert sorted(caught.value.legal_actions) == list(np.flatnonzero(infos["action_mask"][1]))
    # Nothing moved: the legal actions still play.
    env.step(legal)
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"reset_mask": np.ones(3, bool)})
    with pytest.raises(ValueError, match="options"):
        env.reset(options={"mode": "fast"})
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=[1, 2, 3])  # type: ignore[arg-type]
    for bad in ({"num_envs": 0}, {"opponent": "minimax"}, {"seat": 2}, {"seat": 1.0}):
        kwargs: Dict[str, Any] = {"num_envs": 2, **bad}
        with pytest.raises(ValueError):
            RuleScriptVectorEnv(str(EXAMPLES), PATHS, **kwargs)
    env.close()
    with pytest.raises(rs.ResetNeeded):
        env.reset()
    # A mode that is none: named, with the modes there are, in a ValueError.
    for mode in ("next", 1):
        with pytest.raises(ValueError, match=repr(mode)) as refused:
            RuleScriptVectorEnv(str(EXAMPLES), PATHS, 2, autoreset_mode=mode)  # type: ignore[arg-type]
        assert all(name in str(refused.value) for name in ("NEXT_STEP", "SAME_STEP", "DISABLED"))
    # A partial reset is DISABLED's only.
    env = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 3)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="DISABLED"):
        env.reset(options={"reset_mask": np.ones(3, bool)})


def test_with_next_step_a_row_that_shows_an_end_takes_any_action_and_the_others_are_checked():
    """The step after an episode's end ignores that row's action, whatever it is (a
    negative one, one past the action space), and still refuses an illegal action in
    another row, before any game moves."""
    n = 4
    env = RuleScriptVectorEnv(str(EXAMPLES), PATHS, n, turn_limit=TURN_LIMIT)
    rng = np.random.default_rng(0)
    _, infos = env.reset(seed=3)
    for _ in range(300):
        _, _, terminations, truncations, infos = env.step(masked_random(infos, rng))
        done = terminations | truncations
        if done.any() and not done.all():
            break
    assert done.any() and not done.all()
    ended, going = int(np.flatnonzero(done)[0]), int(np.flatnonzero(~done)[0])
    actions = masked_random(infos, rng)
    bad = actions.copy()
    bad[going] = int(np.flatnonzero(~infos["action_mask"][going])[0])
    bad[ended] = -7
    with pytest.raises(rs.IllegalMove) as caught:
        env.step(bad)
    assert caught.value.game == going
    actions[ended] = 2**40
    observations, rewards, terminations, truncations, infos = env.step(actions)
    assert not terminations[ended] and not truncations[ended] and rewards[ended] == 0
    assert infos["action_mask"][ended].any()


def test_the_readme_example_runs(monkeypatch, capsys):
    """python/README.md's masked random loop, as written (indented in a list item), from
    the repository's root."""
    import textwrap
    from pathlib import Path

    from conftest import ROOT

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    start = text.index("from rulescript.envs.vector_env import RuleScriptVectorEnv")
    code = textwrap.dedent(text[text.rindex("```python", 0, start) + len("```python") : text.index("```", start)])
    monkeypatch.chdir(ROOT)
    namespace: Dict[str, Optional[Any]] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    games, won = capsys.readouterr().out.split(" games, the random learner won ")
    assert int(games) > 0 and 0 <= int(won) <= int(games)


class _InterruptedAsItReturns:
    """A `VecGame` whose `step` is interrupted as it returns, the games stepped: Ctrl-C
    heard during a step reaches Python then (the VecGame's docs), at the env's next
    bytecode, before the env has read what the step returned."""

    def __init__(self, vec: rs.VecGame) -> None:
        self.vec = vec

    def __getattr__(self, name: str) -> Any:
        return getattr(self.vec, name)

    def step(self, actions: Any) -> Any:
        result = self.vec.step(actions)
        if result[3].any():
            raise KeyboardInterrupt
        return result


def test_disabled_still_refuses_a_step_after_one_interrupted_as_it_returned():
    """With `DISABLED`, a step that ended episodes and was interrupted (Ctrl-C) before the
    env read its results leaves those episodes ended: the next step raises `ResetNeeded`
    naming them and moves no game, and a partial reset goes on as usual. (The env once
    kept its own list of ended envs, written after the VecGame's step returned: the
    interrupted step left it empty, and the next step started those envs' next episodes
    by itself, as `NEXT_STEP` does.)"""
    env = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 4, turn_limit=3, autoreset_mode=AutoresetMode.DISABLED)
    _, infos = env.reset(seed=0)
    vec = env._vec
    assert vec is not None
    env._vec = _InterruptedAsItReturns(vec)  # type: ignore[assignment] # the interruption under test
    for _ in range(100):
        try:
            _, _, _, _, infos = env.step(infos["action_mask"].argmax(axis=1))
        except KeyboardInterrupt:
            break
    else:
        pytest.fail("no episode ended")
    env._vec = vec
    ended = np.flatnonzero(vec.dones)
    seeds = env.seeds()
    with pytest.raises(rs.ResetNeeded, match=re.escape(f"envs {ended.tolist()} are over")):
        env.step(np.zeros(4, np.int64))
    assert env.seeds() == seeds
    _, infos = env.reset(options={"reset_mask": vec.dones.copy()})
    assert env.seeds() == [s + 4 if i in ended else s for i, s in enumerate(seeds)]
    env.step(infos["action_mask"].argmax(axis=1))


def test_too_many_envs_is_the_vec_games_value_error_before_any_space_is_allocated():
    """`num_envs` past a `VecGame`'s 65,536 games is its `ValueError`, naming the range,
    before anything is allocated (the batched observation space's bounds were made first:
    numpy's `MemoryError`, "Unable to allocate 10.2 TiB", for 10**9)."""
    for num_envs in (65_537, 10**9, 2**62):
        with pytest.raises(ValueError, match="from 1 to 65536"):
            RuleScriptVectorEnv(str(EXAMPLES), PATHS, num_envs)


def test_copying_the_env_says_what_to_do_instead():
    """`copy.deepcopy` and `pickle` of the env stop at its `VecGame`, whose `TypeError`
    says to make another with the same arguments."""
    import copy
    import pickle

    env = RuleScriptVectorEnv(str(EXAMPLES), PATHS, 2)
    for attempt in (copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="make another with the same arguments"):
            attempt(env)
