//! `VecGame`: `n` games stepped together in Rust, on a rayon pool of its own with the GIL
//! released, writing observations, masks, rewards, dones and players into numpy arrays it
//! allocated once. A finished game starts again at once with its slot's next seed.
//!
//! A step's own cost beside the engine's is kept small, since with a few dozen games it is
//! paid every few dozen decisions: the seven output arrays are views of one numpy byte
//! buffer, so a step takes one numpy borrow for all of them rather than seven (each costs
//! about as much as a decision's observation); nothing is allocated per game; and each
//! slot keeps the action numbers of its legal moves, which both check the chosen actions
//! and clear the mask's last entries, in one cache line with what its observation row
//! holds ([`Hot`](slot::Hot)): the check reads every slot before any game moves, and by
//! the time a slot is stepped the games stepped before it have evicted that line, so it is
//! the one line of a slot's own the step reads twice.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};

use game::players::PlayerKind;
use game::{ACTION_SPACE, Move, Seat};
use numpy::{PyArray1, PyArray2, PyArrayDescr, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyTuple};

use crate::args::{Index, Seed, TurnLimit, count_in, seed_or_fresh};
use crate::errors::{EngineError, IllegalMove, ResetNeeded, SetupError, guarded, with_attrs};
use crate::interrupt::Pulse;
use crate::observation::{OBSERVATION_SIZE, Written};
use crate::play::{PyCardSet, two_decks};
use crate::shutdown::detached;

mod actions;
mod finals;
mod next_step;
mod opponent;
mod rows;
mod share;
mod slot;
use actions::{pick_actions, read_mask};
use finals::ended_by_turn_limit;
use opponent::{Opponent, play_opponent, seats_of};
use rows::{Layout, Row, outputs};
use share::{MIN_SHARE, Pace, SPIN_WAIT, Share, linger, record, take};
use slot::{Slot, Start, clear_mask, step_run};

/// `array` as a float32 numpy array of shape `shape`, or a `ValueError` saying why not.
pub fn float_array<'py>(
    array: &Bound<'py, PyAny>,
    shape: &[usize],
    name: &str,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let Ok(array) = array.cast::<PyArrayDyn<f32>>() else {
        let (shape, given) = (shape_text(shape), what_is(array));
        return Err(PyValueError::new_err(format!(
            "{name} must be a numpy float32 array of shape {shape}, not {given}"
        )));
    };
    if array.shape() != shape {
        let (given, shape) = (shape_text(array.shape()), shape_text(shape));
        return Err(PyValueError::new_err(format!("{name} has shape {given}, not {shape}")));
    }
    Ok(array.clone())
}

/// What `value` is, for a message about a wrong array: `a float64 array`, `an int8
/// array`, `a >i8 array` (numpy shows the byte order when it is not the machine's: a
/// big-endian int64 is not an int64 here), `list`.
fn what_is(value: &Bound<'_, PyAny>) -> String {
    if let Ok(array) = value.cast::<numpy::PyUntypedArray>() {
        return match array.dtype().str().map(|name| name.to_string()) {
            // `uint8` is "a", said "you-int".
            Ok(name) if name.starts_with(['i', 'o']) => format!("an {name} array"),
            Ok(name) => format!("a {name} array"),
            Err(_) => "another array".to_owned(),
        };
    }
    value.get_type().name().map(|name| name.to_string()).unwrap_or_else(|_| "another type".to_owned())
}

/// `shape` as numpy prints it: `(4,)`, `(1, 1996)`, `()`.
fn shape_text(shape: &[usize]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => format!("({})", shape.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
    }
}

/// The most games a `VecGame` holds: about 70 KiB each once played (BENCHMARKS.md), so
/// 4.5 GiB at most. A larger `n` is refused before anything is allocated: an allocation
/// that fails inside the engine aborts the process rather than raise `MemoryError`, and
/// more games than this are better spread over processes.
pub const MAX_GAMES: usize = 1 << 16;
/// Frees the games a `VecGame(...)` that Ctrl-C stopped had made, on a thread of its own:
/// about 10 µs a game (0.3 s for 32,768), by which freeing them here held up the
/// `KeyboardInterrupt` past its 50 ms beat (0.2 to 0.6 s, measured). Here after all when
/// no thread can be started (the closure, and the games with it, dropped).
fn free_elsewhere(slots: Vec<Slot>) {
    let _ = std::thread::Builder::new().name("rulescript-free".to_owned()).spawn(move || drop(slots));
}

/// The most threads a `VecGame` steps its games on: a larger count is a mistake, refused
/// before the pool starts any (the default, one per core, is capped to it too).
pub const MAX_THREADS: usize = 1024;

/// The most threads that step `n` games: one per [`MIN_SHARE`] of them, at least one (the
/// caller's).
const fn most_threads(n: usize) -> usize {
    if n / MIN_SHARE > 1 { n / MIN_SHARE } else { 1 }
}

/// `n` games stepped together in Rust (rayon, the GIL released).
///
/// `VecGame(card_set, decks, n, seed=0, threads=None, turn_limit=None, opponent=None,
/// learner_seats=None, keep_finals=False, autoreset='same_step')`: game `i` starts
/// with seed `seed + i`; when it ends it starts again at once with seed `seed + i + n`,
/// then `seed + i + 2n`, and so on. `seed=None` draws the base seed from fresh entropy
/// (as Gymnasium reads `seed=None`; `seeds()` says which games are played). `threads`
/// (default: one per core) step the games: the calling thread (with the GIL released) and
/// a pool of `threads - 1` of its own, each stepping a share of consecutive games (the
/// same share at every step, so that a game stays in its core's cache) and then helping
/// the others finish theirs. Never more threads than one per 16 games are started (with
/// fewer games a hand-off would cost more than it saves): under 32 games, the calling
/// thread steps them all and no pool is started, whatever `threads` says. After a step
/// the pool's threads stay awake for the next one, yielding their cores, for up to 100 µs.
///
/// Arrays (allocated once; `reset` and `step` return the same arrays, rewritten):
/// `observations` (n, OBSERVATION_SIZE) float32, for each game's player to move;
/// `masks` (n, ACTION_SPACE) bool; `rewards` (n, 2) float32, each seat's result of a game
/// the step finished (1 win, -1 loss, 0 draw), else 0; `dones` (n,) bool, whether the step
/// finished the game (the row then shows the next game, or its end: see below);
/// `current_players` (n,) int32;
/// `legal_counts` (n,) int32 and `legal_actions` (n, ACTION_SPACE) int32, whose first
/// `legal_counts[i]` entries of row `i` are its legal actions (the rest is stale).
///
/// Made, the games have started: the arrays hold each game's first decision, so the first
/// `step` needs no `reset()` (which starts every game over). With `autoreset="same_step"`
/// (the default), a game is reset within the step that finished it (Gymnasium's
/// `AutoresetMode.SAME_STEP`): on a step with `dones[i]`, `rewards[i]` is the finished
/// game's result and every other array's row `i` the next game's first decision. With
/// `autoreset="next_step"` (Gymnasium's `NEXT_STEP`), that step shows the game as it
/// ended instead: row `i` is its last observation as the seat whose decision ended it sees
/// it (the row's player, left as it was: with an opponent, the learner), with no legal
/// action (an empty mask, `legal_counts[i] == 0`); the next step ignores `actions[i]`
/// (any int) and starts the slot's next game, rewards 0 and no done in its row. With
/// `autoreset="disabled"` (Gymnasium's `DISABLED`), as with `"next_step"`, but nothing
/// starts over by itself: a `step` while a game is shown at its end raises `ResetNeeded`
/// (its `games`, their indices) before any game moves, and `reset(mask=...)` (or
/// `reset()`) starts them over. The finished game's last observation, and whether the
/// turn limit ended it, are kept only with `keep_finals=True` (11 KiB more a game), at a
/// cost only to the games that end (an observation written), and read with `finals()` (Gymnasium's `final_obs`;
/// `rulescript.envs.vector_env` reads them with `'same_step'`). `truncations()` says
/// which of the games `dones` marks the turn limit ended: with `'next_step'` (or
/// `'disabled'`) read from the games shown at their end, so without `keep_finals`.
///
/// `opponent='random'` or `'greedy'` seats a built-in player (`RandomPlayer`,
/// `GreedyPlayer`) opposite a learner in every game: slot `i`'s learner plays seat
/// `learner_seats[i]` (default `i % 2`, so that both seats learn; or one seat for all, or
/// a sequence of one per game), and its opponent is `for_seat(game seed, other seat)`,
/// started again with each new game. Each step applies the learner's actions, then plays
/// the opponents' moves in Rust (the GIL released, on the same threads) until each
/// learner is to move again, the next game's opening moves included when a game ends: every
/// row is a learner's decision (`current_players == learner_seats`), its `rewards` and
/// `dones` as without an opponent. A game that ends before its learner's first decision
/// (only a turn limit so small that the opponent's first turn ends it) is passed over.
/// The same seed, seats and actions give the same games on any number of threads, each
/// the `Game` of its seed played with those actions and that player object.
#[pyclass(module = "rulescript")]
pub struct VecGame {
    start: Start,
    slots: Vec<Slot>,
    /// Threads stepping the games: the caller's and the pool's.
    threads: usize,
    /// `threads - 1` workers (none for one thread).
    pool: Option<rayon::ThreadPool>,
    /// The steps (and resets) begun on the pool, which a worker kept awake after one
    /// ([`linger`]) watches for the next, and the lingering jobs started.
    pace: Arc<Pace>,
    /// The bytes of every output array below, which are views of it.
    buffer: Py<PyArray1<u8>>,
    layout: Layout,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    legal_actions: Py<PyArray2<i32>>,
    legal_counts: Py<PyArray1<i32>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    current_players: Py<PyArray1<i32>>,
    /// A step's actions as action numbers found among each slot's (kept to spare an
    /// allocation per step).
    picks: Vec<u16>,
    /// Set after a panic inside a game: `reset()` is the only way on.
    broken: bool,
    /// `autoreset="next_step"` or `"disabled"`: a game that ends is shown as it ended, and
    /// started over at the next step in place of its action (else within the step that
    /// ended it).
    next_step: bool,
    /// `autoreset="disabled"`: a game shown at its end is started over only by a reset; a
    /// step while one is shown is refused ([`VecGame::refuse_ended`]). Checked by the
    /// VecGame rather than by its caller, so that a call interrupted between the two
    /// (Ctrl-C as the step returns) cannot leave them disagreeing on which games ended.
    disabled: bool,
    /// What `reset` returns, `(observations, masks, current_players)`, and what `step`
    /// returns, `(observations, masks, rewards, dones, current_players)`: the arrays never
    /// change, so neither do these tuples, made once rather than at every call (a tuple
    /// made and freed and five references taken per step: about 600 instructions,
    /// cachegrind, BENCHMARKS.md).
    reset_result: Py<PyTuple>,
    step_result: Py<PyTuple>,
}

/// What a call on a VecGame that another thread steps or resets raises.
const IN_USE: &str = "this VecGame is in use by another thread: step or reset it from one thread at a time";

/// The VecGame borrowed for a call that changes it; another thread's call on it under way
/// (with the GIL released) is a `RuntimeError` that says so, rather than PyO3's "Already
/// mutably borrowed".
fn in_use<'py>(slf: &Bound<'py, VecGame>) -> PyResult<PyRefMut<'py, VecGame>> {
    slf.try_borrow_mut().map_err(|_| pyo3::exceptions::PyRuntimeError::new_err(IN_USE))
}

/// The VecGame borrowed to read it; the same `RuntimeError` as [`in_use`] while another
/// thread steps or resets it.
fn shared<'py>(slf: &Bound<'py, VecGame>) -> PyResult<PyRef<'py, VecGame>> {
    slf.try_borrow().map_err(|_| pyo3::exceptions::PyRuntimeError::new_err(IN_USE))
}

/// The part of `buffer` at byte `at` as a C-ordered numpy array of `T` and `shape`.
fn view<'py, T: numpy::Element>(
    buffer: &Bound<'py, PyArray1<u8>>,
    at: usize,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let py = buffer.py();
    let bytes = shape.iter().product::<usize>() * size_of::<T>();
    let part = buffer.as_any().get_item(PySlice::new(py, at as isize, (at + bytes) as isize, 1))?;
    part.call_method1("view", (PyArrayDescr::of::<T>(py),))?.call_method1("reshape", (shape.to_vec(),))
}

impl VecGame {
    /// Runs `work` on every slot with its rows, then writes the rows ([`step_run`], whose
    /// `HOLDS` this is), in parallel with the GIL released; returns the first slot whose
    /// work failed or panicked, with why.
    fn run<W, const HOLDS: bool>(&mut self, py: Python<'_>, work: &W) -> PyResult<Option<(usize, String)>>
    where
        W: Fn(&Start, usize, &mut Slot, &mut Row<'_>) -> Result<(), String> + Sync,
    {
        let n = self.slots.len();
        let buffer = self.buffer.bind(py).clone();
        let mut bytes = buffer.try_readwrite().map_err(|error| {
            PyValueError::new_err(format!(
                "the VecGame's arrays cannot be written ({error}): made read-only, or in use by another thread"
            ))
        })?;
        let bytes =
            bytes.as_slice_mut().map_err(|_| EngineError::new_err("the output buffer is no longer contiguous"))?;
        let outputs = outputs(bytes, &self.layout, n).map_err(EngineError::new_err)?;
        let threads = self.threads.min(most_threads(n));
        let (start, slots, pool, pace) = (&self.start, &mut self.slots[..], self.pool.as_ref(), &self.pace);
        let failed = detached(py, move || {
            let pool = match pool {
                Some(pool) if threads > 1 => pool,
                _ => return step_run::<W, HOLDS>(start, 0, slots, outputs, work),
            };
            pace.begun.fetch_add(1, Ordering::AcqRel);
            // Each thread has a share of consecutive slots, the same at every step, so a
            // game stays in the cache of the core that stepped it last. It takes runs from
            // the front of its share, then from the back of the others' (a thread the
            // machine holds back, or wakes late, leaves its share to the others instead of
            // keeping them waiting at the end of the step).
            let mut shares = Vec::with_capacity(threads);
            let mut rest = Share { first: 0, slots, outputs };
            for t in 0..threads {
                let size = (t + 1) * n / threads - t * n / threads;
                shares.push(Mutex::new(rest.take_front(size).unwrap_or_default()));
            }
            let failure = Mutex::new(None);
            let work_through = |me: usize| {
                let others = (1..threads).map(|d| (me + d) % threads);
                for (t, stealing) in std::iter::once((me, false)).chain(others.map(|t| (t, true))) {
                    while let Some(run) = take(&shares[t], stealing) {
                        let found = step_run::<W, HOLDS>(start, run.first, run.slots, run.outputs, work);
                        if let Some(found) = found {
                            record(&failure, found);
                        }
                    }
                }
            };
            pool.in_place_scope(|scope| {
                for t in 1..threads {
                    let work_through = &work_through;
                    scope.spawn(move |_| work_through(t));
                }
                let settled = linger(pool, pace, threads - 1);
                work_through(0);
                // The workers are on their last runs: waiting for them here, awake, is
                // shorter than the scope's wait, which sleeps and is woken.
                let waited = std::time::Instant::now();
                while !pace.settled(settled) && waited.elapsed() < SPIN_WAIT {
                    std::thread::yield_now();
                }
            });
            failure.into_inner().unwrap_or_else(PoisonError::into_inner)
        });
        Ok(failed)
    }

    /// [`VecGame::reset`], the VecGame borrowed.
    fn reset_games(&mut self, py: Python<'_>, seed: Option<Seed>) -> PyResult<Py<PyTuple>> {
        if let Some(Seed(seed)) = seed {
            self.start.seed = seed;
        }
        self.start.step = self.start.step.wrapping_add(1);
        let failure = self.run::<_, false>(py, &|start, i, slot, row| {
            slot.hot.held = false;
            start.restart_slot(slot, i, 0)?;
            slot.game.legal_moves_into(&mut slot.legal);
            *row.reward = [0.0; 2];
            *row.done = 0;
            // After a failed step the rows may hold anything: cleared whole.
            row.mask.fill(0);
            slot.hot.count = 0;
            slot.hot.written = Written::UNKNOWN;
            match start.opponent {
                Some(_) => play_opponent::<false>(start, i, slot, row, false),
                None => Ok(()),
            }
        })?;
        self.broken = false;
        self.fail("VecGame.reset", failure)?;
        Ok(self.reset_result.clone_ref(py))
    }

    /// [`VecGame::reset`] with a mask, the VecGame borrowed.
    fn reset_some(&mut self, py: Python<'_>, seed: Option<Seed>, mask: &Bound<'_, PyAny>) -> PyResult<Py<PyTuple>> {
        if seed.is_some() {
            return Err(PyValueError::new_err(
                "reset(seed=..., mask=...): a game started over with a mask takes its slot's next seed, not a seed",
            ));
        }
        if self.broken {
            return Err(EngineError::new_err("an earlier step failed: call reset() without a mask to go on"));
        }
        let only = read_mask(mask, self.slots.len())?;
        // Not a step: a game it leaves as it was still shows what the last step finished
        // (its `dones`, `rewards`, and so its final and truncation too), and a game it
        // starts over forgets its final ([`next_step::restart_if`]) as its done is cleared.
        let failure =
            self.run::<_, true>(py, &|start, i, slot, row| next_step::restart_if(start, i, slot, row, &only))?;
        self.fail("VecGame.reset", failure)?;
        Ok(self.reset_result.clone_ref(py))
    }

    /// With `autoreset="disabled"`, `ResetNeeded` (its `games` the indices) when a game is
    /// shown at its end: only a reset starts it over.
    fn refuse_ended(&self, py: Python<'_>) -> PyResult<()> {
        let ended: Vec<usize> = (0..self.slots.len()).filter(|&i| self.slots[i].hot.held).collect();
        if ended.is_empty() {
            return Ok(());
        }
        let message = format!(
            "games {ended:?} ended and autoreset is 'disabled': start them over with reset(mask=...) or reset()"
        );
        let games = PyList::new(py, &ended)?.into_any().unbind();
        Err(with_attrs(py, ResetNeeded::new_err(message), &[("games", games)]))
    }

    /// [`VecGame::step`], the VecGame borrowed.
    fn step_games(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Py<PyTuple>> {
        if self.broken {
            return Err(EngineError::new_err("an earlier step failed: call reset() to go on"));
        }
        if self.disabled {
            self.refuse_ended(py)?;
        }
        self.pick(py, actions)?;
        self.start.step = self.start.step.wrapping_add(1);
        let picks = std::mem::take(&mut self.picks);
        if self.next_step {
            let ran = match self.start.opponent {
                Some(_) => self
                    .run::<_, true>(py, &|start, i, slot, row| next_step::step_slot(start, i, slot, row, &picks, true)),
                None => self.run::<_, true>(py, &|start, i, slot, row| {
                    next_step::step_slot(start, i, slot, row, &picks, false)
                }),
            };
            self.picks = picks;
            let failure = ran?;
            self.fail("VecGame.step", failure)?;
            return Ok(self.step_result.clone_ref(py));
        }
        if self.start.opponent.is_some() {
            let ran = self.run::<_, false>(py, &|start, i, slot, row| {
                let Some(mv) = picks.get(i).and_then(|&action| Move::from_index(usize::from(action))) else {
                    return Err(format!("no move for game {i}'s action"));
                };
                slot.game.apply_listed(mv).map_err(|refused| refused.to_string())?;
                *row.reward = [0.0; 2];
                *row.done = 0;
                play_opponent::<false>(start, i, slot, row, true)
            });
            self.picks = picks;
            let failure = ran?;
            self.fail("VecGame.step", failure)?;
            return Ok(self.step_result.clone_ref(py));
        }
        // Without an opponent, the code of issue 26's benchmark: kept as it was.
        let ran = self.run::<_, false>(py, &|start, i, slot, row| {
            // `pick` found the action among the slot's legal moves' numbers, and a move's
            // number maps back to that move (`Move::from_index`): the move is a listed one.
            let Some(mv) = picks.get(i).and_then(|&action| Move::from_index(usize::from(action))) else {
                return Err(format!("no move for game {i}'s action"));
            };
            slot.game.apply_listed(mv).map_err(|refused| refused.to_string())?;
            *row.reward = [0.0; 2];
            *row.done = 0;
            if let Some(outcome) = slot.game.outcome() {
                let [a, b] = match outcome.winner {
                    Some(Seat::FIRST) => [1.0, -1.0],
                    Some(_) => [-1.0, 1.0],
                    None => [0.0, 0.0],
                };
                *row.reward = [a, b];
                *row.done = 1;
                // The seat whose decision this row was: the row's player, which the last
                // write set and this step has not rewritten yet.
                slot.keep_final(start, if *row.player == 0 { Seat::FIRST } else { Seat::SECOND });
                slot.episodes += 1;
                start.restart(&mut slot.game, i, slot.episodes)?;
            }
            slot.game.legal_moves_into(&mut slot.legal);
            Ok(())
        });
        self.picks = picks;
        let failure = ran?;
        self.fail("VecGame.step", failure)?;
        Ok(self.step_result.clone_ref(py))
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

    /// Reads a step's actions and finds each in its game's legal moves (into `self.picks`);
    /// `IllegalMove` for the first that is not legal.
    fn pick(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        self.picks.clear();
        let Some((i, action)) = pick_actions(actions, &self.slots, &mut self.picks)? else {
            return Ok(());
        };
        let legal: Vec<usize> =
            self.slots.get(i).map(|slot| slot.legal.iter().filter_map(Move::index).collect()).unwrap_or_default();
        let message = format!("game {i}: action {action} is not legal now; legal actions: {legal:?}");
        let list = PyList::new(py, &legal)?.into_any().unbind();
        let game = i.into_pyobject(py)?.into_any().unbind();
        Err(with_attrs(py, IllegalMove::new_err(message), &[("legal_actions", list), ("game", game)]))
    }
}

#[pymethods]
impl VecGame {
    #[new]
    // The text signature gives the default as Python sees it (PyO3 shows `seed=...`).
    #[pyo3(
        signature = (
            card_set, decks, n, seed = Some(Seed(0)), threads = None, turn_limit = None, opponent = None,
            learner_seats = None, keep_finals = false, autoreset = "same_step"
        ),
        text_signature = "(card_set, decks, n, seed=0, threads=None, turn_limit=None, opponent=None, \
                          learner_seats=None, keep_finals=False, autoreset='same_step')"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        card_set: &PyCardSet,
        decks: &Bound<'_, PyAny>,
        n: &Bound<'_, PyAny>,
        seed: Option<Seed>,
        threads: Option<&Bound<'_, PyAny>>,
        turn_limit: Option<TurnLimit>,
        opponent: Option<&str>,
        learner_seats: Option<&Bound<'_, PyAny>>,
        keep_finals: bool,
        autoreset: &str,
    ) -> PyResult<VecGame> {
        let (seed, turn_limit) = (seed_or_fresh(py, seed)?, turn_limit.map(|TurnLimit(limit)| limit));
        let n = count_in(n, "n", 1, MAX_GAMES)?;
        let threads = threads.map(|threads| count_in(threads, "threads", 1, MAX_THREADS)).transpose()?;
        let opponent = match opponent {
            None => None,
            Some("random") => Some(PlayerKind::Random),
            Some("greedy") => Some(PlayerKind::Greedy),
            Some(other) => {
                return Err(PyValueError::new_err(format!(
                    "opponent must be None, 'random' or 'greedy', not {other:?}"
                )));
            }
        };
        let (next_step, disabled) = match autoreset {
            "same_step" => (false, false),
            "next_step" => (true, false),
            "disabled" => (true, true),
            other => {
                return Err(PyValueError::new_err(format!(
                    "autoreset must be 'same_step', 'next_step' or 'disabled', not {other:?}"
                )));
            }
        };
        let learners = match (opponent, learner_seats) {
            (None, None) => Vec::new(),
            (None, Some(_)) => {
                return Err(PyValueError::new_err(
                    "learner_seats needs an opponent ('random' or 'greedy') to play the other seats",
                ));
            }
            (Some(_), seats) => seats_of(seats, n)?,
        };
        let [a, b] = two_decks(decks, card_set)?;
        let start = Start {
            set: Arc::clone(&card_set.set),
            features: Arc::clone(&card_set.features),
            decks: [a.cards, b.cards],
            seed,
            n,
            turn_limit,
            opponent,
            step: 0,
        };
        let threads =
            threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from).min(MAX_THREADS));
        // No thread that would never step a game: a step uses one per MIN_SHARE games
        // (`run`), so `threads=1024` with 64 games started 1,023 threads to use 4.
        let threads = threads.min(most_threads(n));
        let pool = match threads {
            1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads - 1)
                    .build()
                    .map_err(|error| EngineError::new_err(format!("cannot start {threads} threads: {error}")))?,
            ),
        };
        // The first games are made here, so a bad deck is a SetupError at once; with the
        // GIL released, and Ctrl-C heard between two (65,536 take seconds).
        let mut slots: Vec<Slot> = Vec::new();
        slots.try_reserve_exact(n).map_err(|_| PyMemoryError::new_err(format!("no memory for {n} games")))?;
        let mut pulse = Pulse::new(py, None, false);
        let (slots, pulse) = detached(py, || {
            let made = guarded("VecGame()", || {
                for i in 0..n {
                    if pulse.beat() {
                        break;
                    }
                    let opponent = opponent
                        .zip(learners.get(i))
                        .map(|(kind, &learner)| Box::new(Opponent::new(kind, learner, start.seed_of(i, 0))));
                    slots.push(Slot::new(start.game(i, 0).map_err(SetupError::new_err)?, opponent, keep_finals));
                }
                Ok(())
            });
            made.map(|()| (slots, pulse))
        })?;
        if let Err(stopped) = pulse.finish() {
            free_elsewhere(slots);
            return Err(stopped);
        }
        let layout = Layout::new(n);
        let buffer = PyArray1::<u8>::zeros(py, layout.end, false);
        let observations = view::<f32>(&buffer, layout.observations, &[n, OBSERVATION_SIZE])?;
        let masks = view::<bool>(&buffer, layout.masks, &[n, ACTION_SPACE])?;
        let rewards = view::<f32>(&buffer, layout.rewards, &[n, 2])?;
        let dones = view::<bool>(&buffer, layout.dones, &[n])?;
        let current_players = view::<i32>(&buffer, layout.players, &[n])?;
        let reset_result = PyTuple::new(py, [&observations, &masks, &current_players])?.unbind();
        let step_result = PyTuple::new(py, [&observations, &masks, &rewards, &dones, &current_players])?.unbind();
        let mut vec = VecGame {
            start,
            slots,
            threads,
            pool,
            pace: Arc::default(),
            observations: observations.cast_into()?.unbind(),
            masks: masks.cast_into()?.unbind(),
            legal_actions: view::<i32>(&buffer, layout.legal_actions, &[n, ACTION_SPACE])?.cast_into()?.unbind(),
            legal_counts: view::<i32>(&buffer, layout.legal_counts, &[n])?.cast_into()?.unbind(),
            rewards: rewards.cast_into()?.unbind(),
            dones: dones.cast_into()?.unbind(),
            current_players: current_players.cast_into()?.unbind(),
            buffer: buffer.unbind(),
            layout,
            picks: Vec::with_capacity(n),
            broken: false,
            next_step,
            disabled,
            reset_result,
            step_result,
        };
        let failure = match opponent {
            Some(_) => {
                vec.run::<_, false>(py, &|start, i, slot, row| play_opponent::<false>(start, i, slot, row, false))?
            }
            None => vec.run::<_, false>(py, &|_, _, _, _| Ok(()))?,
        };
        vec.fail("VecGame()", failure)?;
        // Ctrl-C during the first rows' writing (one step's time, with no pulse: 0.3 s for
        // 65,536 games) is heard here rather than once the new VecGame is returned, whose
        // games would then be freed with the GIL held.
        if let Err(stopped) = py.check_signals() {
            free_elsewhere(std::mem::take(&mut vec.slots));
            return Err(stopped);
        }
        Ok(vec)
    }

    /// The number of games.
    fn __len__(slf: &Bound<'_, Self>) -> PyResult<usize> {
        Ok(shared(slf)?.slots.len())
    }

    /// Refused, saying what to do instead: `copy.copy`, `copy.deepcopy` and `pickle` of a
    /// VecGame (or of an environment over one) said only "cannot pickle
    /// 'rulescript.VecGame' object".
    fn __reduce__(&self) -> PyResult<()> {
        Err(pyo3::exceptions::PyTypeError::new_err(
            "a VecGame cannot be copied or pickled (its games are stepped on threads of its own): make another \
             with the same arguments, which plays the same games from the same seed, or copy single games \
             (Game.clone, picklable)",
        ))
    }

    /// Starts every game again, game `i` with seed `seed + i` (`seed`, when given, the new
    /// base seed, an int from 0 to 2**64 - 1). With `mask` (a numpy bool vector of shape
    /// (n,)), only game `i` with `mask[i]` starts over, with its slot's next seed (no
    /// `seed` then), its rewards and done (and final, and truncation) cleared; the others
    /// are left as they are, their `dones`, `rewards`, `finals()` and `truncations()` the
    /// last step's, a game shown at its end (`autoreset="next_step"`) included
    /// (Gymnasium's partial reset, for its `DISABLED` autoreset). Returns `(observations,
    /// masks, current_players)`: (n, OBSERVATION_SIZE) float32, (n, ACTION_SPACE) bool and
    /// (n,) int32, the same arrays (and tuple) at every call, rewritten.
    #[pyo3(signature = (seed = None, mask = None))]
    fn reset(slf: &Bound<'_, Self>, seed: Option<Seed>, mask: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyTuple>> {
        match mask {
            None => in_use(slf)?.reset_games(slf.py(), seed),
            Some(mask) => in_use(slf)?.reset_some(slf.py(), seed, mask),
        }
    }

    /// Applies `actions[i]` (an int32 or int64 numpy vector of shape (n,)) to game `i`, all
    /// games in parallel with the GIL released (with an opponent, then the opponent's moves
    /// until the learner is to move again); a game the step finishes starts again at once
    /// with its slot's next seed (with `autoreset='next_step'`, at the next step, which
    /// ignores its action; with `'disabled'`, at a reset). Returns `(observations, masks, rewards, dones,
    /// current_players)`: (n, OBSERVATION_SIZE) float32, (n, ACTION_SPACE) bool, (n, 2)
    /// float32, (n,) bool and (n,) int32, the same arrays (and tuple) at every call,
    /// rewritten.
    ///
    /// Raises `ValueError` for a wrong shape or dtype and `IllegalMove` (naming the game and
    /// its legal actions) before any game moves when an action is not legal; with
    /// `autoreset='disabled'`, `ResetNeeded` (its `games` their indices) before anything
    /// is read while a game the last step ended has not been reset.
    fn step(slf: &Bound<'_, Self>, actions: &Bound<'_, PyAny>) -> PyResult<Py<PyTuple>> {
        in_use(slf)?.step_games(slf.py(), actions)
    }

    /// (n, OBSERVATION_SIZE) float32: what each game's player to move sees.
    #[getter]
    fn observations(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<f32>>> {
        Ok(shared(slf)?.observations.clone_ref(slf.py()))
    }

    /// (n, ACTION_SPACE) bool: each game's legal actions.
    #[getter]
    fn masks(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<bool>>> {
        Ok(shared(slf)?.masks.clone_ref(slf.py()))
    }

    /// (n, ACTION_SPACE) int32: row `i` starts with game `i`'s `legal_counts[i]` legal actions.
    #[getter]
    fn legal_actions(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<i32>>> {
        Ok(shared(slf)?.legal_actions.clone_ref(slf.py()))
    }

    /// (n,) int32: how many legal actions each game has.
    #[getter]
    fn legal_counts(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray1<i32>>> {
        Ok(shared(slf)?.legal_counts.clone_ref(slf.py()))
    }

    /// (n, 2) float32: each seat's result of the games the last step finished.
    #[getter]
    fn rewards(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray2<f32>>> {
        Ok(shared(slf)?.rewards.clone_ref(slf.py()))
    }

    /// (n,) bool: which games the last step finished.
    #[getter]
    fn dones(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray1<bool>>> {
        Ok(shared(slf)?.dones.clone_ref(slf.py()))
    }

    /// (n,) int32: each game's player to move.
    #[getter]
    fn current_players(slf: &Bound<'_, Self>) -> PyResult<Py<PyArray1<i32>>> {
        Ok(shared(slf)?.current_players.clone_ref(slf.py()))
    }

    /// The built-in player of the seats the learner does not play: `'random'`, `'greedy'`,
    /// or `None` (every decision is the caller's).
    #[getter]
    fn opponent(slf: &Bound<'_, Self>) -> PyResult<Option<&'static str>> {
        Ok(shared(slf)?.start.opponent.map(PlayerKind::name))
    }

    /// (n,) int32, a copy: the seat the learner plays in each slot, whose decisions every
    /// row is; `None` without an opponent.
    #[getter]
    fn learner_seats<'py>(slf: &Bound<'py, Self>) -> PyResult<Option<Bound<'py, PyArray1<i32>>>> {
        let this = shared(slf)?;
        let seats: Option<Vec<i32>> = this
            .slots
            .iter()
            .map(|slot| slot.opponent.as_ref().map(|opponent| i32::from(opponent.learner.number())))
            .collect();
        Ok(seats.map(|seats| PyArray1::from_vec(slf.py(), seats)))
    }

    /// The seeds of the games now in the slots, a list of n ints (slot `i`'s is
    /// `seed + i + k * n`, modulo 2**64, after `k` games since the last reset: finished,
    /// or passed over with an opponent).
    fn seeds(slf: &Bound<'_, Self>) -> PyResult<Vec<u64>> {
        let this = shared(slf)?;
        let start = &this.start;
        Ok(this
            .slots
            .iter()
            .enumerate()
            .map(|(i, slot)| start.seed.wrapping_add(i as u64).wrapping_add(slot.episodes.wrapping_mul(start.n as u64)))
            .collect())
    }

    /// How the games the last step finished ended, with `keep_finals=True`: `(games,
    /// observations, truncated)`, new arrays: `games` (k,) int64, the finished games'
    /// indices in order (those of `dones`); `observations` (k, OBSERVATION_SIZE) float32,
    /// each game's last observation as the seat whose decision ended it sees it (with an
    /// opponent, the learner; without, the row's `current_players` before the step);
    /// `truncated` (k,) bool, whether the turn limit ended it (a draw at the limit) rather
    /// than a win, a loss or another draw. Empty after `reset()`; `reset(mask=m)` leaves
    /// out the games it starts over (their `dones` cleared) and keeps the others' (their
    /// `dones` kept): always the games `dones` marks. `RuntimeError` for a
    /// VecGame made without `keep_finals=True`.
    fn finals<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = shared(slf)?;
        let step = this.start.step;
        let mut games = Vec::new();
        let mut observations = Vec::new();
        let mut truncated = Vec::new();
        for (i, slot) in this.slots.iter().enumerate() {
            let Some(last) = &slot.last else {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "this VecGame does not keep finals: make it with keep_finals=True",
                ));
            };
            if last.step == step {
                games.push(i as i64);
                observations.extend_from_slice(&last.observation[..]);
                truncated.push(last.truncated);
            }
        }
        let k = games.len();
        let observations = PyArray1::from_vec(py, observations).reshape([k, OBSERVATION_SIZE])?;
        PyTuple::new(
            py,
            [
                PyArray1::from_vec(py, games).into_any(),
                observations.into_any(),
                PyArray1::from_vec(py, truncated).into_any(),
            ],
        )
    }

    /// (n,) bool, a new array: whether the turn limit ended game `i` (a truncation, a draw
    /// at the limit) rather than a win, a loss or another draw, for each game that
    /// `dones` marks; False for the others. With `autoreset='next_step'` (or `'disabled'`) read from the
    /// games the rows show at their end, so with or without `keep_finals` and at no cost
    /// to the step; with `'same_step'` from the kept finals (as `finals()`: all False after
    /// `reset()`, and after `reset(mask=m)` for the games it starts over), a `RuntimeError`
    /// for a VecGame made without `keep_finals=True`.
    fn truncations<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let this = shared(slf)?;
        let step = this.start.step;
        let truncated = match this.next_step {
            true => this.slots.iter().map(|slot| slot.hot.held && ended_by_turn_limit(&slot.game)).collect(),
            false => this
                .slots
                .iter()
                .map(|slot| match &slot.last {
                    Some(last) => Ok(last.step == step && last.truncated),
                    None => Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "with autoreset='same_step', this VecGame tells truncations from the finals it keeps: \
                         make it with keep_finals=True",
                    )),
                })
                .collect::<PyResult<Vec<bool>>>()?,
        };
        Ok(PyArray1::from_vec(slf.py(), truncated))
    }

    /// `'same_step'`, `'next_step'` or `'disabled'`: when a finished game starts over (see
    /// the class).
    #[getter]
    fn autoreset(slf: &Bound<'_, Self>) -> PyResult<&'static str> {
        let this = shared(slf)?;
        Ok(match (this.next_step, this.disabled) {
            (_, true) => "disabled",
            (true, false) => "next_step",
            (false, false) => "same_step",
        })
    }

    /// Whether the VecGame keeps how each game ends (`keep_finals=True`), for `finals()`.
    #[getter]
    fn keep_finals(slf: &Bound<'_, Self>) -> PyResult<bool> {
        Ok(shared(slf)?.slots.iter().all(|slot| slot.last.is_some()))
    }

    /// The BLAKE3 trace hash of game `i`'s log so far as 64 hex digits (as
    /// `Game.trace_hash`); `IndexError` for `i` past the last game.
    fn trace_hash(slf: &Bound<'_, Self>, i: Index) -> PyResult<String> {
        let Index(i) = i;
        let this = shared(slf)?;
        let slot = this.slots.get(i).ok_or_else(|| pyo3::exceptions::PyIndexError::new_err(format!("no game {i}")))?;
        guarded("VecGame.trace_hash", || Ok(game::sim::hash::trace_hash(slot.game.log())))
    }
}
