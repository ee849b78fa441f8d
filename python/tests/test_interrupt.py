"""Ctrl-C (SIGINT), SIGTERM and SIGHUP stop the package's long calls within about a second, and
what is done is kept: `Simulation.play` and `play_in_rust` over huge ranges raise
`KeyboardInterrupt`, a `StopFlag` stops a play on another thread, and `python -m
rulescript.sim` stops its shards at once, keeps the finished ones whole (a resumed run adds
up to an uninterrupted run's tally), leaves no temporary file, says what it saved and exits
with 130 (SIGINT), 143 (SIGTERM) or 129 (SIGHUP; left ignored under `nohup`); on Ray (a stand-in here), the tasks done are kept.

Each stopped program is a child process, sent the signal once it is under way. A child
starts with SIGINT and SIGHUP at their defaults whatever this process inherited: a process
started with SIGINT ignored (a background job of a script) keeps it ignored in Python, and
one under `nohup` SIGHUP, and the test would test nothing; tests start the command so on
purpose."""

import json
import os
import pty
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, List

import pytest

from rulescript._rulescript import Simulation, merge_tallies

from conftest import DECK_ARGS, DECKS, EXAMPLES, ROOT, SET

# How long a stopped child may take to end: a beat is 50 ms, a game of the examples a
# few ms; the rest is this busy machine's slack.
STOPS_WITHIN = 3.0

# A run of the example decks in 20 shards of 200 games (about 1,300 games a second a
# core): long enough to be stopped part way, short enough to be played whole twice.
RUN = ["--set", SET, "--deck", DECK_ARGS[0], "--deck", DECK_ARGS[1], "--games", "4000", "--seed", "5",
       "--shard-size", "200", "--jobs", "2", "--message-format", "json"]  # fmt: skip
SHARDS = 20


def start(command, sigint=signal.SIG_DFL, sighup=signal.SIG_DFL):
    """`command` as a child process with SIGINT set to `sigint` and SIGHUP to `sighup`, its
    output read as text."""

    def set_signals():
        signal.signal(signal.SIGINT, sigint)
        signal.signal(signal.SIGHUP, sighup)

    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, preexec_fn=set_signals
    )


def start_python(code):
    """Python `code` as a child; returns once it printed its line `playing`."""
    child = start([sys.executable, "-c", code])
    line = child.stdout.readline()
    assert line == "playing\n", line + child.communicate()[1]
    return child


def stop(child, signum):
    """Sends `signum` to `child`; its exit status, output and error output once it ended,
    which must be within `STOPS_WITHIN`."""
    child.send_signal(signum)
    try:
        out, err = child.communicate(timeout=STOPS_WITHIN)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        raise AssertionError(f"still running {STOPS_WITHIN} s after signal {signum}") from None
    return child.returncode, out, err


def test_ctrl_c_stops_a_simulation_playing_a_huge_range():
    child = start_python(
        f"""
import time
from rulescript.sim import Simulation
simulation = Simulation({SET!r}, decks={[str(deck) for deck in DECKS]!r}, games=10**12)
print("playing", flush=True)
try:
    simulation.play(0, simulation.total_games)
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""
    )
    time.sleep(0.5)
    code, out, err = stop(child, signal.SIGINT)
    assert (code, out) == (0, "KeyboardInterrupt\n"), err


@pytest.mark.parametrize("threads, interleave", [(1, 1), (2, 1), (1, 64)])
def test_ctrl_c_stops_play_in_rust(threads, interleave):
    child = start_python(
        f"""
import rulescript as rs
card_set = rs.CardSet.load({str(EXAMPLES)!r})
decks = [rs.load_deck(path, card_set) for path in {[str(deck) for deck in DECKS]!r}]
print("playing", flush=True)
try:
    rs.play_in_rust(card_set, decks, 0, 10**12, threads={threads}, interleave={interleave})
except KeyboardInterrupt:
    print("KeyboardInterrupt", flush=True)
"""
    )
    time.sleep(0.5)
    code, out, err = stop(child, signal.SIGINT)
    assert (code, out) == (0, "KeyboardInterrupt\n"), err


def test_a_stop_flag_stops_a_play_on_another_thread():
    from rulescript.sim import StopFlag

    simulation = Simulation(EXAMPLES, decks=DECKS, games=10**12)
    flag = StopFlag()
    outcome: List[object] = []

    def play():
        try:
            outcome.append(simulation.play(0, simulation.total_games, None, flag))
        except KeyboardInterrupt as stopped:
            outcome.append(stopped)

    # A daemon: a flag that stopped nothing must not keep the test session alive.
    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    time.sleep(0.3)
    assert thread.is_alive() and not flag.is_set()
    flag.set()
    thread.join(STOPS_WITHIN)
    assert not thread.is_alive() and isinstance(outcome[0], KeyboardInterrupt), outcome
    # A call given a flag already set stops at once.
    with pytest.raises(KeyboardInterrupt):
        simulation.play(0, simulation.total_games, stop=flag)


@pytest.fixture(scope="module")
def whole_run(tmp_path_factory):
    """The merged tally of `RUN` played without a stop."""
    results = tmp_path_factory.mktemp("whole")
    done = subprocess.run(
        [sys.executable, "-m", "rulescript.sim", *RUN, "--results", str(results)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return without_timing((only_folder(results) / "merged.json").read_text())


def only_folder(results):
    (folder,) = [path for path in Path(results).iterdir() if path.is_dir()]
    return folder


def without_timing(tally):
    """A tally's JSON without how long it took on how many threads."""
    figures = json.loads(tally)
    del figures["seconds"], figures["jobs"]
    return figures


@pytest.mark.parametrize(
    "signum, sigint, status",
    [
        (signal.SIGINT, signal.SIG_DFL, 130),
        # Started as a background job of a script starts it: it takes Ctrl-C back, as `rsc sim`.
        (signal.SIGINT, signal.SIG_IGN, 130),
        (signal.SIGTERM, signal.SIG_DFL, 143),
        # The terminal or the SSH session closed.
        (signal.SIGHUP, signal.SIG_DFL, 129),
    ],
    ids=["SIGINT", "SIGINT-ignored-at-start", "SIGTERM", "SIGHUP"],
)
def test_a_stopped_sim_keeps_its_finished_shards_and_resumes_to_the_same_tally(
    tmp_path, whole_run, signum, sigint, status
):
    command = [sys.executable, "-m", "rulescript.sim", *RUN, "--results", str(tmp_path)]
    child = start(command, sigint)
    # Stopped once a first shard is written: the others are being played.
    waited = time.monotonic()
    while not list(tmp_path.glob("*/[0-9]*-[0-9]*.json")):
        assert child.poll() is None and time.monotonic() - waited < 120, child.communicate()
        time.sleep(0.01)
    code, out, err = stop(child, signum)
    assert (code, out) == (status, ""), err
    folder = only_folder(tmp_path)
    shards = sorted(folder.glob("[0-9]*-[0-9]*.json"))
    # Every file is a whole shard's tally (no temporary file, no merged tally).
    assert sorted(path.name for path in folder.iterdir()) == sorted(["configuration.json", *(p.name for p in shards)])
    merge_tallies([path.read_text() for path in shards], [str(path) for path in shards])
    games = sum(int(b) - int(a) for a, b in (path.stem.split("-") for path in shards))
    assert 0 < len(shards) < SHARDS
    said = f"stopped: {len(shards)} of {SHARDS} shards ({games:,} of 4,000 games) are saved in {folder}"
    assert said in err, err
    # Resumed, the run plays the rest only and adds up to the whole run's tally.
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(f"{4000 - games:,} games in "), done.stderr
    assert without_timing((folder / "merged.json").read_text()) == whole_run


def test_a_run_whose_terminal_closed_stops_and_keeps_its_shards(tmp_path):
    """The terminal closed (an SSH session lost): SIGHUP comes, and every later write to the
    terminal fails (EIO). The run still stops as for SIGHUP: its finished shards are kept
    whole and it exits with 129 (its first word to the dead terminal ended it with 1)."""
    run = [*RUN, "--games", "4000000", "--shard-size", "40000", "--message-format", "human"]
    command = [sys.executable, "-m", "rulescript.sim", *run, "--results", str(tmp_path)]
    master, terminal = pty.openpty()
    child = subprocess.Popen(
        command,
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
        cwd=ROOT,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL),
    )
    os.close(terminal)
    # The terminal's screen: read, so that the command's progress never fills it up.
    screen_open = threading.Event()
    screen_open.set()

    def screen():
        while screen_open.is_set():
            if select.select([master], [], [], 0.05)[0]:
                try:
                    os.read(master, 65536)
                except OSError:
                    return

    reading = threading.Thread(target=screen, daemon=True)
    reading.start()
    try:
        waited = time.monotonic()
        while not list(tmp_path.glob("*/[0-9]*-[0-9]*.json")):
            assert child.poll() is None and time.monotonic() - waited < 120, "no shard back"
            time.sleep(0.01)
    finally:
        screen_open.clear()
        reading.join()
        os.close(master)
    child.send_signal(signal.SIGHUP)
    try:
        child.wait(timeout=STOPS_WITHIN)
    except subprocess.TimeoutExpired:
        child.kill()
        raise AssertionError(f"still running {STOPS_WITHIN} s after SIGHUP") from None
    assert child.returncode == 129
    folder = only_folder(tmp_path)
    shards = sorted(folder.glob("[0-9]*-[0-9]*.json"))
    assert sorted(path.name for path in folder.iterdir()) == sorted(["configuration.json", *(p.name for p in shards)])
    merge_tallies([path.read_text() for path in shards], [str(path) for path in shards])


def test_under_nohup_sighup_leaves_a_sim_going(tmp_path):
    """`nohup` starts the command with SIGHUP ignored, and so it stays: the run goes on."""
    # A run of a minute or more: 4,000 games end within a second.
    run = [*RUN, "--games", "4000000", "--shard-size", "40000"]
    command = [sys.executable, "-m", "rulescript.sim", *run, "--results", str(tmp_path)]
    child = start(command, sighup=signal.SIG_IGN)
    waited = time.monotonic()
    while not list(tmp_path.glob("*/[0-9]*-[0-9]*.json")):
        assert child.poll() is None and time.monotonic() - waited < 120, child.communicate()
        time.sleep(0.01)
    child.send_signal(signal.SIGHUP)
    time.sleep(1.0)
    still_running = child.poll() is None
    code, out, err = stop(child, signal.SIGTERM)
    assert still_running, err
    assert (code, out) == (143, ""), err


def test_a_stopped_ray_run_keeps_the_tasks_done_and_cancels_the_others(monkeypatch):
    """`play_on_ray`'s stop, with a stand-in for Ray (not installed here): Ctrl-C while it
    waits keeps the tallies of the tasks already done and cancels the others, forced."""
    import types

    from rulescript import sim

    shards = [(0, 10), (10, 20), (20, 30)]
    done_already = {(10, 20)}
    calls: Dict[str, List[Any]] = {"cancelled": [], "saved": []}

    def wait(refs, num_returns=1, timeout=None):
        if timeout == 0:
            ready = [ref for ref in refs if ref in done_already]
            return ready, [ref for ref in refs if ref not in done_already]
        raise KeyboardInterrupt  # Ctrl-C while the run waits for its tasks

    ray: Any = types.ModuleType("ray")
    ray.remote = lambda **options: lambda function: types.SimpleNamespace(remote=lambda _, shard, __: shard)
    ray.put = lambda value: value
    ray.wait = wait
    ray.get = lambda ref, timeout=None: f"tally of {ref}"
    ray.cancel = lambda ref, force=False: calls["cancelled"].append((ref, force))
    monkeypatch.setitem(sys.modules, "ray", ray)
    progress: Any = types.SimpleNamespace(add=lambda games: None)
    no_simulation: Any = None  # the stand-in's tasks never look at it
    with pytest.raises(KeyboardInterrupt):
        sim.play_on_ray(no_simulation, shards, 0, None, lambda shard, tally: calls["saved"].append((shard, tally)), progress)
    assert calls == {"cancelled": [((0, 10), True), ((20, 30), True)], "saved": [((10, 20), "tally of (10, 20)")]}
