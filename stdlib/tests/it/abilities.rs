//! `copyAbility`, `loseAbility`, `steal`, `swapAbilities`, `transform`.

use stdlib::names::{DISCARDS, HAND};
use vm::bytecode::CardIdx;
use vm::runtime::{Completion, Value};

use stdlib::host::CfcHost;

use crate::support::*;

#[test]
fn copy_ability_gives_the_targets_the_donors_rules() {
    let mut g = Game::new("action = copyAbility(prevTgt.0) to(characters@myRing)\ntarget = <1>character@oppRing");
    let src = g.host.card("Mimic", ACTION, P0, HAND);
    let mine = g.host.character("Mine", P0, 0, 500);
    let foe = g.host.character("Foe", P1, 0, 500);
    g.host.cards[foe.0 as usize].rules = Some(CardIdx(7));
    // One candidate for the rule target: nothing is asked.
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.rules(mine), Some(CardIdx(7)));
    assert_eq!(g.runtime.pending_events(), 1, "`powerless` queued for the receiver");
}

#[test]
fn copy_ability_fails_without_a_donor_ability() {
    let mut g =
        Game::new("action = copyAbility(prevTgt.0) to(characters@myRing) || hp(+1)\ntarget = <1>character@oppRing");
    let src = g.host.card("Mimic", ACTION, P0, HAND);
    g.host.character("Mine", P0, 0, 500);
    g.host.character("Foe", P1, 0, 500);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3001);
}

#[test]
fn copy_ability_defaults_to_the_source() {
    let mut g = Game::new("action = {D(character[powerful])}: copyAbility(discarded.0)");
    let me = g.host.character("Me", P0, 0, 500);
    let donor = g.host.card("Donor", CHARACTER, P0, HAND);
    g.host.cards[donor.0 as usize].rules = Some(CardIdx(3));
    g.host.card("Plain", CHARACTER, P0, HAND);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, DISCARDS), ["Donor"]);
    assert_eq!(g.host.rules(me), Some(CardIdx(3)));
}

#[test]
fn lose_ability_removes_rules_and_fails_without_any() {
    let mut g = Game::new(
        "action = loseAbility() target(characters[powerful]) && hp(+1); loseAbility() target(characters) || hp(+10)",
    );
    let src = g.host.card("Silence", ACTION, P0, HAND);
    let foe = g.host.character("Foe", P1, 0, 500);
    g.host.cards[foe.0 as usize].rules = Some(CardIdx(4));
    g.run(src, P0);
    assert_eq!(g.host.rules(foe), None);
    assert_eq!(g.host.player(P0).hp, 3011, "first succeeded, second found no ability");
}

#[test]
fn steal_moves_the_ability_to_the_source() {
    let mut g = Game::new("action = steal() target(character@infront)");
    let me = g.host.character("Thief", P0, 0, 500);
    g.host.cards[me.0 as usize].rules = Some(CardIdx(0));
    let foe = g.host.character("Foe", P1, 3, 500);
    g.host.cards[foe.0 as usize].rules = Some(CardIdx(9));
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.rules(foe), None);
    assert_eq!(g.host.rules(me), Some(CardIdx(9)));
}

#[test]
fn steal_with_a_receiver_filter_asks_for_it() {
    let mut g = Game::new("action = steal(character@myRing) target(characters[powerful]@oppRing)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("R1", P0, 0, 500);
    g.host.character("R2", P0, 1, 500);
    let foe = g.host.character("Foe", P1, 0, 500);
    g.host.cards[foe.0 as usize].rules = Some(CardIdx(9));
    let exec = suspended(g.activate(src, P0));
    assert_eq!(done(g.answer_cards(exec, &["R2"])), Completion::Success);
    assert_eq!(g.host.card_ref("R2").rules, Some(CardIdx(9)));
    assert_eq!(g.host.card_ref("R1").rules, None);
}

#[test]
fn swap_abilities_needs_two() {
    let mut g = Game::new("action = swapAbilities() target(characters[powerful]) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    let a = g.host.character("A", P0, 0, 500);
    g.host.cards[a.0 as usize].rules = Some(CardIdx(1));
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3001, "only one: failure (FIX of B-39)");
    let b = g.host.character("B", P1, 0, 500);
    g.host.cards[b.0 as usize].rules = Some(CardIdx(2));
    g.run(src, P0);
    assert_eq!(g.host.rules(a), Some(CardIdx(2)));
    assert_eq!(g.host.rules(b), Some(CardIdx(1)));
}

#[test]
fn transform_by_id_and_by_card() {
    let mut g = Game::new("action = transform(\"80d4-model\") target(characters@oppRing)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    let foe = g.host.character("Foe", P1, 0, 500);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.name(foe), "80d4-model");
    assert_eq!(g.runtime.pending_events(), 1, "`removed` for the old card");

    let mut g = Game::new("action = {D(action)}: transform(discarded.0) target(characters@myRing)");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.card("Frog", ACTION, P0, HAND);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.name(me), "Frog");
}

#[test]
fn transform_without_target_fails() {
    let mut g = Game::new("action = transform(\"x\") target?(characters@oppRing) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3001);
}

#[test]
fn granted_keywords_answer_their_hooks_until_they_end() {
    use stdlib::keywords::{Ability, has_ability, hook_answer};
    let mut g = Game::new("action = +unblockable & +pierce to(characters@myRing) ueot");
    let src = g.host.card("Src", ACTION, P0, HAND);
    let a = g.host.character("A", P0, 0, 500);
    assert_eq!(g.run(src, P0), Completion::Success);
    let can_block = g.runtime.event_index("canBlock").unwrap();
    let before_block = g.runtime.event_index("beforeBlock").unwrap();
    assert_eq!(hook_answer(g.runtime.effects(), can_block, Value::Card(a)), Some(false));
    assert_eq!(hook_answer(g.runtime.effects(), before_block, Value::Card(a)), None);
    assert!(has_ability(g.runtime.effects(), Value::Card(a), Ability::Pierce));
    g.runtime.expire(&mut g.host, vm::bytecode::RestrictionIdx(0), P0);
    assert_eq!(hook_answer(g.runtime.effects(), can_block, Value::Card(a)), None);
    assert!(!has_ability(g.runtime.effects(), Value::Card(a), Ability::Pierce));
}

#[test]
fn permanent_keywords_last_while_the_card_is_in_play() {
    use stdlib::keywords::{Ability, has_ability};
    let mut g = Game::new("abilities = frosted");
    let me = g.host.character("Ice", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, me, CardIdx(0)).unwrap();
    assert!(has_ability(g.runtime.effects(), Value::Card(me), Ability::Frosted));
    g.runtime.leave_play(&mut g.host, me);
    assert!(!has_ability(g.runtime.effects(), Value::Card(me), Ability::Frosted));
}

/// `auto = ~myEndPhase~ [[may]] +rush` waits for its answer; the card leaves play; the
/// player answers yes.
fn may_rush_after_leaving(auto: &str) -> Game {
    let mut g = Game::new(auto);
    let me = g.host.character("Me", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, me, CardIdx(0)).unwrap();
    let end_phase = g.runtime.event_index("endPhase").unwrap();
    g.runtime.emit(vm::runtime::Event::new(end_phase, P0));
    let exec = suspended(g.runtime.run_events(&mut g.host).unwrap());
    g.runtime.leave_play(&mut g.host, me);
    assert_eq!(done(g.answer(exec, &[Value::Bool(true)])), Completion::Success);
    g
}

/// Issue 16, defect 8: an effect that lasts while its source is in play, granted after the
/// source left, is over before it begins; before the fix it was recorded and never ended.
#[test]
fn an_unrestricted_grant_after_the_source_left_play_is_not_recorded() {
    let g = may_rush_after_leaving("auto = ~myEndPhase~ [[may]] +rush");
    assert!(g.runtime.effects().is_empty(), "{:?}", g.runtime.effects());
    assert!(g.host.abilities.is_empty(), "nothing applied to the host");
}

/// The same when the effect asks twice and the source leaves play between the answers:
/// what counts is where the source was when the auto started, not at its last question.
#[test]
fn an_unrestricted_grant_after_a_second_question_is_not_recorded_either() {
    let mut g = Game::new("auto = ~myEndPhase~ [[may]] hp(+1); [[may]] +rush");
    let me = g.host.character("Me", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, me, CardIdx(0)).unwrap();
    let end_phase = g.runtime.event_index("endPhase").unwrap();
    g.runtime.emit(vm::runtime::Event::new(end_phase, P0));
    let first = suspended(g.runtime.run_events(&mut g.host).unwrap());
    g.runtime.leave_play(&mut g.host, me);
    let second = suspended(g.answer(first, &[Value::Bool(true)]));
    assert_eq!(done(g.answer(second, &[Value::Bool(true)])), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3001, "the first statement ran");
    assert!(g.runtime.effects().is_empty(), "{:?}", g.runtime.effects());
}

/// A restricted effect outlives its source (spec §3.10): granted after the source left, it
/// is recorded and ends with its timer.
#[test]
fn a_restricted_grant_after_the_source_left_play_lasts_until_its_timer() {
    let mut g = may_rush_after_leaving("auto = ~myEndPhase~ [[may]] +rush ueot");
    assert_eq!(g.runtime.effects().len(), 1);
    let ueot = stdlib::CATALOGUE.restrictions.iter().position(|r| r.name == "ueot").unwrap();
    g.runtime.expire(&mut g.host, vm::bytecode::RestrictionIdx::new(ueot), P0);
    assert!(g.runtime.effects().is_empty());
}

/// While the source stays in play the same answer grants the ability.
#[test]
fn an_unrestricted_grant_while_the_source_is_in_play_is_recorded() {
    let mut g = Game::new("auto = ~myEndPhase~ [[may]] +rush");
    let me = g.host.character("Me", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, me, CardIdx(0)).unwrap();
    let end_phase = g.runtime.event_index("endPhase").unwrap();
    g.runtime.emit(vm::runtime::Event::new(end_phase, P0));
    let exec = suspended(g.runtime.run_events(&mut g.host).unwrap());
    assert_eq!(done(g.answer(exec, &[Value::Bool(true)])), Completion::Success);
    assert_eq!(g.runtime.effects().len(), 1);
    g.runtime.leave_play(&mut g.host, me);
    assert!(g.runtime.effects().is_empty(), "it ends when the source leaves");
}

/// `steal` fails, changing nothing, when no target has an ability or the receiver is
/// not a character; `||` then runs.
#[test]
fn steal_fails_without_an_ability_or_a_character_receiver() {
    let mut g = Game::new("action = steal() target(character@infront) || hp(+1)");
    let me = g.host.character("Thief", P0, 0, 500);
    g.host.cards[me.0 as usize].rules = Some(CardIdx(0));
    g.host.character("Plain", P1, 3, 500);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3001, "no ability to steal: failure");
    assert_eq!(g.host.rules(me), Some(CardIdx(0)), "the thief keeps its own");

    // The receiver defaults to the source: an action card is no character.
    let mut g = Game::new("action = steal() target(characters@oppRing) || hp(+1)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    let foe = g.host.character("Foe", P1, 0, 500);
    g.host.cards[foe.0 as usize].rules = Some(CardIdx(9));
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3001, "no character receiver: failure");
    assert_eq!(g.host.rules(foe), Some(CardIdx(9)), "the victim keeps its ability");
}
