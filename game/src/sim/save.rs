//! Saved games: the file `rsc run --save` writes ([`SavedGame`], JSON) and [`replay`],
//! which plays one again on a card set, move by move, checking each step's state hash
//! against the saved one. `rsc replay` reads the file and the set and prints what
//! [`replay`] gives; the `save` fuzz target calls the same functions on any bytes.

use std::fmt;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{PlayError, PlayOptions, Step, hash};
use crate::deck::{self, Deck};
use crate::players::{Player, PlayerKind, ScriptedPlayer};
use crate::{CardSet, DefIdx, Game, Seat};

/// The saved-game format this version writes and reads.
pub const FORMAT: &str = "rsc-game/1";

/// Largest saved game read (a long game is a few megabytes).
pub const MAX_SAVED_BYTES: u64 = 256 << 20;

/// The engine that plays and replays games, as a saved game names it (`game 0.1.0`).
pub fn engine() -> String {
    format!("game {}", env!("CARGO_PKG_VERSION"))
}

/// A game saved by `rsc run --save`: everything that replays it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// [`FORMAT`].
    pub format: String,
    /// The engine that played it ([`engine`]).
    pub engine: String,
    /// The card set.
    pub set: SavedSet,
    /// The decks in seats 0 and 1.
    pub decks: [SavedDeck; 2],
    /// The game's seed.
    pub seed: u64,
    /// The turn limit.
    pub turn_limit: u32,
    /// The players that chose the moves.
    pub players: [PlayerKind; 2],
    /// Every decision with the state's hash after it.
    pub steps: Vec<Step>,
    /// How it ended.
    pub outcome: Option<String>,
    /// BLAKE3 of the whole event log.
    pub trace_hash: String,
}

/// The card set of a saved game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSet {
    /// The folder it was read from.
    pub path: String,
    /// BLAKE3 of its files.
    pub hash: String,
}

/// A deck of a saved game (its cards are kept, so the deck file is not needed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedDeck {
    pub name: String,
    pub path: String,
    /// BLAKE3 of the deck file.
    pub hash: String,
    /// Card ids, one per copy, in file order.
    pub cards: Vec<String>,
}

/// Why a saved game cannot be replayed. `Display` gives the message without the file,
/// which `rsc replay` puts first (except for [`SaveError::Setup`], which is about no file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    /// The text is not a saved game's JSON (the JSON error, with its line and column).
    NotASave(String),
    /// A saved game of another format.
    Format(String),
    /// A deck of the file breaks the deck rules.
    Deck { seat: usize, name: String, problem: String },
    /// The engine refused to start the game.
    Setup(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::NotASave(error) => write!(f, "not a saved game: {error}"),
            SaveError::Format(format) => write!(f, "format {format:?}, this rsc reads {FORMAT:?}"),
            SaveError::Deck { seat, name, problem } => write!(f, "seat {seat}'s deck {name:?}: {problem}"),
            SaveError::Setup(error) => f.write_str(error),
        }
    }
}

impl std::error::Error for SaveError {}

/// How a replay went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replayed {
    /// Every step and the event log match: the steps played and how the game ended.
    Matches { steps: usize, outcome: String },
    /// The replay differs from the file: where and how (`step 3: after ... the state
    /// differs from the saved one`).
    Diverges(String),
}

impl SavedGame {
    /// Parses a saved game's JSON, refusing another format.
    pub fn parse(text: &str) -> Result<SavedGame, SaveError> {
        let saved: SavedGame = serde_json::from_str(text).map_err(|error| SaveError::NotASave(error.to_string()))?;
        if saved.format != FORMAT {
            return Err(SaveError::Format(saved.format));
        }
        Ok(saved)
    }

    /// The decks of seats 0 and 1 as cards of `set`, in the saved order (which the game's
    /// shuffle starts from), each checked as `rsc run` checks a deck file: a hand-made save
    /// could hold no card or a million of them.
    pub fn deck_cards(&self, set: &CardSet) -> Result<[Vec<DefIdx>; 2], SaveError> {
        let mut decks = [Vec::new(), Vec::new()];
        for ((seat, saved_deck), cards) in self.decks.iter().enumerate().zip(&mut decks) {
            let name_of = |id: &str| {
                set.by_id(id).and_then(|idx| set.card(idx)).map_or_else(String::new, |card| card.name.clone())
            };
            let deck = Deck::of_ids(saved_deck.name.clone(), saved_deck.cards.iter().map(String::as_str), name_of);
            deck::check_deck(Path::new(&saved_deck.path), deck, |id| set.by_id(id).is_some())
                .map_err(|error| SaveError::Deck { seat, name: saved_deck.name.clone(), problem: error.problem() })?;
            cards.extend(saved_deck.cards.iter().filter_map(|id| set.by_id(id)));
        }
        Ok(decks)
    }
}

/// Plays `saved` again on `set`, each seat's saved moves in order, and compares each step's
/// seat and state hash, and at the end the event log's hash, with the saved ones.
pub fn replay(saved: &SavedGame, set: &Arc<CardSet>) -> Result<Replayed, SaveError> {
    let decks = saved.deck_cards(set)?;
    let mut game =
        Game::new(Arc::clone(set), decks, saved.seed).map_err(|error| SaveError::Setup(error.to_string()))?;
    game.set_turn_limit(saved.turn_limit);
    let scripts: [Vec<_>; 2] =
        Seat::BOTH.map(|seat| saved.steps.iter().filter(|step| step.seat == seat).map(|step| step.mv).collect());
    let [first, second] = scripts;
    let mut seats: [Box<dyn Player>; 2] = [Box::new(ScriptedPlayer::new(first)), Box::new(ScriptedPlayer::new(second))];
    let options = PlayOptions { check_invariants: true, state_hashes: true, ..PlayOptions::default() };
    let mut divergence: Option<String> = None;
    let mut index = 0usize;
    let played = super::play(&mut game, &mut seats, &options, |_, step, _| {
        let expected = saved.steps.get(index);
        index += 1;
        match expected {
            Some(expected) if expected.seat != step.seat => {
                divergence = Some(format!("seat {} moved, the file has seat {}", step.seat, expected.seat));
            }
            Some(expected) if expected.hash.is_some() && expected.hash != step.hash => {
                divergence = Some(format!("after {:?} the state differs from the saved one", step.mv));
            }
            Some(_) => return ControlFlow::Continue(()),
            None => divergence = Some("the game goes on past the saved moves".into()),
        }
        ControlFlow::Break(())
    });
    let steps = played.steps.len();
    let failure = match (&divergence, &played.error) {
        (Some(what), _) => Some(format!("step {steps}: {what}")),
        (None, Some(PlayError::Player { step, message, .. })) => Some(format!("step {step}: {message}")),
        (None, Some(error)) => Some(error.to_string()),
        (None, None) if steps != saved.steps.len() => {
            Some(format!("step {}: the game ended here, the file has {} moves", steps, saved.steps.len()))
        }
        (None, None) => {
            let trace = hash::trace_hash(game.log());
            (trace != saved.trace_hash)
                .then(|| format!("step {steps}: the event log's hash differs from the saved one"))
        }
    };
    Ok(match failure {
        Some(message) => Replayed::Diverges(message),
        None => Replayed::Matches {
            steps,
            outcome: game.outcome().map_or_else(|| "not finished".to_owned(), ToString::to_string),
        },
    })
}
