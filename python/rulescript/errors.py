"""The exceptions of the rulescript package.

Every error the engine reports is one of these, with the message ``rsc`` prints; none of
them ever aborts the interpreter.
"""

from typing import TYPE_CHECKING, List, Optional

if TYPE_CHECKING:
    from ._rulescript import Diagnostic


class RuleScriptError(Exception):
    """The base of every error of the package."""


class RulesError(RuleScriptError):
    """Card rules that do not compile, or a card set that cannot be loaded.

    ``compile`` sets ``diagnostics``: every finding, as ``Diagnostic`` objects;
    ``CardSet.load`` sets ``code``, the kind of failure (``set-io``, ``set-json``,
    ``set-duplicate-id``, ``set-bad-card``, ``set-shared-rules``, ``set-rules``,
    ``set-bundle``).
    """

    diagnostics: "List[Diagnostic]" = []
    code: str = ""


class DeckError(RuleScriptError, ValueError):
    """A deck file that cannot be read or breaks a deck rule; ``code`` names the rule
    (``deck-size``, ``deck-copies``, ``deck-unknown-card``, ``deck-malformed``, ``deck-io``)."""

    code: str = ""


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
