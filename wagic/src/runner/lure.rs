//! Lure (`lure`: all creatures able to block the creature do so), as Wagic's block rule
//! plays it for its test suite's player (`MTGBlockRule`): while an attacker with lure
//! attacks, a click on a defending creature moves its block on to the next attacker with
//! lure only (one without is passed over); and as the blockers are chosen
//! (`WEventBlockersChosen`) each defending creature that blocks no attacker with lure, and
//! is able to block the first attacking one (Wagic's `findALurer`, in the attacking
//! player's battlefield order), blocks it.

use vm::runtime::CardId;

use super::{BATTLEFIELD, P0, P1, Run};

impl Run<'_> {
    /// The first attacker with lure, in its controller's battlefield order.
    pub(super) fn lurer(&self) -> Option<CardId> {
        let board = &self.table.board;
        board
            .zone(board.active, BATTLEFIELD)
            .into_iter()
            .find(|&card| board.get(card).is_some_and(|c| c.attacking) && board.has_ability(card, "lure"))
    }

    /// The attacker a lured block moves on to from `attacker` (`getNextLurer`): `attacker`
    /// when it has lure, else the next attacker with lure after it.
    pub(super) fn lured_next(&self, attackers: &[CardId], attacker: CardId) -> Option<CardId> {
        let board = &self.table.board;
        if board.has_ability(attacker, "lure") {
            return Some(attacker);
        }
        let at = attackers.iter().position(|card| *card == attacker)?;
        attackers.iter().skip(at + 1).copied().find(|&card| board.has_ability(card, "lure"))
    }

    /// As the blockers are chosen: each defending creature blocking no attacker with lure
    /// that is able to block the first one blocks it.
    pub(super) fn force_lure(&mut self) {
        let Some(lurer) = self.lurer() else { return };
        let board = &self.table.board;
        let defender = if board.active == P0 { P1 } else { P0 };
        for card in board.zone(defender, BATTLEFIELD) {
            let board = &self.table.board;
            let lured =
                board.get(card).and_then(|c| c.blocking).is_some_and(|blocked| board.has_ability(blocked, "lure"));
            if !lured && self.can_block_attacker(card, lurer) {
                self.set_block(card, Some(lurer));
            }
        }
    }
}
