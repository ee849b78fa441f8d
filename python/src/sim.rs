//! `Simulation`: `rsc sim` as an object that plays any range of a run's games into an
//! `rsc-tally/1` tally (with the GIL released), `merge_tallies`, `rsc sim merge`'s
//! adding up, and `tally_summary` and `tally_report`, the summary and HTML report `rsc sim`
//! prints of a tally (the same code, so the same bytes, without an `rsc` binary). The
//! three functions take a Wagic sim's tallies too (`rsc-wagic-tally/1`, played by
//! `WagicSimulation`), as `rsc sim merge` does, and refuse a mix of the two. A `Simulation` pickles as its card set's and decks' file bytes, so that Ray
//! ships it once through its object store; a worker process compiles the set once and
//! keeps it ([`LOADED`]) for every other task of the same configuration.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use game::CardSet;
use game::players::PlayerKind;
use game::set::MAX_SET_FILE_BYTES;
use game::sim::hash;
use game::sim::shard::{Configuration, DeckSource, SetSource, Simulation};
use game::sim::summary::{self, Results};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use wagic_sim::shard::AnyShard;

use crate::args::{CountIn, CountRange, Seed, TurnLimit, count_in};
use crate::errors::{DeckError, RulesError, guarded};
use crate::interrupt::{Pulse, StopFlag};
use crate::shutdown::detached;

pyo3::create_exception!(
    _rulescript,
    TallyError,
    PyValueError,
    "A tally that cannot be read, or tallies that do not add up (other configurations, games counted twice)."
);

/// Simulations rebuilt from their pickled files in this process, by configuration hash:
/// a Ray worker compiles a set once, however many tasks it runs.
static LOADED: Mutex<Option<HashMap<String, Arc<Loaded>>>> = Mutex::new(None);

/// A simulation with what it pickles as.
struct Loaded {
    simulation: Simulation,
    /// `cards.json` and the `.rules` files of the set's folder, by file name.
    set_files: Vec<(String, Vec<u8>)>,
    /// Each deck's card ids, one per copy (the deck files are checked once, where it was made).
    deck_ids: Vec<Vec<String>>,
    /// Decks of the set's folder left out because they break a deck rule (`all_decks`).
    refused_decks: Vec<String>,
}

/// The games of `rsc sim` with the same options: `set` is the card set's folder, `decks`
/// two `.o8d` files (or `all_decks=True` for every valid deck of `<set>/decks`), `games`
/// per pair of decks, `players` one name for both seats or one per seat (`random`,
/// `greedy`). Paths are kept as given, as `rsc sim` shows them in replay commands.
///
/// Raises `ValueError` for options `rsc sim` refuses, `RulesError` when the set does not
/// load and `DeckError` when a deck breaks a rule.
#[pyclass(name = "Simulation", module = "rulescript._rulescript", frozen)]
pub struct PySimulation {
    loaded: Arc<Loaded>,
}

/// A simulation's `games` (per pair of decks): at least one.
pub struct Games;

impl CountRange for Games {
    const NAME: &'static str = "games";
    const LEAST: usize = 1;
    const MOST: usize = usize::MAX;
}

#[pymethods]
impl PySimulation {
    #[new]
    // The text signature gives the defaults as Python sees them (PyO3 shows `games=...`).
    #[pyo3(
        signature = (set, decks=None, all_decks=false, games=CountIn::new(1000), players=None, seed=Seed(0), turn_limit=None, check=false),
        text_signature = "(set, decks=None, all_decks=False, games=1000, players=None, seed=0, turn_limit=None, check=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        set: PathBuf,
        decks: Option<Vec<PathBuf>>,
        all_decks: bool,
        games: CountIn<Games>,
        players: Option<Vec<String>>,
        seed: Seed,
        turn_limit: Option<TurnLimit>,
        check: bool,
    ) -> PyResult<PySimulation> {
        let (games, Seed(seed), turn_limit) = (games.0 as u64, seed, turn_limit.map(|TurnLimit(limit)| limit));
        let players = seat_players(players.as_deref().unwrap_or_default())?;
        let decks = decks.unwrap_or_default();
        let options = (all_decks, games, players, seed, turn_limit, check);
        let loaded = detached(py, || guarded("Simulation", || Ok(configure(&set, &decks, options))))??;
        Ok(PySimulation { loaded: Arc::new(loaded) })
    }

    /// The hash of what decides the games (as in the tally files); equal options on equal
    /// files give equal hashes wherever the files are.
    #[getter]
    fn configuration_hash(&self) -> String {
        self.loaded.simulation.configuration().hash()
    }

    /// The configuration as JSON (as the tally files hold it).
    fn configuration_json(&self) -> String {
        serde_json::to_string(self.loaded.simulation.configuration()).unwrap_or_default()
    }

    /// Games of the whole run: `games` times the pairs of decks that meet.
    #[getter]
    fn total_games(&self) -> u64 {
        self.loaded.simulation.configuration().total_games().unwrap_or(u64::MAX)
    }

    /// Plays games `first..end` of the run on this thread with the GIL released and returns
    /// their tally as `rsc-tally/1` JSON text (what `rsc sim --shard first..end
    /// --tally-out` writes, timing aside). `progress(n)` is called about every 50 ms, and
    /// once at the end, with the games played since its last call.
    ///
    /// Ctrl-C (on the main thread) raises `KeyboardInterrupt` within about 50 ms; so does
    /// setting `stop` (a `StopFlag`, from any thread), and an exception `progress` raises
    /// ends the call with it. A call stopped so returns no tally: the games it played are
    /// not a shard's.
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
        let simulation = &self.loaded.simulation;
        let started = Instant::now();
        let mut tally = play_released(py, "Simulation.play", progress, stop, |halt, on_game| {
            let mut tally = simulation.new_tally();
            simulation.play_into(&mut tally, first..end, halt, on_game);
            tally
        })?;
        tally.settle();
        let seconds = started.elapsed().as_secs_f64();
        let shard = simulation.shard(vec![[first, end]], tally, self.loaded.refused_decks.clone(), (seconds, 1), false);
        Ok(shard.to_json())
    }

    /// Pickled as the set's and decks' files (their bytes, not their paths): unpickled in
    /// another process, the set is compiled from them again, once per process.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.get_type::<PySimulation>().getattr("_restore")?;
        let loaded = &self.loaded;
        let configuration = serde_json::to_string(loaded.simulation.configuration()).unwrap_or_default();
        let files: Vec<(String, Bound<'py, PyBytes>)> =
            loaded.set_files.iter().map(|(name, bytes)| (name.clone(), PyBytes::new(py, bytes))).collect();
        let state = (configuration, files, loaded.deck_ids.clone(), loaded.refused_decks.clone());
        PyTuple::new(py, [restore.into_any(), (state,).into_pyobject(py)?.into_any()])
    }

    /// Unpickles: the simulation of this configuration already loaded in this process, or
    /// its set compiled from the files' bytes (checked against the configuration's hash).
    #[staticmethod]
    fn _restore(py: Python<'_>, state: Pickled) -> PyResult<PySimulation> {
        let (configuration, set_files, deck_ids, refused_decks) = state;
        let configuration: Configuration = serde_json::from_str(&configuration)
            .map_err(|error| PyValueError::new_err(format!("not a pickled Simulation: {error}")))?;
        let key = configuration.hash();
        if let Some(loaded) = cached(&key) {
            return Ok(PySimulation { loaded });
        }
        let restored = detached(py, || {
            guarded("Simulation restore", || Ok(restore(configuration, set_files, deck_ids, refused_decks)))
        })??;
        let loaded = Arc::new(restored);
        if let Ok(mut cache) = LOADED.lock() {
            cache.get_or_insert_with(HashMap::new).insert(key, Arc::clone(&loaded));
        }
        Ok(PySimulation { loaded })
    }

    fn __repr__(&self) -> String {
        let configuration = self.loaded.simulation.configuration();
        let names: Vec<&str> = configuration.decks.iter().map(|deck| deck.name.as_str()).collect();
        format!("Simulation({} games, decks {names:?}, seed {})", self.total_games(), configuration.seed)
    }
}

/// Adds up `rsc-tally/1` texts of one configuration (`names`, one per text, name them in
/// messages: file names, say) into one, as `rsc sim merge` does.
///
/// Raises `TallyError` when a text is not a tally, when two are of different
/// configurations (naming what differs) or count the same games.
#[pyfunction]
#[pyo3(signature = (tallies, names=None))]
pub fn merge_tallies(py: Python<'_>, tallies: Vec<String>, names: Option<Vec<String>>) -> PyResult<String> {
    let names = names.unwrap_or_else(|| (0..tallies.len()).map(|i| format!("tally {i}")).collect());
    if names.len() != tallies.len() {
        return Err(PyValueError::new_err(format!("{} names for {} tallies", names.len(), tallies.len())));
    }
    let merged = detached(py, || {
        let mut shards = Vec::with_capacity(tallies.len());
        for (name, text) in names.into_iter().zip(&tallies) {
            let shard = AnyShard::parse(text)
                .map_err(|message| format!("{name}: not a tally this version reads: {message}"))?;
            shards.push((name, shard));
        }
        AnyShard::merge(shards).map(|merged| merged.to_json())
    });
    merged.map_err(TallyError::new_err)
}

/// The summary of a tally (`rsc-tally/1` or `rsc-wagic-tally/1` text: a tally file,
/// `merge_tallies`' result) as `rsc sim merge` prints it on standard output, final newline
/// included: the table (`message_format="human"`) or one JSON object (`"json"`).
///
/// Raises `TallyError` when the text is not a tally and `ValueError` for another format.
#[pyfunction]
#[pyo3(signature = (tally, message_format="human"))]
pub fn tally_summary(py: Python<'_>, tally: &str, message_format: &str) -> PyResult<String> {
    let format = match message_format {
        "human" => summary::Format::Human,
        "json" => summary::Format::Json,
        other => {
            let message = format!("message_format {other:?}: \"human\" or \"json\"");
            return Err(PyValueError::new_err(message));
        }
    };
    let shard = parse_tally(tally)?;
    detached(py, || {
        guarded("tally_summary", || {
            Ok(match shard {
                AnyShard::Cfc(shard) => summary::render(&Results { shard: *shard }, format),
                AnyShard::Wagic(shard) => {
                    let results = wagic_sim::Results::of_shard(*shard);
                    match format {
                        summary::Format::Human => wagic_sim::summary::table(&results),
                        summary::Format::Json => format!("{}\n", wagic_sim::summary::json(&results)),
                    }
                }
            })
        })
    })
}

/// The HTML report of a tally, as `rsc sim merge --report` writes it (one self-contained
/// page with SVG charts). Raises `TallyError` when the text is not a tally.
#[pyfunction]
pub fn tally_report(py: Python<'_>, tally: &str) -> PyResult<String> {
    let shard = parse_tally(tally)?;
    detached(py, || {
        guarded("tally_report", || {
            Ok(match shard {
                AnyShard::Cfc(shard) => game::sim::report::render(&Results { shard: *shard }),
                AnyShard::Wagic(shard) => wagic_sim::report::render(&wagic_sim::Results::of_shard(*shard)),
            })
        })
    })
}

/// A tally's text (of either game), read and checked as `rsc sim merge` reads a file.
fn parse_tally(text: &str) -> PyResult<AnyShard> {
    AnyShard::parse(text).map_err(|message| TallyError::new_err(format!("not a tally: {message}")))
}

/// Games `first..end` of a run of `total`, from `play`'s arguments, each named in its
/// message (not "a count must be an integer from 0 to ..."); a `ValueError` for a range
/// that is empty or past the run's end.
pub(crate) fn games_range(first: &Bound<'_, PyAny>, end: &Bound<'_, PyAny>, total: u64) -> PyResult<(u64, u64)> {
    let first = count_in(first, "first", 0, usize::MAX)? as u64;
    let end = count_in(end, "end", 0, usize::MAX)? as u64;
    if first >= end || end > total {
        return Err(PyValueError::new_err(format!("{first}..{end}: the run has games 0..{total}")));
    }
    Ok((first, end))
}

/// Plays games with the GIL released, as `Simulation.play` and `WagicSimulation.play` do:
/// `play(halt, on_game)` plays until its games end or `halt` is set, calling `on_game`
/// after each. `progress(n)` is called about every 50 ms, and once at the end, with the
/// games played since its last call; Ctrl-C (on the main thread), setting `stop`, or an
/// exception `progress` raises sets `halt` within a game and raises here.
pub(crate) fn play_released<T: Send>(
    py: Python<'_>,
    what: &'static str,
    progress: Option<Py<PyAny>>,
    stop: Option<PyRef<'_, StopFlag>>,
    play: impl FnOnce(&AtomicBool, &mut dyn FnMut()) -> T + Send,
) -> PyResult<T> {
    let mut pulse = Pulse::new(py, stop.map(|stop| Arc::clone(&stop.flag)), progress.is_some());
    let mut unreported = 0u64;
    let report = |py: Python<'_>, games: u64| match &progress {
        Some(progress) if games > 0 => progress.call1(py, (games,)).map(drop),
        _ => Ok(()),
    };
    let played = detached(py, || {
        guarded(what, || {
            // Stops `play` within a game once the pulse ends the call.
            let halt = AtomicBool::new(pulse.beat());
            let mut on_game = || {
                unreported += 1;
                let ended = pulse.beat_with(|py| {
                    report(py, unreported)?;
                    unreported = 0;
                    Ok(())
                });
                if ended {
                    halt.store(true, Ordering::Relaxed);
                }
            };
            Ok(play(&halt, &mut on_game))
        })
    });
    let played = played?;
    pulse.finish()?;
    report(py, unreported)?;
    Ok(played)
}

/// What a `Simulation` pickles as: its configuration as JSON, the set's files by name,
/// each deck's card ids, and the refused decks' messages.
type Pickled = (String, Vec<(String, Vec<u8>)>, Vec<Vec<String>>, Vec<String>);

/// The simulation of configuration hash `key` loaded in this process, if any.
fn cached(key: &str) -> Option<Arc<Loaded>> {
    LOADED.lock().ok()?.as_ref()?.get(key).cloned()
}

/// The player of each seat from one name (both seats) or two.
fn seat_players(given: &[String]) -> PyResult<[PlayerKind; 2]> {
    let kind = |name: &String| -> PyResult<PlayerKind> {
        match serde_json::from_value(serde_json::Value::String(name.clone())) {
            Ok(PlayerKind::Scripted) | Err(_) => Err(PyValueError::new_err(format!(
                "player {name:?}: a simulation's players are \"random\" or \"greedy\""
            ))),
            Ok(kind) => Ok(kind),
        }
    };
    match given {
        [] => Ok([PlayerKind::Random; 2]),
        [one] => Ok([kind(one)?; 2]),
        [a, b] => Ok([kind(a)?, kind(b)?]),
        _ => Err(PyValueError::new_err(format!("{} players given: one for both seats, or two", given.len()))),
    }
}

/// The options of [`configure`] besides the files: all decks, games per pair, players,
/// seed, turn limit, invariant checks.
type Options = (bool, u64, [PlayerKind; 2], u64, Option<u32>, bool);

/// A deck of the simulation, read and checked.
struct ReadDeck {
    source: DeckSource,
    ids: Vec<String>,
}

/// Loads the set and decks as `rsc sim` does and builds the simulation.
fn configure(set_dir: &Path, decks: &[PathBuf], options: Options) -> PyResult<Loaded> {
    let (all_decks, games, players, seed, turn_limit, check) = options;
    let set = CardSet::load(set_dir)
        .map_err(|error| RulesError::new_err(format!("cannot load the card set {}: {error}", set_dir.display())))?;
    let set_hash = hash::set_files_hash(set_dir).map_err(RulesError::new_err)?;
    let set_files = set_files(set_dir)?;
    let mut refused_decks = Vec::new();
    let read = if all_decks {
        if !decks.is_empty() {
            return Err(PyValueError::new_err("all_decks plays the set's decks: give no decks"));
        }
        let folder = set_dir.join("decks");
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map_err(|error| DeckError::new_err(format!("{}: {error}", folder.display())))?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "o8d"))
            .collect();
        paths.sort();
        let mut read = Vec::new();
        for path in paths {
            match read_deck(&set, &path) {
                Ok(deck) => read.push(deck),
                Err(message) => refused_decks.push(message),
            }
        }
        if read.len() < 2 {
            let message = format!("{} has fewer than two valid decks in decks/", set_dir.display());
            return Err(DeckError::new_err(message));
        }
        read
    } else {
        if decks.len() != 2 {
            let message = format!("give two decks or all_decks=True, not {} decks", decks.len());
            return Err(PyValueError::new_err(message));
        }
        let mut read = Vec::new();
        for path in decks {
            read.push(read_deck(&set, path).map_err(DeckError::new_err)?);
        }
        read
    };
    let configuration = Configuration {
        set: SetSource { path: set_dir.display().to_string(), hash: set_hash },
        decks: read.iter().map(|deck| deck.source.clone()).collect(),
        all_decks,
        games_per_pair: games,
        players,
        seed,
        turn_limit,
        check,
    };
    if configuration.total_games().is_none() {
        return Err(PyValueError::new_err("too many games"));
    }
    let deck_ids: Vec<Vec<String>> = read.into_iter().map(|deck| deck.ids).collect();
    build(configuration, Arc::new(set), set_files, deck_ids, refused_decks)
}

/// `cards.json` and the `.rules` files of `dir`: the files its hash covers.
fn set_files(dir: &Path) -> PyResult<Vec<(String, Vec<u8>)>> {
    let error = |path: &Path, error: std::io::Error| RulesError::new_err(format!("{}: {error}", path.display()));
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| error(dir, e))?.filter_map(Result::ok) {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.extension().is_some_and(|ext| ext == "rules") || name == "cards.json" {
            let bytes = game::bounded::read_bytes(&path, MAX_SET_FILE_BYTES)
                .map_err(|failure| error(&path, failure.into_io(MAX_SET_FILE_BYTES, "a card set's file")))?;
            files.push((name, bytes));
        }
    }
    files.sort();
    Ok(files)
}

/// Reads and checks the deck at `path` (the message `rsc sim` prints when it is refused).
fn read_deck(set: &CardSet, path: &Path) -> Result<ReadDeck, String> {
    // Read once, and hashed as checked: a deck from a pipe cannot be read a second time.
    let text = game::deck::read_deck_text(path).map_err(|error| error.to_string())?;
    let deck =
        game::deck::deck_of_text(path, &text, |id| set.by_id(id).is_some()).map_err(|error| error.to_string())?;
    let source = DeckSource {
        name: deck.name.clone(),
        path: path.display().to_string(),
        hash: hash::content_hash(text.as_bytes()),
    };
    Ok(ReadDeck { source, ids: deck.card_ids().into_iter().map(str::to_owned).collect() })
}

/// The simulation of `configuration` with its decks' ids resolved in `set`.
fn build(
    configuration: Configuration,
    set: Arc<CardSet>,
    set_files: Vec<(String, Vec<u8>)>,
    deck_ids: Vec<Vec<String>>,
    refused_decks: Vec<String>,
) -> PyResult<Loaded> {
    let mut decks = Vec::new();
    for ids in &deck_ids {
        let cards: Option<Vec<_>> = ids.iter().map(|id| set.by_id(id)).collect();
        decks.push(cards.ok_or_else(|| DeckError::new_err("a deck names a card the set does not have"))?);
    }
    let simulation = Simulation::new(configuration, set, decks).map_err(PyValueError::new_err)?;
    Ok(Loaded { simulation, set_files, deck_ids, refused_decks })
}

/// Rebuilds a pickled simulation: writes the set's files to a folder of their own (named
/// by their hash) in the temporary folder, compiles it, and checks the hash.
fn restore(
    configuration: Configuration,
    set_files: Vec<(String, Vec<u8>)>,
    deck_ids: Vec<Vec<String>>,
    refused_decks: Vec<String>,
) -> PyResult<Loaded> {
    let io = |path: &Path, error: std::io::Error| RulesError::new_err(format!("{}: {error}", path.display()));
    // The hash names the folder: anything but a hash (`../..`) would put the files elsewhere.
    let hash = &configuration.set.hash;
    if hash.is_empty() || hash.len() > 128 || !hash.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return Err(PyValueError::new_err(format!("not a pickled Simulation: the set's hash is {hash:?}")));
    }
    let dir = std::env::temp_dir().join(format!("rulescript-set-{hash}"));
    std::fs::create_dir_all(&dir).map_err(|error| io(&dir, error))?;
    for (name, bytes) in &set_files {
        let plain = Path::new(name).file_name().is_some_and(|file| file == name.as_str());
        if !plain {
            return Err(RulesError::new_err(format!("{name:?} is not a file name")));
        }
        // Written beside and renamed, so that another process reading the folder never
        // sees half a file; the temporary name is new per call, so two threads unpickling
        // one set do not write into one temporary file.
        let path = dir.join(name);
        game::output::write(&path, bytes).map_err(|error| io(&path, error))?;
    }
    let hash = hash::set_files_hash(&dir).map_err(RulesError::new_err)?;
    if hash != configuration.set.hash {
        let message = format!("the set's files hash to {hash}, not the configuration's {}", configuration.set.hash);
        return Err(RulesError::new_err(message));
    }
    let set = CardSet::load(&dir)
        .map_err(|error| RulesError::new_err(format!("cannot load the card set {}: {error}", dir.display())))?;
    build(configuration, Arc::new(set), set_files, deck_ids, refused_decks)
}
