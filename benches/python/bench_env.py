#!/usr/bin/env python3
"""The Python package's speed beside the Rust engine's own, in one process and one build.

Every figure is the best of `--rounds` interleaved rounds, in wall-clock time and in this
process's CPU time.

Measures decisions per second of:
- the engine alone (`rulescript.play_in_rust`: whole games in Rust, no Python per decision),
  with the first legal action and with the built-in random player, on one thread and two;
- a plain Python loop over one `Game` taking the first legal action (target: >= 0.3 of the
  engine's first-action rate);
- `VecGame` with random legal actions drawn in numpy, on one thread (target: >= 0.8 of the
  engine's random rate) and on two (target: >= 1.7 x one thread; also given from CPU
  time, 2 x the two threads' decisions per CPU second over one thread's, which is what
  two threads give when each has a core the whole time);
and the memory (RSS) of one game and of a `VecGame` of 1,024.

    pip install ./python && python benches/python/bench_env.py [--quick]

Prints a table and, last, one JSON line with every figure.
"""

import argparse
import gc
import json
import os
import sys
import time
from pathlib import Path

# numpy's BLAS threads would only spin beside the loops measured here, on the same cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import rulescript as rs  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# The sizes of VecGame measured: small enough for the games to stay in cache, and large.
SIZES = (16, 64, 128, 256, 1024)


def rss_bytes():
    """Resident memory of this process (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class Clock:
    """Wall time and this process's CPU time (all threads) since it was made. On a busy
    machine the CPU time is the fairer yardstick for one thread: it leaves out the time
    spent waiting for a core."""

    def __init__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def elapsed(self):
        return time.perf_counter() - self.wall, time.process_time() - self.cpu


def python_loop(card_set, decks, seconds):
    """A plain Python loop over one Game at a time, the first legal action; decisions per
    second of wall time and of CPU time."""
    decisions, seed = 0, 0
    clock = Clock()
    while clock.elapsed()[0] < seconds:
        game = rs.Game(card_set, decks, seed)
        while not game.is_over():
            game.apply(game.legal_actions()[0])
            decisions += 1
        seed += 1
    wall, cpu = clock.elapsed()
    return decisions / wall, decisions / cpu


def rust(card_set, decks, policy, threads, seconds, interleave=1):
    """The engine alone: whole games until `seconds` have passed (with `interleave`, that
    many at a time, one decision each in turn); decisions per second of wall time and of
    CPU time."""
    games = 32 * threads * interleave
    decisions, seed = 0, 0
    clock = Clock()
    while clock.elapsed()[0] < seconds:
        played = rs.play_in_rust(card_set, decks, seed, games, policy=policy, threads=threads, interleave=interleave)
        decisions += played["decisions"]
        seed += games
    wall, cpu = clock.elapsed()
    return decisions / wall, decisions / cpu


def vec_game(card_set, decks, n, threads, seconds):
    """VecGame of n with random legal actions drawn in numpy; decisions per second of wall
    time and of CPU time."""
    vec = rs.VecGame(card_set, decks, n, seed=0, threads=threads)
    rng = np.random.default_rng(0)
    rows = np.arange(n)
    legal, counts = vec.legal_actions, vec.legal_counts
    steps = 0
    clock = Clock()
    while clock.elapsed()[0] < seconds:
        picks = (rng.random(n) * counts).astype(np.int64)
        vec.step(legal[rows, picks])
        steps += 1
    wall, cpu = clock.elapsed()
    return steps * n / wall, steps * n / cpu


def memory(card_set, decks):
    """RSS per game of 200 games (new, and played to their end with the first legal action)
    and of a VecGame of 1,024 (new, and after 200 steps), measured first, on a young heap."""
    gc.collect()
    base = rss_bytes()
    games = [rs.Game(card_set, decks, seed) for seed in range(200)]
    new_game = (rss_bytes() - base) / len(games)
    for game in games:
        while not game.is_over():
            game.apply(game.legal_actions()[0])
    played_game = (rss_bytes() - base) / len(games)
    del games
    gc.collect()
    base = rss_bytes()
    vec = rs.VecGame(card_set, decks, 1024, seed=0, threads=1)
    new_vec = rss_bytes() - base
    rng = np.random.default_rng(0)
    rows = np.arange(1024)
    for _ in range(200):
        picks = (rng.random(1024) * vec.legal_counts).astype(np.int64)
        vec.step(vec.legal_actions[rows, picks])
    played_vec = rss_bytes() - base
    return new_game, played_game, new_vec, played_vec


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", default=str(ROOT / "examples"))
    parser.add_argument("--deck", action="append", default=None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per measurement (the best counts)")
    parser.add_argument("--quick", action="store_true", help="one second per measurement")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else args.seconds
    card_set = rs.CardSet.load(args.set)
    paths = args.deck or [str(ROOT / "examples/decks/vanguard.o8d"), str(ROOT / "examples/decks/arcana.o8d")]
    decks = [rs.load_deck(p, card_set) for p in paths]

    # Each figure is the best of several short rounds, the configurations interleaved: on a
    # shared machine the best round is the one least disturbed by other work.
    load_at_start = os.getloadavg()[0]
    new_game, played_game, new_vec, played_vec = memory(card_set, decks)
    runs = {
        "rust_first_1t": lambda t: rust(card_set, decks, "first", 1, t),
        "python_loop_first": lambda t: python_loop(card_set, decks, t),
        "rust_random_1t": lambda t: rust(card_set, decks, "random", 1, t),
        "rust_random_2t": lambda t: rust(card_set, decks, "random", 2, t),
    }
    for n in SIZES:
        runs[f"rust{n}_random_1t"] = lambda t, n=n: rust(card_set, decks, "random", 1, t, interleave=n)
        for threads in (1, 2):
            runs[f"vec{n}_random_{threads}t"] = lambda t, n=n, threads=threads: vec_game(card_set, decks, n, threads, t)
    measured = {name: (0.0, 0.0) for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            wall, cpu = run(seconds / args.rounds)
            measured[name] = (max(measured[name][0], wall), max(measured[name][1], cpu))
    figures = {f"{name}_wall": wall for name, (wall, _) in measured.items()}
    figures.update({f"{name}_cpu": cpu for name, (_, cpu) in measured.items()})
    for clock in ("wall", "cpu"):
        figures[f"python_loop_ratio_{clock}"] = figures[f"python_loop_first_{clock}"] / figures[f"rust_first_1t_{clock}"]
        for n in SIZES:
            figures[f"vec{n}_1t_ratio_{clock}"] = figures[f"vec{n}_random_1t_{clock}"] / figures[f"rust_random_1t_{clock}"]
    for n in SIZES:
        figures[f"vec{n}_2t_speedup_wall"] = figures[f"vec{n}_random_2t_wall"] / figures[f"vec{n}_random_1t_wall"]
        # What two threads would give with a core each the whole time: twice the decisions
        # per second of CPU time of two threads over one (the cost of sharing the work).
        figures[f"vec{n}_2t_speedup_cpu"] = 2 * figures[f"vec{n}_random_2t_cpu"] / figures[f"vec{n}_random_1t_cpu"]
    figures["rust_2t_speedup_wall"] = figures["rust_random_2t_wall"] / figures["rust_random_1t_wall"]
    figures.update(
        game_bytes_new=new_game, game_bytes_played=played_game, vec1024_bytes_new=new_vec, vec1024_bytes_played=played_vec
    )
    figures["load_average_start"] = load_at_start
    figures["load_average"] = os.getloadavg()[0]

    def row(label, name, target=""):
        print(f"{label:<50}{figures[name + '_wall']:>14,.3f}{figures[name + '_cpu']:>14,.3f}  {target}")

    def rate(label, name):
        print(f"{label:<50}{figures[name + '_wall']:>14,.0f}{figures[name + '_cpu']:>14,.0f}")

    print(f"{'decisions per second (best round)':<50}{'wall clock':>14}{'CPU time':>14}  target")
    rate("Rust, first legal action, 1 thread", "rust_first_1t")
    rate("Python loop over one Game, first legal action", "python_loop_first")
    row("  ratio to Rust", "python_loop_ratio", ">= 0.3")
    rate("Rust, random player, 1 thread", "rust_random_1t")
    rate("Rust, random player, 2 threads", "rust_random_2t")
    print(f"{'  speed-up of 2 threads':<50}{figures['rust_2t_speedup_wall']:>14.3f}")
    for n in SIZES:
        rate(f"Rust alone, random player, {n} games in turn", f"rust{n}_random_1t")
        rate(f"VecGame of {n}, numpy random actions, 1 thread", f"vec{n}_random_1t")
        row("  ratio to Rust's random player, 1 thread", f"vec{n}_1t_ratio", ">= 0.8")
        rate(f"VecGame of {n}, numpy random actions, 2 threads", f"vec{n}_random_2t")
        speedup_wall, speedup_cpu = figures[f"vec{n}_2t_speedup_wall"], figures[f"vec{n}_2t_speedup_cpu"]
        print(f"{'  speed-up over 1 thread (CPU: 2 x CPU rates)':<50}{speedup_wall:>14.3f}{speedup_cpu:>14.3f}  >= 1.7")
    print(f"{'memory of one Game, new / played to its end':<50}{new_game / 1024:>9.0f} KiB / {played_game / 1024:.0f} KiB")
    print(f"{'memory of a VecGame of 1,024, new / 200 steps':<50}{new_vec / 2**20:>9.1f} MiB / {played_vec / 2**20:.1f} MiB")
    print(f"load average: {load_at_start:.2f} at the start, {figures['load_average']:.2f} at the end, on {os.cpu_count()} cores")
    print(json.dumps({k: round(v, 4) for k, v in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
