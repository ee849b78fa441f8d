//! Summing many games up: a [`GameSummary`] per game, folded into a [`Tally`] of wins per
//! deck, the matchup matrix, game lengths, per-card figures and the first [`KEPT_GAMES`]
//! games worth a look. A tally's size does not grow with its games, and tallies add up
//! ([`Tally::merge`]) to the same figures in any order, so neither the thread count nor the
//! split of a run into shards changes the result.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use super::{PlayError, Played};
use crate::log::{LogKind, RecordKind};
use crate::state::{EndReason, Seat};
use crate::{DefIdx, Game};

/// How a game ended, in the categories a designer counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndKind {
    /// A player won.
    Win,
    /// Both players lost at once.
    BothLost,
    /// The turn limit was reached.
    TurnLimit,
    /// The engine stopped a step that did not end.
    Stalled,
    /// The game stopped early ([`GameSummary::error`]).
    Error,
}

/// What one game of a simulation came to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's number in the run.
    pub index: u64,
    /// The seed that replays it.
    pub seed: u64,
    /// The decks in seats 0 and 1 (indices in the run's deck list).
    pub decks: [usize; 2],
    /// The winning seat.
    pub winner: Option<Seat>,
    /// How it ended.
    pub end: EndKind,
    /// Turns played.
    pub turns: u32,
    /// Decisions taken.
    pub decisions: u32,
    /// Runtime errors (traps) in cards' rules.
    pub traps: u32,
    /// The first trap's message.
    pub first_trap: Option<String>,
    /// Why the game stopped early (an invariant, a player, the engine).
    pub error: Option<String>,
    /// The cards each seat played (printed card, by index in the set), in order.
    pub plays: [Vec<DefIdx>; 2],
}

/// Cards a player's list of plays in [`GameSummary::of`] holds before it grows.
const PLAYS_CAPACITY: usize = 32;

impl GameSummary {
    /// The summary of `game`, played as `played`.
    pub fn of(game: &Game, played: &Played, index: u64, seed: u64, decks: [usize; 2]) -> GameSummary {
        // Room for what a player of a random game plays (characters and back-ups): grown
        // card by card, the lists were copied three times each a game.
        let plays = [Vec::with_capacity(PLAYS_CAPACITY), Vec::with_capacity(PLAYS_CAPACITY)];
        let mut summary = GameSummary::unstarted(index, seed, decks, String::new());
        summary.plays = plays;
        summary.set_to(game, played, index, seed, decks);
        summary
    }

    /// The summary of game `index` of decks `decks`, which could not start: `error`.
    pub fn unstarted(index: u64, seed: u64, decks: [usize; 2], error: String) -> GameSummary {
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

    /// Makes this [`GameSummary::of`] `game`, keeping the room of its lists of plays: a
    /// simulation sums game after game up in one summary.
    pub fn set_to(&mut self, game: &Game, played: &Played, index: u64, seed: u64, decks: [usize; 2]) {
        let state = game.state();
        let mut traps = 0;
        let mut first_trap = None;
        for plays in &mut self.plays {
            plays.clear();
        }
        // The plays, back-ups and traps as kept (the log knows where they are): only a trap's
        // message is read as text.
        for (index, record) in state.log.summarised() {
            match record.kind {
                RecordKind::Play { player, card, .. } => {
                    if let Some(c) = state.card(card) {
                        self.plays[player.index()].push(c.original());
                    }
                }
                RecordKind::Backup { card, .. } => {
                    if let Some(c) = state.card(card) {
                        self.plays[c.owner.index()].push(c.original());
                    }
                }
                RecordKind::Trap { .. } => {
                    traps += 1;
                    if first_trap.is_none()
                        && let Some(LogKind::Trap { message, .. }) = state.read_log().get(index).map(|entry| entry.kind)
                    {
                        first_trap = Some(message.to_owned());
                    }
                }
                _ => {}
            }
        }
        let error = played.error.as_ref().map(PlayError::to_string);
        let end = match (&error, state.outcome.as_ref().map(|o| &o.reason)) {
            (Some(_), _) | (None, None) => EndKind::Error,
            (None, Some(EndReason::TurnLimit(_))) => EndKind::TurnLimit,
            (None, Some(EndReason::Stalled)) => EndKind::Stalled,
            (None, Some(EndReason::BothLost)) => EndKind::BothLost,
            (None, Some(_)) => EndKind::Win,
        };
        self.index = index;
        self.seed = seed;
        self.decks = decks;
        self.winner = if end == EndKind::Win { state.outcome.as_ref().and_then(|o| o.winner) } else { None };
        self.end = end;
        self.turns = state.turn;
        self.decisions = played.steps.len() as u32;
        self.traps = traps;
        self.first_trap = first_trap;
        self.error = error;
    }

    /// The winning deck.
    pub fn winning_deck(&self) -> Option<usize> {
        self.winner.map(|seat| self.decks[seat.index()])
    }
}

/// The Wilson score interval of `successes` out of `trials` at 95% (z = 1.96), as
/// `(low, high)` fractions; `(0, 1)` with no trial.
pub fn wilson(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = trials as f64;
    let p = successes as f64 / n;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Figures of one printed card over many games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardFigures {
    /// Times it was played.
    pub plays: u64,
    /// Games in which a seat played it at least once (counted per seat).
    pub games: u64,
    /// Of those, the games that seat won.
    pub wins: u64,
}

/// Games of each kind worth a look (trapped, turn limit, stopped) a tally keeps: the ones
/// with the lowest game numbers; the others are only counted.
pub const KEPT_GAMES: usize = 1000;

/// A game a tally keeps to be looked at: enough to replay it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptGame {
    /// The game's number in the run.
    pub index: u64,
    /// Its seed.
    pub seed: u64,
    /// The decks in seats 0 and 1.
    pub decks: [usize; 2],
    /// Why it stopped early.
    pub error: Option<String>,
    /// Its first trap's message.
    pub trap: Option<String>,
    /// BLAKE3 of its event log, which its replay command's `--trace-hash` prints.
    pub trace_hash: Option<String>,
}

impl KeptGame {
    /// The kept record of `game`, with its trace hash when known.
    pub fn of(game: &GameSummary, trace_hash: Option<String>) -> KeptGame {
        KeptGame {
            index: game.index,
            seed: game.seed,
            decks: game.decks,
            error: game.error.clone(),
            trap: game.first_trap.clone(),
            trace_hash,
        }
    }
}

/// The kept games of one kind: the lowest game numbers, at most [`KEPT_GAMES`] once
/// [`KeptList::settle`]d.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct KeptList(Vec<KeptGame>);

impl KeptList {
    /// Whether a game numbered `index` would be among the kept ones now.
    pub fn would_keep(&self, index: u64) -> bool {
        self.0.len() < KEPT_GAMES || self.0.iter().any(|kept| kept.index > index)
    }

    /// Keeps `game` (until [`KeptList::settle`] finds [`KEPT_GAMES`] with lower numbers).
    pub fn push(&mut self, game: KeptGame) {
        self.0.push(game);
        // Settling now and then bounds the list at twice the cap between settles.
        if self.0.len() >= 2 * KEPT_GAMES {
            self.settle();
        }
    }

    /// Sorts by game number and keeps the first [`KEPT_GAMES`].
    pub fn settle(&mut self) {
        self.0.sort_by_key(|kept| kept.index);
        self.0.dedup_by_key(|kept| kept.index);
        self.0.truncate(KEPT_GAMES);
    }

    /// The kept games, by game number once settled.
    pub fn games(&self) -> &[KeptGame] {
        &self.0
    }
}

/// The point of the win-rate curve that game count `games` (1-based) falls in: every game
/// up to 100, then 90 points per tenfold, so a curve of any length has a few hundred points.
pub fn curve_point(games: u64) -> u64 {
    let mut step = 1u64;
    while games > step.saturating_mul(100) && step < u64::MAX / 100 {
        step *= 10;
    }
    games.div_ceil(step).saturating_mul(step)
}

/// Many games summed up. Adding the same games in any order, or merging the tallies of
/// any split of them, gives the same tally (once [`Tally::settle`]d).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// Games added.
    pub games: u64,
    /// Wins per deck.
    pub wins: Vec<u64>,
    /// Games per deck.
    pub played: Vec<u64>,
    /// `matchups[a][b]`: games deck `a` won against deck `b`.
    pub matchups: Vec<Vec<u64>>,
    /// `meetings[a][b]`: games between decks `a` and `b` (either seat).
    pub meetings: Vec<Vec<u64>>,
    /// Games no one won (both lost, turn limit, stalled, stopped).
    pub draws: u64,
    /// Games in which a card's rules trapped at least once.
    pub trapped_games: u64,
    /// Games that hit the turn limit.
    pub turn_limit: u64,
    /// Games the engine stopped as stuck.
    pub stalled: u64,
    /// Games stopped early by an error (invariant, player, engine).
    pub errors: u64,
    /// Sum of turns, for the mean.
    pub total_turns: u64,
    /// Sum of decisions, for the mean.
    pub total_decisions: u64,
    /// The longest game in turns.
    pub longest: u32,
    /// How many games lasted each number of turns (index = turns).
    pub lengths: Vec<u64>,
    /// Per printed card (index in the set).
    pub cards: Vec<CardFigures>,
    /// Deck 0's `[wins, games]` among the games counted at each [`curve_point`] (since the
    /// previous point): its win rate as games accumulate.
    pub first_deck_curve: BTreeMap<u64, [u64; 2]>,
    /// The first games that trapped.
    pub trapped_list: KeptList,
    /// The first games that hit the turn limit.
    pub turn_limit_list: KeptList,
    /// The first games stopped by an error.
    pub stopped_list: KeptList,
}

impl Tally {
    /// An empty tally for `decks` decks of a set of `cards` printed cards.
    pub fn new(decks: usize, cards: usize) -> Tally {
        Tally {
            games: 0,
            wins: vec![0; decks],
            played: vec![0; decks],
            matchups: vec![vec![0; decks]; decks],
            meetings: vec![vec![0; decks]; decks],
            draws: 0,
            trapped_games: 0,
            turn_limit: 0,
            stalled: 0,
            errors: 0,
            total_turns: 0,
            total_decisions: 0,
            longest: 0,
            lengths: Vec::new(),
            cards: vec![CardFigures::default(); cards],
            first_deck_curve: BTreeMap::new(),
            trapped_list: KeptList::default(),
            turn_limit_list: KeptList::default(),
            stopped_list: KeptList::default(),
        }
    }

    /// Whether `game` would be kept for a look now (so its trace hash is worth computing).
    pub fn would_keep(&self, game: &GameSummary) -> bool {
        (game.traps > 0 && self.trapped_list.would_keep(game.index))
            || (game.end == EndKind::TurnLimit && self.turn_limit_list.would_keep(game.index))
            || (game.end == EndKind::Error && self.stopped_list.would_keep(game.index))
    }

    /// Adds one game.
    pub fn add(&mut self, game: &GameSummary) {
        self.add_traced(game, None);
    }

    /// Adds one game whose event log hashes to `trace_hash` (kept with it if it is kept).
    pub fn add_traced(&mut self, game: &GameSummary, trace_hash: Option<String>) {
        self.games += 1;
        let [a, b] = game.decks;
        for deck in [a, b] {
            if let Some(n) = self.played.get_mut(deck) {
                *n += 1;
            }
        }
        if let Some(n) = self.meetings.get_mut(a).and_then(|row| row.get_mut(b)) {
            *n += 1;
        }
        if a != b
            && let Some(n) = self.meetings.get_mut(b).and_then(|row| row.get_mut(a))
        {
            *n += 1;
        }
        match (game.winning_deck(), game.winner) {
            (Some(winner), Some(seat)) => {
                let loser = game.decks[seat.other().index()];
                if let Some(n) = self.wins.get_mut(winner) {
                    *n += 1;
                }
                if let Some(n) = self.matchups.get_mut(winner).and_then(|row| row.get_mut(loser)) {
                    *n += 1;
                }
            }
            _ => self.draws += 1,
        }
        self.trapped_games += u64::from(game.traps > 0);
        self.turn_limit += u64::from(game.end == EndKind::TurnLimit);
        self.stalled += u64::from(game.end == EndKind::Stalled);
        self.errors += u64::from(game.end == EndKind::Error);
        self.total_turns += u64::from(game.turns);
        self.total_decisions += u64::from(game.decisions);
        self.longest = self.longest.max(game.turns);
        let turns = game.turns as usize;
        if self.lengths.len() <= turns {
            self.lengths.resize(turns + 1, 0);
        }
        self.lengths[turns] += 1;
        for (seat, plays) in game.plays.iter().enumerate() {
            let won = game.winner == Some(Seat::at(seat));
            // The cards of one player's game: no more than a deck, mostly a few dozen.
            let mut seen: SmallVec<[DefIdx; 32]> = SmallVec::new();
            for &card in plays {
                let Some(figures) = self.cards.get_mut(card) else { continue };
                figures.plays += 1;
                if !seen.contains(&card) {
                    seen.push(card);
                    figures.games += 1;
                    figures.wins += u64::from(won);
                }
            }
        }
        let point = self.first_deck_curve.entry(curve_point(game.index.saturating_add(1))).or_default();
        point[0] += u64::from(game.winning_deck() == Some(0));
        point[1] += u64::from(game.decks.contains(&0));
        let kept = || KeptGame::of(game, trace_hash.clone());
        if game.traps > 0 {
            self.trapped_list.push(kept());
        }
        if game.end == EndKind::TurnLimit {
            self.turn_limit_list.push(kept());
        }
        if game.end == EndKind::Error {
            self.stopped_list.push(kept());
        }
    }

    /// Adds the games of `other`, a tally of other games of the same decks and set. Sums
    /// saturate rather than wrap, so a hand-made tally cannot make one overflow.
    pub fn merge(&mut self, other: &Tally) {
        fn add_all(into: &mut Vec<u64>, from: &[u64]) {
            if into.len() < from.len() {
                into.resize(from.len(), 0);
            }
            for (a, b) in into.iter_mut().zip(from) {
                *a = a.saturating_add(*b);
            }
        }
        self.games = self.games.saturating_add(other.games);
        add_all(&mut self.wins, &other.wins);
        add_all(&mut self.played, &other.played);
        for (into, from) in [(&mut self.matchups, &other.matchups), (&mut self.meetings, &other.meetings)] {
            if into.len() < from.len() {
                into.resize(from.len(), Vec::new());
            }
            for (row, from_row) in into.iter_mut().zip(from) {
                add_all(row, from_row);
            }
        }
        for (into, from) in [
            (&mut self.draws, other.draws),
            (&mut self.trapped_games, other.trapped_games),
            (&mut self.turn_limit, other.turn_limit),
            (&mut self.stalled, other.stalled),
            (&mut self.errors, other.errors),
            (&mut self.total_turns, other.total_turns),
            (&mut self.total_decisions, other.total_decisions),
        ] {
            *into = into.saturating_add(from);
        }
        self.longest = self.longest.max(other.longest);
        add_all(&mut self.lengths, &other.lengths);
        if self.cards.len() < other.cards.len() {
            self.cards.resize(other.cards.len(), CardFigures::default());
        }
        for (into, from) in self.cards.iter_mut().zip(&other.cards) {
            into.plays = into.plays.saturating_add(from.plays);
            into.games = into.games.saturating_add(from.games);
            into.wins = into.wins.saturating_add(from.wins);
        }
        for (&point, &[wins, games]) in &other.first_deck_curve {
            let into = self.first_deck_curve.entry(point).or_default();
            into[0] = into[0].saturating_add(wins);
            into[1] = into[1].saturating_add(games);
        }
        for (into, from) in [
            (&mut self.trapped_list, &other.trapped_list),
            (&mut self.turn_limit_list, &other.turn_limit_list),
            (&mut self.stopped_list, &other.stopped_list),
        ] {
            into.0.extend(from.0.iter().cloned());
            into.settle();
        }
    }

    /// Sorts the kept lists by game number and cuts them to [`KEPT_GAMES`]: done before a
    /// tally is shown, written or compared.
    pub fn settle(&mut self) {
        self.trapped_list.settle();
        self.turn_limit_list.settle();
        self.stopped_list.settle();
    }

    /// Deck 0's `(games, wins)` so far at each point of its win-rate curve.
    pub fn first_deck_progress(&self) -> Vec<(u64, u64)> {
        let (mut wins, mut games) = (0u64, 0u64);
        self.first_deck_curve
            .values()
            .map(|&[w, g]| {
                wins = wins.saturating_add(w);
                games = games.saturating_add(g);
                (games, wins)
            })
            .collect()
    }

    /// Mean game length in turns.
    pub fn mean_turns(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.total_turns as f64 / self.games as f64 }
    }

    /// Mean decisions per game.
    pub fn mean_decisions(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.total_decisions as f64 / self.games as f64 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_the_textbook_values() {
        let (low, high) = wilson(50, 100);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3, "{low} {high}");
        let (low, high) = wilson(0, 10);
        assert!(low == 0.0 && (high - 0.2775).abs() < 1e-3, "{low} {high}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    /// A made-up game: game `index` between decks 0 and 1; every third one hits the turn
    /// limit, every fifth traps, the others are won by seat `index % 2`.
    fn made_up(index: u64) -> GameSummary {
        let turn_limit = index % 3 == 0;
        GameSummary {
            index,
            seed: index * 7,
            decks: [0, 1],
            winner: (!turn_limit).then_some(Seat::at((index % 2) as usize)),
            end: if turn_limit { EndKind::TurnLimit } else { EndKind::Win },
            turns: (index % 17) as u32,
            decisions: (index % 31) as u32,
            traps: u32::from(index % 5 == 0),
            first_trap: (index % 5 == 0).then(|| format!("trap {index}")),
            error: None,
            plays: [vec![(index % 4) as usize], vec![2, 2]],
        }
    }

    #[test]
    fn tallies_of_any_split_and_order_merge_to_the_tally_of_all_games() {
        let games = 5000u64;
        let mut whole = Tally::new(2, 4);
        for index in 0..games {
            whole.add(&made_up(index));
        }
        whole.settle();
        // Three shards, each added backwards, merged out of order.
        let mut shards = [Tally::new(2, 4), Tally::new(2, 4), Tally::new(2, 4)];
        for index in (0..games).rev() {
            shards[(index * 3 / games) as usize].add(&made_up(index));
        }
        let mut merged = shards[2].clone();
        merged.merge(&shards[0]);
        merged.merge(&shards[1]);
        merged.settle();
        assert_eq!(merged, whole);
        assert_eq!(whole.turn_limit, 1667);
        assert_eq!(whole.turn_limit_list.games().len(), KEPT_GAMES);
        let kept: Vec<u64> = whole.turn_limit_list.games().iter().map(|game| game.index).collect();
        assert_eq!(kept, (0..3 * KEPT_GAMES as u64).step_by(3).collect::<Vec<_>>(), "the first games are kept");
        assert_eq!(whole.trapped_list.games().len(), KEPT_GAMES);
        assert_eq!(whole.trapped_list.games()[1].trap.as_deref(), Some("trap 5"));
    }

    #[test]
    fn a_tally_stays_small_however_many_games_it_counts() {
        let mut tally = Tally::new(2, 4);
        for index in 0..200_000 {
            tally.add(&made_up(index));
        }
        assert!(tally.first_deck_curve.len() < 400, "{} curve points", tally.first_deck_curve.len());
        assert!(tally.turn_limit_list.games().len() < 2 * KEPT_GAMES);
        assert_eq!(tally.lengths.len(), 17);
    }

    #[test]
    fn the_curve_has_every_game_up_to_100_then_90_points_per_tenfold() {
        let points = |range: std::ops::RangeInclusive<u64>| {
            let mut points: Vec<u64> = range.map(curve_point).collect();
            points.dedup();
            points
        };
        assert_eq!(points(1..=100), (1..=100).collect::<Vec<_>>());
        assert_eq!(points(101..=1000), (11..=100).map(|n| n * 10).collect::<Vec<_>>());
        assert_eq!(points(1001..=10_000).len(), 90);
        assert_eq!(curve_point(u64::MAX), u64::MAX);
    }
}
