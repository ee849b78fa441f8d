//! `play_in_rust`: whole games played by the engine alone, with no Python per decision —
//! the yardstick `benches/python/bench_env.py` measures the Python API against, in the
//! same process and build.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use game::players::{Player, PlayerError, PlayerKind, RandomPlayer, player_seed};
use game::sim::{self, PlayOptions};
use game::{Game, Move, Seat};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::args::{Count, Seed};
use crate::errors::{EngineError, guarded};
use crate::play::{PyCardSet, two_decks};
use crate::shutdown::detached;
use crate::vec_game::MAX_GAMES;

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
/// the built-in random player), on `threads` threads. With `interleave` above 1 (one
/// thread), that many games are kept going at once and take one decision each in turn,
/// as a `VecGame` steps them, but with no observation written. Returns a dict with
/// `games`, `decisions` and `seconds` (wall clock, game setup included).
#[pyfunction]
// The text signature gives the defaults as Python sees them (PyO3 shows `threads=...`).
#[pyo3(
    signature = (card_set, decks, seed, games, policy = "random", threads = Count(1), interleave = Count(1)),
    text_signature = "(card_set, decks, seed, games, policy='random', threads=1, interleave=1)"
)]
#[allow(clippy::too_many_arguments)]
pub fn play_in_rust(
    py: Python<'_>,
    card_set: &PyCardSet,
    decks: &Bound<'_, PyAny>,
    seed: Seed,
    games: Count,
    policy: &str,
    threads: Count,
    interleave: Count,
) -> PyResult<Py<PyAny>> {
    let (Seed(seed), games, Count(threads), Count(interleave)) = (seed, games.0 as u64, threads, interleave);
    let random = match policy {
        "random" => true,
        "first" => false,
        _ => return Err(PyValueError::new_err(format!("unknown policy {policy:?} (\"first\" or \"random\")"))),
    };
    if threads == 0 || threads > MAX_THREADS {
        return Err(PyValueError::new_err(format!("threads must be 1 to {MAX_THREADS}")));
    }
    if interleave == 0 || interleave > MAX_GAMES {
        return Err(PyValueError::new_err(format!("interleave must be 1 to {MAX_GAMES}")));
    }
    let [a, b] = two_decks(decks, card_set)?;
    let set = Arc::clone(&card_set.set);
    if interleave > 1 {
        let decks = [a.cards, b.cards];
        let played = detached(py, || {
            guarded("play_in_rust", || Ok(interleaved(&set, &decks, seed, games, random, interleave)))
        })?;
        let (decisions, seconds) = played.map_err(EngineError::new_err)?;
        let result = pyo3::types::PyDict::new(py);
        result.set_item("games", games)?;
        result.set_item("decisions", decisions)?;
        result.set_item("seconds", seconds)?;
        return Ok(result.into_any().unbind());
    }
    let play_one = |i: u64| -> Result<usize, String> {
        let game_seed = seed.wrapping_add(i);
        let mut game =
            Game::new(Arc::clone(&set), [a.cards.clone(), b.cards.clone()], game_seed).map_err(|e| e.to_string())?;
        let mut players: [Box<dyn Player>; 2] = if random {
            [
                Box::new(RandomPlayer::new(player_seed(game_seed, Seat::FIRST))),
                Box::new(RandomPlayer::new(player_seed(game_seed, Seat::SECOND))),
            ]
        } else {
            [Box::new(FirstMove), Box::new(FirstMove)]
        };
        let played =
            sim::play(&mut game, &mut players, &PlayOptions::default(), |_, _, _| std::ops::ControlFlow::Continue(()));
        match played.error {
            Some(error) => Err(error.to_string()),
            None => Ok(played.steps.len()),
        }
    };
    // One thread plays on the calling thread, more on a pool kept from call to call: a
    // pool made per call, and the hand-off to its workers, cost 5% to 9% of a call of 32
    // games (BENCHMARKS.md), which would flatter what the engine is measured against.
    let pool = match threads {
        1 => None,
        _ => Some(pool_of(threads).map_err(EngineError::new_err)?),
    };
    let (decisions, seconds) = detached(py, || {
        guarded("play_in_rust", || {
            let started = Instant::now();
            let decisions: Result<usize, String> = match &pool {
                None => (0..games).map(play_one).sum(),
                Some(pool) => pool.install(|| (0..games).into_par_iter().map(play_one).sum()),
            };
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

/// The most threads `play_in_rust` runs on: its pools are kept, one per number of threads.
const MAX_THREADS: usize = 64;

/// A pool of `threads` threads, made at the first call for that many and kept.
fn pool_of(threads: usize) -> Result<Arc<rayon::ThreadPool>, String> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = Arc::new(rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| e.to_string())?);
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}

/// `games` games, `width` at a time, one decision each in turn (seeds from `seed` on, in
/// the order the games start); the decisions taken and the seconds spent.
fn interleaved(
    set: &Arc<game::CardSet>,
    decks: &[Vec<game::DefIdx>; 2],
    seed: u64,
    games: u64,
    random: bool,
    width: usize,
) -> Result<(usize, f64), String> {
    let started = Instant::now();
    let start = |game_seed: u64| -> Result<(Game, [Box<dyn Player>; 2]), String> {
        let game = Game::new(Arc::clone(set), decks.clone(), game_seed).map_err(|e| e.to_string())?;
        let players: [Box<dyn Player>; 2] = if random {
            [
                Box::new(RandomPlayer::new(player_seed(game_seed, Seat::FIRST))),
                Box::new(RandomPlayer::new(player_seed(game_seed, Seat::SECOND))),
            ]
        } else {
            [Box::new(FirstMove), Box::new(FirstMove)]
        };
        Ok((game, players))
    };
    let mut next_seed = seed;
    let mut live = Vec::with_capacity(width.min(games as usize));
    for _ in 0..width.min(games as usize) {
        live.push(start(next_seed)?);
        next_seed += 1;
    }
    let (mut finished, mut decisions) = (0u64, 0usize);
    // One buffer of legal moves for every game, as `sim::play` keeps one per game: a list
    // allocated and freed per decision would be counted as the in-turn games' cost.
    let mut moves = Vec::new();
    while finished < games && !live.is_empty() {
        for (game, players) in &mut live {
            game.legal_moves_into(&mut moves);
            let seat = Seat::of(game.to_move()).index();
            let i = players[seat].choose(game, &moves).map_err(|e| e.0)?;
            let mv = moves.get(i).copied().unwrap_or(Move::Pass);
            game.apply_listed(mv).map_err(|e| e.to_string())?;
            decisions += 1;
            if game.outcome().is_some() {
                finished += 1;
                let fresh = start(next_seed)?;
                next_seed += 1;
                *game = fresh.0;
                *players = fresh.1;
            }
        }
    }
    Ok((decisions, started.elapsed().as_secs_f64()))
}
