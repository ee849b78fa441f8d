//! Combat in the End phase (spec §4.6 step 6): each attacker with the Attack marker, in
//! ring order, deals its damage: blocked (`blocks`, `blocked`, then damage both ways,
//! joiners absorbing the blocker's excess, piercing) or unblocked (`cancelCombatDamage`,
//! damage to the defending player, `playerCombatDamaged`).

use stdlib::keywords::Ability;
use stdlib::names;
use vm::runtime::Value;

use crate::engine::{Game, HookAnswer};
use crate::log::Phrase;
use crate::state::{CardRef, RingCards, Role, Task};

impl Game {
    /// Combat of one attacker (a solo attacker or a United Attack's leader).
    pub(crate) fn combat(&mut self, attacker: CardRef) {
        let active = self.state.active;
        let defender = active.other();
        if !self.state.in_ring(attacker) || self.state.card(attacker).is_none_or(|c| c.role != Role::Leader) {
            return;
        }
        let leader_damage = self.state.card(attacker).map_or(0, |c| c.bp);
        let joiners =
            if self.state.card(attacker).is_some_and(|c| c.united) { self.state.joiners() } else { RingCards::new() };
        let joiners_damage: i32 = joiners.iter().filter_map(|&j| self.state.card(j)).map(|c| c.bp).sum();
        if let Some(blocker) = self.state.blocker_of(attacker) {
            let attacker_value = Value::Card(attacker.id());
            let bindings =
                [(names::VAR_ATTACKER, attacker_value), (names::VAR_UA_BP, Value::Int(leader_damage + joiners_damage))];
            self.emit(names::EV_BLOCKS, active, Some(Value::Card(blocker.id())), &bindings);
            self.emit(names::EV_BLOCKED, active, Some(attacker_value), &[]);
            self.state.agenda.push_front(Task::BlockedDamage { attacker, blocker, leader_damage, joiners_damage });
            return;
        }
        let cancelled =
            self.hook(names::EV_CANCEL_COMBAT_DAMAGE, Value::Card(attacker.id()), active, &[]) == HookAnswer::Yes;
        // FIX of B-59: `dmg_combat_deal` off stops the attackers' combat damage only.
        let deals = self.state.rule_on("dmg_combat_deal", active, true);
        if cancelled {
            let name = self.state.name_of(attacker);
            self.state.note(crate::log::RecordKind::Effect(Phrase::CombatCancelled(name)));
        } else if deals {
            self.state.lose_hp(defender, leader_damage + joiners_damage, Phrase::Combat);
            // FIX of B-58: only when damage was dealt.
            self.emit(names::EV_PLAYER_COMBAT_DAMAGED, active, Some(Value::Card(attacker.id())), &[]);
        }
    }

    /// Damage between a blocked attacker (and its joiners) and its blocker, the attack's
    /// BP read before `blocks`/`blocked`, the blocker's after.
    pub(crate) fn blocked_damage(
        &mut self,
        attacker: CardRef,
        blocker: CardRef,
        leader_damage: i32,
        joiners_damage: i32,
    ) {
        let active = self.state.active;
        let defender = active.other();
        if !self.state.in_ring(attacker) || !self.state.in_ring(blocker) {
            return;
        }
        let blocker_bp = self.state.card(blocker).map_or(0, |c| c.bp);
        let deals = self.state.rule_on("dmg_combat_deal", active, true);
        let united = self.state.card(attacker).is_some_and(|c| c.united);
        if deals {
            self.state.damage_character(blocker, leader_damage + joiners_damage);
        }
        self.state.damage_character(attacker, blocker_bp);
        if united && blocker_bp > leader_damage {
            let mut excess = blocker_bp - leader_damage;
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
        let excess = leader_damage + joiners_damage - blocker_bp;
        if !deals || excess <= 0 || !self.state.rule_on("piercing", active, true) {
            return;
        }
        let pierce = self.state.has_ability(attacker, Ability::Pierce);
        let prevented =
            united && self.hook(names::EV_PREVENT_PIERCE, Value::Card(blocker.id()), active, &[]) == HookAnswer::Yes;
        // Ruling (B-60): `preventpierce` stops a United Attack's piercing only; a Pierce
        // attacker pierces through it.
        if pierce || (united && !prevented) {
            self.state.lose_hp(defender, excess, Phrase::Piercing);
        }
    }
}
