"""`python -m rulescript.sim` in this process, and the tallies it adds up: the shards'
merged summary is `rsc sim`'s (printed without an `rsc` binary), a damaged shard is played
again, and tallies of different configurations do not add up. On a Ray cluster:
test_sim_on_ray.py."""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import types
from typing import Dict, List, Tuple

import pytest

from rulescript import sim
from rulescript._rulescript import Simulation, TallyError, merge_tallies, tally_report, tally_summary

from conftest import DECK_ARGS, OPTIONS, ROOT, SET, rsc_summary, run_bounded, run_with_small_files, without_timing


@pytest.fixture(autouse=True)
def in_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def sharded_summary(capfd, options, results, *extra):
    code = sim.main([*options, "--results", str(results), "--message-format", "json", *extra])
    out = capfd.readouterr().out
    assert code == 0, out
    return json.loads(out.strip().splitlines()[-1])


def test_all_decks_sharded_locally_print_rsc_sims_summary(rsc, tmp_path, capfd):
    options = ["--set", SET, "--all-decks", "--games", "5", "--seed", "3"]
    expected = rsc_summary(rsc, options)
    got = sharded_summary(capfd, options, tmp_path, "--shard-size", "4", "--jobs", "2")
    assert expected["matchups"] and without_timing(got) == without_timing(expected)


def test_a_damaged_shard_file_is_played_again(rsc, tmp_path, capfd):
    sharded_summary(capfd, OPTIONS, tmp_path, "--shard-size", "30")
    (folder,) = [path for path in tmp_path.iterdir() if path.is_dir()]
    (folder / "30-60.json").write_text('{"format": "rsc-tally/1", "tally"')
    got = sharded_summary(capfd, OPTIONS, tmp_path, "--shard-size", "30")
    assert without_timing(got) == without_timing(rsc_summary(rsc, OPTIONS))


def environment_without_rsc():
    """This process's environment with no `rsc` to be found: RSC unset, and PATH without a
    folder that holds one."""
    env = {key: value for key, value in os.environ.items() if key != "RSC"}
    folders = env.get("PATH", "").split(os.pathsep)
    env["PATH"] = os.pathsep.join(folder for folder in folders if not os.path.exists(os.path.join(folder, "rsc")))
    assert shutil.which("rsc", path=env["PATH"]) is None
    return env


def test_python_m_rulescript_sim_prints_rsc_sims_summary_without_rsc(rsc, tmp_path):
    expected = rsc_summary(rsc, OPTIONS)
    command = [sys.executable, "-m", "rulescript.sim", *OPTIONS, "--shard-size", "25", "--jobs", "2"]
    command += ["--results", str(tmp_path), "--message-format", "json"]
    done = subprocess.run(command, capture_output=True, text=True, env=environment_without_rsc(), cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert without_timing(json.loads(done.stdout)) == without_timing(expected)


def test_the_table_and_report_are_rsc_sim_merges_bytes(rsc, tmp_path):
    report = tmp_path / "python.html"
    command = [sys.executable, "-m", "rulescript.sim", *OPTIONS, "--shard-size", "25", "--jobs", "2"]
    command += ["--results", str(tmp_path / "results"), "--report", str(report)]
    ours = subprocess.run(command, capture_output=True, text=True, env=environment_without_rsc(), cwd=ROOT)
    assert ours.returncode == 0, ours.stderr
    (merged,) = (tmp_path / "results").glob("*/merged.json")
    theirs_report = tmp_path / "rsc.html"
    theirs = subprocess.run([rsc, "sim", "merge", str(merged), "--report", str(theirs_report)],
                            capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert theirs.returncode == 0, theirs.stderr
    assert ours.stdout == theirs.stdout.replace(str(theirs_report), str(report))
    assert "games, players greedy / random, seed 11" in ours.stdout
    assert report.read_bytes() == theirs_report.read_bytes()
    assert report.read_bytes().startswith(b"<!DOCTYPE html>")


@pytest.mark.parametrize("gone", ["stdout", "stderr"])
def test_a_reader_that_stops_early_still_gets_the_report_written(tmp_path, gone):
    """`python -m rulescript.sim ... | head -1`: what nobody reads any more is dropped, and
    the run still writes its report and exits 0, as `rsc sim` does (it failed with `error:
    [Errno 32] Broken pipe` and no report)."""
    report = tmp_path / "r.html"
    command = [sys.executable, "-m", "rulescript.sim", *OPTIONS, "--shard-size", "25", "--jobs", "2"]
    command += ["--results", str(tmp_path / "results"), "--report", str(report)]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert child.stdout is not None and child.stderr is not None
    # The reader is gone before the command has written a word.
    closed, kept = (child.stdout, child.stderr) if gone == "stdout" else (child.stderr, child.stdout)
    closed.close()
    said = kept.read().decode()
    assert child.wait(timeout=600) == 0, said
    assert "<svg" in report.read_text(), "the report is written"
    assert not any(word in said for word in ("error:", "Traceback", "Exception ignored")), said


def test_a_tallys_summary_and_report_refuse_what_is_not_a_tally():
    with pytest.raises(TallyError, match="not a tally"):
        tally_summary('{"format": "rsc-tally/1"}')
    with pytest.raises(TallyError, match="not a tally"):
        tally_report("[]")
    tally = Simulation(SET, decks=DECK_ARGS, games=4).play(0, 4)
    with pytest.raises(ValueError, match='message_format "xml": "human" or "json"'):
        tally_summary(tally, "xml")
    assert json.loads(tally_summary(tally, "json"))["games"] == 4


def test_tallies_of_different_configurations_do_not_add_up():
    a = Simulation(SET, decks=DECK_ARGS, games=10, seed=1)
    b = Simulation(SET, decks=DECK_ARGS, games=10, seed=2)
    assert a.configuration_hash != b.configuration_hash
    with pytest.raises(TallyError, match=r"tallies of different sims \(they differ in --seed\)"):
        merge_tallies([a.play(0, 5), b.play(5, 10)], ["a.json", "b.json"])
    with pytest.raises(TallyError, match="a.json and b.json both count games 3..5"):
        merge_tallies([a.play(0, 5), a.play(3, 10)], ["a.json", "b.json"])
    merged = json.loads(merge_tallies([a.play(0, 5), a.play(5, 10)]))
    assert merged["ranges"] == [[0, 10]] and merged["tally"]["games"] == 10


def test_rsc_sim_merge_refuses_the_packages_tallies_of_different_configurations(rsc, tmp_path):
    a = tmp_path / "a.json"
    b = tmp_path / "b.json"
    a.write_text(Simulation(SET, decks=DECK_ARGS, games=10, turn_limit=30).play(0, 5))
    b.write_text(Simulation(SET, decks=DECK_ARGS, games=10, turn_limit=31).play(5, 10))
    done = subprocess.run([rsc, "sim", "merge", str(a), str(b)], capture_output=True, text=True)
    assert done.returncode == 1
    assert "they differ in --turn-limit" in done.stderr


def test_a_shard_played_by_the_package_is_rsc_sims_shard(rsc, tmp_path):
    out = tmp_path / "rsc.json"
    done = subprocess.run([rsc, "sim", *OPTIONS, "--shard", "10..25", "--tally-out", str(out), "--message-format", "json"],
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stderr
    simulation = Simulation(SET, decks=DECK_ARGS, games=60, seed=11, players=["greedy", "random"], turn_limit=40)
    ours = json.loads(simulation.play(10, 25))
    theirs = json.loads(out.read_text())
    for tally in (ours, theirs):
        del tally["seconds"], tally["jobs"]
    assert ours == theirs


def test_a_simulation_pickles_as_its_files_and_plays_the_same_games():
    import pickle

    simulation = Simulation(SET, decks=DECK_ARGS, games=20, seed=5)
    data = pickle.dumps(simulation)
    assert len(data) < 1_000_000
    copy = pickle.loads(data)
    assert copy.configuration_hash == simulation.configuration_hash
    strip = lambda text: {k: v for k, v in json.loads(text).items() if k != "seconds"}  # noqa: E731
    assert strip(copy.play(0, 20)) == strip(simulation.play(0, 20))


def test_wrong_options_are_refused_with_rsc_sims_messages():
    with pytest.raises(ValueError, match="a simulation's players are"):
        Simulation(SET, decks=DECK_ARGS, players=["scripted"])
    for games in (0, -1, 2**64):
        with pytest.raises(ValueError, match=f"^games must be from 1 to {2**64 - 1}, not {games}$"):
            Simulation(SET, decks=DECK_ARGS, games=games)
    with pytest.raises(TypeError, match="argument 'games'"):
        Simulation(SET, decks=DECK_ARGS, games=1.5)  # type: ignore[arg-type] # the TypeError under test
    simulation = Simulation(SET, decks=DECK_ARGS, games=10)
    with pytest.raises(ValueError, match="the run has games 0..10"):
        simulation.play(5, 11)
    with pytest.raises(ValueError, match="must be at least 1"):
        sim.shards(10, 0)
    # A negative bound named the argument no more than "a count must be an integer from 0".
    with pytest.raises(ValueError, match=f"^first must be from 0 to {2**64 - 1}, not -1$"):
        simulation.play(-1, 2)
    with pytest.raises(ValueError, match=f"^end must be from 0 to {2**64 - 1}, not {2**64}$"):
        simulation.play(0, 2**64)
    with pytest.raises(TypeError, match="argument 'first'"):
        simulation.play(0.5, 2)  # type: ignore[arg-type] # the TypeError under test


def test_a_run_of_too_many_shards_is_refused_before_listing_them():
    """10**15 games in shards of one were listed first, until the machine's memory ran
    out (in a child with 2 GiB of address space, so that a regression fails the test)."""
    done = run_bounded("from rulescript import sim\nsim.shards(10**15, 1)")
    assert "ValueError: 1,000,000,000,000,000 games in shards of 1 make 1,000,000,000,000,000 shards" in done.stderr
    assert "give a larger --shard-size" in done.stderr
    assert sim.shards(10, 4) == [(0, 4), (4, 8), (8, 10)]
    assert len(sim.shards(sim.MAX_SHARDS, 1)) == sim.MAX_SHARDS


def test_negative_counts_are_refused_by_the_command_line(capsys):
    """--max-retries -1 tried no shard and ended in an AssertionError ("unreachable");
    --jobs -3 ran on one thread; --games -5 named "a count" rather than the option."""
    for option, value, message in [
        ("--max-retries", "-1", "-1 is less than 0"),
        ("--jobs", "-3", "-3 is less than 1"),
        ("--games", "-5", "-5 is less than 1"),
        ("--seed", "x", "'x' is not a whole number"),
        # Taken, and played as a limit of 1 (rsc sim refuses it): refused now.
        ("--turn-limit", "0", "0 is less than 1"),
    ]:
        with pytest.raises(SystemExit) as exited:
            sim.parser().parse_args([option, value])
        assert exited.value.code == 2
        assert f"argument {option}: {message}" in capsys.readouterr().err


def test_a_negative_retry_count_still_plays_each_shard_once():
    simulation = Simulation(SET, decks=DECK_ARGS, games=4)
    done: Dict[Tuple[int, int], str] = {}
    progress = sim.Progress(4, 0, quiet=True)
    sim.play_locally(simulation, [(0, 2), (2, 4)], 1, -1, None, done.__setitem__, progress)
    assert sorted(done) == [(0, 2), (2, 4)]


def test_an_unpickled_simulation_writes_its_files_only_in_its_own_folder(tmp_path):
    """The set's hash named the folder the files are written to: `../..` in a crafted
    state put them anywhere (and the hash check refused the set only afterwards)."""
    simulation = Simulation(SET, decks=DECK_ARGS, games=3)
    restore, (state,) = simulation.__reduce__()
    configuration = json.loads(state[0])
    escape = tmp_path / "escaped"
    configuration["set"]["hash"] = "x/" + "../" * 40 + str(escape).lstrip("/")
    with pytest.raises(ValueError, match="not a pickled Simulation: the set's hash is"):
        restore((json.dumps(configuration), *state[1:]))
    assert not escape.exists()
    assert restore(state).configuration_hash == simulation.configuration_hash


def test_a_report_that_cannot_be_written_whole_leaves_the_old_report(tmp_path, capfd):
    sharded_summary(capfd, OPTIONS, tmp_path / "results", "--shard-size", "30")
    (merged,) = (tmp_path / "results").glob("*/merged.json")
    report = tmp_path / "report.html"
    report.write_text("<p>last week's report</p>\n")
    done = run_with_small_files(
        f"""
from pathlib import Path
from rulescript import sim
try:
    sim.finish(Path({str(merged)!r}).read_text(), "json", {str(report)!r})
except OSError as error:
    print(type(error).__name__, error.errno)
""",
        # The tally is read, not written: only the report passes the limit.
        size=max(1024, merged.stat().st_size),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "OSError 27"
    assert report.read_text() == "<p>last week's report</p>\n", "the old report is kept"
    assert sorted(os.listdir(tmp_path)) == ["report.html", "results"], "no temporary file is left"


def test_a_report_is_not_written_through_a_link_to_nothing(tmp_path):
    link = tmp_path / "report.html"
    link.symlink_to("missing/report.html")
    with pytest.raises(FileNotFoundError) as raised:
        sim.check_writable(link)
    refusal = f"cannot write {link}: it is a symbolic link to missing/report.html, which does not exist"
    assert str(raised.value) == refusal
    with pytest.raises(FileNotFoundError):
        sim.write_atomically(link, "report")
    assert os.readlink(link) == "missing/report.html"


def test_a_report_over_a_file_the_run_reads_or_a_result_of_it_is_refused_before_playing(tmp_path, capfd):
    """`--report` naming a deck, a file of the set (by any name), or a tally of the run's
    results folder is refused, with `rsc sim`'s message for an input, before any game is
    played, and the file is left as it was (the report was written over the deck)."""
    shutil.copytree(SET, tmp_path / "set")
    deck = tmp_path / "set" / "decks" / "arcana.o8d"
    other = tmp_path / "set" / "decks" / "vanguard.o8d"
    (tmp_path / "deck-link.o8d").symlink_to(deck)
    kept = {path: path.read_bytes() for path in (deck, other, tmp_path / "set" / "cards.json")}
    base = ["--set", str(tmp_path / "set"), "--deck", str(deck), "--deck", str(other), "--games", "4"]
    results = tmp_path / "results"
    run_folder = results / Simulation(str(tmp_path / "set"), decks=[str(deck), str(other)], games=4).configuration_hash
    refused = [
        (deck, f"--report would replace {deck}, which this command reads"),
        (tmp_path / "deck-link.o8d", f"--report would replace {deck}, which this command reads"),
        (tmp_path / "set" / "decks" / ".." / "cards.json", "which this command reads"),
        (run_folder / "merged.json", "would replace a result of the run"),
    ]
    for report, message in refused:
        assert sim.main([*base, "--results", str(results), "--report", str(report)]) == 2
        error = capfd.readouterr().err
        assert re.search(f"^error: cannot write {re.escape(str(report))}: .*{re.escape(message)}", error, re.M), error
        assert not run_folder.exists(), "nothing is played"
    # --all-decks reads every deck of the set's decks/ folder.
    all_decks = ["--set", str(tmp_path / "set"), "--all-decks", "--games", "2", "--results", str(results)]
    assert sim.main([*all_decks, "--report", str(other)]) == 2
    assert "which this command reads" in capfd.readouterr().err
    assert {path: path.read_bytes() for path in kept} == kept
    # Beside them, the report is written.
    report = tmp_path / "report.html"
    assert sim.main([*base, "--results", str(results), "--report", str(report), "--message-format", "json"]) == 0
    assert report.read_text().startswith("<!DOCTYPE html>")



class FakeRay(types.ModuleType):
    """The part of Ray that `play_on_ray` and `joined_ray` call, with each task played at
    once in this process: a stop can then be placed at an exact point of the driver."""

    class Ref:
        def __init__(self, value):
            self.value = value

    def __init__(self):
        super().__init__("ray")

    def is_initialized(self):
        return False

    def init(self, address=None, log_to_driver=False):
        pass

    def shutdown(self):
        pass

    def put(self, value):
        return value

    def remote(self, **options):
        def task(function):
            return types.SimpleNamespace(remote=lambda *args: FakeRay.Ref(function(*args)))

        return task

    def wait(self, refs, num_returns=1, timeout=None):
        return refs[:num_returns], refs[num_returns:]

    def get(self, ref, timeout=None):
        return ref.value

    def cancel(self, ref, force=False):
        pass


def test_a_stop_that_lands_as_a_ray_shard_is_saved_counts_that_shard(tmp_path, capfd, monkeypatch):
    # Ctrl-C noted while a shard's tally is written is raised as the write ends; the
    # "stopped:" line counted the shards saved without the one that write left on disk
    # (seen on real Ray: "stopped: 1 of 100 shards" beside two shard files).
    monkeypatch.setitem(sys.modules, "ray", FakeRay())
    real_replace = os.replace
    stops: List[str] = []

    def replace_then_interrupt(source, target):
        real_replace(source, target)
        if not stops and str(target).endswith(".json") and "configuration" not in str(target):
            stops.append(str(target))
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(os, "replace", replace_then_interrupt)
    code = sim.main([*OPTIONS, "--results", str(tmp_path), "--shard-size", "30", "--ray", "local"])
    err = capfd.readouterr().err
    (folder,) = [path for path in tmp_path.iterdir() if path.is_dir()]
    shards = sorted(folder.glob("[0-9]*-[0-9]*.json"))
    games = sum(int(b) - int(a) for a, b in (path.stem.split("-") for path in shards))
    assert code == 130 and stops and shards, err
    assert f"stopped: {len(shards)} of 2 shards ({games:,} of 60 games)" in err, err
