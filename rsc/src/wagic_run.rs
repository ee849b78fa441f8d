//! `rsc run --lang wagic --cards FILE... --deck A --deck B [--seed N] [--sets DIR]
//! [--skip-uncompiled] [--turn-limit N]`: one seeded game of Magic between two Wagic decks,
//! played by random or greedy players (`--player`) on the Wagic table ([`wagic::play`]) and printed turn by
//! turn as `rsc run` prints a Card Fighters' Clash game, then the winner.
//!
//! A deck is a Wagic deck file (`#NAME:`, one card a line by Wagic id, named through
//! `--sets`) or lines of a card name with an optional count (`4 Grizzly Bears`). A line
//! naming a card the card files lack, an id no set file maps, or a card that does not
//! compile is an error at the deck's file and line, with its code, before the game starts
//! (exit 1); `--skip-uncompiled` leaves the cards that do not compile out (a warning
//! each) and plays the rest. Exit 0 for a game played to its end (a win or a draw), 1
//! for a deck with errors or a game the table stopped, 2 for a file that cannot be read.
//! With `--json`, the game is one JSON object per line ([`print_json`]). `--trace-hash`
//! ends with the BLAKE3 hash of the transcript; `--save FILE` writes the game for
//! `rsc replay` ([`crate::wagic_save`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use wagic::play::{self, Entry, Outcome, deck};
use wagic::table::P0;

use serde_json::json;

use crate::Exit;
use crate::render::{TerminalWriter, terminal_text};
use crate::wagic_save;

/// The most bytes of a deck file read.
const MAX_DECK_BYTES: u64 = 4 << 20;

/// The most errors printed for one deck (as `rsc check` prints at most 100 a file).
const MAX_DECK_ERRORS: usize = 100;

/// What `rsc run --lang wagic` was asked.
pub struct Options<'a> {
    pub cards: &'a [PathBuf],
    pub decks: &'a [PathBuf],
    pub sets: Option<&'a Path>,
    pub seed: u64,
    pub turn_limit: Option<u32>,
    pub skip_uncompiled: bool,
    /// One JSON object per line instead of text.
    pub json: bool,
    /// `--player` given zero, one (both seats) or two times.
    pub players: &'a [game::players::PlayerKind],
    /// End with the transcript's BLAKE3 hash.
    pub trace_hash: bool,
    /// Write the game to this file for `rsc replay`.
    pub save: Option<&'a Path>,
}

pub fn run(options: &Options<'_>) -> Exit {
    if options.cards.is_empty() {
        stderr_line!("error: `rsc run --lang wagic` needs the Wagic card files: `--cards mtg.txt ...`");
        return Exit::Usage;
    }
    let players = match crate::run::seat_players(options.players) {
        Ok(players) => players,
        Err(message) => {
            stderr_line!("error: {message}");
            return Exit::Usage;
        }
    };
    let mut kinds = [play::PlayerKind::Random; 2];
    for (kind, given) in kinds.iter_mut().zip(players) {
        *kind = match given {
            game::players::PlayerKind::Random => play::PlayerKind::Random,
            game::players::PlayerKind::Greedy => play::PlayerKind::Greedy,
            game::players::PlayerKind::Scripted => {
                stderr_line!("error: `--player scripted` is not for `--lang wagic` (random or greedy)");
                return Exit::Usage;
            }
        };
    }
    if options.decks.len() != 2 {
        stderr_line!("error: give two decks (--deck A.txt --deck B.txt), not {}", options.decks.len());
        return Exit::Usage;
    }
    if let Some(path) = options.save {
        // Before the card files compile: a wrong path is told at once, and no input is replaced.
        let mut inputs: Vec<PathBuf> = options.cards.iter().chain(options.decks).cloned().collect();
        inputs.extend(options.sets.map(Path::to_path_buf));
        if let Err(message) = crate::run::check_outputs(&[("--save", path)], &inputs) {
            stderr_line!("error: {}", terminal_text(&message));
            return Exit::Usage;
        }
    }
    let mut texts = Vec::new();
    for path in options.decks {
        match read_deck(path) {
            Ok(text) => texts.push(text),
            Err(message) => {
                stderr_line!("error: {message}");
                return Exit::Usage;
            }
        }
    }
    let loaded = match load_library(options.cards, options.sets) {
        Ok(loaded) => loaded,
        Err(message) => {
            stderr_line!("error: {}", terminal_text(&message));
            return Exit::Usage;
        }
    };
    let mut names = Vec::new();
    let mut decks = Vec::new();
    let mut failed = false;
    // A card that does not compile among the errors: `--skip-uncompiled` would help.
    let mut uncompiled = false;
    for (path, text) in options.decks.iter().zip(&texts) {
        match resolve_deck(path, text, &loaded, options.skip_uncompiled, Report::EveryLine) {
            Ok(deck) => {
                names.push(deck.name);
                decks.push(deck.cards);
            }
            Err(refused) => {
                failed = true;
                uncompiled |= refused.uncompiled;
                names.extend(refused.name);
            }
        }
    }
    if failed {
        if uncompiled && !options.skip_uncompiled {
            stderr_line!("note: `--skip-uncompiled` plays a deck without the cards that do not compile");
        }
        return Exit::Errors;
    }
    let library = &loaded.library;
    let game_options = play::Options {
        seed: options.seed,
        turn_limit: options.turn_limit.unwrap_or(play::DEFAULT_TURN_LIMIT),
        players: kinds,
    };
    let played = play::play(library, [&decks[0], &decks[1]], game_options);
    let transcript =
        played.transcript(options.seed, [names[0].as_str(), names[1].as_str()], kinds.map(play::PlayerKind::name));
    let trace = wagic_sim::trace_hash(&transcript);
    let stdout = std::io::BufWriter::new(std::io::stdout().lock());
    if options.json {
        // JSON escapes its own strings: the names are written as they are.
        let mut out = stdout;
        print_json(&mut out, options.seed, &played, &names, kinds);
        if options.trace_hash {
            let _ = writeln!(out, "{}", json!({"type": "trace_hash", "blake3": trace}));
        }
        let _ = out.flush();
    } else {
        let mut out = TerminalWriter(stdout);
        for line in &transcript {
            let _ = writeln!(out, "{line}");
        }
        if options.trace_hash {
            let _ = writeln!(out, "blake3:{trace}");
        }
        let _ = out.flush();
    }
    if let Some(path) = options.save {
        let saved = wagic_save::SavedWagicGame {
            format: wagic_save::FORMAT.to_owned(),
            engine: wagic_save::engine(),
            cards: options.cards.iter().map(|path| path.display().to_string()).collect(),
            sets: options.sets.map(|path| path.display().to_string()),
            cards_hash: loaded.sources_hash.clone(),
            decks: [0, 1].map(|seat| wagic_save::SavedDeck {
                name: names[seat].clone(),
                path: options.decks[seat].display().to_string(),
                cards: decks[seat].clone(),
            }),
            seed: options.seed,
            turn_limit: game_options.turn_limit,
            players: kinds.map(|kind| kind.name().to_owned()),
            outcome: outcome_line(&played.outcome, &names),
            transcript,
            trace_hash: trace,
        };
        let written = serde_json::to_string_pretty(&saved)
            .map_err(|error| error.to_string())
            .and_then(|text| game::output::write(path, (text + "\n").as_bytes()).map_err(|error| error.to_string()));
        if let Err(error) = written {
            stderr_line!("error: cannot write {}: {}", terminal_text(&path.display().to_string()), error);
            return Exit::Usage;
        }
    }
    if matches!(played.outcome, Outcome::Stopped { .. }) { Exit::Errors } else { Exit::Success }
}

/// The compiled cards of `--cards` and the ids of `--sets`.
pub(crate) struct Loaded {
    pub library: Arc<wagic::table::Library>,
    pub sets: Option<wagic::sets::Sets>,
    /// The hash of the card texts compiled and of their token printings
    /// (`wagic_sim::shard::cards_hash`).
    pub sources_hash: String,
}

/// Compiles the card files `cards` (with the whole cards of the set files in `sets`).
pub(crate) fn load_library(cards: &[PathBuf], sets: Option<&Path>) -> Result<Loaded, String> {
    let (sets, whole_cards) = match sets.map(crate::wagic_test::read_sets).transpose()? {
        Some((sets, whole_cards)) => (Some(sets), whole_cards),
        None => (None, Vec::new()),
    };
    let (library, sources_hash) = crate::wagic_test::compile_cards_hashed(cards, whole_cards, sets.as_ref())?;
    Ok(Loaded { library: Arc::new(library), sets, sources_hash })
}

/// The text of the deck file `path` (a note on stderr for a card line that is not UTF-8),
/// or why it cannot be read.
pub(crate) fn read_deck(path: &Path) -> Result<String, String> {
    match game::bounded::read_bytes(path, MAX_DECK_BYTES) {
        Ok(bytes) => {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            if std::str::from_utf8(&bytes).is_err() {
                // Read on (Wagic's own decks carry Latin-1 comments), but a card line
                // with a byte that is not UTF-8 names no card: say which.
                let card_line = text.lines().position(|line| {
                    !line.trim_start().trim_start_matches('\u{feff}').starts_with('#') && line.contains('\u{fffd}')
                });
                if let Some(index) = card_line {
                    let shown = terminal_text(&path.display().to_string()).into_owned();
                    stderr_line!(
                        "note: {shown}:{}: not UTF-8: a name with such a byte matches no card (save the deck as UTF-8)",
                        index + 1
                    );
                }
            }
            Ok(text)
        }
        Err(error) => {
            let why = match error {
                game::bounded::ReadError::TooLarge(_) => format!("larger than {} MiB", MAX_DECK_BYTES >> 20),
                game::bounded::ReadError::Io(error) => error.to_string(),
            };
            Err(format!("cannot read `{}`: {why}", terminal_text(&path.display().to_string())))
        }
    }
}

/// How much [`resolve_deck`] says on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Report {
    /// Each error, each card left out, and the notes (`rsc run`, a sim of two decks).
    EveryLine,
    /// Nothing: the caller sums the deck up in a line (a sim of a folder of decks).
    Quiet,
}

/// A deck a game can play.
pub(crate) struct Deck {
    /// Its `#NAME:`, or the file's stem.
    pub name: String,
    /// The card names a game plays, in deck order.
    pub cards: Vec<String>,
    /// Cards of the main deck the file lists.
    pub total: usize,
}

/// A deck no game can play.
pub(crate) struct Refused {
    /// Its name, when its file could be read as a deck.
    pub name: Option<String>,
    /// Whether a card that does not compile is among its errors.
    pub uncompiled: bool,
    /// Its errors.
    pub errors: Vec<deck::DeckError>,
}

/// The deck of the file `path` (its text `text`), resolved against `loaded`'s cards.
pub(crate) fn resolve_deck(
    path: &Path,
    text: &str,
    loaded: &Loaded,
    skip_uncompiled: bool,
    report: Report,
) -> Result<Deck, Refused> {
    let verbose = report == Report::EveryLine;
    let shown = terminal_text(&path.display().to_string()).into_owned();
    let mut total = 0usize;
    let mut name = None;
    let resolved = deck::read(text).map_err(|error| vec![error]).and_then(|read| {
        name = Some(if read.name.is_empty() {
            path.file_stem().map_or_else(String::new, |stem| stem.to_string_lossy().into_owned())
        } else {
            read.name.clone()
        });
        total = read.lines.iter().map(|line| line.count as usize).sum();
        if let Some(first) = read.sideboard.first()
            && verbose
        {
            let count = read.sideboard.len();
            let lines = if count == 1 { "line" } else { "lines" };
            stderr_line!("note: {shown}:{first}: {count} sideboard {lines} not played (a game plays the main deck)");
        }
        deck::resolve(&read, &loaded.library, loaded.sets.as_ref(), skip_uncompiled)
    });
    match resolved {
        Ok((cards, left_out)) => {
            if verbose {
                for error in &left_out {
                    stderr_line!("warning: {shown}:{}: left out: {}", error.line, terminal_text(&error.message));
                }
                if skip_uncompiled {
                    let played = cards.len();
                    let left = total.saturating_sub(played);
                    stderr_line!("note: {shown}: {left} of {total} cards left out, {played} played");
                }
                // A deck that cannot give its player a first draw loses at once: say why.
                let smallest = usize::try_from(play::OPENING_HAND).unwrap_or(7) + 1;
                if cards.len() < smallest {
                    let played = cards.len();
                    stderr_line!(
                        "note: {shown}: {played} cards, fewer than an opening hand and one draw ({smallest}): \
                         its player loses on drawing from an empty library"
                    );
                }
            }
            Ok(Deck { name: name.unwrap_or_default(), cards, total })
        }
        Err(errors) => {
            let uncompiled = errors.iter().any(|error| error.code == "deck-not-compiled");
            if verbose {
                for error in errors.iter().take(MAX_DECK_ERRORS) {
                    let message = terminal_text(&error.message);
                    if error.line == 0 {
                        // The deck as a whole (`deck-empty`): no line to point at.
                        stderr_line!("error[{}]: {shown}: {message}", error.code);
                    } else {
                        stderr_line!("error[{}]: {shown}:{}: {message}", error.code, error.line);
                    }
                }
                if errors.len() > MAX_DECK_ERRORS {
                    stderr_line!("note: {shown}: {} more errors not shown", errors.len() - MAX_DECK_ERRORS);
                }
            }
            Err(Refused { name, uncompiled, errors })
        }
    }
}

/// How a game ended, in a line of a saved game: who won (seat and deck) and why.
fn outcome_line(outcome: &Outcome, names: &[String]) -> String {
    match outcome {
        Outcome::Won { winner, reason } => {
            let seat = usize::from(*winner != P0);
            format!("p{seat} ({}) won: {reason}", names.get(seat).map_or("", String::as_str))
        }
        Outcome::Drawn { reason } => format!("a draw: {reason}"),
        Outcome::Stopped { reason } => format!("the game stopped: {reason}"),
    }
}

/// The game as one JSON object per line: `game` (seed, decks), then `turn_start`, `event`
/// and `turn_end` objects in order, then `result` (winner, its deck, outcome, turns,
/// decisions, whether the table stopped the game).
fn print_json(out: &mut impl Write, seed: u64, played: &play::Played, names: &[String], kinds: [play::PlayerKind; 2]) {
    let players = [kinds[0].name(), kinds[1].name()];
    let _ = writeln!(out, "{}", json!({"type": "game", "seed": seed, "decks": names, "players": players}));
    for entry in &played.log {
        let line = match entry {
            Entry::TurnStart { turn, player } => {
                json!({"type": "turn_start", "turn": turn, "player": usize::from(*player != P0)})
            }
            Entry::Event { phase, text } => json!({"type": "event", "phase": phase.name(), "text": text}),
            Entry::TurnEnd { turn, life, hand, library } => {
                json!({"type": "turn_end", "turn": turn, "life": life, "hand": hand, "library": library})
            }
        };
        let _ = writeln!(out, "{line}");
    }
    let winner = match &played.outcome {
        Outcome::Won { winner, .. } => Some(usize::from(*winner != P0)),
        _ => None,
    };
    let line = json!({
        "type": "result",
        "winner": winner,
        "deck": winner.and_then(|index| names.get(index)),
        "outcome": played.outcome.to_string(),
        "stopped": matches!(played.outcome, Outcome::Stopped { .. }),
        "turns": played.turns,
        "decisions": played.decisions,
    });
    let _ = writeln!(out, "{line}");
}
