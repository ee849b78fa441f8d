"""Magic between two Wagic decks for OpenSpiel: importing this module registers
``python_rulescript_wagic`` with ``pyspiel.register_game``, so
``pyspiel.load_game("python_rulescript_wagic", {...})`` works with OpenSpiel's algorithms
(MCTS, random rollouts, ...) on ``rulescript.wagic.WagicGame``, both seats OpenSpiel's
players.

Parameters: ``cards`` (Wagic card files or folders, several joined by ``os.pathsep``:
``:`` here, ``;`` on Windows), ``sets`` (Wagic's ``Res/sets`` folder, whose ids deck files
may give; empty for none), ``deck0`` and ``deck1`` (Wagic deck files), ``skip_uncompiled``
(play a deck's cards that compile and leave out the others, as ``rsc run --lang wagic
--skip-uncompiled``), ``seed`` and ``turn_limit`` (``WAGIC_DEFAULT_TURN_LIMIT``, 200, by
default). ``cards``, ``deck0`` and ``deck1`` have no default: a game without them is a
``ValueError`` naming them. The cards are compiled once a process for each ``cards`` and
``sets`` (by their real paths), the decks read once for each. The seed fixes the shuffles
and the draws, so the game is deterministic given its parameters
(``ChanceMode.DETERMINISTIC``): every ``new_initial_state()`` of one loaded game is the same
deal. OpenSpiel holds integer parameters as C ``int`` values: ``seed`` is from 0 to
2**31 - 1 and ``turn_limit`` from 1 to 2**31 - 1.

Actions are the waiting question's options (``WAGIC_ACTION_SPACE`` at most, a choice among
more asked in pages). Players see ``WagicGame.observation`` (``observation_tensor``, within
``wagic.observation_bounds()``) and ``WagicGame.view`` (``observation_string``): what they
see now; there is no information state (perfect recall).

A state is the whole game, hidden cards included: its clones, which search algorithms such
as MCTS play out, know the order of both decks and the opponent's hand. There is no
``resample_hidden`` (as CFC's game has) yet: the Wagic table cannot deal what a seat does
not see again. A clone (``state.clone()``, ``copy.deepcopy``) is ``WagicGame.clone()``: the
game played again from its start with the answers so far, taken on the game's own thread,
so it costs the game's play up to now (``BENCHMARKS.md``: some 45 µs of CPU an answer,
8 ms for a game of 200 answers). ``serialize`` carries the parameters' cards and decks by path and the
answers: a state deserialized in another process plays its game again.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np
import pyspiel

from ..wagic import (
    ACTION_SPACE,
    DEFAULT_TURN_LIMIT,
    OBSERVATION_SIZE,
    WagicCards,
    WagicDeck,
    WagicGame,
    load_deck,
)
from ._spiel import Observer, check_observer_kind, checked_game_info, game_type

SHORT_NAME = "python_rulescript_wagic"

_PARAMETERS: Dict[str, Union[str, int, bool]] = {
    "cards": "",
    "sets": "",
    "deck0": "",
    "deck1": "",
    "skip_uncompiled": False,
    "seed": 0,
    "turn_limit": DEFAULT_TURN_LIMIT,
}

_GAME_TYPE = game_type(SHORT_NAME, "RuleScript Magic: The Gathering (Wagic's cards)", _PARAMETERS)

# A bound on decisions for OpenSpiel's bookkeeping: the turn limit ends every game. Thirty
# random games of the red and green decks of Wagic's cards (`tests/test_wagic_env.py`)
# asked at most 18 questions in a turn (2026-11-30); a turn of many spells and targets asks
# more, and this leaves room for twenty times as many.
_DECISIONS_PER_TURN = 400

# Cards by (real paths of the card files, of the sets folder), decks by (cards' key, real
# path, skip_uncompiled): OpenSpiel makes a game object per `load_game` and per
# deserialized state, and compiling Wagic's cards takes a second.
_CardsKey = Tuple[Tuple[str, ...], str]
_CARDS: Dict[_CardsKey, WagicCards] = {}
_DECKS: Dict[Tuple[_CardsKey, str, bool], WagicDeck] = {}


def _cards_of(card_files: str, sets: str) -> Tuple[_CardsKey, WagicCards]:
    """The cards of ``card_files`` (joined by ``os.pathsep``) with ``sets``, compiled once."""
    paths = [path for path in card_files.split(os.pathsep) if path]
    key = (tuple(os.path.realpath(path) for path in paths), os.path.realpath(sets) if sets else "")
    if key not in _CARDS:
        _CARDS[key] = WagicCards.load(paths, sets=sets or None)
    return key, _CARDS[key]


def _deck_of(cards_key: _CardsKey, cards: WagicCards, path: str, skip_uncompiled: bool) -> WagicDeck:
    """The deck file ``path`` read against ``cards``, once."""
    key = (cards_key, os.path.realpath(path), skip_uncompiled)
    if key not in _DECKS:
        _DECKS[key] = load_deck(path, cards, skip_uncompiled=skip_uncompiled)
    return _DECKS[key]


class WagicSpielGame(pyspiel.Game):
    """Magic for OpenSpiel: ``pyspiel.load_game("python_rulescript_wagic", params)`` with
    the parameters above; ``ValueError`` for a missing one or a seed or turn limit out of
    range; ``OSError`` and ``RulesError`` for cards that do not load, ``DeckError`` for a
    deck that cannot play (as ``WagicCards.load`` and ``wagic.load_deck`` raise them)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = {**_PARAMETERS, **(params or {})}
        missing = [name for name in ("cards", "deck0", "deck1") if not params[name]]
        if missing:
            raise ValueError(
                f"{SHORT_NAME} needs the parameters {missing}: Wagic card files (several joined by "
                f"{os.pathsep!r}) and two Wagic deck files"
            )
        info, seed, turn_limit = checked_game_info(SHORT_NAME, params, ACTION_SPACE, _DECISIONS_PER_TURN)
        super().__init__(_GAME_TYPE, info, params)
        cards_key, self.cards = _cards_of(str(params["cards"]), str(params["sets"]))
        skip = bool(params["skip_uncompiled"])
        self.decks = [_deck_of(cards_key, self.cards, str(params[name]), skip) for name in ("deck0", "deck1")]
        self.seed = seed
        self.turn_limit = turn_limit

    def new_initial_state(self) -> WagicSpielState:
        """A new game from the start (every state of one ``WagicSpielGame`` has its seed)."""
        return WagicSpielState(self)

    def start(self, history: Optional[List[int]] = None) -> WagicGame:
        """The ``WagicGame`` of this game's parameters, both seats OpenSpiel's, after the
        answers ``history`` (none by default)."""
        return WagicGame.from_history(
            self.cards, self.decks, self.seed, history or [], players=(None, None), turn_limit=self.turn_limit
        )

    def make_py_observer(self, iig_obs_type: Any = None, params: Optional[Dict[str, Any]] = None) -> Observer:
        """The observer of ``observation_tensor`` and ``observation_string``: what one
        player sees now (the public information and that player's own), with no memory of
        the past. ``ValueError`` for any other kind, such as the perfect-recall observer
        of ``information_state_string``; no ``params`` are supported."""
        check_observer_kind(SHORT_NAME, iig_obs_type)
        return Observer(params, OBSERVATION_SIZE, lambda game, player, tensor: np.copyto(tensor, game.observation(player)))


class _Table:
    """A state's ``WagicGame`` with the parameters that make it again: what OpenSpiel
    copies of a Python state (its ``__dict__``, deep-copied by ``clone()`` and pickled by
    ``serialize()``). A deep copy is ``WagicGame.clone()``; a pickle carries the
    parameters and the answers, and plays them again where it is loaded."""

    __slots__ = ("params", "game")

    def __init__(self, params: Dict[str, Any], game: WagicGame) -> None:
        self.params = params
        self.game = game

    def __deepcopy__(self, memo: Any) -> _Table:
        return _Table(self.params, self.game.clone())

    def __reduce__(self) -> Tuple[Any, Tuple[Dict[str, Any], List[int]]]:
        return (_table_replayed, (self.params, self.game.history()))


def _table_replayed(params: Dict[str, Any], history: List[int]) -> _Table:
    """The ``_Table`` a pickle of one holds: its game played again (``IllegalMove`` when
    the cards or decks at those paths changed so that an answer is no option)."""
    return _Table(params, WagicSpielGame(params).start(history))


class WagicSpielState(pyspiel.State):
    """A game in progress; ``game`` is the underlying ``rulescript.wagic.WagicGame``."""

    def __init__(self, game: WagicSpielGame) -> None:
        super().__init__(game)
        # Started at its first use: `clone()` makes a new initial state and then replaces
        # its attributes by copies of the cloned state's, so a game started here would be
        # played and thrown away at every clone.
        self._table: Optional[_Table] = None

    @property
    def game(self) -> WagicGame:
        """The ``WagicGame`` of this state (started at its first use)."""
        if self._table is None:
            spiel_game = self.get_game()
            assert isinstance(spiel_game, WagicSpielGame)
            self._table = _Table(spiel_game.get_parameters(), spiel_game.start())
        return self._table.game

    def __deepcopy__(self, memo: Any) -> WagicSpielState:
        """``copy.deepcopy(state)``: ``state.clone()``, with OpenSpiel's own part of the
        state (``history()``, ``move_number()``)."""
        copied: WagicSpielState = self.clone()
        return copied

    def current_player(self) -> Any:
        """The seat (0 or 1) to move, or ``pyspiel.PlayerId.TERMINAL`` once over (an int
        or pyspiel's enum: ``Any``)."""
        seat = self.game.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> List[int]:
        if player != self.game.current_player:
            return []
        return self.game.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.game.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.game.action_to_string(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over (won, drawn at the turn limit, or stopped)."""
        return self.game.is_over()

    def returns(self) -> List[float]:
        """Each player's result, seat 0's first: 1.0, -1.0, or 0.0 each (a draw, or not over)."""
        return self.game.returns()

    def __str__(self) -> str:
        return f"seed {self.game.seed}, actions {self.game.history()}"


pyspiel.register_game(_GAME_TYPE, WagicSpielGame)
