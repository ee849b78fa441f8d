#!/usr/bin/env python3
"""Decisions per second of Magic for learning agents: whole games of random masked actions
over `rulescript.wagic.WagicGame` directly (both seats the caller's: `legal_mask()` and
`apply` a decision, and with `--observe` the asked seat's `observation` too) and over the
PettingZoo env `rulescript.envs.wagic_env.WagicAECEnv` (`last()` observes each decision),
on two Wagic decks of Wagic's own cards. `rsc sim --lang wagic` on the same decks is the
Rust figure beside it (BENCHMARKS.md has the command).

    python benches/python/bench_wagic_env.py --cards ../shared/wagic --games 20

The decks are written to a temporary folder (the red and green decks of
`python/tests/test_wagic_env.py`). The loops run in turn, `--rounds` times; prints, per
loop, the games, the decisions and the median wall-clock and CPU seconds (the process's:
the game's own thread included) with the decisions per second of each.
"""

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Tuple

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from rulescript import wagic  # noqa: E402
from rulescript.envs.wagic_env import WagicAECEnv  # noqa: E402

RED = "#NAME:Red\n16 Mountain\n4 Lightning Bolt\n4 Shock\n4 Raging Goblin\n4 Hill Giant\n4 Goblin King\n"
GREEN = "#NAME:Green\n16 Forest\n4 Llanowar Elves\n4 Grizzly Bears\n4 Giant Growth\n4 Craw Wurm\n"


def game_loop(cards, decks, games, observe):
    """Decisions, wall and CPU seconds of `games` games over `WagicGame`, random masked
    actions."""
    rng = np.random.default_rng(0)
    decisions, started = 0, (time.perf_counter(), time.process_time())
    for seed in range(games):
        game = wagic.WagicGame(cards, decks, seed, players=(None, None))
        while not game.is_over():
            if observe:
                game.observation(game.current_player or 0)
            game.apply(int(rng.choice(np.flatnonzero(game.legal_mask()))))
            decisions += 1
    return decisions, time.perf_counter() - started[0], time.process_time() - started[1]


def aec_loop(cards, decks, games):
    """Decisions, wall and CPU seconds of `games` games over `WagicAECEnv`, random masked
    actions."""
    env = WagicAECEnv(cards, decks)
    rng = np.random.default_rng(0)
    decisions, started = 0, (time.perf_counter(), time.process_time())
    for seed in range(games):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            decisions += 1
    return decisions, time.perf_counter() - started[0], time.process_time() - started[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=Path, required=True, help="Wagic's card files' folder (mtg.txt ...)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5, help="runs of each loop; the median is printed")
    args = parser.parse_args()
    cards = wagic.WagicCards.load([args.cards / name for name in ("mtg.txt", "borderline.txt", "crappy.txt")])
    with tempfile.TemporaryDirectory() as folder:
        files = [Path(folder) / "red.txt", Path(folder) / "green.txt"]
        files[0].write_text(RED)
        files[1].write_text(GREEN)
        decks = [wagic.load_deck(path, cards) for path in files]
        # A warm-up: the library's runtime and the card blocks are made once, at first use.
        game_loop(cards, decks, 2, True)
        loops = {
            "WagicGame: legal_mask + apply": lambda: game_loop(cards, decks, args.games, False),
            "WagicGame: + observation": lambda: game_loop(cards, decks, args.games, True),
            "WagicAECEnv: last + step": lambda: aec_loop(cards, decks, args.games),
        }
        runs: Dict[str, List[Tuple[int, float, float]]] = {name: [] for name in loops}
        for _ in range(args.rounds):
            for name, run in loops.items():
                runs[name].append(run())
        for name, results in runs.items():
            decisions = results[0][0]
            wall = statistics.median(result[1] for result in results)
            cpu = statistics.median(result[2] for result in results)
            print(
                f"{name}: {args.games} games, {decisions} decisions, median {wall:.2f} s wall "
                f"({decisions / wall:,.0f}/s), {cpu:.2f} s CPU ({decisions / cpu:,.0f}/s)"
            )

if __name__ == "__main__":
    main()
