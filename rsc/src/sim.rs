//! `rsc sim`: many seeded games between two decks (or every pair of a set's valid decks),
//! on `--jobs` threads, with a progress bar on a terminal, a summary table or one JSON
//! object, and an HTML report. Game `i` is seeded from `--seed` and `i` alone and the
//! games are summed into a [`Tally`] that adds up the same in any order, so the figures
//! never depend on the thread count, and shards of a run (`--shard`, `--tally-out`)
//! merged with `rsc sim merge` give the figures of the whole run. Ctrl-C, SIGTERM or SIGHUP
//! (its terminal closed, unless started under `nohup`) stops a run and prints the summary
//! of the games it finished.

use std::io::IsTerminal;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Instant;

use game::players::PlayerKind;
use game::sim::shard::{Configuration, DeckSource, SetSource, Shard, Simulation};
use game::sim::stats::Tally;
use game::sim::summary::{self, Results};
use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};
use wagic_sim::shard::AnyShard;

use crate::render::terminal_text;
use crate::run::{LoadedDeck, LoadedSet, check_outputs, input_files, load_deck, load_set, seat_players};
use crate::{Exit, Failure};

/// Most threads `--jobs` takes: more only adds switching on any machine `rsc` runs on.
pub const MAX_JOBS: u16 = 256;

/// Most decks `--all-decks` plays: each thread's tally holds a matchup table of every pair
/// of them (two million counts for a thousand decks, on each of up to [`MAX_JOBS`] threads),
/// so memory would grow with the square of the deck folder.
pub const MAX_ALL_DECKS: usize = 256;

/// Most games a thread takes at a time from the run.
const CHUNK: u64 = 64;

/// Chunks each thread should get at least: a thread that takes the last chunk may still
/// play it when the others are done, so a chunk must be small beside a thread's share (at
/// 64 games, a 500-game run on two threads had four chunks per thread).
const CHUNKS_PER_THREAD: u64 = 32;

/// Set by Ctrl-C, SIGTERM or SIGHUP: the threads stop starting games and drop the ones they
/// play. Shared (an `Arc`) with `signal_hook`'s handlers, which set it.
static STOP: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);
/// Set by SIGTERM or SIGHUP: a second one ends the process at once.
static SIGNALLED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);
/// The last of SIGTERM and SIGHUP that came (0: neither): a run it stopped exits with 128 +
/// it rather than Ctrl-C's 130.
static STOPPED_BY: LazyLock<Arc<AtomicUsize>> = LazyLock::new(Arc::default);

/// How `rsc sim` prints its summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum SummaryFormat {
    /// A table on stdout, after a progress bar on stderr when it is a terminal.
    #[default]
    Human,
    /// One JSON object on stdout, no progress bar.
    Json,
}

/// What `rsc sim` and `rsc sim merge` write: the same three options for both.
#[derive(Debug, clap::Args)]
pub struct Outputs {
    /// How the summary is printed.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = SummaryFormat::Human)]
    pub message_format: SummaryFormat,
    /// Write an HTML report with charts.
    #[arg(long, value_name = "OUT.html")]
    pub report: Option<PathBuf>,
    /// Write the tally (the figures, the configuration and its hash) to FILE as JSON,
    /// for `rsc sim merge`.
    #[arg(long, value_name = "FILE.json")]
    pub tally_out: Option<PathBuf>,
}

impl Outputs {
    /// The files written, each with its option, checked before the games are played or the
    /// tallies read.
    fn files(&self) -> Vec<(&'static str, &Path)> {
        let report = self.report.as_deref().map(|path| ("--report", path));
        report.into_iter().chain(self.tally_out.as_deref().map(|path| ("--tally-out", path))).collect()
    }
}

/// What `rsc sim` was asked.
pub struct Options<'a> {
    pub set: &'a Path,
    pub decks: &'a [PathBuf],
    pub all_decks: bool,
    pub games: u64,
    pub shard: Option<Range<u64>>,
    pub seed: u64,
    pub players: &'a [PlayerKind],
    pub jobs: Option<usize>,
    pub outputs: &'a Outputs,
    pub check: bool,
    pub turn_limit: Option<u32>,
}

/// `FIRST..END` of `--shard`.
pub fn parse_range(text: &str) -> Result<Range<u64>, String> {
    let (first, end) = text.split_once("..").ok_or("expected FIRST..END, such as 0..5000")?;
    let number = |part: &str| part.trim().parse::<u64>().map_err(|error| format!("{part:?}: {error}"));
    let (first, end) = (number(first)?, number(end)?);
    if first >= end {
        return Err(format!("{first}..{end} has no game: FIRST must be below END"));
    }
    Ok(first..end)
}

pub fn run(options: &Options<'_>) -> Exit {
    let results = match simulate(options) {
        Ok(results) => results,
        Err(failure) => {
            stderr_line!("error: {}", terminal_text(&failure.message));
            return failure.exit;
        }
    };
    let mut tally_written = true;
    if let Some(path) = &options.outputs.tally_out {
        if results.shard.stopped {
            stderr_line!("note: {} not written: the run was stopped before its end", path.display());
        } else {
            tally_written = write_tally(path, &results.shard);
        }
    }
    // The games are played: their summary and report are still worth having when the tally
    // could not be written (a full disk, a folder removed during the run).
    let exit = finish(&results, options.outputs);
    if tally_written { exit } else { Exit::Usage }
}

/// Writes a tally to `path`; false (after saying why) when it cannot.
fn write_tally(path: &Path, shard: &Shard) -> bool {
    match game::output::write(path, shard.to_json().as_bytes()) {
        Ok(()) => true,
        Err(error) => {
            stderr_line!("error: cannot write {}: {error}", path.display());
            false
        }
    }
}

/// Prints the summary, writes the report, and says how `rsc sim` ends.
fn finish(results: &Results, outputs: &Outputs) -> Exit {
    let summary_format = match outputs.message_format {
        SummaryFormat::Human => summary::Format::Human,
        SummaryFormat::Json => summary::Format::Json,
    };
    let summary = summary::render(results, summary_format);
    // Deck and card names come from the set's files (or a tally's): escaped for a terminal,
    // except in JSON (which escapes its own strings).
    match summary_format {
        summary::Format::Human => crate::print_stdout(&terminal_text(&summary)),
        summary::Format::Json => crate::print_stdout(&summary),
    }
    if let Some(path) = &outputs.report {
        let html = game::sim::report::render(results);
        if let Err(error) = game::output::write(path, html.as_bytes()) {
            stderr_line!("error: cannot write {}: {error}", path.display());
            return Exit::Usage;
        }
        if outputs.message_format == SummaryFormat::Human {
            crate::print_stdout(&format!("report written to {}\n", path.display()));
        }
    }
    for game in results.tally().stopped_list.games() {
        let error = terminal_text(game.error.as_deref().unwrap_or_default());
        stderr_line!("error: game {} (seed {}): {error}", game.index, game.seed);
    }
    if results.shard.stopped {
        stopped_exit()
    } else if results.tally().errors > 0 {
        Exit::Errors
    } else {
        Exit::Success
    }
}

/// `rsc sim merge`: adds up tally files of one configuration, of either game (a CFC tally
/// and a Wagic one are refused together).
pub fn merge(files: &[PathBuf], outputs: &Outputs) -> Exit {
    let merged = (|| -> Result<AnyShard, Failure> {
        // A merged tally holds the games of every tally read, so `--tally-out` may name one
        // of them (`merge all.json part3.json --tally-out all.json` adds a shard in place);
        // a report written over a tally would lose its games.
        let report = outputs.report.as_deref().map(|path| ("--report", path));
        check_outputs(&report.into_iter().collect::<Vec<_>>(), files)?;
        check_outputs(&outputs.files(), &[])?;
        let mut shards = Vec::new();
        for file in files {
            let shard = AnyShard::read(file).map_err(|error| Failure {
                exit: if error.is_input_error() { Exit::Errors } else { Exit::Usage },
                message: error.to_string(),
            })?;
            shards.push((file.display().to_string(), shard));
        }
        AnyShard::merge(shards).map_err(Failure::input)
    })();
    let merged = match merged {
        Ok(AnyShard::Cfc(merged)) => *merged,
        Ok(AnyShard::Wagic(merged)) => {
            let (report, tally_out) = (outputs.report.as_deref(), outputs.tally_out.as_deref());
            return crate::wagic_sim::merged(*merged, outputs.message_format, report, tally_out);
        }
        Err(failure) => {
            stderr_line!("error: {}", terminal_text(&failure.message));
            return failure.exit;
        }
    };
    let missing = merged.missing_games();
    if missing > 0 {
        stderr_line!("note: the tallies leave out {missing} of the run's games");
    }
    let tally_written = outputs.tally_out.as_ref().is_none_or(|path| write_tally(path, &merged));
    let exit = finish(&Results { shard: merged }, outputs);
    if tally_written { exit } else { Exit::Usage }
}

/// Makes `signal` stop the run as Ctrl-C does, with `exit` as the status; a second SIGTERM or
/// SIGHUP ends the process at once (registered first, its check sees the flag the first one
/// set).
fn stop_on(signal: i32, exit: Exit) {
    let _ = signal_hook::flag::register_conditional_shutdown(signal, exit as i32, Arc::clone(&SIGNALLED));
    let _ = signal_hook::flag::register(signal, Arc::clone(&SIGNALLED));
    let _ = signal_hook::flag::register_usize(signal, Arc::clone(&STOPPED_BY), signal as usize);
    let _ = signal_hook::flag::register(signal, Arc::clone(&STOP));
}

/// Whether this process started with `signal` ignored, as `nohup` starts a command with
/// SIGHUP: Linux's `/proc/self/status` lists the ignored signals. Where it cannot be read,
/// the answer is yes, so that a handler never undoes a `nohup`.
fn started_ignoring(signal: i32) -> bool {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return true;
    };
    let ignored = status.lines().find_map(|line| line.strip_prefix("SigIgn:"));
    match ignored.and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok()) {
        Some(mask) => (1..=64).contains(&signal) && mask >> (signal - 1) & 1 == 1,
        None => true,
    }
}

/// How a run that a signal stopped ends: Ctrl-C's 130, or 128 + SIGTERM or SIGHUP.
pub(crate) fn stopped_exit() -> Exit {
    match STOPPED_BY.load(Ordering::SeqCst) {
        signal if signal == signal_hook::consts::SIGHUP as usize => Exit::HungUp,
        0 => Exit::Interrupted,
        _ => Exit::Terminated,
    }
}

/// Whether Ctrl-C, SIGTERM or SIGHUP asked the run to stop.
pub(crate) fn stop_flag() -> &'static AtomicBool {
    &STOP
}

/// Makes Ctrl-C, SIGTERM and SIGHUP stop the run (set [`stop_flag`]) rather than end the
/// process.
pub(crate) fn stop_on_signals() {
    // Installed first, so that Ctrl-C while the set loads already stops the run cleanly. A
    // second Ctrl-C ends at once; installing fails only when a handler is there already.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(Exit::Interrupted as i32);
        }
    });
    // SIGTERM (`timeout`, `kill`, a batch scheduler ending a job) and SIGHUP (the terminal
    // or the SSH session closed) too, rather than end the process with the games played
    // unsummed and the report unwritten. A run started under `nohup` keeps SIGHUP ignored.
    stop_on(signal_hook::consts::SIGTERM, Exit::Terminated);
    if !started_ignoring(signal_hook::consts::SIGHUP) {
        stop_on(signal_hook::consts::SIGHUP, Exit::HungUp);
    }
}

/// Plays the games of `options`.
pub fn simulate(options: &Options<'_>) -> Result<Results, Failure> {
    stop_on_signals();
    let players = seat_players(options.players)?;
    if players.contains(&PlayerKind::Scripted) {
        return Err("a scripted player plays saved games: use random or greedy".into());
    }
    if options.games == 0 {
        return Err("--games must be at least 1".into());
    }
    check_outputs(&options.outputs.files(), &input_files(options.set, options.decks, options.all_decks))?;
    let set = load_set(options.set)?;
    let mut refused = Vec::new();
    let decks = if options.all_decks {
        if !options.decks.is_empty() {
            return Err("--all-decks plays the set's decks: leave out --deck".into());
        }
        let (decks, bad) = set_decks(&set)?;
        refused = bad;
        if decks.len() < 2 {
            return Err(format!("{} has fewer than two valid decks in decks/", set.dir.display()).into());
        }
        if decks.len() > MAX_ALL_DECKS {
            return Err(format!(
                "{} has {} valid decks in decks/: --all-decks plays every pair of at most {MAX_ALL_DECKS}",
                set.dir.display(),
                decks.len()
            )
            .into());
        }
        decks
    } else {
        if options.decks.len() != 2 {
            return Err(format!(
                "give two decks (--deck A.o8d --deck B.o8d) or --all-decks, not {}",
                options.decks.len()
            )
            .into());
        }
        vec![load_deck(&set.set, &options.decks[0])?, load_deck(&set.set, &options.decks[1])?]
    };
    let configuration = configuration_of(&set, &decks, options, players);
    let total = configuration.total_games().ok_or_else(|| {
        let pairs = configuration.pair_count().unwrap_or(u64::MAX);
        format!("--games {} for each of {pairs} pairs of decks makes more than {} games", options.games, u64::MAX)
    })?;
    let games = match &options.shard {
        Some(range) if range.end > total => {
            return Err(format!("--shard {}..{}: the run has games 0..{total}", range.start, range.end).into());
        }
        Some(range) => range.clone(),
        None => 0..total,
    };
    let jobs = options.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    let simulation =
        Simulation::new(configuration, set.set.clone(), decks.into_iter().map(|deck| deck.cards).collect())?;
    let progress = progress_bar(games.end - games.start, options.outputs.message_format);
    let started = Instant::now();
    let tally = play_parallel(&simulation, games.clone(), jobs, &progress)?;
    let seconds = started.elapsed().as_secs_f64();
    progress.finish_and_clear();
    let stopped = STOP.load(Ordering::SeqCst);
    let shard = simulation.shard(vec![[games.start, games.end]], tally, refused, (seconds, jobs), stopped);
    Ok(Results { shard })
}

/// The progress bar of `games` games on stderr: drawn when the summary is a table and
/// stderr a terminal, hidden otherwise.
pub(crate) fn progress_bar(games: u64, format: SummaryFormat) -> ProgressBar {
    if format == SummaryFormat::Human && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(games);
        let style = ProgressStyle::with_template("{bar:40} {pos}/{len} games  {rate}  ETA {eta}")
            .map(|style| {
                style.with_key("rate", |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                    let _ = out.write_str(&rate_text(state.per_sec()));
                })
            })
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar
    } else {
        ProgressBar::hidden()
    }
}

/// The progress bar's speed: whole games per second, digits grouped ("1,091 games/s").
pub fn rate_text(per_second: f64) -> String {
    let whole = if per_second.is_finite() && per_second > 0.0 { per_second.round() as u64 } else { 0 };
    format!("{} games/s", HumanCount(whole))
}

/// What decides the games of `options`.
fn configuration_of(
    set: &LoadedSet,
    decks: &[LoadedDeck],
    options: &Options<'_>,
    players: [PlayerKind; 2],
) -> Configuration {
    Configuration {
        set: SetSource { path: set.dir.display().to_string(), hash: set.hash.clone() },
        decks: decks
            .iter()
            .map(|deck| DeckSource {
                name: deck.name.clone(),
                path: deck.path.display().to_string(),
                hash: deck.hash.clone(),
            })
            .collect(),
        all_decks: options.all_decks,
        games_per_pair: options.games,
        players,
        seed: options.seed,
        turn_limit: options.turn_limit,
        check: options.check,
    }
}

/// Plays `games` on `jobs` threads, each taking up to [`CHUNK`] games at a time (fewer when
/// that would leave a thread fewer than [`CHUNKS_PER_THREAD`]), and adds up their tallies
/// (in any order: the sum is the same).
fn play_parallel(
    simulation: &Simulation,
    games: Range<u64>,
    jobs: usize,
    progress: &ProgressBar,
) -> Result<Tally, String> {
    let play = |tally: &mut Tally, chunk: Range<u64>| simulation.play_into(tally, chunk, &STOP, || progress.inc(1));
    let mut total = play_chunks(games, jobs, || simulation.new_tally(), play, |total, tally| total.merge(&tally))?;
    total.settle();
    Ok(total)
}

/// Plays `games` on `jobs` threads, each taking up to [`CHUNK`] games at a time (fewer when
/// that would leave a thread fewer than [`CHUNKS_PER_THREAD`]) and summing them with `play`
/// into a tally of its own made by `new`, until the games run out or [`stop_flag`] is set;
/// then adds the threads' tallies up with `merge` into a `new` one, in thread order.
pub(crate) fn play_chunks<T: Send>(
    games: Range<u64>,
    jobs: usize,
    new: impl Fn() -> T + Sync,
    play: impl Fn(&mut T, Range<u64>) + Sync,
    merge: impl Fn(&mut T, T),
) -> Result<T, String> {
    let count = games.end.saturating_sub(games.start);
    let size = (count / (jobs as u64).saturating_mul(CHUNKS_PER_THREAD)).clamp(1, CHUNK);
    let chunks = count.div_ceil(size);
    let next_chunk = AtomicU64::new(0);
    let threads = jobs.min(usize::try_from(chunks).unwrap_or(usize::MAX)).max(1);
    let worker = || {
        let mut tally = new();
        loop {
            let chunk = next_chunk.fetch_add(1, Ordering::Relaxed);
            if chunk >= chunks || STOP.load(Ordering::Relaxed) {
                break;
            }
            let first = games.start + chunk * size;
            let end = first.saturating_add(size).min(games.end);
            play(&mut tally, first..end);
        }
        tally
    };
    std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for _ in 0..threads {
            let handle = std::thread::Builder::new()
                .spawn_scoped(scope, worker)
                .map_err(|error| format!("cannot start {jobs} threads: {error}"));
            match handle {
                Ok(handle) => handles.push(handle),
                Err(message) => {
                    STOP.store(true, Ordering::SeqCst);
                    return Err(message);
                }
            }
        }
        let mut total = new();
        for handle in handles {
            match handle.join() {
                Ok(tally) => merge(&mut total, tally),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        Ok(total)
    })
}

/// The valid decks of `<set>/decks/*.o8d`, by file name, and a message for each refused one.
fn set_decks(set: &LoadedSet) -> Result<(Vec<LoadedDeck>, Vec<String>), String> {
    let folder = set.dir.join("decks");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map_err(|error| format!("{}: {error}", folder.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "o8d"))
        .collect();
    paths.sort();
    let mut decks = Vec::new();
    let mut refused = Vec::new();
    for path in paths {
        match load_deck(&set.set, &path) {
            Ok(deck) => decks.push(deck),
            Err(failure) => refused.push(failure.message),
        }
    }
    Ok((decks, refused))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_rate_is_whole_games_per_second_with_grouped_digits() {
        assert_eq!(rate_text(1091.0276), "1,091 games/s");
        assert_eq!(rate_text(0.4), "0 games/s");
        assert_eq!(rate_text(f64::NAN), "0 games/s");
    }

    #[test]
    fn a_shard_range_is_first_to_end() {
        assert_eq!(parse_range("10..250"), Ok(10..250));
        assert!(parse_range("5..5").unwrap_err().contains("no game"));
        assert!(parse_range("5").is_err() && parse_range("a..3").is_err());
    }
}
