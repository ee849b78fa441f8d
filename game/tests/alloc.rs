//! Heap allocations of whole games, counted by this test binary's global allocator: the
//! turns of random games after their first (a simulation's steady state), pinned to what
//! they make now so that the count only goes down.

use std::alloc::System;
use std::sync::Arc;

use game::players::{Player, RandomPlayer};
use game::{CardSet, DefIdx, Game, Move};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

/// The system allocator, counting. It counts every thread's allocations: this binary has
/// one test, so that only the game measured allocates meanwhile.
#[global_allocator]
static ALLOCATOR: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

mod common;

use common::corpus_decks;

/// The heap allocations (and reallocations) `work` makes.
fn allocations_of<T>(work: impl FnOnce() -> T) -> (T, u64) {
    let region = Region::new(ALLOCATOR);
    let value = work();
    let change = region.change();
    (value, (change.allocations + change.reallocations) as u64)
}

/// Heap allocations of the later turns of games 0 to 19, in all and at most in one turn
/// (439 of the 444 turns make none). A game's setup makes what a thread's copies and peeks
/// need (`Game::keep_a_spare` in `game/src/copy.rs`), so no later turn makes those. What
/// still allocates, each once in these 20 games or a few times:
/// - an execution whose lists outgrow its state's arena (64 items: rule targets
///   concatenated once per filter, `vm::runtime::value::Lists::concat`), once per pooled
///   state and game, since each game's runtime has states of its own;
/// - `getTargets` with a quoted filter (`stdlib::functions::QuotedFilter::parse` copies a
///   quoted name and lowers the zone's text; the candidates are collected in a new list);
/// - `transform` by a quoted card id, whose text is copied out of the program while the
///   game changes;
/// - a long game's log growing past the 1,024 entries its setup reserves;
/// - the caller's list of legal moves growing past the longest it held so far.
///
/// These bounds only go down.
const LATER_TURNS_ALLOCATIONS: u64 = 7;
const MOST_ALLOCATIONS_IN_ONE_LATER_TURN: u64 = 3;

/// Plays game `seed` with random players, counting each turn's heap allocations: the
/// decisions from one turn's start to the next. Returns the counts of turns 2 on.
fn later_turns_allocations(set: &Arc<CardSet>, decks: &[Vec<DefIdx>; 2], seed: u64) -> Vec<u64> {
    let mut game = Game::new(Arc::clone(set), decks.clone(), seed).expect("the game sets up");
    let mut players = [RandomPlayer::new(seed), RandomPlayer::new(seed ^ 1)];
    let mut moves: Vec<Move> = Vec::new();
    let mut counts = vec![0u64; game.state().turn_limit as usize + 2];
    let mut decisions = 0;
    while game.outcome().is_none() && decisions < 10_000 {
        decisions += 1;
        let turn = game.state().turn as usize;
        let seat = usize::from(game.to_move().0.min(1) as u8);
        let player = &mut players[seat];
        let ((), allocations) = allocations_of(|| {
            game.legal_moves_into(&mut moves);
            let index = player.choose(&game, &moves).expect("a random player chooses");
            let mv = moves[index];
            game.apply_listed(mv).expect("a listed move applies");
        });
        if let Some(count) = counts.get_mut(turn) {
            *count += allocations;
        }
    }
    let last = game.state().turn as usize;
    // Turn 1 sets buffers up; the last turn ends the game (its outcome's text).
    counts.get(2..last).map(<[u64]>::to_vec).unwrap_or_default()
}

#[test]
fn a_random_games_turns_after_its_first_allocate_within_the_bound() {
    let Some((set, decks)) = corpus_decks() else { return };
    let mut all = Vec::new();
    for seed in 0..20 {
        all.extend(later_turns_allocations(&set, &decks, seed));
    }
    let most = all.iter().copied().max().unwrap_or(0);
    let without = all.iter().filter(|&&n| n == 0).count();
    eprintln!(
        "{} later turns: {} without allocation, {} allocations in all, at most {most} in one",
        all.len(),
        without,
        all.iter().sum::<u64>()
    );
    assert!(all.len() > 100, "20 games have more than 100 later turns");
    let total = all.iter().sum::<u64>();
    assert!(total <= LATER_TURNS_ALLOCATIONS, "the later turns made {total} allocations");
    assert!(most <= MOST_ALLOCATIONS_IN_ONE_LATER_TURN, "a later turn made {most} allocations");
}
