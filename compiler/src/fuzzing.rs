//! Entry points shared by the cargo-fuzz targets in `fuzz/` (through `fuzz-harness`) and
//! by the seed smoke tests that CI runs: each takes arbitrary bytes and must never panic.

use crate::Severity;
use crate::print::{dump_card, print_card};
use crate::session::Session;
use vm::catalogue::Catalogue;

/// Parses and checks `data` as a card's source: any bytes give a tree and diagnostics.
/// When the text checks without error, its canonical print must check without error too
/// and parse back to the same tree. Returns the text when it is UTF-8 without errors.
pub fn parse<'d>(data: &'d [u8], catalogue: &Catalogue) -> Option<&'d str> {
    let mut session = Session::new(catalogue);
    let Ok(text) = std::str::from_utf8(data) else {
        // Checking the bytes must report the encoding, not panic.
        let diagnostics = session.check_bytes(data);
        assert!(!diagnostics.is_empty(), "bytes that are not UTF-8 check without a diagnostic");
        return None;
    };
    let (printed, dump) = {
        let parsed = session.parse(text);
        if parsed.diagnostics.iter().any(|diagnostic| diagnostic.severity() == Severity::Error) {
            return None;
        }
        (print_card(&parsed.card, parsed.interner), dump_card(&parsed.card, parsed.interner))
    };
    let reparsed = session.parse(&printed);
    let errors: Vec<_> = reparsed.diagnostics.iter().filter(|d| d.severity() == Severity::Error).collect();
    assert!(errors.is_empty(), "the print of a clean card has errors: {errors:?}\n{printed}");
    assert_eq!(dump, dump_card(&reparsed.card, reparsed.interner), "print changed the tree:\n{printed}");
    Some(text)
}

/// [`parse`], then, for a clean card, compiles it into a bundle that must load and verify.
pub fn check_source(data: &[u8], catalogue: &Catalogue) {
    let Some(text) = parse(data, catalogue) else { return };
    let mut session = Session::new(catalogue);
    let mut bundle = vm::bytecode::BundleBuilder::new(catalogue);
    let diagnostics = session.compile_card("fuzz", text, &mut bundle);
    if diagnostics.iter().all(|diagnostic| diagnostic.severity() != Severity::Error) {
        let bytes = bundle.finish().expect("a clean card builds a bundle");
        vm::bytecode::Program::load(&bytes, catalogue).expect("a built bundle loads");
    }
}
