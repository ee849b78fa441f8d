//! `VecGame`: `n` games stepped together in Rust, on a rayon pool of its own with the GIL
//! released, writing observations, masks, rewards, dones and players into numpy arrays it
//! allocated once. A finished game starts again at once with its slot's next seed.

use std::sync::Arc;

use game::{ACTION_SPACE, CardSet, DefIdx, Game, Move, Seat};
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::{EngineError, IllegalMove, SetupError, panic_message, with_attrs};
use crate::observation::{CardFeatures, OBSERVATION_SIZE, Written, encode};
use crate::play::{PyCardSet, two_decks};

/// `array` as a float32 numpy array of shape `shape`, or a `ValueError` saying why not.
pub fn float_array<'py>(
    array: &Bound<'py, PyAny>,
    shape: &[usize],
    name: &str,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let Ok(array) = array.cast::<PyArrayDyn<f32>>() else {
        return Err(PyValueError::new_err(format!("{name} must be a numpy float32 array of shape {shape:?}")));
    };
    if array.shape() != shape {
        return Err(PyValueError::new_err(format!("{name} has shape {:?}, not {shape:?}", array.shape())));
    }
    Ok(array.clone())
}

/// One slot: its game and the legal moves of its current state.
struct Slot {
    game: Game,
    legal: Vec<Move>,
    /// Games this slot finished (its next game's seed is `seed + index + episodes * n`).
    episodes: u64,
    /// What the slot's row of `observations` holds past the fixed blocks.
    written: Written,
    /// The actions set in the slot's row of `masks`, which the next write clears.
    shown: Vec<u16>,
}

/// What one slot writes after a step: its rows of the output arrays.
struct Row<'a> {
    observation: &'a mut [f32],
    mask: &'a mut [bool],
    legal: &'a mut [i32],
    count: &'a mut i32,
    reward: &'a mut [f32],
    done: &'a mut bool,
    player: &'a mut i32,
}

/// How the games start: the set, the decks, the seeds, the turn limit.
#[derive(Clone)]
struct Start {
    set: Arc<CardSet>,
    features: Arc<CardFeatures>,
    decks: [Vec<DefIdx>; 2],
    seed: u64,
    n: usize,
    turn_limit: Option<u32>,
}

impl Start {
    fn game(&self, index: usize, episode: u64) -> Result<Game, String> {
        let seed = self.seed.wrapping_add(index as u64).wrapping_add(episode.wrapping_mul(self.n as u64));
        let mut game = Game::new(Arc::clone(&self.set), [self.decks[0].clone(), self.decks[1].clone()], seed)
            .map_err(|e| e.to_string())?;
        if let Some(limit) = self.turn_limit {
            game.set_turn_limit(limit);
        }
        Ok(game)
    }
}

/// Runs `work` on each slot of a chunk (slot `start` first) with its row; the first
/// failure (an error or a panic), with its slot's index.
fn step_chunk<F>(start: usize, slots: &mut [Slot], rows: Vec<Row<'_>>, work: &F) -> Option<(usize, String)>
where
    F: Fn(usize, &mut Slot, &mut Row<'_>) -> Result<(), String>,
{
    for (k, (slot, mut row)) in slots.iter_mut().zip(rows).enumerate() {
        let i = start + k;
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(i, slot, &mut row))) {
            Ok(Ok(())) => {}
            Ok(Err(message)) => return Some((i, message)),
            Err(payload) => return Some((i, panic_message(&*payload))),
        }
    }
    None
}

/// Writes a slot's state into its row (the rewards and done flag are the caller's). The
/// rows are the VecGame's own: only what the last write set is cleared.
fn write_row(slot: &mut Slot, features: &CardFeatures, row: &mut Row<'_>) {
    let me = Seat::of(slot.game.to_move());
    *row.player = i32::from(me.number());
    encode(&slot.game, me, features, row.observation, &mut slot.written);
    for &i in &slot.shown {
        if let Some(cell) = row.mask.get_mut(usize::from(i)) {
            *cell = false;
        }
    }
    slot.shown.clear();
    for i in slot.legal.iter().filter_map(Move::index) {
        row.mask[i] = true;
        row.legal[slot.shown.len()] = i as i32;
        slot.shown.push(i as u16);
    }
    *row.count = slot.shown.len() as i32;
}

/// `n` games stepped together in Rust (rayon, the GIL released).
///
/// `VecGame(card_set, decks, n, seed=0, threads=None, turn_limit=None)`: game `i` starts
/// with seed `seed + i`; when it ends it starts again at once with seed `seed + i + n`,
/// then `seed + i + 2n`, and so on. `threads` (default: one per core) step the games: the
/// calling thread (with the GIL released) and a pool of `threads - 1` of its own.
///
/// Arrays (allocated once; `reset` and `step` return the same arrays, rewritten):
/// `observations` (n, OBSERVATION_SIZE) float32, for each game's player to move;
/// `masks` (n, ACTION_SPACE) bool; `rewards` (n, 2) float32, each seat's result of a game
/// the step finished (1 win, -1 loss, 0 draw), else 0; `dones` (n,) bool, whether the step
/// finished the game (the row then shows the next game); `current_players` (n,) int32;
/// `legal_counts` (n,) int32 and `legal_actions` (n, ACTION_SPACE) int32, whose first
/// `legal_counts[i]` entries of row `i` are its legal actions (the rest is stale).
#[pyclass(module = "rulescript")]
pub struct VecGame {
    start: Start,
    slots: Vec<Slot>,
    /// Threads stepping the games: the caller's and the pool's.
    threads: usize,
    /// `threads - 1` workers (none for one thread).
    pool: Option<rayon::ThreadPool>,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    legal_actions: Py<PyArray2<i32>>,
    legal_counts: Py<PyArray1<i32>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    current_players: Py<PyArray1<i32>>,
    /// Set after a panic inside a game: `reset()` is the only way on.
    broken: bool,
}

/// The arrays `reset` returns.
type ResetArrays = (Py<PyArray2<f32>>, Py<PyArray2<bool>>, Py<PyArray1<i32>>);

/// The arrays `step` returns.
type StepArrays = (Py<PyArray2<f32>>, Py<PyArray2<bool>>, Py<PyArray2<f32>>, Py<PyArray1<bool>>, Py<PyArray1<i32>>);

impl VecGame {
    /// Runs `work` on every slot with its row, in parallel with the GIL released; returns
    /// the first slot whose work panicked, with the panic's message.
    fn run<F>(&mut self, py: Python<'_>, work: F) -> PyResult<Option<(usize, String)>>
    where
        F: Fn(usize, &mut Slot, &mut Row<'_>) -> Result<(), String> + Send + Sync,
    {
        let n = self.slots.len();
        let observations = self.observations.bind(py).clone();
        let masks = self.masks.bind(py).clone();
        let legal_actions = self.legal_actions.bind(py).clone();
        let legal_counts = self.legal_counts.bind(py).clone();
        let rewards = self.rewards.bind(py).clone();
        let dones = self.dones.bind(py).clone();
        let players = self.current_players.bind(py).clone();
        let mut observations = observations.try_readwrite()?;
        let mut masks = masks.try_readwrite()?;
        let mut legal_actions = legal_actions.try_readwrite()?;
        let mut legal_counts = legal_counts.try_readwrite()?;
        let mut rewards = rewards.try_readwrite()?;
        let mut dones = dones.try_readwrite()?;
        let mut players = players.try_readwrite()?;
        let contiguous = |_| EngineError::new_err("an output array is no longer contiguous");
        let rows: Vec<Row<'_>> = observations
            .as_slice_mut()
            .map_err(contiguous)?
            .chunks_mut(OBSERVATION_SIZE)
            .zip(masks.as_slice_mut().map_err(contiguous)?.chunks_mut(ACTION_SPACE))
            .zip(legal_actions.as_slice_mut().map_err(contiguous)?.chunks_mut(ACTION_SPACE))
            .zip(legal_counts.as_slice_mut().map_err(contiguous)?.iter_mut())
            .zip(rewards.as_slice_mut().map_err(contiguous)?.chunks_mut(2))
            .zip(dones.as_slice_mut().map_err(contiguous)?.iter_mut())
            .zip(players.as_slice_mut().map_err(contiguous)?.iter_mut())
            .map(|((((((observation, mask), legal), count), reward), done), player)| Row {
                observation,
                mask,
                legal,
                count,
                reward,
                done,
                player,
            })
            .collect();
        if rows.len() != n {
            return Err(EngineError::new_err("the output arrays no longer match the games"));
        }
        let slots = &mut self.slots;
        let pool = self.pool.as_ref();
        let threads = self.threads;
        let work = &work;
        let failed = py.detach(move || {
            // Contiguous chunks, one per thread; the calling thread steps the first itself,
            // so one thread needs no hand-off at all.
            let size = n.div_ceil(threads);
            let mut rows = rows.into_iter();
            let mut jobs = Vec::with_capacity(threads);
            for (c, chunk) in slots.chunks_mut(size).enumerate() {
                let chunk_rows: Vec<Row<'_>> = rows.by_ref().take(chunk.len()).collect();
                jobs.push((c * size, chunk, chunk_rows));
            }
            let mut results: Vec<Option<(usize, String)>> = vec![None; jobs.len()];
            let mut pairs = results.iter_mut().zip(jobs);
            if let Some((mine, (start, chunk, chunk_rows))) = pairs.next() {
                match pool {
                    Some(pool) => pool.in_place_scope(|scope| {
                        for (result, (start, chunk, chunk_rows)) in pairs {
                            scope.spawn(move |_| *result = step_chunk(start, chunk, chunk_rows, work));
                        }
                        *mine = step_chunk(start, chunk, chunk_rows, work);
                    }),
                    None => {
                        *mine = step_chunk(start, chunk, chunk_rows, work);
                        for (result, (start, chunk, chunk_rows)) in pairs {
                            *result = step_chunk(start, chunk, chunk_rows, work);
                        }
                    }
                }
            }
            results.into_iter().flatten().next()
        });
        Ok(failed)
    }

    fn fail(&mut self, what: &str, failure: Option<(usize, String)>) -> PyResult<()> {
        match failure {
            None => Ok(()),
            Some((i, message)) => {
                self.broken = true;
                Err(EngineError::new_err(format!("{what}: game {i} failed: {message} (call reset() to go on)")))
            }
        }
    }
}

#[pymethods]
impl VecGame {
    #[new]
    #[pyo3(signature = (card_set, decks, n, seed = 0, threads = None, turn_limit = None))]
    fn new(
        py: Python<'_>,
        card_set: &PyCardSet,
        decks: &Bound<'_, PyAny>,
        n: usize,
        seed: u64,
        threads: Option<usize>,
        turn_limit: Option<u32>,
    ) -> PyResult<VecGame> {
        if n == 0 {
            return Err(PyValueError::new_err("n must be at least 1"));
        }
        let [a, b] = two_decks(decks, card_set)?;
        let start = Start {
            set: Arc::clone(&card_set.set),
            features: Arc::clone(&card_set.features),
            decks: [a.cards, b.cards],
            seed,
            n,
            turn_limit,
        };
        let threads = match threads {
            Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
            Some(threads) => threads,
            None => std::thread::available_parallelism().map_or(1, usize::from),
        };
        let pool = match threads {
            1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .build()
                    .map_err(|error| EngineError::new_err(error.to_string()))?,
            ),
        };
        // The first games are made here, so a bad deck is a SetupError at once.
        let games: Vec<Game> =
            (0..n).map(|i| start.game(i, 0)).collect::<Result<_, _>>().map_err(SetupError::new_err)?;
        let slots = games
            .into_iter()
            .map(|game| Slot {
                legal: game.legal_moves(),
                game,
                episodes: 0,
                written: Written::default(),
                shown: Vec::new(),
            })
            .collect();
        let mut vec = VecGame {
            start,
            slots,
            threads,
            pool,
            observations: PyArray2::zeros(py, [n, OBSERVATION_SIZE], false).unbind(),
            masks: PyArray2::zeros(py, [n, ACTION_SPACE], false).unbind(),
            legal_actions: PyArray2::zeros(py, [n, ACTION_SPACE], false).unbind(),
            legal_counts: PyArray1::zeros(py, n, false).unbind(),
            rewards: PyArray2::zeros(py, [n, 2], false).unbind(),
            dones: PyArray1::zeros(py, n, false).unbind(),
            current_players: PyArray1::zeros(py, n, false).unbind(),
            broken: false,
        };
        let features = Arc::clone(&vec.start.features);
        let failure = vec.run(py, move |_, slot, row| {
            write_row(slot, &features, row);
            Ok(())
        })?;
        vec.fail("VecGame()", failure)?;
        Ok(vec)
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// Starts every game again (with `seed`, when given, as the new base seed); returns
    /// `(observations, masks, current_players)`.
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<ResetArrays> {
        if let Some(seed) = seed {
            self.start.seed = seed;
        }
        let again = self.start.clone();
        let failure = self.run(py, move |i, slot, row| {
            slot.game = again.game(i, 0)?;
            slot.episodes = 0;
            slot.legal = slot.game.legal_moves();
            row.reward.fill(0.0);
            *row.done = false;
            // After a failed step the row may hold anything: cleared whole.
            row.mask.fill(false);
            slot.shown.clear();
            slot.written = Written::UNKNOWN;
            write_row(slot, &again.features, row);
            Ok(())
        })?;
        self.broken = false;
        self.fail("VecGame.reset", failure)?;
        Ok((self.observations.clone_ref(py), self.masks.clone_ref(py), self.current_players.clone_ref(py)))
    }

    /// Applies `actions[i]` (an int32 or int64 numpy vector of length n) to game `i`, all
    /// games in parallel; finished games start again. Returns `(observations, masks,
    /// rewards, dones, current_players)`.
    ///
    /// Raises `ValueError` for a wrong shape or dtype and `IllegalMove` (naming the game and
    /// its legal actions) before any game moves when an action is not legal.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<StepArrays> {
        if self.broken {
            return Err(EngineError::new_err("an earlier step failed: call reset() to go on"));
        }
        let n = self.slots.len();
        let chosen = chosen_moves(actions, n)?;
        let mut picks: Vec<usize> = Vec::with_capacity(n);
        for (i, (&action, slot)) in chosen.iter().zip(&self.slots).enumerate() {
            let found = usize::try_from(action).ok().and_then(|a| slot.legal.iter().position(|m| m.index() == Some(a)));
            match found {
                Some(k) => picks.push(k),
                None => {
                    let legal: Vec<usize> = slot.legal.iter().filter_map(Move::index).collect();
                    let message = format!("game {i}: action {action} is not legal now; legal actions: {legal:?}");
                    let list = PyList::new(py, &legal)?.into_any().unbind();
                    let game = i.into_pyobject(py)?.into_any().unbind();
                    return Err(with_attrs(
                        py,
                        IllegalMove::new_err(message),
                        &[("legal_actions", list), ("game", game)],
                    ));
                }
            }
        }
        let again = self.start.clone();
        let failure = self.run(py, move |i, slot, row| {
            let mv = std::mem::take(&mut slot.legal).into_iter().nth(picks[i]).unwrap_or(Move::Pass);
            slot.game.apply_listed(mv).map_err(|refused| refused.to_string())?;
            row.reward.fill(0.0);
            *row.done = false;
            if let Some(outcome) = slot.game.outcome() {
                let [a, b] = match outcome.winner {
                    Some(Seat::FIRST) => [1.0, -1.0],
                    Some(_) => [-1.0, 1.0],
                    None => [0.0, 0.0],
                };
                row.reward.copy_from_slice(&[a, b]);
                *row.done = true;
                slot.episodes += 1;
                slot.game = again.game(i, slot.episodes)?;
            }
            slot.legal = slot.game.legal_moves();
            write_row(slot, &again.features, row);
            Ok(())
        })?;
        self.fail("VecGame.step", failure)?;
        Ok((
            self.observations.clone_ref(py),
            self.masks.clone_ref(py),
            self.rewards.clone_ref(py),
            self.dones.clone_ref(py),
            self.current_players.clone_ref(py),
        ))
    }

    /// (n, OBSERVATION_SIZE) float32: what each game's player to move sees.
    #[getter]
    fn observations(&self, py: Python<'_>) -> Py<PyArray2<f32>> {
        self.observations.clone_ref(py)
    }

    /// (n, ACTION_SPACE) bool: each game's legal actions.
    #[getter]
    fn masks(&self, py: Python<'_>) -> Py<PyArray2<bool>> {
        self.masks.clone_ref(py)
    }

    /// (n, ACTION_SPACE) int32: row `i` starts with game `i`'s `legal_counts[i]` legal actions.
    #[getter]
    fn legal_actions(&self, py: Python<'_>) -> Py<PyArray2<i32>> {
        self.legal_actions.clone_ref(py)
    }

    /// (n,) int32: how many legal actions each game has.
    #[getter]
    fn legal_counts(&self, py: Python<'_>) -> Py<PyArray1<i32>> {
        self.legal_counts.clone_ref(py)
    }

    /// (n, 2) float32: each seat's result of the games the last step finished.
    #[getter]
    fn rewards(&self, py: Python<'_>) -> Py<PyArray2<f32>> {
        self.rewards.clone_ref(py)
    }

    /// (n,) bool: which games the last step finished.
    #[getter]
    fn dones(&self, py: Python<'_>) -> Py<PyArray1<bool>> {
        self.dones.clone_ref(py)
    }

    /// (n,) int32: each game's player to move.
    #[getter]
    fn current_players(&self, py: Python<'_>) -> Py<PyArray1<i32>> {
        self.current_players.clone_ref(py)
    }

    /// The seeds of the games now in the slots.
    fn seeds(&self) -> Vec<u64> {
        let start = &self.start;
        self.slots
            .iter()
            .enumerate()
            .map(|(i, slot)| start.seed.wrapping_add(i as u64).wrapping_add(slot.episodes.wrapping_mul(start.n as u64)))
            .collect()
    }

    /// The BLAKE3 trace hash of game `i`'s log so far (as `Game.trace_hash`).
    fn trace_hash(&self, i: usize) -> PyResult<String> {
        let slot = self.slots.get(i).ok_or_else(|| pyo3::exceptions::PyIndexError::new_err(format!("no game {i}")))?;
        Ok(game::sim::hash::trace_hash(slot.game.log()))
    }
}

/// The actions of a step as i64s: an int32 or int64 numpy vector of length `n`.
fn chosen_moves(actions: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    let shape_error = |shape: &[usize]| PyValueError::new_err(format!("actions has shape {shape:?}, not ({n},)"));
    if let Ok(array) = actions.cast::<PyArrayDyn<i64>>() {
        if array.shape() != [n] {
            return Err(shape_error(array.shape()));
        }
        // Read through the strides: a slice such as `a[::2]` is a valid vector too.
        return Ok(array.try_readonly()?.as_array().iter().copied().collect());
    }
    if let Ok(array) = actions.cast::<PyArrayDyn<i32>>() {
        if array.shape() != [n] {
            return Err(shape_error(array.shape()));
        }
        return Ok(array.try_readonly()?.as_array().iter().map(|&a| i64::from(a)).collect());
    }
    Err(PyValueError::new_err(format!("actions must be a numpy int32 or int64 array of shape ({n},)")))
}
