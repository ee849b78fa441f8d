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

/// The codes `check` reports on `source`, after asserting that compiling it into a bundle
/// (as `rsc compile` does) reports the same diagnostics.
fn check_and_compile(source: &str) -> Vec<Code> {
    let mut session = Session::new(&stdlib::CATALOGUE);
    let checked = session.check(source);
    let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
    let files = [SourceFile { key: "big", file: "big.rules", source }];
    let compiled = session.compile_files(&files, &mut bundle).concat();
    assert_eq!(checked, compiled, "check and compile report the same");
    if compiled.is_empty() {
        bundle.finish().expect("a card that compiles clean gives a bundle");
    }
    checked.iter().map(|diagnostic| diagnostic.code).collect()
}

/// 7,900 links of `hp(1) &` checked clean, then failed to compile with E0033, which also
/// meant "nesting too deep".
#[test]
fn check_reports_an_action_too_long_for_the_bytecode() {
    let source = format!("action = {}hp(1)\n", "hp(1) & ".repeat(7_900));
    assert_eq!(check_and_compile(&source), [Code::E0044]);
    let diagnostics = compiler::check_source(&source, &stdlib::CATALOGUE);
    assert_eq!(diagnostics[0].message, "the card's code is longer than 65535 bytes");
    let shorter = format!("action = {}hp(1)\n", "hp(1) & ".repeat(1_000));
    assert_eq!(check_and_compile(&shorter), []);
}

#[test]
fn check_reports_an_expression_needing_too_many_registers() {
    let source = format!("action = hp({}1{})\n", "min(1, 1, 1, 1, 1, 1, 1, ".repeat(40), ")".repeat(40));
    assert_eq!(check_and_compile(&source), [Code::E0045]);
    let fits = format!("action = hp({}1{})\n", "min(1, 1, 1, 1, 1, 1, 1, ".repeat(20), ")".repeat(20));
    assert_eq!(check_and_compile(&fits), []);
}

#[test]
fn check_reports_too_many_variables() {
    let names: Vec<String> = (0..300).map(|index| format!("_v{index}")).collect();
    let declarations: Vec<String> = names.iter().map(|name| format!("{name} := 1")).collect();
    let reads: Vec<String> = names.iter().map(|name| format!("hp({name})")).collect();
    let source = format!("vars = {}\naction = {}\n", declarations.join("; "), reads.join(" & "));
    assert_eq!(check_and_compile(&source), [Code::E0046]);
    let diagnostics = compiler::check_source(&source, &stdlib::CATALOGUE);
    assert_eq!(&source[diagnostics[0].span.range()], "_v256", "the first variable past the limit");
}

/// A card of more actions than a bundle has entries (65,535) is refused by name, not by an
/// internal error when the bundle is written.
#[test]
fn check_reports_more_actions_than_a_bundle_holds() {
    let source = "action = draw()\n".repeat(65_536);
    assert_eq!(check_and_compile(&source), [Code::E0047]);
    let diagnostics = compiler::check_source(&source, &stdlib::CATALOGUE);
    assert_eq!(diagnostics[0].message, "this card takes the bundle past 65535 entries");
    assert_eq!(check_and_compile(&"action = draw()\n".repeat(30_000)), []);
}
