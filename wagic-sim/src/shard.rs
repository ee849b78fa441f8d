//! A Wagic sim in pieces: its [`Configuration`] (everything that decides its games, hashed
//! as CFC's `game::sim::shard::Configuration` is) and the [`WagicShard`], the
//! `rsc-wagic-tally/1` file that holds the tally of some of its games (`rsc sim --lang
//! wagic --shard A..B --tally-out F`). Tallies are read within a bound and added up by CFC's
//! code (`game::sim::shard::{read_file, merge_files}`, generic over the file): the same
//! messages for another format, another configuration, games counted twice. [`AnyShard`]
//! reads a tally of either game, so one `rsc sim merge` takes both kinds and refuses a mix.

use std::path::Path;

use game::sim::hash;
use game::sim::shard::{self as cfc, Shard, ShardError, TallyFile, check_ranges, game_seed};
use serde::{Deserialize, Serialize};
use wagic::play::PlayerKind;
use wagic::token_cards::{TokenCardError, TokenPrinting};

use crate::tally::{MAX_LENGTH, Tally};

/// The tally file format of a Wagic sim.
pub const FORMAT: &str = "rsc-wagic-tally/1";

/// The BLAKE3 hash, in hex, of the card texts a sim compiles (the card files', then the
/// whole cards of the set files), in order, each as its length and its bytes: their file
/// names are left out, so a copy of the same files elsewhere hashes the same.
pub fn sources_hash<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    cards_hash(texts, &[])
}

/// [`sources_hash`] of the card texts, then of what their `token(id)`s found in the set
/// files (`wagic::table::Library::token_printings`), which the same texts compiled with
/// other set files may not: each id, and its card or why none. Without any, the hash of
/// the texts alone, as sims without set files always had.
pub fn cards_hash<'a>(texts: impl IntoIterator<Item = &'a str>, printings: &[TokenPrinting]) -> String {
    let mut hasher = blake3::Hasher::new();
    fn update_text(hasher: &mut blake3::Hasher, text: &str) {
        hasher.update(&(text.len() as u64).to_le_bytes());
        hasher.update(text.as_bytes());
    }
    for text in texts {
        update_text(&mut hasher, text);
    }
    for (id, answer) in printings {
        hasher.update(&id.to_le_bytes());
        match answer {
            Ok(card) => {
                hasher.update(&[0]);
                update_text(&mut hasher, card);
            }
            Err(TokenCardError::NoPrinting) => {
                hasher.update(&[1]);
            }
            Err(TokenCardError::UnknownCard(name, set)) => {
                hasher.update(&[2]);
                update_text(&mut hasher, name);
                update_text(&mut hasher, set);
            }
        }
    }
    hasher.finalize().to_hex().to_string()
}

/// A deck of a Wagic sim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckSource {
    /// Its name (the file's `#NAME:`, else its stem), as the summary shows it.
    pub name: String,
    /// The file, as given (shown in replay commands, not hashed).
    pub path: String,
    /// BLAKE3 of the file.
    pub hash: String,
    /// The card names a game plays, in deck order (the set files' ids resolved).
    pub cards: Vec<String>,
    /// Cards of the file's main deck left out (they do not compile, `--skip-uncompiled`).
    pub left_out: usize,
    /// Cards the file's main deck lists.
    pub total: usize,
}

/// Everything that decides the games of a Wagic sim: the engine, the card texts compiled
/// and the decks (by content hash, and the cards each plays), which decks meet, the
/// players, the turn limit and the seed. The `--sets` folder counts through what it gives
/// a game: the whole cards of older sets (compiled with the card files) and the ids the
/// decks name, resolved to the cards each deck plays. Game `i` of a configuration is the
/// same game wherever and whenever it is played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Configuration {
    /// The engine that played ([`crate::engine`]).
    pub engine: String,
    /// [`sources_hash`] of the card texts compiled.
    pub sources_hash: String,
    pub decks: Vec<DeckSource>,
    /// Deck files no game can play, and why (listed by the summary, not hashed).
    pub refused: Vec<(String, String)>,
    /// Every pair of decks meets (`--all-decks`); otherwise deck 0 meets deck 1.
    pub all_pairs: bool,
    /// Games per pair of decks: game `i` is played by pair `i / games_per_pair`.
    pub games_per_pair: u64,
    /// The players of seats 0 and 1 (`random`, `greedy`).
    pub players: [String; 2],
    pub turn_limit: u32,
    pub seed: u64,
    /// The words of `rsc run --lang wagic` every replay command starts with (not hashed).
    pub replay_prefix: Vec<String>,
    /// The decks' cards that do not compile were left out (replays say so; not hashed:
    /// the cards each deck plays are).
    pub skip_uncompiled: bool,
}

/// The fields of a [`Configuration`] that decide its games.
#[derive(Serialize)]
struct Hashed<'a> {
    engine: &'a str,
    sources: &'a str,
    decks: Vec<(&'a str, &'a str, &'a [String])>,
    all_pairs: bool,
    games_per_pair: u64,
    players: &'a [String; 2],
    turn_limit: u32,
    seed: u64,
}

impl Configuration {
    /// The BLAKE3 hash, in hex, of what decides the games (paths left out).
    pub fn hash(&self) -> String {
        let hashed = Hashed {
            engine: &self.engine,
            sources: &self.sources_hash,
            decks: self
                .decks
                .iter()
                .map(|deck| (deck.name.as_str(), deck.hash.as_str(), deck.cards.as_slice()))
                .collect(),
            all_pairs: self.all_pairs,
            games_per_pair: self.games_per_pair,
            players: &self.players,
            turn_limit: self.turn_limit,
            seed: self.seed,
        };
        hash::content_hash(&serde_json::to_vec(&hashed).unwrap_or_default())
    }

    /// What differs between two configurations, named as the options that set it.
    pub fn differences(&self, other: &Configuration) -> Vec<&'static str> {
        let decks = |c: &Configuration| {
            c.decks.iter().map(|d| (d.name.clone(), d.hash.clone(), d.cards.clone())).collect::<Vec<_>>()
        };
        let mut differ = Vec::new();
        for (what, same) in [
            ("the engine's version", self.engine == other.engine),
            ("the card files (--cards, --sets)", self.sources_hash == other.sources_hash),
            ("the decks", decks(self) == decks(other)),
            ("--all-decks", self.all_pairs == other.all_pairs),
            ("--games", self.games_per_pair == other.games_per_pair),
            ("--player", self.players == other.players),
            ("--seed", self.seed == other.seed),
            ("--turn-limit", self.turn_limit == other.turn_limit),
        ] {
            if !same {
                differ.push(what);
            }
        }
        differ
    }

    /// How many pairs of decks meet (`None` when it does not fit a `u64`), counted without
    /// listing them: a tally file may name any number of decks.
    pub fn pair_count(&self) -> Option<u64> {
        let n = self.decks.len() as u64;
        match n {
            0 | 1 => Some(0),
            _ if self.all_pairs => n.checked_mul(n - 1).map(|twice| twice / 2),
            _ => Some(1),
        }
    }

    /// The pairs of decks that meet, in game-number order.
    pub fn pairs(&self) -> Vec<[usize; 2]> {
        let n = self.decks.len();
        if self.all_pairs {
            (0..n).flat_map(|a| (a + 1..n).map(move |b| [a, b])).collect()
        } else if n >= 2 {
            vec![[0, 1]]
        } else {
            Vec::new()
        }
    }

    /// Games of the whole run (`None` when they do not fit a `u64`).
    pub fn total_games(&self) -> Option<u64> {
        self.games_per_pair.checked_mul(self.pair_count()?)
    }

    /// Every card of the decks, sorted and once each: the tally counts cards by index here.
    pub fn card_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.decks.iter().flat_map(|deck| deck.cards.iter().cloned()).collect();
        names.sort();
        names.dedup();
        names
    }

    /// The players of seats 0 and 1, or which name is no player.
    pub fn player_kinds(&self) -> Result<[PlayerKind; 2], String> {
        let kind = |name: &String| match name.as_str() {
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            other => Err(format!("its player {other:?} is neither random nor greedy")),
        };
        Ok([kind(&self.players[0])?, kind(&self.players[1])?])
    }

    /// The seed of game `index`.
    pub fn game_seed(&self, index: u64) -> u64 {
        game_seed(self.seed, index)
    }

    /// The command that plays a game of decks `decks` (seats 0 and 1) seeded `seed` alone,
    /// quoted for a POSIX shell.
    pub fn replay_command(&self, decks: [usize; 2], seed: u64) -> String {
        let deck = |i: usize| self.decks.get(i).map_or_else(String::new, |d| d.path.clone());
        let mut words = self.replay_prefix.clone();
        words.extend(["--deck".into(), deck(decks[0]), "--deck".into(), deck(decks[1])]);
        words.extend(["--seed".into(), seed.to_string()]);
        for player in &self.players {
            words.extend(["--player".into(), player.clone()]);
        }
        words.extend(["--turn-limit".into(), self.turn_limit.to_string()]);
        if self.skip_uncompiled {
            words.push("--skip-uncompiled".into());
        }
        let quoted: Vec<String> =
            words.iter().map(|word| shlex::try_quote(word).map_or_else(|_| word.clone(), |q| q.into_owned())).collect();
        quoted.join(" ")
    }
}

/// The tally of some games of a Wagic sim, as a file (`rsc sim --lang wagic --tally-out`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WagicShard {
    /// [`FORMAT`].
    pub format: String,
    pub configuration: Configuration,
    /// [`Configuration::hash`].
    pub configuration_hash: String,
    /// The game numbers played, as sorted, disjoint `[first, end)` ranges.
    pub ranges: Vec<[u64; 2]>,
    /// Wall-clock seconds spent playing (summed over merged shards).
    pub seconds: f64,
    /// Threads that played (the most of the merged shards).
    pub jobs: usize,
    /// Whether the run was stopped before it played all its games.
    pub stopped: bool,
    pub tally: Tally,
}

impl WagicShard {
    /// The tally file of `tally`, games `ranges` of `configuration`, played in `seconds`
    /// on `jobs` threads (`stopped` before their end).
    pub fn new(
        configuration: Configuration,
        ranges: Vec<[u64; 2]>,
        tally: Tally,
        timing: (f64, usize),
        stopped: bool,
    ) -> WagicShard {
        WagicShard {
            format: FORMAT.to_owned(),
            configuration_hash: configuration.hash(),
            configuration,
            ranges,
            seconds: timing.0,
            jobs: timing.1,
            stopped,
            tally,
        }
    }

    /// Reads and checks a tally file.
    pub fn read(path: &Path) -> Result<WagicShard, ShardError> {
        cfc::read_file(path)
    }

    /// Parses and checks a tally's JSON.
    pub fn parse(text: &str) -> Result<WagicShard, String> {
        cfc::parse_file(text)
    }

    /// The shard as pretty JSON (its tally settled).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// The games of the whole run that no range covers.
    pub fn missing_games(&self) -> u64 {
        cfc::missing_games(&self.ranges, self.configuration.total_games())
    }
}

impl TallyFile for WagicShard {
    const FORMAT: &'static str = FORMAT;

    fn configuration_hash(&self) -> &str {
        &self.configuration_hash
    }

    fn differences(&self, other: &WagicShard) -> Vec<&'static str> {
        self.configuration.differences(&other.configuration)
    }

    fn ranges(&self) -> &[[u64; 2]] {
        &self.ranges
    }

    fn set_ranges(&mut self, ranges: Vec<[u64; 2]>) {
        self.ranges = ranges;
    }

    fn add(&mut self, other: WagicShard) {
        self.tally.merge(other.tally);
        // Each is finite (`check`): their sum is at most infinite, which JSON cannot write.
        self.seconds = (self.seconds + other.seconds).min(f64::MAX);
        self.jobs = self.jobs.max(other.jobs);
        self.stopped |= other.stopped;
    }

    fn check(&self) -> Result<(), String> {
        let configuration = &self.configuration;
        let hash = configuration.hash();
        if hash != self.configuration_hash {
            return Err(format!("its configuration hashes to {hash}, not {}", self.configuration_hash));
        }
        configuration.player_kinds()?;
        if configuration.pair_count() == Some(0) || configuration.games_per_pair == 0 {
            return Err("its configuration has no game".into());
        }
        let decks = configuration.decks.len();
        let tally = &self.tally;
        let square = |rows: &Vec<Vec<u64>>| rows.len() == decks && rows.iter().all(|row| row.len() == decks);
        if tally.decks.len() != decks || !square(&tally.matchups) || !square(&tally.meetings) {
            return Err(format!("its tally is not one of {decks} decks"));
        }
        let cards = configuration.card_names().len();
        if tally.cards.len() != cards {
            return Err(format!("{} card figures for {cards} cards", tally.cards.len()));
        }
        if tally.lengths.len() > MAX_LENGTH + 1 {
            return Err(format!("{} game lengths, more than {}", tally.lengths.len(), MAX_LENGTH + 1));
        }
        let in_decks = |kept: &game::sim::stats::KeptGame| kept.decks.iter().all(|&d| d < decks);
        if ![&tally.turn_limit_list, &tally.stopped_list].iter().all(|list| list.games().iter().all(in_decks)) {
            return Err("a kept game names a deck the configuration does not have".into());
        }
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Err(format!("its seconds, {}, are no time spent playing", self.seconds));
        }
        check_ranges(&self.ranges, configuration.total_games())
    }

    fn settle(&mut self) {
        self.tally.settle();
    }
}

/// A tally file of either game: Card Fighters' Clash's (`rsc-tally/1`) or a Wagic sim's
/// ([`FORMAT`]).
#[derive(Debug, Clone, PartialEq)]
pub enum AnyShard {
    Cfc(Box<Shard>),
    Wagic(Box<WagicShard>),
}

/// What a tally of each format is called in messages.
fn game_of(format: &str) -> &'static str {
    if format == FORMAT { "a Wagic sim" } else { "Card Fighters' Clash" }
}

impl AnyShard {
    /// Parses and checks a tally's JSON of either format.
    pub fn parse(text: &str) -> Result<AnyShard, String> {
        match cfc::format_of(text)?.as_deref() {
            Some(FORMAT) => WagicShard::parse(text).map(|shard| AnyShard::Wagic(Box::new(shard))),
            Some(cfc::FORMAT) => Shard::parse(text).map(|shard| AnyShard::Cfc(Box::new(shard))),
            other => Err(format!("format {other:?}, this rsc reads {:?} or {FORMAT:?}", cfc::FORMAT)),
        }
    }

    /// Reads and checks a tally file of either format.
    pub fn read(path: &Path) -> Result<AnyShard, ShardError> {
        let text = cfc::read_text(path)?;
        AnyShard::parse(&text).map_err(|message| ShardError::Malformed { file: path.display().to_string(), message })
    }

    /// Its `format` field.
    pub fn format(&self) -> &str {
        match self {
            AnyShard::Cfc(shard) => &shard.format,
            AnyShard::Wagic(shard) => &shard.format,
        }
    }

    /// The shard as pretty JSON.
    pub fn to_json(&self) -> String {
        match self {
            AnyShard::Cfc(shard) => shard.to_json(),
            AnyShard::Wagic(shard) => shard.to_json(),
        }
    }

    /// The games of the whole run that no range covers.
    pub fn missing_games(&self) -> u64 {
        match self {
            AnyShard::Cfc(shard) => shard.missing_games(),
            AnyShard::Wagic(shard) => shard.missing_games(),
        }
    }

    /// Adds up tallies of one configuration (`named` with their files' names, for
    /// messages), all of one game: a CFC tally and a Wagic one are refused, naming both.
    pub fn merge(named: Vec<(String, AnyShard)>) -> Result<AnyShard, String> {
        let first_format = named.first().map(|(_, shard)| shard.format().to_owned()).unwrap_or_default();
        if let Some((name, shard)) = named.iter().find(|(_, shard)| shard.format() != first_format) {
            let first = named.first().map_or("", |(name, _)| name.as_str());
            return Err(format!(
                "{first} is a tally of {} ({first_format}) and {name} one of {} ({}): only shards of one sim add up",
                game_of(&first_format),
                game_of(shard.format()),
                shard.format()
            ));
        }
        if first_format == FORMAT {
            let shards = named
                .into_iter()
                .filter_map(|(name, shard)| match shard {
                    AnyShard::Wagic(shard) => Some((name, *shard)),
                    AnyShard::Cfc(_) => None,
                })
                .collect();
            cfc::merge_files(shards).map(|merged| AnyShard::Wagic(Box::new(merged))).map_err(|error| error.to_string())
        } else {
            let shards = named
                .into_iter()
                .filter_map(|(name, shard)| match shard {
                    AnyShard::Cfc(shard) => Some((name, *shard)),
                    AnyShard::Wagic(_) => None,
                })
                .collect();
            Shard::merge(shards).map(|merged| AnyShard::Cfc(Box::new(merged))).map_err(|error| error.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn configuration() -> Configuration {
        let deck = |name: &str, cards: &[&str]| DeckSource {
            name: name.into(),
            path: format!("{name}.txt"),
            hash: "00".into(),
            cards: cards.iter().map(|card| (*card).to_owned()).collect(),
            left_out: 0,
            total: cards.len(),
        };
        Configuration {
            engine: crate::engine(),
            sources_hash: sources_hash(["[card]\nname=Forest\n[/card]\n"]),
            decks: vec![deck("a", &["Forest", "Bear"]), deck("b", &["Forest"])],
            refused: Vec::new(),
            all_pairs: false,
            games_per_pair: 10,
            players: ["random".into(), "greedy".into()],
            turn_limit: 50,
            seed: 3,
            replay_prefix: vec!["rsc".into()],
            skip_uncompiled: false,
        }
    }

    fn shard(ranges: Vec<[u64; 2]>) -> WagicShard {
        WagicShard::new(configuration(), ranges, Tally::new(2, 2), (1.5, 1), false)
    }

    #[test]
    fn a_tally_file_reads_back_and_paths_are_not_hashed() {
        let written = shard(vec![[0, 4]]);
        assert_eq!(WagicShard::parse(&written.to_json()), Ok(written.clone()));
        let mut moved = configuration();
        moved.decks[0].path = "elsewhere/a.txt".into();
        moved.replay_prefix.push("--cards".into());
        assert_eq!(moved.hash(), configuration().hash());
        moved.decks[0].cards.push("Bear".into());
        assert_ne!(moved.hash(), configuration().hash(), "the cards a deck plays decide its games");
        assert_eq!(moved.differences(&configuration()), ["the decks"]);
    }

    #[test]
    fn a_tally_file_whose_parts_disagree_is_refused_not_indexed_past() {
        let refused = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut value = serde_json::to_value(shard(vec![[0, 4]])).unwrap();
            edit(&mut value);
            WagicShard::parse(&value.to_string()).unwrap_err()
        };
        assert_eq!(refused(&|v| v["tally"]["cards"] = serde_json::json!([])), "0 card figures for 2 cards");
        assert_eq!(refused(&|v| v["tally"]["matchups"] = serde_json::json!([[0]])), "its tally is not one of 2 decks");
        assert_eq!(
            refused(&|v| v["ranges"] = serde_json::json!([[0, 11]])),
            "its game ranges are not sorted, disjoint ranges within 0..10"
        );
        assert!(
            refused(&|v| v["configuration"]["seed"] = serde_json::json!(4)).starts_with("its configuration hashes")
        );
        assert_eq!(
            refused(&|v| v["format"] = serde_json::json!("rsc-tally/1")),
            "format Some(\"rsc-tally/1\"), this rsc reads \"rsc-wagic-tally/1\""
        );
        let mut value = serde_json::to_value(shard(vec![[0, 4]])).unwrap();
        value["format"] = serde_json::json!("rsc-tally/1");
        let as_cfc = AnyShard::parse(&value.to_string()).unwrap_err();
        assert!(as_cfc.starts_with("missing field `set`"), "read as CFC's, it lacks CFC's fields: {as_cfc}");
    }

    #[test]
    fn shards_of_one_run_merge_and_overlapping_ones_do_not() {
        let named = |name: &str, ranges| (name.to_owned(), AnyShard::Wagic(Box::new(shard(ranges))));
        let merged = AnyShard::merge(vec![named("b", vec![[4, 10]]), named("a", vec![[0, 4]])]).unwrap();
        let AnyShard::Wagic(merged) = merged else { panic!("a Wagic tally") };
        assert_eq!((merged.ranges.clone(), merged.seconds, merged.missing_games()), (vec![[0, 10]], 3.0, 0));
        let overlap = AnyShard::merge(vec![named("a", vec![[0, 5]]), named("b", vec![[4, 10]])]);
        assert_eq!(overlap, Err("a and b both count games 4..5".to_owned()));
    }
}
