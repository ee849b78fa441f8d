#!/usr/bin/env python3
"""Runs the compile benchmarks and the Python baselines in one run and prints the ratios.

Usage: compare.py [--corpus DIR] [--seconds S] [--original DIR] [--skip-bench]

1. Measures the parse-only rate (cards/s) of original_lexer.py, this folder's
   reconstruction of the original RuleScript lexer.
2. With --original DIR (a folder holding the original project's RuleScript_lexer.py and
   RuleScript_config.py, which are GPL and never copied into this repository), measures
   the original lexer itself, unmodified, under this Python: debug logging off (`debug` is a
   no-op), `isNumber` as int() parsing, and Python 2's list-returning map/filter.
3. Runs `cargo bench -p benches --bench compile` (unless --skip-bench), then measures the
   Python baselines again, and prints every criterion median as cards/s and as a ratio
   against the mean of each baseline's two measurements.
"""
import argparse
import glob
import importlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import original_lexer  # noqa: E402
from original_lexer import cards_per_second  # noqa: E402

BENCHMARKS = ["tokenize", "split_like_original", "parse_and_check", "compile", "compile_and_encode"]


def load_original(folder):
    """The original lexer module, with the stubs its OCTGN host would provide."""
    sys.path.insert(0, folder)
    module = importlib.import_module("RuleScript_lexer")

    def is_number(text):
        try:
            int(text)
            return True
        except (TypeError, ValueError):
            return False

    module.debug = lambda *arguments: None
    module.isNumber = is_number
    module.map = lambda function, *lists: list(map(function, *lists))
    module.filter = lambda function, items: list(filter(function, items))
    return module.RulesLexer.tokenize


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=os.environ.get("RULESCRIPT_CORPUS", os.path.join(ROOT, "..", "shared", "corpus", "cfc")))
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--original", help="folder with the original RuleScript_lexer.py and RuleScript_config.py")
    parser.add_argument("--skip-bench", action="store_true", help="use the last criterion results")
    options = parser.parse_args()

    texts = [open(path, encoding="utf-8").read() for path in sorted(glob.glob(os.path.join(options.corpus, "*.rules")))]
    if not texts:
        sys.exit(f"no .rules files in {options.corpus}")
    baselines = {"reconstruction (original_lexer.py)": original_lexer.tokenize}
    if options.original:
        baselines["original RulesLexer.tokenize"] = load_original(options.original)

    before = {name: cards_per_second(tokenize, texts, options.seconds) for name, tokenize in baselines.items()}
    if not options.skip_bench:
        subprocess.run(["cargo", "bench", "-p", "benches", "--bench", "compile"], cwd=ROOT, check=True)
    after = {name: cards_per_second(tokenize, texts, options.seconds) for name, tokenize in baselines.items()}

    print(f"\n{len(texts)} cards; Python {sys.version.split()[0]}")
    rates = {}
    for name in baselines:
        rates[name] = (before[name] + after[name]) / 2
        print(f"baseline {name}: {before[name]:,.0f} and {after[name]:,.0f} cards/s (mean {rates[name]:,.0f})")
    header = "| benchmark | per corpus | cards/s | " + " | ".join(f"vs {name.split(' (')[0]}" for name in baselines) + " |"
    print("\n" + header + "\n|" + "---|" * (header.count("|") - 1))
    for benchmark in BENCHMARKS:
        path = os.path.join(ROOT, "target", "criterion", "corpus", benchmark, "new", "estimates.json")
        if not os.path.exists(path):
            continue
        nanoseconds = json.load(open(path))["median"]["point_estimate"]
        rate = len(texts) / (nanoseconds / 1e9)
        ratios = " | ".join(f"{rate / baseline:.1f}x" for baseline in rates.values())
        print(f"| `corpus/{benchmark}` | {nanoseconds / 1000:.1f} µs | {rate / 1e6:.2f} M | {ratios} |")


if __name__ == "__main__":
    main()
