//! `play_in_rust`: whole games played by the engine alone, with no Python per decision —
//! the yardstick `benches/python/bench_env.py` measures the Python API against, in the
//! same process and build.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use game::players::{Player, PlayerError, PlayerKind, RandomPlayer, player_seed};
use game::sim::{self, PlayOptions};
use game::{Game, Move, Seat};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::args::{CountIn, CountRange, Seed, count_in};
use crate::errors::{EngineError, guarded};
use crate::interrupt::{Pulse, on_pool};
use crate::play::{PyCardSet, two_decks};
use crate::shutdown::detached;
use crate::vec_game::MAX_GAMES;

/// `play_in_rust`'s `threads`.
pub struct Threads;

impl CountRange for Threads {
    const NAME: &'static str = "threads";
    const LEAST: usize = 1;
    const MOST: usize = MAX_THREADS;
}

/// `play_in_rust`'s `interleave`: games kept going at once, as many as a `VecGame` holds.
pub struct Interleave;

impl CountRange for Interleave {
    const NAME: &'static str = "interleave";
    const LEAST: usize = 1;
    const MOST: usize = MAX_GAMES;
}

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
    signature = (card_set, decks, seed, games, policy = "random", threads = CountIn::new(1), interleave = CountIn::new(1)),
    text_signature = "(card_set, decks, seed, games, policy='random', threads=1, interleave=1)"
)]
#[allow(clippy::too_many_arguments)]
pub fn play_in_rust(
    py: Python<'_>,
    card_set: &PyCardSet,
    decks: &Bound<'_, PyAny>,
    seed: Seed,
    games: &Bound<'_, PyAny>,
    policy: &str,
    threads: CountIn<Threads>,
    interleave: CountIn<Interleave>,
) -> PyResult<Py<PyAny>> {
    let (Seed(seed), threads, interleave) = (seed, threads.0, interleave.0);
    let games = count_in(games, "games", 0, usize::MAX)? as u64;
    let random = match policy {
        "random" => true,
        "first" => false,
        _ => return Err(PyValueError::new_err(format!("unknown policy {policy:?} (\"first\" or \"random\")"))),
    };
    let [a, b] = two_decks(decks, card_set)?;
    let set = Arc::clone(&card_set.set);
    let mut pulse = Pulse::new(py, None, false);
    let played = if interleave > 1 {
        let decks = [a.cards, b.cards];
        detached(py, || {
            guarded("play_in_rust", || {
                let played = interleaved(&set, &decks, seed, games, random, interleave, &mut pulse);
                Ok((played, pulse))
            })
        })?
    } else {
        // One thread plays on the calling thread, more on a pool kept from call to call: a
        // pool made per call, and the hand-off to its workers, cost 5% to 9% of a call of 32
        // games (BENCHMARKS.md), which would flatter what the engine is measured against.
        let pool = match threads {
            1 => None,
            _ => Some(pool_of(threads).map_err(EngineError::new_err)?),
        };
        let decks = [a.cards, b.cards];
        detached(py, || {
            guarded("play_in_rust", || {
                let started = Instant::now();
                let decisions = match &pool {
                    None => (0..games)
                        .take_while(|_| !pulse.beat())
                        .map(|i| play_one(&set, &decks, seed.wrapping_add(i), random))
                        .sum(),
                    Some(pool) => {
                        // Set when the pulse ends the call: the games not yet started are
                        // skipped (an `Err` stops the sum of each thread's run).
                        let halt = AtomicBool::new(false);
                        let work = || {
                            (0..games)
                                .into_par_iter()
                                .map(|i| match halt.load(Ordering::Relaxed) {
                                    true => Err(String::new()),
                                    false => play_one(&set, &decks, seed.wrapping_add(i), random),
                                })
                                .sum()
                        };
                        on_pool(pool, &mut pulse, &halt, work).unwrap_or_else(|| Err("a thread failed".into()))
                    }
                };
                Ok((decisions.map(|decisions| (decisions, started.elapsed().as_secs_f64())), pulse))
            })
        })?
    };
    let (played, pulse) = played;
    pulse.finish()?;
    let (decisions, seconds) = played.map_err(EngineError::new_err)?;
    let result = pyo3::types::PyDict::new(py);
    result.set_item("games", games)?;
    result.set_item("decisions", decisions)?;
    result.set_item("seconds", seconds)?;
    Ok(result.into_any().unbind())
}

/// Plays game `seed` to its end, both seats `random` or first-move players; the decisions
/// it took.
fn play_one(
    set: &Arc<game::CardSet>,
    decks: &[Vec<game::DefIdx>; 2],
    seed: u64,
    random: bool,
) -> Result<usize, String> {
    let (mut game, mut players) = start(set, decks, seed, random)?;
    let played =
        sim::play(&mut game, &mut players, &PlayOptions::default(), |_, _, _| std::ops::ControlFlow::Continue(()));
    match played.error {
        Some(error) => Err(error.to_string()),
        None => Ok(played.steps.len()),
    }
}

/// Game `seed` set up with its two players.
fn start(
    set: &Arc<game::CardSet>,
    decks: &[Vec<game::DefIdx>; 2],
    seed: u64,
    random: bool,
) -> Result<(Game, [Box<dyn Player>; 2]), String> {
    let game = Game::new(Arc::clone(set), decks.clone(), seed).map_err(|e| e.to_string())?;
    let players: [Box<dyn Player>; 2] = if random {
        [
            Box::new(RandomPlayer::new(player_seed(seed, Seat::FIRST))),
            Box::new(RandomPlayer::new(player_seed(seed, Seat::SECOND))),
        ]
    } else {
        [Box::new(FirstMove), Box::new(FirstMove)]
    };
    Ok((game, players))
}

/// The most threads `play_in_rust` runs on: its pools are kept, one per number of threads.
pub(crate) const MAX_THREADS: usize = 64;

/// A pool of `threads` threads, made at the first call for that many and kept.
pub(crate) fn pool_of(threads: usize) -> Result<Arc<rayon::ThreadPool>, String> {
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
/// the order the games start); the decisions taken and the seconds spent. Ends early, at a
/// game's end, when `pulse` ends the call.
fn interleaved(
    set: &Arc<game::CardSet>,
    decks: &[Vec<game::DefIdx>; 2],
    seed: u64,
    games: u64,
    random: bool,
    width: usize,
    pulse: &mut Pulse,
) -> Result<(usize, f64), String> {
    let started = Instant::now();
    let start = |game_seed: u64| start(set, decks, game_seed, random);
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
                if pulse.beat() {
                    return Ok((decisions, started.elapsed().as_secs_f64()));
                }
                let fresh = start(next_seed)?;
                next_seed += 1;
                *game = fresh.0;
                *players = fresh.1;
            }
        }
    }
    Ok((decisions, started.elapsed().as_secs_f64()))
}
