"""Trains a small numpy policy on `VecGame` against a built-in player (random by default,
or greedy) and prints its win rate against the built-in random and greedy players on
held-out seeds.

    python python/examples/train_vec.py --seconds 300 --seed 0
    python python/examples/train_vec.py --seconds 300 --seed 0 --opponent greedy

The learner is an actor-critic with Monte Carlo returns (REINFORCE with a learned
baseline): one hidden layer over the observation, a softmax over the legal actions (the
mask) and a value head. In every game it plays one seat, slot `i` of the `VecGame`
taking seat `i % 2` (the `VecGame`'s default `learner_seats`), so it learns both seats;
the other seat is the built-in `RandomPlayer` or `GreedyPlayer`, which the `VecGame`
plays in Rust inside `step` (`opponent=`), so every row is the learner's decision.
Rewards come only at the end of a game: `rewards[i, seat]` (1 win, -1 loss, 0 draw) on
the step whose `dones[i]` is set, after which row `i` already shows the next game.

Needs only numpy and `rulescript`. `--seconds` and `--iterations` bound the run (the
first reached ends it); `--seed` makes it reproducible.
"""

import argparse
import os
import time
from pathlib import Path
from typing import List

if __name__ == "__main__":
    # One BLAS thread: these matrices are small, and BLAS threads spinning beside other
    # work made a run 6 times slower on a busy 2-core machine. Set before numpy loads BLAS.
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")

import numpy as np

import rulescript as rs

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# Held-out evaluation games: far from any seed the training slots reach.
EVAL_SEEDS = 10**12


class Policy:
    """A one-hidden-layer network: masked softmax policy and value head, trained with Adam."""

    def __init__(self, rng, hidden=128, lr=1e-3):
        scale = 1 / np.sqrt(rs.OBSERVATION_SIZE)
        self.params = {
            "w1": (rng.standard_normal((rs.OBSERVATION_SIZE, hidden)) * scale).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": np.zeros((hidden, rs.ACTION_SPACE), np.float32),  # uniform over legal actions at first
            "b2": np.zeros(rs.ACTION_SPACE, np.float32),
            "wv": np.zeros(hidden, np.float32),
            "bv": np.zeros(1, np.float32),
        }
        self.adam = {k: (np.zeros_like(p), np.zeros_like(p)) for k, p in self.params.items()}
        self.lr, self.t = lr, 0

    def forward(self, obs, mask):
        p = self.params
        h = np.tanh(obs @ p["w1"] + p["b1"])
        logits = np.where(mask, h @ p["w2"] + p["b2"], -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        return probs, h @ p["wv"] + p["bv"], h

    def sample(self, rng, obs, mask):
        probs, _, _ = self.forward(obs, mask)
        # Inverse CDF per row: one uniform draw each, masked actions have probability 0.
        cdf = probs.cumsum(axis=1)
        u = (1 - rng.random((len(probs), 1))) * cdf[:, -1:]  # in (0, total]
        return np.minimum((cdf < u).sum(axis=1), rs.ACTION_SPACE - 1)

    def gradients(self, obs, mask, actions, returns, value_coef=0.5, entropy_coef=0.01):
        """The loss (policy + value - entropy bonus) of a batch of decisions and its gradients
        (the advantage held constant in the policy term)."""
        p, b = self.params, len(actions)
        probs, value, h = self.forward(obs, mask)
        rows = np.arange(b)
        advantage = returns - value
        logp = np.log(probs[rows, actions] + 1e-12)
        logs = np.log(np.where(mask, probs, 1.0))
        entropy = -(probs * logs).sum(axis=1)
        loss = -(advantage * logp).mean() + value_coef * (advantage**2).mean() - entropy_coef * entropy.mean()
        # d loss / d logits: policy gradient, then the entropy bonus's.
        dlogits = probs.copy()
        dlogits[rows, actions] -= 1
        dlogits *= advantage[:, None] / b
        dlogits += entropy_coef / b * probs * (logs + entropy[:, None])
        dvalue = -2 * value_coef * advantage / b
        dh = (dlogits @ p["w2"].T + np.outer(dvalue, p["wv"])) * (1 - h**2)
        grads = {
            "w2": h.T @ dlogits,
            "b2": dlogits.sum(axis=0),
            "wv": h.T @ dvalue,
            "bv": dvalue.sum(keepdims=True),
            "w1": obs.T @ dh,
            "b1": dh.sum(axis=0),
        }
        return float(loss), grads

    def update(self, obs, mask, actions, returns):
        """One Adam step on a batch of decisions; the loss."""
        loss, grads = self.gradients(obs, mask, actions, returns)
        p = self.params
        self.t += 1
        for k, g in grads.items():
            m, v = self.adam[k]
            m += 0.1 * (g - m)
            v += 0.001 * (g * g - v)
            p[k] -= (self.lr * np.sqrt(1 - 0.999**self.t) / (1 - 0.9**self.t) * m / (np.sqrt(v) + 1e-8)).astype(np.float32)
        return loss


def evaluate(policy, cards, decks, opponent, games):
    """Win rate per seat of the policy (sampled, so that the untrained policy is the random
    player) against a built-in player, over `games` held-out seeds per seat, through `Game`."""
    rng = np.random.default_rng(EVAL_SEEDS)
    wins = []
    for seat in (0, 1):
        won = 0
        for seed in range(EVAL_SEEDS, EVAL_SEEDS + games):
            game = rs.Game(cards, decks, seed=seed)
            other = opponent.for_seat(seed, 1 - seat)  # seeded as `rsc run` seeds that seat
            while not game.is_over():
                if game.current_player == seat:
                    game.apply(int(policy.sample(rng, game.observation(seat)[None], game.legal_mask()[None])[0]))
                else:
                    game.apply(other.choose(game))
            won += game.returns()[seat] > 0
        wins.append(won / games)
    return wins


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", default=str(EXAMPLES), help="card set folder")
    parser.add_argument("--deck", action="append", help="two .o8d decks, seat 0's first")
    parser.add_argument("--seconds", type=float, default=300, help="wall-clock budget")
    parser.add_argument("--iterations", type=int, default=None, help="updates budget")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=64, help="games stepped together")
    parser.add_argument("--episodes", type=int, default=64, help="finished games per update")
    parser.add_argument("--eval-every", type=int, default=25, help="updates between evaluations")
    parser.add_argument("--eval-games", type=int, default=100, help="held-out games per seat and opponent")
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument(
        "--opponent", choices=("random", "greedy"), default="random", help="the built-in player trained against"
    )
    args = parser.parse_args(argv)

    cards = rs.CardSet.load(args.set)
    decks = [rs.load_deck(d, cards) for d in args.deck or [EXAMPLES / "decks/vanguard.o8d", EXAMPLES / "decks/arcana.o8d"]]
    rng = np.random.default_rng(args.seed)
    policy = Policy(rng, lr=args.lr)
    n = args.games
    # Training seeds `seed * 2**32 + i + k * n`: disjoint from other --seed values' and the evaluation's.
    env = rs.VecGame(cards, decks, n, seed=args.seed * 2**32, threads=1, opponent=args.opponent)
    obs, mask, _ = env.reset()
    seat = env.learner_seats  # the learner's seat in each slot: i % 2
    assert seat is not None  # a VecGame with an opponent has learner seats
    rows = np.arange(n)
    episode = np.arange(n)  # the id of the game each slot plays
    next_episode = n
    results = {}  # episode id -> the learner's return
    pending = []  # (obs, mask, actions, episode ids) of the learner's decisions
    losses: List[float] = []  # each update's loss
    started, iteration, finished, curve = time.monotonic(), 0, 0, []

    def report():
        random_wins = evaluate(policy, cards, decks, rs.RandomPlayer, args.eval_games)
        greedy_wins = evaluate(policy, cards, decks, rs.GreedyPlayer, args.eval_games)
        curve.append((iteration, finished, random_wins, greedy_wins))
        loss = np.mean(losses[-args.eval_every :]) if losses else float("nan")
        print(
            f"iter {iteration:5d}  {time.monotonic() - started:6.0f} s  games {finished:7d}  loss {loss:7.4f}  "
            f"vs random {np.mean(random_wins):.3f} (seat 0 {random_wins[0]:.2f}, seat 1 {random_wins[1]:.2f})  "
            f"vs greedy {np.mean(greedy_wins):.3f} (seat 0 {greedy_wins[0]:.2f}, seat 1 {greedy_wins[1]:.2f})",
            flush=True,
        )

    report()
    while (args.iterations is None or iteration < args.iterations) and time.monotonic() - started < args.seconds:
        # Play until `--episodes` games have ended.
        ended = 0
        while ended < args.episodes:
            # Every row is the learner's decision: the VecGame played the opponent's moves.
            actions = policy.sample(rng, obs, mask)
            learn = rows[env.legal_counts > 1]  # a forced move teaches nothing
            # Indexing with `learn` copies: `step` rewrites `obs` and `mask` in place.
            pending.append((obs[learn], mask[learn], actions[learn], episode[learn]))
            obs, mask, rewards, dones, _ = env.step(actions)
            for i in np.flatnonzero(dones):
                results[episode[i]] = rewards[i, seat[i]]
                episode[i], next_episode = next_episode, next_episode + 1
                ended += 1
        finished += ended
        # Learn from the decisions of finished games; keep the others for the next update.
        o, m, a, e = (np.concatenate(column) for column in zip(*pending))
        done = np.isin(e, list(results))
        returns = np.array([results[x] for x in e[done]], np.float32)
        losses.append(policy.update(o[done], m[done], a[done], returns))
        pending = [(o[~done], m[~done], a[~done], e[~done])]
        results = {}  # the unfinished games' results are still to come
        iteration += 1
        if iteration % args.eval_every == 0:
            report()
    if iteration % args.eval_every:
        report()
    return losses, curve


if __name__ == "__main__":
    main()
