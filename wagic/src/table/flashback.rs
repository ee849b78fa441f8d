//! Flashback's exile: a spell cast with its flashback cost (`flashback={cost}`, Wagic's
//! `MTGFlashBackRule`, cast from its owner's graveyard) is exiled instead of going
//! anywhere else as it leaves the stack (rule 702.34a; Wagic's `putInZone` sends a spell
//! paid `MANA_PAID_WITH_FLASHBACK` to exile as it resolves).

use vm::bytecode::ZoneIdx;
use vm::runtime::CardId;

use super::{Board, EXILE, STACK};

impl Board {
    /// Where a card moving to `zone` goes: to exile when it is a spell cast with
    /// flashback leaving the stack (which is then no longer one).
    pub(super) fn flashback_destination(&mut self, card: CardId, zone: ZoneIdx, position: i32) -> (ZoneIdx, i32) {
        let leaving = self.get(card).is_some_and(|c| c.zone == STACK) && zone != STACK;
        if !leaving || !self.flashed_back.contains(&card) {
            return (zone, position);
        }
        self.flashed_back.retain(|other| *other != card);
        (EXILE, -1)
    }
}
