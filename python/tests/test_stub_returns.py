"""What the native module returns, against its stubs: stubtest checks names, parameters and
defaults, not the values that come back. Every public function, method, property and
constant of `rulescript/_rulescript.pyi` is called once on the example set (`CALLS`, kept by
hand, checked to cover the stub's names, read with `ast`) and the value's runtime type
checked against the stub's annotation (the stub run as Python with its annotations left
unevaluated, then `typing.get_type_hints`)."""

import __future__
import ast
import collections.abc
import copy
import functools
import os
import sys
import types
import typing
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, Literal, Union

import numpy as np
import numpy.typing as npt
import pytest

import rulescript as rs
from conftest import DECKS, EXAMPLES
from rulescript import _rulescript as native
from rulescript import sim, wagic
from test_wagic import CARDS as WAGIC_CARDS
from test_wagic import DECKS as WAGIC_DECKS

STUB = Path(rs.__file__).with_name("_rulescript.pyi")
STUB_MODULE = "rulescript_stub"
# Constructors are what every test calls; the others have none (test_tools).
CONSTRUCTORS = {"__new__", "__init__"}


def is_public(name: str) -> bool:
    """`Game.__copy__` is (a protocol's method), `_close` and `Simulation._restore` are not."""
    return all(not part.startswith("_") or (part.startswith("__") and part.endswith("__")) for part in name.split("."))


def stub_names() -> Iterator[str]:
    """Every constant, function, and method or property of a class the stub declares, as
    `name` or `Class.name`."""
    for node in ast.parse(STUB.read_text()).body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id
        elif isinstance(node, ast.FunctionDef):
            yield node.name
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name not in CONSTRUCTORS:
                    yield f"{node.name}.{item.name}"


@functools.lru_cache(maxsize=None)
def stub_module() -> types.ModuleType:
    """The stub run as a module (its bodies are `...`), annotations kept as text, so that
    names it uses before defining them (`StopFlag`) and its aliases resolve."""
    module = types.ModuleType(STUB_MODULE)
    # Registered: on Python 3.9, `get_type_hints` of a TypedDict the stub declares
    # (`_PlayedInRust`) looks its module up in `sys.modules` (a KeyError otherwise).
    sys.modules[STUB_MODULE] = module
    flags = __future__.annotations.compiler_flag
    exec(compile(STUB.read_text(), str(STUB), "exec", flags=flags, dont_inherit=True), vars(module))
    return module


def return_hint(module: types.ModuleType, name: str) -> Any:
    """The annotation the stub gives what `name` returns (or a constant's type)."""
    if "." not in name:
        if name not in vars(module):  # a constant: annotated, no value
            return typing.get_type_hints(module)[name]
        return typing.get_type_hints(vars(module)[name])["return"]
    class_name, member = name.split(".")
    attribute = vars(vars(module)[class_name])[member]
    if isinstance(attribute, property):
        attribute = attribute.fget
    elif isinstance(attribute, staticmethod):
        attribute = attribute.__func__
    return typing.get_type_hints(attribute)["return"]


class Refused:
    """What a call in `CALLS` gives for a call that raised as its stub's `NoReturn` says."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


def refused(call: Callable[[], Any], error: "type[BaseException]") -> Any:
    """`Refused` when `call()` raises `error`; what it returns otherwise (a `NoReturn` that
    returned)."""
    try:
        return call()
    except error as raised:
        return Refused(raised)


def conforms(value: Any, hint: Any) -> bool:
    """Whether `value` is of the type `hint` (the kinds of annotation the stub uses; a new
    kind fails the test, to be taught here)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is typing.NoReturn:
        return isinstance(value, Refused)
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if origin is Union:
        return any(conforms(value, arg) for arg in args)
    if origin is Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if origin is list:
        return isinstance(value, list) and all(conforms(item, args[0]) for item in value)
    if origin is dict:
        return isinstance(value, dict) and all(conforms(k, args[0]) and conforms(v, args[1]) for k, v in value.items())
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return isinstance(value, tuple) and all(conforms(item, args[0]) for item in value)
        return isinstance(value, tuple) and len(value) == len(args) and all(map(conforms, value, args))
    if origin is collections.abc.Callable:
        return callable(value)
    if origin is os.PathLike:
        return isinstance(value, os.PathLike)
    if origin is np.ndarray or origin is npt.NDArray:
        # npt.NDArray[T] is ndarray[shape, dtype[T]]; from numpy 2.5 (a type alias) NDArray[T].
        [scalar] = typing.get_args(args[-1]) if origin is np.ndarray else args
        scalars = typing.get_args(scalar) if typing.get_origin(scalar) is Union else (scalar,)
        return isinstance(value, np.ndarray) and any(issubclass(value.dtype.type, s) for s in scalars)
    if isinstance(hint, type) and issubclass(hint, dict) and hasattr(hint, "__total__"):  # a TypedDict
        fields = typing.get_type_hints(hint)
        return isinstance(value, dict) and value.keys() == fields.keys() and all(conforms(value[k], fields[k]) for k in fields)
    if isinstance(hint, type) and hint.__module__ == STUB_MODULE:  # the stub's class stands for the native one
        return isinstance(value, getattr(native, hint.__name__))
    if hint is int:
        return type(value) is int  # not a bool, nor numpy's int
    if hint is float:
        return type(value) is float
    if isinstance(hint, type) and origin is None:
        return isinstance(value, hint)
    raise AssertionError(f"conforms() cannot check {hint!r}: teach it")


class World:
    """What the calls need, made once from the example set."""

    def __init__(self, tmp: Path) -> None:
        self.card_set = rs.CardSet.load(str(EXAMPLES))
        self.decks = [rs.load_deck(str(path), self.card_set) for path in DECKS]
        self.deck = self.decks[0]
        self.game = rs.Game(self.card_set, self.decks, seed=7)
        self.over = rs.Game(self.card_set, self.decks, seed=7)
        player = rs.RandomPlayer(1)
        for _ in range(100_000):
            if self.over.is_over():
                break
            self.over.apply(player.choose(self.over))
        assert self.over.is_over()
        self.vec = rs.VecGame(self.card_set, self.decks, 2, seed=1, threads=1, opponent="random", keep_finals=True)
        self.vec.reset()
        bad = tmp / "bad.rules"
        bad.write_text("# a card\naction = draw(1) $\n")
        [self.diagnostic] = rs.check(str(bad))
        self.bundle = str(tmp / "examples.rsb")
        self.simulation = sim.Simulation(str(EXAMPLES), decks=[str(path) for path in DECKS], games=2)
        self.tally = self.simulation.play(0, 2)
        self.stop = sim.StopFlag()
        (tmp / "wagic.txt").write_text(WAGIC_CARDS)
        for name, text in WAGIC_DECKS.items():
            (tmp / name).write_text(text)
        self.wagic_files = tmp
        self.wagic_cards = wagic.WagicCards.load(tmp / "wagic.txt")
        self.wagic_decks = [wagic.load_deck(tmp / name, self.wagic_cards) for name in ("bears.txt", "goblins.txt")]
        self.wagic_game = wagic.play(self.wagic_cards, self.wagic_decks, seed=4)
        self.wagic_sim = wagic.sim(self.wagic_cards, self.wagic_decks, games=2, threads=1)
        wagic_deck_files = [tmp / "bears.txt", tmp / "goblins.txt"]
        self.wagic_simulation = sim.WagicSimulation(tmp / "wagic.txt", wagic_deck_files, games=2)
        self.stepped = wagic.WagicGame(self.wagic_cards, self.wagic_decks, seed=4)
        self.stepped_over = wagic.WagicGame(self.wagic_cards, self.wagic_decks, seed=4)
        while not self.stepped_over.is_over():
            self.stepped_over.apply(self.stepped_over.legal_actions()[-1])


# How each public name of the stub is called once ("Class.name" on an instance of World's).
CALLS: Dict[str, Callable[[World], Any]] = {
    "ACTION_SPACE": lambda w: rs.ACTION_SPACE,
    "OBSERVATION_SIZE": lambda w: rs.OBSERVATION_SIZE,
    "OBSERVATION_LAYOUT": lambda w: rs.OBSERVATION_LAYOUT,
    "MAX_HAND": lambda w: rs.MAX_HAND,
    "MAX_PICKS": lambda w: rs.MAX_PICKS,
    "DEFAULT_TURN_LIMIT": lambda w: rs.DEFAULT_TURN_LIMIT,
    "CardSet.load": lambda w: rs.CardSet.load(str(EXAMPLES)),
    "CardSet.dir": lambda w: w.card_set.dir,
    "CardSet.__len__": lambda w: w.card_set.__len__(),
    "CardSet.card": lambda w: w.card_set.card(0),
    "CardSet.__reduce__": lambda w: w.card_set.__reduce__(),
    "CardSet.__copy__": lambda w: copy.copy(w.card_set),
    "CardSet.__deepcopy__": lambda w: copy.deepcopy(w.card_set),
    "Deck.name": lambda w: w.deck.name,
    "Deck.path": lambda w: w.deck.path,
    "Deck.card_ids": lambda w: w.deck.card_ids,
    "Deck.__len__": lambda w: w.deck.__len__(),
    "Deck.__reduce__": lambda w: w.deck.__reduce__(),
    "Deck.__copy__": lambda w: copy.copy(w.deck),
    "Deck.__deepcopy__": lambda w: copy.deepcopy(w.deck),
    "load_deck": lambda w: rs.load_deck(str(DECKS[1]), w.card_set),
    "Diagnostic.code": lambda w: w.diagnostic.code,
    "Diagnostic.severity": lambda w: w.diagnostic.severity,
    "Diagnostic.message": lambda w: w.diagnostic.message,
    "Diagnostic.file": lambda w: w.diagnostic.file,
    "Diagnostic.line": lambda w: w.diagnostic.line,
    "Diagnostic.column": lambda w: w.diagnostic.column,
    "Diagnostic.end_line": lambda w: w.diagnostic.end_line,
    "Diagnostic.end_column": lambda w: w.diagnostic.end_column,
    "Diagnostic.label": lambda w: w.diagnostic.label,
    "Diagnostic.help": lambda w: w.diagnostic.help,
    "check": lambda w: rs.check(str(EXAMPLES)),
    "compile": lambda w: rs.compile(str(EXAMPLES), w.bundle),
    "Game.from_history": lambda w: rs.Game.from_history(w.card_set, w.decks, 7, w.over.history()),
    "Game.seed": lambda w: w.game.seed,
    "Game.decks": lambda w: w.game.decks,
    "Game.current_player": lambda w: w.game.current_player,
    "Game.turn": lambda w: w.game.turn,
    "Game.legal_actions": lambda w: w.game.legal_actions(),
    "Game.legal_mask": lambda w: w.game.legal_mask(),
    "Game.apply": lambda w: w.game.clone().apply(w.game.legal_actions()[0]),
    "Game.is_over": lambda w: w.over.is_over(),
    "Game.returns": lambda w: w.over.returns(),
    "Game.winner": lambda w: w.over.winner(),
    "Game.outcome": lambda w: w.over.outcome(),
    "Game.observation": lambda w: w.game.observation(0),
    "Game.observation_into": lambda w: w.game.observation_into(0, np.zeros(rs.OBSERVATION_SIZE, np.float32)),
    "Game.view": lambda w: w.game.view(0),
    "Game.action_to_string": lambda w: w.game.action_to_string(0),
    "Game.clone": lambda w: w.game.clone(),
    "Game.__reduce__": lambda w: w.game.__reduce__(),
    "Game.__copy__": lambda w: copy.copy(w.game),
    "Game.__deepcopy__": lambda w: copy.deepcopy(w.game),
    "Game.history": lambda w: w.over.history(),
    "Game.resample_hidden": lambda w: w.game.resample_hidden(0, 3),
    "Game.trace_hash": lambda w: w.over.trace_hash(),
    "Game.state_hash": lambda w: w.over.state_hash(),
    "Game.log": lambda w: w.over.log(),
    "VecGame.__len__": lambda w: w.vec.__len__(),
    "VecGame.__reduce__": lambda w: refused(w.vec.__reduce__, TypeError),
    "VecGame.reset": lambda w: w.vec.reset(),
    "VecGame.step": lambda w: w.vec.step(w.vec.legal_actions[:, 0].copy()),
    "VecGame.observations": lambda w: w.vec.observations,
    "VecGame.masks": lambda w: w.vec.masks,
    "VecGame.legal_actions": lambda w: w.vec.legal_actions,
    "VecGame.legal_counts": lambda w: w.vec.legal_counts,
    "VecGame.rewards": lambda w: w.vec.rewards,
    "VecGame.dones": lambda w: w.vec.dones,
    "VecGame.current_players": lambda w: w.vec.current_players,
    "VecGame.opponent": lambda w: w.vec.opponent,
    "VecGame.learner_seats": lambda w: w.vec.learner_seats,
    "VecGame.seeds": lambda w: w.vec.seeds(),
    "VecGame.trace_hash": lambda w: w.vec.trace_hash(0),
    "VecGame.finals": lambda w: w.vec.finals(),
    "VecGame.truncations": lambda w: w.vec.truncations(),
    "VecGame.keep_finals": lambda w: w.vec.keep_finals,
    "VecGame.autoreset": lambda w: w.vec.autoreset,
    "RandomPlayer.for_seat": lambda w: rs.RandomPlayer.for_seat(7, 0),
    "RandomPlayer.choose": lambda w: rs.RandomPlayer(1).choose(w.game),
    "RandomPlayer.__copy__": lambda w: copy.copy(rs.RandomPlayer(1)),
    "RandomPlayer.__deepcopy__": lambda w: copy.deepcopy(rs.RandomPlayer(1)),
    "GreedyPlayer.for_seat": lambda w: rs.GreedyPlayer.for_seat(7, 0),
    "GreedyPlayer.choose": lambda w: rs.GreedyPlayer(1).choose(w.game),
    "GreedyPlayer.__copy__": lambda w: copy.copy(rs.GreedyPlayer(1)),
    "GreedyPlayer.__deepcopy__": lambda w: copy.deepcopy(rs.GreedyPlayer(1)),
    "RandomPlayer.seed": lambda w: rs.RandomPlayer(1).seed,
    "GreedyPlayer.seed": lambda w: rs.GreedyPlayer(1).seed,
    "player_seed": lambda w: rs.player_seed(7, 1),
    "observation_bounds": lambda w: rs.observation_bounds(w.card_set, w.decks),
    "play_in_rust": lambda w: rs.play_in_rust(w.card_set, w.decks, 7, 2),
    "Simulation.configuration_hash": lambda w: w.simulation.configuration_hash,
    "Simulation.total_games": lambda w: w.simulation.total_games,
    "Simulation.configuration_json": lambda w: w.simulation.configuration_json(),
    "Simulation.play": lambda w: w.simulation.play(0, 1, stop=w.stop),
    "Simulation.__reduce__": lambda w: w.simulation.__reduce__(),
    "WagicSimulation.configuration_hash": lambda w: w.wagic_simulation.configuration_hash,
    "WagicSimulation.total_games": lambda w: w.wagic_simulation.total_games,
    "WagicSimulation.configuration_json": lambda w: w.wagic_simulation.configuration_json(),
    "WagicSimulation.play": lambda w: w.wagic_simulation.play(0, 1, stop=w.stop),
    "WagicSimulation.__reduce__": lambda w: w.wagic_simulation.__reduce__(),
    "StopFlag.set": lambda w: sim.StopFlag().set(),
    "StopFlag.is_set": lambda w: w.stop.is_set(),
    "merge_tallies": lambda w: sim.merge_tallies([w.tally]),
    "tally_summary": lambda w: sim.tally_summary(w.tally),
    "tally_report": lambda w: sim.tally_report(w.tally),
    "WAGIC_DEFAULT_TURN_LIMIT": lambda w: wagic.DEFAULT_TURN_LIMIT,
    "WAGIC_ACTION_SPACE": lambda w: wagic.ACTION_SPACE,
    "WAGIC_OBSERVATION_SIZE": lambda w: wagic.OBSERVATION_SIZE,
    "WAGIC_OBSERVATION_LAYOUT": lambda w: wagic.OBSERVATION_LAYOUT,
    "WagicCards.load": lambda w: wagic.WagicCards.load(w.wagic_files / "wagic.txt"),
    "WagicCards.__len__": lambda w: w.wagic_cards.__len__(),
    "WagicCards.__contains__": lambda w: w.wagic_cards.__contains__("Shock"),
    "WagicCards.names": lambda w: w.wagic_cards.names(),
    "WagicCards.left_out": lambda w: w.wagic_cards.left_out,
    "WagicCards.diagnostics": lambda w: w.wagic_cards.diagnostics,
    "WagicCards.set_diagnostics": lambda w: w.wagic_cards.set_diagnostics,
    "WagicCards.card_files": lambda w: w.wagic_cards.card_files,
    "WagicCards.sets": lambda w: w.wagic_cards.sets,
    "WagicCards.card": lambda w: w.wagic_cards.card("Wrong Card"),
    "WagicCards.__copy__": lambda w: copy.copy(w.wagic_cards),
    "WagicCards.__deepcopy__": lambda w: copy.deepcopy(w.wagic_cards),
    "WagicDeck.name": lambda w: w.wagic_decks[0].name,
    "WagicDeck.path": lambda w: w.wagic_decks[0].path,
    "WagicDeck.cards": lambda w: w.wagic_decks[0].cards,
    "WagicDeck.total": lambda w: w.wagic_decks[0].total,
    "WagicDeck.left_out": lambda w: wagic.load_deck(w.wagic_files / "wrong.txt", w.wagic_cards, True).left_out,
    "WagicDeck.__len__": lambda w: w.wagic_decks[0].__len__(),
    "WagicDeck.__copy__": lambda w: copy.copy(w.wagic_decks[0]),
    "WagicDeck.__deepcopy__": lambda w: copy.deepcopy(w.wagic_decks[0]),
    "WagicResult.winner": lambda w: w.wagic_game.winner,
    "WagicResult.reason": lambda w: w.wagic_game.reason,
    "WagicResult.end": lambda w: w.wagic_game.end,
    "WagicResult.turns": lambda w: w.wagic_game.turns,
    "WagicResult.decisions": lambda w: w.wagic_game.decisions,
    "WagicResult.cast": lambda w: w.wagic_game.cast,
    "WagicResult.log": lambda w: w.wagic_game.log,
    "WagicResult.seed": lambda w: w.wagic_game.seed,
    "WagicResult.decks": lambda w: w.wagic_game.decks,
    "WagicResult.players": lambda w: w.wagic_game.players,
    "WagicResult.stopped": lambda w: w.wagic_game.stopped,
    "WagicSimResult.games": lambda w: w.wagic_sim.games,
    "WagicSimResult.decks": lambda w: w.wagic_sim.decks,
    "WagicSimResult.summary": lambda w: w.wagic_sim.summary,
    "WagicSimResult.text": lambda w: w.wagic_sim.text,
    "WagicSimResult.seconds": lambda w: w.wagic_sim.seconds,
    "wagic_check": lambda w: wagic.check(w.wagic_files / "wagic.txt"),
    "wagic_load_deck": lambda w: wagic.load_deck(w.wagic_files / "goblins.txt", w.wagic_cards),
    "wagic_observation_bounds": lambda w: wagic.observation_bounds(),
    "wagic_play": lambda w: wagic.play(w.wagic_cards, w.wagic_decks, seed=1, turn_limit=4),
    "wagic_sim": lambda w: wagic.sim(w.wagic_cards, w.wagic_decks, games=1),
    "WagicGame.from_history": lambda w: wagic.WagicGame.from_history(
        w.wagic_cards, w.wagic_decks, 4, w.stepped_over.history()
    ),
    "WagicGame.current_player": lambda w: w.stepped.current_player,
    "WagicGame.question": lambda w: w.stepped.question,
    "WagicGame.question_kind": lambda w: w.stepped.question_kind,
    "WagicGame.legal_actions": lambda w: w.stepped.legal_actions(),
    "WagicGame.action_to_string": lambda w: w.stepped.action_to_string(0),
    "WagicGame.apply": lambda w: wagic.WagicGame(w.wagic_cards, w.wagic_decks, seed=4).apply(0),
    "WagicGame.is_over": lambda w: w.stepped_over.is_over(),
    "WagicGame.winner": lambda w: w.stepped_over.winner(),
    "WagicGame.returns": lambda w: w.stepped_over.returns(),
    "WagicGame.result": lambda w: w.stepped_over.result(),
    "WagicGame.view": lambda w: w.stepped.view(1),
    "WagicGame.legal_mask": lambda w: w.stepped.legal_mask(),
    "WagicGame.observation": lambda w: w.stepped.observation(1),
    "WagicGame.log": lambda w: w.stepped.log(),
    "WagicGame.trace_hash": lambda w: w.stepped.trace_hash(),
    "WagicGame.history": lambda w: w.stepped_over.history(),
    "WagicGame.seed": lambda w: w.stepped.seed,
    "WagicGame.decks": lambda w: w.stepped.decks,
    "WagicGame.players": lambda w: w.stepped.players,
    "WagicGame.turn_limit": lambda w: w.stepped.turn_limit,
    "WagicGame.clone": lambda w: w.stepped.clone(),
    "WagicGame.__copy__": lambda w: copy.copy(w.stepped),
    "WagicGame.__deepcopy__": lambda w: copy.deepcopy(w.stepped),
}


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    return World(tmp_path_factory.mktemp("stub_returns"))


def test_the_table_calls_every_public_name_of_the_stub():
    public = [name for name in stub_names() if is_public(name)]
    assert {"Game.apply", "VecGame.masks", "Game.__copy__", "ACTION_SPACE", "tally_report"} <= set(public)
    assert sorted(set(public) - CALLS.keys()) == []  # a name the stub gained: call it in CALLS
    assert sorted(CALLS.keys() - set(public)) == []  # a name it lost


@pytest.mark.parametrize("name", sorted(CALLS))
def test_the_value_returned_has_the_stubs_type(world, name):
    hint = return_hint(stub_module(), name)
    value = CALLS[name](world)
    assert conforms(value, hint), f"{name} returned {value!r:.200}, the stub says {hint}"


@pytest.mark.parametrize(
    "value, hint",
    [
        (True, int),
        (1, float),
        (np.int64(1), int),
        ([1, "a"], typing.List[int]),
        ((1, 2), typing.Tuple[int]),
        (np.zeros(2, np.float64), npt.NDArray[np.float32]),
        (np.zeros(2, np.int64), npt.NDArray[Union[np.int32, np.bool_]]),
        ({"games": 1}, vars(stub_module())["_PlayedInRust"]),
        ("x", Literal["random", "greedy"]),
        (None, typing.Dict[str, Any]),
        ("x", Path),
        (None, typing.NoReturn),  # a call its stub says never returns, that returned
    ],
)
def test_conforms_refuses_a_value_of_another_type(value, hint):
    assert not conforms(value, hint)
