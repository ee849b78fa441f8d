//! Allocation: after warm-up, running a simple effect allocates nothing. The global
//! allocator of `allocation-counter` counts the allocations of the current thread only,
//! so tests running in parallel do not disturb the count.

use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

/// `damage(300) to(characters@oppRing); [[if me.hp > 100]] draw(2) && ok` with rule target
/// and an expression: a simple effect.
fn simple_effect() -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let f = bundle.add_filter(characters(zone(Some(OPP), RING)));
    let mut code = CodeBuilder::new();
    emit_targeting(&mut code, f, |code| {
        emit_damage(code, 300);
        let skip = code.new_label();
        let end = code.new_label();
        code.emit(Instr::LoadVar { a: Reg(0), var: VAR_ME });
        code.emit(Instr::GetAttr { a: Reg(0), b: Reg(0), attr: ATTR_HP });
        code.emit(Instr::LoadInt { a: Reg(1), imm: 100 });
        code.emit(Instr::Gt { a: Reg(0), b: Reg(0), c: Reg(1) });
        code.emit(Instr::JumpIfNot { a: Reg(0), target: skip });
        code.emit(Instr::LoadInt { a: Reg(0), imm: 2 });
        code.emit(Instr::Call { cmd: CommandIdx::new(DRAW), base: Reg(0), argc: 1 });
        code.emit(Instr::JumpIfFailed { target: end });
        code.emit(Instr::Call { cmd: CommandIdx::new(OK), base: Reg(0), argc: 0 });
        code.bind(end);
        code.bind(skip);
        code.emit(Instr::EndStatement {});
    });
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("card"));
    card.actions.push(Action { label: None, costs: vec![Cost { cost: CostIdx(0), count: None, filter: None }], entry });
    bundle.add_card(card, "card.rules");
    load(bundle)
}

#[test]
fn a_simple_effect_allocates_nothing_after_warm_up() {
    let mut rt = runtime(simple_effect());
    let mut host = TestHost::new();
    host.logging = false;
    let card = host.add("card", P0, RING, 500);
    host.add("x", P1, RING, 5_000_000);
    host.add("y", P1, RING, 5_000_000);
    for _ in 0..3 {
        let outcome = rt.activate(&mut host, card, CardIdx(0), P0).unwrap();
        assert_eq!(outcome.done(), Some(Completion::Success));
    }
    let mut completions = [None; 100];
    let info = allocation_counter::measure(|| {
        for slot in completions.iter_mut() {
            *slot = rt.activate(&mut host, card, CardIdx(0), P0).ok().and_then(|outcome| outcome.done());
        }
    });
    assert!(completions.iter().all(|done| *done == Some(Completion::Success)));
    assert_eq!(info.count_total, 0, "allocations in 100 executions: {info:?}");
}

#[test]
fn the_counter_sees_allocations() {
    let info = allocation_counter::measure(|| {
        std::hint::black_box(Box::new(1u64));
    });
    assert_eq!(info.count_total, 1);
}

/// The same for an auto run by an event, and a hook question.
#[test]
fn events_and_hooks_allocate_nothing_after_warm_up() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut code = CodeBuilder::new();
    emit_damage_to_variable(&mut code, VAR_TRIGGER, 1);
    code.emit(Instr::Return {});
    let entry = bundle.add_entry(code);
    let mut hook = CodeBuilder::new();
    hook.emit(Instr::LoadBool { a: Reg(0), value: true });
    hook.emit(Instr::ReturnValue { a: Reg(0) });
    let hook = bundle.add_entry(hook);
    let mut card = Card::new(bundle.intern("card"));
    card.autos.push(auto_on(END_PHASE, None, None, false, entry));
    card.autos.push(auto_on(CAN_BLOCK, None, None, true, hook));
    bundle.add_card(card, "card.rules");
    let mut rt = runtime(load(bundle));
    let mut host = TestHost::new();
    host.logging = false;
    let card = host.add("card", P0, RING, 500);
    let victim = host.add("victim", P1, RING, 5_000_000);
    rt.enter_play(&mut host, card, CardIdx(0)).unwrap();
    let end = Event::new(END_PHASE, P0).bind(VAR_TRIGGER, Value::Card(victim));
    let can_block = Event::new(CAN_BLOCK, P1).with_object(Value::Card(card));
    for _ in 0..3 {
        rt.emit(end);
        rt.run_events(&mut host).unwrap();
        rt.ask(&mut host, can_block).unwrap();
    }
    let mut ok = true;
    let info = allocation_counter::measure(|| {
        for _ in 0..100 {
            rt.emit(end);
            ok &= rt.run_events(&mut host).is_ok_and(|outcome| outcome.done() == Some(Completion::Success));
            ok &= rt.ask(&mut host, can_block).is_ok_and(|answer| answer == Some(true));
        }
    });
    assert!(ok);
    assert_eq!(host.cards[1].bp, 5_000_000 - 103);
    assert_eq!(info.count_total, 0, "allocations in 100 events and hooks: {info:?}");
}

/// A round trip as the `round_trip` benchmark measures it: the host activates a
/// one-command effect whose command takes its default target (`draw(1)` on the source's
/// controller), and gets control back, 1,000 times without one allocation.
#[test]
fn a_round_trip_allocates_nothing_after_warm_up() {
    let mut code = CodeBuilder::new();
    code.emit(Instr::LoadInt { a: Reg(0), imm: 1 });
    code.emit(Instr::MakeAmount { a: Reg(0), b: Reg(0), mode: AmountMode::Add });
    code.emit(Instr::Call { cmd: CommandIdx::new(DRAW), base: Reg(0), argc: 1 });
    code.emit(Instr::EndStatement {});
    code.emit(Instr::Return {});
    let mut rt = runtime(one_action(code));
    let mut host = TestHost::new();
    host.logging = false;
    let card = host.add("card", P0, RING, 500);
    for _ in 0..3 {
        let outcome = rt.activate(&mut host, card, CardIdx(0), P0).unwrap();
        assert_eq!(outcome.done(), Some(Completion::Success));
    }
    let mut done = 0;
    let info = allocation_counter::measure(|| {
        for _ in 0..1_000 {
            let outcome = rt.activate(&mut host, card, CardIdx(0), P0);
            done += usize::from(outcome.is_ok_and(|outcome| outcome.done() == Some(Completion::Success)));
        }
    });
    assert_eq!(done, 1_000);
    assert_eq!(info.count_total, 0, "allocations in 1,000 round trips: {info:?}");
}
