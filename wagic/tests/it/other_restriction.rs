//! `otherrestriction=` (Wagic's `allowedToAltCast`): its forms compiled and refused, and
//! the alternative cost offered only while every count of it holds.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

#[test]
fn counts_of_specs_compile_and_other_restrictions_are_refused() {
    for card in [
        "other={U}\notherrestriction=type(creature[attacking]|battlefield)~morethan~2\ntype=Instant",
        "other={0}\notherrestriction=type(forest|mybattlefield)~morethan~0,\
         type(*[nolifegain]|opponentbattlefield)~lessthan~1\ntype=Instant",
        "other={B}{B}\notherrestriction=type(creature|graveyard)~equalto~9\ntype=Creature",
    ] {
        assert_eq!(error_of(card), None, "{card}");
    }
    let construct =
        "unsupported: `otherrestriction` other than `type(spec)~morethan|lessthan|equalto~n`, comma-separated";
    for (card, refused) in [
        (
            "otherrestriction=type(creature)~morethan~2\ntype=Instant",
            "unsupported: `otherrestriction` on a card without `other=`",
        ),
        ("other={U}\notherrestriction=type(creature)~atleast~2\ntype=Instant", construct),
        ("other={U}\notherrestriction=type(player)~morethan~0\ntype=Instant", construct),
        ("other={U}\notherrestriction=type(creature|mystack)~morethan~0\ntype=Instant", construct),
        ("other={U}\notherrestriction=myturnonly\ntype=Instant", construct),
        ("other={U}\notherrestriction=type(creature)~morethan~x\ntype=Instant", construct),
    ] {
        assert_eq!(error_of(card).as_deref(), Some(refused), "{card}");
    }
    // A spec a filter would refuse is refused here too.
    let typo = "other={U}\notherrestriction=type(creatrue|battlefield)~morethan~0\ntype=Instant";
    assert!(error_of(typo).is_some_and(|error| error.contains("spec type `creatrue`")), "{:?}", error_of(typo));
}

const CARDS: &str = "[card]\nname=Spring\nother={U}\n\
otherrestriction=type(creature|mybattlefield)~morethan~1,type(*[flying]|opponentbattlefield)~lessthan~1\n\
auto=draw:1 controller\nmana={3}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Angel\nabilities=flying\nmana={W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

/// Spring cast with {3}{U} in the pool, the permanents given on each side.
fn spring(mine: &str, theirs: &str, moves: &str, pool_left: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("restriction.txt", CARDS.to_string())]).expect("the cards compile"));
    let theirs = if theirs.is_empty() { String::new() } else { format!("inplay:{theirs}\n") };
    let test = test(
        &format!("[PLAYER1]\nhand:Spring\ninplay:{mine}\nlibrary:Forest\nmanapool:{{3}}{{U}}\n[PLAYER2]\n{theirs}"),
        moves,
        &format!(
            "FIRSTMAIN\n[PLAYER1]\ninplay:{mine}\nhand:Forest\ngraveyard:Spring\nmanapool:{pool_left}\n[PLAYER2]\n{theirs}"
        ),
    );
    runner::run(&library, &wagic::testfile::read(&test).expect("a test"))
}

#[test]
fn the_alternative_cost_is_offered_only_while_every_count_holds() {
    // Two creatures of mine, no flyer of theirs: both costs offered, the second is {U}.
    assert_eq!(spring("Grizzly Bears,Grizzly Bears", "", "Spring\nchoice 1\n", "{3}"), Verdict::Passed);
    // One creature (not more than one), or a flyer of theirs (not fewer than one): only
    // the cast rule reacts, at once, for {3}{U}.
    assert_eq!(spring("Grizzly Bears", "", "Spring\n", "{0}"), Verdict::Passed);
    assert_eq!(spring("Grizzly Bears,Grizzly Bears", "Angel", "Spring\n", "{0}"), Verdict::Passed);
    // A flyer of mine counts for nothing there (`opponentbattlefield`).
    assert_eq!(spring("Grizzly Bears,Angel", "", "Spring\nchoice 1\n", "{3}"), Verdict::Passed);
    // Where only the cast rule reacts, no menu opens: a `choice` is not Wagic's.
    assert_ne!(spring("Grizzly Bears", "", "Spring\nchoice 1\n", "{3}"), Verdict::Passed);
}
