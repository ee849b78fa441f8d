//! Statement control compiled from source and run on the real VM with the stdlib (spec
//! §3.4, §3.5, §3.10, §3.12): the verified chains of §3.5, `cmd?`, a command that never
//! fails before `||`, `[[may]]` declined, `[[if]]`/`[[elif]]`/`[[else]]`, `requisite`,
//! restriction timers for every prefix and controller, and hooks asked.
//!
//! Commands used as probes: `destroy()` from an action card in hand fails (nothing in
//! play to KO) and leaves no trace; `hp(+100)` (`ok`), `hp(+1)` (`a`), `hp(+10)` (`b`)
//! never fail, so the executing player's HP gain says exactly which of them ran.

use stdlib::names::HAND;
use vm::bytecode::{CardIdx, RestrictionIdx};
use vm::runtime::{Completion, Event, Failure, Outcome, TrapCode, Value};

use crate::support::*;

/// Runs `action = <chain>` from an action card in hand, answering a confirmation with
/// `confirm`; returns the HP the executing player gained.
fn hp_gained(chain: &str, confirm: bool) -> i32 {
    let mut g = Game::new(&format!("action = {chain}"));
    let src = g.host.card("Src", ACTION, P0, HAND);
    let mut outcome = g.activate(src, P0);
    while let Outcome::Suspended(exec) = outcome {
        outcome = g.answer(exec, &[Value::Bool(confirm)]);
    }
    assert_eq!(outcome.done(), Some(Completion::Success), "{chain}");
    g.host.player(P0).hp - 3000
}

#[test]
fn the_verified_chains_of_the_spec() {
    // (chain with fail/ok/a/b, confirmation answer, commands expected to run)
    let cases: &[(&str, bool, &[&str])] = &[
        ("fail || a & b", true, &["a", "b"]),
        ("ok || a & b", true, &["ok", "b"]),
        ("fail && a || b", true, &[]),
        ("ok && a || b", true, &["ok", "a"]),
        ("fail || a || b", true, &["a"]),
        ("ok || fail || b", true, &["ok"]),
        ("fail || ok && a", true, &["ok", "a"]),
        ("fail? || a", false, &[]),
        ("ok? && a", false, &["a"]),
        ("fail? || a", true, &["a"]),
        ("ok? && a", true, &["ok", "a"]),
    ];
    for &(text, confirm, expected) in cases {
        let chain = text
            .replace("fail?", "destroy?()")
            .replace("ok?", "hp?(+100)")
            .replace("fail", "destroy()")
            .replace("ok", "hp(+100)")
            .replace(" a", " hp(+1)")
            .replace(" b", " hp(+10)");
        let expected: i32 = expected
            .iter()
            .map(|&name| [("ok", 100), ("a", 1), ("b", 10)].iter().find(|p| p.0 == name).unwrap().1)
            .sum();
        assert_eq!(hp_gained(&chain, confirm), expected, "{text} (confirm: {confirm}) compiled as {chain}");
    }
}

/// `hp` never fails, so a `||` after it always skips its command; `destroy` can fail.
#[test]
fn a_command_that_never_fails_skips_the_next_or_else() {
    assert_eq!(hp_gained("hp(+100) || hp(+1)", true), 100);
    assert_eq!(hp_gained("sp(+1) || hp(+1) & hp(+10)", true), 10);
    assert_eq!(hp_gained("destroy() || hp(+1)", true), 1);
}

#[test]
fn declining_a_may_skips_only_its_statement() {
    for (yes, gained) in [(true, 11), (false, 10)] {
        let mut g = Game::new("action = [[may 'Heal?']] hp(+1); hp(+10)");
        let src = g.host.card("Src", ACTION, P0, HAND);
        let exec = suspended(g.activate(src, P0));
        assert_eq!(exec.request().kind, vm::runtime::RequestKind::May);
        assert_eq!(done(g.answer(exec, &[Value::Bool(yes)])), Completion::Success);
        assert_eq!(g.host.player(P0).hp, 3000 + gained, "may answered {yes}");
    }
}

#[test]
fn if_elif_else_runs_one_branch() {
    let card = "action = [[if me.sp == 1]] hp(+1) [[elif me.sp == 2]] hp(+10) [[else]] hp(+100); hp(+1000)";
    for (sp, gained) in [(1, 1001), (2, 1010), (3, 1100)] {
        let mut g = Game::new(card);
        g.host.player_mut(P0).sp = sp;
        let src = g.host.card("Src", ACTION, P0, HAND);
        assert_eq!(g.run(src, P0), Completion::Success);
        assert_eq!(g.host.player(P0).hp, 3000 + gained, "sp = {sp}");
    }
    // The first statement's condition false without an else: no effect, after the cost.
    let mut g = Game::new("action = {F}: [[if me.sp == 99]] hp(+1); hp(+10)");
    let me = g.host.character("Me", P0, 0, 500);
    assert_eq!(g.run(me, P0), Completion::Failure(Failure::NoEffect));
    assert!(g.host.card_ref("Me").frozen, "the cost was paid");
    assert_eq!(g.host.player(P0).hp, 3000);
}

/// A requisite that matches nothing stops the activation before anything is paid.
#[test]
fn an_unmet_requisite_pays_and_does_nothing() {
    let card = "requisite = character<1>@oppRing\naction = {F}: hp(+1)";
    let mut g = Game::new(card);
    let me = g.host.character("Me", P0, 0, 500);
    assert_eq!(g.run(me, P0), Completion::Failure(Failure::RequisitesNotMet));
    assert!(!g.host.card_ref("Me").frozen, "nothing paid");
    assert_eq!(g.host.player(P0).hp, 3000);
    g.host.character("Foe", P1, 0, 500);
    assert!(g.runtime.requisites_met(&mut g.host, me, CardIdx(0), P0).unwrap());
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.player(P0).hp, 3001);
}

fn restriction(name: &str) -> RestrictionIdx {
    RestrictionIdx::new(stdlib::CATALOGUE.restrictions.iter().position(|r| r.name == name).unwrap())
}

/// Spec §3.10: timer `kind` fired in `active`'s turn ends the effects with that kind whose
/// controller is `active` (no prefix, or `my`) or is not (`opp`): every kind, prefix and
/// controller, compiled.
#[test]
fn restriction_timers_end_exactly_what_they_bound() {
    for kind in ["ueot", "unac", "uynt"] {
        for prefix in ["", "my", "opp"] {
            for controller in [P0, P1] {
                for active in [P0, P1] {
                    let card = format!("action = +rush {prefix}{kind}");
                    let mut g = Game::new(&card);
                    let me = g.host.character("Me", controller, 0, 500);
                    assert_eq!(g.run(me, controller), Completion::Success, "{card}");
                    assert_eq!(g.runtime.effects().len(), 1, "{card}");
                    for other in ["ueot", "unac", "uynt"].into_iter().filter(|&other| other != kind) {
                        g.runtime.expire(&mut g.host, restriction(other), active);
                        g.runtime.expire(&mut g.host, restriction(other), PlayerId(1 - active.0));
                    }
                    assert_eq!(g.runtime.effects().len(), 1, "{card}: another timer ended it");
                    g.runtime.expire(&mut g.host, restriction(kind), active);
                    let ends = (controller == active) != (prefix == "opp");
                    let what = format!("{card}, controller {controller:?}, {kind} in {active:?}'s turn");
                    assert_eq!(g.runtime.effects().is_empty(), ends, "{what}");
                    assert_eq!(g.host.abilities.is_empty(), ends, "{what}: the host was told");
                }
            }
        }
    }
}

use vm::runtime::PlayerId;

/// Two `canBlock` hooks asked about the same attacker (object event, `:any` suffix):
/// `first`'s card registered first.
fn ask_two_hooks(first: &str, second: &str) -> (Game, Result<Option<bool>, vm::runtime::Trap>) {
    let mut g = Game::with(&[first, second]);
    let one = g.host.character("One", P0, 0, 500);
    let two = g.host.character("Two", P0, 1, 500);
    let attacker = g.host.character("Attacker", P1, 0, 500);
    g.runtime.enter_play(&mut g.host, one, CardIdx(0)).unwrap();
    g.runtime.enter_play(&mut g.host, two, CardIdx(1)).unwrap();
    let can_block = g.runtime.event_index("canBlock").unwrap();
    let answer = g.runtime.ask(&mut g.host, Event::new(can_block, P0).with_object(Value::Card(attacker)));
    (g, answer)
}

/// Spec §3.12: the hooks run in registration order and the first "no" is the answer;
/// those after it do not run. A condition-only hook answers its condition; a hook with
/// commands answers yes once it ran.
#[test]
fn a_compiled_hook_is_asked_and_the_first_no_wins() {
    let (g, answer) = ask_two_hooks("auto = ?canBlock:any? [[if me.sp > 5]]", "auto = ?canBlock:any? hp(+10)");
    assert_eq!(answer.unwrap(), Some(true), "both answer yes");
    assert_eq!(g.host.player(P0).hp, 3010, "the second ran");
    let (g, answer) = ask_two_hooks("auto = ?canBlock:any? [[if me.sp > 50]]", "auto = ?canBlock:any? hp(+10)");
    assert_eq!(answer.unwrap(), Some(false), "the first says no");
    assert_eq!(g.host.player(P0).hp, 3000, "the second was not asked");
    let (g, answer) = ask_two_hooks("auto = ?canBlock:any? hp(+1)", "auto = ?canBlock:any? [[if me.sp > 50]]");
    assert_eq!(answer.unwrap(), Some(false), "the last answer examined");
    assert_eq!(g.host.player(P0).hp, 3001, "the first ran");
}

/// A hook is a question: it cannot stop to ask the player (that traps).
#[test]
fn a_compiled_hook_that_asks_the_player_traps() {
    let (_, answer) = ask_two_hooks("auto = ?canBlock:any? [[may]] hp(+1)", "auto = ?canBlock:any? hp(+10)");
    assert_eq!(answer.unwrap_err().code, TrapCode::SuspendInNestedEntry);
}
