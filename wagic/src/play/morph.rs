//! Morph in a game, as Wagic's `MTGMorphCostRule` and `AAMorph` play it: a card in hand
//! with `facedown={3}` can be cast face down for that cost when it could be cast (`p0
//! casts a card face down`), and resolves as a nameless 2/2 creature with no abilities
//! (the table's `morph.rs`); its controller may turn it face up whenever they have
//! priority for its `autofacedown={cost}:morph` cost, a special action that does not use
//! the stack (`p0 turns Abzan Guide face up for {2}{W}{B}{G}`), and its `autofaceup=` lines
//! run then. Neither the log nor the other seat's view names a face-down card: it is a
//! `face-down creature`; its controller's move to turn it up names it.

use vm::runtime::{CardId, PlayerId};

use super::moves::plan_payment;
use super::{Flow, Game, P0, stopped, who};
use crate::catalogue::CATALOGUE;
use crate::table::stack::Resolution;
use crate::table::{BATTLEFIELD, STACK};
use crate::testfile::{self, Mana};

/// How the log and the views name a face-down card.
pub(super) const FACE_DOWN_NAME: &str = "face-down creature";

impl Game<'_> {
    /// What casting a card face down costs (`facedown=`); `None` when it has no such cost
    /// or the table does not pay it.
    fn face_down_cost(&self, card: CardId) -> Option<Mana> {
        let cost = self.table.board.get(card)?.printed.face_down_cost.to_ascii_lowercase();
        if cost.is_empty() || cost.contains("{x}") {
            return None;
        }
        testfile::read_mana(&cost)
    }

    /// What turning a face-down card face up costs; `None` for a card face up.
    fn face_up_cost(&self, card: CardId) -> Option<Mana> {
        let face = self.table.board.get(card)?.face_down.as_deref()?;
        let cost = face.face_up_cost.to_ascii_lowercase();
        if cost.is_empty() || cost.contains("{x}") {
            return None;
        }
        testfile::read_mana(&cost)
    }

    /// Whether `player` can pay `cost` from their pool and lands.
    fn can_pay(&self, player: PlayerId, cost: &Mana) -> bool {
        plan_payment(self.table.board.player(player).mana, &self.mana_lands(player), cost).is_some()
    }

    /// Whether a card in hand can be cast face down now: it has a `facedown` cost, it is
    /// sorcery speed (or the card has flash, as Wagic's rule reads it) and the cost can be
    /// paid.
    pub(super) fn face_down_castable(&self, card: CardId, sorcery_speed: bool) -> bool {
        let Some(cost) = self.face_down_cost(card) else { return false };
        let Some(owner) = self.table.board.get(card).map(|c| c.owner) else { return false };
        if self.cast_limited(card) {
            return false;
        }
        let flash = self.table.rules(card).is_ok_and(|rules| {
            self.table.library().program.cards()[rules.index()]
                .abilities
                .iter()
                .any(|ability| CATALOGUE.abilities[ability.index()].name == "flash")
        });
        (sorcery_speed || flash) && self.can_pay(owner, &cost)
    }

    /// `player`'s face-down permanents whose face-up cost they can pay now.
    pub(super) fn face_up_turnable(&self, player: PlayerId) -> Vec<CardId> {
        let board = &self.table.board;
        board
            .zone(player, BATTLEFIELD)
            .into_iter()
            .filter(|card| self.face_up_cost(*card).is_some_and(|cost| self.can_pay(player, &cost)))
            .collect()
    }

    /// Casts a card face down: its `facedown` cost paid, it goes on the stack as a 2/2
    /// creature with no name, to resolve as a permanent.
    pub(super) fn cast_face_down(&mut self, card: CardId) -> Flow {
        let Some(cost) = self.face_down_cost(card) else { return Ok(()) };
        let Some(owner) = self.table.board.get(card).map(|c| c.owner) else { return Ok(()) };
        if !self.pay(owner, &cost)? {
            return Ok(());
        }
        let verb = self.cast_verb(owner);
        self.event(format!("{verb} a card face down"));
        self.cast[usize::from(owner != P0)].push(FACE_DOWN_NAME.to_string());
        self.table.board.turn_face_down(card);
        self.table.board.place(card, owner, STACK, -1);
        self.settle()?;
        self.push(card, owner, false, Resolution::Permanent);
        Ok(())
    }

    /// Turns a face-down permanent face up for its cost (a special action: nobody
    /// responds), its `autofaceup` lines running.
    pub(super) fn turn_face_up(&mut self, card: CardId) -> Flow {
        let Some(cost) = self.face_up_cost(card) else { return Ok(()) };
        let Some(controller) = self.table.board.get(card).map(|c| c.controller) else { return Ok(()) };
        let Some(written) = self.table.board.face(card).map(|face| face.face_up_cost.clone()) else { return Ok(()) };
        if !self.pay(controller, &cost)? {
            return Ok(());
        }
        self.table.try_turn_face_up(card).map_err(stopped)?;
        let name = self.name(card);
        self.event(format!("{} turns {name} face up for {written}", who(controller)));
        self.settle()
    }

    /// Pays `cost` from `player`'s pool, tapping the lands it needs; whether it was paid.
    fn pay(&mut self, player: PlayerId, cost: &Mana) -> Result<bool, super::Outcome> {
        let pool = self.table.board.player(player).mana;
        let Some(taps) = plan_payment(pool, &self.mana_lands(player), cost) else { return Ok(false) };
        self.tap_for_mana(player, &taps)?;
        let pool = &mut self.table.board.players[usize::from(player != P0)].mana;
        Ok(crate::runner::costs::pay(pool, cost))
    }
}
