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

use super::error::{BuildError, LoadError};
use super::format::*;
use super::index::*;
use super::operand::{varint_len, write_varint};
use super::ops::{EncodeError, Instr, Opcode, decode_code};
use super::parts::*;
use super::program::*;
use super::write::*;
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
    state: Box<CodeState>,
}

/// The state of a [`CodeBuilder`].
#[derive(Debug, Clone, Default)]
struct CodeState {
    /// The code as the bundle stores it, except that every jump target is a one-byte
    /// placeholder listed in `jumps` (its instruction index is written once the entry is
    /// complete: see [`CodeBuilder::encode`]).
    bytes: Vec<u8>,
    /// The number of instructions emitted.
    n_instrs: usize,
    /// Each jump-target placeholder: its position in `bytes` and its label.
    jumps: Vec<(usize, Label)>,
    /// The instruction index each label is bound to.
    labels: Vec<Option<usize>>,
    rows: Vec<PendingRow>,
    /// A `Call` or `CallFn` whose argument window runs past [`MAX_REGS`].
    wide_call: bool,
    /// Instructions with an operand that does not fit its encoding: the first such
    /// operand, and what those instructions add to the size and frame of the entry (their
    /// bytes are left out of `bytes`, which stays a sequence of whole instructions).
    unencodable: Option<Box<Unencodable>>,
    /// The first misuse (boxed: errors are rare).
    error: Option<Box<BuildError>>,
}

impl CodeState {
    /// Whether the entry is the common one: no misuse, every operand encoded, every jump
    /// target fits its one-byte placeholder, within the limits. Its code is then exactly
    /// `bytes` with the targets written in ([`patch_targets`]).
    #[inline]
    fn is_plain(&self) -> bool {
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
#[inline]
fn patch_targets(jumps: &[(usize, Label)], labels: &[Option<usize>], n_instrs: usize, code: &mut [u8]) -> bool {
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
struct Unencodable {
    /// The first operand that did not fit.
    first: EncodeError,
    /// The bytes the instructions would have taken before their operand that did not fit.
    partial_bytes: usize,
    /// The registers and locals they name.
    frame: (usize, usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct PendingRow {
    /// The index of the first instruction the row covers.
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
        self.state.labels.push(None);
        Label::new_index(self.state.labels.len() - 1)
    }

    /// Binds `label` to the offset of the next instruction emitted.
    #[inline]
    pub fn bind(&mut self, label: Label) {
        match self.state.labels.get_mut(label.0 as usize) {
            Some(slot @ None) => *slot = Some(self.state.n_instrs),
            Some(Some(_)) => self.fail(BuildError::Label(format!("label {} bound twice", label.0))),
            None => self.fail(BuildError::Label(format!("label {} was not made here", label.0))),
        }
    }

    /// Appends `instr`; its jump targets are labels of this builder. (Inlined in optimised
    /// builds, so that the encoder's match on the op folds away where the op is known; not
    /// in debug builds, where inlining the whole encoder into every caller makes their stack
    /// frames too large for deep recursion.)
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
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
    #[cold]
    fn skip_unencodable(&mut self, instr: Instr<Label>, start: usize, error: EncodeError) {
        let partial_bytes = self.state.bytes.len() - start;
        self.state.bytes.truncate(start);
        while self.state.jumps.last().is_some_and(|&(at, _)| at >= start) {
            self.state.jumps.pop();
        }
        let (n_regs, n_locals) = super::verify::frame_size(&[instr.relabel(|_| Pc(0))]);
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
    fn bound(&self, label: Label) -> Option<usize> {
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

    fn fail(&mut self, error: BuildError) {
        self.state.error.get_or_insert_with(|| Box::new(error));
    }

    /// Appends the entry's code as the bundle stores it (jump targets as instruction
    /// indices) to `out`. On an error, `out` may hold part of the code. An operand that
    /// does not fit its encoding is not an error here: it goes to `unencodable` (the
    /// first one), since the bundle writer reports those after every other entry error.
    fn encode(&self, out: &mut Vec<u8>, unencodable: &mut Option<EncodeError>) -> Result<(), BuildError> {
        if self.encode_plain(out) { Ok(()) } else { self.encode_checked(out, unencodable) }
    }

    /// [`CodeBuilder::encode`] for the common entry ([`CodeState::is_plain`]). Appends the
    /// code to `out` and returns true when the entry is such; else leaves `out` as it was
    /// and returns false.
    #[inline]
    fn encode_plain(&self, out: &mut Vec<u8>) -> bool {
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
    #[inline]
    fn patch_plain(&mut self) -> bool {
        let state = &mut *self.state;
        state.is_plain() && patch_targets(&state.jumps, &state.labels, state.n_instrs, &mut state.bytes)
    }

    /// [`CodeBuilder::encode`] for any entry, reporting what is wrong with it.
    fn encode_checked(&self, out: &mut Vec<u8>, unencodable: &mut Option<EncodeError>) -> Result<(), BuildError> {
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
    #[cold]
    fn wide_call_error(&self, encoded: &[u8]) -> BuildError {
        let instrs: Vec<Instr> = match decode_code(encoded) {
            Ok(instrs) => instrs.into_iter().map(|(_, instr)| instr).collect(),
            Err(_) => Vec::new(),
        };
        let (mut n_regs, mut n_locals) = super::verify::frame_size(&instrs);
        if let Some(skipped) = &self.state.unencodable {
            (n_regs, n_locals) = (n_regs.max(skipped.frame.0), n_locals.max(skipped.frame.1));
        }
        BuildError::Limit(format!("an entry using {n_regs} registers and {n_locals} locals (at most {MAX_REGS} each)"))
    }

    /// Empties the builder, keeping its buffers.
    #[inline(always)]
    fn clear(&mut self) {
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
const ONE_BYTE_TARGETS: usize = 0x80;

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
    /// Each constant packed without loss into one number ([`const_key`]), to find it by.
    const_keys: Vec<u128>,
    cards: CardTable,
    /// The debug section. While the bundle is built, the `pc` of a row holds the index of
    /// the instruction it starts at.
    debug: DebugInfo,
    /// Strings, filters, constants and entries are found by hash and compared with the
    /// stored item, so no second copy of them is kept (a constant and the usual filter are
    /// found by a key packed from their fields: see [`const_key`] and [`FilterKey`]).
    string_ids: HashIndex,
    debug_string_ids: HashMap<Box<str>, u32>,
    filter_ids: HashIndex,
    const_ids: HashIndex,
    /// Entries by their code (stripped bundles share identical entries).
    entry_ids: HashIndex,
    strip: bool,
    error: Option<BuildError>,
    /// The emptied builder [`BundleBuilder::code_builder`] hands out next (one slot,
    /// cheaper than the vector for the usual one entry at a time)...
    spare: Option<CodeBuilder>,
    /// ...then the other emptied builders whose buffers it hands out again (entries built
    /// while another is, as a filter expression's).
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

    /// Whether string `position` is `text`. Out of line: interning compares strings only
    /// when their hashes agree, and inlined, the table's fields it reads were loaded before
    /// every probe.
    #[inline(never)]
    fn is(&self, position: usize, text: &str) -> bool {
        self.get(position) == text
    }

    fn push(&mut self, text: &str) {
        self.text.push_str(text);
        self.ends.push(self.text.len());
    }

    fn iter(&self) -> impl ExactSizeIterator<Item = &str> {
        (0..self.len()).map(|position| self.get(position))
    }
}

/// The filter table: each filter's [`FilterKey`], which is all that is kept of a filter
/// that has one; the others' lists are kept in vectors they share.
#[derive(Debug, Default)]
struct FilterTable {
    /// Each filter's key ([`FilterKey::unkeyed`] for one that has none).
    keys: Vec<FilterKey>,
    /// The filters without a key.
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
            keys: Vec::with_capacity(filters),
            types: Vec::with_capacity(filters * 2),
            terms: Vec::with_capacity(filters),
            group_ends: Vec::with_capacity(filters),
        }
    }

    fn len(&self) -> usize {
        self.keys.len()
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

    /// Whether the filter at `position` is the one `parts` make, which has no key.
    fn is<T: AsRef<[Term]>>(&self, position: usize, parts: &FilterParts<'_, T>) -> bool {
        // A filter with a key is not one without.
        let Some(stored) = self.keys.get(position).and_then(|key| key.stored()).and_then(|at| self.filters.get(at))
        else {
            return false;
        };
        let (types, groups) = (self.types(stored), self.groups(stored));
        // Lists compared element by element, inlined: they are short (often one type term
        // and no terms).
        parts.qty == stored.qty
            && parts.type_op == stored.type_op
            && parts.pick == stored.pick
            && parts.zone == stored.zone
            && parts.selector == stored.selector
            && parts.types.len() == types.len()
            && parts.terms.len() == groups.len()
            && parts.types.iter().zip(types).all(|(term, stored)| term == stored)
            && (parts.terms.is_empty()
                || parts.terms.iter().zip(groups).all(|(group, stored)| group.as_ref() == stored))
    }

    /// Adds the filter `parts` make, which has no key.
    fn push<T: AsRef<[Term]>>(&mut self, parts: &FilterParts<'_, T>) {
        self.keys.push(FilterKey::unkeyed(self.filters.len()));
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
    }

    /// The filters as the bundle stores them.
    fn encode(&self) -> EncodedTable {
        let mut table = EncodedTable::default();
        let mut groups: Vec<&[Term]> = Vec::new();
        for key in &self.keys {
            match key.stored().and_then(|at| self.filters.get(at)) {
                Some(stored) => {
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
                }
                None => {
                    let filter = key.filter();
                    let group = [std::slice::from_ref(&filter.term)];
                    let parts = FilterParts {
                        qty: filter.qty,
                        types: std::slice::from_ref(&filter.type_term),
                        type_op: filter.type_op,
                        pick: filter.pick,
                        terms: if filter.has_term { &group[..] } else { &[] },
                        zone: filter.zone,
                        selector: None,
                    };
                    table.write(|out| out.filter(&parts));
                }
            }
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
    /// The costs that belong to an action already (the rest, to the next one).
    costs_taken: usize,
    autos: Vec<StoredAuto>,
    events: Vec<EventRef>,
    /// The events that belong to an auto already.
    events_taken: usize,
    /// The actions and autos that belong to a card already.
    actions_taken: usize,
    autos_taken: usize,
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
        // Most lists are empty or of one item; the others are short, shorter than a `memcpy`
        // call is worth (which `extend` makes of the copy), so they are pushed one by one.
        for &item in items {
            to.push(item);
        }
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
    costs: ItemRange,
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
            costs_taken: 0,
            autos: Vec::with_capacity(cards),
            events: Vec::with_capacity(cards),
            events_taken: 0,
            actions_taken: 0,
            autos_taken: 0,
        }
    }

    fn len(&self) -> usize {
        self.cards.len()
    }

    /// Adds the card `parts` make, after the actions and autos ended since the last card.
    fn push(&mut self, parts: &CardParts<'_>) {
        for action in parts.actions {
            self.costs.extend_from_slice(action.costs);
            self.end_action(action.label, action.entry);
        }
        for auto in parts.autos {
            self.events.extend_from_slice(auto.events);
            self.costs.extend_from_slice(auto.costs);
            self.end_auto(auto.hook, auto.entry);
        }
        let (actions_start, autos_start) = (self.actions_taken, self.autos_taken);
        (self.actions_taken, self.autos_taken) = (self.actions.len(), self.autos.len());
        let abilities = ItemRange::append(&mut self.abilities, parts.abilities);
        let target = parts.target.map(|target| (target.optional, ItemRange::append(&mut self.filters, target.filters)));
        let requisites = ItemRange::append(&mut self.filters, parts.requisites);
        self.cards.push(StoredCard {
            key: parts.key,
            abilities,
            target,
            requisites,
            vars: parts.vars,
            actions: ItemRange { start: actions_start, end: self.actions_taken },
            autos: ItemRange { start: autos_start, end: self.autos_taken },
        });
    }

    /// The costs added since the last ones taken, taking them.
    fn take_costs(&mut self) -> ItemRange {
        let costs = ItemRange { start: self.costs_taken, end: self.costs.len() };
        self.costs_taken = costs.end;
        costs
    }

    /// The events added since the last ones taken, taking them.
    fn take_events(&mut self) -> ItemRange {
        let events = ItemRange { start: self.events_taken, end: self.events.len() };
        self.events_taken = events.end;
        events
    }

    /// Ends an action of the card being added, with the costs added since the last action.
    #[inline]
    fn end_action(&mut self, label: Option<StrIdx>, entry: EntryIdx) {
        let costs = self.take_costs();
        self.actions.push(StoredAction { label, costs, entry });
    }

    /// Ends an auto of the card being added, with the events added since the last auto and
    /// the costs added since the last action or auto.
    #[inline]
    fn end_auto(&mut self, hook: bool, entry: EntryIdx) {
        let events = self.take_events();
        let costs = self.take_costs();
        self.autos.push(StoredAuto { hook, events, costs, entry });
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
                costs: auto.costs.of(&self.costs),
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

/// The constants a [`BundleBuilder`] makes room for at first (piles, keyword words and
/// rule switches: a game has a few dozen).
const CONSTS: usize = 32;

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
            consts: Vec::with_capacity(CONSTS),
            const_keys: Vec::with_capacity(CONSTS),
            cards: CardTable::with_capacity(cards),
            debug: DebugInfo::default(),
            string_ids: HashIndex::with_capacity(cards * STRINGS_PER_CARD),
            debug_string_ids: HashMap::default(),
            filter_ids: HashIndex::with_capacity(cards),
            const_ids: HashIndex::with_capacity(CONSTS),
            entry_ids: HashIndex::with_capacity(cards),
            strip: false,
            error: None,
            spare: None,
            spare_code: Vec::new(),
        }
    }

    /// Whether the bundle keeps debug information: when not, a compiler can skip
    /// [`CodeBuilder::set_location`] altogether.
    #[inline]
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
        let hash = hash_bytes(text.as_bytes());
        let strings = &self.strings;
        let position = self.string_ids.find_or_insert(hash, |position| strings.is(position, text), strings.len());
        if position == self.strings.len() {
            self.strings.push(text);
        }
        StrIdx::new(position)
    }

    /// The index of `filter`, adding it the first time.
    pub fn add_filter(&mut self, filter: Filter) -> FilterIdx {
        self.add_filter_parts(filter.parts())
    }

    /// The index of the filter made of `parts`, adding it the first time: as
    /// [`BundleBuilder::add_filter`], without building the [`Filter`].
    pub fn add_filter_parts<T: AsRef<[Term]>>(&mut self, parts: FilterParts<'_, T>) -> FilterIdx {
        // Most filters pack into a key, hashed and compared as four words and kept as it;
        // the others are hashed and compared field by field, out of line.
        let Some(key) = FilterKey::of(&parts) else { return self.add_unkeyed_filter(parts) };
        let keys = &self.filters.keys;
        let position =
            self.filter_ids.find_or_insert(key.hash(), |position| keys.get(position) == Some(&key), keys.len());
        if position == self.filters.keys.len() {
            self.filters.keys.push(key);
        }
        FilterIdx::new(position)
    }

    /// [`BundleBuilder::add_filter_parts`] for a filter without a [`FilterKey`].
    #[inline(never)]
    fn add_unkeyed_filter<T: AsRef<[Term]>>(&mut self, parts: FilterParts<'_, T>) -> FilterIdx {
        let filters = &self.filters;
        let same = |position| filters.is(position, &parts);
        let position = self.filter_ids.find_or_insert(parts.hash(), same, filters.len());
        if position == self.filters.len() {
            self.filters.push(&parts);
        }
        FilterIdx::new(position)
    }

    /// Ends the item written to `table` from byte `start` on (where the last item ended),
    /// unless one with the same bytes is already there (the same bytes are the same item):
    /// the item's position.
    fn add_item(table: &mut EncodedTable, ids: &mut HashIndex, start: usize) -> usize {
        let bytes = table.bytes.get(start..).unwrap_or_default();
        debug_assert_eq!(bytes, table.pending(), "the item starts where the last one ended");
        let position = ids.find_or_insert(hash_bytes(bytes), |position| table.item(position) == bytes, table.len());
        if position == table.len() {
            table.end_item();
        } else {
            table.bytes.truncate(start);
        }
        position
    }

    /// The index of `constant`, adding it the first time.
    pub fn add_const(&mut self, constant: Const) -> ConstIdx {
        // Found by its key: one number hashed and compared, rather than each field.
        let key = const_key(constant);
        let keys = &self.const_keys;
        let position = self.const_ids.find_or_insert(
            hash_words(&[key as u64, (key >> 64) as u64]),
            |position| keys.get(position) == Some(&key),
            keys.len(),
        );
        if position == self.const_keys.len() {
            self.const_keys.push(key);
            self.consts.push(constant);
        }
        ConstIdx::new(position)
    }

    /// Adds a finished entry. Errors in it (an unbound label, a limit) are reported by
    /// [`BundleBuilder::finish`]. When stripping, an entry identical to one added before
    /// is not added again: its index is returned.
    pub fn add_entry(&mut self, mut code: CodeBuilder) -> EntryIdx {
        if self.strip && code.patch_plain() {
            // The usual entry of a stripped bundle: looked up by its own bytes, which are
            // copied to the table only when it is new.
            let bytes = &code.state.bytes;
            let table = &self.code;
            let position =
                self.entry_ids.find_or_insert(hash_bytes(bytes), |position| table.item(position) == bytes, table.len());
            if position == self.code.len() {
                self.code.bytes.extend_from_slice(bytes);
                self.code.end_item();
            }
            self.recycle(code);
            return EntryIdx::new(position);
        }
        self.add_other_entry(code)
    }

    /// [`BundleBuilder::add_entry`] for an entry of a bundle with debug information, or one
    /// that is not plain (see [`CodeBuilder::encode_plain`]).
    #[inline(never)]
    fn add_other_entry(&mut self, mut code: CodeBuilder) -> EntryIdx {
        let idx = EntryIdx::new(self.code.len());
        // Where the last entry ended (its bytes end the table: the code of the entries is
        // written after them, and ended or discarded before the next).
        let start = self.code.bytes.len();
        let encoded = if code.encode_plain(&mut self.code.bytes) { Ok(()) } else { self.encode_entry(&code, idx) };
        if self.strip {
            let position = Self::add_item(&mut self.code, &mut self.entry_ids, start);
            self.recycle(code);
            return EntryIdx::new(position);
        }
        let n_instrs = code.state.n_instrs;
        let rows = match encoded {
            Ok(()) => code
                .state
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

    /// Appends the code of entry `idx` when [`CodeBuilder::encode_plain`] could not, keeping
    /// the first error: a `Return` stands for an entry with an error.
    #[cold]
    fn encode_entry(&mut self, code: &CodeBuilder, idx: EntryIdx) -> Result<(), BuildError> {
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
        encoded
    }

    /// Keeps the buffers of `code` for [`BundleBuilder::code_builder`].
    #[inline(always)]
    fn recycle(&mut self, mut code: CodeBuilder) {
        code.clear();
        match self.spare {
            None => self.spare = Some(code),
            Some(_) if self.spare_code.len() < MAX_SPARE_CODE => self.spare_code.push(code),
            Some(_) => {}
        }
    }

    /// An empty [`CodeBuilder`] that reuses the buffers of one already added with
    /// [`BundleBuilder::add_entry`].
    #[inline]
    pub fn code_builder(&mut self) -> CodeBuilder {
        match self.spare.take() {
            Some(code) => code,
            None => self.spare_code.pop().unwrap_or_default(),
        }
    }

    /// Adds a card compiled from `file` (the file name goes in the debug section).
    pub fn add_card(&mut self, card: Card, file: &str) -> CardIdx {
        card.with_parts(|parts| self.add_card_parts(parts, file))
    }

    /// Adds the card made of `parts`: as [`BundleBuilder::add_card`], without building the
    /// [`Card`]. Its actions and autos are those ended with [`BundleBuilder::end_action`] and
    /// [`BundleBuilder::end_auto`] since the last card was added, followed by those of
    /// `parts`.
    pub fn add_card_parts(&mut self, parts: CardParts<'_>, file: &str) -> CardIdx {
        let idx = CardIdx::new(self.cards.len());
        if !self.strip {
            let file = self.intern_debug(file);
            self.debug.card_files.push(file);
        }
        self.cards.push(&parts);
        idx
    }

    /// Adds a cost of the next action or auto of the card being built (see
    /// [`BundleBuilder::end_action`] and [`BundleBuilder::end_auto`]).
    #[inline]
    pub fn add_cost(&mut self, cost: Cost) {
        self.cards.costs.push(cost);
    }

    /// Ends an action of the card being built, whose costs are those added with
    /// [`BundleBuilder::add_cost`] since the last action ended. The actions ended since the
    /// last card was added come first among the actions of the next card added (before
    /// those of its [`CardParts`]): a compiler can add a card's actions and autos as it
    /// generates them, without collecting them first.
    #[inline]
    pub fn end_action(&mut self, label: Option<StrIdx>, entry: EntryIdx) {
        self.cards.end_action(label, entry);
    }

    /// Adds an event of the next auto of the card being built (see
    /// [`BundleBuilder::end_auto`]).
    #[inline]
    pub fn add_event(&mut self, event: EventRef) {
        self.cards.events.push(event);
    }

    /// Ends an auto of the card being built, whose events are those added with
    /// [`BundleBuilder::add_event`] since the last auto ended and whose costs are those
    /// added with [`BundleBuilder::add_cost`] since the last action or auto ended; as
    /// [`BundleBuilder::end_action`], it comes first among the autos of the next card added.
    #[inline]
    pub fn end_auto(&mut self, hook: bool, entry: EntryIdx) {
        self.cards.end_auto(hook, entry);
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

/// A constant packed without loss into one number: two constants are the same exactly when
/// their keys are.
fn const_key(constant: Const) -> u128 {
    match constant {
        Const::Pile(ZoneRef { prefix, zone }) => {
            let prefix = prefix.map_or(0, |prefix| 1 | u128::from(prefix.0) << 1);
            prefix << 2 | u128::from(zone.0) << 40
        }
        Const::Word { command, param, word } => {
            1 | u128::from(command.0) << 2 | u128::from(param) << 34 | u128::from(word) << 42
        }
        Const::RuleSwitch(idx) => 2 | u128::from(idx.0) << 2,
    }
}

/// The multiplier of FxHash's rounds, for the hashes of packed keys (a constant's, a
/// filter's): odd, with well-mixed high bits.
const HASH_K: u64 = 0xf135_7aea_2e62_a9c5;

/// The [`HashIndex`] hash of a packed key's words: FxHash's rounds over them.
#[cfg_attr(not(debug_assertions), inline(always))]
fn hash_words(words: &[u64]) -> u64 {
    let hash = words.iter().fold(0, |hash: u64, &word| hash.wrapping_add(word).wrapping_mul(HASH_K));
    // The index keeps the low half of the hash: bring the well-mixed high bits there.
    hash.rotate_left(26)
}

/// The [`HashIndex`] hash of a string's or an entry's bytes: the bytes alone (a slice's or
/// a `str`'s `Hash` adds a length or terminator round, which items compared in full do not
/// need).
#[cfg_attr(not(debug_assertions), inline(always))]
fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut hasher = FxBuildHasher.build_hasher();
    hasher.write(bytes);
    hasher.finish()
}

/// The usual filter (one type term, at most one term, no selector) packed without loss into
/// four words: two such filters are the same exactly when their keys are, so interning one
/// hashes and compares four words instead of every field, and the key is all the filter
/// table keeps of it ([`FilterKey::filter`] gives the filter back when the bundle is
/// written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct FilterKey([u64; 4]);

impl FilterKey {
    /// Set in the first word of every packed key.
    const MARKER: u64 = 1 << 63;

    /// What stands for a filter that has no key, the `at`th of the stored ones: not a key
    /// (every key has the marker bit set).
    fn unkeyed(at: usize) -> FilterKey {
        FilterKey([0, at as u64, 0, 0])
    }

    /// Where the filter is among the stored ones, for one without a key.
    fn stored(&self) -> Option<usize> {
        (self.0[0] & Self::MARKER == 0).then_some(self.0[1] as usize)
    }

    /// The key of the filter `parts` make, if it is one of the usual shape.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn of<T: AsRef<[Term]>>(parts: &FilterParts<'_, T>) -> Option<FilterKey> {
        let ([term], None) = (parts.types, parts.selector) else { return None };
        // No terms, or one group of one term (`[frozen]`), whose fields go in the fourth word.
        let (filter_term, term_fields) = match parts.terms {
            [] => (0, 0),
            [group] => {
                let [Term { negated, kind }] = *group.as_ref() else { return None };
                let (tag, fields) = match kind {
                    TermKind::Keyword(idx) => (0, u64::from(idx.0)),
                    TermKind::Compare { property, op, value } => {
                        (1 | (op as u64) << 3, u64::from(property.0) << 32 | u64::from(value as u32))
                    }
                    TermKind::Rank { ranking, word } => (2, u64::from(ranking.0) << 32 | u64::from(word)),
                    TermKind::CardType(idx) => (3, u64::from(idx.0)),
                    TermKind::Subtype(idx) => (4, u64::from(idx.0)),
                };
                // Bits: present 0, negated 1, kind 2..5, comparison operator 5..8.
                (1 | u64::from(negated) << 1 | tag << 2, fields)
            }
            _ => return None,
        };
        let qty = match parts.qty {
            None => 0,
            Some(Qty::Exact(n)) => 1 | u64::from(n) << 3,
            Some(Qty::Range { min, max }) => 2 | u64::from(min) << 3 | u64::from(max) << 19,
            Some(Qty::All) => 3,
            Some(Qty::Random(n)) => 4 | u64::from(n) << 3,
        };
        let (atom, index) = match term.atom {
            TypeAtom::Any => (0, 0),
            TypeAtom::Player => (1, 0),
            TypeAtom::Players => (2, 0),
            TypeAtom::Me => (3, 0),
            TypeAtom::Opp => (4, 0),
            TypeAtom::This => (5, 0),
            TypeAtom::CardType(idx) => (6, idx.0),
            TypeAtom::Subtype(idx) => (7, idx.0),
            TypeAtom::Name(idx) => (8, idx.0),
            TypeAtom::Expr(idx) => (9, idx.0),
        };
        let flags = u64::from(term.exclude_source)
            | u64::from(term.negate) << 1
            | u64::from(term.plural) << 2
            | u64::from(parts.type_op == TypeOp::Union) << 3
            | u64::from(parts.pick.is_some()) << 4
            | u64::from(parts.zone.prefix.is_some()) << 5;
        // Bits: qty 0..35, flags 35..41, atom 41..45, the term 45..53, marker 63.
        let shape = Self::MARKER | qty | flags << 35 | atom << 41 | filter_term << 45;
        let pick = parts.pick.map_or(0, |pick| pick as u32);
        let zone = u64::from(parts.zone.prefix.map_or(0, |prefix| prefix.0)) << 32 | u64::from(parts.zone.zone.0);
        Some(FilterKey([shape, u64::from(index) << 32 | u64::from(pick), zone, term_fields]))
    }

    /// The filter this is the key of (the inverse of [`FilterKey::of`]).
    fn filter(&self) -> KeyedFilter {
        let [shape, atom_and_pick, zone, term_fields] = self.0;
        let field = |word: u64, at: u32, bits: u32| (word >> at) & ((1 << bits) - 1);
        let flag = |bit: u32| field(shape, 35 + bit, 1) == 1;
        let (n, max) = (field(shape, 3, 16) as u16, field(shape, 19, 16) as u16);
        let qty = match field(shape, 0, 3) {
            1 => Some(Qty::Exact(n)),
            2 => Some(Qty::Range { min: n, max }),
            3 => Some(Qty::All),
            4 => Some(Qty::Random(n)),
            _ => None,
        };
        let index = (atom_and_pick >> 32) as u32;
        let atom = match field(shape, 41, 4) {
            1 => TypeAtom::Player,
            2 => TypeAtom::Players,
            3 => TypeAtom::Me,
            4 => TypeAtom::Opp,
            5 => TypeAtom::This,
            6 => TypeAtom::CardType(CardTypeIdx(index)),
            7 => TypeAtom::Subtype(SubtypeIdx(index)),
            8 => TypeAtom::Name(StrIdx(index)),
            9 => TypeAtom::Expr(EntryIdx(index)),
            _ => TypeAtom::Any,
        };
        let type_term = TypeTerm { exclude_source: flag(0), negate: flag(1), plural: flag(2), atom };
        let filter_term = field(shape, 45, 8);
        let (high, low) = ((term_fields >> 32) as u32, term_fields as u32);
        let kind = match field(filter_term, 2, 3) {
            1 => TermKind::Compare {
                property: ComparableIdx(high),
                op: CompareOp::ALL.get(field(filter_term, 5, 3) as usize).copied().unwrap_or(CompareOp::Eq),
                value: low as i32,
            },
            2 => TermKind::Rank { ranking: RankingIdx(high), word: low as u16 },
            3 => TermKind::CardType(CardTypeIdx(low)),
            4 => TermKind::Subtype(SubtypeIdx(low)),
            _ => TermKind::Keyword(FilterKeywordIdx(low)),
        };
        KeyedFilter {
            qty,
            type_term,
            type_op: if flag(3) { TypeOp::Union } else { TypeOp::Choice },
            pick: flag(4).then_some(atom_and_pick as u32 as i32),
            zone: ZoneRef { prefix: flag(5).then_some(ZonePrefixIdx((zone >> 32) as u32)), zone: ZoneIdx(zone as u32) },
            has_term: field(filter_term, 0, 1) == 1,
            term: Term { negated: field(filter_term, 1, 1) == 1, kind },
        }
    }

    /// The key's hash for the [`HashIndex`].
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn hash(&self) -> u64 {
        hash_words(&self.0)
    }
}

/// A filter of the usual shape, as its [`FilterKey`] holds it.
struct KeyedFilter {
    qty: Option<Qty>,
    type_term: TypeTerm,
    type_op: TypeOp,
    pick: Option<i32>,
    zone: ZoneRef,
    /// Whether the filter has `term` (in a group of its own).
    has_term: bool,
    term: Term,
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

/// One slot of a [`HashIndex`]: a position with the low half of its hash (all a table of
/// fewer than 2^32 slots needs to find the home slot again when it grows; comparing it
/// before the items only saves comparisons).
#[derive(Debug, Clone, Copy)]
struct Slot {
    hash: u32,
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

    /// The first position with `hash` for which `same` holds; when there is none, `new`,
    /// which is recorded under `hash` (the caller then adds the item at `new`).
    fn find_or_insert(&mut self, hash: u64, mut same: impl FnMut(usize) -> bool, new: usize) -> usize {
        let hash = hash as u32;
        let n_slots = self.slots.len();
        let mask = n_slots.wrapping_sub(1);
        let mut index = hash as usize & mask;
        // Probe linearly from the hash's home slot; the table is at most half full, so a
        // free slot ends the probe.
        for _ in 0..n_slots {
            let Some(slot) = self.slots.get_mut(index) else { break };
            if slot.position == Slot::EMPTY {
                // Whether the table must grow is checked only here, when an item is added,
                // rather than on every lookup.
                if (self.len + 1) * 2 > n_slots {
                    return self.grow_and_insert(hash, new);
                }
                if let Ok(position) = u32::try_from(new)
                    && position != Slot::EMPTY
                {
                    *slot = Slot { hash, position };
                    self.len += 1;
                }
                return new;
            }
            if slot.hash == hash && same(slot.position as usize) {
                return slot.position as usize;
            }
            index = (index + 1) & mask;
        }
        // Only a table without slots gets here.
        self.grow_and_insert(hash, new)
    }

    /// Grows the table, then records `new` under `hash` (which the probe found absent).
    #[cold]
    #[inline(never)]
    fn grow_and_insert(&mut self, hash: u32, new: usize) -> usize {
        self.grow();
        self.find_or_insert(u64::from(hash), |_| false, new)
    }

    /// Doubles the slots.
    #[cold]
    fn grow(&mut self) {
        let mut grown = HashIndex::with_capacity(self.slots.len().max(8));
        for slot in &self.slots {
            if slot.position != Slot::EMPTY {
                grown.find_or_insert(u64::from(slot.hash), |_| false, slot.position as usize);
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
    use crate::bytecode::tests::EMPTY;

    /// Emits `instrs` (jump targets are instruction indices, made labels) into a builder.
    fn build(instrs: &[Instr]) -> CodeBuilder {
        let mut code = CodeBuilder::new();
        let labels: Vec<Label> = (0..instrs.len()).map(|_| code.new_label()).collect();
        for (index, instr) in instrs.iter().enumerate() {
            code.bind(labels[index]);
            code.emit(instr.relabel(|target| labels[usize::from(target.0)]));
        }
        code
    }

    fn encoded(code: &CodeBuilder) -> (Result<Vec<u8>, BuildError>, Option<EncodeError>) {
        let (mut out, mut unencodable) = (Vec::new(), None);
        let result = code.encode(&mut out, &mut unencodable).map(|()| out);
        (result, unencodable)
    }

    #[test]
    fn code_is_encoded_as_it_is_emitted_with_targets_of_every_width() {
        for n_instrs in [3, 128, 129, 300] {
            let last = n_instrs as u16 - 1;
            let instrs: Vec<Instr> = (0..n_instrs)
                .map(|index| match index % 3 {
                    _ if index == n_instrs - 1 => Instr::Return {},
                    0 => Instr::JumpIfNot { a: Reg(1), target: Pc(last) },
                    1 => Instr::IterNext { a: Reg(2), it: Reg(3), exit: Pc(index as u16 / 2) },
                    _ => Instr::LoadInt { a: Reg(0), imm: -300 },
                })
                .collect();
            let code = build(&instrs);
            assert_eq!(code.len(), n_instrs);
            let expected = super::super::ops::encode_code(&instrs).unwrap();
            assert_eq!(code.current_pc(), expected.len());
            assert_eq!(encoded(&code), (Ok(expected), None));
        }
    }

    #[test]
    fn operands_of_one_byte_and_more_are_encoded_alike() {
        // Around the one-byte limits of each operand kind (the encoder packs an instruction
        // whose operands are all one byte; the others it writes byte by byte).
        for value in [0u32, 1, 0x7e, 0x7f, 0x80, 0x3fff, 0x4000, 0xfffe] {
            let instrs = [
                Instr::LoadInt { a: Reg(3), imm: value as i32 },
                Instr::LoadInt { a: Reg(3), imm: -(value as i32) },
                Instr::Index { a: Reg(1), b: Reg(2), n: value as u16 },
                Instr::CallFn { a: Reg(0), func: FunctionIdx(value), base: Reg(1), argc: 2 },
                Instr::Restrict { restriction: RestrictionIdx(value), prefix: Some(RestrictionPrefixIdx(value)) },
                Instr::May { question: None, skip: Pc(0) },
                Instr::Return {},
            ];
            let code = build(&instrs);
            let expected = super::super::ops::encode_code(&instrs).unwrap();
            assert_eq!(encoded(&code), (Ok(expected), None), "{value:#x}");
        }
    }

    #[test]
    fn misused_labels_and_limits_are_reported() {
        let mut code = CodeBuilder::new();
        let never_bound = code.new_label();
        code.emit(Instr::Jump { target: never_bound });
        assert_eq!(code.current_pc(), 4, "an unbound target counts at its widest");
        assert_eq!(encoded(&code).0, Err(BuildError::Label("label 0 used but never bound".into())));

        let mut code = CodeBuilder::new();
        let end = code.new_label();
        code.emit(Instr::Jump { target: end });
        code.bind(end);
        assert_eq!(encoded(&code).0, Err(BuildError::Label("label 0 is bound after the last instruction".into())));

        let mut code = CodeBuilder::new();
        code.emit(Instr::StoreLocal { slot: Local(4), b: Reg(0) });
        code.emit(Instr::Call { cmd: CommandIdx::new(0), base: Reg(250), argc: 10 });
        code.emit(Instr::Return {});
        let expected = "an entry using 260 registers and 5 locals (at most 256 each)";
        assert_eq!(encoded(&code).0, Err(BuildError::Limit(expected.into())));
    }

    #[test]
    fn an_operand_that_does_not_fit_leaves_whole_instructions_and_is_reported() {
        let mut code = CodeBuilder::new();
        let end = code.new_label();
        code.emit(Instr::LoadStr { a: Reg(7), s: StrIdx(super::super::operand::MAX_INDEX + 1) });
        code.emit(Instr::Jump { target: end });
        code.bind(end);
        code.emit(Instr::Return {});
        assert_eq!(code.len(), 3);
        // The opcode and register of `LoadStr` are counted, as `Instr::size` counts them.
        assert_eq!(code.current_pc(), 2 + 2 + 1);
        let (result, unencodable) = encoded(&code);
        assert_eq!(result, Ok(vec![Opcode::Jump as u8, 2, Opcode::Return as u8]));
        assert_eq!(unencodable, Some(EncodeError { op: "LoadStr", operand: "s" }));
    }

    #[test]
    fn filters_are_interned_alike_with_and_without_a_packed_key() {
        let term = |atom| TypeTerm { exclude_source: false, negate: false, plural: false, atom };
        let keyword = Term { negated: false, kind: TermKind::Keyword(FilterKeywordIdx(0)) };
        let compare =
            |op, value| Term { negated: false, kind: TermKind::Compare { property: ComparableIdx(0), op, value } };
        let rank = |word| Term { negated: false, kind: TermKind::Rank { ranking: RankingIdx(0), word } };
        let base = Filter {
            qty: None,
            types: vec![term(TypeAtom::CardType(CardTypeIdx(1)))],
            type_op: TypeOp::Choice,
            pick: None,
            terms: vec![],
            zone: ZoneRef { prefix: None, zone: ZoneIdx(2) },
            selector: None,
        };
        // Each differs from `base` (and from the others) in one field; all but the last four
        // pack into a key.
        let variants: Vec<Filter> = vec![
            Filter { qty: Some(Qty::Exact(1)), ..base.clone() },
            Filter { qty: Some(Qty::Random(1)), ..base.clone() },
            Filter { qty: Some(Qty::Range { min: 1, max: 2 }), ..base.clone() },
            Filter { qty: Some(Qty::Range { min: 2, max: 1 }), ..base.clone() },
            Filter { qty: Some(Qty::All), ..base.clone() },
            Filter { types: vec![term(TypeAtom::Subtype(SubtypeIdx(1)))], ..base.clone() },
            Filter { types: vec![term(TypeAtom::CardType(CardTypeIdx(u32::MAX)))], ..base.clone() },
            Filter { types: vec![term(TypeAtom::Any)], ..base.clone() },
            Filter { types: vec![term(TypeAtom::Player)], ..base.clone() },
            Filter { types: vec![term(TypeAtom::Players)], ..base.clone() },
            Filter { types: vec![term(TypeAtom::Me)], ..base.clone() },
            Filter { types: vec![term(TypeAtom::Opp)], ..base.clone() },
            Filter { types: vec![term(TypeAtom::This)], ..base.clone() },
            Filter { types: vec![term(TypeAtom::Name(StrIdx(3)))], ..base.clone() },
            Filter { types: vec![term(TypeAtom::Expr(EntryIdx(4)))], ..base.clone() },
            Filter { types: vec![TypeTerm { plural: true, ..term(TypeAtom::Any) }], ..base.clone() },
            Filter { types: vec![TypeTerm { negate: true, ..term(TypeAtom::Any) }], ..base.clone() },
            Filter { types: vec![TypeTerm { exclude_source: true, ..term(TypeAtom::Any) }], ..base.clone() },
            Filter { type_op: TypeOp::Union, ..base.clone() },
            Filter { pick: Some(0), ..base.clone() },
            Filter { pick: Some(-1), ..base.clone() },
            Filter { zone: ZoneRef { prefix: Some(ZonePrefixIdx(0)), zone: ZoneIdx(2) }, ..base.clone() },
            Filter { zone: ZoneRef { prefix: None, zone: ZoneIdx(u32::MAX) }, ..base.clone() },
            Filter { terms: vec![vec![keyword]], ..base.clone() },
            Filter { terms: vec![vec![Term { negated: true, ..keyword }]], ..base.clone() },
            Filter {
                terms: vec![vec![Term { negated: false, kind: TermKind::CardType(CardTypeIdx(0)) }]],
                ..base.clone()
            },
            Filter {
                terms: vec![vec![Term { negated: false, kind: TermKind::Subtype(SubtypeIdx(0)) }]],
                ..base.clone()
            },
            Filter { terms: vec![vec![compare(CompareOp::Ge, 800)]], ..base.clone() },
            Filter { terms: vec![vec![compare(CompareOp::Ge, -800)]], ..base.clone() },
            Filter { terms: vec![vec![compare(CompareOp::Lt, 800)]], ..base.clone() },
            Filter { terms: vec![vec![rank(0)]], ..base.clone() },
            Filter { terms: vec![vec![rank(1)]], ..base.clone() },
            Filter { selector: Some(Selector { selector: SelectorIdx(0), arg: EntryIdx(0) }), ..base.clone() },
            Filter { terms: vec![vec![keyword, rank(0)]], ..base.clone() },
            Filter { terms: vec![vec![keyword], vec![rank(0)]], ..base.clone() },
            Filter { types: vec![term(TypeAtom::Any), term(TypeAtom::Me)], ..base.clone() },
        ];
        let mut bundle = BundleBuilder::new(&EMPTY);
        let first = bundle.add_filter(base.clone());
        let indices: Vec<FilterIdx> = variants.iter().map(|filter| bundle.add_filter(filter.clone())).collect();
        assert_eq!(bundle.add_filter(base), first);
        for (index, filter) in indices.iter().zip(&variants) {
            assert_ne!(*index, first, "{filter:?}");
            assert_eq!(bundle.add_filter(filter.clone()), *index, "{filter:?}");
        }
        let distinct: std::collections::HashSet<FilterIdx> = indices.iter().copied().collect();
        assert_eq!(distinct.len(), variants.len());
        // A key gives back its filter, which is all that is kept of it.
        for filter in &variants {
            let Some(key) = FilterKey::of(&filter.parts()) else { continue };
            let keyed = key.filter();
            let decoded = Filter {
                qty: keyed.qty,
                types: vec![keyed.type_term],
                type_op: keyed.type_op,
                pick: keyed.pick,
                terms: if keyed.has_term { vec![vec![keyed.term]] } else { vec![] },
                zone: keyed.zone,
                selector: None,
            };
            assert_eq!(&decoded, filter);
        }
        assert_eq!(
            variants.iter().filter(|filter| FilterKey::of(&filter.parts()).is_some()).count(),
            variants.len() - 4
        );
    }

    #[test]
    fn constants_are_told_apart_by_their_keys() {
        let consts = [
            Const::Pile(ZoneRef { prefix: None, zone: ZoneIdx(0) }),
            Const::Pile(ZoneRef { prefix: Some(ZonePrefixIdx(0)), zone: ZoneIdx(0) }),
            Const::Pile(ZoneRef { prefix: Some(ZonePrefixIdx(u32::MAX)), zone: ZoneIdx(u32::MAX) }),
            Const::Pile(ZoneRef { prefix: None, zone: ZoneIdx(1) }),
            Const::Word { command: CommandIdx(0), param: 0, word: 0 },
            Const::Word { command: CommandIdx(0), param: 1, word: 0 },
            Const::Word { command: CommandIdx(0), param: 0, word: 1 },
            Const::Word { command: CommandIdx(u32::MAX), param: u8::MAX, word: u16::MAX },
            Const::RuleSwitch(RuleSwitchIdx(0)),
            Const::RuleSwitch(RuleSwitchIdx(u32::MAX)),
        ];
        let keys: std::collections::HashSet<u128> = consts.iter().map(|&constant| const_key(constant)).collect();
        assert_eq!(keys.len(), consts.len());
    }

    #[test]
    fn stripped_entries_are_shared_and_their_errors_kept() {
        let jumping = |bundle: &mut BundleBuilder<'_>, bind: bool| {
            let mut code = bundle.code_builder();
            let end = code.new_label();
            code.emit(Instr::JumpIfNot { a: Reg(0), target: end });
            code.emit(Instr::LoadInt { a: Reg(0), imm: 300 });
            if bind {
                code.bind(end);
            }
            code.emit(Instr::Return {});
            bundle.add_entry(code)
        };
        let mut bundle = BundleBuilder::new(&EMPTY);
        bundle.set_strip(true);
        let first = jumping(&mut bundle, true);
        assert_eq!(jumping(&mut bundle, true), first);
        // `JumpIfNot r0`, then its target: the `Return`, instruction 2.
        assert_eq!(bundle.code.item(first.index()).get(..3), Some(&[Opcode::JumpIfNot as u8, 0, 2][..]));
        let unbound = jumping(&mut bundle, false);
        assert_ne!(unbound, first);
        assert_eq!(bundle.finish(), Err(BuildError::Label("label 0 used but never bound".into())));
    }

    #[test]
    fn a_hash_index_finds_every_position_after_growing() {
        let mut index = HashIndex::with_capacity(2);
        // Few distinct hashes, so that positions share them and probe past each other.
        let hash = |position: usize| (position as u64 % 7).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for position in 0..1000 {
            assert_eq!(index.find_or_insert(hash(position), |found| found == position, position), position);
        }
        for position in 0..1000 {
            assert_eq!(index.find_or_insert(hash(position), |found| found == position, usize::MAX), position);
        }
        assert_eq!(index.find_or_insert(hash(3), |_| false, 1000), 1000);
        assert_eq!(index.find_or_insert(hash(3), |found| found == 1000, 1001), 1000);
    }

    #[test]
    fn item_ranges_follow_the_ends() {
        let ends = [2, 2, 5];
        assert_eq!([0, 1, 2, 3].map(|index| item_range(&ends, index)), [0..2, 2..2, 2..5, 5..5]);
        assert_eq!(item_range(&[], 0), 0..0);
    }
}
