//! Hand-assembled bundles that pass the verifier but pass builtins arguments no compiler
//! writes (keyword indices outside their set, negative or huge integers, wrong kinds):
//! every builtin must trap or fail cleanly, never panic (issue 16, defect 3).

use stdlib::names::HAND;
use stdlib::{CATALOGUE, Command, builtins};
use vm::bytecode::{Action, BundleBuilder, Card, CardIdx, CodeBuilder, CommandIdx, Instr, Program, Reg, VariableIdx};
use vm::runtime::{Outcome, ResumeError, Runtime, TrapCode, Value};

use crate::support::*;

/// A value a hostile bundle can put in an argument register.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Arg {
    Int(i32),
    Bool(bool),
    Nil,
    Ask,
    /// The host's answer for a variable: any value of any kind.
    Var(VariableIdx),
}

/// A program whose one action loads `args` into registers and calls `cmd` with them;
/// `None` when the verifier refuses it (a wrong argument count).
fn call_program(cmd: CommandIdx, args: &[Arg]) -> Option<Program> {
    let bytes = call_bundle(cmd, args)?;
    Some(Program::load(&bytes, &CATALOGUE).expect("a bundle the builder verified loads"))
}

/// The bundle of [`call_program`]'s program.
pub(crate) fn call_bundle(cmd: CommandIdx, args: &[Arg]) -> Option<Vec<u8>> {
    let mut code = CodeBuilder::new();
    for (i, arg) in args.iter().enumerate() {
        let a = Reg(i as u8);
        code.emit(match *arg {
            Arg::Int(imm) => Instr::LoadInt { a, imm },
            Arg::Bool(value) => Instr::LoadBool { a, value },
            Arg::Nil => Instr::LoadNil { a },
            Arg::Ask => Instr::LoadAsk { a },
            Arg::Var(var) => Instr::LoadVar { a, var },
        });
    }
    code.emit(Instr::Call { cmd, base: Reg(0), argc: args.len() as u8 });
    code.emit(Instr::Return {});
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("hostile"));
    card.actions.push(Action { label: None, costs: vec![], entry });
    bundle.add_card(card, "hostile.rules");
    bundle.finish().ok()
}

/// Runs `cmd(args)` from a character in play on a small board, answering every request
/// with its first `min` candidates (at most 20 requests); returns the trap, if any
/// (nothing when the verifier refused the call).
fn run_call(cmd: CommandIdx, args: &[Arg]) -> Option<TrapCode> {
    let program = call_program(cmd, args)?;
    let mut runtime = Runtime::new(program, &CATALOGUE, builtins::<RecordingBoard>());
    let mut host = RecordingBoard::new();
    let me = host.character("Me", P0, 0, 500);
    host.character("Them", P1, 1, 800);
    host.cards(&["a", "b"], ACTION, P0, HAND);
    host.cards(&["c"], ACTION, P1, HAND);
    host.cards[me.0 as usize].rules = Some(CardIdx(0));
    runtime.enter_play(&mut host, me, CardIdx(0)).expect("card 0 exists");
    let mut outcome = match runtime.activate(&mut host, me, CardIdx(0), P0) {
        Ok(outcome) => outcome,
        Err(trap) => return Some(trap.code),
    };
    for _ in 0..20 {
        let Outcome::Suspended(exec) = outcome else { break };
        let answer: Vec<Value> = exec.candidates().iter().take(usize::from(exec.request().min)).copied().collect();
        outcome = match runtime.resume(&mut host, exec, &answer) {
            Ok(outcome) => outcome,
            Err(ResumeError::Trap(trap)) => return Some(trap.code),
            Err(other) => panic!("{cmd:?}: a valid answer was refused: {other}"),
        };
    }
    None
}

#[test]
fn alter_cost_with_a_cost_type_outside_the_catalogue_traps() {
    let cmd = CommandIdx(Command::AlterCost as u32);
    assert_eq!(run_call(cmd, &[Arg::Int(65535), Arg::Int(1)]), Some(TrapCode::BadArgument));
    assert_eq!(run_call(cmd, &[Arg::Int(-1), Arg::Int(1)]), Some(TrapCode::BadArgument));
    assert_eq!(run_call(cmd, &[Arg::Int(1), Arg::Int(1)]), None, "a cost type of the set is accepted");
}

#[test]
fn keyword_arguments_outside_their_set_trap() {
    let cases = [
        (Command::ModCost, vec![Arg::Int(5), Arg::Int(1)]),
        (Command::Skip, vec![Arg::Int(8)]),
        (Command::Skip, vec![Arg::Int(i32::MIN)]),
        (Command::Freeze, vec![Arg::Int(1)]),
        (Command::Freeze, vec![Arg::Bool(true)]),
    ];
    for (command, args) in cases {
        let cmd = CommandIdx(command as u32);
        assert_eq!(run_call(cmd, &args), Some(TrapCode::BadArgument), "{command:?}{args:?}");
    }
}

/// Every command with every argument count up to three, each argument an extreme or
/// wrongly kinded value: no builtin panics.
#[test]
fn no_builtin_panics_on_hostile_arguments() {
    let values = [
        Arg::Int(65535),
        Arg::Int(-1),
        Arg::Int(i32::MAX),
        Arg::Int(i32::MIN),
        Arg::Int(0),
        Arg::Bool(true),
        Arg::Nil,
        Arg::Ask,
    ];
    for &command in Command::ALL {
        let cmd = CommandIdx(command as u32);
        run_call(cmd, &[]);
        for &a in &values {
            run_call(cmd, &[a]);
            for &b in &values {
                run_call(cmd, &[a, b]);
                run_call(cmd, &[b, a, a]);
            }
        }
    }
}
