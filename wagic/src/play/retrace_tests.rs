//! Retrace as moves (`retrace.rs`): cast from the graveyard discarding a land card, back
//! in the graveyard as it resolves.

use super::moves::Move;
use super::test_support::{first_main_with, mark_seen, texts};
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Jab\nretrace={R}{S(land|myhand)}\nauto=damage:1 opponent\nmana={R}\ntype=Sorcery\n[/card]\n";

#[test]
fn retrace_casts_from_the_graveyard_discarding_a_land_and_the_card_returns_there() {
    let (mut game, jab) = first_main_with(CARDS, &["Mountain"], "Jab", P0, GRAVEYARD);
    // Without a land card in hand there is no retrace; a creature card is no land.
    game.table.add_card("Bear", P0, HAND, -1).expect("a card");
    mark_seen(&mut game);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(!moves.iter().any(|chosen| matches!(chosen, Move::Retrace { .. })), "{moves:?}");
    // Two Mountains and an Island: one move for each name.
    let mountains = [0, 1].map(|_| game.table.add_card("Mountain", P0, HAND, -1).expect("a card"));
    let island = game.table.add_card("Island", P0, HAND, -1).expect("a card");
    mark_seen(&mut game);
    let moves = game.legal_moves(P0).expect("moves");
    let retraces: Vec<&Move> = moves.iter().filter(|chosen| matches!(chosen, Move::Retrace { .. })).collect();
    assert_eq!(
        retraces,
        [&Move::Retrace { card: jab, land: mountains[0] }, &Move::Retrace { card: jab, land: island }],
        "{moves:?}"
    );
    assert!(!moves.contains(&Move::Cast(jab)));
    game.play_move(Move::Retrace { card: jab, land: island }).expect("cast");
    game.resolve_top().expect("resolves");
    let board = &game.table.board;
    assert_eq!(board.players[1].life, STARTING_LIFE - 1, "{:?}", texts(&game));
    assert_eq!(board.get(island).map(|c| c.zone), Some(GRAVEYARD), "discarded");
    assert_eq!(board.get(jab).map(|c| c.zone), Some(GRAVEYARD), "back where it was cast from");
    assert!(texts(&game).contains(&"p0 casts Jab with retrace".to_string()), "{:?}", texts(&game));
    // The Mountain on the battlefield is tapped: no mana left for a second retrace.
    assert!(!game.legal_moves(P0).expect("moves").iter().any(|chosen| matches!(chosen, Move::Retrace { .. })));
}

#[test]
fn a_retrace_move_whose_land_left_the_hand_casts_nothing() {
    let (mut game, jab) = first_main_with(CARDS, &["Mountain"], "Jab", P0, GRAVEYARD);
    let land = game.table.add_card("Mountain", P0, BATTLEFIELD, -1).expect("a card");
    mark_seen(&mut game);
    game.play_move(Move::Retrace { card: jab, land }).expect("played");
    assert_eq!(game.table.board.get(jab).map(|c| c.zone), Some(GRAVEYARD));
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE);
}
