//! The summary of a Wagic sim (`rsc sim --lang wagic`): the text table and the JSON
//! object, in the shape of CFC's (`game::sim::summary`: the same deck table with its 95% Wilson interval, the
//! same matrix of matchups, the same lists of games with their replay commands), plus
//! what a Magic designer asks of it: each deck on the play and on the draw, how games
//! ended, and per card the games it was cast in, the win rate then and its combat damage.

use std::fmt::Write as _;

use game::sim::stats::{KeptList, wilson};
use game::sim::summary::write_matrix;
use serde_json::json;

use crate::Results;
use crate::tally::CardFigures;

/// Games of each kind the table lists (the JSON lists every kept one).
pub const LISTED: usize = 20;

/// Cards each ranking of the table lists.
const TABLE_CARDS: usize = 8;

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn rate(wins: u64, games: u64) -> f64 {
    if games == 0 { 0.0 } else { wins as f64 / games as f64 }
}

fn round(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// How the cards are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranking {
    /// By the games it was cast in, then the times it was.
    Casts,
    /// By the win rate of the side that cast it, among the cards cast in at least a tenth
    /// of the run's games (as CFC's).
    WinRate,
    /// By combat damage dealt.
    Damage,
}

/// The cards by `ranking`, best first (ties by name).
pub fn ranked_cards(results: &Results, ranking: Ranking) -> Vec<(usize, CardFigures)> {
    let tally = &results.tally;
    let floor = (tally.games / 10).max(1);
    let mut cards: Vec<(usize, CardFigures)> =
        tally.cards.iter().copied().enumerate().filter(|(_, f)| f.casts > 0 || f.damage > 0).collect();
    match ranking {
        Ranking::Casts => {
            cards.retain(|(_, f)| f.games > 0);
            cards.sort_by(|a, b| (b.1.games, b.1.casts).cmp(&(a.1.games, a.1.casts)).then(a.0.cmp(&b.0)));
        }
        Ranking::WinRate => {
            cards.retain(|(_, f)| f.games >= floor);
            let by = |f: &CardFigures| rate(f.wins, f.games);
            cards.sort_by(|a, b| by(&b.1).total_cmp(&by(&a.1)).then(a.0.cmp(&b.0)));
        }
        Ranking::Damage => {
            cards.retain(|(_, f)| f.damage > 0);
            cards.sort_by(|a, b| b.1.damage.cmp(&a.1.damage).then(a.0.cmp(&b.0)));
        }
    }
    cards
}

/// `rates[a][b]`: deck `a`'s win rate against deck `b` (`None` where they did not meet).
pub fn matchup_rates(results: &Results) -> Vec<Vec<Option<f64>>> {
    game::sim::summary::win_rates(&results.tally.matchups, &results.tally.meetings)
}

pub fn card_name(results: &Results, card: usize) -> &str {
    results.card_names.get(card).map_or("", String::as_str)
}

/// The kept games of each kind, with how many there were.
pub fn kept(results: &Results) -> [(&'static str, u64, &KeptList); 2] {
    let tally = &results.tally;
    [
        ("hit the turn limit", tally.turn_limit, &tally.turn_limit_list),
        ("were stopped by an error", tally.errors, &tally.stopped_list),
    ]
}

/// The table `rsc sim --lang wagic` prints, final newline included.
pub fn table(results: &Results) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_table(&mut out, results);
    out
}

fn write_table(out: &mut String, results: &Results) -> std::fmt::Result {
    let tally = &results.tally;
    let plan = &results.configuration;
    let names = results.deck_names();
    let width = names.iter().map(|name| name.chars().count()).max().unwrap_or(4).max(5);
    writeln!(
        out,
        "{} games, players {} / {}, seed {}, turn limit {}, {} job{}",
        tally.games,
        plan.players[0],
        plan.players[1],
        plan.seed,
        plan.turn_limit,
        results.jobs,
        if results.jobs == 1 { "" } else { "s" }
    )?;
    writeln!(
        out,
        "{:<width$}  {:>7}  {:>7}  {:>8}  {:<16}  {:>15}  {:>15}",
        "deck", "games", "wins", "win rate", "95% CI", "on the play", "on the draw"
    )?;
    for (index, (deck, name)) in plan.decks.iter().zip(&names).enumerate() {
        let figures = tally.decks.get(index).copied().unwrap_or_default();
        let (low, high) = wilson(figures.wins, figures.games);
        let (draw_games, draw_wins) = figures.on_draw();
        let seat = |wins: u64, games: u64| format!("{} of {games}", percent(rate(wins, games)));
        let pad = width.saturating_sub(name.chars().count());
        writeln!(
            out,
            "{name}{:pad$}  {:>7}  {:>7}  {:>8}  {:<16}  {:>15}  {:>15}",
            "",
            figures.games,
            figures.wins,
            percent(rate(figures.wins, figures.games)),
            format!("[{}, {}]", percent(low), percent(high)),
            seat(figures.on_play_wins, figures.on_play_games),
            seat(draw_wins, draw_games),
        )?;
        if deck.left_out > 0 {
            writeln!(out, "  ({} of its {} cards left out: they do not compile)", deck.left_out, deck.total)?;
        }
    }
    let (low, high) = wilson(tally.first_seat_wins, tally.games);
    writeln!(
        out,
        "on the play: won {} of {} games, {} [{}, {}]",
        tally.first_seat_wins,
        tally.games,
        percent(rate(tally.first_seat_wins, tally.games)),
        percent(low),
        percent(high)
    )?;
    writeln!(
        out,
        "ended: no life {}, an empty library {}, poison {}, a card's effect {}; draws {} (both lost {}, turn limit {}, stopped by an error {})",
        tally.by_life,
        tally.by_library,
        tally.by_poison,
        tally.by_effect,
        tally.draws(),
        tally.both_lost,
        tally.turn_limit,
        tally.errors
    )?;
    writeln!(
        out,
        "turns: mean {:.1}, longest {}; decisions: mean {:.1} per game",
        tally.mean_turns(),
        tally.longest,
        tally.mean_decisions()
    )?;
    writeln!(out, "speed: {:.1} games/s ({:.2} s)", results.games_per_s(), results.seconds)?;
    if results.stopped {
        writeln!(out, "stopped by Ctrl-C, SIGTERM or SIGHUP after {} games: the others were not played", tally.games)?;
    }
    if plan.pair_count() > Some(1) {
        write_matrix(out, &matchup_rates(results), &names)?;
    }
    let listed = |ranking: Ranking, show: &dyn Fn(&CardFigures) -> String| -> String {
        let cards: Vec<String> = ranked_cards(results, ranking)
            .iter()
            .take(TABLE_CARDS)
            .map(|(card, f)| format!("{} {}", card_name(results, *card), show(f)))
            .collect();
        if cards.is_empty() { "none".into() } else { cards.join(", ") }
    };
    writeln!(out, "most cast spells (games cast in): {}", listed(Ranking::Casts, &|f| f.games.to_string()))?;
    writeln!(
        out,
        "most winning cards (win rate when cast, games): {}",
        listed(Ranking::WinRate, &|f| format!("{} of {}", percent(rate(f.wins, f.games)), f.games))
    )?;
    writeln!(out, "most combat damage: {}", listed(Ranking::Damage, &|f| f.damage.to_string()))?;
    for (what, count, list) in kept(results) {
        if count == 0 {
            continue;
        }
        writeln!(out, "{count} games {what}:")?;
        for game in list.games().iter().take(LISTED) {
            let why = game.error.as_deref().map_or_else(String::new, |error| format!("  {error}"));
            writeln!(
                out,
                "  game {} seed {}: {}{why}",
                game.index,
                game.seed,
                plan.replay_command(game.decks, game.seed)
            )?;
        }
        if count > LISTED as u64 {
            let kept = list.games().len();
            writeln!(out, "  … and {} more (--message-format json lists the first {kept})", count - LISTED as u64)?;
        }
    }
    if tally.games > 0 {
        let (decks, seed) = game_zero(plan);
        writeln!(out, "replay game 0: {}", plan.replay_command(decks, seed))?;
        writeln!(out, "(this sim's command with --replay I prints game I's)")?;
    }
    for (path, why) in &plan.refused {
        writeln!(out, "deck refused: {path}: {why}")?;
    }
    Ok(())
}

/// The decks in seats 0 and 1 of the run's game 0, and its seed: the first pair is decks 0
/// and 1, with or without `--all-decks` (listing the pairs of a tally file's decks would
/// take memory growing as their square).
fn game_zero(plan: &crate::shard::Configuration) -> ([usize; 2], u64) {
    ([0, 1], plan.game_seed(0))
}

/// The object of `--message-format json`.
pub fn json(results: &Results) -> serde_json::Value {
    let tally = &results.tally;
    let plan = &results.configuration;
    let names = results.deck_names();
    let deck_name = |i: usize| names.get(i).cloned().unwrap_or_default();
    let decks: Vec<serde_json::Value> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let f = tally.decks.get(i).copied().unwrap_or_default();
            let (low, high) = wilson(f.wins, f.games);
            let (draw_games, draw_wins) = f.on_draw();
            let deck = plan.decks.get(i);
            json!({"deck": name, "path": deck.map(|d| d.path.clone()),
                "games": f.games, "wins": f.wins, "win_rate": round(rate(f.wins, f.games), 4),
                "ci95": [round(low, 4), round(high, 4)],
                "on_the_play": {"games": f.on_play_games, "wins": f.on_play_wins},
                "on_the_draw": {"games": draw_games, "wins": draw_wins},
                "cards": deck.map(|d| d.cards.len()), "cards_left_out": deck.map(|d| d.left_out)})
        })
        .collect();
    let listed = |list: &KeptList| -> Vec<serde_json::Value> {
        list.games()
            .iter()
            .map(|game| {
                json!({"game": game.index, "seed": game.seed,
                    "decks": [deck_name(game.decks[0]), deck_name(game.decks[1])],
                    "error": game.error, "replay": plan.replay_command(game.decks, game.seed)})
            })
            .collect()
    };
    let cards = |ranking: Ranking| -> Vec<serde_json::Value> {
        ranked_cards(results, ranking)
            .into_iter()
            .take(20)
            .map(|(card, f)| {
                json!({"card": card_name(results, card), "casts": f.casts, "games": f.games,
                    "win_rate": round(rate(f.wins, f.games), 4), "combat_damage": f.damage})
            })
            .collect()
    };
    let players = &plan.players;
    let mut value = json!({
        "games": tally.games,
        "decks": decks,
        "players": players,
        "seed": plan.seed,
        "turn_limit": plan.turn_limit,
        "on_the_play_wins": tally.first_seat_wins,
        "ended": {"life": tally.by_life, "library": tally.by_library, "poison": tally.by_poison, "effect": tally.by_effect,
            "both_lost": tally.both_lost,
            "turn_limit": tally.turn_limit, "error": tally.errors},
        "draws": tally.draws(),
        "mean_turns": round(tally.mean_turns(), 3),
        "longest_turns": tally.longest,
        "turns": tally.lengths,
        "mean_decisions": round(tally.mean_decisions(), 3),
        "games_per_s": round(results.games_per_s(), 1),
        "jobs": results.jobs,
        "most_cast": cards(Ranking::Casts),
        "most_winning": cards(Ranking::WinRate),
        "most_damage": cards(Ranking::Damage),
        "turn_limit_games": listed(&tally.turn_limit_list),
        "stopped_games": listed(&tally.stopped_list),
        "refused_decks": plan.refused.iter().map(|(path, why)| json!({"path": path, "why": why})).collect::<Vec<_>>(),
    });
    if plan.pair_count() > Some(1) {
        value["matchups"] = json!(matchup_rates(results));
    }
    if results.stopped {
        value["stopped"] = json!(true);
    }
    value
}
