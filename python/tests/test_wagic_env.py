"""Magic for learning agents: `WagicGame.legal_mask()` and `observation(player)` (the fixed
action space and observation of `rulescript.wagic`), what an observation hides, and the
PettingZoo and Gymnasium environments over it (`rulescript.envs.wagic_env`), checked with
the libraries' own test tools and complete games of random masked actions. The small cards
and decks of `test_wagic.py`; Wagic's own cards read in place (skipped when absent, failed
when `CI` is set)."""

import random

import numpy as np
import pytest

import rulescript as rs
from rulescript import wagic

from test_wagic import cards, folder, wagic_cards  # noqa: F401 (fixtures)

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from rulescript.envs.wagic_env import WagicAECEnv, WagicEnv  # noqa: E402

LAYOUT = {name: (offset, size) for name, offset, size in wagic.OBSERVATION_LAYOUT}
# Offsets inside the blocks, as `python/src/wagic/observation.rs` documents them.
PHASES = 12
QUESTION_KINDS = ["mulligan", "priority", "effect", "attack", "block", "discard", "legend"]
KIND_OFFSET = 1 + PHASES + 2
PLAYERS_OFFSET = KIND_OFFSET + len(QUESTION_KINDS) + 3
CARD = 18
OPTION = 48
OPTION_KINDS = 22


def decks_of(folder, *names):
    return [folder / name for name in names]


def block(observation, name):
    offset, size = LAYOUT[name]
    return observation[offset : offset + size]


def test_the_layout_covers_the_observation_and_the_mask_the_options(cards, folder):
    assert wagic.ACTION_SPACE == 64
    assert sum(size for _, _, size in wagic.OBSERVATION_LAYOUT) == wagic.OBSERVATION_SIZE
    assert [name for name, _, _ in wagic.OBSERVATION_LAYOUT] == [
        "global", "hand", "battlefield", "stack", "question_header", "options"
    ]  # fmt: skip
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=1)
    rng = random.Random(1)
    while not game.is_over():
        mask = game.legal_mask()
        assert mask.dtype == np.bool_ and mask.shape == (wagic.ACTION_SPACE,)
        assert list(np.flatnonzero(mask)) == game.legal_actions()
        observation = game.observation(0)
        assert observation.dtype == np.float32 and observation.shape == (wagic.OBSERVATION_SIZE,)
        assert np.isfinite(observation).all()
        # One option block a legal action, each with one kind.
        options = block(observation, "options").reshape(wagic.ACTION_SPACE, OPTION)
        assert list(np.flatnonzero(options[:, 0])) == game.legal_actions()
        assert (options[mask, 1 : 1 + OPTION_KINDS].sum(axis=1) == 1).all()
        game.apply(rng.choice(game.legal_actions()))
    assert not game.legal_mask().any()
    over = game.observation(0)
    assert over[KIND_OFFSET + len(QUESTION_KINDS)] == 1.0  # game over
    assert not block(over, "options").any()


def test_the_observation_tells_the_question_its_options_and_the_board(cards, folder):
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=3, players=(None, None))
    first = game.observation(0)
    kinds = first[KIND_OFFSET : KIND_OFFSET + len(QUESTION_KINDS)]
    assert list(kinds) == [1.0, 0, 0, 0, 0, 0, 0]  # mulligan
    options = block(first, "options").reshape(wagic.ACTION_SPACE, OPTION)
    assert [list(np.flatnonzero(options[i, 1 : 1 + OPTION_KINDS])) for i in (0, 1)] == [[0], [1]]  # keep, mulligan
    # Both seats at 20 life, seven cards in hand: the hand's blocks present.
    assert first[PLAYERS_OFFSET] == first[PLAYERS_OFFSET + 12] == 1.0
    hand = block(first, "hand").reshape(-1, CARD)
    assert list(hand[:, 0]) == [1.0] * 7 + [0.0] * 9
    # The seat not asked sees no question.
    other = game.observation(1)
    assert not other[KIND_OFFSET : KIND_OFFSET + len(QUESTION_KINDS)].any()
    assert not block(other, "options").any() and not block(other, "question_header").any()
    # A priority question's `play Forest` option: its kind, its card in the viewer's hand,
    # the card's block (a land, present, an id), the hand slot it is in.
    for _ in range(50):
        labels = [game.action_to_string(action) for action in game.legal_actions()]
        if game.current_player == 0 and "play Forest" in labels:
            break
        game.apply(labels.index("pass") if "pass" in labels else 0)
    at = labels.index("play Forest")
    option = block(game.observation(0), "options").reshape(wagic.ACTION_SPACE, OPTION)[at]
    kinds, places, card = option[1 : 1 + OPTION_KINDS], option[23:29], option[29 : 29 + CARD]
    assert list(np.flatnonzero(kinds)) == [2]  # play land
    assert list(places) == [1.0, 0, 0, 0, 0, 0]  # in the viewer's hand
    assert (card[0], card[1], card[2]) == (1.0, 1.0, 0.0)  # present, a land, not a creature
    assert 0 < card[17] <= 1  # its id among the compiled names
    view = game.view(0)
    assert view is not None and view["hand"][round(option[47] * 64)] == "Forest"
    # A land played is in its slot on both sides' observations: the mover's own side, the
    # other's opponent side.
    from test_wagic_game import play_a_land

    play_a_land(game)
    slots = {seat: block(game.observation(seat), "battlefield").reshape(2, 24, -1) for seat in (0, 1)}
    land_flag = 1  # the first type of a card block
    assert slots[0][0, 0, land_flag] == 1.0 and slots[1][1, 0, land_flag] == 1.0
    assert not slots[0][1].any() and not slots[1][0].any()


def test_observations_hide_what_the_seat_cannot_see(cards, folder):
    # Games whose decks differ only in cards the seat cannot see (the other seat's hand and
    # library; shuffled alike) give that seat equal observations.
    (folder / "goblins-only.txt").write_text("#NAME:Goblins\n8 Mountain\n8 Raging Goblin\n")
    (folder / "bears-only.txt").write_text("#NAME:Bears\n8 Forest\n8 Grizzly Bears\n")
    seen = {}
    for opponent in ("goblins.txt", "goblins-only.txt"):
        game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", opponent), seed=3, players=(None, None))
        assert game.current_player == 0
        seen[opponent] = game.observation(0)
    assert np.array_equal(seen["goblins.txt"], seen["goblins-only.txt"])
    # Seat 1, while seat 0 is asked, sees nothing of seat 0's cards but their number.
    seen = {}
    for mine in ("bears.txt", "bears-only.txt"):
        game = wagic.WagicGame(cards, decks_of(folder, mine, "goblins.txt"), seed=3, players=(None, None))
        seen[mine] = game.observation(1)
    assert np.array_equal(seen["bears.txt"], seen["bears-only.txt"])
    # ...and a change it can see changes it.
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins-only.txt"), seed=3, players=(None, None))
    assert not np.array_equal(game.observation(1), seen["bears.txt"])


def test_wrong_seats_and_environment_arguments_raise_python_errors(cards, folder):
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=1)
    for player in (2, -1):
        with pytest.raises(ValueError):
            game.observation(player)
    decks = decks_of(folder, "bears.txt", "goblins.txt")
    with pytest.raises(TypeError, match="cards must be WagicCards"):
        WagicEnv(str(folder / "cards.txt"), decks)  # type: ignore[arg-type] # the TypeError under test
    with pytest.raises(ValueError, match="give two decks"):
        WagicAECEnv(cards, decks[:1])
    with pytest.raises(ValueError, match="seat must be 0 or 1"):
        WagicEnv(cards, decks, seat=2)
    with pytest.raises(ValueError, match="opponent must be"):
        WagicEnv(cards, decks, opponent="clever")
    with pytest.raises(rs.DeckError):
        WagicEnv(cards, decks_of(folder, "bears.txt", "misspelt.txt"))
    env = WagicAECEnv(cards, decks)
    with pytest.raises(rs.ResetNeeded):
        env.step(0)
    env.reset(seed=1)
    with pytest.raises(rs.IllegalMove):
        env.step(wagic.ACTION_SPACE - 1)


def test_the_aec_env_passes_pettingzoo_s_api_and_seed_tests(cards, folder):
    from pettingzoo.test import api_test, seed_test

    decks = decks_of(folder, "bears.txt", "goblins.txt")
    api_test(WagicAECEnv(cards, decks), num_cycles=200)
    seed_test(lambda: WagicAECEnv(cards, decks), num_cycles=200)


def play_aec(env, seed):
    """A whole game of random masked actions: the decisions taken and the rewards."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    decisions, rewards = 0, {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter(max_iter=100_000):
        observation, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) >= 2
        env.step(int(rng.choice(legal)))
        decisions += 1
    return decisions, rewards


@pytest.mark.parametrize("seed", [1, 2])
def test_complete_aec_games_of_random_masked_actions(cards, folder, seed):
    env = WagicAECEnv(cards, decks_of(folder, "bears.txt", "goblins.txt"))
    decisions, rewards = play_aec(env, seed)
    assert env.game is not None and env.game.is_over()
    assert decisions == len(env.game.history())
    assert [rewards[agent] for agent in env.possible_agents] == env.game.returns()
    # The same seed plays the same game.
    assert play_aec(env, seed) == (decisions, rewards)


def test_the_gym_env_passes_gymnasium_s_checker_and_plays_whole_games(cards, folder):
    from gymnasium.utils.env_checker import check_env

    decks = decks_of(folder, "bears.txt", "goblins.txt")
    check_env(WagicEnv(cards, decks), skip_render_check=True)
    for seat, opponent in ((0, "greedy"), (1, "random")):
        env = WagicEnv(cards, decks, seat=seat, opponent=opponent)
        observation, info = env.reset(seed=seat)
        rng = np.random.default_rng(seat)
        terminated, reward, steps = False, 0.0, 0
        while not terminated:
            assert observation.shape == (wagic.OBSERVATION_SIZE,)
            assert env.game is not None and env.game.current_player == seat
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, reward, terminated, truncated, info = env.step(action)
            steps += 1
        assert env.game is not None and env.game.is_over() and steps == len(env.game.history())
        assert reward == env.game.returns()[seat] and not info["action_mask"].any()
        assert env.game.players == ((None, opponent) if seat == 0 else (opponent, None))
    # An illegal action loses the episode, or raises.
    env = WagicEnv(cards, decks)
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(wagic.ACTION_SPACE - 1)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(rs.ResetNeeded):
        env.step(0)
    env = WagicEnv(cards, decks, illegal_action="raise")
    env.reset(seed=0)
    with pytest.raises(rs.IllegalMove):
        env.step(wagic.ACTION_SPACE - 1)


def test_random_masked_games_on_wagic_s_own_cards(wagic_cards, tmp_path):  # noqa: F811 (fixture)
    red = tmp_path / "red.txt"
    red.write_text("#NAME:Red\n16 Mountain\n4 Lightning Bolt\n4 Shock\n4 Raging Goblin\n4 Hill Giant\n4 Goblin King\n")
    green = tmp_path / "green.txt"
    green.write_text("#NAME:Green\n16 Forest\n4 Llanowar Elves\n4 Grizzly Bears\n4 Giant Growth\n4 Craw Wurm\n")
    env = WagicAECEnv(wagic_cards, [red, green])
    for seed in (1, 2):
        decisions, rewards = play_aec(env, seed)
        assert env.game is not None and env.game.is_over() and decisions > 20
        assert env.game.result() is not None


# Bounds ---------------------------------------------------------------------------------


def test_the_observation_bounds_are_finite_and_follow_the_layout():
    low, high = wagic.observation_bounds()
    assert low.dtype == high.dtype == np.float32 and low.shape == high.shape == (wagic.OBSERVATION_SIZE,)
    assert np.isfinite(low).all() and np.isfinite(high).all() and (low < high).all()
    # Both seats' life (-10 to 10: 20 life is 1), the turn (a count: 0 to 10), a card's
    # presence (a flag) and an option's kind (one-hot).
    life = PLAYERS_OFFSET
    assert (low[life], high[life], low[life + 12], high[life + 12]) == (-10, 10, -10, 10)
    assert (low[0], high[0]) == (0, 10)
    hand, _ = LAYOUT["hand"]
    options, _ = LAYOUT["options"]
    assert (low[hand], high[hand]) == (low[options + 1], high[options + 1]) == (0, 1)


def test_gymnasium_check_env_passes_on_wagic_v0_without_a_warning(cards, folder):
    """The observation space was unbounded, for which `check_env` warns."""
    import warnings

    import gymnasium
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("Wagic-v0", cards=cards, decks=decks_of(folder, "bears.txt", "goblins.txt"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=True)
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Box)
    low, high = wagic.observation_bounds()
    assert (space.low == low).all() and (space.high == high).all()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_observation_of_complete_random_games_lies_within_the_spaces(cards, folder, seed):
    """Both seats' observations at every question and at the end, in the AEC env's and the
    Gymnasium env's spaces."""
    decks = decks_of(folder, "bears.txt", "goblins.txt")
    aec = WagicAECEnv(cards, decks)
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = 0
    for agent in aec.agent_iter(max_iter=100_000):
        observation, _, terminated, truncated, _ = aec.last()
        for other in aec.possible_agents:
            assert aec.observation_space(other).contains(aec.observe(other)), other
        seen += 1
        aec.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert seen > 20 and aec.game is not None and aec.game.is_over()
    env = WagicEnv(cards, decks, seat=seed % 2, opponent="random")
    observation, info = env.reset(seed=seed)
    terminated = False
    while not terminated:
        assert env.observation_space.contains(observation)
        observation, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert env.observation_space.contains(observation)


def test_observations_of_wagic_s_own_cards_lie_within_the_spaces(wagic_cards, tmp_path):  # noqa: F811 (fixture)
    red = tmp_path / "red.txt"
    red.write_text("#NAME:Red\n16 Mountain\n4 Lightning Bolt\n4 Shock\n4 Raging Goblin\n4 Hill Giant\n4 Goblin King\n")
    green = tmp_path / "green.txt"
    green.write_text("#NAME:Green\n16 Forest\n4 Llanowar Elves\n4 Grizzly Bears\n4 Giant Growth\n4 Craw Wurm\n")
    env = WagicEnv(wagic_cards, [red, green], opponent="greedy")
    rng = np.random.default_rng(0)
    for seed in (1, 2):
        observation, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            assert env.observation_space.contains(observation)
            observation, _, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
