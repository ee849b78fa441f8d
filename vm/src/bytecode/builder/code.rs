//! [`CodeBuilder`]: one entry's instructions, with labels and source rows, encoded when the
//! entry is added to the bundle.

use super::*;
use crate::bytecode::error::BuildError;
use crate::bytecode::format::*;
use crate::bytecode::index::*;
use crate::bytecode::ops::{EncodeError, Instr};
use crate::bytecode::verify::frame_size;

/// Assembles the code of one entry.
///
/// ```
/// use vm::bytecode::{CodeBuilder, Instr, Reg};
/// let mut code = CodeBuilder::new();
/// let done = code.new_label();
/// code.emit(Instr::JumpIfNot { a: Reg(0), target: done });
/// code.emit(Instr::LoadInt { a: Reg(0), imm: 300 });
/// code.bind(done);
/// code.emit(Instr::Return {});
/// ```
#[derive(Debug, Clone, Default)]
pub struct CodeBuilder {
    /// The instructions emitted, their jump targets still labels.
    instrs: Vec<Instr<Label>>,
    /// The instruction index each label is bound to.
    labels: Vec<Option<usize>>,
    pub(super) rows: Vec<PendingRow>,
    /// The first misuse of a label.
    label_error: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PendingRow {
    /// The index of the first instruction the row covers.
    pub(super) at: usize,
    pub(super) line: u32,
    pub(super) line_start: u32,
    pub(super) span_start: u32,
    pub(super) span_end: u32,
    pub(super) text: Box<str>,
}

impl CodeBuilder {
    /// An empty entry.
    pub fn new() -> CodeBuilder {
        CodeBuilder::default()
    }

    /// A new, unbound label.
    pub fn new_label(&mut self) -> Label {
        self.labels.push(None);
        Label(u32::try_from(self.labels.len() - 1).unwrap_or(u32::MAX))
    }

    /// Binds `label` to the offset of the next instruction emitted.
    pub fn bind(&mut self, label: Label) {
        match self.labels.get_mut(label.0 as usize) {
            Some(slot @ None) => *slot = Some(self.instrs.len()),
            Some(Some(_)) => self.fail(format!("label {} bound twice", label.0)),
            None => self.fail(format!("label {} was not made here", label.0)),
        }
    }

    /// Appends `instr`; its jump targets are labels of this builder.
    pub fn emit(&mut self, instr: Instr<Label>) {
        self.instrs.push(instr);
    }

    /// Records that the instructions emitted from now on come from `location`.
    pub fn set_location(&mut self, location: SourceLocation<'_>) {
        let row = PendingRow {
            at: self.instrs.len(),
            line: location.line,
            line_start: location.line_start,
            span_start: location.span_start,
            span_end: location.span_end,
            text: location.text.into(),
        };
        match self.rows.last_mut() {
            Some(last) if last.at == row.at => *last = row,
            Some(last) if PendingRow { at: row.at, ..last.clone() } == row => {}
            _ => self.rows.push(row),
        }
    }

    /// The instruction index `label` is bound to, if it is.
    fn bound(&self, label: Label) -> Option<usize> {
        self.labels.get(label.0 as usize).copied().flatten()
    }

    /// The byte offset the next instruction will have. Operand sizes depend on their
    /// values, a jump target's on the index of the instruction its label is bound to: a label
    /// not bound yet counts at its widest (3 bytes), so the value never falls short of the
    /// final offset, and it is exact once every label used is bound (as when the entry is
    /// complete: `current_pc() > MAX_ENTRY_LEN` then says the entry is too long). Takes time
    /// proportional to the number of instructions emitted so far.
    pub fn current_pc(&self) -> usize {
        let target = |label| Pc(self.bound(label).map_or(u16::MAX, |index| u16::try_from(index).unwrap_or(u16::MAX)));
        self.instrs.iter().map(|instr| instr.relabel(target).size()).sum()
    }

    /// The number of instructions emitted so far.
    pub fn len(&self) -> usize {
        self.instrs.len()
    }

    /// Whether nothing has been emitted yet.
    pub fn is_empty(&self) -> bool {
        self.instrs.is_empty()
    }

    /// Empties the builder, keeping its buffers.
    pub(super) fn clear(&mut self) {
        self.instrs.clear();
        self.labels.clear();
        self.rows.clear();
        self.label_error = None;
    }

    fn fail(&mut self, message: String) {
        self.label_error.get_or_insert(message);
    }

    /// Appends the entry's code as the bundle stores it (jump targets as instruction
    /// indices) to `out`. On an error, `out` may hold part of the code. An operand that
    /// does not fit its encoding is not an error here: the first one goes to `unencodable`
    /// (the instruction's bytes before it stay in `out`, so that the entry's length counts
    /// them), since the bundle writer reports those after every other entry error.
    pub(super) fn encode(&self, out: &mut Vec<u8>, unencodable: &mut Option<EncodeError>) -> Result<(), BuildError> {
        if let Some(message) = &self.label_error {
            return Err(BuildError::Label(message.clone()));
        }
        let n_instrs = self.instrs.len();
        if n_instrs > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {n_instrs} instructions (at most {MAX_ENTRY_LEN})")));
        }
        let start = out.len();
        let mut bad_label = None;
        // Jump targets become instruction indices, which is what the bundle stores.
        let mut target = |label: Label| match self.bound(label) {
            Some(index) if index < n_instrs => Pc(index as u16),
            Some(_) => {
                bad_label.get_or_insert_with(|| format!("label {} is bound after the last instruction", label.0));
                Pc(0)
            }
            None => {
                bad_label.get_or_insert_with(|| format!("label {} used but never bound", label.0));
                Pc(0)
            }
        };
        // A register or local operand is a byte, so only an argument window can take a
        // frame past `MAX_REGS`.
        let mut wide_call = false;
        for instr in &self.instrs {
            if let Instr::Call { base, argc, .. } | Instr::CallFn { base, argc, .. } = *instr {
                wide_call |= usize::from(base.0) + usize::from(argc) > MAX_REGS;
            }
            if let Err(error) = instr.encode_with(out, &mut target) {
                unencodable.get_or_insert(error);
            }
        }
        if let Some(message) = bad_label {
            return Err(BuildError::Label(message));
        }
        let len = out.len() - start;
        if len > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {len} bytes (at most {MAX_ENTRY_LEN})")));
        }
        if wide_call {
            let instrs: Vec<Instr> = self.instrs.iter().map(|instr| instr.relabel(|_| Pc(0))).collect();
            let (n_regs, n_locals) = frame_size(&instrs);
            return Err(BuildError::Limit(format!(
                "an entry using {n_regs} registers and {n_locals} locals (at most {MAX_REGS} each)"
            )));
        }
        Ok(())
    }
}

const _: () = assert!(MAX_REGS > u8::MAX as usize, "a register operand alone fits any frame");
