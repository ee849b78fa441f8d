"""Type stubs of the native module `rulescript._rulescript` (re-exported by `rulescript`).

`python -m mypy.stubtest rulescript` checks them against the built module (`.ci/run` does):
every class here that PyO3 makes is `@final` (it cannot be subclassed) and takes its
arguments in `__new__`, as at runtime. `CardSet`, `Deck` and `Diagnostic` have no
constructor (calling one raises `TypeError`): their `__new__` asks for an argument of type
`NoReturn`, which no value has, so that mypy refuses the call (stubtest cannot see that
`__new__`: it has no signature at runtime).
"""

from os import PathLike
from pathlib import Path
from typing import Any, Callable, Dict, List, Literal, NoReturn, Optional, Sequence, Tuple, TypedDict, Union, final

import numpy as np
import numpy.typing as npt

__all__ = [
    "ACTION_SPACE",
    "OBSERVATION_SIZE",
    "OBSERVATION_LAYOUT",
    "MAX_HAND",
    "MAX_PICKS",
    "DEFAULT_TURN_LIMIT",
    "CardSet",
    "Deck",
    "Game",
    "RandomPlayer",
    "GreedyPlayer",
    "VecGame",
    "Diagnostic",
    "load_deck",
    "_deck",
    "player_seed",
    "observation_bounds",
    "check",
    "compile",
    "play_in_rust",
    "_panic_for_tests",
    "Simulation",
    "StopFlag",
    "merge_tallies",
    "tally_summary",
    "tally_report",
    "TallyError",
    "_close",
    "WAGIC_DEFAULT_TURN_LIMIT",
    "WAGIC_ACTION_SPACE",
    "WAGIC_OBSERVATION_SIZE",
    "WAGIC_OBSERVATION_LAYOUT",
    "WagicCards",
    "WagicDeck",
    "WagicResult",
    "WagicSimResult",
    "WagicGame",
    "wagic_check",
    "wagic_load_deck",
    "wagic_observation_bounds",
    "wagic_play",
    "wagic_sim",
    "WagicSimulation",
]

_Path = Union[str, "PathLike[str]"]
_Decks = Sequence[Union["Deck", _Path]]

ACTION_SPACE: int
"""The size of the fixed action space: every move is an int below it (`Pass` is 0)."""
OBSERVATION_SIZE: int
"""The length of an observation vector (float32)."""
OBSERVATION_LAYOUT: List[Tuple[str, int, int]]
"""The blocks of an observation: (name, offset, size) for global, me, opponent, hand,
removed (the viewer's removed pile, as `PlayRemoved` numbers its positions),
question_header (who asks the question the viewer answers, how many picks it wants, its
kind), question (its candidates)."""
MAX_HAND: int
"""Hand (and removed-pile) positions the action space (and the observation) numbers."""
MAX_PICKS: int
"""Candidates of a card's question the action space (and the observation) numbers."""
DEFAULT_TURN_LIMIT: int
"""Turns after which a game is a draw, unless a turn limit is given."""

@final
class CardSet:
    """A card set: the printed cards of a folder's `cards.json` and their compiled rules.
    Made by `CardSet.load(dir)`; `len(card_set)` is its number of printed cards."""

    def __new__(cls, no_constructor: NoReturn) -> CardSet:
        """No constructor at runtime (`TypeError`): made by `CardSet.load(dir)`."""

    @staticmethod
    def load(dir: _Path) -> CardSet:
        """Loads the card set in folder `dir` (its `cards.json` and `.rules` files); raises
        `RulesError` (with its `code`, such as `set-json`) when it cannot, `set-io` for a
        `dir` that is a file."""
    @property
    def dir(self) -> Path:
        """The folder the set was loaded from."""
    def __len__(self) -> int: ...
    def card(self, index: int) -> Dict[str, Any]:
        """Printed card `index` (from 0) as a dict (id, number, name, kind, bp, sp, ...);
        `IndexError` past the last card."""
    def __copy__(self) -> CardSet:
        """The set itself (it never changes)."""
    def __deepcopy__(self, _memo: Any) -> CardSet:
        """The set itself (it never changes): not loaded again."""
    def __reduce__(self) -> Tuple[Callable[[_Path], CardSet], Tuple[Path]]:
        """Pickled as its folder, loaded again where it is unpickled."""

@final
class Deck:
    """A deck that passed the deck rules against a card set (`load_deck`); `len(deck)` is its
    number of cards."""

    def __new__(cls, no_constructor: NoReturn) -> Deck:
        """No constructor at runtime (`TypeError`): made by `load_deck(path, card_set)`."""

    @property
    def name(self) -> str:
        """The deck's name (the file name without `.o8d`)."""
    @property
    def path(self) -> Path:
        """The file it was read from."""
    @property
    def card_ids(self) -> List[str]:
        """The card ids, one per copy, in file order."""
    def __len__(self) -> int: ...
    def __copy__(self) -> Deck:
        """The deck itself (it never changes)."""
    def __deepcopy__(self, _memo: Any) -> Deck:
        """The deck itself (it never changes)."""
    def __reduce__(self) -> Tuple[Any, Tuple[str, Path, List[str]]]:
        """Pickled as its name, path and card ids."""

def load_deck(path: _Path, card_set: CardSet) -> Deck:
    """Reads the `.o8d` deck at `path` and checks it against `card_set` and the deck rules;
    raises `DeckError` (with a `code` such as `deck-size`) when it breaks a rule."""

def _deck(name: str, path: _Path, card_ids: Sequence[str]) -> Deck:
    """A `Deck` unpickled (checked against the deck rules again)."""

@final
class Diagnostic:
    """A finding of the checker, located in its file (lines and columns from 1, columns in
    characters, as `rsc check --message-format json` reports them)."""

    def __new__(cls, no_constructor: NoReturn) -> Diagnostic:
        """No constructor at runtime (`TypeError`): made by `check` and `compile`."""

    @property
    def code(self) -> str:
        """The stable code (`E0008`)."""
    @property
    def severity(self) -> str:
        """`error` or `warning`."""
    @property
    def message(self) -> str:
        """One line, quoting the offending text."""
    @property
    def file(self) -> str:
        """The file, as given."""
    @property
    def line(self) -> int:
        """The line the span starts on, from 1."""
    @property
    def column(self) -> int:
        """The column the span starts at, from 1, in characters."""
    @property
    def end_line(self) -> int:
        """The line the span ends on, from 1."""
    @property
    def end_column(self) -> int:
        """The column just past the span's end, from 1, in characters."""
    @property
    def label(self) -> str:
        """The short text attached to the span."""
    @property
    def help(self) -> Optional[str]:
        """A suggestion, when there is one."""

def check(paths: Union[_Path, Sequence[_Path]], catalogue: Optional[_Path] = None) -> List[Diagnostic]:
    """Checks `.rules` files (a path or a list; folders are searched recursively) as `rsc
    check`; every diagnostic (an empty list when all is well). `catalogue`: a catalogue
    file (another game's, as `rsc check --catalogue FILE`; docs/catalogue-file.md), else
    Card Fighters' Clash's. `OSError` when a path or the catalogue file cannot be read;
    `RulesError` (`code` `catalogue-file`, `diagnostics` located in that file) when it is
    not a catalogue; Ctrl-C raises `KeyboardInterrupt` between two files. A catalogue is
    loaded once per file contents and kept for the process (a loaded catalogue cannot be
    freed): calls on an unchanged file reuse it, each new contents costs about the file's
    size, and past 64 MiB of distinct contents a call raises `RulesError`."""

def compile(
    paths: Union[_Path, Sequence[_Path]], out: _Path, strip: bool = False, catalogue: Optional[_Path] = None
) -> List[Diagnostic]:
    """Compiles into a bundle at `out` as `rsc compile`; the warnings. Raises `RulesError`
    (with `diagnostics`) and writes nothing when there is an error. `catalogue`: as for
    `check` (`rsc compile --catalogue FILE`: the bundle records its identity). `out` is
    replaced whole or left as it was (written beside and renamed); a device is written
    directly; a FIFO or a symbolic link to nothing raises `OSError` before compiling, and
    so does an `out` that is one of the files compiled (by any name: it would lose that
    card). Ctrl-C while the files are read raises `KeyboardInterrupt` and writes nothing."""

@final
class Game:
    """One game of the reference engine, driven by action numbers. `decks` are two `Deck`s
    or `.o8d` paths, seat 0's first; the seed (an int from 0 to 2**64 - 1) decides the
    shuffles, who starts and every random draw, so the same seed and the same actions give
    the same game (and `trace_hash()`). `turn_limit` (1 to 2**32 - 1; `None`:
    `DEFAULT_TURN_LIMIT`): the turns after which the game is a draw."""

    def __new__(
        cls, card_set: CardSet, decks: _Decks, seed: Optional[int] = 0, turn_limit: Optional[int] = None
    ) -> Game:
        """`seed=None` draws the seed from fresh entropy (`seed` says which)."""
    @staticmethod
    def from_history(
        card_set: CardSet, decks: _Decks, seed: int, history: Sequence[int], turn_limit: Optional[int] = None
    ) -> Game:
        """The game after `history` (an earlier game's `history()`); `IllegalMove` names a bad step."""
    @property
    def seed(self) -> int:
        """The seed the game started with."""
    @property
    def decks(self) -> List[Deck]:
        """The two decks the game started with, seat 0's first."""
    @property
    def current_player(self) -> int:
        """The seat (0 or 1) that decides now (once the game is over, the one that was to move
        last: check `is_over()`)."""
    @property
    def turn(self) -> int:
        """The turn number, from 1."""
    def legal_actions(self) -> List[int]:
        """The legal actions of the player to move, ints below `ACTION_SPACE` (empty once over)."""
    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The legal actions as a new bool vector of shape (ACTION_SPACE,)."""
    def apply(self, action: int) -> None:
        """Takes `action`; raises `IllegalMove` (with `legal_actions`) and changes nothing when
        illegal (any int, however large; `TypeError` for another type)."""
    def is_over(self) -> bool:
        """Whether the game is over."""
    def returns(self) -> List[float]:
        """Each seat's result, seat 0's first: 1.0 for the winner, -1.0 for the loser, 0.0 each
        in a draw or while the game goes on."""
    def winner(self) -> Optional[int]:
        """The winner (0 or 1), or `None` for a draw or while the game goes on."""
    def outcome(self) -> Optional[str]:
        """How the game ended, as `rsc run` prints it (`None` while it goes on)."""
    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What `player` may see, a new float32 vector of shape (OBSERVATION_SIZE,) (blocks:
        `OBSERVATION_LAYOUT`)."""
    def observation_into(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Writes `observation(player)` into `out`; `ValueError` for a wrong dtype or shape."""
    def view(self, player: int) -> Dict[str, Any]:
        """What `player` may see, as the engine's `PlayerView` in a dict: `me`, `turn`,
        `active`, `phase`, `to_move`, `players`, `question` (the candidates of the question
        `player` answers, else None), `question_header` (that question's `asker` card when
        `player` may see it, `asker_is_mine`, `kind`, `text`, `min` and `max` picks,
        `picked`; else None), `legal_moves`, `outcome`."""
    def action_to_string(self, action: int) -> str:
        """Action `action` in words, with the card it plays (from the hand or the removed pile);
        `ValueError` outside the action space."""
    def clone(self) -> Game:
        """A copy of the game (history included) that goes on on its own."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickled as its start and history (`from_history` replays it; the card set is loaded
        again from its folder); `TypeError` for a game `resample_hidden` dealt again."""
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, _memo: Any) -> Game: ...
    def history(self) -> List[int]:
        """The actions applied since the start."""
    def resample_hidden(self, player: int, seed: int) -> Game:
        """A copy with what `player` cannot see dealt again from `seed` (same observation for `player`)."""
    def trace_hash(self) -> str:
        """The BLAKE3 hash of the event log (64 hex digits), as `rsc run --trace-hash`."""
    def state_hash(self) -> str:
        """The BLAKE3 hash of the board (64 hex digits)."""
    def log(self) -> List[str]:
        """The whole event log, one line per entry (every card drawn included: not a player's view)."""

@final
class VecGame:
    """`n` games stepped together in Rust (rayon, GIL released); finished games restart with
    their slot's next seed (`seed + i + k * n`); `seed=None` draws the base seed from
    fresh entropy (`seeds()` says it). `threads` (default: one per core) each step a share
    of consecutive games, then help the others; never more threads than one per 16 games
    are started (under 32 games the calling thread steps them all, no pool started,
    whatever `threads` says). Bools are refused as `n`, `threads`, `seed` and seats
    (`TypeError`, `ValueError` in `learner_seats`). `n` is at most 65,536 and `threads` at
    most 1,024 (`ValueError` past them, before anything is allocated). The games are made
    with the GIL released (65,536 take seconds), Ctrl-C heard between two (the games
    made are freed on a thread of their own, so as not to hold it up); a step or a
    reset is one short call (0.3 s for 65,536 games), after which Python hears it, and
    so is the writing of the first rows once the games are made.

    Made, the games have started (the arrays hold their first decisions: `reset()` only
    starts them over). With `autoreset="same_step"` (the default), a game is reset within
    the step that ends it (Gymnasium's `AutoresetMode.SAME_STEP`): with `dones[i]`,
    `rewards[i]` is its result and row i of the other arrays the next game's first
    decision. With `autoreset="next_step"` (Gymnasium's `NEXT_STEP`), the step that ends
    it shows it as it ended instead: row i is its last observation as the seat whose
    decision ended it sees it (with an opponent, the learner), that seat the row's player,
    no legal action (empty mask, `legal_counts[i] == 0`); the next step ignores
    `actions[i]` (any int) and shows the next game's first decision, rewards 0, no done.
    With `autoreset="disabled"` (Gymnasium's `DISABLED`), as `"next_step"` but only a
    reset starts an ended game over: a `step` while one is shown raises `ResetNeeded`
    (its `games`, their indices) before any game moves; `reset(mask=...)` starts them.
    With `keep_finals=True` (11 KiB more a game), the step that ends a game also keeps
    its last observation and whether the turn limit ended it, for `finals()` (Gymnasium's
    `final_obs`). `truncations()` says which ends the turn limit made: with
    `autoreset="next_step"` or `"disabled"`, without `keep_finals`.

    `opponent="random"` or `"greedy"` seats the built-in player opposite a learner in
    every game, played in Rust within `step` (GIL released): slot i's learner plays seat
    `learner_seats[i]` (default `i % 2`; or one seat for all, or one per game), its
    opponent is `RandomPlayer`/`GreedyPlayer.for_seat(game seed, other seat)`, and every
    row is the learner's decision (`current_players == learner_seats`). A game that ends
    before the learner's first decision (a turn limit of 1) is passed over."""

    def __new__(
        cls,
        card_set: CardSet,
        decks: _Decks,
        n: int,
        seed: Optional[int] = 0,
        threads: Optional[int] = None,
        turn_limit: Optional[int] = None,
        opponent: Optional[Literal["random", "greedy"]] = None,
        learner_seats: Union[None, int, Sequence[int], npt.NDArray[np.integer]] = None,
        keep_finals: bool = False,
        autoreset: Literal["same_step", "next_step", "disabled"] = "same_step",
    ) -> VecGame: ...
    def __len__(self) -> int: ...
    def __reduce__(self) -> NoReturn:
        """Refused (`TypeError`): a VecGame is neither copied nor pickled; make another with
        the same arguments (the same seed plays the same games)."""
    def reset(
        self, seed: Optional[int] = None, mask: Optional[npt.NDArray[np.bool_]] = None
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
        """Restarts every game (with `mask`, a bool vector of shape (n,), only game i where
        `mask[i]`, with its slot's next seed: no `seed` then; its rewards, done, final
        and truncation cleared, the other games' rows left as the last step wrote them,
        dones included); (observations (n, OBSERVATION_SIZE), masks (n, ACTION_SPACE),
        current_players (n,)), the same arrays at every call. `seed=None` (the default)
        keeps the base seed: game i restarts with `seed + i` again."""
    def step(
        self, actions: npt.NDArray[Union[np.int32, np.int64]]
    ) -> Tuple[
        npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]
    ]:
        """Applies `actions[i]` (int32 or int64, shape (n,)) to game `i` (with
        `autoreset="next_step"`, a game the last step ended starts over instead, its action
        ignored), then, with an opponent, its moves until the learner is to move again;
        (observations, masks, rewards (n, 2), dones (n,), current_players), the same arrays
        at every call. With `autoreset="disabled"`, `ResetNeeded` (its `games`) while a
        game the last step ended has not been reset, before any game moves."""
    @property
    def observations(self) -> npt.NDArray[np.float32]:
        """(n, OBSERVATION_SIZE) float32: row i as seat `current_players[i]` sees game i
        (rewritten by each step)."""
    @property
    def masks(self) -> npt.NDArray[np.bool_]:
        """(n, ACTION_SPACE) bool: the legal actions of row i's player to move."""
    @property
    def legal_actions(self) -> npt.NDArray[np.int32]:
        """(n, ACTION_SPACE) int32: the first `legal_counts[i]` entries of row i are its legal actions."""
    @property
    def legal_counts(self) -> npt.NDArray[np.int32]:
        """(n,) int32: how many legal actions each game has."""
    @property
    def rewards(self) -> npt.NDArray[np.float32]:
        """(n, 2) float32, by seat: 1 win, -1 loss, 0 draw for a game the last step ended, else 0."""
    @property
    def dones(self) -> npt.NDArray[np.bool_]:
        """(n,) bool: whether the last step ended game i (its row then shows the next game, or,
        with `autoreset="next_step"`, the end)."""
    @property
    def current_players(self) -> npt.NDArray[np.int32]:
        """(n,) int32: the seat (0 or 1) to move in each game (with an opponent, always the
        learner's)."""
    @property
    def opponent(self) -> Optional[str]:
        """"random", "greedy", or None (every decision comes to the caller)."""
    @property
    def learner_seats(self) -> Optional[npt.NDArray[np.int32]]:
        """(n,) int32, a copy: the learner's seat in each slot; None without an opponent."""
    def seeds(self) -> List[int]:
        """The seeds of the games now in the slots (slot i's is `seed + i + k * n` modulo
        2**64 after k games since the last reset)."""
    def finals(self) -> Tuple[npt.NDArray[np.int64], npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """With `keep_finals=True`, how the games the last step finished ended, new arrays:
        (games (k,) int64, their indices in order; observations (k, OBSERVATION_SIZE)
        float32, each game's last observation as the seat whose decision ended it sees it;
        truncated (k,) bool, whether the turn limit ended it): always the games `dones`
        marks, so none after `reset()`, and after `reset(mask=m)` none that `m` started
        over; `RuntimeError` without `keep_finals=True`."""
    def truncations(self) -> npt.NDArray[np.bool_]:
        """(n,) bool, a new array: which of the games `dones` marks the turn limit ended (a
        truncation: a draw at the limit) rather than a win, a loss or another draw. With
        `autoreset="next_step"` or `"disabled"` read from the games the rows show at their
        end, so without `keep_finals`; with `"same_step"` from the kept finals
        (`RuntimeError` without `keep_finals=True`). All False after `reset()`; `reset(mask=m)` clears the games
        it starts over, as their `dones`, and keeps the others'."""
    @property
    def autoreset(self) -> Literal["same_step", "next_step", "disabled"]:
        """When a finished game starts over: within the step that ended it, at the next, or
        at a reset only."""
    @property
    def keep_finals(self) -> bool:
        """Whether the VecGame keeps how each game ends, for `finals()`."""
    def trace_hash(self, i: int) -> str:
        """Game `i`'s trace hash so far (as `Game.trace_hash`)."""

@final
class RandomPlayer:
    """The built-in random player (`rsc run --player random`): any legal action, uniformly."""

    def __new__(cls, seed: Optional[int] = None) -> RandomPlayer:
        """`seed=None` draws the seed from fresh entropy (`seed` says which)."""
    @property
    def seed(self) -> int:
        """The seed it was made with."""
    @staticmethod
    def for_seat(game_seed: int, seat: int) -> RandomPlayer:
        """The player `rsc run` seats in `seat` of the game seeded `game_seed`."""
    def choose(self, game: Game) -> int:
        """The action it takes for the player to move; `IllegalMove` once the game is over."""
    def __copy__(self) -> RandomPlayer:
        """A copy in the same state, making the choices this player would make from here."""
    def __deepcopy__(self, _memo: Any) -> RandomPlayer: ...

@final
class GreedyPlayer:
    """The built-in greedy player (`rsc run --player greedy`): one-step look-ahead."""

    def __new__(cls, seed: Optional[int] = None) -> GreedyPlayer:
        """`seed=None` draws the seed from fresh entropy (`seed` says which)."""
    @property
    def seed(self) -> int:
        """The seed it was made with."""
    @staticmethod
    def for_seat(game_seed: int, seat: int) -> GreedyPlayer:
        """The player `rsc run` seats in `seat` of the game seeded `game_seed`."""
    def choose(self, game: Game) -> int:
        """The action it takes for the player to move; `IllegalMove` once the game is over."""
    def __copy__(self) -> GreedyPlayer:
        """A copy in the same state, making the choices this player would make from here."""
    def __deepcopy__(self, _memo: Any) -> GreedyPlayer: ...

def player_seed(game_seed: int, seat: int) -> int:
    """The seed `rsc run` gives the player in `seat` of the game seeded `game_seed`."""

def observation_bounds(
    card_set: CardSet, decks: _Decks, turn_limit: Optional[int] = None
) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """(low, high): the least and greatest value of each float of an observation of a game
    of `card_set` between `decks` (the bounds of the environments' observation spaces).
    Exact for flags, counts, the turn and printed values; the range of an i32 for what card
    scripts may set to any number (HP, SP, a character's BP, a chosen number)."""

class _PlayedInRust(TypedDict):
    """What `play_in_rust` returns (a plain dict at runtime)."""

    games: int
    decisions: int
    seconds: float

def play_in_rust(
    card_set: CardSet,
    decks: _Decks,
    seed: int,
    games: int,
    policy: str = "random",
    threads: int = 1,
    interleave: int = 1,
) -> _PlayedInRust:
    """Plays whole games in Rust alone (the benchmark's yardstick), `interleave` at a time
    taking one decision each in turn: a dict of `games`, `decisions` and `seconds` (wall
    clock, game setup included). Ctrl-C raises `KeyboardInterrupt` within about 50 ms (a
    game's end)."""

def _panic_for_tests() -> None:
    """Panics inside the engine's guard: raises `EngineError` (the tests' check)."""

def _close() -> None:
    """The package's `atexit` hook: threads inside its calls are brought back, and later ones
    parked, before the interpreter finalizes (a daemon thread in a call aborted the process)."""

class TallyError(ValueError):
    """A tally that cannot be read, or tallies that do not add up."""

@final
class Simulation:
    """`rsc sim` with the same options, playing any range of its games (`rulescript.sim`)."""

    def __new__(
        cls,
        set: _Path,
        decks: Optional[Sequence[_Path]] = None,
        all_decks: bool = False,
        games: int = 1000,
        players: Optional[Sequence[str]] = None,
        seed: int = 0,
        turn_limit: Optional[int] = None,
        check: bool = False,
    ) -> Simulation: ...
    @property
    def configuration_hash(self) -> str:
        """The hash of what decides the games (as in the tally files)."""
    @property
    def total_games(self) -> int:
        """Games of the whole run: `games` times the pairs of decks that meet."""
    def configuration_json(self) -> str:
        """The configuration as JSON (as the tally files hold it)."""
    def play(
        self,
        first: int,
        end: int,
        progress: Optional[Callable[[int], object]] = None,
        stop: Optional[StopFlag] = None,
    ) -> str:
        """Games `first..end` as an `rsc-tally/1` tally (JSON text), the GIL released;
        `progress(n)` about every 50 ms with the games played since. Ctrl-C, `stop` set
        (from any thread) or an exception of `progress` ends it within about 50 ms
        (`KeyboardInterrupt`, or that exception), returning no tally."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickled as the set's and decks' file bytes."""
    @staticmethod
    def _restore(state: Tuple[str, List[Tuple[str, bytes]], List[List[str]], List[str]]) -> Simulation:
        """Unpickles a `Simulation`."""

@final
class StopFlag:
    """Stops the calls given it (`Simulation.play(..., stop=flag)`) from any thread: once
    set, they raise `KeyboardInterrupt` within a game. Read without the GIL."""

    def __init__(self) -> None: ...
    def set(self) -> None:
        """Stops every call given this flag (and every later one)."""
    def is_set(self) -> bool:
        """Whether `set` was called."""

def merge_tallies(tallies: Sequence[str], names: Optional[Sequence[str]] = None) -> str:
    """Adds up tallies of one configuration (`rsc-tally/1`, or a Wagic sim's
    `rsc-wagic-tally/1`), as `rsc sim merge` does; `TallyError` otherwise (a mix of the two
    kinds included)."""

def tally_summary(tally: str, message_format: str = "human") -> str:
    """A tally's summary (of either kind) as `rsc sim merge` prints it: the table ("human")
    or one JSON line ("json")."""

def tally_report(tally: str) -> str:
    """A tally's HTML report (of either kind), as `rsc sim merge --report` writes it."""

# Wagic's Magic: The Gathering cards (re-exported without the `wagic_` prefix by
# `rulescript.wagic`).

WAGIC_DEFAULT_TURN_LIMIT: int
"""Turns after which a Wagic game is a draw, unless a turn limit is given."""
WAGIC_ACTION_SPACE: int
"""The most options a Wagic question has (a choice among more is asked in pages): the
length of `WagicGame.legal_mask()`."""
WAGIC_OBSERVATION_SIZE: int
"""The length of `WagicGame.observation(player)`."""
WAGIC_OBSERVATION_LAYOUT: List[Tuple[str, int, int]]
"""The blocks of a Wagic observation: (name, offset, size), in order."""

_WagicPlayer = Literal["random", "greedy"]
_WagicPlayers = Union[_WagicPlayer, Tuple[_WagicPlayer, _WagicPlayer], Sequence[_WagicPlayer], None]
_WagicDecks = Sequence[Union["WagicDeck", _Path]]

class _WagicCard(TypedDict):
    name: str
    types: List[str]
    colours: List[str]
    power: int
    toughness: int
    mana_cost: str
    mana_value: int
    compiled: bool
    error: Optional[str]

@final
class WagicCards:
    """Wagic's card files compiled into one library: the cards decks may name, and those
    left out with their diagnostics. Made by `WagicCards.load(card_files, sets=None)`;
    `len(cards)` is the number of card names that compiled."""

    def __new__(cls, no_constructor: NoReturn) -> WagicCards:
        """No constructor at runtime (`TypeError`): made by `WagicCards.load`."""

    @staticmethod
    def load(card_files: Union[_Path, Sequence[_Path]], sets: Optional[_Path] = None) -> WagicCards:
        """Compiles the Wagic card files (folders searched for `*.txt`), with the whole cards
        of Wagic's set files when `sets` (its `Res/sets` folder, whose `_cards.dat` files
        also name the ids deck files give and the token cards of `token(-id)`) is given, as
        `rsc run --lang wagic --cards ... --sets ...`. `OSError` when a file cannot be read;
        `RulesError` (`code` `wagic-sets` or `wagic-bundle`) when the sets or the bundle
        cannot be made."""
    def __copy__(self) -> WagicCards:
        """The cards themselves: they never change."""
    def __deepcopy__(self, _memo: Any) -> WagicCards: ...
    def __len__(self) -> int: ...
    def __contains__(self, name: str, /) -> bool:
        """Whether a card of this name (any case) compiled."""
    def names(self) -> List[str]:
        """Every card name that compiled, sorted."""
    @property
    def left_out(self) -> Dict[str, List[Diagnostic]]:
        """The cards left out, by name in file order, with their diagnostics."""
    @property
    def diagnostics(self) -> List[Diagnostic]:
        """Every diagnostic of the card files (errors and warnings), in file order."""
    @property
    def set_diagnostics(self) -> List[Diagnostic]:
        """The diagnostics of the set files (`E0109`)."""
    @property
    def card_files(self) -> List[Path]:
        """The card files, as given."""
    @property
    def sets(self) -> Optional[Path]:
        """The sets folder, as given."""
    def card(self, name: str) -> _WagicCard:
        """The card named `name` (any case) as a dict; `KeyError` (with the name meant for a
        typo) for a name the card files lack."""

@final
class WagicDeck:
    """A Wagic deck a game can play, resolved against the `WagicCards` it was loaded with
    (`load_deck`); `len(deck)` is its number of cards played."""

    def __new__(cls, no_constructor: NoReturn) -> WagicDeck:
        """No constructor at runtime (`TypeError`): made by `load_deck(path, cards)`."""

    @property
    def name(self) -> str:
        """Its `#NAME:`, or the file's name without its extension."""
    @property
    def path(self) -> Path:
        """The file it was read from."""
    @property
    def cards(self) -> List[str]:
        """The card names a game plays, one a copy, in deck order."""
    @property
    def total(self) -> int:
        """Cards the file's main deck lists (those left out included)."""
    @property
    def left_out(self) -> List[Tuple[int, str]]:
        """The lines left out with `skip_uncompiled=True`: `(line, message)` each."""
    def __copy__(self) -> WagicDeck:
        """The deck itself: it never changes."""
    def __deepcopy__(self, _memo: Any) -> WagicDeck: ...
    def __len__(self) -> int: ...

@final
class WagicResult:
    """A game of Magic played to its end (`play`)."""

    def __new__(cls, no_constructor: NoReturn) -> WagicResult:
        """No constructor at runtime (`TypeError`): made by `play`."""

    @property
    def winner(self) -> Optional[int]:
        """The winning seat (0 or 1); `None` for a draw or a stopped game."""
    @property
    def reason(self) -> str:
        """Why the game ended, in words."""
    @property
    def end(self) -> Literal["life", "library", "poison", "effect", "both lost", "turn limit", "stopped"]:
        """How it ended."""
    @property
    def turns(self) -> int:
        """Turns begun."""
    @property
    def decisions(self) -> int:
        """Choices the players made."""
    @property
    def cast(self) -> Tuple[List[str], List[str]]:
        """The spells each seat cast, by name, in order."""
    @property
    def log(self) -> List[str]:
        """The game as `rsc run --lang wagic` prints it, one line each."""
    @property
    def seed(self) -> int:
        """The seed it was played with."""
    @property
    def decks(self) -> Tuple[str, str]:
        """The decks' names in seats 0 and 1."""
    @property
    def players(self) -> Tuple[str, str]:
        """Who played seats 0 and 1 (`random`, `greedy`; `caller` for a `WagicGame`'s)."""
    @property
    def stopped(self) -> bool:
        """Whether the table stopped the game (neither player won)."""

class _WagicSimDeck(TypedDict):
    deck: str
    path: Path
    games: int
    wins: int
    losses: int
    draws: int
    stopped: int

@final
class WagicSimResult:
    """Many games of Magic summed up (`sim`)."""

    def __new__(cls, no_constructor: NoReturn) -> WagicSimResult:
        """No constructor at runtime (`TypeError`): made by `sim`."""

    @property
    def games(self) -> int:
        """Games played."""
    @property
    def decks(self) -> List[_WagicSimDeck]:
        """Per deck, in the order given: its games, wins, losses, draws and stopped games."""
    @property
    def summary(self) -> Dict[str, Any]:
        """The object `rsc sim --lang wagic --message-format json` prints for the same run."""
    @property
    def text(self) -> str:
        """The table `rsc sim --lang wagic` prints for the same run."""
    @property
    def seconds(self) -> float:
        """Wall-clock seconds the games took."""

def wagic_check(paths: Union[_Path, Sequence[_Path]]) -> List[Diagnostic]:
    """Checks Wagic card files (folders searched for `*.txt`) as `rsc check --lang wagic`;
    every diagnostic in file order (an empty list when all is well)."""

def wagic_load_deck(path: _Path, cards: WagicCards, skip_uncompiled: bool = False) -> WagicDeck:
    """Reads a Wagic deck file against `cards` as `rsc run --lang wagic`; `DeckError` (its
    message the lines `rsc` prints; `code`, `file`, `line`, `errors`) when a line cannot
    play."""

def wagic_observation_bounds() -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """(low, high): the least and greatest value of each float of `WagicGame.observation`
    (the bounds of the Wagic environments' observation spaces), the same for every game:
    flags and card ids 0 to 1, scaled counts 0 to 10, life, power, toughness and `+p/+t`
    counters -10 to 10 (the observation clamps a number past them)."""

def wagic_play(
    cards: WagicCards,
    decks: _WagicDecks,
    seed: int = 0,
    players: _WagicPlayers = None,
    turn_limit: Optional[int] = None,
) -> WagicResult:
    """Plays one seeded game of Magic between two Wagic decks as `rsc run --lang wagic`."""

def wagic_sim(
    cards: WagicCards,
    decks: _WagicDecks,
    games: int,
    seed: int = 0,
    players: _WagicPlayers = None,
    turn_limit: Optional[int] = None,
    threads: Optional[int] = None,
) -> WagicSimResult:
    """Plays `games` seeded games for each pair of `decks` as `rsc sim --lang wagic`, and
    sums them up the same way."""

@final
class WagicSimulation:
    """`rsc sim --lang wagic` with the same options, playing any range of its games
    (`rulescript.sim --lang wagic`); the same configuration hash as `rsc` gives, so shards
    of either add up."""

    def __new__(
        cls,
        cards: Union[_Path, Sequence[_Path]],
        decks: Sequence[_Path],
        sets: Optional[_Path] = None,
        all_decks: bool = False,
        games: int = 1000,
        players: _WagicPlayers = None,
        seed: int = 0,
        turn_limit: Optional[int] = None,
        skip_uncompiled: bool = False,
    ) -> WagicSimulation: ...
    @property
    def configuration_hash(self) -> str:
        """The hash of what decides the games (as in the tally files)."""
    @property
    def total_games(self) -> int:
        """Games of the whole run: `games` times the pairs of decks that meet."""
    def configuration_json(self) -> str:
        """The configuration as JSON (as the tally files hold it)."""
    def play(
        self,
        first: int,
        end: int,
        progress: Optional[Callable[[int], object]] = None,
        stop: Optional[StopFlag] = None,
    ) -> str:
        """Games `first..end` as an `rsc-wagic-tally/1` tally (JSON text), the GIL released;
        `progress` and `stop` as `Simulation.play`."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickled as its configuration, the card texts compiled and what their
        `token(id)`s found in the set files."""
    @staticmethod
    def _restore(
        state: Tuple[str, List[Tuple[str, str]], List[Tuple[int, Optional[str], Optional[str]]]],
    ) -> WagicSimulation:
        """Unpickles a `WagicSimulation`."""

class _WagicPlayerState(TypedDict):
    life: int
    poison: int
    mana: List[int]
    hand: int
    library: int

class _WagicPermanent(TypedDict):
    name: str
    face_down_card: Optional[str]
    types: List[str]
    owner: int
    controller: int
    tapped: bool
    power: Optional[int]
    toughness: Optional[int]
    damage: int
    counters: Tuple[int, int]
    named_counters: Dict[str, int]
    summoning_sick: bool
    attacking: bool
    blocking: Optional[int]
    token: bool

class _WagicStackEntry(TypedDict):
    name: str
    controller: int
    ability: bool
    targets: List[str]

class _WagicView(TypedDict):
    seat: int
    turn: int
    phase: str
    active: int
    players: List[_WagicPlayerState]
    hand: List[str]
    battlefield: List[_WagicPermanent]
    graveyards: List[List[str]]
    exile: List[List[str]]
    stack: List[_WagicStackEntry]

_WagicSeats = Sequence[Optional[_WagicPlayer]]

@final
class WagicGame:
    """A game of Magic between two Wagic decks played a question at a time: each seat given
    as `None` in `players` is the caller's (every choice it makes is a question with
    numbered options), the other a built-in player. One seed and the same answers give the
    same game."""

    def __new__(
        cls,
        cards: WagicCards,
        decks: _WagicDecks,
        seed: int = 0,
        players: Optional[_WagicSeats] = (None, "greedy"),
        turn_limit: Optional[int] = None,
    ) -> WagicGame:
        """Starts the game and plays it to the first question of a caller's seat."""
    @staticmethod
    def from_history(
        cards: WagicCards,
        decks: _WagicDecks,
        seed: int,
        history: Sequence[int],
        players: Optional[_WagicSeats] = (None, "greedy"),
        turn_limit: Optional[int] = None,
    ) -> WagicGame:
        """The game after the answers `history` (taken on the game's thread as its questions
        come); `IllegalMove` naming the first that is not an option."""
    def clone(self) -> WagicGame:
        """A copy going on alone: the game played again from its start with its answers,
        taken on its own thread (its cost is the game's play so far)."""
    def __copy__(self) -> WagicGame:
        """`clone()`."""
    def __deepcopy__(self, _memo: Any) -> WagicGame:
        """`clone()` (the cards are shared: they never change)."""
    @property
    def current_player(self) -> Optional[int]:
        """The seat whose question waits; `None` once the game is over."""
    @property
    def question(self) -> Optional[str]:
        """The waiting question in words; `None` once the game is over."""
    @property
    def question_kind(self) -> Optional[str]:
        """`mulligan`, `priority`, `effect`, `attack`, `block`, `discard` or `legend`."""
    def legal_actions(self) -> List[int]:
        """The waiting question's options by number (empty once over)."""
    def action_to_string(self, action: int) -> str:
        """Option `action`'s label; `IllegalMove` for another number."""
    def apply(self, action: int) -> None:
        """Answers with option `action` and plays on to the next question of a caller's seat
        (GIL released); `IllegalMove` (with `legal_actions`) for another int."""
    def is_over(self) -> bool:
        """Whether the game is over."""
    def winner(self) -> Optional[int]:
        """The winning seat; `None` before the end, for a draw or a stopped game."""
    def returns(self) -> List[float]:
        """`[1.0, -1.0]`, `[-1.0, 1.0]` or `[0.0, 0.0]` (a draw, or not over)."""
    def result(self) -> Optional[WagicResult]:
        """The result once over (as `play` returns it); `None` before."""
    def view(self, player: int) -> Optional[_WagicView]:
        """What seat `player` may see of the game now (either seat; once over, the board at
        the end); `None` only for a game stopped with no board left to show."""
    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The waiting question's options as bools of shape `(WAGIC_ACTION_SPACE,)`."""
    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What seat `player` may see now as float32 of shape `(WAGIC_OBSERVATION_SIZE,)`
        (blocks: `WAGIC_OBSERVATION_LAYOUT`)."""
    def log(self) -> List[str]:
        """The game so far as `rsc run --lang wagic` prints it."""
    def trace_hash(self) -> str:
        """The BLAKE3 hash of `log()` (64 hex digits, each line ended by a line feed): once
        over, what `rsc run --lang wagic --trace-hash` prints for the same game."""
    def history(self) -> List[int]:
        """The answers given so far."""
    @property
    def seed(self) -> int:
        """The seed the game started with."""
    @property
    def decks(self) -> Tuple[str, str]:
        """The decks' names in seats 0 and 1."""
    @property
    def players(self) -> Tuple[Optional[str], Optional[str]]:
        """Who plays each seat: `None` for the caller, `"random"` or `"greedy"`."""
    @property
    def turn_limit(self) -> int:
        """The turns after which the game is a draw."""
