"""Type stubs of the native module `rulescript._rulescript` (re-exported by `rulescript`)."""

from os import PathLike
from pathlib import Path
from typing import Any, Dict, List, Literal, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

_Path = Union[str, PathLike]
_Decks = Sequence[Union["Deck", _Path]]

ACTION_SPACE: int
"""The size of the fixed action space: every move is a number below it."""
OBSERVATION_SIZE: int
"""The length of an observation vector."""
OBSERVATION_LAYOUT: List[Tuple[str, int, int]]
"""The blocks of an observation: (name, offset, size) for global, me, opponent, hand, question."""
MAX_HAND: int
"""Hand positions the action space (and the observation) numbers."""
MAX_PICKS: int
"""Candidates of a card's question the action space (and the observation) numbers."""
DEFAULT_TURN_LIMIT: int
"""Turns after which a game is a draw, unless a turn limit is given."""

class CardSet:
    """A card set: the printed cards of a folder's `cards.json` and their compiled rules."""

    @staticmethod
    def load(dir: _Path) -> CardSet:
        """Loads the card set in folder `dir`; raises `RulesError` (with its `code`) when it cannot."""
    @property
    def dir(self) -> Path: ...
    def __len__(self) -> int: ...
    def card(self, index: int) -> Dict[str, Any]:
        """Printed card `index` as a dict (id, number, name, kind, bp, sp, ...)."""

class Deck:
    """A deck that passed the deck rules against a card set."""

    name: str
    path: Path
    card_ids: List[str]
    def __len__(self) -> int: ...

def load_deck(path: _Path, card_set: CardSet) -> Deck:
    """Reads and checks an `.o8d` deck; raises `DeckError` (with a `code`) when it breaks a rule."""

class Diagnostic:
    """A finding of the checker, located in its file (lines and columns from 1)."""

    code: str
    severity: str
    message: str
    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    label: str
    help: Optional[str]

def check(paths: Union[_Path, Sequence[_Path]]) -> List[Diagnostic]:
    """Checks `.rules` files and folders as `rsc check`; every diagnostic."""

def compile(paths: Union[_Path, Sequence[_Path]], out: _Path, strip: bool = False) -> List[Diagnostic]:
    """Compiles into a bundle at `out` as `rsc compile`; the warnings. Raises `RulesError`
    (with `diagnostics`) and writes nothing when there is an error. `out` is replaced whole
    or left as it was (written beside and renamed); a device is written directly; a FIFO or
    a symbolic link to nothing raises `OSError` before compiling."""

class Game:
    """One game of the reference engine, driven by action numbers. The same seed and the
    same actions give the same game."""

    def __init__(self, card_set: CardSet, decks: _Decks, seed: int = 0, turn_limit: Optional[int] = None) -> None: ...
    @staticmethod
    def from_history(
        card_set: CardSet, decks: _Decks, seed: int, history: Sequence[int], turn_limit: Optional[int] = None
    ) -> Game:
        """The game after `history` (an earlier game's `history()`); `IllegalMove` names a bad step."""
    @property
    def seed(self) -> int: ...
    @property
    def decks(self) -> List[Deck]: ...
    @property
    def current_player(self) -> int:
        """The seat (0 or 1) that decides now."""
    @property
    def turn(self) -> int: ...
    def legal_actions(self) -> List[int]:
        """The legal actions of the player to move (empty once over)."""
    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """The legality mask of the action space."""
    def apply(self, action: int) -> None:
        """Takes `action`; raises `IllegalMove` (with `legal_actions`) and changes nothing when
        illegal (any int, however large; `TypeError` for another type)."""
    def is_over(self) -> bool: ...
    def returns(self) -> List[float]:
        """1 for the winner, -1 for the loser, 0 each in a draw or while the game goes on."""
    def winner(self) -> Optional[int]: ...
    def outcome(self) -> Optional[str]:
        """How the game ended, as `rsc run` prints it."""
    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What `player` may see, a float32 vector of `OBSERVATION_SIZE`."""
    def observation_into(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Writes `observation(player)` into `out`; `ValueError` for a wrong dtype or shape."""
    def view(self, player: int) -> Dict[str, Any]:
        """What `player` may see, as the engine's `PlayerView` in a dict."""
    def action_to_string(self, action: int) -> str: ...
    def clone(self) -> Game: ...
    def __reduce__(self) -> Any:
        """Pickled as its start and history (`from_history` replays it; the card set is loaded
        again from its folder); `TypeError` for a game `resample_hidden` dealt again."""
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def history(self) -> List[int]:
        """The actions applied since the start."""
    def resample_hidden(self, player: int, seed: int) -> Game:
        """A copy with what `player` cannot see dealt again from `seed` (same observation for `player`)."""
    def trace_hash(self) -> str:
        """The BLAKE3 hash of the event log, as `rsc run --trace-hash`."""
    def state_hash(self) -> str:
        """The BLAKE3 hash of the board."""
    def log(self) -> List[str]:
        """The whole event log, one line per entry (every card drawn included: not a player's view)."""

class VecGame:
    """`n` games stepped together in Rust (rayon, GIL released); finished games restart with
    their slot's next seed (`seed + i + k * n`). `threads` (default: one per core) each
    step a share of consecutive games, then help the others; with fewer than 16 games a
    thread, the calling thread steps them all. `n` is at most 65,536 and `threads` at
    most 1,024 (`ValueError` past them, before anything is allocated).

    `opponent="random"` or `"greedy"` seats the built-in player opposite a learner in
    every game, played in Rust within `step` (GIL released): slot i's learner plays seat
    `learner_seats[i]` (default `i % 2`; or one seat for all, or one per game), its
    opponent is `RandomPlayer`/`GreedyPlayer.for_seat(game seed, other seat)`, and every
    row is the learner's decision (`current_players == learner_seats`). A game that ends
    before the learner's first decision (a turn limit of 1) is passed over."""

    def __init__(
        self,
        card_set: CardSet,
        decks: _Decks,
        n: int,
        seed: int = 0,
        threads: Optional[int] = None,
        turn_limit: Optional[int] = None,
        opponent: Optional[Literal["random", "greedy"]] = None,
        learner_seats: Union[None, int, Sequence[int], npt.NDArray[np.integer]] = None,
    ) -> None: ...
    def __len__(self) -> int: ...
    def reset(
        self, seed: Optional[int] = None
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
        """Restarts every game; (observations, masks, current_players)."""
    def step(
        self, actions: npt.NDArray[np.integer]
    ) -> Tuple[
        npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]
    ]:
        """Applies one action per game (then the opponent's moves, with one); (observations,
        masks, rewards, dones, current_players)."""
    @property
    def observations(self) -> npt.NDArray[np.float32]:
        """(n, OBSERVATION_SIZE): row i as seat `current_players[i]` sees game i (rewritten by each step)."""
    @property
    def masks(self) -> npt.NDArray[np.bool_]:
        """(n, ACTION_SPACE): the legal actions of row i's player to move."""
    @property
    def legal_actions(self) -> npt.NDArray[np.int32]:
        """(n, ACTION_SPACE): the first `legal_counts[i]` entries of row i are its legal actions."""
    @property
    def legal_counts(self) -> npt.NDArray[np.int32]:
        """(n,): how many legal actions each game has."""
    @property
    def rewards(self) -> npt.NDArray[np.float32]:
        """(n, 2), by seat: 1 win, -1 loss, 0 draw for a game the last step ended, else 0."""
    @property
    def dones(self) -> npt.NDArray[np.bool_]:
        """(n,): whether the last step ended game i (its row then shows the next game)."""
    @property
    def current_players(self) -> npt.NDArray[np.int32]:
        """(n,): the seat (0 or 1) to move in each game."""
    @property
    def opponent(self) -> Optional[str]:
        """"random", "greedy", or None (every decision comes to the caller)."""
    @property
    def learner_seats(self) -> Optional[npt.NDArray[np.int32]]:
        """(n,), a copy: the learner's seat in each slot; None without an opponent."""
    def seeds(self) -> List[int]: ...
    def trace_hash(self, i: int) -> str: ...

class RandomPlayer:
    """The built-in random player (`rsc run --player random`)."""

    def __init__(self, seed: int) -> None: ...
    @staticmethod
    def for_seat(game_seed: int, seat: int) -> RandomPlayer: ...
    def choose(self, game: Game) -> int: ...

class GreedyPlayer:
    """The built-in greedy player (`rsc run --player greedy`)."""

    def __init__(self, seed: int) -> None: ...
    @staticmethod
    def for_seat(game_seed: int, seat: int) -> GreedyPlayer: ...
    def choose(self, game: Game) -> int: ...

def player_seed(game_seed: int, seat: int) -> int:
    """The seed `rsc run` gives the player in `seat` of the game seeded `game_seed`."""

def observation_bounds(
    card_set: CardSet, decks: _Decks, turn_limit: Optional[int] = None
) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """(low, high): the least and greatest value of each float of an observation of a game
    of `card_set` between `decks` (the bounds of the environments' observation spaces).
    Exact for flags, counts, the turn and printed values; the range of an i32 for what card
    scripts may set to any number (HP, SP, a character's BP, a chosen number)."""

def play_in_rust(
    card_set: CardSet,
    decks: _Decks,
    seed: int,
    games: int,
    policy: str = "random",
    threads: int = 1,
    interleave: int = 1,
) -> Dict[str, Any]:
    """Plays whole games in Rust alone (the benchmark's yardstick), `interleave` at a time
    taking one decision each in turn: games, decisions, seconds."""

def _panic_for_tests() -> None: ...
def _close() -> None:
    """The package's `atexit` hook: threads inside its calls are brought back, and later ones
    parked, before the interpreter finalizes (a daemon thread in a call aborted the process)."""

class TallyError(ValueError):
    """A tally that cannot be read, or tallies that do not add up."""

class Simulation:
    """`rsc sim` with the same options, playing any range of its games (`rulescript.sim`)."""

    def __init__(
        self,
        set: _Path,
        decks: Optional[Sequence[_Path]] = None,
        all_decks: bool = False,
        games: int = 1000,
        players: Optional[Sequence[str]] = None,
        seed: int = 0,
        turn_limit: Optional[int] = None,
        check: bool = False,
    ) -> None: ...
    @property
    def configuration_hash(self) -> str: ...
    @property
    def total_games(self) -> int: ...
    def configuration_json(self) -> str: ...
    def play(self, first: int, end: int, progress: Optional[Any] = None) -> str:
        """Games `first..end` as an `rsc-tally/1` tally (JSON text), the GIL released."""

def merge_tallies(tallies: Sequence[str], names: Optional[Sequence[str]] = None) -> str:
    """Adds up tallies of one configuration, as `rsc sim merge` does; `TallyError` otherwise."""

def tally_summary(tally: str, message_format: str = "human") -> str:
    """A tally's summary as `rsc sim merge` prints it: the table ("human") or one JSON line ("json")."""

def tally_report(tally: str) -> str:
    """A tally's HTML report, as `rsc sim merge --report` writes it."""
