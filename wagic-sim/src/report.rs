//! The HTML report of `rsc sim --lang wagic --report FILE.html` (and of `rsc sim merge` of
//! Wagic tallies, and the Python package's `tally_report`): CFC's page
//! (`game::sim::report`: its head, figures and charts, drawn from this run's figures) with
//! the deck table on the play and on the draw, how games ended, the cards most cast, their
//! win rate when cast and their combat damage, and the games to look at.

use std::fmt::Write as _;

use game::sim::report::{
    Bars, bar_chart, convergence_svg, escape, length_svg, matchup_svg, page_head, push_figure, win_rates_chart,
};
use game::sim::stats::wilson;
use plotters::style::{BLUE, Color, GREEN, RED};

use crate::Results;
use crate::summary::{Ranking, card_name, kept, matchup_rates, ranked_cards};

/// Cards in each per-card chart.
const TOP_CARDS: usize = 25;

/// The whole page.
pub fn render(results: &Results) -> String {
    let tally = &results.tally;
    let plan = &results.configuration;
    let names = results.deck_names();
    let pairs = plan.pair_count().unwrap_or(u64::MAX);
    let title = if pairs > 1 {
        format!("{} Wagic decks", names.len())
    } else {
        format!("{} against {}", escape(&names[0]), escape(names.get(1).map_or("", String::as_str)))
    };
    let mut html = String::new();
    page_head(&mut html, &title);
    let _ = writeln!(
        html,
        "<p>{} games, players {} / {}, seed {}, turn limit {}. Ended: no life {}, an empty library {}, poison {}, a card's effect {}; draws {} \
         (both lost {}, turn limit {}, stopped by an error {}). Turns: mean {:.1}, longest {}. {:.1} decisions per \
         game, {:.1} games/s.</p>",
        tally.games,
        plan.players[0],
        plan.players[1],
        plan.seed,
        plan.turn_limit,
        tally.by_life,
        tally.by_library,
        tally.by_poison,
        tally.by_effect,
        tally.draws(),
        tally.both_lost,
        tally.turn_limit,
        tally.errors,
        tally.mean_turns(),
        tally.longest,
        tally.mean_decisions(),
        results.games_per_s()
    );
    if results.stopped {
        let _ = writeln!(
            html,
            "<p><strong>Stopped by Ctrl-C, SIGTERM or SIGHUP after {} games</strong>: the others were not played.</p>",
            tally.games
        );
    }
    for (path, why) in &plan.refused {
        let _ = writeln!(html, "<p>Deck left out: {}: {}</p>", escape(path), escape(why));
    }
    html.push_str(
        "<table><tr><th>deck</th><th>games</th><th>wins</th><th>win rate</th><th>95% CI</th>\
         <th>on the play</th><th>on the draw</th><th>cards left out</th></tr>\n",
    );
    for (i, name) in names.iter().enumerate() {
        let f = tally.decks.get(i).copied().unwrap_or_default();
        let (low, high) = wilson(f.wins, f.games);
        let (draw_games, draw_wins) = f.on_draw();
        let seat = |wins: u64, games: u64| format!("{:.1}% of {games}", 100.0 * wins as f64 / games.max(1) as f64);
        let left = plan.decks.get(i).map_or(0, |d| d.left_out);
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}% – {:.1}%</td><td>{}</td><td>{}</td>\
             <td>{left}</td></tr>",
            escape(name),
            f.games,
            f.wins,
            100.0 * f.wins as f64 / f.games.max(1) as f64,
            100.0 * low,
            100.0 * high,
            seat(f.on_play_wins, f.on_play_games),
            seat(draw_wins, draw_games),
        );
    }
    html.push_str("</table>\n");
    let rate = |wins: u64, games: u64| (wins as f64 / games.max(1) as f64).clamp(0.0, 1.0);
    if pairs > 1 {
        let figures: Vec<(u64, u64)> = tally.decks.iter().map(|f| (f.wins, f.games)).collect();
        let chart = win_rates_chart(&names, &figures);
        push_figure(&mut html, chart, "Each deck's win rate over all its games, with its 95% Wilson interval.");
        push_figure(
            &mut html,
            matchup_svg(&matchup_rates(results), &names),
            "Matchups: the row deck's win rate against the column deck (blue favours the row).",
        );
    } else {
        push_figure(
            &mut html,
            convergence_svg(&names[0], &tally.first_deck_progress()),
            &format!("{}'s win rate as games accumulate, with its 95% Wilson band.", escape(&names[0])),
        );
    }
    let card_rows = |ranking: Ranking, value: &dyn Fn(&crate::tally::CardFigures) -> f64| -> Vec<(String, f64)> {
        ranked_cards(results, ranking)
            .into_iter()
            .take(TOP_CARDS)
            .map(|(card, f)| (card_name(results, card).to_owned(), value(&f)))
            .collect()
    };
    let charts = [
        (
            Ranking::Casts,
            "Games cast in",
            format!("The {TOP_CARDS} spells cast in most games (lands played are not counted)."),
        ),
        (
            Ranking::WinRate,
            "Win rate when cast",
            format!(
                "The win rate of the side that cast the card, for the {TOP_CARDS} best cards cast in at least 10% \
                 of the games."
            ),
        ),
        (Ranking::Damage, "Combat damage dealt", format!("The {TOP_CARDS} cards that dealt the most combat damage.")),
    ];
    for (ranking, caption, text) in charts {
        let rows = match ranking {
            Ranking::Casts => card_rows(ranking, &|f| f.games as f64),
            Ranking::WinRate => card_rows(ranking, &|f| rate(f.wins, f.games)),
            Ranking::Damage => card_rows(ranking, &|f| f.damage as f64),
        };
        let chart = if rows.is_empty() {
            Err("no card to show".to_owned())
        } else {
            bar_chart(&Bars {
                caption,
                rows: &rows,
                intervals: None,
                rates: ranking == Ranking::WinRate,
                colour: match ranking {
                    Ranking::Casts => BLUE.mix(0.55),
                    Ranking::WinRate => GREEN.mix(0.6),
                    Ranking::Damage => RED.mix(0.5),
                },
                base_height: 80,
                label_width: 200,
            })
        };
        push_figure(&mut html, chart, &escape(&text));
    }
    push_figure(&mut html, length_svg(&tally.lengths), "Game length: how many games lasted each number of turns.");
    let mut listed = false;
    for (what, count, list) in kept(results) {
        if count == 0 {
            continue;
        }
        if !listed {
            html.push_str("<h2>Games to look at</h2>\n");
            listed = true;
        }
        let _ = writeln!(html, "<p>{count} games {what}:</p><ul>");
        for game in list.games().iter().take(50) {
            let why = game.error.as_deref().unwrap_or_default();
            let _ = writeln!(
                html,
                "<li>game {}: <code>{}</code> {}</li>",
                game.index,
                escape(&plan.replay_command(game.decks, game.seed)),
                escape(why)
            );
        }
        html.push_str("</ul>\n");
    }
    html.push_str("</body></html>\n");
    html
}
