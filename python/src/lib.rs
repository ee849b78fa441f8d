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
mod errors;
mod play;
mod shutdown;
mod sim;
mod tools;
mod vec_game;

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
    m.add_function(wrap_pyfunction!(sim::merge_tallies, m)?)?;
    m.add_function(wrap_pyfunction!(sim::tally_summary, m)?)?;
    m.add_function(wrap_pyfunction!(sim::tally_report, m)?)?;
    m.add("TallyError", m.py().get_type::<sim::TallyError>())?;
    shutdown::register(m)?;
    Ok(())
}
