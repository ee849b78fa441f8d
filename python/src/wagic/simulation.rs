//! `WagicSimulation`: `rsc sim --lang wagic` as an object that plays any range of a run's
//! games into an `rsc-wagic-tally/1` tally (with the GIL released), as `Simulation` does
//! for CFC: the same configuration hash as `rsc sim --lang wagic` gives for the same files
//! and options, so shards of either add up (`merge_tallies`, `rsc sim merge`). It pickles
//! as its configuration and the card texts compiled, so that Ray ships it once through its
//! object store; a worker process compiles the cards once ([`LOADED`]) for all its tasks.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use ::wagic::table::Library;
use ::wagic::token_cards::{TokenCardError, TokenPrinting};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use wagic_sim::shard::{Configuration, WagicShard, cards_hash};
use wagic_sim::{Plan, Settings, SimDeck};

use crate::args::{CountIn, Seed, TurnLimit};
use crate::errors::{RulesError, guarded};
use crate::interrupt::StopFlag;
use crate::shutdown::detached;
use crate::sim::{Games, games_range, play_released};
use crate::wagic::cards::PyWagicCards;
use crate::wagic::{deck, players_of};

/// The most decks one sim plays every pair of (as `rsc sim --lang wagic --all-decks`).
const MAX_DECKS: usize = 256;

/// Wagic simulations unpickled in this process, by configuration hash: a Ray worker
/// compiles the cards once, however many tasks it runs.
static LOADED: Mutex<Option<HashMap<String, Arc<Loaded>>>> = Mutex::new(None);

/// A plan with what it pickles as.
struct Loaded {
    plan: Plan,
    /// The card texts compiled, each with its file's name.
    sources: Arc<Vec<(String, String)>>,
    /// What their `token(id)`s found in the set files: a worker process compiles the texts
    /// again with these, where the set files may not be.
    token_printings: Vec<TokenPrinting>,
}

/// A token printing as pickled: the id, then the card; no card for an id of no printing;
/// a card and its set for a printing of a card no file has.
type PickledPrinting = (i32, Option<String>, Option<String>);

fn pickled(printing: &TokenPrinting) -> PickledPrinting {
    match &printing.1 {
        Ok(card) => (printing.0, Some(card.clone()), None),
        Err(TokenCardError::NoPrinting) => (printing.0, None, None),
        Err(TokenCardError::UnknownCard(name, set)) => (printing.0, Some(name.clone()), Some(set.clone())),
    }
}

fn unpickled((id, card, set): PickledPrinting) -> TokenPrinting {
    match (card, set) {
        (Some(card), None) => (id, Ok(card)),
        (Some(name), Some(set)) => (id, Err(TokenCardError::UnknownCard(name, set))),
        (None, _) => (id, Err(TokenCardError::NoPrinting)),
    }
}

/// The games of `rsc sim --lang wagic` with the same options: `cards` the Wagic card files
/// (a path or a list; folders searched for `*.txt`), `decks` Wagic deck files (two, or
/// with `all_decks=True` every pair of them), `sets` Wagic's `Res/sets` folder, `games`
/// per pair of decks, `players` one name for both seats or one per seat (`random`,
/// `greedy`), `turn_limit` Wagic's default when `None`; `skip_uncompiled` plays each deck
/// without its cards that do not compile. Paths are kept as given, as `rsc` shows them in
/// replay commands.
///
/// Raises `ValueError` for options `rsc sim` refuses, `OSError` for a file that cannot be
/// read, `RulesError` when the cards do not load and `DeckError` when a deck cannot play
/// (with `all_decks=True`, as `rsc sim --all-decks`, such a deck is left out and the
/// summary lists it; `ValueError` when fewer than two decks can play).
#[pyclass(name = "WagicSimulation", module = "rulescript._rulescript", frozen)]
pub struct PyWagicSimulation {
    loaded: Arc<Loaded>,
}

#[pymethods]
impl PyWagicSimulation {
    #[new]
    #[pyo3(
        signature = (cards, decks, sets=None, all_decks=false, games=CountIn::new(1000), players=None, seed=Seed(0), turn_limit=None, skip_uncompiled=false),
        text_signature = "(cards, decks, sets=None, all_decks=False, games=1000, players=None, seed=0, turn_limit=None, skip_uncompiled=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        cards: &Bound<'_, PyAny>,
        decks: Vec<PathBuf>,
        sets: Option<PathBuf>,
        all_decks: bool,
        games: CountIn<Games>,
        players: Option<&Bound<'_, PyAny>>,
        seed: Seed,
        turn_limit: Option<TurnLimit>,
        skip_uncompiled: bool,
    ) -> PyResult<PyWagicSimulation> {
        let players = players_of(players)?;
        if all_decks {
            if !(2..=MAX_DECKS).contains(&decks.len()) {
                let message = format!("all_decks plays every pair of 2 to {MAX_DECKS} decks, not {}", decks.len());
                return Err(PyValueError::new_err(message));
            }
        } else if decks.len() != 2 {
            let message = format!("give two decks, or all_decks=True for every pair of more, not {}", decks.len());
            return Err(PyValueError::new_err(message));
        }
        let cards = PyWagicCards::load(py, cards, sets)?;
        let (mut sim_decks, mut refused) = (Vec::new(), Vec::new());
        let deck_count = decks.len();
        for path in decks {
            let deck = if all_decks {
                // As `rsc sim --all-decks`: a deck that cannot play is listed, the rest play.
                match deck::load_for_sim(py, &path, &cards, skip_uncompiled)? {
                    Ok(deck) => deck,
                    Err(why) => {
                        refused.push((path.display().to_string(), why));
                        continue;
                    }
                }
            } else {
                deck::load_deck(py, path, &cards, skip_uncompiled)?
            };
            let left_out = deck.total.saturating_sub(deck.cards.len());
            sim_decks.push(SimDeck {
                name: deck.name,
                path: deck.path,
                hash: deck.hash,
                cards: deck.cards,
                left_out,
                total: deck.total,
            });
        }
        let mut replay_prefix: Vec<String> = ["rsc", "run", "--lang", "wagic", "--cards"].map(String::from).into();
        replay_prefix.extend(cards.card_files.iter().map(|path| path.display().to_string()));
        if let Some(sets) = &cards.sets_dir {
            replay_prefix.extend(["--sets".into(), sets.display().to_string()]);
        }
        let settings = Settings {
            all_pairs: all_decks,
            games_per_pair: games.0 as u64,
            players,
            turn_limit: turn_limit.map_or(::wagic::play::DEFAULT_TURN_LIMIT, |TurnLimit(limit)| limit),
            seed: seed.0,
            replay_prefix,
            skip_uncompiled,
            sources_hash: cards.sources_hash.clone(),
        };
        if sim_decks.len() < 2 {
            let message = format!("{} of the {deck_count} decks can play: a sim needs two", sim_decks.len());
            return Err(PyValueError::new_err(message));
        }
        let plan = Plan::new(Arc::clone(&cards.library), sim_decks, refused, settings);
        if plan.total_games().is_none() {
            return Err(PyValueError::new_err("too many games"));
        }
        let token_printings = cards.library.token_printings().to_vec();
        let loaded = Loaded { plan, sources: Arc::clone(&cards.sources), token_printings };
        Ok(PyWagicSimulation { loaded: Arc::new(loaded) })
    }

    /// The hash of what decides the games (as in the tally files, and as `rsc sim --lang
    /// wagic --tally-out` gives it for the same files and options, wherever the files are).
    #[getter]
    fn configuration_hash(&self) -> String {
        self.loaded.plan.configuration.hash()
    }

    /// The configuration as JSON (as the tally files hold it).
    fn configuration_json(&self) -> String {
        serde_json::to_string(&self.loaded.plan.configuration).unwrap_or_default()
    }

    /// Games of the whole run: `games` times the pairs of decks that meet.
    #[getter]
    fn total_games(&self) -> u64 {
        self.loaded.plan.total_games().unwrap_or(u64::MAX)
    }

    /// Plays games `first..end` of the run on this thread with the GIL released and returns
    /// their tally as `rsc-wagic-tally/1` JSON text (what `rsc sim --lang wagic --shard
    /// first..end --tally-out` writes, timing aside). `progress` and `stop` as
    /// `Simulation.play`: `progress(n)` about every 50 ms with the games played since;
    /// Ctrl-C or `stop` raises `KeyboardInterrupt` within a game, and no tally is returned.
    #[pyo3(signature = (first, end, progress=None, stop=None))]
    fn play(
        &self,
        py: Python<'_>,
        first: &Bound<'_, PyAny>,
        end: &Bound<'_, PyAny>,
        progress: Option<Py<PyAny>>,
        stop: Option<PyRef<'_, StopFlag>>,
    ) -> PyResult<String> {
        let (first, end) = games_range(first, end, self.total_games())?;
        let plan = &self.loaded.plan;
        let started = Instant::now();
        let mut tally = play_released(py, "WagicSimulation.play", progress, stop, |halt, on_game| {
            let mut tally = plan.new_tally();
            plan.play_into(&mut tally, first..end, halt, on_game);
            tally
        })?;
        tally.settle();
        let seconds = started.elapsed().as_secs_f64();
        let configuration = plan.configuration.clone();
        Ok(WagicShard::new(configuration, vec![[first, end]], tally, (seconds, 1), false).to_json())
    }

    /// Pickled as its configuration, the card texts (not their paths) and what their
    /// `token(id)`s found in the set files: unpickled in another process, the cards are
    /// compiled from them again, once per process, the same without the set files.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.get_type::<PyWagicSimulation>().getattr("_restore")?;
        let configuration = serde_json::to_string(&self.loaded.plan.configuration).unwrap_or_default();
        let printings: Vec<PickledPrinting> = self.loaded.token_printings.iter().map(pickled).collect();
        let state = (configuration, self.loaded.sources.as_ref().clone(), printings);
        PyTuple::new(py, [restore.into_any(), (state,).into_pyobject(py)?.into_any()])
    }

    /// Unpickles: the simulation of this configuration already loaded in this process, or
    /// its cards compiled from the texts (checked against the configuration's hash).
    #[staticmethod]
    fn _restore(
        py: Python<'_>,
        state: (String, Vec<(String, String)>, Vec<PickledPrinting>),
    ) -> PyResult<PyWagicSimulation> {
        let (configuration, sources, printings) = state;
        let token_printings: Vec<TokenPrinting> = printings.into_iter().map(unpickled).collect();
        let configuration: Configuration = serde_json::from_str(&configuration)
            .map_err(|error| PyValueError::new_err(format!("not a pickled WagicSimulation: {error}")))?;
        let key = configuration.hash();
        if let Some(loaded) = LOADED.lock().ok().and_then(|cache| cache.as_ref()?.get(&key).cloned()) {
            return Ok(PyWagicSimulation { loaded });
        }
        let hash = cards_hash(sources.iter().map(|(_, text)| text.as_str()), &token_printings);
        if hash != configuration.sources_hash {
            let message =
                format!("the card texts hash to {hash}, not the configuration's {}", configuration.sources_hash);
            return Err(RulesError::new_err(message));
        }
        let library = detached(py, || {
            guarded("WagicSimulation restore", || {
                let borrowed: Vec<(&str, String)> =
                    sources.iter().map(|(name, text)| (name.as_str(), text.clone())).collect();
                Ok(Library::compile_answering(&borrowed, token_printings.clone()))
            })
        })?
        .map_err(RulesError::new_err)?;
        let plan = Plan::from_configuration(Arc::new(library), configuration)
            .map_err(|message| PyValueError::new_err(format!("not a pickled WagicSimulation: {message}")))?;
        let loaded = Arc::new(Loaded { plan, sources: Arc::new(sources), token_printings });
        if let Ok(mut cache) = LOADED.lock() {
            cache.get_or_insert_with(HashMap::new).insert(key, Arc::clone(&loaded));
        }
        Ok(PyWagicSimulation { loaded })
    }

    fn __repr__(&self) -> String {
        let configuration = &self.loaded.plan.configuration;
        let names: Vec<&str> = configuration.decks.iter().map(|deck| deck.name.as_str()).collect();
        format!("WagicSimulation({} games, decks {names:?}, seed {})", self.total_games(), configuration.seed)
    }
}
