"""Environments over ``rulescript.Game`` for the RL libraries (``pip install
"./python[envs]"`` from the repository's root installs them); each module imports its
library only when imported itself.

- ``rulescript.envs.gym_env.RuleScriptEnv``: Gymnasium, one seat against a built-in player.
- ``rulescript.envs.vector_env.RuleScriptVectorEnv``: a Gymnasium vector env over
  ``VecGame``, ``num_envs`` games against a built-in player stepped together in Rust.
- ``rulescript.envs.pettingzoo_env.RuleScriptAECEnv``: PettingZoo AEC, both seats.
- ``rulescript.envs.wagic_env``: Magic between two Wagic decks (``rulescript.wagic``):
  ``WagicAECEnv`` (PettingZoo AEC, both seats) and ``WagicEnv`` (Gymnasium, one seat
  against a built-in player).
- ``rulescript.envs.openspiel_game``: registers ``python_rulescript`` with
  ``pyspiel.register_game`` on import, so ``pyspiel.load_game("python_rulescript", ...)``
  works with OpenSpiel's own algorithms.
- ``rulescript.envs.wagic_openspiel_game``: registers ``python_rulescript_wagic`` (Magic
  between two Wagic decks, over ``rulescript.wagic.WagicGame``) the same way.
"""

from __future__ import annotations

import os
import operator
from typing import Any, Dict, List, Optional, Sequence, SupportsIndex, Tuple, Union

from .. import CardSet, Deck

CardSetArg = Union[CardSet, str, os.PathLike[str]]
"""What the environments take as a card set: a ``CardSet``, or the folder to load it from."""
DecksArg = Sequence[Union[Deck, str, os.PathLike[str]]]
"""What the environments take as decks: two ``Deck`` objects or ``.o8d`` paths, seat 0's first."""


def _load_game_args(card_set: CardSetArg, decks: Optional[DecksArg]) -> Tuple[CardSet, List[Deck]]:
    """A ``CardSet`` (loaded from a folder when given a path) and two decks."""
    from .. import load_deck

    if not isinstance(card_set, (CardSet, str, os.PathLike)):
        # `str(None)` was loaded as a folder named "None".
        raise TypeError(f"card_set must be a CardSet or its folder, not {type(card_set).__name__}")
    if not isinstance(card_set, CardSet):
        card_set = CardSet.load(os.fspath(card_set))
    if decks is None or isinstance(decks, (str, bytes, os.PathLike, Deck, set, frozenset)):
        # A string's characters were taken for decks ("give two decks" for most paths); a
        # set's order, which decides the seats, changes with the interpreter's hash seed.
        raise TypeError(
            f"decks must be a sequence of two decks (Deck objects or .o8d paths, seat 0's first), "
            f"not {type(decks).__name__}"
        )
    if len(decks) != 2:
        raise ValueError(f"give two decks (Deck objects or .o8d paths), not {len(decks)}")
    for deck in decks:
        if not isinstance(deck, (Deck, str, os.PathLike)):
            raise TypeError(f"each deck must be a Deck or an .o8d path, not {type(deck).__name__}")
    return card_set, [d if isinstance(d, Deck) else load_deck(os.fspath(d), card_set) for d in decks]


def _action_index(action: SupportsIndex) -> int:
    """``action`` as an int: an int, a numpy integer or a 0-d integer array. A bool is a
    ``TypeError``, as ``Game.apply`` says (``True`` is the int 1 to ``operator.index``, and
    was played as action 1), and so is a float or a string (not truncated or parsed into
    another action)."""
    if isinstance(action, bool):
        raise TypeError(f"an action must be an int, not a bool ({action})")
    return operator.index(action)


def _check_seat_env_args(
    seat: object,
    opponent: object,
    opponents: Sequence[str],
    illegal_action: object,
    render_mode: object,
    render_modes: Sequence[str],
) -> None:
    """The arguments of an env where a learner plays ``seat`` against a built-in
    ``opponent`` (``RuleScriptEnv``, ``WagicEnv``): ``TypeError`` for a bool seat (``True ==
    1`` played seat 1, and 1.0 passed here and failed at the first reset), ``ValueError``
    for any other wrong value."""
    import numpy as np

    if isinstance(seat, (bool, np.bool_)):
        raise TypeError(f"seat must be 0 or 1, not a bool ({seat})")
    if not isinstance(seat, (int, np.integer)) or seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, not {seat!r}")
    if opponent not in opponents:
        raise ValueError(f"opponent must be one of {sorted(opponents)}, not {opponent!r}")
    if illegal_action not in ("lose", "raise"):
        raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
    if render_mode is not None and render_mode not in render_modes:
        raise ValueError(f"render_mode must be one of {list(render_modes)}")


def _render_log_tail(log: Optional[List[str]], render_mode: Optional[str], lines: int) -> Optional[str]:
    """An AEC env's ``render``: the last ``lines`` lines of the game's ``log`` (``None``
    before a game), returned with ``render_mode="ansi"``, printed with ``"human"``."""
    if log is None:
        return None
    text = "\n".join(log[-lines:])
    if render_mode == "human":
        print(text)
        return None
    return text


def _no_options(options: Optional[Dict[str, Any]], env: str) -> None:
    """``reset``'s ``options``, which none of the package's single-game envs has: ``None``
    or a dict, whose keys are ignored, as the Gymnasium and PettingZoo APIs leave options
    to each environment and their own environments without options ignore them
    (PettingZoo's ``api_test`` resets with ``options={"options": 1}``). Anything but a
    dict is a ``TypeError``: it is no options."""
    if options is not None and not isinstance(options, dict):
        raise TypeError(f"{env}.reset: options must be a dict or None, not {type(options).__name__}")
