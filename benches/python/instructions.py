#!/usr/bin/env python3
"""A fixed amount of play, for counting instructions (which the machine's load does not
change) under callgrind; BENCHMARKS.md subtracts a run with no play from one with some.

    valgrind --tool=callgrind python benches/python/instructions.py vec N STEPS
        # a VecGame of N stepped STEPS times with random legal actions drawn in numpy
        # (as bench_env.py draws them)
    valgrind --tool=callgrind python benches/python/instructions.py vecopp N STEPS
        # the same against the built-in random player (`opponent="random"`); `vecfin`:
        # each game's end kept too (`keep_finals=True`), what `RuleScriptVectorEnv` steps
        # with `SAME_STEP`; `vecnext`: `autoreset="next_step"` instead (no finals kept),
        # what it steps with `NEXT_STEP` (a step after a game's end starts the next one:
        # no decision)
    valgrind --tool=callgrind python benches/python/instructions.py env N STEPS
        # the same through `rulescript.envs.vector_env.RuleScriptVectorEnv(copy=False,
        # autoreset_mode=SAME_STEP)` (`env-copy`: `copy=True`; `env-next`: `NEXT_STEP`,
        # the default): the Gymnasium wrapper's own cost, beside `vecfin` (`vecnext`)
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
from typing import Any, Dict

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import rulescript as rs  # noqa: E402
from bench_env import RandomLegalActions  # noqa: E402  (this script's own folder)

ROOT = Path(__file__).resolve().parents[2]


def main():
    modes = ("vec", "vecopp", "vecfin", "vecnext", "env", "env-copy", "env-next", "rust", "sim")
    if len(sys.argv) != 4 or sys.argv[1] not in modes:
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
    elif sys.argv[1] in ("vecopp", "vecfin", "vecnext"):
        n, steps = int(sys.argv[2]), int(sys.argv[3])
        keep: Dict[str, Any] = {"keep_finals": True} if sys.argv[1] == "vecfin" else {}
        if sys.argv[1] == "vecnext":
            keep["autoreset"] = "next_step"
            # A row that shows a game's end has no legal action: the draw's pick modulo 0
            # is 0 there (an action the step ignores), without a warning each time.
            np.seterr(divide="ignore")
        vec = rs.VecGame(card_set, decks, n, seed=0, threads=1, opponent="random", **keep)
        actions = RandomLegalActions(vec)
        ended = 0
        for _ in range(steps):
            ended += int(vec.step(actions.draw())[3].sum())
        held = ended if sys.argv[1] == "vecnext" else 0
        print("learner decisions", n * steps - held, "games ended", ended)
    elif sys.argv[1] in ("env", "env-copy", "env-next"):
        from gymnasium.vector import AutoresetMode
        from rulescript.envs.vector_env import RuleScriptVectorEnv

        n, steps = int(sys.argv[2]), int(sys.argv[3])
        mode = AutoresetMode.NEXT_STEP if sys.argv[1] == "env-next" else AutoresetMode.SAME_STEP
        if mode is AutoresetMode.NEXT_STEP:
            np.seterr(divide="ignore")  # as `vecnext`
        copy = sys.argv[1] == "env-copy"
        env = RuleScriptVectorEnv(card_set, decks, n, seed=0, threads=1, copy=copy, autoreset_mode=mode)
        env.reset(seed=0)
        # The VecGame's own arrays: the same draw as `vecopp`, whose games these are.
        actions = RandomLegalActions(env.unwrapped._vec)
        for _ in range(steps):
            env.step(actions.draw())
        print("learner decisions", n * steps)
    else:
        games, interleave = int(sys.argv[2]), int(sys.argv[3])
        played = rs.play_in_rust(card_set, decks, 0, games, policy="random", threads=1, interleave=interleave)
        print("decisions", played["decisions"])


if __name__ == "__main__":
    main()
