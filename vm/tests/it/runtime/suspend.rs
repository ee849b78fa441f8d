//! Suspension: target choices, type choices, the choice of action, builtins that ask
//! (once or several times), functions that ask; resuming, resuming a clone, and refused
//! answers that leave the execution resumable.

use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

/// `damage(300) to(<1>character@oppRing)`.
fn choose_one_program() -> Program {
    damage_to_filter(300, |_| {
        let mut f = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
        f.qty = Some(Qty::Exact(1));
        f
    })
}

fn board() -> (TestHost, CardId) {
    let (mut host, source) = host_with_source();
    host.add("x", P1, RING, 300);
    host.add("y", P1, RING, 400);
    (host, source)
}

/// [`choose_one_program`] activated on [`board`]: its runtime, its host, and the execution
/// suspended on the choice of target.
fn asking_for_a_target() -> (Runtime<TestHost>, TestHost, Execution) {
    let mut rt = runtime(choose_one_program());
    let (mut host, source) = board();
    let exec = rt.activate(&mut host, source, CardIdx(0), P0).unwrap().suspended().expect("asks");
    (rt, host, exec)
}

#[test]
fn a_target_choice_suspends_and_resumes() {
    let (mut rt, mut host, exec) = asking_for_a_target();
    let request = exec.request();
    assert_eq!(request.kind, RequestKind::Targets);
    assert_eq!(request.chooser, P0);
    assert_eq!((request.min, request.max), (1, 1));
    assert_eq!(exec.candidates(), &[Value::Card(CardId(1)), Value::Card(CardId(2))]);
    host.take_log();
    let done = rt.resume(&mut host, exec, &[Value::Card(CardId(2))]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["damage Card(CardId(2)) 300"]);
}

#[test]
fn a_clone_resumes_independently() {
    let (mut rt, mut host, exec) = asking_for_a_target();
    host.take_log();

    // AI search: try the other answer on clones of everything.
    let mut rt2 = rt.clone();
    let mut host2 = host.clone();
    let exec2 = exec.clone();
    let done = rt2.resume(&mut host2, exec2, &[Value::Card(CardId(1))]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert_eq!(host2.commands(), vec!["damage Card(CardId(1)) 300"]);
    assert_eq!(host2.cards[1].bp, 0);

    // The original is untouched and still resumable.
    assert_eq!(host.cards[1].bp, 300);
    let done = rt.resume(&mut host, exec, &[Value::Card(CardId(2))]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["damage Card(CardId(2)) 300"]);
    assert_eq!((host.cards[1].bp, host.cards[2].bp), (300, 100));
}

/// A clone made into another suspended execution (`clone_from`, which keeps that one's box
/// and buffers: a copy of a game made in a spare game) is the original: the same request
/// and candidates, and resumed it does what the original does.
#[test]
fn a_clone_made_into_another_execution_resumes_as_the_original() {
    let (mut rt, mut host, exec) = asking_for_a_target();
    let (mut other_host, source) = board();
    other_host.add("z", P1, RING, 500);
    let mut into = rt.activate(&mut other_host, source, CardIdx(0), P0).unwrap().suspended().expect("asks");
    assert_eq!(into.candidates().len(), 3);
    into.clone_from(&exec);
    assert_eq!(into.request(), exec.request());
    assert_eq!(into.candidates(), exec.candidates());
    assert_eq!(into.env(), exec.env());
    host.take_log();
    let done = rt.resume(&mut host, into, &[Value::Card(CardId(2))]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["damage Card(CardId(2)) 300"]);
}

#[test]
fn invalid_answers_are_refused_and_the_execution_stays_resumable() {
    let (mut rt, mut host, mut exec) = asking_for_a_target();
    let bad: [&[Value]; 4] =
        [&[], &[Value::Card(CardId(1)), Value::Card(CardId(2))], &[Value::Card(CardId(0))], &[Value::Int(1)]];
    let reasons = [
        InvalidAnswer::Count { given: 0, min: 1, max: 1 },
        InvalidAnswer::Count { given: 2, min: 1, max: 1 },
        InvalidAnswer::NotACandidate(Value::Card(CardId(0))),
        InvalidAnswer::NotACandidate(Value::Int(1)),
    ];
    for (answer, expected) in bad.into_iter().zip(reasons) {
        match rt.resume(&mut host, exec, answer) {
            Err(ResumeError::Invalid(back, reason)) => {
                assert_eq!(reason, expected);
                exec = back;
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
    host.take_log();
    let done = rt.resume(&mut host, exec, &[Value::Card(CardId(1))]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["damage Card(CardId(1)) 300"]);
}

#[test]
fn duplicates_are_refused() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut f = filter(TypeAtom::CardType(CHARACTER), zone(Some(OPP), RING));
    f.qty = Some(Qty::Range { min: 1, max: 2 });
    let f = bundle.add_filter(f);
    let mut code = CodeBuilder::new();
    code.emit(Instr::TargetOpt { f });
    emit_damage(&mut code, 1);
    code.emit(Instr::Return {});
    add_action_card(&mut bundle, "card", code);
    let mut rt = runtime(load(bundle));
    let (mut host, source) = board();
    let exec = rt.activate(&mut host, source, CardIdx(0), P0).unwrap().suspended().expect("asks");
    assert_eq!((exec.request().min, exec.request().max), (1, 2));
    let x = Value::Card(CardId(1));
    let Err(ResumeError::Invalid(exec, reason)) = rt.resume(&mut host, exec, &[x, x]) else { panic!("refused") };
    assert_eq!(reason, InvalidAnswer::Duplicate(x));
    host.take_log();
    rt.resume(&mut host, exec, &[x, Value::Card(CardId(2))]).unwrap();
    assert_eq!(host.commands(), vec!["damage Card(CardId(1)) 1", "damage Card(CardId(2)) 1"]);
}

#[test]
fn a_single_candidate_is_taken_without_asking() {
    let mut rt = runtime(choose_one_program());
    let (mut host, source) = host_with_source();
    host.add("x", P1, RING, 300);
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["damage Card(CardId(1)) 300"]);
}

/// `to(opp,character@oppRing)`: the player first picks the type, then the target.
#[test]
fn a_type_choice_comes_first() {
    let mut rt = runtime(damage_to_filter(50, |_| {
        let mut f = filter(TypeAtom::Opp, zone(Some(OPP), RING));
        f.types.push(TypeTerm {
            exclude_source: false,
            negate: false,
            plural: false,
            atom: TypeAtom::CardType(CHARACTER),
        });
        f
    }));

    for (ty, then, expected) in
        [(0, None, "damage Player(PlayerId(1)) 50"), (1, Some(Value::Card(CardId(2))), "damage Card(CardId(2)) 50")]
    {
        let (mut host, source) = board();
        let exec = rt.activate(&mut host, source, CardIdx(0), P0).unwrap().suspended().expect("asks");
        assert_eq!(exec.request().kind, RequestKind::TargetType);
        assert_eq!(exec.candidates(), &[Value::Int(0), Value::Int(1)]);
        let mut outcome = rt.resume(&mut host, exec, &[Value::Int(ty)]).unwrap();
        if let Some(card) = then {
            let exec = outcome.suspended().expect("asks for the character");
            assert_eq!(exec.request().kind, RequestKind::Targets);
            outcome = rt.resume(&mut host, exec, &[card]).unwrap();
        }
        assert_eq!(outcome.done(), Some(Completion::Success));
        assert_eq!(host.commands(), vec![expected]);
    }
}

/// A builtin that asks twice keeps its progress in `step`.
#[test]
fn a_builtin_may_ask_several_times() {
    let mut code = CodeBuilder::new();
    chain(&mut code, "pick2 & ok");
    code.emit(Instr::Return {});
    let mut rt = runtime(one_action(code));
    let (mut host, source) = board();
    let exec = rt.activate(&mut host, source, CardIdx(0), P0).unwrap().suspended().expect("first question");
    assert_eq!(exec.request().kind, RequestKind::Command(CommandIdx::new(PICK2), 1));
    assert_eq!(exec.candidates().len(), 3);
    let exec = rt.resume(&mut host, exec, &[Value::Int(30)]).unwrap().suspended().expect("second question");
    assert_eq!(exec.request().kind, RequestKind::Command(CommandIdx::new(PICK2), 2));
    // 10 is no longer offered.
    let Err(ResumeError::Invalid(exec, _)) = rt.resume(&mut host, exec, &[Value::Int(10)]) else { panic!() };
    let done = rt.resume(&mut host, exec, &[Value::Int(20)]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    assert_eq!(host.commands(), vec!["pick2 first Int(30)", "pick2 second Some(Int(20))", "ok"]);
}

/// `[[if flipCoin()]] a`: a function may ask too.
#[test]
fn a_function_may_ask() {
    let mut code = CodeBuilder::new();
    let skip = code.new_label();
    code.emit(Instr::CallFn { a: Reg(0), func: FunctionIdx(0), base: Reg(1), argc: 0 });
    code.emit(Instr::JumpIfNot { a: Reg(0), target: skip });
    chain(&mut code, "a");
    code.bind(skip);
    code.emit(Instr::Return {});
    let mut rt = runtime(one_action(code));
    for (call, expected) in [(0, vec!["a"]), (1, vec![])] {
        let (mut host, source) = board();
        let exec = rt.activate(&mut host, source, CardIdx(0), P0).unwrap().suspended().expect("heads or tails");
        assert_eq!(exec.request().kind, RequestKind::Function(FunctionIdx(0)));
        rt.resume(&mut host, exec, &[Value::Int(call)]).unwrap();
        assert_eq!(host.commands(), expected);
    }
}

#[test]
fn a_suspended_execution_is_small() {
    let (_rt, _host, exec) = asking_for_a_target();
    assert_eq!(size_of::<Execution>(), 8);
    // A clone (what search stores; the execution handed out keeps the buffers it ran
    // with): the handle, its state and every buffer, within the aim of 256 bytes.
    let clone = exec.clone();
    assert!(clone.footprint() <= 256, "footprint {}", clone.footprint());
    assert_eq!(clone.candidates(), exec.candidates());
}

/// Issue 16, defect 7: an execution handed out by one runtime, resumed by a runtime of
/// another program, used to index that program's tables with its own indices and panic.
/// It is refused and handed back; its own runtime (or a clone) still resumes it.
#[test]
fn an_execution_resumes_only_on_its_own_runtime() {
    let (mut rt, mut host, exec) = asking_for_a_target();
    let mut code = CodeBuilder::new();
    code.emit(Instr::Return {});
    let mut other = runtime(one_action(code));
    let answer = [exec.candidates()[0]];
    let exec = match other.resume(&mut host, exec, &answer) {
        Err(ResumeError::OtherRuntime(exec)) => exec,
        result => panic!("another program's runtime accepted the execution: {result:?}"),
    };
    // The same program loaded into a second runtime is another runtime too.
    let mut twin = runtime(choose_one_program());
    let exec = match twin.resume(&mut host, exec, &answer) {
        Err(ResumeError::OtherRuntime(exec)) => exec,
        result => panic!("a second runtime accepted the execution: {result:?}"),
    };
    let mut clone = rt.clone();
    let done = clone.resume(&mut host, exec.clone(), &answer).expect("a clone resumes it");
    assert_eq!(done.done(), Some(Completion::Success));
    let done = rt.resume(&mut host, exec, &answer).expect("its runtime resumes it");
    assert_eq!(done.done(), Some(Completion::Success));
}
