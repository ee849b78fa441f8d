#!/usr/bin/env python3
"""The Python package's speed beside the Rust engine's own, in one process and one build.

Each comparison runs the yardstick and what is compared with it in short runs one right
after the other (`--rounds` pairs, the order alternating) and gives the median of the
pairs' ratios, in wall-clock time and in this process's CPU time: on a machine whose speed
swings by tens of percent from one second to the next, both runs of a pair see nearly the
same machine, and the median leaves out the pairs a swing fell between. The decisions per
second are the best run's, for reference.

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
    OPENBLAS_NUM_THREADS=1 nice -n -15 python benches/python/bench_env.py --seconds 2 --rounds 9

Prints a table and, last, one JSON line with every figure.
"""

import argparse
import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Dict, List, Tuple

# numpy's BLAS threads would only spin beside the loops measured here, on the same cores.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import rulescript as rs  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# The sizes of VecGame measured: small enough for the games to stay in cache, and large.
SIZES = (16, 32, 64, 128, 256, 1024)


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


class RandomLegalActions:
    """Draws one random legal action per game of a `VecGame`, in numpy, with few numpy calls
    a step (each costs 3,000 to 10,000 instructions, more than a game's decision with 16
    games: BENCHMARKS.md): random numbers for `BLOCK` steps are drawn at once into one
    array, whose rows are kept as views (a view made per step costs a numpy call); a
    step's picks are those numbers modulo each game's count of legal actions (the numbers
    are below 2**31, so a pick's bias is under 1e-6), and the actions are gathered from the
    flat `legal_actions` by row offset plus pick.

    The numbers, the row offsets and so the picks are int64 (numpy's index type), so that
    the gather is a plain index that converts nothing (int32 picks were cast to int64 by
    `take` first), and `draw` is a generator's `__next__`, its state in local variables
    rather than attributes: 1,274 ns a draw of 16 games against 1,459 (`timeit`), and 9%
    fewer instructions for the draw and the loop around the step (BENCHMARKS.md)."""

    BLOCK = 64

    def __init__(self, vec, seed=0):
        n, width = vec.legal_actions.shape
        self.rng = np.random.default_rng(seed)
        self.numbers = np.empty((self.BLOCK, n), np.int64)
        self.row_starts = np.arange(n, dtype=np.int64) * width
        self.flat_legal = vec.legal_actions.reshape(-1)
        self.counts = vec.legal_counts
        self.draw = self._draws().__next__

    def _draws(self):
        """One int64 action per game at each `next`, legal in the VecGame's current state."""
        rng, numbers, rows = self.rng, self.numbers, list(self.numbers)
        counts, row_starts, flat_legal = self.counts, self.row_starts, self.flat_legal
        while True:
            # Full-range uint64s need no rejection (a bounded range costs numpy about five
            # times as much a number); shifted right by 33, they are int64s of 0..2**31 - 1.
            drawn = rng.integers(0, 2**64, size=numbers.shape, dtype=np.uint64)
            np.right_shift(drawn, 33, out=numbers.view(np.uint64))
            for row in rows:
                picks = row % counts
                picks += row_starts
                yield flat_legal[picks]


# Steps of a VecGame between two looks at the clock, the same for every size. Reading the
# CPU time is a system call: once a step, it cost about a tenth of a step of 16 games
# (BENCHMARKS.md), which the engine alone, reading its clock once per call of 32 games,
# does not pay.
STEPS_PER_LOOK = 16


def vec_game(card_set, decks, n, threads, seconds):
    """VecGame of n with random legal actions drawn in numpy; decisions per second of wall
    time and of CPU time."""
    vec = rs.VecGame(card_set, decks, n, seed=0, threads=threads)
    actions = RandomLegalActions(vec)
    steps = 0
    clock = Clock()
    while clock.elapsed()[0] < seconds:
        for _ in range(STEPS_PER_LOOK):
            vec.step(actions.draw())
        steps += STEPS_PER_LOOK
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
    actions = RandomLegalActions(vec)
    for _ in range(200):
        vec.step(actions.draw())
    played_vec = rss_bytes() - base
    return new_game, played_game, new_vec, played_vec


def paired(first, second, pairs, seconds):
    """Runs `first` and `second` one right after the other, `pairs` times (first then second,
    then second then first, and so on, so that a drift of the machine's speed falls on both
    alike), each for `seconds`. Returns, for wall clock and CPU time, the ratios
    second / first of the pairs, and each run's decisions per second."""
    ratios: Dict[str, List[float]] = {"wall": [], "cpu": []}
    rates: Dict[str, List[Tuple[float, float]]] = {"first": [], "second": []}
    for k in range(pairs):
        order = ("first", "second") if k % 2 == 0 else ("second", "first")
        run = {}
        for name in order:
            run[name] = (first if name == "first" else second)(seconds)
            rates[name].append(run[name])
        for i, clock in enumerate(("wall", "cpu")):
            ratios[clock].append(run["second"][i] / run["first"][i])
    return ratios, rates


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", default=str(ROOT / "examples"))
    parser.add_argument("--deck", action="append", default=None)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration, split over its pairs")
    parser.add_argument("--rounds", type=int, default=9, help="pairs per comparison (the median ratio counts)")
    parser.add_argument("--quick", action="store_true", help="one second per configuration, 5 pairs")
    args = parser.parse_args()
    seconds, pairs = (1.0, 5) if args.quick else (args.seconds, args.rounds)
    card_set = rs.CardSet.load(args.set)
    paths = args.deck or [str(ROOT / "examples/decks/vanguard.o8d"), str(ROOT / "examples/decks/arcana.o8d")]
    decks = [rs.load_deck(p, card_set) for p in paths]

    load_at_start = os.getloadavg()[0]
    new_game, played_game, new_vec, played_vec = memory(card_set, decks)

    def rust_run(policy, threads, interleave=1):
        return lambda t: rust(card_set, decks, policy, threads, t, interleave=interleave)

    def vec_run(n, threads):
        return lambda t: vec_game(card_set, decks, n, threads, t)

    def python_run(t):
        return python_loop(card_set, decks, t)

    # Each comparison: (its name, the yardstick, what is compared with it, the target).
    comparisons = [
        ("python_loop", "rust_first_1t", rust_run("first", 1), "python_loop_first", python_run, ">= 0.3"),
        ("rust_2t_speedup", "rust_random_1t", rust_run("random", 1), "rust_random_2t", rust_run("random", 2), ""),
    ]
    for n in SIZES:
        random_1t = rust_run("random", 1)
        comparisons += [
            (f"rust{n}_in_turn", "rust_random_1t", random_1t, f"rust{n}_random_1t", rust_run("random", 1, n), ""),
            (f"vec{n}_1t", "rust_random_1t", random_1t, f"vec{n}_random_1t", vec_run(n, 1), ">= 0.8"),
            (f"vec{n}_2t_speedup", f"vec{n}_random_1t", vec_run(n, 1), f"vec{n}_random_2t", vec_run(n, 2), ">= 1.7"),
        ]
    figures = {}
    for name, first_name, first, second_name, second, _ in comparisons:
        ratios, rates = paired(first, second, pairs, seconds / pairs)
        for clock in ("wall", "cpu"):
            figures[f"{name}_ratio_{clock}"] = statistics.median(ratios[clock])
            figures[f"{name}_ratio_{clock}_low"] = min(ratios[clock])
            figures[f"{name}_ratio_{clock}_high"] = max(ratios[clock])
        for which, rate_name in (("first", first_name), ("second", second_name)):
            for i, clock in enumerate(("wall", "cpu")):
                key = f"{rate_name}_{clock}"
                figures[key] = max(figures.get(key, 0.0), max(rate[i] for rate in rates[which]))
    for n in SIZES:
        # What two threads give with a core each the whole time: twice the ratio of
        # decisions per CPU second.
        for suffix in ("", "_low", "_high"):
            figures[f"vec{n}_2t_speedup_ratio_cpu{suffix}"] *= 2
    figures.update(
        game_bytes_new=new_game, game_bytes_played=played_game, vec1024_bytes_new=new_vec, vec1024_bytes_played=played_vec
    )
    figures["load_average_start"] = load_at_start
    figures["load_average"] = os.getloadavg()[0]

    print(f"{pairs} pairs of {seconds / pairs:.2f} s runs per comparison; the ratio is the median over the pairs")
    print("(lowest..highest in brackets); rates are the best run's decisions per second.")
    print(f"{'':<44}{'ratio, wall clock':>24}{'ratio, CPU time':>24}  target")
    for name, first_name, _, second_name, _, target in comparisons:
        label = f"{second_name} / {first_name}"
        cells = []
        for clock in ("wall", "cpu"):
            mid, low, high = (figures[f"{name}_ratio_{clock}{s}"] for s in ("", "_low", "_high"))
            cells.append(f"{mid:.3f} ({low:.2f}..{high:.2f})")
        print(f"{label:<44}{cells[0]:>24}{cells[1]:>24}  {target}")
    print("(CPU time of the 2-thread speed-ups: 2 x the ratio of decisions per CPU second)")
    print(f"{'decisions per second, best run':<44}{'wall clock':>24}{'CPU time':>24}")
    for rate_name in dict.fromkeys(name for c in comparisons for name in (c[1], c[3])):
        print(f"{rate_name:<44}{figures[rate_name + '_wall']:>24,.0f}{figures[rate_name + '_cpu']:>24,.0f}")
    print(f"{'memory of one Game, new / played to its end':<50}{new_game / 1024:>9.0f} KiB / {played_game / 1024:.0f} KiB")
    print(f"{'memory of a VecGame of 1,024, new / 200 steps':<50}{new_vec / 2**20:>9.1f} MiB / {played_vec / 2**20:.1f} MiB")
    print(f"load average: {load_at_start:.2f} at the start, {figures['load_average']:.2f} at the end, on {os.cpu_count()} cores")
    print(json.dumps({k: round(v, 4) for k, v in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
