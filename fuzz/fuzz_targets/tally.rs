//! Fuzz target `tally`: any bytes as a tally file are refused or merge, summarise and render as `rsc sim merge` does, without panicking.
//! Run with `fuzz/run.sh tally SECONDS`; the body is `fuzz_harness::tally`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_harness::tally(data));
