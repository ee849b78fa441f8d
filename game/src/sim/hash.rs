//! Hashes of a game (BLAKE3): the state after a step, which a saved game keeps so a
//! replay finds the first step that differs, and the whole event log (`--trace-hash`);
//! and of the files a game is played from (a card set's folder, a deck).

use std::path::{Path, PathBuf};

use crate::Game;
use crate::bounded;
use crate::log::Log;
use crate::set::MAX_SET_FILE_BYTES;

/// The BLAKE3 hash, in hex, of the board after a step: every card, both players, turn,
/// phase, the game's random stream, the pending question and the log's length. The log
/// itself is left out (it only grows: its length and [`trace_hash`] cover it).
pub fn state_hash(game: &Game) -> String {
    let state = game.state();
    let mut hasher = blake3::Hasher::new();
    let pending = game.pending().map(|exec| {
        let request = exec.request();
        (request.chooser.0, request.min, request.max, exec.candidates().len())
    });
    let fields = (
        &state.cards,
        &state.players,
        (state.turn, state.active, state.phase, &state.outcome),
        &state.rng,
        (&state.agenda, &state.picks, pending, state.log.len()),
    );
    // Writing to a hasher cannot fail, and every field is plain data.
    let _ = serde_json::to_writer(&mut hasher, &fields);
    hasher.finalize().to_hex().to_string()
}

/// The BLAKE3 hash, in hex, of a complete event log: each entry as one line of JSON.
pub fn trace_hash(log: Log<'_>) -> String {
    let mut hasher = blake3::Hasher::new();
    for entry in log {
        let _ = serde_json::to_writer(&mut hasher, &entry);
        hasher.update(b"\n");
    }
    hasher.finalize().to_hex().to_string()
}

/// The BLAKE3 hash, in hex, of some bytes (a deck file, a card set's files).
pub fn content_hash(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

/// A card set's files, in name order: `cards.json` and every `.rules` file of `dir`.
pub fn set_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|error| format!("{}: {error}", dir.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rules") || path.ends_with("cards.json"))
        .collect();
    names.sort();
    Ok(names)
}

/// The BLAKE3 hash, in hex, of a card set's files: `cards.json` and every `.rules` file of
/// `dir`, in name order, each as its name, its length and its bytes. Saved games and sim
/// configurations name their set by it.
pub fn set_files_hash(dir: &Path) -> Result<String, String> {
    let mut hasher = blake3::Hasher::new();
    for path in &set_files(dir)? {
        let bytes = bounded::read_bytes(path, MAX_SET_FILE_BYTES).map_err(|error| {
            format!("{}: {}", path.display(), error.into_io(MAX_SET_FILE_BYTES, "a card set's file"))
        })?;
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        hasher.update(name.as_bytes());
        hasher.update(&(bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    Ok(hasher.finalize().to_hex().to_string())
}
