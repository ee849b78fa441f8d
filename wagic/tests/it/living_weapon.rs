//! Living weapon (`livingweapontoken(...)`): as the Equipment enters, a 0/0 black Germ
//! token of its controller's with the Equipment attached, so the Germ lives as large as
//! the Equipment makes it; a Germ that dies leaves the Equipment on the battlefield.

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;
use vm::runtime::Value;

const CARDS: &str = "[card]\nname=Flayer Husk\nauto={2}:equip\nauto=1/1\n\
auto=livingweapontoken(Germ,Creature Germ,0/0,black)\nmana={1}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Skinwing\nauto={4}:equip\nauto=2/2\nauto=flying\n\
auto=livingweapontoken(Germ,Creature Germ,0/0,black)\nmana={4}\ntype=Artifact\nsubtype=Equipment\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n";

#[test]
fn living_weapon_is_a_token_with_the_equipment_attached_as_it_enters() {
    assert_eq!(
        ir_of("auto=livingweapontoken(Germ,Creature Germ,0/0,black)\ntype=Artifact\nsubtype=Equipment"),
        ["auto[]: - token"]
    );
    assert_eq!(
        error_of("auto=livingweapontoken(Germ,Creature Germ,0/0,black)\ntype=Creature").as_deref(),
        Some("unsupported: `livingweapontoken` on a card that is not an Equipment")
    );
}

#[test]
fn skinwing_enters_with_a_flying_two_two_germ_of_its_controllers() {
    // "Living weapon (When this Equipment enters the battlefield, put a 0/0 black Germ
    // creature token onto the battlefield, then attach this to it.) Equipped creature gets
    // +2/+2 and has flying."
    let mut table = Table::with_cards(CARDS);
    let skinwing = table.put("Skinwing", P0, BATTLEFIELD);
    table.settle();
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Skinwing", "Germ"]);
    assert!(table.board.names(P1, BATTLEFIELD).is_empty());
    let germ = table.board.get(skinwing).and_then(|card| card.attached).expect("the Skinwing is attached");
    assert_eq!((table.board.power(germ), table.board.toughness(germ)), (2, 2));
    assert!(table.board.has_ability(germ, "flying"));
}

#[test]
fn a_germ_killed_leaves_its_equipment_unattached_on_the_battlefield() {
    let mut table = Table::with_cards(CARDS);
    let husk = table.put("Flayer Husk", P0, BATTLEFIELD);
    table.settle();
    let germ = table.board.get(husk).and_then(|card| card.attached).expect("the Husk is attached");
    assert_eq!((table.board.power(germ), table.board.toughness(germ)), (1, 1));
    let shock = table.put("Shock", P1, HAND);
    table.answers.push(vec![Value::Card(germ)]);
    table.cast(shock, P1);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Flayer Husk"]);
    assert_eq!(table.board.get(husk).and_then(|card| card.attached), None);
    assert!(table.board.names(P0, GRAVEYARD).is_empty(), "a token leaves no card");
}
