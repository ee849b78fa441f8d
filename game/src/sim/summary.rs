//! The summary of a sim (one run or merged shards, from its [`Shard`]): the text table
//! and the JSON object `rsc sim` prints, shared by `rsc sim`, `rsc sim merge` and the
//! Python package, so that every one of them prints the same bytes for the same tally.

use std::fmt::Write as _;

use serde_json::json;

use super::shard::{Configuration, Shard};
use super::stats::{CardFigures, KeptGame, KeptList, Tally, wilson};
use crate::players::PlayerKind;

/// Games of each kind the table lists (the JSON lists every kept one).
const LISTED: usize = 20;

/// Everything a finished run (or a merge of shards) knows, for the table, the JSON line and
/// the report ([`super::report`]).
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
        unique_names(self.configuration().decks.iter().map(|deck| deck.name.as_str()))
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

/// How a summary is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// A table (`rsc sim`'s `--message-format human`).
    #[default]
    Human,
    /// One JSON object on one line (`--message-format json`).
    Json,
}

/// The summary of `results` as `rsc sim` prints it on standard output, final newline
/// included.
pub fn render(results: &Results, format: Format) -> String {
    match format {
        Format::Json => format!("{}\n", json(results)),
        Format::Human => {
            let mut table = String::new();
            // Writing to a String cannot fail.
            let _ = write_table(&mut table, results);
            table
        }
    }
}

/// The object of `--message-format json`.
pub fn json(results: &Results) -> serde_json::Value {
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

/// Names made unique in order: a name met before gets `#2`, `#3`... (a deck against itself
/// is `name` and `name#2`). Shared with `rsc sim --lang wagic`.
pub fn unique_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut unique: Vec<String> = Vec::new();
    for base in names {
        let mut name = base.to_owned();
        let mut n = 2;
        while unique.contains(&name) {
            name = format!("{base}#{n}");
            n += 1;
        }
        unique.push(name);
    }
    unique
}

/// `rates[a][b]`: deck `a`'s win rate against deck `b` (`None` on the diagonal).
pub fn matchup_rates(results: &Results) -> Vec<Vec<Option<f64>>> {
    let tally = results.tally();
    win_rates(&tally.matchups, &tally.meetings)
}

/// `rates[a][b]`: `wins[a][b] / meetings[a][b]`, rounded to 4 places (`None` on the
/// diagonal and where `a` and `b` did not meet). Shared with `rsc sim --lang wagic`.
pub fn win_rates(wins: &[Vec<u64>], meetings: &[Vec<u64>]) -> Vec<Vec<Option<f64>>> {
    let at = |table: &[Vec<u64>], a: usize, b: usize| table.get(a).and_then(|row| row.get(b)).copied().unwrap_or(0);
    (0..meetings.len())
        .map(|a| {
            (0..meetings.len())
                .map(|b| {
                    let games = at(meetings, a, b);
                    (a != b && games > 0).then(|| round(at(wins, a, b) as f64 / games as f64, 4))
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
        writeln!(
            out,
            "stopped by Ctrl-C, SIGTERM or SIGHUP after {} games: the games being played then were dropped",
            tally.games
        )?;
    }
    if results.all_decks() {
        write_matrix(out, &matchup_rates(results), &names)?;
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
/// shown whole however many decks there are (`rates[a][b]`: deck `a`'s win rate against
/// `b`, `None` where they did not meet). Shared with `rsc sim --lang wagic`.
pub fn write_matrix(out: &mut String, rates: &[Vec<Option<f64>>], names: &[String]) -> std::fmt::Result {
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
