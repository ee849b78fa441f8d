//! Suspend on the board (`suspend(N)={cost}`, Wagic's `MTGSuspendRule`): a card suspended
//! is exiled with N time counters; the game removes one at the beginning of its owner's
//! upkeep and casts it when the last is removed (`play/suspend.rs`). A creature cast so
//! has haste while it stays on the stack and then the battlefield (rule 702.62a; Wagic
//! gives haste to the card entering from a suspended one).

use vm::bytecode::ZoneIdx;
use vm::runtime::CardId;

use super::{BATTLEFIELD, Board, EXILE, STACK};

/// The name of the counters suspend puts and removes.
pub const TIME: &str = "time";

impl Board {
    /// Exiles `card` from its owner's hand with `time` time counters, suspended.
    pub fn suspend(&mut self, card: CardId, time: u32) {
        let Some(owner) = self.get(card).map(|c| c.owner) else { return };
        self.place(card, owner, EXILE, -1);
        self.add_named(card, TIME, i32::try_from(time).unwrap_or(i32::MAX));
        self.suspended.push(card);
    }

    /// Removes a time counter from a suspended card: whether that was its last (it is
    /// then cast, and no longer suspended).
    pub fn remove_time_counter(&mut self, card: CardId) -> bool {
        let before = self.get(card).map_or(0, |c| c.named.count(TIME));
        self.add_named(card, TIME, -1);
        let last = before == 1;
        if last || before == 0 {
            self.suspended.retain(|other| *other != card);
        }
        last
    }

    /// Whether a card has haste for having been cast by suspend.
    pub(super) fn hasted_by_suspend(&self, card: CardId) -> bool {
        self.hasted.contains(&card)
    }

    /// A card leaving exile is no longer suspended; one leaving the stack for elsewhere
    /// than the battlefield, or leaving the battlefield, loses suspend's haste.
    pub(super) fn forget_suspend(&mut self, card: CardId, zone: ZoneIdx) {
        let Some(from) = self.get(card).map(|c| c.zone) else { return };
        if from == EXILE && zone != EXILE {
            self.suspended.retain(|other| *other != card);
        }
        // Cast (onto the stack), then resolved onto the battlefield: the same permanent.
        let keeps_haste = zone == STACK || (from == STACK && zone == BATTLEFIELD) || from == zone;
        if !keeps_haste {
            self.hasted.retain(|other| *other != card);
        }
    }
}
