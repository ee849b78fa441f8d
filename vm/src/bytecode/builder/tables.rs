//! The tables a [`super::BundleBuilder`] keeps while it builds: the strings, and the cards
//! with their lists kept in vectors they share.

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

    pub(super) fn push(&mut self, text: &str) {
        self.text.push_str(text);
        self.ends.push(self.text.len());
    }

    pub(super) fn iter(&self) -> impl ExactSizeIterator<Item = &str> {
        (0..self.len()).map(|position| self.get(position))
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

/// A range of one of the vectors of a [`CardTable`].
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

pub(super) fn invalid(error: LoadError) -> BuildError {
    BuildError::Invalid(error)
}
