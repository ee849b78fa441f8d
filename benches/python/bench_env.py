#!/usr/bin/env python3
"""The Python package's speed beside the Rust engine's own, in one process and one build.

Measures decisions per second of:
- the engine alone (`rulescript.play_in_rust`: whole games in Rust, no Python per decision),
  with the first legal action and with the built-in random player, on one thread and two;
- a plain Python loop over one `Game` taking the first legal action (target: >= 0.3 of the
  engine's first-action rate);
- `VecGame` with random legal actions drawn in numpy, on one thread (target: >= 0.8 of the
  engine's random rate) and on two (target: >= 1.7 x one thread);
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

import numpy as np

import rulescript as rs

ROOT = Path(__file__).resolve().parents[2]


def rss_bytes():
    """Resident memory of this process (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def python_loop(card_set, decks, seconds):
    """A plain Python loop over one Game at a time: the first legal action."""
    decisions, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = rs.Game(card_set, decks, seed)
        while not game.is_over():
            game.apply(game.legal_actions()[0])
            decisions += 1
        seed += 1
    return decisions / (time.perf_counter() - started)


def rust(card_set, decks, policy, threads, seconds):
    """The engine alone: whole games until `seconds` have passed; decisions per second."""
    games = 32 * threads
    decisions, spent = 0, 0.0
    seed = 0
    while spent < seconds:
        result = rs.play_in_rust(card_set, decks, seed, games, policy=policy, threads=threads)
        decisions += result["decisions"]
        spent += result["seconds"]
        seed += games
    return decisions / spent


def vec_game(card_set, decks, n, threads, seconds):
    """VecGame of n with random legal actions drawn in numpy; decisions per second."""
    vec = rs.VecGame(card_set, decks, n, seed=0, threads=threads)
    rng = np.random.default_rng(0)
    rows = np.arange(n)
    legal, counts = vec.legal_actions, vec.legal_counts
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        picks = (rng.random(n) * counts).astype(np.int64)
        vec.step(legal[rows, picks])
        steps += 1
    return steps * n / (time.perf_counter() - started)


def memory(card_set, decks):
    """RSS of one game (the mean over 200 games, new and after 60 decisions) and of a
    VecGame of 1,024 (new, and after 200 steps)."""
    gc.collect()
    base = rss_bytes()
    games = [rs.Game(card_set, decks, seed) for seed in range(200)]
    new_game = (rss_bytes() - base) / len(games)
    for game in games:
        for _ in range(60):
            if game.is_over():
                break
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
    parser.add_argument("--n", type=int, default=1024, help="games of the VecGame")
    parser.add_argument("--quick", action="store_true", help="one second per measurement")
    args = parser.parse_args()
    seconds = 1.0 if args.quick else args.seconds
    card_set = rs.CardSet.load(args.set)
    paths = args.deck or [str(ROOT / "examples/decks/vanguard.o8d"), str(ROOT / "examples/decks/arcana.o8d")]
    decks = [rs.load_deck(p, card_set) for p in paths]

    figures = {}
    figures["rust_first_1t"] = rust(card_set, decks, "first", 1, seconds)
    figures["python_loop_first"] = python_loop(card_set, decks, seconds)
    figures["rust_random_1t"] = rust(card_set, decks, "random", 1, seconds)
    figures["vec_random_1t"] = vec_game(card_set, decks, args.n, 1, seconds)
    figures["rust_random_2t"] = rust(card_set, decks, "random", 2, seconds)
    figures["vec_random_2t"] = vec_game(card_set, decks, args.n, 2, seconds)
    figures["python_loop_ratio"] = figures["python_loop_first"] / figures["rust_first_1t"]
    figures["vec_1t_ratio"] = figures["vec_random_1t"] / figures["rust_random_1t"]
    figures["vec_2t_speedup"] = figures["vec_random_2t"] / figures["vec_random_1t"]
    figures["rust_2t_speedup"] = figures["rust_random_2t"] / figures["rust_random_1t"]
    new_game, played_game, new_vec, played_vec = memory(card_set, decks)
    figures.update(
        game_bytes_new=new_game, game_bytes_played=played_game, vec1024_bytes_new=new_vec, vec1024_bytes_played=played_vec
    )

    print(f"{'decisions per second':<48}{'value':>14}  target")
    print(f"{'Rust, first legal action, 1 thread':<48}{figures['rust_first_1t']:>14,.0f}")
    print(f"{'Python loop over one Game, first legal action':<48}{figures['python_loop_first']:>14,.0f}")
    print(f"{'  ratio to Rust':<48}{figures['python_loop_ratio']:>14.3f}  >= 0.3")
    print(f"{'Rust, random player, 1 thread':<48}{figures['rust_random_1t']:>14,.0f}")
    print(f"{'VecGame, numpy random actions, 1 thread':<48}{figures['vec_random_1t']:>14,.0f}")
    print(f"{'  ratio to Rust':<48}{figures['vec_1t_ratio']:>14.3f}  >= 0.8")
    print(f"{'Rust, random player, 2 threads':<48}{figures['rust_random_2t']:>14,.0f}")
    print(f"{'VecGame, numpy random actions, 2 threads':<48}{figures['vec_random_2t']:>14,.0f}")
    print(f"{'  speed-up over 1 thread':<48}{figures['vec_2t_speedup']:>14.3f}  >= 1.7")
    print(f"{'  (Rust alone: speed-up of 2 threads)':<48}{figures['rust_2t_speedup']:>14.3f}")
    print(f"{'memory of one Game, new / after 60 decisions':<48}{new_game / 1024:>9.0f} KiB / {played_game / 1024:.0f} KiB")
    print(f"{'memory of a VecGame of 1,024, new / 200 steps':<48}{new_vec / 2**20:>9.1f} MiB / {played_vec / 2**20:.1f} MiB")
    print(json.dumps({k: round(v, 4) for k, v in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
