"""Hidden information: a player's observation is the same for two games that differ only in
what that player cannot see (the opponent's hand, the order of either deck)."""

import numpy as np

import rulescript as rs


def positions(card_set, decks, seeds=range(6), depth=80):
    """Games of random play, at every few steps."""
    for seed in seeds:
        game = rs.Game(card_set, decks, seed=seed)
        rng = np.random.default_rng(seed)
        for step in range(depth):
            if game.is_over():
                break
            if step % 5 == 0:
                yield game.clone()
            actions = game.legal_actions()
            game.apply(actions[rng.integers(len(actions))])


def test_a_redeal_of_hidden_cards_leaves_the_observation_unchanged(card_set, decks):
    changed_hidden = 0
    changed_other_view = 0
    checked = 0
    for game in positions(card_set, decks):
        for player in (0, 1):
            for redeal in range(3):
                other = game.resample_hidden(player, seed=1000 + redeal)
                checked += 1
                assert np.array_equal(other.observation(player), game.observation(player))
                assert other.view(player) == game.view(player)
                # The re-deal did change hidden cards: the opponent's own view of its hand,
                # or the state as a whole.
                changed_hidden += other.state_hash() != game.state_hash()
                changed_other_view += not np.array_equal(other.observation(1 - player), game.observation(1 - player))
    assert checked > 100
    # The games do differ, and often in what the opponent sees (its own hand).
    assert changed_hidden == checked
    assert changed_other_view > checked // 2


def test_removed_piles_are_public_and_a_redeal_leaves_them_shown(removed_piles):
    """The same in games that fill removed piles and play from them (Lost and Found,
    Crossover): the viewer's removed block shows public cards, which a re-deal of what the
    viewer cannot see leaves where they are."""
    card_set, decks = removed_piles.card_set, removed_piles.decks
    removed = {name: (offset, size) for name, offset, size in rs.OBSERVATION_LAYOUT}["removed"]
    checked_with_pile = 0
    for seed in range(60):
        game = rs.Game(card_set, decks, seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over():
            for player in (0, 1):
                obs = game.observation(player)
                if not obs[removed[0] : removed[0] + removed[1]].any():
                    continue
                other = game.resample_hidden(player, seed=seed)
                assert np.array_equal(other.observation(player), obs)
                assert other.view(player) == game.view(player)
                checked_with_pile += 1
            game.apply(removed_piles.choose(game, rng))
    assert checked_with_pile > 50, checked_with_pile


def test_two_games_whose_opponent_decks_differ_look_the_same_until_a_card_shows(card_set, decks):
    """Seat 0 of two games with the same seed whose seat-1 decks hold other cards: the same
    observation while seat 1's cards stay hidden (seat 0's first turn, before anything of
    seat 1 is played)."""
    swapped = [decks[0], decks[0]]
    for seed in range(20):
        a = rs.Game(card_set, decks, seed=seed)
        b = rs.Game(card_set, swapped, seed=seed)
        if a.current_player != 0:
            continue
        assert np.array_equal(a.observation(0), b.observation(0)), seed
        assert not np.array_equal(a.observation(1), b.observation(1)), seed
