//! The trigger option `once` (Wagic's `mOnce`): the trigger fires the first time only,
//! while its card is in play; a card with a `once` trigger has no other trigger that
//! fires once (the runtime keeps one such mark a card).

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

const CARDS: &str = "[card]\nname=Mourner\n\
auto=@movedto(creature|mygraveyard) from(battlefield) once:life:2 controller\n\
type=Enchantment\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Bears\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    let library = Arc::new(Library::compile(&[("once.txt", CARDS.to_string())]).expect("the cards compile"));
    runner::run(&library, &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

#[test]
fn a_once_trigger_fires_the_first_time_only() {
    let init = "[PLAYER1]\ninplay:Mourner,Bears,Bears\nhand:Shock,Shock\nmanapool:{R}{R}\n[PLAYER2]\n";
    // The first Bears dying: 2 life.
    let one = "FIRSTMAIN\n[PLAYER1]\ninplay:Mourner,Bears\ngraveyard:Bears,Shock\nhand:Shock\nmanapool:{R}\nlife:22\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shock\nBears\n", one), Verdict::Passed);
    // The second: no more.
    let two = "FIRSTMAIN\n[PLAYER1]\ninplay:Mourner\ngraveyard:Bears,Shock,Bears,Shock\nlife:22\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Shock\nBears\nShock\nBears\n", two), Verdict::Passed);
}

#[test]
fn a_second_trigger_that_fires_once_beside_once_is_refused() {
    let card = "auto=@movedto(creature|mygraveyard) once:life:1\nauto=@movedto(land|mygraveyard) once:life:2\n\
                type=Enchantment";
    assert_eq!(error_of(card).as_deref(), Some("unsupported: a second trigger that fires once on a card with `once`"));
    let card = "auto=@movedto(creature|mygraveyard) once:life:1\nauto=@next upkeep:life:2\ntype=Enchantment";
    assert!(error_of(card).is_some());
    // `once` with `turnlimited`: the second is no option.
    let card = "auto=@movedto(creature|mygraveyard) once turnlimited:life:1\ntype=Enchantment";
    assert_eq!(error_of(card).as_deref(), Some("unsupported: trigger option `turnlimited`"));
}
