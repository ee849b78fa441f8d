//! Summing many Wagic games up: a [`GameRecord`] per game, folded into a [`Tally`] of wins
//! per deck and per seat (on the play, on the draw), the matchup matrix, how games ended,
//! their length, per-card figures (games cast, the win rate of the side that cast it,
//! combat damage dealt) and the first games worth a look (turn limit, stopped). As CFC's
//! `game::sim::stats::Tally`, whose kept lists and win-rate curve it shares, its size does
//! not grow with its games and tallies add up ([`Tally::merge`]) to the same figures in any
//! order, so the thread count never changes a result.

use std::collections::BTreeMap;

use game::sim::stats::{KeptGame, KeptList, curve_point};
use serde::{Deserialize, Serialize};
use wagic::play::End;

/// Game lengths counted one by one up to this many turns; longer games share the last
/// count, so a huge `--turn-limit` cannot grow the tally.
pub const MAX_LENGTH: usize = 1000;

/// What one game of a sim came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number in the run.
    pub index: u64,
    /// The seed that replays it (`rsc run --lang wagic --seed`).
    pub seed: u64,
    /// The decks in seats 0 (on the play) and 1 (indices in the run's deck list).
    pub decks: [usize; 2],
    /// The winning seat.
    pub winner: Option<usize>,
    /// How it ended.
    pub end: End,
    /// Turns begun.
    pub turns: u32,
    /// Decisions taken.
    pub decisions: u64,
    /// Why the table stopped it.
    pub error: Option<String>,
    /// The cards each seat cast or played (indices in the run's card list), in order.
    pub cast: [Vec<usize>; 2],
    /// Combat damage dealt: by which card, how much.
    pub damage: Vec<(usize, u64)>,
}

impl GameRecord {
    /// The deck that won.
    pub fn winning_deck(&self) -> Option<usize> {
        self.winner.and_then(|seat| self.decks.get(seat).copied())
    }
}

/// One deck's games and wins, in all and in seat 0 (on the play), and its games nobody won.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckFigures {
    pub games: u64,
    pub wins: u64,
    pub on_play_games: u64,
    pub on_play_wins: u64,
    /// Games it played that ended with no winner: both lost, or the turn limit.
    pub draws: u64,
    /// Games it played that the table stopped (an error).
    pub stopped: u64,
}

impl DeckFigures {
    /// Games and wins on the draw (seat 1).
    pub fn on_draw(&self) -> (u64, u64) {
        (self.games.saturating_sub(self.on_play_games), self.wins.saturating_sub(self.on_play_wins))
    }
}

/// One card's figures over many games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardFigures {
    /// Times it was cast or played.
    pub casts: u64,
    /// Games in which a seat cast it at least once (counted per seat).
    pub games: u64,
    /// Of those, the games that seat won.
    pub wins: u64,
    /// Combat damage it dealt (after prevention).
    pub damage: u64,
}

/// Many games summed up; the same games in any order, or merged tallies of any split of
/// them, give the same tally once [`Tally::settle`]d.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    pub games: u64,
    pub decks: Vec<DeckFigures>,
    /// `matchups[a][b]`: games deck `a` won against deck `b`.
    pub matchups: Vec<Vec<u64>>,
    /// `meetings[a][b]`: games between decks `a` and `b` (either seat).
    pub meetings: Vec<Vec<u64>>,
    /// Games seat 0 (on the play) won.
    pub first_seat_wins: u64,
    /// Games won because the loser had no life left.
    pub by_life: u64,
    /// Games won because the loser drew from an empty library.
    pub by_library: u64,
    /// Games won because the loser had ten poison counters.
    pub by_poison: u64,
    /// Games won by a card's effect (`wingame`); none in a tally file written before
    /// such games were told apart.
    #[serde(default)]
    pub by_effect: u64,
    pub both_lost: u64,
    pub turn_limit: u64,
    /// Games the table stopped (a trap, a board that does not settle, a panic).
    pub errors: u64,
    pub total_turns: u64,
    pub total_decisions: u64,
    pub longest: u32,
    /// `lengths[t]`: games that lasted `t` turns (the last, [`MAX_LENGTH`] or more).
    pub lengths: Vec<u64>,
    /// Per card, by index in the run's card list.
    pub cards: Vec<CardFigures>,
    /// Deck 0's `[wins, games]` at each [`curve_point`] since the previous one.
    pub first_deck_curve: BTreeMap<u64, [u64; 2]>,
    pub turn_limit_list: KeptList,
    pub stopped_list: KeptList,
}

impl Tally {
    /// An empty tally of `decks` decks and `cards` cards.
    pub fn new(decks: usize, cards: usize) -> Tally {
        Tally {
            games: 0,
            decks: vec![DeckFigures::default(); decks],
            matchups: vec![vec![0; decks]; decks],
            meetings: vec![vec![0; decks]; decks],
            first_seat_wins: 0,
            by_life: 0,
            by_library: 0,
            by_poison: 0,
            by_effect: 0,
            both_lost: 0,
            turn_limit: 0,
            errors: 0,
            total_turns: 0,
            total_decisions: 0,
            longest: 0,
            lengths: Vec::new(),
            cards: vec![CardFigures::default(); cards],
            first_deck_curve: BTreeMap::new(),
            turn_limit_list: KeptList::default(),
            stopped_list: KeptList::default(),
        }
    }

    /// Games no one won.
    pub fn draws(&self) -> u64 {
        self.both_lost.saturating_add(self.turn_limit).saturating_add(self.errors)
    }

    /// Adds one game.
    pub fn add(&mut self, game: &GameRecord) {
        self.games += 1;
        let [a, b] = game.decks;
        let won = |seat: usize| game.winner == Some(seat);
        for (seat, deck) in [a, b].into_iter().enumerate() {
            if let Some(figures) = self.decks.get_mut(deck) {
                figures.games += 1;
                figures.wins += u64::from(won(seat));
                figures.draws += u64::from(matches!(game.end, End::BothLost | End::TurnLimit));
                figures.stopped += u64::from(game.end == End::Stopped);
                if seat == 0 {
                    figures.on_play_games += 1;
                    figures.on_play_wins += u64::from(won(0));
                }
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
        if let (Some(winner), Some(seat)) = (game.winning_deck(), game.winner) {
            let loser = game.decks[1 - seat.min(1)];
            if let Some(n) = self.matchups.get_mut(winner).and_then(|row| row.get_mut(loser)) {
                *n += 1;
            }
        }
        self.first_seat_wins += u64::from(won(0));
        match game.end {
            End::Life => self.by_life += 1,
            End::Library => self.by_library += 1,
            End::Poison => self.by_poison += 1,
            End::Effect => self.by_effect += 1,
            End::BothLost => self.both_lost += 1,
            End::TurnLimit => self.turn_limit += 1,
            End::Stopped => self.errors += 1,
        }
        self.total_turns += u64::from(game.turns);
        self.total_decisions = self.total_decisions.saturating_add(game.decisions);
        self.longest = self.longest.max(game.turns);
        let length = (game.turns as usize).min(MAX_LENGTH);
        if self.lengths.len() <= length {
            self.lengths.resize(length + 1, 0);
        }
        self.lengths[length] += 1;
        for (seat, cast) in game.cast.iter().enumerate() {
            let mut seen: Vec<usize> = Vec::with_capacity(cast.len());
            for &card in cast {
                let Some(figures) = self.cards.get_mut(card) else { continue };
                figures.casts += 1;
                if !seen.contains(&card) {
                    seen.push(card);
                    figures.games += 1;
                    figures.wins += u64::from(won(seat));
                }
            }
        }
        for &(card, amount) in &game.damage {
            if let Some(figures) = self.cards.get_mut(card) {
                figures.damage = figures.damage.saturating_add(amount);
            }
        }
        let point = self.first_deck_curve.entry(curve_point(game.index.saturating_add(1))).or_default();
        point[0] += u64::from(game.winning_deck() == Some(0));
        point[1] += u64::from(game.decks.contains(&0));
        let kept = || KeptGame {
            index: game.index,
            seed: game.seed,
            decks: game.decks,
            error: game.error.clone(),
            trap: None,
            trace_hash: None,
        };
        if game.end == End::TurnLimit && self.turn_limit_list.would_keep(game.index) {
            self.turn_limit_list.push(kept());
        }
        if game.end == End::Stopped && self.stopped_list.would_keep(game.index) {
            self.stopped_list.push(kept());
        }
    }

    /// Adds the games of `other`, a tally of other games of the same run.
    pub fn merge(&mut self, other: Tally) {
        fn add_all(into: &mut Vec<u64>, from: &[u64]) {
            if into.len() < from.len() {
                into.resize(from.len(), 0);
            }
            for (a, b) in into.iter_mut().zip(from) {
                *a = a.saturating_add(*b);
            }
        }
        self.games = self.games.saturating_add(other.games);
        for (into, from) in self.decks.iter_mut().zip(&other.decks) {
            into.games = into.games.saturating_add(from.games);
            into.wins = into.wins.saturating_add(from.wins);
            into.on_play_games = into.on_play_games.saturating_add(from.on_play_games);
            into.on_play_wins = into.on_play_wins.saturating_add(from.on_play_wins);
            into.draws = into.draws.saturating_add(from.draws);
            into.stopped = into.stopped.saturating_add(from.stopped);
        }
        for (into, from) in [(&mut self.matchups, &other.matchups), (&mut self.meetings, &other.meetings)] {
            for (row, from_row) in into.iter_mut().zip(from) {
                add_all(row, from_row);
            }
        }
        for (into, from) in [
            (&mut self.first_seat_wins, other.first_seat_wins),
            (&mut self.by_life, other.by_life),
            (&mut self.by_library, other.by_library),
            (&mut self.by_poison, other.by_poison),
            (&mut self.by_effect, other.by_effect),
            (&mut self.both_lost, other.both_lost),
            (&mut self.turn_limit, other.turn_limit),
            (&mut self.errors, other.errors),
            (&mut self.total_turns, other.total_turns),
            (&mut self.total_decisions, other.total_decisions),
        ] {
            *into = into.saturating_add(from);
        }
        self.longest = self.longest.max(other.longest);
        add_all(&mut self.lengths, &other.lengths);
        for (into, from) in self.cards.iter_mut().zip(&other.cards) {
            into.casts = into.casts.saturating_add(from.casts);
            into.games = into.games.saturating_add(from.games);
            into.wins = into.wins.saturating_add(from.wins);
            into.damage = into.damage.saturating_add(from.damage);
        }
        for (point, [wins, games]) in other.first_deck_curve {
            let into = self.first_deck_curve.entry(point).or_default();
            into[0] = into[0].saturating_add(wins);
            into[1] = into[1].saturating_add(games);
        }
        for (into, from) in
            [(&mut self.turn_limit_list, other.turn_limit_list), (&mut self.stopped_list, other.stopped_list)]
        {
            for game in from.games() {
                into.push(game.clone());
            }
            into.settle();
        }
    }

    /// Sorts the kept lists by game number and cuts them to their cap.
    pub fn settle(&mut self) {
        self.turn_limit_list.settle();
        self.stopped_list.settle();
    }

    /// Deck 0's `(games, wins)` so far at each point of its win-rate curve.
    pub fn first_deck_progress(&self) -> Vec<(u64, u64)> {
        game::sim::stats::progress(&self.first_deck_curve)
    }

    pub fn mean_turns(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.total_turns as f64 / self.games as f64 }
    }

    pub fn mean_decisions(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.total_decisions as f64 / self.games as f64 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Game `index` of decks 0 and 1, seats swapped on odd games: every seventh hits the
    /// turn limit, every eleventh stopped, the others won by seat `index % 3 == 0`.
    fn made_up(index: u64) -> GameRecord {
        let end = match index {
            _ if index % 7 == 0 => End::TurnLimit,
            _ if index % 11 == 0 => End::Stopped,
            _ if index % 5 == 0 => End::Library,
            _ => End::Life,
        };
        let won = matches!(end, End::Life | End::Library);
        GameRecord {
            index,
            seed: index * 3,
            decks: if index % 2 == 0 { [0, 1] } else { [1, 0] },
            winner: won.then_some(usize::from(index % 3 != 0)),
            end,
            turns: (index % 23) as u32,
            decisions: index % 101,
            error: (end == End::Stopped).then(|| format!("stop {index}")),
            cast: [vec![(index % 4) as usize, 0], vec![2, 2]],
            damage: vec![(1, index % 5)],
        }
    }

    #[test]
    fn tallies_of_any_split_and_order_merge_to_the_tally_of_all_games() {
        let games = 3000u64;
        let mut whole = Tally::new(2, 4);
        for index in 0..games {
            whole.add(&made_up(index));
        }
        whole.settle();
        let mut shards = [Tally::new(2, 4), Tally::new(2, 4), Tally::new(2, 4)];
        for index in (0..games).rev() {
            shards[(index % 3) as usize].add(&made_up(index));
        }
        let [a, b, c] = shards;
        let mut merged = c;
        merged.merge(a);
        merged.merge(b);
        merged.settle();
        assert_eq!(merged, whole);
        assert_eq!(whole.turn_limit, 429);
        assert_eq!(whole.decks[0].games, games);
        assert_eq!(whole.decks[0].on_play_games, games / 2, "deck 0 is on the play in the even games");
        let (draw_games, _) = whole.decks[0].on_draw();
        assert_eq!(draw_games, games / 2);
        assert_eq!(whole.draws() + whole.by_life + whole.by_library + whole.by_poison + whole.by_effect, games);
        for deck in &whole.decks {
            let lost = games - deck.wins - deck.draws - deck.stopped;
            assert_eq!(deck.stopped, whole.errors, "each deck plays every game here");
            assert_eq!(deck.draws, whole.turn_limit + whole.both_lost);
            assert_eq!(lost + deck.wins, whole.by_life + whole.by_library + whole.by_poison + whole.by_effect);
        }
        assert_eq!(whole.stopped_list.games()[0].error.as_deref(), Some("stop 11"));
        assert_eq!(whole.cards[0].games, games, "card 0 counted once a game however often cast");
    }

    #[test]
    fn a_tally_stays_small_however_long_or_many_the_games() {
        let mut tally = Tally::new(2, 4);
        for index in 0..100_000 {
            let mut game = made_up(index);
            game.turns = u32::MAX - index as u32;
            tally.add(&game);
        }
        assert_eq!(tally.lengths.len(), MAX_LENGTH + 1);
        assert!(tally.first_deck_curve.len() < 400);
        assert!(tally.turn_limit_list.games().len() <= 2 * game::sim::stats::KEPT_GAMES);
    }
}
