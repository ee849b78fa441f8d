//! Playing whole games: [`play`] runs a game to its end between two [`Player`]s, checking
//! the invariants after every step (always in debug builds, and on request) and hashing
//! each step's state when asked (saved games, replays); [`stats`] sums many games up,
//! [`shard`] plays any range of a simulation's games into a tally that adds up with others,
//! [`summary`] and [`report`] print a tally as `rsc sim` does, and [`save`] is the saved
//! game `rsc run --save` writes and `rsc replay` plays again.

pub mod hash;
mod invariants;
pub mod report;
pub mod save;
pub mod shard;
pub mod stats;
pub mod summary;

use std::fmt;
use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};

use crate::log::Log;
use crate::players::Player;
use crate::state::Seat;
use crate::{Game, Move};

/// Most decisions one game may take before it is stopped (the turn limit ends real games
/// long before this).
pub const MAX_DECISIONS: usize = 200_000;

/// How [`play`] plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayOptions {
    /// Check the invariants after every step (always on in debug builds).
    pub check_invariants: bool,
    /// Keep each step's [`hash::state_hash`].
    pub state_hashes: bool,
    /// Stop a game after this many decisions.
    pub max_decisions: usize,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions { check_invariants: false, state_hashes: false, max_decisions: MAX_DECISIONS }
    }
}

/// One decision of a played game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// The seat that decided (0 or 1).
    pub seat: Seat,
    /// The move it made.
    #[serde(rename = "move")]
    pub mv: Move,
    /// The state's hash after the move, when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
}

/// Why a game stopped before its end. Steps count from 1; step 0 is the setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// A player could not choose.
    Player { step: usize, seat: Seat, message: String },
    /// The engine refused the move a player chose among the legal ones.
    Refused { step: usize, message: String },
    /// An invariant broke after a step.
    Violation { step: usize, message: String },
    /// The game is not over and its player to move has no legal move.
    NoMove { step: usize },
    /// The game went past [`PlayOptions::max_decisions`].
    TooLong { decisions: usize },
    /// The observer stopped the game after a step.
    Stopped { step: usize },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Player { step, seat, message } => {
                write!(f, "step {step}: player {seat} could not move: {message}")
            }
            PlayError::Refused { step, message } => {
                write!(f, "step {step}: the engine refused a legal move: {message}")
            }
            PlayError::Violation { step, message } => write!(f, "step {step}: invariant violated: {message}"),
            PlayError::NoMove { step } => write!(f, "step {step}: the game is not over and there is no legal move"),
            PlayError::TooLong { decisions } => write!(f, "the game was stopped after {decisions} decisions"),
            PlayError::Stopped { step } => write!(f, "stopped after step {step}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game played to its end, or to the step it stopped at.
#[derive(Debug, Clone, Default)]
pub struct Played {
    /// Every decision, in order.
    pub steps: Vec<Step>,
    /// Why it stopped early, if it did.
    pub error: Option<PlayError>,
}

/// Decisions [`play`] makes room for before the list of steps grows.
const STEPS_CAPACITY: usize = 128;

/// Plays `game` until it is over: `players[seat]` answers every decision of that seat.
/// `observe` sees each step after it was applied, with the log entries it added, and may
/// stop the game.
pub fn play(
    game: &mut Game,
    players: &mut [Box<dyn Player>; 2],
    options: &PlayOptions,
    observe: impl FnMut(&Game, &Step, Log<'_>) -> ControlFlow<()>,
) -> Played {
    let mut played = Played::default();
    // Room for a game of random players (about 112 decisions): growing the list step by
    // step copied it six times a game.
    played.steps.reserve(STEPS_CAPACITY);
    play_in(game, players, options, observe, &mut played, &mut Vec::new());
    played
}

/// [`play`] into `played` (cleared first), with `moves` as the buffer of each decision's
/// legal moves: a simulation plays game after game in the same two.
pub fn play_in(
    game: &mut Game,
    players: &mut [Box<dyn Player>; 2],
    options: &PlayOptions,
    mut observe: impl FnMut(&Game, &Step, Log<'_>) -> ControlFlow<()>,
    played: &mut Played,
    moves: &mut Vec<Move>,
) {
    played.steps.clear();
    played.error = None;
    let check = options.check_invariants || cfg!(debug_assertions);
    let cards = game.state().cards.len();
    if check && let Err(message) = game.check_invariants(cards) {
        played.error = Some(PlayError::Violation { step: 0, message });
        return;
    }
    while game.outcome().is_none() {
        let step = played.steps.len() + 1;
        if played.steps.len() >= options.max_decisions {
            played.error = Some(PlayError::TooLong { decisions: played.steps.len() });
            break;
        }
        game.legal_moves_into(moves);
        if moves.is_empty() {
            played.error = Some(PlayError::NoMove { step });
            break;
        }
        let seat = Seat::of(game.to_move());
        let index = match players[usize::from(seat)].choose(game, moves) {
            Ok(index) if index < moves.len() => index,
            Ok(index) => {
                let message = format!("chose move {index} of {}", moves.len());
                played.error = Some(PlayError::Player { step, seat, message });
                break;
            }
            Err(error) => {
                played.error = Some(PlayError::Player { step, seat, message: error.0 });
                break;
            }
        };
        let mv = moves.get(index).copied().unwrap_or(Move::Pass);
        let start = match game.apply_listed(mv) {
            Ok(start) => start,
            Err(error) => {
                played.error = Some(PlayError::Refused { step, message: error.to_string() });
                break;
            }
        };
        let hash = options.state_hashes.then(|| hash::state_hash(game));
        played.steps.push(Step { seat, mv, hash });
        if check && let Err(message) = game.check_invariants(cards) {
            played.error = Some(PlayError::Violation { step, message });
            break;
        }
        if let Some(last) = played.steps.last()
            && observe(game, last, game.log().since(start)).is_break()
        {
            played.error = Some(PlayError::Stopped { step });
            break;
        }
    }
}
