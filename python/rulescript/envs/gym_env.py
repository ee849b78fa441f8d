"""A Gymnasium environment: one seat of a game, the other played by a built-in player.

Observations are ``Game.observation(seat)`` (float32, ``OBSERVATION_SIZE``); actions are
numbers of the action space (``Discrete(ACTION_SPACE)``), and ``info["action_mask"]``
(int8) marks the legal ones. The reward is the seat's result when the game ends (1 win,
-1 loss, 0 draw), else 0.

An illegal action raises ``IllegalMove`` with ``illegal_action="raise"``; by default
(``"lose"``, so that tools that sample the whole action space, such as ``check_env``, can
drive it) it ends the episode as a loss, with ``info["illegal_action"] = True``.
"""

from __future__ import annotations

import operator

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .. import ACTION_SPACE, Game, GreedyPlayer, IllegalMove, RandomPlayer, observation_bounds, player_seed
from . import _load_game_args

_OPPONENTS = {"greedy": GreedyPlayer, "random": RandomPlayer}


class RuleScriptEnv(gym.Env):
    """``RuleScriptEnv(card_set, decks, seat=0, opponent="greedy", turn_limit=None,
    illegal_action="lose")``: ``card_set`` a ``CardSet`` or its folder, ``decks`` two
    ``Deck`` objects or ``.o8d`` paths (seat 0's first)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, card_set, decks, seat=0, opponent="greedy", turn_limit=None, illegal_action="lose", render_mode=None):
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {seat!r}")
        if opponent not in _OPPONENTS:
            raise ValueError(f"opponent must be one of {sorted(_OPPONENTS)}, not {opponent!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.card_set, self.decks = _load_game_args(card_set, decks)
        self.seat = seat
        self.opponent_kind = opponent
        self.turn_limit = turn_limit
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        low, high = observation_bounds(self.card_set, self.decks, turn_limit)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(ACTION_SPACE)
        self.game = None
        self._opponent = None
        # Whether the episode has ended: the game is over, or an illegal action lost it
        # (the game itself then goes on, so `is_over()` cannot tell).
        self._episode_over = False

    def _info(self, **extra):
        mask = self.game.legal_mask().astype(np.int8) if self.game.current_player == self.seat else np.zeros(ACTION_SPACE, np.int8)
        return {"action_mask": mask, "turn": self.game.turn, **extra}

    def _opponent_moves(self):
        while not self.game.is_over() and self.game.current_player != self.seat:
            self.game.apply(self._opponent.choose(self.game))

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = Game(self.card_set, self.decks, game_seed, self.turn_limit)
        self._opponent = _OPPONENTS[self.opponent_kind](player_seed(game_seed, 1 - self.seat))
        self._opponent_moves()
        self._episode_over = self.game.is_over()
        return self.game.observation(self.seat), self._info()

    def step(self, action):
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if self._episode_over:
            raise RuntimeError("the episode is over: call reset()")
        # An int, a numpy integer or a 0-d integer array; a float or a string is a
        # TypeError rather than an action truncated or parsed into another one.
        action = operator.index(action)
        try:
            self.game.apply(action)
        except IllegalMove:
            if self.illegal_action == "raise":
                raise
            self._episode_over = True
            return self.game.observation(self.seat), -1.0, True, False, self._info(illegal_action=True)
        self._opponent_moves()
        over = self._episode_over = self.game.is_over()
        reward = float(self.game.returns()[self.seat]) if over else 0.0
        return self.game.observation(self.seat), reward, over, False, self._info()

    def render(self):
        if self.render_mode == "ansi" and self.game is not None:
            return "\n".join(self.game.log()[-20:])
        return None

    def action_masks(self):
        """The legal actions as a bool vector (the convention of sb3-contrib's MaskablePPO)."""
        return self.game.legal_mask()


gym.register(id="RuleScript-v0", entry_point="rulescript.envs.gym_env:RuleScriptEnv")
