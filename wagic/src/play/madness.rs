//! Madness in a game, as Wagic's `autoexile=` madness line plays it: a card with madness
//! discarded is exiled (the table's `madness.rs`); before a player next gets priority (or
//! at once in the cleanup step) its owner chooses to cast it for its madness cost, at any
//! time as an instant could be (`p0 casts Fiery Temper for its madness cost`), or to put it
//! into their graveyard. Wagic's menu "pay R to cast" / "put in graveyard": a seat is asked,
//! the greedy player casts it whenever it can, the random one throws a coin. A card that
//! cannot be cast then (its cost unpaid, no target) goes to the graveyard.

use vm::runtime::CardId;

use super::moves::Paid;
use super::{Flow, Game, PlayerKind, who};
use crate::table::{EXILE, GRAVEYARD, P0};
use crate::testfile::{self, Mana};

impl Game<'_> {
    /// A card's madness cost, and whether it has `{X}` (never: the front end refuses it);
    /// `None` when it has none or the table does not pay it.
    pub(super) fn madness_cost(&self, card: CardId) -> Option<(Mana, bool)> {
        let cost = self.table.board.get(card)?.printed.madness.to_ascii_lowercase();
        if cost.is_empty() || cost.contains("{x}") {
            return None;
        }
        Some((testfile::read_mana(&cost)?, false))
    }

    /// Asks the owner of each card discarded with madness whether to cast it for its
    /// madness cost; each not cast goes to its owner's graveyard.
    pub(super) fn madness_choices(&mut self) -> Flow {
        let maddened = self.table.board.take_maddened();
        for card in maddened {
            let Some(owner) = self.table.board.get(card).filter(|c| c.zone == EXILE).map(|c| c.owner) else { continue };
            let name = self.name(card);
            // An instant's timing: madness casts it whatever its type.
            // A limit on spells cast (Rule of Law's `maxCast`) counts a madness cast too.
            let castable = !self.cast_limited(card) && self.castable_for(card, true, self.madness_cost(card))?;
            let cast = castable
                && if self.seated(owner) {
                    self.ask_madness(owner, card)?
                } else {
                    self.decisions += 1;
                    match self.players[usize::from(owner != P0)] {
                        PlayerKind::Random => self.rng.below(2) == 0,
                        PlayerKind::Greedy => true,
                    }
                };
            if cast {
                self.cast(card, Paid::Madness)?;
            }
            if self.table.board.get(card).is_some_and(|c| c.zone == EXILE) {
                let why = if castable { "declining madness" } else { "unable to cast it for its madness cost" };
                self.event(format!("{} puts {name} into their graveyard ({why})", who(owner)));
                self.table.board.place(card, owner, GRAVEYARD, -1);
                self.settle()?;
            }
        }
        Ok(())
    }
}
