//! `play(cards, decks, seed=0, players=..., turn_limit=...)`: one seeded game of Magic
//! between two Wagic decks, as `rsc run --lang wagic` plays it, on a thread of its own
//! with the GIL released; its result a `WagicResult`.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};

use ::wagic::play::{self, End, Outcome, Played, PlayerKind};
use ::wagic::table::P0;
use pyo3::prelude::*;

use crate::args::{Seed, TurnLimit};
use crate::errors::{EngineError, panic_message};
use crate::interrupt::{BEAT, Pulse};
use crate::shutdown::detached;
use crate::wagic::cards::PyWagicCards;
use crate::wagic::{players_of, two_decks};

/// A game of Magic played to its end (`play`).
#[pyclass(name = "WagicResult", module = "rulescript.wagic", frozen, get_all)]
pub struct PyWagicResult {
    /// The winning seat (0 or 1), `None` for a draw or a game the table stopped.
    pub winner: Option<usize>,
    /// Why the game ended, in words (`p1 has -3 life`, `the turn limit (200) was
    /// reached`, `the game stopped: ...`).
    pub reason: String,
    /// How it ended: `life`, `library`, `poison`, `both lost`, `turn limit` or `stopped`.
    pub end: &'static str,
    /// Turns begun.
    pub turns: u32,
    /// Choices the players made.
    pub decisions: u64,
    /// The spells each seat cast, by name, in order (lands played are not among them).
    pub cast: (Vec<String>, Vec<String>),
    /// The game as `rsc run --lang wagic` prints it, one line each (no line ends): the
    /// header, each turn's events, the winner, the count of turns and decisions.
    pub log: Vec<String>,
    /// The seed it was played with.
    pub seed: u64,
    /// The decks' names in seats 0 and 1.
    pub decks: (String, String),
    /// Who played seats 0 and 1 (`random`, `greedy`; `caller` for a seat a `WagicGame`'s
    /// caller played).
    pub players: (&'static str, &'static str),
}

#[pymethods]
impl PyWagicResult {
    /// Whether the table stopped the game (a card's code that traps, a board that does
    /// not settle): neither player won.
    #[getter]
    fn stopped(&self) -> bool {
        self.end == "stopped"
    }

    fn __repr__(&self) -> String {
        let winner = self.winner.map_or_else(|| "None".to_owned(), |seat| seat.to_string());
        format!("WagicResult(winner={winner}, end={:?}, turns={}, reason={:?})", self.end, self.turns, self.reason)
    }
}

/// The name of how a game ended.
pub fn end_name(end: End) -> &'static str {
    match end {
        End::Life => "life",
        End::Library => "library",
        End::Poison => "poison",
        End::Effect => "effect",
        End::BothLost => "both lost",
        End::TurnLimit => "turn limit",
        End::Stopped => "stopped",
    }
}

/// Plays one seeded game of Magic between two Wagic decks (`WagicDeck`s or deck files,
/// read with `load_deck(path, cards)`) of `cards`, as `rsc run --lang wagic` plays it:
/// `players` is `"random"` or `"greedy"` for both seats, or one for each; the game is a
/// draw after `turn_limit` turns (`None`: `DEFAULT_TURN_LIMIT`, 200). One seed gives one
/// game.
///
/// The game plays on a thread of its own with the GIL released; Ctrl-C raises
/// `KeyboardInterrupt` within a moment (the game's thread ends on its own). Raises
/// `DeckError` for a deck file that cannot play (as `load_deck`) or a deck holding a card
/// `cards` does not compile, `ValueError` for an unknown player, `EngineError` when the
/// engine panics. A game the table stops is a result (`end` `stopped`), not an error.
#[pyfunction(name = "wagic_play")]
#[pyo3(
    signature = (cards, decks, seed = Seed(0), players = None, turn_limit = None),
    text_signature = "(cards, decks, seed=0, players=None, turn_limit=None)"
)]
pub fn play_game(
    py: Python<'_>,
    cards: &PyWagicCards,
    decks: &Bound<'_, PyAny>,
    seed: Seed,
    players: Option<&Bound<'_, PyAny>>,
    turn_limit: Option<TurnLimit>,
) -> PyResult<PyWagicResult> {
    let Seed(seed) = seed;
    let turn_limit = turn_limit.map_or(play::DEFAULT_TURN_LIMIT, |TurnLimit(limit)| limit);
    let players = players_of(players)?;
    let [a, b] = two_decks(py, decks, cards)?;
    let names = [a.name.clone(), b.name.clone()];
    let library = Arc::clone(&cards.library);
    let options = play::Options { seed, turn_limit, players };
    let decks = [a.cards.clone(), b.cards.clone()];
    let played = on_own_thread(py, move || play::play(&library, [&decks[0], &decks[1]], options))?;
    Ok(result_of(&played, seed, names, players.map(PlayerKind::name)))
}

/// The Python result of a game played: `players` names who played each seat.
pub(crate) fn result_of(played: &Played, seed: u64, names: [String; 2], players: [&'static str; 2]) -> PyWagicResult {
    let winner = match &played.outcome {
        Outcome::Won { winner, .. } => Some(usize::from(*winner != P0)),
        Outcome::Drawn { .. } | Outcome::Stopped { .. } => None,
    };
    let log = played.transcript(seed, [names[0].as_str(), names[1].as_str()], players);
    let [cast0, cast1] = played.cast.clone();
    let [name0, name1] = names;
    PyWagicResult {
        winner,
        reason: played.outcome.to_string(),
        end: end_name(played.end),
        turns: played.turns,
        decisions: played.decisions,
        cast: (cast0, cast1),
        log,
        seed,
        decks: (name0, name1),
        players: (players[0], players[1]),
    }
}

/// Runs `work` on a thread of its own while this one, the GIL released, beats a pulse:
/// Ctrl-C (or the interpreter's exit) raises `KeyboardInterrupt` at once, and the thread
/// finishes its work alone (a game is bounded by its turn limit) and drops it. A panic of
/// `work` is `EngineError`.
fn on_own_thread<T: Send + 'static>(py: Python<'_>, work: impl FnOnce() -> T + Send + 'static) -> PyResult<T> {
    let mut pulse = Pulse::new(py, None, false);
    let done = detached(py, || {
        let (sender, receiver) = mpsc::channel();
        let spawned = std::thread::Builder::new().name("rulescript-wagic-game".into()).spawn(move || {
            // The receiver may be gone (the call was interrupted): nothing to tell then.
            let _ = sender.send(std::panic::catch_unwind(AssertUnwindSafe(work)));
        });
        if let Err(error) = spawned {
            return Some(Err(format!("cannot start the game's thread: {error}")));
        }
        loop {
            match receiver.recv_timeout(BEAT) {
                Ok(Ok(value)) => return Some(Ok(value)),
                Ok(Err(payload)) => {
                    return Some(Err(format!("the engine failed in wagic.play: {}", panic_message(&*payload))));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if pulse.beat() {
                        return None;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Some(Err("the engine failed in wagic.play: its thread ended without a result".into()));
                }
            }
        }
    });
    pulse.finish()?;
    match done {
        Some(Ok(value)) => Ok(value),
        Some(Err(message)) => Err(EngineError::new_err(message)),
        // The pulse ended the call: `finish` raised its exception.
        None => Err(EngineError::new_err("the game was interrupted")),
    }
}
