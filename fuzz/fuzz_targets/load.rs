//! Fuzz target `load`: any bytes load as a bundle or fail cleanly; a loaded program plays under fuel.
//! Run with `fuzz/run.sh load SECONDS`; the body is `fuzz_harness::load`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::load(data));
