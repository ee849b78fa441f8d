//! Combat as the runner plays it: attackers declared by clicks in the attackers step
//! ([`Run::declare_attacker`]), and what Wagic does as that step ends
//! ([`Run::leave_attackers`]): `mustattack` creatures attack, a lone attacker is exalted;
//! and the damage steps ([`Run::strike`]): first strike damage, then the rest.

use vm::runtime::{CardId, Value};

use super::{BATTLEFIELD, CATALOGUE, P0, P1, Run, Skip, at, is_type, skip, table_skip};
use crate::host::EffectCode;
use crate::table::TABLE_UNTIL_END_OF_TURN;

impl Run<'_> {
    /// A creature of the active player clicked in the attackers step attacks (a second
    /// click takes it back, as in Wagic); attacking taps it unless it has vigilance.
    pub(super) fn declare_attacker(&mut self, card: CardId, line: u32, text: &str) -> Result<(), Skip> {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return Ok(()) };
        if c.attacking {
            return Err(skip("an attack taken back", at(line, text)));
        }
        if !self.can_attack(card) {
            return Err(skip("a creature that cannot attack is clicked to attack", at(line, text)));
        }
        let vigilance = board.has_ability(card, "vigilance");
        if let Some(c) = self.table.board.cards.get_mut(card.0 as usize) {
            c.attacking = true;
        }
        self.declared.push(card);
        if !vigilance {
            crate::host::WagicHost::set_tapped(&mut self.table.board, card, true);
        }
        self.table.try_settle().map_err(|error| table_skip(error, line, text))
    }

    /// Whether a creature can be declared an attacker: untapped, not summoning sick (or with
    /// haste), without defender or `cantattack`.
    fn can_attack(&self, card: CardId) -> bool {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return false };
        let sick = self.entered.contains(&card) && !board.has_ability(card, "haste");
        let barred = board.has_ability(card, "defender") || board.has_ability(card, "cantattack");
        !(c.tapped || sick || barred)
    }

    /// The attackers step ends, as in Wagic (`MTGAttackRule`, then `AExalted`): each
    /// creature of the active player with `mustattack` that can attack attacks; then a
    /// creature attacking alone gets +1/+1 until end of turn for each of its controller's
    /// permanents with exalted printed on it (Wagic reads exalted from the printed
    /// abilities only: one granted does nothing).
    pub(super) fn leave_attackers(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        let active = self.table.board.active;
        for card in self.table.board.zone(active, BATTLEFIELD) {
            let board = &self.table.board;
            let must = board.get(card).is_some_and(|c| !c.attacking && is_type(&c.printed.types, "creature"))
                && board.has_ability(card, "mustattack");
            if must && self.can_attack(card) {
                self.declare_attacker(card, line, text)?;
            }
        }
        let permanents = self.table.board.zone(active, BATTLEFIELD);
        let attackers: Vec<CardId> = permanents
            .iter()
            .copied()
            .filter(|card| self.table.board.get(*card).is_some_and(|c| c.attacking))
            .collect();
        let [alone] = attackers.as_slice() else { return Ok(()) };
        let exalted = permanents.iter().filter(|card| self.printed_ability(**card, "exalted")).count();
        let bonus = i32::try_from(exalted).unwrap_or(i32::MAX);
        if bonus > 0 {
            let effects = &mut self.table.board.effects;
            effects.push((TABLE_UNTIL_END_OF_TURN, EffectCode::Power, Value::Card(*alone), bonus));
            effects.push((TABLE_UNTIL_END_OF_TURN, EffectCode::Toughness, Value::Card(*alone), bonus));
        }
        Ok(())
    }

    /// Whether the keyword ability `name` is printed on the card (its `abilities=`, or a
    /// token's).
    pub(super) fn printed_ability(&self, card: CardId, name: &str) -> bool {
        let Some(c) = self.table.board.get(card) else { return false };
        if c.token {
            return c.printed.abilities.contains(&name);
        }
        let Ok(rules) = self.table.rules(card) else { return false };
        let data = &self.table.library().program.cards()[rules.index()];
        data.abilities.iter().any(|ability| CATALOGUE.abilities[ability.index()].name == name)
    }

    /// One of Wagic's combat damage steps (`GuiCombat::resolve`): in the first strike step
    /// (`first`) each attacker with first strike or double strike, in the regular one each
    /// attacker without first strike or with double strike, deals its power to the
    /// defending player (no attacker is ever blocked). Whether any damage was dealt: Wagic
    /// waits for a `next` after a step that dealt damage and goes on at once otherwise.
    pub(super) fn strike(&mut self, first: bool) -> bool {
        let active = self.table.board.active;
        let defender = Value::Player(if active == P0 { P1 } else { P0 });
        let mut dealt = false;
        for card in self.table.board.zone(active, BATTLEFIELD) {
            let board = &self.table.board;
            let (first_strike, double_strike) =
                (board.has_ability(card, "firststrike"), board.has_ability(card, "doublestrike"));
            let strikes_now = double_strike || first_strike == first;
            let power = board.power(card);
            if !board.get(card).is_some_and(|c| c.attacking) || !strikes_now || power <= 0 {
                continue;
            }
            crate::host::WagicHost::deal_damage(&mut self.table.board, card, defender, power);
            dealt = true;
        }
        dealt
    }
}
