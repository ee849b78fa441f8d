//! [`BundleBuilder`]: interns strings, filters, constants and entries, collects cards,
//! and writes and checks the bundle.

use rustc_hash::FxHashMap as HashMap;

use super::code::*;
use super::tables::*;
use crate::bytecode::error::BuildError;
use crate::bytecode::index::*;
use crate::bytecode::ops::Opcode;
use crate::bytecode::parts::*;
use crate::bytecode::program::*;
use crate::bytecode::write::*;
use crate::catalogue::Catalogue;

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
    pub(super) code: EncodedTable,
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
        // Most filters pack into a key, which is all that is kept of them; the others are
        // hashed and compared field by field.
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
    pub fn add_cost(&mut self, cost: Cost) {
        self.cards.costs.push(cost);
    }

    /// Ends an action of the card being built, whose costs are those added with
    /// [`BundleBuilder::add_cost`] since the last action ended. The actions ended since the
    /// last card was added come first among the actions of the next card added (before
    /// those of its [`CardParts`]): a compiler can add a card's actions and autos as it
    /// generates them, without collecting them first.
    pub fn end_action(&mut self, label: Option<StrIdx>, entry: EntryIdx) {
        self.cards.end_action(label, entry);
    }

    /// Adds an event of the next auto of the card being built (see
    /// [`BundleBuilder::end_auto`]).
    pub fn add_event(&mut self, event: EventRef) {
        self.cards.events.push(event);
    }

    /// Ends an auto of the card being built, whose events are those added with
    /// [`BundleBuilder::add_event`] since the last auto ended and whose costs are those
    /// added with [`BundleBuilder::add_cost`] since the last action or auto ended; as
    /// [`BundleBuilder::end_action`], it comes first among the autos of the next card added.
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
