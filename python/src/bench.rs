//! `play_in_rust`: whole games played by the engine alone, with no Python per decision —
//! the yardstick `benches/python/bench_env.py` measures the Python API against, in the
//! same process and build.

use std::sync::Arc;
use std::time::Instant;

use game::players::{Player, PlayerError, PlayerKind, RandomPlayer, player_seed};
use game::sim::{self, PlayOptions};
use game::{Game, Move};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::errors::{EngineError, guarded};
use crate::play::{PyCardSet, two_decks};

/// Always the first legal move: what the plain Python loop of the benchmark does.
struct FirstMove;

impl Player for FirstMove {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Scripted
    }

    fn choose(&mut self, _game: &Game, moves: &[Move]) -> Result<usize, PlayerError> {
        if moves.is_empty() { Err(PlayerError("no legal move".into())) } else { Ok(0) }
    }
}

/// Plays `games` whole games (seeds `seed`, `seed + 1`, ...) in Rust alone, with the GIL
/// released, both seats playing `policy` (`"first"`: the first legal action; `"random"`:
/// the built-in random player), on `threads` threads. Returns a dict with `games`,
/// `decisions` and `seconds` (wall clock, game setup included).
#[pyfunction]
#[pyo3(signature = (card_set, decks, seed, games, policy = "random", threads = 1))]
pub fn play_in_rust(
    py: Python<'_>,
    card_set: &PyCardSet,
    decks: &Bound<'_, PyAny>,
    seed: u64,
    games: u64,
    policy: &str,
    threads: usize,
) -> PyResult<Py<PyAny>> {
    let random = match policy {
        "random" => true,
        "first" => false,
        _ => return Err(PyValueError::new_err(format!("unknown policy {policy:?} (\"first\" or \"random\")"))),
    };
    if threads == 0 {
        return Err(PyValueError::new_err("threads must be at least 1"));
    }
    let [a, b] = two_decks(decks, card_set)?;
    let set = Arc::clone(&card_set.set);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| EngineError::new_err(e.to_string()))?;
    let (decisions, seconds) = py.detach(|| {
        guarded("play_in_rust", || {
            let started = Instant::now();
            let decisions: Result<usize, String> = pool.install(|| {
                (0..games)
                    .into_par_iter()
                    .map(|i| {
                        let game_seed = seed.wrapping_add(i);
                        let mut game = Game::new(Arc::clone(&set), [a.cards.clone(), b.cards.clone()], game_seed)
                            .map_err(|e| e.to_string())?;
                        let mut players: [Box<dyn Player>; 2] = if random {
                            [
                                Box::new(RandomPlayer::new(player_seed(game_seed, 0))),
                                Box::new(RandomPlayer::new(player_seed(game_seed, 1))),
                            ]
                        } else {
                            [Box::new(FirstMove), Box::new(FirstMove)]
                        };
                        let played = sim::play(&mut game, &mut players, &PlayOptions::default(), |_, _, _| {
                            std::ops::ControlFlow::Continue(())
                        });
                        match played.error {
                            Some(error) => Err(error.to_string()),
                            None => Ok(played.steps.len()),
                        }
                    })
                    .sum()
            });
            Ok((decisions, started.elapsed().as_secs_f64()))
        })
    })?;
    let decisions = decisions.map_err(EngineError::new_err)?;
    let result = pyo3::types::PyDict::new(py);
    result.set_item("games", games)?;
    result.set_item("decisions", decisions)?;
    result.set_item("seconds", seconds)?;
    Ok(result.into_any().unbind())
}
