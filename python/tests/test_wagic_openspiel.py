"""Magic for OpenSpiel (`rulescript.envs.wagic_openspiel_game`, `python_rulescript_wagic`):
loading it through pyspiel, OpenSpiel's MCTS bot playing whole games against a random bot,
clones (`WagicGame.clone()`, the game played again with its answers) going on alone, and
serialization. The small cards and decks of `test_wagic.py`; Wagic's own cards read in
place (skipped when absent, failed when `CI` is set)."""

import copy
import json
import os
import random

import numpy as np
import pytest

import rulescript as rs
from rulescript import wagic

from test_wagic import card_files, cards, folder, wagic_data  # noqa: F401 (fixtures)

pyspiel = pytest.importorskip("pyspiel")

from rulescript.envs import wagic_openspiel_game  # noqa: E402 (registers the game)

NAME = wagic_openspiel_game.SHORT_NAME


def params_of(folder, seed=3, **more):
    return {
        "cards": str(folder / "cards.txt"),
        "deck0": str(folder / "bears.txt"),
        "deck1": str(folder / "goblins.txt"),
        "seed": seed,
        **more,
    }


def test_the_game_loads_through_pyspiel_with_wagic_s_action_space_and_observation(folder):
    game = pyspiel.load_game(NAME, params_of(folder, turn_limit=30))
    assert game.get_type().short_name == NAME == "python_rulescript_wagic"
    assert (game.num_players(), game.num_distinct_actions()) == (2, wagic.ACTION_SPACE)
    assert game.observation_tensor_shape() == [wagic.OBSERVATION_SIZE]
    assert game.max_game_length() == 30 * 400
    state = game.new_initial_state()
    assert state.current_player() == 0 and state.legal_actions() == [0, 1]  # keep or mulligan
    assert [state.action_to_string(0, a) for a in (0, 1)] == ["keep", "mulligan"]
    tensor = np.array(state.observation_tensor(0), np.float32)
    assert (tensor == state.game.observation(0)).all()
    low, high = wagic.observation_bounds()
    assert ((low <= tensor) & (tensor <= high)).all()
    assert json.loads(state.observation_string(1))["hand"] == state.game.view(1)["hand"]
    # Every initial state of one loaded game is the same deal.
    assert game.new_initial_state().game.log() == state.game.log()


def test_missing_parameters_and_out_of_range_ones_are_a_value_error(folder):
    with pytest.raises(ValueError, match=r"needs the parameters \['cards', 'deck0', 'deck1'\]: Wagic card files"):
        pyspiel.load_game(NAME)
    with pytest.raises(ValueError, match=r"needs the parameters \['deck1'\]"):
        pyspiel.load_game(NAME, {**params_of(folder), "deck1": ""})
    with pytest.raises(ValueError, match=r"seed must be from 0 to 2\*\*31 - 1, not -1"):
        pyspiel.load_game(NAME, params_of(folder, seed=-1))
    with pytest.raises(ValueError, match=r"turn_limit must be from 1 to 2\*\*31 - 1, not 0"):
        pyspiel.load_game(NAME, params_of(folder, turn_limit=0))
    with pytest.raises(rs.DeckError, match="Grizly Bears"):
        pyspiel.load_game(NAME, {**params_of(folder), "deck1": str(folder / "misspelt.txt")})
    with pytest.raises(OSError):
        pyspiel.load_game(NAME, {**params_of(folder), "cards": str(folder / "no such file.txt")})


def test_skip_uncompiled_plays_a_deck_holding_a_card_that_does_not_compile(folder):
    wrong = {**params_of(folder), "deck1": str(folder / "wrong.txt")}
    with pytest.raises(rs.DeckError, match="Wrong Card"):
        pyspiel.load_game(NAME, wrong)
    game = pyspiel.load_game(NAME, {**wrong, "skip_uncompiled": True})
    assert "Wrong Card" not in game.decks[1].cards
    assert not game.new_initial_state().is_terminal()


def test_an_mcts_bot_plays_whole_games_against_a_random_bot(folder):
    from open_spiel.python.algorithms import mcts
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    rng = np.random.RandomState(0)
    for seed in (3, 4):
        game = pyspiel.load_game(NAME, params_of(folder, seed=seed, turn_limit=12))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        searcher = mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=evaluator, random_state=rng)
        bots = [searcher, UniformRandomBot(1, rng)] if seed == 3 else [UniformRandomBot(0, rng), searcher]
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        assert moves > 20 and state.history() == state.game.history()
        assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        assert state.returns() == state.game.returns()
        result = state.game.result()
        assert result is not None and result.players == ("caller", "caller") and not result.stopped


def test_a_clone_is_the_same_game_and_goes_on_alone(folder):
    """`clone()` (and `copy.deepcopy`) replays the answers: the same history, log,
    question and observations, and moves of its own leave the state as it was."""
    state = pyspiel.load_game(NAME, params_of(folder)).new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    for copied in (state.clone(), copy.deepcopy(state)):
        assert copied.history() == state.history() == copied.game.history()
        assert copied.move_number() == state.move_number() == 40
        assert copied.game is not state.game and copied.game.log() == state.game.log()
        assert copied.game.question == state.game.question and copied.legal_actions() == state.legal_actions()
        assert copied.observation_tensor(0) == state.observation_tensor(0)
        copied.apply_action(copied.legal_actions()[-1])
        assert len(state.history()) == len(state.game.history()) == 40
    # A clone of a state never played from is a new game too.
    fresh = pyspiel.load_game(NAME, params_of(folder)).new_initial_state()
    assert fresh.clone().game.log() == fresh.game.log()


def test_wagic_game_clone_replays_its_answers_on_its_own_thread(cards, folder):  # noqa: F811 (fixtures)
    decks = [folder / "bears.txt", folder / "goblins.txt"]
    game = wagic.WagicGame(cards, decks, seed=6, players=(None, "greedy"), turn_limit=20)
    rng = random.Random(6)
    while not game.is_over():
        copied = game.clone()
        assert (copied.history(), copied.log(), copied.question) == (game.history(), game.log(), game.question)
        assert (copied.players, copied.turn_limit, copied.seed) == (game.players, 20, 6)
        assert (copy.copy(game).observation(0) == game.observation(0)).all()
        game.apply(rng.choice(game.legal_actions()))
        if len(game.history()) > 30:
            break
    # The copy goes on alone: the same answers from here give the same game.
    copied = game.clone()
    while not game.is_over():
        action = rng.choice(game.legal_actions())
        game.apply(action)
        copied.apply(action)
    assert copied.result() is not None and copied.log() == game.log()


def test_from_history_names_the_first_answer_that_is_no_option(cards, folder):  # noqa: F811 (fixtures)
    decks = [folder / "bears.txt", folder / "goblins.txt"]
    game = wagic.WagicGame(cards, decks, seed=2)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    history = game.history()
    with pytest.raises(rs.IllegalMove, match=r"history step 5: action 63 is not an option of") as raised:
        wagic.WagicGame.from_history(cards, decks, 2, [*history, 63, 0])
    assert raised.value.legal_actions == game.legal_actions()
    with pytest.raises(rs.IllegalMove, match=r"history step 2: action -1 is not an option"):
        wagic.WagicGame.from_history(cards, decks, 2, [*history[:2], -1, *history[2:]])
    assert wagic.WagicGame.from_history(cards, decks, 2, history).log() == game.log()


def test_a_state_serializes_and_deserializes_with_its_answers(folder):
    game = pyspiel.load_game(NAME, params_of(folder))
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and again.game.log() == state.game.log() and str(again) == str(state)
    _, copied = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert copied.legal_actions() == state.legal_actions() and copied.game.history() == state.game.history()


def test_there_is_no_information_state_rather_than_the_observation_in_its_place(folder):
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(NAME, params_of(folder))
    state = game.new_initial_state()
    assert make_observation(game).tensor.shape == (wagic.OBSERVATION_SIZE,)
    for call in (
        lambda: state.information_state_string(0),
        lambda: make_observation(game, pyspiel.IIGObservationType(perfect_recall=True)),
    ):
        with pytest.raises(ValueError, match="observes what one player sees now .* it has no information state"):
            call()


def test_an_mcts_bot_plays_on_wagic_s_own_cards(tmp_path):
    from open_spiel.python.algorithms import mcts

    data = wagic_data()
    red = tmp_path / "red.txt"
    red.write_text("#NAME:Red\n16 Mountain\n4 Lightning Bolt\n4 Shock\n4 Raging Goblin\n4 Hill Giant\n4 Goblin King\n")
    green = tmp_path / "green.txt"
    green.write_text("#NAME:Green\n16 Forest\n4 Llanowar Elves\n4 Grizzly Bears\n4 Giant Growth\n4 Craw Wurm\n")
    params = {
        "cards": os.pathsep.join(str(path) for path in card_files(data)),
        "deck0": str(red),
        "deck1": str(green),
        "seed": 1,
        "turn_limit": 8,
    }
    game = pyspiel.load_game(NAME, params)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(bot.step(state) if state.current_player() == 0 else legal[rng.randint(len(legal))])
    assert state.game.result() is not None and not state.game.result().stopped
