//! Extra and skipped turns in the play loop: the turn after an extra turn's card resolves
//! is its caster's again, and a skipped turn is the other player's.

use super::test_support::{begin_first_main, new_game};
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n";

/// Who began each turn the log shows (turn 1, set up by hand, is not logged).
fn turn_players(game: &Game<'_>) -> Vec<u32> {
    game.log
        .iter()
        .filter_map(|entry| match entry {
            Entry::TurnStart { player, .. } => Some(player.0),
            _ => None,
        })
        .collect()
}

fn game() -> Game<'static> {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    for player in [P0, P1] {
        for _ in 0..10 {
            game.table.add_card("Mountain", player, LIBRARY, -1).expect("a card");
        }
    }
    begin_first_main(&mut game);
    game
}

fn play_turns(game: &mut Game<'_>, count: u32) {
    for _ in 0..count {
        game.turn += 1;
        game.play_turn().expect("a turn");
    }
}

#[test]
fn an_extra_turn_is_taken_right_after_the_turn_it_was_given_in() {
    let mut game = game();
    game.table.board.add_turns(P0, 1);
    play_turns(&mut game, 3);
    // p0's turn 1 (set up, not logged) ends: p0 again, then p1, then p0.
    assert_eq!(turn_players(&game), [0, 1, 0]);
}

#[test]
fn a_skipped_turn_goes_to_the_other_player() {
    let mut game = game();
    game.table.board.add_turns(P1, -1);
    play_turns(&mut game, 3);
    // p0's turn 1 ends: p1's turn is skipped, p0 again, then p1, then p0.
    assert_eq!(turn_players(&game), [0, 1, 0]);
}
