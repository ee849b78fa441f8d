#!/usr/bin/env python3
"""A fixed amount of play, for counting instructions (which the machine's load does not
change) under callgrind; BENCHMARKS.md subtracts a run with no play from one with some.

    valgrind --tool=callgrind python benches/python/instructions.py vec N STEPS
        # a VecGame of N stepped STEPS times with random legal actions drawn in numpy
        # (as bench_env.py draws them)
    valgrind --tool=callgrind python benches/python/instructions.py rust GAMES INTERLEAVE
        # GAMES whole games in Rust alone (`play_in_rust`, the random player), INTERLEAVE
        # of them at a time, one decision each in turn (1: one game at a time)
    valgrind --tool=callgrind python benches/python/instructions.py sim GAMES 0
        # GAMES games of a `Simulation` (`rulescript.sim`, random players): what its
        # Ctrl-C pulse costs (BENCHMARKS.md)

Prints the decisions taken.
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import rulescript as rs  # noqa: E402
from bench_env import RandomLegalActions  # noqa: E402  (this script's own folder)

ROOT = Path(__file__).resolve().parents[2]


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("vec", "rust", "sim"):
        sys.exit(__doc__)
    card_set = rs.CardSet.load(str(ROOT / "examples"))
    decks = [rs.load_deck(str(ROOT / "examples/decks" / name), card_set) for name in ("vanguard.o8d", "arcana.o8d")]
    if sys.argv[1] == "sim":
        from rulescript.sim import Simulation

        paths = [str(ROOT / "examples/decks" / name) for name in ("vanguard.o8d", "arcana.o8d")]
        simulation = Simulation(str(ROOT / "examples"), paths, games=10**6)
        simulation.play(0, int(sys.argv[2]))
        print("games", sys.argv[2])
    elif sys.argv[1] == "vec":
        n, steps = int(sys.argv[2]), int(sys.argv[3])
        vec = rs.VecGame(card_set, decks, n, seed=0, threads=1)
        actions = RandomLegalActions(vec)
        for _ in range(steps):
            vec.step(actions.draw())
        print("decisions", n * steps)
    else:
        games, interleave = int(sys.argv[2]), int(sys.argv[3])
        played = rs.play_in_rust(card_set, decks, 0, games, policy="random", threads=1, interleave=interleave)
        print("decisions", played["decisions"])


if __name__ == "__main__":
    main()
