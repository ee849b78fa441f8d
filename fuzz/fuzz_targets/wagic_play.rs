//! Fuzz target `wagic_play`: a Wagic card file, `\0`, two Wagic deck files separated by `\0`, optionally `\0` and a set file, read as `rsc run --lang wagic` reads them and played as one seeded game of at most 8 turns (decks over 120 cards are checked, not played), without panicking, the same game twice.
//! Run with `fuzz/run.sh wagic_play SECONDS`; the body is `fuzz_harness::wagic_play`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::wagic_play(data));
