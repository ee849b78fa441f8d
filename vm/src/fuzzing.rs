//! Entry points shared by the cargo-fuzz targets in `fuzz/` and by the seed smoke test
//! that CI runs: each takes arbitrary bytes and must never panic.

use crate::bytecode::{Program, disassemble};
use crate::catalogue::Catalogue;

/// Loads `data` as a bundle. Loading either fails with one error or gives a program that
/// disassembles and writes back exactly `data` (every field has one valid encoding).
pub fn load_bundle(data: &[u8], catalogue: &Catalogue) {
    let Ok(program) = Program::load(data, catalogue) else { return };
    let _ = disassemble(&program, catalogue);
    let stripped = program.debug().is_none();
    match program.to_bytes(stripped) {
        Ok(bytes) => assert!(bytes == data, "a loaded bundle re-encodes to different bytes"),
        Err(error) => panic!("a loaded bundle cannot be written back: {error}"),
    }
}
