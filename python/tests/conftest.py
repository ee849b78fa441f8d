"""Shared fixtures: the repository's example card set and decks (examples/), read in place."""

import os
import shutil
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


def play_first(game, limit=100_000):
    """Plays the first legal action until the game ends; the number of decisions."""
    steps = 0
    while not game.is_over() and steps < limit:
        game.apply(game.legal_actions()[0])
        steps += 1
    return steps
