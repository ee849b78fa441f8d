//! A simulation as data, to be played in pieces: its [`Configuration`] (everything that
//! decides its games, hashed), [`Simulation::play`] of any range of its game numbers into a
//! [`Tally`], and the [`Shard`] file that holds one range's tally and adds up with the
//! others of the same configuration ([`Shard::merge`]) to what one run would have counted.
//! `rsc sim` is built on it, and so can a binding that plays shards elsewhere. Reading a
//! tally file within a bound, its format and its ranges, and adding tallies up while
//! refusing other configurations and games counted twice, are generic over the file
//! ([`TallyFile`], [`read_file`], [`parse_file`], [`merge_files`]): the Wagic sim's tallies
//! (the `wagic-sim` crate) are read and merged by the same code.

use std::fmt;
use std::ops::{ControlFlow, Range};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::stats::{GameSummary, Tally};
use super::{PlayOptions, Played, Step, hash};
use crate::bounded::{self, ReadError};
use crate::log::Log;
use crate::players::{Player, PlayerKind, mix64};
use crate::{CardSet, DefIdx, Game, Move, Seat};

/// The tally file format this version writes and reads.
pub const FORMAT: &str = "rsc-tally/1";

/// Largest tally file read: a tally's size does not grow with its games, and a big set's
/// is well under a megabyte.
const MAX_SHARD_BYTES: u64 = 64 << 20;

/// The seed of game `index` of a run seeded `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    mix64(seed ^ mix64(index))
}

/// Where a card set was read from, and the hash of its files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetSource {
    /// The folder, as given (shown in replay commands, not hashed).
    pub path: String,
    /// BLAKE3 of `cards.json` and its `.rules` files.
    pub hash: String,
}

/// A deck of a simulation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckSource {
    /// Its name (the file's stem), as the summary shows it.
    pub name: String,
    /// The file, as given (shown in replay commands, not hashed).
    pub path: String,
    /// BLAKE3 of the file.
    pub hash: String,
}

/// Everything that decides the games of a simulation: the card set and decks (by content
/// hash), which decks meet, the players, the options and the seed. Game `i` of a
/// configuration is the same game wherever and whenever it is played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Configuration {
    pub set: SetSource,
    pub decks: Vec<DeckSource>,
    /// Every pair of decks meets (`--all-decks`); otherwise deck 0 meets deck 1.
    pub all_decks: bool,
    /// Games per pair of decks: game `i` is played by pair `i / games_per_pair`.
    pub games_per_pair: u64,
    pub players: [PlayerKind; 2],
    pub seed: u64,
    /// Turns after which a game is a draw (`None`: the engine's default).
    pub turn_limit: Option<u32>,
    /// Whether the invariants are checked after every step (a violation stops a game).
    pub check: bool,
}

/// The fields of a [`Configuration`] that decide its games (not where its files were).
#[derive(Serialize)]
struct Hashed<'a> {
    set: &'a str,
    decks: Vec<(&'a str, &'a str)>,
    all_decks: bool,
    games_per_pair: u64,
    players: [PlayerKind; 2],
    seed: u64,
    turn_limit: Option<u32>,
    check: bool,
}

impl Configuration {
    /// The pairs of decks that meet, in game-number order.
    pub fn pairs(&self) -> Vec<[usize; 2]> {
        let n = self.decks.len();
        if self.all_decks {
            (0..n).flat_map(|a| (a + 1..n).map(move |b| [a, b])).collect()
        } else if n >= 2 {
            vec![[0, 1]]
        } else {
            Vec::new()
        }
    }

    /// How many pairs of decks meet (`None` when it does not fit a `u64`), counted without
    /// listing them: a tally file's configuration may name any number of decks, and their
    /// pairs grow as its square.
    pub fn pair_count(&self) -> Option<u64> {
        let n = self.decks.len() as u64;
        match n {
            0 | 1 => Some(0),
            _ if self.all_decks => n.checked_mul(n - 1).map(|twice| twice / 2),
            _ => Some(1),
        }
    }

    /// The number of games of the whole run (`None` when it does not fit a `u64`).
    pub fn total_games(&self) -> Option<u64> {
        self.games_per_pair.checked_mul(self.pair_count()?)
    }

    /// The BLAKE3 hash, in hex, of what decides the games (paths left out, so a copy of the
    /// same files elsewhere is the same configuration).
    pub fn hash(&self) -> String {
        let hashed = Hashed {
            set: &self.set.hash,
            decks: self.decks.iter().map(|deck| (deck.name.as_str(), deck.hash.as_str())).collect(),
            all_decks: self.all_decks,
            games_per_pair: self.games_per_pair,
            players: self.players,
            seed: self.seed,
            turn_limit: self.turn_limit,
            check: self.check,
        };
        let bytes = serde_json::to_vec(&hashed).unwrap_or_default();
        hash::content_hash(&bytes)
    }

    /// What differs between two configurations, named as the options that set it.
    pub fn differences(&self, other: &Configuration) -> Vec<&'static str> {
        let mut differ = Vec::new();
        let decks = |c: &Configuration| c.decks.iter().map(|d| (d.name.clone(), d.hash.clone())).collect::<Vec<_>>();
        for (what, same) in [
            ("the card set's files", self.set.hash == other.set.hash),
            ("the decks", decks(self) == decks(other)),
            ("--all-decks", self.all_decks == other.all_decks),
            ("--games", self.games_per_pair == other.games_per_pair),
            ("--player", self.players == other.players),
            ("--seed", self.seed == other.seed),
            ("--turn-limit", self.turn_limit == other.turn_limit),
            ("--check", self.check == other.check),
        ] {
            if !same {
                differ.push(what);
            }
        }
        differ
    }
}

/// A configuration with its card set and decks loaded: it plays any of its games.
pub struct Simulation {
    configuration: Configuration,
    set: Arc<CardSet>,
    decks: Vec<Vec<DefIdx>>,
    pairs: Vec<[usize; 2]>,
    options: PlayOptions,
}

impl Simulation {
    /// The simulation of `configuration`, whose decks (in its order) are `decks` of `set`.
    pub fn new(configuration: Configuration, set: Arc<CardSet>, decks: Vec<Vec<DefIdx>>) -> Result<Simulation, String> {
        if decks.len() != configuration.decks.len() {
            return Err(format!("{} decks given for a configuration of {}", decks.len(), configuration.decks.len()));
        }
        let pairs = configuration.pairs();
        if pairs.is_empty() {
            return Err("a simulation needs two decks".into());
        }
        if configuration.games_per_pair == 0 {
            return Err("a simulation needs at least one game".into());
        }
        let options = PlayOptions { check_invariants: configuration.check, ..PlayOptions::default() };
        Ok(Simulation { configuration, set, decks, pairs, options })
    }

    pub fn configuration(&self) -> &Configuration {
        &self.configuration
    }

    pub fn set(&self) -> &Arc<CardSet> {
        &self.set
    }

    /// An empty tally for this simulation's decks and cards.
    pub fn new_tally(&self) -> Tally {
        Tally::new(self.decks.len(), self.set.cards().len())
    }

    /// The tally file of `tally`, the games `ranges` of this simulation, played in
    /// `seconds` on `jobs` threads (`stopped` if it was stopped before their end);
    /// `refused_decks` names the decks of the set's folder left out.
    pub fn shard(
        &self,
        ranges: Vec<[u64; 2]>,
        tally: Tally,
        refused_decks: Vec<String>,
        timing: (f64, usize),
        stopped: bool,
    ) -> Shard {
        Shard {
            format: FORMAT.to_owned(),
            configuration_hash: self.configuration.hash(),
            configuration: self.configuration.clone(),
            ranges,
            card_names: self.set.cards().iter().map(|card| card.name.clone()).collect(),
            refused_decks,
            seconds: timing.0,
            jobs: timing.1,
            stopped,
            tally,
        }
    }

    /// Plays games `games` (numbers past the run's end are left out) and returns their
    /// tally. Once `stop` is set, the game being played is dropped and no other starts.
    /// `on_game` is called after each game counted.
    pub fn play(&self, games: Range<u64>, stop: &AtomicBool, on_game: impl FnMut()) -> Tally {
        let mut tally = self.new_tally();
        self.play_into(&mut tally, games, stop, on_game);
        tally.settle();
        tally
    }

    /// [`Simulation::play`], adding to `tally`.
    pub fn play_into(&self, tally: &mut Tally, games: Range<u64>, stop: &AtomicBool, mut on_game: impl FnMut()) {
        let end = games.end.min(self.configuration.total_games().unwrap_or(u64::MAX));
        // Each game starts over in the last one's buffers, with the last one's players, and
        // is played and summed up in the same `Reused`.
        let mut reused = Reused {
            game: None,
            players: None,
            played: Played::default(),
            moves: Vec::new(),
            summary: GameSummary::unstarted(0, 0, [0, 0], String::new()),
        };
        for index in games.start..end {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let Some(started) = self.play_game(index, stop, &mut reused) else { return };
            let summary = &reused.summary;
            let trace = match &reused.game {
                Some(game) if started && tally.would_keep(summary) => Some(hash::trace_hash(game.log())),
                _ => None,
            };
            tally.add_traced(summary, trace);
            on_game();
        }
    }

    /// Plays game `index` to its end in `reused.game` (started over when there is one) and
    /// sums it up in `reused.summary`: whether it could start, or `None` when `stop` was
    /// set during it.
    fn play_game(&self, index: u64, stop: &AtomicBool, reused: &mut Reused) -> Option<bool> {
        let Reused { game: kept, players: seats, played, moves, summary } = reused;
        let per_pair = self.configuration.games_per_pair;
        let pair = self.pairs.get((index / per_pair) as usize).copied().unwrap_or(self.pairs[0]);
        let seed = game_seed(self.configuration.seed, index);
        let cards = [self.decks[pair[0]].as_slice(), self.decks[pair[1]].as_slice()];
        // In place: a `Game` is some 1.6 kB, which each move of it copies.
        let started = match kept {
            Some(game) => game.start_over(Arc::clone(&self.set), cards, seed).map(|()| game),
            None => Game::new(Arc::clone(&self.set), cards.map(<[DefIdx]>::to_vec), seed).map(|game| kept.insert(game)),
        };
        let game = match started {
            Ok(game) => game,
            Err(error) => {
                // Left half set up: the next game is made anew.
                *kept = None;
                *summary = GameSummary::unstarted(index, seed, pair, error.to_string());
                return Some(false);
            }
        };
        if let Some(limit) = self.configuration.turn_limit {
            game.set_turn_limit(limit);
        }
        let started_over = seats.as_mut().is_some_and(|players| {
            players.iter_mut().zip(Seat::BOTH).all(|(player, seat)| player.start_over(seed, seat))
        });
        if !started_over {
            *seats = None;
        }
        let kinds = self.configuration.players;
        let players =
            seats.get_or_insert_with(|| [kinds[0].create(seed, Seat::FIRST), kinds[1].create(seed, Seat::SECOND)]);
        let observe = |_: &Game, _: &Step, _: Log<'_>| {
            if stop.load(Ordering::Relaxed) { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        };
        super::play_in(game, players, &self.options, observe, played, moves);
        if stop.load(Ordering::Relaxed) && matches!(played.error, Some(super::PlayError::Stopped { .. })) {
            return None;
        }
        summary.set_to(game, played, index, seed, pair);
        Some(true)
    }
}

/// What a simulation plays and sums up each game in, kept from game to game.
struct Reused {
    /// The last game, whose buffers the next starts over in.
    game: Option<Game>,
    /// The last game's players, started over for the next.
    players: Option<[Box<dyn Player>; 2]>,
    played: Played,
    /// Each decision's legal moves.
    moves: Vec<Move>,
    summary: GameSummary,
}

/// The tally of some games of a configuration, as a file (`rsc sim --tally-out`): with
/// what the summary, the matchup matrix and the report need besides the figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shard {
    /// [`FORMAT`].
    pub format: String,
    pub configuration: Configuration,
    /// [`Configuration::hash`].
    pub configuration_hash: String,
    /// The game numbers played, as sorted, disjoint `[first, end)` ranges.
    pub ranges: Vec<[u64; 2]>,
    /// The set's card names, by index (the per-card figures' names).
    pub card_names: Vec<String>,
    /// Decks of the set's folder left out because they break a deck rule (`--all-decks`).
    pub refused_decks: Vec<String>,
    /// Wall-clock seconds spent playing (summed over merged shards).
    pub seconds: f64,
    /// Threads that played (the most of the merged shards).
    pub jobs: usize,
    /// Whether the run was stopped before it played all its games.
    pub stopped: bool,
    pub tally: Tally,
}

/// Why tallies could not be read or merged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShardError {
    /// The file could not be read.
    Io { file: String, message: String },
    /// The file is not a tally this version reads, or is inconsistent.
    Malformed { file: String, message: String },
    /// Two tallies of different configurations.
    Different { first: String, second: String, what: Vec<&'static str> },
    /// Two tallies count the same games.
    Overlap { first: String, second: String, games: [u64; 2] },
    /// No tally to merge.
    Empty,
}

impl ShardError {
    /// Whether the error is in the files' content (exit 1) rather than reading them (2).
    pub fn is_input_error(&self) -> bool {
        !matches!(self, ShardError::Io { .. } | ShardError::Empty)
    }
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::Io { file, message } => write!(f, "{file}: {message}"),
            ShardError::Malformed { file, message } => write!(f, "{file}: not a tally this rsc reads: {message}"),
            ShardError::Different { first, second, what } => write!(
                f,
                "{first} and {second} are tallies of different sims (they differ in {}): only shards of one \
                 configuration add up",
                what.join(", ")
            ),
            ShardError::Overlap { first, second, games } => {
                write!(f, "{first} and {second} both count games {}..{}", games[0], games[1])
            }
            ShardError::Empty => write!(f, "no tally to merge"),
        }
    }
}

impl std::error::Error for ShardError {}

impl Shard {
    /// Reads and checks a tally file.
    pub fn read(path: &Path) -> Result<Shard, ShardError> {
        read_file(path)
    }

    /// Parses and checks a tally's JSON.
    pub fn parse(text: &str) -> Result<Shard, String> {
        parse_file(text)
    }

    /// The shard as pretty JSON (its tally settled).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Checks that the parts agree with each other, so that nothing later indexes past
    /// a list.
    fn check_parts(&self) -> Result<(), String> {
        let hash = self.configuration.hash();
        if hash != self.configuration_hash {
            return Err(format!("its configuration hashes to {hash}, not {}", self.configuration_hash));
        }
        let decks = self.configuration.decks.len();
        if self.configuration.pair_count() == Some(0) || self.configuration.games_per_pair == 0 {
            return Err("its configuration has no game".into());
        }
        let tally = &self.tally;
        let square = |rows: &Vec<Vec<u64>>| rows.len() == decks && rows.iter().all(|row| row.len() == decks);
        if tally.wins.len() != decks
            || tally.played.len() != decks
            || !square(&tally.matchups)
            || !square(&tally.meetings)
        {
            return Err(format!("its tally is not one of {decks} decks"));
        }
        if tally.cards.len() != self.card_names.len() {
            return Err(format!("{} card figures for {} cards", tally.cards.len(), self.card_names.len()));
        }
        let in_decks = |kept: &super::stats::KeptGame| kept.decks.iter().all(|&d| d < decks);
        let lists = [&tally.trapped_list, &tally.turn_limit_list, &tally.stopped_list];
        if !lists.iter().all(|list| list.games().iter().all(in_decks)) {
            return Err("a kept game names a deck the configuration does not have".into());
        }
        // JSON has no infinity: a sum that overflowed would write `null`, which no tally reads.
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Err(format!("its seconds, {}, are no time spent playing", self.seconds));
        }
        check_ranges(&self.ranges, self.configuration.total_games())
    }

    /// The games of the whole run that no range covers.
    pub fn missing_games(&self) -> u64 {
        missing_games(&self.ranges, self.configuration.total_games())
    }

    /// Adds up tallies of one configuration (`named` pairs each with its file's name, for
    /// messages). Refuses tallies of different configurations and tallies that count the
    /// same games twice.
    pub fn merge(named: Vec<(String, Shard)>) -> Result<Shard, ShardError> {
        merge_files(named)
    }
}

impl TallyFile for Shard {
    const FORMAT: &'static str = FORMAT;

    fn configuration_hash(&self) -> &str {
        &self.configuration_hash
    }

    fn differences(&self, other: &Shard) -> Vec<&'static str> {
        self.configuration.differences(&other.configuration)
    }

    fn ranges(&self) -> &[[u64; 2]] {
        &self.ranges
    }

    fn set_ranges(&mut self, ranges: Vec<[u64; 2]>) {
        self.ranges = ranges;
    }

    fn add(&mut self, other: Shard) {
        self.tally.merge(&other.tally);
        // Each is finite (`check`): their sum is at most infinite, which JSON cannot write.
        self.seconds = (self.seconds + other.seconds).min(f64::MAX);
        self.jobs = self.jobs.max(other.jobs);
        self.stopped |= other.stopped;
    }

    fn check(&self) -> Result<(), String> {
        self.check_parts()
    }

    fn settle(&mut self) {
        self.tally.settle();
    }
}

/// A tally file: some games of one configuration summed up, with the configuration's
/// hash and the ranges of game numbers it counts. [`read_file`], [`parse_file`] and
/// [`merge_files`] read and add up any kind of it.
pub trait TallyFile: Sized + DeserializeOwned {
    /// The `format` field of its files (`rsc-tally/1`).
    const FORMAT: &'static str;
    /// The hash of what decides its games.
    fn configuration_hash(&self) -> &str;
    /// What differs between its configuration and `other`'s, named as the options that
    /// set it.
    fn differences(&self, other: &Self) -> Vec<&'static str>;
    /// The game numbers it counts, as sorted, disjoint `[first, end)` ranges.
    fn ranges(&self) -> &[[u64; 2]];
    fn set_ranges(&mut self, ranges: Vec<[u64; 2]>);
    /// Adds `other`'s games (the ranges aside), a tally of the same configuration.
    fn add(&mut self, other: Self);
    /// Checks that its parts agree (its hash is its configuration's, its tally's lists
    /// are as long as its decks and cards, its ranges are [`check_ranges`]'), so that
    /// nothing later indexes past a list.
    fn check(&self) -> Result<(), String>;
    /// Sorts and cuts its kept lists (a tally read back is settled).
    fn settle(&mut self);
}

/// The text of the tally file at `path`, read within 64 MiB (a tally's size does not grow
/// with its games).
pub fn read_text(path: &Path) -> Result<String, ShardError> {
    let file = path.display().to_string();
    match bounded::read_text(path, MAX_SHARD_BYTES) {
        Ok(text) => Ok(text),
        Err(ReadError::Io(error)) => Err(ShardError::Io { file, message: error.to_string() }),
        Err(ReadError::TooLarge(size)) => {
            Err(ShardError::Malformed { file, message: format!("{size}, more than a tally may have") })
        }
    }
}

/// Reads and checks a tally file of kind `T`.
pub fn read_file<T: TallyFile>(path: &Path) -> Result<T, ShardError> {
    let text = read_text(path)?;
    parse_file(&text).map_err(|message| ShardError::Malformed { file: path.display().to_string(), message })
}

/// The `format` field of a tally's JSON (`None` when it has none), or the JSON error
/// (with its line and column) when the text is not JSON.
pub fn format_of(text: &str) -> Result<Option<String>, String> {
    let value = serde_json::from_str::<serde_json::Value>(text).map_err(|error| error.to_string())?;
    Ok(value.get("format").and_then(|format| format.as_str().map(str::to_owned)))
}

/// Parses and checks a tally's JSON as a file of kind `T`, refusing another format.
pub fn parse_file<T: TallyFile>(text: &str) -> Result<T, String> {
    let format = format_of(text)?;
    if format.as_deref() != Some(T::FORMAT) {
        return Err(format!("format {format:?}, this rsc reads {:?}", T::FORMAT));
    }
    let mut file: T = serde_json::from_str(text).map_err(|error| error.to_string())?;
    file.check()?;
    file.settle();
    Ok(file)
}

/// Checks that `ranges` are sorted, disjoint ranges of games within `0..total` (`None`:
/// more games than a `u64` counts).
pub fn check_ranges(ranges: &[[u64; 2]], total: Option<u64>) -> Result<(), String> {
    let total = total.unwrap_or(u64::MAX);
    let mut end = 0;
    for (i, &[first, last]) in ranges.iter().enumerate() {
        if first >= last || last > total || (i > 0 && first < end) {
            return Err(format!("its game ranges are not sorted, disjoint ranges within 0..{total}"));
        }
        end = last;
    }
    Ok(())
}

/// The games of `0..total` that no range of `ranges` covers.
pub fn missing_games(ranges: &[[u64; 2]], total: Option<u64>) -> u64 {
    let covered: u64 = ranges.iter().map(|[first, end]| end - first).sum();
    total.unwrap_or(u64::MAX).saturating_sub(covered)
}

/// Adds up tally files of one configuration (`named` pairs each with its file's name, for
/// messages), each checked already. Refuses files of different configurations and files
/// that count the same games twice.
pub fn merge_files<T: TallyFile>(named: Vec<(String, T)>) -> Result<T, ShardError> {
    let mut named = named.into_iter();
    let (first_name, mut merged) = named.next().ok_or(ShardError::Empty)?;
    let mut names = vec![first_name];
    // Each range with the index of its file in `names`.
    let mut ranges: Vec<([u64; 2], usize)> = merged.ranges().iter().map(|range| (*range, 0)).collect();
    for (name, file) in named {
        if file.configuration_hash() != merged.configuration_hash() {
            return Err(ShardError::Different {
                first: names.swap_remove(0),
                second: name,
                what: merged.differences(&file),
            });
        }
        ranges.extend(file.ranges().iter().map(|range| (*range, names.len())));
        names.push(name);
        merged.add(file);
    }
    // Sorted by their first game, two ranges overlap where one starts before the
    // furthest end so far: one pass, where comparing each range with every other took
    // hours for tallies of a few hundred thousand ranges.
    ranges.sort_unstable();
    let mut furthest: Option<([u64; 2], usize)> = None;
    for &(range, file) in &ranges {
        if let Some((other, other_file)) = furthest
            && range[0] < other[1]
        {
            let games = [range[0], other[1].min(range[1])];
            let (first, second) = (file.min(other_file), file.max(other_file));
            let name = |index: usize| names.get(index).cloned().unwrap_or_default();
            return Err(ShardError::Overlap { first: name(first), second: name(second), games });
        }
        if furthest.is_none_or(|(other, _)| range[1] > other[1]) {
            furthest = Some((range, file));
        }
    }
    merged.set_ranges(ranges.into_iter().fold(Vec::new(), |mut joined: Vec<[u64; 2]>, (range, _)| {
        match joined.last_mut() {
            Some(last) if last[1] == range[0] => last[1] = range[1],
            _ => joined.push(range),
        }
        joined
    }));
    merged.settle();
    Ok(merged)
}
