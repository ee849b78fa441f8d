//! `rsc replay FILE`: plays a game saved by `rsc run --save` again, move by move, and
//! checks each step's state hash against the saved one. Exit 0 when the whole trace
//! matches, 1 at the first step that differs (named with what differs), 2 when the file
//! or the set cannot be read or a deck of the file breaks the deck rules. The format and
//! the replay are `game::sim::save`'s. A saved Wagic game (`rsc-wagic-game/1`) is
//! replayed by [`crate::wagic_save`].

use std::path::{Path, PathBuf};

use game::bounded::{self, ReadError};
use game::sim::save::{self, MAX_SAVED_BYTES, Replayed, SaveError, SavedGame};

use crate::Exit;
use crate::render::terminal_text;
use crate::run::load_set;

/// A saved game's format, read before the rest.
#[derive(serde::Deserialize)]
struct Format {
    format: Option<String>,
}

pub fn run(file: &Path, set_override: Option<&Path>, cards: &[PathBuf], sets: Option<&Path>) -> Exit {
    let wagic_option = if cards.is_empty() { sets.map(|_| "--sets") } else { Some("--cards") };
    let text = match read_saved(file) {
        Ok(text) => text,
        Err(message) => {
            stderr_line!("error: {}", terminal_text(&message));
            return Exit::Usage;
        }
    };
    let format = serde_json::from_str::<Format>(&text).ok().and_then(|read| read.format);
    // A file cut short is still told as the Wagic game its opening names.
    let opening = text.char_indices().nth(256).map_or(text.as_str(), |(at, _)| &text[..at]);
    let wagic = format
        .as_deref()
        .map_or(opening.contains(crate::wagic_save::FORMAT), |format| format == crate::wagic_save::FORMAT);
    if wagic {
        if set_override.is_some() {
            stderr_line!(
                "error: `--set` is for a saved Card Fighters' Clash game: give a Wagic game's card files with --cards"
            );
            return Exit::Usage;
        }
        return crate::wagic_save::replay(file, &text, cards, sets);
    }
    if let Some(option) = wagic_option {
        stderr_line!("error: `{option}` is for a saved Wagic game (`rsc run --lang wagic --save`)");
        return Exit::Usage;
    }
    match replay(file, &text, set_override) {
        Ok(exit) => exit,
        Err(message) => {
            stderr_line!("error: {}", terminal_text(&message));
            Exit::Usage
        }
    }
}

/// The text of the saved game `file`, or why it cannot be read.
fn read_saved(file: &Path) -> Result<String, String> {
    bounded::read_text(file, MAX_SAVED_BYTES).map_err(|failure| match failure {
        ReadError::Io(error) => format!("{}: {error}", file.display()),
        ReadError::TooLarge(size) => format!("{}: {size}, more than a saved game may have", file.display()),
    })
}

fn replay(file: &Path, text: &str, set_override: Option<&Path>) -> Result<Exit, String> {
    let in_file = |error: SaveError| match error {
        SaveError::Setup(_) => error.to_string(),
        _ => format!("{}: {error}", file.display()),
    };
    let saved = SavedGame::parse(text).map_err(in_file)?;
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
    let engine = save::engine();
    if saved.engine != engine {
        warnings.push(format!("saved by {}, replayed by {engine}", saved.engine));
    }
    for warning in &warnings {
        stderr_line!("warning: {}", terminal_text(warning));
    }
    match save::replay(&saved, &loaded.set).map_err(in_file)? {
        Replayed::Diverges(message) => {
            crate::print_stdout(&format!("replay diverges at {}\n", terminal_text(&message)));
            Ok(Exit::Errors)
        }
        Replayed::Matches { steps, outcome } => {
            crate::print_stdout(&format!("replay matches: {steps} steps, {outcome}, blake3:{}\n", saved.trace_hash));
            Ok(Exit::Success)
        }
    }
}
