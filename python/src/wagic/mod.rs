//! `rulescript.wagic`: Wagic's Magic: The Gathering cards on the same compiler and VM, as
//! `rsc check/run/sim --lang wagic` reach them. `WagicCards` ([`cards`]) compiles Wagic's
//! card files; `check` gives their diagnostics; `load_deck` ([`deck`]) reads a Wagic deck
//! file against them; `play` ([`game`]) plays one seeded game and `sim` ([`sim`]) many,
//! with the GIL released, and `WagicSimulation` ([`simulation`]) any range of a sim's games
//! into a tally that adds up with the others; `WagicGame` ([`stepped`]) is a game played from Python a
//! question at a time, with a fixed action space and observation ([`observation`]). The native names carry a `wagic_` prefix (`wagic_play`), which
//! the pure-Python module `rulescript/wagic.py` drops.

pub mod cards;
pub mod deck;
pub mod game;
pub mod observation;
pub mod sim;
pub mod simulation;
pub mod stepped;

use ::wagic::play::PlayerKind;
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::{DeckError, with_attrs};
use cards::PyWagicCards;
use deck::PyWagicDeck;

/// Adds the Wagic classes and functions to the native module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("WAGIC_DEFAULT_TURN_LIMIT", ::wagic::play::DEFAULT_TURN_LIMIT)?;
    m.add("WAGIC_ACTION_SPACE", observation::WAGIC_ACTION_SPACE)?;
    m.add("WAGIC_OBSERVATION_SIZE", observation::WAGIC_OBSERVATION_SIZE)?;
    m.add("WAGIC_OBSERVATION_LAYOUT", observation::WAGIC_LAYOUT.to_vec())?;
    m.add_class::<PyWagicCards>()?;
    m.add_class::<PyWagicDeck>()?;
    m.add_class::<game::PyWagicResult>()?;
    m.add_class::<sim::PyWagicSimResult>()?;
    m.add_class::<stepped::PyWagicGame>()?;
    m.add_class::<simulation::PyWagicSimulation>()?;
    m.add_function(wrap_pyfunction!(cards::check, m)?)?;
    m.add_function(wrap_pyfunction!(deck::load_deck, m)?)?;
    m.add_function(wrap_pyfunction!(game::play_game, m)?)?;
    m.add_function(wrap_pyfunction!(sim::sim, m)?)?;
    m.add_function(wrap_pyfunction!(observation_bounds, m)?)?;
    Ok(())
}

/// `(low, high)`, numpy float32 vectors of `WAGIC_OBSERVATION_SIZE`: the least and
/// greatest value of each float of `WagicGame.observation` (the bounds of the Wagic
/// environments' observation spaces), the same for every game: flags and card ids 0 to 1,
/// scaled counts 0 to 10, life, power, toughness and `+p/+t` counters -10 to 10 (the
/// observation clamps a number past them).
#[pyfunction(name = "wagic_observation_bounds")]
fn observation_bounds(py: Python<'_>) -> (Bound<'_, PyArray1<f32>>, Bound<'_, PyArray1<f32>>) {
    let (low, high) = observation::bounds();
    (PyArray1::from_vec(py, low), PyArray1::from_vec(py, high))
}

/// The seats' players: `None` (both random), one name for both seats, or a sequence of
/// two names (`random`, `greedy`).
fn players_of(players: Option<&Bound<'_, PyAny>>) -> PyResult<[PlayerKind; 2]> {
    let Some(players) = players.filter(|players| !players.is_none()) else {
        return Ok([PlayerKind::Random; 2]);
    };
    let kind = |name: &str| match name {
        "random" => Ok(PlayerKind::Random),
        "greedy" => Ok(PlayerKind::Greedy),
        _ => Err(PyValueError::new_err(format!("unknown player {name:?} (\"random\" or \"greedy\")"))),
    };
    if let Ok(name) = players.cast::<PyString>() {
        let kind = kind(&name.to_cow()?)?;
        return Ok([kind, kind]);
    }
    let names: Vec<String> = players
        .extract()
        .map_err(|_| PyTypeError::new_err("players must be a name (\"random\" or \"greedy\") or a pair of names"))?;
    match names.as_slice() {
        [first, second] => Ok([kind(first)?, kind(second)?]),
        _ => Err(PyValueError::new_err(format!("players must name 2 seats, not {}", names.len()))),
    }
}

/// A deck argument: a `WagicDeck` (its cards checked against `cards`), or a deck file's
/// path read with `load_deck(path, cards)`.
fn deck_of(py: Python<'_>, deck: &Bound<'_, PyAny>, cards: &PyWagicCards) -> PyResult<PyWagicDeck> {
    if let Ok(deck) = deck.cast::<PyWagicDeck>() {
        let deck = deck.get();
        // A deck resolved against other cards may name one these cards lack.
        for name in &deck.cards {
            if let Err(why) = cards.library.rules_of(name) {
                let why = match why {
                    ::wagic::table::Missing::Unknown => "the cards given have no such card".to_owned(),
                    ::wagic::table::Missing::NotCompiled(error) => format!("it does not compile ({error})"),
                };
                let message = format!("deck {:?} holds `{name}`, which cannot play: {why}", deck.name);
                let code = "deck-unknown-card".into_pyobject(py)?.into_any().unbind();
                return Err(with_attrs(py, DeckError::new_err(message), &[("code", code)]));
            }
        }
        return Ok(PyWagicDeck {
            name: deck.name.clone(),
            path: deck.path.clone(),
            hash: deck.hash.clone(),
            cards: deck.cards.clone(),
            total: deck.total,
            left_out: deck.left_out.clone(),
            skip_uncompiled: deck.skip_uncompiled,
            library: std::sync::Arc::clone(&cards.library),
        });
    }
    let path: std::path::PathBuf = deck
        .extract()
        .map_err(|_| PyTypeError::new_err("a deck must be a WagicDeck or the path of a Wagic deck file"))?;
    deck::load_deck(py, path, cards, false)
}

/// The two decks of a game.
fn two_decks(py: Python<'_>, decks: &Bound<'_, PyAny>, cards: &PyWagicCards) -> PyResult<[PyWagicDeck; 2]> {
    let given: Vec<Bound<'_, PyAny>> = decks.try_iter()?.collect::<PyResult<_>>()?;
    match given.as_slice() {
        [a, b] => Ok([deck_of(py, a, cards)?, deck_of(py, b, cards)?]),
        _ => Err(PyValueError::new_err(format!("a game needs 2 decks, not {}", given.len()))),
    }
}
