"""The exceptions of the rulescript package.

Every error the engine reports is one of these, with the message ``rsc`` prints; none of
them ever aborts the interpreter.
"""

from typing import TYPE_CHECKING, Dict, List, Optional, Union

if TYPE_CHECKING:
    from ._rulescript import Diagnostic


class RuleScriptError(Exception):
    """The base of every error of the package."""


class RulesError(RuleScriptError):
    """Card rules that do not compile, or a card set that cannot be loaded.

    ``compile`` sets ``diagnostics``: every finding, as ``Diagnostic`` objects;
    ``CardSet.load`` sets ``code``, the kind of failure (``set-io``, ``set-json``,
    ``set-duplicate-id``, ``set-bad-card``, ``set-shared-rules``, ``set-rules``,
    ``set-bundle``); ``check`` and ``compile`` given a ``catalogue`` file that is not one
    set ``code`` ``catalogue-file`` and ``diagnostics``, the file's problems located in it.
    """

    diagnostics: "List[Diagnostic]" = []
    code: str = ""


class DeckError(RuleScriptError, ValueError):
    """A deck file that cannot be read or breaks a deck rule; ``code`` names the rule
    (``deck-size``, ``deck-copies``, ``deck-unknown-card``, ``deck-malformed``, ``deck-io``;
    for a Wagic deck, ``rulescript.wagic.load_deck``: ``deck-unknown-card``,
    ``deck-not-compiled``, ``deck-unknown-id``, ``deck-id-without-sets``, ``deck-count``,
    ``deck-too-large``, ``deck-empty``). A Wagic deck's error also sets ``file``, ``line``
    (its first error's, 0 for the deck as a whole) and ``errors`` (every error, a dict of
    ``code``, ``line`` and ``message``)."""

    code: str = ""
    file: Optional[str] = None
    line: Optional[int] = None
    errors: "List[Dict[str, Union[str, int]]]" = []


class SetupError(RuleScriptError, ValueError):
    """A game that cannot be set up from the decks given."""


class IllegalMove(RuleScriptError, ValueError):
    """An action that is not legal now; nothing changed. ``legal_actions`` lists the legal
    ones (ints below ``ACTION_SPACE``); ``VecGame.step`` also sets ``game``, the index of
    the game (``None`` otherwise)."""

    legal_actions: List[int] = []
    game: Optional[int] = None


class ResetNeeded(RuleScriptError, RuntimeError):
    """An environment called out of order: ``step``, ``last`` or ``observe`` before
    ``reset()``, or ``step`` once the episode is over (Gymnasium's own ``OrderEnforcing``
    wrapper raises ``gymnasium.error.ResetNeeded`` for the first); and
    ``VecGame.step`` with ``autoreset="disabled"`` while a game that ended has not been
    reset, ``games`` then the indices of those games (``None`` otherwise). A
    ``RuntimeError``, as it was before it had a class of its own."""

    games: Optional[List[int]] = None


class EngineError(RuleScriptError, RuntimeError):
    """The engine failed (a Rust panic, caught): the game it happened in refuses every
    later call (a ``VecGame`` until ``reset()``)."""


__all__ = ["RuleScriptError", "RulesError", "DeckError", "SetupError", "IllegalMove", "ResetNeeded", "EngineError"]
