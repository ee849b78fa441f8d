//! `rsc sim`: many seeded games between two decks (or every pair of a set's valid decks),
//! on `--jobs` threads, with a progress bar on a terminal, a summary table or one JSON
//! object, and an HTML report. Game `i` is seeded from `--seed` and `i` alone and the
//! games are summed into a [`Tally`] that adds up the same in any order, so the figures
//! never depend on the thread count, and shards of a run (`--shard`, `--tally-out`)
//! merged with `rsc sim merge` give the figures of the whole run. Ctrl-C stops a run and
//! prints the summary of the games it finished.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use game::players::PlayerKind;
use game::sim::shard::{Configuration, DeckSource, SetSource, Shard, Simulation};
use game::sim::stats::{CardFigures, KeptGame, KeptList, Tally, wilson};
use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};
use serde_json::json;

use crate::run::{LoadedDeck, LoadedSet, check_writable, load_deck, load_set, seat_players};
use crate::{Exit, Failure};

/// Most threads `--jobs` takes: more only adds switching on any machine `rsc` runs on.
pub const MAX_JOBS: u16 = 256;

/// Most games a thread takes at a time from the run.
const CHUNK: u64 = 64;

/// Chunks each thread should get at least: a thread that takes the last chunk may still
/// play it when the others are done, so a chunk must be small beside a thread's share (at
/// 64 games, a 500-game run on two threads had four chunks per thread).
const CHUNKS_PER_THREAD: u64 = 32;

/// Games of each kind the table lists (the JSON lists every kept one).
const LISTED: usize = 20;

/// Set by Ctrl-C: the threads stop starting games and drop the ones they play.
static STOP: AtomicBool = AtomicBool::new(false);

/// How `rsc sim` prints its summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum SummaryFormat {
    /// A table on stdout, after a progress bar on stderr when it is a terminal.
    #[default]
    Human,
    /// One JSON object on stdout, no progress bar.
    Json,
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
    pub format: SummaryFormat,
    pub report: Option<&'a Path>,
    pub tally_out: Option<&'a Path>,
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

/// Everything a finished run (or a merge of shards) knows, for the table, the JSON line and
/// the report.
pub struct Results {
    pub shard: Shard,
}

impl Results {
    pub fn tally(&self) -> &Tally {
        &self.shard.tally
    }

    pub fn configuration(&self) -> &Configuration {
        &self.shard.configuration
    }

    pub fn players(&self) -> [PlayerKind; 2] {
        self.shard.configuration.players
    }

    pub fn seed(&self) -> u64 {
        self.shard.configuration.seed
    }

    pub fn all_decks(&self) -> bool {
        self.shard.configuration.all_decks
    }

    pub fn games_per_s(&self) -> f64 {
        if self.shard.seconds > 0.0 { self.tally().games as f64 / self.shard.seconds } else { 0.0 }
    }

    /// Deck names, made unique (a deck against itself is `name` and `name#2`).
    pub fn deck_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for deck in &self.configuration().decks {
            let mut name = deck.name.clone();
            let mut n = 2;
            while names.contains(&name) {
                name = format!("{}#{n}", deck.name);
                n += 1;
            }
            names.push(name);
        }
        names
    }

    pub fn card_name(&self, def: usize) -> String {
        self.shard.card_names.get(def).cloned().unwrap_or_else(|| format!("#{def}"))
    }

    /// The command that replays game `game` alone, quoted for a POSIX shell, with every
    /// option that decides the game.
    pub fn replay_command(&self, game: &KeptGame) -> String {
        let configuration = self.configuration();
        let deck = |i: usize| configuration.decks.get(i).map_or_else(String::new, |d| d.path.clone());
        let mut words = vec![
            "rsc".to_owned(),
            "run".into(),
            "--set".into(),
            configuration.set.path.clone(),
            "--deck".into(),
            deck(game.decks[0]),
            "--deck".into(),
            deck(game.decks[1]),
            "--seed".into(),
            game.seed.to_string(),
            "--player".into(),
            configuration.players[0].to_string(),
            "--player".into(),
            configuration.players[1].to_string(),
        ];
        if let Some(limit) = configuration.turn_limit {
            words.extend(["--turn-limit".to_owned(), limit.to_string()]);
        }
        // Quoting fails only on a NUL byte, which no path or number holds.
        let quoted: Vec<String> =
            words.iter().map(|word| shlex::try_quote(word).map_or_else(|_| word.clone(), |q| q.into_owned())).collect();
        quoted.join(" ")
    }

    /// The kept games of each kind, with how many there were and what they are.
    pub fn kept(&self) -> [(&'static str, u64, &KeptList); 3] {
        let tally = self.tally();
        [
            ("trapped", tally.trapped_games, &tally.trapped_list),
            ("hit the turn limit", tally.turn_limit, &tally.turn_limit_list),
            ("were stopped by an error", tally.errors, &tally.stopped_list),
        ]
    }
}

pub fn run(options: &Options<'_>) -> Exit {
    let results = match simulate(options) {
        Ok(results) => results,
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            return failure.exit;
        }
    };
    if let Some(path) = options.tally_out {
        if results.shard.stopped {
            eprintln!("note: {} not written: the run was stopped before its end", path.display());
        } else if let Err(error) = std::fs::write(path, results.shard.to_json()) {
            eprintln!("error: cannot write {}: {error}", path.display());
            return Exit::Usage;
        }
    }
    finish(&results, options.format, options.report)
}

/// Prints the summary, writes the report, and says how `rsc sim` ends.
fn finish(results: &Results, format: SummaryFormat, report: Option<&Path>) -> Exit {
    let mut summary = String::new();
    match format {
        SummaryFormat::Json => summary = format!("{}\n", summary_json(results)),
        SummaryFormat::Human => write_table(&mut summary, results).expect("writing to a String cannot fail"),
    }
    crate::print_stdout(&summary);
    if let Some(path) = report {
        let html = crate::report::render(results);
        if let Err(error) = std::fs::write(path, html) {
            eprintln!("error: cannot write {}: {error}", path.display());
            return Exit::Usage;
        }
        if format == SummaryFormat::Human {
            crate::print_stdout(&format!("report written to {}\n", path.display()));
        }
    }
    for game in results.tally().stopped_list.games() {
        eprintln!("error: game {} (seed {}): {}", game.index, game.seed, game.error.as_deref().unwrap_or_default());
    }
    if results.shard.stopped {
        Exit::Interrupted
    } else if results.tally().errors > 0 {
        Exit::Errors
    } else {
        Exit::Success
    }
}

/// `rsc sim merge`: adds up tally files of one configuration.
pub fn merge(files: &[PathBuf], format: SummaryFormat, report: Option<&Path>, tally_out: Option<&Path>) -> Exit {
    let merged = (|| -> Result<Shard, Failure> {
        for path in report.into_iter().chain(tally_out) {
            check_writable(path)?;
        }
        let mut shards = Vec::new();
        for file in files {
            let shard = Shard::read(file).map_err(|error| Failure {
                exit: if error.is_input_error() { Exit::Errors } else { Exit::Usage },
                message: error.to_string(),
            })?;
            shards.push((file.display().to_string(), shard));
        }
        Shard::merge(shards).map_err(|error| Failure::input(error.to_string()))
    })();
    let merged = match merged {
        Ok(merged) => merged,
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            return failure.exit;
        }
    };
    let missing = merged.missing_games();
    if missing > 0 {
        eprintln!("note: the tallies leave out {missing} of the run's games");
    }
    if let Some(path) = tally_out
        && let Err(error) = std::fs::write(path, merged.to_json())
    {
        eprintln!("error: cannot write {}: {error}", path.display());
        return Exit::Usage;
    }
    finish(&Results { shard: merged }, format, report)
}

/// Plays the games of `options`.
pub fn simulate(options: &Options<'_>) -> Result<Results, Failure> {
    // Installed first, so that Ctrl-C while the set loads already stops the run cleanly. A
    // second Ctrl-C ends at once; installing fails only when a handler is there already.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(Exit::Interrupted as i32);
        }
    });
    let players = seat_players(options.players)?;
    if players.contains(&PlayerKind::Scripted) {
        return Err("a scripted player plays saved games: use random or greedy".into());
    }
    if options.games == 0 {
        return Err("--games must be at least 1".into());
    }
    for path in options.report.into_iter().chain(options.tally_out) {
        check_writable(path)?;
    }
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
        decks
    } else {
        if options.decks.len() != 2 {
            return Err(format!(
                "give two decks (--deck A --deck B) or --all-decks, not {} decks",
                options.decks.len()
            )
            .into());
        }
        vec![load_deck(&set.set, &options.decks[0])?, load_deck(&set.set, &options.decks[1])?]
    };
    let configuration = configuration_of(&set, &decks, options, players);
    let total = configuration.total_games().ok_or("too many games")?;
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
    let progress = if options.format == SummaryFormat::Human && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(games.end - games.start);
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
    };
    let started = Instant::now();
    let tally = play_parallel(&simulation, games.clone(), jobs, &progress)?;
    let seconds = started.elapsed().as_secs_f64();
    progress.finish_and_clear();
    let stopped = STOP.load(Ordering::SeqCst);
    let shard = simulation.shard(vec![[games.start, games.end]], tally, refused, (seconds, jobs), stopped);
    Ok(Results { shard })
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
    let count = games.end - games.start;
    let size = (count / (jobs as u64).saturating_mul(CHUNKS_PER_THREAD)).clamp(1, CHUNK);
    let chunks = count.div_ceil(size);
    let next_chunk = AtomicU64::new(0);
    let threads = jobs.min(usize::try_from(chunks).unwrap_or(usize::MAX)).max(1);
    let worker = || {
        let mut tally = simulation.new_tally();
        loop {
            let chunk = next_chunk.fetch_add(1, Ordering::Relaxed);
            if chunk >= chunks || STOP.load(Ordering::Relaxed) {
                break;
            }
            let first = games.start + chunk * size;
            let end = first.saturating_add(size).min(games.end);
            simulation.play_into(&mut tally, first..end, &STOP, || progress.inc(1));
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
        let mut total = simulation.new_tally();
        for handle in handles {
            match handle.join() {
                Ok(tally) => total.merge(&tally),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        total.settle();
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

/// The last line of `--message-format json`.
pub fn summary_json(results: &Results) -> serde_json::Value {
    let tally = results.tally();
    let names = results.deck_names();
    let wins: serde_json::Map<String, serde_json::Value> =
        names.iter().zip(&tally.wins).map(|(name, wins)| (name.clone(), json!(wins))).collect();
    let deck_name = |i: usize| names.get(i).cloned().unwrap_or_default();
    let listed = |list: &KeptList| -> Vec<serde_json::Value> {
        list.games()
            .iter()
            .map(|game| {
                json!({"game": game.index, "seed": game.seed, "decks": [deck_name(game.decks[0]), deck_name(game.decks[1])],
                "error": game.error, "trap": game.trap, "trace_hash": game.trace_hash,
                "replay": results.replay_command(game)})
            })
            .collect()
    };
    let mut value = json!({
        "games": tally.games,
        "decks": names,
        "players": results.players(),
        "seed": results.seed(),
        "wins": wins,
        "draws": tally.draws,
        "traps": tally.trapped_games,
        "turn_limit": tally.turn_limit,
        "stalled": tally.stalled,
        "errors": tally.errors,
        "mean_turns": round(tally.mean_turns(), 3),
        "longest_turns": tally.longest,
        "mean_decisions": round(tally.mean_decisions(), 3),
        "games_per_s": round(results.games_per_s(), 1),
        "jobs": results.shard.jobs,
        "most_played": top_cards(results, 10, false),
        "most_winning": top_cards(results, 10, true),
        "trapped_games": listed(&tally.trapped_list),
        "turn_limit_games": listed(&tally.turn_limit_list),
        "stopped_games": listed(&tally.stopped_list),
    });
    if results.all_decks() {
        value["matchups"] = json!(matchup_rates(results));
        value["refused_decks"] = json!(results.shard.refused_decks);
    }
    if results.shard.stopped {
        value["stopped"] = json!(true);
    }
    value
}

fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// `rates[a][b]`: deck `a`'s win rate against deck `b` (`None` on the diagonal).
pub fn matchup_rates(results: &Results) -> Vec<Vec<Option<f64>>> {
    let tally = results.tally();
    let decks = results.configuration().decks.len();
    (0..decks)
        .map(|a| {
            (0..decks)
                .map(|b| {
                    let games = tally.meetings[a][b];
                    (a != b && games > 0).then(|| round(tally.matchups[a][b] as f64 / games as f64, 4))
                })
                .collect()
        })
        .collect()
}

/// The cards played most, or (`by_wins`) with the best win rate when played among those
/// played in at least 10% of the games, as JSON objects.
pub fn top_cards(results: &Results, n: usize, by_wins: bool) -> Vec<serde_json::Value> {
    ranked_cards(results, by_wins)
        .into_iter()
        .take(n)
        .map(|(def, f)| {
            json!({"card": results.card_name(def), "plays": f.plays, "games": f.games,
                "win_rate": round(f.wins as f64 / f.games.max(1) as f64, 4)})
        })
        .collect()
}

/// Cards by plays, or by win rate when played (with enough games to mean something).
pub fn ranked_cards(results: &Results, by_wins: bool) -> Vec<(usize, CardFigures)> {
    let floor = (results.tally().games / 10).max(1);
    let mut cards: Vec<(usize, CardFigures)> =
        results.tally().cards.iter().copied().enumerate().filter(|(_, f)| f.plays > 0).collect();
    if by_wins {
        cards.retain(|(_, f)| f.games >= floor);
        let rate = |f: &CardFigures| f.wins as f64 / f.games.max(1) as f64;
        cards.sort_by(|a, b| rate(&b.1).total_cmp(&rate(&a.1)).then(a.0.cmp(&b.0)));
    } else {
        cards.sort_by(|a, b| b.1.plays.cmp(&a.1.plays).then(a.0.cmp(&b.0)));
    }
    cards
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn write_table(out: &mut String, results: &Results) -> std::fmt::Result {
    let tally = results.tally();
    let names = results.deck_names();
    let width = names.iter().map(String::len).max().unwrap_or(4).max(5);
    writeln!(
        out,
        "{} games, players {} / {}, seed {}, {} job{}",
        tally.games,
        results.players()[0],
        results.players()[1],
        results.seed(),
        results.shard.jobs,
        if results.shard.jobs == 1 { "" } else { "s" }
    )?;
    writeln!(out, "{:<width$}  {:>7}  {:>7}  {:>8}  95% CI", "deck", "games", "wins", "win rate")?;
    for (i, name) in names.iter().enumerate() {
        let (wins, games) = (tally.wins[i], tally.played[i]);
        let (low, high) = wilson(wins, games);
        let rate = if games > 0 { wins as f64 / games as f64 } else { 0.0 };
        writeln!(
            out,
            "{name:<width$}  {games:>7}  {wins:>7}  {:>8}  [{}, {}]",
            percent(rate),
            percent(low),
            percent(high)
        )?;
    }
    writeln!(
        out,
        "draws {} (turn limit {}, stalled {}, stopped by an error {})",
        tally.draws, tally.turn_limit, tally.stalled, tally.errors
    )?;
    writeln!(
        out,
        "turns: mean {:.1}, longest {}; decisions: mean {:.1} per game",
        tally.mean_turns(),
        tally.longest,
        tally.mean_decisions()
    )?;
    writeln!(out, "speed: {:.1} games/s ({:.2} s)", results.games_per_s(), results.shard.seconds)?;
    if results.shard.stopped {
        writeln!(out, "stopped by Ctrl-C after {} games: the games being played then were dropped", tally.games)?;
    }
    if results.all_decks() {
        write_matrix(out, results, &names)?;
    }
    let most_played: Vec<String> = ranked_cards(results, false)
        .iter()
        .take(8)
        .map(|(def, f)| format!("{} {}", results.card_name(*def), f.plays))
        .collect();
    writeln!(out, "most played cards: {}", most_played.join(", "))?;
    let most_winning: Vec<String> = ranked_cards(results, true)
        .iter()
        .take(8)
        .map(|(def, f)| {
            format!("{} {} of {}", results.card_name(*def), percent(f.wins as f64 / f.games.max(1) as f64), f.games)
        })
        .collect();
    writeln!(out, "most winning cards (win rate when played, games): {}", most_winning.join(", "))?;
    for (what, count, list) in results.kept() {
        if count == 0 {
            continue;
        }
        writeln!(out, "{count} games {what}:")?;
        for game in list.games().iter().take(LISTED) {
            let why = game.error.as_deref().or(game.trap.as_deref()).unwrap_or("");
            writeln!(out, "  game {} seed {}: {}  {why}", game.index, game.seed, results.replay_command(game))?;
        }
        if count > LISTED as u64 {
            let listed = list.games().len();
            writeln!(out, "  … and {} more (--message-format json lists the first {listed})", count - LISTED as u64)?;
        }
    }
    for message in &results.shard.refused_decks {
        writeln!(out, "deck refused: {message}")?;
    }
    Ok(())
}

/// The matchup matrix: rows by number and name, columns by number, so that every name is
/// shown whole however many decks there are.
fn write_matrix(out: &mut String, results: &Results, names: &[String]) -> std::fmt::Result {
    let rates = matchup_rates(results);
    writeln!(out, "matchups (row's win rate against column):")?;
    let numbers: Vec<String> = (1..=names.len()).map(|n| n.to_string()).collect();
    let label_width = names.iter().zip(&numbers).map(|(name, n)| n.len() + 1 + name.chars().count()).max().unwrap_or(4);
    let cell = numbers.last().map_or(0, String::len).max(4);
    write!(out, "{:<label_width$} ", "")?;
    for number in &numbers {
        write!(out, " {number:>cell$}")?;
    }
    writeln!(out)?;
    for (a, row) in rates.iter().enumerate() {
        let label = format!("{} {}", numbers[a], names[a]);
        let pad = label_width.saturating_sub(label.chars().count());
        write!(out, "{label}{:pad$} ", "")?;
        for rate in row {
            match rate {
                Some(rate) => write!(out, " {:>cell$}", format!("{:.0}%", rate * 100.0))?,
                None => write!(out, " {:>cell$}", "-")?,
            }
        }
        writeln!(out)?;
    }
    Ok(())
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
