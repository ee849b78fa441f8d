//! Control flow: the truth tables of `&`, `&&`, `||` with failing and succeeding
//! commands, spec §3.5's verified chains, `cmd?`, `[[if]]`/`[[else]]`, `[[may]]`, `each`,
//! and the statement state (`T`, `P`, `G`, `X`) per statement and per execution.

use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

fn status(ok: bool) -> &'static str {
    if ok { "ok" } else { "fail" }
}

/// Emits the chain `text` as a statement that a jump to `skip` passes over: `skip` lands
/// on an `EndStatement` of its own, which the chain jumps over.
fn skippable_chain(code: &mut CodeBuilder, text: &str, skip: Label) {
    chain(code, text);
    let after = code.new_label();
    code.emit(Instr::Jump { target: after });
    code.bind(skip);
    code.emit(Instr::EndStatement {});
    code.bind(after);
}

#[test]
fn truth_table_of_and_then() {
    // `x & y`: both always run.
    for x in [true, false] {
        for y in [true, false] {
            let (ran, done) = run_chain(&format!("{} & {}", status(x), status(y)), true);
            assert_eq!(ran, vec![status(x), status(y)], "{} & {}", status(x), status(y));
            assert_eq!(done, Completion::Success);
        }
    }
}

#[test]
fn truth_table_of_and_also() {
    // `x && y`: y runs only when x succeeded.
    for x in [true, false] {
        for y in [true, false] {
            let (ran, _) = run_chain(&format!("{} && {} & c", status(x), status(y)), true);
            let mut expected = vec![status(x)];
            if x {
                expected.push(status(y));
                expected.push("c");
            }
            assert_eq!(ran, expected, "{} && {} & c", status(x), status(y));
        }
    }
}

#[test]
fn truth_table_of_or_else() {
    // `x || y`: y runs only when x failed; the command after y always runs.
    for x in [true, false] {
        for y in [true, false] {
            let (ran, _) = run_chain(&format!("{} || {} & c", status(x), status(y)), true);
            let mut expected = vec![status(x)];
            if !x {
                expected.push(status(y));
            }
            expected.push("c");
            assert_eq!(ran, expected, "{} || {} & c", status(x), status(y));
        }
    }
}

#[test]
fn verified_chains_of_the_spec() {
    // Spec §3.5, "verified behaviour of the original runner".
    let cases: &[(&str, bool, &[&str])] = &[
        ("fail || a & b", true, &["fail", "a", "b"]),
        ("ok || a & b", true, &["ok", "b"]),
        ("fail && a || b", true, &["fail"]),
        ("ok && a || b", true, &["ok", "a"]),
        ("fail || a || b", true, &["fail", "a"]),
        ("ok || fail || b", true, &["ok"]),
        ("fail || ok && a", true, &["fail", "ok", "a"]),
        ("fail? || a", false, &[]),
        ("ok? && a", false, &["a"]),
        ("fail? || a", true, &["fail", "a"]),
        ("ok? && a", true, &["ok", "a"]),
    ];
    for &(text, confirm, expected) in cases {
        let (ran, done) = run_chain(text, confirm);
        assert_eq!(ran, expected, "{text} (confirm: {confirm})");
        assert_eq!(done, Completion::Success, "{text}");
    }
}

#[test]
fn statements_run_in_order_and_an_if_skips_only_its_statement() {
    // [[if 1 > 2]] a; b; [[if 2 > 1]] c  (the second statement's condition is false)
    let mut code = CodeBuilder::new();
    chain(&mut code, "ok");
    for (x, y, cmd) in [(1, 2, "a"), (2, 1, "c")] {
        let skip = code.new_label();
        code.emit(Instr::LoadInt { a: Reg(1), imm: x });
        code.emit(Instr::LoadInt { a: Reg(2), imm: y });
        code.emit(Instr::Gt { a: Reg(1), b: Reg(1), c: Reg(2) });
        code.emit(Instr::JumpIfNot { a: Reg(1), target: skip });
        skippable_chain(&mut code, cmd, skip);
    }
    chain(&mut code, "b");
    code.emit(Instr::Return {});
    let (outcome, mut host) = activate_action(code);
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["ok", "c", "b"]);
}

#[test]
fn if_elif_else_picks_one_branch() {
    // [[if n == 1]] a [[elif n == 2]] b [[else]] c; ok   for n = 1, 2, 3
    for (n, expected) in [(1, "a"), (2, "b"), (3, "c")] {
        let mut code = CodeBuilder::new();
        let end = code.new_label();
        let elif = code.new_label();
        let other = code.new_label();
        code.emit(Instr::LoadInt { a: Reg(1), imm: n });
        code.emit(Instr::LoadInt { a: Reg(2), imm: 1 });
        code.emit(Instr::Eq { a: Reg(3), b: Reg(1), c: Reg(2) });
        code.emit(Instr::JumpIfNot { a: Reg(3), target: elif });
        chain(&mut code, "a");
        code.emit(Instr::Jump { target: end });
        code.bind(elif);
        code.emit(Instr::LoadInt { a: Reg(2), imm: 2 });
        code.emit(Instr::Eq { a: Reg(3), b: Reg(1), c: Reg(2) });
        code.emit(Instr::JumpIfNot { a: Reg(3), target: other });
        chain(&mut code, "b");
        code.emit(Instr::Jump { target: end });
        code.bind(other);
        chain(&mut code, "c");
        code.bind(end);
        chain(&mut code, "ok");
        code.emit(Instr::Return {});
        let (_, mut host) = activate_action(code);
        assert_eq!(host.commands(), vec![expected, "ok"], "n = {n}");
    }
}

#[test]
fn first_statement_condition_false_is_no_effect() {
    let mut code = CodeBuilder::new();
    let no_effect = code.new_label();
    code.emit(Instr::LoadBool { a: Reg(0), value: false });
    code.emit(Instr::JumpIfNot { a: Reg(0), target: no_effect });
    chain(&mut code, "a");
    code.emit(Instr::Return {});
    code.bind(no_effect);
    code.emit(Instr::Fail { reason: FailReason::NoEffect });
    let (outcome, mut host) = activate_action(code);
    assert_eq!(outcome.done(), Some(Completion::Failure(Failure::NoEffect)));
    assert!(host.commands().is_empty());
}

/// `[[may]] a; b`: declining skips only the statement (FIX of B-30: codegen points `skip`
/// at the end of the statement).
#[test]
fn declining_a_may_skips_only_its_statement() {
    for (yes, expected) in [(true, vec!["a", "b"]), (false, vec!["b"])] {
        let mut code = CodeBuilder::new();
        let skip = code.new_label();
        code.emit(Instr::May { question: None, skip });
        skippable_chain(&mut code, "a", skip);
        chain(&mut code, "b");
        code.emit(Instr::Return {});
        let mut rt = runtime(one_action(code));
        let (mut host, source) = host_with_source();
        let exec = rt.activate(&mut host, source, CardIdx(0), P0).unwrap().suspended().expect("asks");
        assert_eq!(exec.request().kind, RequestKind::May);
        assert_eq!(exec.candidates(), &[Value::Bool(true), Value::Bool(false)]);
        let done = rt.resume(&mut host, exec, &[Value::Bool(yes)]).unwrap();
        assert_eq!(done.done(), Some(Completion::Success));
        assert_eq!(host.commands(), expected, "may answered {yes}");
    }
}

/// `each(characters@oppRing => damage(100))` binds each element (into a local) and
/// runs the body once per element.
#[test]
fn each_binds_its_element() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let all = bundle.add_filter(characters(zone(Some(OPP), RING)));
    let mut code = CodeBuilder::new();
    let lp = code.new_label();
    let done = code.new_label();
    code.emit(Instr::Resolve { a: Reg(0), f: all });
    code.emit(Instr::IterStart { a: Reg(1), b: Reg(0) });
    code.bind(lp);
    code.emit(Instr::IterNext { a: Reg(2), it: Reg(1), exit: done });
    code.emit(Instr::StoreLocal { slot: Local(0), b: Reg(2) });
    code.emit(Instr::LoadLocal { a: Reg(3), slot: Local(0) });
    code.emit(Instr::SetTargets { a: Reg(3) });
    code.emit(Instr::LoadInt { a: Reg(4), imm: 100 });
    code.emit(Instr::Call { cmd: CommandIdx::new(DAMAGE), base: Reg(4), argc: 1 });
    code.emit(Instr::Jump { target: lp });
    code.bind(done);
    code.emit(Instr::EndStatement {});
    code.emit(Instr::Return {});
    add_action_card(&mut bundle, "card", code);
    let mut rt = runtime(load(bundle));
    let (mut host, source) = host_with_source();
    host.add("x", P1, RING, 300);
    host.add("y", P1, RING, 400);
    host.add("mine", P0, RING, 400);
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["damage Card(CardId(1)) 100", "damage Card(CardId(2)) 100"]);
}

/// `damage(300) to(character@oppRing); damage(100)`: the target clause is resolved just
/// before its commands; the next statement falls back to the rule targets; `prevTgt` is
/// the previous statement's targets.
#[test]
fn statement_targets_and_prev_tgt() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let f = bundle.add_filter(characters(zone(Some(OPP), RING)));
    let mut code = CodeBuilder::new();
    emit_targeting(&mut code, f, |code| {
        emit_damage(code, 300);
        emit_damage_to_variable(code, VAR_PREV, 100);
        // damage(1): T falls back to G, which is empty: `damage` has no default target.
        emit_damage(code, 1);
    });
    add_action_card(&mut bundle, "card", code);
    let mut rt = runtime(load(bundle));

    let (mut host, source) = host_with_source();
    host.add("x", P1, RING, 300);
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["damage Card(CardId(1)) 300", "damage Card(CardId(1)) 100"]);

    // No opposing character: the statement's target fails and the rest is skipped.
    let (mut host, source) = host_with_source();
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Failure(Failure::NoTargets)));
    assert!(host.commands().is_empty());
}

/// Names bound by one execution (`discarded`, `trigger`) are gone in the next.
#[test]
fn per_execution_names_do_not_leak() {
    let mut code = CodeBuilder::new();
    // discard(); then read `discarded.size` into `damage`
    code.emit(Instr::Call { cmd: CommandIdx::new(DISCARD), base: Reg(0), argc: 0 });
    code.emit(Instr::EndStatement {});
    code.emit(Instr::LoadVar { a: Reg(0), var: VAR_DISCARDED });
    code.emit(Instr::GetAttr { a: Reg(0), b: Reg(0), attr: ATTR_SIZE });
    code.emit(Instr::LoadVar { a: Reg(1), var: VAR_ME });
    code.emit(Instr::SetTargets { a: Reg(1) });
    code.emit(Instr::Call { cmd: CommandIdx::new(DAMAGE), base: Reg(0), argc: 1 });
    code.emit(Instr::EndStatement {});
    code.emit(Instr::Return {});
    let mut rt = runtime(one_action(code));
    let (mut host, source) = host_with_source();
    host.add("in hand", P0, HAND, 100);
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    let exec = outcome.suspended().expect("discard asks which card");
    let card = exec.candidates()[0];
    let done = rt.resume(&mut host, exec, &[card]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["discard CardId(1)", "damage Player(PlayerId(0)) 1"]);
    // Second execution: the hand is empty, discard fails, `discarded` is the host's default.
    let done = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["discard nothing", "damage Player(PlayerId(0)) 0"]);
}

#[test]
fn arithmetic_follows_the_op_table() {
    // damage(x) to(me) for each expression result
    type Emit = fn(&mut CodeBuilder);
    let cases: &[(Emit, i32)] = &[
        (|c| emit3(c, 7, -2, |a, b, c| Instr::Div { a, b, c }), -4),
        (|c| emit3(c, -7, 2, |a, b, c| Instr::Rem { a, b, c }), 1),
        (|c| emit3(c, 7, -2, |a, b, c| Instr::Rem { a, b, c }), -1),
        (|c| emit3(c, 6, 7, |a, b, c| Instr::Mul { a, b, c }), 42),
        (|c| emit3(c, 6, 0, |a, b, c| Instr::Div { a, b, c }), 0),
    ];
    for (emit, expected) in cases {
        let mut code = CodeBuilder::new();
        emit(&mut code);
        code.emit(Instr::LoadVar { a: Reg(1), var: VAR_ME });
        code.emit(Instr::SetTargets { a: Reg(1) });
        code.emit(Instr::Call { cmd: CommandIdx::new(DAMAGE), base: Reg(0), argc: 1 });
        code.emit(Instr::EndStatement {});
        code.emit(Instr::Return {});
        let (_, mut host) = activate_action(code);
        assert_eq!(host.commands(), vec![format!("damage Player(PlayerId(0)) {expected}")]);
    }
}

fn emit3(code: &mut CodeBuilder, x: i32, y: i32, op: fn(Reg, Reg, Reg) -> Instr<Label>) {
    code.emit(Instr::LoadInt { a: Reg(2), imm: x });
    code.emit(Instr::LoadInt { a: Reg(3), imm: y });
    code.emit(op(Reg(0), Reg(2), Reg(3)));
}

/// `target = <1>character@oppRing` then `damage(1) to(tgt)` and `damage(2) to(prevTgt)`
/// after a statement with its own target: `tgt` is the rule targets, `prevTgt` the rule
/// targets saved by the target clause.
#[test]
fn tgt_is_the_rule_targets() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut rule = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    rule.qty = Some(Qty::Exact(1));
    let rule = bundle.add_filter(rule);
    let mine = bundle.add_filter(filter(TypeAtom::This, zone(None, RING)));
    let mut code = CodeBuilder::new();
    emit_damage_to_variable(&mut code, VAR_TGT, 1);
    emit_targeting(&mut code, mine, |code| emit_damage_to_variable(code, VAR_PREV, 2));
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("card"));
    card.target = Some(RuleTarget { optional: false, filters: vec![rule] });
    card.actions.push(Action { label: None, costs: vec![], entry });
    bundle.add_card(card, "card.rules");
    let mut rt = runtime(load(bundle));
    let (mut host, source) = host_with_source();
    host.add("x", P1, RING, 300);
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["damage Card(CardId(1)) 1", "damage Card(CardId(1)) 2"]);
}

/// An operand of the comparisons below, loaded into `reg` (a list goes through `scratch`).
#[derive(Debug, Clone, Copy)]
enum Operand {
    Int(i32),
    Bool(bool),
    Nil,
    List(&'static [i32]),
}

fn load_operand(code: &mut CodeBuilder, reg: Reg, scratch: Reg, operand: Operand) {
    match operand {
        Operand::Int(imm) => code.emit(Instr::LoadInt { a: reg, imm }),
        Operand::Bool(value) => code.emit(Instr::LoadBool { a: reg, value }),
        Operand::Nil => code.emit(Instr::LoadNil { a: reg }),
        Operand::List(items) => {
            code.emit(Instr::ListNew { a: reg });
            for &imm in items {
                code.emit(Instr::LoadInt { a: scratch, imm });
                code.emit(Instr::ListPush { a: reg, b: scratch });
            }
        }
    }
}

/// What a comparison of `x` and `y` gives, from the op reference: ordering compares
/// integers (booleans as 0 and 1) and is false otherwise; lists are equal by elements.
fn expected_comparison(op: &str, x: Operand, y: Operand) -> bool {
    let int = |v: Operand| match v {
        Operand::Int(n) => Some(n),
        Operand::Bool(b) => Some(i32::from(b)),
        _ => None,
    };
    let equal = match (x, y) {
        (Operand::List(x), Operand::List(y)) => x == y,
        (Operand::Nil, Operand::Nil) => true,
        _ => matches!((int(x), int(y)), (Some(x), Some(y)) if x == y),
    };
    match (op, int(x), int(y)) {
        ("==", ..) => equal,
        ("!=", ..) => !equal,
        ("<", Some(x), Some(y)) => x < y,
        ("<=", Some(x), Some(y)) => x <= y,
        (">", Some(x), Some(y)) => x > y,
        (">=", Some(x), Some(y)) => x >= y,
        _ => false,
    }
}

/// Makes `R[a] := R[b] op R[c]`.
type Comparison = fn(Reg, Reg, Reg) -> Instr<Label>;

#[test]
fn a_comparison_followed_by_a_conditional_jump_branches_on_its_result() {
    // `R3 := R1 op R2` then `JumpIf R3` or `JumpIfNot R3`: the runtime runs the pair as one
    // op. Command `a` runs when it jumped, `b` when it fell through, then `c` when R3 holds
    // true.
    // With `separated`, a `Move R0 R0` between them keeps the two ops apart.
    let ops: [(&str, Comparison); 6] = [
        ("==", |a, b, c| Instr::Eq { a, b, c }),
        ("!=", |a, b, c| Instr::Ne { a, b, c }),
        ("<", |a, b, c| Instr::Lt { a, b, c }),
        ("<=", |a, b, c| Instr::Le { a, b, c }),
        (">", |a, b, c| Instr::Gt { a, b, c }),
        (">=", |a, b, c| Instr::Ge { a, b, c }),
    ];
    let operands = [
        (Operand::Int(1), Operand::Int(2)),
        (Operand::Int(2), Operand::Int(1)),
        (Operand::Int(2), Operand::Int(2)),
        (Operand::Int(-5), Operand::Int(i32::MAX)),
        (Operand::Bool(true), Operand::Int(1)),
        (Operand::Int(0), Operand::Bool(true)),
        (Operand::Nil, Operand::Int(0)),
        (Operand::Nil, Operand::Nil),
        (Operand::List(&[7, 8]), Operand::List(&[7, 8])),
        (Operand::List(&[7, 8]), Operand::List(&[7, 9])),
        (Operand::List(&[]), Operand::List(&[7])),
    ];
    for (name, op) in ops {
        for (x, y) in operands {
            for jump_if in [true, false] {
                for separated in [false, true] {
                    let mut code = CodeBuilder::new();
                    load_operand(&mut code, Reg(1), Reg(4), x);
                    load_operand(&mut code, Reg(2), Reg(4), y);
                    let jumped = code.new_label();
                    let after = code.new_label();
                    code.emit(op(Reg(3), Reg(1), Reg(2)));
                    if separated {
                        code.emit(Instr::Move { a: Reg(0), b: Reg(0) });
                    }
                    if jump_if {
                        code.emit(Instr::JumpIf { a: Reg(3), target: jumped });
                    } else {
                        code.emit(Instr::JumpIfNot { a: Reg(3), target: jumped });
                    }
                    chain(&mut code, "b");
                    code.emit(Instr::Jump { target: after });
                    code.bind(jumped);
                    chain(&mut code, "a");
                    code.bind(after);
                    let skip = code.new_label();
                    code.emit(Instr::JumpIfNot { a: Reg(3), target: skip });
                    chain(&mut code, "c");
                    code.bind(skip);
                    code.emit(Instr::Return {});
                    let (outcome, mut host) = activate_action(code);
                    assert_eq!(outcome.done(), Some(Completion::Success));

                    let holds = expected_comparison(name, x, y);
                    let mut expected = vec![if holds == jump_if { "a" } else { "b" }];
                    if holds {
                        expected.push("c");
                    }
                    let case = format!("{x:?} {name} {y:?}, jump if {jump_if}, separated {separated}");
                    assert_eq!(host.commands(), expected, "{case}");
                }
            }
        }
    }
}
