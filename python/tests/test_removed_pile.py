"""The observation's `removed` block: the viewer's removed pile, a card block at each position
as `PlayRemoved { pos, slot }` numbers it, so that a policy sees which card each
`PlayRemoved` action plays. Games of the `removed_piles` fixture (conftest.py) fill removed
piles and play from them: the example set's Lost and Found, and the corpus's Crossover and
Grandmaster (skipped when the corpus is absent, failed under CI)."""

import numpy as np

import rulescript as rs

# The first `PlayRemoved` action: `1006 + 4 * pos + slot` (python/README.md).
PLAY_REMOVED = 1006
ABILITIES = {None: 0, "Instant": 1, "Triggered": 2, "Auto": 3}


def card_blocks(card_set):
    """The card block of each printed card (by number and name), as python/README.md
    documents it, from `CardSet.card`: built apart from the observation."""
    count = np.float32(len(card_set))
    blocks = {}
    for i in range(len(card_set)):
        card = card_set.card(i)
        kind = [float(card["kind"] == kind) for kind in ("Character", "Action", "Reaction")]
        printed = [np.float32(card["bp"] or 0) / np.float32(1000), np.float32(card["sp"] or 0) / np.float32(10)]
        ability = np.float32(ABILITIES[card["ability"]]) / np.float32(3)
        blocks[card["number"], card["name"]] = np.array([1.0, *kind, *printed, ability, (i + 1) / count], np.float32)
    return blocks


def removed_block(obs):
    start, size = {name: (offset, size) for name, offset, size in rs.OBSERVATION_LAYOUT}["removed"]
    return obs[start : start + size].reshape(rs.MAX_HAND, 8)


def expected_block(pile, blocks):
    """The removed block of a pile as `Game.view` lists it: each card's block, zeros after."""
    expected = np.zeros((rs.MAX_HAND, 8), np.float32)
    for pos, card in enumerate(pile[: rs.MAX_HAND]):
        expected[pos] = blocks[card["number"], card["name"]]
    return expected


def test_the_removed_block_follows_the_hand_and_is_documented():
    layout = {name: (offset, size) for name, offset, size in rs.OBSERVATION_LAYOUT}
    hand, removed = layout["hand"], layout["removed"]
    assert removed == (hand[0] + hand[1], rs.MAX_HAND * 8) == (972, 800)
    assert layout["question_header"][0] == removed[0] + removed[1]
    assert rs.OBSERVATION_SIZE == 2816


def test_the_removed_block_has_the_hands_bounds(card_set, decks):
    """`observation_bounds` (the environments' spaces): a removed-pile position holds a card
    block as a hand position does, so it has the same range."""
    layout = {name: (offset, size) for name, offset, size in rs.OBSERVATION_LAYOUT}
    (hand, size), removed = layout["hand"], layout["removed"][0]
    for bound in rs.observation_bounds(card_set, decks):
        assert np.array_equal(bound[removed : removed + size], bound[hand : hand + size])
        assert bound[hand : hand + size].any()


def test_each_play_removed_action_points_at_the_block_of_the_card_it_plays(removed_piles):
    """Through games that fill removed piles and play from them: from both seats, the
    removed block holds the card blocks of the viewer's removed pile (`Game.view`) in order
    and zeros after; and for every legal `PlayRemoved` action, the block at its `pos` is the
    card that taking the action plays (on a copy of the game: the one card that leaves the
    pile), which `action_to_string` names too."""
    card_set, decks = removed_piles.card_set, removed_piles.decks
    blocks = card_blocks(card_set)
    offered, positions, piles_seen = 0, set(), 0
    for seed in range(removed_piles.games):
        game = rs.Game(card_set, decks, seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over():
            for viewer in (0, 1):
                pile = game.view(viewer)["players"][viewer]["removed"]
                shown = removed_block(game.observation(viewer))
                assert np.array_equal(shown, expected_block(pile, blocks)), (seed, viewer, pile)
                piles_seen += bool(pile)
            me = game.current_player
            pile = game.view(me)["players"][me]["removed"]
            shown = removed_block(game.observation(me))
            for action in game.legal_actions():
                if action < PLAY_REMOVED:
                    continue
                pos = (action - PLAY_REMOVED) // 4
                played = game.clone()
                played.apply(action)
                after = {card["card"] for card in played.view(me)["players"][me]["removed"]}
                [card] = [card for card in pile if card["card"] not in after]
                assert np.array_equal(shown[pos], blocks[card["number"], card["name"]]), (seed, action, pile)
                assert game.action_to_string(action).endswith(f"[{card['name']}]")
                offered += 1
                positions.add(pos)
            game.apply(removed_piles.choose(game, rng))
    # Actions at several positions, so a block put one position off fails.
    assert offered >= 20 and len(positions) >= 3 and piles_seen >= 100, (offered, positions, piles_seen)


def test_a_vec_game_row_clears_the_positions_of_a_removed_pile_that_shrank(removed_piles):
    """A `VecGame` row is written over at each step, clearing only what the last write set:
    each row equals `Game.observation` of the same game (a fresh array), also when the
    removed pile it shows is shorter than the one the row held before (a card played from
    it, the pile put into the discards at the end of turn, the other seat's pile)."""
    card_set, decks = removed_piles.card_set, removed_piles.decks
    n, seed = 8, 500
    vec = rs.VecGame(card_set, decks, n, seed=seed, threads=1)
    obs, _, players = vec.reset()
    games = [rs.Game(card_set, decks, seed=s) for s in vec.seeds()]
    rngs = [np.random.default_rng(i) for i in range(n)]
    shown_before = [0] * n
    shrank = 0
    for _ in range(1500):
        for i, game in enumerate(games):
            assert players[i] == game.current_player
            assert np.array_equal(obs[i], game.observation(game.current_player)), i
            shown = int(removed_block(obs[i])[:, 0].sum())
            shrank += shown < shown_before[i]
            shown_before[i] = shown
        actions = np.array([removed_piles.choose(game, rngs[i]) for i, game in enumerate(games)], np.int64)
        obs, _, _, dones, players = vec.step(actions)
        for i, game in enumerate(games):
            game.apply(int(actions[i]))
            if dones[i]:
                assert game.is_over()
                games[i] = rs.Game(card_set, decks, seed=vec.seeds()[i])
    assert shrank >= 50, shrank
