//! The verifier: checks each entry's decoded code once, at load, so that the interpreter
//! can trust it. Metadata references are checked by [`super::load`] as they are read.
//!
//! Per instruction: every operand is in range for its kind (registers and locals below the
//! entry's counts, strings, filters and constants below the table sizes, catalogue indices
//! below the catalogue's tables, jump targets on an instruction of the same entry); a
//! command or function call passes a register window inside the frame and an argument count
//! within the callee's arity. Per entry: the last instruction does not fall through. Per
//! program: no entry can reach itself through the expression and selector entries of the
//! filters it uses, so nested evaluation depth is bounded by the number of entries.

use super::error::{LoadError, corrupt};
use super::index::*;
use super::operand::Operand;
use super::ops::{Instr, OpFlag};
use super::program::{Entry, Filter};
use crate::catalogue::Catalogue;

/// The sizes an entry's operands are checked against.
pub(super) struct Tables<'c> {
    pub(super) catalogue: &'c Catalogue,
    pub(super) n_strings: usize,
    pub(super) n_filters: usize,
    pub(super) n_consts: usize,
}

/// Checks one entry whose code starts at bundle offset `base`.
pub(super) fn entry(tables: &Tables<'_>, entry_idx: usize, entry: &Entry, base: usize) -> Result<(), LoadError> {
    for (pc, instr) in entry.iter() {
        let fail = |message: String| {
            corrupt(
                base + usize::from(pc.0),
                format!("entry {entry_idx} at {:04x}: {}: {message}", pc.0, instr.info().name),
            )
        };
        let mut problem = None;
        instr.for_each_operand(|name, operand| {
            if problem.is_none() {
                problem =
                    check_operand(tables, entry, operand).err().map(|message| format!("operand `{name}`: {message}"));
            }
        });
        if let Some(message) = problem {
            return Err(fail(message));
        }
        check_call(tables.catalogue, entry, instr).map_err(fail)?;
    }
    match entry.iter().last() {
        Some((_, instr)) if instr.info().has(OpFlag::Ends) => Ok(()),
        Some((pc, instr)) => Err(corrupt(
            base + usize::from(pc.0),
            format!("entry {entry_idx} at {:04x}: {} is last, so control can run off the end", pc.0, instr.info().name),
        )),
        None => Err(corrupt(base, format!("entry {entry_idx} has no instructions"))),
    }
}

fn check_operand(tables: &Tables<'_>, entry: &Entry, operand: Operand) -> Result<(), String> {
    let below = |value: usize, len: usize, what: &str| {
        if value < len { Ok(()) } else { Err(format!("{what} {value} out of range (there are {len})")) }
    };
    match operand {
        Operand::Reg(reg) => below(usize::from(reg.0), entry.n_regs(), "register"),
        Operand::Local(local) => below(usize::from(local.0), entry.n_locals(), "local"),
        Operand::Str(idx) => below(idx.index(), tables.n_strings, "string"),
        Operand::Filter(idx) => below(idx.index(), tables.n_filters, "filter"),
        Operand::Const(idx) => below(idx.index(), tables.n_consts, "constant"),
        Operand::Catalogue(table, idx) => below(idx as usize, table.len(tables.catalogue), table.what()),
        Operand::Target(pc) => match entry.instr_index(pc) {
            Some(_) => Ok(()),
            None => Err(format!("jump target {:04x} is not an instruction of this entry", pc.0)),
        },
        Operand::Count(_)
        | Operand::Nth(_)
        | Operand::Int(_)
        | Operand::Bool(_)
        | Operand::AmountMode(_)
        | Operand::TargetList(_)
        | Operand::FailReason(_)
        | Operand::Absent => Ok(()),
    }
}

/// Turns the jump targets of freshly decoded code, which hold instruction indices (the
/// bundle's encoding), into the code offsets of those instructions; an index past the last
/// instruction is an error.
pub(super) fn resolve_targets(entry: &mut Entry, entry_idx: usize, base: usize) -> Result<(), LoadError> {
    let n_instrs = entry.instrs.len();
    for (instr, &pc) in entry.instrs.iter_mut().zip(&entry.pcs) {
        let mut bad = None;
        instr.for_each_operand(|name, operand| {
            if let Operand::Target(target) = operand
                && usize::from(target.0) >= n_instrs
            {
                bad.get_or_insert((name, target.0));
            }
        });
        if let Some((name, index)) = bad {
            return Err(corrupt(
                base + usize::from(pc.0),
                format!(
                    "entry {entry_idx} at {:04x}: {}: operand `{name}`: jump target {index} is not an \
                     instruction of this entry (it has {n_instrs})",
                    pc.0,
                    instr.info().name
                ),
            ));
        }
        let pcs = &entry.pcs;
        *instr = instr.relabel(|target| pcs.get(usize::from(target.0)).copied().unwrap_or(target));
    }
    Ok(())
}

/// The registers and locals `instrs` need: one past the highest register and local named,
/// and past every argument window `base..base + argc`. The builder sizes frames this way
/// and the loader derives them the same way, so neither count is stored.
pub(super) fn frame_size(instrs: &[Instr]) -> (usize, usize) {
    let (mut n_regs, mut n_locals) = (0, 0);
    for instr in instrs {
        instr.for_each_operand(|_, operand| match operand {
            Operand::Reg(reg) => n_regs = n_regs.max(usize::from(reg.0) + 1),
            Operand::Local(local) => n_locals = n_locals.max(usize::from(local.0) + 1),
            _ => {}
        });
        if let Instr::Call { base, argc, .. } | Instr::CallFn { base, argc, .. } = *instr {
            n_regs = n_regs.max(usize::from(base.0) + usize::from(argc));
        }
    }
    (n_regs, n_locals)
}

/// The argument window and arity of `Call` and `CallFn`.
fn check_call(catalogue: &Catalogue, entry: &Entry, instr: &Instr) -> Result<(), String> {
    let (name, min, max, base, argc) = match *instr {
        Instr::Call { cmd, base, argc } => match catalogue.commands.get(cmd.index()) {
            Some(spec) => (spec.name, spec.min_args(), spec.max_args(), base, argc),
            None => return Ok(()),
        },
        Instr::CallFn { func, base, argc, .. } => match catalogue.functions.get(func.index()) {
            Some(spec) => (spec.name, usize::from(spec.min_args), usize::from(spec.max_args), base, argc),
            None => return Ok(()),
        },
        _ => return Ok(()),
    };
    let end = usize::from(base.0) + usize::from(argc);
    if end > entry.n_regs() {
        return Err(format!("arguments r{}..r{end} run past the {} registers", base.0, entry.n_regs()));
    }
    let argc = usize::from(argc);
    if argc < min || argc > max {
        let arity = if min == max { format!("{min}") } else { format!("{min} to {max}") };
        return Err(format!("{argc} arguments to `{name}`, which takes {arity}"));
    }
    Ok(())
}

/// Checks that no entry can reach itself through filters: entry `e` calls entry `g` when
/// `e`'s code uses a filter whose type expression, selector argument or computed value is
/// `g`. Kahn's
/// algorithm, no recursion; `code_offsets[e]` locates entry `e` for the message.
pub(super) fn entry_graph(entries: &[Entry], filters: &[Filter], code_offsets: &[usize]) -> Result<(), LoadError> {
    let filter_callees = |filter: &Filter| filter.entries().collect::<Vec<_>>();
    let callees: Vec<Vec<EntryIdx>> = filters.iter().map(filter_callees).collect();
    let mut successors: Vec<Vec<usize>> = vec![Vec::new(); entries.len()];
    let mut predecessors: Vec<Vec<usize>> = vec![Vec::new(); entries.len()];
    for (caller, entry) in entries.iter().enumerate() {
        for instr in entry.instrs() {
            instr.for_each_operand(|_, operand| {
                if let Operand::Filter(filter) = operand {
                    for callee in callees.get(filter.index()).into_iter().flatten() {
                        if let Some(list) = predecessors.get_mut(callee.index()) {
                            list.push(caller);
                            if let Some(out) = successors.get_mut(caller) {
                                out.push(callee.index());
                            }
                        }
                    }
                }
            });
        }
    }
    let mut n_preds: Vec<usize> = predecessors.iter().map(Vec::len).collect();
    let mut ready: Vec<usize> = (0..entries.len()).filter(|&e| n_preds[e] == 0).collect();
    let mut done = 0;
    while let Some(entry) = ready.pop() {
        done += 1;
        for &next in successors.get(entry).into_iter().flatten() {
            if let Some(count) = n_preds.get_mut(next) {
                *count -= 1;
                if *count == 0 {
                    ready.push(next);
                }
            }
        }
    }
    if done == entries.len() {
        return Ok(());
    }
    // Every entry left has a predecessor that is also left; walking predecessors as many
    // steps as there are entries therefore ends on a cycle.
    let Some(mut entry) = (0..entries.len()).find(|&e| n_preds[e] > 0) else {
        return Ok(());
    };
    for _ in 0..entries.len() {
        let left = predecessors.get(entry).and_then(|preds| preds.iter().find(|&&p| n_preds[p] > 0));
        match left {
            Some(&previous) => entry = previous,
            None => break,
        }
    }
    Err(corrupt(
        code_offsets.get(entry).copied().unwrap_or(0),
        format!("entry {entry} can reach itself through the filters it uses"),
    ))
}
