//! Abilities used from the graveyard (activated `autograveyard=` lines, `hand.rs`) as moves
//! of a game, unearth (`table/dies.rs`), and a trigger heard there (`table/graveyard.rs`),
//! on boards set up by hand, from the cards' printed text.

use super::moves::Move;
use super::test_support::{first_main_with, texts};
use super::*;
use crate::table::{EXILE, GRAVEYARD};

/// Firewing Phoenix: "Flying. {1}{R}{R}{R}: Return Firewing Phoenix from your graveyard to
/// your hand." Dregscape Zombie: "Unearth {B} ({B}: Return this card from your graveyard to
/// the battlefield. It gains haste. Exile it at the beginning of the next end step or if it
/// would leave the battlefield. Unearth only as a sorcery.)" Bladewing's Thrall: "When a
/// Dragon enters the battlefield, you may return Bladewing's Thrall from your graveyard to
/// the battlefield."
const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Firewing Phoenix\nabilities=flying\nautograveyard={1}{R}{R}{R}:moveTo(myhand)\n\
mana={3}{R}\ntype=Creature\nsubtype=Phoenix\npower=4\ntoughness=2\n[/card]\n\
[card]\nname=Dregscape Zombie\nautograveyard={B}:moveto(mybattlefield) && transforms((,unearth,haste)) asSorcery forever\n\
mana={1}{B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Unsummon\ntarget=creature\nauto=moveTo(ownerhand)\nmana={U}\ntype=Instant\n[/card]\n\
[card]\nname=Bladewing's Thrall\nautograveyard=@movedTo(dragon|battlefield):may moveTo(mybattlefield)\n\
mana={2}{B}{B}\ntype=Creature\nsubtype=Zombie\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Shivan Dragon\nabilities=flying\nmana={4}{R}{R}\ntype=Creature\nsubtype=Dragon\npower=5\n\
toughness=5\n[/card]\n";

/// p0's first main phase with `lands` on its battlefield, `card` in `player`'s graveyard;
/// the card's id.
fn board(lands: &[&str], card: &str, player: PlayerId) -> (Game<'static>, CardId) {
    first_main_with(CARDS, lands, card, player, GRAVEYARD)
}

/// The moves of p0 that activate `card`.
fn activations(game: &mut Game<'_>, card: CardId) -> Vec<Move> {
    let moves = game.legal_moves(P0).expect("moves");
    moves.into_iter().filter(|chosen| matches!(chosen, Move::Activate { card: of, .. } if *of == card)).collect()
}

#[test]
fn a_card_returns_from_its_owners_graveyard_to_hand_for_its_cost() {
    let (mut game, phoenix) = board(&["Mountain"; 4], "Firewing Phoenix", P0);
    let moves = activations(&mut game, phoenix);
    assert_eq!(moves, [Move::Activate { card: phoenix, index: 0, tap_lands: true, x: None }]);
    assert_eq!(game.move_label(moves[0]), "activate Firewing Phoenix from the graveyard: {1}{R}{R}{R}:moveTo(myhand)");
    game.play_move(moves[0]).expect("activates");
    assert_eq!(game.table.board.get(phoenix).map(|c| c.zone), Some(HAND));
    let board = &game.table.board;
    assert!(board.zone(P0, BATTLEFIELD).iter().all(|land| board.get(*land).is_some_and(|c| c.tapped)));
    assert!(
        texts(&game).contains(&"p0 activates Firewing Phoenix from the graveyard: {1}{R}{R}{R}:moveTo(myhand)".into()),
        "{:?}",
        texts(&game)
    );
    // In hand, the ability is no longer offered.
    assert_eq!(activations(&mut game, phoenix), []);
}

#[test]
fn the_greedy_player_brings_its_card_back_in_its_main_phase() {
    let (mut game, phoenix) = board(&["Mountain"; 4], "Firewing Phoenix", P0);
    let moves = game.legal_moves(P0).expect("moves");
    assert_eq!(
        game.greedy_move(P0, &moves),
        Some(Move::Activate { card: phoenix, index: 0, tap_lands: true, x: None })
    );
    // Not in its upkeep.
    game.phase = Phase::Upkeep;
    assert_eq!(game.greedy_move(P0, &moves), None);
}

#[test]
fn a_graveyard_ability_needs_its_cost_its_owner_and_the_card_in_the_graveyard() {
    // Two Mountains do not pay {1}{R}{R}{R}.
    let (mut game, phoenix) = board(&["Mountain"; 2], "Firewing Phoenix", P0);
    assert_eq!(activations(&mut game, phoenix), []);
    // In the other player's graveyard: not p0's to use.
    let (mut game, theirs) = board(&["Mountain"; 4], "Firewing Phoenix", P1);
    assert_eq!(activations(&mut game, theirs), []);
    // On the battlefield the card has no ability of its own to activate.
    let (mut game, phoenix) = board(&["Mountain"; 4], "Firewing Phoenix", P0);
    game.table.board.place(phoenix, P0, BATTLEFIELD, -1);
    game.settle().expect("settles");
    assert_eq!(activations(&mut game, phoenix), []);
}

#[test]
fn an_unearthed_creature_has_haste_and_is_exiled_as_the_end_step_ends() {
    let (mut game, zombie) = board(&["Swamp"], "Dregscape Zombie", P0);
    let moves = activations(&mut game, zombie);
    assert_eq!(moves, [Move::Activate { card: zombie, index: 0, tap_lands: true, x: None }]);
    game.play_move(moves[0]).expect("activates");
    assert_eq!(game.table.board.get(zombie).map(|c| c.zone), Some(BATTLEFIELD));
    assert!(game.can_attack(zombie), "it gained haste");
    game.table.end_step_leaving().expect("the end step ends");
    assert_eq!(game.table.board.get(zombie).map(|c| c.zone), Some(EXILE));
}

#[test]
fn unearth_is_activated_only_as_a_sorcery() {
    let (mut game, zombie) = board(&["Swamp"], "Dregscape Zombie", P0);
    game.phase = Phase::Upkeep;
    game.table.board.main_phase = false;
    assert_eq!(activations(&mut game, zombie), []);
}

#[test]
fn an_unearthed_creature_that_would_go_to_a_hand_is_exiled() {
    let (mut game, zombie) = board(&["Swamp"], "Dregscape Zombie", P0);
    let moves = activations(&mut game, zombie);
    game.play_move(moves[0]).expect("activates");
    game.table.board.place(zombie, P0, HAND, -1);
    game.settle().expect("settles");
    assert_eq!(game.table.board.get(zombie).map(|c| c.zone), Some(EXILE));
}

#[test]
fn a_trigger_in_the_graveyard_asks_its_owner_and_returns_the_card() {
    let (mut game, thrall) = board(&[], "Bladewing's Thrall", P0);
    // A Dragon enters under the other player's control: "a Dragon", anyone's.
    game.table.add_card("Shivan Dragon", P1, BATTLEFIELD, -1).expect("a card");
    // The table's settling, which holds the question a game's seat would be asked.
    game.table.try_settle().expect("settles");
    let held = game.table.held.as_ref().expect("the trigger's `may` waits for its answer");
    assert_eq!((held.request().kind, held.request().chooser, held.env().source), (RequestKind::May, P0, thrall));
    game.table.try_answer_held(&[Value::Bool(true)]).expect("answered");
    let c = game.table.board.get(thrall).expect("the card");
    assert_eq!((c.zone, c.controller), (BATTLEFIELD, P0));
}
