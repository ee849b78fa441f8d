"""What the VecGame tests share: random legal actions, and a slot played through `Game`."""

from typing import Dict, Type, Union

import numpy as np

import rulescript as rs


def random_actions(vec, rng):
    counts = vec.legal_counts
    picks = (rng.random(len(vec)) * counts).astype(np.int64)
    return vec.legal_actions[np.arange(len(vec)), picks].astype(np.int64)



PLAYERS: Dict[str, Union[Type[rs.RandomPlayer], Type[rs.GreedyPlayer]]] = {
    "random": rs.RandomPlayer,
    "greedy": rs.GreedyPlayer,
}


def learner_seats(vec):
    """The VecGame's learner seats as a list of ints (it has an opponent)."""
    assert vec.learner_seats is not None
    return [int(seat) for seat in vec.learner_seats]


class Mirror:
    """Slot `i` of a VecGame with an opponent, played through `Game` and the built-in player
    object: the learner's actions applied, the other seat answered by
    `PLAYERS[opponent].for_seat(game seed, other seat)` until the learner is to move; a game
    that ends before the learner's first decision is passed over, as the VecGame does."""

    def __init__(self, card_set, decks, opponent, seed, n, i, learner, turn_limit=None):
        self.args = (card_set, decks)
        self.player, self.seed, self.n, self.i, self.learner = PLAYERS[opponent], seed, n, i, learner
        self.turn_limit, self.episode, self.passed_over = turn_limit, -1, 0
        self.next_game()

    def next_game(self):
        """Starts the slot's next game and plays the opponent to the learner's turn; the
        rewards of the game that ended, when the learner took part in it."""
        while True:
            self.episode += 1
            game_seed = self.seed + self.i + self.episode * self.n
            self.game = rs.Game(*self.args, game_seed, turn_limit=self.turn_limit)
            self.other = self.player.for_seat(game_seed, 1 - self.learner)
            if self.play_opponent():
                return
            self.passed_over += 1

    def play_opponent(self):
        """The opponent's moves until the learner's turn: whether it came."""
        while not self.game.is_over() and self.game.current_player != self.learner:
            self.game.apply(self.other.choose(self.game))
        return not self.game.is_over()

    def apply(self, action):
        """The learner's action, then the opponent's moves; `(done, rewards)`."""
        self.game.apply(action)
        if self.play_opponent():
            return False, [0.0, 0.0]
        rewards = self.game.returns()
        self.next_game()
        return True, rewards

    def check_row(self, vec, i):
        obs, masks, players = vec.observations, vec.masks, vec.current_players
        assert players[i] == self.learner == self.game.current_player
        assert np.array_equal(obs[i], self.game.observation(self.learner))
        assert np.array_equal(masks[i], self.game.legal_mask())
        assert list(vec.legal_actions[i, : vec.legal_counts[i]]) == self.game.legal_actions()
        assert vec.trace_hash(i) == self.game.trace_hash()
        assert vec.seeds()[i] == self.game.seed

