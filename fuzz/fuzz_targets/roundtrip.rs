//! Fuzz target `roundtrip`: instruction streams encode, decode and disassemble back to themselves.
//! Run with `fuzz/run.sh roundtrip SECONDS`; the body is `fuzz_harness::roundtrip`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::roundtrip(data));
