//! The spec terms `counter{1/1.n}` and `counter{-1/-1.n}` (creatures with at least n +1/+1
//! or -1/-1 counters) in games set up by hand, with cards written from their printed text.

use super::moves::Move;
use super::test_support::{begin_first_main, mark_seen, new_game};
use super::*;

/// Deathbringer-like sweepers: "Destroy each creature with a +1/+1 counter on it", the
/// same for two or more, for none (`-counter{...}`), and for a -1/-1 counter.
const CARDS: &str = "[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Reap\nauto=destroy all(creature[counter{1/1.1}])\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Reap Two\nauto=destroy all(creature[counter{1/1.2}])\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Reap None\nauto=destroy all(creature[-counter{1/1}])\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Reap Withered\nauto=destroy all(creature[counter{-1/-1}])\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// p0 casts `spell` with four Bears on p1's battlefield carrying no counter, one +1/+1,
/// two +1/+1 and one -1/-1 counter: which of them die, in that order.
fn survivors_of(spell: &str) -> [bool; 4] {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    game.table.add_card("Swamp", P0, BATTLEFIELD, -1).expect("a card");
    let cast = game.table.add_card(spell, P0, HAND, -1).expect("a card");
    let bears: Vec<CardId> =
        (0..4).map(|_| game.table.add_card("Grizzly Bears", P1, BATTLEFIELD, -1).expect("a card")).collect();
    for (bear, counters) in bears.iter().zip([(0, 0), (1, 1), (2, 2), (-1, -1)]) {
        game.table.board.cards[bear.0 as usize].counters = counters;
    }
    for player in [P0, P1] {
        game.table.add_card("Swamp", player, LIBRARY, -1).expect("a card");
    }
    begin_first_main(&mut game);
    mark_seen(&mut game);
    game.play_move(Move::Cast(cast)).expect("cast");
    game.resolve_top().expect("resolves");
    let board = &game.table.board;
    [0, 1, 2, 3].map(|index| board.get(bears[index]).is_some_and(|c| c.zone == BATTLEFIELD))
}

#[test]
fn creatures_with_plus_one_counters_are_matched_by_how_many() {
    assert_eq!(survivors_of("Reap"), [true, false, false, true]);
    assert_eq!(survivors_of("Reap Two"), [true, true, false, true]);
    assert_eq!(survivors_of("Reap None"), [false, true, true, false]);
}

#[test]
fn creatures_with_minus_one_counters_are_matched() {
    assert_eq!(survivors_of("Reap Withered"), [true, true, true, false]);
}
