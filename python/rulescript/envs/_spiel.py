"""What CFC's and Magic's OpenSpiel games share: their ``GameType`` (sequential, zero-sum,
deterministic given the seed, observed without an information state), the checked
``seed`` and ``turn_limit`` with the ``GameInfo`` they give, and the one kind of observer
both offer (``Observer``)."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, Mapping, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt
import pyspiel


def game_type(short_name: str, long_name: str, parameters: Mapping[str, Union[str, int, bool]]) -> Any:
    """The ``pyspiel.GameType`` of a two-player game of RuleScript's: a seed fixes every
    shuffle and draw (``ChanceMode.DETERMINISTIC``), a player sees what it may see now
    (observation string and tensor, no information state), a game won is 1 and lost -1."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters),
    )


def checked_game_info(
    short_name: str, params: Dict[str, Any], action_space: int, decisions_per_turn: int
) -> Tuple[Any, int, int]:
    """``(pyspiel.GameInfo, seed, turn_limit)`` of ``params``; ``ValueError`` for a seed or
    turn limit out of range. Checked where ``load_game`` can report them rather than when
    the first state is made: OpenSpiel's parameters and game length are C ints, and no
    game takes a turn limit of 0 (as ``rsc run``). The game's length is bounded by the
    turn limit times ``decisions_per_turn``, a bound for OpenSpiel's bookkeeping."""
    seed, turn_limit = int(params["seed"]), int(params["turn_limit"])
    if not 0 <= seed < 2**31:
        raise ValueError(f"{short_name}: seed must be from 0 to 2**31 - 1, not {seed}")
    if not 1 <= turn_limit < 2**31:
        raise ValueError(f"{short_name}: turn_limit must be from 1 to 2**31 - 1, not {turn_limit}")
    info = pyspiel.GameInfo(
        num_distinct_actions=action_space,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=min(turn_limit * decisions_per_turn, 2**31 - 1),
    )
    return info, seed, turn_limit


def check_observer_kind(short_name: str, iig_obs_type: Any) -> None:
    """``ValueError`` unless ``iig_obs_type`` (``make_py_observer``'s) is ``None`` or what
    the games observe: what one player sees now, with no memory of the past."""
    if iig_obs_type is not None and (
        iig_obs_type.perfect_recall
        or not iig_obs_type.public_info
        or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
    ):
        raise ValueError(
            f"{short_name} observes what one player sees now (public_info=True, "
            "private_info=SINGLE_PLAYER, perfect_recall=False): it has no information state "
            f"and no other observation, not perfect_recall={iig_obs_type.perfect_recall}, "
            f"public_info={iig_obs_type.public_info}, private_info={iig_obs_type.private_info}"
        )


class Observer:
    """A state's game's ``observation(player)`` as the tensor (float32, ``size``) and its
    ``view(player)`` as the string (JSON, keys sorted; ``null`` for a Wagic game stopped
    with no board left to show). ``write(game, player, tensor)`` writes the observation."""

    def __init__(
        self, params: Optional[Dict[str, Any]], size: int, write: Callable[[Any, int, npt.NDArray[np.float32]], None]
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, not {params}")
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self._write = write

    def set_from(self, state: Any, player: int) -> None:
        """Writes ``player``'s observation of ``state.game`` into ``tensor``."""
        self._write(state.game, player, self.tensor)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s view of ``state.game`` as JSON, keys sorted."""
        return json.dumps(state.game.view(player), sort_keys=True)
