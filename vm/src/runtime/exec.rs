//! The dispatch loop: one `match` over [`Instr`] that runs register ops and jumps itself,
//! with the other op families in `exec/` (`vars`, `expr`, `target`, `call`). [`Machine`] borrows everything one step
//! of an execution needs: the shared program and builtins, the runtime's world, the host
//! and the execution's state.
//!
//! The program was verified when it was loaded (`bytecode::load`): every register and
//! local operand is inside its frame, every index inside its table, every jump on an
//! instruction of the same entry, and every entry ends with an op that ends control. The
//! loop relies on that and indexes without re-checking; a malformed `Program` cannot be
//! built outside the loader.

mod call;
mod expr;
mod registers;
mod target;
mod vars;

pub(crate) use call::end_effects_where as end_effects;
pub(crate) use call::{Recorded, Repeat};

use crate::bytecode::{EntryIdx, FailReason, Instr, Pc};

use super::Shared;
use super::builtins::BuiltinCall;
use super::events::World;
use super::host::Host;
use super::state::{ExecState, Frame};
use super::trap::{Trap, TrapCode};
use super::value::Value;
use registers::Handoff;

/// How deep filter expressions may nest (the loader already refuses cycles).
pub(crate) const MAX_NESTING: u32 = 16;

/// How an entry ended, or that it suspended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    Return,
    ReturnValue(Value),
    Fail(FailReason),
    Suspend,
}

/// What an op asks the loop to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    Next,
    Jump(Pc),
    Suspend,
}

/// One step's view of the runtime.
// `pub` in a private module, so unreachable outside the crate: a builtin's context is a
// view of it (`CallContext: RefCast<From = Machine>`), and a public impl may not name a
// `pub(crate)` type.
pub struct Machine<'a, H> {
    pub(crate) shared: &'a Shared<H>,
    pub(crate) world: &'a mut World,
    pub(crate) host: &'a mut H,
    pub(crate) state: &'a mut ExecState,
    pub(crate) nesting: u32,
    /// The builtin being called, as its [`CallContext`](super::CallContext) (a view of this
    /// machine) shows it: a call sets these fields rather than building a context.
    pub(crate) call: BuiltinCall,
}

impl<'a, H: Host> Machine<'a, H> {
    /// A machine over the parts of one execution, calling no builtin yet.
    pub(crate) fn new(
        shared: &'a Shared<H>,
        world: &'a mut World,
        host: &'a mut H,
        state: &'a mut ExecState,
    ) -> Machine<'a, H> {
        Machine { shared, world, host, state, nesting: 0, call: BuiltinCall::NONE }
    }

    /// Takes `amount` fuel; traps when there is not enough.
    pub(crate) fn charge(&mut self, amount: u32) -> Result<(), Trap> {
        if !self.shared.metered {
            return Ok(());
        }
        match self.state.fuel.checked_sub(amount) {
            Some(left) => {
                self.state.fuel = left;
                Ok(())
            }
            None => {
                self.state.fuel = 0;
                Err(Trap::new(TrapCode::OutOfFuel))
            }
        }
    }

    /// Starts `entry` in the main frame.
    pub(crate) fn start_main(&mut self, entry: EntryIdx) -> Result<(), Trap> {
        let code = &self.shared.program.entries()[entry.index()];
        if code.n_locals() > usize::from(self.state.locals) {
            return Err(Trap::new(TrapCode::UnreachableEntry));
        }
        let base = usize::from(self.state.locals);
        self.state.regs.truncate(base);
        self.state.regs.resize(base + code.n_regs(), Value::Nil);
        self.state.frame = Some(Frame { entry, ip: 0, base: base as u16 });
        self.charge(1)
    }

    /// Runs the main frame until it ends or suspends.
    pub(crate) fn run_main(&mut self) -> Result<Flow, Trap> {
        let Some(mut frame) = self.state.frame.take() else {
            return Ok(Flow::Return);
        };
        let flow = self.run_frame(&mut frame, false)?;
        if flow == Flow::Suspend {
            self.state.frame = Some(frame);
        }
        Ok(flow)
    }

    /// Evaluates a nested entry (a filter's type expression, a selector argument, an
    /// event condition) to its value. It may not suspend.
    pub(crate) fn eval_entry(&mut self, entry: EntryIdx) -> Result<Value, Trap> {
        if self.nesting >= MAX_NESTING {
            return Err(Trap::new(TrapCode::NestingTooDeep));
        }
        let code = &self.shared.program.entries()[entry.index()];
        if code.n_locals() > usize::from(self.state.locals) {
            return Err(Trap::new(TrapCode::UnreachableEntry));
        }
        let base = self.state.regs.len();
        self.state.regs.resize(base + code.n_regs(), Value::Nil);
        self.charge(1)?;
        self.nesting += 1;
        // A builtin resolving a filter runs its entries here, and they may call builtins
        // of their own: its call is put back before it reads it again.
        let call = self.call;
        let mut frame = Frame { entry, ip: 0, base: base as u16 };
        let flow = self.run_frame(&mut frame, true);
        self.call = call;
        self.nesting -= 1;
        self.state.regs.truncate(base);
        Ok(match flow? {
            Flow::ReturnValue(value) => value,
            Flow::Return => Value::Bool(true),
            Flow::Fail(_) | Flow::Suspend => Value::Bool(false),
        })
    }

    /// Adds the location to a trap that has none.
    pub(crate) fn locate(&self, mut trap: Trap, entry: EntryIdx, pc: Pc) -> Trap {
        let program = &self.shared.program;
        if trap.card.is_none() {
            trap.card = Some(self.state.env.card);
            trap.card_key = program.card_key(self.state.env.card).map(Into::into);
        }
        if trap.at.is_none() {
            trap.at = Some((entry, pc));
            trap.line = program.debug().and_then(|debug| debug.row_at(entry, pc)).map(|row| row.line);
        }
        trap
    }

    /// The dispatch loop: the register loop runs until an op needs the machine (other than
    /// `Call`, which it makes itself), which runs here.
    pub(crate) fn run_frame(&mut self, frame: &mut Frame, nested: bool) -> Result<Flow, Trap> {
        let shared = self.shared;
        let code = &shared.program.entries()[frame.entry.index()];
        let base = frame.base as usize;
        loop {
            let (ip, step) = match self.run_ops(code, &mut frame.ip, base) {
                Handoff::Op(ip) => (ip, self.machine_op(code.instrs()[ip], base)),
                Handoff::Suspend(ip) => (ip, Ok(Step::Suspend)),
                Handoff::Trap(trap, ip) => (ip, Err(trap)),
                Handoff::End(flow) => return Ok(flow),
                Handoff::OutOfFuel(ip) => {
                    return Err(self.locate(Trap::new(TrapCode::OutOfFuel), frame.entry, code.pcs()[ip]));
                }
            };
            match step {
                Ok(Step::Next) => {}
                Ok(Step::Jump(target)) => {
                    if let Err(trap) = self.take_jump(frame, target) {
                        return Err(self.locate(trap, frame.entry, code.pcs()[ip]));
                    }
                }
                Ok(Step::Suspend) if nested => {
                    return Err(self.locate(Trap::new(TrapCode::SuspendInNestedEntry), frame.entry, code.pcs()[ip]));
                }
                Ok(Step::Suspend) => return Ok(Flow::Suspend),
                Err(trap) => return Err(self.locate(trap, frame.entry, code.pcs()[ip])),
            }
        }
    }

    /// Runs an op the register loop hands out.
    fn machine_op(&mut self, instr: Instr, base: usize) -> Result<Step, Trap> {
        match instr {
            Instr::LoadVar { a, var } => {
                let value = self.load_var(var);
                self.state.regs[base + a.0 as usize] = value;
                Ok(Step::Next)
            }
            Instr::GetAttr { a, b, attr } => {
                self.get_attr(base, a, b, attr);
                Ok(Step::Next)
            }
            Instr::CallFn { a, func, base: args, argc } => self.call_fn(base, a, func, args, argc, None),
            Instr::ListNew { a } => self.list_new(base, a),
            Instr::ListPush { a, b } => self.list_push(base, a, b),
            Instr::IterStart { a, b } => self.iter_start(base, a, b),
            Instr::Resolve { a, f } => self.resolve_op(base, a, f),
            Instr::Target { f, exit } => self.target_op(f, Some(exit)),
            Instr::TargetOpt { f } => self.target_op(f, None),
            Instr::SetTargets { a } => self.set_targets(base, a),
            Instr::Restrict { restriction, prefix } => self.restrict(restriction, prefix),
            Instr::Confirm { cmd, skip } => self.confirm(cmd, skip),
            Instr::Grant { ability } => self.grant(ability),
            Instr::Revoke { ability } => self.revoke(ability),
            Instr::May { question, skip } => self.may(question, skip),
            // The register loop runs every other op (`Call` among them, through
            // `Handoff::Call`) and never hands one out.
            _ => Ok(Step::Next),
        }
    }

    /// Moves `frame` to the instruction at `target`, charging one unit of fuel: each
    /// basic block entered by a jump pays for itself.
    pub(crate) fn take_jump(&mut self, frame: &mut Frame, target: Pc) -> Result<(), Trap> {
        let code = &self.shared.program.entries()[frame.entry.index()];
        // Verified at load: every jump target is an instruction of its entry.
        frame.ip = code.instr_index(target).unwrap_or(0) as u16;
        self.charge(1)
    }
}
