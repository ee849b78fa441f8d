//! The register loop: the ops that only read and write the frame's registers (loads,
//! moves, arithmetic, comparisons, indexing, iteration) and the jumps run here, on the
//! execution's fields borrowed apart, so the registers, the lists, the status and the fuel
//! stay in locals from one op to the next. It hands the first op that needs the host, the
//! builtins or the statement state back to `Machine::run_frame`.

use crate::bytecode::{CompareOp, Const, Entry, Instr, Pc, Program, TargetList};

use super::expr::{self, Arith};
use crate::runtime::state::ExecState;
use crate::runtime::value::{Lists, Value, truthy};

/// Why the register loop stopped.
pub(super) enum Handoff {
    /// The op at this index needs the machine (`ip` already points past it).
    Op(usize, Instr),
    /// The jump or list comparison at this index found no fuel left.
    OutOfFuel(usize),
}

/// Runs from `*ip` until an op the loop does not run; `base` is the frame's first register.
pub(super) fn run(
    state: &mut ExecState,
    program: &Program,
    code: &Entry,
    ip: &mut u16,
    base: usize,
    metered: bool,
) -> Handoff {
    let ExecState { regs, lists, fuel, targets, previous_targets, rule_targets, succeeded, .. } = state;
    // Locals, not fields: the loop keeps them in machine registers.
    let regs = regs.as_mut_slice();
    let lists: &Lists = lists;
    let (targets, previous, rule, succeeded) = (*targets, *previous_targets, *rule_targets, *succeeded);
    let mut fuel_left = *fuel;
    let instrs = code.instrs();
    let mut next = usize::from(*ip);
    loop {
        // Verified at load: the last instruction ends control, so `next` stays in range,
        // and every register and local operand is inside the frame.
        let at = next;
        let instr = instrs[at];
        next += 1;
        let target: Pc = match instr {
            Instr::Move { a, b } => {
                regs[base + a.0 as usize] = regs[base + b.0 as usize];
                continue;
            }
            Instr::LoadInt { a, imm } => {
                regs[base + a.0 as usize] = Value::Int(imm);
                continue;
            }
            Instr::LoadBool { a, value } => {
                regs[base + a.0 as usize] = Value::Bool(value);
                continue;
            }
            Instr::LoadNil { a } => {
                regs[base + a.0 as usize] = Value::Nil;
                continue;
            }
            Instr::LoadStr { a, s } => {
                regs[base + a.0 as usize] = Value::Str(s);
                continue;
            }
            Instr::LoadConst { a, k } => {
                regs[base + a.0 as usize] = match program.consts()[k.index()] {
                    Const::Pile(zone) => Value::Pile(zone),
                    Const::Word { word, .. } => Value::Int(i32::from(word)),
                    Const::RuleSwitch(switch) => Value::RuleSwitch(switch),
                };
                continue;
            }
            Instr::LoadFilter { a, f } => {
                regs[base + a.0 as usize] = Value::Filter(f);
                continue;
            }
            Instr::LoadAsk { a } => {
                regs[base + a.0 as usize] = Value::Ask;
                continue;
            }
            Instr::LoadTargets { a, list } => {
                let id = match list {
                    TargetList::Current => targets,
                    TargetList::Previous => previous,
                    TargetList::Rule => rule,
                };
                regs[base + a.0 as usize] = Value::List(id);
                continue;
            }
            Instr::LoadLocal { a, slot } => {
                regs[base + a.0 as usize] = regs[slot.0 as usize];
                continue;
            }
            Instr::StoreLocal { slot, b } => {
                regs[slot.0 as usize] = regs[base + b.0 as usize];
                continue;
            }
            Instr::MakeAmount { a, b, mode } => {
                regs[base + a.0 as usize] = expr::make_amount(regs[base + b.0 as usize], mode);
                continue;
            }
            Instr::Index { a, b, n } => {
                regs[base + a.0 as usize] = expr::index(regs[base + b.0 as usize], n, lists);
                continue;
            }
            Instr::Add { a, b, c } => {
                // Integers first: the general path also takes booleans and overflow.
                let (x, y) = (regs[base + b.0 as usize], regs[base + c.0 as usize]);
                regs[base + a.0 as usize] = match (x, y) {
                    (Value::Int(x), Value::Int(y)) => x.checked_add(y).map_or(Value::Nil, Value::Int),
                    _ => expr::arith(x, y, Arith::Add),
                };
                continue;
            }
            Instr::Sub { a, b, c } | Instr::Mul { a, b, c } => {
                let op = if matches!(instr, Instr::Sub { .. }) { Arith::Sub } else { Arith::Mul };
                regs[base + a.0 as usize] = expr::arith(regs[base + b.0 as usize], regs[base + c.0 as usize], op);
                continue;
            }
            Instr::Div { a, b, c } | Instr::Rem { a, b, c } => {
                let op = if matches!(instr, Instr::Div { .. }) { Arith::Div } else { Arith::Rem };
                regs[base + a.0 as usize] = expr::arith(regs[base + b.0 as usize], regs[base + c.0 as usize], op);
                continue;
            }
            Instr::Neg { a, b } => {
                regs[base + a.0 as usize] = expr::neg(regs[base + b.0 as usize]);
                continue;
            }
            Instr::Not { a, b } => {
                regs[base + a.0 as usize] = Value::Bool(!truthy(regs[base + b.0 as usize], lists));
                continue;
            }
            Instr::Lt { a, b, c } => {
                let (x, y) = (regs[base + b.0 as usize], regs[base + c.0 as usize]);
                let less = match (x, y) {
                    (Value::Int(x), Value::Int(y)) => x < y,
                    _ => expr::compare(x, y, CompareOp::Lt, lists),
                };
                regs[base + a.0 as usize] = Value::Bool(less);
                continue;
            }
            Instr::Eq { a, b, c }
            | Instr::Ne { a, b, c }
            | Instr::Le { a, b, c }
            | Instr::Gt { a, b, c }
            | Instr::Ge { a, b, c } => {
                let op = match instr {
                    Instr::Eq { .. } => CompareOp::Eq,
                    Instr::Ne { .. } => CompareOp::Ne,
                    Instr::Le { .. } => CompareOp::Le,
                    Instr::Gt { .. } => CompareOp::Gt,
                    _ => CompareOp::Ge,
                };
                let (x, y) = (regs[base + b.0 as usize], regs[base + c.0 as usize]);
                // Two lists compare element by element: a unit of fuel per element keeps a
                // loop of comparisons within the budget, as for the work of a builtin.
                let elements =
                    if matches!(op, CompareOp::Eq | CompareOp::Ne) { expr::elements_compared(x, y, lists) } else { 0 };
                if metered && elements > 0 {
                    match fuel_left.checked_sub(elements) {
                        Some(left) => fuel_left = left,
                        None => {
                            *fuel = 0;
                            *ip = next as u16;
                            return Handoff::OutOfFuel(at);
                        }
                    }
                }
                regs[base + a.0 as usize] = Value::Bool(expr::compare(x, y, op, lists));
                continue;
            }
            Instr::IterNext { a, it, exit } => match regs[base + it.0 as usize] {
                Value::Iter(list, pos) => match lists.get(list).get(pos as usize).copied() {
                    Some(item) => {
                        regs[base + it.0 as usize] = Value::Iter(list, pos + 1);
                        regs[base + a.0 as usize] = item;
                        continue;
                    }
                    None => exit,
                },
                _ => exit,
            },
            Instr::Jump { target } => target,
            Instr::JumpIf { a, target } => match regs[base + a.0 as usize] {
                Value::Bool(false) => continue,
                Value::Bool(true) => target,
                value if truthy(value, lists) => target,
                _ => continue,
            },
            Instr::JumpIfNot { a, target } => match regs[base + a.0 as usize] {
                Value::Bool(true) => continue,
                Value::Bool(false) => target,
                value if truthy(value, lists) => continue,
                _ => target,
            },
            Instr::JumpIfFailed { target } | Instr::JumpIfSucceeded { target } => {
                if succeeded != matches!(instr, Instr::JumpIfSucceeded { .. }) {
                    continue;
                }
                target
            }
            _ => {
                *ip = next as u16;
                *fuel = fuel_left;
                return Handoff::Op(at, instr);
            }
        };
        // Verified at load: every jump target is an instruction of its entry. Each basic
        // block entered by a jump pays one unit of fuel.
        next = code.instr_index(target).unwrap_or(0);
        if metered {
            match fuel_left.checked_sub(1) {
                Some(left) => fuel_left = left,
                None => {
                    *fuel = 0;
                    *ip = next as u16;
                    return Handoff::OutOfFuel(at);
                }
            }
        }
    }
}
