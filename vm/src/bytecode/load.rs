//! Loading a bundle: decode every section and check every reference once, as it is read,
//! then hand each entry's code to the verifier (`verify.rs`). Any byte string gives either a
//! [`Program`] or one [`LoadError`]; nothing here panics, recurses on input depth, or
//! allocates more than the bytes remaining could describe.
//!
//! The reader keeps absolute offsets, so every error names the byte where the problem is.

use std::collections::HashMap;

use super::compact;
use super::error::{LoadError, corrupt};
use super::format::*;
use super::index::*;
use super::operand::{BadBytes, MAX_INDEX, read_varint, unzigzag};
use super::ops::Instr;
use super::program::*;
use super::verify;
use crate::catalogue::{Catalogue, CostArg};

impl Program {
    /// Decodes and verifies a bundle built against `catalogue`.
    pub fn load(bytes: &[u8], catalogue: &Catalogue) -> Result<Program, LoadError> {
        load(bytes, catalogue)
    }
}

fn load(bytes: &[u8], catalogue: &Catalogue) -> Result<Program, LoadError> {
    if bytes.get(..4) != MAGIC.get(..4) {
        return Err(LoadError::NotABundle);
    }
    for (offset, &expected) in MAGIC.iter().enumerate().skip(4) {
        match bytes.get(offset) {
            None => return Err(corrupt(offset, "the header ends early")),
            Some(&byte) if byte != expected => {
                return Err(corrupt(offset, "magic bytes damaged, as by newline or end-of-file translation"));
            }
            Some(_) => {}
        }
    }
    let mut reader = Reader { bytes, pos: MAGIC.len(), end: bytes.len(), place: "the header" };
    let found = reader.u16("the format version")?;
    if found > FORMAT_VERSION {
        return Err(LoadError::NewerVersion { found });
    }
    if found < FORMAT_VERSION {
        return Err(LoadError::OlderVersion { found });
    }
    let name_at = reader.pos;
    let name_len = reader.u8("the catalogue name length")?;
    let name = reader.take(usize::from(name_len), "the catalogue name")?;
    let name = std::str::from_utf8(name).map_err(|_| corrupt(name_at, "the catalogue name is not UTF-8"))?;
    let hash = reader.u32("the catalogue hash")?;
    let runtime = catalogue.id();
    if name != runtime.name || hash != runtime.hash {
        return Err(LoadError::CatalogueMismatch {
            bundle_name: name.to_owned(),
            bundle_hash: hash,
            runtime_name: runtime.name,
            runtime_hash: runtime.hash,
        });
    }
    reader.place = "the bundle";

    let mut loader = Loader {
        catalogue,
        program: Program {
            catalogue_name: name.into(),
            catalogue_hash: hash,
            strings: Vec::new(),
            entries: Vec::new(),
            filters: Vec::new(),
            consts: Vec::new(),
            cards: Vec::new(),
            debug: None,
            card_keys: HashMap::new(),
        },
        code_offsets: Vec::new(),
    };
    let mut section = reader.section(Section::Strings)?;
    loader.program.strings = strings(&mut section, "strings")?;
    section.finish()?;
    let mut section = reader.section(Section::Entries)?;
    loader.entries(&mut section)?;
    section.finish()?;
    let mut section = reader.section(Section::Filters)?;
    loader.filters(&mut section)?;
    section.finish()?;
    let mut section = reader.section(Section::Consts)?;
    loader.consts(&mut section)?;
    section.finish()?;
    let mut section = reader.section(Section::Code)?;
    loader.code(&mut section)?;
    section.finish()?;
    let mut section = reader.section(Section::Cards)?;
    loader.cards(&mut section)?;
    section.finish()?;
    if reader.pos < reader.end {
        let mut section = reader.section(Section::Debug)?;
        loader.debug(&mut section)?;
        section.finish()?;
    }
    if reader.pos < reader.end {
        let extra = reader.end - reader.pos;
        return Err(corrupt(reader.pos, format!("{extra} unexpected bytes after the last section")));
    }
    Ok(loader.program)
}

/// A cursor over `bytes[..end]` that keeps absolute offsets.
struct Reader<'b> {
    bytes: &'b [u8],
    pos: usize,
    end: usize,
    /// Where the cursor is, for messages ("section CARD").
    place: &'static str,
}

impl<'b> Reader<'b> {
    fn remaining(&self) -> usize {
        self.end.saturating_sub(self.pos)
    }

    fn take(&mut self, n: usize, what: &str) -> Result<&'b [u8], LoadError> {
        let slice = if n <= self.remaining() { self.bytes.get(self.pos..self.pos + n) } else { None };
        match slice {
            Some(slice) => {
                self.pos += n;
                Ok(slice)
            }
            None => Err(corrupt(self.pos, format!("{what} runs past the end of {}", self.place))),
        }
    }

    fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], LoadError> {
        let at = self.pos;
        self.take(N, what)?.try_into().map_err(|_| corrupt(at, "internal: bad slice length"))
    }

    fn u8(&mut self, what: &str) -> Result<u8, LoadError> {
        Ok(self.array::<1>(what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16, LoadError> {
        self.array(what).map(u16::from_le_bytes)
    }

    fn u32(&mut self, what: &str) -> Result<u32, LoadError> {
        self.array(what).map(u32::from_le_bytes)
    }

    /// A minimal LEB128 varint of at most 32 bits.
    fn varint(&mut self, what: &str) -> Result<u32, LoadError> {
        let at = self.pos;
        let bytes = self.bytes.get(..self.end).unwrap_or(&[]);
        read_varint(bytes, &mut self.pos).map_err(|bad| match bad {
            BadBytes::Truncated => corrupt(at, format!("{what} runs past the end of {}", self.place)),
            BadBytes::Invalid => corrupt(at, format!("{what} is not a minimal 32-bit varint")),
        })
    }

    /// A varint no larger than `max`.
    fn bounded(&mut self, max: u32, what: &str) -> Result<u32, LoadError> {
        let at = self.pos;
        let value = self.varint(what)?;
        if value <= max { Ok(value) } else { Err(corrupt(at, format!("{what} {value} is more than {max}"))) }
    }

    fn i32(&mut self, what: &str) -> Result<i32, LoadError> {
        self.varint(what).map(unzigzag)
    }

    /// A one-byte tag that must be below `n_values`.
    fn tag(&mut self, n_values: u8, what: &str) -> Result<u8, LoadError> {
        let at = self.pos;
        let tag = self.u8(what)?;
        if tag < n_values { Ok(tag) } else { Err(corrupt(at, format!("{what} {tag} is not one of 0..{n_values}"))) }
    }

    /// A varint count of items of at least `min_size` bytes each, checked against the bytes
    /// left so that no allocation is sized by an unchecked length.
    fn count(&mut self, min_size: usize, max: usize, what: &str) -> Result<usize, LoadError> {
        let at = self.pos;
        let count = self.varint(&format!("the number of {what}"))? as usize;
        if count > max {
            return Err(corrupt(at, format!("{count} {what}, more than the {max} allowed")));
        }
        if count > self.remaining() / min_size.max(1) {
            return Err(corrupt(at, format!("{count} {what} cannot fit in the {} bytes left", self.remaining())));
        }
        Ok(count)
    }

    /// A count that a flag said is not zero.
    fn nonzero_count(&mut self, min_size: usize, what: &str) -> Result<usize, LoadError> {
        let at = self.pos;
        match self.count(min_size, u32::MAX as usize, what)? {
            0 => Err(corrupt(at, format!("no {what}, though the flags say there are some"))),
            count => Ok(count),
        }
    }

    /// A varint index into a table of `len` entries.
    fn idx(&mut self, len: usize, what: &str) -> Result<u32, LoadError> {
        let at = self.pos;
        let value = self.varint(what)?;
        if (value as usize) < len && value <= MAX_INDEX {
            Ok(value)
        } else {
            Err(corrupt(at, format!("{what} {value} out of range (there are {len})")))
        }
    }

    /// A varint of an index plus one, or `0` for none.
    fn opt_idx(&mut self, len: usize, what: &str) -> Result<Option<u32>, LoadError> {
        let at = self.pos;
        match self.varint(what)? {
            0 => Ok(None),
            value if (value as usize) <= len && value <= MAX_INDEX + 1 => Ok(Some(value - 1)),
            value => Err(corrupt(at, format!("{what} {} out of range (there are {len})", value - 1))),
        }
    }

    fn section(&mut self, section: Section) -> Result<Reader<'b>, LoadError> {
        let at = self.pos;
        let tag: [u8; 4] = self.array(&format!("section {}", section.name()))?;
        if tag != section.tag() {
            return Err(corrupt(at, format!("expected section {}, found {}", section.name(), show_tag(tag))));
        }
        let len_at = self.pos;
        let len = self.varint("the section length")? as usize;
        if len > self.remaining() {
            return Err(corrupt(
                len_at,
                format!("section {} claims {len} bytes but {} remain", section.name(), self.remaining()),
            ));
        }
        let start = self.pos;
        self.pos += len;
        Ok(Reader { bytes: self.bytes, pos: start, end: start + len, place: section.place() })
    }

    fn finish(&self) -> Result<(), LoadError> {
        match self.remaining() {
            0 => Ok(()),
            extra => Err(corrupt(self.pos, format!("{extra} unused bytes at the end of {}", self.place))),
        }
    }
}

impl Section {
    fn place(self) -> &'static str {
        match self {
            Section::Strings => "section STRS",
            Section::Entries => "section ENTR",
            Section::Filters => "section FILT",
            Section::Consts => "section CNST",
            Section::Code => "section CODE",
            Section::Cards => "section CARD",
            Section::Debug => "section DBUG",
        }
    }
}

fn show_tag(tag: [u8; 4]) -> String {
    if tag.iter().all(u8::is_ascii_alphanumeric) {
        tag.iter().map(|&byte| char::from(byte)).collect()
    } else {
        tag.iter().map(|byte| format!("{byte:02x}")).collect::<Vec<_>>().join(" ")
    }
}

/// A front-coded string table (see [`super::format`]): per string a head byte with the
/// number of bytes it shares with the one before (high nibble; as many as possible, up to
/// [`MAX_SHARED_PREFIX`]) and the length of the rest (low nibble; 15 = 15 plus a varint),
/// then the rest. Shared prefixes are short, so the text decoded is at most 16 times the
/// bytes read.
fn strings(reader: &mut Reader<'_>, what: &str) -> Result<Vec<Box<str>>, LoadError> {
    let count = reader.count(1, MAX_TABLE_LEN, what)?;
    let mut strings: Vec<Box<str>> = Vec::with_capacity(count);
    for _ in 0..count {
        let at = reader.pos;
        let previous = strings.last().map_or(&[][..], |text| text.as_bytes());
        let head = reader.u8("a string's head")?;
        let shared = usize::from(head >> 4);
        if shared > previous.len() {
            return Err(corrupt(at, format!("a string shares {shared} bytes of a string of {}", previous.len())));
        }
        let mut len = usize::from(head & 0x0f);
        if len == LONG_REST {
            len += reader.varint("a string length")? as usize;
        }
        let rest = reader.take(len, "a string")?;
        let mut bytes = Vec::with_capacity(shared + rest.len());
        bytes.extend_from_slice(&previous[..shared]);
        bytes.extend_from_slice(rest);
        if shared_prefix(previous, &bytes) != shared {
            return Err(corrupt(at, "a string shares fewer bytes with the one before than it could"));
        }
        let text =
            String::from_utf8(bytes).map_err(|_| corrupt(at, format!("string {} is not UTF-8", strings.len())))?;
        strings.push(text.into());
    }
    Ok(strings)
}

struct Loader<'c> {
    catalogue: &'c Catalogue,
    program: Program,
    /// Offset in the bundle of each entry's first code byte.
    code_offsets: Vec<usize>,
}

impl Loader<'_> {
    fn cat(&self, reader: &mut Reader<'_>, table: CatalogueTable) -> Result<u32, LoadError> {
        reader.idx(table.len(self.catalogue), table.what())
    }

    fn opt_cat(&self, reader: &mut Reader<'_>, table: CatalogueTable) -> Result<Option<u32>, LoadError> {
        reader.opt_idx(table.len(self.catalogue), table.what())
    }

    fn string(&self, reader: &mut Reader<'_>) -> Result<StrIdx, LoadError> {
        reader.idx(self.program.strings.len(), "string").map(StrIdx)
    }

    fn entry(&self, reader: &mut Reader<'_>) -> Result<EntryIdx, LoadError> {
        reader.idx(self.program.entries.len(), "entry").map(EntryIdx)
    }

    /// An index into a table of `len` written relative to `*next` (see [`CardRefs`]).
    fn relative(reader: &mut Reader<'_>, len: usize, next: &mut i64, what: &str) -> Result<u32, LoadError> {
        let at = reader.pos;
        let value = *next + i64::from(unzigzag(reader.varint(what)?));
        Self::relative_value(value, len, next, at, what)
    }

    /// An optional [`Loader::relative`] index: `0` for none, else the relative varint plus one.
    fn opt_relative(reader: &mut Reader<'_>, len: usize, next: &mut i64, what: &str) -> Result<Option<u32>, LoadError> {
        let at = reader.pos;
        match reader.varint(what)? {
            0 => Ok(None),
            raw => {
                let value = *next + i64::from(unzigzag(raw - 1));
                Self::relative_value(value, len, next, at, what).map(Some)
            }
        }
    }

    fn relative_value(value: i64, len: usize, next: &mut i64, at: usize, what: &str) -> Result<u32, LoadError> {
        match u32::try_from(value) {
            Ok(index) if (index as usize) < len && index <= MAX_INDEX => {
                *next = value + 1;
                Ok(index)
            }
            _ => Err(corrupt(at, format!("{what} {value} out of range (there are {len})"))),
        }
    }

    fn filter_ref(&self, reader: &mut Reader<'_>) -> Result<FilterIdx, LoadError> {
        reader.idx(self.program.filters.len(), "filter").map(FilterIdx)
    }

    fn entries(&mut self, reader: &mut Reader<'_>) -> Result<(), LoadError> {
        let count = reader.count(1, MAX_TABLE_LEN, "entries")?;
        for _ in 0..count {
            let at = reader.pos;
            let code_len = reader.varint("an entry's code length")?;
            if code_len == 0 || code_len as usize > MAX_ENTRY_LEN {
                return Err(corrupt(at, format!("entry code length {code_len} is not in 1..={MAX_ENTRY_LEN}")));
            }
            self.program.entries.push(Entry {
                n_regs: 0,
                n_locals: 0,
                code_len,
                instrs: Vec::new(),
                pcs: Vec::new(),
                index_at: Vec::new(),
                ops: Vec::new(),
            });
        }
        Ok(())
    }

    fn filters(&mut self, reader: &mut Reader<'_>) -> Result<(), LoadError> {
        let count = reader.count(MIN_FILTER_SIZE, MAX_TABLE_LEN, "filters")?;
        for _ in 0..count {
            let filter = self.filter(reader)?;
            self.program.filters.push(filter);
        }
        Ok(())
    }

    fn filter(&self, reader: &mut Reader<'_>) -> Result<Filter, LoadError> {
        use filter_flags::*;
        let at = reader.pos;
        let flags = reader.u8("the filter flags")?;
        let u16_value =
            |reader: &mut Reader<'_>, what: &str| reader.bounded(u32::from(u16::MAX), what).map(|n| n as u16);
        let qty = match flags & QTY_MASK {
            0 => None,
            1 => Some(Qty::Exact(u16_value(reader, "the quantity")?)),
            2 => {
                let at = reader.pos;
                let min = u16_value(reader, "the quantity minimum")?;
                let max = u16_value(reader, "the quantity maximum")?;
                if min > max {
                    return Err(corrupt(at, format!("quantity range {min}..{max} is empty")));
                }
                Some(Qty::Range { min, max })
            }
            3 => Some(Qty::All),
            4 => Some(Qty::Random(u16_value(reader, "the random count")?)),
            5 | 6 => Some(Qty::Computed { value: self.entry(reader)?, up_to: flags & QTY_MASK == 6 }),
            kind => return Err(corrupt(at, format!("the quantity kind {kind} is not one of 0..7"))),
        };
        let at = reader.pos;
        let n_types = reader.count(1, u32::MAX as usize, "type terms")?;
        if n_types == 0 {
            return Err(corrupt(at, "a filter without type terms"));
        }
        let mut types = Vec::with_capacity(n_types);
        for _ in 0..n_types {
            let at = reader.pos;
            let byte = reader.u8("a type term")?;
            let atom = match byte >> 3 {
                0 => TypeAtom::Any,
                1 => TypeAtom::Player,
                2 => TypeAtom::Players,
                3 => TypeAtom::Me,
                4 => TypeAtom::Opp,
                5 => TypeAtom::This,
                6 => TypeAtom::CardType(CardTypeIdx(self.cat(reader, CardTypeIdx::TABLE)?)),
                7 => TypeAtom::Subtype(SubtypeIdx(self.cat(reader, SubtypeIdx::TABLE)?)),
                8 => TypeAtom::Name(self.string(reader)?),
                9 => TypeAtom::Expr(self.entry(reader)?),
                kind => return Err(corrupt(at, format!("the type kind {kind} is not one of 0..10"))),
            };
            types.push(TypeTerm { exclude_source: byte & 1 != 0, negate: byte & 2 != 0, plural: byte & 4 != 0, atom });
        }
        let type_op = if flags & UNION != 0 { TypeOp::Union } else { TypeOp::Choice };
        let pick = match flags & PICK {
            0 => None,
            _ => Some(reader.i32("the pick")?),
        };
        let n_alternatives = match flags & TERMS {
            0 => 0,
            _ => reader.nonzero_count(2, "term alternatives")?,
        };
        let mut terms = Vec::with_capacity(n_alternatives);
        for _ in 0..n_alternatives {
            let at = reader.pos;
            let n_terms = reader.count(2, u32::MAX as usize, "terms")?;
            if n_terms == 0 {
                return Err(corrupt(at, "an empty alternative of filter terms"));
            }
            let mut alternative = Vec::with_capacity(n_terms);
            for _ in 0..n_terms {
                let at = reader.pos;
                let byte = reader.u8("a filter term")?;
                let negated = byte & 1 != 0;
                let kind = match (byte >> 1) & 7 {
                    0 => TermKind::Keyword(FilterKeywordIdx(self.cat(reader, FilterKeywordIdx::TABLE)?)),
                    1 => {
                        let op = CompareOp::ALL
                            .get(usize::from(byte >> 4))
                            .copied()
                            .ok_or_else(|| corrupt(at, "unknown comparison operator"))?;
                        let property = ComparableIdx(self.cat(reader, ComparableIdx::TABLE)?);
                        let value = reader.i32("the comparison value")?;
                        TermKind::Compare { property, op, value }
                    }
                    2 => {
                        let ranking = RankingIdx(self.cat(reader, RankingIdx::TABLE)?);
                        let n_words =
                            self.catalogue.ranking_filters.get(ranking.index()).map_or(0, |spec| spec.words.len());
                        let word = reader.idx(n_words, "ranking word")?;
                        TermKind::Rank { ranking, word: word as u16 }
                    }
                    3 => TermKind::CardType(CardTypeIdx(self.cat(reader, CardTypeIdx::TABLE)?)),
                    4 => TermKind::Subtype(SubtypeIdx(self.cat(reader, SubtypeIdx::TABLE)?)),
                    5 => {
                        let op = CompareOp::ALL
                            .get(usize::from(byte >> 4))
                            .copied()
                            .ok_or_else(|| corrupt(at, "unknown comparison operator"))?;
                        let property = ComparableIdx(self.cat(reader, ComparableIdx::TABLE)?);
                        TermKind::CompareComputed { property, op, value: self.entry(reader)? }
                    }
                    kind => return Err(corrupt(at, format!("the term kind {kind} is not one of 0..6"))),
                };
                let op_bits_used = matches!(kind, TermKind::Compare { .. } | TermKind::CompareComputed { .. });
                if !op_bits_used && byte >> 4 != 0 {
                    return Err(corrupt(at, "a filter term with unused bits set"));
                }
                alternative.push(Term { negated, kind });
            }
            terms.push(alternative);
        }
        let prefix = match flags & ZONE_PREFIX {
            0 => None,
            _ => Some(ZonePrefixIdx(self.cat(reader, ZonePrefixIdx::TABLE)?)),
        };
        let zone = ZoneRef { prefix, zone: ZoneIdx(self.cat(reader, ZoneIdx::TABLE)?) };
        let selector = match flags & SELECTOR {
            0 => None,
            _ => {
                let selector = SelectorIdx(self.cat(reader, SelectorIdx::TABLE)?);
                Some(Selector { selector, arg: self.entry(reader)? })
            }
        };
        Ok(Filter { qty, types, type_op, pick, terms, zone, selector })
    }

    fn consts(&mut self, reader: &mut Reader<'_>) -> Result<(), LoadError> {
        let count = reader.count(2, MAX_TABLE_LEN, "constants")?;
        for _ in 0..count {
            let constant = match reader.tag(3, "the constant kind")? {
                0 => {
                    let at = reader.pos;
                    let prefix = self.opt_cat(reader, ZonePrefixIdx::TABLE)?.map(ZonePrefixIdx);
                    let zone = ZoneRef { prefix, zone: ZoneIdx(self.cat(reader, ZoneIdx::TABLE)?) };
                    let is_pile = self.catalogue.zones.get(zone.zone.index()).is_some_and(|spec| spec.is_pile);
                    if !is_pile {
                        return Err(corrupt(at, "a pile constant whose zone is not a pile"));
                    }
                    Const::Pile(zone)
                }
                1 => {
                    let command = CommandIdx(self.cat(reader, CommandIdx::TABLE)?);
                    let at = reader.pos;
                    let param = reader.u8("the parameter")?;
                    let Some(words) = keyword_words(self.catalogue, command, param) else {
                        return Err(corrupt(at, format!("parameter {param} is not a keyword parameter")));
                    };
                    let word = reader.idx(words.len(), "keyword word")? as u16;
                    Const::Word { command, param, word }
                }
                _ => Const::RuleSwitch(RuleSwitchIdx(self.cat(reader, RuleSwitchIdx::TABLE)?)),
            };
            self.program.consts.push(constant);
        }
        Ok(())
    }

    fn code(&mut self, reader: &mut Reader<'_>) -> Result<(), LoadError> {
        let needed = self.program.entries.iter().fold(0usize, |sum, entry| sum.saturating_add(entry.code_len()));
        if needed != reader.remaining() {
            return Err(corrupt(
                reader.pos,
                format!("the code is {} bytes but the entries need {needed}", reader.remaining()),
            ));
        }
        let tables = verify::Tables {
            catalogue: self.catalogue,
            n_strings: self.program.strings.len(),
            n_filters: self.program.filters.len(),
            n_consts: self.program.consts.len(),
        };
        for (entry_idx, entry) in self.program.entries.iter_mut().enumerate() {
            let base = reader.pos;
            let code = reader.take(entry.code_len(), "the code")?;
            let mut at = 0;
            entry.index_at = vec![NOT_AN_INSTR; code.len()];
            while at < code.len() {
                let (instr, size) = Instr::decode(code, at)
                    .map_err(|error| corrupt(base + at, format!("entry {entry_idx} at {at:04x}: {error}")))?;
                entry.index_at[at] = entry.instrs.len() as u16;
                entry.instrs.push(instr);
                entry.pcs.push(Pc(at as u16));
                at += size;
            }
            verify::resolve_targets(entry, entry_idx, base)?;
            let (n_regs, n_locals) = verify::frame_size(&entry.instrs);
            if n_regs > MAX_REGS {
                return Err(corrupt(base, format!("entry {entry_idx} uses {n_regs} registers, more than {MAX_REGS}")));
            }
            entry.n_regs = n_regs as u16;
            entry.n_locals = n_locals as u16;
            verify::entry(&tables, entry_idx, entry, base)?;
            entry.ops = compact::compact(&entry.instrs, &entry.index_at);
            self.code_offsets.push(base);
        }
        verify::entry_graph(&self.program.entries, &self.program.filters, &self.code_offsets)
    }

    fn cards(&mut self, reader: &mut Reader<'_>) -> Result<(), LoadError> {
        use card_flags::*;
        let count = reader.count(MIN_CARD_SIZE, u32::MAX as usize, "cards")?;
        let mut next = CardRefs::default();
        let n_strings = self.program.strings.len();
        let n_entries = self.program.entries.len();
        for card_idx in 0..count {
            let flags_at = reader.pos;
            let flags = reader.u8("the card flags")?;
            let target_kind = (flags >> TARGET_SHIFT) & 3;
            if target_kind == 3 {
                return Err(corrupt(flags_at, format!("card flags {flags:02x} have an unknown bit set")));
            }
            let key_at = reader.pos;
            let key = StrIdx(Self::relative(reader, n_strings, &mut next.key, "string")?);
            let mut card = Card::new(key);
            if flags & ABILITIES != 0 {
                let n = reader.nonzero_count(1, "abilities")?;
                for _ in 0..n {
                    card.abilities.push(AbilityIdx(self.cat(reader, AbilityIdx::TABLE)?));
                }
            }
            if target_kind != 0 {
                let n = reader.count(1, u32::MAX as usize, "rule-target filters")?;
                let mut filters = Vec::with_capacity(n);
                for _ in 0..n {
                    filters.push(self.filter_ref(reader)?);
                }
                card.target = Some(RuleTarget { optional: target_kind == 2, filters });
            }
            if flags & REQUISITES != 0 {
                let n = reader.nonzero_count(1, "requisites")?;
                for _ in 0..n {
                    card.requisites.push(self.filter_ref(reader)?);
                }
            }
            if flags & VARS != 0 {
                card.vars = Some(EntryIdx(Self::relative(reader, n_entries, &mut next.entry, "entry")?));
            }
            let n = if flags & ACTIONS != 0 { reader.nonzero_count(3, "actions")? } else { 0 };
            for _ in 0..n {
                let label = reader.opt_idx(self.program.strings.len(), "string")?.map(StrIdx);
                let costs = self.costs(reader)?;
                let entry = EntryIdx(Self::relative(reader, n_entries, &mut next.entry, "entry")?);
                card.actions.push(Action { label, costs, entry });
            }
            let n = if flags & AUTOS != 0 { reader.nonzero_count(2, "autos")? } else { 0 };
            for _ in 0..n {
                let at = reader.pos;
                let head = reader.varint("the auto's event count")?;
                let n_events = (head >> 1) as usize;
                if n_events > reader.remaining() / 4 {
                    return Err(corrupt(
                        at,
                        format!("{n_events} events cannot fit in the {} bytes left", reader.remaining()),
                    ));
                }
                let hook = head & 1 != 0;
                let mut events = Vec::with_capacity(n_events);
                for _ in 0..n_events {
                    let event = EventIdx(self.cat(reader, EventIdx::TABLE)?);
                    let prefix = self.opt_cat(reader, EventPrefixIdx::TABLE)?.map(EventPrefixIdx);
                    let suffix = self.opt_cat(reader, EventSuffixIdx::TABLE)?.map(EventSuffixIdx);
                    let condition = Self::opt_relative(reader, n_entries, &mut next.entry, "entry")?.map(EntryIdx);
                    events.push(EventRef { event, prefix, suffix, condition });
                }
                let costs = if flags & AUTO_COSTS != 0 { self.costs(reader)? } else { Vec::new() };
                let entry = EntryIdx(Self::relative(reader, n_entries, &mut next.entry, "entry")?);
                card.autos.push(Auto { hook, events, costs, entry });
            }
            // The writer sets AUTO_COSTS only when some auto has a cost: set otherwise, it
            // would be a second encoding of the same card.
            if flags & AUTO_COSTS != 0 && card.autos.iter().all(|auto| auto.costs.is_empty()) {
                return Err(corrupt(flags_at, format!("card flags {flags:02x} mark auto costs the card has none of")));
            }
            let key_text = self.program.strings.get(key.index()).cloned().unwrap_or_default();
            if self.program.card_keys.insert(key_text, CardIdx::new(card_idx)).is_some() {
                return Err(corrupt(key_at, format!("card {card_idx} repeats an earlier card's key")));
            }
            self.program.cards.push(card);
        }
        Ok(())
    }

    /// A cost block: its length, then each cost's head (`index * 3 + argument kind`) and
    /// argument, checked against what the catalogue says the cost takes.
    fn costs(&mut self, reader: &mut Reader<'_>) -> Result<Vec<Cost>, LoadError> {
        let n_costs = reader.count(1, u32::MAX as usize, "costs")?;
        let mut costs = Vec::with_capacity(n_costs);
        for _ in 0..n_costs {
            let at = reader.pos;
            let head = reader.varint("a cost")?;
            let n_costs = CostIdx::TABLE.len(self.catalogue);
            let cost_idx = head / 3;
            if cost_idx as usize >= n_costs || cost_idx > MAX_INDEX {
                return Err(corrupt(at, format!("cost {cost_idx} out of range (there are {n_costs})")));
            }
            let cost = CostIdx(cost_idx);
            let (count, filter) = match head % 3 {
                0 => (None, None),
                1 => (Some(reader.varint("the cost count")?), None),
                _ => (None, Some(self.filter_ref(reader)?)),
            };
            let arg = self.catalogue.costs.get(cost.index()).map_or(CostArg::None, |spec| spec.arg);
            let allowed = match arg {
                CostArg::None => count.is_none() && filter.is_none(),
                CostArg::OptionalFilter => count.is_none(),
                CostArg::OptionalCountOrFilter => true,
            };
            if !allowed {
                return Err(corrupt(at, "a cost with an argument it does not take"));
            }
            costs.push(Cost { cost, count, filter });
        }
        Ok(costs)
    }

    fn debug(&mut self, reader: &mut Reader<'_>) -> Result<(), LoadError> {
        let strings = strings(reader, "debug strings")?;
        let at = reader.pos;
        let n_files = reader.count(1, u32::MAX as usize, "card files")?;
        if n_files != self.program.cards.len() {
            return Err(corrupt(at, format!("{n_files} card files for {} cards", self.program.cards.len())));
        }
        let mut card_files = Vec::with_capacity(n_files);
        for _ in 0..n_files {
            card_files.push(reader.idx(strings.len(), "debug string")?);
        }
        let at = reader.pos;
        let n_tables = reader.count(1, MAX_TABLE_LEN, "entry row tables")?;
        if n_tables != self.program.entries.len() {
            return Err(corrupt(at, format!("{n_tables} row tables for {} entries", self.program.entries.len())));
        }
        let mut entry_rows = Vec::with_capacity(n_tables);
        for entry in &self.program.entries {
            let n_rows = reader.count(MIN_ROW_SIZE, u32::MAX as usize, "rows")?;
            let mut rows: Vec<LineRow> = Vec::with_capacity(n_rows);
            let mut next = 0usize;
            for _ in 0..n_rows {
                let at = reader.pos;
                let skip = reader.varint("the row's instruction")? as usize;
                let index = next.saturating_add(skip);
                let Some(&pc) = entry.pcs.get(index) else {
                    return Err(corrupt(at, format!("row instruction {index} is past the entry's end")));
                };
                next = index + 1;
                let line = reader.varint("the line")?;
                let at = reader.pos;
                let line_start = reader.varint("the line start")?;
                let span_offset = reader.varint("the span start")?;
                let span_len = reader.varint("the span length")?;
                let span_start = line_start.checked_add(span_offset);
                let span_end = span_start.and_then(|start| start.checked_add(span_len));
                let (Some(span_start), Some(span_end)) = (span_start, span_end) else {
                    return Err(corrupt(at, "a span past 4 GiB"));
                };
                let text = reader.idx(strings.len(), "debug string")?;
                rows.push(LineRow { pc, line, line_start, span_start, span_end, text });
            }
            entry_rows.push(rows);
        }
        self.program.debug = Some(DebugInfo { strings, card_files, entry_rows });
        Ok(())
    }
}
