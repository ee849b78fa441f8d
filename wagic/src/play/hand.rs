//! Abilities activated from the hand (`autohand=`: cycling, bloodrush) and from the
//! graveyard (activated `autograveyard=` lines: returning the card to hand, unearth) as
//! moves, as Wagic's `ActionLayer` offers a card in hand's abilities beside its cast, and a
//! card in its owner's graveyard the abilities Wagic gives it there: any time its owner
//! has priority, when its costs can be paid (with their lands' mana when the pool is
//! short: then every such land is tapped first, as for a permanent's ability).

use std::ops::Range;

use vm::runtime::CardId;

use super::{Game, Outcome, stopped};
use crate::table::{GRAVEYARD, HAND};

impl Game<'_> {
    /// The actions of a card used where it is now: its `autohand` ones in its owner's hand,
    /// its graveyard ones in its owner's graveyard; none elsewhere.
    fn off_battlefield_actions(&self, card: CardId) -> Range<usize> {
        let Some(c) = self.table.board.get(card) else { return 0..0 };
        let Ok(rules) = self.table.rules(card) else { return 0..0 };
        let actions = self.table.library().program.cards().get(rules.index()).map_or(0, |data| data.actions.len());
        let ranges = c.printed.action_ranges(actions);
        match c.zone {
            HAND => ranges.hand,
            GRAVEYARD => ranges.graveyard,
            _ => 0..0,
        }
    }

    /// The abilities (indices of the card's actions) of a card in its owner's hand or
    /// graveyard that can be activated now, each with whether the lands must be tapped for
    /// it.
    pub(super) fn off_battlefield_activations(&mut self, card: CardId) -> Result<Vec<(usize, bool)>, Outcome> {
        let used_here = self.off_battlefield_actions(card);
        let Some(owner) = self.table.board.get(card).map(|c| c.owner) else { return Ok(Vec::new()) };
        if used_here.is_empty() {
            return Ok(Vec::new());
        }
        let payable = self.table.try_payable_actions(card, owner).map_err(stopped)?;
        let mut offered: Vec<(usize, bool)> =
            payable.into_iter().filter(|index| used_here.contains(index)).map(|index| (index, false)).collect();
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
                if used_here.contains(&index) && !offered.iter().any(|(offered, _)| *offered == index) {
                    offered.push((index, true));
                }
            }
        }
        // A graveyard ability whose line's targets are too few, or all refused, is no move.
        if self.table.board.get(card).is_some_and(|c| c.zone == GRAVEYARD) {
            offered.retain(|(index, _)| self.line_targets_exist(card, owner, *index));
        }
        Ok(offered)
    }

    /// The `autohand=` line of a card in hand's action `index`, or the `autograveyard=`
    /// line of a card in its owner's graveyard's.
    pub(super) fn off_battlefield_line_text(&self, card: CardId, index: usize) -> Option<String> {
        let used_here = self.off_battlefield_actions(card);
        let c = self.table.board.get(card)?;
        let lines = if c.zone == GRAVEYARD { &c.printed.graveyard_lines } else { &c.printed.hand_lines };
        used_here
            .contains(&index)
            .then(|| lines.get(index - used_here.start))
            .flatten()
            .map(|line| line.trim().to_string())
    }

    /// Whether a card's action `index` is one used from its owner's graveyard, where it is.
    pub(super) fn used_from_graveyard(&self, card: CardId, index: usize) -> bool {
        self.table.board.get(card).is_some_and(|c| c.zone == GRAVEYARD)
            && self.off_battlefield_actions(card).contains(&index)
    }
}
