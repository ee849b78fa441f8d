//! Combat rules the game (`crate::play`) and the test runner share: how an attacker's
//! damage is split among its blockers, as Wagic's combat screen assigns it by default
//! (each blocker in damage order what it needs to die, 1 with deathtouch, the rest to the
//! first blocker, or with trample to the defending player), exalted and flanking's pumps
//! until end of turn, and the printed keywords Wagic reads them from.

use vm::runtime::{CardId, Value};

use super::{BATTLEFIELD, TABLE_UNTIL_END_OF_TURN, Table};
use crate::catalogue::CATALOGUE;
use crate::host::EffectCode;

impl Table {
    /// Whether the keyword ability `name` is printed on the card (its `abilities=`, or a
    /// token's), as Wagic reads exalted and flanking.
    pub fn printed_ability(&self, card: CardId, name: &str) -> bool {
        let Some(c) = self.board.get(card) else { return false };
        if !c.has_rules() {
            // A token's are its own; a face-down card has none.
            return c.printed.abilities.contains(&name);
        }
        let Ok(rules) = self.rules(card) else { return false };
        let data = &self.library().program.cards()[rules.index()];
        data.abilities.iter().any(|ability| CATALOGUE.abilities[ability.index()].name == name)
    }

    /// `card` gets +`power`/+`toughness` until end of turn (the table's own effect).
    pub fn pump_until_end_of_turn(&mut self, card: CardId, power: i32, toughness: i32) {
        let effects = &mut self.board.effects;
        effects.push((TABLE_UNTIL_END_OF_TURN, EffectCode::Power, Value::Card(card), power));
        effects.push((TABLE_UNTIL_END_OF_TURN, EffectCode::Toughness, Value::Card(card), toughness));
    }

    /// A creature attacking alone gets +1/+1 until end of turn for each permanent of the
    /// active player with exalted printed on it: the bonus given (0 for none).
    pub fn exalt(&mut self, alone: CardId) -> i32 {
        let permanents = self.board.zone(self.board.active, BATTLEFIELD);
        let exalted = permanents.iter().filter(|card| self.printed_ability(**card, "exalted")).count();
        let bonus = i32::try_from(exalted).unwrap_or(i32::MAX);
        if bonus > 0 {
            self.pump_until_end_of_turn(alone, bonus, bonus);
        }
        bonus
    }
}

/// The damage each blocker takes, in order, given what each needs to die (`needs`), and
/// what is left for the defending player (0 unless trample or no blocker).
pub fn assign_combat_damage(power: i32, needs: &[i32], deathtouch: bool, trample: bool) -> (Vec<i32>, i32) {
    let mut left = power;
    let mut assigned = Vec::with_capacity(needs.len());
    for need in needs {
        let mut amount = left.min((*need).max(0));
        if deathtouch && amount > 1 {
            amount = 1;
        }
        assigned.push(amount);
        left -= amount;
    }
    if left > 0
        && !trample
        && let Some(first) = assigned.first_mut()
    {
        *first = first.saturating_add(left);
        left = 0;
    }
    (assigned, left)
}

#[cfg(test)]
mod tests {
    use super::assign_combat_damage;

    #[test]
    fn each_blocker_takes_what_kills_it_and_the_rest_goes_first_or_tramples_over() {
        assert_eq!(assign_combat_damage(5, &[2, 2], false, false), (vec![3, 2], 0));
        assert_eq!(assign_combat_damage(5, &[2, 2], false, true), (vec![2, 2], 1));
        assert_eq!(assign_combat_damage(5, &[4, 4], true, true), (vec![1, 1], 3));
        assert_eq!(assign_combat_damage(3, &[], false, false), (vec![], 3));
        assert_eq!(assign_combat_damage(1, &[2, 2], false, false), (vec![1, 0], 0));
    }
}
