//! Kicker in a game, as Wagic's `MTGKickerRule` offers it: a card with `kicker={cost}`
//! whose mana cost and kicker can both be paid is two moves, cast it or cast it kicked
//! (`p0 casts Recruit with its kicker`); the `kicker` effects run only when kicked (the
//! catalogue's `kicked`, the board's [`crate::table::Board::kicked`], which each stack
//! item keeps for its own resolution: a spell kicked below another resolves kicked).

use vm::runtime::CardId;

use super::Game;
use super::moves::plan_payment;
use crate::table::STACK;
use crate::testfile::{self, Mana};

impl Game<'_> {
    /// A card's mana cost with its kicker added, changed by the cost changes in force and
    /// less affinity's discount (as the runner pays it), without `{X}`, and whether it has `{X}`; `None` when it has no kicker or
    /// the table does not pay it; hybrid symbols paid as [`Game::first_payable`] picks.
    pub(super) fn kicked_cost(&self, card: CardId) -> Option<(Mana, bool)> {
        let (mut ways, has_x) = self.printed_ways(card)?;
        let kicker = &self.table.board.get(card)?.printed.kicker;
        if kicker.trim().is_empty() {
            return None;
        }
        let extra = testfile::read_mana(&kicker.to_ascii_lowercase())?;
        for way in &mut ways {
            for (mana, more) in way.iter_mut().zip(extra) {
                *mana = mana.saturating_add(more);
            }
            self.table.changed_cost(card, way);
        }
        Some((self.first_payable(card, &ways)?, has_x))
    }

    /// Whether a card that can be cast now can be cast kicked: its kicker paid beside its
    /// mana cost, and no other kicked spell waiting on the stack (the board knows one).
    pub(super) fn kicker_payable(&self, card: CardId) -> bool {
        let board = &self.table.board;
        if board.kicked.is_some_and(|other| board.get(other).is_some_and(|c| c.zone == STACK)) {
            return false;
        }
        let Some(owner) = board.get(card).map(|c| c.owner) else { return false };
        let Some((cost, _)) = self.kicked_cost(card) else { return false };
        plan_payment(board.player(owner).mana, &self.mana_lands(owner), &cost).is_some()
    }

    /// The kicker's mana value: what a kicked cast is worth more to the greedy player.
    pub(super) fn kicker_value(&self, card: CardId) -> i32 {
        let Some(c) = self.table.board.get(card) else { return 0 };
        testfile::read_mana(&c.printed.kicker.to_ascii_lowercase()).map_or(0, |mana| mana.iter().sum())
    }
}
