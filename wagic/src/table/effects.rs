//! The timed effects and granted abilities in force on the board, in the order they
//! began, with each card's own found without reading everyone's: a lord over hundreds of
//! tokens puts an effect on each, and every creature's toughness and keywords are read at
//! each settle and each filter.

use std::ops::Deref;
use std::sync::atomic::{AtomicU64, Ordering};

use vm::runtime::{CardId, Value};

use crate::host::EffectCode;

/// One effect in force: its id, its code, what it is on, its value.
pub type EffectEntry = (u32, EffectCode, Value, i32);

/// One keyword ability granted: the effect's id, what it is on, the ability's name.
pub type AbilityEntry = (u32, Value, &'static str);

/// An entry of [`Effects`]: what it is on.
pub trait Entry {
    fn target(&self) -> Value;

    /// Its kind's bit among those [`Effects::any_of_on`] asks for (none by default).
    fn kind_bit(&self) -> u32 {
        0
    }
}

impl Entry for EffectEntry {
    fn target(&self) -> Value {
        self.2
    }

    fn kind_bit(&self) -> u32 {
        code_bit(self.1)
    }
}

/// An effect code's bit in the masks [`Effects::any_of_on`] reads (the codes are fewer
/// than 32).
pub const fn code_bit(code: EffectCode) -> u32 {
    1u32 << (code as u32 % 32)
}

impl Entry for AbilityEntry {
    fn target(&self) -> Value {
        self.1
    }
}

/// The effects (or granted abilities) in force, in the order they began. Reads go
/// through the slice ([`Deref`]); changes go through the methods below, which keep each
/// card's index true.
#[derive(Debug, Clone)]
pub struct Effects<E = EffectEntry> {
    entries: Vec<E>,
    /// For each card number, the positions in `entries` of the effects on that card, in
    /// ascending order.
    on_card: Vec<Vec<u32>>,
    /// For each card number, the [`Entry::kind_bit`]s of the effects on it: most cards
    /// bear no effect that changes their types, colours or abilities, and reading them
    /// need not go through the dozens of pumps on each of a board of tokens.
    kinds_on_card: Vec<u32>,
    /// The [`Entry::kind_bit`]s of all the effects on cards: a kind none has is not
    /// looked for card by card.
    kinds_on_cards: u32,
    /// A number no other list of effects had, given anew at each change: equal stamps,
    /// the same effects ([`Effects::stamp`]).
    stamp: u64,
}

/// The next [`Effects::stamp`], shared by every board of the process: two lists of effects
/// with the same stamp are one list's copies, unchanged since.
static NEXT_STAMP: AtomicU64 = AtomicU64::new(1);

fn new_stamp() -> u64 {
    NEXT_STAMP.fetch_add(1, Ordering::Relaxed)
}

impl<E> Default for Effects<E> {
    fn default() -> Self {
        Effects {
            entries: Vec::new(),
            on_card: Vec::new(),
            kinds_on_card: Vec::new(),
            kinds_on_cards: 0,
            stamp: new_stamp(),
        }
    }
}

impl<E> Effects<E> {
    /// A number that changes with every change to the effects (none other ever had it):
    /// the board's summary for the continuous autos reads it rather than every effect
    /// (`settled.rs`).
    pub fn stamp(&self) -> u64 {
        self.stamp
    }
}

impl<E> Deref for Effects<E> {
    type Target = [E];

    fn deref(&self) -> &[E] {
        &self.entries
    }
}

impl<E: Entry> Effects<E> {
    /// Adds an effect after the others.
    pub fn push(&mut self, entry: E) {
        let position = u32::try_from(self.entries.len()).unwrap_or(u32::MAX);
        if let Value::Card(card) = entry.target() {
            let slot = card.0 as usize;
            if self.on_card.len() <= slot {
                self.on_card.resize_with(slot + 1, Vec::new);
                self.kinds_on_card.resize(slot + 1, 0);
            }
            self.on_card[slot].push(position);
            self.kinds_on_card[slot] |= entry.kind_bit();
            self.kinds_on_cards |= entry.kind_bit();
        }
        self.entries.push(entry);
        self.stamp = new_stamp();
    }

    /// Keeps the effects `keep` selects, in order.
    pub fn retain(&mut self, keep: impl FnMut(&E) -> bool) {
        let before = self.entries.len();
        self.entries.retain(keep);
        if self.entries.len() != before {
            self.reindex();
            self.stamp = new_stamp();
        }
    }

    /// The effects on `card`, in the order they began.
    pub fn on(&self, card: CardId) -> impl DoubleEndedIterator<Item = &E> + '_ {
        let positions = self.on_card.get(card.0 as usize).map_or(&[][..], Vec::as_slice);
        positions.iter().filter_map(|&position| self.entries.get(position as usize))
    }

    /// Whether an effect of a kind among `mask`'s bits ([`code_bit`]) is on `card`.
    pub fn any_of_on(&self, card: CardId, mask: u32) -> bool {
        self.kinds_on_card.get(card.0 as usize).is_some_and(|kinds| kinds & mask != 0)
    }

    /// Whether an effect of a kind among `mask`'s bits is on some card.
    pub fn any_of_on_some_card(&self, mask: u32) -> bool {
        self.kinds_on_cards & mask != 0
    }

    /// Whether any effect is on `card`.
    pub fn any_on(&self, card: CardId) -> bool {
        self.on_card.get(card.0 as usize).is_some_and(|positions| !positions.is_empty())
    }

    fn reindex(&mut self) {
        for positions in &mut self.on_card {
            positions.clear();
        }
        self.kinds_on_card.fill(0);
        self.kinds_on_cards = 0;
        for (position, entry) in self.entries.iter().enumerate() {
            if let Value::Card(card) = entry.target()
                && let Some(positions) = self.on_card.get_mut(card.0 as usize)
            {
                positions.push(u32::try_from(position).unwrap_or(u32::MAX));
                if let Some(kinds) = self.kinds_on_card.get_mut(card.0 as usize) {
                    *kinds |= entry.kind_bit();
                    self.kinds_on_cards |= entry.kind_bit();
                }
            }
        }
    }
}

impl Effects<EffectEntry> {
    /// Sets the value of the effect at `position` (a prevention shield used up).
    pub fn set_value(&mut self, position: usize, value: i32) {
        if let Some(entry) = self.entries.get_mut(position) {
            entry.3 = value;
            self.stamp = new_stamp();
        }
    }

    /// Each effect's code and target, with its value to change.
    pub fn values_mut(&mut self) -> impl Iterator<Item = (EffectCode, Value, &mut i32)> {
        self.stamp = new_stamp();
        self.entries.iter_mut().map(|(_, code, target, value)| (*code, *target, value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(effects: &Effects, card: u32) -> Vec<u32> {
        effects.on(CardId(card)).map(|entry| entry.0).collect()
    }

    #[test]
    fn each_card_finds_its_own_effects_in_order_after_any_change() {
        let mut effects = Effects::default();
        for (id, card) in [(1, 3), (2, 0), (3, 3), (4, 7), (5, 0)] {
            effects.push((id, EffectCode::Power, Value::Card(CardId(card)), 1));
        }
        effects.push((6, EffectCode::Fog, Value::Int(0), 0));
        assert_eq!((on(&effects, 3), on(&effects, 0), on(&effects, 7)), (vec![1, 3], vec![2, 5], vec![4]));
        assert!(on(&effects, 9).is_empty() && !effects.any_on(CardId(9)) && effects.any_on(CardId(7)));
        effects.retain(|entry| entry.0 != 1 && entry.0 != 4);
        assert_eq!((on(&effects, 3), on(&effects, 0), on(&effects, 7)), (vec![3], vec![2, 5], vec![]));
        effects.push((7, EffectCode::Toughness, Value::Card(CardId(3)), 2));
        assert_eq!(on(&effects, 3), vec![3, 7]);
        assert_eq!(effects.on(CardId(3)).next_back().map(|entry| entry.3), Some(2));
        effects.set_value(0, 9);
        assert_eq!(effects[0], (2, EffectCode::Power, Value::Card(CardId(0)), 9));
        assert_eq!(effects.len(), 5);
    }

    #[test]
    fn each_card_knows_the_kinds_of_effects_on_it_after_any_change() {
        let mut effects = Effects::default();
        let (pump, add_type) = (code_bit(EffectCode::Power), code_bit(EffectCode::AddType));
        effects.push((1, EffectCode::Power, Value::Card(CardId(2)), 1));
        effects.push((2, EffectCode::AddType, Value::Card(CardId(2)), 0));
        effects.push((3, EffectCode::AddType, Value::Card(CardId(4)), 0));
        assert!(effects.any_of_on(CardId(2), pump) && effects.any_of_on(CardId(2), add_type));
        assert!(!effects.any_of_on(CardId(4), pump) && effects.any_of_on(CardId(4), add_type | pump));
        assert!(!effects.any_of_on(CardId(3), add_type) && !effects.any_of_on(CardId(99), add_type));
        assert!(effects.any_of_on_some_card(add_type) && !effects.any_of_on_some_card(code_bit(EffectCode::Fog)));
        effects.retain(|entry| entry.0 != 2);
        assert!(effects.any_of_on(CardId(2), pump) && !effects.any_of_on(CardId(2), add_type));
        effects.retain(|entry| entry.0 != 3);
        assert!(!effects.any_of_on_some_card(add_type) && effects.any_of_on_some_card(pump));
    }

    #[test]
    fn granted_abilities_are_indexed_by_the_card_they_are_on() {
        let mut abilities: Effects<AbilityEntry> = Effects::default();
        abilities.push((1, Value::Card(CardId(2)), "flying"));
        abilities.push((2, Value::Card(CardId(5)), "haste"));
        abilities.push((3, Value::Card(CardId(2)), "trample"));
        let names =
            |abilities: &Effects<AbilityEntry>, card| abilities.on(CardId(card)).map(|a| a.2).collect::<Vec<_>>();
        assert_eq!(names(&abilities, 2), ["flying", "trample"]);
        abilities.retain(|entry| entry.0 != 1);
        assert_eq!((names(&abilities, 2), names(&abilities, 5)), (vec!["trample"], vec!["haste"]));
    }
}
