//! Flashback in a game, as Wagic's `MTGFlashBackRule` offers it: a card in its owner's
//! graveyard with `flashback={cost}` can be cast for that cost instead of its mana cost,
//! when and as it could be cast from hand (`p0 casts Think Twice with flashback`); it is
//! exiled as it leaves the stack, resolved, countered or fizzled (the table's
//! `flashback.rs`).

use vm::runtime::{CardId, PlayerId};

use super::Game;
use crate::table::GRAVEYARD;
use crate::testfile::{self, Mana};

impl Game<'_> {
    /// `player`'s cards in their graveyard that have a flashback cost.
    pub(super) fn flashback_cards(&self, player: PlayerId) -> Vec<CardId> {
        let board = &self.table.board;
        let flashback =
            |card: &CardId| board.get(*card).is_some_and(|c| c.owner == player && !c.printed.flashback.is_empty());
        board.zone(player, GRAVEYARD).into_iter().filter(flashback).collect()
    }

    /// A card's flashback cost, and whether it has `{X}` (never: Wagic's are whole
    /// costs); `None` when it has none or the table does not pay it.
    pub(super) fn flashback_cost(&self, card: CardId) -> Option<(Mana, bool)> {
        let cost = self.table.board.get(card)?.printed.flashback.to_ascii_lowercase();
        if cost.is_empty() || cost.contains("{x}") {
            return None;
        }
        Some((testfile::read_mana(&cost)?, false))
    }
}
