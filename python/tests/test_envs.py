"""The environments: Gymnasium's check_env, PettingZoo's api_test and seed_test, and
OpenSpiel's MCTS bot playing whole games through pyspiel."""

from typing import Any

import numpy as np
import pytest

import rulescript as rs
from conftest import DECKS, EXAMPLES

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")


def test_gymnasium_check_env_passes_without_warning_on_the_observation_space():
    import warnings

    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make(
        "rulescript.envs.gym_env:RuleScript-v0",
        card_set=str(EXAMPLES),
        decks=[str(p) for p in DECKS],
        opponent="random",
        render_mode="ansi",
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []
    assert np.isfinite(env.observation_space.low).all() and np.isfinite(env.observation_space.high).all()


def test_observations_stay_within_the_spaces_bounds():
    """Random games of both environments, every observation of both seats (questions,
    finished games and the turn limit's draws included) inside the observation space."""
    from rulescript.envs.gym_env import RuleScriptEnv
    from rulescript.envs.pettingzoo_env import env as aec_env

    decks = [str(p) for p in DECKS]
    gym_env = RuleScriptEnv(str(EXAMPLES), decks, opponent="random", turn_limit=12)
    space = gym_env.observation_space
    assert isinstance(space, gymnasium.spaces.Box)
    rng = np.random.default_rng(0)
    seen = 0
    for episode in range(8):
        obs, info = gym_env.reset(seed=episode)
        done = False
        while not done:
            assert space.contains(obs), np.flatnonzero((obs < space.low) | (obs > space.high))
            seen += 1
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, _, terminated, truncated, info = gym_env.step(action)
            done = terminated or truncated
        assert space.contains(obs)
    aec = aec_env(str(EXAMPLES), decks)
    spaces = {}
    for name in aec.possible_agents:
        box = aec.observation_space(name)["observation"]
        assert isinstance(box, gymnasium.spaces.Box)
        spaces[name] = box
    for game in range(4):
        aec.reset(seed=game)
        for agent in aec.agent_iter(max_iter=5000):
            for seat in aec.possible_agents:
                observation = aec.observe(seat)["observation"]
                assert spaces[seat].contains(observation), np.flatnonzero(
                    (observation < spaces[seat].low) | (observation > spaces[seat].high)
                )
                seen += 1
            _, _, terminated, truncated, _ = aec.last()
            mask = aec.observe(agent)["action_mask"]
            aec.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    assert seen > 1000


def test_gymnasium_make_with_the_documented_id_works_in_a_fresh_interpreter():
    """The README's id names its module, which Gymnasium imports: no earlier import of
    rulescript.envs.gym_env needed (here none can have happened)."""
    import subprocess
    import sys

    code = (
        "import gymnasium, sys; "
        "env = gymnasium.make('rulescript.envs.gym_env:RuleScript-v0', card_set=sys.argv[1], decks=sys.argv[2:]); "
        "print(env.reset(seed=0)[0].shape)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(EXAMPLES), *map(str, DECKS)], capture_output=True, text=True, timeout=120
    )
    assert (done.returncode, done.stdout.strip()) == (0, f"({rs.OBSERVATION_SIZE},)"), done.stderr


def test_the_gymnasium_env_plays_whole_episodes_against_the_greedy_player():
    env = gymnasium.make("rulescript.envs.gym_env:RuleScript-v0", card_set=str(EXAMPLES), decks=[str(p) for p in DECKS])
    obs, info = env.reset(seed=3)
    rewards = []
    for _ in range(3):
        done, total = False, 0.0
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(int(legal[0]))
            total += reward
            done = terminated or truncated
        rewards.append(total)
        obs, info = env.reset()
    assert set(rewards) <= {-1.0, 0.0, 1.0}
    assert obs.shape == (rs.OBSERVATION_SIZE,)


def test_an_illegal_action_loses_or_raises_as_asked():
    from rulescript.envs.gym_env import RuleScriptEnv

    env = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS])
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS], illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(rs.IllegalMove):
        strict.step(illegal)


def test_the_gymnasium_episode_lost_by_an_illegal_action_is_over():
    """The illegal action ended the episode but not the game: a step after it went on
    playing that game, rewarding the episode's loser with a game it had lost."""
    from rulescript.envs.gym_env import RuleScriptEnv

    env = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS])
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    legal = int(np.flatnonzero(info["action_mask"])[0])
    assert env.step(illegal)[2] is True
    with pytest.raises(rs.ResetNeeded, match="the episode is over: call reset"):
        env.step(legal)
    env.reset(seed=1)
    env.step(legal)


def test_the_gymnasium_mask_is_all_zeros_once_an_illegal_action_lost_the_episode():
    """The README says `info["action_mask"]` is all zeros once the episode is over; after
    an illegal action's loss (the game itself goes on) it still marked the legal actions,
    and so did `action_masks()`, inviting a step that raises."""
    from rulescript.envs.gym_env import RuleScriptEnv

    env = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS])
    _, info = env.reset(seed=1)
    assert info["action_mask"].any() and env.action_masks().any()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, _, terminated, _, info = env.step(illegal)
    assert terminated and info["illegal_action"]
    assert info["action_mask"].dtype == np.int8 and not info["action_mask"].any()
    assert env.action_masks().dtype == np.bool_ and not env.action_masks().any()
    _, info = env.reset(seed=1)
    assert info["action_mask"].any() and env.action_masks().any()


def test_a_gymnasium_reset_always_leaves_a_decision_to_take():
    """With a turn limit of 1 the opponent's first turn can end the game: `reset` returned
    a finished game (an all-zero mask, `terminated` nowhere to be seen) and the next `step`
    raised "the episode is over" in a third to two thirds of the episodes. Such games are
    passed over, as `VecGame` passes them over."""
    from rulescript.envs.gym_env import RuleScriptEnv

    for seat in (0, 1):
        env = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS], seat=seat, opponent="random", turn_limit=1)
        for seed in range(24):
            obs, info = env.reset(seed=seed)
            assert env.game is not None and not env.game.is_over()
            assert info["action_mask"].any() and obs[12] == 0.0  # the "game over" flag
            _, _, _, truncated, _ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            assert not truncated
        again, _ = env.reset(seed=5)
        assert np.array_equal(again, env.reset(seed=5)[0])


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_gymnasium_env_copied_mid_episode_goes_on_as_the_original(how):
    """`copy.deepcopy(env)` (what search over a Gymnasium env does) and `pickle` raised
    "cannot pickle 'rulescript.GreedyPlayer' object"; the copy's opponent must make the
    original's choices, and a deep copy shares the card set, not load it again."""
    import copy
    import pickle

    from rulescript.envs.gym_env import RuleScriptEnv

    for opponent in ("greedy", "random"):
        env = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS], opponent=opponent, seat=1)
        _, info = env.reset(seed=4)
        for _ in range(3):
            _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
        assert twin.game is not env.game and (twin.card_set is env.card_set) == (how == "deepcopy")
        done, twin_info = False, info
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[-1])
            obs, reward, done, _, info = env.step(action)
            twin_obs, twin_reward, twin_done, _, twin_info = twin.step(action)
            assert np.array_equal(obs, twin_obs) and (reward, done) == (twin_reward, twin_done)
        assert env.game is not None and twin.game is not None
        assert env.game.trace_hash() == twin.game.trace_hash()


def test_a_gymnasium_seat_that_is_not_an_int_is_refused_when_the_env_is_made():
    """`seat=1.0` (equal to 1) was taken, and the first `reset` failed with "argument
    'seat': 'float' object cannot be interpreted as an integer"."""
    from rulescript.envs.gym_env import RuleScriptEnv

    for seat in (1.0, "1", None, 2, -1):
        with pytest.raises(ValueError, match=f"seat must be 0 or 1, not {seat!r}"):
            RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS], seat=seat)  # type: ignore[arg-type]
    env = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS], seat=np.int64(1))
    assert type(env.seat) is int and env.reset(seed=0)[1]["action_mask"].any()


def test_environment_actions_must_be_integers_not_floats_or_strings():
    """`int(action)` truncated 1.7 to the action 1 and parsed "1" as it."""
    from rulescript.envs.gym_env import RuleScriptEnv
    from rulescript.envs.pettingzoo_env import env as aec_env

    gym_env = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS], illegal_action="raise")
    _, info = gym_env.reset(seed=1)
    aec = aec_env(str(EXAMPLES), [str(p) for p in DECKS])
    aec.reset(seed=1)
    for action in (1.7, "1", None):
        with pytest.raises(TypeError):
            gym_env.step(action)  # type: ignore[arg-type] # the TypeError under test
        with pytest.raises(TypeError):
            aec.step(action)  # type: ignore[arg-type] # the TypeError under test
    assert gym_env.game is not None and aec.game is not None
    assert gym_env.game.history() == [] and aec.game.history() == []
    legal = int(np.flatnonzero(info["action_mask"])[0])
    gym_env.step(np.int64(legal))
    aec.step(np.array(int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0])))


def test_the_aec_env_refuses_calls_before_reset_and_after_the_end():
    """Before: an AttributeError on a missing attribute; after: a KeyError (step and
    last)."""
    from rulescript.envs.pettingzoo_env import env as aec_env

    aec = aec_env(str(EXAMPLES), [str(p) for p in DECKS], turn_limit=6)
    for call in (lambda: aec.step(0), lambda: aec.observe("player_0"), lambda: aec.last()):
        with pytest.raises(rs.ResetNeeded, match=r"call reset\(\) first"):
            call()
    aec.reset(seed=2)
    with pytest.raises(ValueError, match="agent must be one of"):
        aec.observe("player_2")
    while aec.agents:
        obs, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    for call in (lambda: aec.step(0), lambda: aec.last()):
        with pytest.raises(rs.ResetNeeded, match="the game is over and every agent has left"):
            call()


def test_calls_out_of_order_are_a_package_error_that_is_still_a_runtime_error():
    """They were bare `RuntimeError`s, which `except rs.RuleScriptError` let through; a
    `RuntimeError` still, for code written against that."""
    from rulescript.envs.gym_env import RuleScriptEnv

    assert issubclass(rs.ResetNeeded, rs.RuleScriptError) and issubclass(rs.ResetNeeded, RuntimeError)
    env = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS])
    for call in (lambda: env.step(0), env.action_masks):
        with pytest.raises(rs.ResetNeeded, match=r"call reset\(\) first"):
            call()


def test_pettingzoo_api_test_and_seed_test_pass():
    from pettingzoo.test import api_test, seed_test

    from rulescript.envs.pettingzoo_env import env

    api_test(env(str(EXAMPLES), [str(p) for p in DECKS]), num_cycles=300)
    seed_test(lambda: env(str(EXAMPLES), [str(p) for p in DECKS]), num_cycles=300)


def test_the_aec_env_is_parallel_through_pettingzoos_turn_based_conversion():
    """As the README says: `aec_to_parallel` refuses a turn-based env, and
    `turn_based_aec_to_parallel` is the conversion that applies."""
    from pettingzoo.test import parallel_api_test
    from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel

    from rulescript.envs.pettingzoo_env import env

    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env(str(EXAMPLES), [str(p) for p in DECKS]))
    parallel_api_test(turn_based_aec_to_parallel(env(str(EXAMPLES), [str(p) for p in DECKS])), num_cycles=100)
    parallel = turn_based_aec_to_parallel(env(str(EXAMPLES), [str(p) for p in DECKS]))
    observations, _ = parallel.reset(seed=4)
    rewards = {}
    while parallel.agents:
        masks = {agent: observations[agent]["action_mask"] for agent in parallel.agents}
        assert sum(bool(mask.any()) for mask in masks.values()) == 1  # one agent to move
        actions = {agent: int(np.flatnonzero(mask)[0]) if mask.any() else 0 for agent, mask in masks.items()}
        observations, rewards, _, _, _ = parallel.step(actions)
    assert sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_aec_env_rewards_the_winner():
    from rulescript.envs.pettingzoo_env import env

    aec = env(str(EXAMPLES), [str(p) for p in DECKS])
    aec.reset(seed=2)
    totals = {agent: 0.0 for agent in aec.possible_agents}
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        aec.step(action)
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert aec.game is not None
    assert totals["player_0"] == aec.game.returns()[0]


def test_an_openspiel_mcts_bot_plays_whole_games():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    import rulescript.envs.openspiel_game  # noqa: F401  (registers the game)

    params = {"card_set": str(EXAMPLES), "deck0": str(DECKS[0]), "deck1": str(DECKS[1]), "seed": 3, "turn_limit": 12}
    game = pyspiel.load_game("python_rulescript", params)
    assert game.num_distinct_actions() == rs.ACTION_SPACE
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator, random_state=rng)
    for seed in (3, 4):
        state = pyspiel.load_game("python_rulescript", {**params, "seed": seed}).new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.current_player() == 0:
                action = bot.step(state)
            else:
                action = state.legal_actions()[0]
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        assert moves > 10
        assert sum(state.returns()) == 0.0
        tensor = state.observation_tensor(0)
        assert len(tensor) == rs.OBSERVATION_SIZE
        assert state.observation_string(0).startswith("{")


def test_an_openspiel_search_runs_on_a_determinization_as_the_readme_says():
    """The README's answer to MCTS seeing the hidden cards through a state's clones: a
    state over `resample_hidden`, which the player to move cannot tell from the real one."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    from rulescript.envs.openspiel_game import RuleScriptState

    params = {"card_set": str(EXAMPLES), "deck0": str(DECKS[0]), "deck1": str(DECKS[1]), "seed": 3}
    game = pyspiel.load_game("python_rulescript", params)
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    determinized = state.resample_hidden(player, 11)
    assert isinstance(determinized, RuleScriptState)
    # OpenSpiel's part of the state is the state's (a state made around the resampled
    # game, as the README had it, started with an empty history).
    assert determinized.history() == state.history() and determinized.move_number() == 6
    assert determinized.game.state_hash() != state.game.state_hash()
    assert determinized.observation_tensor(player) == state.observation_tensor(player)
    assert determinized.legal_actions() == state.legal_actions()
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 16, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    assert bot.step(determinized) in state.legal_actions()


def test_openspiel_has_no_information_state_rather_than_the_observation_in_its_place():
    """`information_state_string` (perfect recall: a player's whole past) returned the
    observation of the current state, the only observer there is, so two states with
    different pasts and the same view were one information state to CFR and the like."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    import rulescript.envs.openspiel_game  # noqa: F401 - registers the game

    params = {"card_set": str(EXAMPLES), "deck0": str(DECKS[0]), "deck1": str(DECKS[1]), "seed": 3}
    game = pyspiel.load_game("python_rulescript", params)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert len(state.observation_tensor(0)) == rs.OBSERVATION_SIZE and state.observation_string(1)
    assert make_observation(game).tensor.shape == (rs.OBSERVATION_SIZE,)
    no_information_state = "observes what one player sees now .* it has no information state"
    for call in (
        lambda: state.information_state_string(0),
        lambda: state.information_state_tensor(0),
        lambda: make_observation(game, pyspiel.IIGObservationType(perfect_recall=True)),
        lambda: make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
        ),
    ):
        with pytest.raises(ValueError, match=no_information_state):
            call()


def test_openspiel_parameters_out_of_range_are_refused_at_load():
    """A negative turn limit loaded (and failed at the first state); a large one made
    OpenSpiel's game length overflow its C int (a TypeError from pybind11)."""
    pyspiel = pytest.importorskip("pyspiel")
    import rulescript.envs.openspiel_game  # noqa: F401 - registers the game

    params = {"card_set": str(EXAMPLES), "deck0": str(DECKS[0]), "deck1": str(DECKS[1])}
    with pytest.raises(ValueError, match="turn_limit must be from 1 to 2\\*\\*31 - 1, not -1"):
        pyspiel.load_game("python_rulescript", {**params, "turn_limit": -1})
    with pytest.raises(ValueError, match="seed must be from 0 to 2\\*\\*31 - 1, not -1"):
        pyspiel.load_game("python_rulescript", {**params, "seed": -1})
    # A turn limit of 0 loaded as a game of one turn whose game length said 1 decision.
    with pytest.raises(ValueError, match="turn_limit must be from 1 to 2\\*\\*31 - 1, not 0"):
        pyspiel.load_game("python_rulescript", {**params, "turn_limit": 0})
    # The largest seed OpenSpiel can carry (a C int), and past it the module's own check
    # (load_game fails in pybind11 before reaching it).
    from rulescript.envs.openspiel_game import RuleScriptGame

    largest = pyspiel.load_game("python_rulescript", {**params, "seed": 2**31 - 1})
    assert largest.new_initial_state().game.seed == 2**31 - 1
    with pytest.raises(ValueError, match="seed must be from 0 to 2\\*\\*31 - 1, not 2147483648"):
        RuleScriptGame({**params, "seed": 2**31})
    game = pyspiel.load_game("python_rulescript", {**params, "turn_limit": 2**31 - 1})
    assert game.max_game_length() == 2**31 - 1
    assert not game.new_initial_state().is_terminal()


def test_an_openspiel_state_serializes_and_deserializes():
    """OpenSpiel pickles a Python state's attributes: `serialize` raised "cannot pickle
    'rulescript.Game' object"."""
    pyspiel = pytest.importorskip("pyspiel")
    import rulescript.envs.openspiel_game  # noqa: F401 - registers the game

    params = {"card_set": str(EXAMPLES), "deck0": str(DECKS[0]), "deck1": str(DECKS[1]), "seed": 3}
    game = pyspiel.load_game("python_rulescript", params)
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    again = game.deserialize_state(state.serialize())
    assert again.game.trace_hash() == state.game.trace_hash() and str(again) == str(state)
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert copy.legal_actions() == state.legal_actions() and copy.game.history() == state.game.history()


class _Interrupt(Exception):
    """Stands for the `KeyboardInterrupt` Ctrl-C raises where the main thread is (pytest
    would take a real one for the user's)."""


def test_a_gymnasium_step_interrupted_among_the_opponents_moves_is_not_taken_for_its_move():
    """Ctrl-C during a step's opponent moves leaves the opponent to move: the next step
    raises `ResetNeeded` and moves nothing, rather than play the learner's action as the
    opponent's move (as it did); a reset goes on."""
    from rulescript.envs.gym_env import RuleScriptEnv

    env = RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS], seat=0, opponent="random")
    _, info = env.reset(seed=3)
    seated = env._opponent
    assert seated is not None
    opponent: "rs.GreedyPlayer | rs.RandomPlayer" = seated

    class StoppedAtItsSecondMove:
        calls = 0

        def choose(self, game: rs.Game) -> int:
            self.calls += 1
            if self.calls == 2:
                raise _Interrupt
            return opponent.choose(game)

    env._opponent = StoppedAtItsSecondMove()  # type: ignore[assignment] # the interruption under test
    with pytest.raises(_Interrupt):
        for _ in range(200):
            _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    env._opponent = opponent
    assert env.game is not None and env.game.current_player == 1
    history = env.game.history()
    with pytest.raises(rs.ResetNeeded, match="interrupted"):
        env.step(0)
    assert env.game.history() == history
    _, info = env.reset(seed=4)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_an_aec_step_interrupted_before_it_noted_whose_turn_came_is_not_taken_for_the_other_agents():
    """Ctrl-C as the game's move returns, before the env moved `agent_selection` on: the
    next step raises `ResetNeeded` and moves nothing, rather than play the action as the
    other agent's move under this one's name (as it did)."""
    from rulescript.envs.pettingzoo_env import RuleScriptAECEnv

    env = RuleScriptAECEnv(str(EXAMPLES), [str(p) for p in DECKS])
    env.reset(seed=3)
    started = env.game
    assert started is not None
    game: rs.Game = started

    class InterruptedAsTheTurnPasses:
        def __getattr__(self, name: str) -> object:
            return getattr(game, name)

        def apply(self, action: int) -> None:
            mover = game.current_player
            game.apply(action)
            if game.current_player != mover:
                raise _Interrupt

    env.game = InterruptedAsTheTurnPasses()  # type: ignore[assignment] # the interruption under test
    with pytest.raises(_Interrupt):
        for _ in range(300):
            observation, _, _, _, _ = env.last()
            env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    env.game = game
    assert env.possible_agents[game.current_player] != env.agent_selection
    history = game.history()
    with pytest.raises(rs.ResetNeeded, match="interrupted"):
        env.step(0)
    assert game.history() == history
    env.reset(seed=4)
    observation, _, _, _, _ = env.last()
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_an_openspiel_card_set_given_by_a_relative_path_is_the_folder_it_names_now(tmp_path, monkeypatch):
    """Two folders both named `examples`, loaded by that relative name from two working
    directories, give each game its own set (the card sets loaded once a process were
    keyed by the path as given: the second game got the first folder's set)."""
    import json
    import shutil

    pyspiel = pytest.importorskip("pyspiel")
    import rulescript.envs.openspiel_game  # noqa: F401  (registers the game)

    other = tmp_path / "examples"
    shutil.copytree(EXAMPLES, other)
    cards = json.loads((other / "cards.json").read_text())
    cards[0]["name"] = "A Sentinel of another folder"
    (other / "cards.json").write_text(json.dumps(cards))
    decks = {"deck0": "examples/decks/vanguard.o8d", "deck1": "examples/decks/arcana.o8d"}
    names = []
    for folder in (EXAMPLES.parent, tmp_path):
        monkeypatch.chdir(folder)
        game = pyspiel.load_game("python_rulescript", {"card_set": "examples", **decks})
        names.append(game.card_set.card(0)["name"])
    assert names == [rs.CardSet.load(str(EXAMPLES)).card(0)["name"], "A Sentinel of another folder"]


def test_an_openspiel_state_deep_copied_keeps_its_history_and_goes_on_alone():
    """`copy.deepcopy(state)` is `state.clone()`: the same `history()` and
    `move_number()` as the state (a new state around a copy of the game had them empty
    and 0 whatever the game's moves), and moves of its own leave the state as it was."""
    import copy

    pyspiel = pytest.importorskip("pyspiel")
    import rulescript.envs.openspiel_game  # noqa: F401 - registers the game

    params = {"card_set": str(EXAMPLES), "deck0": str(DECKS[0]), "deck1": str(DECKS[1]), "seed": 3}
    state = pyspiel.load_game("python_rulescript", params).new_initial_state()
    for _ in range(7):
        state.apply_action(state.legal_actions()[0])
    copied = copy.deepcopy(state)
    assert copied.history() == state.history() == state.game.history()
    assert copied.move_number() == state.move_number() == 7
    assert copied.game.trace_hash() == state.game.trace_hash() and copied.game is not state.game
    copied.apply_action(copied.legal_actions()[-1])
    assert state.history() == state.game.history() and len(state.history()) == 7


def test_a_gymnasium_reset_stopped_part_way_leaves_the_env_as_it_was(monkeypatch):
    """Ctrl-C during a reset (here as the new game's opponent is seeded) leaves the env's
    game and opponent as they were, the episode under way going on, rather than a new game
    with the last game's opponent (whose choices are then not the new seed's)."""
    from rulescript.envs import gym_env

    env = gym_env.RuleScriptEnv(str(EXAMPLES), [str(p) for p in DECKS], seat=0, opponent="random")
    _, info = env.reset(seed=3)
    _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    game, opponent, history = env.game, env._opponent, env.game.history() if env.game else []

    def stopped(game_seed: int, seat: int) -> int:
        raise _Interrupt

    with monkeypatch.context() as patched:
        patched.setattr(gym_env, "player_seed", stopped)
        with pytest.raises(_Interrupt):
            env.reset(seed=4)
    assert env.game is game and env._opponent is opponent and game is not None and game.history() == history
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    env.reset(seed=4)
    assert env.game is not game


def test_an_aec_reset_stopped_part_way_leaves_the_env_as_it_was():
    """Ctrl-C during a reset (here once the new game is made, as the agents are listed)
    leaves the env's game, agents, flags and rewards as they were: an episode that had
    ended still has every agent terminated, rather than a new game beside the last one's
    flags."""
    from rulescript.envs import pettingzoo_env

    env = pettingzoo_env.RuleScriptAECEnv(str(EXAMPLES), [str(p) for p in DECKS], turn_limit=2)
    env.reset(seed=3)
    while not all(env.terminations.values()):
        observation, _, _, _, _ = env.last()
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    game, flags, rewards = env.game, dict(env.terminations), dict(env.rewards)

    class StoppedWhenCopied(list):  # type: ignore[type-arg] # possible_agents, stopped
        def __getitem__(self, index: Any) -> Any:
            if isinstance(index, slice):
                raise _Interrupt
            return super().__getitem__(index)

    agents = env.possible_agents
    env.possible_agents = StoppedWhenCopied(agents)
    with pytest.raises(_Interrupt):
        env.reset(seed=4)
    env.possible_agents = agents
    assert env.game is game and env.terminations == flags and env.rewards == rewards
    env.reset(seed=4)
    assert env.game is not game and not any(env.terminations.values())
