//! `bp`, `sp`, `hp`, `damage`, `loseLife`.

use stdlib::names::HAND;
use vm::runtime::{Completion, Failure};

use crate::support::*;

#[test]
fn damage_to_opposing_characters_floors_their_bp() {
    let mut g = Game::new("action = damage(300) to(characters@oppRing)");
    let src = g.host.card("Blast", ACTION, P0, HAND);
    g.host.character("Ryu", P1, 0, 500);
    g.host.character("Ken", P1, 1, 200);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.card_ref("Ryu").bp, 200);
    assert_eq!(g.host.card_ref("Ken").bp, 0);
    assert_eq!(g.log(), ["set Ryu.bp = 200", "set Ken.bp = 0"]);
}

#[test]
fn damage_to_a_player_marks_nc_damaged_and_a_lethal_one_defeats() {
    let mut g = Game::new("action = damage(500) to(opp)");
    let src = g.host.card("Blast", ACTION, P0, HAND);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.player(P1).hp, 2500);
    assert!(g.host.player(P1).nc_damaged);
    g.host.player_mut(P1).hp = 400;
    g.run(src, P0);
    assert_eq!(g.host.player(P1).hp, 0);
    assert!(g.host.player(P1).defeated);
}

#[test]
fn damage_without_target_fails_so_and_stops_and_or_continues() {
    // No opposing character: the statement target is optional, damage has no target.
    let mut g = Game::new(
        "action = damage(300) to?(characters@oppRing) && draw(); damage(300) to?(characters@oppRing) || hp(+100)",
    );
    let src = g.host.card("Blast", ACTION, P0, HAND);
    g.host.card("Deck1", ACTION, P0, stdlib::names::DECK);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, HAND), ["Blast"], "draw skipped after the failed damage");
    assert_eq!(g.host.player(P0).hp, 3100, "`||` ran hp after the failed damage");
}

#[test]
fn before_damage_autos_adjust_only_this_damage() {
    // card0: the damage action; card1: a `beforeDamage` auto adding 100.
    let mut g = Game::with(&["action = damage(300) to(opp)", "auto = ~anyBeforeDamage~ modDamage(+100)"]);
    let src = g.host.card("Blast", ACTION, P0, HAND);
    let booster = g.host.character("Booster", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, booster, vm::bytecode::CardIdx(1)).unwrap();
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.player(P1).hp, 2600, "300 + 100");
    assert!(g.host.windows.is_empty(), "the window closed");
    assert!(g.log().contains(&"adjust Damage 100".to_owned()));
}

/// Kain: `~anyBeforeDamage:action~` adds only to damage whose source is an action card
/// (the suffix is the implicit condition `isAction(trigger)`).
#[test]
fn event_suffix_action_tests_the_trigger() {
    let mut g = Game::with(&[
        "action = damage(300) to(opp)",
        "auto = ~anyBeforeDamage:action~ modDamage(+100)",
        "action = damage(300) to(opp)",
    ]);
    let kain = g.host.character("Kain", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, kain, vm::bytecode::CardIdx(1)).unwrap();
    let blast = g.host.card("Blast", ACTION, P0, HAND);
    assert_eq!(g.run(blast, P0), Completion::Success);
    assert_eq!(g.host.player(P1).hp, 2600, "an action's damage: 300 + 100");
    // A reaction's damage also dispatches `beforeDamage`, but its trigger is no action.
    let counter = g.host.card("Counter", REACTION, P0, HAND);
    g.host.card_mut("Counter").rules = Some(vm::bytecode::CardIdx(2));
    assert_eq!(g.run(counter, P0), Completion::Success);
    assert_eq!(g.host.player(P1).hp, 2300, "a reaction's damage: 300 only");
}

#[test]
fn bp_adds_multiplies_and_sets_rounded() {
    let mut g = Game::new("action = bp(+300); bp(x2); bp(=449) to(characters@oppRing); bp(-5000) to(character@myRing)");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.character("Foe", P1, 0, 800);
    let outcome = g.activate(me, P0);
    // `character@myRing` (singular) with one candidate: no question.
    assert_eq!(done(outcome), Completion::Success);
    assert_eq!(g.host.card_ref("Foe").bp, 400, "=449 rounds to 400");
    assert_eq!(g.host.card_ref("Me").bp, 0, "(500+300)*2 - 5000 floors at 0");
}

#[test]
fn bp_on_no_character_fails() {
    let mut g = Game::new("action = bp(+300) to(me) || hp(+1)");
    let src = g.host.card("Pump", ACTION, P0, HAND);
    assert_eq!(g.run(src, P0), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3001);
}

#[test]
fn sp_adds_floors_and_accumulates_lost_sp() {
    let mut g = Game::new("action = sp(-3); sp(-20); sp(+4) to(opp); sp(=7) to(opp)");
    let src = g.host.card("Drain", ACTION, P0, HAND);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).sp, 0);
    assert_eq!(g.host.player(P0).lost_sp, 10, "3 then 7 (floor 0)");
    assert_eq!(g.host.player(P1).sp, 7);
}

#[test]
fn sp_takes_an_expression() {
    let mut g = Game::new("action = sp(me.hp / 1000)");
    let src = g.host.card("Count", ACTION, P0, HAND);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).sp, 13);
}

#[test]
fn hp_defaults_to_the_source_controller_and_floors() {
    let mut g = Game::new("action = hp(+500); hp(-9999) to(opp)");
    let me = g.host.character("Healer", P0, 0, 500);
    g.run(me, P0);
    assert_eq!(g.host.player(P0).hp, 3500);
    assert_eq!(g.host.player(P1).hp, 0);
    assert!(g.host.player(P1).defeated, "shared HP primitive: loss at 0 (FIX of B-43)");
}

#[test]
fn lose_life_is_not_damage() {
    let mut g = Game::with(&["action = loseLife(300) to(me)", "auto = ~anyBeforeDamage~ modDamage(+100)"]);
    let src = g.host.card("Pact", ACTION, P0, HAND);
    let booster = g.host.character("Booster", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, booster, vm::bytecode::CardIdx(1)).unwrap();
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 2700);
    assert!(!g.host.player(P0).nc_damaged);
}

#[test]
fn each_body_runs_per_element() {
    let mut g = Game::new("action = each(card in opp.hand => hp(+100))");
    let src = g.host.card("Count", ACTION, P0, HAND);
    g.host.cards(&["a", "b", "c"], ACTION, P1, HAND);
    g.run(src, P0);
    assert_eq!(g.host.player(P0).hp, 3300);
}

#[test]
fn no_target_for_a_required_target_fails_the_statement() {
    let mut g = Game::new("action = damage(300) to(characters@oppRing)");
    let src = g.host.card("Blast", ACTION, P0, HAND);
    assert_eq!(g.run(src, P0), Completion::Failure(Failure::NoTargets));
}
