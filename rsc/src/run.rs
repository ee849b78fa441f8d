//! `rsc run`: one seeded game between two decks, printed turn by turn (or as JSON lines),
//! with its trace hash and, with `--save`, a file `rsc replay` plays again. Also the
//! loading of a card set and its decks that `rsc replay` and `rsc sim` share.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use game::deck::{self, DeckError};
use game::log::{Log, LogKind};
use game::players::PlayerKind;
use game::sim::save::{self, SavedDeck, SavedGame, SavedSet};
use game::sim::{self, PlayOptions, hash};
use game::state::GameState;
use game::{CardSet, DefIdx, Game, Seat};
use serde_json::json;

use crate::render::{TerminalWriter, terminal_text};
use crate::{Exit, Failure};

/// A card set with the hash of its files.
pub struct LoadedSet {
    pub dir: PathBuf,
    pub set: Arc<CardSet>,
    /// BLAKE3 of `cards.json` and every `.rules` file of the folder, by name.
    pub hash: String,
}

/// A deck that passed the deck rules, as the set's cards.
#[derive(Clone)]
pub struct LoadedDeck {
    pub name: String,
    pub path: PathBuf,
    pub hash: String,
    /// Card ids, one per copy, in file order.
    pub ids: Vec<String>,
    pub cards: Vec<DefIdx>,
}

/// Loads the card set in `dir`.
pub fn load_set(dir: &Path) -> Result<LoadedSet, String> {
    let set = CardSet::load(dir).map_err(|error| format!("cannot load the card set {}: {error}", dir.display()))?;
    let hash = hash::set_files_hash(dir)?;
    Ok(LoadedSet { dir: dir.to_path_buf(), set: Arc::new(set), hash })
}

/// Loads and checks the deck at `path` against `set`: a deck that cannot be read is an IO
/// error (exit 2), one that breaks a deck rule an error in the input (exit 1).
pub fn load_deck(set: &CardSet, path: &Path) -> Result<LoadedDeck, Failure> {
    let refused = |error: DeckError| match error {
        DeckError::Io { .. } => Failure::from(error.to_string()),
        _ => Failure::input(error.to_string()),
    };
    // Read once, so that the hash is of the deck that was checked.
    let text = deck::read_deck_text(path).map_err(refused)?;
    let deck = deck::deck_of_text(path, &text, |id| set.by_id(id).is_some()).map_err(refused)?;
    let ids: Vec<String> = deck.card_ids().into_iter().map(str::to_owned).collect();
    let cards = ids.iter().filter_map(|id| set.by_id(id)).collect();
    Ok(LoadedDeck { name: deck.name, path: path.to_path_buf(), hash: hash::content_hash(text.as_bytes()), ids, cards })
}

/// The player of each seat from `--player` given zero, one (both seats) or two times.
pub fn seat_players(given: &[PlayerKind]) -> Result<[PlayerKind; 2], String> {
    match given {
        [] => Ok([PlayerKind::Random; 2]),
        [one] => Ok([*one; 2]),
        [a, b] => Ok([*a, *b]),
        _ => Err(format!("--player is given {} times: once for both seats, or twice", given.len())),
    }
}

/// What `rsc run` was asked.
pub struct Options<'a> {
    pub set: &'a Path,
    pub decks: &'a [PathBuf],
    pub seed: u64,
    pub players: &'a [PlayerKind],
    pub json: bool,
    pub trace_hash: bool,
    pub save: Option<&'a Path>,
    pub turn_limit: Option<u32>,
}

pub fn run(options: &Options<'_>) -> Exit {
    match play_one(options) {
        Ok(exit) => exit,
        Err(failure) => {
            stderr_line!("error: {}", terminal_text(&failure.message));
            failure.exit
        }
    }
}

/// Fails unless `path` can be written (see [`game::output::check_writable`]), so that a
/// long run does not end on an unwritable output. Nothing is changed.
pub fn check_writable(path: &Path) -> Result<(), String> {
    game::output::check_writable(path).map_err(|error| format!("cannot write {}: {error}", path.display()))
}

/// Fails unless every path of `outputs` can be written (see [`check_writable`]) without
/// replacing a file the command reads (`inputs`: a deck, a file of the card set, a tally)
/// or another of its outputs: a report written over a deck would lose the deck, and of two
/// outputs in one file only the last would be left.
pub fn check_outputs(outputs: &[(&str, &Path)], inputs: &[PathBuf]) -> Result<(), String> {
    for (index, (option, output)) in outputs.iter().enumerate() {
        check_writable(output)?;
        // Writing to a device or a pipe (`/dev/null`, `/dev/stdout`) replaces no file.
        if std::fs::metadata(output).is_ok_and(|metadata| !metadata.is_file()) {
            continue;
        }
        if let Some(input) = inputs.iter().find(|input| same_file(output, input)) {
            return Err(format!(
                "cannot write {}: {option} would replace {}, which this command reads",
                output.display(),
                input.display()
            ));
        }
        if let Some((other, _)) = outputs[..index].iter().find(|(_, other)| same_file(output, other)) {
            return Err(format!("cannot write {}: {other} and {option} name the same file", output.display()));
        }
    }
    Ok(())
}

/// Whether `a` and `b` name one file: where both exist, the same file by any name (a
/// symbolic or a hard link, `..`); else the same path once their folders are resolved.
fn same_file(a: &Path, b: &Path) -> bool {
    if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b))
        && let (Some(a), Some(b)) = (file_identity(&a), file_identity(&b))
    {
        return a == b;
    }
    resolved(a).is_some_and(|a| resolved(b) == Some(a))
}

/// The device and inode of a file, which all its names share.
#[cfg(unix)]
fn file_identity(metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn file_identity(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// `path` with its folder resolved (symbolic links, `..`), so that two names of one file
/// compare equal whether or not the file exists yet; `None` when its folder is missing.
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(canonical) = std::fs::canonicalize(path) {
        return Some(canonical);
    }
    let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(Path::new("."));
    Some(std::fs::canonicalize(folder).ok()?.join(path.file_name()?))
}

/// The files `rsc run` and `rsc sim` read: the set's `cards.json` and `.rules` files, and
/// the decks (with `all_decks`, every `.o8d` file of the set's `decks/`). A folder that
/// cannot be listed adds nothing: loading it reports why.
pub fn input_files(set: &Path, decks: &[PathBuf], all_decks: bool) -> Vec<PathBuf> {
    let mut files = hash::set_files(set).unwrap_or_default();
    files.extend_from_slice(decks);
    if all_decks && let Ok(entries) = std::fs::read_dir(set.join("decks")) {
        files.extend(entries.filter_map(Result::ok).map(|entry| entry.path()));
    }
    files
}

fn play_one(options: &Options<'_>) -> Result<Exit, Failure> {
    if options.decks.len() != 2 {
        return Err(format!("give two decks (--deck A.o8d --deck B.o8d), not {}", options.decks.len()).into());
    }
    let players = seat_players(options.players)?;
    if players.contains(&PlayerKind::Scripted) {
        return Err("a scripted player plays saved games: use `rsc replay FILE`".into());
    }
    if let Some(path) = options.save {
        check_outputs(&[("--save", path)], &input_files(options.set, options.decks, false))?;
    }
    let loaded = load_set(options.set)?;
    let decks = [load_deck(&loaded.set, &options.decks[0])?, load_deck(&loaded.set, &options.decks[1])?];
    let mut game = Game::new(Arc::clone(&loaded.set), [decks[0].cards.clone(), decks[1].cards.clone()], options.seed)
        .map_err(|error| error.to_string())?;
    if let Some(limit) = options.turn_limit {
        game.set_turn_limit(limit);
    }
    let mut seats = [players[0].create(options.seed, Seat::FIRST), players[1].create(options.seed, Seat::SECOND)];
    let stdout = std::io::BufWriter::new(std::io::stdout().lock());
    // Card and deck names come from the set's files: escaped for a terminal, except in JSON
    // (which escapes its own strings).
    let mut out: Box<dyn Write> = if options.json { Box::new(stdout) } else { Box::new(TerminalWriter(stdout)) };
    let mut printer = Printer {
        json: options.json,
        seed: options.seed,
        names: [decks[0].name.clone(), decks[1].name.clone()],
        turn: 0,
    };
    if !options.json {
        let _ = writeln!(
            out,
            "seed {}: p0 {} ({}) against p1 {} ({})",
            options.seed, decks[0].name, players[0], decks[1].name, players[1]
        );
    }
    printer.entries(&mut out, game.state(), game.log());
    let play_options =
        PlayOptions { check_invariants: true, state_hashes: options.save.is_some(), ..PlayOptions::default() };
    let played = sim::play(&mut game, &mut seats, &play_options, |game, step, applied| {
        printer.step(&mut out, game.state(), step, applied);
        ControlFlow::Continue(())
    });
    let trace = hash::trace_hash(game.log());
    printer.result(&mut out, &game, &played);
    if options.trace_hash {
        if options.json {
            let _ = writeln!(out, "{}", json!({"type": "trace_hash", "blake3": trace}));
        } else {
            let _ = writeln!(out, "blake3:{trace}");
        }
    }
    let _ = out.flush();
    if let Some(path) = options.save {
        let saved = SavedGame {
            format: save::FORMAT.to_owned(),
            engine: save::engine(),
            set: SavedSet { path: loaded.dir.display().to_string(), hash: loaded.hash.clone() },
            decks: decks.map(|deck| SavedDeck {
                name: deck.name,
                path: deck.path.display().to_string(),
                hash: deck.hash,
                cards: deck.ids,
            }),
            seed: options.seed,
            turn_limit: game.state().turn_limit,
            players,
            steps: played.steps.clone(),
            outcome: game.outcome().map(ToString::to_string),
            trace_hash: trace,
        };
        let text = serde_json::to_string_pretty(&saved).map_err(|error| error.to_string())?;
        game::output::write(path, (text + "\n").as_bytes())
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    }
    Ok(if played.error.is_some() { Exit::Errors } else { Exit::Success })
}

/// Prints a game as it goes: readable text, or one JSON object per line.
struct Printer {
    json: bool,
    seed: u64,
    names: [String; 2],
    turn: u32,
}

impl Printer {
    fn step(&mut self, out: &mut impl Write, state: &GameState, step: &sim::Step, log: Log<'_>) {
        if self.json {
            let _ = writeln!(out, "{}", json!({"type": "move", "seat": step.seat, "move": step.mv}));
        }
        self.entries(out, state, log);
    }

    fn entries(&mut self, out: &mut impl Write, state: &GameState, log: Log<'_>) {
        for entry in log {
            if let LogKind::TurnStart { player } = entry.kind {
                self.turn_end(out, state);
                self.turn = entry.turn;
                if !self.json {
                    let _ = writeln!(
                        out,
                        "── turn {}: p{player} ({}) ──",
                        entry.turn,
                        self.names[usize::from(player.min(1))]
                    );
                }
            }
            if self.json {
                let _ = writeln!(
                    out,
                    "{}",
                    json!({"type": "event", "turn": entry.turn, "phase": entry.phase, "event": entry.kind})
                );
            } else if let Some(text) = describe(state, &entry.kind) {
                let _ = writeln!(out, "  {:<14} {text}", format!("{:?}", entry.phase));
            }
        }
    }

    /// HP and SP of both players when a turn ends.
    fn turn_end(&self, out: &mut impl Write, state: &GameState) {
        if self.turn == 0 {
            return;
        }
        let [a, b] = &state.players;
        if self.json {
            let _ = writeln!(
                out,
                "{}",
                json!({"type": "turn_end", "turn": self.turn, "hp": [a.hp, b.hp], "sp": [a.sp, b.sp]})
            );
        } else {
            let _ =
                writeln!(out, "  after turn {}: p0 {} HP {} SP · p1 {} HP {} SP", self.turn, a.hp, a.sp, b.hp, b.sp);
        }
    }

    fn result(&self, out: &mut impl Write, game: &Game, played: &sim::Played) {
        self.turn_end(out, game.state());
        let state = game.state();
        let winner = game.outcome().and_then(|o| o.winner);
        let text = game.outcome().map_or_else(|| "not finished".to_owned(), ToString::to_string);
        if self.json {
            let error = played.error.as_ref().map(ToString::to_string);
            let line = json!({"type": "result", "winner": winner, "deck": winner.map(|w| &self.names[usize::from(w)]),
                "outcome": text, "turns": state.turn, "decisions": played.steps.len(), "error": error});
            let _ = writeln!(out, "{line}");
            return;
        }
        match winner {
            Some(w) => {
                let _ = writeln!(out, "winner: p{w} ({}): {text}", self.names[w.index()]);
            }
            None => {
                let _ = writeln!(out, "no winner: {text}");
            }
        }
        let _ = writeln!(out, "{} turns, {} decisions", state.turn, played.steps.len());
        if let Some(error) = &played.error {
            let _ = writeln!(out, "error: game seeded {}: {error}", self.seed);
        }
    }
}

/// One log entry as a line a person reads, with cards by name; `None` for the entries
/// that only mark time (phase starts, passes).
fn describe(state: &GameState, kind: &LogKind<'_>) -> Option<String> {
    let name = |card: game::CardRef| format!("{} [p{}]", state.name(card), state.controller_of(card));
    Some(match kind {
        LogKind::TurnStart { .. } | LogKind::PhaseStart | LogKind::PhaseSkipped | LogKind::Pass { .. } => return None,
        LogKind::Draw { player, name, .. } => format!("p{player} draws {name}"),
        LogKind::Play { player, name, slot: Some(slot), sp, .. } => {
            format!("p{player} plays {name} to slot {slot} ({sp:+} SP)")
        }
        LogKind::Play { player, name, sp, .. } => format!("p{player} plays {name} ({sp:+} SP)"),
        LogKind::Backup { name: backup, target, .. } => format!("{backup} backs up {}", name(*target)),
        LogKind::Activate { card, .. } => format!("{} activates", name(*card)),
        LogKind::Resolved { card, result } => format!("{}: {}", name(*card), result.to_string().to_lowercase()),
        LogKind::Trap { card: Some(card), message } => format!("rules error in {}: {message}", name(*card)),
        LogKind::Trap { card: None, message } => format!("rules error: {message}"),
        LogKind::Attack { card, .. } => format!("{} attacks", name(*card)),
        LogKind::Join { card, leader } => format!("{} joins the attack of {}", name(*card), name(*leader)),
        LogKind::Block { card, attacker } => format!("{} blocks {}", name(*card), name(*attacker)),
        LogKind::Answer { player, answer } => format!("p{player} answers {answer}"),
        LogKind::PaySp { player, amount, what } => format!("p{player} pays {amount} SP for {what}"),
        LogKind::CharacterDamage { card, amount, bp } => format!("{} loses {amount} BP ({bp} left)", name(*card)),
        LogKind::PlayerDamage { player, amount, hp, source } => {
            format!("p{player} takes {amount} damage from {source} ({hp} HP left)")
        }
        LogKind::Counter { what, value } => format!("{what} = {value}"),
        LogKind::Ko { card, .. } => format!("{} is KO'd", name(*card)),
        LogKind::Move { card, to, .. } => format!("{} moves to {to}", name(*card)),
        LogKind::Effect(text) => text.to_string(),
        LogKind::GameOver(text) => format!("game over: {text}"),
    })
}
