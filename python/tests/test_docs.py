"""What `help()` shows: every public class, function, method and property of the package has
a docstring, and the native ones a signature whose defaults are the real ones. (The stubs
are checked against the module by `python -m mypy.stubtest rulescript`, in `.ci/run`.)"""

import importlib
import importlib.util
import inspect
import json
import sys
from pathlib import Path
from typing import Any, Iterator, List, Tuple

import rulescript as rs
from conftest import DECKS, EXAMPLES
from rulescript import sim

MODULES = ["rulescript", "rulescript.errors", "rulescript.sim", "rulescript.envs", "rulescript.wagic"]
# Each needs its library (`pip install "./python[envs]"`).
ENV_MODULES = [
    "rulescript.envs.gym_env",
    "rulescript.envs.pettingzoo_env",
    "rulescript.envs.openspiel_game",
    "rulescript.envs.wagic_env",
    "rulescript.envs.wagic_openspiel_game",
]
# It needs gymnasium 1.1 or later (`gymnasium.vector.AutoresetMode`).
VECTOR_ENV_MODULE = "rulescript.envs.vector_env"


def public_api(module_names: List[str]) -> Iterator[Tuple[str, Any]]:
    """(dotted name, object) of every public class and function the modules define or
    re-export from the package, and of their classes' public methods and properties."""
    seen = set()
    for module_name in module_names:
        module = importlib.import_module(module_name)
        for name, value in vars(module).items():
            defined_here = str(getattr(value, "__module__", "")).startswith("rulescript")
            if name.startswith("_") or not defined_here or id(value) in seen:
                continue
            if not (inspect.isclass(value) or inspect.isroutine(value)):
                continue
            seen.add(id(value))
            yield f"{module_name}.{name}", value
            if not inspect.isclass(value):
                continue
            for member, attr in vars(value).items():
                if member.startswith("_"):
                    continue
                if isinstance(attr, (staticmethod, classmethod)):
                    attr = attr.__func__
                if inspect.isroutine(attr) or inspect.isdatadescriptor(attr):
                    yield f"{module_name}.{name}.{member}", attr


def test_every_public_name_has_a_docstring():
    names = ENV_MODULES if all(importlib.util.find_spec(m) for m in ("gymnasium", "pettingzoo", "pyspiel")) else []
    if names and hasattr(importlib.import_module("gymnasium.vector"), "AutoresetMode"):
        names = names + [VECTOR_ENV_MODULE]
    api = list(public_api(MODULES + names))
    walked = {name for name, _ in api}
    # The walk reaches methods and properties of native and Python classes, and functions.
    assert {"rulescript.Game.apply", "rulescript.VecGame.masks", "rulescript.sim.Simulation.play"} <= walked
    assert {"rulescript.check", "rulescript.sim.merge_tallies", "rulescript.IllegalMove"} <= walked
    assert {"rulescript.wagic.play", "rulescript.wagic.WagicCards.load", "rulescript.wagic.WagicResult.log"} <= walked
    missing = [name for name, value in api if not (inspect.getdoc(value) or "").strip()]
    assert missing == []


def test_native_signatures_show_their_real_defaults():
    """PyO3 prints a default it cannot render (a seed's `Seed(0)`) as `...`; the text
    signatures given instead must hold the values the code uses."""
    api = public_api(["rulescript", "rulescript.sim", "rulescript.wagic"])
    native = [value for _, value in api if hasattr(value, "__text_signature__")]
    shown = {getattr(value, "__qualname__", repr(value)): value.__text_signature__ for value in native}
    assert "Game" in shown and "play_in_rust" in shown and "wagic_sim" in shown
    assert [name for name, text in shown.items() if text is not None and "..." in text] == []

    bench = inspect.signature(rs.play_in_rust).parameters
    assert (bench["policy"].default, bench["threads"].default, bench["interleave"].default) == ("random", 1, 1)
    assert rs.player_seed(7, 1) == rs.player_seed(game_seed=7, seat=1)
    if sys.version_info < (3, 10):
        # An abi3 module sets a class's text signature on CPython 3.10 and later only (its
        # docstring repeats the signature for 3.9's `help`).
        assert rs.Game.__text_signature__ is None and "Game(card_set, decks, seed=0" in (rs.Game.__doc__ or "")
        return
    card_set = rs.CardSet.load(str(EXAMPLES))
    decks = [str(path) for path in DECKS]
    game_defaults = inspect.signature(rs.Game).parameters
    assert rs.Game(card_set, decks).seed == game_defaults["seed"].default == 0
    vec_defaults = inspect.signature(rs.VecGame).parameters
    assert rs.VecGame(card_set, decks, 2, threads=1).seeds() == [vec_defaults["seed"].default + i for i in range(2)]
    sim_defaults = inspect.signature(sim.Simulation).parameters
    configuration = json.loads(sim.Simulation(str(EXAMPLES), decks=decks).configuration_json())
    assert configuration["games_per_pair"] == sim_defaults["games"].default
    assert configuration["seed"] == sim_defaults["seed"].default


def test_the_stubs_ship_with_the_package():
    """PEP 561: `py.typed` and the native module's stubs are installed beside it."""
    installed = Path(rs.__file__).parent
    assert (installed / "py.typed").is_file() and (installed / "_rulescript.pyi").is_file()
