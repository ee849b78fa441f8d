//! Buyback in a game, as Wagic's `MTGBuyBackRule` offers it: a card in hand with
//! `buyback={cost}` (the whole cost: its mana cost and the buyback) whose buyback cost can
//! be paid is one more move beside casting it (`p0 casts Capsize with buyback`); cast so,
//! it returns to its owner's hand as it resolves (the table's `buyback.rs`).

use vm::runtime::CardId;

use super::Game;
use crate::testfile::Mana;

impl Game<'_> {
    /// A card's buyback cost, changed by the cost changes in force and less affinity's
    /// discount (as Wagic changes it, and the runner pays it), without `{X}`, and whether
    /// it has `{X}` (paid with all the mana left, as a mana cost's is); `None` when it has
    /// none or the table does not pay it; hybrid symbols paid as [`Game::first_payable`]
    /// picks.
    pub(super) fn buyback_cost(&self, card: CardId) -> Option<(Mana, bool)> {
        let cost = self.table.board.get(card)?.printed.buyback.to_ascii_lowercase();
        if cost.is_empty() {
            return None;
        }
        let (mut ways, has_x) = super::moves::cost_ways(&cost)?;
        for way in &mut ways {
            self.table.changed_cost(card, way);
        }
        Some((self.first_payable(card, &ways)?, has_x))
    }

    /// What a cast with buyback is worth more to the greedy player: the buyback's mana
    /// value (its cost less the card's own), at least 1.
    pub(super) fn buyback_value(&self, card: CardId) -> i32 {
        let Some(c) = self.table.board.get(card) else { return 0 };
        let whole = super::moves::cost_ways(&c.printed.buyback.to_ascii_lowercase())
            .and_then(|(ways, _)| ways.first().map(|way| way.iter().sum::<i32>()))
            .unwrap_or(0);
        whole.saturating_sub(c.printed.mana_value).max(1)
    }
}
