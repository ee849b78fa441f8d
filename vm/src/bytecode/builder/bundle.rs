//! [`BundleBuilder`]: interns strings, filters, constants and entries, encodes cards as
//! they are added, and writes and checks the bundle.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use indexmap::IndexSet;
use rustc_hash::{FxBuildHasher, FxHashMap as HashMap};

use super::code::CodeBuilder;
use super::spare::SpareCode;
use crate::bytecode::error::BuildError;
use crate::bytecode::format::CardRefs;
use crate::bytecode::index::*;
use crate::bytecode::ops::Opcode;
use crate::bytecode::parts::{AsCardParts, AsFilterParts};
use crate::bytecode::program::*;
use crate::bytecode::write::*;
use crate::catalogue::Catalogue;

/// Builds a bundle for one catalogue.
///
/// ```
/// use vm::bytecode::*;
/// # use vm::catalogue::*;
/// # static CATALOGUE: Catalogue = Catalogue { name: "demo", ..Catalogue::EMPTY };
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
    /// The strings, found by their bytes: a string's index is its position.
    strings: EncodedTable,
    string_ids: ItemIds,
    /// The constants, found by value: a constant's index is its position.
    consts: IndexSet<Const, FxBuildHasher>,
    /// The filters as the bundle stores them, found by their bytes (two filters are the
    /// same exactly when their encodings are).
    filters: EncodedTable,
    filter_ids: ItemIds,
    /// Each entry's code as the bundle stores it.
    pub(super) code: EncodedTable,
    /// Entries by their code, when stripping (stripped bundles share identical entries).
    entry_ids: ItemIds,
    /// The cards, encoded as they are added (each relative to the ones before: see
    /// [`CardRefs`]).
    cards: EncodedTable,
    next_card_refs: CardRefs,
    /// The debug section. While the bundle is built, the `pc` of a row holds the index of
    /// the instruction it starts at.
    debug: DebugInfo,
    debug_string_ids: HashMap<Box<str>, u32>,
    strip: bool,
    /// The first error of an entry.
    error: Option<BuildError>,
    spare_code: SpareCode,
}

impl<'c> BundleBuilder<'c> {
    /// An empty bundle for `catalogue`, whose identity goes in the header (computed when the
    /// bundle is written).
    pub fn new(catalogue: &'c Catalogue) -> BundleBuilder<'c> {
        BundleBuilder::with_capacity(catalogue, 0)
    }

    /// An empty bundle with room for about `cards` cards, so that adding them does not grow
    /// the tables (each card adds about two strings, a filter and an entry).
    pub fn with_capacity(catalogue: &'c Catalogue, cards: usize) -> BundleBuilder<'c> {
        BundleBuilder {
            catalogue,
            strings: EncodedTable::with_capacity(2 * cards, 16 * cards),
            string_ids: HashTable::with_capacity(2 * cards),
            consts: IndexSet::default(),
            filters: EncodedTable::with_capacity(cards, 8 * cards),
            filter_ids: HashTable::with_capacity(cards),
            code: EncodedTable::with_capacity(cards, 32 * cards),
            entry_ids: HashTable::with_capacity(cards),
            cards: EncodedTable::with_capacity(cards, 8 * cards),
            next_card_refs: CardRefs::default(),
            debug: DebugInfo::default(),
            debug_string_ids: HashMap::default(),
            strip: false,
            error: None,
            spare_code: SpareCode::default(),
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
        // Hashed from `text` rather than from its copy: reading back bytes just written
        // stalls the processor until the writes land.
        let hash = FxBuildHasher.hash_one(text.as_bytes());
        self.strings.bytes.extend_from_slice(text.as_bytes());
        // Past `u32::MAX` strings, the index saturates and the bundle writer refuses it.
        StrIdx::new(end_unique_item(&mut self.strings, &mut self.string_ids, hash))
    }

    /// The index of `filter`, adding it the first time.
    pub fn add_filter(&mut self, filter: impl AsFilterParts) -> FilterIdx {
        self.filters.write(|out| out.filter(&filter.filter_parts()));
        // Hashed from the bytes just written all the same: hashing the parts instead was
        // no faster (BENCHMARKS.md).
        let hash = FxBuildHasher.hash_one(self.filters.pending());
        FilterIdx::new(end_unique_item(&mut self.filters, &mut self.filter_ids, hash))
    }

    /// The index of `constant`, adding it the first time.
    pub fn add_const(&mut self, constant: Const) -> ConstIdx {
        ConstIdx::new(self.consts.insert_full(constant).0)
    }

    /// Adds a finished entry. Errors in it (an unbound label, a limit) are reported by
    /// [`BundleBuilder::finish`]. When stripping, an entry identical to one added before
    /// is not added again: its index is returned.
    pub fn add_entry(&mut self, code: CodeBuilder) -> EntryIdx {
        let idx = EntryIdx::new(self.code.len());
        let encoded = self.encode_entry(&code, idx);
        if self.strip {
            // Hashed from the bytes as emitted, not from the code just written (see
            // `intern`): entries with the same code were emitted with the same bytes.
            let hash = FxBuildHasher.hash_one(code.emitted_bytes());
            let position = end_unique_item(&mut self.code, &mut self.entry_ids, hash);
            self.spare_code.keep(code);
            return EntryIdx::new(position);
        }
        let rows = if encoded {
            code.rows
                .iter()
                .filter(|row| row.at < code.len())
                .map(|row| LineRow {
                    pc: Pc(row.at as u16),
                    line: row.line,
                    line_start: row.line_start,
                    span_start: row.span_start,
                    span_end: row.span_end,
                    text: self.intern_debug(&row.text),
                })
                .collect()
        } else {
            Vec::new()
        };
        self.debug.entry_rows.push(rows);
        self.code.end_item();
        self.spare_code.keep(code);
        idx
    }

    /// An empty [`CodeBuilder`], which may reuse the buffers of one already added with
    /// [`BundleBuilder::add_entry`].
    pub fn code_builder(&mut self) -> CodeBuilder {
        self.spare_code.take()
    }

    /// Appends the code of entry `idx` to the code table, keeping the first error: a
    /// `Return` stands for an entry with an error. Whether the code was encoded.
    fn encode_entry(&mut self, code: &CodeBuilder, idx: EntryIdx) -> bool {
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
        encoded.is_ok()
    }

    /// Adds a card compiled from `file` (the file name goes in the debug section).
    pub fn add_card(&mut self, card: impl AsCardParts, file: &str) -> CardIdx {
        let idx = CardIdx::new(self.cards.len());
        if !self.strip {
            let file = self.intern_debug(file);
            self.debug.card_files.push(file);
        }
        let (cards, next) = (&mut self.cards, &mut self.next_card_refs);
        card.with_card_parts(|parts| cards.write(|out| out.card(&parts, next)));
        self.cards.end_item();
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
        let consts: Vec<Const> = self.consts.into_iter().collect();
        let row_index = |_: usize, row: &LineRow| Some(usize::from(row.pc.0));
        let bytes = write_tables(BundleTables {
            catalogue_name: id.name,
            catalogue_hash: id.hash,
            strings: (0..self.strings.len()).map(|index| self.strings.item(index)),
            code: &self.code,
            filters: &self.filters,
            consts: &consts,
            cards: &self.cards,
            debug: (!self.strip).then_some((&self.debug, &row_index as &RowIndex<'_>)),
        })?;
        Program::load(&bytes, self.catalogue).map_err(BuildError::Invalid)?;
        Ok(bytes)
    }
}

/// The positions of a table's items, each with its hash: items with the same bytes have the
/// same hash, and keeping it means growing the table never reads an item again.
type ItemIds = HashTable<(u64, usize)>;

/// Ends the item written to `table` since the last one, unless one with the same bytes is
/// there already (found through `ids` by `hash`, the pending item's): the item's position.
fn end_unique_item(table: &mut EncodedTable, ids: &mut ItemIds, hash: u64) -> usize {
    let pending = table.pending();
    let same = |&(other_hash, other): &(u64, usize)| other_hash == hash && table.item(other) == pending;
    if let Some(&(_, earlier)) = ids.find(hash, same) {
        table.discard_pending();
        return earlier;
    }
    ids.insert_unique(hash, (hash, table.len()), |&(hash, _)| hash);
    table.end_item();
    table.len() - 1
}
