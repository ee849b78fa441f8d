//! An Aura's `retarget` (Wagic's `AANewTarget`): the Aura leaves the permanent it enchants
//! for its target, at any speed (Stasis Cell's `{3}{U}:retarget target(creature)`, Prison
//! Term's trigger); from the graveyard (Dragon Wings) it stays refused.

use vm::runtime::Value;

use super::board::{BATTLEFIELD, P0, P1, Play, Table};
use super::front::error_of;

const CARDS: &str = "[card]\nname=Stasis Cell\ntarget=creature\nauto=doesnotuntap\n\
auto={3}{U}:retarget target(creature)\nmana={4}{U}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Prison Term\ntarget=creature\nauto=cantattack\nauto=cantblock\n\
auto=@movedto(creature|opponentbattlefield):may all(trigger[to]) retarget\nmana={1}{W}{W}\n\
type=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Ox\nmana={1}{W}\ntype=Creature\npower=2\ntoughness=4\n[/card]\n";

#[test]
fn retarget_on_other_cards_and_off_the_battlefield_is_refused() {
    assert_eq!(
        error_of("auto={1}:retarget target(creature)\ntype=Creature").as_deref(),
        Some("unsupported: `retarget` on a card that is not an Aura")
    );
    assert_eq!(
        error_of(
            "target=creature\nauto=flying\nautograveyard=@movedto(creature[manacost >=6]|mybattlefield):may \
             all(trigger[to]) retarget\ntype=Enchantment\nsubtype=Aura"
        )
        .as_deref(),
        Some("unsupported: `retarget` in an `autograveyard` line (the card off the battlefield)")
    );
}

#[test]
fn stasis_cell_moves_to_the_creature_its_ability_targets() {
    // "{3}{U}: Attach Stasis Cell to target creature."
    let mut table = Table::with_cards(CARDS);
    let bear = table.put("Bear", P1, BATTLEFIELD);
    let ox = table.put("Ox", P1, BATTLEFIELD);
    table.answers.push(vec![Value::Card(bear)]);
    let cell = table.put("Stasis Cell", P0, BATTLEFIELD);
    assert_eq!(table.board.get(cell).and_then(|card| card.attached), Some(bear));
    table.answers.push(vec![Value::Card(ox)]);
    // {3}{U}: one blue and three colourless (W, U, B, R, G, C).
    table.board.players[0].mana = [0, 1, 0, 0, 0, 3];
    assert!(table.activate(cell, P0));
    assert_eq!(table.board.players[0].mana, [0; 6]);
    assert_eq!(table.board.get(cell).and_then(|card| card.attached), Some(ox));
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Stasis Cell"]);
}

#[test]
fn prison_term_may_move_to_a_creature_entering_under_an_opponent() {
    // "Whenever a creature enters the battlefield under an opponent's control, you may
    // attach Prison Term to that creature."
    let mut table = Table::with_cards(CARDS);
    // The one creature: the Aura's own, no question asked.
    let bear = table.put("Bear", P1, BATTLEFIELD);
    let term = table.put("Prison Term", P0, BATTLEFIELD);
    assert_eq!(table.board.get(term).and_then(|card| card.attached), Some(bear));
    table.answers.push(vec![Value::Bool(true)]);
    let ox = table.put("Ox", P1, BATTLEFIELD);
    table.settle();
    assert_eq!(table.board.get(term).and_then(|card| card.attached), Some(ox));
    // Its own controller's creature entering moves it nowhere.
    table.put("Bear", P0, BATTLEFIELD);
    table.settle();
    assert_eq!(table.board.get(term).and_then(|card| card.attached), Some(ox));
}
