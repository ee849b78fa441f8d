//! Fuzz target `execute`: a card (from the input, or generated from it) plays with answers from the input, under fuel.
//! Run with `fuzz/run.sh execute SECONDS`; the body is `fuzz_harness::execute`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::execute(data));
