//! Cards at the size limits of the format: memory linear in the number of actions, and
//! `check` reporting every limit `compile` would hit, each under its own code.

use bumpalo::Bump;
use compiler::Code;
use compiler::session::{Session, SourceFile};
use vm::bytecode::BundleBuilder;

/// The bytes lowering `actions` lines of `action = draw()` takes in its arena.
fn lowered_bytes(actions: usize) -> usize {
    let source = "action = draw()\n".repeat(actions);
    let mut session = Session::new(&stdlib::CATALOGUE);
    let parsed = session.parse(&source);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics.first());
    let arena = Bump::new();
    let card = compiler::lower::lower_card(&parsed.card, parsed.interner, parsed.names, &stdlib::CATALOGUE, &arena)
        .expect("lowers");
    assert_eq!(card.actions.len(), actions);
    arena.allocated_bytes()
}

/// Appending each action to a copy of the ones before it made 8,000 actions take about 16
/// times the memory of 2,000 (1.5 GB for 8,000 through `rsc compile`).
#[test]
fn lowering_memory_is_linear_in_the_number_of_actions() {
    let small = lowered_bytes(2_000);
    let large = lowered_bytes(8_000);
    assert!(large <= small * 5, "2,000 actions took {small} bytes, 8,000 took {large}");
}
