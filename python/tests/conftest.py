"""Shared fixtures: the repository's example card set and decks (examples/), read in place."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import rulescript as rs

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DECKS = [EXAMPLES / "decks" / "vanguard.o8d", EXAMPLES / "decks" / "arcana.o8d"]


@pytest.fixture(scope="session")
def card_set():
    return rs.CardSet.load(str(EXAMPLES))


@pytest.fixture(scope="session")
def decks(card_set):
    return [rs.load_deck(str(path), card_set) for path in DECKS]


def corpus_dir():
    """The CFC corpus read in place, as the Rust tests find it: `RULESCRIPT_CORPUS`, else
    `shared/corpus/cfc` in the repository or a folder above it. Skips the test when absent,
    unless `CI` is set: CI has the corpus, so a missing one fails there."""
    given = os.environ.get("RULESCRIPT_CORPUS")
    found = [Path(given)] if given else [d / "shared/corpus/cfc" for d in (ROOT, *ROOT.parents)]
    for path in found:
        if (path / "cards.json").is_file():
            return path
    if os.environ.get("CI"):
        raise AssertionError("corpus not found (../shared/corpus/cfc; set RULESCRIPT_CORPUS) and CI is set")
    pytest.skip("corpus not found at ../shared/corpus/cfc (set RULESCRIPT_CORPUS): skipping corpus test")


class RemovedPiles:
    """A card set and two copies of a deck (`deck`, its cards `swapped_in` three times each
    in place of its last ones) whose games fill removed piles and let them be played from,
    and a policy that makes it happen (`choose`); `games` of them give a test enough
    `PlayRemoved` decisions."""

    def __init__(self, card_set, deck_path, swapped_in, removers, enablers, enabled_by, games):
        ids = {card_set.card(i)["name"]: card_set.card(i)["id"] for i in range(len(card_set))}
        special = [ids[name] for name in swapped_in]
        kept = [card for card in rs.load_deck(str(deck_path), card_set).card_ids if card not in special]
        cards = [card for card in special for _ in range(3)]
        cards += kept[: 50 - len(cards)]
        from rulescript._rulescript import _deck

        self.card_set = card_set
        self.decks = [_deck("removed-piles", "removed-piles.o8d", cards)] * 2
        self.removers, self.enablers, self.enabled_by = removers, enablers, enabled_by
        self.games = games

    def choose(self, game, rng):
        """An action of `game`'s player to move: a card that fills a removed pile when it can
        (`removers`), one that lets the pile be played (`enablers`) when one of the player's
        piles `enabled_by` names holds cards (Crossover fills the removed pile from the
        discards), a card of the removed pile every other time it may, a pick
        rather than a confirmation, else any legal action."""
        legal = game.legal_actions()
        me = game.current_player
        side = game.view(me)["players"][me]
        names = {action: game.action_to_string(action) for action in legal}
        wanted = [a for a in legal if any(f"[{name}]" in names[a] for name in self.removers)]
        if any(side[pile] for pile in self.enabled_by):
            wanted += [a for a in legal if any(f"[{name}]" in names[a] for name in self.enablers)]
        from_removed = [a for a in legal if names[a].startswith("PlayRemoved")]
        if not wanted and from_removed and rng.random() < 0.5:
            wanted = from_removed
        wanted = wanted or [a for a in legal if names[a].startswith("Pick")] or legal
        return int(wanted[rng.integers(len(wanted))])


@pytest.fixture(scope="session", params=["examples", "corpus"])
def removed_piles(request, card_set):
    """Games whose removed piles fill and are played from: the example set's vanguard deck
    with Archive and Spirit Call (which remove the enemy's cards) and Lost and Found (play
    from your removed pile), or the corpus's deck-1 with Crossover and Grandmaster (A009,
    R016: discards put into the removed pile, then played from it)."""
    if request.param == "examples":
        return RemovedPiles(
            card_set,
            DECKS[0],
            ["Archive", "Spirit Call", "Lost and Found"],
            removers=["Archive", "Spirit Call"],
            enablers=["Lost and Found"],
            enabled_by=["removed"],
            games=300,
        )
    corpus = corpus_dir()
    return RemovedPiles(
        rs.CardSet.load(str(corpus)),
        corpus / "decks" / "deck-1.o8d",
        ["Crossover", "Grandmaster"],
        removers=[],
        enablers=["Crossover", "Grandmaster"],
        enabled_by=["removed", "discards"],
        games=100,
    )


def rsc_binary():
    """The `rsc` built in this checkout (`cargo build -p rsc`), or None."""
    given = os.environ.get("RSC")
    if given:
        return given
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "rsc"
        if path.exists():
            return str(path)
    return shutil.which("rsc")


def rsc_or_skip():
    """The `rsc` binary (`RSC`, or this checkout's build); skips without one, unless `CI` is set."""
    rsc = rsc_binary()
    if rsc is None:
        message = "rsc is not built (cargo build -p rsc), or set RSC"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return rsc


def run_bounded(code, seconds=60, memory=2 << 30):
    """Runs Python `code` in a child process with at most `memory` bytes of address space
    and `seconds` of time: what a test of a bound runs, so that a bound that fails ends
    the child (a crash, an error, a timeout), not the test session or the machine. The
    child's result; a timeout fails the test."""
    import resource

    return run_limited(code, seconds, resource.RLIMIT_AS, memory)


def run_with_small_files(code, seconds=60, size=1024):
    """Runs Python `code` in a child where no file may grow past `size` bytes
    (RLIMIT_FSIZE; Python ignores SIGXFSZ, so a write past it fails with EFBIG part way
    through, as on a full disk). The child's result; a timeout fails the test."""
    import resource

    return run_limited(code, seconds, resource.RLIMIT_FSIZE, size)


def run_limited(code, seconds, resource_limit, value):
    """Runs Python `code` in a child with `resource_limit` set to `value` and a timeout of
    `seconds`, which fails the test."""
    import resource
    import sys

    try:
        return subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=seconds,
            preexec_fn=lambda: resource.setrlimit(resource_limit, (value, value)),
            cwd=ROOT,
        )
    except subprocess.TimeoutExpired as timeout:
        raise AssertionError(f"still running after {seconds} s: {code}") from timeout


def play_first(game, limit=100_000):
    """Plays the first legal action until the game ends; the number of decisions."""
    steps = 0
    while not game.is_over() and steps < limit:
        game.apply(game.legal_actions()[0])
        steps += 1
    return steps


# Paths as the tests give them to both rsc and the package: the replay commands of the
# summaries name them.
SET = os.path.relpath(EXAMPLES, ROOT)
DECK_ARGS = [os.path.relpath(deck, ROOT) for deck in DECKS]
OPTIONS = ["--set", SET, "--deck", DECK_ARGS[0], "--deck", DECK_ARGS[1], "--games", "60", "--seed", "11",
           "--player", "greedy", "--player", "random", "--turn-limit", "40"]  # fmt: skip
# Timing: how long it took and on how many threads.
TIMING = ("games_per_s", "jobs")


@pytest.fixture(scope="module")
def rsc():
    path = rsc_binary()
    if path is None:
        if os.environ.get("CI"):
            raise AssertionError("no rsc: build it (cargo build -p rsc) or set RSC")
        pytest.skip("no rsc: build it (cargo build -p rsc) or set RSC")
    return path


def without_timing(summary):
    return {key: value for key, value in summary.items() if key not in TIMING}


def rsc_summary(rsc, options):
    done = subprocess.run([rsc, "sim", *options, "--message-format", "json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
