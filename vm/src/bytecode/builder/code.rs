//! [`CodeBuilder`]: one entry's instructions, with labels and source rows, encoded as they
//! are emitted; jump targets are written when the entry is added to the bundle, once every
//! label is bound.

use super::*;
use crate::bytecode::error::BuildError;
use crate::bytecode::format::*;
use crate::bytecode::index::*;
use crate::bytecode::operand::{Codec, JumpTarget};
use crate::bytecode::ops::{EncodeError, Instr, decode_code};
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
    /// The instructions emitted, encoded; a jump target is a one-byte `0` until the entry is
    /// added.
    bytes: Vec<u8>,
    /// What `bytes` still lacks, in the order emitted.
    pending: Vec<Pending>,
    /// The number of instructions emitted (`u32`s keep the builder small: it is moved as it
    /// is handed out, filled and added).
    n_instrs: u32,
    /// Whether an argument window may take the frame past `MAX_REGS` (a register or local
    /// operand is a byte, so only an argument window can).
    wide_call: bool,
    /// The instruction index each label is bound to.
    labels: Vec<Option<usize>>,
    pub(super) rows: Vec<PendingRow>,
    /// The first misuse of a label.
    label_error: Option<String>,
}

/// An instruction whose bytes are not final when it is emitted.
#[derive(Debug, Clone, Copy)]
enum Pending {
    /// A jump to `label`, whose bytes in `bytes` end at `end` with a one-byte `0` for its
    /// target (the last operand of every op that has one).
    Jump { end: u32, label: Label },
    /// An instruction with an operand that does not fit, left out of `bytes`: it is encoded
    /// at `at` when the entry is added, so that its error and the bytes written before the
    /// operand come in order.
    Unencodable { at: u32, instr: Instr<Label> },
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
            Some(slot @ None) => *slot = Some(self.n_instrs as usize),
            Some(Some(_)) => self.fail(format!("label {} bound twice", label.0)),
            None => self.fail(format!("label {} was not made here", label.0)),
        }
    }

    /// Appends `instr`; its jump targets are labels of this builder.
    pub fn emit(&mut self, instr: Instr<Label>) {
        self.n_instrs = self.n_instrs.saturating_add(1);
        if let Instr::Call { base, argc, .. } | Instr::CallFn { base, argc, .. } = instr {
            self.wide_call |= usize::from(base.0) + usize::from(argc) > MAX_REGS;
        }
        // (Offsets past `u32::MAX` saturate: such an entry is far past `MAX_ENTRY_LEN`, and
        // `encode` reports it before reading them.)
        let offset = |offset: usize| u32::try_from(offset).unwrap_or(u32::MAX);
        let at = self.bytes.len();
        let mut jump = None;
        let encoded = instr.encode_with(&mut self.bytes, |label| {
            jump = Some(label);
            Pc(0)
        });
        if encoded.is_err() {
            self.bytes.truncate(at);
            self.pending.push(Pending::Unencodable { at: offset(at), instr });
        } else if let Some(label) = jump {
            self.pending.push(Pending::Jump { end: offset(self.bytes.len()), label });
        }
    }

    /// Records that the instructions emitted from now on come from `location`.
    pub fn set_location(&mut self, location: SourceLocation<'_>) {
        let row = PendingRow {
            at: self.n_instrs as usize,
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
    /// proportional to the number of jumps emitted so far.
    pub fn current_pc(&self) -> usize {
        let target = |label| Pc(self.bound(label).map_or(u16::MAX, |index| u16::try_from(index).unwrap_or(u16::MAX)));
        let pending = |pending: &Pending| match *pending {
            Pending::Jump { label, .. } => JumpTarget::width(target(label)).unwrap_or(1) - 1,
            Pending::Unencodable { instr, .. } => instr.relabel(target).size(),
        };
        self.bytes.len() + self.pending.iter().map(pending).sum::<usize>()
    }

    /// The number of instructions emitted so far.
    pub fn len(&self) -> usize {
        self.n_instrs as usize
    }

    /// Whether nothing has been emitted yet.
    pub fn is_empty(&self) -> bool {
        self.n_instrs == 0
    }

    /// The instructions as emitted: the code as the bundle stores it but with each jump
    /// target a one-byte `0` (and without an instruction that does not fit).
    pub(super) fn emitted_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Empties the builder, keeping its buffers.
    pub(super) fn clear(&mut self) {
        self.bytes.clear();
        self.pending.clear();
        self.n_instrs = 0;
        self.wide_call = false;
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
        let n_instrs = self.n_instrs as usize;
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
        let bytes = |from: usize, to: usize| self.bytes.get(from..to).unwrap_or_default();
        let mut written = 0;
        for pending in &self.pending {
            match *pending {
                Pending::Jump { end, label } => {
                    let end = end as usize;
                    out.extend_from_slice(bytes(written, end.saturating_sub(1)));
                    let _ = JumpTarget::encode(target(label), out);
                    written = end;
                }
                Pending::Unencodable { at, instr } => {
                    let at = at as usize;
                    out.extend_from_slice(bytes(written, at));
                    if let Err(error) = instr.encode_with(out, &mut target) {
                        unencodable.get_or_insert(error);
                    }
                    written = at;
                }
            }
        }
        out.extend_from_slice(bytes(written, self.bytes.len()));
        if let Some(message) = bad_label {
            return Err(BuildError::Label(message));
        }
        let len = out.len() - start;
        if len > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {len} bytes (at most {MAX_ENTRY_LEN})")));
        }
        if self.wide_call {
            let (n_regs, n_locals) = frame_size(&self.instrs());
            return Err(BuildError::Limit(format!(
                "an entry using {n_regs} registers and {n_locals} locals (at most {MAX_REGS} each)"
            )));
        }
        Ok(())
    }

    /// The instructions emitted, jump targets as `Pc(0)`.
    fn instrs(&self) -> Vec<Instr> {
        let mut instrs = Vec::with_capacity(self.n_instrs as usize);
        let mut written = 0;
        let unencodable = self.pending.iter().filter_map(|pending| match *pending {
            Pending::Unencodable { at, instr } => Some((at as usize, Some(instr))),
            Pending::Jump { .. } => None,
        });
        for (at, instr) in unencodable.chain([(self.bytes.len(), None)]) {
            // `bytes` holds whole instructions only (a jump's target reads as `Pc(0)`).
            let decoded = decode_code(self.bytes.get(written..at).unwrap_or_default()).unwrap_or_default();
            instrs.extend(decoded.into_iter().map(|(_, instr)| instr));
            instrs.extend(instr.map(|instr| instr.relabel(|_| Pc(0))));
            written = at;
        }
        instrs
    }
}

const _: () = assert!(size_of::<CodeBuilder>() <= 128, "moved as it is handed out, filled and added");
const _: () = assert!(MAX_REGS > u8::MAX as usize, "a register operand alone fits any frame");
