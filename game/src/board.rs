//! Board primitives on [`GameState`]: moving cards between zones (with what leaving the
//! ring does: back-ups discarded, a transformed card reverting, markers cleared), KOs,
//! drawing, counters, HP loss and the KO sweep. The rules engine and the host
//! implementation both use them, so a card is always in exactly one place.

use crate::log::{Phrase, RecordKind};
use crate::set::CardKind;
use crate::state::{CardRef, EndReason, Found, GameState, Outcome, RING_SLOTS, Role, Seat, Zone};

impl GameState {
    /// Removes `card` from wherever it is. A character leaving the ring loses its markers,
    /// reverts to its original card and its back-ups go to their owner's discard pile.
    /// False when the card is nowhere.
    pub fn take(&mut self, card: CardRef) -> bool {
        let Some(found) = self.find_card(card) else { return false };
        self.take_found(card, found);
        true
    }

    /// [`GameState::take`] of a card where [`GameState::find_card`] found it: a pile's
    /// card is removed at its index rather than looked for again.
    pub(crate) fn take_found(&mut self, card: CardRef, Found { place: (player, zone), at }: Found) {
        let in_pile = self.player_mut(player).pile_mut(zone).filter(|pile| pile.get(at) == Some(&card));
        match in_pile {
            Some(pile) => {
                pile.remove(at);
                self.mark_sizes_changed();
            }
            None => self.take_from(card, (player, zone)),
        }
    }

    /// [`GameState::take`] of a card at `place`, as [`GameState::locate_card`] found it.
    pub(crate) fn take_from(&mut self, card: CardRef, (player, zone): (Seat, Zone)) {
        self.mark_sizes_changed();
        match zone {
            Zone::Ring(slot) => {
                self.player_mut(player).ring[usize::from(slot)] = None;
                self.mark_play_changed();
                self.leave_ring(card);
            }
            Zone::Backup(holder) => {
                if let Some(c) = self.card_mut(holder) {
                    c.backups.retain(|b| b != card);
                }
            }
            pile => {
                if let Some(pile) = self.player_mut(player).pile_mut(pile)
                    && let Some(at) = pile.iter().position(|&c| c == card)
                {
                    pile.remove(at);
                }
            }
        }
    }

    /// What happens to a character that left the ring (ruling: a transformed card reverts
    /// to its original card; its back-ups are discarded; it keeps its last BP as `lastBP`).
    fn leave_ring(&mut self, card: CardRef) {
        let backups = match self.card_mut(card) {
            Some(c) => std::mem::take(&mut c.backups),
            None => return,
        };
        for backup in backups {
            let owner = self.card(backup).map_or(Seat::FIRST, |c| c.owner);
            self.reset_card(backup);
            self.player_mut(owner).discards.insert(0, backup);
            self.note_place(backup, owner, Zone::Discards, 0);
            let name = self.name_of(backup);
            let to = Phrase::Pile { player: owner, zone: stdlib::names::DISCARDS.0 };
            self.note(RecordKind::Move { card: backup, name, to });
        }
        let bp = self.card(card).map_or(0, |c| c.bp);
        self.reset_card(card);
        if let Some(c) = self.card_mut(card) {
            c.last_bp = bp;
        }
    }

    /// A card's state outside the ring: its original card, printed BP, printed rules, no markers.
    pub fn reset_card(&mut self, card: CardRef) {
        let Some(original) = self.card(card).map(|c| c.original()) else { return };
        let (bp, rules) = self.def_at(original).map_or((0, None), |d| (d.bp, d.rules.map(|r| r.0)));
        self.mark_play_changed();
        if let Some(c) = self.card_mut(card) {
            c.def = original;
            c.bp = bp;
            c.rules = rules;
            c.fresh = false;
            c.frozen = false;
            c.role = Role::None;
            c.united = false;
            c.blocking = None;
            c.blocked = false;
            c.activated = false;
            c.keep_ready = false;
        }
        self.note_bp(bp);
    }

    /// Puts `card` (already taken) into `player`'s `zone` at `position` (0 top, -1
    /// bottom, -2 one above the bottom...). For the ring, `position` is the slot and must
    /// be empty. False when it could not.
    pub fn put(&mut self, card: CardRef, player: Seat, zone: Zone, position: i32) -> bool {
        if self.card(card).is_none() {
            return false;
        }
        self.mark_sizes_changed();
        let at = match zone {
            Zone::Ring(slot) => {
                let Some(place) = self.player_mut(player).ring.get_mut(usize::from(slot)) else { return false };
                if place.is_some() {
                    return false;
                }
                *place = Some(card);
                self.mark_play_changed();
                let bp = self.card(card).map_or(0, |c| c.bp);
                self.note_bp(bp);
                usize::from(slot)
            }
            Zone::Backup(holder) => {
                let Some(backups) = self.card_mut(holder).map(|c| &mut c.backups) else { return false };
                if !backups.push(card) {
                    return false;
                }
                backups.len() - 1
            }
            pile => {
                let Some(pile) = self.player_mut(player).pile_mut(pile) else { return false };
                let at = if position < 0 {
                    pile.len().saturating_sub(position.unsigned_abs() as usize - 1)
                } else {
                    (position as usize).min(pile.len())
                };
                pile.insert(at, card);
                at
            }
        };
        self.note_place(card, player, zone, at);
        if let Some(c) = self.card_mut(card) {
            c.controller = player;
        }
        true
    }

    /// Moves `card` to `player`'s `zone`; false (and nothing moves) when the destination
    /// cannot take it.
    pub fn move_card_to(&mut self, card: CardRef, player: Seat, zone: Zone, position: i32) -> bool {
        let Some(found) = self.find_card(card) else { return false };
        self.move_card_from(card, found, player, zone, position)
    }

    /// [`GameState::move_card_to`] of a card where [`GameState::find_card`] found it.
    pub(crate) fn move_card_from(
        &mut self,
        card: CardRef,
        found: Found,
        player: Seat,
        zone: Zone,
        position: i32,
    ) -> bool {
        if let Zone::Ring(slot) = zone
            && self.player(player).ring.get(usize::from(slot)).is_none_or(|s| s.is_some())
        {
            return false;
        }
        if let Zone::Backup(holder) = zone
            && self.card(holder).is_none_or(|c| c.backups.is_full())
        {
            return false;
        }
        let from_pile = !matches!(found.place.1, Zone::Ring(_));
        self.take_found(card, found);
        // Ruling R6: a card transformed in hand reverts when it goes to another pile (a
        // character leaving the ring reverts in `leave_ring`).
        if from_pile && !matches!(zone, Zone::Ring(_) | Zone::Table | Zone::Backup(_) | Zone::Hand) {
            self.revert_transformed(card);
        }
        self.put(card, player, zone, position)
    }

    /// Ruling R6 for a card that leaves a pile for another pile (not a hand): a transformed
    /// card is its original card again, with the original's rules.
    pub(crate) fn revert_transformed(&mut self, card: CardRef) {
        let original = self.card(card).map(|c| (c.def, c.original()));
        if let Some((def, original)) = original
            && def != original
        {
            let rules = self.def_at(original).and_then(|d| d.rules).map(|r| r.0);
            self.mark_play_changed();
            if let Some(c) = self.card_mut(card) {
                c.def = original;
                c.rules = rules;
            }
        }
    }

    /// KOs a character in the ring: to its owner's discard pile (top). False if it was not
    /// in a ring.
    pub fn ko_card(&mut self, card: CardRef) -> bool {
        let Some((player, slot)) = self.slot_of(card) else { return false };
        let owner = self.card(card).map_or(Seat::FIRST, |c| c.owner);
        let name = self.name_of(card);
        self.take_from(card, (player, Zone::Ring(slot)));
        self.put(card, owner, Zone::Discards, 0);
        self.note(RecordKind::Ko { card, name });
        true
    }

    /// Whether the KO sweep would KO a character: one at 0 BP in either ring (what a debug
    /// build checks where [`GameState::ko_possible`] is clear).
    pub(crate) fn ko_due(&self) -> bool {
        self.players.iter().any(|player| player.ring.iter().any(|slot| slot.is_some_and(|card| self.at_zero_bp(card))))
    }

    fn at_zero_bp(&self, card: CardRef) -> bool {
        self.card(card).is_some_and(|c| c.bp <= 0)
    }

    /// The KO sweep: every character at 0 BP in either ring is KO'd; returns them.
    pub fn ko_sweep(&mut self) -> smallvec::SmallVec<[CardRef; 2 * RING_SLOTS]> {
        let mut dead = smallvec::SmallVec::new();
        for player in &self.players {
            for card in player.characters() {
                if self.at_zero_bp(card) {
                    dead.push(card);
                }
            }
        }
        for &card in &dead {
            self.ko_card(card);
        }
        dead
    }

    /// `player` draws the top card of their deck; false (and the player loses) when the
    /// deck is empty.
    pub fn draw_card(&mut self, player: Seat) -> bool {
        let Some(&card) = self.player(player).deck.first() else {
            self.lose(player, EndReason::DeckOut { loser: player });
            return false;
        };
        self.take_found(card, Found { place: (player, Zone::Deck), at: 0 });
        self.put(card, player, Zone::Hand, -1);
        let name = self.name_of(card);
        self.note(RecordKind::Draw { player, card, name });
        true
    }

    /// `player` loses HP (floor 0); at 0 they lose the game.
    pub fn lose_hp(&mut self, player: Seat, amount: i32, source: Phrase) {
        let amount = amount.max(0);
        let hp = self.player(player).hp.saturating_sub(amount).max(0);
        self.player_mut(player).hp = hp;
        self.note(RecordKind::PlayerDamage { player, amount, hp, source });
        if hp == 0 {
            self.lose(player, EndReason::HpZero { loser: player });
        }
    }

    /// A character loses BP (floor 0).
    pub fn damage_character(&mut self, card: CardRef, amount: i32) {
        let Some(c) = self.card_mut(card) else { return };
        let loss = amount.clamp(0, c.bp.max(0));
        c.bp -= loss;
        c.last_bp = c.bp;
        let bp = c.bp;
        self.note_bp(bp);
        self.note(RecordKind::CharacterDamage { card, amount: loss, bp });
    }

    /// Records that `player` lost; the outcome is settled at the end of the step (both
    /// losing at once is a draw).
    pub fn lose(&mut self, player: Seat, reason: EndReason) {
        if self.outcome.is_some() || self.defeated.contains(&player) {
            return;
        }
        self.defeated.push(player);
        let winner = player.other();
        if self.defeated.len() == 2 {
            self.outcome = Some(Outcome { winner: None, reason: EndReason::BothLost });
        } else {
            self.outcome = Some(Outcome { winner: Some(winner), reason });
        }
        self.note_game_over();
    }

    /// Notes that the game ended, as its outcome reads.
    pub(crate) fn note_game_over(&mut self) {
        self.note(RecordKind::GameOver(Phrase::Outcome(self.outcome)));
    }

    /// Shuffles a pile of `player` with the game's generator (Fisher–Yates).
    pub fn shuffle_pile(&mut self, player: Seat, zone: Zone) {
        use rand::Rng;
        let Some(mut pile) = self.player_mut(player).pile_mut(zone).map(std::mem::take) else { return };
        for k in (1..pile.len()).rev() {
            let j = self.rng.random_range(0..=k);
            pile.swap(k, j);
        }
        if let Some(slot) = self.player_mut(player).pile_mut(zone) {
            *slot = pile;
        }
    }

    /// Non-character cards of `player` left on the table go to their owners' discard piles.
    pub fn discard_table(&mut self, player: Seat) {
        // Most tables are empty (five looks a turn, a card played on few of them): the phase
        // procedures test that before the call.
        if self.player(player).table.is_empty() {
            return;
        }
        let mut table = std::mem::take(&mut self.player_mut(player).table);
        for card in table.drain(..) {
            let owner = self.card(card).map_or(player, |c| c.owner);
            self.put(card, owner, Zone::Discards, 0);
        }
        // The emptied buffer stays the table's: the cards played next turn reuse it.
        self.player_mut(player).table = table;
    }

    /// Whether a card is a character.
    pub fn is_character(&self, card: CardRef) -> bool {
        self.kind(card) == Some(CardKind::Character)
    }

    /// Every card in the game, each exactly once, or the first card found twice or missing.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut seen = vec![0u32; self.cards.len()];
        let mut count = |card: CardRef| {
            if let Some(n) = seen.get_mut(card.0 as usize) {
                *n += 1;
            }
        };
        for player in &self.players {
            for zone in [&player.hand, &player.deck, &player.discards, &player.removed, &player.table] {
                zone.iter().copied().for_each(&mut count);
            }
            for card in player.characters() {
                count(card);
                if let Some(c) = self.card(card) {
                    c.backups.iter().copied().for_each(&mut count);
                }
            }
        }
        match seen.iter().position(|&n| n != 1) {
            None => Ok(()),
            Some(i) => Err(format!("card #{i} ({}) is in {} places", self.name(CardRef(i as u32)), seen[i])),
        }
    }
}
