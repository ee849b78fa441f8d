//! The encoder API the compiler's codegen calls: [`CodeBuilder`] assembles one entry with
//! labels and source locations; [`BundleBuilder`] interns strings, collects filters,
//! constants, entries and cards, and writes the bundle bytes.
//!
//! Neither builder returns errors as it goes: a limit of the format that is exceeded or a
//! label misused is remembered, and [`BundleBuilder::finish`] reports the first one. Before
//! returning the bytes, `finish` loads them back against the catalogue, so a bundle that
//! the builder returns always loads.

use std::hash::{BuildHasher, Hash, Hasher};

use rustc_hash::FxBuildHasher;
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
    #[inline]
    pub fn new_label(&mut self) -> Label {
        self.labels.push(None);
        Label::new_index(self.labels.len() - 1)
    }

    /// Binds `label` to the offset of the next instruction emitted.
    #[inline]
    pub fn bind(&mut self, label: Label) {
        match self.labels.get_mut(label.0 as usize) {
            Some(slot @ None) => *slot = Some(self.instrs.len()),
            Some(Some(_)) => self.fail(BuildError::Label(format!("label {} bound twice", label.0))),
            None => self.fail(BuildError::Label(format!("label {} was not made here", label.0))),
        }
    }

    /// Appends `instr`; its jump targets are labels of this builder.
    #[inline]
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

    /// Resolves labels, lays out the code into `instrs` and `pcs` (cleared first) and
    /// computes the frame size. Leaves the builder as it was, so that its buffers can be
    /// reused.
    fn lay_out(&self, instrs: &mut Vec<Instr>, pcs: &mut Vec<Pc>) -> Result<Layout, BuildError> {
        instrs.clear();
        pcs.clear();
        if let Some(error) = &self.error {
            return Err(error.clone());
        }
        let n_instrs = self.instrs.len();
        if n_instrs > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {n_instrs} instructions (at most {MAX_ENTRY_LEN})")));
        }
        // Jump targets become instruction indices: what the bundle stores, and what fixes
        // every instruction's size, hence every offset, in one pass.
        let mut bad = None;
        let labels = &self.labels;
        instrs.reserve(n_instrs);
        pcs.reserve(n_instrs);
        let mut len = 0;
        for &instr in &self.instrs {
            let instr = instr.relabel(|label| match labels.get(label.0 as usize).copied().flatten() {
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
            });
            pcs.push(Pc(len.min(MAX_ENTRY_LEN) as u16));
            len += instr.size();
            instrs.push(instr);
        }
        if let Some(error) = bad {
            return Err(error);
        }
        if len > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {len} bytes (at most {MAX_ENTRY_LEN})")));
        }
        let (n_regs, n_locals) = super::verify::frame_size(instrs);
        if n_regs > MAX_REGS || n_locals > MAX_REGS {
            return Err(BuildError::Limit(format!(
                "an entry using {n_regs} registers and {n_locals} locals (at most {MAX_REGS} each)"
            )));
        }
        for instr in instrs.iter_mut() {
            instr.targets_mut(|target| *target = pcs.get(usize::from(target.0)).copied().unwrap_or(*target));
        }
        Ok(Layout { n_regs: n_regs as u16, n_locals: n_locals as u16, code_len: len as u32 })
    }

    /// Empties the builder, keeping its buffers.
    fn clear(&mut self) {
        self.instrs.clear();
        self.labels.clear();
        self.rows.clear();
        self.error = None;
    }
}

/// What [`CodeBuilder::lay_out`] computes besides the code.
struct Layout {
    n_regs: u16,
    n_locals: u16,
    code_len: u32,
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
    /// Strings, filters and entries are found by hash and compared with the stored item,
    /// so no second copy of them is kept.
    string_ids: HashIndex,
    debug_string_ids: HashMap<Box<str>, u32>,
    filter_ids: HashIndex,
    const_ids: HashMap<Const, ConstIdx>,
    /// Entries by their code (stripped bundles share identical entries).
    entry_ids: HashIndex,
    strip: bool,
    error: Option<BuildError>,
    /// Buffers [`BundleBuilder::add_entry`] lays entries out in.
    scratch_instrs: Vec<Instr>,
    scratch_pcs: Vec<Pc>,
    /// Emptied builders whose buffers [`BundleBuilder::code_builder`] hands out again.
    spare_code: Vec<CodeBuilder>,
}

/// How many strings, filters and entries a [`BundleBuilder`] makes room for at first (a
/// few hundred cards need a few hundred of each).
const INITIAL_CAPACITY: usize = 256;

/// How many emptied [`CodeBuilder`]s a [`BundleBuilder`] keeps for reuse.
const MAX_SPARE_CODE: usize = 8;

impl<'c> BundleBuilder<'c> {
    /// An empty bundle for `catalogue`, whose identity goes in the header (computed when the
    /// bundle is written).
    pub fn new(catalogue: &'c Catalogue) -> BundleBuilder<'c> {
        BundleBuilder {
            catalogue,
            program: Program {
                // The catalogue's identity is written by `finish`, the only place it is read.
                catalogue_name: Box::default(),
                catalogue_hash: 0,
                strings: Vec::with_capacity(INITIAL_CAPACITY),
                entries: Vec::with_capacity(INITIAL_CAPACITY),
                filters: Vec::with_capacity(INITIAL_CAPACITY),
                consts: Vec::new(),
                cards: Vec::with_capacity(INITIAL_CAPACITY),
                debug: None,
                card_keys: std::collections::HashMap::new(),
            },
            debug: DebugInfo::default(),
            string_ids: HashIndex::with_capacity(INITIAL_CAPACITY),
            debug_string_ids: HashMap::default(),
            filter_ids: HashIndex::with_capacity(INITIAL_CAPACITY),
            const_ids: HashMap::default(),
            entry_ids: HashIndex::with_capacity(INITIAL_CAPACITY),
            strip: false,
            error: None,
            scratch_instrs: Vec::new(),
            scratch_pcs: Vec::new(),
            spare_code: Vec::new(),
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
        let hash = FxBuildHasher.hash_one(text);
        let strings = &self.program.strings;
        if let Some(position) =
            self.string_ids.find(hash, |position| strings.get(position).is_some_and(|s| **s == *text))
        {
            return StrIdx::new(position);
        }
        let position = self.program.strings.len();
        self.program.strings.push(text.into());
        self.string_ids.insert(hash, position);
        StrIdx::new(position)
    }

    /// The index of `filter`, adding it the first time.
    pub fn add_filter(&mut self, filter: Filter) -> FilterIdx {
        self.add_filter_parts(FilterParts {
            qty: filter.qty,
            types: &filter.types,
            type_op: filter.type_op,
            pick: filter.pick,
            terms: &filter.terms,
            zone: filter.zone,
            selector: filter.selector,
        })
    }

    /// The index of the filter made of `parts`, adding it the first time: as
    /// [`BundleBuilder::add_filter`], without building the [`Filter`] unless it is new.
    pub fn add_filter_parts<T: AsRef<[Term]>>(&mut self, parts: FilterParts<'_, T>) -> FilterIdx {
        let hash = parts.hash();
        let filters = &self.program.filters;
        if let Some(position) =
            self.filter_ids.find(hash, |position| filters.get(position).is_some_and(|stored| parts.is(stored)))
        {
            return FilterIdx::new(position);
        }
        let position = self.program.filters.len();
        self.program.filters.push(Filter {
            qty: parts.qty,
            types: parts.types.to_vec(),
            type_op: parts.type_op,
            pick: parts.pick,
            terms: parts.terms.iter().map(|group| group.as_ref().to_vec()).collect(),
            zone: parts.zone,
            selector: parts.selector,
        });
        self.filter_ids.insert(hash, position);
        FilterIdx::new(position)
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
    pub fn add_entry(&mut self, mut code: CodeBuilder) -> EntryIdx {
        let idx = EntryIdx::new(self.program.entries.len());
        let mut instrs = std::mem::take(&mut self.scratch_instrs);
        let mut pcs = std::mem::take(&mut self.scratch_pcs);
        let layout = match code.lay_out(&mut instrs, &mut pcs) {
            Ok(layout) => Some(layout),
            Err(error) => {
                self.error.get_or_insert(error);
                instrs.clear();
                instrs.push(Instr::Return {});
                pcs.clear();
                pcs.push(Pc(0));
                None
            }
        };
        let mut same = None;
        if self.strip {
            let hash = FxBuildHasher.hash_one(&instrs);
            let entries = &self.program.entries;
            same = self
                .entry_ids
                .find(hash, |position| entries.get(position).is_some_and(|stored| stored.instrs == instrs))
                .map(EntryIdx::new);
            if same.is_none() {
                self.entry_ids.insert(hash, idx.index());
            }
        }
        if same.is_none() {
            let rows = match layout {
                Some(_) => code
                    .rows
                    .drain(..)
                    .filter_map(|row| {
                        let pc = *pcs.get(row.at)?;
                        Some(LineRow {
                            pc,
                            line: row.line,
                            line_start: row.line_start,
                            span_start: row.span_start,
                            span_end: row.span_end,
                            text: self.intern_debug(&row.text),
                        })
                    })
                    .collect(),
                None => Vec::new(),
            };
            let (n_regs, n_locals, code_len) =
                layout.map_or((0, 0, 1), |layout| (layout.n_regs, layout.n_locals, layout.code_len));
            self.program.entries.push(Entry {
                n_regs,
                n_locals,
                code_len,
                instrs: instrs.as_slice().into(),
                pcs: pcs.as_slice().into(),
            });
            self.debug.entry_rows.push(rows);
        }
        self.scratch_instrs = instrs;
        self.scratch_pcs = pcs;
        self.recycle(code);
        same.unwrap_or(idx)
    }

    /// Keeps the buffers of `code` for [`BundleBuilder::code_builder`].
    fn recycle(&mut self, mut code: CodeBuilder) {
        if self.spare_code.len() < MAX_SPARE_CODE {
            code.clear();
            self.spare_code.push(code);
        }
    }

    /// An empty [`CodeBuilder`] that reuses the buffers of one already added with
    /// [`BundleBuilder::add_entry`].
    pub fn code_builder(&mut self) -> CodeBuilder {
        self.spare_code.pop().unwrap_or_default()
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
        let id = self.catalogue.id();
        self.program.catalogue_name = id.name.into();
        self.program.catalogue_hash = id.hash;
        self.program.debug = Some(self.debug);
        let bytes = write_bundle(&self.program, self.strip)?;
        Program::load(&bytes, self.catalogue).map_err(invalid)?;
        Ok(bytes)
    }
}

/// A filter for [`BundleBuilder::add_filter_parts`], its lists borrowed: the fields of
/// [`Filter`], with `terms` any slice of term lists.
#[derive(Debug, Clone, Copy)]
pub struct FilterParts<'f, T = Vec<Term>> {
    /// As [`Filter::qty`].
    pub qty: Option<Qty>,
    /// As [`Filter::types`].
    pub types: &'f [TypeTerm],
    /// As [`Filter::type_op`].
    pub type_op: TypeOp,
    /// As [`Filter::pick`].
    pub pick: Option<i32>,
    /// As [`Filter::terms`].
    pub terms: &'f [T],
    /// As [`Filter::zone`].
    pub zone: ZoneRef,
    /// As [`Filter::selector`].
    pub selector: Option<Selector>,
}

impl<T: AsRef<[Term]>> FilterParts<'_, T> {
    fn hash(&self) -> u64 {
        let mut hasher = FxBuildHasher.build_hasher();
        self.qty.hash(&mut hasher);
        self.types.hash(&mut hasher);
        self.type_op.hash(&mut hasher);
        self.pick.hash(&mut hasher);
        hasher.write_usize(self.terms.len());
        for group in self.terms {
            group.as_ref().hash(&mut hasher);
        }
        self.zone.hash(&mut hasher);
        self.selector.hash(&mut hasher);
        hasher.finish()
    }

    /// Whether `filter` is the filter these parts make.
    fn is(&self, filter: &Filter) -> bool {
        self.qty == filter.qty
            && self.types == filter.types.as_slice()
            && self.type_op == filter.type_op
            && self.pick == filter.pick
            && self.terms.len() == filter.terms.len()
            && self.terms.iter().zip(&filter.terms).all(|(group, stored)| group.as_ref() == stored.as_slice())
            && self.zone == filter.zone
            && self.selector == filter.selector
    }
}

/// Positions in a table by hash, to intern items without keeping a second copy of each:
/// an item is looked up by its hash, then compared with the stored items of that hash.
#[derive(Debug, Default)]
struct HashIndex {
    /// The last position inserted with each hash.
    heads: HashMap<u64, u32>,
    /// For each position inserted, the one inserted before it with the same hash.
    next: Vec<u32>,
}

impl HashIndex {
    const NONE: u32 = u32::MAX;

    fn with_capacity(capacity: usize) -> HashIndex {
        HashIndex {
            heads: HashMap::with_capacity_and_hasher(capacity, FxBuildHasher),
            next: Vec::with_capacity(capacity),
        }
    }

    /// The first position with `hash` for which `same` holds.
    fn find(&self, hash: u64, mut same: impl FnMut(usize) -> bool) -> Option<usize> {
        let mut position = *self.heads.get(&hash)?;
        while position != Self::NONE {
            if same(position as usize) {
                return Some(position as usize);
            }
            position = self.next.get(position as usize).copied().unwrap_or(Self::NONE);
        }
        None
    }

    fn insert(&mut self, hash: u64, position: usize) {
        let Ok(position) = u32::try_from(position) else { return };
        if position == Self::NONE {
            return;
        }
        let previous = self.heads.insert(hash, position).unwrap_or(Self::NONE);
        let slot = position as usize;
        if self.next.len() <= slot {
            self.next.resize(slot + 1, Self::NONE);
        }
        if let Some(next) = self.next.get_mut(slot) {
            *next = previous;
        }
    }
}

fn invalid(error: LoadError) -> BuildError {
    BuildError::Invalid(error)
}
