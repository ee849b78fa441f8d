#!/usr/bin/env bash
# The behaviour fingerprint of an `rsc` build, for speed work that must change nothing a
# player sees: trace hashes of seeds 0-99 (random and greedy players; the example set's
# vanguard/arcana and the corpus's deck-1/deck-2) and the `rsc sim --all-decks --games 4`
# JSON summaries with their timing fields left out. Two builds behave the same when
# `diff -r` of their OUTDIRs is empty.
#
#   benches/fingerprint.sh OLD_RSC /tmp/before && benches/fingerprint.sh NEW_RSC /tmp/after
#   diff -r /tmp/before /tmp/after
#
# The corpus is read in place from ../shared/corpus/cfc (or $RULESCRIPT_CORPUS).
set -eu
if [ $# -ne 2 ]; then
  echo "usage: $0 RSC OUTDIR" >&2
  exit 2
fi
RSC=$(realpath "$1")
OUT=$2
cd "$(dirname "$0")/.."
CORPUS=${RULESCRIPT_CORPUS:-../shared/corpus/cfc}
if [ ! -d "$CORPUS" ]; then
  echo "corpus not found at $CORPUS (set RULESCRIPT_CORPUS)" >&2
  exit 2
fi
mkdir -p "$OUT"
for player in random greedy; do
  : > "$OUT/examples_$player.txt"
  : > "$OUT/corpus_$player.txt"
  for seed in $(seq 0 99); do
    hash=$("$RSC" run --set examples --deck examples/decks/vanguard.o8d --deck examples/decks/arcana.o8d \
      --seed "$seed" --player "$player" --player "$player" --trace-hash 2>&1 | tail -1)
    echo "$seed $hash" >> "$OUT/examples_$player.txt"
    hash=$("$RSC" run --set "$CORPUS" --deck "$CORPUS/decks/deck-1.o8d" --deck "$CORPUS/decks/deck-2.o8d" \
      --seed "$seed" --player "$player" --player "$player" --trace-hash 2>&1 | tail -1)
    echo "$seed $hash" >> "$OUT/corpus_$player.txt"
  done
  "$RSC" sim --set "$CORPUS" --all-decks --games 4 --player "$player" --message-format json 2>/dev/null |
    python3 -c '
import json, sys
TIMING = ("games_per_s", "jobs", "elapsed_s", "seconds", "wall_s")
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k not in TIMING}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o
for line in sys.stdin:
    if line.strip():
        print(json.dumps(strip(json.loads(line)), sort_keys=True))
' > "$OUT/alldecks_$player.json"
done
