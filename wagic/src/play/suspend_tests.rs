//! Suspend as a move of a game, on a board set up by hand: the card exiled with its time
//! counters for its suspend cost, a counter removed at each of its owner's upkeeps, and
//! the card cast without paying its mana cost when the last is (a creature with haste, a
//! spell with no legal target left in exile).

use super::moves::Move;
use super::test_support::{begin_first_main, new_game, texts};
use super::*;
use crate::table::{STACK, TIME};

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Bolt\nauto=damage:3 opponent\nmana={2}{R}\nsuspend(1)={r}\ntype=Sorcery\n[/card]\n\
[card]\nname=Meteor\nauto=damage:13 target(creature)\nmana={3}{R}{R}\nsuspend(2)={1}{r}\ntype=Sorcery\n[/card]\n\
[card]\nname=Halberdier\nmana={4}{R}\nsuspend(2)={r}\ntype=Creature\npower=4\ntoughness=1\n[/card]\n\
[card]\nname=Vision\nauto=draw:3 controller\nmana={0}\nrestriction=turn:200\nsuspend(1)={r}\ntype=Sorcery\n[/card]\n";

/// A game in p0's first main phase: `lands` Mountains on p0's battlefield and `hand` in
/// p0's hand, a library of Mountains for each.
fn board(lands: usize, hand: &[&str]) -> (Game<'static>, Vec<CardId>) {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    for _ in 0..lands {
        game.table.add_card("Mountain", P0, BATTLEFIELD, -1).expect("a card");
    }
    for player in [P0, P1] {
        for _ in 0..5 {
            game.table.add_card("Mountain", player, LIBRARY, -1).expect("a card");
        }
    }
    let cards = hand.iter().map(|name| game.table.add_card(name, P0, HAND, -1).expect("a card")).collect();
    begin_first_main(&mut game);
    (game, cards)
}

fn time_counters(game: &Game<'_>, card: CardId) -> i32 {
    game.table.board.get(card).map_or(0, |c| c.named.count(TIME))
}

#[test]
fn a_suspended_sorcery_is_cast_for_free_when_its_last_time_counter_is_removed() {
    let (mut game, cards) = board(1, &["Bolt"]);
    let bolt = cards[0];
    let moves = game.legal_moves(P0).expect("moves");
    // {2}{R} is not paid by one Mountain, {R} is.
    assert!(!moves.contains(&Move::Cast(bolt)) && moves.contains(&Move::Suspend(bolt)), "{moves:?}");
    game.play_move(Move::Suspend(bolt)).expect("suspends");
    assert_eq!(game.table.board.get(bolt).map(|c| c.zone), Some(EXILE));
    assert_eq!(time_counters(&game, bolt), 1);
    assert!(texts(&game).contains(&"p0 suspends Bolt (1 time counter)".to_string()), "{:?}", texts(&game));
    // Not p1's upkeep: its owner's only.
    game.upkeep_suspended(P1).expect("upkeep");
    assert_eq!(time_counters(&game, bolt), 1);
    game.upkeep_suspended(P0).expect("upkeep");
    assert_eq!(game.table.board.get(bolt).map(|c| c.zone), Some(STACK), "{:?}", texts(&game));
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 3);
    assert_eq!(game.table.board.get(bolt).map(|c| c.zone), Some(GRAVEYARD));
    let log = texts(&game);
    assert!(log.contains(&"a time counter is removed from Bolt (0 left)".to_string()), "{log:?}");
    assert!(log.contains(&"p0 casts Bolt without paying its mana cost".to_string()), "{log:?}");
    assert!(game.table.board.suspended.is_empty());
}

#[test]
fn a_creature_cast_by_suspend_has_haste() {
    let (mut game, cards) = board(1, &["Halberdier"]);
    let halberdier = cards[0];
    game.play_move(Move::Suspend(halberdier)).expect("suspends");
    game.upkeep_suspended(P0).expect("upkeep");
    assert_eq!(time_counters(&game, halberdier), 1);
    game.upkeep_suspended(P0).expect("upkeep");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.get(halberdier).map(|c| c.zone), Some(BATTLEFIELD), "{:?}", texts(&game));
    assert!(game.entered.contains(&halberdier) && game.table.board.has_ability(halberdier, "haste"));
    // Once it leaves the battlefield it is a new object, without that haste.
    game.table.board.place(halberdier, P0, HAND, -1);
    assert!(!game.table.board.has_ability(halberdier, "haste"));
}

#[test]
fn a_spell_cast_by_suspend_with_no_legal_target_stays_exiled() {
    let (mut game, cards) = board(2, &["Meteor"]);
    let meteor = cards[0];
    game.play_move(Move::Suspend(meteor)).expect("suspends");
    game.upkeep_suspended(P0).expect("upkeep");
    game.upkeep_suspended(P0).expect("upkeep");
    assert_eq!(game.table.board.get(meteor).map(|c| c.zone), Some(EXILE), "{:?}", texts(&game));
    assert!(texts(&game).contains(&"Meteor cannot be cast: it stays exiled".to_string()));
}

#[test]
fn a_card_whose_restriction_forbids_its_cast_is_still_suspended() {
    let (mut game, cards) = board(1, &["Vision"]);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(!moves.contains(&Move::Cast(cards[0])) && moves.contains(&Move::Suspend(cards[0])), "{moves:?}");
    // Not at instant speed: p1's turn, or with something on the stack.
    game.table.board.active = P1;
    assert!(!game.legal_moves(P0).expect("moves").contains(&Move::Suspend(cards[0])));
}
