//! Damage dealt by a source to a card or a player ([`Board::damage`], the host's
//! `deal_damage`): what prevents it, what the source's keyword abilities make of it, and
//! what the board keeps of it for the triggers and the rules reading damage this turn.

use vm::runtime::{CardId, Value};

use super::{Board, P0, P1};
use crate::host::{EffectCode, WagicHost};

impl Board {
    /// `source` deals `amount` damage to `target` (a card or a player), after protection
    /// and prevention, with its keywords' effects: vigor, wither and infect, deathtouch,
    /// lifelink, spirit link, and loyalty lost by a planeswalker. Whether the target is one.
    pub(super) fn damage(&mut self, source: CardId, target: Value, amount: i32) -> bool {
        // Negative damage cannot happen (Wagic's `Damage` makes it 0): it heals nothing.
        let mut amount = amount.max(0);
        // Protection, and a `preventalldamage` in force, prevent all damage from the source.
        if self.protected_from(source, target) || self.prevented_by_spec(source, target) {
            amount = 0;
        }
        for (code, on, value) in self.effects.values_mut() {
            if code == EffectCode::Prevent && on == target {
                let prevented = amount.min(*value).max(0);
                amount -= prevented;
                *value -= prevented;
            }
        }
        // Vigor: the damage is put on it as +1/+1 counters instead (Wagic's `Damage`).
        if let Value::Card(card) = target
            && amount > 0
            && self.has_ability(card, "vigor")
            && let Some(c) = self.get_mut(card)
        {
            c.counters = (c.counters.0.saturating_add(amount), c.counters.1.saturating_add(amount));
            amount = 0;
        }
        let player = match target {
            Value::Player(player) => {
                let dealt = &mut self.damaged[usize::from(player != P0)];
                *dealt = dealt.saturating_add(amount);
                // Infect's and toxic's poison counters (`poison.rs`).
                let lost = self.poison_of_damage(source, player, amount);
                self.change_life(player, lost.saturating_neg());
                player
            }
            Value::Card(card) => {
                let (wither, deathtouch) = (self.damages_with_counters(source), self.has_ability(source, "deathtouch"));
                let toughness = self.toughness(card);
                match self.get_mut(card) {
                    // Wither and infect: the damage is dealt as -1/-1 counters.
                    Some(c) if wither => {
                        c.counters.0 = c.counters.0.saturating_sub(amount.max(0));
                        c.counters.1 = c.counters.1.saturating_sub(amount.max(0));
                        c.controller
                    }
                    Some(c) => {
                        c.damage = c.damage.saturating_add(amount);
                        // Deathtouch: any damage is lethal (marked as the toughness).
                        if deathtouch && amount > 0 {
                            c.damage = c.damage.max(toughness);
                        }
                        c.controller
                    }
                    None => return false,
                }
            }
            _ => return false,
        };
        // Damage dealt to a planeswalker removes that many loyalty counters from it (Wagic's
        // `MTGPlaneswalkerDamage`), the last one putting it into its owner's graveyard.
        if let Value::Card(card) = target
            && amount > 0
            && self.has_type(card, "planeswalker")
        {
            self.add_named(card, "loyalty", amount.saturating_neg());
        }
        if amount > 0 {
            self.damage_dealt.push((player, target, source, amount, self.combat_damage));
            if !self.damagers.contains(&source) {
                self.damagers.push(source);
            }
            if let Value::Card(card) = target
                && !self.victims.contains(&(card, source))
            {
                self.victims.push((card, source));
            }
            // Spirit link: the owner of the card that gave it gains the life.
            let linked: Vec<i32> = self
                .effects
                .iter()
                .filter(|(_, code, on, _)| *code == EffectCode::SpiritLink && *on == Value::Card(source))
                .map(|(.., gainer)| *gainer)
                .collect();
            for gainer in linked {
                self.change_life(if gainer == 0 { P0 } else { P1 }, amount);
            }
            if self.has_ability(source, "lifelink") {
                let controller = self.get(source).map_or(P0, |c| c.controller);
                self.change_life(controller, amount);
            }
        }
        true
    }
}
