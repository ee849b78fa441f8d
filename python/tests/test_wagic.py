"""`rulescript.wagic`: Wagic's Magic cards, decks, games and sims from Python, held to what
`rsc check/run/sim --lang wagic` print for the same files and seeds.

Small cards written here (Wagic's format, from the cards' printed text) cover the exact
errors; Wagic's own card files are read in place (`WAGIC_DATA`, else `../shared/wagic`
beside the repository: skipped when absent, failed when `CI` is set), and Wagic's set
files and AI decks when `WAGIC_SETS` names a `Res/sets` folder."""

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import List

import pytest

import rulescript as rs
from rulescript import wagic

from conftest import ROOT, rsc_or_skip

# Basic lands, two creatures and two instants as printed, and a card whose effect is no
# word of Wagic's (it cannot compile).
CARDS = """[card]
name=Forest
type=Basic Land
subtype=Forest
[/card]
[card]
name=Mountain
type=Basic Land
subtype=Mountain
[/card]
[card]
name=Grizzly Bears
mana={1}{G}
type=Creature
subtype=Bear
power=2
toughness=2
[/card]
[card]
name=Shock
text=Shock deals 2 damage to any target.
target=creature,player
auto=damage:2
mana={R}
type=Instant
[/card]
[card]
name=Raging Goblin
abilities=haste
mana={R}
type=Creature
subtype=Goblin Berserker
power=1
toughness=1
[/card]
[card]
name=Giant Growth
target=creature
auto=3/3
mana={G}
type=Instant
[/card]
[card]
name=Wrong Card
auto=nosuchword
mana={R}
type=Instant
[/card]
"""

DECKS = {
    "bears.txt": "#NAME:Bears\n#DESC:two-drops\n8 Forest\n6 Grizzly Bears\n2 Giant Growth\n",
    "goblins.txt": "#NAME:Goblins\n8 Mountain\n4 Shock\n4 Raging Goblin\n",
    "misspelt.txt": "#NAME:Misspelt\n8 Forest\n4 Grizly Bears\n",
    "wrong.txt": "#NAME:Wrong\n8 Mountain\n2 Wrong Card\n4 Raging Goblin\n",
    "empty.txt": "#NAME:Empty\n# nothing but comments\n",
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """The cards and decks above, written to a folder of their own."""
    folder = tmp_path_factory.mktemp("wagic")
    (folder / "cards.txt").write_text(CARDS)
    for name, text in DECKS.items():
        (folder / name).write_text(text)
    return folder


@pytest.fixture(scope="module")
def cards(folder):
    return wagic.WagicCards.load(folder / "cards.txt")


def run_rsc(*args) -> "subprocess.CompletedProcess[str]":
    return subprocess.run([rsc_or_skip(), *map(str, args)], capture_output=True, text=True)


def wagic_data():
    """Wagic's card files read in place: `WAGIC_DATA`, else `../shared/wagic` beside the
    repository. Skips the test when absent, unless `CI` is set (CI has them)."""
    folder = Path(os.environ.get("WAGIC_DATA") or ROOT.parent / "shared" / "wagic")
    if (folder / "mtg.txt").is_file():
        return folder
    if os.environ.get("CI"):
        raise AssertionError(f"Wagic data not found at {folder} (set WAGIC_DATA) and CI is set")
    pytest.skip(f"Wagic data not found at {folder} (set WAGIC_DATA): skipping")


def card_files(folder: Path) -> List[Path]:
    return [folder / name for name in ("mtg.txt", "borderline.txt", "crappy.txt")]


@pytest.fixture(scope="module")
def wagic_cards():
    return wagic.WagicCards.load(card_files(wagic_data()))


# Cards ----------------------------------------------------------------------------------


def test_cards_that_compile_and_those_left_out_with_their_diagnostics(cards, folder):
    assert len(cards) == 6
    assert cards.names() == ["Forest", "Giant Growth", "Grizzly Bears", "Mountain", "Raging Goblin", "Shock"]
    assert "grizzly bears" in cards and "Wrong Card" not in cards
    assert list(cards.left_out) == ["Wrong Card"]
    [error] = cards.left_out["Wrong Card"]
    assert (error.code, error.severity, error.message) == ("E0100", "error", "unsupported: effect `nosuchword`")
    assert (Path(error.file), error.line, error.column) == (folder / "cards.txt", 45, 6)
    assert cards.card("giant growth") == {
        "name": "Giant Growth",
        "types": ["instant"],
        "colours": ["green"],
        "power": 0,
        "toughness": 0,
        "mana_cost": "{G}",
        "mana_value": 1,
        "compiled": True,
        "error": None,
    }
    left_out = cards.card("Wrong Card")
    assert (left_out["compiled"], left_out["error"]) == (False, "E0100 unsupported: effect `nosuchword`")
    with pytest.raises(KeyError, match="no card named `Grizly Bears` in the card files: did you mean `Grizzly Bears`"):
        cards.card("Grizly Bears")


def test_check_gives_the_diagnostics_rsc_check_gives(tmp_path):
    path = tmp_path / "spark.txt"
    # An unclosed mana brace (a warning: Wagic reads a cheaper cost) and an unknown effect.
    path.write_text(
        "[card]\nname=Spark Tinker\nauto={T}:damage:1 target(creature,player)\nmana={1}{R\n"
        "type=Creature\npower=1\ntoughness=1\n[/card]\n"
        "[card]\nname=Wrong Card\nauto=nosuchword\nmana={R}\ntype=Instant\n[/card]\n"
    )
    found = wagic.check(path)
    assert [(d.code, d.severity, d.line, d.column, d.message) for d in found] == [
        ("W0100", "warning", 4, 9, "mana symbol `{R` has no `}`"),
        ("E0100", "error", 11, 6, "unsupported: effect `nosuchword`"),
    ]
    printed = run_rsc("check", "--lang", "wagic", "--message-format", "json", path)
    expected = [json.loads(line) for line in printed.stdout.splitlines()]
    fields = ("file", "severity", "code", "message", "line", "column", "end_line", "end_column", "label", "help")
    assert [{field: getattr(d, field) for field in fields} for d in found] == [
        {field: record[field] for field in fields} for record in expected
    ]
    # A folder is searched for `*.txt` files; a clean file has no diagnostic.
    (tmp_path / "clean.txt").write_text(CARDS.split("[card]\nname=Wrong Card")[0])
    assert wagic.check(tmp_path / "clean.txt") == []
    assert len(wagic.check(tmp_path)) == 2


def test_a_card_file_that_cannot_be_read_is_an_os_error(tmp_path):
    with pytest.raises(OSError, match="cannot read"):
        wagic.WagicCards.load(tmp_path / "missing.txt")
    with pytest.raises(OSError, match="cannot read"):
        wagic.check(tmp_path / "missing.txt")
    with pytest.raises(rs.RulesError, match="holds no Wagic set file") as raised:
        wagic.WagicCards.load(tmp_path, sets=tmp_path)
    assert raised.value.code == "wagic-sets"


def test_a_token_by_id_compiles_with_the_sets_that_hold_its_printing(tmp_path):
    # Awakening Zone's text: at the beginning of your upkeep, put a 0/1 colorless Eldrazi
    # Spawn creature token onto the battlefield; ROE held the token's printing as -193507.
    (tmp_path / "cards.txt").write_text(
        "[card]\nname=Awakening Zone\nauto=@each my upkeep:Token(-193507)\nmana={2}{G}\ntype=Enchantment\n[/card]\n"
        "[card]\nname=Eldrazi Spawn\ntype=Creature\nsubtype=Eldrazi Spawn\nauto={S}:Add{1}\npower=0\ntoughness=1\n[/card]\n"
    )
    (tmp_path / "sets" / "ROE").mkdir(parents=True)
    (tmp_path / "sets" / "ROE" / "_cards.dat").write_text("[card]\nprimitive=Eldrazi Spawn\nid=-193507\n[/card]\n")
    without = wagic.WagicCards.load(tmp_path / "cards.txt")
    [error] = without.left_out["Awakening Zone"]
    assert (error.message, error.line, error.column) == (
        "unsupported: token by card id (`token(-id)`) without the set files",
        3,
        28,
    )
    with_sets = wagic.WagicCards.load(tmp_path / "cards.txt", sets=tmp_path / "sets")
    assert "Awakening Zone" in with_sets and with_sets.left_out == {}


# Decks ----------------------------------------------------------------------------------


def test_a_deck_gives_its_name_and_cards(cards, folder):
    deck = wagic.load_deck(folder / "bears.txt", cards)
    assert (deck.name, len(deck), deck.total, deck.left_out) == ("Bears", 16, 16, [])
    assert deck.cards == ["Forest"] * 8 + ["Grizzly Bears"] * 6 + ["Giant Growth"] * 2
    assert deck.path == folder / "bears.txt"


def test_a_misspelt_card_is_a_deck_error_naming_the_card_meant(cards, folder):
    path = folder / "misspelt.txt"
    with pytest.raises(rs.DeckError) as raised:
        wagic.load_deck(path, cards)
    message = (
        f"error[deck-unknown-card]: {path}:3: no card named `Grizly Bears` in the card files: "
        "did you mean `Grizzly Bears`?"
    )
    assert str(raised.value) == message
    assert (raised.value.code, raised.value.file, raised.value.line) == ("deck-unknown-card", str(path), 3)
    # rsc says the same.
    printed = run_rsc("run", "--lang", "wagic", "--cards", folder / "cards.txt", "--deck", path, "--deck", path)
    assert message in printed.stderr.splitlines()


def test_a_card_that_does_not_compile_is_a_deck_error_unless_left_out(cards, folder):
    path = folder / "wrong.txt"
    with pytest.raises(rs.DeckError) as raised:
        wagic.load_deck(path, cards)
    why = "`Wrong Card` does not compile (E0100 unsupported: effect `nosuchword`)"
    assert str(raised.value) == f"error[deck-not-compiled]: {path}:3: {why}"
    assert raised.value.errors == [{"code": "deck-not-compiled", "line": 3, "message": why}]
    deck = wagic.load_deck(path, cards, skip_uncompiled=True)
    assert (len(deck), deck.total) == (12, 14)
    assert deck.left_out == [(3, "`Wrong Card` does not compile (E0100 unsupported: effect `nosuchword`)")]


def test_a_deck_with_no_card_is_a_deck_error(cards, folder):
    path = folder / "empty.txt"
    with pytest.raises(rs.DeckError) as raised:
        wagic.load_deck(path, cards)
    assert str(raised.value) == (
        f"error[deck-empty]: {path}: no card lines (one card a line: `4 Grizzly Bears`, `Forest`, or a Wagic id)"
    )
    assert (raised.value.code, raised.value.line) == ("deck-empty", 0)
    with pytest.raises(OSError, match="cannot read"):
        wagic.load_deck(folder / "missing.txt", cards)


# Games ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "seed, players", [(4, ("random", "random")), (1, ("greedy", "greedy")), (9, ("greedy", "random"))]
)
def test_a_game_s_log_is_what_rsc_run_prints(cards, folder, seed, players):
    decks = [folder / "bears.txt", folder / "goblins.txt"]
    game = wagic.play(cards, decks, seed=seed, players=players)
    command = ["run", "--lang", "wagic", "--cards", folder / "cards.txt", "--deck", decks[0], "--deck", decks[1]]
    command += ["--seed", seed, "--player", players[0], "--player", players[1]]
    printed = run_rsc(*command)
    assert printed.returncode == 0, printed.stderr
    assert game.log == printed.stdout.splitlines()
    # The result says what the log's last lines say.
    assert game.log[-1] == f"{game.turns} turns, {game.decisions} decisions"
    if game.winner is None:
        assert game.log[-2] == f"no winner: {game.reason}"
    else:
        assert game.log[-2] == f"winner: p{game.winner} ({game.decks[game.winner]}): {game.reason}"
    assert (game.seed, game.decks, game.players) == (seed, ("Bears", "Goblins"), players)


def test_a_game_s_trace_hash_is_the_one_rsc_run_prints_and_saves(cards, folder, tmp_path):
    decks = [folder / "bears.txt", folder / "goblins.txt"]
    game = wagic.WagicGame(cards, decks, seed=9, players=("greedy", "random"))
    save = tmp_path / "game.json"
    command = ["run", "--lang", "wagic", "--cards", folder / "cards.txt", "--deck", decks[0], "--deck", decks[1]]
    command += ["--seed", 9, "--player", "greedy", "--player", "random", "--trace-hash", "--save", save]
    printed = run_rsc(*command)
    assert printed.returncode == 0, printed.stderr
    hash_line = printed.stdout.splitlines()[-1]
    assert hash_line == f"blake3:{game.trace_hash()}"
    assert json.loads(save.read_text())["trace_hash"] == game.trace_hash()
    # Under way, the hash is of the log so far: it changes as the game goes.
    under_way = wagic.WagicGame(cards, decks, seed=9)
    before, lines = under_way.trace_hash(), len(under_way.log())
    while len(under_way.log()) == lines:
        under_way.apply(under_way.legal_actions()[0])
    assert len(before) == 64 and under_way.trace_hash() != before


def test_a_seeded_game_is_played_again_the_same(cards, folder):
    decks = [wagic.load_deck(folder / "bears.txt", cards), wagic.load_deck(folder / "goblins.txt", cards)]
    first = wagic.play(cards, decks, seed=11)
    again = wagic.play(cards, decks, seed=11)
    assert (again.log, again.winner, again.cast) == (first.log, first.winner, first.cast)
    others = {tuple(wagic.play(cards, decks, seed=seed).log) for seed in range(12, 16)}
    assert tuple(first.log) not in others and len(others) > 1, "other seeds play other games"


def test_a_game_counts_its_spells_and_ends_for_a_reason(cards, folder):
    decks = [folder / "bears.txt", folder / "goblins.txt"]
    game = wagic.play(cards, decks, seed=4, turn_limit=6)
    assert (game.winner, game.end, game.turns) == (None, "turn limit", 6)
    assert game.reason == "the turn limit (6) was reached"
    cast_lines = [[line for line in game.log if f"  p{seat} casts " in line] for seat in (0, 1)]
    assert [len(spells) for spells in game.cast] == [len(lines) for lines in cast_lines]
    assert all(spell in ("Grizzly Bears", "Giant Growth") for spell in game.cast[0])
    whole = wagic.play(cards, decks, seed=4)
    assert whole.winner in (0, 1) and whole.end in ("life", "library")
    assert whole.reason.startswith(f"p{1 - whole.winner} ")


def test_play_refuses_what_it_cannot_play(cards, folder):
    decks = [folder / "bears.txt", folder / "goblins.txt"]
    with pytest.raises(ValueError, match='unknown player "clever"'):
        wagic.play(cards, decks, players="clever")  # type: ignore[arg-type] # the ValueError under test
    with pytest.raises(ValueError, match="a game needs 2 decks, not 1"):
        wagic.play(cards, decks[:1])
    with pytest.raises(ValueError, match="a turn limit must be an integer from 1"):
        wagic.play(cards, decks, turn_limit=0)
    with pytest.raises(rs.DeckError, match="deck-not-compiled"):
        wagic.play(cards, [folder / "wrong.txt", decks[0]])
    # A deck resolved against other cards is checked against these.
    others = wagic.WagicCards.load(folder / "cards.txt")
    bears = wagic.load_deck(decks[0], others)
    only_lands = folder / "lands.txt"
    only_lands.write_text("[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n")
    with pytest.raises(rs.DeckError, match="holds `Grizzly Bears`, which cannot play"):
        wagic.play(wagic.WagicCards.load(only_lands), [bears, bears])


def test_a_game_plays_with_the_gil_released(cards, folder):
    decks = [folder / "bears.txt", folder / "goblins.txt"]
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    # With a switch interval of a second, the main thread keeps the GIL until it lets go
    # of it itself: the ticker then ticks only while a game plays with the GIL released
    # (held, it would not tick at all). A game takes a millisecond or two in a release build.
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(1.0)
    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        started = time.perf_counter()
        for seed in range(100):
            wagic.play(cards, decks, seed=seed)
        ended = time.perf_counter()
    finally:
        done.set()
        ticker.join()
        sys.setswitchinterval(switch_interval)
    during = [t for t in ticks if started <= t <= ended]
    assert len(during) > 20, (len(during), ended - started)


# Sims -----------------------------------------------------------------------------------


def test_a_sim_sums_up_as_rsc_sim_does(cards, folder):
    decks = [folder / "bears.txt", folder / "goblins.txt"]
    run = wagic.sim(cards, decks, games=40, seed=3, players=("greedy", "random"), turn_limit=30, threads=2)
    printed = run_rsc(
        "sim", "--lang", "wagic", "--cards", folder / "cards.txt", "--deck", decks[0], "--deck", decks[1],
        "--games", 40, "--seed", 3, "--player", "greedy", "--player", "random", "--turn-limit", 30,
        "--message-format", "json", "--jobs", 1,
    )  # fmt: skip
    assert printed.returncode == 0, printed.stderr
    expected = json.loads(printed.stdout)
    timing = ("games_per_s", "jobs")
    assert {k: v for k, v in run.summary.items() if k not in timing} == {
        k: v for k, v in expected.items() if k not in timing
    }
    assert run.games == 40 and run.summary["games"] == 40
    for deck, figures in zip(run.decks, expected["decks"]):
        assert (deck["deck"], deck["games"], deck["wins"]) == (figures["deck"], figures["games"], figures["wins"])
        assert deck["wins"] + deck["losses"] + deck["draws"] + deck["stopped"] == deck["games"] == 40
    assert run.decks[0]["wins"] == run.decks[1]["losses"]
    assert run.decks[0]["draws"] == expected["ended"]["turn_limit"] + expected["ended"]["both_lost"]
    assert run.text.startswith("40 games, players greedy / random, seed 3, turn limit 30, 2 jobs\n")
    # The threads never change the figures.
    alone = wagic.sim(cards, decks, games=40, seed=3, players=("greedy", "random"), turn_limit=30, threads=1)
    assert {k: v for k, v in alone.summary.items() if k not in timing} == {
        k: v for k, v in run.summary.items() if k not in timing
    }


def test_a_sim_of_more_decks_plays_every_pair(cards, folder):
    names = ("bears.txt", "goblins.txt", "wrong.txt")
    decks = [wagic.load_deck(folder / name, cards, skip_uncompiled=True) for name in names]
    run = wagic.sim(cards, decks, games=4, turn_limit=10)
    assert run.games == 12
    assert [deck["games"] for deck in run.decks] == [8, 8, 8]
    assert len(run.summary["matchups"]) == 3
    with pytest.raises(ValueError, match="a sim plays every pair of 2 to 256 decks, not 1"):
        wagic.sim(cards, decks[:1], games=4)
    with pytest.raises(ValueError, match="games must be from 1"):
        wagic.sim(cards, decks, games=0)


def test_ctrl_c_stops_a_sim(folder):
    code = f"""
from rulescript import wagic
cards = wagic.WagicCards.load({str(folder / "cards.txt")!r})
decks = [{str(folder / "bears.txt")!r}, {str(folder / "goblins.txt")!r}]
print("playing", flush=True)
try:
    wagic.sim(cards, decks, games=10**9, threads=2)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""
    from test_interrupt import start_python, stop
    import signal

    child = start_python(code)
    time.sleep(0.5)
    status, out, err = stop(child, signal.SIGINT)
    assert (status, out) == (0, "KeyboardInterrupt\n"), err


# Wagic's own cards ---------------------------------------------------------------------


def test_wagic_s_card_files_play_as_rsc_plays_them(wagic_cards, tmp_path):
    folder = wagic_data()
    assert len(wagic_cards) > 6000, "most of Wagic's cards compile"
    assert "Clone" in wagic_cards.left_out
    assert wagic_cards.card("Clone")["error"].startswith("E0100 unsupported: ")
    red = tmp_path / "red.txt"
    red.write_text("#NAME:Red\n16 Mountain\n4 Lightning Bolt\n4 Shock\n4 Raging Goblin\n4 Hill Giant\n4 Goblin King\n")
    green = tmp_path / "green.txt"
    green.write_text("#NAME:Green\n16 Forest\n4 Llanowar Elves\n4 Grizzly Bears\n4 Giant Growth\n4 Craw Wurm\n")
    game = wagic.play(wagic_cards, [red, green], seed=5, players="greedy")
    printed = run_rsc(
        "run", "--lang", "wagic", "--cards", *card_files(folder), "--deck", red, "--deck", green, "--seed", 5,
        "--player", "greedy",
    )  # fmt: skip
    assert printed.returncode == 0, printed.stderr
    assert game.log == printed.stdout.splitlines()
    assert game.winner in (0, 1)


def test_wagic_s_ai_decks_by_id_through_its_sets(tmp_path):
    sets = os.environ.get("WAGIC_SETS")
    if not sets:
        pytest.skip("WAGIC_SETS is not set (give it a Wagic `Res/sets` folder to run this test)")
    folder = wagic_data()
    cards = wagic.WagicCards.load(card_files(folder), sets=sets)
    ai_decks = Path(sets).parent / "ai" / "baka"
    decks = [wagic.load_deck(ai_decks / f"deck{i}.txt", cards, skip_uncompiled=True) for i in (1, 2)]
    assert decks[0].name == "Nightmare" and decks[0].total == 60
    game = wagic.play(cards, decks, seed=3)
    printed = run_rsc(
        "run", "--lang", "wagic", "--cards", *card_files(folder), "--sets", sets, "--deck", decks[0].path,
        "--deck", decks[1].path, "--seed", 3, "--skip-uncompiled",
    )  # fmt: skip
    assert game.log == printed.stdout.splitlines()
