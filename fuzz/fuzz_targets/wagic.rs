//! Fuzz target `wagic`: any bytes as a Wagic card file compile as `rsc compile --lang wagic` compiles one, without panicking, into a bundle that loads, verifies and disassembles.
//! Run with `fuzz/run.sh wagic SECONDS`; the body is `fuzz_harness::wagic`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::wagic(data));
