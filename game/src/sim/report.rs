//! The HTML report of a sim (`rsc sim --report out.html`, `rsc sim merge`, the Python
//! package's `rulescript.sim`): one self-contained page (no network: the charts are SVG
//! drawn with plotters and written inline) with the win rate and its 95% band as games
//! accumulate (or each deck's win rate with `--all-decks`), the matchup matrix as a heat
//! map, per-card play counts and win rates, and the distribution of game length.

use std::fmt::Write as _;

use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

use super::stats::wilson;
use super::summary::{Results, matchup_rates, ranked_cards};

/// Width of every chart, in pixels.
const WIDTH: u32 = 1000;
/// The font of axis labels and descriptions: plotters sizes them by the chart's height
/// otherwise, which made a short chart's (two decks' win rates) unreadable.
const AXIS_FONT: (&str, u32) = ("sans-serif", 12);
/// Cards listed in the per-card charts.
const TOP_CARDS: usize = 25;

/// A chart's SVG, or why it could not be drawn.
pub type Chart = Result<String, String>;

/// The whole page.
pub fn render(results: &Results) -> String {
    let names = results.deck_names();
    let tally = results.tally();
    let mut html = String::new();
    let title = if results.all_decks() {
        format!("{} decks of {}", names.len(), escape(&results.configuration().set.path))
    } else {
        format!("{} against {}", names[0], names[1])
    };
    page_head(&mut html, &title);
    let _ = writeln!(
        html,
        "<p>{} games, players {} / {}, seed {}. Draws {} (turn limit {}, stalled {}, stopped by an error {}); \
         games whose card rules trapped: {}. Turns: mean {:.1}, longest {}. {:.1} decisions per game, {:.1} games/s.</p>",
        tally.games,
        results.players()[0],
        results.players()[1],
        results.seed(),
        tally.draws,
        tally.turn_limit,
        tally.stalled,
        tally.errors,
        tally.trapped_games,
        tally.mean_turns(),
        tally.longest,
        tally.mean_decisions(),
        results.games_per_s()
    );
    if results.shard.stopped {
        let _ = writeln!(
            html,
            "<p><strong>Stopped by Ctrl-C, SIGTERM or SIGHUP after {} games</strong>: the games being played then were dropped.</p>",
            tally.games
        );
    }
    // The decks of the folder that did not play, as the text summary lists them.
    for message in &results.shard.refused_decks {
        let _ = writeln!(html, "<p>Deck left out: {}</p>", escape(message));
    }
    html.push_str("<table><tr><th>deck</th><th>games</th><th>wins</th><th>win rate</th><th>95% CI</th></tr>\n");
    for (i, name) in names.iter().enumerate() {
        let (wins, games) = (tally.wins[i], tally.played[i]);
        let (low, high) = wilson(wins, games);
        let _ = writeln!(
            html,
            "<tr><td>{}</td><td>{games}</td><td>{wins}</td><td>{:.1}%</td><td>{:.1}% – {:.1}%</td></tr>",
            escape(name),
            100.0 * wins as f64 / games.max(1) as f64,
            100.0 * low,
            100.0 * high
        );
    }
    html.push_str("</table>\n");
    let mut figures: Vec<(Chart, String)> = Vec::new();
    if results.all_decks() {
        figures.push((
            deck_rates_chart(results, &names),
            "Each deck's win rate over all its games, with its 95% Wilson interval.".into(),
        ));
        figures.push((
            matchup_chart(results, &names),
            "Matchups: the row deck's win rate against the column deck (blue favours the row).".into(),
        ));
    } else {
        figures.push((
            convergence_chart(results, &names[0]),
            format!("{}'s win rate as games accumulate, with its 95% Wilson band.", escape(&names[0])),
        ));
    }
    figures.push((cards_chart(results, false), format!("The {TOP_CARDS} most played cards (times played).")));
    figures.push((
        cards_chart(results, true),
        format!(
            "Win contribution: the win rate of the side that played the card, for the {TOP_CARDS} best cards \
             played in at least 10% of the games."
        ),
    ));
    figures.push((length_chart(results), "Game length: how many games lasted each number of turns.".into()));
    for (chart, caption) in figures {
        push_figure(&mut html, chart, &caption);
    }
    let mut flagged: Vec<_> = tally.trapped_list.games().iter().chain(tally.stopped_list.games()).collect();
    flagged.sort_by_key(|game| game.index);
    flagged.dedup_by_key(|game| game.index);
    if !flagged.is_empty() {
        html.push_str("<h2>Games to look at</h2><ul>\n");
        for game in flagged.into_iter().take(50) {
            let why = game.error.as_deref().or(game.trap.as_deref()).unwrap_or_default();
            let _ = writeln!(
                html,
                "<li>game {}: <code>{}</code>: {}</li>",
                game.index,
                escape(&results.replay_command(game)),
                escape(why)
            );
        }
        html.push_str("</ul>\n");
    }
    html.push_str("</body></html>\n");
    html
}

/// The page's start, up to its `<h1>` (`title` is HTML already: escape names in it), as
/// every sim report opens.
pub fn page_head(html: &mut String, title: &str) {
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rsc sim: {title}</title>\
         <style>body{{font-family:sans-serif;margin:2em;max-width:{WIDTH}px}}table{{border-collapse:collapse}}\
         td,th{{border:1px solid #ccc;padding:2px 8px;text-align:right}}th:first-child,td:first-child{{text-align:left}}\
         figure{{margin:1.5em 0}}figcaption{{color:#555}}.chart{{overflow-x:auto}}.chart svg{{display:block}}\
         @media (max-width:700px){{body{{margin:0.5em}}}}</style></head><body>\n<h1>rsc sim: {title}</h1>\n"
    );
}

/// One chart (or why it was not drawn) and its caption (HTML) as a `<figure>`.
pub fn push_figure(html: &mut String, chart: Chart, caption: &str) {
    html.push_str("<figure>\n");
    match chart {
        // A chart keeps its size (its labels stay legible) and scrolls sideways in a
        // window narrower than it.
        Ok(svg) => {
            html.push_str("<div class=\"chart\">");
            html.push_str(&svg);
            html.push_str("</div>");
        }
        Err(error) => {
            let _ = write!(html, "<p>chart not drawn: {}</p>", escape(&error));
        }
    }
    let _ = writeln!(html, "\n<figcaption>{caption}</figcaption></figure>");
}

/// `text` safe in HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn error<E: std::fmt::Debug>(error: E) -> String {
    format!("{error:?}")
}

/// `wins` of `games` as a rate drawn on a 0..1 axis. A tally file may say anything (more
/// wins than games), and plotters overflows mapping a value far off its axis to pixels.
fn rate(wins: u64, games: u64) -> f64 {
    (wins as f64 / games.max(1) as f64).clamp(0.0, 1.0)
}

/// Deck 0's cumulative win rate after each of its games, with the Wilson band.
fn convergence_chart(results: &Results, name: &str) -> Chart {
    convergence_svg(name, &results.tally().first_deck_progress())
}

/// A deck's cumulative win rate, from its `(games, wins)` so far at each point, with the
/// Wilson band.
pub fn convergence_svg(name: &str, progress: &[(u64, u64)]) -> Chart {
    let points: Vec<(f64, f64, f64, f64)> = progress
        .iter()
        .copied()
        .filter(|&(games, _)| games > 0)
        .map(|(games, wins)| {
            let (low, high) = wilson(wins, games);
            (games as f64, rate(wins, games), low, high)
        })
        .collect();
    let last = points.last().map_or(1.0, |p| p.0).max(2.0);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, 380)).into_drawing_area();
        root.fill(&WHITE).map_err(error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("{name}: win rate as games accumulate"), ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(1f64..last, 0f64..1f64)
            .map_err(error)?;
        chart
            .configure_mesh()
            .light_line_style(WHITE)
            .label_style(AXIS_FONT)
            .axis_desc_style(AXIS_FONT)
            .x_desc("games")
            .y_desc("win rate")
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()
            .map_err(error)?;
        let band: Vec<(f64, f64)> =
            points.iter().map(|p| (p.0, p.3)).chain(points.iter().rev().map(|p| (p.0, p.2))).collect();
        chart.draw_series(std::iter::once(Polygon::new(band, BLUE.mix(0.18).filled()))).map_err(error)?;
        chart.draw_series(LineSeries::new([(1.0, 0.5), (last, 0.5)], BLACK.mix(0.4))).map_err(error)?;
        chart.draw_series(LineSeries::new(points.iter().map(|p| (p.0, p.1)), BLUE.stroke_width(2))).map_err(error)?;
        root.present().map_err(error)?;
    }
    Ok(svg)
}

/// Each deck's overall win rate with its interval, one bar per deck (names down the side,
/// where long ones fit).
fn deck_rates_chart(results: &Results, names: &[String]) -> Chart {
    let tally = results.tally();
    let figures: Vec<(u64, u64)> = (0..names.len()).map(|i| (tally.wins[i], tally.played[i])).collect();
    win_rates_chart(names, &figures)
}

/// One bar per deck of `names`: its win rate of `figures[i]` (wins, games) with its 95%
/// Wilson interval. Shared with `rsc sim --lang wagic`.
pub fn win_rates_chart(names: &[String], figures: &[(u64, u64)]) -> Chart {
    let figure = |i: usize| figures.get(i).copied().unwrap_or((0, 0));
    let rows: Vec<(String, f64)> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let (wins, games) = figure(i);
            (name.clone(), rate(wins, games))
        })
        .collect();
    let intervals: Vec<(f64, f64)> = (0..names.len()).map(|i| wilson(figure(i).0, figure(i).1)).collect();
    bar_chart(&Bars {
        caption: "Win rate per deck (all matchups), 95% interval",
        rows: &rows,
        intervals: Some(&intervals),
        rates: true,
        colour: BLUE.mix(0.55),
        base_height: 90,
        label_width: 160,
    })
}

/// A horizontal bar chart: one bar per row, the first row at the top, its label beside it.
pub struct Bars<'a> {
    pub caption: &'a str,
    /// Each row's label and value.
    pub rows: &'a [(String, f64)],
    /// Each row's interval, drawn as a line through its bar.
    pub intervals: Option<&'a [(f64, f64)]>,
    /// Whether the values are rates: shown as percentages on 0..1, with a line at 50%.
    pub rates: bool,
    pub colour: RGBAColor,
    /// Height of everything but the bars (caption, axis), in pixels.
    pub base_height: u32,
    /// Width of the labels' column, in pixels.
    pub label_width: u32,
}

/// [`Bars`] drawn.
pub fn bar_chart(bars: &Bars<'_>) -> Chart {
    let n = bars.rows.len() as i32;
    // Row 0 at the top: plotters counts rows bottom up.
    let labels: Vec<String> = bars.rows.iter().rev().map(|(name, _)| name.clone()).collect();
    let top = if bars.rates { 1.0 } else { bars.rows.iter().map(|row| row.1).fold(1.0, f64::max) * 1.05 };
    let row_at = |i: usize| n - 1 - i as i32;
    let mut svg = String::new();
    {
        let height = bars.base_height + 22 * bars.rows.len() as u32;
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(bars.caption, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(bars.label_width)
            // plotters' integer ranges include their end: n items are 0..n-1.
            .build_cartesian_2d(0f64..top, (0..n - 1).into_segmented())
            .map_err(error)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .light_line_style(WHITE)
            .label_style(AXIS_FONT)
            .y_labels(bars.rows.len())
            .y_label_formatter(&|v| segment_name(v, &labels))
            .x_label_formatter(&|x| if bars.rates { format!("{:.0}%", x * 100.0) } else { format!("{x:.0}") })
            .draw()
            .map_err(error)?;
        chart
            .draw_series(bars.rows.iter().enumerate().map(|(i, &(_, value))| {
                let row = row_at(i);
                let mut bar = Rectangle::new(
                    [(0.0, SegmentValue::Exact(row)), (value, SegmentValue::Exact(row + 1))],
                    bars.colour.filled(),
                );
                bar.set_margin(2, 2, 0, 0);
                bar
            }))
            .map_err(error)?;
        if let Some(intervals) = bars.intervals {
            chart
                .draw_series(intervals.iter().enumerate().map(|(i, &(low, high))| {
                    let row = row_at(i);
                    PathElement::new(
                        vec![(low, SegmentValue::CenterOf(row)), (high, SegmentValue::CenterOf(row))],
                        BLACK,
                    )
                }))
                .map_err(error)?;
        }
        if bars.rates {
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(0.5, SegmentValue::Exact(0)), (0.5, SegmentValue::Last)],
                    BLACK.mix(0.5),
                )))
                .map_err(error)?;
        }
        root.present().map_err(error)?;
    }
    Ok(svg)
}

fn segment_name(value: &SegmentValue<i32>, names: &[String]) -> String {
    match value {
        SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
            usize::try_from(*i).ok().and_then(|i| names.get(i)).cloned().unwrap_or_default()
        }
        SegmentValue::Last => String::new(),
    }
}

/// The colour of a win rate: red below one half, white at one half, blue above.
fn rate_colour(rate: f64) -> RGBColor {
    let t = ((rate - 0.5) * 2.0).clamp(-1.0, 1.0);
    let fade = |full: u8, t: f64| (255.0 - (255.0 - f64::from(full)) * t.abs()) as u8;
    if t < 0.0 {
        RGBColor(fade(200, t), fade(40, t), fade(40, t))
    } else {
        RGBColor(fade(40, t), fade(90, t), fade(200, t))
    }
}

/// Width of the heat map's colour legend, in pixels.
const LEGEND_WIDTH: u32 = 120;

/// The heat map's legend: the colour scale from 0% (red) through 50% (white) to 100%
/// (blue), labelled every 25%, under its title.
fn rate_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    height: u32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (top, bottom) = (60i32, (height as i32 - 60).max(120));
    let (left, right) = (12i32, 36i32);
    area.draw(&Text::new("row's win rate", (4, top - 28), ("sans-serif", 13).into_font()))?;
    let span = bottom - top;
    for y in top..bottom {
        // 100% at the top.
        let rate = 1.0 - f64::from(y - top) / f64::from(span);
        area.draw(&Rectangle::new([(left, y), (right, y + 1)], rate_colour(rate).filled()))?;
    }
    area.draw(&Rectangle::new([(left, top), (right, bottom)], BLACK.mix(0.5)))?;
    for step in 0..=4 {
        let rate = f64::from(step) / 4.0;
        let y = bottom - (f64::from(span) * rate) as i32;
        area.draw(&PathElement::new(vec![(right, y), (right + 5, y)], BLACK))?;
        let label = format!("{:.0}%{}", rate * 100.0, if step == 2 { " even" } else { "" });
        area.draw(&Text::new(label, (right + 8, y - 6), ("sans-serif", 12).into_font()))?;
    }
    area.draw(&Text::new("grey: not played", (4, bottom + 14), ("sans-serif", 12).into_font()))?;
    Ok(())
}

/// The matchup matrix as a heat map, each cell labelled with its rate.
fn matchup_chart(results: &Results, names: &[String]) -> Chart {
    matchup_svg(&matchup_rates(results), names)
}

/// `rates[a][b]` (deck `a`'s win rate against deck `b`, `None` where they did not meet) as
/// a heat map, each cell labelled with its rate.
pub fn matchup_svg(rates: &[Vec<Option<f64>>], names: &[String]) -> Chart {
    let n = names.len() as i32;
    let height = 130 + 26 * names.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(error)?;
        let (map, legend) = root.split_horizontally(WIDTH - LEGEND_WIDTH);
        rate_legend(&legend, height).map_err(error)?;
        let mut chart = ChartBuilder::on(&map)
            .caption("Matchups: row's win rate against column", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(150)
            .build_cartesian_2d((0..n - 1).into_segmented(), (0..n - 1).into_segmented())
            .map_err(error)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(names.len())
            .y_labels(names.len())
            .x_label_style(("sans-serif", 11))
            .y_label_style(("sans-serif", 11))
            .x_desc("against deck number")
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => (i + 1).to_string(),
                SegmentValue::Last => String::new(),
            })
            // Row 0 at the top, as a table reads.
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
                    format!("{} {}", n - i, segment_name(&SegmentValue::CenterOf(n - 1 - i), names))
                }
                SegmentValue::Last => String::new(),
            })
            .draw()
            .map_err(error)?;
        let cells: Vec<(i32, i32, Option<f64>)> = rates
            .iter()
            .enumerate()
            .flat_map(|(a, row)| row.iter().enumerate().map(move |(b, rate)| (a as i32, b as i32, *rate)))
            .collect();
        chart
            .draw_series(cells.iter().map(|&(a, b, rate)| {
                let row = n - 1 - a;
                let colour = rate.map_or(RGBColor(230, 230, 230), rate_colour);
                Rectangle::new(
                    [
                        (SegmentValue::Exact(b), SegmentValue::Exact(row)),
                        (SegmentValue::Exact(b + 1), SegmentValue::Exact(row + 1)),
                    ],
                    colour.filled(),
                )
            }))
            .map_err(error)?;
        let label = ("sans-serif", 10).into_font().color(&BLACK).pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Center,
            plotters::style::text_anchor::VPos::Center,
        ));
        chart
            .draw_series(cells.iter().filter_map(|&(a, b, rate)| {
                let rate = rate?;
                Some(Text::new(
                    format!("{:.0}", rate * 100.0),
                    (SegmentValue::CenterOf(b), SegmentValue::CenterOf(n - 1 - a)),
                    label.clone(),
                ))
            }))
            .map_err(error)?;
        root.present().map_err(error)?;
    }
    Ok(svg)
}

/// The most played cards (`by_wins` false) or the best win rates when played.
fn cards_chart(results: &Results, by_wins: bool) -> Chart {
    let rows: Vec<(String, f64)> = ranked_cards(results, by_wins)
        .into_iter()
        .take(TOP_CARDS)
        .map(|(def, f)| {
            let value = if by_wins { rate(f.wins, f.games) } else { f.plays as f64 };
            (results.card_name(def), value)
        })
        .collect();
    if rows.is_empty() {
        return Err("no card was played".into());
    }
    bar_chart(&Bars {
        caption: if by_wins { "Win rate when played" } else { "Times played" },
        rows: &rows,
        intervals: None,
        rates: by_wins,
        colour: if by_wins { GREEN.mix(0.6) } else { BLUE.mix(0.55) },
        base_height: 80,
        label_width: 200,
    })
}

/// How many games lasted each number of turns.
fn length_chart(results: &Results) -> Chart {
    length_svg(&results.tally().lengths)
}

/// `lengths[turns]`: how many games lasted each number of turns, as bars.
pub fn length_svg(lengths: &[u64]) -> Chart {
    let longest = lengths.len().max(2) as u32 - 1;
    let most = lengths.iter().copied().max().unwrap_or(1).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Game length", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d((0..longest).into_segmented(), 0u64..most.saturating_add(most / 10).saturating_add(1))
            .map_err(error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .label_style(AXIS_FONT)
            .axis_desc_style(AXIS_FONT)
            .x_desc("turns")
            .y_desc("games")
            .draw()
            .map_err(error)?;
        // One bar per length, in order: plotters' histogram sums its data in a hash map
        // and draws the bars in that map's order, so the same tally gave different pages.
        chart
            .draw_series(lengths.iter().enumerate().filter(|(_, games)| **games > 0).map(|(turns, &games)| {
                let turns = turns as u32;
                let mut bar = Rectangle::new(
                    [(SegmentValue::Exact(turns), 0), (SegmentValue::Exact(turns + 1), games)],
                    BLUE.mix(0.55).filled(),
                );
                bar.set_margin(0, 0, 1, 1);
                bar
            }))
            .map_err(error)?;
        root.present().map_err(error)?;
    }
    Ok(svg)
}
