"""Environments over ``rulescript.wagic.WagicGame``, a game of Magic between two Wagic decks:
``WagicAECEnv`` (PettingZoo AEC, both seats learners, ``player_0`` and ``player_1``) and
``WagicEnv`` (Gymnasium, one seat against the built-in ``"random"`` or ``"greedy"`` player,
which plays on the game's own thread in Rust).

Actions are option numbers of the waiting question (``Discrete(WAGIC_ACTION_SPACE)``): a
question never has more options than ``WAGIC_ACTION_SPACE``, a choice among more is asked
in pages ending with ``more options``. Observations are ``WagicGame.observation(seat)``
(float32, ``WAGIC_OBSERVATION_SIZE``, blocks ``WAGIC_OBSERVATION_LAYOUT``), in a ``Box``
bounded by ``wagic.observation_bounds()``. Rewards come when the game ends: 1 to the
winner, -1 to the loser, 0 each for a draw or a stopped game (the turn limit ends every
game).

>>> from rulescript import wagic
>>> from rulescript.envs.wagic_env import WagicAECEnv, WagicEnv
>>> cards = wagic.WagicCards.load(["mtg.txt"])
>>> env = WagicAECEnv(cards, ["bears.txt", "goblins.txt"])
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     mask = observation["action_mask"]
...     env.step(None if terminated or truncated else env.action_space(agent).sample(mask))
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Literal, Optional, Sequence, SupportsIndex, Tuple, Union

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from .. import IllegalMove, ResetNeeded, SetupError
from ..wagic import ACTION_SPACE, WagicCards, WagicDeck, WagicGame, load_deck, observation_bounds
from . import _action_index, _check_seat_env_args, _no_options, _render_log_tail

WagicDecksArg = Sequence[Union[WagicDeck, str, "os.PathLike[str]"]]
"""Two decks: ``WagicDeck`` objects or Wagic deck files, seat 0's first."""

Observation = npt.NDArray[np.float32]
"""``WagicGame.observation(seat)``: float32, shape ``(WAGIC_OBSERVATION_SIZE,)``."""

# The built-in players `WagicEnv` seats, by name.
_OPPONENTS: Dict[str, Literal["random", "greedy"]] = {"random": "random", "greedy": "greedy"}

# Games in a row `WagicEnv.reset` passes over because they ended before the seat's first
# question (a stopped game), rather than deal games forever.
_MAX_GAMES_WITHOUT_DECISION = 64


def _load_wagic_args(cards: WagicCards, decks: Optional[WagicDecksArg]) -> List[WagicDeck]:
    """Two ``WagicDeck`` objects (deck files read against ``cards``); ``TypeError`` or
    ``ValueError`` for anything else, before any game starts."""
    if not isinstance(cards, WagicCards):
        raise TypeError(f"cards must be WagicCards (wagic.WagicCards.load), not {type(cards).__name__}")
    if decks is None or isinstance(decks, (str, bytes, os.PathLike, WagicDeck, set, frozenset)):
        raise TypeError(
            f"decks must be a sequence of two decks (WagicDeck objects or deck files, seat 0's first), "
            f"not {type(decks).__name__}"
        )
    if len(decks) != 2:
        raise ValueError(f"give two decks (WagicDeck objects or deck files), not {len(decks)}")
    loaded = []
    for deck in decks:
        if isinstance(deck, WagicDeck):
            loaded.append(deck)
        elif isinstance(deck, (str, os.PathLike)):
            loaded.append(load_deck(os.fspath(deck), cards))
        else:
            raise TypeError(f"each deck must be a WagicDeck or a deck file, not {type(deck).__name__}")
    return loaded


def _observation_box() -> spaces.Box:
    """The observation's space: float32 of ``WAGIC_OBSERVATION_SIZE`` within
    ``wagic.observation_bounds()`` (the observation clamps life, counters and pile sizes
    past them)."""
    low, high = observation_bounds()
    return spaces.Box(low, high, dtype=np.float32)


class WagicAECEnv(AECEnv):
    """``WagicAECEnv(cards, decks, turn_limit=None, render_mode=None)``: ``cards`` a
    ``WagicCards``, ``decks`` two ``WagicDeck`` objects or deck files (seat 0's first).

    Each agent observes a dict: ``observation`` (``WagicGame.observation`` of its seat,
    float32 ``WAGIC_OBSERVATION_SIZE``) and ``action_mask`` (int8 ``WAGIC_ACTION_SPACE``,
    all zero when it is not that agent's question). An illegal action raises
    ``IllegalMove``."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "wagic_v0", "is_parallelizable": False}

    def __init__(
        self,
        cards: WagicCards,
        decks: WagicDecksArg,
        turn_limit: Optional[int] = None,
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.cards = cards
        self.decks = _load_wagic_args(cards, decks)
        self.turn_limit = turn_limit
        self.render_mode = render_mode
        self.possible_agents: List[str] = ["player_0", "player_1"]
        self.agents: List[str] = []
        self._spaces = {
            agent: spaces.Dict(
                {
                    "observation": _observation_box(),
                    "action_mask": spaces.Box(0, 1, shape=(ACTION_SPACE,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(ACTION_SPACE) for agent in self.possible_agents}
        self.game: Optional[WagicGame] = None
        self._np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Dict:
        """``agent``'s observation space: a ``Dict`` of ``observation`` (a float32 ``Box``
        of shape ``(WAGIC_OBSERVATION_SIZE,)``) and ``action_mask`` (an int8 ``Box`` of
        shape ``(WAGIC_ACTION_SPACE,)``)."""
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(WAGIC_ACTION_SPACE)`` for either agent."""
        return self._action_spaces[agent]

    def _started(self) -> WagicGame:
        """The game of the episode; ``ResetNeeded`` (a ``RuntimeError``) before ``reset()``."""
        if self.game is None:
            raise ResetNeeded("call reset() first")
        return self.game

    def last(self, observe: bool = True) -> Any:
        """``(observation, reward, termination, truncation, info)`` of the agent to act;
        ``ResetNeeded`` before ``reset()`` or once every agent has left."""
        self._started()
        if not self.agents:
            raise ResetNeeded("the game is over and every agent has left: call reset()")
        return super().last(observe)

    def observe(self, agent: str) -> Dict[str, npt.NDArray[Any]]:
        """What ``agent`` sees: ``observation`` (its seat's ``WagicGame.observation``) and
        ``action_mask`` (int8, all zero when it is not that agent's question)."""
        game = self._started()
        if agent not in self.possible_agents:
            raise ValueError(f"agent must be one of {self.possible_agents}, not {agent!r}")
        seat = self.possible_agents.index(agent)
        mask: npt.NDArray[np.int8]
        if game.current_player == seat:
            mask = game.legal_mask().astype(np.int8)
        else:
            mask = np.zeros(ACTION_SPACE, np.int8)
        return {"observation": game.observation(seat), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game, its seed drawn from the env's generator (seeded again by
        ``seed`` when given): the same ``seed`` gives the same game. ``options``: none (a
        dict's keys are ignored; anything but a dict or ``None`` is a ``TypeError``)."""
        _no_options(options, "WagicAECEnv")
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        game = WagicGame(self.cards, self.decks, game_seed, players=(None, None), turn_limit=self.turn_limit)
        agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in agents}
        self._cumulative_rewards = {agent: 0.0 for agent in agents}
        over = game.is_over()
        self.terminations = {agent: over for agent in agents}
        self.truncations = {agent: False for agent in agents}
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in agents}
        self.game, self.agents = game, agents
        self.agent_selection = self.possible_agents[game.current_player or 0]

    def step(self, action: Optional[SupportsIndex]) -> None:
        """Answers ``agent_selection``'s question with option ``action`` (an int below
        ``WAGIC_ACTION_SPACE``, or a numpy integer); ``IllegalMove`` when it is not one of
        the options. When the game ends each agent's reward is its result and both are
        terminated. ``ResetNeeded`` before ``reset()`` or once every agent has left."""
        game = self._started()
        if not self.agents:
            raise ResetNeeded("the game is over and every agent has left: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"{agent} is to move: give an action, not None")
        if game.is_over() or self.possible_agents[game.current_player or 0] != agent:
            raise ResetNeeded(f"an earlier step was interrupted part way ({agent} is not to move): call reset()")
        self._cumulative_rewards[agent] = 0.0
        game.apply(_action_index(action))
        if game.is_over():
            returns = game.returns()
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = float(returns[seat])
                self.terminations[name] = True
        else:
            self.agent_selection = self.possible_agents[game.current_player or 0]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The last 10 lines of the game's log: returned with ``render_mode="ansi"``,
        printed with ``"human"``."""
        return _render_log_tail(None if self.game is None else self.game.log(), self.render_mode, 10)

    def close(self) -> None:
        """Ends the game's thread (a game dropped part way stops)."""
        self.game = None


class WagicEnv(gym.Env[Observation, SupportsIndex]):
    """``WagicEnv(cards, decks, seat=0, opponent="greedy", turn_limit=None,
    illegal_action="lose", render_mode=None)``: ``seat`` is the learner's; the other seat
    is the built-in ``opponent`` (``"random"`` or ``"greedy"``).

    Observations are ``WagicGame.observation(seat)``; ``info["action_mask"]`` (int8) marks
    the legal actions (``action_masks()`` as bools). The reward is the seat's result when
    the game ends, else 0. An illegal action ends the episode as a loss
    (``info["illegal_action"]``) or, with ``illegal_action="raise"``, raises
    ``IllegalMove``."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        cards: WagicCards,
        decks: WagicDecksArg,
        seat: int = 0,
        opponent: str = "greedy",
        turn_limit: Optional[int] = None,
        illegal_action: str = "lose",
        render_mode: Optional[str] = None,
    ) -> None:
        render_modes = self.metadata["render_modes"]
        _check_seat_env_args(seat, opponent, list(_OPPONENTS), illegal_action, render_mode, render_modes)
        self.cards = cards
        self.decks = _load_wagic_args(cards, decks)
        self.seat = int(seat)
        self.opponent = _OPPONENTS[opponent]
        self.turn_limit = turn_limit
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        low, high = observation_bounds()
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(ACTION_SPACE)
        self.game: Optional[WagicGame] = None
        self._episode_over = False

    def _started(self) -> WagicGame:
        if self.game is None:
            raise ResetNeeded("call reset() first")
        return self.game

    def _info(self, **extra: Any) -> Dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8), **extra}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Observation, Dict[str, Any]]:
        """Starts a new game (its seed drawn from the env's generator, seeded by ``seed``),
        played by the opponent up to ``seat``'s first question; ``(observation, info)``. A
        game over before it (a stopped game) is passed over; ``SetupError`` after 64 in a
        row."""
        _no_options(options, "WagicEnv")
        super().reset(seed=seed)
        players = (None, self.opponent) if self.seat == 0 else (self.opponent, None)
        for _ in range(_MAX_GAMES_WITHOUT_DECISION):
            game_seed = int(self.np_random.integers(0, 2**63 - 1))
            game = WagicGame(self.cards, self.decks, game_seed, players=players, turn_limit=self.turn_limit)
            if not game.is_over():
                self.game, self._episode_over = game, False
                return game.observation(self.seat), self._info()
        raise SetupError(f"{_MAX_GAMES_WITHOUT_DECISION} games in a row ended before seat {self.seat}'s first question")

    def step(self, action: SupportsIndex) -> Tuple[Observation, float, bool, bool, Dict[str, Any]]:
        """Answers ``seat``'s question with option ``action``, then lets the opponent play
        to ``seat``'s next question; ``(observation, reward, terminated, truncated, info)``.
        ``ResetNeeded`` before ``reset()`` or once the episode is over."""
        game = self._started()
        if self._episode_over:
            raise ResetNeeded("the episode is over: call reset()")
        index = _action_index(action)
        try:
            game.apply(index)
        except IllegalMove:
            if self.illegal_action == "raise":
                raise
            self._episode_over = True
            return game.observation(self.seat), -1.0, True, False, self._info(illegal_action=True)
        over = self._episode_over = game.is_over()
        reward = float(game.returns()[self.seat]) if over else 0.0
        return game.observation(self.seat), reward, over, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as bools of shape ``(WAGIC_ACTION_SPACE,)`` (sb3-contrib's
        MaskablePPO convention): all False once the episode is over."""
        game = self._started()
        if self._episode_over:
            return np.zeros(ACTION_SPACE, np.bool_)
        return game.legal_mask()

    def render(self) -> Optional[str]:
        """With ``render_mode="ansi"``, the last 20 lines of the game's log; else ``None``."""
        if self.render_mode == "ansi" and self.game is not None:
            return "\n".join(self.game.log()[-20:])
        return None

    def close(self) -> None:
        """Ends the game's thread (a game dropped part way stops)."""
        self.game = None


def env(cards: WagicCards, decks: WagicDecksArg, **kwargs: Any) -> WagicAECEnv:
    """A ``WagicAECEnv`` (PettingZoo's usual constructor name)."""
    return WagicAECEnv(cards, decks, **kwargs)


gym.register(id="Wagic-v0", entry_point="rulescript.envs.wagic_env:WagicEnv")
