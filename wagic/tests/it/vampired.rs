//! `@vampired(spec) from(spec)` (Wagic's `TrVampired`, fed by its `MTGVampireRule`), on
//! cards from their printed text: Axelrod Gunnarson's life when a creature it dealt
//! damage dies (not one another card killed), and Vampiric Sliver's counter on the
//! Sliver that dealt the damage (`all(trigger[from])`).

use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use super::behaviour::test;
use super::front::error_of;

const CARDS: &str = "[card]\nname=Axelrod Gunnarson\n\
text=Trample. Whenever a creature dealt damage by Axelrod Gunnarson this turn dies, you gain 1 life and Axelrod deals 1 damage to target player or planeswalker.\n\
abilities=trample\n\
auto=@vampired(creature) from(this):life:1 controller\n\
mana={4}{B}{B}{R}{R}\ntype=Legendary Creature\nsubtype=Giant\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Vampiric Sliver\n\
text=All Slivers have \"Whenever a creature dealt damage by this creature this turn dies, put a +1/+1 counter on this creature.\"\n\
auto=@vampired(creature) from(sliver):all(trigger[from]) counter(1/1,1)\n\
mana={3}{B}\ntype=Creature\nsubtype=Sliver\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Pinger Sliver\nauto={T}:damage:1 target(creature)\ntype=Creature\nsubtype=Sliver\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Sting\ntarget=creature\nauto=damage:1\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Bears\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Page\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("vampired.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn verdict(init: &str, moves: &str, expected: &str) -> Verdict {
    runner::run(&library(), &wagic::testfile::read(&test(init, moves, expected)).expect("a test"))
}

#[test]
fn a_creature_the_card_damaged_dying_fires_and_one_another_card_killed_does_not() {
    // Axelrod attacks, the Bears block and die: 1 life, and 3 trample damage.
    let text = "[INIT]\nCOMBATATTACKERS\n[PLAYER1]\ninplay:Axelrod Gunnarson\n[PLAYER2]\ninplay:Bears\n\
                [DO]\nAxelrod Gunnarson\nnext\nBears\nnext\nnext\nnext\n[ASSERT]\nCOMBATEND\n\
                [PLAYER1]\ninplay:Axelrod Gunnarson\nlife:21\n[PLAYER2]\ngraveyard:Bears\ninplay:\nlife:17\n[END]\n";
    assert_eq!(runner::run(&library(), &wagic::testfile::read(text).expect("a test")), Verdict::Passed);
    // Sting kills the Page: no life.
    let init = "[PLAYER1]\ninplay:Axelrod Gunnarson\nhand:Sting\nmanapool:{R}\n[PLAYER2]\ninplay:Page\n";
    let expected =
        "FIRSTMAIN\n[PLAYER1]\ninplay:Axelrod Gunnarson\ngraveyard:Sting\nlife:20\n[PLAYER2]\ngraveyard:Page\n";
    assert_eq!(verdict(init, "Sting\nPage\n", expected), Verdict::Passed);
}

#[test]
fn the_sliver_that_dealt_the_damage_gets_the_counter() {
    // Pinger Sliver kills the Page: 2/2 with its counter, it survives Sting.
    let init = "[PLAYER1]\ninplay:Vampiric Sliver,Pinger Sliver\nhand:Sting\nmanapool:{R}\n[PLAYER2]\ninplay:Page\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Vampiric Sliver,Pinger Sliver\ngraveyard:Sting\n\
                    [PLAYER2]\ngraveyard:Page\n";
    assert_eq!(verdict(init, "Pinger Sliver\nPage\nSting\nPinger Sliver\n", expected), Verdict::Passed);
    // Without a kill of its own, 1/1, Sting kills it.
    let init = "[PLAYER1]\ninplay:Vampiric Sliver,Pinger Sliver\nhand:Sting\nmanapool:{R}\n[PLAYER2]\n";
    let expected = "FIRSTMAIN\n[PLAYER1]\ninplay:Vampiric Sliver\ngraveyard:Sting,Pinger Sliver\n[PLAYER2]\n";
    assert_eq!(verdict(init, "Sting\nPinger Sliver\n", expected), Verdict::Passed);
}

#[test]
fn a_vampired_spec_with_a_zone_is_refused() {
    let card = "auto=@vampired(creature|graveyard) from(this):draw:1\ntype=Creature\npower=1\ntoughness=1";
    assert_eq!(error_of(card).as_deref(), Some("unsupported: `@vampired(spec)` with a zone"));
}
