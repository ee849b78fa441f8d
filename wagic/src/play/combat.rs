//! Combat in a game: the active player's attackers (a random subset of those that can
//! attack), the other player's blocks (each creature one attacker it may block, or none,
//! at random), and the damage, first strike then regular, assigned as the runner assigns
//! it.

use vm::runtime::{CardId, Event, Value};

use super::{Flow, Game, PlayerKind, opponent, who};
use crate::host::{EffectCode, WagicHost};
use crate::runner::combat::{can_block, may_block};
use crate::table::{BATTLEFIELD, P0, assign_combat_damage};

impl Game<'_> {
    /// Whether a creature of the active player can attack: untapped, not summoning sick
    /// (or with haste), without defender (unless `canattack`) or `cantattack`.
    pub(super) fn can_attack(&self, card: CardId) -> bool {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return false };
        let creature = board.has_type(card, "creature");
        let sick = self.entered.contains(&card) && !board.has_ability(card, "haste");
        let defender = board.has_ability(card, "defender") && !board.has_ability(card, "canattack");
        creature && !(c.tapped || sick || defender || board.has_ability(card, "cantattack"))
    }

    /// The attackers step: each creature that can attack does on a coin's throw (one
    /// with `mustattack` always), then taps unless it has vigilance. Whether any attacks.
    pub(super) fn declare_attackers(&mut self) -> Result<bool, super::Outcome> {
        let active = self.table.board.active;
        let mut attackers = Vec::new();
        let able: Vec<CardId> =
            self.table.board.zone(active, BATTLEFIELD).into_iter().filter(|card| self.can_attack(*card)).collect();
        let greedy = !self.seated(active) && self.players[usize::from(active != P0)] == PlayerKind::Greedy;
        let lethal = greedy && self.greedy_lethal(&able);
        for card in able {
            let must = self.table.board.has_ability(card, "mustattack");
            let attacks = if self.seated(active) {
                must || self.ask_attack(active, card)?
            } else {
                self.decisions += u64::from(!must);
                match self.players[usize::from(active != P0)] {
                    PlayerKind::Random => self.rng.coin(),
                    PlayerKind::Greedy => lethal || self.greedy_attacks(card),
                }
            };
            if must || attacks {
                attackers.push(card);
            }
        }
        for &card in &attackers {
            if let Some(c) = self.table.board.cards.get_mut(card.0 as usize) {
                c.attacking = true;
            }
            self.table.board.note_attack(card);
            if !self.table.board.has_ability(card, "vigilance") {
                WagicHost::set_tapped(&mut self.table.board, card, true);
            }
            let name = self.name(card);
            self.event(format!("{name} [{}] attacks", who(active)));
        }
        if let [alone] = attackers.as_slice() {
            self.exalt(*alone);
        }
        self.board_changed();
        self.settle()?;
        Ok(!attackers.is_empty())
    }

    /// A creature attacking alone gets +1/+1 until end of turn for each permanent of its
    /// controller with exalted printed on it, as the runner plays it.
    fn exalt(&mut self, alone: CardId) {
        let bonus = self.table.exalt(alone);
        if bonus > 0 {
            let name = self.name(alone);
            self.event(format!("{name} is exalted (+{bonus}/+{bonus})"));
        }
    }

    /// The attacks and blocks changed the board in a way no event names: the continuous
    /// effects are judged again (the catalogue's `continuous` event).
    fn board_changed(&mut self) {
        let active = self.table.board.active;
        if let Some(event) = self.table.runtime.event_index("continuous") {
            self.table.runtime.emit(Event::new(event, active));
        }
    }

    /// The attackers still attacking, in the active player's battlefield order.
    fn attackers(&self) -> Vec<CardId> {
        let board = &self.table.board;
        let active = board.active;
        board
            .zone(active, BATTLEFIELD)
            .into_iter()
            .filter(|card| board.get(*card).is_some_and(|c| c.attacking))
            .collect()
    }

    /// The blockers step: the attackers fire `attacking`; each creature of the defending
    /// player that may block blocks one attacker it may block, or none (each as likely);
    /// then each blocker fires `blocking` and each blocked attacker `blocked`.
    pub(super) fn declare_blockers(&mut self) -> Flow {
        let active = self.table.board.active;
        let defender = opponent(active);
        if let Some(event) = self.table.runtime.event_index("attacking") {
            for card in self.attackers() {
                self.table.runtime.emit(Event::new(event, active).with_object(Value::Card(card)));
            }
        }
        self.settle()?;
        let mut blocked: Vec<CardId> = Vec::new();
        let mut blocks: Vec<(CardId, CardId)> = Vec::new();
        let greedy = !self.seated(defender) && self.players[usize::from(defender != P0)] == PlayerKind::Greedy;
        let plan = if greedy { self.greedy_blocks(&self.attackers()) } else { Vec::new() };
        for blocker in self.table.board.zone(defender, BATTLEFIELD) {
            if !can_block(&self.table.board, blocker) {
                continue;
            }
            let board = &self.table.board;
            let options: Vec<CardId> = self
                .attackers()
                .into_iter()
                .filter(|attacker| may_block(board, blocker, *attacker, &blocked))
                .collect();
            if options.is_empty() {
                continue;
            }
            let chosen = if self.seated(defender) {
                self.ask_block(defender, blocker, &options)?
            } else if greedy {
                self.decisions += 1;
                plan.iter().find(|(planned, _)| *planned == blocker).map(|(_, attacker)| *attacker)
            } else {
                self.decisions += 1;
                options.get(self.rng.below(options.len() + 1)).copied()
            };
            let Some(attacker) = chosen.filter(|attacker| options.contains(attacker)) else { continue };
            if let Some(c) = self.table.board.cards.get_mut(blocker.0 as usize) {
                c.blocking = Some(attacker);
            }
            if !blocked.contains(&attacker) {
                blocked.push(attacker);
            }
            blocks.push((blocker, attacker));
            let (blocker_name, attacker_name) = (self.name(blocker), self.name(attacker));
            self.event(format!("{blocker_name} [{}] blocks {attacker_name}", who(defender)));
        }
        // Flanking: each blocker of an attacker with flanking, up to the first blocker with
        // flanking itself, gets -1/-1 until end of turn (as the runner plays it).
        let mut flanking_stopped: Vec<CardId> = Vec::new();
        for (blocker, attacker) in &blocks {
            let board = &self.table.board;
            if !board.has_ability(*attacker, "flanking") || flanking_stopped.contains(attacker) {
                continue;
            }
            if board.has_ability(*blocker, "flanking") {
                flanking_stopped.push(*attacker);
            } else {
                self.table.pump_until_end_of_turn(*blocker, -1, -1);
            }
        }
        self.board_changed();
        let unblocked: Vec<CardId> =
            self.attackers().into_iter().filter(|attacker| !blocked.contains(attacker)).collect();
        let runtime = &mut self.table.runtime;
        // Each binds the other creature of its pair (Wagic's `WEventCardBlocked` and
        // `WEventCardAttackedBlocked` name it as `trigger[from]`).
        let foe = crate::front::spec::variable("combatfoe");
        if let Some(event) = runtime.event_index("blocking") {
            for (blocker, attacker) in &blocks {
                let event = Event::new(event, defender).with_object(Value::Card(*blocker));
                runtime.emit(event.bind(foe, Value::Card(*attacker)));
            }
        }
        if let Some(event) = runtime.event_index("blocked") {
            for (blocker, attacker) in &blocks {
                let event = Event::new(event, active).with_object(Value::Card(*attacker));
                runtime.emit(event.bind(foe, Value::Card(*blocker)));
            }
        }
        // Each attacker left unblocked (Wagic's `WEventCardAttackedNotBlocked`).
        if let Some(event) = runtime.event_index("notblocked") {
            for attacker in &unblocked {
                runtime.emit(Event::new(event, active).with_object(Value::Card(*attacker)));
            }
        }
        self.settle()
    }

    /// The blockers of `attacker` still on the battlefield, in the defending player's
    /// battlefield order.
    fn blockers_of(&self, attacker: CardId) -> Vec<CardId> {
        let board = &self.table.board;
        let defender = opponent(board.active);
        board
            .zone(defender, BATTLEFIELD)
            .into_iter()
            .filter(|card| board.get(*card).is_some_and(|c| c.blocking == Some(attacker)))
            .collect()
    }

    /// The combat damage step: first strike damage (first strike, double strike), then
    /// regular damage (no first strike, double strike).
    pub(super) fn combat_damage(&mut self) -> Flow {
        // Blocked attackers: one whose blockers left deals no damage (trample aside).
        let blocked: Vec<CardId> =
            self.attackers().into_iter().filter(|attacker| !self.blockers_of(*attacker).is_empty()).collect();
        for first in [true, false] {
            self.strike(first, &blocked);
            self.settle()?;
        }
        Ok(())
    }

    /// The damage a creature deals in one damage step (never below 0).
    fn step_power(&self, card: CardId, first: bool) -> i32 {
        let board = &self.table.board;
        let (first_strike, double) = (board.has_ability(card, "firststrike"), board.has_ability(card, "doublestrike"));
        let strikes = if first { first_strike || double } else { double || !first_strike };
        if strikes { board.power(card).max(0) } else { 0 }
    }

    /// One damage step, all its damage dealt at once: each attacker deals its damage to
    /// its blockers in order, each as much as its toughness (1 with deathtouch), the rest
    /// to the first blocker, or with trample to the defending player; an unblocked
    /// attacker deals it to the defending player; each blocker to its attacker.
    fn strike(&mut self, first: bool, blocked: &[CardId]) {
        let active = self.table.board.active;
        let defender = Value::Player(opponent(active));
        let mut damage: Vec<(CardId, Value, i32)> = Vec::new();
        for attacker in self.attackers() {
            let board = &self.table.board;
            let power = self.step_power(attacker, first);
            let blockers = self.blockers_of(attacker);
            let (deathtouch, trample) =
                (board.has_ability(attacker, "deathtouch"), board.has_ability(attacker, "trample"));
            // What each blocker still needs to die: the damage it already has counts.
            let needs: Vec<i32> = blockers
                .iter()
                .map(|blocker| board.toughness(*blocker).saturating_sub(board.get(*blocker).map_or(0, |c| c.damage)))
                .collect();
            let (assigned, left) = assign_combat_damage(power, &needs, deathtouch, trample);
            for (blocker, amount) in blockers.iter().zip(&assigned) {
                damage.push((attacker, Value::Card(*blocker), *amount));
            }
            if left > 0 && (!blocked.contains(&attacker) || trample) {
                damage.push((attacker, defender, left));
            }
            for blocker in &blockers {
                damage.push((*blocker, Value::Card(attacker), self.step_power(*blocker, first)));
            }
        }
        let fog = self.table.board.effects.iter().any(|(_, code, ..)| *code == EffectCode::Fog);
        self.table.board.combat_damage = true;
        for (source, target, amount) in damage {
            if amount <= 0 {
                continue;
            }
            let target_name = match target {
                Value::Card(card) => self.name(card),
                _ => who(opponent(active)).to_string(),
            };
            let name = self.name(source);
            if fog {
                self.event(format!("{name} would deal {amount} damage to {target_name} (prevented)"));
                continue;
            }
            // Protection or a shield may prevent it: the log says what was dealt.
            let dealt = self.table.board.damage_after_prevention(source, target, amount);
            let defender_life = self.table.board.players[usize::from(active == P0)].life;
            WagicHost::deal_damage(&mut self.table.board, source, target, amount);
            if matches!(target, Value::Player(_)) {
                // The line below tells this life lost (not a lifelink gain: `life.rs`).
                self.life_told(opponent(active), defender_life);
            }
            if dealt > 0 {
                let seat = self.table.board.get(source).map_or(0, |c| usize::from(c.controller != P0));
                self.combat_damage.push((seat, name.clone(), dealt));
            }
            self.event(match amount - dealt {
                0 => format!("{name} deals {amount} damage to {target_name}"),
                _ if dealt == 0 => format!("{name} would deal {amount} damage to {target_name} (prevented)"),
                prevented => format!("{name} deals {dealt} damage to {target_name} ({prevented} prevented)"),
            });
        }
        self.table.board.combat_damage = false;
    }

    /// The end of combat: nothing attacks or blocks any more.
    pub(super) fn end_combat(&mut self) {
        for card in &mut self.table.board.cards {
            card.attacking = false;
            card.blocking = None;
        }
    }
}
