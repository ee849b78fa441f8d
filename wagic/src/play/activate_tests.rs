//! Activating an ability taps the lands its mana cost needs, not every untapped land
//! (`activate_mana.rs`), on a board set up by hand.

use super::activate_mana::line_mana;
use super::moves::Move;
use super::test_support::first_main_with;
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Sedge Troll\nauto={B}:regenerate\nmana={2}{R}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Furnace Imp\nauto={1}{R}:1/0\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Grove Imp\nauto={RB}:1/0\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Slasher\nauto={B}{S(creature|mybattlefield)}:draw:1 controller asSorcery\nmana={B}\ntype=Artifact\n[/card]\n";

/// p0's first main phase with `lands` on its battlefield, `creature` among them (not
/// summoning sick); the creature's id.
fn board(lands: &[&str], creature: &str) -> (Game<'static>, CardId) {
    first_main_with(CARDS, lands, creature, P0, BATTLEFIELD)
}

/// The names of p0's tapped lands.
fn tapped(game: &Game<'_>) -> Vec<String> {
    let board = &game.table.board;
    board
        .zone(P0, BATTLEFIELD)
        .into_iter()
        .filter(|card| board.get(*card).is_some_and(|c| c.tapped))
        .map(|card| game.name(card))
        .collect()
}

#[test]
fn an_ability_taps_only_the_lands_its_cost_needs() {
    // Sedge Troll's {B} with two Mountains and two Swamps: one Swamp.
    let (mut game, troll) = board(&["Mountain", "Mountain", "Swamp", "Swamp"], "Sedge Troll");
    let activate = Move::Activate { card: troll, index: 0, tap_lands: true, x: None };
    assert!(game.legal_moves(P0).expect("moves").contains(&activate));
    game.play_move(activate).expect("activates");
    assert_eq!(tapped(&game), ["Swamp"]);
    // {1}{R} with three Mountains and a Swamp: {R}, then the generic, from the
    // Mountains in battlefield order; two lands in all.
    let (mut game, imp) = board(&["Mountain", "Mountain", "Mountain", "Swamp"], "Furnace Imp");
    game.play_move(Move::Activate { card: imp, index: 0, tap_lands: true, x: None }).expect("activates");
    assert_eq!(tapped(&game), ["Mountain", "Mountain"]);
    assert_eq!(game.table.board.power(imp), 2, "the pump resolved");
    // The Mountain and the Swamp left still pay a second pump.
    let again = Move::Activate { card: imp, index: 0, tap_lands: true, x: None };
    assert!(game.legal_moves(P0).expect("moves").contains(&again));
}

#[test]
fn a_hybrid_ability_taps_one_land_of_either_colour() {
    // {RB} with a Swamp and two Mountains: one land, each time.
    let (mut game, imp) = board(&["Swamp", "Mountain", "Mountain"], "Grove Imp");
    for pumps in 1..=3 {
        let activate = Move::Activate { card: imp, index: 0, tap_lands: true, x: None };
        assert!(game.legal_moves(P0).expect("moves").contains(&activate), "pump {pumps}");
        game.play_move(activate).expect("activates");
        assert_eq!(tapped(&game).len(), pumps);
        assert_eq!(game.table.board.power(imp), 1 + pumps as i32);
    }
}

#[test]
fn an_activated_lines_mana_is_its_cost_less_tap_and_sacrifice() {
    assert_eq!(line_mana("{B}:regenerate"), Some(vec![[0, 0, 1, 0, 0, 0]]));
    assert_eq!(line_mana("{2}{R}{T}:damage:1 target(creature)"), Some(vec![[0, 0, 0, 1, 0, 2]]));
    assert_eq!(line_mana("{S}:draw:1"), Some(vec![[0; 6]]));
    assert_eq!(line_mana("{RG}:1/1"), Some(vec![[0, 0, 0, 1, 0, 0], [0, 0, 0, 0, 1, 0]]));
    assert_eq!(line_mana("{C(0/0,1,Loyalty)}:life:2 controller"), Some(vec![[0; 6]]));
    assert_eq!(line_mana("{1}{S(creature|mybattlefield)}:draw:1"), Some(vec![[0, 0, 0, 0, 0, 1]]));
    // The X is the X chosen (`x_moves.rs`): the rest is the line's mana.
    assert_eq!(line_mana("{X}{R}:damage:X"), Some(vec![[0, 0, 0, 1, 0, 0]]));
    assert_eq!(line_mana("{X:white}{T}:life:X controller"), Some(vec![[0; 6]]));
    // No cost first, or a symbol not read here: no plan (every land is tapped).
    assert_eq!(line_mana("__CYCLING__({1})"), None);
    assert_eq!(line_mana("{B"), None);
}

#[test]
fn an_ability_limited_to_sorcery_time_is_offered_only_then_whatever_its_costs_ask() {
    // Mind Slash's shape: a cost that asks which creature to sacrifice, then `asSorcery`.
    // It was offered in an upkeep (the question taken as payable), and did nothing there.
    let (mut game, slasher) = board(&["Swamp"], "Slasher");
    game.table.add_card("Furnace Imp", P0, BATTLEFIELD, -1).expect("a card");
    game.table.add_card("Sedge Troll", P0, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    let offered = |game: &mut Game<'_>| {
        let moves = game.legal_moves(P0).expect("moves");
        moves.iter().any(|m| matches!(m, Move::Activate { card, .. } if *card == slasher))
    };
    assert!(offered(&mut game));
    game.phase = Phase::Upkeep;
    game.table.board.main_phase = false;
    assert!(!offered(&mut game));
}
