//! The bundle format (`.rsb`): header constants, section tags and limits, and the writer
//! that turns a [`Program`]'s tables into bytes. [`super::load`] is its mirror image; the
//! layout is documented field by field in `docs/bytecode.md`.
//!
//! Everything is little-endian. Counts and lengths are `u32`; indices into the bundle's
//! and the catalogue's tables are `u16`, with `ffff` meaning "none" where a field is
//! optional (so a table holds at most 65 535 entries).

use std::fmt;

use super::load::LoadError;
use super::operand::NONE_U16;
use super::program::*;

/// The first eight bytes of every bundle. `89` catches 7-bit transfers, `\r\n` a newline
/// translation either way, `1a` a DOS end-of-file, the final `\n` an LF-to-CRLF rewrite.
pub const MAGIC: [u8; 8] = *b"\x89RSB\r\n\x1a\n";

/// The format version this runtime writes and reads.
pub const FORMAT_VERSION: u16 = 1;

/// The most entries a table indexed by `u16` may hold (indices `0..=0xfffe`).
pub const MAX_TABLE_LEN: usize = 0xffff;

/// The most bytes of code one entry may hold (offsets are `u16`).
pub const MAX_ENTRY_LEN: usize = 0xffff;

/// The most registers, and the most local slots, one entry may use.
pub const MAX_REGS: usize = 256;

/// The sections of a bundle, in the order they appear.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// `STRS`: the string table.
    Strings,
    /// `ENTR`: the entry table (code length, register and local counts).
    Entries,
    /// `FILT`: the filter table.
    Filters,
    /// `CNST`: the constant table.
    Consts,
    /// `CODE`: every entry's code, concatenated in entry order.
    Code,
    /// `CARD`: the card table.
    Cards,
    /// `DBUG`: debug information; absent from stripped bundles.
    Debug,
}

impl Section {
    /// Every section, in bundle order.
    pub const ALL: [Section; 7] = [
        Section::Strings,
        Section::Entries,
        Section::Filters,
        Section::Consts,
        Section::Code,
        Section::Cards,
        Section::Debug,
    ];

    /// The four tag bytes that open the section.
    pub fn tag(self) -> [u8; 4] {
        *match self {
            Section::Strings => b"STRS",
            Section::Entries => b"ENTR",
            Section::Filters => b"FILT",
            Section::Consts => b"CNST",
            Section::Code => b"CODE",
            Section::Cards => b"CARD",
            Section::Debug => b"DBUG",
        }
    }

    /// The tag as text.
    pub fn name(self) -> &'static str {
        match self {
            Section::Strings => "STRS",
            Section::Entries => "ENTR",
            Section::Filters => "FILT",
            Section::Consts => "CNST",
            Section::Code => "CODE",
            Section::Cards => "CARD",
            Section::Debug => "DBUG",
        }
    }

    /// What the section holds, for the layout reference.
    pub fn doc(self) -> &'static str {
        match self {
            Section::Strings => "every interned name and text, once (UTF-8)",
            Section::Entries => "per entry: code length, register count, local count",
            Section::Filters => "compiled target filters",
            Section::Consts => "piles, keyword words and rule switches",
            Section::Code => "the entries' code, concatenated in entry order",
            Section::Cards => "per card: key, abilities, rule target, requisites, vars, actions, autos",
            Section::Debug => "optional: per card its file, per entry its source rows",
        }
    }
}

/// Why a bundle could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildError {
    /// A table, an entry or an operand exceeds a limit of the format.
    Limit(String),
    /// A label was bound twice or used without being bound.
    Label(String),
    /// The written bundle does not load: the code or metadata handed to the builder is
    /// inconsistent (a compiler bug).
    Invalid(LoadError),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Limit(message) => write!(f, "bundle limit exceeded: {message}"),
            BuildError::Label(message) => write!(f, "bad label: {message}"),
            BuildError::Invalid(error) => write!(f, "the bundle written does not load: {error}"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Writes `program` as bundle bytes, leaving out the debug section when `strip` is set.
pub(super) fn write_bundle(program: &Program, strip: bool) -> Result<Vec<u8>, BuildError> {
    let mut out = Out { bytes: Vec::new() };
    out.bytes.extend_from_slice(&MAGIC);
    out.u16(FORMAT_VERSION);
    let name = program.catalogue_name.as_bytes();
    let name_len =
        u8::try_from(name.len()).map_err(|_| BuildError::Limit("catalogue name longer than 255 bytes".into()))?;
    out.u8(name_len);
    out.bytes.extend_from_slice(name);
    out.u32(program.catalogue_hash);

    out.section(Section::Strings, |out| out.strings(&program.strings, "strings"))?;
    out.section(Section::Entries, |out| {
        out.count(program.entries.len(), MAX_TABLE_LEN, "entries")?;
        for entry in &program.entries {
            out.u32(entry.code_len);
            out.u16(entry.n_regs);
            out.u16(entry.n_locals);
        }
        Ok(())
    })?;
    out.section(Section::Filters, |out| {
        out.count(program.filters.len(), MAX_TABLE_LEN, "filters")?;
        program.filters.iter().try_for_each(|filter| out.filter(filter))
    })?;
    out.section(Section::Consts, |out| {
        out.count(program.consts.len(), MAX_TABLE_LEN, "constants")?;
        program.consts.iter().try_for_each(|constant| out.constant(constant))
    })?;
    out.section(Section::Code, |out| {
        for (entry_idx, entry) in program.entries.iter().enumerate() {
            for instr in &entry.instrs {
                instr
                    .encode(&mut out.bytes)
                    .map_err(|error| BuildError::Limit(format!("entry {entry_idx}: {error}")))?;
            }
        }
        Ok(())
    })?;
    out.section(Section::Cards, |out| {
        out.count(program.cards.len(), u32::MAX as usize, "cards")?;
        program.cards.iter().try_for_each(|card| out.card(card))
    })?;
    if let (Some(debug), false) = (&program.debug, strip) {
        out.section(Section::Debug, |out| out.debug(debug))?;
    }
    Ok(out.bytes)
}

struct Out {
    bytes: Vec<u8>,
}

impl Out {
    fn u8(&mut self, value: u8) {
        self.bytes.push(value);
    }

    fn u16(&mut self, value: u16) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    fn u32(&mut self, value: u32) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    fn i32(&mut self, value: i32) {
        self.bytes.extend_from_slice(&value.to_le_bytes());
    }

    fn flag(&mut self, value: bool) {
        self.u8(u8::from(value));
    }

    fn count(&mut self, count: usize, max: usize, what: &str) -> Result<(), BuildError> {
        match u32::try_from(count) {
            Ok(value) if count <= max => {
                self.u32(value);
                Ok(())
            }
            _ => Err(BuildError::Limit(format!("{count} {what} (at most {max})"))),
        }
    }

    fn idx(&mut self, value: u32, what: &str) -> Result<(), BuildError> {
        match u16::try_from(value) {
            Ok(value) if value != NONE_U16 => {
                self.u16(value);
                Ok(())
            }
            _ => Err(BuildError::Limit(format!("{what} index {value} does not fit in 16 bits"))),
        }
    }

    fn opt_idx(&mut self, value: Option<u32>, what: &str) -> Result<(), BuildError> {
        match value {
            Some(value) => self.idx(value, what),
            None => {
                self.u16(NONE_U16);
                Ok(())
            }
        }
    }

    fn section(
        &mut self,
        section: Section,
        body: impl FnOnce(&mut Out) -> Result<(), BuildError>,
    ) -> Result<(), BuildError> {
        self.bytes.extend_from_slice(&section.tag());
        let len_at = self.bytes.len();
        self.u32(0);
        body(self)?;
        let len = self.bytes.len() - len_at - 4;
        let len =
            u32::try_from(len).map_err(|_| BuildError::Limit(format!("section {} over 4 GiB", section.name())))?;
        self.bytes[len_at..len_at + 4].copy_from_slice(&len.to_le_bytes());
        Ok(())
    }

    fn strings(&mut self, strings: &[Box<str>], what: &str) -> Result<(), BuildError> {
        self.count(strings.len(), MAX_TABLE_LEN, what)?;
        for text in strings {
            self.count(text.len(), u32::MAX as usize, "bytes in a string")?;
            self.bytes.extend_from_slice(text.as_bytes());
        }
        Ok(())
    }

    fn filter(&mut self, filter: &Filter) -> Result<(), BuildError> {
        match filter.qty {
            None => self.u8(0),
            Some(Qty::Exact(n)) => {
                self.u8(1);
                self.u16(n);
            }
            Some(Qty::Range { min, max }) => {
                self.u8(2);
                self.u16(min);
                self.u16(max);
            }
            Some(Qty::All) => self.u8(3),
            Some(Qty::Random(n)) => {
                self.u8(4);
                self.u16(n);
            }
        }
        self.count(filter.types.len(), u32::MAX as usize, "type terms")?;
        for term in &filter.types {
            self.u8(u8::from(term.exclude_source) | u8::from(term.negate) << 1 | u8::from(term.plural) << 2);
            match term.atom {
                TypeAtom::Any => self.u8(0),
                TypeAtom::Player => self.u8(1),
                TypeAtom::Players => self.u8(2),
                TypeAtom::Me => self.u8(3),
                TypeAtom::Opp => self.u8(4),
                TypeAtom::This => self.u8(5),
                TypeAtom::CardType(idx) => {
                    self.u8(6);
                    self.idx(idx.0, "card type")?;
                }
                TypeAtom::Subtype(idx) => {
                    self.u8(7);
                    self.idx(idx.0, "subtype")?;
                }
                TypeAtom::Name(idx) => {
                    self.u8(8);
                    self.idx(idx.0, "string")?;
                }
                TypeAtom::Expr(idx) => {
                    self.u8(9);
                    self.idx(idx.0, "entry")?;
                }
            }
        }
        self.u8(match filter.type_op {
            TypeOp::Choice => 0,
            TypeOp::Union => 1,
        });
        match filter.pick {
            None => self.u8(0),
            Some(pick) => {
                self.u8(1);
                self.i32(pick);
            }
        }
        self.count(filter.terms.len(), u32::MAX as usize, "term alternatives")?;
        for alternative in &filter.terms {
            self.count(alternative.len(), u32::MAX as usize, "terms")?;
            for term in alternative {
                self.flag(term.negated);
                match term.kind {
                    TermKind::Keyword(idx) => {
                        self.u8(0);
                        self.idx(idx.0, "filter keyword")?;
                    }
                    TermKind::Compare { property, op, value } => {
                        self.u8(1);
                        self.idx(property.0, "comparable filter")?;
                        self.u8(op as u8);
                        self.i32(value);
                    }
                    TermKind::Rank { ranking, word } => {
                        self.u8(2);
                        self.idx(ranking.0, "ranking filter")?;
                        self.u16(word);
                    }
                    TermKind::CardType(idx) => {
                        self.u8(3);
                        self.idx(idx.0, "card type")?;
                    }
                    TermKind::Subtype(idx) => {
                        self.u8(4);
                        self.idx(idx.0, "subtype")?;
                    }
                }
            }
        }
        self.zone(filter.zone)?;
        match filter.selector {
            None => self.u16(NONE_U16),
            Some(selector) => {
                self.idx(selector.selector.0, "selector")?;
                self.idx(selector.arg.0, "entry")?;
            }
        }
        Ok(())
    }

    fn zone(&mut self, zone: ZoneRef) -> Result<(), BuildError> {
        self.opt_idx(zone.prefix.map(|prefix| prefix.0), "zone prefix")?;
        self.idx(zone.zone.0, "zone")
    }

    fn constant(&mut self, constant: &Const) -> Result<(), BuildError> {
        match *constant {
            Const::Pile(zone) => {
                self.u8(0);
                self.zone(zone)
            }
            Const::Word { command, param, word } => {
                self.u8(1);
                self.idx(command.0, "command")?;
                self.u8(param);
                self.u16(word);
                Ok(())
            }
            Const::RuleSwitch(idx) => {
                self.u8(2);
                self.idx(idx.0, "rule switch")
            }
        }
    }

    fn card(&mut self, card: &Card) -> Result<(), BuildError> {
        self.idx(card.key.0, "string")?;
        self.count(card.abilities.len(), u32::MAX as usize, "abilities")?;
        for ability in &card.abilities {
            self.idx(ability.0, "ability")?;
        }
        match &card.target {
            None => self.u8(0),
            Some(target) => {
                self.u8(if target.optional { 2 } else { 1 });
                self.count(target.filters.len(), u32::MAX as usize, "rule target filters")?;
                for filter in &target.filters {
                    self.idx(filter.0, "filter")?;
                }
            }
        }
        self.count(card.requisites.len(), u32::MAX as usize, "requisites")?;
        for filter in &card.requisites {
            self.idx(filter.0, "filter")?;
        }
        self.opt_idx(card.vars.map(|entry| entry.0), "entry")?;
        self.count(card.actions.len(), u32::MAX as usize, "actions")?;
        for action in &card.actions {
            self.opt_idx(action.label.map(|label| label.0), "string")?;
            self.count(action.costs.len(), u32::MAX as usize, "costs")?;
            for cost in &action.costs {
                self.idx(cost.cost.0, "cost")?;
                match cost.count {
                    None => self.u8(0),
                    Some(count) => {
                        self.u8(1);
                        self.u32(count);
                    }
                }
                self.opt_idx(cost.filter.map(|filter| filter.0), "filter")?;
            }
            self.idx(action.entry.0, "entry")?;
        }
        self.count(card.autos.len(), u32::MAX as usize, "autos")?;
        for auto in &card.autos {
            self.flag(auto.hook);
            self.count(auto.events.len(), u32::MAX as usize, "events")?;
            for event in &auto.events {
                self.idx(event.event.0, "event")?;
                self.opt_idx(event.prefix.map(|prefix| prefix.0), "event prefix")?;
                self.opt_idx(event.suffix.map(|suffix| suffix.0), "event suffix")?;
                self.opt_idx(event.condition.map(|entry| entry.0), "entry")?;
            }
            self.idx(auto.entry.0, "entry")?;
        }
        Ok(())
    }

    fn debug(&mut self, debug: &DebugInfo) -> Result<(), BuildError> {
        self.strings(&debug.strings, "debug strings")?;
        self.count(debug.card_files.len(), u32::MAX as usize, "card files")?;
        for &file in &debug.card_files {
            self.idx(file, "debug string")?;
        }
        self.count(debug.entry_rows.len(), MAX_TABLE_LEN, "entry row tables")?;
        for rows in &debug.entry_rows {
            self.count(rows.len(), u32::MAX as usize, "rows")?;
            for row in rows {
                self.u16(row.pc.0);
                self.u32(row.line);
                self.u32(row.line_start);
                self.u32(row.span_start);
                self.u32(row.span_end);
                self.idx(row.text, "debug string")?;
            }
        }
        Ok(())
    }
}

/// Size in bytes of one debug row.
pub(super) const ROW_SIZE: usize = 2 + 4 * 4 + 2;

/// Smallest encoded size of one card (key, five empty counts, no target, no vars).
pub(super) const MIN_CARD_SIZE: usize = 2 + 4 + 1 + 4 + 2 + 4 + 4;

/// Smallest encoded size of one filter.
pub(super) const MIN_FILTER_SIZE: usize = 1 + 4 + 2 + 1 + 1 + 4 + 4 + 2;

/// The size in bytes of each section of a well-formed bundle, in bundle order (for
/// `rsc compile --stats`); `None` when the bytes are not laid out as a bundle.
pub fn section_sizes(bytes: &[u8]) -> Option<Vec<(Section, usize)>> {
    let name_len = *bytes.get(MAGIC.len() + 2)? as usize;
    let mut offset = MAGIC.len() + 2 + 1 + name_len + 4;
    let mut sizes = Vec::new();
    while offset < bytes.len() {
        let tag: [u8; 4] = bytes.get(offset..offset + 4)?.try_into().ok()?;
        let section = Section::ALL.into_iter().find(|section| section.tag() == tag)?;
        let len = u32::from_le_bytes(bytes.get(offset + 4..offset + 8)?.try_into().ok()?) as usize;
        offset = offset.checked_add(8 + len)?;
        sizes.push((section, 8 + len));
    }
    Some(sizes)
}
