//! `WagicGame(cards, decks, seed, players=(None, "greedy"))`: a game of Magic played from
//! Python a question at a time ([`::wagic::play::SteppedGame`]: the game on a thread of its
//! own, each question of a seat the caller plays handed over), as `Game` plays Card
//! Fighters' Clash: `current_player`, `question`, `legal_actions()`, `apply(action)`,
//! `view(player)`, `log()`, `history()`, `WagicGame.from_history(...)` and `clone()` (both
//! replay the answers on the game's thread: [`SteppedGame::replay`]); for learning
//! agents, `legal_mask()` over the fixed action space and `observation(player)`
//! ([`crate::wagic::observation`]).

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use ::wagic::play::{self, AnswerError, Outcome, PlayerKind, SeatView, SteppedGame};
use ::wagic::table::{Library, P0};
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::args::{Action, Player, Seed, TurnLimit};
use crate::errors::{IllegalMove, guarded, with_attrs};
use crate::shutdown::detached;
use crate::wagic::cards::PyWagicCards;
use crate::wagic::game::{PyWagicResult, result_of};
use crate::wagic::observation::{self, CardFeatures, Standing, WAGIC_ACTION_SPACE, WAGIC_OBSERVATION_SIZE};
use crate::wagic::two_decks;

/// The word the log and the result use for a seat the caller plays.
const CALLER: &str = "caller";

/// Who plays a seat: the caller (`None` in Python) or a built-in player.
type SeatPlayer = Option<PlayerKind>;

/// What a game is started with besides its cards and decks.
struct Setup {
    names: [String; 2],
    seats: [SeatPlayer; 2],
    seed: u64,
    turn_limit: u32,
    features: Arc<CardFeatures>,
}

/// A game of Magic between two Wagic decks played from Python a question at a time: each
/// seat given as `None` in `players` is the caller's, and every choice it makes in the
/// game (keep or mulligan, each move with priority or the pass, each target, attacker,
/// block and discard) is put to it as a question with numbered options; the other seat is
/// the built-in `"random"` or `"greedy"` player, as in `play`. One seed and the same
/// answers (`history()`) give the same game (`WagicGame.from_history`). A panic of the
/// engine on the game's thread ends the game as stopped (`result().end == "stopped"`, its
/// reason `the game panicked: ...`), never the interpreter.
#[pyclass(name = "WagicGame", module = "rulescript.wagic")]
pub struct PyWagicGame {
    /// In a mutex only for `Sync`, which a Python object must be: the game's channel to
    /// its thread is `Send` but not `Sync`. `&mut self` methods reach it without locking.
    game: Mutex<SteppedGame>,
    names: [String; 2],
    seats: [SeatPlayer; 2],
    seed: u64,
    turn_limit: u32,
    /// The card blocks of `observation` (the `WagicCards`' own).
    features: Arc<CardFeatures>,
    /// The cards and the decks' cards the game started with: a clone starts from them.
    library: Arc<Library>,
    decks: [Vec<String>; 2],
}

#[pymethods]
impl PyWagicGame {
    /// Starts a game between two Wagic decks (`WagicDeck`s or deck files, read with
    /// `load_deck(path, cards)`) of `cards`, and plays it to the first question of a
    /// caller's seat (or to its end). `players`: one entry a seat, `None` for a seat the
    /// caller plays, `"random"` or `"greedy"` for a built-in player (`None` given for the
    /// whole argument: `(None, "greedy")`). `turn_limit` as for `play`.
    ///
    /// Raises `DeckError` as `play` does, `ValueError` for an unknown player.
    #[new]
    #[pyo3(
        signature = (cards, decks, seed = Seed(0), players = None, turn_limit = None),
        text_signature = "(cards, decks, seed=0, players=(None, 'greedy'), turn_limit=None)"
    )]
    fn new(
        py: Python<'_>,
        cards: &PyWagicCards,
        decks: &Bound<'_, PyAny>,
        seed: Seed,
        players: Option<&Bound<'_, PyAny>>,
        turn_limit: Option<TurnLimit>,
    ) -> PyResult<PyWagicGame> {
        PyWagicGame::started(py, cards, decks, (seed, players, turn_limit), &[])
    }

    /// The game `WagicGame(cards, decks, seed, players, turn_limit)` becomes after the
    /// answers `history` (an earlier game's `history()`): the same seed, players and
    /// answers give the same game. The answers are taken on the game's thread as its
    /// questions come (as `clone()`), not handed over one by one. Raises `IllegalMove`
    /// naming the first answer that is not one of its question's options.
    #[staticmethod]
    #[pyo3(
        signature = (cards, decks, seed, history, players = None, turn_limit = None),
        text_signature = "(cards, decks, seed, history, players=(None, 'greedy'), turn_limit=None)"
    )]
    fn from_history(
        py: Python<'_>,
        cards: &PyWagicCards,
        decks: &Bound<'_, PyAny>,
        seed: Seed,
        history: Vec<Action>,
        players: Option<&Bound<'_, PyAny>>,
        turn_limit: Option<TurnLimit>,
    ) -> PyResult<PyWagicGame> {
        // The answers up to the first that is no option index at all (a negative or huge
        // int): the game thread stops at the first that is not its question's option.
        let answers: Vec<usize> = history.iter().map_while(Action::index).collect();
        let game = PyWagicGame::started(py, cards, decks, (seed, players, turn_limit), &answers)?;
        let taken = game.game().history().len();
        match history.get(taken) {
            None => Ok(game),
            Some(action) => {
                let error = game.illegal(py, action);
                let message = format!("history step {taken}: {}", error.value(py));
                let legal = error.value(py).getattr("legal_actions").ok().map(Bound::unbind);
                let attrs: Vec<(&str, Py<PyAny>)> = legal.into_iter().map(|list| ("legal_actions", list)).collect();
                Err(with_attrs(py, IllegalMove::new_err(message), &attrs))
            }
        }
    }

    /// A copy of the game as it stands, going on alone: the same cards, decks, seed,
    /// players, turn limit and answers (`history()`), so the same log, question and
    /// views. It plays the game again from its start on a thread of its own, taking the
    /// answers there as its questions come (no handing over per answer; the GIL
    /// released): its cost is the game's play so far (`BENCHMARKS.md`).
    fn clone(&self, py: Python<'_>) -> PyWagicGame {
        let answers: Vec<usize> = self.game().history().iter().map(|answer| answer.index).collect();
        let setup = Setup {
            names: self.names.clone(),
            seats: self.seats,
            seed: self.seed,
            turn_limit: self.turn_limit,
            features: Arc::clone(&self.features),
        };
        PyWagicGame::start(py, Arc::clone(&self.library), self.decks.clone(), setup, &answers)
    }

    /// `copy.copy(game)`: `clone()`.
    fn __copy__(&self, py: Python<'_>) -> PyWagicGame {
        self.clone(py)
    }

    /// `copy.deepcopy(game)`: `clone()` (the cards are shared: they never change).
    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyWagicGame {
        self.clone(py)
    }

    /// The seat whose question waits (0 or 1), `None` once the game is over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.game().pending().map(|pending| pending.seat)
    }

    /// The question waiting, in words (`Shock: choose a target (1 to 1, 0 chosen)`),
    /// `None` once the game is over.
    #[getter]
    fn question(&self) -> Option<String> {
        self.game().pending().map(|pending| pending.question.prompt.clone())
    }

    /// What the waiting question is about: `mulligan`, `priority`, `effect`, `attack`,
    /// `block`, `discard` or `legend`; `None` once the game is over.
    #[getter]
    fn question_kind(&self) -> Option<&'static str> {
        self.game().pending().map(|pending| pending.question.kind.name())
    }

    /// The options of the waiting question, by number (`[0, 1, ...]`; never fewer than
    /// two): the actions `apply` takes. Empty once the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        self.game().pending().map_or_else(Vec::new, |pending| (0..pending.question.options.len()).collect())
    }

    /// The label of option `action` of the waiting question (`cast Shock`, `attack with
    /// Grizzly Bears`, `target p1`, `keep`, `pass`). Raises `IllegalMove` for a number
    /// that is not one of its options.
    fn action_to_string(&self, py: Python<'_>, action: Action) -> PyResult<String> {
        let label = self.game().pending().and_then(|pending| pending.question.options.get(action.index()?)).cloned();
        label.ok_or_else(|| self.illegal(py, &action))
    }

    /// Answers the waiting question with option `action` (an int of `legal_actions()`),
    /// and plays on (the built-in player's choices too, with the GIL released) to the next
    /// question of a caller's seat or to the end. Raises `IllegalMove` (its
    /// `legal_actions` the options) and changes nothing for any other int, or once the
    /// game is over; `TypeError` for a value that is not an int.
    fn apply(&mut self, py: Python<'_>, action: Action) -> PyResult<()> {
        let Some(index) = action.index().filter(|index| self.legal_actions().contains(index)) else {
            return Err(self.illegal(py, &action));
        };
        let game = self.game.get_mut().unwrap_or_else(PoisonError::into_inner);
        let answered = detached(py, || guarded("WagicGame.apply", || Ok(game.answer(index))))?;
        match answered {
            Ok(()) => Ok(()),
            // Checked above: the question had this option.
            Err(error) => Err(IllegalMove::new_err(error.to_string())),
        }
    }

    /// Whether the game is over (won, drawn at the turn limit, or stopped).
    fn is_over(&self) -> bool {
        self.game().outcome().is_some()
    }

    /// The winning seat (0 or 1); `None` before the end, for a draw or a stopped game.
    fn winner(&self) -> Option<usize> {
        match self.game().outcome() {
            Some(Outcome::Won { winner, .. }) => Some(usize::from(*winner != P0)),
            _ => None,
        }
    }

    /// Each seat's return: `[1.0, -1.0]` when seat 0 won, `[-1.0, 1.0]` when seat 1 did,
    /// `[0.0, 0.0]` for a draw, a stopped game, or before the end.
    fn returns(&self) -> Vec<f64> {
        match self.winner() {
            Some(0) => vec![1.0, -1.0],
            Some(_) => vec![-1.0, 1.0],
            None => vec![0.0, 0.0],
        }
    }

    /// The game's result (as `play` returns it) once it is over, `None` before.
    fn result(&self) -> Option<PyWagicResult> {
        let game = self.game();
        let played = game.played()?;
        Some(result_of(played, self.seed, self.names.clone(), self.player_names()))
    }

    /// What seat `player` (0 or 1) may see of the game now (either seat, whoever is
    /// asked; once over, the board at the end), as a dict: `seat`, `turn`, `phase`,
    /// `active`, `players` (each seat's `life`, `poison`, `mana` pool (white, blue, black,
    /// red, green, colourless), and `hand` and `library` sizes), `hand` (its own cards by
    /// name), `battlefield` (each permanent's `name`, `face_down_card` (what a
    /// face-down one is, to its controller only), `types`, `owner`, `controller`,
    /// `tapped`, `power`, `toughness`, `damage`, `counters`, `named_counters`,
    /// `summoning_sick`, `attacking`, `blocking`, `token`), `graveyards`, `exile` and
    /// `stack`. Never the other seat's hand or either library's order. `None` only for a
    /// game stopped with no board left to show (its thread gone).
    fn view<'py>(&mut self, py: Python<'py>, player: Player) -> PyResult<Option<Bound<'py, PyDict>>> {
        match self.seat_view(py, usize::from(player.0.number()))? {
            Some(view) => view_dict(py, &view).map(Some),
            None => Ok(None),
        }
    }

    /// The options of the waiting question as a numpy bool vector of shape
    /// `(WAGIC_ACTION_SPACE,)`: `mask[a]` is whether `apply(a)` is legal (the first
    /// `len(legal_actions())` entries). A question never has more options than
    /// `WAGIC_ACTION_SPACE`: a choice among more is asked in pages, each ending with
    /// `more options` (`docs/wagic-play.md`). All False once the game is over.
    fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let options = self.game().pending().map_or(0, |pending| pending.question.options.len());
        let mask: Vec<bool> = (0..WAGIC_ACTION_SPACE).map(|action| action < options).collect();
        PyArray1::from_vec(py, mask)
    }

    /// What seat `player` (0 or 1) may see of the game now, as a new numpy float32 vector
    /// of shape `(WAGIC_OBSERVATION_SIZE,)` (blocks: `WAGIC_OBSERVATION_LAYOUT`, documented
    /// in `docs/wagic-play.md`): the turn, phase, life, mana and pile sizes of both seats,
    /// its own hand, both battlefields, the stack's top entries and, when it is the seat
    /// asked, the question and each option (its kind, its card). Zeros for a game stopped
    /// with no board left to show.
    fn observation<'py>(&mut self, py: Python<'py>, player: Player) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = usize::from(player.0.number());
        let mut out = vec![0.0f32; WAGIC_OBSERVATION_SIZE];
        if let Some(view) = self.seat_view(py, seat)? {
            let game = self.game();
            let standing = Standing {
                to_move: game.pending().map(|pending| pending.seat),
                over: game.outcome().is_some(),
                winner: match game.outcome() {
                    Some(Outcome::Won { winner, .. }) => Some(usize::from(*winner != P0)),
                    _ => None,
                },
            };
            let question = game.pending().map(|pending| &pending.question);
            guarded("WagicGame.observation", || {
                observation::encode(&view, question, standing, &self.features, &mut out);
                Ok(())
            })?;
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// The game so far as `rsc run --lang wagic` prints it, one line each: the header,
    /// each turn's events; once over, the winner and the count of turns and decisions
    /// (`result().log`). It tells what both players drew: it is the table's, not a seat's
    /// view.
    fn log(&self) -> Vec<String> {
        if let Some(result) = self.result() {
            return result.log;
        }
        let names = [self.names[0].as_str(), self.names[1].as_str()];
        let mut lines = vec![play::header(self.seed, names, self.player_names())];
        lines.extend(play::log_lines(self.game().log(), names));
        lines
    }

    /// The BLAKE3 hash of `log()` (64 hex digits, each line ended by a line feed): once
    /// the game is over, what `rsc run --lang wagic --trace-hash` prints for the same
    /// seed, decks and players.
    fn trace_hash(&self) -> String {
        wagic_sim::trace_hash(&self.log())
    }

    /// The answers given so far, in order (ints): `WagicGame.from_history` plays them
    /// again.
    fn history(&self) -> Vec<usize> {
        self.game().history().iter().map(|answer| answer.index).collect()
    }

    /// The seed the game started with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The decks' names in seats 0 and 1.
    #[getter]
    fn decks(&self) -> (String, String) {
        (self.names[0].clone(), self.names[1].clone())
    }

    /// Who plays seats 0 and 1: `None` for the caller, else `"random"` or `"greedy"`.
    #[getter]
    fn players(&self) -> (Option<&'static str>, Option<&'static str>) {
        (self.seats[0].map(PlayerKind::name), self.seats[1].map(PlayerKind::name))
    }

    /// The turns after which the game is a draw.
    #[getter]
    fn turn_limit(&self) -> u32 {
        self.turn_limit
    }

    fn __repr__(&self) -> String {
        let game = self.game();
        let state = match game.pending() {
            Some(pending) => format!("p{} to answer {:?}", pending.seat, pending.question.prompt),
            None => format!("over: {}", game.outcome().map(ToString::to_string).unwrap_or_default()),
        };
        format!("WagicGame({:?} against {:?}, seed {}, {state})", self.names[0], self.names[1], self.seed)
    }
}

/// A game's seed, players and turn limit as Python gives them.
type GameArgs<'a, 'py> = (Seed, Option<&'a Bound<'py, PyAny>>, Option<TurnLimit>);

impl PyWagicGame {
    /// `WagicGame(cards, decks, *args)` with `answers` taken ([`PyWagicGame::start`]).
    fn started(
        py: Python<'_>,
        cards: &PyWagicCards,
        decks: &Bound<'_, PyAny>,
        (seed, players, turn_limit): GameArgs<'_, '_>,
        answers: &[usize],
    ) -> PyResult<PyWagicGame> {
        let Seed(seed) = seed;
        let turn_limit = turn_limit.map_or(play::DEFAULT_TURN_LIMIT, |TurnLimit(limit)| limit);
        let seats = seats_of(players)?;
        let [a, b] = two_decks(py, decks, cards)?;
        let names = [a.name.clone(), b.name.clone()];
        let setup = Setup { names, seats, seed, turn_limit, features: cards.features() };
        Ok(PyWagicGame::start(py, Arc::clone(&cards.library), [a.cards, b.cards], setup, answers))
    }

    /// Starts the game and takes `answers` (with the GIL released: it plays to the first
    /// question after them, or to the first refused, or to the end).
    fn start(
        py: Python<'_>,
        library: Arc<Library>,
        decks: [Vec<String>; 2],
        setup: Setup,
        answers: &[usize],
    ) -> PyWagicGame {
        let Setup { names, seats, seed, turn_limit, features } = setup;
        let options = play::Options {
            seed,
            turn_limit,
            // A caller's seat is played by the caller: its kind here is never used.
            players: seats.map(|seat| seat.unwrap_or_default()),
        };
        let callers = seats.map(|seat| seat.is_none());
        let game = detached(py, || SteppedGame::replay(Arc::clone(&library), decks.clone(), options, callers, answers));
        PyWagicGame { game: Mutex::new(game), names, seats, seed, turn_limit, features, library, decks }
    }

    /// The game (see the field's note on its mutex).
    fn game(&self) -> MutexGuard<'_, SteppedGame> {
        self.game.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Seat `seat`'s view of the game now (asked of the game's thread, with the GIL
    /// released, for the seat not asked); a panic building it stops the game.
    /// (`&mut self`, as `apply`: the game is not locked while the GIL is released, which
    /// another thread's call would wait on holding the GIL.)
    fn seat_view(&mut self, py: Python<'_>, seat: usize) -> PyResult<Option<SeatView>> {
        let game = self.game.get_mut().unwrap_or_else(PoisonError::into_inner);
        detached(py, || guarded("WagicGame.view", || Ok(game.view(seat))))
    }

    /// Each seat's player as the log names it.
    fn player_names(&self) -> [&'static str; 2] {
        self.seats.map(|seat| seat.map_or(CALLER, PlayerKind::name))
    }

    /// The `IllegalMove` for `action`, which is not an option of the waiting question.
    fn illegal(&self, py: Python<'_>, action: &Action) -> PyErr {
        let legal = self.legal_actions();
        let message = match self.game().pending() {
            None => format!("action {action}: {}", AnswerError::GameOver),
            Some(pending) => format!(
                "action {action} is not an option of {:?}; legal actions: {legal:?} ({})",
                pending.question.prompt,
                pending.question.options.join(", ")
            ),
        };
        match PyList::new(py, &legal) {
            Ok(list) => with_attrs(py, IllegalMove::new_err(message), &[("legal_actions", list.into_any().unbind())]),
            Err(error) => error,
        }
    }
}

/// The seats' players: `None` for the whole argument is `(None, "greedy")`; else two
/// entries, each `None` (the caller) or a built-in player's name.
fn seats_of(players: Option<&Bound<'_, PyAny>>) -> PyResult<[SeatPlayer; 2]> {
    let Some(players) = players.filter(|players| !players.is_none()) else {
        return Ok([None, Some(PlayerKind::Greedy)]);
    };
    let refuse =
        || PyTypeError::new_err("players must be a pair: None (the caller) or \"random\" or \"greedy\" a seat");
    if players.is_instance_of::<PyString>() {
        return Err(refuse());
    }
    let given: Vec<Bound<'_, PyAny>> = players.try_iter().map_err(|_| refuse())?.collect::<PyResult<_>>()?;
    let [first, second] = given.as_slice() else {
        return Err(PyValueError::new_err(format!("players must name 2 seats, not {}", given.len())));
    };
    let seat = |given: &Bound<'_, PyAny>| -> PyResult<SeatPlayer> {
        if given.is_none() {
            return Ok(None);
        }
        let name: String = given.extract().map_err(|_| refuse())?;
        match name.as_str() {
            "random" => Ok(Some(PlayerKind::Random)),
            "greedy" => Ok(Some(PlayerKind::Greedy)),
            _ => Err(PyValueError::new_err(format!("unknown player {name:?} (None, \"random\" or \"greedy\")"))),
        }
    };
    Ok([seat(first)?, seat(second)?])
}

/// A seat's view as a dict (`WagicGame.view`).
fn view_dict<'py>(py: Python<'py>, view: &SeatView) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("seat", view.seat)?;
    dict.set_item("turn", view.turn)?;
    dict.set_item("phase", view.phase.name())?;
    dict.set_item("active", view.active)?;
    let players = PyList::empty(py);
    for player in &view.players {
        let state = PyDict::new(py);
        state.set_item("life", player.life)?;
        state.set_item("poison", player.poison)?;
        state.set_item("mana", player.mana.to_vec())?;
        state.set_item("hand", player.hand)?;
        state.set_item("library", player.library)?;
        players.append(state)?;
    }
    dict.set_item("players", players)?;
    dict.set_item("hand", view.hand.clone())?;
    let battlefield = PyList::empty(py);
    for permanent in &view.battlefield {
        let card = PyDict::new(py);
        card.set_item("name", &permanent.name)?;
        card.set_item("face_down_card", &permanent.face_down_card)?;
        card.set_item("types", permanent.types.clone())?;
        card.set_item("owner", permanent.owner)?;
        card.set_item("controller", permanent.controller)?;
        card.set_item("tapped", permanent.tapped)?;
        card.set_item("power", permanent.power_toughness.map(|(power, _)| power))?;
        card.set_item("toughness", permanent.power_toughness.map(|(_, toughness)| toughness))?;
        card.set_item("damage", permanent.damage)?;
        card.set_item("counters", permanent.counters)?;
        let named = PyDict::new(py);
        for (name, count) in &permanent.named_counters {
            named.set_item(name, count)?;
        }
        card.set_item("named_counters", named)?;
        card.set_item("summoning_sick", permanent.summoning_sick)?;
        card.set_item("attacking", permanent.attacking)?;
        card.set_item("blocking", permanent.blocking)?;
        card.set_item("token", permanent.token)?;
        battlefield.append(card)?;
    }
    dict.set_item("battlefield", battlefield)?;
    dict.set_item("graveyards", view.graveyards.to_vec())?;
    dict.set_item("exile", view.exile.to_vec())?;
    let stack = PyList::empty(py);
    for entry in &view.stack {
        let item = PyDict::new(py);
        item.set_item("name", &entry.name)?;
        item.set_item("controller", entry.controller)?;
        item.set_item("ability", entry.ability)?;
        item.set_item("targets", entry.targets.clone())?;
        stack.append(item)?;
    }
    dict.set_item("stack", stack)?;
    Ok(dict)
}
