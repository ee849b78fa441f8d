//! Fuzz target `catalogue`: any bytes as a catalogue file are refused with located diagnostics or accepted, written back and reloaded to the same catalogue, without panicking or leaking without bound.
//! Run with `fuzz/run.sh catalogue SECONDS`; the body is `fuzz_harness::catalogue`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::catalogue(data));
