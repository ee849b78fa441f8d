"""The training example (python/examples/train_vec.py): it runs a few updates through
`VecGame` and `Game`, its loss is finite, a seeded run is reproducible, and its gradients
are the loss's."""

import importlib.util
import json
import subprocess
import sys
from typing import List, Tuple

import numpy as np

from conftest import ROOT

EXAMPLE = ROOT / "python" / "examples" / "train_vec.py"
SHORT = ["--iterations", "3", "--games", "8", "--episodes", "8", "--eval-every", "3", "--eval-games", "2", "--seconds", "600"]


def load_example():
    spec = importlib.util.spec_from_file_location("train_vec", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# A child process, so that numpy starts with one BLAS thread as the example's command does
# (in this process numpy is loaded already, and its threads made a run 6 times slower).
CHILD = """
import importlib.util, json, os, sys
os.environ["OPENBLAS_NUM_THREADS"] = os.environ["OMP_NUM_THREADS"] = "1"
spec = importlib.util.spec_from_file_location("train_vec", sys.argv[1])
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)
losses, curve = example.main(sys.argv[2:])
print(json.dumps({"losses": losses, "curve": curve}))
"""


def run_example(*args):
    """The example's printed lines and `main`'s result, run in a child process."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(EXAMPLE), *args], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stderr
    *printed, result = done.stdout.splitlines()
    return printed, json.loads(result)


def test_a_few_updates_run_with_finite_losses_and_a_seeded_run_repeats():
    printed, result = run_example(*SHORT, "--seed", "3")
    losses, curve = result["losses"], result["curve"]
    assert len(losses) == 3 and all(np.isfinite(losses))
    # Evaluated before training and after the third update, on both seats, against both players.
    assert [[iteration, len(r), len(g)] for iteration, _, r, g in curve] == [[0, 2, 2], [3, 2, 2]]
    assert all(0 <= w <= 1 for _, _, r, g in curve for w in (*r, *g))
    assert curve[-1][1] >= 3 * 8  # games finished: at least --episodes per update
    assert len(printed) == 2 and all("vs random" in line and "vs greedy" in line for line in printed)
    assert run_example(*SHORT, "--seed", "3")[1] == result
    assert run_example(*SHORT, "--seed", "4")[1]["losses"] != losses


def test_the_example_runs_as_a_script():
    done = subprocess.run([sys.executable, str(EXAMPLE), *SHORT], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("vs random") == 2


def test_the_gradients_are_those_of_the_loss():
    """Central differences of the loss (the advantage held constant in the policy term)
    match `Policy.gradients` for every parameter, in float64."""
    example = load_example()
    rng = np.random.default_rng(0)
    policy = example.Policy(rng, hidden=8)
    policy.params = {k: p + rng.standard_normal(p.shape) * 0.1 for k, p in policy.params.items()}
    b = 5
    obs = rng.random((b, example.rs.OBSERVATION_SIZE))
    mask = rng.random((b, example.rs.ACTION_SPACE)) < 0.01
    mask[:, 0] = True
    actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
    returns = rng.choice([-1.0, 1.0], b)
    loss, grads = policy.gradients(obs, mask, actions, returns)
    held = returns - policy.forward(obs, mask)[1]

    def loss_now():
        probs, value, _ = policy.forward(obs, mask)
        logs = np.log(np.where(mask, probs, 1.0))
        entropy = -(probs * logs).sum(axis=1)
        policy_term = -(held * np.log(probs[np.arange(b), actions])).mean()
        return policy_term + 0.5 * ((returns - value) ** 2).mean() - 0.01 * entropy.mean()

    assert abs(loss_now() - loss) < 1e-9
    legal = np.flatnonzero(mask.any(axis=0))
    for name, grad in grads.items():
        param = policy.params[name]
        entries: List[Tuple[int, ...]]
        if name == "w2":
            entries = [(int(rng.integers(8)), int(a)) for a in legal[:6]]
        elif name == "b2":
            entries = [(int(a),) for a in legal[:6]]
        else:
            entries = [tuple(int(rng.integers(s)) for s in param.shape) for _ in range(6)]
        for entry in entries:
            kept = param[entry]
            param[entry] = kept + 1e-6
            up = loss_now()
            param[entry] = kept - 1e-6
            down = loss_now()
            param[entry] = kept
            assert abs((up - down) / 2e-6 - grad[entry]) < 1e-6, (name, entry)


def test_the_example_trains_against_the_greedy_player_inside_the_vec_game():
    printed, result = run_example(*SHORT, "--seed", "3", "--opponent", "greedy")
    assert len(result["losses"]) == 3 and all(np.isfinite(result["losses"]))
    assert result["curve"][-1][1] >= 3 * 8 and len(printed) == 2
    assert result["losses"] != run_example(*SHORT, "--seed", "3")[1]["losses"]
