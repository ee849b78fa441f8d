//! The legend rule, as Wagic's `MTGLegendRule` plays it: when a legendary permanent
//! comes under the control of a player who already controls a legendary permanent of the
//! same name, that player keeps the new one (the others go to their owners' graveyards)
//! or the old ones (the new one goes there): Wagic's menu "Keep New" / "Keep Old". Not
//! for a card with `nolegend`. The random player chooses by a coin's throw; the greedy one
//! keeps the old ones, which can already attack and tap.

use vm::runtime::{CardId, PlayerId};

use super::{Game, Outcome, PlayerKind, who};
use crate::table::{BATTLEFIELD, GRAVEYARD, P0, P1};

impl Game<'_> {
    /// Whether `card` is a legendary permanent (without `nolegend`) of a name `player`
    /// already controls one of on the battlefield: cast, the legend rule would put one of
    /// the two into the graveyard.
    pub(super) fn legend_held(&self, player: PlayerId, card: CardId) -> bool {
        let board = &self.table.board;
        let legendary = |card: CardId| board.has_type(card, "legendary") && !board.has_ability(card, "nolegend");
        let name = |card: CardId| board.get(card).map(|c| c.printed.name.to_ascii_lowercase());
        legendary(card)
            && board
                .zone(player, BATTLEFIELD)
                .into_iter()
                .any(|other| other != card && legendary(other) && name(other) == name(card))
    }

    /// Applies the legend rule to the first player's pair found; whether a card moved
    /// (the board then settles again, and the rule is checked again).
    pub(super) fn legend_rule(&mut self) -> Result<bool, Outcome> {
        for player in [P0, P1] {
            let board = &self.table.board;
            let legends: Vec<CardId> = board
                .zone(player, BATTLEFIELD)
                .into_iter()
                .filter(|card| board.has_type(*card, "legendary") && !board.has_ability(*card, "nolegend"))
                .collect();
            let name = |card: &CardId| board.get(*card).map(|c| c.printed.name.to_ascii_lowercase());
            // The newest permanent of a name held twice: the one that entered last.
            let newest = legends
                .iter()
                .filter(|card| legends.iter().filter(|other| name(other) == name(card)).count() > 1)
                .max_by_key(|card| board.get(**card).map_or(0, |c| c.order))
                .copied();
            let Some(new) = newest else { continue };
            let old: Vec<CardId> =
                legends.iter().copied().filter(|other| *other != new && name(other) == name(&new)).collect();
            let keep_new = if self.seated(player) {
                self.ask_legend(player, new)?
            } else {
                self.decisions += 1;
                match self.players[usize::from(player != P0)] {
                    PlayerKind::Random => self.rng.below(2) == 0,
                    PlayerKind::Greedy => false,
                }
            };
            let (kept, gone) = if keep_new { ("new", old) } else { ("old", vec![new]) };
            let shown = self.name(new);
            self.event(format!("{} keeps the {kept} {shown} (the legend rule)", who(player)));
            for card in gone {
                let owner = self.table.board.get(card).map_or(player, |c| c.owner);
                self.table.board.place(card, owner, GRAVEYARD, -1);
            }
            return Ok(true);
        }
        Ok(false)
    }
}
