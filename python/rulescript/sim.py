"""``rsc sim`` in shards, on a Ray cluster or in this process, resumable.

    python -m rulescript.sim --set examples --deck A.o8d --deck B.o8d --games 200000 \\
        --shard-size 10000 --results sim-results [--ray [ADDRESS]]
    python -m rulescript.sim --lang wagic --cards mtg.txt --sets Res/sets \\
        --deck deck1.txt --deck deck2.txt --skip-uncompiled --games 2000 --shard-size 50 --ray

With ``--lang wagic`` the games are Magic between Wagic decks, as ``rsc sim --lang wagic``
plays them (``WagicSimulation``; its tallies are ``rsc-wagic-tally/1``, which ``rsc sim
merge`` adds up too); everything below is the same for both games. A folder given as
``--deck`` with ``--lang wagic --all-decks`` stands for its ``*.txt`` decks, as for ``rsc``.

The run (the options of ``rsc sim``) is split into shards of ``--shard-size`` games. Each
shard is played by the Rust sim with the GIL released (a Ray task with ``--ray``, a thread
of this process otherwise) and its tally (``rsc-tally/1``) is written to
``RESULTS/<configuration hash>/<first>-<end>.json`` as soon as it is back (written beside
and renamed, so a file there is always whole). Started again, the run skips the shards
already there: a stopped run loses at most the shards being played. The card set (Wagic:
the card texts) goes into Ray's object store once (``ray.put``); a worker compiles it once
for all its tasks.

Ctrl-C (SIGINT), SIGTERM or SIGHUP (the terminal closed; not under ``nohup``, which
ignores it) stops the run within a game or so: the shards being played are dropped (a
stopped shard's games are not a shard's tally), the shards already finished are kept
(those finished in the meantime are written too), no temporary file is left, and the
command says how many shards and games are saved, then exits with status 130 (SIGINT, as
``rsc sim``), 143 (SIGTERM) or 129 (SIGHUP). It takes SIGINT even when started with it
ignored (a background job of a script), as ``rsc sim`` does.

When every shard is there, the tallies are added up (``merge_tallies``, ``rsc sim
merge``'s adding up) into ``RESULTS/<hash>/merged.json``, whose summary is printed
(``--message-format``) and report written (``--report``) by the code ``rsc sim`` prints them
with (``tally_summary``, ``tally_report``): the same figures as one ``rsc sim`` of the whole
run, timing aside, and no ``rsc`` binary needed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import sys
import tempfile
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, TextIO, Tuple, Union

from ._rulescript import (
    Simulation,
    StopFlag,
    TallyError,
    WagicSimulation,
    merge_tallies,
    tally_report,
    tally_summary,
)
from .errors import RuleScriptError

__all__ = [
    "Simulation",
    "WagicSimulation",
    "StopFlag",
    "TallyError",
    "Terminated",
    "merge_tallies",
    "tally_summary",
    "tally_report",
    "shards",
    "run",
    "main",
]

Range = Tuple[int, int]

# A run of either game: both play a range of games into a tally and pickle for Ray alike.
AnySimulation = Union[Simulation, WagicSimulation]

# The most shards a run is cut into: each is a file and a task, and their list is held in
# memory, so a run of 10**15 games in shards of one would exhaust it before playing any.
MAX_SHARDS = 1_000_000


def shards(total: int, size: int) -> List[Range]:
    """The ranges ``[first, end)`` of ``size`` games (the last one shorter) covering ``total``;
    ``ValueError`` for more than ``MAX_SHARDS`` of them."""
    if size < 1:
        raise ValueError("--shard-size must be at least 1")
    count = -(-total // size)
    if count > MAX_SHARDS:
        raise ValueError(
            f"{total:,} games in shards of {size:,} make {count:,} shards, more than {MAX_SHARDS:,}: "
            "give a larger --shard-size"
        )
    return [(first, min(first + size, total)) for first in range(0, total, size)]


def shard_path(folder: Path, shard: Range) -> Path:
    """The file of ``shard``'s tally in ``folder``: ``<first>-<end>.json``."""
    return folder / f"{shard[0]}-{shard[1]}.json"


def output_target(path: Path) -> Optional[Path]:
    """The regular file ``path`` names (its symbolic links followed, a new file's folder
    resolved), or ``None`` for a device or a pipe, written directly; as ``rsc``'s
    ``game::output::target``, raises ``OSError`` for a folder or a link to nothing."""
    if path.is_symlink() and not path.exists():
        target = os.readlink(path)
        raise FileNotFoundError(f"cannot write {path}: it is a symbolic link to {target}, which does not exist")
    if path.is_dir():
        raise IsADirectoryError(f"cannot write {path}: it is a folder")
    # `/dev/stdout` redirected to a file names the open descriptor: written directly.
    if path.exists() and (not path.is_file() or path.absolute().parts[:2] == ("/", "dev")):
        return None
    return path.resolve()


def write_out(text: str, stream: TextIO) -> None:
    """Writes ``text`` to ``stream``. A reader that stopped early (``| head -1``) or a terminal
    that closed takes nothing more: the text is dropped and the stream's descriptor pointed at
    /dev/null, so that no later write fails again (Python's own flush at exit included) and
    the run goes on to write its files, as ``rsc sim`` does."""
    try:
        stream.write(text)
        stream.flush()
    except OSError:
        with contextlib.suppress(OSError, ValueError):  # a stream without a descriptor
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, stream.fileno())
            finally:
                os.close(null)


def tell(line: str) -> None:
    """Writes ``line`` to stderr (``write_out``: dropped when nobody reads it)."""
    write_out(line + "\n", sys.stderr)


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised while ``main`` runs: the run stops as Ctrl-C stops it.
    ``signum`` is the signal's number."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"stopped by signal {signum}")
        self.signum = signum


# The signals that stop a run besides Ctrl-C, each raising `Terminated`.
STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


@contextlib.contextmanager
def signals_held(noted: Callable[[], None] = lambda: None) -> Iterator[None]:
    """While the block runs on the main thread, SIGINT, SIGTERM and SIGHUP do not raise inside it:
    a Python handler of theirs (``KeyboardInterrupt``'s, ``Terminated``'s, a caller's) is
    replaced by one that notes the signal and calls ``noted``, and once the block is over
    the signals noted are handed to the handlers they would have run. An exception raised
    at any bytecode could land inside a lock of ``concurrent.futures.wait`` (a worker then
    never hands its result back: the run hangs) or between a temporary file's creation and
    its name being kept (the file stays); a signal held to the end of the block lands at
    neither. Elsewhere than on the main thread, where no handler runs, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: List[int] = []

    def note(signum: int, frame: object) -> None:
        caught.append(signum)
        noted()

    previous: Dict[int, Any] = {}
    for signum in (signal.SIGINT, *STOPPING_SIGNALS):
        if callable(signal.getsignal(signum)):
            previous[signum] = signal.signal(signum, note)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for number in caught[:1]:
            previous[number](number, None)


def write_atomically(path: Path, text: str) -> None:
    """Writes ``text`` to a file beside ``path`` and renames it: ``path`` is whole or as it
    was (its permissions kept), also when Ctrl-C, SIGTERM or SIGHUP stops the write (the file
    beside is removed). A device or a pipe (``/dev/null``) is written directly."""
    target = output_target(Path(path))
    if target is None:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
        return
    if target.exists():
        mode = target.stat().st_mode & 0o7777
    else:
        # mkstemp's file is private; a new output is an ordinary file.
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    partial = None
    # Ctrl-C, SIGTERM or SIGHUP is held to the end: raised inside `mkstemp`, it left the
    # file made with no name kept to remove it by.
    with signals_held():
        try:
            handle, partial = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".partial")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(partial, mode)
            os.replace(partial, target)
        except BaseException:
            if partial is not None and os.path.exists(partial):
                os.remove(partial)
            raise


def finished_shards(folder: Path, ranges: Iterable[Range]) -> List[Range]:
    """The shards whose tally is in ``folder`` and reads as one (a damaged file is replayed)."""
    done = []
    for shard in ranges:
        path = shard_path(folder, shard)
        if not path.exists():
            continue
        try:
            merge_tallies([path.read_text(encoding="utf-8")], [str(path)])
        except (TallyError, OSError, UnicodeDecodeError) as error:
            tell(f"note: {path} is replayed: {error}")
            continue
        done.append(shard)
    return done


class Progress:
    """Games played over all shards: tqdm when it is installed and stderr is a terminal,
    otherwise a line every few seconds on stderr (none with ``quiet``)."""

    def __init__(self, total: int, initial: int, quiet: bool):
        self.total, self.done, self.quiet = total, initial, quiet
        self.lock = threading.Lock()
        self.started = time.monotonic()
        self.last_line = 0.0
        self.bar = None
        if not quiet and sys.stderr.isatty():
            try:
                from tqdm import tqdm
            except ImportError:
                tqdm = None
            if tqdm is not None:
                self.bar = tqdm(total=total, initial=initial, unit="games", unit_scale=True, smoothing=0.1)

    def add(self, games: int) -> None:
        """Counts ``games`` more played (thread-safe) and shows the count."""
        with self.lock:
            self.done += games
            if self.bar is not None:
                try:
                    self.bar.update(games)
                except OSError:  # the terminal closed: the run goes on without a bar
                    self.bar, self.quiet = None, True
            elif not self.quiet and time.monotonic() - self.last_line >= 5:
                self.last_line = time.monotonic()
                tell(f"{self.done:,}/{self.total:,} games")

    def close(self) -> None:
        """Ends the progress bar, if any."""
        if self.bar is not None:
            with contextlib.suppress(OSError):
                self.bar.close()


def _fail_first_attempt(marks: Optional[str], shard: Range) -> None:
    """Tests only: the first attempt at a shard leaves a mark in folder ``marks`` and raises,
    so that the retry is what counts."""
    if marks is not None:
        mark = Path(marks) / f"{shard[0]}-{shard[1]}"
        if not mark.exists():
            mark.touch()
            raise RuntimeError(f"shard {shard[0]}..{shard[1]} failed on purpose (first attempt)")


def _play(simulation: AnySimulation, shard: Range, fail_marks: Optional[str]) -> str:
    """One shard's tally (a Ray task)."""
    _fail_first_attempt(fail_marks, shard)
    return simulation.play(shard[0], shard[1])


def play_locally(
    simulation: AnySimulation,
    todo: Sequence[Range],
    jobs: int,
    retries: int,
    fail_marks: Optional[str],
    on_done: Callable[[Range, str], None],
    progress: Progress,
) -> None:
    """Plays ``todo`` on ``jobs`` threads of this process (the GIL is released while a shard
    plays); a shard that raises is tried again up to ``retries`` times."""

    # Set when the run stops: the shards being played raise KeyboardInterrupt within a
    # game, read by the Rust sim without the GIL, and those not started yet do not start.
    stop = StopFlag()

    def attempt(shard: Range) -> str:
        # One try at least, whatever `retries` says (a negative count tried none, and
        # fell through to the AssertionError below).
        for tries_left in range(max(retries, 0), -1, -1):
            try:
                _fail_first_attempt(fail_marks, shard)
                return simulation.play(shard[0], shard[1], progress.add, stop)
            except (KeyboardInterrupt, ValueError):
                raise
            except Exception as error:  # noqa: BLE001 - retried like a Ray task's failure
                if tries_left == 0 or stop.is_set():
                    raise
                tell(f"note: shard {shard[0]}..{shard[1]} is retried: {error}")
        raise AssertionError("unreachable")

    # Ctrl-C, SIGTERM or SIGHUP sets the flag rather than raise wherever the main thread is
    # (inside `wait`'s locks, it hung the run): the loop sees it within its half-second
    # wait, and the signal's exception is raised once the shards under way have ended.
    with signals_held(stop.set), ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        pending = {pool.submit(attempt, shard): shard for shard in todo}
        try:
            while pending and not stop.is_set():
                finished, _ = wait(pending, return_when=FIRST_COMPLETED, timeout=0.5)
                for future in finished:
                    shard = pending.pop(future)
                    on_done(shard, future.result())
        finally:
            # Stopped (a signal, or an exception here) with shards left: those not started
            # are cancelled, those under way end within a game, and one that finished before
            # it saw the flag is kept like any other.
            if pending:
                stop.set()
                for future in pending:
                    future.cancel()
                for future, shard in pending.items():
                    if future.cancelled():
                        continue
                    try:
                        tally = future.result()
                    except BaseException:  # noqa: BLE001 - stopped, or failed: replayed next time
                        continue
                    on_done(shard, tally)
    if pending:
        # A handler of the caller's that did not raise: the run still did not end.
        raise KeyboardInterrupt


def play_on_ray(
    simulation: AnySimulation,
    todo: Sequence[Range],
    retries: int,
    fail_marks: Optional[str],
    on_done: Callable[[Range, str], None],
    progress: Progress,
) -> None:
    """Plays each shard of ``todo`` as a Ray task (one CPU each) on the Ray this process has
    joined, the simulation put in the object store once; a task that raises or whose worker
    dies is retried ``retries`` times."""
    import ray

    remote = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=True)(_play)
    simulation_ref = ray.put(simulation)
    pending = {remote.remote(simulation_ref, shard, fail_marks): shard for shard in todo}
    try:
        while pending:
            finished, _ = ray.wait(list(pending), num_returns=1, timeout=0.5)
            for ref in finished:
                shard = pending.pop(ref)
                on_done(shard, ray.get(ref))
                progress.add(shard[1] - shard[0])
    except BaseException:
        # The tasks already done are kept; the others are cancelled (`force` ends their
        # worker processes, which stops `Simulation.play` at once).
        finished, running = ray.wait(list(pending), num_returns=len(pending), timeout=0) if pending else ([], [])
        for ref in running:
            ray.cancel(ref, force=True)
        for ref in finished:
            try:
                tally = ray.get(ref, timeout=5)
            except Exception:  # noqa: BLE001 - a failed task: replayed next time
                continue
            on_done(pending[ref], tally)
        raise


@contextlib.contextmanager
def joined_ray(address: Optional[str]) -> Iterator[None]:
    """This process joined to Ray: the Ray it already joined, or the cluster at ``address``
    (a Ray started here when it is None), left again afterwards."""
    import ray

    if ray.is_initialized():
        yield
        return
    # `ray.init` puts in a SIGTERM handler of its own (`sys.exit(15)`), which ended a run
    # without its "stopped:" line and with status 15: the handler found is put back.
    on_main_thread = threading.current_thread() is threading.main_thread()
    sigterm = signal.getsignal(signal.SIGTERM) if on_main_thread else None
    ray.init(address=address, log_to_driver=False)
    if sigterm is not None:
        signal.signal(signal.SIGTERM, sigterm)
    try:
        yield
    finally:
        ray.shutdown()


def check_writable(path: Path) -> None:
    """Raises ``OSError`` unless ``path`` can be written by ``write_atomically``, as ``rsc
    sim`` checks ``--report`` before it plays (nothing is changed: a file that exists is
    opened without being truncated, the temporary file made beside it removed)."""
    target = output_target(path)
    if target is None:
        return
    if target.exists():
        with open(target, "ab"):
            pass
    handle, partial = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".partial")
    os.close(handle)
    os.remove(partial)


def input_files(set_folder: str, decks: Sequence[str], all_decks: bool) -> List[Path]:
    """The files a run reads, as ``rsc sim`` lists them: the set's ``cards.json`` and
    ``.rules`` files, the decks, and with ``all_decks`` every ``.o8d`` file of the set's
    ``decks/``. A folder that cannot be listed adds nothing (loading it says why)."""
    folder = Path(set_folder)
    files: List[Path] = []
    with contextlib.suppress(OSError):
        files += [path for path in folder.iterdir() if path.suffix == ".rules" or path.name == "cards.json"]
    files += [Path(deck) for deck in decks]
    if all_decks:
        with contextlib.suppress(OSError):
            files += [path for path in (folder / "decks").iterdir() if path.suffix == ".o8d"]
    return files


def wagic_input_files(cards: Sequence[str], decks: Sequence[str], sets: Optional[str]) -> List[Path]:
    """The files a ``--lang wagic`` run reads, as ``rsc sim --lang wagic`` lists them: the
    card files (a folder's ``*.txt`` files), the decks and the sets folder's set files."""
    files: List[Path] = []
    for given in [*cards, *decks]:
        path = Path(given)
        with contextlib.suppress(OSError):
            files += sorted(path.rglob("*.txt")) if path.is_dir() else [path]
    if sets is not None:
        with contextlib.suppress(OSError):
            files += sorted(Path(sets).rglob("_cards.dat"))
    return files


def _natural_key(name: str) -> List[Tuple[str, int]]:
    """A name's sort key in which runs of digits compare as numbers (``deck2`` before
    ``deck10``), as ``rsc`` orders a folder's decks."""
    parts = re.split(r"(\d+)", name)
    return [(text, int(number) if number else 0) for text, number in zip(parts[::2], parts[1::2] + [""])]


def wagic_decks(given: Sequence[str]) -> List[str]:
    """The deck files of ``given``: a file as it is, a folder as its ``*.txt`` files in
    natural order (as ``rsc sim --lang wagic`` takes a folder as ``--deck``)."""
    decks: List[str] = []
    for deck in given:
        path = Path(deck)
        if path.is_dir():
            found = [entry for entry in path.iterdir() if entry.is_file() and entry.suffix == ".txt"]
            decks += [str(entry) for entry in sorted(found, key=lambda entry: _natural_key(entry.name))]
        else:
            decks.append(deck)
    return decks


def check_report(report: Path, inputs: Sequence[Path], results: Path) -> None:
    """Raises ``OSError`` when ``report`` would replace a file the run reads (a deck, a
    file of the set: ``rsc sim`` refuses those too) or one of its results (a shard's
    tally, ``merged.json``, ``configuration.json``), by any name (a link, ``..``); a
    device (``/dev/null``) replaces nothing."""
    if report.exists() and not report.is_file():
        return
    for path in inputs:
        if _same_file(report, path):
            raise OSError(f"cannot write {report}: --report would replace {path}, which this command reads")
    if report.suffix == ".json" and _same_file(report.parent, results):
        raise OSError(f"cannot write {report}: --report would replace a result of the run in {results}")


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file: where both exist, the same file by any name
    (a symbolic or a hard link, ``..``); else the same path once resolved."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def finish(tally: str, message_format: str, report: Optional[str]) -> int:
    """Prints the summary of ``tally`` and writes its report, as ``rsc sim merge`` does;
    the exit code (1 when a game was stopped by an error, as ``rsc sim``)."""
    write_out(tally_summary(tally, message_format), sys.stdout)
    if report:
        write_atomically(Path(report), tally_report(tally))
        if message_format == "human":
            write_out(f"report written to {report}\n", sys.stdout)
    figures = json.loads(tally)
    for game in figures["tally"]["stopped_list"]:
        tell(f"error: game {game['index']} (seed {game['seed']}): {game['error'] or ''}")
    if figures["stopped"]:
        return 130
    return 1 if figures["tally"]["errors"] > 0 else 0


def run(args: argparse.Namespace) -> int:
    """Plays the run of ``args`` (see ``main``), prints its summary; the exit code."""
    simulation: AnySimulation
    if args.lang == "wagic":
        if args.set is not None or args.check:
            raise ValueError("--set and --check are not for --lang wagic")
        if not args.cards:
            raise ValueError("--lang wagic needs the Wagic card files: --cards mtg.txt ...")
        decks = wagic_decks(args.deck)
        inputs = wagic_input_files(args.cards, decks, args.sets)
        if args.report:
            # Before the cards compile (seconds for Wagic's): checked again below, with the
            # results' folder known.
            check_report(Path(args.report), inputs, Path(args.results))
            check_writable(Path(args.report))
        simulation = WagicSimulation(
            args.cards,
            decks,
            sets=args.sets,
            all_decks=args.all_decks,
            games=args.games,
            players=args.player[0] if len(args.player) == 1 else (args.player or None),
            seed=args.seed,
            turn_limit=args.turn_limit,
            skip_uncompiled=args.skip_uncompiled,
        )
    else:
        if args.cards or args.sets is not None or args.skip_uncompiled:
            raise ValueError("--cards, --sets and --skip-uncompiled need --lang wagic")
        card_set = "examples" if args.set is None else args.set
        inputs = input_files(card_set, args.deck, args.all_decks)
        simulation = Simulation(
            card_set,
            decks=args.deck,
            all_decks=args.all_decks,
            games=args.games,
            players=args.player,
            seed=args.seed,
            turn_limit=args.turn_limit,
            check=args.check,
        )
    folder = Path(args.results) / simulation.configuration_hash
    if args.report:
        check_report(Path(args.report), inputs, folder)
        check_writable(Path(args.report))
    folder.mkdir(parents=True, exist_ok=True)
    configuration = folder / "configuration.json"
    if not configuration.exists():
        write_atomically(configuration, simulation.configuration_json() + "\n")
    ranges = shards(simulation.total_games, args.shard_size)
    done = set(finished_shards(folder, ranges))
    todo = [shard for shard in ranges if shard not in done]
    quiet = args.message_format == "json"
    if not quiet:
        tell(f"{simulation.total_games:,} games in {len(ranges)} shards, {len(done)} already in {folder}")
    progress = Progress(simulation.total_games, sum(b - a for a, b in done), quiet)

    saved = list(done)

    def on_done(shard: Range, tally: str) -> None:
        # Held across both: a signal noted during the write is raised as the write ends,
        # which left a shard on disk that the "stopped:" line did not count.
        with signals_held():
            write_atomically(shard_path(folder, shard), tally)
            saved.append(shard)

    on_ray = args.ray is not None and bool(todo)
    try:
        # Ray prints its tasks' failures and retries on stdout, and some of them only when
        # it shuts down; stdout is the summary's (`--message-format json` is read by tools).
        with contextlib.redirect_stdout(sys.stderr):
            with joined_ray(None if args.ray == "local" else args.ray) if on_ray else contextlib.nullcontext():
                started = time.monotonic()
                if on_ray:
                    play_on_ray(simulation, todo, args.max_retries, args.fail_first_attempt, on_done, progress)
                else:
                    jobs = args.jobs or os.cpu_count() or 1
                    play_locally(simulation, todo, jobs, args.max_retries, args.fail_first_attempt, on_done, progress)
                seconds = time.monotonic() - started
    except KeyboardInterrupt as stopped:
        progress.close()
        games = sum(b - a for a, b in saved)
        tell(
            f"stopped: {len(saved)} of {len(ranges)} shards ({games:,} of {simulation.total_games:,} games) "
            f"are saved in {folder}; run again to go on"
        )
        return stopped_status(stopped)
    progress.close()
    played = sum(b - a for a, b in todo)
    rate = played / seconds if seconds > 0 else 0.0
    if not quiet:
        tell(f"played {len(todo)} shards, skipped {len(done)}")
    tell(f"{played:,} games in {seconds:.1f} s: {rate:,.0f} games/s")
    paths = [shard_path(folder, shard) for shard in ranges]
    merged = merge_tallies([path.read_text(encoding="utf-8") for path in paths], [str(path) for path in paths])
    merged_path = folder / "merged.json"
    write_atomically(merged_path, merged)
    return finish(merged, args.message_format, args.report)


def _at_least(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number no less than ``least``."""

    def whole_number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is less than {least}")
        return value

    return whole_number


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m rulescript.sim`` (``--help`` lists it)."""
    p = argparse.ArgumentParser(
        prog="python -m rulescript.sim",
        description="rsc sim in shards, on Ray (--ray) or in this process; resumable (--results).",
    )
    p.add_argument(
        "--lang",
        choices=["rulescript", "wagic"],
        default="rulescript",
        help="the game: rulescript (Card Fighters' Clash, the default) or wagic (Magic between Wagic decks)",
    )
    p.add_argument("--set", default=None, help="the card set's folder (as rsc sim --set; default: examples)")
    p.add_argument("--deck", action="append", default=[], help="a deck, given twice (as rsc sim --deck)")
    p.add_argument(
        "--all-decks",
        action="store_true",
        help="every pair of the set's valid decks (--lang wagic: of the decks given, a folder for its *.txt)",
    )
    p.add_argument("--cards", nargs="+", default=[], help="--lang wagic: the Wagic card files (as rsc sim --cards)")
    p.add_argument("--sets", default=None, help="--lang wagic: Wagic's Res/sets folder (as rsc sim --sets)")
    p.add_argument(
        "--skip-uncompiled",
        action="store_true",
        help="--lang wagic: play each deck without its cards that do not compile",
    )
    p.add_argument("--games", type=_at_least(1), default=1000, help="games per pair of decks")
    p.add_argument("--seed", type=_at_least(0), default=0)
    p.add_argument("--player", action="append", default=[], help="random or greedy; once or once per seat")
    p.add_argument("--turn-limit", type=_at_least(1), default=None)
    p.add_argument("--check", action="store_true", help="check the invariants after every step")
    p.add_argument("--message-format", choices=["human", "json"], default="human")
    p.add_argument("--report", help="write the HTML report here (as rsc sim --report)")
    p.add_argument("--shard-size", type=_at_least(1), default=10_000, help="games per shard (a Ray task)")
    p.add_argument("--results", default="sim-results", help="folder of the shards' tallies")
    p.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="run the shards as Ray tasks: on the cluster at ADDRESS ('auto': the one this machine "
        "is part of), or on a Ray started here when ADDRESS is left out",
    )
    p.add_argument("--jobs", type=_at_least(1), default=None, help="threads without --ray (default: the CPUs)")
    p.add_argument(
        "--max-retries", type=_at_least(0), default=3, help="tries again a failed shard this many times"
    )
    # Tests only: a folder where each shard's first attempt leaves a mark and fails.
    p.add_argument("--fail-first-attempt", help=argparse.SUPPRESS)
    return p


# The last signal `_terminate` was called for while `main` runs (None: none). Ray's blocking
# calls (`ray.wait`) turn an exception a signal handler raises inside them into a plain
# `KeyboardInterrupt`: the exception alone cannot tell SIGTERM's stop from Ctrl-C's.
_termination: List[Optional[int]] = [None]


def stopped_status(stopped: KeyboardInterrupt) -> int:
    """The exit status of a run stopped by ``stopped``: 128 plus the signal, as shells
    report a process a signal ended (``rsc sim``'s 130 for Ctrl-C)."""
    if isinstance(stopped, Terminated):
        return 128 + stopped.signum
    return 128 + (_termination[0] or signal.SIGINT)


def _terminate(signum: int, frame: object) -> None:
    _termination[0] = signum
    raise Terminated(signum)


@contextlib.contextmanager
def stop_signals() -> Iterator[None]:
    """While the command runs (on the main thread): SIGINT raises ``KeyboardInterrupt``
    even when the process started with it ignored (``rsc sim`` takes it back too), and
    SIGTERM and SIGHUP raise ``Terminated``, unless ignored (``nohup`` ignores SIGHUP) or
    handled already. The handlers found are put back afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _termination[0] = None
    wanted = {signal.SIGINT: signal.default_int_handler, **{signum: _terminate for signum in STOPPING_SIGNALS}}
    found: Dict[signal.Signals, Any] = {}
    for signum, handler in wanted.items():
        current = signal.getsignal(signum)
        if current == signal.SIG_DFL or (signum == signal.SIGINT and current == signal.SIG_IGN):
            found[signum] = signal.signal(signum, handler)
    try:
        yield
    finally:
        for signum, previous in found.items():
            signal.signal(signum, previous)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m rulescript.sim`` with ``argv`` (default: ``sys.argv[1:]``); the exit code:
    0, 1 when a game stopped on an error, 2 for bad options or files, 130 when stopped by
    Ctrl-C, 143 by SIGTERM, 129 by SIGHUP."""
    args = parser().parse_args(argv)
    with stop_signals():
        try:
            return run(args)
        except (RuleScriptError, ValueError, OSError) as error:
            tell(f"error: {error}")
            return 2
        except KeyboardInterrupt as stopped:
            # Before the games started (the set loading), or a second Ctrl-C while the
            # first one's shards were being saved.
            tell("stopped: run again to go on (the shards saved are kept)")
            return stopped_status(stopped)


if __name__ == "__main__":
    sys.exit(main())
