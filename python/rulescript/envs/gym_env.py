"""A Gymnasium environment: one seat of a game, the other played by a built-in player.

Observations are ``Game.observation(seat)`` (float32, ``OBSERVATION_SIZE``); actions are
numbers of the action space (``Discrete(ACTION_SPACE)``), and ``info["action_mask"]``
(int8) marks the legal ones (all zeros once the episode is over); ``info["turn"]`` is the
game's turn. The reward is the seat's result when the game ends (1 win,
-1 loss, 0 draw), else 0.

An illegal action raises ``IllegalMove`` with ``illegal_action="raise"``; by default
(``"lose"``, so that tools that sample the whole action space, such as ``check_env``, can
drive it) it ends the episode as a loss, with ``info["illegal_action"] = True``.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, Optional, SupportsIndex, Tuple, Type, Union

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .. import (
    ACTION_SPACE,
    Game,
    GreedyPlayer,
    IllegalMove,
    RandomPlayer,
    ResetNeeded,
    SetupError,
    observation_bounds,
    player_seed,
)
from . import CardSetArg, DecksArg, _action_index, _check_seat_env_args, _load_game_args, _no_options

# Games in a row `reset` may pass over because they ended before the seat's first decision
# (only a turn limit so small that the opponent's first turn ends the game does that), as
# `VecGame` with an opponent does: past it, `reset` fails rather than deal games forever.
_MAX_GAMES_WITHOUT_DECISION = 64

_OPPONENTS: Dict[str, Union[Type[GreedyPlayer], Type[RandomPlayer]]] = {"greedy": GreedyPlayer, "random": RandomPlayer}

Observation = npt.NDArray[np.float32]
"""``Game.observation(seat)``: float32, shape ``(OBSERVATION_SIZE,)``."""


class RuleScriptEnv(gym.Env[Observation, SupportsIndex]):
    """``RuleScriptEnv(card_set, decks, seat=0, opponent="greedy", turn_limit=None,
    illegal_action="lose")``: ``card_set`` a ``CardSet`` or its folder, ``decks`` two
    ``Deck`` objects or ``.o8d`` paths (seat 0's first)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        card_set: CardSetArg,
        decks: DecksArg,
        seat: int = 0,
        opponent: str = "greedy",
        turn_limit: Optional[int] = None,
        illegal_action: str = "lose",
        render_mode: Optional[str] = None,
    ) -> None:
        render_modes = self.metadata["render_modes"]
        _check_seat_env_args(seat, opponent, list(_OPPONENTS), illegal_action, render_mode, render_modes)
        self.card_set, self.decks = _load_game_args(card_set, decks)
        self.seat = int(seat)
        self.opponent_kind = opponent
        self.turn_limit = turn_limit
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        low, high = observation_bounds(self.card_set, self.decks, turn_limit)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(ACTION_SPACE)
        self.game: Optional[Game] = None
        self._opponent: Union[GreedyPlayer, RandomPlayer, None] = None
        # Whether the episode has ended: the game is over, or an illegal action lost it
        # (the game itself then goes on, so `is_over()` cannot tell).
        self._episode_over = False

    def _started(self) -> Game:
        """The game of the episode; ``ResetNeeded`` (a ``RuntimeError``) before ``reset()``."""
        if self.game is None:
            raise ResetNeeded("call reset() first")
        return self.game

    def _info(self, **extra: Any) -> Dict[str, Any]:
        game = self._started()
        return {"action_mask": self.action_masks().astype(np.int8), "turn": game.turn, **extra}

    def _opponent_moves(self) -> None:
        opponent = self._opponent
        assert opponent is not None, "reset() seats the opponent"
        self._moves_of(opponent, self._started())

    def _moves_of(self, opponent: Union[GreedyPlayer, RandomPlayer], game: Game) -> None:
        """Plays ``opponent``'s moves in ``game`` until ``seat`` is to move or it is over."""
        while not game.is_over() and game.current_player != self.seat:
            game.apply(opponent.choose(game))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Observation, Dict[str, Any]]:
        """Starts a new game (its seed drawn from the env's generator, seeded by ``seed``)
        and plays the opponent's moves until ``seat`` is to move; ``(observation, info)``,
        ``info["action_mask"]`` an int8 vector of shape ``(ACTION_SPACE,)``. A game that
        ends before ``seat``'s first decision (only a turn limit so small that the
        opponent's first turn ends it) is passed over, as ``VecGame`` does: the next seed is
        drawn, so that ``step`` always has a decision to take; ``SetupError`` after 64 such
        games in a row. ``options``: this env has none (a dict's keys are ignored, anything
        but a dict or ``None`` is a ``TypeError``)."""
        _no_options(options, "RuleScriptEnv")
        super().reset(seed=seed)
        for _ in range(_MAX_GAMES_WITHOUT_DECISION):
            game_seed = int(self.np_random.integers(0, 2**63 - 1))
            game = Game(self.card_set, self.decks, game_seed, self.turn_limit)
            opponent = _OPPONENTS[self.opponent_kind](player_seed(game_seed, 1 - self.seat))
            self._moves_of(opponent, game)
            if not game.is_over():
                # The env takes the new game only once it is ready, in statements no call
                # separates (CPython 3.10 and later run signal handlers at calls and loops
                # only): a reset stopped part way (Ctrl-C) leaves it as it was, never a new
                # game with the last one's opponent.
                self.game, self._opponent, self._episode_over = game, opponent, False
                return game.observation(self.seat), self._info()
        raise SetupError(
            f"{_MAX_GAMES_WITHOUT_DECISION} games in a row ended before seat {self.seat}'s first decision "
            f"(is the turn limit, {self.turn_limit}, too small?)"
        )

    def step(self, action: SupportsIndex) -> Tuple[Observation, float, bool, bool, Dict[str, Any]]:
        """Plays ``action`` (an int below ``ACTION_SPACE``, or a numpy integer) for ``seat``,
        then the opponent's moves; ``(observation, reward, terminated, truncated, info)``, the
        reward 1.0, -1.0 or 0.0 once the game ends, else 0.0. An illegal action ends the
        episode as a loss (``info["illegal_action"]``) or, with ``illegal_action="raise"``,
        raises ``IllegalMove``; a float or a string is a ``TypeError``. ``ResetNeeded`` (a
        ``RuntimeError``) before ``reset()``, once the episode is over, or after a step or
        reset interrupted (Ctrl-C) before ``seat`` was to move again."""
        game = self._started()
        if self._episode_over:
            raise ResetNeeded("the episode is over: call reset()")
        if game.current_player != self.seat or game.is_over():
            # An earlier call stopped part way (Ctrl-C among the opponent's moves, or
            # before the end was noted): the action would be the opponent's move, or the
            # finished game's "illegal" one.
            raise ResetNeeded(
                f"an earlier step or reset was interrupted before seat {self.seat} was to move again: call reset()"
            )
        index = _action_index(action)
        try:
            game.apply(index)
        except IllegalMove:
            if self.illegal_action == "raise":
                raise
            self._episode_over = True
            return game.observation(self.seat), -1.0, True, False, self._info(illegal_action=True)
        self._opponent_moves()
        over = self._episode_over = game.is_over()
        reward = float(game.returns()[self.seat]) if over else 0.0
        return game.observation(self.seat), reward, over, False, self._info()

    def __deepcopy__(self, memo: Dict[int, Any]) -> RuleScriptEnv:
        """A copy that goes on on its own, the opponent copied in its state (the players
        copy; only pickling replays the game for it)."""
        twin = type(self).__new__(type(self))
        memo[id(self)] = twin
        twin.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return twin

    def __getstate__(self) -> Dict[str, Any]:
        """Pickled without the opponent, a built-in player that does not pickle (its random
        stream is Rust's): ``__setstate__`` rebuilds it by replaying the game."""
        state = self.__dict__.copy()
        state["_opponent"] = None
        return state

    def __setstate__(self, state: Dict[str, Any]) -> None:
        """The pickled env, its opponent made again as ``reset`` made it and shown the
        game's decisions again up to now, so that it goes on choosing as it would have."""
        self.__dict__.update(state)
        if self.game is not None:
            self._opponent = self._replayed_opponent(self.game)

    def _replayed_opponent(self, game: Game) -> Union[GreedyPlayer, RandomPlayer]:
        """The opponent ``reset`` seated in ``game``, asked to choose at each of the
        opponent's decisions of the game so far, as it was."""
        opponent = _OPPONENTS[self.opponent_kind](player_seed(game.seed, 1 - self.seat))
        replay = Game(self.card_set, self.decks, game.seed, self.turn_limit)
        for action in game.history():
            if replay.current_player != self.seat:
                opponent.choose(replay)
            replay.apply(action)
        return opponent

    def render(self) -> Optional[str]:
        """With ``render_mode="ansi"``, the last 20 lines of the game's event log (every
        card drawn included); else ``None``."""
        if self.render_mode == "ansi" and self.game is not None:
            return "\n".join(self.game.log()[-20:])
        return None

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as a bool vector of shape ``(ACTION_SPACE,)`` (the convention of
        sb3-contrib's MaskablePPO): all False once the episode is over, an illegal action's
        loss included (its game is not over, but the episode is)."""
        game = self._started()
        if self._episode_over or game.current_player != self.seat:
            return np.zeros(ACTION_SPACE, np.bool_)
        return game.legal_mask()


gym.register(id="RuleScript-v0", entry_point="rulescript.envs.gym_env:RuleScriptEnv")
