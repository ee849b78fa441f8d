#!/usr/bin/env python3
"""A learner's decisions per second against a built-in opponent: `VecGame(opponent=...)`,
which plays the opponent's moves in Rust inside `step`, beside the Python loop a
researcher wrote before it (a list of `Game`s, the built-in player object's `choose` for
the other seat, one decision at a time), in runs one right after the other.

Both produce the same thing for every learner decision: the learner's observation and
mask (the loop writes them with `observation_into` and `legal_mask` into arrays, as a
training loop would), the learner's action drawn at random among the legal ones in
numpy, and a new game (its opponent's opening moves included) once one ends. Slot `i`'s
learner plays seat `i % 2`. The figure is the learner's decisions per second (the
opponent's moves are part of what each one costs).

    OPENBLAS_NUM_THREADS=1 python benches/python/bench_opponent.py --opponent greedy --games 64

With `--opponent random` it also runs a `VecGame` without an opponent whose every action
is drawn in numpy, counting only the learner's rows (how the example trained before).
Prints one line per round and, last, the medians of the ratios of runs in the same round
(VecGame over each other) in wall-clock and CPU time.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Dict, List, Tuple, Type, Union

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import rulescript as rs  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
from bench_env import Clock, RandomLegalActions  # noqa: E402


def vec_run(card_set, decks, n, opponent, threads, seconds, seed):
    """A VecGame of `n` against `opponent`: learner decisions per second (wall, CPU)."""
    vec = rs.VecGame(card_set, decks, n, seed=seed, threads=threads, opponent=opponent)
    actions = RandomLegalActions(vec, seed)
    steps, clock = 0, Clock()
    while clock.elapsed()[0] < seconds:
        for _ in range(4):
            vec.step(actions.draw())
        steps += 4
    wall, cpu = clock.elapsed()
    return steps * n / wall, steps * n / cpu


def numpy_run(card_set, decks, n, threads, seconds, seed):
    """A VecGame of `n` without an opponent, every row's action random in numpy, only the
    rows of the learner's seat (`i % 2`) counted: how `examples/train_vec.py` played a
    random opponent before `opponent=` (it cannot play greedy so). Learner decisions per
    second (wall, CPU)."""
    vec = rs.VecGame(card_set, decks, n, seed=seed, threads=threads)
    actions = RandomLegalActions(vec, seed)
    seats = np.arange(n, dtype=np.int32) % 2
    players = vec.current_players
    decisions, clock = 0, Clock()
    while clock.elapsed()[0] < seconds:
        for _ in range(4):
            decisions += int(np.count_nonzero(players == seats))
            vec.step(actions.draw())
    wall, cpu = clock.elapsed()
    return decisions / wall, decisions / cpu


def loop_run(card_set, decks, n, opponent, seconds, seed):
    """The same with a Python loop over `n` `Game`s and built-in player objects: learner
    decisions per second (wall, CPU)."""
    player: Union[Type[rs.RandomPlayer], Type[rs.GreedyPlayer]]
    player = rs.RandomPlayer if opponent == "random" else rs.GreedyPlayer
    rng = np.random.default_rng(seed)
    obs = np.zeros((n, rs.OBSERVATION_SIZE), np.float32)
    masks = np.zeros((n, rs.ACTION_SPACE), bool)
    seats = [i % 2 for i in range(n)]
    next_seed = [seed]

    def new_game(i):
        game_seed = next_seed[0]
        next_seed[0] += 1
        return rs.Game(card_set, decks, game_seed), player.for_seat(game_seed, 1 - seats[i])

    def to_learner(i):
        """The opponent's moves until slot i's learner is to move (new games as needed)."""
        while True:
            game, other = games[i]
            while not game.is_over() and game.current_player != seats[i]:
                game.apply(other.choose(game))
            if not game.is_over():
                game.observation_into(seats[i], obs[i])
                masks[i] = game.legal_mask()
                return
            games[i] = new_game(i)

    games = [new_game(i) for i in range(n)]
    for i in range(n):
        to_learner(i)
    decisions, clock = 0, Clock()
    while clock.elapsed()[0] < seconds:
        for i in range(n):
            legal = np.flatnonzero(masks[i])
            games[i][0].apply(int(legal[int(rng.random() * len(legal))]))
            to_learner(i)
        decisions += n
    wall, cpu = clock.elapsed()
    return decisions / wall, decisions / cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", choices=("random", "greedy"), default="greedy")
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--threads", type=int, default=1, help="the VecGame's")
    parser.add_argument("--seconds", type=float, default=2.0, help="each run")
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args()
    card_set = rs.CardSet.load(str(ROOT / "examples"))
    decks = [rs.load_deck(str(ROOT / "examples/decks" / name), card_set) for name in ("vanguard.o8d", "arcana.o8d")]
    runs_of = {
        "VecGame": lambda k: vec_run(card_set, decks, args.games, args.opponent, args.threads, args.seconds, k),
        "Python loop": lambda k: loop_run(card_set, decks, args.games, args.opponent, args.seconds, k),
    }
    if args.opponent == "random":
        runs_of["numpy opponent"] = lambda k: numpy_run(card_set, decks, args.games, args.threads, args.seconds, k)
    names = list(runs_of)
    ratios: Dict[Tuple[str, str], List[float]] = {(name, clock): [] for name in names[1:] for clock in ("wall", "cpu")}
    for k in range(args.pairs):
        # The order turns with each round, so that a drift of the machine falls on all alike.
        order = names[k % len(names) :] + names[: k % len(names)]
        runs = {name: runs_of[name](k) for name in order}
        for name in names[1:]:
            for i, clock in enumerate(("wall", "cpu")):
                ratios[name, clock].append(runs["VecGame"][i] / runs[name][i])
        rates = "; ".join(f"{name} {runs[name][0]:,.0f}/s wall {runs[name][1]:,.0f}/s CPU" for name in names)
        print(f"round {k}: {rates}", flush=True)
    for name in names[1:]:
        wall, cpu = ratios[name, "wall"], ratios[name, "cpu"]
        print(
            f"learner decisions against {args.opponent}, {args.games} games, VecGame on {args.threads} thread(s) "
            f"over the {name}: median {statistics.median(wall):.2f} wall ({min(wall):.2f}..{max(wall):.2f}), "
            f"{statistics.median(cpu):.2f} CPU ({min(cpu):.2f}..{max(cpu):.2f})"
        )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
