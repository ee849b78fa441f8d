//! `CardSet`, `Deck`, `Game` and the built-in players of the Python package: one game at a
//! time, moves as numbers of the fixed action space ([`game::ACTION_SPACE`]).

use std::path::PathBuf;
use std::sync::Arc;

use game::players::{GreedyPlayer, Player, RandomPlayer};
use game::sim::hash;
use game::{CardSet, DefIdx, Game, Move, Seat};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::args::{Action, Index, Player as PlayerArg, Seed, TurnLimit, seed_or_fresh};
use crate::errors::{DeckError, EngineError, IllegalMove, RulesError, SetupError, guarded, with_attrs};
use crate::observation;
use crate::shutdown::detached;

/// A card set: the printed cards of a folder's `cards.json` and their compiled rules.
///
/// Made by `CardSet.load(dir)`; `len(card_set)` is its number of printed cards.
#[pyclass(name = "CardSet", module = "rulescript", frozen)]
pub struct PyCardSet {
    pub set: Arc<CardSet>,
    pub dir: PathBuf,
    /// The card blocks of observations.
    pub features: Arc<observation::CardFeatures>,
}

#[pymethods]
impl PyCardSet {
    /// Loads the card set in folder `dir` (its `cards.json` and `.rules` files).
    ///
    /// Raises `RulesError` with the message `rsc` prints when the set cannot be loaded, its
    /// `code` the kind of failure (`set-io`, `set-json`, `set-bad-card`, ...).
    #[staticmethod]
    fn load(py: Python<'_>, dir: PathBuf) -> PyResult<PyCardSet> {
        let loaded = detached(py, || {
            guarded("CardSet.load", || Ok(CardSet::load(&dir).map(|set| (observation::CardFeatures::new(&set), set))))
        })?;
        match loaded {
            Ok((features, set)) => Ok(PyCardSet { features: Arc::new(features), set: Arc::new(set), dir }),
            Err(error) => {
                let message = format!("cannot load the card set {}: {error}", dir.display());
                let code = error.code().into_pyobject(py)?.into_any().unbind();
                Err(with_attrs(py, RulesError::new_err(message), &[("code", code)]))
            }
        }
    }

    /// The folder the set was loaded from.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.dir.clone()
    }

    fn __len__(&self) -> usize {
        self.set.cards().len()
    }

    /// The printed card number `index` (from 0, below `len(card_set)`) of the set, as a
    /// dict (id, number, name, kind, bp, sp, ability_name, rules_text, ...). `IndexError`
    /// past the last card.
    fn card(&self, py: Python<'_>, index: Index) -> PyResult<Py<PyAny>> {
        let Index(index) = index;
        let Some(card) = self.set.card(index) else {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "card {index} is past the set's {} cards",
                self.set.cards().len()
            )));
        };
        let text = serde_json::to_string(card).map_err(|error| EngineError::new_err(error.to_string()))?;
        json_loads(py, &text)
    }

    fn __repr__(&self) -> String {
        format!("CardSet({:?}, {} cards)", self.dir.display().to_string(), self.set.cards().len())
    }

    /// The set itself: it never changes, so a copy (a `copy.deepcopy` of an environment
    /// holding it) shares it rather than load its folder again through `__reduce__`.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// Pickled as its folder: `CardSet.load(dir)` again where it is unpickled (the folder
    /// made absolute, so that another working directory finds it).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (PathBuf,))> {
        let dir = std::path::absolute(&self.dir).unwrap_or_else(|_| self.dir.clone());
        Ok((py.get_type::<PyCardSet>().getattr("load")?, (dir,)))
    }
}

/// `json.loads(text)`.
pub fn json_loads(py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// A deck that passed the deck rules against a card set (`load_deck`); `len(deck)` is
/// its number of cards.
#[pyclass(name = "Deck", module = "rulescript", frozen)]
#[derive(Clone)]
pub struct PyDeck {
    /// The deck's name (the file name without `.o8d`).
    #[pyo3(get)]
    pub name: String,
    /// The file it was read from.
    #[pyo3(get)]
    pub path: PathBuf,
    /// The card ids, one per copy, in file order.
    #[pyo3(get)]
    pub card_ids: Vec<String>,
    /// The same cards as numbers of the set they were checked against.
    pub cards: Vec<DefIdx>,
}

#[pymethods]
impl PyDeck {
    fn __len__(&self) -> usize {
        self.card_ids.len()
    }

    fn __repr__(&self) -> String {
        format!("Deck({:?}, {} cards)", self.name, self.card_ids.len())
    }

    /// The deck itself: it never changes (as [`PyCardSet::__copy__`]).
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// Pickled as its name, path and card ids (a game checks the ids against its set).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = py.import("rulescript._rulescript")?.getattr("_deck")?;
        Ok((restore, (self.name.clone(), self.path.clone(), self.card_ids.clone()).into_pyobject(py)?))
    }
}

/// A `Deck` unpickled: held to the deck rules again (the pickle may have been edited); its
/// card ids are checked against the set of the game it is given to.
#[pyfunction]
pub fn _deck(py: Python<'_>, name: String, path: PathBuf, card_ids: Vec<String>) -> PyResult<PyDeck> {
    let refuse = |error: game::deck::DeckError| -> PyResult<PyDeck> {
        let code = error.code().into_pyobject(py)?.into_any().unbind();
        Err(with_attrs(py, DeckError::new_err(error.to_string()), &[("code", code)]))
    };
    // Refused before the ids are counted, which looks each up among the ids before it.
    if card_ids.len() > game::deck::DECK_SIZE as usize {
        let count = u32::try_from(card_ids.len()).unwrap_or(u32::MAX);
        return refuse(game::deck::DeckError::Size { file: path, count });
    }
    let mut entries: Vec<game::deck::DeckEntry> = Vec::new();
    for id in &card_ids {
        match entries.iter_mut().find(|entry| entry.id == *id) {
            Some(entry) => entry.qty = entry.qty.saturating_add(1),
            None => entries.push(game::deck::DeckEntry { id: id.clone(), qty: 1, name: String::new() }),
        }
    }
    let deck = game::deck::Deck { name: name.clone(), entries };
    if let Err(error) = game::deck::check_deck(&path, deck, |_| true) {
        return refuse(error);
    }
    Ok(PyDeck { name, path, card_ids, cards: Vec::new() })
}

/// Reads the `.o8d` deck at `path` and checks it against `card_set` and the deck rules.
///
/// Raises `DeckError` (with the message `rsc` prints and a `code` such as `deck-size`).
#[pyfunction]
pub fn load_deck(path: PathBuf, card_set: &PyCardSet) -> PyResult<PyDeck> {
    read_deck(&path, &card_set.set)
}

fn read_deck(path: &std::path::Path, set: &CardSet) -> PyResult<PyDeck> {
    let deck = match game::deck::load_deck(path, |id| set.by_id(id).is_some()) {
        Ok(deck) => deck,
        Err(error) => {
            return Python::attach(|py| {
                Err(with_attrs(
                    py,
                    DeckError::new_err(error.to_string()),
                    &[("code", error.code().into_pyobject(py)?.into_any().unbind())],
                ))
            });
        }
    };
    let card_ids: Vec<String> = deck.card_ids().into_iter().map(str::to_owned).collect();
    let cards = card_ids.iter().filter_map(|id| set.by_id(id)).collect();
    Ok(PyDeck { name: deck.name, path: path.to_path_buf(), card_ids, cards })
}

/// The name of `value`'s type, for a message.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|name| name.to_string()).unwrap_or_else(|_| "?".to_owned())
}

/// The two decks of a game: `Deck`s, or paths of `.o8d` files read against `set`.
pub fn two_decks(decks: &Bound<'_, PyAny>, set: &PyCardSet) -> PyResult<[PyDeck; 2]> {
    // One path, or no decks at all: a string is iterable (its characters were taken for
    // "more" decks than two), `None` is not ("'NoneType' object is not iterable"). A set
    // has no order: which deck was seat 0's changed with the interpreter's hash seed.
    let one_path = decks.is_instance_of::<pyo3::types::PyString>()
        || decks.is_instance_of::<pyo3::types::PyBytes>()
        // What `os.PathLike` checks, without importing `os` for each game.
        || decks.hasattr("__fspath__")?;
    let unordered = decks.is_instance_of::<pyo3::types::PySet>() || decks.is_instance_of::<pyo3::types::PyFrozenSet>();
    if one_path || unordered || decks.is_none() || decks.cast::<PyDeck>().is_ok() {
        let given = type_name(decks);
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "decks must be a sequence of two decks (Deck objects or .o8d paths, seat 0's first), not {given}"
        )));
    }
    // At most three are read: enough to tell two from more, and an endless iterable ends.
    let items: Vec<Bound<'_, PyAny>> = decks.try_iter()?.take(3).collect::<PyResult<_>>()?;
    if items.len() != 2 {
        let count = if items.len() > 2 { "more".to_owned() } else { items.len().to_string() };
        return Err(pyo3::exceptions::PyValueError::new_err(format!("a game needs two decks, not {count}")));
    }
    let one = |item: &Bound<'_, PyAny>| -> PyResult<PyDeck> {
        if let Ok(deck) = item.cast::<PyDeck>() {
            let deck = deck.get().clone();
            // A deck checked against another set: its ids must be this set's too.
            let cards: Option<Vec<DefIdx>> = deck.card_ids.iter().map(|id| set.set.by_id(id)).collect();
            return match cards {
                Some(cards) => Ok(PyDeck { cards, ..deck }),
                None => {
                    Err(DeckError::new_err(format!("deck {:?} holds cards this card set does not have", deck.name)))
                }
            };
        }
        let Ok(path) = item.extract::<PathBuf>() else {
            // Not "expected str, bytes or os.PathLike object", which says nothing of decks.
            let given = type_name(item);
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "each deck must be a Deck or an .o8d path, not {given}"
            )));
        };
        read_deck(&path, &set.set)
    };
    Ok([one(&items[0])?, one(&items[1])?])
}

/// How a game started: what rebuilds it with its history.
#[derive(Clone)]
pub struct Start {
    pub set: Arc<CardSet>,
    /// The folder of the set (what a pickled game loads again).
    pub set_dir: PathBuf,
    pub features: Arc<observation::CardFeatures>,
    pub decks: [PyDeck; 2],
    pub seed: u64,
    pub turn_limit: Option<u32>,
}

impl Start {
    pub fn new_game(&self) -> PyResult<Game> {
        let cards = [self.decks[0].cards.clone(), self.decks[1].cards.clone()];
        let mut game = Game::new(Arc::clone(&self.set), cards, self.seed)
            .map_err(|error| SetupError::new_err(error.to_string()))?;
        if let Some(limit) = self.turn_limit {
            game.set_turn_limit(limit);
        }
        Ok(game)
    }
}

/// A game in progress, its start and the actions applied since.
#[derive(Clone)]
pub struct Played {
    pub game: Game,
    pub start: Start,
    pub history: Vec<u16>,
    /// The legal moves of the current state, once asked for (every change clears it).
    legal: Option<Vec<Move>>,
    /// Set after a panic: the game may be half-changed, so every later call refuses.
    broken: bool,
    /// A re-deal of hidden cards ([`PyGame::resample_hidden`]): the history no longer
    /// replays it.
    resampled: bool,
}

impl Played {
    pub fn new(start: Start) -> PyResult<Played> {
        let game = guarded("Game()", || start.new_game())?;
        Ok(Played { game, start, history: Vec::new(), legal: None, broken: false, resampled: false })
    }

    fn check(&self) -> PyResult<()> {
        if self.broken {
            return Err(EngineError::new_err("this game was left unusable by an earlier engine failure"));
        }
        Ok(())
    }

    /// The legal moves, listed once per state. The engine's calls are guarded here as in
    /// [`Played::apply`]: a panic is an `EngineError`, never a `PanicException` (listing
    /// moves, or writing an observation, changes nothing, so the game stays usable).
    pub fn legal(&mut self) -> PyResult<&[Move]> {
        if self.legal.is_none() {
            let game = &self.game;
            self.legal = Some(guarded("listing the legal actions", || Ok(game.legal_moves()))?);
        }
        Ok(self.legal.as_deref().unwrap_or_default())
    }

    /// The legal moves, taken out of the cache (put them back once done with them).
    fn take_legal(&mut self) -> PyResult<Vec<Move>> {
        match self.legal.take() {
            Some(moves) => Ok(moves),
            None => {
                let game = &self.game;
                guarded("listing the legal actions", || Ok(game.legal_moves()))
            }
        }
    }

    /// Applies action `action`, or raises `IllegalMove` listing the legal ones.
    pub fn apply(&mut self, action: &Action) -> PyResult<()> {
        self.check()?;
        let moves = self.take_legal()?;
        let chosen = action.index().and_then(|a| moves.iter().position(|m| m.index() == Some(a)));
        let Some(i) = chosen else {
            let legal: Vec<usize> = moves.iter().filter_map(Move::index).collect();
            let message = match (self.game.outcome(), action.index().and_then(Move::from_index)) {
                (Some(_), _) => format!("action {action}: the game is over"),
                (None, Some(mv)) => format!("action {action} ({mv:?}) is not legal now; legal actions: {legal:?}"),
                (None, None) => format!(
                    "action {action} is outside the action space 0..{}; legal actions: {legal:?}",
                    game::ACTION_SPACE
                ),
            };
            self.legal = Some(moves);
            return Python::attach(|py| {
                let list = PyList::new(py, &legal)?.into_any().unbind();
                Err(with_attrs(py, IllegalMove::new_err(message), &[("legal_actions", list)]))
            });
        };
        let mv = moves.into_iter().nth(i).unwrap_or(Move::Pass);
        let game = &mut self.game;
        let result = guarded("Game.apply", || Ok(game.apply_listed(mv)));
        match result {
            Ok(Ok(_)) => {
                // Found among the legal moves' numbers, all below ACTION_SPACE (a u16).
                self.history.push(action.index().and_then(|a| u16::try_from(a).ok()).unwrap_or(u16::MAX));
                Ok(())
            }
            Ok(Err(refused)) => Err(IllegalMove::new_err(refused.to_string())),
            Err(panic) => {
                self.broken = true;
                Err(panic)
            }
        }
    }

    pub fn returns(&self) -> [f64; 2] {
        match self.game.outcome().and_then(|o| o.winner) {
            Some(Seat::FIRST) => [1.0, -1.0],
            Some(_) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }
}

/// One game of the reference engine, driven by action numbers.
///
/// `Game(card_set, decks, seed=0, turn_limit=None)`: `decks` are two `Deck`s or `.o8d`
/// paths; the seed decides the shuffles, who starts and every random draw, so the same
/// seed and the same actions give the same game (and `trace_hash()`); `seed=None` draws
/// one from fresh entropy (as Gymnasium reads `seed=None`; `seed` says which). `turn_limit`: the
/// turns after which the game is a draw, from 1 to 2**32 - 1 (`None`: `DEFAULT_TURN_LIMIT`).
#[pyclass(name = "Game", module = "rulescript")]
pub struct PyGame {
    pub played: Played,
}

#[pymethods]
impl PyGame {
    #[new]
    // The text signature gives the default as Python sees it (PyO3 shows `seed=...` for a
    // default it cannot print).
    #[pyo3(signature = (card_set, decks, seed = Some(Seed(0)), turn_limit = None), text_signature = "(card_set, decks, seed=0, turn_limit=None)")]
    fn new(
        py: Python<'_>,
        card_set: &PyCardSet,
        decks: &Bound<'_, PyAny>,
        seed: Option<Seed>,
        turn_limit: Option<TurnLimit>,
    ) -> PyResult<PyGame> {
        let (seed, turn_limit) = (seed_or_fresh(py, seed)?, turn_limit.map(|TurnLimit(limit)| limit));
        let decks = two_decks(decks, card_set)?;
        let start = Start {
            set: Arc::clone(&card_set.set),
            set_dir: card_set.dir.clone(),
            features: Arc::clone(&card_set.features),
            decks,
            seed,
            turn_limit,
        };
        Ok(PyGame { played: Played::new(start)? })
    }

    /// The game that `Game(card_set, decks, seed, turn_limit)` becomes after `history`
    /// (the actions of an earlier game's `history()`, ints below `ACTION_SPACE`): the same
    /// seed and history give the same game, `trace_hash()` included. Raises `IllegalMove`
    /// naming the first action that is not legal.
    #[staticmethod]
    #[pyo3(signature = (card_set, decks, seed, history, turn_limit = None))]
    fn from_history(
        py: Python<'_>,
        card_set: &PyCardSet,
        decks: &Bound<'_, PyAny>,
        seed: Seed,
        history: Vec<Action>,
        turn_limit: Option<TurnLimit>,
    ) -> PyResult<PyGame> {
        let mut game = PyGame::new(py, card_set, decks, Some(seed), turn_limit)?;
        for (step, action) in history.iter().enumerate() {
            if let Err(error) = game.played.apply(action) {
                return Python::attach(|py| {
                    let message = format!("history step {step}: {}", error.value(py));
                    let legal = error.value(py).getattr("legal_actions").ok().map(Bound::unbind);
                    let attrs: Vec<(&str, Py<PyAny>)> = legal.into_iter().map(|l| ("legal_actions", l)).collect();
                    Err(with_attrs(py, IllegalMove::new_err(message), &attrs))
                });
            }
        }
        Ok(game)
    }

    /// The seed the game started with (an int from 0 to 2**64 - 1): it decides the
    /// shuffles, who starts and every random draw.
    #[getter]
    fn seed(&self) -> u64 {
        self.played.start.seed
    }

    /// The two `Deck`s the game started with, seat 0's first.
    #[getter]
    fn decks(&self) -> Vec<PyDeck> {
        self.played.start.decks.to_vec()
    }

    /// The seat (0 or 1) that decides now: the chooser of a card's question, the defender
    /// in the Counter-attack phase, else the active player. Once the game is over no one
    /// decides, and it is the seat that was to move last (check `is_over()`).
    #[getter]
    fn current_player(&self) -> u8 {
        Seat::of(self.played.game.to_move()).number()
    }

    /// The turn number, from 1.
    #[getter]
    fn turn(&self) -> u32 {
        self.played.game.state().turn
    }

    /// The legal actions of the player to move (`current_player`), a list of ints below
    /// `ACTION_SPACE` in the engine's order; empty once the game is over.
    fn legal_actions(&mut self) -> PyResult<Vec<usize>> {
        self.played.check()?;
        Ok(self.played.legal()?.iter().filter_map(Move::index).collect())
    }

    /// The legal actions as a new numpy bool vector of shape `(ACTION_SPACE,)`: `mask[a]`
    /// is whether action `a` is legal for the player to move (all False once over).
    fn legal_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        self.played.check()?;
        let mut mask = vec![false; game::ACTION_SPACE];
        for i in self.played.legal()?.iter().filter_map(Move::index) {
            mask[i] = true;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Takes action `action` (an int) for the player to move. Raises `IllegalMove` (its
    /// `legal_actions` lists the legal ones) and changes nothing when it is not legal, any
    /// int however large included; `TypeError` for a value that is not an int.
    fn apply(&mut self, action: Action) -> PyResult<()> {
        self.played.apply(&action)
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.played.game.outcome().is_some()
    }

    /// Each seat's result as a list of two floats, seat 0's first: 1.0 for the winner,
    /// -1.0 for the loser, 0.0 for both in a draw or while the game goes on.
    fn returns(&self) -> Vec<f64> {
        self.played.returns().to_vec()
    }

    /// The winner (0 or 1), or `None` for a draw or while the game goes on.
    fn winner(&self) -> Option<u8> {
        self.played.game.outcome().and_then(|o| o.winner).map(Seat::number)
    }

    /// How the game ended, as `rsc run` prints it (`None` while it goes on).
    fn outcome(&self) -> Option<String> {
        self.played.game.outcome().map(ToString::to_string)
    }

    /// What `player` (0 or 1) may see, as a new numpy float32 vector of shape
    /// `(OBSERVATION_SIZE,)`: the blocks `OBSERVATION_LAYOUT` names (global, me, opponent,
    /// hand, removed, question_header, question; python/README.md details each float). Only
    /// what that player may see: its own hand, never the opponent's or the order of either
    /// deck. `ValueError` for a player other than 0 or 1.
    fn observation<'py>(&self, py: Python<'py>, player: PlayerArg) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.played.check()?;
        let PlayerArg(me) = player;
        let mut out = vec![0.0f32; observation::OBSERVATION_SIZE];
        let played = &self.played;
        guarded("Game.observation", || {
            let mut written = observation::Written::default();
            observation::encode(&played.game, me, &played.start.features, &mut out, &mut written);
            Ok(())
        })?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Writes `observation(player)` into `out`, a writable, contiguous numpy float32
    /// vector of shape `(OBSERVATION_SIZE,)`, allocating nothing. `ValueError` for another
    /// dtype or shape.
    fn observation_into(&self, player: PlayerArg, out: &Bound<'_, PyAny>) -> PyResult<()> {
        self.played.check()?;
        let PlayerArg(me) = player;
        let array = crate::vec_game::float_array(out, &[observation::OBSERVATION_SIZE], "out")?;
        // `readwrite()` would panic on a read-only array, or one borrowed elsewhere.
        let mut write = array.try_readwrite().map_err(|error| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "out must be a writable array no one else is using: {error}"
            ))
        })?;
        let slice =
            write.as_slice_mut().map_err(|_| pyo3::exceptions::PyValueError::new_err("out must be contiguous"))?;
        let played = &self.played;
        guarded("Game.observation_into", || {
            let mut written = observation::Written::UNKNOWN;
            observation::encode(&played.game, me, &played.start.features, slice, &mut written);
            Ok(())
        })
    }

    /// What `player` (0 or 1) may see, as a dict of the same data as the engine's
    /// `Game::view` (JSON types): `me`, `turn`, `active`, `phase`, `to_move`, `players`
    /// (both seats' public sides), `question` (the candidates of the question `player`
    /// answers), `question_header` (that question's `asker` when `player` may see it,
    /// `asker_is_mine`, `kind`, `text`, `min` and `max` picks, `picked`), `legal_moves`,
    /// `outcome`.
    fn view(&self, py: Python<'_>, player: PlayerArg) -> PyResult<Py<PyAny>> {
        self.played.check()?;
        let game = &self.played.game;
        let text = guarded("Game.view", || {
            serde_json::to_string(&game.view(player.0.pid())).map_err(|error| EngineError::new_err(error.to_string()))
        })?;
        json_loads(py, &text)
    }

    /// Action `action` in words (`Attack { slot: 1 }`), with the name of the card it plays
    /// from the hand or the removed pile of the player to move. `ValueError` for an int
    /// outside `0..ACTION_SPACE`; an action that is not legal now is still named.
    fn action_to_string(&self, action: Action) -> PyResult<String> {
        let mv = action.index().and_then(Move::from_index).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "action {action} is outside the action space 0..{}",
                game::ACTION_SPACE
            ))
        })?;
        let state = self.played.game.state();
        let me = Seat::of(self.played.game.to_move());
        let player = state.player(me);
        let (pile, pos) = match mv {
            Move::PlayCharacter { hand, .. } | Move::PlayCard { hand } | Move::Backup { hand, .. } => {
                (&player.hand, Some(hand))
            }
            Move::PlayRemoved { pos, .. } => (&player.removed, Some(pos)),
            _ => (&player.hand, None),
        };
        let card = pos.and_then(|pos| pile.get(usize::from(pos)).copied());
        guarded("Game.action_to_string", || {
            Ok(match card {
                Some(card) => format!("{mv:?} [{}]", state.name(card)),
                None => format!("{mv:?}"),
            })
        })
    }

    /// A copy of the game (history included) that goes on on its own.
    fn clone(&self) -> PyGame {
        PyGame { played: self.played.clone() }
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// Pickled as its start and history: `Game.from_history` replays it where it is
    /// unpickled (its card set loaded again from its folder). OpenSpiel's `serialize`
    /// pickles the state's game so. A game `resample_hidden` dealt again is refused: its
    /// history does not replay it.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        self.played.check()?;
        if self.played.resampled {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "cannot pickle a game resample_hidden dealt again: its history does not replay it",
            ));
        }
        let start = &self.played.start;
        let card_set = PyCardSet {
            set: Arc::clone(&start.set),
            dir: start.set_dir.clone(),
            features: Arc::clone(&start.features),
        };
        let args = (card_set, start.decks.to_vec(), start.seed, self.played.history.clone(), start.turn_limit);
        Ok((py.get_type::<PyGame>().getattr("from_history")?, args.into_pyobject(py)?))
    }

    /// The actions applied since the start, a list of ints in order: `Game.from_history`
    /// rebuilds the game from them.
    fn history(&self) -> Vec<u16> {
        self.played.history.clone()
    }

    /// A copy in which everything `player` cannot see is dealt again from `seed`: the
    /// opponent's hand and deck mixed and dealt at random, `player`'s own deck shuffled,
    /// the game's random stream replaced (a determinization, for search). The copy's
    /// `observation(player)` is this game's; its history no longer replays it.
    fn resample_hidden(&self, player: PlayerArg, seed: Seed) -> PyResult<PyGame> {
        self.played.check()?;
        let (PlayerArg(me), Seed(seed)) = (player, seed);
        let mut copy = self.played.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        guarded("Game.resample_hidden", || {
            game::players::deal_hidden(&mut copy.game, me, &mut rng);
            Ok(())
        })?;
        copy.legal = None;
        copy.resampled = true;
        Ok(PyGame { played: copy })
    }

    /// The BLAKE3 hash of the event log as 64 hex digits: what `rsc run --trace-hash`
    /// prints for the same seed and moves.
    fn trace_hash(&self) -> PyResult<String> {
        let game = &self.played.game;
        guarded("Game.trace_hash", || Ok(hash::trace_hash(game.log())))
    }

    /// The BLAKE3 hash of the board (cards, players, random stream, pending question) as
    /// 64 hex digits: equal for equal states, whatever the moves that led there.
    fn state_hash(&self) -> PyResult<String> {
        let game = &self.played.game;
        guarded("Game.state_hash", || Ok(hash::state_hash(game)))
    }

    /// The whole event log, one line per entry, as `rsc run` prints it: every card drawn
    /// included, so it is for people and tools, not for a player's agent (that is
    /// `observation` or `view`).
    fn log(&self) -> PyResult<Vec<String>> {
        let game = &self.played.game;
        guarded("Game.log", || Ok(game.log().iter().map(|entry| entry.to_string()).collect()))
    }

    fn __repr__(&self) -> String {
        let state = self.played.game.state();
        format!(
            "Game(seed={}, turn={}, phase={:?}, to_move={}, over={})",
            self.played.start.seed,
            state.turn,
            state.phase,
            self.current_player(),
            if state.outcome.is_some() { "True" } else { "False" }
        )
    }
}

/// The seed of the built-in player in seat `seat` of the game seeded `game_seed`, as
/// `rsc run` derives it.
#[pyfunction]
pub fn player_seed(game_seed: Seed, seat: PlayerArg) -> u64 {
    game::players::player_seed(game_seed.0, seat.0)
}

/// Asks `player` to choose among the legal moves of `game`; the action number.
fn choose(player: &mut dyn Player, game: &mut PyGame) -> PyResult<usize> {
    game.played.check()?;
    let played = &mut game.played;
    let moves = played.take_legal()?;
    if moves.is_empty() {
        played.legal = Some(moves);
        return Err(IllegalMove::new_err("the game is over: there is no move to choose"));
    }
    let chosen =
        guarded("Player.choose", || player.choose(&played.game, &moves).map_err(|e| EngineError::new_err(e.0)));
    let action = chosen.map(|i| moves.get(i).and_then(Move::index).unwrap_or(0));
    played.legal = Some(moves);
    action
}

/// Declares a Python class for one of the engine's built-in players: made from a seed (or
/// fresh entropy), seated as `rsc run` seats it, choosing for the player to move, copied
/// with its stream. The two players differ only in the engine's type and the class doc.
macro_rules! builtin_player_class {
    ($(#[$doc:meta])* $class:ident, $name:literal, $player:ty) => {
        $(#[$doc])*
        #[pyclass(name = $name, module = "rulescript")]
        pub struct $class {
            player: $player,
            seed: u64,
        }

        impl $class {
            fn seeded(seed: u64) -> $class {
                $class { player: <$player>::new(seed), seed }
            }
        }

        #[pymethods]
        impl $class {
            #[new]
            #[pyo3(signature = (seed = None))]
            fn new(py: Python<'_>, seed: Option<Seed>) -> PyResult<$class> {
                Ok($class::seeded(seed_or_fresh(py, seed)?))
            }

            /// The seed it was made with (drawn from fresh entropy for `seed=None`), so that a
            /// game worth looking at again can be played again.
            #[getter]
            fn seed(&self) -> u64 {
                self.seed
            }

            /// The player `rsc run` seats in `seat` (0 or 1) of the game seeded `game_seed`: seeded
            /// with `player_seed(game_seed, seat)`.
            #[staticmethod]
            fn for_seat(game_seed: Seed, seat: PlayerArg) -> $class {
                $class::seeded(player_seed(game_seed, seat))
            }

            /// The action (an int below `ACTION_SPACE`) it takes in `game` for the player to move;
            /// `game` is not changed. `IllegalMove` when the game is over.
            fn choose(&mut self, game: &mut PyGame) -> PyResult<usize> {
                choose(&mut self.player, game)
            }

            /// A copy in the same state, which goes on on its own: it makes the choices this player
            /// would make from here (so that `copy.deepcopy` of an environment holding one works).
            fn __copy__(&self) -> Self {
                Self { player: self.player.clone(), seed: self.seed }
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                self.__copy__()
            }
        }
    };
}

builtin_player_class!(
    /// The built-in random player: any legal action, uniformly, from its own seeded stream
    /// (`rsc run --player random`).
    ///
    /// `RandomPlayer(seed)`, `seed` an int from 0 to 2**64 - 1: the same seed and the same
    /// games give the same choices; `seed=None` (the default) draws one from fresh entropy.
    PyRandomPlayer,
    "RandomPlayer",
    RandomPlayer
);

builtin_player_class!(
    /// The built-in greedy player (`rsc run --player greedy`): one-step look-ahead on what its
    /// seat may see; the baseline an agent should beat.
    ///
    /// `GreedyPlayer(seed)`, `seed` an int from 0 to 2**64 - 1 (it deals the hidden cards of
    /// the look-ahead's copy and breaks ties): the same seed and the same games give the same
    /// choices; `seed=None` (the default) draws one from fresh entropy.
    PyGreedyPlayer,
    "GreedyPlayer",
    GreedyPlayer
);

/// `observation_bounds`'s `(low, high)`.
type Bounds<'py> = (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<f32>>);

/// The least and greatest value of each float of an observation of a game of `card_set`
/// between `decks` with `turn_limit` (`None`: the default limit), as two float32 numpy
/// vectors `(low, high)`: the bounds of the environments' observation spaces. Flags, card
/// counts, the turn and printed values have their exact ranges; what card scripts may set
/// to any number (HP, SP, a character's BP, a chosen number) has the range of an `i32`.
#[pyfunction]
#[pyo3(signature = (card_set, decks, turn_limit = None))]
pub fn observation_bounds<'py>(
    py: Python<'py>,
    card_set: &PyCardSet,
    decks: &Bound<'py, PyAny>,
    turn_limit: Option<TurnLimit>,
) -> PyResult<Bounds<'py>> {
    let [a, b] = two_decks(decks, card_set)?;
    let limit = turn_limit.map_or(game::state::DEFAULT_TURN_LIMIT, |TurnLimit(limit)| limit);
    let cards = a.cards.len() + b.cards.len();
    let (low, high) = guarded("observation_bounds", || Ok(observation::bounds(&card_set.features, cards, limit)))?;
    Ok((PyArray1::from_vec(py, low), PyArray1::from_vec(py, high)))
}
