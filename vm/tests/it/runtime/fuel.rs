//! Fuel and traps: a runaway loop ends with `OutOfFuel`, naming the card and the source
//! line; fuel is charged per jump and per call, not per instruction.

use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

const SOURCE: &str = "action = ok & loop()\n";

fn looping(with_debug: bool) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    bundle.set_strip(!with_debug);
    let mut code = CodeBuilder::new();
    code.set_location(SourceLocation { line: 1, line_start: 0, span_start: 9, span_end: 20, text: SOURCE.trim_end() });
    let top = code.new_label();
    code.bind(top);
    code.emit(Instr::Call { cmd: CommandIdx::new(OK), base: Reg(0), argc: 0 });
    code.emit(Instr::Jump { target: top });
    add_action_card(&mut bundle, "spinner", code);
    load(bundle)
}

#[test]
fn a_runaway_loop_runs_out_of_fuel() {
    let mut rt = runtime(looping(true));
    rt.set_fuel(1_000);
    let mut host = TestHost::new();
    host.logging = false;
    let card = host.add("spinner", P0, RING, 0);
    let trap = rt.activate(&mut host, card, CardIdx(0), P0).unwrap_err();
    assert_eq!(trap.code(), TrapCode::OutOfFuel);
    assert_eq!(trap.card_key.as_deref(), Some("spinner"));
    assert_eq!(trap.line, Some(1));
    assert_eq!(trap.to_string(), "out of fuel in card spinner at line 1");
    assert_eq!(TrapCode::OutOfFuel.message(), "out of fuel");
}

#[test]
fn without_debug_info_the_trap_still_names_the_card() {
    let mut program = looping(true);
    program.strip();
    let mut rt = runtime(program);
    rt.set_fuel(100);
    let mut host = TestHost::new();
    let card = host.add("spinner", P0, RING, 0);
    let trap = rt.activate(&mut host, card, CardIdx(0), P0).unwrap_err();
    assert_eq!(trap.to_string(), "out of fuel in card spinner");
    assert_eq!(trap.line, None);
    // The pipeline's seven stages (1 each) and the start of the entry (1), then a call
    // (1) and a jump (1) per iteration.
    assert_eq!(host.commands().len(), (100 - 8) / 2);
}

#[test]
fn a_trial_pays_for_the_stages_before_the_body_and_runs_none_of_it() {
    let mut rt = runtime(looping(false));
    let mut host = TestHost::new();
    let card = host.add("spinner", P0, RING, 0);
    // The six stages before the body and the body's stage step; the loop never starts.
    rt.set_fuel(7);
    let outcome = rt.try_activation(&mut host, card, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert!(host.commands().is_empty());
    rt.set_fuel(6);
    let trap = rt.try_activation(&mut host, card, CardIdx(0), P0).unwrap_err();
    assert_eq!(trap.code(), TrapCode::OutOfFuel);
    assert_eq!(trap.card_key.as_deref(), Some("spinner"));
}

#[test]
fn straight_line_code_costs_one_unit_per_call_not_per_instruction() {
    let mut code = CodeBuilder::new();
    for _ in 0..20 {
        code.emit(Instr::LoadInt { a: Reg(1), imm: 1 });
        code.emit(Instr::Add { a: Reg(1), b: Reg(1), c: Reg(1) });
    }
    chain(&mut code, "ok & ok");
    code.emit(Instr::Return {});
    let mut rt = runtime(one_action(code));
    // Seven pipeline stages, the start of the entry, two calls; 40 instructions are free.
    rt.set_fuel(7 + 1 + 2);
    let mut host = TestHost::new();
    let card = host.add("card", P0, RING, 0);
    let outcome = rt.activate(&mut host, card, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    rt.set_fuel(7 + 1 + 1);
    let trap = rt.activate(&mut host, card, CardIdx(0), P0).unwrap_err();
    assert_eq!(trap.code(), TrapCode::OutOfFuel);
}

#[test]
fn a_missing_builtin_traps() {
    let mut code = CodeBuilder::new();
    chain(&mut code, "ok");
    code.emit(Instr::Return {});
    let mut rt = Runtime::new(one_action(code), &CATALOGUE, Builtins::new(&CATALOGUE));
    let mut host = TestHost::new();
    let card = host.add("card", P0, RING, 0);
    let trap = rt.activate(&mut host, card, CardIdx(0), P0).unwrap_err();
    assert_eq!(trap.code(), TrapCode::MissingBuiltin);
    assert_eq!(trap.at, Some((EntryIdx(0), Pc(0))));
}

/// Found by fuzzing (`roundtrip`): comparing two lists looks at every element, and cost
/// nothing, so a loop comparing a long list with itself did tens of thousands of
/// comparisons per unit of fuel. Each element compared now costs a unit.
#[test]
fn comparing_lists_pays_fuel_per_element() {
    // With `branch`, a conditional jump on the result follows the comparison (never taken:
    // the list equals itself), the shape of a condition.
    let comparisons_on = |elements: usize, fuel: u64, branch: bool| {
        let mut code = CodeBuilder::new();
        code.emit(Instr::ListNew { a: Reg(1) });
        code.emit(Instr::LoadInt { a: Reg(2), imm: 7 });
        for _ in 0..elements {
            code.emit(Instr::ListPush { a: Reg(1), b: Reg(2) });
        }
        let top = code.new_label();
        code.bind(top);
        code.emit(Instr::Eq { a: Reg(3), b: Reg(1), c: Reg(1) });
        if branch {
            code.emit(Instr::JumpIfNot { a: Reg(3), target: top });
        }
        calls_until_out_of_fuel(code, top, fuel)
    };
    // Seven pipeline stages and the start of the entry, then a comparison, a call and a
    // jump per turn of the loop.
    for branch in [false, true] {
        assert_eq!(comparisons_on(0, 8 + 2 * 100, branch), 100, "an empty list compares at once");
        assert_eq!(comparisons_on(98, 8 + 100 * 100, branch), 100, "98 elements, a call and a jump: 100 units a turn");
    }
}

#[test]
fn a_condition_that_jumps_back_runs_out_of_fuel_at_its_jump() {
    // top: R0 := 0 < 1; JumpIf R0 top: the comparison and its jump run as one op, and the
    // trap names the jump, as when they run apart.
    let mut code = CodeBuilder::new();
    code.emit(Instr::LoadInt { a: Reg(1), imm: 1 });
    let top = code.new_label();
    code.bind(top);
    code.emit(Instr::LoadInt { a: Reg(2), imm: 0 });
    code.emit(Instr::Lt { a: Reg(0), b: Reg(2), c: Reg(1) });
    code.emit(Instr::JumpIf { a: Reg(0), target: top });
    code.emit(Instr::Return {});
    let program = one_action(code);
    let jump = program.entries()[0].instrs().iter().position(|instr| matches!(instr, Instr::JumpIf { .. }));
    let jump_pc = program.entries()[0].pcs()[jump.unwrap()];
    let mut rt = runtime(program);
    rt.set_fuel(100);
    let mut host = TestHost::new();
    let card = host.add("card", P0, RING, 0);
    let trap = rt.activate(&mut host, card, CardIdx(0), P0).unwrap_err();
    assert_eq!(trap.code(), TrapCode::OutOfFuel);
    assert_eq!(trap.at, Some((EntryIdx(0), jump_pc)));
}

/// Ends `code` with a loop from `top` calling `ok` and runs it on `fuel`: how many calls it
/// made before it ran out.
fn calls_until_out_of_fuel(mut code: CodeBuilder, top: Label, fuel: u64) -> usize {
    code.emit(Instr::Call { cmd: CommandIdx::new(OK), base: Reg(0), argc: 0 });
    code.emit(Instr::Jump { target: top });
    let mut rt = runtime(one_action(code));
    rt.set_fuel(fuel);
    let mut host = TestHost::new();
    let card = host.add("card", P0, RING, 0);
    let trap = rt.activate(&mut host, card, CardIdx(0), P0).unwrap_err();
    assert_eq!(trap.code(), TrapCode::OutOfFuel);
    host.commands().len()
}

/// A target list of `count` distinct integers in `Reg(1)`, made the targets.
fn targets_of(code: &mut CodeBuilder, count: i32) {
    code.emit(Instr::ListNew { a: Reg(1) });
    for n in 0..count {
        code.emit(Instr::LoadInt { a: Reg(2), imm: n });
        code.emit(Instr::ListPush { a: Reg(1), b: Reg(2) });
    }
    code.emit(Instr::SetTargets { a: Reg(1) });
}

/// [`targets_of`] as a loop pushing 0, 1, ... (`Reg(2)` the next, `Reg(3)` the count,
/// `Reg(4)` one, `Reg(5)` whether to go on): the bundle stays small for any count (at
/// least 1).
fn many_targets_of(code: &mut CodeBuilder, count: i32) {
    code.emit(Instr::ListNew { a: Reg(1) });
    code.emit(Instr::LoadInt { a: Reg(2), imm: 0 });
    code.emit(Instr::LoadInt { a: Reg(3), imm: count });
    code.emit(Instr::LoadInt { a: Reg(4), imm: 1 });
    let top = code.new_label();
    code.bind(top);
    code.emit(Instr::ListPush { a: Reg(1), b: Reg(2) });
    code.emit(Instr::Add { a: Reg(2), b: Reg(2), c: Reg(4) });
    code.emit(Instr::Lt { a: Reg(5), b: Reg(2), c: Reg(3) });
    code.emit(Instr::JumpIf { a: Reg(5), target: top });
    code.emit(Instr::SetTargets { a: Reg(1) });
}

/// Found by fuzzing (`roundtrip`): a command or a grant acts on each of its targets, and a
/// hand-made bundle can give it tens of thousands, for one unit of fuel. Each target past
/// the first now costs a unit.
#[test]
fn a_command_pays_fuel_per_target() {
    let calls_on = |targets: i32, fuel: u64| {
        let mut code = CodeBuilder::new();
        targets_of(&mut code, targets);
        let top = code.new_label();
        code.bind(top);
        calls_until_out_of_fuel(code, top, fuel)
    };
    // Seven pipeline stages and the start of the entry, then a call and a jump per turn.
    assert_eq!(calls_on(1, 8 + 2 * 100), 100, "one target: the call's own unit");
    assert_eq!(calls_on(50, 8 + 51 * 100), 100, "50 targets: 49 more units a call");
}

/// Found by fuzzing (`roundtrip`): each grant looks for a duplicate among the effects in
/// force, and nothing bounded how many there were; recording one past
/// [`MAX_EFFECTS`] traps instead.
#[test]
fn a_grant_past_the_effect_limit_traps() {
    let limit = i32::try_from(MAX_EFFECTS).unwrap();
    let granted = |targets: i32| {
        let mut code = CodeBuilder::new();
        many_targets_of(&mut code, targets);
        code.emit(Instr::Grant { ability: AbilityIdx::new(0) });
        code.emit(Instr::Return {});
        let mut rt = runtime(one_action(code));
        let mut host = TestHost::new();
        let card = host.add("card", P0, RING, 0);
        let result = rt.activate(&mut host, card, CardIdx(0), P0).map(|outcome| outcome.done());
        (result.map_err(|trap| trap.code()), rt.effects().len())
    };
    assert_eq!(granted(limit), (Ok(Some(Completion::Success)), MAX_EFFECTS));
    assert_eq!(granted(limit + 1), (Err(TrapCode::EffectLimit), MAX_EFFECTS));
    assert_eq!(TrapCode::EffectLimit.message(), "too many effects in force");
}

#[test]
fn an_unmetered_runtime_runs_a_loop_its_fuel_would_not_cover() {
    // R0 counts to 50 and a call follows: 50 jumps back, past the budget of 20.
    let counting = || {
        let mut code = CodeBuilder::new();
        let top = code.new_label();
        code.emit(Instr::LoadInt { a: Reg(0), imm: 0 });
        code.emit(Instr::LoadInt { a: Reg(1), imm: 50 });
        code.emit(Instr::LoadInt { a: Reg(2), imm: 1 });
        code.bind(top);
        code.emit(Instr::Add { a: Reg(0), b: Reg(0), c: Reg(2) });
        code.emit(Instr::Lt { a: Reg(3), b: Reg(0), c: Reg(1) });
        code.emit(Instr::JumpIf { a: Reg(3), target: top });
        chain(&mut code, "ok");
        code.emit(Instr::Return {});
        runtime(one_action(code))
    };
    let (mut host, card) = host_with_source();

    let mut metered = counting();
    metered.set_fuel(20);
    let trap = metered.activate(&mut host, card, CardIdx(0), P0).unwrap_err();
    assert_eq!(trap.code(), TrapCode::OutOfFuel);
    assert!(host.commands().is_empty());

    let mut unmetered = counting();
    unmetered.set_fuel(20);
    unmetered.set_metering(false);
    let outcome = unmetered.activate(&mut host, card, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.commands().len(), 1, "the call after the loop ran");
}
