#!/usr/bin/env python3
"""Prints the runtime benchmarks' ratios (BENCHMARKS.md) from the last criterion run.

Reads every `target/criterion/<group>/*/new/{benchmark,estimates}.json` written by
`cargo bench -p benches --bench dispatch --bench effects --bench load` and prints, per group, each
benchmark's median and its ratio to the VM's figure, all from the same run. `host_call`
is reported net per call: (17 calls - 1 call) / 16 for every side.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "target/criterion")


def medians():
    out = {}
    for bench in ROOT.glob("*/**/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        estimates = json.loads((bench.parent / "estimates.json").read_text())
        out[meta["full_id"]] = estimates["median"]["point_estimate"]
    return out


def fmt(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.1f} ns"


def table(title, rows, ours):
    print(f"\n{title}\n")
    print("| benchmark | median | vs VM |")
    print("|---|---:|---:|")
    for name, ns in rows:
        ratio = ns / ours if ours else float("nan")
        print(f"| `{name}` | {fmt(ns)} | {ratio:.2f}× |")


def main():
    m = medians()

    def group(prefix):
        return [(k, v) for k, v in sorted(m.items()) if k.startswith(prefix + "/")]

    if "dispatch/vm" in m:
        turns = 10_000
        rows = [(k, v / turns) for k, v in group("dispatch")]
        table("dispatch (per turn of the loop: 3 VM instructions)", rows, m["dispatch/vm"] / turns)
    if "fuel/on" in m:
        print(f"\nfuel: on {fmt(m['fuel/on'])}, off {fmt(m['fuel/off'])}, "
              f"overhead {100 * (m['fuel/on'] / m['fuel/off'] - 1):+.1f}%")
    sides = ["vm", "native", "lua", "rhai"]
    net = {s: (m[f"host_call/{s}/17"] - m[f"host_call/{s}/1"]) / 16
           for s in sides if f"host_call/{s}/17" in m}
    if "vm" in net:
        table("host_call (net per call)", [(f"host_call/{s}", v) for s, v in net.items()], net["vm"])
    for name in ["round_trip", "events", "suspend", "load"]:
        rows = group(name)
        ours = m.get(f"{name}/vm") or m.get(f"{name}/decode_and_verify") or (rows[0][1] if rows else 0)
        if rows:
            table(name, rows, ours)


main()
