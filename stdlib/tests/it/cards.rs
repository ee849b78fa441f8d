//! `destroy`, `discard`, `draw`, `moveTo`, `moveRevealedTo`, `movePile`, `swapPiles`,
//! `trash`, `rndDiscard`, `shuffle`, `prophecy`, `reveal`, `peek`.

use stdlib::names::{DECK, DISCARDS, HAND, REMOVED};
use vm::runtime::{Completion, RequestKind, Value};

use crate::support::*;

#[test]
fn destroy_kos_and_binds_destroyed() {
    let mut g = Game::new("action = destroy() target(characters@oppRing); hp(destroyed.size * 100)");
    let src = g.host.card("Bomb", ACTION, P0, HAND);
    g.host.character("Ryu", P1, 0, 500);
    g.host.character("Ken", P1, 2, 500);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.ring_names(P1), ["-", "-", "-", "-"]);
    assert_eq!(g.host.pile_names(P1, DISCARDS), ["Ken", "Ryu"]);
    assert_eq!(g.host.player(P0).hp, 3200);
    // `removed` was emitted for each (queued for the game's run_events).
    assert_eq!(g.runtime.pending_events(), 2, "`removed` queued for each KO'd card");
}

#[test]
fn destroy_defaults_to_the_source_and_fails_outside_play() {
    let mut g = Game::new("action = destroy() || hp(+1)");
    let me = g.host.character("Kamikaze", P0, 1, 500);
    g.run(me, P0);
    assert_eq!(g.host.pile_names(P0, DISCARDS), ["Kamikaze"]);
    assert_eq!(g.host.player(P0).hp, 3000, "destroy succeeded");
    let mut g = Game::new("action = destroy() || hp(+1)");
    let card = g.host.card("Scroll", ACTION, P0, HAND);
    g.run(card, P0);
    assert_eq!(g.host.player(P0).hp, 3001, "nothing KO'd: failure, `||` ran");
}

#[test]
fn discard_one_asks_the_executing_player_and_binds_discarded() {
    let mut g = Game::new("action = discard() target(opp); hp(discarded.size * 100)");
    let src = g.host.card("Thief", ACTION, P0, HAND);
    g.host.cards(&["a", "b"], ACTION, P1, HAND);
    let exec = suspended(g.activate(src, P0));
    assert!(matches!(exec.request().kind, RequestKind::Command(..)));
    assert_eq!(exec.request().chooser, P0);
    assert_eq!(exec.candidates().len(), 2);
    assert_eq!(done(g.answer_cards(exec, &["b"])), Completion::Success);
    assert_eq!(g.host.pile_names(P1, HAND), ["a"]);
    assert_eq!(g.host.pile_names(P1, DISCARDS), ["b"]);
    assert_eq!(g.host.player(P0).hp, 3100);
}

#[test]
fn discard_n_takes_the_whole_hand_when_it_is_small() {
    let mut g = Game::new("action = discard(3) target(opp)");
    let src = g.host.card("Thief", ACTION, P0, HAND);
    g.host.cards(&["a", "b"], ACTION, P1, HAND);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert!(g.host.pile_names(P1, HAND).is_empty());
}

#[test]
fn discard_all_and_filters_search_the_hand() {
    let mut g = Game::new("action = discard(all)");
    let src = g.host.character("Src", P0, 0, 500);
    g.host.cards(&["a", "b", "c"], ACTION, P0, HAND);
    g.host.character("Ringer", P0, 1, 500);
    // `all` is `*s`: every card, nothing asked.
    assert_eq!(g.run(src, P0), Completion::Success);
    assert!(g.host.pile_names(P0, HAND).is_empty());
    assert_eq!(g.host.ring_names(P0)[1], "Ringer", "the ring is not searched");

    let mut g = Game::new("action = discard(!characters) target(opp)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["x", "y"], ACTION, P1, HAND);
    g.host.card("Guy", CHARACTER, P1, HAND);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P1, HAND), ["Guy"]);
}

#[test]
fn discard_fails_when_the_hand_has_nothing_matching() {
    let mut g = Game::new("action = discard(reaction) target(opp) && hp(+1); discard() target(opp) || hp(+10)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.card("x", ACTION, P1, HAND);
    let outcome = g.activate(src, P0);
    assert_eq!(done(outcome), Completion::Success);
    // The first discard found no reaction: `&&` skipped hp(+1). The second discarded x.
    assert_eq!(g.host.player(P0).hp, 3000);
    assert_eq!(g.host.pile_names(P1, DISCARDS), ["x"]);
}

#[test]
fn discard_each_player_in_turn_and_collects_every_card() {
    let mut g = Game::new("action = discard() target(players); hp(discarded.size)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.host.cards(&["m1", "m2"], ACTION, P0, HAND);
    g.host.cards(&["o1", "o2"], ACTION, P1, HAND);
    let exec = suspended(g.activate(src, P0));
    let exec = suspended(g.answer_cards(exec, &["m2"]));
    assert_eq!(done(g.answer_cards(exec, &["o1"])), Completion::Success);
    assert_eq!(g.host.pile_names(P0, HAND), ["m1"]);
    assert_eq!(g.host.pile_names(P1, HAND), ["o2"]);
    assert_eq!(g.host.player(P0).hp, 3002, "discarded holds both players' cards (FIX of B-48)");
}

#[test]
fn random_discard_filter_and_rnd_discard() {
    let mut g = Game::new("action = discard(<r>) target(opp); rndDiscard(2) target(me); hp(discarded.size)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.host.cards(&["m1", "m2", "m3"], ACTION, P0, HAND);
    g.host.cards(&["o1", "o2"], ACTION, P1, HAND);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P1, HAND).len(), 1);
    assert_eq!(g.host.pile_names(P0, HAND).len(), 1);
    assert_eq!(g.host.player(P0).hp, 3002, "discarded: rndDiscard's two cards");
    let mut g = Game::new("action = rndDiscard() || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3001, "empty hand: failure");
}

#[test]
fn draw_moves_from_the_top_of_the_deck_and_fails_on_an_empty_deck() {
    let mut g = Game::new("action = draw(2); draw() target(opp) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.host.cards(&["d1", "d2", "d3"], ACTION, P0, DECK);
    g.run(src, P0);
    assert_eq!(g.host.pile_names(P0, HAND), ["d1", "d2"]);
    assert_eq!(g.host.pile_names(P0, DECK), ["d3"]);
    assert_eq!(g.host.player(P1).hp, 3001, "the opponent's empty deck: failure (`||` acts on the same target)");
}

#[test]
fn draw_inside_each() {
    let mut g = Game::new("action = each(card in me.ring => draw())");
    let src = g.host.character("A", P0, 0, 500);
    g.host.character("B", P0, 1, 500);
    g.host.cards(&["d1", "d2", "d3"], ACTION, P0, DECK);
    g.run(src, P0);
    assert_eq!(g.host.pile_names(P0, HAND), ["d1", "d2"]);
}

#[test]
fn move_to_positions_reveal_and_moved() {
    let mut g = Game::new("action = moveTo(deck, -1, true) target(*@hand); hp(moved.size)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.host.cards(&["h1"], ACTION, P0, HAND);
    g.host.cards(&["d1", "d2"], ACTION, P0, DECK);
    g.run(src, P0);
    assert_eq!(g.host.pile_names(P0, DECK), ["d1", "d2", "h1"]);
    assert_eq!(g.log().iter().filter(|l| l.starts_with("reveal h1")).count(), 1);
    assert_eq!(g.host.player(P0).hp, 3001);

    let mut g = Game::new("action = moveTo(oppHand, false) target(characters@myRing)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.host.character("Gift", P0, 0, 500);
    g.run(src, P0);
    assert_eq!(g.host.pile_names(P1, HAND), ["Gift"]);
    assert_eq!(g.host.card_ref("Gift").controller, P1, "control changes with the pile");
}

#[test]
fn move_to_ctrl_pile_and_asked_position() {
    let mut g = Game::new("action = moveTo(ctrlDeck, ?) target(characters)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.host.character("Mine", P0, 0, 500);
    g.host.character("Theirs", P1, 0, 500);
    g.host.cards(&["d"], ACTION, P1, DECK);
    let exec = suspended(g.activate(src, P0));
    assert_eq!(exec.candidates(), &[Value::Int(0), Value::Int(-1)]);
    assert_eq!(done(g.answer(exec, &[Value::Int(-1)])), Completion::Success);
    assert_eq!(g.host.pile_names(P0, DECK), ["Mine"]);
    assert_eq!(g.host.pile_names(P1, DECK), ["d", "Theirs"]);
}

#[test]
fn move_to_with_nothing_moved_fails() {
    let mut g = Game::new("action = moveTo(hand) target?(*@discards) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3001);
}

#[test]
fn move_revealed_to_moves_the_cards_above_the_target() {
    let mut g = Game::new("action = moveRevealedTo(ctrlDeck, -1) target(<1>character@oppDeck)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.host.cards(&["a1", "a2"], ACTION, P1, DECK);
    g.host.card("Hit", CHARACTER, P1, DECK);
    g.host.card("a3", ACTION, P1, DECK);
    g.run(src, P0);
    assert_eq!(g.host.pile_names(P1, DECK), ["Hit", "a3", "a1", "a2"]);
}

#[test]
fn move_revealed_to_without_card_target_takes_the_whole_deck_and_fails_when_empty() {
    let mut g = Game::new("action = moveRevealedTo(discards) && hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["d1", "d2"], ACTION, P0, DECK);
    g.run(src, P0);
    assert_eq!(g.host.pile_names(P0, DISCARDS), ["d1", "d2"]);
    assert_eq!(g.host.player(P0).hp, 3001);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3001, "empty deck: failure");
}

#[test]
fn move_pile_and_swap_piles() {
    let mut g = Game::new("action = movePile(discards, deck) && hp(+1); movePile(removed, deck) || hp(+10)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["x1", "x2"], ACTION, P0, DISCARDS);
    g.host.cards(&["d1"], ACTION, P0, DECK);
    g.run(src, P0);
    assert_eq!(g.host.pile_names(P0, DECK), ["x1", "x2", "d1"]);
    assert_eq!(g.host.player(P0).hp, 3011);

    let mut g = Game::new("action = swapPiles(deck, discards)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["x1", "x2"], ACTION, P0, DISCARDS);
    g.host.cards(&["d1"], ACTION, P0, DECK);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, DECK), ["x1", "x2"]);
    assert_eq!(g.host.pile_names(P0, DISCARDS), ["d1"]);
}

#[test]
fn trash_binds_trashed_and_fails_on_empty_deck() {
    let mut g = Game::new("action = trash(2) target(opp); hp(trashed.size); trash() || hp(+10)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["d1", "d2", "d3"], ACTION, P1, DECK);
    g.run(src, P0);
    assert_eq!(g.host.pile_names(P1, DECK), ["d3"]);
    assert_eq!(g.host.pile_names(P1, DISCARDS), ["d2", "d1"]);
    assert_eq!(g.host.player(P0).hp, 3012);
}

#[test]
fn shuffle_by_prefix_or_target() {
    let mut g = Game::new("action = shuffle(); shuffle(oppDeck); shuffle(discards) target(opp)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["a", "b", "c", "d"], ACTION, P0, DECK);
    assert_eq!(g.run(src, P0), Completion::Success);
    let log: Vec<String> = g.log().into_iter().filter(|l| l.starts_with("shuffle")).collect();
    assert_eq!(log, ["shuffle p0.deck", "shuffle p1.deck", "shuffle p1.discards"]);
    let mut deck = g.host.pile_names(P0, DECK);
    deck.sort();
    assert_eq!(deck, ["a", "b", "c", "d"]);
}

#[test]
fn shuffle_optional_asks_for_confirmation() {
    let mut g = Game::new("action = shuffle?()");
    let src = g.host.card("Src", ACTION, P0, HAND);
    let exec = suspended(g.activate(src, P0));
    assert!(matches!(exec.request().kind, RequestKind::Confirm(_)));
    assert_eq!(done(g.answer(exec, &[Value::Bool(true)])), Completion::Success);
    assert_eq!(g.log().iter().filter(|l| l.starts_with("shuffle")).count(), 1);
}

#[test]
fn prophecy_orders_the_top_cards() {
    let mut g = Game::new("action = prophecy(3, top)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["a", "b", "c", "d"], ACTION, P0, DECK);
    let exec = suspended(g.activate(src, P0));
    assert_eq!(exec.candidates().len(), 3);
    assert_eq!(done(g.answer_cards(exec, &["b", "c", "a"])), Completion::Success);
    assert_eq!(g.host.pile_names(P0, DECK), ["a", "c", "b", "d"], "the last picked ends on top");
}

#[test]
fn prophecy_asks_the_destination_when_not_written() {
    let mut g = Game::new("action = prophecy(2)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["a", "b", "c"], ACTION, P0, DECK);
    let exec = suspended(g.activate(src, P0));
    assert_eq!(exec.candidates(), &[Value::Int(0), Value::Int(1)]);
    let exec = suspended(g.answer(exec, &[Value::Int(1)]));
    assert_eq!(done(g.answer_cards(exec, &["b", "a"])), Completion::Success);
    assert_eq!(g.host.pile_names(P0, DECK), ["c", "b", "a"]);
}

#[test]
fn prophecy_on_an_empty_deck_fails() {
    let mut g = Game::new("action = prophecy(2, top) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3001);
}

#[test]
fn reveal_cards_or_a_pile() {
    let mut g = Game::new("action = reveal() target(*@myHand); reveal(hand) target(players); reveal() || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.host.cards(&["h1", "h2"], ACTION, P0, HAND);
    g.host.cards(&["o1"], ACTION, P1, HAND);
    let exec = suspended(g.activate(src, P0));
    assert_eq!(done(g.answer_cards(exec, &["h2"])), Completion::Success);
    let log: Vec<String> = g.log().into_iter().filter(|l| l.starts_with("reveal") || l.starts_with("show")).collect();
    assert_eq!(log, ["reveal h2 to all", "show p0.hand to p1", "show p1.hand to p0"]);
    assert_eq!(g.host.player(P0).hp, 3001, "reveal() on the default player target reveals no card: failure");
}

#[test]
fn peek_shows_the_opponents_hand() {
    let mut g = Game::new("action = peek()");
    let src = g.host.card("Src", ACTION, P0, HAND);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.log(), ["show p1.hand to p0"]);
}

#[test]
fn move_to_removed_pile() {
    let mut g = Game::new("action = moveTo(removed) target(*s@discards)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["x", "y"], ACTION, P0, DISCARDS);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, REMOVED).len(), 2);
}

#[test]
fn a_cancelled_prophecy_leaves_the_pile_unchanged() {
    let mut g = Game::new("action = prophecy(2, bottom)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.cards(&["a", "b", "c"], ACTION, P0, DECK);
    let exec = suspended(g.activate(src, P0));
    g.runtime.cancel(exec);
    assert_eq!(g.host.pile_names(P0, DECK), ["a", "b", "c"]);
}

/// `char`, `action` and `reaction` inside `X in L` test the element's card type (Fellowship,
/// Hayato, Scan, Lunch rush): the body runs once per element that passes.
#[test]
fn each_over_a_card_type_test_runs_once_per_matching_element() {
    let mut g = Game::new(
        "action = trash(4) & each(char in trashed => sp(+1)); each(action in me.hand => hp(+1)); \
         each(reaction in me.hand => hp(+10))",
    );
    let src = g.host.card("Fellowship", ACTION, P0, HAND);
    g.host.cards(&["c1"], CHARACTER, P0, DECK);
    g.host.cards(&["a1"], ACTION, P0, DECK);
    g.host.cards(&["c2"], CHARACTER, P0, DECK);
    g.host.cards(&["r1"], REACTION, P0, DECK);
    g.host.cards(&["h1"], ACTION, P0, HAND);
    g.host.cards(&["h2"], REACTION, P0, HAND);
    let (hand_actions, hand_reactions) = {
        let hand = &g.host.player(P0).piles[0];
        let count = |ty| hand.iter().filter(|&&card| g.host.card_ref(g.host.name(card)).ty == ty).count() as i32;
        (count(ACTION), count(REACTION))
    };
    let (hp_before, sp_before) = (g.host.player(P0).hp, g.host.player(P0).sp);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, DECK), Vec::<String>::new());
    assert_eq!(g.host.player(P0).sp, sp_before + 2, "one SP per character trashed");
    assert_eq!(g.host.player(P0).hp, hp_before + hand_actions + 10 * hand_reactions);
}

/// Spec §3.8: `draw(v)` draws fewer when the deck runs out, and that is no failure; only
/// an empty deck fails.
#[test]
fn a_partial_draw_takes_what_is_left_and_succeeds() {
    let mut g = Game::new("action = draw(3) || hp(+1); draw() || hp(+10)");
    let src = g.host.card("Src", ACTION, P0, DISCARDS);
    g.host.cards(&["d1", "d2"], ACTION, P0, DECK);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, HAND), ["d1", "d2"]);
    assert!(g.host.pile_names(P0, DECK).is_empty());
    assert_eq!(g.host.player(P0).hp, 3010, "the partial draw succeeded, the draw from an empty deck failed");
}
