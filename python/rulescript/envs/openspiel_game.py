"""The game for OpenSpiel: importing this module registers ``python_rulescript`` with
``pyspiel.register_game``, so ``pyspiel.load_game("python_rulescript", {...})`` works with
OpenSpiel's algorithms (MCTS, random rollouts, ...).

Parameters: ``card_set`` (a folder, loaded once a process: a change to its files shows in
the next process), ``deck0`` and ``deck1`` (``.o8d`` paths), ``seed``
(the game's seed: it fixes the shuffles and every random draw, so given the parameters the
game is deterministic, hence ``ChanceMode.DETERMINISTIC``, and every
``new_initial_state()`` of one loaded game is the same deal: load other seeds for others)
and ``turn_limit``. OpenSpiel holds integer parameters as C ``int`` values: ``seed`` is
from 0 to 2**31 - 1 and ``turn_limit`` from 1 to 2**31 - 1 here (a larger int given to
``pyspiel.load_game`` fails inside pybind11, "Unable to cast Python instance of type <class
'int'>", before this module sees it). Players see ``Game.observation``
(``observation_tensor``) and ``Game.view`` (``observation_string``): what they see now;
there is no information state (perfect recall).

A state is the whole game, hidden cards included: its clones, which search algorithms such
as MCTS play out, know the order of both decks and the opponent's hand. For a search that
sees only what the player to move may see, search a determinization,
``state.resample_hidden(player, seed)``: a clone (the same ``history()``) whose hidden cards
are dealt again.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional, Union

import pyspiel

from .. import ACTION_SPACE, DEFAULT_TURN_LIMIT, OBSERVATION_SIZE, CardSet, Game, load_deck
from ._spiel import Observer, check_observer_kind, checked_game_info, game_type

SHORT_NAME = "python_rulescript"

_PARAMETERS: Dict[str, Union[str, int]] = {"card_set": "", "deck0": "", "deck1": "", "seed": 0, "turn_limit": DEFAULT_TURN_LIMIT}

_GAME_TYPE = game_type(SHORT_NAME, "RuleScript Card Fighters' Clash", _PARAMETERS)

# A bound on decisions for OpenSpiel's bookkeeping: the turn limit ends every game, and no
# game of the example decks comes near this many decisions per turn.
_DECISIONS_PER_TURN = 200

# Card sets are loaded once per folder: OpenSpiel makes a game object per `load_game`.
# Keyed by the folder's real path: a relative one names another folder once the working
# directory changes (keyed as given, "examples" gave the first folder's set ever after).
_CARD_SETS: Dict[str, CardSet] = {}


class RuleScriptGame(pyspiel.Game):
    """A RuleScript game for OpenSpiel: ``pyspiel.load_game("python_rulescript", params)``
    with the parameters above; ``ValueError`` for a missing one or a seed or turn limit
    out of range, ``RulesError`` and ``DeckError`` for a card set or deck that does not
    load."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = {**_PARAMETERS, **(params or {})}
        missing = [name for name in ("card_set", "deck0", "deck1") if not params[name]]
        if missing:
            raise ValueError(f"{SHORT_NAME} needs the parameters {missing} (a card set folder and two .o8d decks)")
        info, seed, turn_limit = checked_game_info(SHORT_NAME, params, ACTION_SPACE, _DECISIONS_PER_TURN)
        super().__init__(_GAME_TYPE, info, params)
        folder = str(params["card_set"])
        key = os.path.realpath(folder)
        if key not in _CARD_SETS:
            _CARD_SETS[key] = CardSet.load(folder)
        self.card_set = _CARD_SETS[key]
        self.decks = [load_deck(str(params["deck0"]), self.card_set), load_deck(str(params["deck1"]), self.card_set)]
        self.seed = seed
        self.turn_limit = turn_limit

    def new_initial_state(self) -> RuleScriptState:
        """A new game from the start (every state of one ``RuleScriptGame`` has its seed)."""
        return RuleScriptState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Optional[Dict[str, Any]] = None) -> Observer:
        """The observer of ``observation_tensor`` and ``observation_string``: what one
        player sees now (the public information and that player's own), with no memory of
        the past. ``ValueError`` for any other kind, such as the perfect-recall observer
        of ``information_state_string`` (this observer stood in for it: two states with
        different pasts but the same view were one information state to CFR and the
        like); no ``params`` are supported."""
        check_observer_kind(SHORT_NAME, iig_obs_type)
        return Observer(params, OBSERVATION_SIZE, lambda game, player, tensor: game.observation_into(player, tensor))


class RuleScriptState(pyspiel.State):
    """A game in progress; ``game`` is the underlying ``rulescript.Game``."""

    def __init__(self, game: RuleScriptGame, rulescript_game: Optional[Game] = None) -> None:
        super().__init__(game)
        self.game = rulescript_game or Game(game.card_set, game.decks, game.seed, game.turn_limit)

    def __deepcopy__(self, memo: Any) -> RuleScriptState:
        """``copy.deepcopy(state)``: ``state.clone()``, which copies OpenSpiel's own part
        of the state (``history()``, ``move_number()``) as well as ``game`` (a new state
        around a copy of the game had an empty ``history()`` and ``move_number()`` 0,
        however far its game had gone)."""
        copied: RuleScriptState = self.clone()
        return copied

    def resample_hidden(self, player: int, seed: int) -> RuleScriptState:
        """A determinization for a search on what ``player`` sees: a clone of this state
        (the same ``history()`` and ``move_number()``) whose game is
        ``Game.resample_hidden(player, seed)``, everything ``player`` cannot see dealt
        again; its ``observation_tensor(player)`` and legal actions are this state's.
        (``RuleScriptState(state.get_game(), game)``, which the README once gave, starts
        OpenSpiel's history empty.) Its history no longer replays it: ``serialize``
        refuses it."""
        determinized: RuleScriptState = self.clone()
        determinized.game = self.game.resample_hidden(player, seed)
        return determinized

    def current_player(self) -> Any:
        """The seat (0 or 1) to move, or ``pyspiel.PlayerId.TERMINAL`` once over (an int
        or pyspiel's enum: ``Any``)."""
        if self.game.is_over():
            return pyspiel.PlayerId.TERMINAL
        return self.game.current_player

    def _legal_actions(self, player: int) -> List[int]:
        if self.game.is_over() or player != self.game.current_player:
            return []
        return sorted(self.game.legal_actions())

    def _apply_action(self, action: int) -> None:
        self.game.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.game.action_to_string(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game.is_over()

    def returns(self) -> List[float]:
        """Each player's result, seat 0's first: 1.0, -1.0, or 0.0 each (a draw, or not over)."""
        return list(self.game.returns())

    def __str__(self) -> str:
        return f"seed {self.game.seed}, actions {self.game.history()}"


pyspiel.register_game(_GAME_TYPE, RuleScriptGame)
