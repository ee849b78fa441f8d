//! Morph's face-down cards (Wagic's `MTGMorphCostRule` and `AAMorph`): a card cast face
//! down is a 2/2 creature with no name, text, colour or types (rule 708.2) and no rules
//! until it is turned face up; its face is kept aside ([`Card::face_down`]). Turned face
//! up (its controller pays its `autofacedown` cost, a special action) it is the card
//! again, keeping its counters, damage and effects, its rules come into play (its
//! entering lines run, as Wagic's `AAMorph` resolves the card's one-shot abilities anew)
//! and the catalogue's `facedup` event fires for it (its `autofaceup=` lines). A
//! face-down card leaving the battlefield or the stack is revealed as it moves.

use vm::runtime::{CardId, Value};

use super::{Board, Card, Printed, Table, TableError};

/// The characteristics of a face-down card.
fn face_down_printed() -> Printed {
    Printed { types: vec!["creature".to_string()], power: 2, toughness: 2, ..Printed::default() }
}

impl Board {
    /// Turns a card face down: its face is kept aside, `printed` becomes a nameless 2/2
    /// creature. Nothing for a card already face down or an unknown handle.
    pub fn turn_face_down(&mut self, card: CardId) {
        let Some(c) = self.get_mut(card) else { return };
        if c.face_down.is_none() {
            let face = std::mem::replace(&mut c.printed, face_down_printed());
            c.face_down = Some(Box::new(face));
        }
    }

    /// Turns a face-down card face up without anything else happening (a card revealed as
    /// it leaves). Whether it was face down.
    pub(super) fn turn_face_up(&mut self, card: CardId) -> bool {
        let Some(c) = self.get_mut(card) else { return false };
        let Some(face) = c.face_down.take() else { return false };
        c.printed = *face;
        true
    }

    /// The face of a card: what it is, face down or not.
    pub fn face(&self, card: CardId) -> Option<&Printed> {
        let c: &Card = self.get(card)?;
        Some(c.face_down.as_deref().unwrap_or(&c.printed))
    }
}

impl Table {
    /// Turns a face-down permanent face up (its cost already paid): its rules come into
    /// play and `facedup` fires for it; the caller settles. Whether it was face down.
    pub fn try_turn_face_up(&mut self, card: CardId) -> Result<bool, TableError> {
        if !self.board.turn_face_up(card) {
            return Ok(false);
        }
        let Some(controller) = self.board.get(card).map(|c| c.controller) else { return Ok(false) };
        // Its abilities listen before its own event is seen.
        if !self.runtime.in_play(card) {
            let rules = self.rules(card)?;
            self.enter_battlefield_play(card, rules)?;
        }
        self.board.events.push(("facedup", controller, Value::Card(card)));
        Ok(true)
    }
}
