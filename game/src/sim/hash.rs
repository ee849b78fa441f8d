//! Hashes of a game (BLAKE3): the state after a step, which a saved game keeps so a
//! replay finds the first step that differs, and the whole event log (`--trace-hash`).

use crate::Game;
use crate::log::LogEntry;

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
pub fn trace_hash(log: &[LogEntry]) -> String {
    let mut hasher = blake3::Hasher::new();
    for entry in log {
        let _ = serde_json::to_writer(&mut hasher, entry);
        hasher.update(b"\n");
    }
    hasher.finalize().to_hex().to_string()
}

/// The BLAKE3 hash, in hex, of some bytes (a deck file, a card set's files).
pub fn content_hash(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}
