//! Fuzz target: any bytes as a bundle must load with one error or load, disassemble and
//! write back to the same bytes. Run from `fuzz/` with
//! `cargo fuzz run load_bundle corpus/load_bundle seeds/bundle` (nightly, or RUSTC_BOOTSTRAP=1).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    vm::fuzzing::load_bundle(data, &stdlib::CATALOGUE);
});
