//! The encoder API the compiler's codegen calls: [`CodeBuilder`] assembles one entry with
//! labels and source locations; [`BundleBuilder`] interns strings, collects filters,
//! constants, entries and cards, and writes the bundle bytes.
//!
//! Neither builder returns errors as it goes: a limit of the format that is exceeded or a
//! label misused is remembered, and [`BundleBuilder::finish`] reports the first one. Before
//! returning the bytes, `finish` loads them back against the catalogue, so a bundle that
//! the builder returns always loads.

use rustc_hash::FxHashMap as HashMap;

use super::format::*;
use super::index::*;
use super::load::LoadError;
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
    /// The instruction index each label is bound to.
    labels: Vec<Option<usize>>,
    rows: Vec<PendingRow>,
    error: Option<BuildError>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct PendingRow {
    /// The first instruction the row covers: its index while the entry is built, its byte
    /// offset once [`CodeBuilder::finish`] has laid the code out.
    at: usize,
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
            Some(slot @ None) => *slot = Some(self.instrs.len()),
            Some(Some(_)) => self.fail(BuildError::Label(format!("label {} bound twice", label.0))),
            None => self.fail(BuildError::Label(format!("label {} was not made here", label.0))),
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

    /// The byte offset the next instruction will have. Operand sizes depend on their
    /// values, a jump target's on the index of the instruction its label is bound to: a label
    /// not bound yet counts at its widest (3 bytes), so the value never falls short of the
    /// final offset, and it is exact once every label used is bound (as when the entry is
    /// complete: `current_pc() > MAX_ENTRY_LEN` then says the entry is too long). Takes time
    /// proportional to the code emitted so far.
    pub fn current_pc(&self) -> usize {
        let labels = &self.labels;
        let target = |label: Label| match labels.get(label.0 as usize).copied().flatten() {
            Some(index) => Pc(u16::try_from(index).unwrap_or(u16::MAX)),
            None => Pc(u16::MAX),
        };
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

    fn fail(&mut self, error: BuildError) {
        self.error.get_or_insert(error);
    }

    /// Resolves labels, lays out the code and computes the frame size.
    fn finish(self) -> Result<(Entry, Vec<PendingRow>), BuildError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let n_instrs = self.instrs.len();
        if n_instrs > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {n_instrs} instructions (at most {MAX_ENTRY_LEN})")));
        }
        // Jump targets become instruction indices: what the bundle stores, and what fixes
        // every instruction's size, hence every offset, in one pass.
        let mut bad = None;
        let labels = &self.labels;
        let indexed: Vec<Instr> = self
            .instrs
            .into_iter()
            .map(|instr| {
                instr.relabel(|label| match labels.get(label.0 as usize).copied().flatten() {
                    Some(index) if index < n_instrs => Pc(index as u16),
                    Some(_) => {
                        bad.get_or_insert(BuildError::Label(format!(
                            "label {} is bound after the last instruction",
                            label.0
                        )));
                        Pc(0)
                    }
                    None => {
                        bad.get_or_insert(BuildError::Label(format!("label {} used but never bound", label.0)));
                        Pc(0)
                    }
                })
            })
            .collect();
        if let Some(error) = bad {
            return Err(error);
        }
        let mut pcs = Vec::with_capacity(n_instrs);
        let mut len = 0;
        for instr in &indexed {
            pcs.push(Pc(len.min(MAX_ENTRY_LEN) as u16));
            len += instr.size();
        }
        if len > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {len} bytes (at most {MAX_ENTRY_LEN})")));
        }
        let (n_regs, n_locals) = super::verify::frame_size(&indexed);
        if n_regs > MAX_REGS || n_locals > MAX_REGS {
            return Err(BuildError::Limit(format!(
                "an entry using {n_regs} registers and {n_locals} locals (at most {MAX_REGS} each)"
            )));
        }
        let instrs = indexed
            .into_iter()
            .map(|instr| instr.relabel(|index| pcs.get(usize::from(index.0)).copied().unwrap_or(index)))
            .collect();
        let rows = self
            .rows
            .into_iter()
            .filter_map(|row| Some(PendingRow { at: usize::from(pcs.get(row.at)?.0), ..row }))
            .collect();
        let entry = Entry { n_regs: n_regs as u16, n_locals: n_locals as u16, code_len: len as u32, instrs, pcs };
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
    /// Entries by code, to share identical entries in stripped bundles.
    /// Entries by a hash of their code (stripped bundles share identical entries); the
    /// code itself is compared with the stored entry, so no copy of it is kept here.
    entry_ids: HashMap<u64, Vec<EntryIdx>>,
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
                card_keys: std::collections::HashMap::new(),
            },
            debug: DebugInfo::default(),
            string_ids: HashMap::default(),
            debug_string_ids: HashMap::default(),
            filter_ids: HashMap::default(),
            const_ids: HashMap::default(),
            entry_ids: HashMap::default(),
            strip: false,
            error: None,
        }
    }

    /// Whether the bundle keeps debug information: when not, a compiler can skip
    /// [`CodeBuilder::set_location`] altogether.
    pub fn wants_debug(&self) -> bool {
        !self.strip
    }

    /// Leaves the debug section out of the bundle (`rsc compile --strip`). Entries added
    /// while it is set share one copy of identical code: [`BundleBuilder::add_entry`] returns
    /// the index of an earlier entry with the same instructions (without debug rows, two
    /// such entries cannot be told apart). Set it before adding entries.
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
    /// [`BundleBuilder::finish`]. When stripping, an entry identical to one added before
    /// is not added again: its index is returned.
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
        if self.strip {
            use std::hash::BuildHasher;
            let hash = rustc_hash::FxBuildHasher.hash_one(&entry.instrs);
            let same_code = self.entry_ids.entry(hash).or_default();
            let entries = &self.program.entries;
            if let Some(&same) = same_code
                .iter()
                .find(|&&same| entries.get(same.index()).is_some_and(|stored| stored.instrs == entry.instrs))
            {
                return same;
            }
            same_code.push(idx);
        }
        let rows = rows
            .into_iter()
            .map(|row| LineRow {
                pc: Pc(row.at as u16),
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
        if !self.strip {
            let file = self.intern_debug(file);
            self.debug.card_files.push(file);
        }
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
