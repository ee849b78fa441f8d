"""A PettingZoo AEC environment: both seats of a game, ``player_0`` and ``player_1``.

Each agent observes a dict: ``observation`` (``Game.observation`` of its seat, float32
``OBSERVATION_SIZE``) and ``action_mask`` (int8 ``ACTION_SPACE``, all zero when it is not
that agent's move). Actions are numbers of the action space; an illegal one raises
``IllegalMove``. Rewards come when the game ends: 1 to the winner, -1 to the loser, 0
each for a draw (the turn limit ends every game).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, SupportsIndex

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from .. import ACTION_SPACE, Game, ResetNeeded, observation_bounds
from . import CardSetArg, DecksArg, _action_index, _load_game_args, _no_options, _render_log_tail


class RuleScriptAECEnv(AECEnv):
    """``RuleScriptAECEnv(card_set, decks, turn_limit=None, render_mode=None)``."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "rulescript_v0", "is_parallelizable": False}

    def __init__(
        self, card_set: CardSetArg, decks: DecksArg, turn_limit: Optional[int] = None, render_mode: Optional[str] = None
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.card_set, self.decks = _load_game_args(card_set, decks)
        self.turn_limit = turn_limit
        self.render_mode = render_mode
        self.possible_agents: List[str] = ["player_0", "player_1"]
        self.agents: List[str] = []
        low, high = observation_bounds(self.card_set, self.decks, turn_limit)
        self._spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(ACTION_SPACE,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(ACTION_SPACE) for agent in self.possible_agents}
        self.game: Optional[Game] = None
        self._np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Dict:
        """``agent``'s observation space: a ``Dict`` of ``observation`` (a float32 ``Box``
        of shape ``(OBSERVATION_SIZE,)``, bounds from ``observation_bounds``) and
        ``action_mask`` (an int8 ``Box`` of shape ``(ACTION_SPACE,)``)."""
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(ACTION_SPACE)`` for either agent."""
        return self._action_spaces[agent]

    def _started(self) -> Game:
        """The game of the episode; ``ResetNeeded`` (a ``RuntimeError``) before ``reset()``."""
        if self.game is None:
            raise ResetNeeded("call reset() first")
        return self.game

    def _check_agents_left(self) -> None:
        if not self.agents:
            raise ResetNeeded("the game is over and every agent has left: call reset()")

    def last(self, observe: bool = True) -> Any:
        """``(observation, reward, termination, truncation, info)`` of the agent to act
        (PettingZoo's ``last``); ``ResetNeeded`` before ``reset()`` or once every agent
        has left."""
        self._started()
        self._check_agents_left()
        return super().last(observe)

    def observe(self, agent: str) -> Dict[str, npt.NDArray[Any]]:
        """What ``agent`` sees: ``observation`` (its seat's ``Game.observation``, float32 of
        shape ``(OBSERVATION_SIZE,)``) and ``action_mask`` (int8 of shape
        ``(ACTION_SPACE,)``, all zero when it is not that agent's move)."""
        game = self._started()
        if agent not in self.possible_agents:
            raise ValueError(f"agent must be one of {self.possible_agents}, not {agent!r}")
        seat = self.possible_agents.index(agent)
        mask: npt.NDArray[np.int8]
        if game.current_player == seat and not game.is_over():
            mask = game.legal_mask().astype(np.int8)
        else:
            mask = np.zeros(ACTION_SPACE, np.int8)
        return {"observation": game.observation(seat), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game, its seed drawn from the env's generator (seeded again by
        ``seed`` when given): the same ``seed`` gives the same game. ``options``: this env
        has none; a dict is taken and its keys ignored, as PettingZoo's API leaves options
        to each environment and its own environments without any ignore them (its
        ``api_test`` resets with ``options={"options": 1}``); anything but a dict or
        ``None`` is a ``TypeError``."""
        _no_options(options, "RuleScriptAECEnv")
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        game = Game(self.card_set, self.decks, game_seed, self.turn_limit)
        agents = self.possible_agents[:]
        rewards, cumulative = {agent: 0.0 for agent in agents}, {agent: 0.0 for agent in agents}
        terminations, truncations = {agent: False for agent in agents}, {agent: False for agent in agents}
        infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in agents}
        first = self.possible_agents[game.current_player]
        # Set in statements no call separates (CPython 3.10 and later run signal handlers
        # at calls and loops only), once all is made: a reset stopped part way (Ctrl-C)
        # leaves the env as it was, never a new game with the last one's agents, rewards
        # or flags.
        self.game, self.agents, self.agent_selection, self.infos = game, agents, first, infos
        self.rewards, self._cumulative_rewards = rewards, cumulative
        self.terminations, self.truncations = terminations, truncations

    def step(self, action: Optional[SupportsIndex]) -> None:
        """Plays ``action`` (an int below ``ACTION_SPACE``, or a numpy integer) for
        ``agent_selection``; ``IllegalMove`` when it is not legal. When the game ends each
        agent's reward is its result (1, -1, 0 for a draw) and both are terminated.
        ``ResetNeeded`` before ``reset()``, once every agent has left, or after a step
        interrupted (Ctrl-C) before it noted whose turn came."""
        game = self._started()
        self._check_agents_left()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # An int, a numpy integer or a 0-d integer array; a bool, a float or a string is a
        # TypeError rather than an action truncated or parsed into another one.
        if action is None:
            raise TypeError(f"{agent} is to move: give an action, not None")
        if game.is_over() or self.possible_agents[game.current_player] != agent:
            # An earlier step stopped part way (Ctrl-C between the game's move and the
            # env's note of it): the action would be the other agent's move, or the
            # finished game's.
            raise ResetNeeded(f"an earlier step was interrupted part way ({agent} is not to move): call reset()")
        index = _action_index(action)
        self._cumulative_rewards[agent] = 0.0
        game.apply(index)
        if game.is_over():
            returns = game.returns()
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = float(returns[seat])
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The last 10 lines of the game's event log: returned with ``render_mode="ansi"``,
        printed with ``"human"``."""
        return _render_log_tail(None if self.game is None else self.game.log(), self.render_mode, 10)

    def close(self) -> None:
        """Nothing to release."""


def env(card_set: CardSetArg, decks: DecksArg, **kwargs: Any) -> RuleScriptAECEnv:
    """A ``RuleScriptAECEnv`` (PettingZoo's usual constructor name)."""
    return RuleScriptAECEnv(card_set, decks, **kwargs)
