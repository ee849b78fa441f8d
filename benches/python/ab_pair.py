#!/usr/bin/env python3
"""Two builds of the package, timed in turn: is B's `VecGame` faster than A's?

Each build is a Python interpreter with `rulescript` installed (a virtual environment's
`bin/python`), optionally followed by `:NAME=VALUE,...` environment variables for its runs.
The script alternates fresh processes of the two (A then B, then B then A, ...); each steps
a `VecGame` with `bench_env.py`'s random legal actions for `--rounds` runs of `--seconds`
and keeps its best rate. On a machine whose speed swings from one second to the next, both
runs of a pair see nearly the same machine; the median of the pairs' ratios B/A is the
result (about +-3% apart on an idle 2-core machine for the same build).

    python benches/python/ab_pair.py /venv-a/bin/python /venv-b/bin/python --games 64 --pairs 10

With `--run GAMES SECONDS ROUNDS THREADS WALL` (what the pairs call) it is one such process:
it prints the decisions per second of each round.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def one_process(games, seconds, rounds, threads, wall):
    """Steps a VecGame of `games` for `rounds` runs of `seconds` (CPU time, or wall clock
    with `wall`) and prints each run's decisions per second."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    sys.path.insert(0, str(HERE))
    import rulescript as rs
    from bench_env import STEPS_PER_LOOK, RandomLegalActions

    clock = time.perf_counter if wall else time.process_time
    card_set = rs.CardSet.load(str(ROOT / "examples"))
    decks = [rs.load_deck(str(ROOT / "examples/decks" / name), card_set) for name in ("vanguard.o8d", "arcana.o8d")]
    vec = rs.VecGame(card_set, decks, games, seed=0, threads=threads)
    actions = RandomLegalActions(vec)
    for _ in range(50):
        vec.step(actions.draw())
    for _ in range(rounds):
        steps, started = 0, clock()
        while clock() - started < seconds:
            for _ in range(STEPS_PER_LOOK):
                vec.step(actions.draw())
            steps += STEPS_PER_LOOK
        print(steps * games / (clock() - started), flush=True)


def best_rate(build, args):
    """The best round of one process of `build` (`PYTHON[:NAME=VALUE,...]`)."""
    python, _, extra = build.partition(":")
    env = dict(os.environ, **dict(pair.split("=", 1) for pair in extra.split(",") if pair))
    command = [python, __file__, "--run", str(args.games), str(args.seconds), str(args.rounds), str(args.threads)]
    command.append("1" if args.wall else "0")
    out = subprocess.run(command, capture_output=True, text=True, check=True, env=env).stdout
    return max(float(line) for line in out.split())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", nargs="?", help="build A: PYTHON[:NAME=VALUE,...]")
    parser.add_argument("b", nargs="?", help="build B: PYTHON[:NAME=VALUE,...]")
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=0.3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--wall", action="store_true", help="wall clock rather than CPU time (use with threads)")
    parser.add_argument("--run", nargs=5, metavar="N", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        games, seconds, rounds, threads, wall = args.run
        one_process(int(games), float(seconds), int(rounds), int(threads), wall == "1")
        return
    if not (args.a and args.b) or args.games < 1 or args.pairs < 1:
        parser.error("give two builds, and --games and --pairs of at least 1")
    ratios = []
    for i in range(args.pairs):
        order = (args.a, args.b) if i % 2 == 0 else (args.b, args.a)
        rates = {build: best_rate(build, args) for build in order}
        ratios.append(rates[args.b] / rates[args.a])
        print(f"pair {i}: A {rates[args.a]:,.0f}  B {rates[args.b]:,.0f}  B/A {ratios[-1]:.3f}", flush=True)
    low, high = min(ratios), max(ratios)
    print(f"median B/A {statistics.median(ratios):.3f} ({low:.3f}..{high:.3f}), VecGame of {args.games}")


if __name__ == "__main__":
    main()
