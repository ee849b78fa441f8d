//! The keyword abilities that change where a card goes as it leaves the battlefield or
//! would be put into a graveyard, as Wagic's rules move it:
//!
//! - `librarydeath` (Gravebane Zombie, Darksteel Colossus): a card that would be put into
//!   a graveyard goes on top of its owner's library instead (Wagic's `putInZone` replaces
//!   the graveyard by the library before anything else);
//! - `mygraveexiler` / `oppgraveexiler` (Rest in Peace, Leyline of the Void): a card that
//!   would be put into the graveyard of a player with a permanent of `mygraveexiler` (or
//!   whose opponent has one of `oppgraveexiler`) is exiled instead (a token only while a
//!   permanent named Rest in Peace is on the battlefield, as Wagic's `ripToken`); the
//!   permanent itself sees its own move, as it is still on the battlefield as it leaves;
//! - `exiledeath` (Magma Spray's grant): a card that would be put into a graveyard from
//!   anywhere but a hand is exiled instead (Wagic's `putInGraveyard`; its `moveTo` into a
//!   graveyard would not exile, where the table's does);
//! - persist (`MTGPersistRule`): a creature with persist put into a graveyard from the
//!   battlefield with no -1/-1 counter on it returns to the battlefield under its owner's
//!   control with a -1/-1 counter, once the triggers of its move have seen it die;
//! - treason (`MTGUnearthRule` at the end step): each permanent with treason is put into
//!   its owner's graveyard (sacrificed) as the end of turn step ends;
//! - unearth (`MTGUnearthRule`): each permanent with unearth is exiled as the end of turn
//!   step ends, and one that would leave the battlefield for a graveyard, a hand or a
//!   library is exiled instead.
//!
//! The board keeps counters summed (`+p/+t`, with +1/+1 and -1/-1 cancelling as Wagic's
//! counters do): a -1/-1 counter is on a creature whose summed counters are negative. A
//! creature with persist whose counters are not `+n/+n` (another kind of counter) is not
//! modelled.

use vm::bytecode::ZoneIdx;
use vm::runtime::{CardId, PlayerId};

use super::{BATTLEFIELD, Board, EXILE, GRAVEYARD, HAND, LIBRARY, Table, TableError};

impl Board {
    /// Where a card put into `zone` goes instead, and at which position (`0` of a library:
    /// its top), by the abilities of the card and of the permanents on the battlefield.
    pub(super) fn replaced_destination(&self, card: CardId, zone: ZoneIdx, position: i32) -> (ZoneIdx, i32) {
        let Some(c) = self.get(card) else { return (zone, position) };
        if c.zone == BATTLEFIELD && [GRAVEYARD, HAND, LIBRARY].contains(&zone) && self.has_ability(card, "unearth") {
            return (EXILE, -1);
        }
        if zone != GRAVEYARD {
            return (zone, position);
        }
        if self.has_ability(card, "librarydeath") {
            return (LIBRARY, 0);
        }
        let owner = c.owner;
        let exiler = |player: PlayerId, ability: &str| {
            self.zone(player, BATTLEFIELD).into_iter().any(|permanent| self.has_ability(permanent, ability))
        };
        let opponent = if owner == super::P0 { super::P1 } else { super::P0 };
        let rest_in_peace =
            || self.cards.iter().any(|other| other.zone == BATTLEFIELD && other.printed.name == "Rest in Peace");
        if (exiler(owner, "mygraveexiler") || exiler(opponent, "oppgraveexiler")) && (!c.token || rest_in_peace()) {
            return (EXILE, -1);
        }
        if c.zone != HAND && self.has_ability(card, "exiledeath") {
            return (EXILE, -1);
        }
        (zone, position)
    }

    /// Notes a creature with persist put into a graveyard from the battlefield, with the
    /// counters it had ([`Table::return_persisting`] returns it).
    pub(super) fn note_persist(&mut self, card: CardId, zone: ZoneIdx) {
        let Some(c) = self.get(card) else { return };
        if c.zone == BATTLEFIELD && zone == GRAVEYARD && !c.token && self.has_ability(card, "persist") {
            self.persisting.push((card, c.counters));
        }
    }
}

impl Table {
    /// Returns each creature with persist that died with no -1/-1 counter to its owner's
    /// battlefield with one (a new object: the runtime sees it leave, then enter).
    pub(super) fn return_persisting(&mut self) -> Result<(), TableError> {
        let persisting = std::mem::take(&mut self.board.persisting);
        for (card, (power, toughness)) in persisting {
            if power != toughness {
                return Err(TableError::Unmodelled("persist on a creature with counters other than +n/+n"));
            }
            let Some((zone, owner)) = self.board.get(card).map(|c| (c.zone, c.owner)) else { continue };
            if power < 0 || zone != GRAVEYARD {
                continue;
            }
            if self.runtime.in_play(card) {
                self.runtime.leave_play(&mut self.board, card);
                self.left_play(card);
            }
            self.board.place(card, owner, BATTLEFIELD, -1);
            if let Some(c) = self.board.get_mut(card) {
                c.counters = (-1, -1);
            }
        }
        Ok(())
    }

    /// Treason and unearth, as the end of turn step ends: each permanent with unearth is
    /// exiled, each with treason put into its owner's graveyard (Wagic's `MTGUnearthRule`
    /// looks at each permanent once, unearth first).
    pub fn end_step_leaving(&mut self) -> Result<(), TableError> {
        let on_battlefield = |board: &Board, card: CardId| board.get(card).is_some_and(|c| c.zone == BATTLEFIELD);
        let leaving: Vec<(CardId, ZoneIdx)> = (0..self.board.cards.len())
            .map(|index| CardId(index as u32))
            .filter(|&card| on_battlefield(&self.board, card))
            .filter_map(|card| {
                if self.board.has_ability(card, "unearth") {
                    Some((card, EXILE))
                } else {
                    self.board.has_ability(card, "treason").then_some((card, GRAVEYARD))
                }
            })
            .collect();
        for (card, zone) in leaving {
            // Treason's move is a sacrifice (Wagic sends `WEventCardSacrifice`).
            if zone == GRAVEYARD {
                self.board.sacrifice(card);
                continue;
            }
            let Some(owner) = self.board.get(card).map(|c| c.owner) else { continue };
            self.board.place(card, owner, zone, -1);
        }
        self.try_settle()
    }
}
