"""Wagic's Magic: The Gathering cards on the RuleScript compiler and VM, as ``rsc check``,
``rsc run`` and ``rsc sim`` with ``--lang wagic`` reach them.

>>> from rulescript import wagic
>>> cards = wagic.WagicCards.load(["mtg.txt"], sets="Res/sets")
>>> deck_a = wagic.load_deck("bears.txt", cards)
>>> deck_b = wagic.load_deck("goblins.txt", cards, skip_uncompiled=True)
>>> game = wagic.play(cards, [deck_a, deck_b], seed=7, players=("greedy", "random"))
>>> game.winner, game.end, game.turns
>>> print("\\n".join(game.log))   # exactly what `rsc run --lang wagic` prints
>>> run = wagic.sim(cards, [deck_a, deck_b], games=100)
>>> run.decks, run.summary["ended"]
>>> game = wagic.WagicGame(cards, [deck_a, deck_b], seed=7, players=(None, "greedy"))
>>> while not game.is_over():   # seat 0 is ours: each of its choices is a question
...     game.question, [game.action_to_string(a) for a in game.legal_actions()], game.view(0)
...     game.apply(game.legal_actions()[0])

``WagicCards.load`` compiles card files (the cards left out keep their diagnostics,
``Diagnostic`` objects as ``rulescript.check`` gives); ``check`` gives the diagnostics
of card files as ``rsc check --lang wagic``; ``load_deck`` reads a Wagic deck file
(``DeckError`` with the lines ``rsc`` prints); ``play`` plays one seeded game, ``sim``
many (the same games and figures as ``rsc sim --lang wagic``), with the GIL released;
``WagicGame`` is a game played from Python a question at a time (its seats the caller's
or a built-in player's), with a fixed action space for learning agents (``ACTION_SPACE``
options at most, ``legal_mask()``) and a fixed-size observation (``observation(seat)``,
float32 of ``OBSERVATION_SIZE``, blocks ``OBSERVATION_LAYOUT``, every float within
``observation_bounds()``);
``rulescript.envs.wagic_env`` has its PettingZoo and Gymnasium environments.
The rules played are those of ``docs/wagic-play.md``.
"""

from ._rulescript import WAGIC_ACTION_SPACE as ACTION_SPACE
from ._rulescript import WAGIC_DEFAULT_TURN_LIMIT as DEFAULT_TURN_LIMIT
from ._rulescript import WAGIC_OBSERVATION_LAYOUT as OBSERVATION_LAYOUT
from ._rulescript import WAGIC_OBSERVATION_SIZE as OBSERVATION_SIZE
from ._rulescript import Diagnostic, WagicCards, WagicDeck, WagicGame, WagicResult, WagicSimResult
from ._rulescript import wagic_check as check
from ._rulescript import wagic_load_deck as load_deck
from ._rulescript import wagic_observation_bounds as observation_bounds
from ._rulescript import wagic_play as play
from ._rulescript import wagic_sim as sim
from .errors import DeckError, EngineError, RulesError

__all__ = [
    "ACTION_SPACE",
    "DEFAULT_TURN_LIMIT",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_SIZE",
    "Diagnostic",
    "WagicCards",
    "WagicDeck",
    "WagicGame",
    "WagicResult",
    "WagicSimResult",
    "check",
    "load_deck",
    "observation_bounds",
    "play",
    "sim",
    "DeckError",
    "EngineError",
    "RulesError",
]
