//! `rsc sim --lang wagic`: many seeded games of Magic between Wagic decks ([`wagic::play`]),
//! on `--jobs` threads, summed up for a designer (the `wagic-sim` crate: its plan, tally and
//! summary, which the Python package shares) as a table, one JSON object and an HTML
//! report (`wagic_sim::report`). Two decks, or with `--all-decks` every pair of the decks given (a
//! folder given as `--deck` stands for its `*.txt` decks).
//!
//! Which games a run plays, and their seeds, is the `wagic-sim` crate's ([`Plan`]): a game
//! is replayed alone by the `rsc run --lang wagic` command the summary prints for it
//! (`--replay I` prints game I's). The threads take chunks of games and their tallies add
//! up the same in any order (CFC's [`crate::sim::play_chunks`]), so the figures never
//! depend on `--jobs`. Ctrl-C, SIGTERM or SIGHUP stop the run and print the summary of the
//! games finished, as CFC's does.
//!
//! As CFC's, a run plays any range of its games (`--shard A..B`) and writes their tally
//! (`--tally-out`, an `rsc-wagic-tally/1` file: `wagic_sim::shard`); `rsc sim merge` adds
//! such tallies up ([`merged`]) into the summary and report of the whole run.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Instant;

use ::wagic_sim::shard::WagicShard;
use ::wagic_sim::{Plan, RefusedDeck, Results, Settings, SimDeck, report, summary};
use wagic::play;

use crate::Exit;
use crate::render::terminal_text;
use crate::sim::{MAX_ALL_DECKS, SummaryFormat};
use crate::wagic_run::{Loaded, Report, load_library, read_deck, resolve_deck};

/// Most deck files a folder given as `--deck` is searched for.
const MAX_FOLDER_DECKS: usize = 10_000;

/// What `rsc sim --lang wagic` was asked.
pub struct Options<'a> {
    pub cards: &'a [PathBuf],
    pub sets: Option<&'a Path>,
    pub decks: &'a [PathBuf],
    pub all_decks: bool,
    pub games: u64,
    /// Play only these games of the run.
    pub shard: Option<Range<u64>>,
    pub seed: u64,
    pub players: &'a [game::players::PlayerKind],
    pub jobs: Option<usize>,
    pub turn_limit: Option<u32>,
    pub skip_uncompiled: bool,
    pub message_format: SummaryFormat,
    pub report: Option<&'a Path>,
    /// Write the tally here (`rsc-wagic-tally/1`).
    pub tally_out: Option<&'a Path>,
    /// Print the replay command of this game rather than play.
    pub replay: Option<u64>,
}

pub fn run(options: &Options<'_>) -> Exit {
    crate::sim::stop_on_signals();
    let plan = match plan(options) {
        Ok(plan) => plan,
        Err((exit, message)) => {
            stderr_line!("error: {}", terminal_text(&message));
            return exit;
        }
    };
    let Some(total) = plan.total_games() else {
        stderr_line!(
            "error: --games {} for each of {} pairs of decks is too many games",
            plan.configuration.games_per_pair,
            plan.pairs.len()
        );
        return Exit::Usage;
    };
    if let Some(index) = options.replay {
        if index >= total {
            stderr_line!("error: --replay {index}: the run has games 0..{total}");
            return Exit::Usage;
        }
        let (decks, seed) = plan.game(index);
        crate::print_stdout(&format!("{}\n", terminal_text(&plan.replay_command(decks, seed))));
        return Exit::Success;
    }
    let games = match &options.shard {
        Some(range) if range.end > total => {
            stderr_line!("error: --shard {}..{}: the run has games 0..{total}", range.start, range.end);
            return Exit::Usage;
        }
        Some(range) => range.clone(),
        None => 0..total,
    };
    let jobs = options.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    let progress = crate::sim::progress_bar(games.end - games.start, options.message_format);
    let started = Instant::now();
    let tally = crate::sim::play_chunks(
        games.clone(),
        jobs,
        || plan.new_tally(),
        |tally, games| plan.play_into(tally, games, crate::sim::stop_flag(), || progress.inc(1)),
        ::wagic_sim::tally::Tally::merge,
    );
    let seconds = started.elapsed().as_secs_f64();
    progress.finish_and_clear();
    let mut tally = match tally {
        Ok(tally) => tally,
        Err(message) => {
            stderr_line!("error: {message}");
            return Exit::Usage;
        }
    };
    tally.settle();
    let stopped = crate::sim::stop_flag().load(Ordering::SeqCst);
    let mut tally_written = true;
    if let Some(path) = options.tally_out {
        if stopped {
            stderr_line!("note: {} not written: the run was stopped before its end", path.display());
        } else {
            let configuration = plan.configuration.clone();
            let shard =
                WagicShard::new(configuration, vec![[games.start, games.end]], tally.clone(), (seconds, jobs), false);
            tally_written = write_tally(path, &shard.to_json());
        }
    }
    let results = Results::new(plan.configuration, tally, seconds, jobs, stopped);
    let exit = finish(&results, options.message_format, options.report);
    // The games are played: their summary and report are still worth having when the tally
    // could not be written.
    if tally_written { exit } else { Exit::Usage }
}

/// `rsc sim merge` of Wagic tallies, added up already: the summary and report of `merged`,
/// and the merged tally written to `tally_out`.
pub fn merged(merged: WagicShard, format: SummaryFormat, report: Option<&Path>, tally_out: Option<&Path>) -> Exit {
    let missing = merged.missing_games();
    if missing > 0 {
        stderr_line!("note: the tallies leave out {missing} of the run's games");
    }
    let tally_written = tally_out.is_none_or(|path| write_tally(path, &merged.to_json()));
    let exit = finish(&Results::of_shard(merged), format, report);
    if tally_written { exit } else { Exit::Usage }
}

/// Writes a tally's JSON to `path`; false (after saying why) when it cannot.
fn write_tally(path: &Path, json: &str) -> bool {
    match game::output::write(path, json.as_bytes()) {
        Ok(()) => true,
        Err(error) => {
            stderr_line!("error: cannot write {}: {error}", path.display());
            false
        }
    }
}

/// Prints the summary of `results`, writes its report, and says how `rsc sim` ends.
fn finish(results: &Results, format: SummaryFormat, report: Option<&Path>) -> Exit {
    match format {
        SummaryFormat::Human => crate::print_stdout(&terminal_text(&summary::table(results))),
        SummaryFormat::Json => crate::print_stdout(&format!("{}\n", summary::json(results))),
    }
    if let Some(path) = report {
        if let Err(error) = game::output::write(path, report::render(results).as_bytes()) {
            stderr_line!("error: cannot write {}: {error}", path.display());
            return Exit::Usage;
        }
        if format == SummaryFormat::Human {
            crate::print_stdout(&format!("report written to {}\n", terminal_text(&path.display().to_string())));
        }
    }
    for game in results.tally.stopped_list.games().iter().take(summary::LISTED) {
        let error = terminal_text(game.error.as_deref().unwrap_or_default());
        stderr_line!("error: game {} (seed {}): {error}", game.index, game.seed);
    }
    if results.stopped {
        crate::sim::stopped_exit()
    } else if results.tally.errors > 0 {
        Exit::Errors
    } else {
        Exit::Success
    }
}

/// A failure before any game: how `rsc` exits, and why.
type Failure = (Exit, String);

/// Reads the cards and decks of `options` and checks what it asks.
fn plan(options: &Options<'_>) -> Result<Plan, Failure> {
    let usage = |message: String| (Exit::Usage, message);
    if options.cards.is_empty() {
        return Err(usage("`rsc sim --lang wagic` needs the Wagic card files: `--cards mtg.txt ...`".into()));
    }
    if options.games == 0 {
        return Err(usage("--games must be at least 1".into()));
    }
    let given = crate::run::seat_players(options.players).map_err(usage)?;
    let mut players = [play::PlayerKind::Random; 2];
    for (kind, given) in players.iter_mut().zip(given) {
        *kind = match given {
            game::players::PlayerKind::Random => play::PlayerKind::Random,
            game::players::PlayerKind::Greedy => play::PlayerKind::Greedy,
            game::players::PlayerKind::Scripted => {
                return Err(usage("`--player scripted` is not for `--lang wagic` (random or greedy)".into()));
            }
        };
    }
    let mut paths = Vec::new();
    for path in options.decks {
        if path.is_dir() {
            paths.extend(folder_decks(path).map_err(usage)?);
        } else {
            paths.push(path.clone());
        }
    }
    if options.all_decks {
        if paths.len() < 2 {
            return Err(usage(format!("--all-decks plays every pair of the decks given: {} given", paths.len())));
        }
    } else if paths.len() != 2 {
        return Err(usage(format!(
            "give two decks (--deck A.txt --deck B.txt), or --all-decks with a folder of decks, not {}",
            paths.len()
        )));
    }
    let inputs: Vec<PathBuf> =
        options.cards.iter().chain(&paths).cloned().chain(options.sets.map(Path::to_path_buf)).collect();
    let outputs: Vec<(&str, &Path)> = (options.report.map(|path| ("--report", path)).into_iter())
        .chain(options.tally_out.map(|path| ("--tally-out", path)))
        .collect();
    crate::run::check_outputs(&outputs, &inputs).map_err(usage)?;
    // Two decks: one that cannot be read ends the run; a deck of --all-decks that cannot
    // be read is refused, as one that cannot play.
    let mut texts = Vec::new();
    for path in &paths {
        match read_deck(path) {
            Ok(text) => texts.push(Ok(text)),
            Err(message) if options.all_decks => texts.push(Err(message)),
            Err(message) => return Err(usage(message)),
        }
    }
    let loaded = load_library(options.cards, options.sets).map_err(usage)?;
    let (decks, refused) = resolve_decks(&paths, &texts, &loaded, options)?;
    if options.all_decks && decks.len() > MAX_ALL_DECKS {
        return Err(usage(format!(
            "{} decks can play: --all-decks plays every pair of at most {MAX_ALL_DECKS}",
            decks.len()
        )));
    }
    let mut replay_prefix: Vec<String> = ["rsc", "run", "--lang", "wagic", "--cards"].map(String::from).into();
    replay_prefix.extend(options.cards.iter().map(|path| path.display().to_string()));
    if let Some(sets) = options.sets {
        replay_prefix.extend(["--sets".into(), sets.display().to_string()]);
    }
    let settings = Settings {
        all_pairs: options.all_decks,
        games_per_pair: options.games,
        players,
        turn_limit: options.turn_limit.unwrap_or(play::DEFAULT_TURN_LIMIT),
        seed: options.seed,
        replay_prefix,
        skip_uncompiled: options.skip_uncompiled,
        sources_hash: loaded.sources_hash.clone(),
    };
    Ok(Plan::new(loaded.library, decks, refused, settings))
}

/// The decks of `paths` a game can play, and the others with why. Two decks are told
/// line by line as `rsc run` tells them, and either refused ends the run; a folder's
/// decks get a line each on stderr, and the run plays those that can play.
fn resolve_decks(
    paths: &[PathBuf],
    texts: &[Result<String, String>],
    loaded: &Loaded,
    options: &Options<'_>,
) -> Result<(Vec<SimDeck>, Vec<RefusedDeck>), Failure> {
    let report = if options.all_decks { Report::Quiet } else { Report::EveryLine };
    let mut decks = Vec::new();
    let mut refused = Vec::new();
    let mut uncompiled = false;
    for (path, text) in paths.iter().zip(texts) {
        let shown = path.display().to_string();
        let text = match text {
            Ok(text) => text,
            Err(why) => {
                stderr_line!("deck {}: cannot play: {}", terminal_text(&shown), terminal_text(why));
                refused.push((shown, why.clone()));
                continue;
            }
        };
        match resolve_deck(path, text, loaded, options.skip_uncompiled, report) {
            Ok(deck) => {
                let left_out = deck.total.saturating_sub(deck.cards.len());
                if report == Report::Quiet {
                    let name = terminal_text(&deck.name).into_owned();
                    let cards = deck.cards.len();
                    if left_out > 0 {
                        stderr_line!(
                            "deck {}: {name}: plays {cards} of its {} cards ({left_out} do not compile)",
                            terminal_text(&shown),
                            deck.total
                        );
                    } else {
                        stderr_line!("deck {}: {name}: plays all its {cards} cards", terminal_text(&shown));
                    }
                }
                decks.push(SimDeck {
                    name: deck.name,
                    path: path.clone(),
                    hash: game::sim::hash::content_hash(text.as_bytes()),
                    cards: deck.cards,
                    left_out,
                    total: deck.total,
                });
            }
            Err(failure) => {
                uncompiled |= failure.uncompiled;
                let why = ::wagic::play::deck::refusal(&failure.errors);
                if report == Report::Quiet {
                    stderr_line!("deck {}: cannot play: {}", terminal_text(&shown), terminal_text(&why));
                }
                refused.push((shown, why));
            }
        }
    }
    if !options.all_decks && !refused.is_empty() {
        if uncompiled && !options.skip_uncompiled {
            stderr_line!("note: `--skip-uncompiled` plays a deck without the cards that do not compile");
        }
        return Err((Exit::Errors, "a deck cannot play: no game played".into()));
    }
    if decks.len() < 2 {
        if uncompiled && !options.skip_uncompiled {
            stderr_line!("note: `--skip-uncompiled` plays a deck without the cards that do not compile");
        }
        return Err((Exit::Errors, format!("{} of the {} decks can play: a sim needs two", decks.len(), paths.len())));
    }
    Ok((decks, refused))
}

/// The deck files of `folder` (`*.txt`, at most [`MAX_FOLDER_DECKS`]), in natural order
/// (`deck2` before `deck10`).
fn folder_decks(folder: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(folder).map_err(|error| format!("{}: {error}", folder.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .take(MAX_FOLDER_DECKS.saturating_mul(4))
        .map(|entry| entry.path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    if paths.len() > MAX_FOLDER_DECKS {
        return Err(format!("{} has more than {MAX_FOLDER_DECKS} deck files", folder.display()));
    }
    paths.sort_by_cached_key(|path| natural_key(&path.file_name().unwrap_or_default().to_string_lossy()));
    Ok(paths)
}

/// A name's sort key in which runs of digits compare as numbers.
fn natural_key(name: &str) -> Vec<(String, u128)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut number = u128::from(c.to_digit(10).unwrap_or(0));
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                number = number.saturating_mul(10).saturating_add(u128::from(d));
                chars.next();
            }
            key.push((std::mem::take(&mut text), number));
        } else {
            text.push(c);
        }
    }
    key.push((text, 0));
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_files_sort_by_their_numbers() {
        let mut names = vec!["deck10.txt", "deck2.txt", "deck1.txt", "alpha.txt"];
        names.sort_by_cached_key(|name| natural_key(name));
        assert_eq!(names, ["alpha.txt", "deck1.txt", "deck2.txt", "deck10.txt"]);
    }
}
