//! A permanent that loses its abilities stops its own continuous effects (a lord's pump,
//! Urborg's "each land is a Swamp") for as long as it has lost them, whichever entered
//! first, and has them again as the losing effect ends; each checked on the table.

use vm::runtime::{CardId, Value};

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};

/// The hand-made cards of these tests.
const CARDS: &str = "[card]\nname=Paladin\nmana={1}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Crusader\nauto=lord(creature[white]) 1/1\nmana={W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Silence\ntarget=enchantment\nauto=ueot loseabilities\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Muzzle\nauto=lord(other enchantment) loseabilities\nmana={2}{U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Sheepify\ntarget=creature\nauto=ueot loseabilities\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Brute\nauto={T}:2/2 ueot\nmana={2}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Glider\nauto=flying\nmana={1}{U}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

/// The Paladin's power and toughness.
fn size(table: &Table, paladin: CardId) -> (i32, i32) {
    (table.board.power(paladin), table.board.toughness(paladin))
}

#[test]
fn a_lord_silenced_until_end_of_turn_pumps_again_the_next_turn() {
    let mut table = Table::with_cards(CARDS);
    let crusader = table.put("Crusader", P0, BATTLEFIELD);
    let paladin = table.put("Paladin", P0, BATTLEFIELD);
    assert_eq!(size(&table, paladin), (3, 3));
    let silence = table.put("Silence", P1, HAND);
    table.answers.push(vec![Value::Card(crusader)]);
    table.cast(silence, P1);
    assert!(table.board.lost_abilities(crusader));
    assert_eq!(size(&table, paladin), (2, 2));
    // The turn ends: the Crusader has its abilities back, and its lord's line pumps again.
    table.end_turn(P0);
    assert!(!table.board.lost_abilities(crusader));
    assert_eq!(size(&table, paladin), (3, 3));
}

#[test]
fn a_lord_silenced_by_a_permanent_entered_before_or_after_it_pumps_only_once_it_leaves() {
    let mut table = Table::with_cards(CARDS);
    table.put("Crusader", P0, BATTLEFIELD);
    let paladin = table.put("Paladin", P0, BATTLEFIELD);
    assert_eq!(size(&table, paladin), (3, 3));
    // Muzzle's line runs after the Crusader's, which it silences: no pump left.
    let muzzle = table.put("Muzzle", P1, BATTLEFIELD);
    assert_eq!(size(&table, paladin), (2, 2));
    // Muzzle gone, the Crusader pumps again.
    table.board.place(muzzle, P1, GRAVEYARD, -1);
    table.settle();
    assert_eq!(size(&table, paladin), (3, 3));
    // A Crusader entering under Muzzle pumps nothing either.
    let mut table = Table::with_cards(CARDS);
    table.put("Muzzle", P1, BATTLEFIELD);
    let paladin = table.put("Paladin", P0, BATTLEFIELD);
    let crusader = table.put("Crusader", P0, BATTLEFIELD);
    assert!(table.board.lost_abilities(crusader));
    assert_eq!(size(&table, paladin), (2, 2));
}

/// What an ability of the card did as it resolved is no ability of the card (Magic's rule
/// 613): a pump it gave itself until end of turn stays after it lost its abilities.
#[test]
fn a_pump_the_creature_gave_itself_stays_after_it_lost_its_abilities() {
    let mut table = Table::with_cards(CARDS);
    let brute = table.put("Brute", P0, BATTLEFIELD);
    assert!(table.activate(brute, P0));
    assert_eq!(size(&table, brute), (4, 4));
    let sheepify = table.put("Sheepify", P1, HAND);
    table.answers.push(vec![Value::Card(brute)]);
    table.cast(sheepify, P1);
    assert!(table.board.lost_abilities(brute));
    assert_eq!(size(&table, brute), (4, 4));
}

/// The land subtypes of `card`, sorted.
fn land_types(table: &Table, card: CardId) -> Vec<String> {
    const LAND_TYPES: [&str; 5] = ["forest", "island", "mountain", "plains", "swamp"];
    let mut types: Vec<String> = table
        .board
        .types(card)
        .into_iter()
        .map(str::to_ascii_lowercase)
        .filter(|word| LAND_TYPES.contains(&word.as_str()))
        .collect();
    types.sort();
    types.dedup();
    types
}

/// Blood Moon makes Urborg a Mountain without abilities: its "each land is a Swamp" ends
/// (Magic's ruling, and Wagic's `ALoseAbilities` taking Urborg's `ALord` out of the game),
/// whichever of the two entered first; with Blood Moon gone every land is a Swamp again.
#[test]
fn blood_moon_ends_urborgs_swamps_whichever_entered_first() {
    for moon_first in [false, true] {
        let Some(mut table) = Table::new() else { return };
        let moon = moon_first.then(|| table.put("Blood Moon", P1, BATTLEFIELD));
        let urborg = table.put("Urborg, Tomb of Yawgmoth", P0, BATTLEFIELD);
        let forest = table.put("Forest", P0, BATTLEFIELD);
        let savannah = table.put("Savannah", P1, BATTLEFIELD);
        let before = [land_types(&table, urborg), land_types(&table, forest), land_types(&table, savannah)];
        let moon = moon.unwrap_or_else(|| {
            assert_eq!(before, [vec!["swamp"], vec!["forest", "swamp"], vec!["forest", "plains", "swamp"]]);
            table.put("Blood Moon", P1, BATTLEFIELD)
        });
        assert!(table.board.lost_abilities(urborg));
        assert_eq!(land_types(&table, urborg), ["mountain"], "Blood Moon first: {moon_first}");
        assert_eq!(land_types(&table, forest), ["forest"], "Blood Moon first: {moon_first}");
        assert_eq!(land_types(&table, savannah), ["mountain"], "Blood Moon first: {moon_first}");
        table.board.place(moon, P1, GRAVEYARD, -1);
        table.settle();
        assert_eq!(land_types(&table, urborg), ["swamp"]);
        assert_eq!(land_types(&table, forest), ["forest", "swamp"]);
        assert_eq!(land_types(&table, savannah), ["forest", "plains", "swamp"]);
    }
}

/// Not modelled: a permanent's own static line recorded once as it entered (`auto=flying`,
/// not a continuous auto) would stay after it lost its abilities; the table says so.
#[test]
fn a_static_line_recorded_as_the_permanent_entered_is_refused_once_it_lost_its_abilities() {
    let mut table = Table::with_cards(CARDS);
    let glider = table.put("Glider", P0, BATTLEFIELD);
    let sheepify = table.put("Sheepify", P1, HAND);
    table.answers.push(vec![Value::Card(glider)]);
    let error = table.try_cast(sheepify, P1).expect_err("not modelled");
    assert_eq!(
        error.to_string(),
        "not modelled: a lasting effect of a permanent's own line recorded as it entered (`auto=flying`, \
         `auto=1/1`), kept after the permanent lost its abilities"
    );
}
