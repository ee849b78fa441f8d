//! Tests of the game as the VM's host: zone listings, piles' tops, card moves.

use std::ops::ControlFlow;
use std::sync::Arc;

use stdlib::host::{CfcHost, Model};
use stdlib::names::{self, ARENA, DECK, DISCARDS, HAND, REMOVED, RING};
use vm::bytecode::ZoneIdx;
use vm::runtime::{CardId, Host};

use crate::players::PlayerKind;
use crate::sim::{self, PlayOptions};
use crate::state::{Mark, Seat};
use crate::{CardSet, Game};

/// A game of deck-1 against deck-2 after 40 random decisions, with the first card of
/// each player's hand and deck transformed into the other's (ruling R6 reverts them);
/// `None` without the corpus.
fn game_with_transformed_cards() -> Option<Game> {
    let dir = compiler::corpus::corpus_dir()?;
    static SET: std::sync::OnceLock<Arc<CardSet>> = std::sync::OnceLock::new();
    let set = SET.get_or_init(|| Arc::new(CardSet::load(&dir).expect("the corpus set loads")));
    let deck = |name: &str| {
        let text = std::fs::read_to_string(dir.join("decks").join(name)).expect("the deck reads");
        let deck = crate::deck::parse_deck(&text, name.to_owned()).expect("the deck parses");
        deck.card_ids().into_iter().map(|id| set.by_id(id).expect("a card of the set")).collect::<Vec<_>>()
    };
    let mut game = Game::new(Arc::clone(set), [deck("deck-1.o8d"), deck("deck-2.o8d")], 3).expect("the game starts");
    let mut players = [PlayerKind::Random.create(3, Seat::FIRST), PlayerKind::Random.create(3, Seat::SECOND)];
    let options = PlayOptions { max_decisions: 40, ..PlayOptions::default() };
    sim::play(&mut game, &mut players, &options, |_, _, _| ControlFlow::Continue(()));
    for seat in [Seat::FIRST, Seat::SECOND] {
        let (hand, deck) = (game.state.player(seat).hand[0], game.state.player(seat).deck[0]);
        let model = game.state.player(seat).deck[1];
        assert!(game.state.transform(deck.id(), Model::Of(hand.id())));
        assert!(game.state.transform(hand.id(), Model::Of(model.id())));
        for card in [hand, deck] {
            let state = game.state.card(card).expect("a card of the game");
            assert_ne!(state.def, state.original(), "the card is transformed");
        }
    }
    Some(game)
}

fn pile(game: &Game, player: Seat, zone: ZoneIdx) -> Vec<CardId> {
    let pile = super::pile_zone(zone).and_then(|zone| game.state.player(player).pile(zone));
    pile.map(|cards| cards.iter().map(|card| card.id()).collect()).unwrap_or_default()
}

/// `swapPiles` exchanging two piles at once leaves the game as moving their cards one
/// by one does: the same piles, card states (R6 reverts, controllers), log and marks.
#[test]
fn swapping_piles_at_once_ends_as_moving_one_card_at_a_time() {
    let Some(mut at_once) = game_with_transformed_cards() else { return };
    let mut one_by_one = game_with_transformed_cards().expect("the corpus is there");
    let (me, opp) = (Seat::FIRST, Seat::SECOND);
    assert_eq!(at_once.state, one_by_one.state);
    for (first, second) in [((me, HAND), (me, DECK)), ((me, DISCARDS), (opp, HAND)), ((opp, DECK), (me, REMOVED))] {
        let (first_cards, second_cards) = (pile(&at_once, first.0, first.1), pile(&at_once, second.0, second.1));
        assert!(!first_cards.is_empty() || !second_cards.is_empty(), "the piles hold cards");
        for game in [&mut at_once, &mut one_by_one] {
            game.state.play_changed = Mark(false);
            game.state.sizes_changed = Mark(false);
        }
        let (a, b) = ((first.0.pid(), first.1), (second.0.pid(), second.1));
        CfcHost::swap_piles(&mut at_once.state, a, &first_cards, b, &second_cards);
        for &card in &first_cards {
            assert!(Host::move_card(&mut one_by_one.state, card, b.0, b.1, -1));
        }
        for &card in &second_cards {
            assert!(Host::move_card(&mut one_by_one.state, card, a.0, a.1, -1));
        }
        assert_eq!(pile(&at_once, first.0, first.1), second_cards);
        assert_eq!(pile(&at_once, second.0, second.1), first_cards);
        assert_eq!(at_once.state, one_by_one.state);
        let marks = |game: &Game| (game.state.play_changed.0, game.state.sizes_changed.0);
        assert_eq!(marks(&at_once), marks(&one_by_one));
        // Each swap takes a transformed card to a pile other than a hand (ruling R6).
        assert!(at_once.state.play_changed.0, "a transformed card reverted");
    }
}

/// `moveTo`'s one search for a card leaves the game as `locate` then `move_card` do,
/// and says whether the card left a ring (a ring character, a hand card, a card for a
/// zone that is no pile).
#[test]
fn moving_a_card_says_whether_it_left_a_ring_as_locate_did() {
    let Some(mut once) = game_with_transformed_cards() else { return };
    let mut twice = game_with_transformed_cards().expect("the corpus is there");
    let me = Seat::FIRST;
    let in_ring = once.state.player(me).characters().next().expect("a character in play after 40 decisions");
    let in_hand = once.state.player(me).hand[0];
    for (card, zone, expected) in
        [(in_ring, DISCARDS, Some(true)), (in_hand, REMOVED, Some(false)), (in_hand, RING, None)]
    {
        let card = card.id();
        let answer = CfcHost::move_card_from_ring(&mut once.state, card, me.pid(), zone, -1);
        let from_ring = CfcHost::locate(&twice.state, card).is_some_and(|(_, zone)| zone == RING);
        let moved = Host::move_card(&mut twice.state, card, me.pid(), zone, -1);
        assert_eq!(answer, moved.then_some(from_ring));
        assert_eq!(answer, expected);
        assert_eq!(once.state, twice.state);
    }
}

/// A zone's cards of a type, listed with their type test, are those the zone lists
/// that pass `card_has_type`: in rings (a character transformed into an action
/// included), piles (transformed cards included), in front of a card, in a searched
/// pile, for each type, negated or not, and for a type no card has.
#[test]
fn a_zones_cards_of_a_type_are_those_that_pass_the_type_test() {
    let Some(mut game) = game_with_transformed_cards() else { return };
    let me = Seat::FIRST;
    let character = game.state.player(me).characters().next().expect("a character in play after 40 decisions");
    let action = [Seat::FIRST, Seat::SECOND]
        .into_iter()
        .flat_map(|seat| game.state.player(seat).deck.clone())
        .find(|&card| game.state.kind(card) == Some(crate::set::CardKind::Action))
        .expect("an action in a deck");
    assert!(game.state.transform(character.id(), Model::Of(action.id())));
    let env =
        vm::runtime::Env { me: me.pid(), controller: me.pid(), source: character.id(), card: vm::bytecode::CardIdx(0) };
    let prefixes = [None, Some(names::PREFIX_MY), Some(names::PREFIX_OPP), Some(names::PREFIX_ANY)];
    let types = [names::CHARACTER, names::ACTION, names::REACTION, vm::bytecode::CardTypeIdx(u32::MAX)];
    let mut compared = 0;
    for scope in [None, Some((Seat::SECOND, crate::state::Zone::Deck))] {
        game.state.search_scope = scope;
        for zone in [ARENA, RING, HAND, DECK, DISCARDS, REMOVED, names::INFRONT] {
            for prefix in prefixes {
                let zone = vm::bytecode::ZoneRef { prefix, zone };
                let mut all = Vec::new();
                Host::zone_cards(&mut game.state, &env, zone, &mut all);
                for ty in types {
                    for negate in [false, true] {
                        let expected: Vec<_> = all
                            .iter()
                            .copied()
                            .filter(|item| {
                                item.as_card().is_some_and(|card| Host::card_has_type(&game.state, card, ty) != negate)
                            })
                            .collect();
                        let mut found = vec![vm::runtime::Value::Nil];
                        Host::zone_cards_of_type(&mut game.state, &env, zone, ty, negate, &mut found);
                        assert_eq!(found[0], vm::runtime::Value::Nil, "appended after what the buffer held");
                        assert_eq!(found[1..], expected, "{zone:?} {ty:?} negated {negate} in scope {scope:?}");
                        compared += expected.len();
                    }
                }
            }
        }
    }
    assert!(compared > 100, "the zones hold cards of each kind");
}

/// A pile's top as `draw` reads it is the start of the whole pile as `pile_cards`
/// lists it, with the whole pile's length; a zone that is no pile holds nothing.
#[test]
fn a_piles_top_is_the_start_of_the_whole_pile() {
    let Some(mut game) = game_with_transformed_cards() else { return };
    for (player, zone) in [(Seat::FIRST, DECK), (Seat::SECOND, HAND), (Seat::SECOND, DECK), (Seat::SECOND, RING)] {
        let mut whole = Vec::new();
        Host::pile_cards(&mut game.state, player.pid(), zone, &mut whole);
        assert_eq!(whole.is_empty(), zone == RING, "the piles hold cards");
        for most in [0, 1, 3, whole.len() + 2] {
            let mut top = vec![vm::runtime::Value::Nil];
            let len = Host::pile_top_cards(&mut game.state, player.pid(), zone, most, &mut top);
            assert_eq!(len, whole.len());
            assert_eq!(top[0], vm::runtime::Value::Nil, "appended after what the buffer held");
            assert_eq!(top[1..], whole[..most.min(whole.len())]);
        }
    }
}
