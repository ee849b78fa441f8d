//! A `VecGame`'s slot: one game with the legal moves of its current state, the cache line
//! a step reads of it twice ([`Hot`]), how its games start ([`Start`]), and the loop that
//! steps a run of slots and writes their rows ([`step_run`], [`write_row`],
//! [`clear_mask`]).

use std::sync::Arc;

use game::players::PlayerKind;
use game::{ACTION_SPACE, CardSet, DefIdx, Game, Move, Seat};

use super::finals::Final;
use super::next_step;
use super::opponent::Opponent;
use super::rows::{Outputs, Row};
use crate::errors::panic_message;
use crate::observation::{CardFeatures, Written, encode};

/// Action numbers a slot keeps in its [`Hot`] line; the rest go to [`Slot::more_actions`].
/// In 32,000 decisions of a `VecGame` of 64 with random actions (the example decks), 99.9%
/// had at most 20 legal moves and none more than 30 (BENCHMARKS.md).
const INLINE_ACTIONS: usize = 28;

// Action numbers, and how many a slot lists (at most ACTION_SPACE), are kept as u16.
const _: () = assert!(ACTION_SPACE < 1 << 16);

/// What a step reads of a slot before it moves any game, and again when it steps the slot:
/// one cache line.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(64))]
pub(super) struct Hot {
    /// The action numbers of the legal moves in the action space, the first
    /// [`INLINE_ACTIONS`] of them: what the step checks the chosen actions against, and
    /// the entries of the mask row to clear next.
    actions: [u16; INLINE_ACTIONS],
    /// How many action numbers there are (past [`INLINE_ACTIONS`], in `more_actions`). (A
    /// `u16` leaves `written` its five bytes.)
    pub(super) count: u16,
    /// What the slot's row of `observations` holds past the fixed blocks.
    pub(super) written: Written,
    /// Whether the slot's game ended at the last step and is shown as it ended, with
    /// `autoreset="next_step"`: the next step starts the slot's next game in place of its
    /// action. Never set otherwise. In the line's spare last byte, where the check of a
    /// step's actions, which reads this line anyway, finds it.
    pub(super) held: bool,
}

const _: () = assert!(size_of::<Hot>() == 64);

/// One slot: its game and the legal moves of its current state.
pub(super) struct Slot {
    pub(super) hot: Hot,
    pub(super) game: Game,
    /// One buffer, refilled at each step (a new list per decision was an allocation the
    /// engine's own loop does not make).
    pub(super) legal: Vec<Move>,
    /// The action numbers past [`Hot::actions`], when there are more than
    /// [`INLINE_ACTIONS`] (what it holds otherwise is stale).
    more_actions: Vec<u16>,
    /// Games this slot finished (its next game's seed is `seed + index + episodes * n`).
    pub(super) episodes: u64,
    /// The built-in player of the seat the learner does not play, when the VecGame has one
    /// (boxed: a slot without one stays as small as it was).
    pub(super) opponent: Option<Box<Opponent>>,
    /// How the slot's last finished game ended, when the VecGame keeps it (`keep_finals`;
    /// boxed and made with the slot, so that a slot without it stays as small as it was
    /// and a step allocates nothing).
    pub(super) last: Option<Box<Final>>,
}

impl Slot {
    pub(super) fn new(game: Game, opponent: Option<Box<Opponent>>, keep_finals: bool) -> Slot {
        let last = keep_finals.then(|| Box::new(Final::new()));
        Slot {
            hot: Hot::default(),
            legal: game.legal_moves(),
            game,
            more_actions: Vec::new(),
            episodes: 0,
            opponent,
            last,
        }
    }

    /// Whether `action` is the number of one of the slot's legal moves: a scan that stops
    /// at the match (a `VecGame` of 64 with random actions lists 3.0 legal moves a
    /// decision on average, 2 at the median: comparing all 28 of the line at once, the
    /// count masked out, took more).
    pub(super) fn allows(&self, action: u16) -> bool {
        let count = self.hot.count as usize;
        self.hot.actions[..count.min(INLINE_ACTIONS)].contains(&action)
            || (count > INLINE_ACTIONS && self.more_actions.contains(&action))
    }
}

/// How the games start: the set, the decks, the seeds, the turn limit, the opponent.
#[derive(Clone)]
pub(super) struct Start {
    pub(super) set: Arc<CardSet>,
    pub(super) features: Arc<CardFeatures>,
    pub(super) decks: [Vec<DefIdx>; 2],
    pub(super) seed: u64,
    pub(super) n: usize,
    pub(super) turn_limit: Option<u32>,
    /// The kind of built-in player that plays the seat the learner does not (`None`:
    /// every decision is the caller's).
    pub(super) opponent: Option<PlayerKind>,
    /// The number of the step under way (or last made), counted from the VecGame's
    /// making; `reset()` counts as one, so that no game finished before it is listed
    /// after it (`reset(mask=...)` does not: the games it leaves as they were still show
    /// the last step's ends).
    pub(super) step: u64,
}

impl Start {
    /// The seed of game `index`'s episode `episode`.
    pub(super) fn seed_of(&self, index: usize, episode: u64) -> u64 {
        self.seed.wrapping_add(index as u64).wrapping_add(episode.wrapping_mul(self.n as u64))
    }

    pub(super) fn game(&self, index: usize, episode: u64) -> Result<Game, String> {
        let seed = self.seed_of(index, episode);
        let mut game = Game::new(Arc::clone(&self.set), [self.decks[0].clone(), self.decks[1].clone()], seed)
            .map_err(|e| e.to_string())?;
        if let Some(limit) = self.turn_limit {
            game.set_turn_limit(limit);
        }
        Ok(game)
    }

    /// Starts `game` over as [`Start::game`] would make it, in its own buffers: a finished
    /// game's piles, log and runtime are reused rather than freed and allocated again.
    pub(super) fn restart(&self, game: &mut Game, index: usize, episode: u64) -> Result<(), String> {
        let seed = self.seed_of(index, episode);
        game.start_over(Arc::clone(&self.set), [&self.decks[0], &self.decks[1]], seed).map_err(|e| e.to_string())?;
        if let Some(limit) = self.turn_limit {
            game.set_turn_limit(limit);
        }
        Ok(())
    }

    /// Starts slot `index`'s game over with its episode `episode` (as [`Start::restart`]),
    /// and its opponent, if any, as the player `rsc run` seats for that game.
    pub(super) fn restart_slot(&self, slot: &mut Slot, index: usize, episode: u64) -> Result<(), String> {
        self.restart(&mut slot.game, index, episode)?;
        slot.episodes = episode;
        if let Some(opponent) = &mut slot.opponent {
            opponent.start_over(self.seed_of(index, episode));
        }
        Ok(())
    }
}

/// Runs `work` (what a call does to each slot before its rows are written, given how the
/// games start, the slot's index, the slot and its rows: move the game on, for a step) on
/// each slot of a run (slot `first` first), then writes each slot's rows ([`write_row`];
/// with `HOLDS`, `autoreset="next_step"`'s step, a slot held at its game's end gets
/// [`next_step::write_end_row`]); the first failure (an error or a panic), with its
/// slot's index. Generic rather than a `dyn Fn`, so that a step's work is compiled into
/// the loop over its slots; `HOLDS` a constant, so that the default step's code has no
/// branch for held slots (a writer passed as a function was called through a shim that
/// LLVM did not inline: +23 instructions a decision, callgrind).
///
/// Two passes rather than one slot after the other: the engine's code for a decision and
/// the observation's together outgrow the core's instruction cache, so taking turns with
/// each slot fetched both again every time (a `VecGame` of 64: 127 instruction-cache
/// misses a decision in one pass, 100 in two; 2.9% more decisions a second: BENCHMARKS.md).
pub(super) fn step_run<W, const HOLDS: bool>(
    start: &Start,
    first: usize,
    slots: &mut [Slot],
    mut outputs: Outputs<'_>,
    work: &W,
) -> Option<(usize, String)>
where
    W: Fn(&Start, usize, &mut Slot, &mut Row<'_>) -> Result<(), String>,
{
    for (k, (slot, mut row)) in slots.iter_mut().zip(outputs.rows()).enumerate() {
        let i = first + k;
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(start, i, slot, &mut row))) {
            Ok(Ok(())) => {}
            Ok(Err(message)) => return Some((i, message)),
            Err(payload) => return Some((i, panic_message(&*payload))),
        }
    }
    for (k, (slot, mut row)) in slots.iter_mut().zip(outputs.rows()).enumerate() {
        let write = || match HOLDS && slot.hot.held {
            true => next_step::write_end_row(slot, &start.features, &mut row),
            false => write_row(slot, &start.features, &mut row),
        };
        if let Err(payload) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(write)) {
            return Some((first + k, panic_message(&*payload)));
        }
    }
    None
}

/// Writes a slot's state into its rows (the rewards and done flag are the caller's). The
/// rows are the VecGame's own: only what the last write set is cleared. Inlined into
/// [`step_run`]'s loop: left to LLVM, a `VecGame` of 64 took 3,518 instructions a decision
/// against 3,496 (callgrind, `instructions.py vec 64 165`, 2026-11-29).
#[inline(always)]
pub(super) fn write_row(slot: &mut Slot, features: &CardFeatures, row: &mut Row<'_>) {
    let me = Seat::of(slot.game.to_move());
    *row.player = i32::from(me.number());
    encode(&slot.game, me, features, row.observation, &mut slot.hot.written);
    clear_mask(slot, row.mask);
    let Slot { hot, legal, more_actions, .. } = slot;
    let mut count = 0;
    for i in legal.iter().filter_map(Move::index) {
        // A move's action number is its own, so at most ACTION_SPACE are listed: the legal
        // row has room for all. Past the mask's check, `i` is below ACTION_SPACE, which
        // fits a u16.
        let (Some(mask), Some(cell)) = (row.mask.get_mut(i), row.legal.get_mut(count)) else {
            continue;
        };
        *mask = 1;
        *cell = i as i32;
        let action = i as u16;
        match hot.actions.get_mut(count) {
            Some(inline) => *inline = action,
            None => {
                if count == INLINE_ACTIONS {
                    more_actions.clear();
                }
                more_actions.push(action);
            }
        }
        count += 1;
    }
    hot.count = count as u16;
    *row.count = count as i32;
}

/// Clears the entries of a slot's mask row that its last write set: its kept action
/// numbers (a plain slice of the line, and the ones past it only when there were more:
/// given the slot rather than the list past it, which was read, +2 instructions a
/// decision, even when there were not).
pub(super) fn clear_mask(slot: &Slot, mask: &mut [u8; ACTION_SPACE]) {
    let Slot { hot, more_actions, .. } = slot;
    let listed = hot.count as usize;
    for &action in hot.actions.iter().take(listed) {
        if let Some(cell) = mask.get_mut(usize::from(action)) {
            *cell = 0;
        }
    }
    if listed > INLINE_ACTIONS {
        for &action in more_actions.iter() {
            if let Some(cell) = mask.get_mut(usize::from(action)) {
                *cell = 0;
            }
        }
    }
}
