//! `rsc replay FILE`: plays a game saved by `rsc run --save` again, move by move, and
//! checks each step's state hash against the saved one. Exit 0 when the whole trace
//! matches, 1 at the first step that differs (named with what differs), 2 when the file
//! or the set cannot be read or a deck of the file breaks the deck rules.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use game::bounded::{self, ReadError};
use game::deck::{self, Deck};
use game::players::{Player, PlayerKind, ScriptedPlayer};
use game::sim::{self, PlayError, PlayOptions, Step, hash};
use game::{Game, Seat};
use serde::{Deserialize, Serialize};

use crate::Exit;
use crate::render::terminal_text;
use crate::run::load_set;

/// The saved-game format this version writes and reads.
pub const FORMAT: &str = "rsc-game/1";

/// Largest saved game read (a long game is a few megabytes).
const MAX_SAVED_BYTES: u64 = 256 << 20;

/// A game saved by `rsc run --save`: everything that replays it.
#[derive(Debug, Serialize, Deserialize)]
pub struct SavedGame {
    /// [`FORMAT`].
    pub format: String,
    /// The engine that played it (`game 0.1.0`).
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
#[derive(Debug, Serialize, Deserialize)]
pub struct SavedSet {
    /// The folder it was read from.
    pub path: String,
    /// BLAKE3 of its files.
    pub hash: String,
}

/// A deck of a saved game (its cards are kept, so the deck file is not needed).
#[derive(Debug, Serialize, Deserialize)]
pub struct SavedDeck {
    pub name: String,
    pub path: String,
    /// BLAKE3 of the deck file.
    pub hash: String,
    /// Card ids, one per copy, in file order.
    pub cards: Vec<String>,
}

pub fn run(file: &Path, set_override: Option<&Path>) -> Exit {
    match replay(file, set_override) {
        Ok(exit) => exit,
        Err(message) => {
            stderr_line!("error: {}", terminal_text(&message));
            Exit::Usage
        }
    }
}

fn replay(file: &Path, set_override: Option<&Path>) -> Result<Exit, String> {
    let text = bounded::read_text(file, MAX_SAVED_BYTES).map_err(|failure| match failure {
        ReadError::Io(error) => format!("{}: {error}", file.display()),
        ReadError::TooLarge(size) => format!("{}: {size}, more than a saved game may have", file.display()),
    })?;
    let saved: SavedGame =
        serde_json::from_str(&text).map_err(|error| format!("{}: not a saved game: {error}", file.display()))?;
    if saved.format != FORMAT {
        return Err(format!("{}: format {:?}, this rsc reads {FORMAT:?}", file.display(), saved.format));
    }
    let dir = set_override.map_or_else(|| PathBuf::from(&saved.set.path), Path::to_path_buf);
    let loaded = load_set(&dir).map_err(|message| match set_override {
        Some(_) => message,
        None => format!(
            "{message}\n  hint: {} was saved with the card set at {:?} (relative to where it was saved); \
             give the set's folder with --set DIR",
            file.display(),
            saved.set.path
        ),
    })?;
    let mut warnings = Vec::new();
    if loaded.hash != saved.set.hash {
        warnings.push(format!("the card set in {} changed since the game was saved", dir.display()));
    }
    let engine = format!("game {}", env!("CARGO_PKG_VERSION"));
    if saved.engine != engine {
        warnings.push(format!("saved by {}, replayed by {engine}", saved.engine));
    }
    for warning in &warnings {
        stderr_line!("warning: {}", terminal_text(warning));
    }
    let set = &loaded.set;
    let mut decks = [Vec::new(), Vec::new()];
    for ((seat, saved_deck), cards) in saved.decks.iter().enumerate().zip(&mut decks) {
        // Checked as `rsc run` checks a deck file: a hand-made save could hold no card or a
        // million of them.
        let name_of =
            |id: &str| set.by_id(id).and_then(|idx| set.card(idx)).map_or_else(String::new, |card| card.name.clone());
        let deck = Deck::of_ids(saved_deck.name.clone(), saved_deck.cards.iter().map(String::as_str), name_of);
        deck::check_deck(file, deck, |id| set.by_id(id).is_some()).map_err(|error| {
            format!("{}: seat {seat}'s deck {:?}: {}", file.display(), saved_deck.name, error.problem())
        })?;
        // In the saved order, which the game's shuffle starts from.
        cards.extend(saved_deck.cards.iter().filter_map(|id| set.by_id(id)));
    }
    let mut game = Game::new(Arc::clone(&loaded.set), decks, saved.seed).map_err(|error| error.to_string())?;
    game.set_turn_limit(saved.turn_limit);
    let scripts: [Vec<_>; 2] =
        Seat::BOTH.map(|seat| saved.steps.iter().filter(|step| step.seat == seat).map(|step| step.mv).collect());
    let [first, second] = scripts;
    let mut seats: [Box<dyn Player>; 2] = [Box::new(ScriptedPlayer::new(first)), Box::new(ScriptedPlayer::new(second))];
    let options = PlayOptions { check_invariants: true, state_hashes: true, ..PlayOptions::default() };
    let mut divergence: Option<String> = None;
    let mut index = 0usize;
    let played = sim::play(&mut game, &mut seats, &options, |_, step, _| {
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
    match failure {
        Some(message) => {
            crate::print_stdout(&format!("replay diverges at {}\n", terminal_text(&message)));
            Ok(Exit::Errors)
        }
        None => {
            let outcome = game.outcome().map_or_else(|| "not finished".to_owned(), ToString::to_string);
            crate::print_stdout(&format!("replay matches: {steps} steps, {outcome}, blake3:{}\n", saved.trace_hash));
            Ok(Exit::Success)
        }
    }
}
