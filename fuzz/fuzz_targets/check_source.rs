//! Fuzz target: any bytes as a card's source must check without panicking.
//! Run from `fuzz/` with `cargo fuzz run check_source corpus/check_source seeds/source` (nightly, or RUSTC_BOOTSTRAP=1).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    compiler::fuzzing::check_source(data, &stdlib::CATALOGUE);
});
