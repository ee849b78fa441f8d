#!/usr/bin/env python3
"""How long the package's long calls take to stop on Ctrl-C: each call runs in a child
process (SIGINT at its default), is sent SIGINT `--after` seconds in, and the time from
the signal to the child's exit is printed (a child still running `--wait` seconds later
is killed and said to be).

    python benches/python/stop_latency.py [--set DIR] [--after 1] [--wait 30]

The calls: `Simulation(SET, all_decks=True).play` of a huge range, `play_in_rust` of
10**12 games on 1 and 2 threads, `VecGame(SET, 2 decks, 65536)` (some 3.4 GiB).
"""

import argparse
import signal
import subprocess
import sys
import time

SETUP = """
import glob
import rulescript as rs
card_set = rs.CardSet.load({set!r})
decks = [rs.load_deck(path, card_set) for path in sorted(glob.glob({set!r} + "/decks/*.o8d"))[:2]]
"""

CALLS = {
    "Simulation.play, a huge range": """
from rulescript.sim import Simulation
simulation = Simulation({set!r}, all_decks=True, games=10**9)
print("playing", flush=True)
simulation.play(0, simulation.total_games)
""",
    "play_in_rust, 1 thread": SETUP + 'print("playing", flush=True)\nrs.play_in_rust(card_set, decks, 0, 10**12)\n',
    "play_in_rust, 2 threads": SETUP
    + 'print("playing", flush=True)\nrs.play_in_rust(card_set, decks, 0, 10**12, threads=2)\n',
    "VecGame(..., 65536)": SETUP + 'print("playing", flush=True)\nrs.VecGame(card_set, decks, 65536)\n',
}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--set", default="/work/shared/corpus/cfc")
    p.add_argument("--after", type=float, default=1.0)
    p.add_argument("--wait", type=float, default=30.0)
    args = p.parse_args()
    for name, code in CALLS.items():
        body = "\n".join("    " + line for line in code.format(set=args.set).strip().splitlines())
        program = f"try:\n{body}\nexcept KeyboardInterrupt:\n    print('KeyboardInterrupt', flush=True)\n"
        child = subprocess.Popen(
            [sys.executable, "-c", program],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        assert child.stdout is not None  # stdout=PIPE
        if child.stdout.readline() != "playing\n":
            sys.exit(f"{name}: did not start: {child.communicate()[1]}")
        time.sleep(args.after)
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        try:
            out, err = child.communicate(timeout=args.wait)
        except subprocess.TimeoutExpired:
            child.kill()
            child.communicate()
            print(f"{name}: still running {args.wait:.0f} s after SIGINT")
            continue
        said = out.strip() or err.strip().splitlines()[-1]
        print(f"{name}: exit {child.returncode} {time.monotonic() - sent:.3f} s after SIGINT: {said}")


if __name__ == "__main__":
    main()
