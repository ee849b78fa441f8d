//! Suspend in a game, as Wagic's `MTGSuspendRule` offers it: a card in hand with
//! `suspend(N)={cost}` whose cost can be paid is one more move when it could be cast
//! (`p0 suspends Rift Bolt (1 time counter)`): the cost paid, the card is exiled with N
//! time counters (the table's `suspend.rs`). At the beginning of its owner's upkeep one is
//! removed; when the last is, it is cast without paying its mana cost (Wagic's cast of it
//! is forced), a creature with haste; a spell with no legal target then stays exiled.

use vm::runtime::{CardId, PlayerId};

use super::moves::{cost_ways, is_type, plan_payment};
use super::{Flow, Game, who};
use crate::catalogue::CATALOGUE;
use crate::table::EXILE;
use crate::testfile::Mana;

impl Game<'_> {
    /// A card's suspend cost and its time counters; `None` when it has none or the table
    /// does not pay it. Suspending is not casting: no cost change applies.
    pub(super) fn suspend_cost(&self, card: CardId) -> Option<(Mana, u32)> {
        let (time, cost) = self.table.board.get(card)?.printed.suspend.clone()?;
        let (ways, has_x) = cost_ways(&cost.to_ascii_lowercase())?;
        if has_x {
            return None;
        }
        Some((self.first_payable(card, &ways)?, time))
    }

    /// Whether a card in a player's hand can be suspended now: when it could be cast
    /// (`sorcery_speed`, or an instant or with flash; its `restriction=` is the cast's, not
    /// suspend's: Ancestral Vision is suspended), its cost paid from the pool and the lands.
    pub(super) fn suspendable(&self, card: CardId, sorcery_speed: bool) -> bool {
        let Some((cost, _)) = self.suspend_cost(card) else { return false };
        let Some(c) = self.table.board.get(card) else { return false };
        if self.cast_limited(card) {
            return false;
        }
        let owner = c.owner;
        let flash = self.table.rules(card).is_ok_and(|rules| {
            let data = &self.table.library().program.cards()[rules.index()];
            data.abilities.iter().any(|ability| CATALOGUE.abilities[ability.index()].name == "flash")
        });
        if !(sorcery_speed || flash || is_type(&c.printed.types, "instant")) {
            return false;
        }
        plan_payment(self.table.board.player(owner).mana, &self.mana_lands(owner), &cost).is_some()
    }

    /// Suspends a card: taps the lands its cost needs, pays it, and exiles the card with
    /// its time counters.
    pub(super) fn suspend(&mut self, card: CardId) -> Flow {
        let Some((cost, time)) = self.suspend_cost(card) else { return Ok(()) };
        let Some(owner) = self.table.board.get(card).map(|c| c.owner) else { return Ok(()) };
        let Some(taps) = plan_payment(self.table.board.player(owner).mana, &self.mana_lands(owner), &cost) else {
            return Ok(());
        };
        self.tap_for_mana(owner, &taps)?;
        let pool = &mut self.table.board.players[usize::from(owner.0 != 0)].mana;
        if !crate::runner::costs::pay(pool, &cost) {
            return Ok(());
        }
        let counters = if time == 1 { "1 time counter".to_string() } else { format!("{time} time counters") };
        self.event(format!("{} suspends {} ({counters})", who(owner), self.name(card)));
        self.table.board.suspend(card, time);
        // Its exile is told by the line above.
        self.seen = super::where_cards_are(&self.table.board);
        self.settle()
    }

    /// The beginning of `active`'s upkeep: a time counter removed from each of their
    /// suspended cards, and each whose last was removed cast without paying its mana cost
    /// (in the order they were suspended).
    pub(super) fn upkeep_suspended(&mut self, active: PlayerId) -> Flow {
        let board = &self.table.board;
        let theirs: Vec<CardId> = board
            .suspended
            .iter()
            .copied()
            .filter(|card| board.get(*card).is_some_and(|c| c.owner == active && c.zone == EXILE))
            .collect();
        let mut to_cast = Vec::new();
        for card in theirs {
            let last = self.table.board.remove_time_counter(card);
            let left = self.table.board.get(card).map_or(0, |c| c.named.count(crate::table::TIME));
            self.event(format!("a time counter is removed from {} ({left} left)", self.name(card)));
            if last {
                to_cast.push(card);
            }
        }
        self.settle()?;
        for card in to_cast {
            self.cast_suspended(card)?;
        }
        Ok(())
    }
}
