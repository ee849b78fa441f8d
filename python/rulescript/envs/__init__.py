"""Environments over ``rulescript.Game`` for the RL libraries (``pip install
"./python[envs]"`` from the repository's root installs them); each module imports its
library only when imported itself.

- ``rulescript.envs.gym_env.RuleScriptEnv``: Gymnasium, one seat against a built-in player.
- ``rulescript.envs.vector_env.RuleScriptVectorEnv``: a Gymnasium vector env over
  ``VecGame``, ``num_envs`` games against a built-in player stepped together in Rust.
- ``rulescript.envs.pettingzoo_env.RuleScriptAECEnv``: PettingZoo AEC, both seats.
- ``rulescript.envs.openspiel_game``: registers ``python_rulescript`` with
  ``pyspiel.register_game`` on import, so ``pyspiel.load_game("python_rulescript", ...)``
  works with OpenSpiel's own algorithms.
"""

from __future__ import annotations

import os
from typing import List, Optional, Sequence, Tuple, Union

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
