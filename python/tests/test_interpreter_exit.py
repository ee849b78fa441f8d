"""A program that ends while a daemon thread is inside a call of the package exits: on
Python before 3.14 the thread, taking the GIL back during finalization, was ended by
`pthread_exit`, whose forced unwind aborted the process ("FATAL: exception not rethrown")."""

import pytest

from conftest import DECKS, EXAMPLES, run_bounded

# Short calls, one after the other: the thread is nearly always inside one, and often
# finishes one while the interpreter finalizes (a call still running when the process ends
# never takes the GIL back, so it crashed nothing).
CALLS = {
    "VecGame.step": """
vec = rs.VecGame(card_set, decks, 8, threads=1)
while True:
    vec.step(vec.legal_actions[:, 0].copy())
""",
    "Simulation.play": """
from rulescript.sim import Simulation
simulation = Simulation(EXAMPLES, decks, games=10**6)
for game in range(10**6):
    simulation.play(game, game + 1)
""",
    "check": """
while True:
    rs.check(EXAMPLES + "/sentinel.rules")
""",
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_the_program_exits_while_a_daemon_thread_is_in_a_call(call):
    # Where the thread is when the program ends is a matter of timing: three programs,
    # each of which crashed more often than not before.
    for _ in range(3):
        ends_while_a_daemon_thread_calls(call)


def ends_while_a_daemon_thread_calls(call):
    body = "\n    ".join(CALLS[call].strip().splitlines())
    done = run_bounded(
        f"""
import atexit, threading, time
# Registered before the package's own hook, so run after it: the main thread may still
# call the package then.
atexit.register(lambda: print("late hook", len(rs.check(EXAMPLES + "/sentinel.rules"))))
import rulescript as rs
EXAMPLES = {str(EXAMPLES)!r}
card_set = rs.CardSet.load(EXAMPLES)
decks = {[str(d) for d in DECKS]!r}
started = threading.Event()
def work():
    started.set()
    {body}
threading.Thread(target=work, daemon=True).start()
started.wait()
time.sleep(0.5)
print("exiting")
""",
    )
    assert "exception not rethrown" not in done.stderr
    assert (done.returncode, done.stdout.split("\n")[:2]) == (0, ["exiting", "late hook 0"]), done.stderr[-2000:]
