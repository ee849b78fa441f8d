"""RuleScript in Python: the card-rules compiler and the reference Card Fighters' Clash
engine, built in Rust.

>>> import rulescript as rs
>>> cards = rs.CardSet.load("examples")
>>> game = rs.Game(cards, ["examples/decks/vanguard.o8d", "examples/decks/arcana.o8d"], seed=7)
>>> while not game.is_over():
...     game.apply(game.legal_actions()[0])

Moves are numbers of a fixed action space (``ACTION_SPACE``); observations are float32
vectors of ``OBSERVATION_SIZE`` (layout: ``OBSERVATION_LAYOUT``, docs in the README of
``python/``). ``VecGame`` steps many games at once in Rust. The environments for
Gymnasium, PettingZoo and OpenSpiel are in ``rulescript.envs`` (their libraries:
``pip install "./python[envs]"`` from the repository's root; the package is not on PyPI,
where ``pip install "rulescript[envs]"`` would look for it). Wagic's Magic: The Gathering
cards, decks and games are in ``rulescript.wagic``.
"""

from . import errors, wagic
from ._rulescript import (
    ACTION_SPACE,
    DEFAULT_TURN_LIMIT,
    MAX_HAND,
    MAX_PICKS,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    CardSet,
    Deck,
    Diagnostic,
    Game,
    GreedyPlayer,
    RandomPlayer,
    VecGame,
    check,
    compile,
    load_deck,
    observation_bounds,
    play_in_rust,
    player_seed,
)
from .errors import DeckError, EngineError, IllegalMove, ResetNeeded, RuleScriptError, RulesError, SetupError

__all__ = [
    "ACTION_SPACE",
    "DEFAULT_TURN_LIMIT",
    "MAX_HAND",
    "MAX_PICKS",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "CardSet",
    "Deck",
    "Diagnostic",
    "Game",
    "GreedyPlayer",
    "RandomPlayer",
    "VecGame",
    "check",
    "compile",
    "load_deck",
    "observation_bounds",
    "play_in_rust",
    "player_seed",
    "errors",
    "wagic",
    "DeckError",
    "EngineError",
    "IllegalMove",
    "ResetNeeded",
    "RuleScriptError",
    "RulesError",
    "SetupError",
]
