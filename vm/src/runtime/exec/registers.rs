//! The register loop: runs an entry's execution form (`bytecode::Op`, 8 bytes, jump
//! targets as instruction indices): the ops that only read and write the frame's registers
//! (loads, moves, arithmetic, comparisons, indexing, iteration), the jumps,
//! `EndStatement` and `Call`, with the frame's registers borrowed apart from the rest of
//! the execution and the fuel in a local, so they stay at hand from one op to the next
//! (a call takes them up again after it returns). It hands the first other op that needs
//! the host or the builtins back to `Machine::run_frame`.

use crate::bytecode::{CommandIdx, CompareOp, Const, Entry, Op, Reg, TargetList};

use super::expr::{self, Arith};
use super::{Flow, Machine};
use crate::runtime::builtins::Status;
use crate::runtime::host::Host;
use crate::runtime::trap::Trap;
use crate::runtime::value::{self, Lists, Value, truthy};

/// `EndStatement`: `P := T; T := G; X := none; St := success` (field by field: the
/// frame's registers stay borrowed).
macro_rules! end_statement {
    ($state:expr) => {{
        $state.previous_targets = $state.targets;
        $state.targets = $state.rule_targets;
        $state.restriction = None;
        $state.succeeded = true;
    }};
}

/// Why the register loop stopped.
pub(super) enum Handoff {
    /// The instruction at this index needs the machine (`ip` already points past it).
    Op(usize),
    /// The builtin called at this index suspended (`ip` already points past it).
    Suspend(usize),
    /// The builtin called at this index trapped.
    Trap(Trap, usize),
    /// The jump or list comparison at this index found no fuel left.
    OutOfFuel(usize),
    /// The entry ended (`ip` is left where it was).
    End(Flow),
}

impl<H: Host> Machine<'_, H> {
    /// Runs from `*ip` until an op the loop does not run; `base` is the frame's first register.
    pub(super) fn run_ops(&mut self, code: &Entry, ip: &mut u16, base: usize) -> Handoff {
        let shared = self.shared;
        let (program, metered) = (&shared.program, shared.metered);
        // The frame's registers apart from what lies below them (the locals first), so an
        // operand indexes its slice directly; the other fields are reached through `self.state`.
        let (mut below, mut frame) = self.state.regs.split_at_mut(base);
        let mut fuel_left = self.state.fuel;
        // What a unit of work costs: nothing when unmetered, so that paying needs no test
        // of `metered` (at every jump of a metered execution).
        let fuel_unit = u32::from(metered);
        let ops = code.ops();
        let mut next = usize::from(*ip);
        'ops: loop {
            // Verified at load: the last instruction ends control, so `next` stays in range,
            // and every register and local operand is inside the frame.
            let mut at = next;
            next += 1;
            // Takes `units` of fuel, or hands back at this op when there are not that many.
            macro_rules! pay_or_out_of_fuel {
                ($units:expr) => {
                    match fuel_left.checked_sub($units) {
                        Some(left) => fuel_left = left,
                        None => {
                            self.state.fuel = 0;
                            *ip = next as u16;
                            return Handoff::OutOfFuel(at);
                        }
                    }
                };
            }
            // Two lists compare element by element: a unit of fuel per element keeps a loop of
            // comparisons within the budget, as for the work of a builtin.
            macro_rules! equal_or_out_of_fuel {
                ($x:expr, $y:expr) => {{
                    let (x, y) = ($x, $y);
                    let elements = expr::elements_compared(x, y, &self.state.lists);
                    if elements > 0 {
                        pay_or_out_of_fuel!(elements * fuel_unit);
                    }
                    value::equal(x, y, &self.state.lists)
                }};
            }
            // A jump's target, or the loop goes on to a builtin call (below) with these operands.
            let (cmd, args, argc, end) = 'call: {
                let target = match ops[at] {
                    Op::Move { a, b } => {
                        frame[a as usize] = frame[b as usize];
                        continue 'ops;
                    }
                    Op::LoadInt { a, imm } => {
                        frame[a as usize] = Value::Int(imm);
                        continue 'ops;
                    }
                    Op::LoadAmount { a, out, mode, imm } => {
                        frame[a as usize] = Value::Int(imm);
                        frame[out as usize] = Value::Amount(mode, imm);
                        next += 1;
                        continue 'ops;
                    }
                    Op::LoadAmountInPlace { a, mode, imm } => {
                        frame[a as usize] = Value::Amount(mode, imm);
                        next += 1;
                        continue 'ops;
                    }
                    Op::LoadBool { a, value } => {
                        frame[a as usize] = Value::Bool(value);
                        continue 'ops;
                    }
                    Op::LoadNil { a } => {
                        frame[a as usize] = Value::Nil;
                        continue 'ops;
                    }
                    Op::LoadStr { a, s } => {
                        frame[a as usize] = Value::Str(s);
                        continue 'ops;
                    }
                    Op::LoadConst { a, k } => {
                        frame[a as usize] = match program.consts()[k.index()] {
                            Const::Pile(zone) => Value::Pile(zone),
                            Const::Word { word, .. } => Value::Int(i32::from(word)),
                            Const::RuleSwitch(switch) => Value::RuleSwitch(switch),
                        };
                        continue 'ops;
                    }
                    Op::LoadFilter { a, f } => {
                        frame[a as usize] = Value::Filter(f);
                        continue 'ops;
                    }
                    Op::LoadAsk { a } => {
                        frame[a as usize] = Value::Ask;
                        continue 'ops;
                    }
                    Op::LoadTargets { a, list } => {
                        let id = match list {
                            TargetList::Current => self.state.targets,
                            TargetList::Previous => self.state.previous_targets,
                            TargetList::Rule => self.state.rule_targets,
                        };
                        frame[a as usize] = Value::List(id);
                        continue 'ops;
                    }
                    Op::LoadLocal { a, slot } => {
                        frame[a as usize] = below[slot as usize];
                        continue 'ops;
                    }
                    Op::StoreLocal { slot, b } => {
                        below[slot as usize] = frame[b as usize];
                        continue 'ops;
                    }
                    Op::MakeAmount { a, b, mode } => {
                        frame[a as usize] = expr::make_amount(frame[b as usize], mode);
                        continue 'ops;
                    }
                    Op::Index { a, b, n } => {
                        frame[a as usize] = expr::index(frame[b as usize], n, &self.state.lists);
                        continue 'ops;
                    }
                    Op::Add { a, b, c } => {
                        // Integers first: the general path also takes booleans and overflow.
                        let (x, y) = (frame[b as usize], frame[c as usize]);
                        frame[a as usize] = match (x, y) {
                            (Value::Int(x), Value::Int(y)) => x.checked_add(y).map_or(Value::Nil, Value::Int),
                            _ => expr::arith(x, y, Arith::Add),
                        };
                        continue 'ops;
                    }
                    Op::Sub { a, b, c } => {
                        frame[a as usize] = expr::arith(frame[b as usize], frame[c as usize], Arith::Sub);
                        continue 'ops;
                    }
                    Op::Mul { a, b, c } => {
                        frame[a as usize] = expr::arith(frame[b as usize], frame[c as usize], Arith::Mul);
                        continue 'ops;
                    }
                    Op::Div { a, b, c } => {
                        frame[a as usize] = expr::arith(frame[b as usize], frame[c as usize], Arith::Div);
                        continue 'ops;
                    }
                    Op::Rem { a, b, c } => {
                        frame[a as usize] = expr::arith(frame[b as usize], frame[c as usize], Arith::Rem);
                        continue 'ops;
                    }
                    Op::Neg { a, b } => {
                        frame[a as usize] = expr::neg(frame[b as usize]);
                        continue 'ops;
                    }
                    Op::Not { a, b } => {
                        frame[a as usize] = Value::Bool(!truthy(frame[b as usize], &self.state.lists));
                        continue 'ops;
                    }
                    Op::Lt { a, b, c } => {
                        let (x, y) = (frame[b as usize], frame[c as usize]);
                        let less = match (x, y) {
                            (Value::Int(x), Value::Int(y)) => x < y,
                            _ => expr::compare(x, y, CompareOp::Lt, &self.state.lists),
                        };
                        frame[a as usize] = Value::Bool(less);
                        continue 'ops;
                    }
                    Op::Eq { a, b, c } | Op::Ne { a, b, c } => {
                        let (x, y) = (frame[b as usize], frame[c as usize]);
                        let equal = equal_or_out_of_fuel!(x, y);
                        frame[a as usize] = Value::Bool(equal == matches!(ops[at], Op::Eq { .. }));
                        continue 'ops;
                    }
                    Op::LtJump { a, b, c, when, target } => {
                        let (x, y) = (frame[b as usize], frame[c as usize]);
                        let less = match (x, y) {
                            (Value::Int(x), Value::Int(y)) => x < y,
                            _ => expr::compare(x, y, CompareOp::Lt, &self.state.lists),
                        };
                        frame[a as usize] = Value::Bool(less);
                        // From here on this is the jump's turn, the op after this one.
                        at = next;
                        next += 1;
                        if less != when {
                            continue 'ops;
                        }
                        target
                    }
                    Op::LeJump { a, b, c, when, target } => {
                        let (x, y) = (frame[b as usize], frame[c as usize]);
                        let holds = expr::compare(x, y, CompareOp::Le, &self.state.lists);
                        frame[a as usize] = Value::Bool(holds);
                        at = next;
                        next += 1;
                        if holds != when {
                            continue 'ops;
                        }
                        target
                    }
                    Op::EqJump { a, b, c, ne, when, target } => {
                        let (x, y) = (frame[b as usize], frame[c as usize]);
                        let holds = equal_or_out_of_fuel!(x, y) != ne;
                        frame[a as usize] = Value::Bool(holds);
                        at = next;
                        next += 1;
                        if holds != when {
                            continue 'ops;
                        }
                        target
                    }
                    Op::Le { a, b, c } => {
                        compare(frame, a, b, c, CompareOp::Le, &self.state.lists);
                        continue 'ops;
                    }
                    Op::Gt { a, b, c } => {
                        compare(frame, a, b, c, CompareOp::Gt, &self.state.lists);
                        continue 'ops;
                    }
                    Op::Ge { a, b, c } => {
                        compare(frame, a, b, c, CompareOp::Ge, &self.state.lists);
                        continue 'ops;
                    }
                    Op::IterNext { a, it, exit } => match frame[it as usize] {
                        Value::Iter(list, pos) => match self.state.lists.get(list).get(pos as usize).copied() {
                            Some(item) => {
                                frame[it as usize] = Value::Iter(list, pos + 1);
                                frame[a as usize] = item;
                                continue 'ops;
                            }
                            None => exit,
                        },
                        _ => exit,
                    },
                    Op::Jump { target } => target,
                    Op::JumpIf { a, target } => match frame[a as usize] {
                        Value::Bool(false) => continue 'ops,
                        Value::Bool(true) => target,
                        value if truthy(value, &self.state.lists) => target,
                        _ => continue 'ops,
                    },
                    Op::JumpIfNot { a, target } => match frame[a as usize] {
                        Value::Bool(true) => continue 'ops,
                        Value::Bool(false) => target,
                        value if truthy(value, &self.state.lists) => continue 'ops,
                        _ => target,
                    },
                    Op::JumpIfFailed { target } if !self.state.succeeded => target,
                    Op::JumpIfSucceeded { target } if self.state.succeeded => target,
                    Op::JumpIfFailed { .. } | Op::JumpIfSucceeded { .. } => continue 'ops,
                    Op::EndStatement => {
                        end_statement!(self.state);
                        continue 'ops;
                    }
                    Op::Return | Op::ReturnValue { .. } | Op::Fail { .. } => {
                        let flow = match ops[at] {
                            Op::ReturnValue { a } => Flow::ReturnValue(frame[a as usize]),
                            Op::Fail { reason } => Flow::Fail(reason),
                            _ => Flow::Return,
                        };
                        // An ended frame is dropped: its position is not kept.
                        self.state.fuel = fuel_left;
                        return Handoff::End(flow);
                    }
                    Op::Call { cmd, base: args, argc, end } => break 'call (cmd, args, argc, end),
                    Op::CallAmount { cmd, base: args, mode, imm, end } => {
                        frame[args as usize] = Value::Amount(mode, i32::from(imm));
                        // From here on this is the call's turn, two ops further on (past the
                        // `MakeAmount`), as if the ops in between had run.
                        at += 2;
                        next = at + 1;
                        break 'call (CommandIdx(u32::from(cmd)), args, 1, end);
                    }
                    Op::Machine => {
                        *ip = next as u16;
                        self.state.fuel = fuel_left;
                        return Handoff::Op(at);
                    }
                };
                // Each basic block entered by a jump pays one unit of fuel.
                next = usize::from(target);
                pay_or_out_of_fuel!(fuel_unit);
                continue 'ops;
            };
            // In the loop: it goes on after a call without handing back, and only the
            // frame and the fuel are taken up again.
            self.state.fuel = fuel_left;
            let status = match self.call(base, cmd, Reg(args), argc, None) {
                Ok(Status::Suspend) => {
                    *ip = next as u16;
                    return Handoff::Suspend(at);
                }
                Ok(status) => status,
                Err(trap) => {
                    *ip = next as u16;
                    return Handoff::Trap(trap, at);
                }
            };
            // The builtin saw this machine: what it points to is read again, once.
            let state = &mut *self.state;
            if end {
                // The `EndStatement` after the call, fused with it (`St := success`).
                end_statement!(state);
                next += 1;
            } else {
                state.record_status(status);
            }
            fuel_left = state.fuel;
            (below, frame) = self.state.regs.split_at_mut(base);
        }
    }
}

/// `R[a] := R[b] op R[c]` for the comparisons without a fast path.
fn compare(frame: &mut [Value], a: u8, b: u8, c: u8, op: CompareOp, lists: &Lists) {
    frame[a as usize] = Value::Bool(expr::compare(frame[b as usize], frame[c as usize], op, lists));
}
