//! The bundle format (`.rsb`): header constants, section tags, flag bits and limits, shared
//! by the writer (`write.rs`) and its mirror image [`super::load`]; the layout is documented
//! field by field in `docs/bytecode.md`.
//!
//! The header's integers are little-endian. Everything after it (section lengths, counts,
//! indices into the bundle's and the catalogue's tables, immediates) is a minimal LEB128
//! varint ([`write_varint`](super::operand::write_varint)), signed values zigzag-mapped first, and an optional index is
//! written as the index plus one with `0` meaning none. Tables hold at most 65 535 items.
//! Presence of optional parts of a filter or card is a bit of a flags byte rather than a
//! per-field marker.

/// The first eight bytes of every bundle. `89` catches 7-bit transfers, `\r\n` a newline
/// translation either way, `1a` a DOS end-of-file, the final `\n` an LF-to-CRLF rewrite.
pub const MAGIC: [u8; 8] = *b"\x89RSB\r\n\x1a\n";

/// The format version this runtime writes and reads.
pub const FORMAT_VERSION: u16 = 2;

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
    /// `ENTR`: the entry table (code lengths).
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
            Section::Entries => "per entry: its code length (register and local counts follow from the code)",
            Section::Filters => "compiled target filters",
            Section::Consts => "piles, keyword words and rule switches",
            Section::Code => "the entries' code, concatenated in entry order",
            Section::Cards => "per card: key, abilities, rule target, requisites, vars, actions, autos",
            Section::Debug => "optional: per card its file, per entry its source rows",
        }
    }
}

/// The flags byte of a filter: which optional parts follow.
pub(super) mod filter_flags {
    /// Bits 0–2: the quantity kind (0 none, 1 exact, 2 range, 3 all, 4 random, 5
    /// computed, 6 computed up to).
    pub const QTY_MASK: u8 = 0x07;
    /// Type terms are joined by `&` (union) rather than `,` (choice).
    pub const UNION: u8 = 0x08;
    /// A pick follows.
    pub const PICK: u8 = 0x10;
    /// Term alternatives follow.
    pub const TERMS: u8 = 0x20;
    /// The zone has a prefix.
    pub const ZONE_PREFIX: u8 = 0x40;
    /// A selector follows.
    pub const SELECTOR: u8 = 0x80;
}

/// The flags byte of a card: which optional parts follow.
pub(super) mod card_flags {
    /// Abilities follow.
    pub const ABILITIES: u8 = 0x01;
    /// Bits 1–2: the rule target (0 none, 1 `target`, 2 `target?`).
    pub const TARGET_SHIFT: u8 = 1;
    /// Requisites follow.
    pub const REQUISITES: u8 = 0x08;
    /// A vars entry follows.
    pub const VARS: u8 = 0x10;
    /// Actions follow.
    pub const ACTIONS: u8 = 0x20;
    /// Autos follow.
    pub const AUTOS: u8 = 0x40;
    /// Each auto's record ends with a cost block (as an action's). Bundles whose autos
    /// have no cost leave it clear, and their auto records carry no cost block.
    pub const AUTO_COSTS: u8 = 0x80;
}

/// The card table writes keys and entry references relative to the ones before: the
/// index each is expected to have (one past the previous key, one past the previous entry
/// referenced), as a zigzag varint of the difference. Codegen interns a card's key and
/// adds its entries as it goes, so most of these are `0` (one byte) even in bundles with
/// hundreds of strings and entries.
#[derive(Debug, Default)]
pub(super) struct CardRefs {
    /// The key index expected next.
    pub(super) key: i64,
    /// The entry index expected next.
    pub(super) entry: i64,
}

/// The most bytes a string may share with the one before it in a string table (what the
/// high nibble of its head byte holds).
pub(super) const MAX_SHARED_PREFIX: usize = 15;

/// The low nibble of a string's head byte: the length of the rest, or this value when the
/// rest is this long or longer and a varint of the excess follows.
pub(super) const LONG_REST: usize = 15;

/// The bytes `text` shares with `previous`, at most [`MAX_SHARED_PREFIX`].
pub(super) fn shared_prefix(previous: &[u8], text: &[u8]) -> usize {
    previous.iter().zip(text).take(MAX_SHARED_PREFIX).take_while(|(a, b)| a == b).count()
}

/// Smallest encoded size of one debug row (six one-byte varints).
pub(super) const MIN_ROW_SIZE: usize = 6;

/// Smallest encoded size of one card (flags and key).
pub(super) const MIN_CARD_SIZE: usize = 2;

/// Smallest encoded size of one filter (flags, type count, one type term, zone).
pub(super) const MIN_FILTER_SIZE: usize = 4;

/// The size in bytes of each section of a well-formed bundle, its tag and length
/// included, in bundle order (for `rsc compile --stats`); `None` when the bytes are not
/// laid out as a bundle.
pub fn section_sizes(bytes: &[u8]) -> Option<Vec<(Section, usize)>> {
    let name_len = *bytes.get(MAGIC.len() + 2)? as usize;
    let mut offset = MAGIC.len() + 2 + 1 + name_len + 4;
    let mut sizes = Vec::new();
    while offset < bytes.len() {
        let tag: [u8; 4] = bytes.get(offset..offset + 4)?.try_into().ok()?;
        let section = Section::ALL.into_iter().find(|section| section.tag() == tag)?;
        let mut pos = offset + 4;
        let len = super::operand::read_varint(bytes, &mut pos).ok()? as usize;
        let size = pos - offset + len;
        offset = offset.checked_add(size)?;
        sizes.push((section, size));
    }
    Some(sizes)
}
