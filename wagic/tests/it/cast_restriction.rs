//! `restriction=` (Wagic's `allowedToCast`): the forms that compile, and those refused
//! with the construct named (the game's use of them is `play/cast_restriction_tests.rs`).

use super::front::error_of;

#[test]
fn counts_turns_steps_and_printed_phrases_compile() {
    for restriction in [
        "type(creature|opponentbattlefield)~morethan~1",
        "type(creature|battlefield)~morethan~2,type(land|battlefield)~morethan~3",
        "myturnonly",
        "opponentturnonly",
        "assorcery",
        "blockersonly",
        "opponentblockersonly",
        "myupkeeponly",
        "turn:7",
        "during battle",
        "before battle damage",
        "during my turn",
        "during  opponent turn",
        "control snow land",
        "control two or more vampires",
        "control less creatures",
    ] {
        let card = format!("restriction={restriction}\nauto=life:1 controller\ntype=Instant");
        assert_eq!(error_of(&card), None, "{restriction}");
    }
}

#[test]
fn other_restrictions_are_refused_with_the_construct_named() {
    let construct = "unsupported: `restriction` other than `type(spec)~morethan|lessthan|equalto~n`, a turn or a \
                     step (`myturnonly`, `blockersonly`, `opponentupkeeponly`...), `turn:n` or one of the phrases \
                     cards write, comma-separated";
    for restriction in
        ["casted a spell", "one of a kind", "turn:x", "beginofturnonly", "myturnonly,type(creature)~atleast~2"]
    {
        let card = format!("restriction={restriction}\nauto=life:1 controller\ntype=Instant");
        assert_eq!(error_of(&card).as_deref(), Some(construct), "{restriction}");
    }
    // A count's spec is read as a filter reads it: a typo is named.
    let typo = "restriction=type(creatrue|battlefield)~morethan~0\nauto=life:1 controller\ntype=Instant";
    assert!(error_of(typo).is_some_and(|error| error.contains("spec type `creatrue`")), "{:?}", error_of(typo));
}
