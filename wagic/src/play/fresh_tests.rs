//! The spec term `fresh` (Wagic's: a card that came to its zone this turn) in games set up
//! by hand, with cards written from their printed text: a creature put into a graveyard
//! from the battlefield is fresh there, one discarded is not, and the turn's end clears it.

use super::moves::Move;
use super::test_support::{begin_first_main, mark_seen, new_game};
use super::*;

/// Caller of the Claw ("When Caller of the Claw enters the battlefield, put a 2/2 green
/// Bear creature token onto the battlefield for each nontoken creature put into your
/// graveyard from the battlefield this turn"; its flash left out) and Cradle to Grave
/// ("Destroy target nonblack creature that entered the battlefield this turn").
const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Caller of the Claw\nauto=foreach(creature[fresh]|mygraveyard) token(Bear,Creature Bear,2/2,green)\n\
mana={2}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Cradle to Grave\ntarget=creature[fresh;-black]\nauto=destroy\nmana={1}{B}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// A game in p0's first main phase with `lands` and `creatures` on p0's battlefield and
/// `hand` in p0's hand, as they were at the end of the last turn (nothing fresh); the
/// creatures' and the hand's ids.
fn set_up(lands: &[&str], creatures: usize, hand: &[&str]) -> (Game<'static>, Vec<CardId>, Vec<CardId>) {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    for land in lands {
        game.table.add_card(land, P0, BATTLEFIELD, -1).expect("a card");
    }
    let on_battlefield: Vec<CardId> =
        (0..creatures).map(|_| game.table.add_card("Grizzly Bears", P0, BATTLEFIELD, -1).expect("a card")).collect();
    let in_hand: Vec<CardId> =
        hand.iter().map(|name| game.table.add_card(name, P0, HAND, -1).expect("a card")).collect();
    for player in [P0, P1] {
        for _ in 0..5 {
            game.table.add_card("Forest", player, LIBRARY, -1).expect("a card");
        }
    }
    begin_first_main(&mut game);
    // Played on an earlier turn: the turn's end cleared what was fresh.
    for card in &mut game.table.board.cards {
        card.fresh = false;
    }
    (game, on_battlefield, in_hand)
}

fn bear_tokens(game: &Game<'_>) -> usize {
    let board = &game.table.board;
    board.zone(P0, BATTLEFIELD).into_iter().filter(|&card| board.get(card).is_some_and(|c| c.token)).count()
}

#[test]
fn caller_of_the_claw_counts_the_creatures_that_died_this_turn_not_those_discarded() {
    let (mut game, creatures, hand) =
        set_up(&["Forest", "Forest", "Forest"], 2, &["Caller of the Claw", "Grizzly Bears"]);
    // Both Bears die; the Bears in hand is discarded.
    for creature in creatures {
        game.table.board.place(creature, P0, GRAVEYARD, -1);
    }
    game.table.board.place(hand[1], P0, GRAVEYARD, -1);
    mark_seen(&mut game);
    game.play_move(Move::Cast(hand[0])).expect("cast");
    game.resolve_top().expect("resolves");
    assert_eq!(bear_tokens(&game), 2, "two died this turn; the discarded one did not");
}

#[test]
fn what_died_on_an_earlier_turn_is_fresh_no_more() {
    let (mut game, creatures, hand) = set_up(&["Forest", "Forest", "Forest"], 1, &["Caller of the Claw"]);
    game.table.board.place(creatures[0], P0, GRAVEYARD, -1);
    mark_seen(&mut game);
    game.table.try_end_turn(P0).expect("the turn ends");
    game.play_move(Move::Cast(hand[0])).expect("cast");
    game.resolve_top().expect("resolves");
    assert_eq!(bear_tokens(&game), 0);
}

#[test]
fn cradle_to_grave_targets_only_a_creature_that_entered_this_turn() {
    let (mut game, creatures, hand) =
        set_up(&["Swamp", "Swamp", "Forest", "Forest"], 1, &["Cradle to Grave", "Grizzly Bears"]);
    let cradle = hand[0];
    let castable = |game: &mut Game<'_>| game.legal_moves(P0).expect("moves").contains(&Move::Cast(cradle));
    assert!(!castable(&mut game), "the Bears on the battlefield came on an earlier turn");
    game.play_move(Move::Cast(hand[1])).expect("cast");
    game.resolve_top().expect("resolves");
    assert!(game.table.board.get(hand[1]).is_some_and(|c| c.zone == BATTLEFIELD && c.fresh));
    assert!(!game.table.board.get(creatures[0]).is_some_and(|c| c.fresh));
    assert!(castable(&mut game), "the Bears just cast");
}
