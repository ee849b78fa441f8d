//! Buyback as a move of a game, on a board set up by hand: the cast with buyback is
//! offered when its whole cost can be paid, pays it, and the spell returns to its
//! owner's hand as it resolves; countered, it goes to the graveyard.

use super::moves::Move;
use super::test_support::{begin_first_main, new_game, texts};
use super::*;
use crate::table::STACK;

const CARDS: &str = "[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Whispers\nauto=draw:1\nbuyback={U}{2}\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Flames\ntarget=player\nauto=damage:X\nbuyback={X}{3}{U}\nmana={X}{U}\ntype=Sorcery\n[/card]\n";

/// A game in p0's first main phase: `lands` Islands on p0's battlefield and `hand` in
/// p0's hand, a library of Islands for each.
fn board(lands: usize, hand: &[&str]) -> (Game<'static>, Vec<CardId>) {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    for _ in 0..lands {
        game.table.add_card("Island", P0, BATTLEFIELD, -1).expect("a card");
    }
    for player in [P0, P1] {
        for _ in 0..5 {
            game.table.add_card("Island", player, LIBRARY, -1).expect("a card");
        }
    }
    let cards = hand.iter().map(|name| game.table.add_card(name, P0, HAND, -1).expect("a card")).collect();
    begin_first_main(&mut game);
    (game, cards)
}

#[test]
fn a_spell_cast_with_buyback_returns_to_its_owners_hand_as_it_resolves() {
    let (mut game, cards) = board(3, &["Whispers"]);
    let whispers = cards[0];
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(whispers)) && moves.contains(&Move::CastBuyback(whispers)), "{moves:?}");
    game.play_move(Move::CastBuyback(whispers)).expect("cast");
    let table = &game.table.board;
    let tapped = table.zone(P0, BATTLEFIELD).iter().filter(|land| table.get(**land).is_some_and(|c| c.tapped)).count();
    assert_eq!(tapped, 3, "{{U}}{{2}} taps the three Islands");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.get(whispers).map(|c| c.zone), Some(HAND), "{:?}", texts(&game));
    assert_eq!(game.table.board.names(P0, HAND).len(), 2, "it drew a card");
    let log = texts(&game);
    assert!(log.contains(&"p0 casts Whispers with buyback".to_string()), "{log:?}");
    assert!(log.contains(&"Whispers returns to p0's hand".to_string()), "{log:?}");
    assert!(game.table.board.bought_back.is_empty());
    // Cast without buyback it goes to the graveyard.
    let (mut game, cards) = board(3, &["Whispers"]);
    game.play_move(Move::Cast(cards[0])).expect("cast");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(GRAVEYARD));
    // Two Islands pay {U} but not {U}{2}: the cast only.
    let (mut game, cards) = board(2, &["Whispers"]);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(cards[0])) && !moves.contains(&Move::CastBuyback(cards[0])), "{moves:?}");
}

#[test]
fn a_countered_spell_cast_with_buyback_goes_to_the_graveyard() {
    let (mut game, cards) = board(3, &["Whispers"]);
    game.play_move(Move::CastBuyback(cards[0])).expect("cast");
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(STACK));
    // Countered: put into its owner's graveyard from the stack, it stays there.
    game.table.board.place(cards[0], P0, GRAVEYARD, -1);
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(GRAVEYARD));
    assert!(game.table.board.bought_back.is_empty(), "no longer a spell cast with buyback");
}

#[test]
fn an_x_spell_with_buyback_pays_its_buyback_and_x_with_the_mana_left() {
    let (mut game, cards) = board(6, &["Flames"]);
    let flames = cards[0];
    assert!(game.legal_moves(P0).expect("moves").contains(&Move::CastBuyback(flames)));
    game.play_move(Move::CastBuyback(flames)).expect("cast");
    while !game.stack.is_empty() {
        game.resolve_top().expect("resolves");
    }
    // {3}{U} of the six Islands, X = 2.
    let log = texts(&game);
    assert!(log.iter().any(|line| line.starts_with("p0 casts Flames with X = 2 with buyback")), "{log:?}");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 2, "{log:?}");
    assert_eq!(game.table.board.get(flames).map(|c| c.zone), Some(HAND), "{log:?}");
}
