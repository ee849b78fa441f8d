//! A game of Wagic cards saved by `rsc run --lang wagic --save FILE`, and `rsc replay FILE`
//! for such a file: the game played again from what it was played from, its transcript
//! compared line by line with the saved one.
//!
//! A Wagic game's players are the built-in random and greedy players, which choose from the
//! game's seed: the seed, the players, the decks' cards in order and the card files make the
//! same game again. The file (`rsc-wagic-game/1`, JSON) holds those, the hash of the card
//! texts compiled, and the transcript `rsc run --lang wagic` printed, with its BLAKE3 hash
//! (the trace hash, which `--trace-hash` prints: [`wagic_sim::trace_hash`]). A replay that differs names the first line
//! that differs, its turn and both texts: a change to a card, to the table or to a player
//! shows where it first changes the game.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use wagic::play;
use wagic::table::Missing;

use crate::Exit;
use crate::render::terminal_text;

/// The format a saved Wagic game names.
pub const FORMAT: &str = "rsc-wagic-game/1";

/// The engine that plays Wagic games, as a saved game names it (`wagic 0.1.0`).
pub fn engine() -> String {
    format!("wagic {}", env!("CARGO_PKG_VERSION"))
}

/// A game of Wagic cards, as `rsc run --lang wagic --save` writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedWagicGame {
    /// [`FORMAT`].
    pub format: String,
    /// The engine that played it ([`engine`]).
    pub engine: String,
    /// The Wagic card files, as given to `--cards` (relative to where the game was saved).
    pub cards: Vec<String>,
    /// Wagic's `Res/sets` folder given to `--sets`, if any.
    pub sets: Option<String>,
    /// The hash of the card texts compiled and their token printings
    /// (`wagic_sim::shard::cards_hash`).
    pub cards_hash: String,
    /// The decks in seats 0 and 1.
    pub decks: [SavedDeck; 2],
    /// The game's seed.
    pub seed: u64,
    /// Turns after which the game is a draw.
    pub turn_limit: u32,
    /// Each seat's built-in player (`random` or `greedy`).
    pub players: [String; 2],
    /// How it ended, as the transcript's last lines say.
    pub outcome: String,
    /// The game as `rsc run --lang wagic` printed it, one line an entry.
    pub transcript: Vec<String>,
    /// BLAKE3 of the transcript ([`wagic_sim::trace_hash`]).
    pub trace_hash: String,
}

/// A deck of a saved Wagic game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedDeck {
    /// Its name (`#NAME:`, or the file's stem).
    pub name: String,
    /// Its file, as given to `--deck`.
    pub path: String,
    /// The cards played, by name as the card files write them, in deck order.
    pub cards: Vec<String>,
}

/// The built-in player named `name` in a saved game.
fn player_named(name: &str) -> Option<play::PlayerKind> {
    [play::PlayerKind::Random, play::PlayerKind::Greedy].into_iter().find(|kind| kind.name() == name)
}

/// Plays `rsc replay FILE` for a saved Wagic game (`text`, the file's contents), its card
/// files and sets taken from `cards` and `sets` when given: exit 0 when the transcript
/// matches, 1 at the first line that differs, 2 when the file, a card file or a deck card
/// cannot be used.
pub fn replay(file: &Path, text: &str, cards: &[PathBuf], sets: Option<&Path>) -> Exit {
    match replay_checked(file, text, cards, sets) {
        Ok(exit) => exit,
        Err(message) => {
            stderr_line!("error: {}", terminal_text(&message));
            Exit::Usage
        }
    }
}

fn replay_checked(file: &Path, text: &str, cards: &[PathBuf], sets: Option<&Path>) -> Result<Exit, String> {
    let shown = file.display();
    let saved: SavedWagicGame =
        serde_json::from_str(text).map_err(|error| format!("{shown}: not a saved Wagic game: {error}"))?;
    if saved.format != FORMAT {
        return Err(format!("{shown}: format `{}`, not `{FORMAT}`", saved.format));
    }
    let players = saved.players.clone().map(|name| player_named(&name).ok_or(name));
    let players = match players {
        [Ok(first), Ok(second)] => [first, second],
        [Err(name), _] | [_, Err(name)] => {
            return Err(format!("{shown}: player `{name}` is not a built-in player (random or greedy)"));
        }
    };
    if saved.turn_limit == 0 {
        return Err(format!("{shown}: a turn limit of 0 (a game has at least one turn)"));
    }
    let card_paths: Vec<PathBuf> =
        if cards.is_empty() { saved.cards.iter().map(PathBuf::from).collect() } else { cards.to_vec() };
    let sets_path = sets.map(Path::to_path_buf).or_else(|| saved.sets.as_ref().map(PathBuf::from));
    let loaded = crate::wagic_run::load_library(&card_paths, sets_path.as_deref()).map_err(|message| {
        if cards.is_empty() && sets.is_none() {
            format!(
                "{message}\n  hint: {shown} was saved with the card files {:?} and the sets {:?} (relative to where \
                 it was saved); give them with --cards FILE... and --sets DIR",
                saved.cards, saved.sets
            )
        } else {
            message
        }
    })?;
    let library = &loaded.library;
    for (seat, deck) in saved.decks.iter().enumerate() {
        for name in &deck.cards {
            match library.rules_of(name) {
                Ok(_) => {}
                Err(Missing::Unknown) => {
                    return Err(format!(
                        "{shown}: deck p{seat} ({}): `{name}` is not a card of the card files",
                        deck.name
                    ));
                }
                Err(Missing::NotCompiled(why)) => {
                    return Err(format!("{shown}: deck p{seat} ({}): `{name}` does not compile: {why}", deck.name));
                }
            }
        }
    }
    let mut warnings = Vec::new();
    if loaded.sources_hash != saved.cards_hash {
        warnings.push("the card files changed since the game was saved".to_string());
    }
    if saved.engine != engine() {
        warnings.push(format!("saved by {}, replayed by {}", saved.engine, engine()));
    }
    for warning in &warnings {
        stderr_line!("warning: {}", terminal_text(warning));
    }
    let options = play::Options { seed: saved.seed, turn_limit: saved.turn_limit, players };
    let played = play::play(library, [&saved.decks[0].cards, &saved.decks[1].cards], options);
    let names = [saved.decks[0].name.as_str(), saved.decks[1].name.as_str()];
    let transcript = played.transcript(saved.seed, names, players.map(play::PlayerKind::name));
    let mut out = std::io::stdout().lock();
    match first_difference(&saved.transcript, &transcript) {
        None => {
            let steps = transcript.len();
            let outcome = terminal_text(&saved.outcome);
            let _ = writeln!(
                out,
                "replay matches: {steps} lines, {outcome}, blake3:{}",
                wagic_sim::trace_hash(&transcript)
            );
            Ok(Exit::Success)
        }
        Some(difference) => {
            let _ = writeln!(out, "{}", terminal_text(&difference));
            Ok(Exit::Errors)
        }
    }
}

/// Where the replayed transcript first differs from the saved one: its line, turn and
/// both texts; `None` when they are the same.
fn first_difference(saved: &[String], replayed: &[String]) -> Option<String> {
    let index = (0..saved.len().max(replayed.len())).find(|&index| saved.get(index) != replayed.get(index))?;
    let turn = saved[..index.min(saved.len())]
        .iter()
        .rev()
        .find_map(|line| line.strip_prefix("── turn ").and_then(|rest| rest.split(':').next()))
        .map_or_else(|| "before the first turn".to_string(), |turn| format!("turn {turn}"));
    let text =
        |line: Option<&String>| line.map_or_else(|| "(the game had ended)".to_string(), |line| format!("`{line}`"));
    Some(format!(
        "replay diverges at line {} ({turn}):\n  saved:    {}\n  replayed: {}",
        index + 1,
        text(saved.get(index)),
        text(replayed.get(index))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|line| line.to_string()).collect()
    }

    #[test]
    fn the_first_different_line_is_named_with_its_turn() {
        let saved = lines(&["seed 1", "── turn 1: p0 (a) ──", "  main1 A", "── turn 2: p1 (b) ──", "  main1 B"]);
        let mut replayed = saved.clone();
        replayed[4] = "  main1 C".into();
        assert_eq!(
            first_difference(&saved, &replayed).as_deref(),
            Some("replay diverges at line 5 (turn 2):\n  saved:    `  main1 B`\n  replayed: `  main1 C`")
        );
        assert_eq!(first_difference(&saved, &saved), None);
    }

    #[test]
    fn a_replay_that_ends_early_or_late_says_so() {
        let saved = lines(&["seed 1", "  opening hand x"]);
        let longer = lines(&["seed 1", "  opening hand x", "── turn 1: p0 (a) ──"]);
        assert_eq!(
            first_difference(&saved, &longer).as_deref(),
            Some(
                "replay diverges at line 3 (before the first turn):\n  saved:    (the game had ended)\n  \
                 replayed: `── turn 1: p0 (a) ──`"
            )
        );
        assert!(first_difference(&longer, &saved).is_some_and(|text| text.ends_with("replayed: (the game had ended)")));
    }
}
