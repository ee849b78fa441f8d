//! Fuzz target `save`: any bytes as a saved game are refused with `rsc replay`'s error or replay on the example set, without panicking.
//! Run with `fuzz/run.sh save SECONDS`; the body is `fuzz_harness::save`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::save(data));
