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
use super::ops::{EncodeError, Instr, Opcode};
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
    /// The first misuse (boxed: builders are moved around, and errors are rare).
    error: Option<Box<BuildError>>,
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
        self.error.get_or_insert_with(|| Box::new(error));
    }

    /// Appends the entry's code as the bundle stores it (jump targets as instruction
    /// indices) to `out`. On an error, `out` may hold part of the code. An operand that
    /// does not fit its encoding is not an error here: it goes to `unencodable` (the
    /// first one), since the bundle writer reports those after every other entry error.
    fn encode(&self, out: &mut Vec<u8>, unencodable: &mut Option<EncodeError>) -> Result<(), BuildError> {
        if let Some(error) = &self.error {
            return Err(BuildError::clone(error));
        }
        let n_instrs = self.instrs.len();
        if n_instrs > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {n_instrs} instructions (at most {MAX_ENTRY_LEN})")));
        }
        let start = out.len();
        let labels = &self.labels;
        let mut bad = None;
        // Jump targets become instruction indices, which is what the bundle stores.
        let mut target = |label: Label| match labels.get(label.0 as usize).copied().flatten() {
            Some(index) if index < n_instrs => Pc(index as u16),
            Some(_) => {
                bad.get_or_insert_with(|| format!("label {} is bound after the last instruction", label.0));
                Pc(0)
            }
            None => {
                bad.get_or_insert_with(|| format!("label {} used but never bound", label.0));
                Pc(0)
            }
        };
        let mut wide_call = false;
        for instr in &self.instrs {
            if let Err(error) = instr.encode_relabeled(&mut target, out) {
                unencodable.get_or_insert(error);
            }
            // A register or local operand is a byte, so only an argument window can take
            // a frame past `MAX_REGS`.
            if let Instr::Call { base, argc, .. } | Instr::CallFn { base, argc, .. } = instr {
                wide_call |= usize::from(base.0) + usize::from(*argc) > MAX_REGS;
            }
        }
        if let Some(message) = bad {
            return Err(BuildError::Label(message));
        }
        let len = out.len() - start;
        if len > MAX_ENTRY_LEN {
            return Err(BuildError::Limit(format!("an entry of {len} bytes (at most {MAX_ENTRY_LEN})")));
        }
        if wide_call {
            let instrs: Vec<Instr> = self.instrs.iter().map(|instr| instr.relabel(|_| Pc(0))).collect();
            let (n_regs, n_locals) = super::verify::frame_size(&instrs);
            return Err(BuildError::Limit(format!(
                "an entry using {n_regs} registers and {n_locals} locals (at most {MAX_REGS} each)"
            )));
        }
        Ok(())
    }

    /// Empties the builder, keeping its buffers.
    fn clear(&mut self) {
        self.instrs.clear();
        self.labels.clear();
        self.rows.clear();
        self.error = None;
    }
}

const _: () = assert!(MAX_REGS > u8::MAX as usize, "a register operand alone fits any frame");

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
    /// The string table: every string's text, one after the other.
    strings: StringTable,
    /// The entries' code, as the bundle stores it.
    code: EncodedTable,
    filters: FilterTable,
    consts: Vec<Const>,
    cards: CardTable,
    /// The debug section. While the bundle is built, the `pc` of a row holds the index of
    /// the instruction it starts at.
    debug: DebugInfo,
    /// Strings, filters, constants and entries are found by hash and compared with the
    /// stored item, so no second copy of them is kept.
    string_ids: HashIndex,
    debug_string_ids: HashMap<Box<str>, u32>,
    filter_ids: HashIndex,
    const_ids: HashIndex,
    /// Entries by their code (stripped bundles share identical entries).
    entry_ids: HashIndex,
    strip: bool,
    error: Option<BuildError>,
    /// Emptied builders whose buffers [`BundleBuilder::code_builder`] hands out again.
    spare_code: Vec<CodeBuilder>,
}

/// A string table kept as one buffer, each string ending at its `ends`.
#[derive(Debug, Default)]
struct StringTable {
    text: String,
    ends: Vec<usize>,
}

impl StringTable {
    fn with_capacity(strings: usize) -> StringTable {
        StringTable { text: String::with_capacity(strings * 8), ends: Vec::with_capacity(strings) }
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    /// String `position` (empty when there is no such string).
    fn get(&self, position: usize) -> &str {
        self.text.get(item_range(&self.ends, position)).unwrap_or("")
    }

    fn push(&mut self, text: &str) {
        self.text.push_str(text);
        self.ends.push(self.text.len());
    }

    fn iter(&self) -> impl ExactSizeIterator<Item = &str> {
        (0..self.len()).map(|position| self.get(position))
    }
}

/// The filter table, the lists of every filter kept in vectors they share.
#[derive(Debug, Default)]
struct FilterTable {
    filters: Vec<StoredFilter>,
    types: Vec<TypeTerm>,
    terms: Vec<Term>,
    /// Where each group of terms (an AND-list) ends in `terms`.
    group_ends: Vec<usize>,
}

/// A [`Filter`] whose lists are ranges of the vectors of its [`FilterTable`].
#[derive(Debug, Clone, Copy)]
struct StoredFilter {
    qty: Option<Qty>,
    type_op: TypeOp,
    pick: Option<i32>,
    zone: ZoneRef,
    selector: Option<Selector>,
    /// Its type terms in `types`.
    types: ItemRange,
    /// Its groups of terms in `group_ends`.
    groups: ItemRange,
}

impl FilterTable {
    fn with_capacity(filters: usize) -> FilterTable {
        FilterTable {
            filters: Vec::with_capacity(filters),
            types: Vec::with_capacity(filters * 2),
            terms: Vec::with_capacity(filters),
            group_ends: Vec::with_capacity(filters),
        }
    }

    fn types(&self, filter: &StoredFilter) -> &[TypeTerm] {
        filter.types.of(&self.types)
    }

    /// The terms of the group at `group` in `group_ends`.
    fn group(&self, group: usize) -> &[Term] {
        self.terms.get(item_range(&self.group_ends, group)).unwrap_or(&[])
    }

    fn groups(&self, filter: &StoredFilter) -> impl ExactSizeIterator<Item = &[Term]> {
        (filter.groups.start..filter.groups.end).map(|group| self.group(group))
    }

    /// Whether the filter at `position` is the one `parts` make.
    fn is<T: AsRef<[Term]>>(&self, position: usize, parts: &FilterParts<'_, T>) -> bool {
        let Some(stored) = self.filters.get(position) else { return false };
        let groups = self.groups(stored);
        parts.qty == stored.qty
            && parts.type_op == stored.type_op
            && parts.pick == stored.pick
            && parts.zone == stored.zone
            && parts.selector == stored.selector
            && parts.types == self.types(stored)
            && parts.terms.len() == groups.len()
            && parts.terms.iter().zip(groups).all(|(group, stored)| group.as_ref() == stored)
    }

    /// Adds the filter `parts` make; its position.
    fn push<T: AsRef<[Term]>>(&mut self, parts: &FilterParts<'_, T>) -> usize {
        let types = ItemRange::append(&mut self.types, parts.types);
        let groups_start = self.group_ends.len();
        for group in parts.terms {
            self.terms.extend_from_slice(group.as_ref());
            self.group_ends.push(self.terms.len());
        }
        let groups = ItemRange { start: groups_start, end: self.group_ends.len() };
        self.filters.push(StoredFilter {
            qty: parts.qty,
            type_op: parts.type_op,
            pick: parts.pick,
            zone: parts.zone,
            selector: parts.selector,
            types,
            groups,
        });
        self.filters.len() - 1
    }

    /// The filters as the bundle stores them.
    fn encode(&self) -> EncodedTable {
        let mut table = EncodedTable::default();
        let mut groups: Vec<&[Term]> = Vec::new();
        for stored in &self.filters {
            groups.clear();
            groups.extend(self.groups(stored));
            let parts = FilterParts {
                qty: stored.qty,
                types: self.types(stored),
                type_op: stored.type_op,
                pick: stored.pick,
                terms: &groups,
                zone: stored.zone,
                selector: stored.selector,
            };
            table.write(|out| out.filter(&parts));
            table.end_item();
        }
        table
    }
}

/// The card table, the lists of every card kept in vectors they share.
#[derive(Debug, Default)]
struct CardTable {
    cards: Vec<StoredCard>,
    abilities: Vec<AbilityIdx>,
    /// Rule target filters and requisites.
    filters: Vec<FilterIdx>,
    actions: Vec<StoredAction>,
    costs: Vec<Cost>,
    autos: Vec<StoredAuto>,
    events: Vec<EventRef>,
}

/// A range of one of the vectors of a [`CardTable`] (or a [`FilterTable`]).
#[derive(Debug, Clone, Copy)]
struct ItemRange {
    start: usize,
    end: usize,
}

impl ItemRange {
    /// Appends `items` to `to`; their range there.
    fn append<T: Copy>(to: &mut Vec<T>, items: &[T]) -> ItemRange {
        let start = to.len();
        to.extend_from_slice(items);
        ItemRange { start, end: to.len() }
    }

    /// The items of `of` in the range.
    fn of<T>(self, of: &[T]) -> &[T] {
        of.get(self.start..self.end).unwrap_or(&[])
    }
}

/// A [`Card`] whose lists are ranges of the vectors of its [`CardTable`].
#[derive(Debug, Clone, Copy)]
struct StoredCard {
    key: StrIdx,
    abilities: ItemRange,
    /// Whether the rule target is optional, and its filters.
    target: Option<(bool, ItemRange)>,
    requisites: ItemRange,
    vars: Option<EntryIdx>,
    actions: ItemRange,
    autos: ItemRange,
}

/// An [`Action`] whose costs are a range of its [`CardTable`]'s.
#[derive(Debug, Clone, Copy)]
struct StoredAction {
    label: Option<StrIdx>,
    costs: ItemRange,
    entry: EntryIdx,
}

/// An [`Auto`] whose events are a range of its [`CardTable`]'s.
#[derive(Debug, Clone, Copy)]
struct StoredAuto {
    hook: bool,
    events: ItemRange,
    entry: EntryIdx,
}

impl CardTable {
    fn with_capacity(cards: usize) -> CardTable {
        CardTable {
            cards: Vec::with_capacity(cards),
            abilities: Vec::new(),
            filters: Vec::with_capacity(cards),
            actions: Vec::with_capacity(cards),
            costs: Vec::with_capacity(cards),
            autos: Vec::with_capacity(cards),
            events: Vec::with_capacity(cards),
        }
    }

    fn len(&self) -> usize {
        self.cards.len()
    }

    fn push(&mut self, parts: &CardParts<'_>) {
        let abilities = ItemRange::append(&mut self.abilities, parts.abilities);
        let target = parts.target.map(|target| (target.optional, ItemRange::append(&mut self.filters, target.filters)));
        let requisites = ItemRange::append(&mut self.filters, parts.requisites);
        let actions_start = self.actions.len();
        for action in parts.actions {
            let costs = ItemRange::append(&mut self.costs, action.costs);
            self.actions.push(StoredAction { label: action.label, costs, entry: action.entry });
        }
        let autos_start = self.autos.len();
        for auto in parts.autos {
            let events = ItemRange::append(&mut self.events, auto.events);
            self.autos.push(StoredAuto { hook: auto.hook, events, entry: auto.entry });
        }
        self.cards.push(StoredCard {
            key: parts.key,
            abilities,
            target,
            requisites,
            vars: parts.vars,
            actions: ItemRange { start: actions_start, end: self.actions.len() },
            autos: ItemRange { start: autos_start, end: self.autos.len() },
        });
    }

    /// The cards as the bundle stores them.
    fn encode(&self) -> EncodedTable {
        let mut table = EncodedTable::default();
        let mut next = CardRefs::default();
        let (mut actions, mut autos) = (Vec::new(), Vec::new());
        for stored in &self.cards {
            actions.clear();
            actions.extend(stored.actions.of(&self.actions).iter().map(|action| ActionParts {
                label: action.label,
                costs: action.costs.of(&self.costs),
                entry: action.entry,
            }));
            autos.clear();
            autos.extend(stored.autos.of(&self.autos).iter().map(|auto| AutoParts {
                hook: auto.hook,
                events: auto.events.of(&self.events),
                entry: auto.entry,
            }));
            let parts = CardParts {
                key: stored.key,
                abilities: stored.abilities.of(&self.abilities),
                target: stored
                    .target
                    .map(|(optional, filters)| RuleTargetParts { optional, filters: filters.of(&self.filters) }),
                requisites: stored.requisites.of(&self.filters),
                vars: stored.vars,
                actions: &actions,
                autos: &autos,
            };
            table.write(|out| out.card(&parts, &mut next));
            table.end_item();
        }
        table
    }
}

/// How many cards [`BundleBuilder::new`] makes room for; a compiler that knows how many it
/// will add says so with [`BundleBuilder::with_capacity`].
const DEFAULT_CARDS: usize = 16;

/// Strings a card adds to the table, about (names, labels and keys; the corpus averages
/// fewer than two, many being shared).
const STRINGS_PER_CARD: usize = 2;

/// The bytes a [`BundleBuilder`] makes room for per entry, filter and card at first.
const BYTES_PER_ITEM: usize = 32;

/// How many emptied [`CodeBuilder`]s a [`BundleBuilder`] keeps for reuse.
const MAX_SPARE_CODE: usize = 8;

impl<'c> BundleBuilder<'c> {
    /// An empty bundle for `catalogue`, whose identity goes in the header (computed when the
    /// bundle is written).
    pub fn new(catalogue: &'c Catalogue) -> BundleBuilder<'c> {
        BundleBuilder::with_capacity(catalogue, DEFAULT_CARDS)
    }

    /// An empty bundle with room for about `cards` cards (an entry, a filter and a couple
    /// of strings each), so that adding them does not grow the tables.
    pub fn with_capacity(catalogue: &'c Catalogue, cards: usize) -> BundleBuilder<'c> {
        BundleBuilder {
            catalogue,
            strings: StringTable::with_capacity(cards * STRINGS_PER_CARD),
            code: EncodedTable::with_capacity(cards, cards * BYTES_PER_ITEM),
            filters: FilterTable::with_capacity(cards),
            consts: Vec::new(),
            cards: CardTable::with_capacity(cards),
            debug: DebugInfo::default(),
            string_ids: HashIndex::with_capacity(cards * STRINGS_PER_CARD),
            debug_string_ids: HashMap::default(),
            filter_ids: HashIndex::with_capacity(cards),
            const_ids: HashIndex::default(),
            entry_ids: HashIndex::with_capacity(cards),
            strip: false,
            error: None,
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
        let strings = &self.strings;
        if let Some(position) = self.string_ids.find(hash, |position| strings.get(position) == text) {
            return StrIdx::new(position);
        }
        let position = self.strings.len();
        self.strings.push(text);
        self.string_ids.insert(hash, position);
        StrIdx::new(position)
    }

    /// The index of `filter`, adding it the first time.
    pub fn add_filter(&mut self, filter: Filter) -> FilterIdx {
        self.add_filter_parts(filter.parts())
    }

    /// The index of the filter made of `parts`, adding it the first time: as
    /// [`BundleBuilder::add_filter`], without building the [`Filter`].
    pub fn add_filter_parts<T: AsRef<[Term]>>(&mut self, parts: FilterParts<'_, T>) -> FilterIdx {
        let hash = parts.hash();
        let filters = &self.filters;
        if let Some(position) = self.filter_ids.find(hash, |position| filters.is(position, &parts)) {
            return FilterIdx::new(position);
        }
        let position = self.filters.push(&parts);
        self.filter_ids.insert(hash, position);
        FilterIdx::new(position)
    }

    /// Ends the item just written to `table`, unless one with the same bytes is already
    /// there (the same bytes are the same item): the item's position.
    fn add_item(table: &mut EncodedTable, ids: &mut HashIndex) -> usize {
        let bytes = table.pending();
        let hash = FxBuildHasher.hash_one(bytes);
        if let Some(position) = ids.find(hash, |position| table.item(position) == bytes) {
            table.discard_pending();
            return position;
        }
        let position = table.len();
        ids.insert(hash, position);
        table.end_item();
        position
    }

    /// The index of `constant`, adding it the first time.
    pub fn add_const(&mut self, constant: Const) -> ConstIdx {
        let hash = FxBuildHasher.hash_one(constant);
        let consts = &self.consts;
        if let Some(position) = self.const_ids.find(hash, |position| consts.get(position) == Some(&constant)) {
            return ConstIdx::new(position);
        }
        let position = self.consts.len();
        self.consts.push(constant);
        self.const_ids.insert(hash, position);
        ConstIdx::new(position)
    }

    /// Adds a finished entry. Errors in it (an unbound label, a limit) are reported by
    /// [`BundleBuilder::finish`]. When stripping, an entry identical to one added before
    /// is not added again: its index is returned.
    pub fn add_entry(&mut self, mut code: CodeBuilder) -> EntryIdx {
        let idx = EntryIdx::new(self.code.len());
        let mut unencodable = None;
        let encoded = code.encode(&mut self.code.bytes, &mut unencodable);
        if let Err(error) = &encoded {
            self.error.get_or_insert_with(|| error.clone());
            self.code.discard_pending();
            self.code.bytes.push(Opcode::Return as u8);
        }
        if let (Ok(()), Some(error)) = (&encoded, unencodable) {
            let entry_idx = idx.index();
            self.code.error.get_or_insert_with(|| BuildError::Limit(format!("entry {entry_idx}: {error}")));
        }
        if self.strip {
            let position = Self::add_item(&mut self.code, &mut self.entry_ids);
            self.recycle(code);
            return EntryIdx::new(position);
        }
        let n_instrs = code.instrs.len();
        let rows = match encoded {
            Ok(()) => code
                .rows
                .drain(..)
                .filter(|row| row.at < n_instrs)
                .map(|row| LineRow {
                    pc: Pc(row.at as u16),
                    line: row.line,
                    line_start: row.line_start,
                    span_start: row.span_start,
                    span_end: row.span_end,
                    text: self.intern_debug(&row.text),
                })
                .collect(),
            Err(_) => Vec::new(),
        };
        self.debug.entry_rows.push(rows);
        self.code.end_item();
        self.recycle(code);
        idx
    }

    /// Keeps the buffers of `code` for [`BundleBuilder::code_builder`].
    #[inline]
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
        card.with_parts(|parts| self.add_card_parts(parts, file))
    }

    /// Adds the card made of `parts`: as [`BundleBuilder::add_card`], without building the
    /// [`Card`].
    pub fn add_card_parts(&mut self, parts: CardParts<'_>, file: &str) -> CardIdx {
        let idx = CardIdx::new(self.cards.len());
        if !self.strip {
            let file = self.intern_debug(file);
            self.debug.card_files.push(file);
        }
        self.cards.push(&parts);
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
    pub fn finish(self) -> Result<Vec<u8>, BuildError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let id = self.catalogue.id();
        let filters = self.filters.encode();
        let cards = self.cards.encode();
        let row_index = |_: usize, row: &LineRow| Some(usize::from(row.pc.0));
        let bytes = write_tables(BundleTables {
            catalogue_name: id.name,
            catalogue_hash: id.hash,
            strings: self.strings.iter(),
            code: &self.code,
            filters: &filters,
            consts: &self.consts,
            cards: &cards,
            debug: (!self.strip).then_some((&self.debug, &row_index as &RowIndex<'_>)),
        })?;
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
}

impl Filter {
    /// The filter's parts, for [`BundleBuilder::add_filter_parts`].
    pub fn parts(&self) -> FilterParts<'_> {
        FilterParts {
            qty: self.qty,
            types: &self.types,
            type_op: self.type_op,
            pick: self.pick,
            terms: &self.terms,
            zone: self.zone,
            selector: self.selector,
        }
    }
}

/// A card for [`BundleBuilder::add_card_parts`], its lists borrowed: the fields of
/// [`Card`].
#[derive(Debug, Clone, Copy)]
pub struct CardParts<'c> {
    /// As [`Card::key`].
    pub key: StrIdx,
    /// As [`Card::abilities`].
    pub abilities: &'c [AbilityIdx],
    /// As [`Card::target`].
    pub target: Option<RuleTargetParts<'c>>,
    /// As [`Card::requisites`].
    pub requisites: &'c [FilterIdx],
    /// As [`Card::vars`].
    pub vars: Option<EntryIdx>,
    /// As [`Card::actions`].
    pub actions: &'c [ActionParts<'c>],
    /// As [`Card::autos`].
    pub autos: &'c [AutoParts<'c>],
}

/// A [`RuleTarget`] with its filters borrowed.
#[derive(Debug, Clone, Copy)]
pub struct RuleTargetParts<'c> {
    /// As [`RuleTarget::optional`].
    pub optional: bool,
    /// As [`RuleTarget::filters`].
    pub filters: &'c [FilterIdx],
}

/// An [`Action`] with its costs borrowed.
#[derive(Debug, Clone, Copy)]
pub struct ActionParts<'c> {
    /// As [`Action::label`].
    pub label: Option<StrIdx>,
    /// As [`Action::costs`].
    pub costs: &'c [Cost],
    /// As [`Action::entry`].
    pub entry: EntryIdx,
}

/// An [`Auto`] with its events borrowed.
#[derive(Debug, Clone, Copy)]
pub struct AutoParts<'c> {
    /// As [`Auto::hook`].
    pub hook: bool,
    /// As [`Auto::events`].
    pub events: &'c [EventRef],
    /// As [`Auto::entry`].
    pub entry: EntryIdx,
}

impl Card {
    /// Calls `f` with the card's parts.
    pub fn with_parts<R>(&self, f: impl FnOnce(CardParts<'_>) -> R) -> R {
        let actions: Vec<ActionParts<'_>> = self
            .actions
            .iter()
            .map(|action| ActionParts { label: action.label, costs: &action.costs, entry: action.entry })
            .collect();
        let autos: Vec<AutoParts<'_>> = self
            .autos
            .iter()
            .map(|auto| AutoParts { hook: auto.hook, events: &auto.events, entry: auto.entry })
            .collect();
        f(CardParts {
            key: self.key,
            abilities: &self.abilities,
            target: self
                .target
                .as_ref()
                .map(|target| RuleTargetParts { optional: target.optional, filters: &target.filters }),
            requisites: &self.requisites,
            vars: self.vars,
            actions: &actions,
            autos: &autos,
        })
    }
}

/// Positions in a table by hash, to intern items without keeping a second copy of each:
/// an item is looked up by its hash, then compared with the stored items of that hash.
/// An open-addressing table, probed linearly from the hash and kept at most half full.
#[derive(Debug, Default)]
struct HashIndex {
    /// A power of two of slots (or none).
    slots: Vec<Slot>,
    /// The slots in use.
    len: usize,
}

/// One slot of a [`HashIndex`]: a position with its hash.
#[derive(Debug, Clone, Copy)]
struct Slot {
    hash: u64,
    /// [`Slot::EMPTY`] for a free slot.
    position: u32,
}

impl Slot {
    const EMPTY: u32 = u32::MAX;
}

impl HashIndex {
    fn with_capacity(capacity: usize) -> HashIndex {
        let free = Slot { hash: 0, position: Slot::EMPTY };
        HashIndex { slots: vec![free; (capacity * 2).next_power_of_two()], len: 0 }
    }

    /// The first position with `hash` for which `same` holds.
    fn find(&self, hash: u64, mut same: impl FnMut(usize) -> bool) -> Option<usize> {
        let mask = self.slots.len().wrapping_sub(1);
        let mut index = hash as usize & mask;
        // Probe linearly from the hash's home slot, round the table at most once.
        for _ in 0..self.slots.len() {
            let slot = self.slots.get(index)?;
            if slot.position == Slot::EMPTY {
                return None;
            }
            if slot.hash == hash && same(slot.position as usize) {
                return Some(slot.position as usize);
            }
            index = (index + 1) & mask;
        }
        None
    }

    #[inline]
    fn insert(&mut self, hash: u64, position: usize) {
        let Ok(position) = u32::try_from(position) else { return };
        if position == Slot::EMPTY {
            return;
        }
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len().wrapping_sub(1);
        let mut index = hash as usize & mask;
        for _ in 0..self.slots.len() {
            let Some(slot) = self.slots.get_mut(index) else { return };
            if slot.position == Slot::EMPTY {
                *slot = Slot { hash, position };
                self.len += 1;
                return;
            }
            index = (index + 1) & mask;
        }
    }

    /// Doubles the slots.
    #[cold]
    fn grow(&mut self) {
        let mut grown = HashIndex::with_capacity(self.slots.len().max(8));
        for slot in &self.slots {
            if slot.position != Slot::EMPTY {
                grown.insert(slot.hash, slot.position as usize);
            }
        }
        *self = grown;
    }
}

fn invalid(error: LoadError) -> BuildError {
    BuildError::Invalid(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_index_finds_every_position_after_growing() {
        let mut index = HashIndex::with_capacity(2);
        // Few distinct hashes, so that positions share them and probe past each other.
        let hash = |position: usize| (position as u64 % 7).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for position in 0..1000 {
            assert_eq!(index.find(hash(position), |found| found == position), None);
            index.insert(hash(position), position);
        }
        for position in 0..1000 {
            assert_eq!(index.find(hash(position), |found| found == position), Some(position));
        }
        assert_eq!(index.find(hash(3), |_| false), None);
    }

    #[test]
    fn item_ranges_follow_the_ends() {
        let ends = [2, 2, 5];
        assert_eq!([0, 1, 2, 3].map(|index| item_range(&ends, index)), [0..2, 2..2, 2..5, 5..5]);
        assert_eq!(item_range(&[], 0), 0..0);
    }
}
