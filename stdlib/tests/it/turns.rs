//! `turns`, `skip`, `playExtraChar`, `unite`, `removeFromAttack`, `freeze`, `unfreeze`,
//! `clear`, `swapChars`, `moveToSlot`, `pileView`, `activate`.

use stdlib::host::AttackRole;
use stdlib::names::HAND;
use vm::bytecode::CardIdx;
use vm::runtime::{Completion, Value};

use crate::support::*;

#[test]
fn turns_skip_and_play_extra_char() {
    let mut g = Game::new("action = turns(+1); skip(draw) target(opp); playExtraChar()");
    let src = g.host.card("Src", ACTION, P0, HAND);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.player(P0).extra_turns, 1);
    assert_eq!(g.host.player(P1).skips, [1]);
    assert_eq!(g.host.player(P0).char_plays, 1);
}

#[test]
fn skip_without_player_target_fails() {
    let mut g = Game::new("action = skip(draw) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3001);
}

#[test]
fn freeze_toggle_and_unfreeze() {
    let mut g = Game::new("action = freeze() target(characters@oppRing); freeze(toggle) target(characters@myRing)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("Foe", P1, 0, 500);
    g.host.character("Mine", P0, 0, 500);
    g.host.character("Mine2", P0, 1, 500);
    g.host.card_mut("Mine2").frozen = true;
    g.run(src, P0);
    assert!(g.host.card_ref("Foe").frozen);
    assert!(g.host.card_ref("Mine").frozen);
    assert!(!g.host.card_ref("Mine2").frozen);
    let mut g = Game::new("action = unfreeze() target(characters[frozen]@ring)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("Ice", P0, 0, 500);
    g.host.card_mut("Ice").frozen = true;
    assert_eq!(g.run(src, P0), Completion::Success);
    assert!(!g.host.card_ref("Ice").frozen);
}

#[test]
fn freeze_without_character_fails() {
    let mut g = Game::new("action = freeze() target(me) || hp(+1); unfreeze() target(me) || hp(+10)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3011);
}

#[test]
fn unite_and_remove_from_attack() {
    let mut g = Game::new("action = unite() target(characters@oppRing)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("A", P1, 0, 500);
    g.host.character("B", P1, 1, 500);
    g.host.character("C", P1, 2, 500);
    g.host.card_mut("A").attack = AttackRole::Leader;
    g.host.card_mut("B").attack = AttackRole::Leader;
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.card_ref("B").attack, AttackRole::Joiner);
    assert_eq!(g.host.card_ref("C").attack, AttackRole::None, "not attacking: left out");
    let mut g = Game::new("action = unite() target(characters@oppRing) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("A", P1, 0, 500);
    g.host.card_mut("A").attack = AttackRole::Leader;
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3001, "one attacker: failure");

    let mut g = Game::new("action = removeFromAttack() target(characters@oppRing) && hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("A", P1, 0, 500);
    g.host.card_mut("A").attack = AttackRole::Leader;
    g.run(src, P0);
    assert_eq!(g.host.card_ref("A").attack, AttackRole::None);
    assert_eq!(g.host.player(P0).hp, 3001);
}

#[test]
fn clear_keeps_the_source_ready() {
    let mut g = Game::new("action = clear()");
    let me = g.host.character("Clone", P0, 0, 500);
    g.run(me, P0);
    assert!(g.host.card_ref("Clone").keep_ready);
}

#[test]
fn swap_chars_exchanges_slots() {
    let mut g = Game::new("action = swapChars() target(<2>characters@myRing)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("A", P0, 0, 500);
    g.host.character("B", P0, 3, 500);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.ring_names(P0), ["B", "-", "-", "A"]);
}

#[test]
fn move_to_slot_asks_for_an_empty_slot() {
    let mut g = Game::new("action = moveToSlot() target(characters@myRing)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("A", P0, 0, 500);
    g.host.character("B", P0, 1, 500);
    let exec = suspended(g.activate(src, P0));
    assert_eq!(exec.candidates(), &[Value::Int(2), Value::Int(3)]);
    assert_eq!(done(g.answer(exec, &[Value::Int(3)])), Completion::Success);
    assert_eq!(g.host.ring_names(P0), ["-", "B", "-", "A"]);
}

#[test]
fn move_to_slot_fails_on_a_full_ring() {
    let mut g = Game::new("action = moveToSlot() target(character@myRing) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    for (i, name) in ["A", "B", "C", "D"].iter().enumerate() {
        g.host.character(name, P0, i as u8, 500);
    }
    let exec = suspended(g.activate(src, P0));
    assert_eq!(done(g.answer_cards(exec, &["A"])), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3001);
}

#[test]
fn pile_view_changes_the_view() {
    let mut g = Game::new("action = pileView(removed, expanded)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.log(), ["view p0.removed expanded"]);
}

#[test]
fn activate_queues_the_activation_of_the_cards_ability() {
    let mut g = Game::new("action = activate(tgt.0)\ntarget = <1>character@oppRing");
    let src = g.host.card("Emulate", ACTION, P0, HAND);
    let foe = g.host.character("Foe", P1, 0, 500);
    g.host.cards[foe.0 as usize].rules = Some(CardIdx(5));
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.activations, [(src, CardIdx(5), P0)]);
    let mut g = Game::new("action = activate(tgt.0) || hp(+1)\ntarget = <1>character@oppRing");
    let src = g.host.card("Emulate", ACTION, P0, HAND);
    g.host.character("Foe", P1, 0, 500);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3001, "no ability: failure (hp: card targets default to the controller)");
}

/// `swapChars` needs two target characters: with one it fails and moves nothing.
#[test]
fn swap_chars_fails_with_one_character() {
    let mut g = Game::new("action = swapChars() target(characters@myRing) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("A", P0, 2, 500);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.ring_names(P0), ["-", "-", "A", "-"]);
    assert_eq!(g.host.player(P0).hp, 3001, "failure: `||` ran");
}
