"""`python -m rulescript.sim --ray` on a Ray of 2 CPUs started for the run, as a user runs
it: the shards' merged summary is `rsc sim`'s (of a Wagic sim too, `--lang wagic`), a
failed task is retried, a stopped run resumes without replaying its finished shards, a run
stopped by Ctrl-C or SIGTERM while its tasks play keeps the finished ones, and a Ray the
caller started is used.

Each run is a process of its own with its own Ray folder. A Ray driver whose raylet dies
exits at once with status 1 and without a word on stderr (seen once on CI, where it took
pytest down with it); a run that ends so is reported with the tails of its Ray logs and
the test is tried once more from the start."""

import functools
import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import pytest

from rulescript.sim import merge_tallies

from conftest import OPTIONS, ROOT, rsc_summary, without_timing
from test_wagic import wagic_data
from test_wagic_sim_shards import BEARS, GOBLINS

RAY_LOGS = ("raylet.out", "raylet.err", "gcs_server.out", "gcs_server.err", "python-core-driver-*.log")


class RayDied(Exception):
    """A run's process ended without a traceback or an `error:` line: Ray's own failure."""


@pytest.fixture(scope="module", autouse=True)
def ray_installed():
    if importlib.util.find_spec("ray") is None:
        if os.environ.get("CI"):
            raise AssertionError("ray is not installed (pip install ray)")
        pytest.skip("ray is not installed (pip install ray)")


def ray_log_tails(ray_folder, lines=15):
    """The last lines of the Ray logs that say why a node went down."""
    tails = []
    for pattern in RAY_LOGS:
        for path in sorted(Path(ray_folder).glob(f"ray/session_*/logs/{pattern}")):
            text = path.read_text(errors="replace").splitlines()[-lines:]
            tails.append(f"--- {path.name}\n" + "\n".join(text))
    return "\n".join(tails) or "(no Ray logs)"


def run_sim(*args, code=None):
    """Runs `python -m rulescript.sim ARGS` in its own Ray folder; its `CompletedProcess`.
    Raises `RayDied` when it ends without saying why."""
    # A short folder: Ray's socket paths must stay under 108 bytes.
    ray_folder = tempfile.mkdtemp(prefix="rs-ray-")
    try:
        env = dict(os.environ, RAY_TMPDIR=ray_folder)
        command = [sys.executable, *(["-c", code] if code else ["-m", "rulescript.sim"]), *args]
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
        said_why = "Traceback" in done.stderr or any(line.startswith("error:") for line in done.stderr.splitlines())
        if done.returncode != 0 and not said_why:
            raise RayDied(
                f"exit status {done.returncode}, stderr:\n{done.stderr}\nRay's logs:\n{ray_log_tails(ray_folder)}"
            )
        return done
    finally:
        shutil.rmtree(ray_folder, ignore_errors=True)


def tried_again_if_ray_dies(test):
    """Runs `test` in a fresh folder, and once more in another when Ray died under it."""

    @functools.wraps(test)
    def run(tmp_path, **fixtures):
        try:
            return test(tmp_path / "first", **fixtures)
        except RayDied as died:
            warnings.warn(f"Ray died under the test; trying it again. {died}")
        try:
            return test(tmp_path / "second", **fixtures)
        except RayDied as died:
            raise AssertionError(f"Ray died under the test twice. {died}") from None

    return run


def summary_of(done):
    """The summary a run printed, which must be all it printed on stdout: Ray's messages
    (a task failed and is retried...) go to stderr."""
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def shard_files(results):
    (folder,) = [path for path in results.iterdir() if path.is_dir()]
    return {path.name: path.stat().st_mtime_ns for path in folder.glob("*-*.json")}


@tried_again_if_ray_dies
def test_the_shards_merged_on_ray_print_rsc_sims_summary(tmp_path, rsc):
    expected = rsc_summary(rsc, OPTIONS)
    done = run_sim(*OPTIONS, "--results", str(tmp_path), "--ray", "--shard-size", "7", "--message-format", "json")
    assert expected["games"] == 60
    assert without_timing(summary_of(done)) == without_timing(expected)
    assert sorted(shard_files(tmp_path)) == sorted(f"{a}-{min(a + 7, 60)}.json" for a in range(0, 60, 7))


@tried_again_if_ray_dies
def test_a_wagic_sim_in_shards_on_ray_prints_rsc_sims_summary(tmp_path, rsc):
    # Wagic's own cards, read in place; the decks written here. Each Ray worker compiles
    # the cards once, from the texts the pickled simulation carries.
    data = wagic_data()
    tmp_path.mkdir(parents=True)
    (tmp_path / "bears.txt").write_text(BEARS)
    (tmp_path / "goblins.txt").write_text(GOBLINS)
    options = ["--lang", "wagic", "--cards", str(data / "mtg.txt"), "--deck", str(tmp_path / "bears.txt"),
               "--deck", str(tmp_path / "goblins.txt"), "--games", "12", "--seed", "5", "--player", "greedy",
               "--turn-limit", "30"]  # fmt: skip
    report = tmp_path / "report.html"
    results = tmp_path / "results"
    extra = ("--ray", "--shard-size", "3", "--message-format", "json", "--report", str(report))
    done = run_sim(*options, "--results", str(results), *extra)
    assert without_timing(summary_of(done)) == without_timing(rsc_summary(rsc, options))
    assert sorted(shard_files(results)) == ["0-3.json", "3-6.json", "6-9.json", "9-12.json"]
    assert "12 games, players greedy / greedy" in report.read_text()


@tried_again_if_ray_dies
def test_a_task_that_fails_once_is_retried_and_the_result_is_unchanged(tmp_path, rsc):
    expected = rsc_summary(rsc, OPTIONS)
    marks = tmp_path / "marks"
    marks.mkdir(parents=True)
    results = tmp_path / "results"
    extra = ("--ray", "--shard-size", "20", "--fail-first-attempt", str(marks), "--message-format", "json")
    done = run_sim(*OPTIONS, "--results", str(results), *extra)
    # Every shard's first attempt failed (it left its mark), and its retry was counted.
    assert sorted(path.name for path in marks.iterdir()) == ["0-20", "20-40", "40-60"]
    assert without_timing(summary_of(done)) == without_timing(expected)


@tried_again_if_ray_dies
def test_without_retries_a_failed_task_fails_the_run(tmp_path):
    marks = tmp_path / "marks"
    marks.mkdir(parents=True)
    extra = ["--results", str(tmp_path / "r"), "--max-retries", "0", "--fail-first-attempt", str(marks)]
    done = run_sim(*OPTIONS, "--ray", "--shard-size", "30", *extra)
    assert done.returncode == 1
    assert "failed on purpose" in done.stderr
    assert not list((tmp_path / "r").glob("*/merged.json"))


@tried_again_if_ray_dies
def test_a_stopped_run_started_again_plays_only_the_missing_shards(tmp_path, rsc):
    expected = rsc_summary(rsc, OPTIONS)
    options = [*OPTIONS, "--results", str(tmp_path), "--ray", "--shard-size", "15"]
    first = summary_of(run_sim(*options, "--message-format", "json"))
    before = shard_files(tmp_path)
    assert sorted(before) == ["0-15.json", "15-30.json", "30-45.json", "45-60.json"]
    # A run stopped after two of its shards leaves those two.
    (folder,) = [path for path in tmp_path.iterdir() if path.is_dir()]
    (folder / "15-30.json").unlink()
    (folder / "45-60.json").unlink()
    again = run_sim(*options)
    assert again.returncode == 0, again.stderr
    assert "played 2 shards, skipped 2" in again.stderr
    after = shard_files(tmp_path)
    assert after["0-15.json"] == before["0-15.json"] and after["30-45.json"] == before["30-45.json"]
    assert sorted(after) == sorted(before)
    resumed = json.loads((folder / "merged.json").read_text())
    assert resumed["tally"]["games"] == 60
    assert without_timing(first) == without_timing(expected)


@tried_again_if_ray_dies
def test_a_ray_the_caller_started_plays_the_shards(tmp_path, rsc):
    # A notebook's way: ray.init first, then rulescript.sim.main joins that Ray.
    code = (
        "import sys, ray\n"
        "from rulescript import sim\n"
        "ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)\n"
        "sys.exit(sim.main(sys.argv[1:]))\n"
    )
    args = (*OPTIONS, "--results", str(tmp_path), "--ray", "--shard-size", "25", "--message-format", "json")
    done = run_sim(*args, code=code)
    assert without_timing(summary_of(done)) == without_timing(rsc_summary(rsc, OPTIONS))


@pytest.mark.parametrize(
    "signum, whole_group, status",
    # Ctrl-C at a terminal reaches the whole process group, Ray's own processes too;
    # SIGTERM (`kill`, a scheduler) only the command, whose `ray.init` sets a handler of its own.
    [(signal.SIGINT, True, 130), (signal.SIGTERM, False, 143)],
    ids=["ctrl-c", "sigterm"],
)
@tried_again_if_ray_dies
def test_a_run_stopped_while_ray_plays_keeps_its_finished_shards(tmp_path, signum, whole_group, status):
    results = tmp_path / "results"
    # 100 shards of 40,000 games: still playing long after the first shards are back.
    long_run = [*OPTIONS, "--games", "4000000", "--shard-size", "40000", "--message-format", "json"]
    ray_folder = tempfile.mkdtemp(prefix="rs-ray-")
    child = subprocess.Popen(
        [sys.executable, "-m", "rulescript.sim", *long_run, "--results", str(results), "--ray"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, RAY_TMPDIR=ray_folder),
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        waited = time.monotonic()
        while not list(results.glob("*/[0-9]*-[0-9]*.json")):
            if child.poll() is not None:
                out, err = child.communicate()
                logs = ray_log_tails(ray_folder)
                raise RayDied(f"ended before a shard was back, status {child.returncode}:\n{err}\n{logs}")
            assert time.monotonic() - waited < 300, "no shard back within 300 s"
            time.sleep(0.05)
        if whole_group:
            os.killpg(child.pid, signum)
        else:
            child.send_signal(signum)
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
        shutil.rmtree(ray_folder, ignore_errors=True)
    assert (child.returncode, out) == (status, ""), err
    (folder,) = [path for path in results.iterdir() if path.is_dir()]
    shards = sorted(folder.glob("[0-9]*-[0-9]*.json"))
    # Every file left is a whole shard's tally: no temporary file, no merged tally.
    assert sorted(path.name for path in folder.iterdir()) == sorted(["configuration.json", *(p.name for p in shards)])
    merge_tallies([path.read_text() for path in shards], [str(path) for path in shards])
    games = sum(int(b) - int(a) for a, b in (path.stem.split("-") for path in shards))
    assert 0 < len(shards) < 100
    assert f"stopped: {len(shards)} of 100 shards ({games:,} of 4,000,000 games) are saved in {folder}" in err, err
