//! The bundle writer: turns a [`Program`]'s tables, or those a [`super::BundleBuilder`]
//! keeps, into bundle bytes laid out as [`super::format`] says.

use super::error::BuildError;
use super::format::*;
use super::index::Pc;
use super::operand::{MAX_INDEX, write_varint, zigzag};
use super::parts::{CardParts, FilterParts};
use super::program::*;

impl Program {
    /// The bundle bytes of this program; without the debug section when `strip` is set.
    /// A loaded program always re-encodes to the bytes it was loaded from.
    pub fn to_bytes(&self, strip: bool) -> Result<Vec<u8>, BuildError> {
        write_bundle(self, strip)
    }
}

/// Writes `program` as bundle bytes, leaving out the debug section when `strip` is set.
fn write_bundle(program: &Program, strip: bool) -> Result<Vec<u8>, BuildError> {
    let mut code = EncodedTable::default();
    for (entry_idx, entry) in program.entries.iter().enumerate() {
        code.write(|out| {
            encode_entry(entry, out.bytes).map_err(|error| BuildError::Limit(format!("entry {entry_idx}: {error}")))
        });
        code.end_item();
    }
    let mut filters = EncodedTable::default();
    for filter in &program.filters {
        filters.write(|out| out.filter(&filter.parts()));
        filters.end_item();
    }
    let mut cards = EncodedTable::default();
    let mut next = CardRefs::default();
    for card in &program.cards {
        card.with_parts(|parts| cards.write(|out| out.card(&parts, &mut next)));
        cards.end_item();
    }
    let row_index = |entry_idx: usize, row: &LineRow| program.entries.get(entry_idx)?.instr_index(row.pc);
    write_tables(BundleTables {
        catalogue_name: &program.catalogue_name,
        catalogue_hash: program.catalogue_hash,
        strings: program.strings.iter().map(|text| text.as_bytes()),
        code: &code,
        filters: &filters,
        consts: &program.consts,
        cards: &cards,
        debug: program.debug.as_ref().filter(|_| !strip).map(|debug| (debug, &row_index as &RowIndex<'_>)),
    })
}

/// The instruction index, in entry `entry_idx`, of a debug row.
pub(super) type RowIndex<'r> = dyn Fn(usize, &LineRow) -> Option<usize> + 'r;

/// What a bundle is written from: the tables of a [`Program`], or those a
/// [`super::BundleBuilder`] keeps. Entries, filters and cards come encoded.
pub(super) struct BundleTables<'t, S> {
    pub(super) catalogue_name: &'t str,
    pub(super) catalogue_hash: u32,
    /// The string table, in order.
    pub(super) strings: S,
    /// Each entry's code, jump targets written as instruction indices.
    pub(super) code: &'t EncodedTable,
    pub(super) filters: &'t EncodedTable,
    pub(super) consts: &'t [Const],
    /// The cards, each written relative to the ones before (see [`CardRefs`]).
    pub(super) cards: &'t EncodedTable,
    /// The debug section, unless the bundle is stripped, with the instruction index of each
    /// row.
    pub(super) debug: Option<(&'t DebugInfo, &'t RowIndex<'t>)>,
}

/// Writes the bundle made of `tables`. A table's error is reported where the table is
/// written.
pub(super) fn write_tables<'t>(
    tables: BundleTables<'t, impl ExactSizeIterator<Item = &'t [u8]>>,
) -> Result<Vec<u8>, BuildError> {
    let mut bytes = Vec::new();
    let mut out = Out { bytes: &mut bytes };
    out.bytes.extend_from_slice(&MAGIC);
    out.bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let name = tables.catalogue_name.as_bytes();
    let name_len =
        u8::try_from(name.len()).map_err(|_| BuildError::Limit("catalogue name longer than 255 bytes".into()))?;
    out.u8(name_len);
    out.bytes.extend_from_slice(name);
    out.bytes.extend_from_slice(&tables.catalogue_hash.to_le_bytes());

    let code = tables.code;
    code.check()?;
    out.section(Section::Strings, |out| out.strings(tables.strings, "strings"))?;
    out.section(Section::Entries, |out| {
        out.count(code.len(), MAX_TABLE_LEN, "entries")?;
        for entry_idx in 0..code.len() {
            out.count(code.item(entry_idx).len(), MAX_ENTRY_LEN, "bytes of code in an entry")?;
        }
        Ok(())
    })?;
    out.section(Section::Filters, |out| {
        out.count(tables.filters.len(), MAX_TABLE_LEN, "filters")?;
        tables.filters.check()?;
        out.bytes.extend_from_slice(&tables.filters.bytes);
        Ok(())
    })?;
    out.section(Section::Consts, |out| {
        out.count(tables.consts.len(), MAX_TABLE_LEN, "constants")?;
        tables.consts.iter().try_for_each(|constant| out.constant(constant))
    })?;
    out.section(Section::Code, |out| {
        out.bytes.extend_from_slice(&code.bytes);
        Ok(())
    })?;
    out.section(Section::Cards, |out| {
        out.count(tables.cards.len(), u32::MAX as usize, "cards")?;
        tables.cards.check()?;
        out.bytes.extend_from_slice(&tables.cards.bytes);
        Ok(())
    })?;
    if let Some((debug, row_index)) = tables.debug {
        out.section(Section::Debug, |out| out.debug(debug, row_index))?;
    }
    Ok(bytes)
}

/// A table whose items are written one after the other as the bundle stores them (the
/// entries' code, the filters, the cards), with the first error met writing them.
#[derive(Debug, Clone, Default)]
pub(super) struct EncodedTable {
    /// Every item's bytes.
    pub(super) bytes: Vec<u8>,
    /// Where each item ends in `bytes`.
    ends: Vec<usize>,
    /// The first item that could not be written.
    pub(super) error: Option<BuildError>,
}

impl EncodedTable {
    /// Room for `items` items of `bytes` bytes in all.
    pub(super) fn with_capacity(items: usize, bytes: usize) -> EncodedTable {
        EncodedTable { bytes: Vec::with_capacity(bytes), ends: Vec::with_capacity(items), error: None }
    }

    /// The number of items.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Where the next item starts in `bytes`.
    pub(super) fn next_start(&self) -> usize {
        self.ends.last().copied().unwrap_or(0)
    }

    /// The bytes of item `index` (empty when there is no such item).
    pub(super) fn item(&self, index: usize) -> &[u8] {
        self.bytes.get(item_range(&self.ends, index)).unwrap_or(&[])
    }

    /// The bytes written since the last item ended.
    pub(super) fn pending(&self) -> &[u8] {
        self.bytes.get(self.next_start()..).unwrap_or(&[])
    }

    /// Drops the bytes written since the last item ended.
    pub(super) fn discard_pending(&mut self) {
        self.bytes.truncate(self.next_start());
    }

    /// Appends bytes with `write`, keeping its error if it is the first.
    pub(super) fn write(&mut self, write: impl FnOnce(&mut Out<'_>) -> Result<(), BuildError>) {
        let written = write(&mut Out { bytes: &mut self.bytes });
        if let Err(error) = written {
            self.error.get_or_insert(error);
        }
    }

    /// Ends the item whose bytes were written since the last one.
    pub(super) fn end_item(&mut self) {
        self.ends.push(self.bytes.len());
    }

    /// The first error met writing the items.
    fn check(&self) -> Result<(), BuildError> {
        match &self.error {
            Some(error) => Err(error.clone()),
            None => Ok(()),
        }
    }
}

/// Where item `index` lies in a table whose items are stored one after the other, item `i`
/// ending at `ends[i]`: an empty range when there is no such item.
pub(super) fn item_range(ends: &[usize], index: usize) -> std::ops::Range<usize> {
    let start = match index.checked_sub(1) {
        Some(previous) => ends.get(previous).copied().unwrap_or(0),
        None => 0,
    };
    start..ends.get(index).copied().unwrap_or(start)
}

/// Appends the code of `entry` as stored in a bundle: each instruction's encoding, with
/// every jump target written as the index of the instruction it lands on.
fn encode_entry(entry: &Entry, bytes: &mut Vec<u8>) -> Result<(), String> {
    for (pc, instr) in entry.iter() {
        let mut missing = None;
        let indexed = instr.relabel(|target| match entry.instr_index(target) {
            Some(index) => Pc(index as u16),
            None => {
                missing.get_or_insert(target);
                Pc(0)
            }
        });
        if let Some(target) = missing {
            return Err(format!("the jump target {:04x} at {:04x} is not an instruction", target.0, pc.0));
        }
        indexed.encode(bytes).map_err(|error| error.to_string())?;
    }
    Ok(())
}

/// The error for a list of `count` `what` when at most `max` fit (one function for every
/// list, so that the writers of the lists stay small).
// Cold: only errors come here; inlined, it made every list writer larger (docs/style.md, fast paths).
#[cold]
#[inline(never)]
fn too_many(count: usize, max: usize, what: &str) -> BuildError {
    BuildError::Limit(format!("{count} {what} (at most {max})"))
}

/// The error for an index of a `what` past [`MAX_INDEX`].
// Cold: only errors come here; inlined, it made every index writer larger (docs/style.md, fast paths).
#[cold]
#[inline(never)]
fn index_too_large(value: u32, what: &str) -> BuildError {
    BuildError::Limit(format!("{what} index {value} does not fit in 16 bits"))
}

/// Bundle bytes being written.
pub(super) struct Out<'b> {
    pub(super) bytes: &'b mut Vec<u8>,
}

impl Out<'_> {
    fn u8(&mut self, value: u8) {
        self.bytes.push(value);
    }

    fn varint(&mut self, value: u32) {
        write_varint(value, self.bytes);
    }

    fn i32(&mut self, value: i32) {
        self.varint(zigzag(value));
    }

    fn count(&mut self, count: usize, max: usize, what: &str) -> Result<(), BuildError> {
        match u32::try_from(count) {
            Ok(value) if count <= max => {
                self.varint(value);
                Ok(())
            }
            _ => Err(too_many(count, max, what)),
        }
    }

    fn idx(&mut self, value: u32, what: &str) -> Result<(), BuildError> {
        if value <= MAX_INDEX {
            self.varint(value);
            Ok(())
        } else {
            Err(index_too_large(value, what))
        }
    }

    fn opt_idx(&mut self, value: Option<u32>, what: &str) -> Result<(), BuildError> {
        match value {
            Some(value) if value <= MAX_INDEX => {
                self.varint(value + 1);
                Ok(())
            }
            Some(value) => Err(index_too_large(value, what)),
            None => {
                self.varint(0);
                Ok(())
            }
        }
    }

    fn section(
        &mut self,
        section: Section,
        body: impl FnOnce(&mut Out<'_>) -> Result<(), BuildError>,
    ) -> Result<(), BuildError> {
        self.bytes.extend_from_slice(&section.tag());
        let mut payload = Vec::new();
        body(&mut Out { bytes: &mut payload })?;
        let len = u32::try_from(payload.len())
            .map_err(|_| BuildError::Limit(format!("section {} over 4 GiB", section.name())))?;
        self.varint(len);
        self.bytes.extend_from_slice(&payload);
        Ok(())
    }

    /// A string table, front-coded: per string a head byte whose high nibble is the number
    /// of bytes it shares with the one before (as many as possible, at most
    /// [`MAX_SHARED_PREFIX`]) and whose low nibble is the length of the rest (up to 14; 15
    /// means a varint of `length - 15` follows), then the rest.
    fn strings<'s>(&mut self, strings: impl ExactSizeIterator<Item = &'s [u8]>, what: &str) -> Result<(), BuildError> {
        self.count(strings.len(), MAX_TABLE_LEN, what)?;
        let mut previous: &[u8] = &[];
        for text in strings {
            let shared = shared_prefix(previous, text);
            let rest = text.len() - shared;
            self.u8((shared << 4 | rest.min(LONG_REST)) as u8);
            if rest >= LONG_REST {
                self.count(rest - LONG_REST, u32::MAX as usize, "bytes in a string")?;
            }
            self.bytes.extend_from_slice(&text[shared..]);
            previous = text;
        }
        Ok(())
    }

    pub(super) fn filter<T: AsRef<[Term]>>(&mut self, filter: &FilterParts<'_, T>) -> Result<(), BuildError> {
        use filter_flags::*;
        let qty_kind = match filter.qty {
            None => 0,
            Some(Qty::Exact(_)) => 1,
            Some(Qty::Range { .. }) => 2,
            Some(Qty::All) => 3,
            Some(Qty::Random(_)) => 4,
            Some(Qty::Computed { up_to: false, .. }) => 5,
            Some(Qty::Computed { up_to: true, .. }) => 6,
        };
        let mut flags = qty_kind;
        if filter.type_op == TypeOp::Union {
            flags |= UNION;
        }
        if filter.pick.is_some() {
            flags |= PICK;
        }
        if !filter.terms.is_empty() {
            flags |= TERMS;
        }
        if filter.zone.prefix.is_some() {
            flags |= ZONE_PREFIX;
        }
        if filter.selector.is_some() {
            flags |= SELECTOR;
        }
        self.u8(flags);
        match filter.qty {
            Some(Qty::Exact(n)) | Some(Qty::Random(n)) => self.varint(u32::from(n)),
            Some(Qty::Range { min, max }) => {
                self.varint(u32::from(min));
                self.varint(u32::from(max));
            }
            Some(Qty::Computed { value, .. }) => self.idx(value.0, "entry")?,
            None | Some(Qty::All) => {}
        }
        self.count(filter.types.len(), u32::MAX as usize, "type terms")?;
        for term in filter.types {
            let term_flags = u8::from(term.exclude_source) | u8::from(term.negate) << 1 | u8::from(term.plural) << 2;
            let (kind, index) = match term.atom {
                TypeAtom::Any => (0, None),
                TypeAtom::Player => (1, None),
                TypeAtom::Players => (2, None),
                TypeAtom::Me => (3, None),
                TypeAtom::Opp => (4, None),
                TypeAtom::This => (5, None),
                TypeAtom::CardType(idx) => (6, Some((idx.0, "card type"))),
                TypeAtom::Subtype(idx) => (7, Some((idx.0, "subtype"))),
                TypeAtom::Name(idx) => (8, Some((idx.0, "string"))),
                TypeAtom::Expr(idx) => (9, Some((idx.0, "entry"))),
            };
            self.u8(term_flags | kind << 3);
            if let Some((index, what)) = index {
                self.idx(index, what)?;
            }
        }
        if let Some(pick) = filter.pick {
            self.i32(pick);
        }
        if !filter.terms.is_empty() {
            self.count(filter.terms.len(), u32::MAX as usize, "term alternatives")?;
        }
        for alternative in filter.terms {
            let alternative = alternative.as_ref();
            self.count(alternative.len(), u32::MAX as usize, "terms")?;
            for term in alternative {
                let negated = u8::from(term.negated);
                match term.kind {
                    TermKind::Keyword(idx) => {
                        self.u8(negated);
                        self.idx(idx.0, "filter keyword")?;
                    }
                    TermKind::Compare { property, op, value } => {
                        self.u8(negated | 1 << 1 | (op as u8) << 4);
                        self.idx(property.0, "comparable filter")?;
                        self.i32(value);
                    }
                    TermKind::Rank { ranking, word } => {
                        self.u8(negated | 2 << 1);
                        self.idx(ranking.0, "ranking filter")?;
                        self.varint(u32::from(word));
                    }
                    TermKind::CardType(idx) => {
                        self.u8(negated | 3 << 1);
                        self.idx(idx.0, "card type")?;
                    }
                    TermKind::Subtype(idx) => {
                        self.u8(negated | 4 << 1);
                        self.idx(idx.0, "subtype")?;
                    }
                    TermKind::CompareComputed { property, op, value } => {
                        self.u8(negated | 5 << 1 | (op as u8) << 4);
                        self.idx(property.0, "comparable filter")?;
                        self.idx(value.0, "entry")?;
                    }
                }
            }
        }
        if let Some(prefix) = filter.zone.prefix {
            self.idx(prefix.0, "zone prefix")?;
        }
        self.idx(filter.zone.zone.0, "zone")?;
        if let Some(selector) = filter.selector {
            self.idx(selector.selector.0, "selector")?;
            self.idx(selector.arg.0, "entry")?;
        }
        Ok(())
    }

    fn constant(&mut self, constant: &Const) -> Result<(), BuildError> {
        match *constant {
            Const::Pile(zone) => {
                self.u8(0);
                self.opt_idx(zone.prefix.map(|prefix| prefix.0), "zone prefix")?;
                self.idx(zone.zone.0, "zone")
            }
            Const::Word { command, param, word } => {
                self.u8(1);
                self.idx(command.0, "command")?;
                self.u8(param);
                self.varint(u32::from(word));
                Ok(())
            }
            Const::RuleSwitch(idx) => {
                self.u8(2);
                self.idx(idx.0, "rule switch")
            }
        }
    }

    /// `value` written relative to `*next` (a zigzag varint of the difference), which then
    /// moves past it.
    fn relative(&mut self, value: u32, next: &mut i64, what: &str) -> Result<(), BuildError> {
        if value > MAX_INDEX {
            return Err(index_too_large(value, what));
        }
        self.varint(zigzag((i64::from(value) - *next) as i32));
        *next = i64::from(value) + 1;
        Ok(())
    }

    /// An optional [`Out::relative`] value: `0` for none, else the relative varint plus one.
    fn opt_relative(&mut self, value: Option<u32>, next: &mut i64, what: &str) -> Result<(), BuildError> {
        match value {
            None => {
                self.varint(0);
                Ok(())
            }
            Some(value) if value <= MAX_INDEX => {
                self.varint(zigzag((i64::from(value) - *next) as i32) + 1);
                *next = i64::from(value) + 1;
                Ok(())
            }
            Some(value) => Err(index_too_large(value, what)),
        }
    }

    pub(super) fn card(&mut self, card: &CardParts<'_>, next: &mut CardRefs) -> Result<(), BuildError> {
        use card_flags::*;
        let mut flags = 0;
        if !card.abilities.is_empty() {
            flags |= ABILITIES;
        }
        flags |= match &card.target {
            None => 0,
            Some(target) if target.optional => 2 << TARGET_SHIFT,
            Some(_) => 1 << TARGET_SHIFT,
        };
        if !card.requisites.is_empty() {
            flags |= REQUISITES;
        }
        if card.vars.is_some() {
            flags |= VARS;
        }
        if !card.actions.is_empty() {
            flags |= ACTIONS;
        }
        if !card.autos.is_empty() {
            flags |= AUTOS;
        }
        let auto_costs = card.autos.iter().any(|auto| !auto.costs.is_empty());
        if auto_costs {
            flags |= AUTO_COSTS;
        }
        self.u8(flags);
        self.relative(card.key.0, &mut next.key, "string")?;
        if !card.abilities.is_empty() {
            self.count(card.abilities.len(), u32::MAX as usize, "abilities")?;
            for ability in card.abilities {
                self.idx(ability.0, "ability")?;
            }
        }
        if let Some(target) = &card.target {
            self.count(target.filters.len(), u32::MAX as usize, "rule target filters")?;
            for filter in target.filters {
                self.idx(filter.0, "filter")?;
            }
        }
        if !card.requisites.is_empty() {
            self.count(card.requisites.len(), u32::MAX as usize, "requisites")?;
            for filter in card.requisites {
                self.idx(filter.0, "filter")?;
            }
        }
        if let Some(vars) = card.vars {
            self.relative(vars.0, &mut next.entry, "entry")?;
        }
        if !card.actions.is_empty() {
            self.count(card.actions.len(), u32::MAX as usize, "actions")?;
        }
        for action in card.actions {
            self.opt_idx(action.label.map(|label| label.0), "string")?;
            self.costs(action.costs)?;
            self.relative(action.entry.0, &mut next.entry, "entry")?;
        }
        if !card.autos.is_empty() {
            self.count(card.autos.len(), u32::MAX as usize, "autos")?;
        }
        for auto in card.autos {
            let n_events = u32::try_from(auto.events.len())
                .ok()
                .filter(|&n| n <= u32::MAX / 2)
                .ok_or_else(|| BuildError::Limit(format!("{} events", auto.events.len())))?;
            self.varint(n_events << 1 | u32::from(auto.hook));
            for event in auto.events {
                self.idx(event.event.0, "event")?;
                self.opt_idx(event.prefix.map(|prefix| prefix.0), "event prefix")?;
                self.opt_idx(event.suffix.map(|suffix| suffix.0), "event suffix")?;
                self.opt_relative(event.condition.map(|entry| entry.0), &mut next.entry, "entry")?;
            }
            if auto_costs {
                self.costs(auto.costs)?;
            }
            self.relative(auto.entry.0, &mut next.entry, "entry")?;
        }
        Ok(())
    }

    /// A cost block: its length, then per cost `index * 3 + argument kind` (0 none,
    /// 1 count, 2 filter) and the argument.
    fn costs(&mut self, costs: &[Cost]) -> Result<(), BuildError> {
        self.count(costs.len(), u32::MAX as usize, "costs")?;
        for cost in costs {
            let arg = match (cost.count, cost.filter) {
                (None, None) => 0,
                (Some(_), None) => 1,
                (None, Some(_)) => 2,
                (Some(_), Some(_)) => {
                    return Err(BuildError::Limit("a cost with both a count and a filter".into()));
                }
            };
            let head = u64::from(cost.cost.0) * 3 + arg;
            match u32::try_from(head) {
                Ok(head) if cost.cost.0 <= MAX_INDEX => self.varint(head),
                _ => return Err(BuildError::Limit(format!("cost index {} does not fit", cost.cost.0))),
            }
            if let Some(count) = cost.count {
                self.varint(count);
            }
            if let Some(filter) = cost.filter {
                self.idx(filter.0, "filter")?;
            }
        }
        Ok(())
    }

    fn debug(&mut self, debug: &DebugInfo, row_index: &RowIndex<'_>) -> Result<(), BuildError> {
        self.strings(debug.strings.iter().map(|text| text.as_bytes()), "debug strings")?;
        self.count(debug.card_files.len(), u32::MAX as usize, "card files")?;
        for &file in &debug.card_files {
            self.idx(file, "debug string")?;
        }
        self.count(debug.entry_rows.len(), MAX_TABLE_LEN, "entry row tables")?;
        for (entry_idx, rows) in debug.entry_rows.iter().enumerate() {
            self.count(rows.len(), u32::MAX as usize, "rows")?;
            let mut next = 0;
            for row in rows {
                let index = row_index(entry_idx, row).filter(|&index| index >= next).ok_or_else(|| {
                    BuildError::Limit(format!("a row of entry {entry_idx} at {:04x} is out of place", row.pc.0))
                })?;
                self.varint((index - next) as u32);
                next = index + 1;
                let spans = row.line_start <= row.span_start && row.span_start <= row.span_end;
                if !spans {
                    return Err(BuildError::Limit(format!("a row of entry {entry_idx} with a backward span")));
                }
                self.varint(row.line);
                self.varint(row.line_start);
                self.varint(row.span_start - row.line_start);
                self.varint(row.span_end - row.span_start);
                self.idx(row.text, "debug string")?;
            }
        }
        Ok(())
    }
}
