//! Many seeded games of Magic between Wagic decks ([`wagic::play`]), summed up for a
//! designer: what `rsc sim --lang wagic` and the Python package's `rulescript.wagic.sim`
//! share, so that both play the same games and report the same figures. A [`Plan`] says
//! which games a run plays (every game's decks, seats and seed); [`Plan::play_game`] plays
//! one into a [`tally::GameRecord`]; a [`tally::Tally`] sums them up, in any order and on
//! any number of threads to the same figures; [`summary`] writes them as a text table and
//! as one JSON object, and [`report`] as an HTML page. Reading files, threads and printing
//! are the callers'.
//!
//! Game `i` of a pair is seeded from the run's seed and `i` as CFC's `rsc sim` seeds its
//! games ([`game_seed`]); the pair's decks swap seats from game to game (deck A on the play
//! in the even games), so each deck plays as many games on the play as on the draw. A game
//! is replayed alone by the `rsc run --lang wagic` command [`Plan::replay_command`] gives.
//! A game the table stops (a card's code that traps, a board that does not settle, even a
//! panic of the engine) is counted and listed with its seed; it never ends the run.
//!
//! A run's [`shard::Configuration`] (hashed: what decides its games) and any range of its
//! games' tally make a [`shard::WagicShard`], the `rsc-wagic-tally/1` file of `rsc sim
//! --lang wagic --tally-out`, which adds up with the others of the same configuration as
//! CFC's tallies do (`game::sim::shard`'s code); [`shard::AnyShard`] reads either kind.

pub mod report;
pub mod shard;
pub mod summary;
pub mod tally;

use std::collections::HashMap;
use std::ops::Range;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use game::sim::shard::game_seed;
use wagic::play::{self, End, Outcome};
use wagic::table::Library;

use shard::{Configuration, DeckSource};
use tally::{GameRecord, Tally};

/// The engine that plays the games, as a tally file names it (`wagic-sim 0.1.0`): a
/// tally of another version is another configuration.
pub fn engine() -> String {
    format!("wagic-sim {}", env!("CARGO_PKG_VERSION"))
}

/// BLAKE3 of a game's transcript ([`wagic::play::Played::transcript`], or a game's log so
/// far), each line ended by a line feed: the hash of what `rsc run --lang wagic` prints
/// (before a terminal's escaping of control characters), its `--trace-hash`, and
/// `WagicGame.trace_hash()` in Python.
pub fn trace_hash(transcript: &[String]) -> String {
    let mut hasher = blake3::Hasher::new();
    for line in transcript {
        hasher.update(line.as_bytes());
        hasher.update(b"\n");
    }
    hasher.finalize().to_hex().to_string()
}

/// A deck of the run: its name, file and cards.
pub struct SimDeck {
    pub name: String,
    pub path: PathBuf,
    /// BLAKE3 of the deck file (empty for a deck made in memory).
    pub hash: String,
    /// The card names a game plays, in deck order.
    pub cards: Vec<String>,
    /// Cards of the file's main deck left out (not compiled, with `--skip-uncompiled`).
    pub left_out: usize,
    /// Cards the file's main deck lists.
    pub total: usize,
}

/// A deck file no game can play: its file, and why.
pub type RefusedDeck = (String, String);

/// What a run was asked, besides its cards and decks.
pub struct Settings {
    /// Every pair of the decks meets (`--all-decks`); else the first two decks only.
    pub all_pairs: bool,
    /// Games each pair plays.
    pub games_per_pair: u64,
    /// Who plays seats 0 and 1.
    pub players: [play::PlayerKind; 2],
    pub turn_limit: u32,
    pub seed: u64,
    /// The words of `rsc run --lang wagic` that every replay command starts with (the
    /// card files and the sets).
    pub replay_prefix: Vec<String>,
    /// The decks' cards that do not compile were left out (replays say so too).
    pub skip_uncompiled: bool,
    /// BLAKE3 of the card texts compiled ([`shard::sources_hash`]).
    pub sources_hash: String,
}

/// A run's [`Configuration`] with its cards compiled: it plays any of its games.
pub struct Plan {
    pub library: Arc<Library>,
    pub configuration: Configuration,
    /// The pairs of decks that meet, in game-number order.
    pub pairs: Vec<[usize; 2]>,
    players: [play::PlayerKind; 2],
    /// Every card of the decks, sorted: the tally counts cards by index here.
    pub card_names: Vec<String>,
    card_index: HashMap<String, usize>,
}

impl Plan {
    /// The plan of `settings`' games between `decks` of `library`'s cards.
    pub fn new(library: Arc<Library>, decks: Vec<SimDeck>, refused: Vec<RefusedDeck>, settings: Settings) -> Plan {
        let configuration = Configuration {
            engine: engine(),
            sources_hash: settings.sources_hash,
            decks: decks
                .into_iter()
                .map(|deck| DeckSource {
                    name: deck.name,
                    path: deck.path.display().to_string(),
                    hash: deck.hash,
                    cards: deck.cards,
                    left_out: deck.left_out,
                    total: deck.total,
                })
                .collect(),
            refused,
            all_pairs: settings.all_pairs,
            games_per_pair: settings.games_per_pair,
            players: settings.players.map(|player| player.name().to_owned()),
            turn_limit: settings.turn_limit,
            seed: settings.seed,
            replay_prefix: settings.replay_prefix,
            skip_uncompiled: settings.skip_uncompiled,
        };
        Plan::of(library, configuration, settings.players)
    }

    /// The plan of `configuration` (a pickled one, say) on `library`'s cards; an error when
    /// it names a player that is none.
    pub fn from_configuration(library: Arc<Library>, configuration: Configuration) -> Result<Plan, String> {
        let players = configuration.player_kinds()?;
        Ok(Plan::of(library, configuration, players))
    }

    fn of(library: Arc<Library>, configuration: Configuration, players: [play::PlayerKind; 2]) -> Plan {
        let pairs = configuration.pairs();
        let card_names = configuration.card_names();
        let card_index = card_names.iter().enumerate().map(|(i, name)| (name.clone(), i)).collect();
        Plan { library, configuration, pairs, players, card_names, card_index }
    }

    /// Games of the whole run (`None` when they do not fit a `u64`).
    pub fn total_games(&self) -> Option<u64> {
        self.configuration.total_games()
    }

    /// An empty tally of this run's decks and cards.
    pub fn new_tally(&self) -> Tally {
        Tally::new(self.configuration.decks.len(), self.card_names.len())
    }

    /// The decks in seats 0 and 1 of game `index`, and its seed.
    pub fn game(&self, index: u64) -> ([usize; 2], u64) {
        let pair_at = usize::try_from(index / self.configuration.games_per_pair.max(1)).unwrap_or(usize::MAX);
        let [a, b] = self.pairs.get(pair_at).or(self.pairs.first()).copied().unwrap_or([0, 0]);
        let seats = if index % 2 == 0 { [a, b] } else { [b, a] };
        (seats, game_seed(self.configuration.seed, index))
    }

    /// The command that plays game `index` alone, quoted for a POSIX shell.
    pub fn replay_command(&self, decks: [usize; 2], seed: u64) -> String {
        self.configuration.replay_command(decks, seed)
    }

    /// Plays game `index` and sums it up; a panic of the engine is a stopped game.
    pub fn play_game(&self, index: u64) -> GameRecord {
        let (decks, seed) = self.game(index);
        let options = play::Options { seed, turn_limit: self.configuration.turn_limit, players: self.players };
        let decks_of = &self.configuration.decks;
        let cards = |seat: usize| decks_of.get(decks[seat]).map_or(&[][..], |deck| deck.cards.as_slice());
        let played =
            std::panic::catch_unwind(AssertUnwindSafe(|| play::play(&self.library, [cards(0), cards(1)], options)));
        let mut record = GameRecord {
            index,
            seed,
            decks,
            winner: None,
            end: End::Stopped,
            turns: 0,
            decisions: 0,
            error: None,
            cast: [Vec::new(), Vec::new()],
            damage: Vec::new(),
        };
        let played = match played {
            Ok(played) => played,
            Err(panic) => {
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                record.error = Some(format!("the engine panicked: {why}"));
                return record;
            }
        };
        record.end = played.end;
        record.turns = played.turns;
        record.decisions = played.decisions;
        match &played.outcome {
            Outcome::Won { winner, .. } => record.winner = Some(usize::from(*winner != wagic::table::P0)),
            Outcome::Stopped { reason } => record.error = Some(reason.clone()),
            Outcome::Drawn { .. } => {}
        }
        for (into, names) in record.cast.iter_mut().zip(&played.cast) {
            into.extend(names.iter().filter_map(|name| self.card_index.get(name).copied()));
        }
        for (_, name, amount) in &played.combat_damage {
            if let Some(&card) = self.card_index.get(name) {
                record.damage.push((card, u64::try_from(*amount).unwrap_or(0)));
            }
        }
        record
    }

    /// Plays games `games` into `tally`, until they end or `stop` is set; `on_game` is
    /// called after each.
    pub fn play_into(&self, tally: &mut Tally, games: Range<u64>, stop: &AtomicBool, mut on_game: impl FnMut()) {
        for index in games {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            tally.add(&self.play_game(index));
            on_game();
        }
    }
}

/// What a finished (or stopped) run, or tallies merged, know, for the summary and the
/// report.
pub struct Results {
    pub configuration: Configuration,
    /// Every card of the decks, sorted ([`Configuration::card_names`]).
    pub card_names: Vec<String>,
    pub tally: Tally,
    pub seconds: f64,
    /// Threads the games were played on.
    pub jobs: usize,
    /// The run was stopped before its last game.
    pub stopped: bool,
}

impl Results {
    /// The results of `tally`, games of `configuration` played in `seconds` on `jobs`
    /// threads (`stopped` before their end).
    pub fn new(configuration: Configuration, tally: Tally, seconds: f64, jobs: usize, stopped: bool) -> Results {
        let card_names = configuration.card_names();
        Results { configuration, card_names, tally, seconds, jobs, stopped }
    }

    /// The results a tally file holds.
    pub fn of_shard(shard: shard::WagicShard) -> Results {
        Results::new(shard.configuration, shard.tally, shard.seconds, shard.jobs, shard.stopped)
    }

    pub fn games_per_s(&self) -> f64 {
        if self.seconds > 0.0 { self.tally.games as f64 / self.seconds } else { 0.0 }
    }

    /// Deck names, made unique (`name`, `name#2`).
    pub fn deck_names(&self) -> Vec<String> {
        game::sim::summary::unique_names(self.configuration.decks.iter().map(|deck| deck.name.as_str()))
    }
}
