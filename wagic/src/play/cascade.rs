//! Cascade in a game (Wagic's `AACascade`, the card's `autostack=` line:
//! `front/cascade.rs`): a spell with cascade, once cast, exiles cards from the top of its
//! caster's library until a nonland card of a lower mana value is exiled; its caster may
//! cast that card without paying its mana cost, then puts the other cards exiled (and that
//! one, not cast) on the bottom of their library in a random order (the game's seeded
//! random source). The card cast goes on the stack above the spell, so it resolves first.
//! A seat is asked; the greedy player casts it whenever it can, the random one throws a
//! coin. A card cast so that has cascade cascades in its turn once this cascade is over,
//! as its trigger would resolve after this one; each cascade takes a card from the library,
//! so a chain ends. Not modelled: the cascade trigger on the stack, which a player could
//! answer before it resolves.

use vm::runtime::{CardId, PlayerId};

use super::moves::{Paid, is_type};
use super::{Flow, Game, PlayerKind, who};
use crate::table::{EXILE, LIBRARY, P0};

impl Game<'_> {
    /// Casts `card` paid so ([`Game::cast_spell`]), then, when it was cast and has
    /// cascade, its cascade, and the cascades of the cards that one casts.
    pub(super) fn cast(&mut self, card: CardId, paid: Paid) -> Flow {
        let Some(caster) = self.table.board.get(card).map(|c| c.owner) else { return Ok(()) };
        let seat = usize::from(caster != P0);
        let cast_before = self.cast[seat].len();
        self.cast_spell(card, paid)?;
        if self.cast[seat].len() == cast_before {
            return Ok(());
        }
        let mut cascading = vec![card];
        while let Some(source) = cascading.pop() {
            if let Some(cast) = self.cascade(source, caster)? {
                cascading.push(cast);
            }
        }
        Ok(())
    }

    /// `source`'s cascade, if it has one, for `caster`: the card cast by it when that card
    /// has cascade too.
    fn cascade(&mut self, source: CardId, caster: PlayerId) -> Result<Option<CardId>, super::Outcome> {
        let Some(mana_value) = self.table.board.get(source).filter(|c| c.printed.cascade).map(|c| c.printed.mana_value)
        else {
            return Ok(None);
        };
        let mut exiled: Vec<CardId> = Vec::new();
        let mut found = None;
        for card in self.table.board.zone(caster, LIBRARY) {
            self.table.board.place(card, caster, EXILE, -1);
            exiled.push(card);
            let cheaper = self
                .table
                .board
                .get(card)
                .is_some_and(|c| !is_type(&c.printed.types, "land") && c.printed.mana_value < mana_value);
            if cheaper {
                found = Some(card);
                break;
            }
        }
        let names: Vec<String> = exiled.iter().map(|card| self.name(*card)).collect();
        let exiles = if names.is_empty() { "nothing: the library is empty".to_string() } else { names.join(", ") };
        self.event(format!("{} cascades from {}, exiling {exiles}", who(caster), self.name(source)));
        // The exiles are told by the line above.
        self.seen = super::where_cards_are(&self.table.board);
        self.settle()?;
        let mut cast = None;
        if let Some(card) = found.filter(|card| self.table.board.get(*card).is_some_and(|c| c.zone == EXILE)) {
            let castable = !self.cast_limited(card) && self.castable_for(card, true, Some(([0; 6], false)))?;
            let casts = castable
                && if self.seated(caster) {
                    self.ask_cascade(caster, card)?
                } else {
                    self.decisions += 1;
                    match self.players[usize::from(caster != P0)] {
                        PlayerKind::Random => self.rng.below(2) == 0,
                        PlayerKind::Greedy => true,
                    }
                };
            if casts {
                self.cast_spell(card, Paid::Cascade)?;
                let has_cascade = self.table.board.get(card).is_some_and(|c| c.zone != EXILE && c.printed.cascade);
                cast = has_cascade.then_some(card);
            }
        }
        let mut left: Vec<CardId> = exiled
            .into_iter()
            .filter(|card| self.table.board.get(*card).is_some_and(|c| c.zone == EXILE && c.owner == caster))
            .collect();
        if !left.is_empty() {
            self.rng.shuffle(&mut left);
            for card in &left {
                self.table.board.place(*card, caster, LIBRARY, -1);
            }
            let cards = if left.len() == 1 { "1 card".to_string() } else { format!("{} cards", left.len()) };
            self.event(format!("{} puts {cards} on the bottom of their library", who(caster)));
            self.seen = super::where_cards_are(&self.table.board);
            self.settle()?;
        }
        Ok(cast)
    }
}
