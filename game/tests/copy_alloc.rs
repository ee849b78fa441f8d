//! Heap allocations of copying a game into a kept copy (`Game::clone_from`), counted by
//! this test binary's global allocator: a copy that held a game without a question
//! pending takes one with a question in the buffers it kept, as the greedy look-ahead's
//! spares do.

use std::alloc::System;
use std::sync::Arc;

use game::players::{Player, RandomPlayer};
use game::{CardSet, DefIdx, Game, Move};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

/// The system allocator, counting. It counts every thread's allocations: this binary has
/// one test, so that only the copy measured allocates meanwhile.
#[global_allocator]
static ALLOCATOR: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

mod common;

use common::corpus_decks;

/// A decision of a random game with a question pending and the decision after it, which
/// has none.
fn asked_and_answered(set: &Arc<CardSet>, decks: &[Vec<DefIdx>; 2]) -> Option<(Game, Game)> {
    for seed in 0..20 {
        let mut game = Game::new(Arc::clone(set), decks.clone(), seed).expect("the game sets up");
        let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed ^ 1)];
        let mut moves: Vec<Move> = Vec::new();
        while game.outcome().is_none() {
            let asked = game.pending().is_some().then(|| game.clone());
            game.legal_moves_into(&mut moves);
            let seat = usize::from(game.to_move().0.min(1) as u8);
            let index = players[seat].choose(&game, &moves).expect("a random player chooses");
            game.apply_listed(moves[index]).expect("a listed move applies");
            if let Some(asked) = asked
                && game.pending().is_none()
            {
                return Some((asked, game));
            }
        }
    }
    None
}

#[test]
fn a_copy_of_a_game_asking_into_one_that_was_not_allocates_nothing() {
    let Some((set, decks)) = corpus_decks() else { return };
    let (asked, answered) = asked_and_answered(&set, &decks).expect("a random game asks a question");
    let mut copy = asked.clone();
    // Once each way first: the copy's buffers grow to what the two games hold.
    copy.clone_from(&answered);
    copy.clone_from(&asked);
    copy.clone_from(&answered);
    let region = Region::new(ALLOCATOR);
    copy.clone_from(&asked);
    let change = region.change();
    assert!(copy.pending().is_some(), "the copy has the question pending");
    assert_eq!(change.allocations + change.reallocations, 0, "allocations copying the game");
}
