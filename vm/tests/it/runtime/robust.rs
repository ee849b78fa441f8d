//! Robustness: any verified program runs without panicking. Random instruction streams
//! over a few registers, labels, filters and builtins are built (the builder verifies
//! them), run with a small fuel budget, and every request is answered, either validly or
//! with nonsense first; the run must end with a completion or a trap.

use proptest::prelude::*;
use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

#[derive(Debug, Clone)]
enum Op {
    Int(u8, i32),
    Bin(u8, u8, u8, u8),
    Un(u8, u8, bool),
    ListNew(u8),
    ListPush(u8, u8),
    Iter(u8, u8),
    IterNext(u8, u8, u8),
    Jump(u8, u8, u8),
    Call(usize, u8),
    Target(u8, bool),
    Resolve(u8, u8),
    SetTargets(u8),
    Restrict(u8),
    End,
    Grant(bool),
    May(u8),
    Confirm(u8),
    Var(u8, u8),
    Attr(u8, u8),
    Index(u8, u8, u16),
    Local(u8, u8, bool),
    Fn(u8, bool),
    Exit(u8),
}

fn op() -> impl Strategy<Value = Op> {
    let r = 0u8..4;
    prop_oneof![
        (r.clone(), -3i32..1000).prop_map(|(a, n)| Op::Int(a, n)),
        (0u8..11, r.clone(), r.clone(), r.clone()).prop_map(|(k, a, b, c)| Op::Bin(k, a, b, c)),
        (r.clone(), r.clone(), any::<bool>()).prop_map(|(a, b, neg)| Op::Un(a, b, neg)),
        r.clone().prop_map(Op::ListNew),
        (r.clone(), r.clone()).prop_map(|(a, b)| Op::ListPush(a, b)),
        (r.clone(), r.clone()).prop_map(|(a, b)| Op::Iter(a, b)),
        (r.clone(), r.clone(), 0u8..4).prop_map(|(a, it, l)| Op::IterNext(a, it, l)),
        (0u8..5, r.clone(), 0u8..4).prop_map(|(k, a, l)| Op::Jump(k, a, l)),
        (0usize..12, 0u8..2).prop_map(|(c, argc)| Op::Call(c, argc)),
        (0u8..4, any::<bool>()).prop_map(|(f, opt)| Op::Target(f, opt)),
        (r.clone(), 0u8..4).prop_map(|(a, f)| Op::Resolve(a, f)),
        r.clone().prop_map(Op::SetTargets),
        (0u8..6).prop_map(Op::Restrict),
        Just(Op::End),
        any::<bool>().prop_map(Op::Grant),
        (0u8..4).prop_map(Op::May),
        (0u8..4).prop_map(Op::Confirm),
        (r.clone(), 0u8..6).prop_map(|(a, v)| Op::Var(a, v)),
        (r.clone(), 0u8..2).prop_map(|(a, at)| Op::Attr(a, at)),
        (r.clone(), r.clone(), 0u16..3).prop_map(|(a, b, n)| Op::Index(a, b, n)),
        (r.clone(), 0u8..2, any::<bool>()).prop_map(|(a, s, store)| Op::Local(a, s, store)),
        (r.clone(), any::<bool>()).prop_map(|(a, coin)| Op::Fn(a, coin)),
        (0u8..3).prop_map(Op::Exit),
    ]
}

fn filters(bundle: &mut BundleBuilder<'_>) -> Vec<FilterIdx> {
    let mut out = Vec::new();
    let mut one = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    one.qty = Some(Qty::Range { min: 0, max: 2 });
    out.push(bundle.add_filter(one));
    let mut both = filter(TypeAtom::Player, zone(None, RING));
    both.types.push(TypeTerm { exclude_source: true, negate: false, plural: false, atom: TypeAtom::Any });
    out.push(bundle.add_filter(both));
    let mut random = filter(TypeAtom::Any, zone(None, ZoneIdx(0)));
    random.qty = Some(Qty::Random(2));
    random.terms = vec![vec![Term { negated: true, kind: TermKind::Rank { ranking: RankingIdx(0), word: 1 } }]];
    out.push(bundle.add_filter(random));
    let mut hand = filter(TypeAtom::Any, zone(None, HAND));
    hand.pick = Some(-1);
    out.push(bundle.add_filter(hand));
    out
}

fn program(ops: &[Op], binds: &[u8]) -> Option<Program> {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let fs = filters(&mut bundle);
    let question = bundle.intern("Sure?");
    let mut code = CodeBuilder::new();
    let labels: Vec<Label> = (0..4).map(|_| code.new_label()).collect();
    let reg = |r: u8| Reg(r);
    for (i, op) in ops.iter().enumerate() {
        for (l, &at) in binds.iter().enumerate() {
            if usize::from(at) == i {
                code.bind(labels[l]);
            }
        }
        let instr = match *op {
            Op::Int(a, n) => Instr::LoadInt { a: reg(a), imm: n },
            Op::Bin(k, a, b, c) => {
                let (a, b, c) = (reg(a), reg(b), reg(c));
                match k {
                    0 => Instr::Add { a, b, c },
                    1 => Instr::Sub { a, b, c },
                    2 => Instr::Mul { a, b, c },
                    3 => Instr::Div { a, b, c },
                    4 => Instr::Rem { a, b, c },
                    5 => Instr::Eq { a, b, c },
                    6 => Instr::Ne { a, b, c },
                    7 => Instr::Lt { a, b, c },
                    8 => Instr::Le { a, b, c },
                    9 => Instr::Gt { a, b, c },
                    _ => Instr::Ge { a, b, c },
                }
            }
            Op::Un(a, b, true) => Instr::Neg { a: reg(a), b: reg(b) },
            Op::Un(a, b, false) => Instr::Not { a: reg(a), b: reg(b) },
            Op::ListNew(a) => Instr::ListNew { a: reg(a) },
            Op::ListPush(a, b) => Instr::ListPush { a: reg(a), b: reg(b) },
            Op::Iter(a, b) => Instr::IterStart { a: reg(a), b: reg(b) },
            Op::IterNext(a, it, l) => Instr::IterNext { a: reg(a), it: reg(it), exit: labels[usize::from(l)] },
            Op::Jump(k, a, l) => {
                let target = labels[usize::from(l)];
                match k {
                    0 => Instr::Jump { target },
                    1 => Instr::JumpIf { a: reg(a), target },
                    2 => Instr::JumpIfNot { a: reg(a), target },
                    3 => Instr::JumpIfFailed { target },
                    _ => Instr::JumpIfSucceeded { target },
                }
            }
            Op::Call(c, argc) => {
                let spec = &CATALOGUE.commands[c];
                let argc = argc.min(spec.params.len() as u8).max(spec.min_args() as u8);
                Instr::Call { cmd: CommandIdx::new(c), base: Reg(2), argc }
            }
            Op::Target(f, false) => Instr::Target { f: fs[usize::from(f)], exit: labels[usize::from(f)] },
            Op::Target(f, true) => Instr::TargetOpt { f: fs[usize::from(f)] },
            Op::Resolve(a, f) => Instr::Resolve { a: reg(a), f: fs[usize::from(f)] },
            Op::SetTargets(a) => Instr::SetTargets { a: reg(a) },
            Op::Restrict(k) => {
                Instr::Restrict { restriction: RestrictionIdx(u32::from(k % 3)), prefix: (k >= 3).then_some(R_OPP) }
            }
            Op::End => Instr::EndStatement {},
            Op::Grant(true) => Instr::Grant { ability: UNBLOCKABLE },
            Op::Grant(false) => Instr::Revoke { ability: UNBLOCKABLE },
            Op::May(l) => Instr::May { question: (l % 2 == 0).then_some(question), skip: labels[usize::from(l)] },
            Op::Confirm(l) => Instr::Confirm { cmd: CommandIdx::new(OK), skip: labels[usize::from(l)] },
            Op::Var(a, v) => Instr::LoadVar { a: reg(a), var: VariableIdx(u32::from(v)) },
            Op::Attr(a, at) => Instr::GetAttr { a: reg(a), b: reg(a), attr: AttributeIdx(u32::from(at)) },
            Op::Index(a, b, n) => Instr::Index { a: reg(a), b: reg(b), n },
            Op::Local(a, s, true) => Instr::StoreLocal { slot: Local(s), b: reg(a) },
            Op::Local(a, s, false) => Instr::LoadLocal { a: reg(a), slot: Local(s) },
            Op::Fn(a, coin) => {
                Instr::CallFn { a: reg(a), func: FunctionIdx(u32::from(!coin)), base: Reg(2), argc: u8::from(!coin) }
            }
            Op::Exit(0) => Instr::Return {},
            Op::Exit(1) => Instr::ReturnValue { a: Reg(0) },
            Op::Exit(_) => Instr::Fail { reason: FailReason::NoTargets },
        };
        code.emit(instr);
    }
    for (l, &at) in binds.iter().enumerate() {
        if usize::from(at) >= ops.len() {
            code.bind(labels[l]);
        }
    }
    code.emit(Instr::Return {});
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("random"));
    card.actions.push(Action {
        label: None,
        costs: vec![Cost { cost: CostIdx(1), count: Some(1), filter: None }],
        entry,
    });
    card.autos.push(auto_on(END_PHASE, Some(EventPrefixIdx(2)), None, false, entry));
    bundle.add_card(card, "random.rules");
    let bytes = bundle.finish().ok()?;
    Program::load(&bytes, &CATALOGUE).ok()
}

fn game() -> TestHost {
    let mut host = TestHost::new();
    host.logging = false;
    host.add("source", P0, RING, 500);
    host.add("a", P1, RING, 300);
    host.add("b", P1, RING, 900);
    host.add("h1", P0, HAND, 0);
    host.add("h2", P0, HAND, 0);
    host
}

/// Answers until the execution ends; every other request first gets a wrong answer.
fn settle(rt: &mut Runtime<TestHost>, host: &mut TestHost, mut outcome: Outcome) -> Result<(), Trap> {
    for round in 0..64 {
        let Outcome::Suspended(exec) = outcome else {
            return Ok(());
        };
        let exec = if round % 2 == 0 {
            match rt.resume(host, exec, &[Value::Int(-99), Value::Nil]) {
                Err(ResumeError::Invalid(exec, _)) => exec,
                other => panic!("a nonsense answer was accepted: {other:?}"),
            }
        } else {
            exec
        };
        let n = usize::from(exec.request().min.max(1)).min(exec.candidates().len());
        let answer: Vec<Value> = exec.candidates()[exec.candidates().len() - n..].to_vec();
        outcome = match rt.resume(host, exec, &answer) {
            Ok(outcome) => outcome,
            Err(ResumeError::Trap(trap)) => return Err(trap),
            Err(ResumeError::Invalid(_, reason)) => panic!("a valid answer was refused: {reason}"),
            Err(ResumeError::OtherRuntime(_)) => panic!("its own runtime refused the execution"),
        };
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_verified_program_runs_without_panicking(
        ops in proptest::collection::vec(op(), 1..40),
        binds in proptest::collection::vec(0u8..45, 4),
    ) {
        let Some(program) = program(&ops, &binds) else {
            return Ok(());
        };
        let mut rt = runtime(program);
        rt.set_fuel(500);
        let mut host = game();
        if let Ok(outcome) = rt.activate(&mut host, CardId(0), CardIdx(0), P0) {
            let _ = settle(&mut rt, &mut host, outcome);
        }
        rt.enter_play(&mut host, CardId(0), CardIdx(0)).unwrap();
        rt.emit(Event::new(END_PHASE, P1));
        if let Ok(outcome) = rt.run_events(&mut host) {
            let _ = settle(&mut rt, &mut host, outcome);
        }
        for kind in [UEOT, UNAC, UYNT] {
            rt.expire(&mut host, kind, P0);
            rt.expire(&mut host, kind, P1);
        }
        rt.leave_play(&mut host, CardId(0));
        prop_assert!(rt.effects().is_empty());
    }
}
