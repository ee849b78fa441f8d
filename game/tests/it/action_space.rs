//! The fixed action space covers every legal move: each has an index that maps back to it,
//! also with hands longer than the old bound of 32, and positions past `MAX_HAND` are never
//! offered.

use crate::support;

use std::sync::Arc;

use game::testing::card;
use game::{CardKind, CardSet, DefIdx, Game, Move, Setup};

const GUARD: DefIdx = 0;
const SPARK: DefIdx = 1;

/// A character with no ability and an action that draws a card.
fn set() -> Arc<CardSet> {
    let guard = card("x-guard", "X001", "Guard", CardKind::Character, 700, 0);
    let mut spark = card("x-spark", "X002", "Spark", CardKind::Action, 0, 0);
    spark.rules_file = Some("X002.rules".to_owned());
    let sources = [("X002.rules".to_owned(), "action = draw(1)\n".to_owned())];
    Arc::new(CardSet::from_parts(vec![guard, spark], &sources).expect("the test cards compile"))
}

/// A Main phase where player 0 holds `hand` cards, characters and actions alternating.
fn game_with_hand(hand: usize, seed: u64) -> Game {
    let mut setup = Setup { seed, ..Setup::default() };
    for player in &mut setup.players {
        player.deck = vec![GUARD; 60];
        player.hand = (0..hand).map(|i| if i % 2 == 0 { GUARD } else { SPARK }).collect();
    }
    Game::from_setup(set(), &setup).expect("the board is valid")
}

#[test]
fn hand_positions_past_thirty_two_have_indices() {
    let game = game_with_hand(40, 0);
    let moves = game.legal_moves();
    assert!(moves.contains(&Move::PlayCharacter { hand: 38, slot: 3 }), "{moves:?}");
    assert!(moves.contains(&Move::PlayCard { hand: 39 }), "{moves:?}");
    support::assert_every_move_has_an_index(&game, &moves);
}

#[test]
fn hand_positions_past_max_hand_are_not_offered() {
    let game = game_with_hand(150, 0);
    let moves = game.legal_moves();
    assert!(moves.contains(&Move::PlayCard { hand: 99 }), "the last numbered position is offered");
    assert!(!moves.iter().any(|m| matches!(m, Move::PlayCard { hand } if *hand >= 100)), "{moves:?}");
    support::assert_every_move_has_an_index(&game, &moves);
}

#[test]
fn random_games_with_long_hands_only_make_indexed_moves() {
    // `play_randomly` checks every legal move's index before each move.
    for seed in 0..12u64 {
        let mut game = game_with_hand(45, seed);
        game.set_turn_limit(20);
        support::play_randomly(&mut game, seed, 3_000);
    }
}
