"""The same seed and moves give the same trace hash from Python as `rsc run`."""

import subprocess
from typing import Dict, Type, Union

import pytest

import rulescript as rs
from conftest import DECKS, EXAMPLES, rsc_or_skip


@pytest.mark.parametrize("seed,kinds", [(1, ("random", "random")), (42, ("greedy", "random")), (7, ("greedy", "greedy"))])
def test_python_plays_the_game_rsc_run_plays(card_set, decks, seed, kinds):
    rsc = rsc_or_skip()
    command = [rsc, "run", "--set", str(EXAMPLES), "--deck", str(DECKS[0]), "--deck", str(DECKS[1]), "--seed", str(seed)]
    command += [arg for kind in kinds for arg in ("--player", kind)] + ["--trace-hash"]
    printed = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    expected = [line for line in printed.splitlines() if line.startswith("blake3:")][-1].removeprefix("blake3:")

    game = rs.Game(card_set, decks, seed=seed)
    make: Dict[str, Union[Type[rs.RandomPlayer], Type[rs.GreedyPlayer]]] = {"random": rs.RandomPlayer, "greedy": rs.GreedyPlayer}
    players = [make[kinds[0]].for_seat(seed, 0), make[kinds[1]].for_seat(seed, 1)]
    while not game.is_over():
        game.apply(players[game.current_player].choose(game))
    assert game.trace_hash() == expected
    # The history alone rebuilds it.
    assert rs.Game.from_history(card_set, decks, seed, game.history()).trace_hash() == expected
