//! The tables a [`super::BundleBuilder`] keeps while it builds: strings, filters and cards
//! stored once, and the hash index that finds an item again.

use std::hash::{BuildHasher, Hash, Hasher};

use rustc_hash::FxBuildHasher;

use crate::bytecode::error::{BuildError, LoadError};
use crate::bytecode::format::*;
use crate::bytecode::index::*;
use crate::bytecode::parts::*;
use crate::bytecode::program::*;
use crate::bytecode::write::*;

/// A string table kept as one buffer, each string ending at its `ends`.
#[derive(Debug, Default)]
pub(super) struct StringTable {
    pub(super) text: String,
    pub(super) ends: Vec<usize>,
}

impl StringTable {
    pub(super) fn with_capacity(strings: usize) -> StringTable {
        StringTable { text: String::with_capacity(strings * 8), ends: Vec::with_capacity(strings) }
    }

    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// String `position` (empty when there is no such string).
    pub(super) fn get(&self, position: usize) -> &str {
        self.text.get(item_range(&self.ends, position)).unwrap_or("")
    }

    /// Whether string `position` is `text`.
    pub(super) fn is(&self, position: usize, text: &str) -> bool {
        self.get(position) == text
    }

    pub(super) fn push(&mut self, text: &str) {
        self.text.push_str(text);
        self.ends.push(self.text.len());
    }

    pub(super) fn iter(&self) -> impl ExactSizeIterator<Item = &str> {
        (0..self.len()).map(|position| self.get(position))
    }
}

/// The filter table: each filter's [`FilterKey`], which is all that is kept of a filter
/// that has one; the others' lists are kept in vectors they share.
#[derive(Debug, Default)]
pub(super) struct FilterTable {
    /// Each filter's key ([`FilterKey::unkeyed`] for one that has none).
    pub(super) keys: Vec<FilterKey>,
    /// The filters without a key.
    pub(super) filters: Vec<StoredFilter>,
    pub(super) types: Vec<TypeTerm>,
    pub(super) terms: Vec<Term>,
    /// Where each group of terms (an AND-list) ends in `terms`.
    pub(super) group_ends: Vec<usize>,
}

/// A [`Filter`] whose lists are ranges of the vectors of its [`FilterTable`].
#[derive(Debug, Clone, Copy)]
pub(super) struct StoredFilter {
    pub(super) qty: Option<Qty>,
    pub(super) type_op: TypeOp,
    pub(super) pick: Option<i32>,
    pub(super) zone: ZoneRef,
    pub(super) selector: Option<Selector>,
    /// Its type terms in `types`.
    pub(super) types: ItemRange,
    /// Its groups of terms in `group_ends`.
    pub(super) groups: ItemRange,
}

impl FilterTable {
    pub(super) fn with_capacity(filters: usize) -> FilterTable {
        FilterTable {
            filters: Vec::with_capacity(filters),
            keys: Vec::with_capacity(filters),
            types: Vec::with_capacity(filters * 2),
            terms: Vec::with_capacity(filters),
            group_ends: Vec::with_capacity(filters),
        }
    }

    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }

    pub(super) fn types(&self, filter: &StoredFilter) -> &[TypeTerm] {
        filter.types.of(&self.types)
    }

    /// The terms of the group at `group` in `group_ends`.
    pub(super) fn group(&self, group: usize) -> &[Term] {
        self.terms.get(item_range(&self.group_ends, group)).unwrap_or(&[])
    }

    pub(super) fn groups(&self, filter: &StoredFilter) -> impl ExactSizeIterator<Item = &[Term]> {
        (filter.groups.start..filter.groups.end).map(|group| self.group(group))
    }

    /// Whether the filter at `position` is the one `parts` make, which has no key.
    pub(super) fn is<T: AsRef<[Term]>>(&self, position: usize, parts: &FilterParts<'_, T>) -> bool {
        // A filter with a key is not one without.
        let Some(stored) = self.keys.get(position).and_then(|key| key.stored()).and_then(|at| self.filters.get(at))
        else {
            return false;
        };
        let (types, groups) = (self.types(stored), self.groups(stored));
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
    pub(super) fn push<T: AsRef<[Term]>>(&mut self, parts: &FilterParts<'_, T>) {
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
    pub(super) fn encode(&self) -> EncodedTable {
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
pub(super) struct CardTable {
    pub(super) cards: Vec<StoredCard>,
    pub(super) abilities: Vec<AbilityIdx>,
    /// Rule target filters and requisites.
    pub(super) filters: Vec<FilterIdx>,
    pub(super) actions: Vec<StoredAction>,
    pub(super) costs: Vec<Cost>,
    /// The costs that belong to an action already (the rest, to the next one).
    pub(super) costs_taken: usize,
    pub(super) autos: Vec<StoredAuto>,
    pub(super) events: Vec<EventRef>,
    /// The events that belong to an auto already.
    pub(super) events_taken: usize,
    /// The actions and autos that belong to a card already.
    pub(super) actions_taken: usize,
    pub(super) autos_taken: usize,
}

/// A range of one of the vectors of a [`CardTable`] (or a [`FilterTable`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct ItemRange {
    pub(super) start: usize,
    pub(super) end: usize,
}

impl ItemRange {
    /// Appends `items` to `to`; their range there.
    pub(super) fn append<T: Copy>(to: &mut Vec<T>, items: &[T]) -> ItemRange {
        let start = to.len();
        // Most lists are empty or of one item; the others are short, shorter than a `memcpy`
        // call is worth (which `extend` makes of the copy), so they are pushed one by one.
        for &item in items {
            to.push(item);
        }
        ItemRange { start, end: to.len() }
    }

    /// The items of `of` in the range.
    pub(super) fn of<T>(self, of: &[T]) -> &[T] {
        of.get(self.start..self.end).unwrap_or(&[])
    }
}

/// A [`Card`] whose lists are ranges of the vectors of its [`CardTable`].
#[derive(Debug, Clone, Copy)]
pub(super) struct StoredCard {
    pub(super) key: StrIdx,
    pub(super) abilities: ItemRange,
    /// Whether the rule target is optional, and its filters.
    pub(super) target: Option<(bool, ItemRange)>,
    pub(super) requisites: ItemRange,
    pub(super) vars: Option<EntryIdx>,
    pub(super) actions: ItemRange,
    pub(super) autos: ItemRange,
}

/// An [`Action`] whose costs are a range of its [`CardTable`]'s.
#[derive(Debug, Clone, Copy)]
pub(super) struct StoredAction {
    pub(super) label: Option<StrIdx>,
    pub(super) costs: ItemRange,
    pub(super) entry: EntryIdx,
}

/// An [`Auto`] whose events are a range of its [`CardTable`]'s.
#[derive(Debug, Clone, Copy)]
pub(super) struct StoredAuto {
    pub(super) hook: bool,
    pub(super) events: ItemRange,
    pub(super) costs: ItemRange,
    pub(super) entry: EntryIdx,
}

impl CardTable {
    pub(super) fn with_capacity(cards: usize) -> CardTable {
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

    pub(super) fn len(&self) -> usize {
        self.cards.len()
    }

    /// Adds the card `parts` make, after the actions and autos ended since the last card.
    pub(super) fn push(&mut self, parts: &CardParts<'_>) {
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
    pub(super) fn take_costs(&mut self) -> ItemRange {
        let costs = ItemRange { start: self.costs_taken, end: self.costs.len() };
        self.costs_taken = costs.end;
        costs
    }

    /// The events added since the last ones taken, taking them.
    pub(super) fn take_events(&mut self) -> ItemRange {
        let events = ItemRange { start: self.events_taken, end: self.events.len() };
        self.events_taken = events.end;
        events
    }

    /// Ends an action of the card being added, with the costs added since the last action.
    pub(super) fn end_action(&mut self, label: Option<StrIdx>, entry: EntryIdx) {
        let costs = self.take_costs();
        self.actions.push(StoredAction { label, costs, entry });
    }

    /// Ends an auto of the card being added, with the events added since the last auto and
    /// the costs added since the last action or auto.
    pub(super) fn end_auto(&mut self, hook: bool, entry: EntryIdx) {
        let events = self.take_events();
        let costs = self.take_costs();
        self.autos.push(StoredAuto { hook, events, costs, entry });
    }

    /// The cards as the bundle stores them.
    pub(super) fn encode(&self) -> EncodedTable {
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

impl<T: AsRef<[Term]>> FilterParts<'_, T> {
    pub(super) fn hash(&self) -> u64 {
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
pub(super) fn const_key(constant: Const) -> u128 {
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
pub(super) const HASH_K: u64 = 0xf135_7aea_2e62_a9c5;

/// The [`HashIndex`] hash of a packed key's words: FxHash's rounds over them.
pub(super) fn hash_words(words: &[u64]) -> u64 {
    let hash = words.iter().fold(0, |hash: u64, &word| hash.wrapping_add(word).wrapping_mul(HASH_K));
    // The index keeps the low half of the hash: bring the well-mixed high bits there.
    hash.rotate_left(26)
}

/// The [`HashIndex`] hash of a string's or an entry's bytes: the bytes alone (a slice's or
/// a `str`'s `Hash` adds a length or terminator round, which items compared in full do not
/// need).
pub(super) fn hash_bytes(bytes: &[u8]) -> u64 {
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
pub(super) struct FilterKey([u64; 4]);

impl FilterKey {
    /// Set in the first word of every packed key.
    const MARKER: u64 = 1 << 63;

    /// What stands for a filter that has no key, the `at`th of the stored ones: not a key
    /// (every key has the marker bit set).
    pub(super) fn unkeyed(at: usize) -> FilterKey {
        FilterKey([0, at as u64, 0, 0])
    }

    /// Where the filter is among the stored ones, for one without a key.
    pub(super) fn stored(&self) -> Option<usize> {
        (self.0[0] & Self::MARKER == 0).then_some(self.0[1] as usize)
    }

    /// The key of the filter `parts` make, if it is one of the usual shape.
    pub(super) fn of<T: AsRef<[Term]>>(parts: &FilterParts<'_, T>) -> Option<FilterKey> {
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
    pub(super) fn filter(&self) -> KeyedFilter {
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
    pub(super) fn hash(&self) -> u64 {
        hash_words(&self.0)
    }
}

/// A filter of the usual shape, as its [`FilterKey`] holds it.
pub(super) struct KeyedFilter {
    pub(super) qty: Option<Qty>,
    pub(super) type_term: TypeTerm,
    pub(super) type_op: TypeOp,
    pub(super) pick: Option<i32>,
    pub(super) zone: ZoneRef,
    /// Whether the filter has `term` (in a group of its own).
    pub(super) has_term: bool,
    pub(super) term: Term,
}

/// Positions in a table by hash, to intern items without keeping a second copy of each:
/// an item is looked up by its hash, then compared with the stored items of that hash.
/// An open-addressing table, probed linearly from the hash and kept at most half full.
#[derive(Debug, Default)]
pub(super) struct HashIndex {
    /// A power of two of slots (or none).
    pub(super) slots: Vec<Slot>,
    /// The slots in use.
    pub(super) len: usize,
}

/// One slot of a [`HashIndex`]: a position with the low half of its hash (all a table of
/// fewer than 2^32 slots needs to find the home slot again when it grows; comparing it
/// before the items only saves comparisons).
#[derive(Debug, Clone, Copy)]
pub(super) struct Slot {
    pub(super) hash: u32,
    /// [`Slot::EMPTY`] for a free slot.
    pub(super) position: u32,
}

impl Slot {
    const EMPTY: u32 = u32::MAX;
}

impl HashIndex {
    pub(super) fn with_capacity(capacity: usize) -> HashIndex {
        let free = Slot { hash: 0, position: Slot::EMPTY };
        HashIndex { slots: vec![free; (capacity * 2).next_power_of_two()], len: 0 }
    }

    /// The first position with `hash` for which `same` holds; when there is none, `new`,
    /// which is recorded under `hash` (the caller then adds the item at `new`).
    pub(super) fn find_or_insert(&mut self, hash: u64, mut same: impl FnMut(usize) -> bool, new: usize) -> usize {
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
    pub(super) fn grow_and_insert(&mut self, hash: u32, new: usize) -> usize {
        self.grow();
        self.find_or_insert(u64::from(hash), |_| false, new)
    }

    /// Doubles the slots.
    pub(super) fn grow(&mut self) {
        let mut grown = HashIndex::with_capacity(self.slots.len().max(8));
        for slot in &self.slots {
            if slot.position != Slot::EMPTY {
                grown.find_or_insert(u64::from(slot.hash), |_| false, slot.position as usize);
            }
        }
        *self = grown;
    }
}

pub(super) fn invalid(error: LoadError) -> BuildError {
    BuildError::Invalid(error)
}
