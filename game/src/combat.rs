//! Combat in the End phase (spec §4.6 step 6): each attacker with the Attack marker, in
//! ring order, deals its damage: blocked (`blocks`, `blocked`, then damage both ways,
//! joiners absorbing the blocker's excess, piercing) or unblocked (`cancelCombatDamage`,
//! damage to the defending player, `playerCombatDamaged`).

use stdlib::keywords::Ability;
use vm::runtime::Value;

use crate::engine::{Game, event, var};
use crate::state::{CardRef, GameState, Role, Task};

impl Game {
    /// Combat of one attacker (a solo attacker or a United Attack's leader).
    pub(crate) fn combat(&mut self, attacker: CardRef) {
        let active = self.state.active;
        let defender = GameState::other(active);
        if !self.state.in_ring(attacker) || self.state.card(attacker).is_none_or(|c| c.role != Role::Leader) {
            return;
        }
        let dmg = self.state.card(attacker).map_or(0, |c| c.bp);
        let joiners =
            if self.state.card(attacker).is_some_and(|c| c.united) { self.state.joiners() } else { Vec::new() };
        let pdmg: i32 = joiners.iter().filter_map(|&j| self.state.card(j)).map(|c| c.bp).sum();
        if let Some(blocker) = self.state.blocker_of(attacker) {
            let attacker_value = Value::Card(attacker.id());
            let bindings = [(var!("attacker"), attacker_value), (var!("uaBP"), Value::Int(dmg + pdmg))];
            self.emit(event!("blocks"), active, Some(Value::Card(blocker.id())), &bindings);
            self.emit(event!("blocked"), active, Some(attacker_value), &[]);
            self.state.agenda.push_front(Task::BlockedDamage { attacker, blocker, dmg, pdmg });
            return;
        }
        let cancelled = self.hook(event!("cancelCombatDamage"), Value::Card(attacker.id()), active, &[]) == Some(true);
        // FIX of B-59: `dmg_combat_deal` off stops the attackers' combat damage only.
        let deals = self.state.rule_on("dmg_combat_deal", active, true);
        if cancelled {
            self.state.note(crate::log::LogKind::Effect(format!(
                "{}'s combat damage is cancelled",
                self.state.name(attacker)
            )));
        } else if deals {
            self.state.lose_hp(defender, dmg + pdmg, "combat");
            // FIX of B-58: only when damage was dealt.
            self.emit(event!("playerCombatDamaged"), active, Some(Value::Card(attacker.id())), &[]);
        }
    }

    /// Damage between a blocked attacker (and its joiners) and its blocker, the attack's
    /// BP read before `blocks`/`blocked`, the blocker's after.
    pub(crate) fn blocked_damage(&mut self, attacker: CardRef, blocker: CardRef, dmg: i32, pdmg: i32) {
        let active = self.state.active;
        let defender = GameState::other(active);
        if !self.state.in_ring(attacker) || !self.state.in_ring(blocker) {
            return;
        }
        let blocker_bp = self.state.card(blocker).map_or(0, |c| c.bp);
        let deals = self.state.rule_on("dmg_combat_deal", active, true);
        let united = self.state.card(attacker).is_some_and(|c| c.united);
        if deals {
            self.state.damage_character(blocker, dmg + pdmg);
        }
        self.state.damage_character(attacker, blocker_bp);
        if united && blocker_bp > dmg {
            let mut excess = blocker_bp - dmg;
            for joiner in self.state.joiners() {
                if excess <= 0 {
                    break;
                }
                let bp = self.state.card(joiner).map_or(0, |c| c.bp);
                let take = excess.min(bp);
                self.state.damage_character(joiner, take);
                excess -= take;
            }
        }
        let excess = dmg + pdmg - blocker_bp;
        if !deals || excess <= 0 || !self.state.rule_on("piercing", active, true) {
            return;
        }
        let pierce = self.state.has_ability(attacker, Ability::Pierce);
        let prevented =
            united && self.hook(event!("preventPierce"), Value::Card(blocker.id()), active, &[]) == Some(true);
        // Ruling (B-60): `preventpierce` stops a United Attack's piercing only; a Pierce
        // attacker pierces through it.
        if pierce || (united && !prevented) {
            self.state.lose_hp(defender, excess, "piercing");
        }
    }
}
