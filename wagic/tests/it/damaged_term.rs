//! The spec term `damaged` (`target=creature[damaged]`, `all(creature[damaged])`): a
//! creature dealt damage this turn, as Wagic's `CardDescriptor` reads it (until it moves
//! or the turn ends). Fatal Blow, Crushing Pain, Inflame, Opportunist write it.

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

/// The cards, each as Wagic's card file writes it.
const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Fatal Blow\ntarget=creature[damaged]\nauto=bury\n\
text=Destroy target creature that was dealt damage this turn. It can't be regenerated.\nmana={B}\ntype=Instant\n[/card]\n\
[card]\nname=Inflame\nauto=all(creature[damaged]) damage:2\n\
text=Inflame deals 2 damage to each creature dealt damage this turn.\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hill Giant\nmana={3}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n";

fn verdict(test: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("damaged.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(test).expect("a test"))
}

#[test]
fn damaged_is_a_filter_keyword() {
    assert_eq!(error_of("target=creature[damaged]\nauto=bury\ntype=Instant"), None);
    assert_eq!(error_of("auto=all(creature[-damaged]) damage:2\ntype=Instant"), None);
}

/// Fatal Blow: the Hill Giant shocked this turn may be chosen and dies; the Bears, dealt
/// no damage, may not.
#[test]
fn only_a_creature_dealt_damage_this_turn_is_a_target() {
    let init = "[PLAYER1]\nhand:Shock,Fatal Blow\nmanapool:{R}{B}\n[PLAYER2]\ninplay:Grizzly Bears,Hill Giant\n";
    let giant =
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Fatal Blow\n[PLAYER2]\ninplay:Grizzly Bears\ngraveyard:Hill Giant\n";
    assert_eq!(verdict(&test(init, "Shock\nHill Giant\nFatal Blow\nHill Giant\n", giant)), Verdict::Passed);
    let bears =
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Fatal Blow\n[PLAYER2]\ninplay:Hill Giant\ngraveyard:Grizzly Bears\n";
    assert_ne!(verdict(&test(init, "Shock\nHill Giant\nFatal Blow\nGrizzly Bears\n", bears)), Verdict::Passed);
}

/// Inflame: 2 damage to each creature dealt damage this turn: the shocked Giant (3/3)
/// dies, the Bears are spared.
#[test]
fn each_creature_dealt_damage_this_turn_is_dealt_more() {
    let init = "[PLAYER1]\nhand:Shock,Inflame\nmanapool:{R}{R}\n[PLAYER2]\ninplay:Grizzly Bears,Hill Giant\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Shock,Inflame\n[PLAYER2]\ninplay:Grizzly Bears\ngraveyard:Hill Giant\n";
    assert_eq!(verdict(&test(init, "Shock\nHill Giant\nInflame\n", expected)), Verdict::Passed);
}
