#!/usr/bin/env python3
"""What OpenSpiel's search costs on Magic (`rulescript.envs.wagic_openspiel_game`): the cost
of a clone (`WagicGame.clone()`, the game played again with its answers taken on the game's
thread) by the answers it replays, beside the same game answered a question at a time
from Python (`WagicGame(...)` then `apply` per answer, what a replay cost before); and whole
games per minute of OpenSpiel's MCTS bot (random rollouts) against a uniform random bot.

    python benches/python/bench_wagic_openspiel.py --cards ../shared/wagic --rounds 5

The decks are the red and green decks of `python/tests/test_wagic_env.py`, written to a
temporary folder. Prints the median wall-clock and CPU time of each, over `--rounds`.
"""

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

from rulescript import wagic  # noqa: E402
from rulescript.envs import wagic_openspiel_game  # noqa: E402

RED = "#NAME:Red\n16 Mountain\n4 Lightning Bolt\n4 Shock\n4 Raging Goblin\n4 Hill Giant\n4 Goblin King\n"
GREEN = "#NAME:Green\n16 Forest\n4 Llanowar Elves\n4 Grizzly Bears\n4 Giant Growth\n4 Craw Wurm\n"


def median_seconds(work, rounds):
    """The median wall-clock and CPU seconds (the process's: the game's own thread
    included) of `work()` over `rounds` runs."""
    wall, cpu = [], []
    for _ in range(rounds):
        started = (time.perf_counter(), time.process_time())
        work()
        wall.append(time.perf_counter() - started[0])
        cpu.append(time.process_time() - started[1])
    return statistics.median(wall), statistics.median(cpu)


def answered_one_by_one(cards, decks, seed, history):
    """The game of `history` as a caller answering each question from Python builds it."""
    game = wagic.WagicGame(cards, decks, seed, players=(None, None))
    for action in history:
        game.apply(action)
    return game


def clone_costs(cards, decks, rounds):
    """Per replayed history length: the median seconds of `clone()` and of answering one
    by one, on the longest of ten random games of both seats."""
    histories = []
    for seed in range(1, 11):
        game = wagic.WagicGame(cards, decks, seed, players=(None, None))
        rng = np.random.default_rng(seed)
        while not game.is_over():
            game.apply(int(rng.choice(game.legal_actions())))
        histories.append((len(game.history()), seed, game.history()))
    _, seed, history = max(histories)
    print(f"clone cost (game {seed}: {len(history)} answers), median of {rounds}:")
    print("| answers | clone(), wall | CPU | answered one by one, wall | CPU | ratio, CPU |")
    print("|---:|---:|---:|---:|---:|---:|")
    for length in (0, 50, 100, 200, 400, len(history)):
        if length > len(history):
            continue
        part = wagic.WagicGame.from_history(cards, decks, seed, history[:length], players=(None, None))
        cloned = median_seconds(part.clone, rounds)
        stepped = median_seconds(lambda: answered_one_by_one(cards, decks, seed, history[:length]), rounds)
        print(
            f"| {length} | {cloned[0] * 1e3:.2f} ms | {cloned[1] * 1e3:.2f} ms | {stepped[0] * 1e3:.2f} ms "
            f"| {stepped[1] * 1e3:.2f} ms | {stepped[1] / cloned[1]:.1f} |"
        )


def mcts_games(params, games, simulations):
    """Whole games of an MCTS bot (seat alternating) against a uniform random bot: the
    seconds and the decisions."""
    rng = np.random.RandomState(0)
    decisions, started = 0, time.perf_counter()
    for seed in range(games):
        game = pyspiel.load_game(wagic_openspiel_game.SHORT_NAME, {**params, "seed": seed})
        searcher = mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        bots = [searcher, UniformRandomBot(1, rng)] if seed % 2 == 0 else [UniformRandomBot(0, rng), searcher]
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[state.current_player()].step(state))
            decisions += 1
    return time.perf_counter() - started, decisions


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", default="../shared/wagic", help="the folder of Wagic's card files")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=4, help="MCTS games")
    parser.add_argument("--simulations", type=int, default=8, help="MCTS simulations a move")
    parser.add_argument("--turn-limit", type=int, default=20)
    args = parser.parse_args()
    files = [str(Path(args.cards) / name) for name in ("mtg.txt", "borderline.txt", "crappy.txt")]
    cards = wagic.WagicCards.load(files)
    with tempfile.TemporaryDirectory() as folder:
        decks = [Path(folder) / "red.txt", Path(folder) / "green.txt"]
        decks[0].write_text(RED)
        decks[1].write_text(GREEN)
        clone_costs(cards, decks, args.rounds)
        params = {
            "cards": os.pathsep.join(files),
            "deck0": str(decks[0]),
            "deck1": str(decks[1]),
            "turn_limit": args.turn_limit,
        }
        seconds, decisions = mcts_games(params, args.games, args.simulations)
        print(
            f"MCTS ({args.simulations} simulations, 1 random rollout each) against random, turn limit "
            f"{args.turn_limit}: {args.games} games, {decisions} decisions in {seconds:.1f} s: "
            f"{args.games / seconds * 60:.1f} games a minute, {seconds / decisions * 1e3:.1f} ms a decision"
        )


if __name__ == "__main__":
    main()
