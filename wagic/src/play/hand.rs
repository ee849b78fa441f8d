//! Abilities activated from the hand (`autohand=`: cycling, bloodrush) as moves, as
//! Wagic's `ActionLayer` offers a card in hand's abilities beside its cast: any time its
//! owner has priority, when its costs can be paid (with their lands' mana when the pool
//! is short: then every such land is tapped first, as for a permanent's ability).

use vm::runtime::CardId;

use super::{Game, Outcome, stopped};
use crate::table::HAND;

impl Game<'_> {
    /// The `autohand` abilities (indices of the card's actions) of a card in its owner's
    /// hand that can be activated now, each with whether the lands must be tapped for it.
    pub(super) fn hand_activations(&mut self, card: CardId) -> Result<Vec<(usize, bool)>, Outcome> {
        let Some(c) = self.table.board.get(card).filter(|c| c.zone == HAND) else { return Ok(Vec::new()) };
        let (owner, hand_lines) = (c.owner, c.printed.hand_lines.len());
        if hand_lines == 0 {
            return Ok(Vec::new());
        }
        let Ok(rules) = self.table.rules(card) else { return Ok(Vec::new()) };
        let actions = self.table.library().program.cards().get(rules.index()).map_or(0, |data| data.actions.len());
        let first_hand = actions.saturating_sub(hand_lines);
        let payable = self.table.try_payable_actions(card, owner).map_err(stopped)?;
        let mut offered: Vec<(usize, bool)> = payable
            .into_iter()
            .filter(|index| (first_hand..actions).contains(index))
            .map(|index| (index, false))
            .collect();
        let lands = self.mana_lands(owner);
        if !lands.is_empty() {
            // With the lands' mana in the pool (each land's first colour), for the trial only.
            let seat = usize::from(owner.0 != 0);
            let pool = self.table.board.players[seat].mana;
            let mut more = pool;
            for (_, colours) in &lands {
                more[colours[0]] = more[colours[0]].saturating_add(1);
            }
            self.table.board.players[seat].mana = more;
            let with_lands = self.table.try_payable_actions(card, owner);
            self.table.board.players[seat].mana = pool;
            for index in with_lands.map_err(stopped)? {
                if (first_hand..actions).contains(&index) && !offered.iter().any(|(offered, _)| *offered == index) {
                    offered.push((index, true));
                }
            }
        }
        Ok(offered)
    }

    /// The `autohand=` line of a card in hand's action `index`.
    pub(super) fn hand_line_text(&self, card: CardId, index: usize) -> Option<String> {
        let c = self.table.board.get(card).filter(|c| c.zone == HAND)?;
        let rules = self.table.rules(card).ok()?;
        let actions = self.table.library().program.cards().get(rules.index())?.actions.len();
        let first_hand = actions.checked_sub(c.printed.hand_lines.len())?;
        c.printed.hand_lines.get(index.checked_sub(first_hand)?).map(|line| line.trim().to_string())
    }
}
