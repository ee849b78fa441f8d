"""`rulescript.wagic.WagicGame`: a game of Magic played from Python a question at a time,
on the small cards and decks of `test_wagic.py` (written there from the cards' printed
text): games played to their end with random legal actions, replays from a history, the
refusals of `apply`, and what a seat's view hides."""

import gc
import json
import random
import time
from typing import Any

import numpy as np
import pytest

import rulescript as rs
from rulescript import wagic

from test_wagic import cards, folder  # noqa: F401 (fixtures)


def decks_of(folder, *names):
    return [folder / name for name in names]


def play_out(game, rng, seats=(0,)):
    """Answers every question with a random legal action; checks each question as it goes.
    The number of answers."""
    answers = 0
    while not game.is_over():
        assert game.current_player in seats
        legal = game.legal_actions()
        assert len(legal) >= 2 and legal == list(range(len(legal))), legal
        assert game.question and game.question_kind in (
            "mulligan", "priority", "effect", "attack", "block", "discard", "legend"
        )  # fmt: skip
        assert all(game.action_to_string(action) for action in legal)
        game.apply(rng.choice(legal))
        answers += 1
        assert answers < 100_000, "a game ends"
    return answers


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_is_played_to_its_end_from_python_with_random_legal_actions(cards, folder, seed):
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=seed)
    assert game.players == (None, "greedy") and game.seed == seed
    answers = play_out(game, random.Random(seed))
    assert answers == len(game.history()) > 0
    result = game.result()
    assert result is not None and result.players == ("caller", "greedy")
    assert game.log() == result.log
    assert result.log[0] == f"seed {seed}: p0 Bears (caller) against p1 Goblins (greedy)"
    assert game.winner() == result.winner
    assert game.returns() == {0: [1.0, -1.0], 1: [-1.0, 1.0], None: [0.0, 0.0]}[result.winner]
    assert (game.current_player, game.question, game.legal_actions()) == (None, None, [])


def test_both_seats_may_be_the_caller_s(cards, folder):
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=5, players=(None, None))
    asked = set()
    rng = random.Random(5)
    while not game.is_over():
        asked.add(game.current_player)
        game.apply(rng.choice(game.legal_actions()))
    assert asked == {0, 1}
    result = game.result()
    assert result is not None and result.log[0].endswith("p0 Bears (caller) against p1 Goblins (caller)")


def test_built_in_players_play_the_game_play_plays(cards, folder):
    decks = decks_of(folder, "bears.txt", "goblins.txt")
    game = wagic.WagicGame(cards, decks, seed=9, players=("greedy", "random"))
    assert game.is_over() and game.history() == []
    assert game.log() == wagic.play(cards, decks, seed=9, players=("greedy", "random")).log


def test_the_log_grows_as_the_game_goes(cards, folder):
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=4)
    first = game.log()
    assert first[0] == "seed 4: p0 Bears (caller) against p1 Goblins (greedy)"
    assert not any(line.startswith("winner:") for line in first)
    play_out(game, random.Random(4))
    assert game.log()[: len(first)] == first and len(game.log()) > len(first)


def test_a_history_replays_the_same_game(cards, folder):
    decks = decks_of(folder, "bears.txt", "goblins.txt")
    game = wagic.WagicGame(cards, decks, seed=6)
    play_out(game, random.Random(60))
    again = wagic.WagicGame.from_history(cards, decks, 6, game.history())
    assert again.is_over() and again.log() == game.log() and again.history() == game.history()
    # Part of it: the game waits at the same question.
    half = game.history()[: len(game.history()) // 2]
    partway = wagic.WagicGame.from_history(cards, decks, 6, half)
    assert partway.history() == half and not partway.is_over()
    # An answer that is not an option is named by its place in the history.
    with pytest.raises(rs.IllegalMove, match=r"^history step 1: action 7 is not an option") as raised:
        wagic.WagicGame.from_history(cards, decks, 6, [game.history()[0], 7])
    assert raised.value.legal_actions == list(range(len(raised.value.legal_actions))) != []


def test_apply_refuses_what_is_not_an_option_and_changes_nothing(cards, folder):
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=7)
    question, legal = game.question, game.legal_actions()
    assert legal == [0, 1] and [game.action_to_string(a) for a in legal] == ["keep", "mulligan"]
    for action in (2, -1, 2**70):
        with pytest.raises(rs.IllegalMove, match=f"action {action} is not an option of") as raised:
            game.apply(action)
        assert raised.value.legal_actions == legal
    with pytest.raises(rs.IllegalMove):
        game.action_to_string(2)
    with pytest.raises(TypeError):
        game.apply(True)
    assert (game.question, game.legal_actions(), game.history()) == (question, legal, [])
    play_out(game, random.Random(7))
    with pytest.raises(rs.IllegalMove, match="the game is over") as raised:
        game.apply(0)
    assert raised.value.legal_actions == []


def test_players_must_name_two_seats(cards, folder):
    decks = decks_of(folder, "bears.txt", "goblins.txt")
    with pytest.raises(ValueError, match='unknown player "clever"'):
        wagic.WagicGame(cards, decks, players=(None, "clever"))  # type: ignore[arg-type] # the ValueError under test
    with pytest.raises(ValueError, match="players must name 2 seats, not 1"):
        wagic.WagicGame(cards, decks, players=[None])
    with pytest.raises(TypeError, match="players must be a pair"):
        wagic.WagicGame(cards, decks, players="greedy")  # type: ignore[arg-type] # the TypeError under test


def test_a_seat_sees_its_own_hand_and_not_the_other_s(cards, folder):
    # The opponent's decks differ only in the names of cards that start in its library:
    # shuffled alike, the seat's first view (its mulligan) is the same in both games.
    (folder / "goblins-only.txt").write_text("#NAME:Goblins\n8 Mountain\n8 Raging Goblin\n")
    views = []
    for opponent in ("goblins.txt", "goblins-only.txt"):
        game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", opponent), seed=3)
        assert game.question_kind == "mulligan" and game.current_player == 0
        view = game.view(0)
        assert view is not None
        views.append(view)
    assert views[0] == views[1]
    view = views[0]
    assert (view["seat"], view["turn"], view["active"]) == (0, 0, 0)
    assert len(view["hand"]) == 7 and set(view["hand"]) <= {"Forest", "Grizzly Bears", "Giant Growth"}
    assert [view["players"][seat]["hand"] for seat in (0, 1)] == [7, 7]
    assert [view["players"][seat]["library"] for seat in (0, 1)] == [9, 9]
    shown = json.dumps(view)
    assert not any(name in shown for name in ("Mountain", "Shock", "Raging Goblin"))


def play_a_land(game):
    """Answers the questions (keep, pass, else option 0) until seat 0 is offered a land,
    and plays it: the land's name."""
    for _ in range(200):
        assert not game.is_over()
        labels = [game.action_to_string(action) for action in game.legal_actions()]
        land = next((at for at, label in enumerate(labels) if label.startswith("play ")), None)
        if land is not None and game.current_player == 0:
            game.apply(land)
            return labels[land].removeprefix("play ")
        game.apply(labels.index("pass") if "pass" in labels else 0)
    raise AssertionError("seat 0 was offered no land")


@pytest.mark.parametrize("players", [(None, "greedy"), (None, None)])
def test_either_seat_s_view_is_the_board_now(cards, folder, players):
    # The other seat's view is the board as it is, not as of a question it was last asked
    # (or None, for the built-in seat that is never asked).
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=3, players=players)
    land = play_a_land(game)
    mine, theirs = game.view(0), game.view(1)
    assert mine is not None and theirs is not None
    for seat, view in enumerate((mine, theirs)):
        assert view["seat"] == seat
        assert [p["name"] for p in view["battlefield"] if p["controller"] == 0] == [land]
    assert theirs["players"][0]["hand"] == len(mine["hand"])
    rng = random.Random(3)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    # Once over, the board at the end.
    ended = [game.view(0), game.view(1)]
    assert ended[0] is not None and ended[1] is not None
    assert ended[0]["battlefield"] == ended[1]["battlefield"]
    with pytest.raises(ValueError):
        game.view(2)


def test_a_seat_s_view_follows_the_board(cards, folder):
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=2)
    rng = random.Random(2)
    seen_permanent = False
    while not game.is_over():
        view = game.view(0)
        assert view is not None and view["seat"] == 0
        for permanent in view["battlefield"]:
            seen_permanent = True
            assert permanent["owner"] in (0, 1) and isinstance(permanent["tapped"], bool)
            if "creature" in permanent["types"]:
                assert permanent["power"] is not None and permanent["toughness"] is not None
        game.apply(rng.choice(game.legal_actions()))
    assert seen_permanent


def test_dropping_a_game_part_way_ends_its_thread(cards, folder):
    game = wagic.WagicGame(cards, decks_of(folder, "bears.txt", "goblins.txt"), seed=8)
    game.apply(0)
    started = time.perf_counter()
    del game
    gc.collect()
    assert time.perf_counter() - started < 5.0


# Two morph creatures, hand-written after printed ones (Ainok Survivalist's megamorph, a
# "when turned face up" damage): both cast face down for {3}, turned up for another cost.
MORPH_CARDS = """[card]
name=Forest
type=Basic Land
subtype=Forest
[/card]
[card]
name=Ridge Hound
facedown={3}
autofacedown={2}{G}:morph
autofaceup=counter(1/1,1)
text=Megamorph {2}{G}
mana={3}{G}{G}
type=Creature
subtype=Hound
power=4
toughness=4
[/card]
[card]
name=Spitting Hound
facedown={3}
autofacedown={1}{G}:morph
autofaceup=damage:3 opponent
text=Morph {1}{G} -- When Spitting Hound is turned face up, it deals 3 damage to each opponent.
mana={4}{G}
type=Creature
subtype=Hound
power=1
toughness=1
[/card]
"""


def test_a_face_down_creature_looks_the_same_to_the_other_seat_whichever_card_it_is(tmp_path):
    """Seat 1 casts a card face down and never turns it up; seat 0's view and observation
    are the same in two games whose seat-1 decks differ only in which morph card it is."""
    (tmp_path / "cards.txt").write_text(MORPH_CARDS)
    morphs = wagic.WagicCards.load(tmp_path / "cards.txt")
    (tmp_path / "forests.txt").write_text("#NAME:Forests\n20 Forest\n")
    for name in ("Ridge Hound", "Spitting Hound"):
        (tmp_path / f"{name}.txt").write_text(f"#NAME:Hounds\n12 Forest\n8 {name}\n")

    def seen_by_seat_0(name, mine=None):
        game = wagic.WagicGame(
            morphs, [tmp_path / "forests.txt", tmp_path / f"{name}.txt"], seed=4, players=(None, None)
        )
        seen = []
        for _ in range(2000):
            if game.is_over():
                break
            labels = [game.action_to_string(action) for action in game.legal_actions()]
            wanted = ("keep", "play ", f"cast {name} face down", "hold back", "no block", "pass")
            pick = next((labels.index(label) for w in wanted for label in labels if label.startswith(w)), 0)
            if game.current_player == 0:
                seen.append((json.dumps(game.view(0)), game.observation(0).tobytes()))
            if mine is not None:
                mine.append((game.view(1), game.observation(1).tobytes()))
            game.apply(pick)
        return seen, game.log()

    ridge, ridge_log = seen_by_seat_0("Ridge Hound")
    spitting, spitting_log = seen_by_seat_0("Spitting Hound")
    for log in (ridge_log, spitting_log):
        assert any(line.endswith("p1 casts a card face down") for line in log), log
        assert any(line.endswith("face-down creature resolves") for line in log), log
    face_down = [view for view, _ in ridge if "face-down creature" in view]
    assert face_down and all('"power": 2, "toughness": 2' in view for view in face_down)
    assert len(ridge) == len(spitting) and ridge == spitting
    assert not any("Hound" in view for view, _ in ridge)
    assert '"face_down_card": null' in face_down[0]

    # Its controller may look at it: seat 1's view names the card and its observation
    # tells the two cards apart.
    ridge_own: list[tuple[Any, bytes]] = []
    spitting_own: list[tuple[Any, bytes]] = []
    seen_by_seat_0("Ridge Hound", ridge_own)
    seen_by_seat_0("Spitting Hound", spitting_own)
    for own, name in ((ridge_own, "Ridge Hound"), (spitting_own, "Spitting Hound")):
        cards = [p["face_down_card"] for view, _ in own for p in view["battlefield"] if p["controller"] == 1]
        assert name in cards and all(card in (None, name) for card in cards)
    # The card id of each face-down creature of seat 1 in its own observation: the last
    # float of its slot's card block (slots of 30 floats, card blocks of 18: the layout
    # in observation.rs).
    battlefield = next(offset for name, offset, _ in wagic.OBSERVATION_LAYOUT if name == "battlefield")

    def face_down_ids(own):
        ids = []
        for view, observation in own:
            floats = np.frombuffer(observation, dtype=np.float32)
            mine = [p for p in view["battlefield"] if p["controller"] == 1]
            ids += [floats[battlefield + 30 * k + 17] for k, p in enumerate(mine[:24]) if p["face_down_card"]]
        return ids

    ridge_ids, spitting_ids = face_down_ids(ridge_own), face_down_ids(spitting_own)
    assert ridge_ids and len(set(ridge_ids)) == 1 and len(set(spitting_ids)) == 1
    assert 0 < ridge_ids[0] <= 1 and 0 < spitting_ids[0] <= 1 and ridge_ids[0] != spitting_ids[0]
