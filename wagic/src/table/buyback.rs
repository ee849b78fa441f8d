//! Buyback's return: a spell cast with its buyback paid (`buyback={cost}`, Wagic's
//! `MTGBuyBackRule`) goes to its owner's hand as it resolves instead of to the graveyard
//! (rule 702.27a; Wagic's resolution puts a spell paid `MANA_PAID_WITH_BUYBACK` in its
//! owner's hand); countered or fizzled, it goes to the graveyard as any spell.

use vm::bytecode::ZoneIdx;
use vm::runtime::CardId;

use super::{Board, GRAVEYARD, HAND, STACK};

impl Board {
    /// The zone a resolved instant or sorcery goes to: its owner's hand when it was cast
    /// with its buyback paid, the graveyard otherwise.
    pub fn resolved_zone(&self, card: CardId) -> ZoneIdx {
        if self.bought_back.contains(&card) { HAND } else { GRAVEYARD }
    }

    /// A card leaving the stack any way is no longer a spell cast with buyback (a
    /// countered one, cast again later, is paid anew).
    pub(super) fn forget_buyback(&mut self, card: CardId, zone: ZoneIdx) {
        if zone != STACK && self.get(card).is_some_and(|c| c.zone == STACK) {
            self.bought_back.retain(|other| *other != card);
        }
    }
}
