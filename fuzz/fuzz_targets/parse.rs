//! Fuzz target `parse`: any bytes as a card's source parse and check without panicking.
//! Run with `fuzz/run.sh parse SECONDS`; the body is `fuzz_harness::parse`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::parse(data));
