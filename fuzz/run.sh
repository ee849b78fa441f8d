#!/usr/bin/env bash
# Runs one cargo-fuzz target for a given time with the project's flags and seeds:
#   fuzz/run.sh TARGET SECONDS [libFuzzer options...]
# TARGET is parse, compile, load, execute or roundtrip. New inputs go to
# fuzz/corpus/TARGET, crashes to fuzz/artifacts/TARGET (both ignored by git). Seeds: the
# committed fuzz/seeds, examples/, and the shared corpus (../shared/corpus/cfc, or
# $RULESCRIPT_CORPUS) read in place, never copied into the repository.
# FUZZ_KEEP_GOING=1 runs in libFuzzer's fork mode and goes on after a crash or timeout
# (each is still written to fuzz/artifacts/TARGET).
set -euo pipefail

target=${1:?usage: fuzz/run.sh TARGET SECONDS [libFuzzer options...]}
seconds=${2:?usage: fuzz/run.sh TARGET SECONDS [libFuzzer options...]}
shift 2
fuzz_dir=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$fuzz_dir")
corpus=${RULESCRIPT_CORPUS:-$root/../shared/corpus/cfc}
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
*)
    echo "run.sh: unknown target '$target' (parse, compile, load, execute, roundtrip)" >&2
    exit 2
    ;;
esac

if [[ ${FUZZ_KEEP_GOING:-0} == 1 ]]; then
    options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
mkdir -p "corpus/$target" "artifacts/$target"
# Safe Rust needs no sanitizer; debug assertions turn silent overflows into crashes.
RUSTC_BOOTSTRAP=1 exec cargo fuzz run --sanitizer none --debug-assertions "$target" "corpus/$target" "${seeds[@]}" -- \
    "${options[@]}" "$@"
