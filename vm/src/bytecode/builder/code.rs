//! [`CodeBuilder`]: one entry's code, encoded as it is emitted, with labels and source rows.

use super::*;
use crate::bytecode::error::BuildError;
use crate::bytecode::format::*;
use crate::bytecode::index::*;
use crate::bytecode::operand::{varint_len, write_varint};
use crate::bytecode::ops::{EncodeError, Instr, decode_code};

/// Assembles the code of one entry, encoding each instruction as it is emitted.
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
    /// Boxed: builders are handed around by value (to [`BundleBuilder::add_entry`] and back
    /// from [`BundleBuilder::code_builder`]), so that moving one moves a pointer.
    pub(super) state: Box<CodeState>,
}

/// The state of a [`CodeBuilder`].
#[derive(Debug, Clone, Default)]
pub(super) struct CodeState {
    /// The code as the bundle stores it, except that every jump target is a one-byte
    /// placeholder listed in `jumps` (its instruction index is written once the entry is
    /// complete: see [`CodeBuilder::encode`]).
    pub(super) bytes: Vec<u8>,
    /// The number of instructions emitted.
    pub(super) n_instrs: usize,
    /// Each jump-target placeholder: its position in `bytes` and its label.
    pub(super) jumps: Vec<(usize, Label)>,
    /// The instruction index each label is bound to.
    pub(super) labels: Vec<Option<usize>>,
    pub(super) rows: Vec<PendingRow>,
    /// A `Call` or `CallFn` whose argument window runs past [`MAX_REGS`].
    pub(super) wide_call: bool,
    /// Instructions with an operand that does not fit its encoding: the first such
    /// operand, and what those instructions add to the size and frame of the entry (their
    /// bytes are left out of `bytes`, which stays a sequence of whole instructions).
    pub(super) unencodable: Option<Box<Unencodable>>,
    /// The first misuse (boxed: errors are rare).
    pub(super) error: Option<Box<BuildError>>,
}

impl CodeState {
    /// Whether the entry is the common one: no misuse, every operand encoded, every jump
    /// target fits its one-byte placeholder, within the limits. Its code is then exactly
    /// `bytes` with the targets written in ([`patch_targets`]).
    pub(super) fn is_plain(&self) -> bool {
        self.error.is_none()
            && self.unencodable.is_none()
            && !self.wide_call
            && self.n_instrs <= ONE_BYTE_TARGETS
            && self.bytes.len() <= MAX_ENTRY_LEN
    }
}

/// Writes the target instruction of each of `jumps` into its placeholder in `code` (a copy
/// of [`CodeState::bytes`], or those bytes themselves); false when a label is unbound or
/// past the entry's `n_instrs`.
pub(super) fn patch_targets(
    jumps: &[(usize, Label)],
    labels: &[Option<usize>],
    n_instrs: usize,
    code: &mut [u8],
) -> bool {
    for &(at, label) in jumps {
        match (labels.get(label.0 as usize), code.get_mut(at)) {
            (Some(&Some(index)), Some(byte)) if index < n_instrs => *byte = index as u8,
            _ => return false,
        }
    }
    true
}

/// What [`CodeBuilder`] keeps of the instructions it could not encode.
#[derive(Debug, Clone)]
pub(super) struct Unencodable {
    /// The first operand that did not fit.
    pub(super) first: EncodeError,
    /// The bytes the instructions would have taken before their operand that did not fit.
    pub(super) partial_bytes: usize,
    /// The registers and locals they name.
    pub(super) frame: (usize, usize),
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
        self.state.labels.push(None);
        Label::new_index(self.state.labels.len() - 1)
    }

    /// Binds `label` to the offset of the next instruction emitted.
    pub fn bind(&mut self, label: Label) {
        match self.state.labels.get_mut(label.0 as usize) {
            Some(slot @ None) => *slot = Some(self.state.n_instrs),
            Some(Some(_)) => self.fail(BuildError::Label(format!("label {} bound twice", label.0))),
            None => self.fail(BuildError::Label(format!("label {} was not made here", label.0))),
        }
    }

    /// Appends `instr`; its jump targets are labels of this builder.
    pub fn emit(&mut self, instr: Instr<Label>) {
        let start = self.state.bytes.len();
        let jumps = &mut self.state.jumps;
        let encoded = instr.encode_with_placeholders(|at, label| jumps.push((at, label)), &mut self.state.bytes);
        if let Err(error) = encoded {
            self.skip_unencodable(instr, start, error);
        }
        // A register or local operand is a byte, so only an argument window can take
        // a frame past `MAX_REGS`.
        if let Instr::Call { base, argc, .. } | Instr::CallFn { base, argc, .. } = instr {
            self.state.wide_call |= usize::from(base.0) + usize::from(argc) > MAX_REGS;
        }
        self.state.n_instrs += 1;
    }

    /// Takes the bytes of `instr`, which could not be encoded, out of the code again.
    pub(super) fn skip_unencodable(&mut self, instr: Instr<Label>, start: usize, error: EncodeError) {
        let partial_bytes = self.state.bytes.len() - start;
        self.state.bytes.truncate(start);
        while self.state.jumps.last().is_some_and(|&(at, _)| at >= start) {
            self.state.jumps.pop();
        }
        let (n_regs, n_locals) = crate::bytecode::verify::frame_size(&[instr.relabel(|_| Pc(0))]);
        let unencodable = self
            .state
            .unencodable
            .get_or_insert_with(|| Box::new(Unencodable { first: error, partial_bytes: 0, frame: (0, 0) }));
        unencodable.partial_bytes += partial_bytes;
        unencodable.frame = (unencodable.frame.0.max(n_regs), unencodable.frame.1.max(n_locals));
    }

    /// Records that the instructions emitted from now on come from `location`.
    pub fn set_location(&mut self, location: SourceLocation<'_>) {
        let row = PendingRow {
            at: self.state.n_instrs,
            line: location.line,
            line_start: location.line_start,
            span_start: location.span_start,
            span_end: location.span_end,
            text: location.text.into(),
        };
        match self.state.rows.last_mut() {
            Some(last) if last.at == row.at => *last = row,
            Some(last) if PendingRow { at: row.at, ..last.clone() } == row => {}
            _ => self.state.rows.push(row),
        }
    }

    /// The instruction index `label` is bound to, if it is.
    pub(super) fn bound(&self, label: Label) -> Option<usize> {
        self.state.labels.get(label.0 as usize).copied().flatten()
    }

    /// The byte offset the next instruction will have. Operand sizes depend on their
    /// values, a jump target's on the index of the instruction its label is bound to: a label
    /// not bound yet counts at its widest (3 bytes), so the value never falls short of the
    /// final offset, and it is exact once every label used is bound (as when the entry is
    /// complete: `current_pc() > MAX_ENTRY_LEN` then says the entry is too long). Takes time
    /// proportional to the number of jumps emitted so far.
    pub fn current_pc(&self) -> usize {
        let target_width = |&(_, label): &(usize, Label)| {
            let index = self.bound(label).map_or(u16::MAX, |index| u16::try_from(index).unwrap_or(u16::MAX));
            varint_len(u32::from(index))
        };
        let placeholders = self.state.jumps.len();
        let partial_bytes = self.state.unencodable.as_ref().map_or(0, |unencodable| unencodable.partial_bytes);
        self.state.bytes.len() - placeholders + self.state.jumps.iter().map(target_width).sum::<usize>() + partial_bytes
    }

    /// The number of instructions emitted so far.
    pub fn len(&self) -> usize {
        self.state.n_instrs
    }

    /// Whether nothing has been emitted yet.
    pub fn is_empty(&self) -> bool {
        self.state.n_instrs == 0
    }

    pub(super) fn fail(&mut self, error: BuildError) {
        self.state.error.get_or_insert_with(|| Box::new(error));
    }

    /// Appends the entry's code as the bundle stores it (jump targets as instruction
    /// indices) to `out`. On an error, `out` may hold part of the code. An operand that
    /// does not fit its encoding is not an error here: it goes to `unencodable` (the
    /// first one), since the bundle writer reports those after every other entry error.
    pub(super) fn encode(&self, out: &mut Vec<u8>, unencodable: &mut Option<EncodeError>) -> Result<(), BuildError> {
        if self.encode_plain(out) { Ok(()) } else { self.encode_checked(out, unencodable) }
    }

    /// [`CodeBuilder::encode`] for the common entry ([`CodeState::is_plain`]). Appends the
    /// code to `out` and returns true when the entry is such; else leaves `out` as it was
    /// and returns false.
    pub(super) fn encode_plain(&self, out: &mut Vec<u8>) -> bool {
        let state = &*self.state;
        if !state.is_plain() {
            return false;
        }
        let start = out.len();
        out.extend_from_slice(&state.bytes);
        let patched =
            out.get_mut(start..).is_some_and(|code| patch_targets(&state.jumps, &state.labels, state.n_instrs, code));
        if !patched {
            out.truncate(start);
        }
        patched
    }

    /// [`CodeBuilder::encode_plain`] in place: writes the jump targets of a plain entry into
    /// its own bytes, which are then the code as the bundle stores it, and returns true; for
    /// another entry returns false (having written some targets, perhaps, which
    /// [`CodeBuilder::encode`] writes again).
    pub(super) fn patch_plain(&mut self) -> bool {
        let state = &mut *self.state;
        state.is_plain() && patch_targets(&state.jumps, &state.labels, state.n_instrs, &mut state.bytes)
    }

    /// [`CodeBuilder::encode`] for any entry, reporting what is wrong with it.
    pub(super) fn encode_checked(
        &self,
        out: &mut Vec<u8>,
        unencodable: &mut Option<EncodeError>,
    ) -> Result<(), BuildError> {
        if let Some(error) = &self.state.error {
            return Err(BuildError::clone(error));
        }
        let n_instrs = self.state.n_instrs;
        if n_instrs > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {n_instrs} instructions (at most {MAX_ENTRY_LEN})")));
        }
        if let Some(skipped) = &self.state.unencodable {
            unencodable.get_or_insert(skipped.first);
        }
        let start = out.len();
        let mut bad = None;
        // Jump targets become instruction indices, which is what the bundle stores.
        let mut target = |label: Label| match self.bound(label) {
            Some(index) if index < n_instrs => index as u32,
            Some(_) => {
                bad.get_or_insert_with(|| format!("label {} is bound after the last instruction", label.0));
                0
            }
            None => {
                bad.get_or_insert_with(|| format!("label {} used but never bound", label.0));
                0
            }
        };
        if n_instrs <= ONE_BYTE_TARGETS {
            // Every target fits its one-byte placeholder: write them in place.
            out.extend_from_slice(&self.state.bytes);
            let code = out.get_mut(start..).unwrap_or_default();
            for &(at, label) in &self.state.jumps {
                if let Some(byte) = code.get_mut(at) {
                    *byte = target(label) as u8;
                }
            }
        } else {
            let mut copied = 0;
            for &(at, label) in &self.state.jumps {
                out.extend_from_slice(self.state.bytes.get(copied..at).unwrap_or(&[]));
                write_varint(target(label), out);
                copied = at + 1;
            }
            out.extend_from_slice(self.state.bytes.get(copied..).unwrap_or(&[]));
        }
        if let Some(message) = bad {
            return Err(BuildError::Label(message));
        }
        let len = out.len() - start + self.state.unencodable.as_ref().map_or(0, |skipped| skipped.partial_bytes);
        if len > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {len} bytes (at most {MAX_ENTRY_LEN})")));
        }
        if self.state.wide_call {
            return Err(self.wide_call_error(out.get(start..).unwrap_or(&[])));
        }
        Ok(())
    }

    /// The error for an entry whose argument window runs past [`MAX_REGS`], naming the
    /// registers and locals of its code, `encoded`.
    pub(super) fn wide_call_error(&self, encoded: &[u8]) -> BuildError {
        let instrs: Vec<Instr> = match decode_code(encoded) {
            Ok(instrs) => instrs.into_iter().map(|(_, instr)| instr).collect(),
            Err(_) => Vec::new(),
        };
        let (mut n_regs, mut n_locals) = crate::bytecode::verify::frame_size(&instrs);
        if let Some(skipped) = &self.state.unencodable {
            (n_regs, n_locals) = (n_regs.max(skipped.frame.0), n_locals.max(skipped.frame.1));
        }
        BuildError::Limit(format!("an entry using {n_regs} registers and {n_locals} locals (at most {MAX_REGS} each)"))
    }

    /// Empties the builder, keeping its buffers.
    pub(super) fn clear(&mut self) {
        self.state.bytes.clear();
        self.state.n_instrs = 0;
        self.state.jumps.clear();
        self.state.labels.clear();
        self.state.rows.clear();
        self.state.wide_call = false;
        self.state.unencodable = None;
        self.state.error = None;
    }
}

/// Entries of at most this many instructions have every jump target (an instruction index)
/// in one varint byte.
pub(super) const ONE_BYTE_TARGETS: usize = 0x80;

const _: () = assert!(MAX_REGS > u8::MAX as usize, "a register operand alone fits any frame");

impl Label {
    pub(super) fn new_index(index: usize) -> Label {
        Label(u32::try_from(index).unwrap_or(u32::MAX))
    }
}
