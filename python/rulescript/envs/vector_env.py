"""A Gymnasium vector environment over ``VecGame``: ``num_envs`` games stepped together in
Rust (the GIL released), one learner seat in each, the other played by a built-in player
inside ``step``, so that Gymnasium-vector code (CleanRL-style loops, the
``gymnasium.wrappers.vector`` wrappers) runs on the Rust batch rather than on
``SyncVectorEnv`` over single envs.

Every row is the learner's decision, or a finished episode's end. ``autoreset_mode``
(``metadata["autoreset_mode"]``, the instance's) says when a finished episode starts over,
as Gymnasium's ``SyncVectorEnv`` does in each mode:

- ``AutoresetMode.NEXT_STEP`` (the default, Gymnasium's own): the step that ends an
  episode returns its last observation, its reward, termination or truncation, and an
  empty ``action_mask`` row (no legal action: the row shown is the end); the next step
  ignores that row's action (any int) and returns the new episode's first observation,
  reward 0, neither flag.
- ``AutoresetMode.DISABLED``: as ``NEXT_STEP``, but nothing starts over by itself: a
  ``step`` while an ended episode has not been reset raises ``ResetNeeded`` (naming the
  envs) before any game moves; ``reset(options={"reset_mask": mask})`` (a bool array of
  shape ``(num_envs,)``, no seed) starts env ``i``'s next episode where ``mask[i]`` and
  leaves the others as they are (its ``infos["action_mask"]`` is every row's).
- ``AutoresetMode.SAME_STEP``: the step that ends an episode returns the next episode's
  first observation in its row (and its ``action_mask``), the finished one's reward,
  termination or truncation, and ``infos["final_obs"]`` (an object array, the finished
  episode's last observation at its index, ``None`` elsewhere) with
  ``infos["_final_obs"]``, and ``infos["final_info"]`` (that episode's last info: an
  empty ``action_mask``) with ``infos["_final_info"]``.

A game the turn limit ends is a truncation (the engine says why a game ended); a win, a
loss or any other draw is a termination. ``infos["action_mask"]`` (``(num_envs,
ACTION_SPACE)`` bool, with its ``_action_mask``) marks each row's legal actions; an
illegal action raises ``IllegalMove`` (naming the game and its legal actions) before any
game moves.
"""

from __future__ import annotations

import operator
from typing import Any, Dict, List, Literal, Optional, Sequence, Tuple, Union, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector.utils import batch_space

if not hasattr(gym.vector, "AutoresetMode"):  # Gymnasium 1.0: one autoreset mode, not this one.
    raise ImportError(
        "rulescript.envs.vector_env needs gymnasium 1.1 or later (gymnasium.vector.AutoresetMode): "
        "pip install 'gymnasium>=1.1'"
    )
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402

from .. import ACTION_SPACE, ResetNeeded, VecGame, observation_bounds
from . import CardSetArg, DecksArg, _load_game_args

Observations = npt.NDArray[np.float32]
"""A batch of observations: float32, shape ``(num_envs, OBSERVATION_SIZE)``."""
ActionArray = npt.NDArray[Union[np.int32, np.int64]]
Actions = Union[ActionArray, Sequence[int]]
"""A batch of actions: one action number per game, an int32 or int64 array of shape
``(num_envs,)`` (a list or tuple of ints is made one)."""

_OPPONENTS = ("greedy", "random")


class RuleScriptVectorEnv(VectorEnv[Observations, Actions, npt.NDArray[Any]]):
    """``RuleScriptVectorEnv(card_set, decks, num_envs, opponent="random", seat=None,
    seed=None, turn_limit=None, threads=None, copy=True,
    autoreset_mode=AutoresetMode.NEXT_STEP)``: ``card_set`` a ``CardSet`` or its folder,
    ``decks`` two ``Deck`` objects or ``.o8d`` paths (seat 0's first).

    ``autoreset_mode`` (an ``AutoresetMode`` or its value, ``"NextStep"``, ``"SameStep"``
    or ``"Disabled"``) is when a finished episode starts over (the module's doc). The
    default, ``NEXT_STEP``, is what ``SyncVectorEnv``, ``AsyncVectorEnv`` and
    ``gym.make_vec`` do, what CleanRL-style loops are written for, and the mode all of
    Gymnasium's observation wrappers (``NormalizeObservation``, ``TransformObservation``,
    ``FlattenObservation``, ``DtypeObservation``...) take (``NormalizeObservation`` no
    other; ``SAME_STEP`` none). In that mode, the step after an episode's end is no
    decision: its row's action is ignored, and a learner leaves that transition out (as
    ``RecordEpisodeStatistics`` and ``NormalizeReward`` do).

    ``seat`` is the learner's: ``None`` alternates (game ``i`` plays seat ``i % 2``, so
    both seats learn), ``0`` or ``1`` for all; ``learner_seats`` lists them. The opponent
    of game ``i`` is ``RandomPlayer``/``GreedyPlayer.for_seat(game seed, other seat)``,
    as ``rsc run`` seats it. ``reset(seed=s)`` starts game ``i`` with seed ``s + i``; each
    finished game's slot goes on with ``s + i + n``, ``s + i + 2n``... (``seeds()``); a
    reset without a seed takes ``seed`` the first time, then draws one from
    ``np_random``. ``threads`` step the games (default: one per core).

    ``copy=True`` (Gymnasium's default) returns new arrays at every call, which the
    caller may keep; with ``copy=False`` the observations and ``action_mask`` are the
    ``VecGame``'s own arrays and the rewards, terminations and truncations the env's own,
    rewritten by the next call and not to be written into (a step rewrites only what
    changed): for loops that use them before the next step, such as CleanRL's, which
    copies them into tensors, no copy of the batch a step.
    """

    # The default's; each instance has its own, with its mode.
    metadata: Dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        card_set: CardSetArg,
        decks: DecksArg,
        num_envs: int,
        opponent: str = "random",
        seat: Optional[int] = None,
        seed: Optional[int] = None,
        turn_limit: Optional[int] = None,
        threads: Optional[int] = None,
        copy: bool = True,
        autoreset_mode: Union[AutoresetMode, str] = AutoresetMode.NEXT_STEP,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        if opponent not in _OPPONENTS:
            raise ValueError(f"opponent must be one of {list(_OPPONENTS)}, not {opponent!r}")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or seat not in (0, 1)):
            raise ValueError(f"seat must be None (alternate), 0 or 1, not {seat!r}")
        if seed is not None:
            seed = operator.index(seed)
        mode = _autoreset_mode(autoreset_mode)
        self.card_set, self.decks = _load_game_args(card_set, decks)
        self.num_envs = int(num_envs)
        self.opponent = opponent
        self.turn_limit = turn_limit
        self.copy = bool(copy)
        self.autoreset_mode = mode
        self.metadata = {**type(self).metadata, "autoreset_mode": mode}
        # The VecGame first: it checks `num_envs` (at most 65,536) before anything is
        # allocated, where the batched spaces below would first try to allocate two
        # (num_envs, OBSERVATION_SIZE) arrays of bounds (10 TiB for 10**9 envs, a
        # MemoryError saying nothing of the limit).
        self._vec: Optional[VecGame] = VecGame(
            self.card_set,
            self.decks,
            self.num_envs,
            seed=0 if seed is None else seed,
            threads=threads,
            turn_limit=turn_limit,
            opponent=cast(Literal["greedy", "random"], opponent),
            learner_seats=seat,
            # SAME_STEP's final_obs are kept finals; NEXT_STEP and DISABLED show an episode's
            # end in its row, and read which ends were truncations from the held games.
            keep_finals=mode is AutoresetMode.SAME_STEP,
            # DISABLED is NEXT_STEP's holding of an ended game, with no step to end the hold:
            # the VecGame refuses a step while one is held, so that the env keeps no list of
            # its own that an interrupted call (Ctrl-C as a step returns) could leave stale.
            autoreset=_VEC_AUTORESET[mode],
        )
        low, high = observation_bounds(self.card_set, self.decks, turn_limit)
        self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        self.single_action_space = spaces.Discrete(ACTION_SPACE)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        learner_seats = self._vec.learner_seats
        assert learner_seats is not None, "a VecGame with an opponent has learner seats"
        self.learner_seats: npt.NDArray[np.int32] = learner_seats
        self._first_seed = seed
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(seed)
        self._started = False
        # The learner's reward is `rewards[i, learner_seats[i]]`: taken from a flat view of
        # the VecGame's (n, 2) array (the same memory at every step) into an array of the
        # env's, with no array made a step.
        self._flat_rewards = self._vec.rewards.reshape(-1)
        self._reward_index = np.arange(self.num_envs, dtype=np.intp) * 2 + self.learner_seats
        self._rewards = np.zeros(self.num_envs, np.float32)
        self._terminations = np.zeros(self.num_envs, np.bool_)
        self._truncations = np.zeros(self.num_envs, np.bool_)
        self._every_row = np.ones(self.num_envs, np.bool_)
        self._no_actions = np.zeros((self.num_envs, ACTION_SPACE), np.bool_)
        self._no_actions.flags.writeable = False
        # Whether the last step ended an episode (so set the env's own arrays, with
        # `copy=False`).
        self._ended = False

    def _game(self) -> VecGame:
        if self._vec is None:
            raise ResetNeeded("the environment is closed")
        return self._vec

    def _fresh(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        """``array``, or a copy of it with ``copy=True``."""
        return array.copy() if self.copy else array

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Observations, Dict[str, Any]]:
        """Starts every game again, game ``i`` with seed ``seed + i`` (``seed`` an int; when
        ``None``, the env's ``seed`` the first time, else one drawn from ``np_random``), the
        opponent's opening moves played; ``(observations, infos)``, ``infos["action_mask"]``
        ``(num_envs, ACTION_SPACE)`` bool. A list of seeds (one per game) is a
        ``ValueError``: the games' seeds follow from one. The one option is ``reset_mask``,
        with ``DISABLED``: a partial reset (the module's doc); no other is taken (an empty
        dict is none)."""
        if options and "reset_mask" in options and self.autoreset_mode is AutoresetMode.DISABLED:
            return self._reset_some(seed, options)
        if options:
            why = " (reset_mask needs autoreset_mode AutoresetMode.DISABLED)" if "reset_mask" in options else ""
            raise ValueError(f"RuleScriptVectorEnv.reset takes no options, not {sorted(options)}{why}")
        if seed is not None and not isinstance(seed, (int, np.integer)):
            raise ValueError(f"seed must be an int (game i is seeded seed + i) or None, not {type(seed).__name__}")
        vec = self._game()
        if seed is None and not self._started and self._first_seed is not None:
            seed = self._first_seed
        if seed is not None:
            base = operator.index(seed)
            super().reset(seed=base)
        else:
            base = int(self.np_random.integers(0, 2**63 - 1))
        observations, masks, _ = vec.reset(base)
        self._started = True
        return self._fresh(observations), {"action_mask": self._fresh(masks), "_action_mask": self._fresh(self._every_row)}

    def _reset_some(self, seed: Optional[int], options: Dict[str, Any]) -> Tuple[Observations, Dict[str, Any]]:
        """``reset(options={"reset_mask": mask})`` with ``DISABLED``: checked as
        ``SyncVectorEnv`` checks it (``TypeError`` for what is not a bool numpy array,
        ``ValueError`` for another shape or no True), no seed and no other option."""
        mask = options["reset_mask"]
        if sorted(options) != ["reset_mask"]:
            raise ValueError(f"RuleScriptVectorEnv.reset takes no options but reset_mask, not {sorted(options)}")
        if seed is not None:
            raise ValueError("reset(seed=..., options={'reset_mask': ...}): an env reset by mask goes on with its next seed")
        if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
            raise TypeError(f"options['reset_mask'] must be a numpy bool array, not {type(mask).__name__}")
        if mask.shape != (self.num_envs,) or not mask.any():
            raise ValueError(f"options['reset_mask'] must have shape ({self.num_envs},) and a True, not {mask!r}")
        vec = self._game()
        if not self._started:
            raise ResetNeeded("call reset() first")
        observations, masks, _ = vec.reset(mask=mask)
        return self._fresh(observations), {"action_mask": self._fresh(masks), "_action_mask": self._fresh(self._every_row)}

    def step(
        self, actions: Actions
    ) -> Tuple[Observations, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], Dict[str, Any]]:
        """Plays ``actions[i]`` for game ``i``'s learner, then its opponent until the learner
        is to move again (with ``NEXT_STEP``, a row that showed an episode's end starts the
        next episode instead, its action ignored); ``(observations, rewards, terminations,
        truncations, infos)``, ``rewards`` float32, the learner's result (1 win, -1 loss, 0
        draw) for a game the step ended, else 0. ``ValueError`` for actions of another
        shape or dtype, ``IllegalMove`` (a ``ValueError`` too) before any game moves for an
        illegal one, ``ResetNeeded`` before ``reset()``."""
        vec = self._game()
        if not self._started:
            raise ResetNeeded("call reset() first")
        # A list or tuple of ints is made an array; anything else goes to the VecGame as it
        # is, which refuses what is not an int32 or int64 array of shape (num_envs,).
        array = np.asarray(actions) if isinstance(actions, (list, tuple)) else actions
        try:
            observations, masks, _, dones, _ = vec.step(cast(ActionArray, array))
        except ResetNeeded as refused:
            # With DISABLED, the VecGame's: in the env's words.
            raise ResetNeeded(
                f"the episodes of envs {getattr(refused, 'games', [])} are over and autoreset_mode is "
                "AutoresetMode.DISABLED: reset them with reset(options={'reset_mask': ...})"
            ) from None
        n = self.num_envs
        if self.copy:
            observations, masks = observations.copy(), masks.copy()
            rewards, terminations, truncations = np.zeros(n, np.float32), np.zeros(n, np.bool_), np.zeros(n, np.bool_)
            every_row = self._every_row.copy()
        else:
            rewards, terminations, truncations = self._rewards, self._terminations, self._truncations
            every_row = self._every_row
            if self._ended:
                # Only a step that ended episodes set them: the others leave them zero, and
                # pay for no clearing.
                rewards.fill(0.0)
                terminations.fill(False)
                truncations.fill(False)
                self._ended = False
        infos: Dict[str, Any] = {"action_mask": masks, "_action_mask": every_row}
        # Most steps end no episode (a game is about 60 learner decisions): then the
        # rewards, terminations and truncations are all zero, and nothing more is read.
        if dones.any():
            self._ended = True
            np.take(self._flat_rewards, self._reward_index, out=rewards)
            if self.autoreset_mode is not AutoresetMode.SAME_STEP:
                # The turn limit's ends (a subset of `dones`) are the truncations, the rest
                # terminations.
                np.copyto(truncations, vec.truncations())
                np.not_equal(dones, truncations, out=terminations)
                # The rows are the episodes' ends, their masks empty: nothing more to say.
                return observations, rewards, terminations, truncations, infos
            np.copyto(terminations, dones)
            games, final_observations, truncated = vec.finals()
            if truncated.any():
                at_limit = games[truncated]
                terminations[at_limit] = False
                truncations[at_limit] = True
            # One array a finished episode, as Gymnasium's own vector envs give it (an
            # object array's rows assigned from a 2-d array would be read as one array).
            final_obs = np.full(n, None, dtype=object)
            for row, game in enumerate(games.tolist()):
                final_obs[game] = final_observations[row]
            infos["final_obs"], infos["_final_obs"] = final_obs, dones.copy()
            # The finished episode's last info: no legal action (the read-only zeros shared
            # by every step, rather than 1,406 bytes a game made and cleared).
            infos["final_info"] = {"action_mask": self._no_actions, "_action_mask": dones.copy()}
            infos["_final_info"] = dones.copy()
        return observations, rewards, terminations, truncations, infos

    def seeds(self) -> List[int]:
        """The seeds of the games now in play, game ``i``'s first (``VecGame.seeds``)."""
        return self._game().seeds()

    def close_extras(self, **kwargs: Any) -> None:
        """Lets the games go (their memory freed once no array of theirs is held)."""
        self._vec = None

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every row, ``(num_envs, ACTION_SPACE)`` bool (a copy)."""
        masks: npt.NDArray[np.bool_] = self._game().masks.copy()
        return masks


# The VecGame's autoreset of each mode.
_VEC_AUTORESET: Dict[AutoresetMode, Literal["same_step", "next_step", "disabled"]] = {
    AutoresetMode.NEXT_STEP: "next_step",
    AutoresetMode.SAME_STEP: "same_step",
    AutoresetMode.DISABLED: "disabled",
}


def _autoreset_mode(mode: Union[AutoresetMode, str]) -> AutoresetMode:
    """``mode`` as an ``AutoresetMode`` (given as one or as its value, as ``SyncVectorEnv``
    takes it); else a ``ValueError`` naming it."""
    try:
        known = mode if isinstance(mode, AutoresetMode) else AutoresetMode(mode)
    except ValueError:
        known = None
    if known is None:
        raise ValueError(
            "RuleScriptVectorEnv takes autoreset_mode AutoresetMode.NEXT_STEP (the default), SAME_STEP or DISABLED "
            f"(or its value: 'NextStep', 'SameStep', 'Disabled'), not {mode!r}"
        )
    return known


# `gymnasium.make_vec("rulescript.envs.vector_env:RuleScriptVector-v0", num_envs=64,
# card_set=..., decks=[...])`: an id of its own, since giving `RuleScript-v0` a vector entry
# point would change what `make_vec` makes of it (a `SyncVectorEnv` of single envs, whose
# arguments and defaults differ).
gym.register(id="RuleScriptVector-v0", vector_entry_point="rulescript.envs.vector_env:RuleScriptVectorEnv")
