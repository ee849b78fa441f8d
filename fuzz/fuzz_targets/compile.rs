//! Fuzz target `compile`: any source compiles without panicking, and every bundle it produces loads, verifies and disassembles.
//! Run with `fuzz/run.sh compile SECONDS`; the body is `fuzz_harness::compile`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::compile(data));
