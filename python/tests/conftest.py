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
