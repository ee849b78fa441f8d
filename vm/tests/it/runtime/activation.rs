//! The activation pipeline (spec §3.3 with the FIX of B-28): requisites → rule target →
//! choice of action → vars → every cost component checked → every component paid →
//! statements.

use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

fn statement(code: &mut CodeBuilder, text: &str) {
    chain(code, text);
}

struct Spec {
    requisite: bool,
    target: Option<bool>,
    actions: Vec<(&'static str, Vec<Cost>)>,
    vars: bool,
}

/// A card: optional requisite `character@oppRing`, optional rule target `<1>character@oppRing`
/// (`target?` when the flag is true), actions running the chains given, optional vars
/// entry storing `abs(-5)` in L0 that the first action's `damage(L0)` reads.
fn build(spec: Spec) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut card = Card::new(bundle.intern("card"));
    if spec.requisite {
        card.requisites.push(bundle.add_filter(filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING))));
    }
    if let Some(optional) = spec.target {
        let mut f = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
        f.qty = Some(Qty::Exact(1));
        card.target = Some(RuleTarget { optional, filters: vec![bundle.add_filter(f)] });
    }
    if spec.vars {
        let mut code = CodeBuilder::new();
        code.emit(Instr::LoadInt { a: Reg(1), imm: -5 });
        code.emit(Instr::CallFn { a: Reg(0), func: FunctionIdx(1), base: Reg(1), argc: 1 });
        code.emit(Instr::StoreLocal { slot: Local(0), b: Reg(0) });
        code.emit(Instr::Return {});
        card.vars = Some(bundle.add_entry(code));
    }
    for (i, (text, costs)) in spec.actions.into_iter().enumerate() {
        let mut code = CodeBuilder::new();
        if spec.vars && i == 0 {
            code.emit(Instr::LoadLocal { a: Reg(0), slot: Local(0) });
            code.emit(Instr::Call { cmd: CommandIdx::new(DAMAGE), base: Reg(0), argc: 1 });
            code.emit(Instr::EndStatement {});
        }
        statement(&mut code, text);
        code.emit(Instr::Return {});
        let entry = bundle.add_entry(code);
        let label = bundle.intern(text);
        card.actions.push(Action { label: Some(label), costs, entry });
    }
    bundle.add_card(card, "card.rules");
    load(bundle)
}

/// The runtime of the card `spec` describes, and a host holding only its source.
fn runtime_and_source(spec: Spec) -> (Runtime<TestHost>, TestHost, CardId) {
    let (host, source) = host_with_source();
    (runtime(build(spec)), host, source)
}

fn cost(idx: u32, count: Option<u32>) -> Cost {
    Cost { cost: CostIdx(idx), count, filter: None }
}

fn simple(actions: Vec<(&'static str, Vec<Cost>)>) -> Spec {
    Spec { requisite: false, target: None, actions, vars: false }
}

/// A card with nothing before its cost (no requisite, rule target or vars, one action)
/// starts its activation at the cost check, and pays for the four stages it passes over
/// as the pipeline walking them does: seven stage steps (four passed over, two for the
/// cost check, one into the payment), two more to the body, its start and one call; a
/// trial stops at the payment.
#[test]
fn an_activation_that_starts_at_its_costs_pays_for_the_stages_before_them() {
    let (mut rt, mut host, source) = runtime_and_source(simple(vec![("a", vec![cost(0, None)])]));
    for (fuel, trial, paid) in [(11, false, true), (10, false, false), (7, true, true), (6, true, false)] {
        host.cards[0].frozen = false;
        rt.set_fuel(fuel);
        let result = if trial {
            rt.try_activation(&mut host, source, CardIdx(0), P0)
        } else {
            rt.activate(&mut host, source, CardIdx(0), P0)
        };
        match result {
            Ok(outcome) => {
                assert!(paid, "fuel {fuel}: {outcome:?}");
                assert_eq!(outcome.done(), Some(Completion::Success));
                assert_eq!(host.cards[0].frozen, !trial, "fuel {fuel}");
            }
            Err(trap) => {
                assert!(!paid, "fuel {fuel}: {trap}");
                assert_eq!(trap.code(), TrapCode::OutOfFuel);
            }
        }
    }
    assert_eq!(host.commands(), vec!["a"]);
}

#[test]
fn requisites_gate_the_activation() {
    let (mut rt, mut host, source) =
        runtime_and_source(Spec { requisite: true, ..simple(vec![("a", vec![cost(0, None)])]) });
    assert!(!rt.requisites_met(&mut host, source, CardIdx(0), P0).unwrap());
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Failure(Failure::RequisitesNotMet)));
    assert!(!host.take_log().iter().any(|line| line.starts_with("cost")), "nothing was checked or paid");
    host.add("x", P1, RING, 300);
    assert!(rt.requisites_met(&mut host, source, CardIdx(0), P0).unwrap());
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
}

#[test]
fn a_rule_target_is_chosen_before_anything_is_paid() {
    let (mut rt, mut host, source) =
        runtime_and_source(Spec { target: Some(false), ..simple(vec![("a", vec![cost(0, None)])]) });
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Failure(Failure::RuleTargetNotFound)));
    assert!(!host.cards[0].frozen);

    host.add("x", P1, RING, 300);
    host.add("y", P1, RING, 300);
    let exec = rt.activate(&mut host, source, CardIdx(0), P0).unwrap().suspended().expect("rule target");
    assert_eq!(exec.request().kind, RequestKind::Targets);
    assert!(!host.cards[0].frozen, "not paid while choosing");
    host.take_log();
    let done = rt.resume(&mut host, exec, &[Value::Card(CardId(2))]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert!(host.cards[0].frozen);
    assert_eq!(host.take_log().iter().filter(|line| line.starts_with("cost")).count(), 2);
}

#[test]
fn an_optional_rule_target_may_match_nothing() {
    let (mut rt, mut host, source) = runtime_and_source(Spec { target: Some(true), ..simple(vec![("a", vec![])]) });
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["a"]);
}

#[test]
fn the_player_chooses_one_of_several_actions() {
    let (mut rt, mut host, source) = runtime_and_source(simple(vec![("a", vec![]), ("b", vec![])]));
    let exec = rt.activate(&mut host, source, CardIdx(0), P0).unwrap().suspended().expect("which action");
    assert_eq!(exec.request().kind, RequestKind::Action);
    assert_eq!(exec.candidates(), &[Value::Int(0), Value::Int(1)]);
    rt.resume(&mut host, exec, &[Value::Int(1)]).unwrap();
    assert_eq!(host.commands(), vec!["b"]);
}

#[test]
fn vars_run_before_the_statements() {
    let (mut rt, mut host, source) = runtime_and_source(Spec { vars: true, ..simple(vec![("a", vec![])]) });
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    // damage has no default target: it acts on nothing, with 5 as its argument.
    assert_eq!(host.commands(), vec!["a"]);
}

/// `{F}{X}`: X can never be paid, so F is not paid either.
#[test]
fn every_cost_is_checked_before_any_is_paid() {
    let (mut rt, mut host, source) = runtime_and_source(simple(vec![("a", vec![cost(0, None), cost(2, None)])]));
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Failure(Failure::CostNotPaid)));
    assert_eq!(host.take_log(), vec!["cost F check", "cost X check"]);
    assert!(!host.cards[0].frozen);
}

/// A trial of `{F}{X}` fails where the activation fails, checking the same costs.
#[test]
fn a_trial_fails_where_the_activation_would() {
    let (mut rt, mut host, source) = runtime_and_source(simple(vec![("a", vec![cost(0, None), cost(2, None)])]));
    let outcome = rt.try_activation(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Failure(Failure::CostNotPaid)));
    assert_eq!(host.take_log(), vec!["cost F check", "cost X check"]);
}

/// A trial of `{F}` that can be paid stops before paying: nothing is frozen and no
/// statement runs; the activation itself then pays and runs.
#[test]
fn a_trial_stops_where_the_costs_would_be_paid() {
    let (mut rt, mut host, source) = runtime_and_source(simple(vec![("a", vec![cost(0, None)])]));
    let outcome = rt.try_activation(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.take_log(), vec!["cost F check"]);
    assert!(!host.cards[0].frozen);
    assert_eq!(host.commands(), Vec::<&str>::new());
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert!(host.cards[0].frozen);
    assert_eq!(host.commands(), vec!["a"]);
}

/// `{F}{D(2)}`: the player picks the two cards while D is checked; both components are
/// paid afterwards, F first; `discarded` is bound for the statements.
#[test]
fn a_cost_may_ask_what_to_pay_with() {
    let (mut rt, mut host, source) = runtime_and_source(simple(vec![("a", vec![cost(0, None), cost(1, Some(2))])]));
    host.add("h1", P0, HAND, 0);
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Failure(Failure::CostNotPaid)), "one card is not enough");
    assert!(!host.cards[0].frozen);
    host.add("h2", P0, HAND, 0);
    host.add("h3", P0, HAND, 0);
    host.take_log();
    let exec = rt.activate(&mut host, source, CardIdx(0), P0).unwrap().suspended().expect("which cards");
    assert_eq!(exec.request().kind, RequestKind::Cost(CostIdx(1)));
    assert_eq!((exec.request().min, exec.request().max), (2, 2));
    assert!(!host.cards[0].frozen);
    assert_eq!(host.take_log(), vec!["cost F check", "cost D check 2 of 3"]);
    let done = rt.resume(&mut host, exec, &[Value::Card(CardId(3)), Value::Card(CardId(1))]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert_eq!(
        host.take_log(),
        vec!["cost D chosen", "cost F pay", "cost D pay [Card(CardId(3)), Card(CardId(1))]", "cmd a",]
    );
    assert_eq!(host.cards[2].zone, HAND);
}

#[test]
fn an_unknown_card_traps() {
    let mut rt = runtime(build(simple(vec![("a", vec![])])));
    let mut host = TestHost::new();
    let trap = rt.activate(&mut host, CardId(0), CardIdx(9), P0).unwrap_err();
    assert_eq!(trap.code(), TrapCode::UnknownCard);
}

/// One action run alone (`activate_action`): a card's rule target and requisite are not
/// asked, nor which action; its costs are checked and paid, and a trial stops before
/// paying. An action the card does not have fails.
#[test]
fn one_action_run_alone_asks_no_rule_target_and_pays_its_costs() {
    let spec = Spec { requisite: true, target: Some(false), ..simple(vec![("a", vec![]), ("b", vec![cost(0, None)])]) };
    let (mut rt, mut host, source) = runtime_and_source(spec);
    // No character in the opponent's ring: the whole card's activation fails.
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Failure(Failure::RequisitesNotMet)));
    let trial = rt.try_action(&mut host, source, CardIdx(0), P0, 1).unwrap();
    assert_eq!(trial.done(), Some(Completion::Success));
    assert!(!host.cards[0].frozen, "a trial pays nothing");
    let outcome = rt.activate_action(&mut host, source, CardIdx(0), P0, 1).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert!(host.cards[0].frozen, "{{F}} paid");
    assert_eq!(host.commands(), vec!["b"]);
    let outcome = rt.activate_action(&mut host, source, CardIdx(0), P0, 2).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Failure(Failure::NoAction)));
}
