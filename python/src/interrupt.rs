//! Long calls that stop: Ctrl-C, a [`StopFlag`] or the interpreter's exit ends a call that
//! runs with the GIL released within about [`BEAT`], as it ends a numpy or PyTorch call.
//!
//! Python's signal handlers run on the main thread only, and only when it holds the GIL:
//! a call that released it for minutes left Ctrl-C waiting that long. Such a call now
//! carries a [`Pulse`], which it beats between pieces of work (a game, a file): every
//! [`BEAT`], on the main thread, the pulse takes the GIL back for a moment and runs the
//! handlers (`Python::check_signals`), whose `KeyboardInterrupt` ends the call. Other
//! threads (the shards of `rulescript.sim`) are ended by a [`StopFlag`] another thread
//! sets, read without the GIL at every beat; and any call ends once the interpreter is
//! about to exit ([`crate::shutdown`]). A beat between two beats is one clock read.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;

use crate::shutdown;

/// How often a long call looks at Python's signals: often enough that Ctrl-C feels
/// immediate, rarely enough that taking the GIL back costs nothing measurable.
pub const BEAT: Duration = Duration::from_millis(50);

/// A flag that stops calls given it (`Simulation.play(..., stop=flag)`) from any thread:
/// once set, a call under way raises `KeyboardInterrupt` within a game, and a new call at
/// once. It is read without the GIL, so it stops calls that never take the GIL back.
#[pyclass(name = "StopFlag", module = "rulescript._rulescript", frozen)]
#[derive(Default)]
pub struct StopFlag {
    pub flag: Arc<AtomicBool>,
}

#[pymethods]
impl StopFlag {
    #[new]
    fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Stops every call given this flag (and every later one).
    fn set(&self) {
        self.flag.store(true, Ordering::Release);
    }

    /// Whether [`StopFlag::set`] was called.
    fn is_set(&self) -> bool {
        self.flag.load(Ordering::Acquire)
    }

    fn __repr__(&self) -> String {
        format!("StopFlag(set={})", if self.is_set() { "True" } else { "False" })
    }
}

/// Why a [`Pulse`] ended its call.
enum Ended {
    /// A signal handler or a callback raised this.
    Raised(PyErr),
    /// The caller's [`StopFlag`] was set.
    Stopped,
    /// The interpreter is about to exit.
    Closing,
}

/// What a long call beats between pieces of its work; see the module's notes.
pub struct Pulse {
    next: Instant,
    /// Whether a beat takes the GIL: on the main thread (signals), or for a callback.
    attach: bool,
    stop: Option<Arc<AtomicBool>>,
    ended: Option<Ended>,
}

impl Pulse {
    /// A pulse for a call on this thread (the GIL held): `stop` is the caller's flag, if
    /// any; `callback` says whether [`Pulse::beat_with`] has Python code to run.
    pub fn new(py: Python<'_>, stop: Option<Arc<AtomicBool>>, callback: bool) -> Pulse {
        Pulse { next: Instant::now() + BEAT, attach: callback || on_main_thread(py), stop, ended: None }
    }

    /// [`Pulse::beat_with`] with nothing to run under the GIL.
    pub fn beat(&mut self) -> bool {
        self.beat_with(|_| Ok(()))
    }

    /// Whether the call must end now. Every [`BEAT`] this runs Python's signal handlers and
    /// `under_gil` with the GIL taken back (on the main thread or with a callback); an
    /// exception either raises ends the call with it. Also ends it once the caller's stop
    /// flag is set (looked at every time) or the interpreter is about to exit.
    pub fn beat_with(&mut self, under_gil: impl FnOnce(Python<'_>) -> PyResult<()>) -> bool {
        if self.ended.is_some() {
            return true;
        }
        if self.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            self.ended = Some(Ended::Stopped);
            return true;
        }
        let now = Instant::now();
        if now < self.next {
            return false;
        }
        self.next = now + BEAT;
        if shutdown::closing() {
            // The GIL is not taken back: the interpreter may be finalizing.
            self.ended = Some(Ended::Closing);
            return true;
        }
        if self.attach {
            if let Err(error) = Python::attach(|py| py.check_signals().and_then(|()| under_gil(py))) {
                self.ended = Some(Ended::Raised(error));
                return true;
            }
        }
        false
    }

    /// The call's outcome as far as the pulse goes: the exception that ended it
    /// (`KeyboardInterrupt` for a stop flag or the interpreter's exit), if one did.
    pub fn finish(self) -> PyResult<()> {
        match self.ended {
            None => Ok(()),
            Some(Ended::Raised(error)) => Err(error),
            Some(Ended::Stopped) => Err(PyKeyboardInterrupt::new_err("stopped: the call's StopFlag was set")),
            Some(Ended::Closing) => Err(PyKeyboardInterrupt::new_err("stopped: the interpreter is exiting")),
        }
    }
}

/// Runs `work` on `pool` while this thread (the GIL released) beats `pulse`; when the pulse
/// ends the call, `halt` is set, which `work` must heed, and `work` is waited for. `None`
/// only when `work` panicked (the pool's scope then raises the panic again).
pub fn on_pool<T: Send>(
    pool: &rayon::ThreadPool,
    pulse: &mut Pulse,
    halt: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> Option<T> {
    let (sender, receiver) = std::sync::mpsc::channel();
    pool.in_place_scope(|scope| {
        scope.spawn(move |_| {
            // The receiver waits for this: it cannot be gone.
            let _ = sender.send(work());
        });
        loop {
            match receiver.recv_timeout(BEAT) {
                Ok(done) => return Some(done),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if pulse.beat() {
                        halt.store(true, Ordering::Relaxed);
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return None,
            }
        }
    })
}

/// Whether this is the interpreter's main thread, the one that runs signal handlers
/// (asked once per thread).
fn on_main_thread(py: Python<'_>) -> bool {
    thread_local! {
        static MAIN: Cell<Option<bool>> = const { Cell::new(None) };
    }
    MAIN.with(|main| {
        if let Some(known) = main.get() {
            return known;
        }
        let asked = || -> PyResult<bool> {
            let threading = py.import("threading")?;
            Ok(threading.call_method0("main_thread")?.is(&threading.call_method0("current_thread")?))
        };
        // Not knowing, the pulse takes the GIL: a wasted moment, never a missed Ctrl-C.
        let known = asked().unwrap_or(true);
        main.set(Some(known));
        known
    })
}
