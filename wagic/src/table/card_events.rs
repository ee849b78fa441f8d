//! The events of what a player does to a card, for the triggers that listen to them:
//! `discarded` (Wagic's `WEventCardDiscard`, `@discarded(spec|hand)`), `cycled`
//! (`WEventCardCycle`, `@cycled(spec|hand)`) and `sacrificed` (`WEventCardSacrifice`,
//! `@sacrificed(spec)`), each with the card as its object. A discard is any move from a
//! hand into a graveyard (Wagic's `putInZone`: "all cards that go from the hand to the
//! graveyard is ALWAYS a discard"), whatever asked it: an effect (`discard:n`, `reject`,
//! a chosen discard), a cost (`{D}`, `{discard(spec)}`, `{cycle}`) or the cleanup's hand
//! size; madness's exile instead is a discard too. A sacrifice is told by what does it
//! ([`Board::sacrifice`]): `{S}`, `sacrifice`, a chosen sacrifice, `sacrificeforpower`,
//! a `phaseaction` sacrifice, the last `time` counter and treason; a destruction, a death
//! and any other move into a graveyard are none. A draw (`drawn`, the player its object)
//! is raised by the host's `draw` (`host.rs`), the draw step's and every effect's.

use vm::runtime::{CardId, Value};

use super::{BATTLEFIELD, Board, GRAVEYARD, HAND};

impl Board {
    /// Raises `discarded` for `card` when a move into `zone` (as asked, before any
    /// replacement) takes it from a hand to a graveyard; called as the move begins.
    pub(super) fn note_discard(&mut self, card: CardId, zone: vm::bytecode::ZoneIdx) {
        let Some(c) = self.get(card) else { return };
        if c.zone == HAND && zone == GRAVEYARD {
            let owner = c.owner;
            self.events.push(("discarded", owner, Value::Card(card)));
        }
    }

    /// Sacrifices a permanent: into its owner's graveyard, no destruction (neither
    /// regeneration nor indestructible keeps it), raising `sacrificed` for its controller.
    /// A card off the battlefield is only moved; whether it was a sacrifice.
    pub fn sacrifice(&mut self, card: CardId) -> bool {
        let Some(c) = self.get(card) else { return false };
        let (owner, controller, on_battlefield) = (c.owner, c.controller, c.zone == BATTLEFIELD);
        if on_battlefield {
            self.events.push(("sacrificed", controller, Value::Card(card)));
        }
        self.place(card, owner, GRAVEYARD, -1);
        on_battlefield
    }

    /// Cycles a card in its owner's hand: discarded into its owner's graveyard, raising
    /// `cycled` (after `discarded`, as Wagic's `CycleCost` sends them); whether it was in a
    /// hand.
    pub fn cycle(&mut self, card: CardId) -> bool {
        let Some(c) = self.get(card).filter(|c| c.zone == HAND) else { return false };
        let owner = c.owner;
        self.place(card, owner, GRAVEYARD, 0);
        self.events.push(("cycled", owner, Value::Card(card)));
        true
    }
}
