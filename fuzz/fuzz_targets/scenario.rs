//! Fuzz target `scenario`: any bytes as a scenario file are refused or run on the example set as `rsc test` runs them, without panicking.
//! Run with `fuzz/run.sh scenario SECONDS`; the body is `fuzz_harness::scenario`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::scenario(data));
