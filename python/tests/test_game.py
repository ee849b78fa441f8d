"""The Game API: legal actions and masks, illegal moves, observations, views, copies,
histories, results."""

import copy
from typing import List, Union

import numpy as np
import pytest

import rulescript as rs
from conftest import DECKS, EXAMPLES, play_first, run_bounded


def test_a_new_game_lists_legal_actions_that_match_its_mask(card_set, decks):
    game = rs.Game(card_set, decks, seed=7)
    actions = game.legal_actions()
    mask = game.legal_mask()
    assert mask.dtype == np.bool_ and mask.shape == (rs.ACTION_SPACE,)
    assert sorted(actions) == list(np.flatnonzero(mask))
    assert 0 in actions  # Pass is always legal in the Main phase
    assert game.current_player in (0, 1)
    assert not game.is_over() and game.returns() == [0.0, 0.0] and game.winner() is None


def test_decks_may_be_given_as_paths(card_set, decks):
    by_path = rs.Game(card_set, [str(p) for p in DECKS], seed=3)
    by_deck = rs.Game(card_set, decks, seed=3)
    assert by_path.trace_hash() == by_deck.trace_hash()
    assert [d.name for d in by_path.decks] == ["vanguard", "arcana"]


def test_an_illegal_action_raises_listing_the_legal_ones_and_changes_nothing(card_set, decks):
    game = rs.Game(card_set, decks, seed=7)
    before = game.state_hash()
    legal = game.legal_actions()
    illegal = next(a for a in range(rs.ACTION_SPACE) if a not in legal)
    with pytest.raises(rs.IllegalMove) as raised:
        game.apply(illegal)
    assert raised.value.legal_actions == legal
    assert f"action {illegal} (" in str(raised.value) and "is not legal now" in str(raised.value)
    assert isinstance(raised.value, ValueError)
    with pytest.raises(rs.IllegalMove, match="outside the action space"):
        game.apply(rs.ACTION_SPACE)
    with pytest.raises(rs.IllegalMove, match="outside the action space"):
        game.apply(-1)
    assert game.state_hash() == before and game.history() == []


def test_a_finished_game_has_results_and_refuses_moves(card_set, decks):
    game = rs.Game(card_set, decks, seed=11)
    while not game.is_over():
        game.apply(game.legal_actions()[0])
    assert game.legal_actions() == [] and not game.legal_mask().any()
    returns = game.returns()
    assert sum(returns) == 0.0 and set(returns) <= {-1.0, 0.0, 1.0}
    winner = game.winner()
    if winner is not None:
        assert returns[winner] == 1.0
    assert game.outcome()
    with pytest.raises(rs.IllegalMove, match="the game is over"):
        game.apply(0)


def test_observations_have_the_documented_shape_and_layout(card_set, decks):
    game = rs.Game(card_set, decks, seed=5)
    obs = game.observation(game.current_player)
    assert obs.dtype == np.float32 and obs.shape == (rs.OBSERVATION_SIZE,)
    layout = {name: (offset, size) for name, offset, size in rs.OBSERVATION_LAYOUT}
    assert sum(size for _, size in layout.values()) == rs.OBSERVATION_SIZE
    me, hand = layout["me"], layout["hand"]
    view = game.view(game.current_player)
    mine = view["players"][view["me"]]
    assert obs[me[0]] == pytest.approx(mine["hp"] / 3000)
    assert obs[me[0] + 2] == pytest.approx(mine["hand_size"] / 10)
    # One card block of 8 per hand position: present for each card held, absent after.
    blocks = obs[hand[0] : hand[0] + hand[1]].reshape(-1, 8)
    assert list(blocks[:, 0]) == [1.0] * mine["hand_size"] + [0.0] * (rs.MAX_HAND - mine["hand_size"])
    # The same for the removed pile, empty at the start (tests/test_removed_pile.py fills it).
    assert layout["removed"] == (hand[0] + hand[1], rs.MAX_HAND * 8) and mine["removed"] == []
    assert not obs[layout["removed"][0] : layout["removed"][0] + layout["removed"][1]].any()
    # Whose move it is, seen from each side.
    assert obs[2] == 1.0 and game.observation(1 - game.current_player)[2] == 0.0
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        game.observation(2)


# The kinds of question, in the order of the question header's one-hot (python/README.md).
QUESTION_KINDS = ["targets", "type", "zone", "action", "may", "confirm", "command", "cost", "function"]


def header_floats(header):
    """The 12 floats of the question header after its card block, as the layout documents
    them, from `Game.view`'s `question_header` (None: no question the viewer answers)."""
    if header is None:
        return [0.0] * 12
    kind = [0.0] * len(QUESTION_KINDS)
    kind[QUESTION_KINDS.index(header["kind"])] = 1.0
    picks = [np.float32(min(n, 64)) / np.float32(64) for n in (header["min"], header["max"])]
    return [float(header["asker_is_mine"])] + picks + kind


def test_the_question_header_shows_what_the_view_shows_and_zeros_otherwise(card_set, decks):
    """Through random games, from both seats: the question header (which card asks, whose,
    fewest and most picks, the kind) holds what `Game.view`'s `question_header` says while
    the viewer answers a question, and only zeros otherwise (the opponent's question, or
    none). The view is built apart from the observation."""
    layout = {name: (offset, size) for name, offset, size in rs.OBSERVATION_LAYOUT}
    start, size = layout["question_header"]
    assert size == 20 and start + size == layout["question"][0]
    answered, seen_kinds, hidden_from_other = 0, set(), 0
    rng = np.random.default_rng(9)
    for seed in range(40):
        game = rs.Game(card_set, decks, seed=seed)
        while not game.is_over():
            for viewer in (0, 1):
                header = game.observation(viewer)[start : start + size]
                view = game.view(viewer)["question_header"]
                assert list(header[8:]) == header_floats(view), (seed, viewer, view)
                assert header[0] == float(view is not None and view["asker"] is not None), (seed, viewer, view)
                if view is None:
                    assert not header.any()
                    hidden_from_other += game.view(1 - viewer)["question_header"] is not None
                else:
                    answered += 1
                    seen_kinds.add(view["kind"])
            legal = game.legal_actions()
            game.apply(int(legal[rng.integers(len(legal))]))
    assert answered > 50 and hidden_from_other > 50, (answered, hidden_from_other)
    assert len(seen_kinds) >= 2, seen_kinds


def test_fireball_asks_its_player_for_one_character_and_the_header_says_so(card_set, decks):
    """A real question of the example set: Fireball ("deal 300 damage to a character of
    your choice") played from the hand asks its player for one target. The header holds
    Fireball's card block (as the hand showed it before), the viewer's own, one pick at
    least and at most, kind `targets`; the other seat's header is zeros."""
    layout = {name: offset for name, offset, _ in rs.OBSERVATION_LAYOUT}
    start = layout["question_header"]
    rng = np.random.default_rng(4)
    checked = 0
    for seed in range(60):
        game = rs.Game(card_set, decks, seed=seed)
        while not game.is_over() and checked < 5:
            me = game.current_player
            fireballs = [a for a in game.legal_actions() if "Fireball" in game.action_to_string(a)]
            if fireballs and documented_move(fireballs[0])[0].startswith("PlayCard"):
                hand = documented_move(fireballs[0])[1]["hand"]
                played = game.observation(me)[layout["hand"] + 8 * hand : layout["hand"] + 8 * hand + 8].copy()
                game.apply(fireballs[0])
                view = game.view(me)["question_header"]
                if game.current_player == me and view is not None and view["asker"]["name"] == "Fireball":
                    header = game.observation(me)[start : start + 20]
                    assert list(header[:8]) == list(played)
                    assert header[2] == 1.0, "Fireball is an action"
                    assert list(header[8:11]) == [1.0, 1 / 64, 1 / 64]
                    assert list(header[11:]) == [1.0] + [0.0] * 8, "kind: targets"
                    assert view["asker_is_mine"] and view["kind"] == "targets"
                    assert (view["min"], view["max"], view["picked"]) == (1, 1, [])
                    assert not game.observation(1 - me)[start : start + 20].any()
                    checked += 1
                continue
            legal = game.legal_actions()
            game.apply(int(legal[rng.integers(len(legal))]))
    assert checked == 5


def ring_slot_floats(slot, rings):
    """The last 8 floats of a ring slot's block, as the layout documents them, from
    `Game.view`'s ring entry `slot` (None when empty) and both players' rings."""
    if slot is None:
        return [0.0] * 8
    blocks = 0.0
    if slot["blocking"] is not None:
        attacker = slot["blocking"]
        for ring in rings:
            for i, other in enumerate(ring):
                if other is not None and other["card"]["card"] == attacker:
                    blocks = (i + 1) / 4
    return [
        np.float32(slot["bp"]) / np.float32(1000),
        float(slot["fresh"]),
        float(slot["frozen"]),
        float(slot["role"] == "Leader"),
        float(slot["role"] == "Joiner"),
        float(slot["united"]),
        blocks,
        len(slot["backups"]) / 4,
    ]


def test_observation_ring_slots_show_what_the_view_shows(card_set, decks):
    """Every ring slot of both player blocks, from both seats, through random games: its
    BP and markers (just entered, frozen, attack role, United Attack, the slot it blocks,
    back-ups) are those `Game.view` lists, and an empty slot is all zeros. The view is
    built apart from the observation, so a marker put in the wrong float fails here."""
    layout = {name: (offset, size) for name, offset, size in rs.OBSERVATION_LAYOUT}
    seen = {"fresh": 0, "frozen": 0, "Leader": 0, "Joiner": 0, "united": 0, "blocking": 0, "backups": 0}
    rng = np.random.default_rng(5)
    for seed in range(40):
        game = rs.Game(card_set, decks, seed=seed)
        while True:
            for viewer in (0, 1):
                obs = game.observation(viewer)
                view = game.view(viewer)
                rings = [player["ring"] for player in view["players"]]
                for name, seat in (("me", viewer), ("opponent", 1 - viewer)):
                    start = layout[name][0] + 14
                    for i, slot in enumerate(rings[seat]):
                        block = obs[start + 16 * i : start + 16 * (i + 1)]
                        assert block[0] == float(slot is not None)
                        assert list(block[8:]) == ring_slot_floats(slot, rings), (seed, viewer, name, i, slot)
                        if slot is not None:
                            for marker in ("fresh", "frozen", "united"):
                                seen[marker] += slot[marker]
                            seen["blocking"] += slot["blocking"] is not None
                            seen["backups"] += len(slot["backups"]) > 0
                            seen[slot["role"]] = seen.get(slot["role"], 0) + 1
            if game.is_over():
                break
            legal = game.legal_actions()
            game.apply(int(legal[rng.integers(len(legal))]))
    # Every marker was shown somewhere, so each float was checked set as well as clear.
    assert min(seen.values()) > 0, seen


def test_observation_into_checks_the_array(card_set, decks):
    game = rs.Game(card_set, decks, seed=5)
    out = np.full(rs.OBSERVATION_SIZE, 7.0, np.float32)  # whatever it held is overwritten
    game.observation_into(0, out)
    assert np.array_equal(out, game.observation(0))
    size = rs.OBSERVATION_SIZE
    expected = rf"out must be a numpy float32 array of shape \({size},\), not "
    with pytest.raises(ValueError, match=expected + "a float64 array$"):
        game.observation_into(0, np.zeros(size, np.float64))
    with pytest.raises(ValueError, match=expected + "a >f4 array$"):
        game.observation_into(0, np.zeros(size, ">f4"))
    with pytest.raises(ValueError, match=expected + "list$"):
        game.observation_into(0, [0.0] * size)  # type: ignore[arg-type] # the ValueError under test
    # Shapes as numpy prints them.
    with pytest.raises(ValueError, match=rf"out has shape \({size + 1},\), not \({size},\)"):
        game.observation_into(0, np.zeros(size + 1, np.float32))
    with pytest.raises(ValueError, match=rf"out has shape \(1, {size}\), not \({size},\)"):
        game.observation_into(0, np.zeros((1, size), np.float32))


def test_the_view_is_the_engines_player_view(card_set, decks):
    game = rs.Game(card_set, decks, seed=5)
    me = game.current_player
    view = game.view(me)
    assert view["me"] == me and view["to_move"] == me
    assert view["players"][me]["hand"] is not None
    assert view["players"][1 - me]["hand"] is None  # the opponent's hand is hidden
    assert len(view["legal_moves"]) == len(game.legal_actions())
    assert game.view(1 - me)["legal_moves"] == []


def test_action_to_string_names_the_move_and_the_card(card_set, decks):
    game = rs.Game(card_set, decks, seed=5)
    assert game.action_to_string(0) == "Pass"
    plays = [a for a in game.legal_actions() if game.action_to_string(a).startswith("PlayCharacter")]
    assert plays and "[" in game.action_to_string(plays[0])
    with pytest.raises(ValueError):
        game.action_to_string(rs.ACTION_SPACE)


def test_a_clone_goes_on_on_its_own(card_set, decks):
    game = rs.Game(card_set, decks, seed=9)
    game.apply(game.legal_actions()[0])
    copy = game.clone()
    assert copy.trace_hash() == game.trace_hash() and copy.history() == game.history()
    copy.apply(copy.legal_actions()[-1])
    assert copy.history() != game.history()
    assert copy.trace_hash() != game.trace_hash()


def test_the_start_and_history_rebuild_the_game(card_set, decks):
    game = rs.Game(card_set, decks, seed=21)
    rng = np.random.default_rng(0)
    for _ in range(60):
        if game.is_over():
            break
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    again = rs.Game.from_history(card_set, decks, 21, game.history())
    assert again.trace_hash() == game.trace_hash()
    assert again.state_hash() == game.state_hash()
    assert again.log() == game.log() and len(game.log()) > 0
    bad = game.history()[:3] + [rs.ACTION_SPACE - 1]
    with pytest.raises(rs.IllegalMove, match="history step 3"):
        rs.Game.from_history(card_set, decks, 21, bad)


def test_the_built_in_players_choose_legal_actions(card_set, decks):
    game = rs.Game(card_set, decks, seed=4)
    players: List[Union[rs.GreedyPlayer, rs.RandomPlayer]] = [rs.GreedyPlayer.for_seat(4, 0), rs.RandomPlayer.for_seat(4, 1)]
    while not game.is_over():
        action = players[game.current_player].choose(game)
        assert action in game.legal_actions()
        game.apply(action)
    with pytest.raises(rs.IllegalMove):
        players[0].choose(game)


def test_the_greedy_player_beats_the_random_one_more_often_than_not(card_set, decks):
    wins = 0
    for seed in range(12):
        game = rs.Game(card_set, decks, seed=seed)
        players: List[Union[rs.GreedyPlayer, rs.RandomPlayer]] = [
            rs.GreedyPlayer.for_seat(seed, 0),
            rs.RandomPlayer.for_seat(seed, 1),
        ]
        while not game.is_over():
            game.apply(players[game.current_player].choose(game))
        wins += game.winner() == 0
    assert wins >= 7, wins


def test_a_panic_in_the_engine_is_a_python_exception():
    with pytest.raises(rs.EngineError, match="a panic raised on purpose"):
        rs._rulescript._panic_for_tests()
    assert issubclass(rs.EngineError, RuntimeError)


def test_observation_into_a_read_only_array_is_a_value_error_not_a_panic(card_set, decks):
    game = rs.Game(card_set, decks, seed=5)
    out = np.zeros(rs.OBSERVATION_SIZE, np.float32)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        game.observation_into(0, out)
    assert not out.any()


def test_an_action_past_int64_is_an_illegal_move_like_any_outside_the_space(card_set, decks):
    game = rs.Game(card_set, decks, seed=7)
    legal = game.legal_actions()
    for action in (2**63, -(2**63) - 1, 2**70):
        with pytest.raises(rs.IllegalMove, match=f"action {action} is outside the action space") as raised:
            game.apply(action)
        assert raised.value.legal_actions == legal
    with pytest.raises(rs.IllegalMove, match=f"history step 1: action {2**64} is outside the action space"):
        rs.Game.from_history(card_set, decks, 7, [legal[0], 2**64])
    with pytest.raises(ValueError, match=f"action {2**70} is outside the action space"):
        game.action_to_string(2**70)
    # Other types than ints stay TypeErrors.
    with pytest.raises(TypeError):
        game.apply(1.0)  # type: ignore[arg-type] # the TypeError under test
    assert game.history() == []


def test_integer_arguments_out_of_range_are_value_errors_that_say_the_range(card_set, decks):
    """Not the bare OverflowError of an int that does not fit, which names neither the
    argument nor what it may be."""
    game = rs.Game(card_set, decks, seed=2**64 - 1)
    for seed in (-1, 2**64):
        with pytest.raises(ValueError, match=f"a seed must be an integer from 0 to {2**64 - 1}, not {seed}"):
            rs.Game(card_set, decks, seed=seed)
        with pytest.raises(ValueError, match="a seed must be"):
            rs.RandomPlayer(seed)
        with pytest.raises(ValueError, match="a seed must be"):
            game.resample_hidden(0, seed)
    with pytest.raises(ValueError, match=f"a turn limit must be an integer from 1 to {2**32 - 1}, not -1"):
        rs.Game(card_set, decks, turn_limit=-1)
    for player in (-1, 2, 2**64, -(2**70)):
        with pytest.raises(ValueError, match=f"player must be 0 or 1, not {player}"):
            game.observation(player)
        with pytest.raises(ValueError, match="player must be 0 or 1"):
            rs.GreedyPlayer.for_seat(0, player)
    with pytest.raises(IndexError, match="index -1 is out of range"):
        card_set.card(-1)
    with pytest.raises(TypeError, match="argument 'seed'"):
        rs.Game(card_set, decks, seed=1.5)  # type: ignore[arg-type] # the TypeError under test


def test_a_turn_limit_of_zero_is_refused_as_rsc_refuses_it(card_set, decks):
    """`rsc run --turn-limit 0` is refused ("0 is not in 1..=4294967295"); the package took
    it and the engine played one turn, its outcome "the turn limit of 1 turns was reached",
    while `observation_bounds` and OpenSpiel's game length were worked out for 0."""
    from rulescript.sim import Simulation

    message = f"a turn limit must be an integer from 1 to {2**32 - 1}, not 0"
    calls = [
        lambda: rs.Game(card_set, decks, turn_limit=0),
        lambda: rs.Game.from_history(card_set, decks, 1, [], turn_limit=0),
        lambda: rs.VecGame(card_set, decks, 2, turn_limit=0),
        lambda: rs.observation_bounds(card_set, decks, turn_limit=0),
        lambda: Simulation(str(EXAMPLES), decks=[str(d) for d in DECKS], games=2, turn_limit=0),
    ]
    for call in calls:
        with pytest.raises(ValueError, match=message):
            call()
    one_turn = rs.Game(card_set, decks, seed=1, turn_limit=1)
    play_first(one_turn)
    assert one_turn.outcome() == "draw: the turn limit of 1 turns was reached"


def test_the_built_in_players_copy_with_their_state_and_sets_and_decks_copy_as_themselves(card_set, decks):
    """`copy.copy` and `copy.deepcopy` of a player raised "cannot pickle"; a set's
    deepcopy loaded its folder again (through pickling)."""
    import copy

    for kind in (rs.RandomPlayer, rs.GreedyPlayer):
        player = kind(5)
        game = rs.Game(card_set, decks, seed=9)
        for _ in range(6):
            game.apply(player.choose(game))
        copies = [copy.copy(player), copy.deepcopy(player)]
        # The original plays on first: the copies, made before, must not have moved with it.
        ends = [game.clone() for _ in copies]
        while not game.is_over():
            game.apply(player.choose(game))
        for twin, end in zip(copies, ends):
            assert twin is not player
            while not end.is_over():
                end.apply(twin.choose(end))
            assert end.trace_hash() == game.trace_hash()
    for immutable in (card_set, decks[0]):
        assert copy.copy(immutable) is immutable and copy.deepcopy(immutable) is immutable


def test_an_endless_iterable_of_decks_is_refused_after_three():
    """It was collected until memory ran out (in a child with 2 GiB of address space, so
    that a regression fails the test rather than exhaust the machine)."""
    done = run_bounded(
        f"""
import itertools
import rulescript as rs
card_set = rs.CardSet.load({str(EXAMPLES)!r})
for make in (rs.Game, lambda cards, decks: rs.VecGame(cards, decks, 2)):
    try:
        make(card_set, itertools.repeat({str(DECKS[0])!r}))
    except ValueError as error:
        print(error)
"""
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == ["a game needs two decks, not more"] * 2


def test_a_game_pickles_as_its_start_and_history(card_set, decks, tmp_path, monkeypatch):
    """It raised "cannot pickle 'rulescript.Game' object" (and so did OpenSpiel's
    `serialize` of a state holding one)."""
    import os
    import pickle

    game = rs.Game(card_set, decks, seed=5, turn_limit=30)
    for _ in range(25):
        game.apply(game.legal_actions()[-1])
    copy = pickle.loads(pickle.dumps(game))
    assert (copy.trace_hash(), copy.history(), copy.seed) == (game.trace_hash(), game.history(), game.seed)
    assert copy.state_hash() == game.state_hash()
    # The folder made absolute: the card set loads again from another working directory.
    assert pickle.loads(pickle.dumps(card_set)).dir == EXAMPLES
    pickled = pickle.dumps(rs.CardSet.load(os.path.relpath(EXAMPLES)))
    monkeypatch.chdir(tmp_path)
    assert len(pickle.loads(pickled)) == len(card_set)
    deck = pickle.loads(pickle.dumps(decks[0]))
    assert (deck.name, deck.card_ids, len(deck)) == (decks[0].name, decks[0].card_ids, 50)
    with pytest.raises(TypeError, match="resample_hidden"):
        pickle.dumps(game.resample_hidden(0, 1))


def test_an_unpickled_deck_is_held_to_the_deck_rules(decks):
    from rulescript._rulescript import _deck

    ids = decks[0].card_ids
    for wrong, code in [(ids[:49], "deck-size"), (ids * 1000, "deck-size"), ([ids[0]] * 50, "deck-copies")]:
        with pytest.raises(rs.DeckError) as raised:
            _deck("edited", "edited.o8d", wrong)
        assert raised.value.code == code


def documented_move(action):
    """The move an action number is, by the table of python/README.md, as `action_to_string`
    begins, and the observation blocks it names: [(block, position)]."""
    table = [  # (first action, count, name, fields and their sizes)
        (0, 1, "Pass", []),
        (1, 1, "Confirm", []),
        (2, 400, "PlayCharacter", [("hand", 100), ("slot", 4)]),
        (402, 100, "PlayCard", [("hand", 100)]),
        (502, 400, "Backup", [("hand", 100), ("slot", 4)]),
        (902, 4, "Activate", [("slot", 4)]),
        (906, 4, "Attack", [("slot", 4)]),
        (910, 16, "Join", [("slot", 4), ("leader", 4)]),
        (926, 16, "Block", [("slot", 4), ("attacker", 4)]),
        (942, 64, "Pick", [("candidate", 64)]),
        (1006, 400, "PlayRemoved", [("pos", 100), ("slot", 4)]),
    ]
    assert sum(count for _, count, _, _ in table) == rs.ACTION_SPACE
    first, _, name, fields = next(row for row in table if row[0] <= action < row[0] + row[1])
    values, rest = {}, action - first
    for field, size in reversed(fields):
        rest, values[field] = divmod(rest, size)
    if name == "Pick":
        return f"Pick({values['candidate']})", values
    if not fields:
        return name, values
    return name + " { " + ", ".join(f"{field}: {values[field]}" for field, _ in fields) + " }", values


def test_every_legal_action_is_the_move_the_readme_table_says_and_points_at_the_observation(card_set, decks):
    """The action space's table in python/README.md, checked against `action_to_string` for
    every legal action of random games, and what a policy reads for each: the hand position
    holds a card of the move's kind (the removed pile's position for `PlayRemoved`, which
    tests/test_removed_pile.py plays), the ring slots hold characters (the opponent's for an
    attacker), a picked candidate is present while the viewer answers a question."""
    layout = {name: offset for name, offset, _ in rs.OBSERVATION_LAYOUT}
    seen = set()
    rng = np.random.default_rng(2)
    for seed in range(120):
        game = rs.Game(card_set, decks, seed=seed)
        while not game.is_over():
            obs = game.observation(game.current_player)
            hand = obs[layout["hand"] : layout["removed"]].reshape(rs.MAX_HAND, 8)
            removed = obs[layout["removed"] : layout["question_header"]].reshape(rs.MAX_HAND, 8)
            question = obs[layout["question"] :].reshape(rs.MAX_PICKS, 16)

            def ring(side, slot):
                return obs[layout[side] + 14 + 16 * slot : layout[side] + 30 + 16 * slot]

            for action in game.legal_actions():
                text, at = documented_move(action)
                assert game.action_to_string(action).startswith(text), (action, game.action_to_string(action))
                kind = text.split(" ")[0].split("(")[0]
                seen.add(kind)
                if "hand" in at:
                    card = hand[at["hand"]]
                    assert card[0] == 1 and (card[1] == 1 if kind != "PlayCard" else card[2] + card[3] == 1), text
                if kind == "PlayRemoved":
                    assert removed[at["pos"], 0] == 1, text
                if kind == "PlayCharacter" or (kind == "PlayRemoved" and removed[at["pos"], 1] == 1):
                    assert ring("me", at["slot"])[0] == 0, text
                if kind in ("Backup", "Activate", "Attack", "Join", "Block"):
                    assert ring("me", at["slot"])[0] == 1, text
                if kind == "Join":
                    assert ring("me", at["leader"])[0] == 1, text
                if kind == "Block":
                    assert ring("opponent", at["attacker"])[0] == 1, text
                if kind == "Pick":
                    assert obs[10] == 1 and question[at["candidate"], 0] == 1, text
            legal = game.legal_actions()
            game.apply(int(legal[rng.integers(len(legal))]))
    assert seen >= {"Pass", "PlayCharacter", "PlayCard", "Backup", "Activate", "Attack", "Join", "Block", "Pick"}, seen


def test_bools_are_not_numbers_to_the_package(card_set, decks):
    """`True` is the int 1 to Python: `apply(True)` played action 1, `observation(True)`
    showed seat 1, `Game(seed=True)` was seed 1. Each is a TypeError naming the argument,
    and nothing moves."""
    game = rs.Game(card_set, decks, seed=3)
    for flag in (True, False):
        with pytest.raises(TypeError, match=f"an action must be an int, not a bool \\({flag}\\)"):
            game.apply(flag)
        with pytest.raises(TypeError, match="player must be an int, not a bool"):
            game.observation(flag)
        with pytest.raises(TypeError, match="a seed must be an int, not a bool"):
            rs.Game(card_set, decks, seed=flag)
        with pytest.raises(TypeError, match="a turn limit must be an int, not a bool"):
            rs.Game(card_set, decks, turn_limit=flag)
        with pytest.raises(TypeError, match="an index must be an int, not a bool"):
            card_set.card(flag)
        with pytest.raises(TypeError, match="an action must be an int"):
            rs.Game.from_history(card_set, decks, 3, [flag])
    with pytest.raises(TypeError):
        game.apply(np.True_)  # type: ignore[arg-type] # the TypeError under test
    assert game.history() == []
    game.apply(np.int64(game.legal_actions()[0]))  # numpy integers are ints
    assert len(game.history()) == 1


def test_a_game_seeded_none_draws_its_seed_from_fresh_entropy(card_set, decks):
    """As Gymnasium reads `seed=None`; the seed drawn is the game's `seed`, which plays the
    same game again. (`seed=None` was a TypeError.)"""
    games = [rs.Game(card_set, decks, seed=None) for _ in range(4)]
    seeds = {game.seed for game in games}
    assert len(seeds) == 4 and all(0 <= seed < 2**64 for seed in seeds)
    again = rs.Game(card_set, decks, seed=games[0].seed)
    assert again.trace_hash() == games[0].trace_hash()
    assert rs.Game(card_set, decks).seed == 0  # the default is still 0


@pytest.mark.parametrize("make", [rs.RandomPlayer, rs.GreedyPlayer])
def test_a_player_seeded_none_draws_its_seed_and_says_which(card_set, decks, make):
    """`RandomPlayer()` was a TypeError (a seed was required) though `Game` and `VecGame`
    take `seed=None`; the seed drawn is the player's `seed`, which makes the same choices
    again."""
    players = [make() for _ in range(4)] + [make(None)]
    seeds = {player.seed for player in players}
    assert len(seeds) == 5 and all(0 <= seed < 2**64 for seed in seeds)
    assert make(7).seed == 7 and copy.copy(make(7)).seed == 7
    assert make.for_seat(5, 1).seed == rs.player_seed(5, 1)

    def play(player):
        game = rs.Game(card_set, decks, seed=3)
        for _ in range(200):
            if game.is_over():
                break
            game.apply(player.choose(game))
        return game.trace_hash()

    assert play(make(players[0].seed)) == play(players[0])
