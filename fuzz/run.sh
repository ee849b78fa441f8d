#!/usr/bin/env bash
# Runs one cargo-fuzz target for a given time with the project's flags and seeds:
#   fuzz/run.sh TARGET SECONDS [libFuzzer options...]
# TARGET is parse, compile, load, execute, roundtrip, wagic, wagic_test, wagic_play, deck, save,
# scenario, tally or catalogue. New inputs go to
# fuzz/corpus/TARGET, crashes to fuzz/artifacts/TARGET (both ignored by git). Seeds: the
# committed fuzz/seeds, examples/, and the shared corpus (../shared/corpus/cfc, or
# $RULESCRIPT_CORPUS) read in place, never copied into the repository; for wagic, Wagic's
# card files (../shared/wagic, or $WAGIC_DATA) split into one-card files in a scratch
# directory removed on exit.
# FUZZ_KEEP_GOING=1 runs in libFuzzer's fork mode and goes on after a crash or timeout
# (each is still written to fuzz/artifacts/TARGET).
set -euo pipefail

target=${1:?usage: fuzz/run.sh TARGET SECONDS [libFuzzer options...]}
seconds=${2:?usage: fuzz/run.sh TARGET SECONDS [libFuzzer options...]}
shift 2
fuzz_dir=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$fuzz_dir")
corpus=${RULESCRIPT_CORPUS:-$root/../shared/corpus/cfc}
wagic_data=${WAGIC_DATA:-$root/../shared/wagic}
cd "$fuzz_dir"

seeds=()
options=(-timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "-max_total_time=$seconds")
case $target in
parse | compile | execute)
    seeds+=(seeds/source "$root/examples")
    [[ -d $corpus ]] && seeds+=("$corpus")
    # Long lines (an operator chain of tens of thousands of terms) must come early.
    options+=(-max_len=262144 -len_control=0 -dict=rulescript.dict)
    ;;
load)
    seeds+=(seeds/bundle)
    # Bundles of the whole corpus, built at run time into a scratch directory.
    if [[ -d $corpus ]]; then
        scratch=$(mktemp -d)
        trap 'rm -rf "$scratch"' EXIT
        (cd "$root" && cargo run -q -p rsc -- compile "$corpus" -o "$scratch/corpus.rsb" >/dev/null &&
            cargo run -q -p rsc -- compile "$corpus" --strip -o "$scratch/corpus-stripped.rsb" >/dev/null) ||
            echo "run.sh: could not build the corpus bundles; fuzzing from the committed seeds" >&2
        seeds+=("$scratch")
    fi
    options+=(-max_len=1048576)
    ;;
roundtrip)
    seeds+=(seeds/roundtrip)
    options+=(-max_len=65536)
    ;;
wagic)
    seeds+=(seeds/wagic)
    # Each `[card]` block of Wagic's files as a file of its own, at run time.
    if [[ -f $wagic_data/mtg.txt ]]; then
        scratch=$(mktemp -d)
        trap 'rm -rf "$scratch"' EXIT
        for file in mtg borderline crappy; do
            [[ -f $wagic_data/$file.txt ]] || continue
            awk -v out="$scratch/$file" '
                { line = $0; sub(/\r$/, "", line) }
                tolower(line) == "[card]" { n++; path = sprintf("%s-%05d.txt", out, n) }
                path != "" { print > path }
                tolower(line) == "[/card]" && path != "" { close(path); path = "" }
            ' "$wagic_data/$file.txt"
        done
        seeds+=("$scratch")
    fi
    # A card file is small (Wagic's longest card is under 3 KiB); a few cards test names
    # met again.
    options+=(-max_len=32768 -dict=wagic.dict)
    ;;
wagic_test)
    seeds+=(seeds/wagic_test)
    # Wagic's own tests, read in place (new inputs go to corpus/wagic_test only).
    [[ -d $wagic_data/test ]] && seeds+=("$wagic_data/test")
    options+=(-max_len=16384 -dict=wagic.dict)
    ;;
wagic_play)
    # Hand-written cards and decks only: a card file of a few cards and two decks of
    # about 20 lines each are under 4 KiB; the room left lets mutations grow the decks.
    seeds+=(seeds/wagic_play)
    options+=(-max_len=32768 -dict=wagic.dict)
    ;;
deck)
    # The example set's decks beside the hand-written ones; a deck file is small (the
    # examples' are under 2 KiB).
    seeds+=(seeds/deck "$root/examples/decks")
    options+=(-max_len=16384 -dict=files.dict)
    ;;
scenario)
    seeds+=(seeds/scenario "$root/examples/scenarios")
    options+=(-max_len=16384 -dict=files.dict)
    ;;
catalogue)
    # The built-in catalogues (`rsc catalogue`, both languages) and small hand-written
    # files; Wagic's, the largest there is, is 53 KB.
    seeds+=(seeds/catalogue)
    options+=(-max_len=131072 -dict=catalogue.dict)
    ;;
save | tally)
    # Saves and tallies `rsc run --save` and `rsc sim --tally-out` wrote on the example set.
    seeds+=("seeds/$target")
    options+=(-max_len=65536 -dict=files.dict)
    ;;
*)
    echo "run.sh: unknown target '$target' (parse, compile, load, execute, roundtrip, wagic, wagic_test, wagic_play, deck, save, scenario, tally, catalogue)" >&2
    exit 2
    ;;
esac

if [[ ${FUZZ_KEEP_GOING:-0} == 1 ]]; then
    options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
mkdir -p "corpus/$target" "artifacts/$target"
# Safe Rust needs no sanitizer; debug assertions turn silent overflows into crashes. Not
# `exec`: the scratch directory's trap runs when cargo-fuzz ends.
RUSTC_BOOTSTRAP=1 cargo fuzz run --sanitizer none --debug-assertions "$target" "corpus/$target" "${seeds[@]}" -- \
    "${options[@]}" "$@"
