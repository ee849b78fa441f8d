//! A card's abilities in its owner's graveyard (its `autograveyard=` triggers, static and
//! one-shot abilities, `front/graveyard.rs`): the front end compiles them as the card's
//! first autos ([`super::Library::graveyard_autos`]). A card with some is put in the
//! runtime's play with those autos alone while it is in a graveyard
//! ([`vm::runtime::Hearing::Before`]), without its keyword abilities, and with its other
//! autos alone on the battlefield ([`vm::runtime::Hearing::From`]), but for the abilities of
//! the emblems it makes, which come next (`emblem.rs`). So its triggers there
//! fire as a permanent's do, the card their source (`@movedTo(dragon|battlefield):may
//! moveTo(mybattlefield)` returns it), its static abilities hold while it stays (an
//! Incarnation's `lord`), and a one-shot runs once as it enters the graveyard, from any
//! zone, as Wagic's `OtherAbilitiesEventReceiver` resolves it; its owner controls them.
//! A card that enters the graveyard from elsewhere than the battlefield (milled,
//! discarded, a spell resolved) listens before its move is heard, so that it hears it
//! (Narcomoeba's `@movedTo(this|mygraveyard) from(mylibrary)`); one that dies listens once
//! its move has been heard, its battlefield rules hearing it as it leaves play. It still
//! hears its own move out of the graveyard before it leaves play.

use vm::bytecode::CardIdx;
use vm::runtime::{CardId, Hearing};

use super::{BATTLEFIELD, GRAVEYARD, Table, TableError, trap};

impl Table {
    /// Puts `card` (of the rules `rules`), on the battlefield, in play with the autos it
    /// has there: all but its graveyard abilities.
    pub(super) fn enter_battlefield_play(&mut self, card: CardId, rules: CardIdx) -> Result<(), TableError> {
        let hearing = self.battlefield_hearing(rules);
        self.runtime.enter_play_hearing(&mut self.board, card, rules, hearing).map_err(trap)
    }

    /// The hearing of a permanent's rules `rules` (a flipped card's new face's).
    pub(super) fn battlefield_hearing(&self, rules: CardIdx) -> Hearing {
        // Its emblems' abilities, after its graveyard ones, are theirs alone (`emblem.rs`).
        Hearing::From(self.library.graveyard_autos(rules) + self.library.emblem_autos(rules))
    }

    /// Puts each card in a graveyard that has abilities there, and is not in play yet, in
    /// play with them.
    pub(super) fn enter_graveyard_play(&mut self) -> Result<(), TableError> {
        for index in 0..self.board.cards.len() {
            self.enter_graveyard_play_of(CardId(index as u32))?;
        }
        Ok(())
    }

    /// Puts `card` in play with its abilities in a graveyard when it is in one, has some,
    /// and is not in play yet.
    pub(super) fn enter_graveyard_play_of(&mut self, card: CardId) -> Result<(), TableError> {
        let Some(c) = self.board.get(card) else { return Ok(()) };
        // Most cards have no such lines: their rules are not looked up.
        let none = c.printed.graveyard_abilities.is_empty();
        if none || c.zone != GRAVEYARD || !c.has_rules() || self.runtime.in_play(card) {
            return Ok(());
        }
        let Ok(rules) = self.rules(card) else { return Ok(()) };
        let count = self.library.graveyard_autos(rules);
        if count == 0 {
            return Ok(());
        }
        // Its abilities there are its owner's (a stolen creature that died kept its
        // thief as its controller until now: last known information, `board.rs`).
        if let Some(c) = self.board.get_mut(card) {
            c.controller = c.owner;
        }
        self.runtime.enter_play_hearing(&mut self.board, card, rules, Hearing::Before(count)).map_err(trap)?;
        self.in_graveyard_play.retain(|&other| other != card);
        self.in_graveyard_play.push(card);
        Ok(())
    }

    /// The zone whose rules `card` is in play with: a graveyard's for a card put in play
    /// there ([`Table::enter_graveyard_play`]), the battlefield's otherwise.
    pub(super) fn play_zone(&self, card: CardId) -> vm::bytecode::ZoneIdx {
        if self.in_graveyard_play.contains(&card) {
            GRAVEYARD
        } else if self.board.is_emblem_in_force(card) {
            super::COMMAND
        } else {
            BATTLEFIELD
        }
    }

    /// `card` left play: it is no longer in play with its graveyard abilities.
    pub(super) fn left_play(&mut self, card: CardId) {
        self.in_graveyard_play.retain(|&other| other != card);
    }
}
