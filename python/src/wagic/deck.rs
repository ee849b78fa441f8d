//! `load_deck(path, cards, skip_uncompiled=False)`: a Wagic deck file read and resolved
//! against `WagicCards` as `rsc run --lang wagic` reads it, its errors raised as
//! `DeckError` with the lines `rsc` prints.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ::wagic::play::deck::{self, DeckError as WagicDeckError};
use ::wagic::table::Library;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{DeckError, guarded, with_attrs};
use crate::shutdown::detached;
use crate::wagic::cards::PyWagicCards;

/// The most bytes of a deck file read (as `rsc`).
const MAX_DECK_BYTES: u64 = 4 << 20;

/// The most errors a `DeckError`'s message lists (as `rsc` prints at most 100 a deck).
const MAX_DECK_ERRORS: usize = 100;

/// A Wagic deck a game can play: its cards resolved against the `WagicCards` it was loaded
/// with (`load_deck`); `len(deck)` is its number of cards played.
#[pyclass(name = "WagicDeck", module = "rulescript.wagic", frozen)]
pub struct PyWagicDeck {
    /// Its `#NAME:`, or the file's name without its extension.
    #[pyo3(get)]
    pub name: String,
    /// The file it was read from.
    #[pyo3(get)]
    pub path: PathBuf,
    /// BLAKE3 of the file's text (as a sim's configuration names the deck).
    pub hash: String,
    /// The card names a game plays, one a copy, in deck order.
    #[pyo3(get)]
    pub cards: Vec<String>,
    /// Cards the file's main deck lists (those left out included).
    #[pyo3(get)]
    pub total: usize,
    /// The lines left out with `skip_uncompiled=True` (cards that do not compile): each
    /// `(line, message)`.
    #[pyo3(get)]
    pub left_out: Vec<(u32, String)>,
    /// It was loaded with `skip_uncompiled=True` (a replay command says so too).
    pub skip_uncompiled: bool,
    /// The cards it was resolved against.
    pub library: Arc<Library>,
}

#[pymethods]
impl PyWagicDeck {
    /// The deck itself: it never changes, so a copy (a `copy.deepcopy` of an environment's
    /// arguments, as `gymnasium.make` takes them) shares it.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __len__(&self) -> usize {
        self.cards.len()
    }

    fn __repr__(&self) -> String {
        format!("WagicDeck({:?}, {} cards)", self.name, self.cards.len())
    }
}

/// Reads the Wagic deck file at `path` (Wagic's `#NAME:` and one card a line, by Wagic id
/// through the `sets` `cards` was loaded with, or by name with a count: `4 Grizzly
/// Bears`) and resolves every line against `cards`, as `rsc run --lang wagic` does. With
/// `skip_uncompiled`, lines naming a card that does not compile are left out (listed in
/// the deck's `left_out`) and the rest played.
///
/// Raises `OSError` when the file cannot be read, and `DeckError` when a line names a card
/// the card files lack (with `did you mean` the card meant), an id no set file has, a card
/// that does not compile, or the deck has no card to play: its message the lines `rsc`
/// prints (`error[deck-unknown-card]: FILE:LINE: ...`, one an error), its `code`, `file`
/// and `line` the first error's (`line` 0 for the deck as a whole), its `errors` every
/// error as a dict (`code`, `line`, `message`).
#[pyfunction(name = "wagic_load_deck")]
#[pyo3(signature = (path, cards, skip_uncompiled = false))]
pub fn load_deck(py: Python<'_>, path: PathBuf, cards: &PyWagicCards, skip_uncompiled: bool) -> PyResult<PyWagicDeck> {
    let library = Arc::clone(&cards.library);
    let sets = cards.sets.clone();
    let resolved =
        detached(py, || guarded("wagic.load_deck", || Ok(resolve(&path, &library, sets.as_deref(), skip_uncompiled))))?;
    match resolved {
        Ok(deck) => Ok(deck),
        Err(Refused::Unreadable(error)) => Err(error),
        Err(Refused::Errors(errors)) => Err(deck_error(py, &path, &errors)),
    }
}

/// A deck file as a sim of every pair of decks takes it: the deck, or why it cannot play
/// in the words `rsc sim --all-decks` lists it ([`deck::refusal`], or why the file cannot
/// be read).
pub fn load_for_sim(
    py: Python<'_>,
    path: &Path,
    cards: &PyWagicCards,
    skip_uncompiled: bool,
) -> PyResult<Result<PyWagicDeck, String>> {
    let library = Arc::clone(&cards.library);
    let sets = cards.sets.clone();
    let resolved = detached(py, || {
        guarded("wagic.WagicSimulation", || Ok(resolve(path, &library, sets.as_deref(), skip_uncompiled)))
    })?;
    Ok(match resolved {
        Ok(deck) => Ok(deck),
        Err(Refused::Unreadable(error)) => Err(error.value(py).to_string()),
        Err(Refused::Errors(errors)) => Err(deck::refusal(&errors)),
    })
}

/// Why a deck file gives no deck.
enum Refused {
    /// It cannot be read: `OSError`.
    Unreadable(PyErr),
    /// Its lines break deck rules.
    Errors(Vec<WagicDeckError>),
}

fn resolve(
    path: &Path,
    library: &Arc<Library>,
    sets: Option<&::wagic::sets::Sets>,
    skip_uncompiled: bool,
) -> Result<PyWagicDeck, Refused> {
    let bytes = game::bounded::read_bytes(path, MAX_DECK_BYTES).map_err(|error| {
        let why = match error {
            game::bounded::ReadError::TooLarge(_) => format!("larger than {} MiB", MAX_DECK_BYTES >> 20),
            game::bounded::ReadError::Io(error) => error.to_string(),
        };
        Refused::Unreadable(pyo3::exceptions::PyOSError::new_err(format!("cannot read `{}`: {why}", path.display())))
    })?;
    // Read on past bytes that are not UTF-8, as `rsc` does (Wagic's own decks carry
    // Latin-1 comments); a card line with one names no card.
    let text = String::from_utf8_lossy(&bytes);
    let read = deck::read(&text).map_err(|error| Refused::Errors(vec![error]))?;
    let name = if read.name.is_empty() {
        path.file_stem().map_or_else(String::new, |stem| stem.to_string_lossy().into_owned())
    } else {
        read.name.clone()
    };
    let total = read.lines.iter().map(|line| line.count as usize).sum();
    let (cards, left_out) = deck::resolve(&read, library, sets, skip_uncompiled).map_err(Refused::Errors)?;
    Ok(PyWagicDeck {
        name,
        path: path.to_path_buf(),
        hash: game::sim::hash::content_hash(text.as_bytes()),
        cards,
        total,
        left_out: left_out.into_iter().map(|error| (error.line, error.message)).collect(),
        skip_uncompiled,
        library: Arc::clone(library),
    })
}

/// The `DeckError` for a deck's errors, its message the lines `rsc run --lang wagic`
/// prints for them.
fn deck_error(py: Python<'_>, path: &Path, errors: &[WagicDeckError]) -> PyErr {
    let shown = path.display().to_string();
    let mut lines: Vec<String> = errors
        .iter()
        .take(MAX_DECK_ERRORS)
        .map(|error| match error.line {
            // The deck as a whole (`deck-empty`): no line to point at.
            0 => format!("error[{}]: {shown}: {}", error.code, error.message),
            line => format!("error[{}]: {shown}:{line}: {}", error.code, error.message),
        })
        .collect();
    if errors.len() > MAX_DECK_ERRORS {
        lines.push(format!("note: {shown}: {} more errors not shown", errors.len() - MAX_DECK_ERRORS));
    }
    let attrs = || -> PyResult<Vec<(&'static str, Py<PyAny>)>> {
        let first = errors.first();
        let listed: Vec<Bound<'_, PyDict>> = errors
            .iter()
            .map(|error| {
                let dict = PyDict::new(py);
                dict.set_item("code", error.code)?;
                dict.set_item("line", error.line)?;
                dict.set_item("message", &error.message)?;
                Ok(dict)
            })
            .collect::<PyResult<_>>()?;
        Ok(vec![
            ("code", first.map_or("", |error| error.code).into_pyobject(py)?.into_any().unbind()),
            ("file", shown.clone().into_pyobject(py)?.into_any().unbind()),
            ("line", first.map_or(0, |error| error.line).into_pyobject(py)?.into_any().unbind()),
            ("errors", listed.into_pyobject(py)?.into_any().unbind()),
        ])
    };
    match attrs() {
        Ok(attrs) => with_attrs(py, DeckError::new_err(lines.join("\n")), &attrs),
        Err(error) => error,
    }
}
