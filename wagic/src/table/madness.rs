//! Madness on the board (`abilities=madness` with its `autoexile=` line, Wagic's
//! `MTGGameZones::putInZone`): a card with madness discarded, which is any move from its
//! owner's hand to a graveyard ("all cards that go from the hand to the graveyard is
//! ALWAYS a discard", Wagic says), is exiled instead and waits there for its owner's
//! choice: cast it for its madness cost, or put it into the graveyard (`play/madness.rs`
//! asks it).

use vm::bytecode::ZoneIdx;
use vm::runtime::CardId;

use super::{Board, EXILE, GRAVEYARD, HAND};

impl Board {
    /// Where a card moving to `zone` goes: a card with a madness cost discarded is exiled,
    /// noted as waiting for its owner's choice.
    pub(super) fn madness_destination(&mut self, card: CardId, zone: ZoneIdx, position: i32) -> (ZoneIdx, i32) {
        // Its `abilities=` as written: the runtime grants a card's keywords on the
        // battlefield only.
        let with_madness = |c: &super::Card| {
            c.zone == HAND && !c.printed.madness.is_empty() && c.printed.written_abilities.contains(&"madness")
        };
        if zone != GRAVEYARD || !self.get(card).is_some_and(with_madness) {
            return (zone, position);
        }
        if !self.maddened.contains(&card) {
            self.maddened.push(card);
        }
        (EXILE, -1)
    }

    /// A card leaving exile no longer waits for its madness choice.
    pub(super) fn forget_madness(&mut self, card: CardId, zone: ZoneIdx) {
        if zone != EXILE && self.get(card).is_some_and(|c| c.zone == EXILE) {
            self.maddened.retain(|other| *other != card);
        }
    }

    /// The cards with madness discarded and still in exile, waiting for their owner's
    /// choice, in the order they were discarded; taken from the board (each is asked once).
    pub fn take_maddened(&mut self) -> Vec<CardId> {
        let maddened = std::mem::take(&mut self.maddened);
        maddened.into_iter().filter(|card| self.get(*card).is_some_and(|c| c.zone == EXILE)).collect()
    }
}
