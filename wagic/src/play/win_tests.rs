//! A game won by a card's `wingame`, and what keeps a player from losing or winning:
//! Felidar Sovereign's upkeep at 40 life, Platinum Angel's `cantlose`, Abyssal Persecutor's
//! `cantwin` (hand-written cards after their printed text).

use super::test_support::{begin_first_main, new_game};
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Sovereign\nauto=@each my upkeep:this(controllerlife > 39) wingame\n\
text=At the beginning of your upkeep, if you have 40 or more life, you win the game.\n\
type=Creature\npower=4\ntoughness=6\n[/card]\n\
[card]\nname=Angel\nabilities=cantlose\ntext=You can't lose the game and your opponents can't win the game.\n\
type=Artifact Creature\npower=4\ntoughness=4\n[/card]\n\
[card]\nname=Persecutor\nabilities=cantwin\ntext=You can't win the game and your opponents can't lose the game.\n\
type=Creature\npower=6\ntoughness=6\n[/card]\n";

/// p0's first main phase with `p0` and `p1` on their battlefields and libraries of
/// Mountains; p0 at `life`.
fn set_up(p0: &[&str], p1: &[&str], life: i32) -> Game<'static> {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    for (player, cards) in [(P0, p0), (P1, p1)] {
        for _ in 0..10 {
            game.table.add_card("Mountain", player, LIBRARY, -1).expect("a card");
        }
        for card in cards {
            game.table.add_card(card, player, BATTLEFIELD, -1).expect("a card");
        }
    }
    game.table.board.players[0].life = life;
    begin_first_main(&mut game);
    game
}

/// Plays turns until one ends the game, at most `count`.
fn play_turns(game: &mut Game<'_>, count: u32) -> Flow {
    for _ in 0..count {
        game.turn += 1;
        game.play_turn()?;
    }
    Ok(())
}

#[test]
fn felidar_sovereign_wins_at_its_controllers_upkeep_with_40_life() {
    let mut game = set_up(&["Sovereign"], &[], 40);
    let Err(Outcome::Won { winner, reason }) = play_turns(&mut game, 4) else { panic!("no win") };
    assert_eq!((winner, reason.as_str()), (P0, "p0 wins the game by Sovereign"));
    assert_eq!(game.table.board.lost_to[1].map(|card| game.name(card)).as_deref(), Some("Sovereign"));
    // At 39 life, nothing.
    let mut game = set_up(&["Sovereign"], &[], 39);
    assert!(play_turns(&mut game, 4).is_ok());
}

#[test]
fn platinum_angel_keeps_its_opponent_from_winning_and_its_controller_from_losing() {
    let mut game = set_up(&["Sovereign"], &["Angel"], 40);
    assert!(play_turns(&mut game, 4).is_ok(), "the Sovereign's controller cannot win");
    assert_eq!(game.table.board.lost_to, [None, None]);
    // At 0 life, the Angel's controller does not lose; without it, they would.
    let mut game = set_up(&[], &["Angel"], 20);
    game.table.board.players[1].life = 0;
    assert!(game.check_losses().is_ok());
    game.table.board.players[0].life = 0;
    assert!(matches!(game.check_losses(), Err(Outcome::Won { winner: P1, .. })));
}

#[test]
fn abyssal_persecutors_opponent_cannot_lose() {
    let mut game = set_up(&["Persecutor"], &[], 20);
    game.table.board.players[1].life = -3;
    assert!(game.check_losses().is_ok());
    let mut game = set_up(&[], &[], 20);
    game.table.board.players[1].life = -3;
    assert!(matches!(game.check_losses(), Err(Outcome::Won { winner: P0, .. })));
}
