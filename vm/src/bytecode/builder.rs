//! The encoder API the compiler's codegen calls: [`CodeBuilder`] assembles one entry with
//! labels and source locations; [`BundleBuilder`] interns strings, collects filters,
//! constants, entries and cards, and writes the bundle bytes.
//!
//! Neither builder returns errors as it goes: a limit of the format that is exceeded or a
//! label misused is remembered, and [`BundleBuilder::finish`] reports the first one. Before
//! returning the bytes, `finish` loads them back against the catalogue, so a bundle that
//! the builder returns always loads.

use std::collections::HashMap;

use super::format::*;
use super::index::*;
use super::load::LoadError;
use super::operand::Operand;
use super::ops::Instr;
use super::program::*;
use crate::catalogue::Catalogue;

/// Where the instructions that follow came from, for the debug section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceLocation<'s> {
    /// 1-based line number.
    pub line: u32,
    /// Byte offset of the line's first character in the file.
    pub line_start: u32,
    /// Byte offset where the statement's span starts in the file.
    pub span_start: u32,
    /// Byte offset where it ends.
    pub span_end: u32,
    /// The text of the whole line (without its newline).
    pub text: &'s str,
}

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
    instrs: Vec<Instr<Label>>,
    pcs: Vec<usize>,
    len: usize,
    labels: Vec<Option<usize>>,
    rows: Vec<PendingRow>,
    n_regs: usize,
    n_locals: usize,
    error: Option<BuildError>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct PendingRow {
    pc: usize,
    line: u32,
    line_start: u32,
    span_start: u32,
    span_end: u32,
    text: Box<str>,
}

impl CodeBuilder {
    /// An empty entry.
    pub fn new() -> CodeBuilder {
        CodeBuilder::default()
    }

    /// A new, unbound label.
    pub fn new_label(&mut self) -> Label {
        self.labels.push(None);
        Label::new_index(self.labels.len() - 1)
    }

    /// Binds `label` to the offset of the next instruction emitted.
    pub fn bind(&mut self, label: Label) {
        match self.labels.get_mut(label.0 as usize) {
            Some(slot @ None) => *slot = Some(self.len),
            Some(Some(_)) => self.fail(BuildError::Label(format!("label {} bound twice", label.0))),
            None => self.fail(BuildError::Label(format!("label {} was not made here", label.0))),
        }
    }

    /// Appends `instr`; its jump targets are labels of this builder.
    pub fn emit(&mut self, instr: Instr<Label>) {
        let decoded = instr.relabel(|_| Pc(0));
        decoded.for_each_operand(|_, operand| match operand {
            Operand::Reg(reg) => self.n_regs = self.n_regs.max(usize::from(reg.0) + 1),
            Operand::Local(local) => self.n_locals = self.n_locals.max(usize::from(local.0) + 1),
            _ => {}
        });
        if let Instr::Call { base, argc, .. } | Instr::CallFn { base, argc, .. } = decoded {
            self.n_regs = self.n_regs.max(usize::from(base.0) + usize::from(argc));
        }
        self.instrs.push(instr);
        self.pcs.push(self.len);
        self.len += decoded.size();
    }

    /// Records that the instructions emitted from now on come from `location`.
    pub fn set_location(&mut self, location: SourceLocation<'_>) {
        let row = PendingRow {
            pc: self.len,
            line: location.line,
            line_start: location.line_start,
            span_start: location.span_start,
            span_end: location.span_end,
            text: location.text.into(),
        };
        match self.rows.last_mut() {
            Some(last) if last.pc == row.pc => *last = row,
            Some(last) if PendingRow { pc: row.pc, ..last.clone() } == row => {}
            _ => self.rows.push(row),
        }
    }

    /// Offset the next instruction will have.
    pub fn current_pc(&self) -> usize {
        self.len
    }

    /// Whether nothing has been emitted yet.
    pub fn is_empty(&self) -> bool {
        self.instrs.is_empty()
    }

    fn fail(&mut self, error: BuildError) {
        self.error.get_or_insert(error);
    }

    /// Resolves labels and computes the frame size.
    fn finish(self) -> Result<(Entry, Vec<PendingRow>), BuildError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        if self.len > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {} bytes (at most {MAX_ENTRY_LEN})", self.len)));
        }
        if self.n_regs > MAX_REGS || self.n_locals > MAX_REGS {
            return Err(BuildError::Limit(format!(
                "an entry using {} registers and {} locals (at most {MAX_REGS} each)",
                self.n_regs, self.n_locals
            )));
        }
        let mut unbound = None;
        let labels = &self.labels;
        let instrs = self
            .instrs
            .into_iter()
            .map(|instr| {
                instr.relabel(|label| match labels.get(label.0 as usize).copied().flatten() {
                    Some(pc) => Pc(pc as u16),
                    None => {
                        unbound.get_or_insert(label);
                        Pc(0)
                    }
                })
            })
            .collect();
        if let Some(label) = unbound {
            return Err(BuildError::Label(format!("label {} used but never bound", label.0)));
        }
        let pcs = self.pcs.iter().map(|&pc| Pc(pc as u16)).collect();
        let rows = self.rows.into_iter().filter(|row| row.pc < self.len).collect();
        let entry = Entry {
            n_regs: self.n_regs as u16,
            n_locals: self.n_locals as u16,
            code_len: self.len as u32,
            instrs,
            pcs,
        };
        Ok((entry, rows))
    }
}

impl Label {
    fn new_index(index: usize) -> Label {
        Label(u32::try_from(index).unwrap_or(u32::MAX))
    }
}

/// Builds a bundle for one catalogue.
///
/// ```
/// use vm::bytecode::*;
/// # use vm::catalogue::*;
/// # static CATALOGUE: Catalogue = Catalogue { name: "demo", commands: &[], costs: &[],
/// #     filters: &[], comparable_filters: &[], ranking_filters: &[], zones: &[],
/// #     zone_prefixes: &[], card_types: &[], subtypes: &[], events: &[],
/// #     event_prefixes: &[], event_suffixes: &[], abilities: &[], rule_switches: &[],
/// #     selectors: &[], restrictions: &[], restriction_prefixes: &[], variables: &[],
/// #     attributes: &[], functions: &[] };
/// let mut bundle = BundleBuilder::new(&CATALOGUE);
/// let mut code = CodeBuilder::new();
/// code.emit(Instr::Return {});
/// let entry = bundle.add_entry(code);
/// let key = bundle.intern("ryu");
/// let mut card = Card::new(key);
/// card.actions.push(Action { label: None, costs: vec![], entry });
/// bundle.add_card(card, "ryu.rules");
/// let bytes = bundle.finish().unwrap();
/// let program = Program::load(&bytes, &CATALOGUE).unwrap();
/// assert!(program.card_by_key("ryu").is_some());
/// ```
#[derive(Debug)]
pub struct BundleBuilder<'c> {
    catalogue: &'c Catalogue,
    program: Program,
    debug: DebugInfo,
    string_ids: HashMap<Box<str>, StrIdx>,
    debug_string_ids: HashMap<Box<str>, u32>,
    filter_ids: HashMap<Filter, FilterIdx>,
    const_ids: HashMap<Const, ConstIdx>,
    strip: bool,
    error: Option<BuildError>,
}

impl<'c> BundleBuilder<'c> {
    /// An empty bundle for `catalogue`, whose identity goes in the header.
    pub fn new(catalogue: &'c Catalogue) -> BundleBuilder<'c> {
        let id = catalogue.id();
        BundleBuilder {
            catalogue,
            program: Program {
                catalogue_name: id.name.into(),
                catalogue_hash: id.hash,
                strings: Vec::new(),
                entries: Vec::new(),
                filters: Vec::new(),
                consts: Vec::new(),
                cards: Vec::new(),
                debug: None,
                card_keys: HashMap::new(),
            },
            debug: DebugInfo::default(),
            string_ids: HashMap::new(),
            debug_string_ids: HashMap::new(),
            filter_ids: HashMap::new(),
            const_ids: HashMap::new(),
            strip: false,
            error: None,
        }
    }

    /// Leaves the debug section out of the bundle (`rsc compile --strip`).
    pub fn set_strip(&mut self, strip: bool) {
        self.strip = strip;
    }

    /// The index of `text` in the string table, adding it the first time.
    pub fn intern(&mut self, text: &str) -> StrIdx {
        if let Some(&idx) = self.string_ids.get(text) {
            return idx;
        }
        let idx = StrIdx::new(self.program.strings.len());
        self.program.strings.push(text.into());
        self.string_ids.insert(text.into(), idx);
        idx
    }

    /// The index of `filter`, adding it the first time.
    pub fn add_filter(&mut self, filter: Filter) -> FilterIdx {
        if let Some(&idx) = self.filter_ids.get(&filter) {
            return idx;
        }
        let idx = FilterIdx::new(self.program.filters.len());
        self.program.filters.push(filter.clone());
        self.filter_ids.insert(filter, idx);
        idx
    }

    /// The index of `constant`, adding it the first time.
    pub fn add_const(&mut self, constant: Const) -> ConstIdx {
        if let Some(&idx) = self.const_ids.get(&constant) {
            return idx;
        }
        let idx = ConstIdx::new(self.program.consts.len());
        self.program.consts.push(constant);
        self.const_ids.insert(constant, idx);
        idx
    }

    /// Adds a finished entry. Errors in it (an unbound label, a limit) are reported by
    /// [`BundleBuilder::finish`].
    pub fn add_entry(&mut self, code: CodeBuilder) -> EntryIdx {
        let idx = EntryIdx::new(self.program.entries.len());
        let (entry, rows) = match code.finish() {
            Ok(done) => done,
            Err(error) => {
                self.error.get_or_insert(error);
                let placeholder =
                    Entry { n_regs: 0, n_locals: 0, code_len: 1, instrs: vec![Instr::Return {}], pcs: vec![Pc(0)] };
                (placeholder, Vec::new())
            }
        };
        let rows = rows
            .into_iter()
            .map(|row| LineRow {
                pc: Pc(row.pc as u16),
                line: row.line,
                line_start: row.line_start,
                span_start: row.span_start,
                span_end: row.span_end,
                text: self.intern_debug(&row.text),
            })
            .collect();
        self.program.entries.push(entry);
        self.debug.entry_rows.push(rows);
        idx
    }

    /// Adds a card compiled from `file` (the file name goes in the debug section).
    pub fn add_card(&mut self, card: Card, file: &str) -> CardIdx {
        let idx = CardIdx::new(self.program.cards.len());
        let file = self.intern_debug(file);
        self.debug.card_files.push(file);
        self.program.cards.push(card);
        idx
    }

    fn intern_debug(&mut self, text: &str) -> u32 {
        if let Some(&idx) = self.debug_string_ids.get(text) {
            return idx;
        }
        let idx = u32::try_from(self.debug.strings.len()).unwrap_or(u32::MAX);
        self.debug.strings.push(text.into());
        self.debug_string_ids.insert(text.into(), idx);
        idx
    }

    /// Writes the bundle and checks that it loads against the catalogue.
    pub fn finish(mut self) -> Result<Vec<u8>, BuildError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        self.program.debug = Some(self.debug);
        let bytes = write_bundle(&self.program, self.strip)?;
        Program::load(&bytes, self.catalogue).map_err(invalid)?;
        Ok(bytes)
    }
}

fn invalid(error: LoadError) -> BuildError {
    BuildError::Invalid(error)
}
