//! `enableRule`, `disableRule`, `modRule`, `alterCost`, `modCost`, `modDamage`, and the
//! restriction timers ending exactly the effects they bound.

use stdlib::host::{CostChange, Modifier, RuleValue, Window};
use stdlib::names::HAND;
use vm::bytecode::{CardIdx, RestrictionIdx};
use vm::runtime::{Completion, Event};

use crate::support::*;

const UEOT: RestrictionIdx = RestrictionIdx(0);
const UYNT: RestrictionIdx = RestrictionIdx(2);

fn rules(host: &RecordingBoard) -> Vec<String> {
    host.modifiers.iter().map(|(_, m)| describe(m)).collect()
}

#[test]
fn disable_and_enable_rule_until_end_of_turn() {
    let mut g = Game::new("action = disableRule(backup_limit) & enableRule(backup_fresh) ueot; hp(+1)");
    let src = g.host.card("Activate!", ACTION, P0, HAND);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(rules(&g.host), ["rule backup_limit Bool(false) all", "rule backup_fresh Bool(true) all"]);
    assert_eq!(g.runtime.effects().len(), 2);
    g.runtime.expire(&mut g.host, UYNT, P0);
    assert_eq!(g.host.modifiers.len(), 2, "another timer ends nothing");
    g.runtime.expire(&mut g.host, UEOT, P1);
    assert_eq!(g.host.modifiers.len(), 2, "the opponent's Cleanup ends nothing");
    g.runtime.expire(&mut g.host, UEOT, P0);
    assert!(g.host.modifiers.is_empty());
    assert!(g.runtime.effects().is_empty());
}

#[test]
fn opp_restriction_ends_at_the_opponents_cleanup() {
    let mut g = Game::new("action = enableRule(play_removed) target(me) oppueot");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.run(src, P0);
    assert_eq!(rules(&g.host), ["rule play_removed Bool(true) p0"]);
    g.runtime.expire(&mut g.host, UEOT, P0);
    assert_eq!(g.host.modifiers.len(), 1);
    g.runtime.expire(&mut g.host, UEOT, P1);
    assert!(g.host.modifiers.is_empty());
}

#[test]
fn a_rule_without_restriction_lasts_while_the_source_is_in_play_and_does_not_stack() {
    let mut g = Game::new("auto = enableRule(ab_trigger_fresh)");
    let me = g.host.character("Static", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, me, CardIdx(0)).unwrap();
    g.runtime.run_events(&mut g.host).unwrap();
    assert_eq!(rules(&g.host), ["rule ab_trigger_fresh Bool(true) all"]);
    // Re-initialising the card (B-35) records nothing more and does not toggle it off (B-46).
    g.runtime.leave_play(&mut g.host, me);
    assert!(g.host.modifiers.is_empty(), "leaving play ends it");
    g.runtime.enter_play(&mut g.host, me, CardIdx(0)).unwrap();
    g.runtime.run_events(&mut g.host).unwrap();
    assert_eq!(g.host.modifiers.len(), 1);
}

#[test]
fn the_same_switch_twice_from_one_source_is_set_once() {
    let mut g = Game::new("action = disableRule(attack) uynt");
    let src = g.host.character("Src", P0, 0, 500);
    g.run(src, P0);
    g.run(src, P0);
    assert_eq!(g.host.modifiers.len(), 1);
    g.runtime.expire(&mut g.host, UYNT, P0);
    assert!(g.host.modifiers.is_empty());
}

#[test]
fn mod_rule_sets_a_value() {
    let mut g = Game::new("auto = modRule(play_char_bp_limit, 800)");
    let me = g.host.character("Limit", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, me, CardIdx(0)).unwrap();
    g.runtime.run_events(&mut g.host).unwrap();
    assert!(matches!(g.host.modifiers[..], [(_, Modifier::Rule { value: RuleValue::Int(800), player: None, .. })]));
}

#[test]
fn alter_cost_records_cost_modifiers_until_the_timer() {
    let mut g = Game::new("action = alterCost(ua2, =0) & alterCost(ua3, =-5) ueot; alterCost(action, 2) ueot");
    let src = g.host.character("Tooptadon", P0, 0, 500);
    assert_eq!(g.run(src, P0), Completion::Success);
    let changes: Vec<_> = g.host.modifiers.iter().map(|(_, m)| *m).collect();
    assert_eq!(
        changes,
        [
            Modifier::Cost { cost_type: 3, change: CostChange::Set(0) },
            Modifier::Cost { cost_type: 4, change: CostChange::Set(-5) },
            Modifier::Cost { cost_type: 1, change: CostChange::Add(2) },
        ]
    );
    g.runtime.expire(&mut g.host, UEOT, P0);
    assert!(g.host.modifiers.is_empty());
}

#[test]
fn mod_cost_adjusts_the_payment_in_progress_only() {
    let mut g = Game::new("auto = ~anyBeforePayCostAction~ modCost(action, +2)");
    let me = g.host.character("Discount", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, me, CardIdx(0)).unwrap();
    g.runtime.run_events(&mut g.host).unwrap();
    let event = g.runtime.event_index("beforePayCostAction").unwrap();
    g.host.open_window(Window::Cost(1));
    g.runtime.emit(Event::new(event, P0));
    g.runtime.run_events(&mut g.host).unwrap();
    assert_eq!(g.host.close_window(Window::Cost(1)), 2);
    // Outside a payment the command fails.
    let mut g = Game::new("action = modCost(action, 2) || hp(+1); modDamage(100) || hp(+10)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3011);
}

use stdlib::host::CfcHost;

#[test]
fn granted_abilities_end_with_their_restriction() {
    let mut g = Game::new("action = {F}: +cantblock to(characters@oppRing) ueot");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.character("Foe", P1, 0, 500);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.abilities.len(), 1);
    g.runtime.expire(&mut g.host, UEOT, P0);
    assert!(g.host.abilities.is_empty());
    assert!(g.log().contains(&"ungrant Foe cantblock".to_owned()));
}
