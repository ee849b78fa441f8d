"""`python -m rulescript.sim --lang wagic` and `WagicSimulation`: a Wagic sim in shards
played in this process, held to what `rsc sim --lang wagic` prints for the same files and
options; its tallies add up with `rsc`'s (one configuration hash), pickle for Ray, resume,
and refuse a CFC tally. Small cards and decks written here (Wagic's format); a sim of
Wagic's own cards reads them in place (`WAGIC_DATA`, else `../shared/wagic`: skipped when
absent, failed when `CI` is set). The Ray runs are in `test_sim_on_ray.py`."""

import json
import pickle
import subprocess
import sys

import pytest

from rulescript.sim import TallyError, WagicSimulation, merge_tallies, tally_report, tally_summary

from conftest import ROOT, rsc_or_skip, without_timing
from test_wagic import wagic_data

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
"""

BEARS = "#NAME:Bears\n9 Forest\n8 Grizzly Bears\n3 Giant Growth\n"
GOBLINS = "#NAME:Goblins\n9 Mountain\n8 Raging Goblin\n3 Shock\n"


@pytest.fixture
def files(tmp_path):
    """The cards and two decks, written in `tmp_path`: (cards, bears, goblins)."""
    cards, bears, goblins = tmp_path / "cards.txt", tmp_path / "bears.txt", tmp_path / "goblins.txt"
    cards.write_text(CARDS)
    bears.write_text(BEARS)
    goblins.write_text(GOBLINS)
    return cards, bears, goblins


def sim_options(files, games=30):
    cards, bears, goblins = files
    return ["--lang", "wagic", "--cards", str(cards), "--deck", str(bears), "--deck", str(goblins),
            "--games", str(games), "--seed", "5", "--player", "greedy", "--turn-limit", "25"]  # fmt: skip


def run_sim(*args):
    return subprocess.run([sys.executable, "-m", "rulescript.sim", *args], capture_output=True, text=True, cwd=ROOT)


def rsc(*args):
    return subprocess.run([rsc_or_skip(), "sim", *args], capture_output=True, text=True)


def test_wagic_shards_played_here_print_rsc_sims_summary_and_add_up_with_rscs(files, tmp_path):
    options = sim_options(files)
    results = tmp_path / "results"
    done = run_sim(*options, "--results", str(results), "--shard-size", "7", "--jobs", "2", "--message-format", "json")
    assert done.returncode == 0, done.stderr
    whole = rsc(*options, "--message-format", "json", "--jobs", "1")
    assert whole.returncode == 0, whole.stderr
    assert without_timing(json.loads(done.stdout)) == without_timing(json.loads(whole.stdout))
    (folder,) = [path for path in results.iterdir() if path.is_dir()]
    assert sorted(path.name for path in folder.glob("*-*.json")) == sorted(
        f"{first}-{min(first + 7, 30)}.json" for first in range(0, 30, 7)
    )
    # rsc's shard of the same run has the same configuration: it replaces Python's 0-7.
    tally = tmp_path / "rsc-0-7.json"
    shard = rsc(*options, "--shard", "0..7", "--tally-out", str(tally))
    assert shard.returncode == 0, shard.stderr
    assert json.loads(tally.read_text())["configuration_hash"] == folder.name
    others = [folder / f"{first}-{min(first + 7, 30)}.json" for first in range(7, 30, 7)]
    merged = merge_tallies([tally.read_text(), *(path.read_text() for path in others)])
    assert without_timing(json.loads(tally_summary(merged, "json"))) == without_timing(json.loads(whole.stdout))
    assert tally_report(merged).startswith("<!DOCTYPE html>")


def test_a_stopped_wagic_run_started_again_plays_only_the_missing_shards(files, tmp_path):
    options = [*sim_options(files, games=20), "--results", str(tmp_path), "--shard-size", "5"]
    first = run_sim(*options)
    assert first.returncode == 0, first.stderr
    (folder,) = [path for path in tmp_path.iterdir() if path.is_dir()]
    kept = (folder / "0-5.json").stat().st_mtime_ns
    (folder / "10-15.json").unlink()
    again = run_sim(*options)
    assert again.returncode == 0, again.stderr
    assert "played 1 shards, skipped 3" in again.stderr
    assert (folder / "0-5.json").stat().st_mtime_ns == kept
    timeless = [line for line in again.stdout.splitlines() if not line.startswith("speed: ")]
    assert timeless == [line for line in first.stdout.splitlines() if not line.startswith("speed: ")]
    assert again.stdout.startswith("20 games, players greedy / greedy, seed 5, turn limit 25, 1 job\n")
    assert json.loads((folder / "merged.json").read_text())["tally"]["games"] == 20


def test_a_pickled_wagic_simulation_plays_the_same_games(files):
    cards, bears, goblins = files
    simulation = WagicSimulation(cards, [bears, goblins], games=12, players="greedy", seed=5, turn_limit=25)
    restored = pickle.loads(pickle.dumps(simulation))
    assert restored.configuration_hash == simulation.configuration_hash
    assert restored.total_games == 12

    def figures(tally):
        shard = json.loads(tally)
        del shard["seconds"]
        return shard

    assert figures(restored.play(3, 9)) == figures(simulation.play(3, 9))
    assert json.loads(simulation.play(3, 9))["format"] == "rsc-wagic-tally/1"
    with pytest.raises(ValueError, match=r"^9\.\.13: the run has games 0\.\.12$"):
        simulation.play(9, 13)


ZONE_CARDS = """[card]
name=Awakening Zone
auto=@each my upkeep:Token(-193507)
mana={2}{G}
type=Enchantment
[/card]
[card]
name=Eldrazi Spawn
type=Creature
subtype=Eldrazi Spawn
power=0
toughness=1
[/card]
"""


def set_files(folder, card):
    """A `Res/sets` folder in `folder` whose printing -193507 is `card`."""
    (folder / "ROE").mkdir(parents=True)
    (folder / "ROE" / "_cards.dat").write_text(f"[card]\nprimitive={card}\nid=-193507\n[/card]\n")
    return folder


def test_a_wagic_simulation_with_set_files_plays_the_same_games_in_another_process(files, tmp_path):
    # Awakening Zone's Eldrazi Spawn token is the sets' printing -193507: a worker process,
    # which has the card texts but maybe not the set files, makes the same tokens.
    cards, bears, _ = files
    cards.write_text(CARDS + ZONE_CARDS)
    zone = tmp_path / "zone.txt"
    zone.write_text("#NAME:Zone\n9 Forest\n4 Awakening Zone\n7 Grizzly Bears\n")
    sets = set_files(tmp_path / "sets", "Eldrazi Spawn")
    simulation = WagicSimulation(cards, [zone, bears], sets=sets, games=4, players="greedy", seed=3, turn_limit=30)
    script = "import pickle, sys; s = pickle.loads(sys.stdin.buffer.read()); print(s.configuration_hash); print(s.play(0, 4))"
    done = subprocess.run([sys.executable, "-c", script], input=pickle.dumps(simulation), capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    configuration_hash, tally = done.stdout.decode().split("\n", 1)
    assert configuration_hash == simulation.configuration_hash

    def figures(text):
        shard = json.loads(text)
        del shard["seconds"]
        return shard

    assert figures(tally) == figures(simulation.play(0, 4))
    # Other set files make other tokens of the same card texts: another configuration.
    other = set_files(tmp_path / "other-sets", "Grizzly Bears")
    elsewhere = WagicSimulation(cards, [zone, bears], sets=other, games=4, players="greedy", seed=3, turn_limit=30)
    assert elsewhere.configuration_hash != simulation.configuration_hash


def test_wagic_simulation_refuses_what_rsc_refuses(files):
    cards, bears, _ = files
    with pytest.raises(ValueError, match="give two decks, or all_decks=True for every pair of more, not 1"):
        WagicSimulation(cards, [bears])
    with pytest.raises(ValueError, match='unknown player "scripted"'):
        WagicSimulation(cards, [bears, bears], players="scripted")  # type: ignore[arg-type] # the ValueError under test
    done = run_sim("--lang", "wagic", "--set", "examples", "--cards", str(cards), "--deck", str(bears))
    assert (done.returncode, done.stderr) == (2, "error: --set and --check are not for --lang wagic\n")
    done = run_sim("--cards", str(cards))
    assert (done.returncode, done.stderr) == (2, "error: --cards, --sets and --skip-uncompiled need --lang wagic\n")


def test_with_all_decks_a_deck_that_cannot_play_is_listed_and_the_others_play(files, tmp_path):
    cards, bears, goblins = files
    elves = tmp_path / "elves.txt"
    elves.write_text("#NAME:Elves\n9 Forest\n8 Llanowar Elves\n")
    simulation = WagicSimulation(cards, [bears, elves, goblins], all_decks=True, games=4, players="greedy")
    assert simulation.total_games == 4
    options = ["--lang", "wagic", "--cards", str(cards), "--deck", str(bears), "--deck", str(elves),
               "--deck", str(goblins), "--all-decks", "--games", "4", "--player", "greedy"]  # fmt: skip
    done = run_sim(*options, "--results", str(tmp_path / "results"), "--message-format", "json")
    assert done.returncode == 0, done.stderr
    whole = rsc(*options, "--message-format", "json")
    assert whole.returncode == 0, whole.stderr
    summary = json.loads(done.stdout)
    assert without_timing(summary) == without_timing(json.loads(whole.stdout))
    assert [deck["path"] for deck in summary["refused_decks"]] == [str(elves)]
    with pytest.raises(ValueError, match="^1 of the 2 decks can play: a sim needs two$"):
        WagicSimulation(cards, [bears, elves], all_decks=True)


def test_a_wagic_tally_and_a_cfc_tally_do_not_add_up(files, tmp_path):
    cards, bears, goblins = files
    wagic_tally = WagicSimulation(cards, [bears, goblins], games=4).play(0, 2)
    cfc = tmp_path / "cfc.json"
    examples = ROOT / "examples"
    done = rsc("--set", str(examples), "--deck", str(examples / "decks" / "arcana.o8d"),
               "--deck", str(examples / "decks" / "vanguard.o8d"), "--games", "2", "--tally-out", str(cfc))  # fmt: skip
    assert done.returncode == 0, done.stderr
    with pytest.raises(TallyError) as refused:
        merge_tallies([wagic_tally, cfc.read_text()], ["wagic.json", "cfc.json"])
    assert str(refused.value) == (
        "wagic.json is a tally of a Wagic sim (rsc-wagic-tally/1) and cfc.json one of Card Fighters' Clash "
        "(rsc-tally/1): only shards of one sim add up"
    )
    with pytest.raises(TallyError, match="not a tally this version reads: EOF while parsing"):
        merge_tallies([wagic_tally[: len(wagic_tally) // 2]])


def test_a_sim_of_wagics_cards_in_shards_is_rscs(tmp_path):
    data = wagic_data()
    (tmp_path / "bears.txt").write_text(BEARS)
    (tmp_path / "goblins.txt").write_text(GOBLINS)
    options = ["--lang", "wagic", "--cards", str(data / "mtg.txt"), "--deck", str(tmp_path / "bears.txt"),
               "--deck", str(tmp_path / "goblins.txt"), "--games", "6", "--seed", "5", "--turn-limit", "30"]  # fmt: skip
    done = run_sim(*options, "--results", str(tmp_path / "r"), "--shard-size", "4", "--message-format", "json")
    assert done.returncode == 0, done.stderr
    whole = rsc(*options, "--message-format", "json")
    assert whole.returncode == 0, whole.stderr
    summary = without_timing(json.loads(done.stdout))
    assert summary == without_timing(json.loads(whole.stdout))
    assert [deck["wins"] for deck in summary["decks"]] == [6, 0], "as rsc's pinned sim of these decks"
