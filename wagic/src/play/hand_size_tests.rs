//! The hand size the cleanup step discards down to (`hand_size.rs`): 7, changed by
//! `hmodifer:n` while its permanent is on the battlefield, never below 0, and no maximum
//! beside a permanent with `nomaxhand`.

use super::test_support::{first_main_with, mark_seen};
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Scrollkeeper\nabilities=defender\nauto=hmodifer:1 controller\nmana={1}{U}\ntype=Creature\n\
power=1\ntoughness=3\n[/card]\n\
[card]\nname=Gnat Miser\nauto=hmodifer:-1 opponent\nmana={B}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Jin-Gitaxias\nauto=hmodifer:-7 opponent\nmana={8}\ntype=Creature\npower=5\ntoughness=4\n[/card]\n\
[card]\nname=Reliquary Tower\nabilities=nomaxhand\ntype=Land\n[/card]\n";

/// p0 in the cleanup step with ten Bears in hand, `p0_permanent` and `p1_permanent` on
/// their controllers' battlefields: how many cards p0 keeps, and p0's hand limit.
fn kept(p0_permanent: &str, p1_permanent: &str) -> (usize, Option<usize>) {
    let (mut game, _) = first_main_with(CARDS, &[], p0_permanent, P0, BATTLEFIELD);
    game.table.add_card(p1_permanent, P1, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    for _ in 0..10 {
        game.table.add_card("Bear", P0, HAND, -1).expect("a card");
    }
    mark_seen(&mut game);
    let limit = hand_limit(&game.table.board, P0);
    game.phase = Phase::Cleanup;
    game.cleanup().expect("cleans up");
    (game.table.board.zone(P0, HAND).len(), limit)
}

#[test]
fn the_cleanup_step_keeps_seven_cards_without_a_change() {
    assert_eq!(kept("Mountain", "Mountain"), (MAX_HAND, Some(7)));
}

#[test]
fn hmodifer_raises_its_controllers_hand_size_and_lowers_the_opponents() {
    // Minamo Scrollkeeper: "Your maximum hand size is increased by one."
    assert_eq!(kept("Scrollkeeper", "Mountain"), (8, Some(8)));
    // Gnat Miser: "Each opponent's maximum hand size is reduced by one."
    assert_eq!(kept("Mountain", "Gnat Miser"), (6, Some(6)));
    assert_eq!(kept("Scrollkeeper", "Gnat Miser"), (7, Some(7)));
    // Its own controller's hand is not the one it lowers.
    assert_eq!(kept("Gnat Miser", "Mountain"), (7, Some(7)));
}

#[test]
fn a_hand_size_reduced_past_zero_is_zero() {
    // Jin-Gitaxias, Core Augur's -7 with a Gnat Miser's -1: no card kept, none owed.
    let (mut game, _) = first_main_with(CARDS, &[], "Mountain", P0, BATTLEFIELD);
    for name in ["Jin-Gitaxias", "Gnat Miser"] {
        game.table.add_card(name, P1, BATTLEFIELD, -1).expect("a card");
    }
    game.settle().expect("settles");
    assert_eq!(hand_limit(&game.table.board, P0), Some(0));
}

#[test]
fn reliquary_tower_lifts_the_maximum_and_leaving_brings_it_back() {
    assert_eq!(kept("Reliquary Tower", "Gnat Miser"), (10, None));
    let (mut game, tower) = first_main_with(CARDS, &[], "Reliquary Tower", P0, BATTLEFIELD);
    game.settle().expect("settles");
    assert_eq!(hand_limit(&game.table.board, P0), None);
    assert_eq!(hand_limit(&game.table.board, P1), Some(7), "the Tower is its controller's alone");
    game.table.board.place(tower, P0, GRAVEYARD, -1);
    game.settle().expect("settles");
    assert_eq!(hand_limit(&game.table.board, P0), Some(7));
}
