//! `moverandom(spec) from(zone) to(zone)`: one card of the spec in the `from` zone, drawn
//! at random, put into the `to` zone (Ghoulraiser, Fossil Find, Tariel).

use std::collections::BTreeSet;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

const CARDS: &str = "[card]\nname=Ghoulraiser\nauto=moverandom(zombie) from(mygraveyard) to(myhand)\n\
mana={1}{B}{B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Fossil Find\nauto=moverandom(*) from(mygraveyard) to(myhand)\nmana={R/G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Tariel\nauto={T}:moverandom(creature) from(opponentgraveyard) to(mybattlefield)\nmana={4}{R}{W}{B}\n\
type=Creature\npower=4\ntoughness=7\n[/card]\n\
[card]\nname=Zombie\nmana={B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n";

#[test]
fn moverandom_is_one_card_of_the_spec_drawn_from_the_zone() {
    assert_eq!(
        ir_of("auto=moverandom(*) from(mygraveyard) to(myhand)\ntype=Sorcery"),
        ["action[0]: - moverandom ueot"]
    );
    // Moldgraf Monstrosity's second part names no destination.
    assert_eq!(
        error_of("auto=moverandom(creature) from(mygraveyard)\ntype=Sorcery").as_deref(),
        Some("unsupported: `moverandom` other than `moverandom(spec) from(zone) to(zone)`")
    );
}

#[test]
fn ghoulraiser_returns_a_zombie_and_never_another_card() {
    // "When Ghoulraiser enters the battlefield, return a Zombie card at random from your
    // graveyard to your hand."
    let mut table = Table::with_cards(CARDS);
    for name in ["Bear", "Zombie", "Swamp", "Bear"] {
        table.put(name, P0, GRAVEYARD);
    }
    table.put("Ghoulraiser", P0, BATTLEFIELD);
    table.settle();
    assert_eq!(table.board.names(P0, HAND), ["Zombie"]);
    assert_eq!(table.board.names(P0, GRAVEYARD), ["Bear", "Swamp", "Bear"]);
}

#[test]
fn fossil_find_returns_one_card_and_the_draws_vary_with_the_seed() {
    // "Return a card at random from your graveyard to your hand."
    let mut returned = BTreeSet::new();
    for seed in 0..24 {
        let mut table = Table::with_cards(CARDS);
        table.board.reseed(seed);
        for name in ["Bear", "Zombie", "Swamp"] {
            table.put(name, P0, GRAVEYARD);
        }
        let find = table.put("Fossil Find", P0, HAND);
        table.cast(find, P0);
        let hand = table.board.names(P0, HAND);
        assert_eq!(hand.len(), 1, "{hand:?}");
        assert_eq!(table.board.zone(P0, GRAVEYARD).len(), 3, "the other two and the Find");
        returned.extend(hand);
    }
    assert_eq!(returned.len(), 3, "each card is drawn for some seed: {returned:?}");
}

#[test]
fn tariel_puts_an_opponents_creature_onto_its_controllers_battlefield() {
    let mut table = Table::with_cards(CARDS);
    table.put("Swamp", P1, GRAVEYARD);
    let bear = table.put("Bear", P1, GRAVEYARD);
    let tariel = table.put("Tariel", P0, BATTLEFIELD);
    assert!(table.activate(tariel, P0));
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Tariel", "Bear"]);
    assert_eq!(table.board.get(bear).map(|card| (card.controller, card.owner)), Some((P0, P1)));
    // The spec's creature only: the Swamp stays, and with no creature left nothing moves.
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Swamp"]);
    table.board.cards[tariel.0 as usize].tapped = false;
    table.activate(tariel, P0);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Swamp"]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Tariel", "Bear"]);
}
