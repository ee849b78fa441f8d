//! Fuzz target `deck`: any bytes as an `.o8d` deck file pass or fail the deck rules against the example set without panicking; a deck that passes plays.
//! Run with `fuzz/run.sh deck SECONDS`; the body is `fuzz_harness::deck`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::deck(data));
