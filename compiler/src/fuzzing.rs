//! Entry points shared by the cargo-fuzz targets in `fuzz/` and by the seed smoke test
//! that CI runs: each takes arbitrary bytes and must never panic.

use crate::Severity;
use crate::check::Session;
use crate::print::{dump_card, print_card};
use vm::catalogue::Catalogue;

/// Checks `data` as a card's source. When it checks without error, the canonical print
/// must check without error too and parse back to the same tree, and the card must compile
/// into a bundle that loads and verifies.
pub fn check_source(data: &[u8], catalogue: &Catalogue) {
    let mut session = Session::new(catalogue);
    let Ok(text) = std::str::from_utf8(data) else {
        let _ = session.check_bytes(data);
        return;
    };
    let (printed, dump) = {
        let parsed = session.parse(text);
        if parsed.diagnostics.iter().any(|diagnostic| diagnostic.severity() == Severity::Error) {
            return;
        }
        (print_card(&parsed.card, parsed.interner), dump_card(&parsed.card, parsed.interner))
    };
    let reparsed = session.parse(&printed);
    let errors: Vec<_> = reparsed.diagnostics.iter().filter(|d| d.severity() == Severity::Error).collect();
    assert!(errors.is_empty(), "the print of a clean card has errors: {errors:?}\n{printed}");
    assert_eq!(dump, dump_card(&reparsed.card, reparsed.interner), "print changed the tree:\n{printed}");
    let mut bundle = vm::bytecode::BundleBuilder::new(catalogue);
    let diagnostics = session.compile_card("fuzz", text, &mut bundle);
    if diagnostics.iter().all(|diagnostic| diagnostic.severity() != Severity::Error) {
        let bytes = bundle.finish().expect("a clean card builds a bundle");
        vm::bytecode::Program::load(&bytes, catalogue).expect("a built bundle loads");
    }
}
