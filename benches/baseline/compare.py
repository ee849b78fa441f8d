#!/usr/bin/env python3
"""Runs the compile benchmarks and the Python baselines in one run and prints the ratios.

Usage: compare.py [--corpus DIR] [--seconds S] [--original DIR [--python CMD]...] [--skip-bench]
                  [--rounds N]

1. Measures the parse-only rate (cards/s) of original_lexer.py, this folder's
   reconstruction of the original RuleScript lexer.
2. With --original DIR (a folder holding the original project's RuleScript_lexer.py and
   RuleScript_config.py, which are GPL and never copied into this repository), measures
   the original lexer itself, unmodified, with original_rate.py under each --python
   interpreter (default: this one). The original is Python 2 code: `--python python2.7`
   runs it as written (with pyenv: --python "$(PYENV_VERSION=2.7.18 pyenv which python)").
3. Runs `cargo bench -p benches --bench compile` (unless --skip-bench), then measures the
   Python baselines again, and prints every criterion median as cards/s and as a ratio
   against the mean of each baseline's two measurements.
4. With --rounds N, then alternates N more times between `corpus/compile` alone and the
   baselines, and prints the ratio of each round against the baselines measured just
   before and just after it, and their median. The machines are shared and noisy: a load
   that comes and goes moves one round's ratio, not the median.
"""
import argparse
import glob
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import original_lexer  # noqa: E402
from original_lexer import cards_per_second  # noqa: E402

BENCHMARKS = ["tokenize", "split_like_original", "parse_and_check", "compile", "compile_file_by_file", "compile_and_encode"]


def original_rate(python, folder, corpus):
    """A function measuring the original lexer's cards/s under the interpreter `python`."""
    command = shlex.split(python) + [os.path.join(HERE, "original_rate.py"), folder, corpus]

    def measure(seconds):
        output = subprocess.run(command + [str(seconds)], check=True, capture_output=True, text=True).stdout
        return float(output.strip())

    return measure


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=os.environ.get("RULESCRIPT_CORPUS", os.path.join(ROOT, "..", "shared", "corpus", "cfc")))
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--original", help="folder with the original RuleScript_lexer.py and RuleScript_config.py")
    parser.add_argument("--python", action="append", help="interpreter for the original (repeatable)")
    parser.add_argument("--skip-bench", action="store_true", help="use the last criterion results")
    parser.add_argument("--rounds", type=int, default=0, help="alternate corpus/compile and the baselines N times")
    options = parser.parse_args()

    texts = [open(path, encoding="utf-8").read() for path in sorted(glob.glob(os.path.join(options.corpus, "*.rules")))]
    if not texts:
        sys.exit(f"no .rules files in {options.corpus}")
    baselines = {"reconstruction (original_lexer.py)": lambda seconds: cards_per_second(original_lexer.tokenize, texts, seconds)}
    if options.original:
        for python in options.python or [shlex.quote(sys.executable)]:
            version = subprocess.run(shlex.split(python) + ["-c", "import sys; print(sys.version.split()[0])"],
                                     check=True, capture_output=True, text=True).stdout.strip()
            baselines[f"original (Python {version})"] = original_rate(python, options.original, options.corpus)

    before = {name: measure(options.seconds) for name, measure in baselines.items()}
    if not options.skip_bench:
        subprocess.run(["cargo", "bench", "-p", "benches", "--bench", "compile"], cwd=ROOT, check=True)
    after = {name: measure(options.seconds) for name, measure in baselines.items()}

    print(f"\n{len(texts)} cards; reconstruction under Python {sys.version.split()[0]}")
    rates = {}
    for name in baselines:
        rates[name] = (before[name] + after[name]) / 2
        print(f"baseline {name}: {before[name]:,.0f} and {after[name]:,.0f} cards/s (mean {rates[name]:,.0f})")
    header = "| benchmark | per corpus | cards/s | " + " | ".join(f"vs {name.split(' (')[0] if name.startswith('recon') else name}" for name in baselines) + " |"
    print("\n" + header + "\n|" + "---|" * (header.count("|") - 1))
    for benchmark in BENCHMARKS:
        nanoseconds = criterion_median_ns(benchmark)
        if nanoseconds is None:
            continue
        rate = len(texts) / (nanoseconds / 1e9)
        ratios = " | ".join(f"{rate / baseline:.1f}x" for baseline in rates.values())
        print(f"| `corpus/{benchmark}` | {nanoseconds / 1000:.1f} µs | {rate / 1e6:.2f} M | {ratios} |")

    if options.rounds > 0:
        alternate(options, baselines, after, len(texts))


def criterion_median_ns(benchmark):
    """The median of the last criterion run of `corpus/<benchmark>` in nanoseconds, or None if it never ran."""
    path = os.path.join(ROOT, "target", "criterion", "corpus", benchmark, "new", "estimates.json")
    if not os.path.exists(path):
        return None
    return json.load(open(path))["median"]["point_estimate"]


def alternate(options, baselines, previous, cards):
    """Alternates `corpus/compile` alone with the baselines; prints each round's ratios and their medians."""
    ratios = {name: [] for name in baselines}
    print(f"\n`corpus/compile` in {options.rounds} rounds, each against the baselines measured just before and after it:")
    for round_number in range(1, options.rounds + 1):
        subprocess.run(["cargo", "bench", "-p", "benches", "--bench", "compile", "--", "corpus/compile$"],
                       cwd=ROOT, check=True, capture_output=True)
        rate = cards / (criterion_median_ns("compile") / 1e9)
        following = {name: measure(options.seconds) for name, measure in baselines.items()}
        cells = []
        for name in baselines:
            ratio = rate / ((previous[name] + following[name]) / 2)
            ratios[name].append(ratio)
            cells.append(f"{ratio:.1f}x vs {name} ({previous[name]:,.0f}, {following[name]:,.0f}/s)")
        print(f"round {round_number}: {rate / 1e6:.2f} M cards/s; " + "; ".join(cells))
        previous = following
    for name, values in ratios.items():
        ordered = sorted(values)
        middle = len(ordered) // 2
        median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
        print(f"median over {len(values)} rounds vs {name}: {median:.1f}x (min {ordered[0]:.1f}x, max {ordered[-1]:.1f}x)")


if __name__ == "__main__":
    main()
