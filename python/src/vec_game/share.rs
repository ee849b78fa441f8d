//! How a `VecGame`'s threads share a step's slots: each thread has a share of consecutive
//! slots, takes runs from the front of its own, then steals runs from the back of the
//! others'; the failure of the lowest slot, kept across the threads; and the workers kept
//! awake between two steps ([`linger`], [`Pace`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::Slot;
use super::rows::Outputs;

/// Slots a thread takes at a time from the front of its own share.
const OWN_RUN: usize = 4;
/// Slots a thread takes at a time from the back of another's share, once its own is done.
const STOLEN_RUN: usize = 2;
/// The fewest slots per thread worth a hand-off to the pool: with fewer, waking a worker
/// costs more than it saves, and the caller steps them all. (8, which puts a `VecGame` of
/// 16 on two threads, lost 5 to 8% at 16 games on a loaded machine: BENCHMARKS.md, branch
/// `vecsmall`.)
pub(super) const MIN_SHARE: usize = 16;
/// How long the caller, done with the slots, waits for the workers to leave the step's
/// jobs ([`Pace::settled`]) before it blocks on the scope: about as long as a run takes,
/// far less than waking up again costs.
pub(super) const SPIN_WAIT: Duration = Duration::from_micros(200);
/// How long a worker done with a step stays awake for the next one ([`linger`]): longer
/// than the caller takes between two steps (the numpy draw and the call, a few µs), far
/// shorter than what a learner's own work between steps would make it spin for nothing.
const LINGER: Duration = Duration::from_micros(100);

/// A run of consecutive slots (slot `first` first) with their rows, not yet stepped.
#[derive(Default)]
pub(super) struct Share<'a> {
    pub(super) first: usize,
    pub(super) slots: &'a mut [Slot],
    pub(super) outputs: Outputs<'a>,
}

impl<'a> Share<'a> {
    /// Takes up to `k` slots off the front.
    pub(super) fn take_front(&mut self, k: usize) -> Option<Share<'a>> {
        let k = k.min(self.slots.len());
        if k == 0 {
            return None;
        }
        let (slots, rest) = std::mem::take(&mut self.slots).split_at_mut(k);
        let (outputs, outputs_rest) = std::mem::take(&mut self.outputs).split_at(k);
        let taken = Share { first: self.first, slots, outputs };
        (self.first, self.slots, self.outputs) = (self.first + k, rest, outputs_rest);
        Some(taken)
    }

    /// Takes up to `k` slots off the back.
    fn take_back(&mut self, k: usize) -> Option<Share<'a>> {
        let k = k.min(self.slots.len());
        if k == 0 {
            return None;
        }
        let keep = self.slots.len() - k;
        let (rest, slots) = std::mem::take(&mut self.slots).split_at_mut(keep);
        let (outputs_rest, outputs) = std::mem::take(&mut self.outputs).split_at(keep);
        (self.slots, self.outputs) = (rest, outputs_rest);
        Some(Share { first: self.first + keep, slots, outputs })
    }
}

/// Takes a run off `share` (the front, or the back when `stealing`), under its lock.
pub(super) fn take<'a>(share: &Mutex<Share<'a>>, stealing: bool) -> Option<Share<'a>> {
    let mut share = share.lock().unwrap_or_else(PoisonError::into_inner);
    if stealing { share.take_back(STOLEN_RUN) } else { share.take_front(OWN_RUN) }
}

/// Keeps the failure of the lowest slot.
pub(super) fn record(failure: &Mutex<Option<(usize, String)>>, found: (usize, String)) {
    let mut held = failure.lock().unwrap_or_else(PoisonError::into_inner);
    if held.as_ref().is_none_or(|(i, _)| found.0 < *i) {
        *held = Some(found);
    }
}

/// A `VecGame`'s count of the steps (and resets) begun on its pool, which a lingering
/// worker watches for the next one, and of the lingering jobs its workers have started,
/// which the caller watches for the end of a step.
#[derive(Default)]
pub(super) struct Pace {
    pub(super) begun: AtomicU64,
    /// A worker starts a lingering job only once it has left the step's job, that job's
    /// completion signalled to the scope included (see [`linger`]).
    settled: AtomicU64,
}

impl Pace {
    /// Whether the lingering jobs have started up to the count `settled` (from
    /// [`linger`]): then every worker has left the step.
    pub(super) fn settled(&self, settled: u64) -> bool {
        self.settled.load(Ordering::Acquire) >= settled
    }
}

/// Queues for each of `pool`'s `workers`, behind the step's jobs (called inside the step's
/// scope, after its spawns), a job that keeps it awake, yielding its core to any other
/// thread, until a step after this one (`pace.begun` as it reads now) begins or [`LINGER`]
/// has passed; returns the count of started lingering jobs that says every worker has
/// left the step ([`Pace::settled`]).
///
/// Left to itself a rayon worker with nothing to do yields its core 33 times (about 8 µs
/// on the 2-core VM of BENCHMARKS.md's `vecfast` section) and then sleeps, which the time
/// between the end of one step and the start of the next (the caller's last runs, its
/// return to Python, the draw of the actions, the next call) often outlasts. Woken by the
/// next step, the worker starts its share about 20 µs after the caller (a standalone rayon
/// loop there: a median of 21 µs when it slept, 0.6 µs when it was kept awake), by which
/// time the caller has stolen the back of the worker's share, whose games' lines are in the
/// other core's cache; a step of a `VecGame` of 64 on two threads is about 50 µs.
///
/// Queued inside the scope rather than after it, so that a worker goes from its share
/// straight to lingering instead of idling until the caller had left the scope (the
/// caller's wait and return took long enough for the worker to fall asleep in some steps,
/// which then began with a worker to wake). The caller waits for these jobs to start
/// rather than for the step's jobs to return: a job counts itself done before rayon's
/// scope hears of it, and a caller that reached the scope's end in between slept on its
/// lock and was woken (BENCHMARKS.md, branch `vecsmall`).
pub(super) fn linger(pool: &rayon::ThreadPool, pace: &Arc<Pace>, workers: usize) -> u64 {
    let step = pace.begun.load(Ordering::Acquire);
    let settled = pace.settled.load(Ordering::Acquire) + workers as u64;
    for _ in 0..workers {
        let pace = Arc::clone(pace);
        pool.spawn(move || {
            pace.settled.fetch_add(1, Ordering::Release);
            let since = Instant::now();
            while pace.begun.load(Ordering::Acquire) == step && since.elapsed() < LINGER {
                std::thread::yield_now();
            }
        });
    }
    settled
}
