//! `rsc sim`: many seeded games between two decks (or every pair of a set's valid decks),
//! on `--jobs` threads, with a progress bar on a terminal, a summary table or one JSON
//! object, and an HTML report. Game `i` is seeded from `--seed` and `i` alone and the
//! results are summed in game order, so the figures never depend on the thread count.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use game::Game;
use game::players::{PlayerKind, mix64};
use game::sim::stats::{CardFigures, EndKind, GameSummary, Tally, wilson};
use game::sim::{self, PlayOptions};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use crate::Exit;
use crate::render::MessageFormat;
use crate::run::{LoadedDeck, LoadedSet, load_deck, load_set, seat_players};

/// What `rsc sim` was asked.
pub struct Options<'a> {
    pub set: &'a Path,
    pub decks: &'a [PathBuf],
    pub all_decks: bool,
    pub games: u64,
    pub seed: u64,
    pub players: &'a [PlayerKind],
    pub jobs: Option<usize>,
    pub format: MessageFormat,
    pub report: Option<&'a Path>,
    pub check: bool,
    pub turn_limit: Option<u32>,
}

/// Everything a finished run knows, for the table, the JSON line and the report.
pub struct Results {
    pub set: LoadedSet,
    pub decks: Vec<LoadedDeck>,
    pub players: [PlayerKind; 2],
    pub all_decks: bool,
    pub seed: u64,
    pub jobs: usize,
    pub summaries: Vec<GameSummary>,
    pub tally: Tally,
    pub seconds: f64,
    /// Decks of the set's folder that break a deck rule (`--all-decks`).
    pub refused: Vec<String>,
}

impl Results {
    pub fn games_per_s(&self) -> f64 {
        if self.seconds > 0.0 { self.tally.games as f64 / self.seconds } else { 0.0 }
    }

    /// Deck names, made unique (a deck against itself is `name` and `name#2`).
    pub fn deck_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for deck in &self.decks {
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
        self.set.set.card(def).map_or_else(|| format!("#{def}"), |card| card.name.clone())
    }

    /// The command that replays game `summary` alone.
    pub fn replay_command(&self, summary: &GameSummary) -> String {
        let deck = |i: usize| self.decks.get(i).map_or_else(String::new, |d| d.path.display().to_string());
        format!(
            "rsc run --set {} --deck {} --deck {} --seed {} --player {} --player {}",
            self.set.dir.display(),
            deck(summary.decks[0]),
            deck(summary.decks[1]),
            summary.seed,
            self.players[0],
            self.players[1]
        )
    }
}

/// The seed of game `index` of a run seeded `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    mix64(seed ^ mix64(index))
}

pub fn run(options: &Options<'_>) -> Exit {
    let results = match simulate(options) {
        Ok(results) => results,
        Err(message) => {
            eprintln!("error: {message}");
            return Exit::Usage;
        }
    };
    match options.format {
        MessageFormat::Json => println!("{}", summary_json(&results)),
        MessageFormat::Human => print_table(&results),
    }
    if let Some(path) = options.report {
        let html = crate::report::render(&results);
        if let Err(error) = std::fs::write(path, html) {
            eprintln!("error: cannot write {}: {error}", path.display());
            return Exit::Usage;
        }
        if options.format == MessageFormat::Human {
            println!("report written to {}", path.display());
        }
    }
    let stopped: Vec<&GameSummary> = results.summaries.iter().filter(|s| s.error.is_some()).collect();
    for summary in &stopped {
        eprintln!(
            "error: game {} (seed {}): {}",
            summary.index,
            summary.seed,
            summary.error.as_deref().unwrap_or_default()
        );
    }
    if stopped.is_empty() { Exit::Success } else { Exit::Errors }
}

/// Plays the games of `options`.
pub fn simulate(options: &Options<'_>) -> Result<Results, String> {
    let players = seat_players(options.players)?;
    if players.contains(&PlayerKind::Scripted) {
        return Err("a scripted player plays saved games: use random or greedy".into());
    }
    let set = load_set(options.set)?;
    let mut refused = Vec::new();
    let (decks, pairs) = if options.all_decks {
        if !options.decks.is_empty() {
            return Err("--all-decks plays the set's decks: leave out --deck".into());
        }
        let (decks, bad) = set_decks(&set)?;
        refused = bad;
        if decks.len() < 2 {
            return Err(format!("{} has fewer than two valid decks in decks/", set.dir.display()));
        }
        let pairs: Vec<[usize; 2]> = (0..decks.len()).flat_map(|a| (a + 1..decks.len()).map(move |b| [a, b])).collect();
        (decks, pairs)
    } else {
        if options.decks.len() != 2 {
            return Err(format!(
                "give two decks (--deck A --deck B) or --all-decks, not {} decks",
                options.decks.len()
            ));
        }
        let decks = vec![load_deck(&set.set, &options.decks[0])?, load_deck(&set.set, &options.decks[1])?];
        (decks, vec![[0, 1]])
    };
    if options.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let total = options.games.checked_mul(pairs.len() as u64).ok_or("too many games")?;
    let jobs = options.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|error| format!("cannot start {jobs} threads: {error}"))?;
    let progress = if options.format == MessageFormat::Human && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(total);
        let style = ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar
    } else {
        ProgressBar::hidden()
    };
    let play_options = PlayOptions { check_invariants: options.check, ..PlayOptions::default() };
    let started = Instant::now();
    let summaries: Vec<GameSummary> = pool.install(|| {
        (0..total)
            .into_par_iter()
            .map(|index| {
                let pair = pairs[(index / options.games) as usize];
                let seed = game_seed(options.seed, index);
                let summary = play_game(
                    &set.set,
                    [&decks[pair[0]], &decks[pair[1]]],
                    pair,
                    players,
                    index,
                    seed,
                    &play_options,
                    options.turn_limit,
                );
                progress.inc(1);
                summary
            })
            .collect()
    });
    let seconds = started.elapsed().as_secs_f64();
    progress.finish_and_clear();
    let mut tally = Tally::new(decks.len(), set.set.cards().len());
    for summary in &summaries {
        tally.add(summary);
    }
    Ok(Results {
        set,
        decks,
        players,
        all_decks: options.all_decks,
        seed: options.seed,
        jobs,
        summaries,
        tally,
        seconds,
        refused,
    })
}

#[allow(clippy::too_many_arguments)]
fn play_game(
    set: &Arc<game::CardSet>,
    decks: [&LoadedDeck; 2],
    pair: [usize; 2],
    players: [PlayerKind; 2],
    index: u64,
    seed: u64,
    options: &PlayOptions,
    turn_limit: Option<u32>,
) -> GameSummary {
    let mut game = match Game::new(Arc::clone(set), [decks[0].cards.clone(), decks[1].cards.clone()], seed) {
        Ok(game) => game,
        Err(error) => return error_summary(index, seed, pair, error.to_string()),
    };
    if let Some(limit) = turn_limit {
        game.set_turn_limit(limit);
    }
    let mut seats = [players[0].create(seed, 0), players[1].create(seed, 1)];
    let played = sim::play(&mut game, &mut seats, options, |_, _, _| std::ops::ControlFlow::Continue(()));
    GameSummary::of(&game, &played, index, seed, pair)
}

/// The summary of a game that could not start.
fn error_summary(index: u64, seed: u64, decks: [usize; 2], error: String) -> GameSummary {
    GameSummary {
        index,
        seed,
        decks,
        winner: None,
        end: EndKind::Error,
        turns: 0,
        decisions: 0,
        traps: 0,
        first_trap: None,
        error: Some(error),
        plays: [Vec::new(), Vec::new()],
    }
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
            Err(message) => refused.push(message),
        }
    }
    Ok((decks, refused))
}

/// The last line of `--message-format json`.
pub fn summary_json(results: &Results) -> serde_json::Value {
    let tally = &results.tally;
    let names = results.deck_names();
    let wins: serde_json::Map<String, serde_json::Value> =
        names.iter().zip(&tally.wins).map(|(name, wins)| (name.clone(), json!(wins))).collect();
    let listed = |keep: &dyn Fn(&GameSummary) -> bool| -> Vec<serde_json::Value> {
        results
            .summaries
            .iter()
            .filter(|s| keep(s))
            .map(|s| {
                json!({"game": s.index, "seed": s.seed, "decks": [names[s.decks[0]], names[s.decks[1]]],
                "error": s.error, "trap": s.first_trap})
            })
            .collect()
    };
    let mut value = json!({
        "games": tally.games,
        "decks": names,
        "players": results.players,
        "seed": results.seed,
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
        "jobs": results.jobs,
        "most_played": top_cards(results, 10, false),
        "most_winning": top_cards(results, 10, true),
        "trapped_games": listed(&|s| s.traps > 0),
        "turn_limit_games": listed(&|s| s.end == EndKind::TurnLimit),
        "stopped_games": listed(&|s| s.error.is_some()),
    });
    if results.all_decks {
        value["matchups"] = json!(matchup_rates(results));
        value["refused_decks"] = json!(results.refused);
    }
    value
}

fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// `rates[a][b]`: deck `a`'s win rate against deck `b` (`None` on the diagonal).
pub fn matchup_rates(results: &Results) -> Vec<Vec<Option<f64>>> {
    let tally = &results.tally;
    (0..results.decks.len())
        .map(|a| {
            (0..results.decks.len())
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
    let floor = (results.tally.games / 10).max(1);
    let mut cards: Vec<(usize, CardFigures)> =
        results.tally.cards.iter().copied().enumerate().filter(|(_, f)| f.plays > 0).collect();
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

fn print_table(results: &Results) {
    let tally = &results.tally;
    let names = results.deck_names();
    let width = names.iter().map(String::len).max().unwrap_or(4).max(5);
    println!(
        "{} games, players {} / {}, seed {}, {} job{}",
        tally.games,
        results.players[0],
        results.players[1],
        results.seed,
        results.jobs,
        if results.jobs == 1 { "" } else { "s" }
    );
    println!("{:<width$}  {:>7}  {:>7}  {:>8}  95% CI", "deck", "games", "wins", "win rate");
    for (i, name) in names.iter().enumerate() {
        let (wins, games) = (tally.wins[i], tally.played[i]);
        let (low, high) = wilson(wins, games);
        let rate = if games > 0 { wins as f64 / games as f64 } else { 0.0 };
        println!("{name:<width$}  {games:>7}  {wins:>7}  {:>8}  [{}, {}]", percent(rate), percent(low), percent(high));
    }
    println!(
        "draws {} (turn limit {}, stalled {}, stopped by an error {})",
        tally.draws, tally.turn_limit, tally.stalled, tally.errors
    );
    println!(
        "turns: mean {:.1}, longest {}; decisions: mean {:.1} per game",
        tally.mean_turns(),
        tally.longest,
        tally.mean_decisions()
    );
    println!("speed: {:.1} games/s ({:.2} s)", results.games_per_s(), results.seconds);
    if results.all_decks {
        print_matrix(results, &names);
    }
    let most_played: Vec<String> = ranked_cards(results, false)
        .iter()
        .take(8)
        .map(|(def, f)| format!("{} {}", results.card_name(*def), f.plays))
        .collect();
    println!("most played cards: {}", most_played.join(", "));
    let most_winning: Vec<String> = ranked_cards(results, true)
        .iter()
        .take(8)
        .map(|(def, f)| {
            format!("{} {} of {}", results.card_name(*def), percent(f.wins as f64 / f.games.max(1) as f64), f.games)
        })
        .collect();
    println!("most winning cards (win rate when played, games): {}", most_winning.join(", "));
    for (what, keep) in [
        ("trapped", &(|s: &GameSummary| s.traps > 0) as &dyn Fn(&GameSummary) -> bool),
        ("hit the turn limit", &|s: &GameSummary| s.end == EndKind::TurnLimit),
        ("were stopped by an error", &|s: &GameSummary| s.error.is_some()),
    ] {
        let games: Vec<&GameSummary> = results.summaries.iter().filter(|s| keep(s)).collect();
        if games.is_empty() {
            continue;
        }
        println!("{} games {what}:", games.len());
        for summary in games.iter().take(20) {
            let why = summary.error.as_deref().or(summary.first_trap.as_deref()).unwrap_or("");
            println!("  game {} seed {}: {}  {why}", summary.index, summary.seed, results.replay_command(summary));
        }
        if games.len() > 20 {
            println!("  … and {} more (--message-format json lists them all)", games.len() - 20);
        }
    }
    for message in &results.refused {
        println!("deck refused: {message}");
    }
}

fn print_matrix(results: &Results, names: &[String]) {
    let rates = matchup_rates(results);
    println!("matchups (row's win rate against column):");
    let short: Vec<String> = names.iter().map(|n| n.chars().take(6).collect()).collect();
    let width = names.iter().map(String::len).max().unwrap_or(4);
    print!("{:<width$} ", "");
    for name in &short {
        print!(" {name:>6}");
    }
    println!();
    for (a, row) in rates.iter().enumerate() {
        print!("{:<width$} ", names[a]);
        for rate in row {
            match rate {
                Some(rate) => print!(" {:>6}", format!("{:.0}%", rate * 100.0)),
                None => print!(" {:>6}", "-"),
            }
        }
        println!();
    }
}
