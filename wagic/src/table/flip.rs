//! Cards that flip or transform into another card (Wagic's `AAFlip`, `flip(Name)`): the
//! permanent becomes the card named, another card of the card files (its name, types,
//! colours, power and toughness, text and rules; its own mana cost and mana value are
//! kept, as rules 710.2 and 712.8e have them), and stays the same
//! permanent: its counters, damage, tapped state, attachments, the effects other cards
//! gave it and its summoning sickness are kept. Its own face is kept aside
//! ([`super::Card::unflipped`]) and comes back as it leaves the battlefield (Wagic makes
//! a new card of its own as it changes zones). The board changes the face as the
//! catalogue's `flip` runs; the table then changes the card's rules in the runtime
//! ([`vm::runtime::Runtime::change_rules`]): the old face's triggers, activated abilities
//! and static effects are gone, the new face's in force, its entering lines run (as
//! Wagic's `AAFlip` resolves the new card's one-shot abilities).

use vm::runtime::CardId;

use super::{BATTLEFIELD, Board, Table, TableError, trap};

impl Board {
    /// Turns the permanent `card` into the card named `name` (as the card files write
    /// it). False, and nothing changed, when no card has that name, or `card` is not a
    /// permanent with rules of its own (a token of no card, a face-down card).
    pub fn flip_into(&mut self, card: CardId, name: &str) -> bool {
        let Some(face) = self.printed_cards.get(name).cloned() else { return false };
        let Some(c) = self.get_mut(card).filter(|c| c.zone == BATTLEFIELD && c.has_rules() && !c.token) else {
            return false;
        };
        let own = std::mem::replace(&mut c.printed, face);
        let was = own.name.clone();
        // A flip card's mana cost does not change as it flips (rule 710.2), and a
        // transformed card's mana value is its front face's (rule 712.8e).
        c.printed.mana_cost.clone_from(&own.mana_cost);
        c.printed.mana_value = own.mana_value;
        if c.unflipped.is_none() {
            c.unflipped = Some(Box::new(own));
        }
        // Back to its own face (a werewolf transformed back): nothing left to restore.
        if c.unflipped.as_ref().is_some_and(|own| own.name == c.printed.name) {
            c.unflipped = None;
        }
        if !self.flipped.contains(&card) {
            self.flipped.push(card);
        }
        if self.transformed.len() < super::board::MAX_DETACHED_KEPT {
            self.transformed.push((card, was));
        }
        true
    }

    /// Gives a flipped card its own face back (it is leaving the battlefield).
    pub(super) fn unflip(&mut self, card: CardId) {
        if let Some(c) = self.get_mut(card)
            && let Some(own) = c.unflipped.take()
        {
            c.printed = *own;
        }
    }
}

impl Table {
    /// Changes the rules of each permanent flipped since the last call to its new
    /// face's: a card not in play yet enters with them when it is settled.
    pub(super) fn change_flipped_rules(&mut self) -> Result<(), TableError> {
        for card in std::mem::take(&mut self.board.flipped) {
            let on_battlefield = self.board.get(card).is_some_and(|c| c.zone == BATTLEFIELD);
            if on_battlefield && self.runtime.in_play(card) {
                let rules = self.rules(card)?;
                let hearing = self.battlefield_hearing(rules);
                self.runtime.change_rules_hearing(&mut self.board, card, rules, hearing).map_err(trap)?;
            }
        }
        Ok(())
    }
}
