//! Morph as moves of a game on a board set up by hand (`morph.rs`): when the cast face
//! down and the turn face up are offered, what each pays, and what the card is after.

use super::moves::Move;
use super::test_support::{begin_first_main, new_game, texts};
use super::*;
use crate::host::WagicHost;

const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Hound\nabilities=trample\nfacedown={3}\nautofacedown={G}{G}:morph\nautofaceup=counter(1/1,2)\n\
auto={G}:1/1\nmana={4}{G}{G}\ntype=Creature\nsubtype=Hound\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Pump\nauto=1/1 target(creature)\nmana={G}\ntype=Instant\n[/card]\n";

/// A game in p0's first main phase: `lands` Forests on p0's battlefield and a Hound in
/// p0's hand, a library of Forests for each.
fn board(lands: usize, player: PlayerKind) -> (Game<'static>, CardId) {
    let mut game = new_game(CARDS, Options { players: [player; 2], ..Options::default() });
    for _ in 0..lands {
        game.table.add_card("Forest", P0, BATTLEFIELD, -1).expect("a card");
    }
    for player in [P0, P1] {
        for _ in 0..5 {
            game.table.add_card("Forest", player, LIBRARY, -1).expect("a card");
        }
    }
    let hound = game.table.add_card("Hound", P0, HAND, -1).expect("a card");
    begin_first_main(&mut game);
    (game, hound)
}

#[test]
fn three_lands_cast_it_face_down_as_a_two_two_with_no_name_and_no_abilities() {
    let (mut two, hound) = board(2, PlayerKind::Random);
    assert!(!two.legal_moves(P0).expect("moves").contains(&Move::CastFaceDown(hound)));
    let (mut game, hound) = board(3, PlayerKind::Random);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::CastFaceDown(hound)) && !moves.contains(&Move::Cast(hound)), "{moves:?}");
    game.play_move(Move::CastFaceDown(hound)).expect("cast");
    game.resolve_top().expect("resolves");
    let board = &game.table.board;
    assert_eq!(board.card(hound).zone, BATTLEFIELD);
    assert_eq!((board.power(hound), board.toughness(hound)), (2, 2));
    assert_eq!(board.types(hound), vec!["creature"]);
    assert!(board.colours(hound).is_empty() && board.card(hound).printed.name.is_empty());
    assert!(!board.has_ability(hound, "trample"), "no abilities face down");
    assert!(board.zone(P0, BATTLEFIELD).iter().filter(|card| **card != hound).all(|land| board.card(*land).tapped));
    assert_eq!(texts(&game)[1..], ["p0 casts a card face down", "face-down creature resolves"], "{:?}", texts(&game));
    // Its `{G}:1/1` is not its ability while face down: no move of it.
    game.table.board.players[0].mana = [0, 0, 0, 0, 3, 0];
    let moves = game.legal_moves(P0).expect("moves");
    assert!(!moves.iter().any(|chosen| matches!(chosen, Move::Activate { card, .. } if *card == hound)), "{moves:?}");
    // Turning it up is a move: p0 has {G}{G}{G}.
    assert!(moves.contains(&Move::TurnFaceUp(hound)), "{moves:?}");
}

#[test]
fn its_controller_sees_which_card_it_is_face_down_and_the_other_seat_does_not() {
    let (mut game, hound) = board(3, PlayerKind::Random);
    game.play_move(Move::CastFaceDown(hound)).expect("cast");
    game.resolve_top().expect("resolves");
    let seen = |game: &Game<'_>, viewer| {
        let view = game.view(viewer);
        let permanent = view.battlefield.iter().find(|permanent| permanent.power_toughness.is_some()).expect("it");
        (permanent.name.clone(), permanent.face_down_card.clone())
    };
    assert_eq!(seen(&game, P0), ("face-down creature".to_string(), Some("Hound".to_string())));
    assert_eq!(seen(&game, P1), ("face-down creature".to_string(), None));
    game.table.board.players[0].mana = [0, 0, 0, 0, 2, 0];
    game.play_move(Move::TurnFaceUp(hound)).expect("turned");
    assert_eq!(seen(&game, P0), ("Hound".to_string(), None), "face up, its name says it");
}

#[test]
fn turned_face_up_it_is_the_card_keeping_its_damage_with_its_counters_and_abilities() {
    let (mut game, hound) = board(3, PlayerKind::Random);
    game.play_move(Move::CastFaceDown(hound)).expect("cast");
    game.resolve_top().expect("resolves");
    game.table.board.cards[hound.0 as usize].damage = 1;
    // {G}{G}: the pool pays it; a special action, nothing goes on the stack.
    game.table.board.players[0].mana = [0, 0, 0, 0, 2, 0];
    game.play_move(Move::TurnFaceUp(hound)).expect("turned");
    assert!(game.stack.is_empty());
    let board = &game.table.board;
    assert_eq!(board.card(hound).printed.name, "Hound");
    assert_eq!((board.power(hound), board.toughness(hound)), (7, 7), "5/5 and two +1/+1 counters");
    assert_eq!(board.card(hound).damage, 1);
    assert!(board.has_ability(hound, "trample"));
    assert_eq!(board.player(P0).mana, [0; 6]);
    assert!(texts(&game).contains(&"p0 turns Hound face up for {G}{G}".to_string()), "{:?}", texts(&game));
    // Face up, its own ability is a move, and the turn up no more.
    game.table.board.players[0].mana = [0, 0, 0, 0, 1, 0];
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.iter().any(|chosen| matches!(chosen, Move::Activate { card, .. } if *card == hound)), "{moves:?}");
    assert!(!moves.contains(&Move::TurnFaceUp(hound)), "{moves:?}");
}

#[test]
fn a_face_down_creature_that_dies_is_revealed_and_the_greedy_player_turns_it_up() {
    let (mut game, hound) = board(3, PlayerKind::Greedy);
    game.play_move(Move::CastFaceDown(hound)).expect("cast");
    game.resolve_top().expect("resolves");
    game.table.board.players[0].mana = [0, 0, 0, 0, 2, 0];
    let moves = game.legal_moves(P0).expect("moves");
    assert_eq!(game.greedy_move(P0, &moves), Some(Move::TurnFaceUp(hound)), "{moves:?}");
    // Dead face down, it is the card in the graveyard.
    WagicHost::destroy(&mut game.table.board, hound, true);
    game.settle().expect("settles");
    let c = game.table.board.card(hound);
    assert_eq!((c.zone, c.printed.name.as_str(), c.face_down.is_none()), (GRAVEYARD, "Hound", true));
}
