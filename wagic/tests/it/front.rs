//! The front end's refusals, one exact message each: constructs that would compile to
//! something other than what Wagic does are refused, never miscompiled.

use vm::bytecode::BundleBuilder;

/// The one error of a single-card file, or none.
fn error_of(card: &str) -> Option<String> {
    let source = format!("[card]\nname=Test\n{card}\n[/card]\n");
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    let outcomes = wagic::compile_source("test.txt", &source, &mut bundle);
    assert_eq!(outcomes.len(), 1);
    outcomes[0].error.as_ref().map(|error| error.message.clone())
}

#[test]
fn parts_sharing_one_chosen_target_are_refused() {
    for line in [
        "auto={S}:damage:2 && -flying target(creature[flying])\ntype=Creature",
        "auto={T}:target(player) deplete:1 && draw:1\ntype=Creature",
    ] {
        assert_eq!(error_of(line).as_deref(), Some("unsupported: `&&` parts sharing one `target(...)`"), "{line}");
    }
    // Each part with its own target, or a lord's target for both, compiles.
    assert_eq!(error_of("auto={T}:damage:2 target(player) && damage:3 controller\ntype=Creature"), None);
    assert_eq!(error_of("auto=lord(goblin) 1/1 && haste\ntype=Creature"), None);
}

#[test]
fn constructs_the_runtime_cannot_hold_are_refused() {
    assert_eq!(
        error_of("target=creature\nauto=1/1\ntype=Enchantment").as_deref(),
        Some("unsupported: aura (`target=` on a permanent)")
    );
    // A static `foreach` scales a pump; a lasting effect that cannot scale is refused.
    assert_eq!(error_of("auto=foreach(forest|mybattlefield) 1/1\ntype=Creature"), None);
    assert_eq!(
        error_of("auto=foreach(forest|mybattlefield) flying\ntype=Creature").as_deref(),
        Some("unsupported: foreach of a lasting effect other than a pump")
    );
    assert_eq!(
        error_of("auto={T}:damage:1 targetcontroller\ntype=Creature").as_deref(),
        Some("unsupported: word `targetcontroller`")
    );
    assert_eq!(
        error_of("auto=damage:1 controller asSorcery\ntype=Creature").as_deref(),
        Some("unsupported: `assorcery` outside an activated ability")
    );
}

/// `rsc explain E0100` / `E0101` show Wagic card blocks: the wrong one gets the code, the
/// right one compiles.
#[test]
fn the_wagic_codes_explanations_say_what_they_claim() {
    for code in [compiler::Code::E0100, compiler::Code::E0101] {
        let explanation = code.explanation();
        let compile = |source: &str| {
            let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
            wagic::compile_source("example.txt", source, &mut bundle)
        };
        let wrong = compile(explanation.wrong);
        assert!(
            wrong.iter().any(|outcome| outcome.error.as_ref().is_some_and(|error| error.code == code)),
            "{}: the wrong card gets {wrong:?}",
            code.as_str()
        );
        let right = compile(explanation.right);
        assert!(right.len() == 1 && right[0].error.is_none(), "{}: the right card gets {right:?}", code.as_str());
    }
}
