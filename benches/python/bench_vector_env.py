#!/usr/bin/env python3
"""The Gymnasium vector env's own cost a step, paired with the bare `VecGame` under it:
rounds that take turns between a `VecGame(opponent="random")` stepped directly and
`RuleScriptVectorEnv` (`copy=False`, then `copy=True`) over the same games, each stepped
with the same random legal actions drawn in numpy (`RandomLegalActions`). Prints each
round's microseconds a step and, per round, the env's over the bare one's. `--autoreset
next` (the env's default, `NEXT_STEP`; the bare `VecGame` with `autoreset="next_step"`)
or `same` (`SAME_STEP`; the bare `VecGame` with `keep_finals=True`), the `VecGame` the env
steps in each mode.

    OPENBLAS_NUM_THREADS=1 python benches/python/bench_vector_env.py --envs 64 --steps 400 --rounds 7
"""

import argparse
import os
import statistics
import time
from pathlib import Path
from typing import Dict, List

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import rulescript as rs  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402
from bench_env import RandomLegalActions  # noqa: E402  (this script's own folder)
from rulescript.envs.vector_env import RuleScriptVectorEnv  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=400, help="steps a round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--autoreset", choices=("next", "same"), default="next")
    args = parser.parse_args()
    next_step = args.autoreset == "next"
    mode = AutoresetMode.NEXT_STEP if next_step else AutoresetMode.SAME_STEP
    if next_step:
        # A row that shows a game's end has no legal action: the draw's pick modulo 0 is 0
        # there (an action the step ignores), without a warning each time.
        np.seterr(divide="ignore")
    card_set = rs.CardSet.load(str(ROOT / "examples"))
    decks = [rs.load_deck(str(ROOT / "examples/decks" / name), card_set) for name in ("vanguard.o8d", "arcana.o8d")]
    n = args.envs
    bare = rs.VecGame(
        card_set,
        decks,
        n,
        seed=0,
        threads=1,
        opponent="random",
        keep_finals=not next_step,
        autoreset="next_step" if next_step else "same_step",
    )
    envs = {
        copy: RuleScriptVectorEnv(card_set, decks, n, seed=0, threads=1, copy=copy, autoreset_mode=mode)
        for copy in (False, True)
    }
    for env in envs.values():
        env.reset(seed=0)

    def bare_round() -> float:
        actions = RandomLegalActions(bare)
        started = time.perf_counter()
        for _ in range(args.steps):
            bare.step(actions.draw())
        return float((time.perf_counter() - started) / args.steps * 1e6)

    def env_round(env: RuleScriptVectorEnv) -> float:
        vec = env.unwrapped._vec
        assert vec is not None
        actions = RandomLegalActions(vec)
        started = time.perf_counter()
        for _ in range(args.steps):
            env.step(actions.draw())
        return float((time.perf_counter() - started) / args.steps * 1e6)

    ratios: Dict[bool, List[float]] = {False: [], True: []}
    for round_ in range(args.rounds):
        base = bare_round()
        times = {copy: env_round(env) for copy, env in envs.items()}
        for copy, spent in times.items():
            ratios[copy].append(spent / base)
        print(
            f"round {round_}: VecGame.step {base:.1f} us, env copy=False {times[False]:.1f} us, "
            f"copy=True {times[True]:.1f} us"
        )
    for copy, values in ratios.items():
        print(
            f"copy={copy}: env / VecGame median {statistics.median(values):.3f} "
            f"({min(values):.3f}..{max(values):.3f}) over {args.rounds} rounds of {args.steps} steps of {n} games, "
            f"{mode}"
        )


if __name__ == "__main__":
    main()
