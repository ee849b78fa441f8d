//! The GIL released around every long call ([`detached`]), and threads kept out of the
//! interpreter's finalization so that a program that ends while a daemon thread is inside
//! such a call exits rather than aborting.
//!
//! On Python before 3.14, a thread other than the main one that takes the GIL back once the
//! interpreter is finalizing is ended with `pthread_exit`. Taking it back at the end of
//! `py.detach` (PyO3 0.27 declares `PyEval_RestoreThread` as a function that cannot
//! unwind), the forced unwind reaches the `catch_unwind` of PyO3's trampoline and the C
//! library aborts the process: "FATAL: exception not rethrown", SIGABRT, for a program whose
//! daemon thread was in `VecGame.step`, `Simulation.play` or `check` when it returned. So an
//! `atexit` hook ([`_close`]), which Python runs before it starts finalizing, waits with the
//! GIL released until no thread is inside a detached call, and from then on a thread that
//! would detach parks for good instead, with the GIL released (what Python 3.14 does to
//! such a thread itself).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use pyo3::prelude::*;

/// Threads inside [`detached`]: counted up and down with the GIL held.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);
/// Set by [`_close`]: the interpreter is about to finalize.
static CLOSING: AtomicBool = AtomicBool::new(false);
/// The thread that ran [`_close`] (the main one): its later `atexit` hooks may still call
/// the package, and finalization does not end it.
static CLOSER: Mutex<Option<ThreadId>> = Mutex::new(None);

/// How long [`_close`] waits for the calls under way: a step takes far less, and a long
/// call (a simulation, `play_in_rust`) ends within a beat of `crate::interrupt` once it
/// sees [`CLOSING`]; a call still running after it is left to what Python does.
const CLOSE_WAIT: Duration = Duration::from_secs(10);

/// `py.detach(body)`: `body` run with the GIL released; once the interpreter is closing, a
/// thread other than the closing one parks for good instead (see the module's notes).
pub fn detached<T, F>(py: Python<'_>, body: F) -> T
where
    F: pyo3::marker::Ungil + Send + FnOnce() -> T,
    T: pyo3::marker::Ungil,
{
    if closing() {
        // Never returns: the GIL is not taken back.
        return py.detach(|| {
            loop {
                std::thread::park();
            }
        });
    }
    ACTIVE.fetch_add(1, Ordering::AcqRel);
    // Counted out however the call ends: a panic that escaped `body` would otherwise keep
    // `_close` waiting its whole `CLOSE_WAIT` at exit.
    // Dropped once `py.detach` has taken the GIL back, not before: counted out earlier,
    // the thread could take it back while the interpreter finalizes.
    let _counted = CountedOut;
    py.detach(|| {
        let done = body();
        if closing() {
            // The interpreter may finalize as soon as this thread is counted out: parked
            // for good rather than take the GIL back (long calls end early to get here, see
            // `crate::interrupt`). Counted out here, as `_counted` is never dropped.
            ACTIVE.fetch_sub(1, Ordering::AcqRel);
            loop {
                std::thread::park();
            }
        }
        done
    })
}

/// Whether the interpreter is about to exit and this thread is not the one closing it: a
/// long call on it should end (it is parked once it does).
pub fn closing() -> bool {
    CLOSING.load(Ordering::Acquire) && !is_closer()
}

/// Counts a thread out of [`ACTIVE`] when dropped.
struct CountedOut;

impl Drop for CountedOut {
    fn drop(&mut self) {
        ACTIVE.fetch_sub(1, Ordering::AcqRel);
    }
}

fn is_closer() -> bool {
    let closer = CLOSER.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    *closer == Some(std::thread::current().id())
}

/// The `atexit` hook: no more detached calls from other threads, and those under way
/// brought back, before the interpreter finalizes.
#[pyfunction]
pub fn _close(py: Python<'_>) {
    *CLOSER.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(std::thread::current().id());
    CLOSING.store(true, Ordering::Release);
    let started = Instant::now();
    // A thread finishing its call needs the GIL to return (and count itself out).
    while ACTIVE.load(Ordering::Acquire) > 0 && started.elapsed() < CLOSE_WAIT {
        py.detach(|| std::thread::sleep(Duration::from_millis(1)));
    }
}

/// Registers [`_close`] with `atexit`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let close = wrap_pyfunction!(_close, m)?;
    m.add_function(close.clone())?;
    m.py().import("atexit")?.call_method1("register", (close,))?;
    Ok(())
}
