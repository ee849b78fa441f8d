//! The greedy player and the Auras that keep a creature down (Stasis Cell): cast on the
//! opponent's side, and moved by their own `retarget` only onto a creature worth more than
//! the one they are on.

use super::moves::Move;
use super::test_support::first_main_with;
use super::*;

const CARDS: &str = "[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Stasis Cell\ntarget=creature\nauto=doesnotuntap\nauto={3}{U}:retarget target(creature)\n\
mana={4}{U}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Mob\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Badger\nmana={4}{R}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Wurm\nmana={6}{G}\ntype=Creature\npower=6\ntoughness=6\n[/card]\n";

#[test]
fn a_stasis_cell_moves_only_onto_a_creature_worth_more() {
    let (mut game, badger) = first_main_with(CARDS, &["Island"; 4], "Badger", P1, BATTLEFIELD);
    // The Badger its one creature, the Cell enchants it as it enters.
    let cell = game.table.add_card("Stasis Cell", P0, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    game.table.add_card("Mob", P1, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    let retarget = |game: &mut Game<'static>| {
        let moves = game.legal_moves(P0).expect("moves");
        assert!(moves.iter().any(|m| matches!(m, Move::Activate { card, .. } if *card == cell)), "{moves:?}");
        game.greedy_move(P0, &moves)
    };
    // On the Badger, a Mob beside it: it stays.
    assert_eq!(game.table.board.get(cell).and_then(|c| c.attached), Some(badger));
    assert_eq!(retarget(&mut game), None);
    // A Wurm comes: worth the mana.
    game.table.add_card("Wurm", P1, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    assert!(matches!(retarget(&mut game), Some(Move::Activate { card, .. }) if card == cell));
}
