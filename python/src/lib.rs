//! The `rulescript` Python package's native module (`rulescript._rulescript`): the card
//! set, decks, [`game::Game`] as `Game`, batched games as `VecGame`, the built-in players,
//! `check` and `compile`. The pure-Python part (`rulescript/`) re-exports it and adds the
//! Gymnasium, PettingZoo and OpenSpiel environments.
//!
//! Errors never abort the interpreter: the engine's refusals are the package's exceptions
//! (`rulescript.errors`), and a panic inside the engine is caught ([`guarded`]) and raised
//! as `EngineError`.

mod args;
mod bench;
mod catalogues;
mod errors;
mod interrupt;
mod play;
mod shutdown;
mod sim;
mod tools;
mod vec_game;
mod wagic;

pub mod observation;

use pyo3::prelude::*;

pub use errors::guarded;

/// The native part of the `rulescript` package, which re-exports it (import `rulescript`):
/// `CardSet`, `Deck`, `Game`, `VecGame`, the built-in players, `check` and `compile`, and
/// the constants `ACTION_SPACE` (moves are ints below it), `OBSERVATION_SIZE` (an
/// observation's float32 length), `OBSERVATION_LAYOUT` (its blocks: name, offset, size),
/// `MAX_HAND`, `MAX_PICKS` and `DEFAULT_TURN_LIMIT`.
#[pymodule]
fn _rulescript(m: &Bound<'_, PyModule>) -> PyResult<()> {
    load_numpy_api(m.py())?;
    m.add("ACTION_SPACE", game::ACTION_SPACE)?;
    m.add("OBSERVATION_SIZE", observation::OBSERVATION_SIZE)?;
    m.add("OBSERVATION_LAYOUT", observation::LAYOUT.to_vec())?;
    m.add("MAX_HAND", game::moves::MAX_HAND)?;
    m.add("MAX_PICKS", game::moves::MAX_PICKS)?;
    m.add("DEFAULT_TURN_LIMIT", game::state::DEFAULT_TURN_LIMIT)?;
    m.add_class::<play::PyCardSet>()?;
    m.add_class::<play::PyDeck>()?;
    m.add_class::<play::PyGame>()?;
    m.add_class::<play::PyRandomPlayer>()?;
    m.add_class::<play::PyGreedyPlayer>()?;
    m.add_class::<vec_game::VecGame>()?;
    m.add_class::<tools::PyDiagnostic>()?;
    m.add_function(wrap_pyfunction!(play::load_deck, m)?)?;
    m.add_function(wrap_pyfunction!(play::_deck, m)?)?;
    m.add_function(wrap_pyfunction!(play::player_seed, m)?)?;
    m.add_function(wrap_pyfunction!(play::observation_bounds, m)?)?;
    m.add_function(wrap_pyfunction!(tools::check, m)?)?;
    m.add_function(wrap_pyfunction!(tools::compile, m)?)?;
    m.add_function(wrap_pyfunction!(bench::play_in_rust, m)?)?;
    m.add_function(wrap_pyfunction!(errors::_panic_for_tests, m)?)?;
    m.add_class::<sim::PySimulation>()?;
    m.add_class::<interrupt::StopFlag>()?;
    m.add_function(wrap_pyfunction!(sim::merge_tallies, m)?)?;
    m.add_function(wrap_pyfunction!(sim::tally_summary, m)?)?;
    m.add_function(wrap_pyfunction!(sim::tally_report, m)?)?;
    m.add("TallyError", m.py().get_type::<sim::TallyError>())?;
    wagic::register(m)?;
    shutdown::register(m)?;
    Ok(())
}

/// Loads numpy's C API now, at import. The numpy crate loads it the first time an array is
/// made, running Python code (numpy's version check) that a pending Ctrl-C interrupts, and
/// panics then: `VecGame(...)` stopped by Ctrl-C as it finished raised `PanicException`
/// ("Failed to access NumPy array API capsule") where `KeyboardInterrupt` belongs. At
/// import, a first failure once numpy imports is such an interrupt (its exception is lost
/// in the panic): raised as `KeyboardInterrupt` when a second try succeeds.
fn load_numpy_api(py: Python<'_>) -> PyResult<()> {
    py.import("numpy")?;
    let load = || std::panic::catch_unwind(|| drop(numpy::dtype::<u8>(py))).is_ok();
    if load() {
        return Ok(());
    }
    if load() {
        return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted while numpy's C API was loaded"));
    }
    Err(pyo3::exceptions::PyImportError::new_err("numpy's C API cannot be loaded"))
}
