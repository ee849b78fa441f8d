//! `swap` (Wagic's `ASwapPT`): a creature's power and toughness switched until end of turn,
//! after every other change to them. Wagic's own cards (read in place; each test skips
//! when the files are absent) checked against their printed text, and hand-written ones.

use vm::runtime::Value;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// The power and toughness of `card`.
fn pt(table: &Table, card: vm::runtime::CardId) -> (i32, i32) {
    (table.board.power(card), table.board.toughness(card))
}

#[test]
fn swap_lasts_until_end_of_turn_wherever_it_is_written() {
    assert_eq!(ir_of("target=creature\nauto=swap\ntype=Instant"), ["action[0]: - swap ueot"]);
    assert_eq!(ir_of("auto={U}:swap\ntype=Creature\npower=1\ntoughness=3"), ["action[1]: - swap ueot"]);
    // On entering too (Crookclaw Transmuter), not for as long as the card stays.
    assert_eq!(ir_of("auto=swap\ntype=Creature\npower=1\ntoughness=3"), ["auto[]: - swap ueot"]);
    assert_eq!(
        error_of("auto=swap && 1/1\ntype=Creature\npower=1\ntoughness=3").as_deref(),
        Some("unsupported: `swap` beside a lasting effect on entering")
    );
}

#[test]
fn about_face_switches_target_creature_until_end_of_turn() {
    // text=: Switch target creature's power and toughness until end of turn.
    let Some(mut table) = Table::new() else { return };
    let moeba = table.put("Aquamoeba", P1, BATTLEFIELD);
    assert_eq!(pt(&table, moeba), (1, 3));
    let face = table.put("About Face", P0, HAND);
    table.answers.push(vec![Value::Card(moeba)]);
    table.cast(face, P0);
    assert_eq!(pt(&table, moeba), (3, 1));
    table.end_turn(P0);
    assert_eq!(pt(&table, moeba), (1, 3));
}

#[test]
fn a_wall_switched_to_toughness_0_dies() {
    let Some(mut table) = Table::new() else { return };
    let wall = table.put("Wall of Stone", P1, BATTLEFIELD);
    let image = table.put("Twisted Image", P0, HAND);
    let library_card = table.put("Forest", P0, super::board::LIBRARY);
    table.answers.push(vec![Value::Card(wall)]);
    table.cast(image, P0);
    // text=: Switch target creature's power and toughness until end of turn. -- Draw a card.
    assert_eq!(table.board.card(wall).zone, GRAVEYARD, "8/0");
    assert_eq!(table.board.card(library_card).zone, HAND, "the card drawn");
}

#[test]
fn aquamoeba_discards_to_switch_itself_and_twice_switches_back() {
    // text=: Discard a card: Switch Aquamoeba's power and toughness until end of turn.
    let Some(mut table) = Table::new() else { return };
    let moeba = table.put("Aquamoeba", P0, BATTLEFIELD);
    let cards = [table.put("Forest", P0, HAND), table.put("Forest", P0, HAND)];
    table.answers.push(vec![Value::Card(cards[0])]);
    assert!(table.activate(moeba, P0));
    assert_eq!((pt(&table, moeba), table.board.card(cards[0]).zone), ((3, 1), GRAVEYARD));
    table.answers.push(vec![Value::Card(cards[1])]);
    assert!(table.activate(moeba, P0));
    assert_eq!(pt(&table, moeba), (1, 3));
}

#[test]
fn mannichi_switches_each_creature() {
    // text=: {1}{R}: Switch each creature's power and toughness until end of turn.
    let Some(mut table) = Table::new() else { return };
    let mannichi = table.put("Mannichi, the Fevered Dream", P0, BATTLEFIELD);
    let moeba = table.put("Aquamoeba", P1, BATTLEFIELD);
    table.board.players[0].mana = [1, 0, 0, 1, 0, 0];
    assert!(table.activate(mannichi, P0));
    assert_eq!((pt(&table, mannichi), pt(&table, moeba)), ((2, 1), (3, 1)));
}

#[test]
fn crookclaw_transmuter_switches_its_target_as_it_enters() {
    // text=: When Crookclaw Transmuter enters the battlefield, switch target creature's
    // power and toughness until end of turn.
    let Some(mut table) = Table::new() else { return };
    let moeba = table.put("Aquamoeba", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(moeba)]);
    table.put("Crookclaw Transmuter", P0, BATTLEFIELD);
    assert_eq!(pt(&table, moeba), (3, 1));
    table.end_turn(P0);
    assert_eq!(pt(&table, moeba), (1, 3));
}

#[test]
fn a_pump_after_the_switch_adds_to_the_switched_value() {
    // Magic's switch comes after every pump (layer 7d): +3/+0 on a switched 1/3 makes it
    // a 4/3 switched, 3/4, not the 6/1 of a switch taken as the values of the moment.
    let mut table = Table::with_cards(
        "[card]\nname=Turn\ntarget=creature\nauto=swap\nmana={U}\ntype=Instant\n[/card]\n\
         [card]\nname=Strength\ntarget=creature\nauto=3/0\nmana={R}\ntype=Instant\n[/card]\n\
         [card]\nname=Moeba\nmana={1}{U}\ntype=Creature\npower=1\ntoughness=3\n[/card]\n",
    );
    let moeba = table.put("Moeba", P0, BATTLEFIELD);
    for spell in ["Turn", "Strength"] {
        let card = table.put(spell, P0, HAND);
        table.answers.push(vec![Value::Card(moeba)]);
        table.cast(card, P0);
    }
    assert_eq!(pt(&table, moeba), (3, 4));
}
