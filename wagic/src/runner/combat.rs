//! Combat as the runner plays it: attackers declared by clicks in the attackers step
//! ([`Run::declare_attacker`]).

use vm::runtime::CardId;

use super::{Run, Skip, at, skip, table_skip};

impl Run<'_> {
    /// A creature of the active player clicked in the attackers step attacks (a second
    /// click takes it back, as in Wagic); attacking taps it unless it has vigilance.
    pub(super) fn declare_attacker(&mut self, card: CardId, line: u32, text: &str) -> Result<(), Skip> {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return Ok(()) };
        if c.attacking {
            return Err(skip("an attack taken back", at(line, text)));
        }
        let sick = self.entered.contains(&card) && !board.has_ability(card, "haste");
        let barred = board.has_ability(card, "defender") || board.has_ability(card, "cantattack");
        if c.tapped || sick || barred {
            return Err(skip("a creature that cannot attack is clicked to attack", at(line, text)));
        }
        let vigilance = board.has_ability(card, "vigilance");
        if let Some(c) = self.table.board.cards.get_mut(card.0 as usize) {
            c.attacking = true;
        }
        self.declared.push(card);
        if !vigilance {
            crate::host::WagicHost::set_tapped(&mut self.table.board, card, true);
        }
        self.table.try_settle().map_err(|error| table_skip(error, line, text))
    }
}
