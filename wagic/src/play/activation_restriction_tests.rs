//! An activated ability's `restriction{...}` of the turn or the creatures (formidable's
//! `compare(powertotalinplay)~morethan~7`, `raid`, `morbid`) as moves of a game, on
//! boards set up by hand: the ability offered only while its restriction holds, a mana
//! mana ability's too.

use super::moves::Move;
use super::test_support::{first_main_with, mark_seen};
use super::*;

/// Dragon-Scarred Bear's formidable pump ("Activate this ability only if creatures you
/// control have total power 8 or greater"), Bloodsoaked Champion's raid and Skirsdag High
/// Priest's morbid (their effects made simpler), Circle of Elders' formidable mana, a
/// spell of {3} and creatures to count.
const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Scarred Bear\nauto={G}:1/1 restriction{compare(powertotalinplay)~morethan~7}\nmana={2}{G}\ntype=Creature\npower=3\ntoughness=2\n[/card]\n\
[card]\nname=Raider\nauto={G}:life:1 controller restriction{raid}\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Priest\nauto={G}:life:2 controller restriction{morbid}\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Circle\nauto={T}:Add{3} restriction{compare(powertotalinplay)~morethan~7}\nmana={1}{G}\ntype=Creature\npower=0\ntoughness=3\n[/card]\n\
[card]\nname=Giant\nmana={4}{G}\ntype=Creature\npower=4\ntoughness=4\n[/card]\n";

/// Whether p0 is offered the first ability of `card` (with its lands' mana or without).
fn offered(game: &mut Game<'_>, card: CardId) -> bool {
    let moves = game.legal_moves(P0).expect("moves");
    moves.iter().any(|played| matches!(played, Move::Activate { card: activated, index: 0, .. } if *activated == card))
}

/// Puts `count` Giants (4/4) on `player`'s battlefield.
fn giants(game: &mut Game<'_>, player: PlayerId, count: usize) {
    for _ in 0..count {
        game.table.add_card("Giant", player, BATTLEFIELD, -1).expect("a card");
    }
    mark_seen(game);
    game.settle().expect("settles");
}

#[test]
fn formidable_is_offered_once_its_controller_s_creatures_have_total_power_eight() {
    // The Bear (3) and a Giant (4): 7, not more than 7; the opponent's Giants do not count.
    let (mut game, bear) = first_main_with(CARDS, &["Forest"], "Scarred Bear", P0, BATTLEFIELD);
    giants(&mut game, P0, 1);
    giants(&mut game, P1, 2);
    assert!(!offered(&mut game, bear));
    // A second Giant: 11.
    giants(&mut game, P0, 1);
    assert!(offered(&mut game, bear));
    game.play_move(Move::Activate { card: bear, index: 0, tap_lands: true, x: None }).expect("activates");
    assert_eq!(game.table.board.power(bear), 4, "the pump resolved");
}

#[test]
fn raid_and_morbid_are_offered_once_the_turn_saw_an_attack_or_a_death() {
    let (mut game, raider) = first_main_with(CARDS, &["Forest", "Forest"], "Raider", P0, BATTLEFIELD);
    let priest = game.table.add_card("Priest", P0, BATTLEFIELD, -1).expect("a card");
    mark_seen(&mut game);
    game.settle().expect("settles");
    assert!(!offered(&mut game, raider));
    assert!(!offered(&mut game, priest));
    // The opponent's attack is not p0's raid.
    game.table.board.raided[1] = true;
    assert!(!offered(&mut game, raider));
    game.table.board.raided[0] = true;
    assert!(offered(&mut game, raider));
    game.table.board.creature_died = true;
    assert!(offered(&mut game, priest));
}

#[test]
fn a_formidable_mana_ability_is_offered_only_while_it_holds() {
    // Circle's {3} (a move of its own, not a land's mana): not while its creatures' power
    // is 0; with two Giants, 8.
    let (mut game, circle) = first_main_with(CARDS, &[], "Circle", P0, BATTLEFIELD);
    assert!(!offered(&mut game, circle));
    giants(&mut game, P0, 2);
    assert!(offered(&mut game, circle));
    game.play_move(Move::Activate { card: circle, index: 0, tap_lands: false, x: None }).expect("activates");
    assert_eq!(game.table.board.players[0].mana, [0, 0, 0, 0, 0, 3]);
}
