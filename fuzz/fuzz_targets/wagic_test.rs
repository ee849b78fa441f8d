//! Fuzz target `wagic_test`: a Wagic card file, `\0`, a Wagic test file, optionally `\0` and a set file giving the ids it names cards by (or a test alone, on hand-made cards) read and run as `rsc test --lang wagic` runs one, without panicking, giving the same verdict twice.
//! Run with `fuzz/run.sh wagic_test SECONDS`; the body is `fuzz_harness::wagic_test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::wagic_test(data));
