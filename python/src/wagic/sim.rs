//! `sim(cards, decks, games, ...)`: many seeded games of Magic between Wagic decks, played
//! on a pool of threads with the GIL released and summed up by the `wagic-sim` crate, the
//! plan, tally and summary `rsc sim --lang wagic` uses: the same games, the same figures.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use ::wagic::play;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use wagic_sim::{Plan, Results, Settings, SimDeck};

use crate::args::{Seed, TurnLimit, count_in};
use crate::bench::{MAX_THREADS, pool_of};
use crate::errors::{EngineError, guarded};
use crate::interrupt::{Pulse, on_pool};
use crate::play::json_loads;
use crate::shutdown::detached;
use crate::wagic::cards::PyWagicCards;
use crate::wagic::deck::PyWagicDeck;
use crate::wagic::{deck_of, players_of};

/// The most decks one sim plays every pair of (as `rsc sim --all-decks`).
const MAX_DECKS: usize = 256;

/// A sim's games stopped before their end, as the pulse ended the call.
struct Halted;

/// Many games of Magic summed up (`sim`).
#[pyclass(name = "WagicSimResult", module = "rulescript.wagic", frozen, get_all)]
pub struct PyWagicSimResult {
    /// Games played.
    pub games: u64,
    /// Per deck, in the order given: a dict of its `deck` name (made unique: `name#2`),
    /// `path`, `games`, `wins`, `losses`, `draws` (both lost, or the turn limit) and
    /// `stopped` (games the table stopped).
    pub decks: Vec<Py<PyDict>>,
    /// The object `rsc sim --lang wagic --message-format json` prints for the same run:
    /// per deck wins with their 95% interval, on the play and on the draw; how games
    /// ended, their length, the cards most cast, most winning and dealing most combat
    /// damage, the games that hit the turn limit or were stopped with their replay
    /// commands.
    pub summary: Py<PyAny>,
    /// The table `rsc sim --lang wagic` prints for the same run.
    pub text: String,
    /// Wall-clock seconds the games took.
    pub seconds: f64,
}

#[pymethods]
impl PyWagicSimResult {
    fn __repr__(&self) -> String {
        format!("WagicSimResult(games={}, seconds={:.2})", self.games, self.seconds)
    }
}

/// Plays `games` seeded games of Magic for each pair of `decks` (`WagicDeck`s or deck
/// files read with `load_deck(path, cards)`: two decks, or every pair of more, as `rsc
/// sim --lang wagic --all-decks`), the decks swapping seats from game to game, on
/// `threads` threads (all the machine's by default) with the GIL released, and sums them
/// up as `rsc sim --lang wagic` does: game `i` is seeded from `seed` and `i` as there, so
/// the figures are the same and never depend on `threads`. A game the table stops is
/// counted (`stopped`), never an error.
///
/// Raises `ValueError` for fewer than two decks, more than 256, `games` below 1, or an
/// unknown player; `DeckError` as `play`; `KeyboardInterrupt` on Ctrl-C (within a game).
#[pyfunction(name = "wagic_sim")]
#[allow(clippy::too_many_arguments)]
#[pyo3(
    signature = (cards, decks, games, seed = Seed(0), players = None, turn_limit = None, threads = None),
    text_signature = "(cards, decks, games, seed=0, players=None, turn_limit=None, threads=None)"
)]
pub fn sim(
    py: Python<'_>,
    cards: &PyWagicCards,
    decks: &Bound<'_, PyAny>,
    games: &Bound<'_, PyAny>,
    seed: Seed,
    players: Option<&Bound<'_, PyAny>>,
    turn_limit: Option<TurnLimit>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyWagicSimResult> {
    let Seed(seed) = seed;
    let turn_limit = turn_limit.map_or(play::DEFAULT_TURN_LIMIT, |TurnLimit(limit)| limit);
    let games = count_in(games, "games", 1, usize::MAX)? as u64;
    let threads = match threads {
        Some(threads) if !threads.is_none() => count_in(threads, "threads", 1, MAX_THREADS)?,
        _ => std::thread::available_parallelism().map_or(1, usize::from).min(MAX_THREADS),
    };
    let players = players_of(players)?;
    let given: Vec<Bound<'_, PyAny>> = decks.try_iter()?.collect::<PyResult<_>>()?;
    if !(2..=MAX_DECKS).contains(&given.len()) {
        return Err(PyValueError::new_err(format!(
            "a sim plays every pair of 2 to {MAX_DECKS} decks, not {}",
            given.len()
        )));
    }
    let decks: Vec<PyWagicDeck> = given.iter().map(|deck| deck_of(py, deck, cards)).collect::<PyResult<_>>()?;
    let skip_uncompiled = decks.iter().any(|deck| deck.skip_uncompiled);
    let sim_decks = decks
        .iter()
        .map(|deck| SimDeck {
            name: deck.name.clone(),
            path: deck.path.clone(),
            hash: deck.hash.clone(),
            cards: deck.cards.clone(),
            left_out: deck.total.saturating_sub(deck.cards.len()),
            total: deck.total,
        })
        .collect();
    let mut replay_prefix: Vec<String> = ["rsc", "run", "--lang", "wagic", "--cards"].map(String::from).into();
    replay_prefix.extend(cards.card_files.iter().map(|path| path.display().to_string()));
    if let Some(sets) = &cards.sets_dir {
        replay_prefix.extend(["--sets".into(), sets.display().to_string()]);
    }
    let settings = Settings {
        all_pairs: true,
        games_per_pair: games,
        players,
        turn_limit,
        seed,
        replay_prefix,
        skip_uncompiled,
        sources_hash: cards.sources_hash.clone(),
    };
    let plan = Plan::new(Arc::clone(&cards.library), sim_decks, Vec::new(), settings);
    let Some(total) = plan.total_games() else {
        return Err(PyValueError::new_err(format!("{games} games for each of {} pairs is too many", plan.pairs.len())));
    };
    let pool = pool_of(threads).map_err(EngineError::new_err)?;
    let mut pulse = Pulse::new(py, None, false);
    let started = Instant::now();
    let tally = detached(py, || {
        guarded("wagic.sim", || {
            // Set when the pulse ends the call: the games not yet begun are not played
            // (an `Err` ends every thread's fold at its next game).
            let halt = AtomicBool::new(false);
            let work = || {
                (0..total)
                    .into_par_iter()
                    .try_fold(
                        || plan.new_tally(),
                        |mut tally, index| {
                            if halt.load(Ordering::Relaxed) {
                                return Err(Halted);
                            }
                            tally.add(&plan.play_game(index));
                            Ok(tally)
                        },
                    )
                    .try_reduce(
                        || plan.new_tally(),
                        |mut tally, other| {
                            tally.merge(other);
                            Ok(tally)
                        },
                    )
            };
            Ok(on_pool(&pool, &mut pulse, &halt, work))
        })
    })?;
    pulse.finish()?;
    let mut tally = match tally {
        Some(Ok(tally)) => tally,
        // The pulse ended the call (and `finish` raised): not reached.
        Some(Err(Halted)) => return Err(EngineError::new_err("wagic.sim was stopped")),
        None => return Err(EngineError::new_err("the engine failed in wagic.sim: a thread of the pool panicked")),
    };
    tally.settle();
    let seconds = started.elapsed().as_secs_f64();
    let results = Results::new(plan.configuration, tally, seconds, threads, false);
    let names = results.deck_names();
    let mut per_deck = Vec::new();
    for (index, (deck, name)) in results.configuration.decks.iter().zip(&names).enumerate() {
        let figures = results.tally.decks.get(index).copied().unwrap_or_default();
        let losses = figures.games.saturating_sub(figures.wins + figures.draws + figures.stopped);
        let dict = PyDict::new(py);
        dict.set_item("deck", name)?;
        dict.set_item("path", std::path::PathBuf::from(&deck.path))?;
        dict.set_item("games", figures.games)?;
        dict.set_item("wins", figures.wins)?;
        dict.set_item("losses", losses)?;
        dict.set_item("draws", figures.draws)?;
        dict.set_item("stopped", figures.stopped)?;
        per_deck.push(dict.unbind());
    }
    let summary = json_loads(py, &wagic_sim::summary::json(&results).to_string())?;
    Ok(PyWagicSimResult {
        games: results.tally.games,
        decks: per_deck,
        summary,
        text: wagic_sim::summary::table(&results),
        seconds,
    })
}
