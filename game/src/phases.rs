//! The phase procedures of spec §4.6 as agenda steps: Activate, Draw, Attack, Counter-attack
//! (United Attack cost, `blockPhase`, `attacks`), End, Cleanup and the passing of the turn;
//! SP payments with cost modifiers (§3.14).

use stdlib::keywords::Ability;
use stdlib::names;
use vm::bytecode::EventIdx;
use vm::runtime::Value;

use crate::engine::Game;
use crate::log::{Phrase, RecordKind};
use crate::state::{
    CardRef, CardState, EndReason, GameState, Mark, ModifierRecord, Outcome, Phase, RING_SLOTS, RingCards, Role, Seat,
    Task,
};

/// Catalogue index of a restriction timer.
pub(crate) fn restriction(name: &str) -> u16 {
    stdlib::CATALOGUE.restrictions.iter().position(|r| r.name == name).unwrap_or(0) as u16
}

/// A cost type of `alterCost` and `modCost`: its index in the stdlib's `COST_TYPES` and
/// the `beforePayCost<Type>` event its payment announces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CostType {
    pub(crate) index: u16,
    pub(crate) event: EventIdx,
}

impl CostType {
    /// Playing a character card.
    pub(crate) const CHARACTER: CostType =
        CostType { index: names::COST_TYPE_CHARACTER, event: names::EV_BEFORE_PAY_COST_CHARACTER };
    /// Playing an action card.
    pub(crate) const ACTION: CostType =
        CostType { index: names::COST_TYPE_ACTION, event: names::EV_BEFORE_PAY_COST_ACTION };
    /// Playing a reaction card.
    pub(crate) const REACTION: CostType =
        CostType { index: names::COST_TYPE_REACTION, event: names::EV_BEFORE_PAY_COST_REACTION };
    /// A United Attack of two characters.
    pub(crate) const UA2: CostType = CostType { index: names::COST_TYPE_UA2, event: names::EV_BEFORE_PAY_COST_UA2 };
    /// A United Attack of three characters.
    pub(crate) const UA3: CostType = CostType { index: names::COST_TYPE_UA3, event: names::EV_BEFORE_PAY_COST_UA3 };

    /// The name of its event (`beforePayCostAction`).
    fn event_name(self) -> &'static str {
        stdlib::CATALOGUE.events.get(self.event.index()).map_or("", |spec| spec.name)
    }
}

impl GameState {
    /// A cost after the `alterCost` modifiers in force (no events): what legality checks.
    /// Costs are negative; a paid cost never drops below 1 SP (FIX of B-63). Gains
    /// (non-negative amounts) are not modified.
    pub fn static_cost(&self, cost_type: u16, base: i32) -> i32 {
        if base >= 0 {
            return base;
        }
        let (mut new, mut initial, mut add) = (base, base, 0i32);
        for m in &self.modifiers {
            if let ModifierRecord::Cost { cost_type: t, set, amount, .. } = *m
                && t == cost_type
            {
                if set {
                    new = amount;
                    initial = amount;
                } else {
                    add = add.saturating_add(amount);
                }
            }
        }
        finish_cost(new, initial, add)
    }

    /// The characters in `player`'s ring whose state `keep` accepts, in ring order. A
    /// loop over the four slots: the phase procedures ask several of these each turn. Every
    /// `keep` asks for an attack role: none without a marker set ([`GameState::attack_marked`]).
    fn ring_cards_where(&self, player: Seat, keep: impl Fn(&CardState) -> bool) -> RingCards {
        let mut kept = RingCards::new();
        if !self.attack_markers_due() {
            return kept;
        }
        for &slot in &self.player(player).ring {
            if let Some(card) = slot
                && self.card(card).is_some_and(&keep)
            {
                kept.push(card);
            }
        }
        kept
    }

    /// Whether a character of `player` could attack now (not fresh, frozen or at 0 BP).
    pub(crate) fn has_ready_attacker(&self, player: Seat) -> bool {
        let ready = |c: &CardState| !c.fresh && !c.frozen && c.bp > 0 && c.role == Role::None;
        self.player(player).ring.iter().any(|slot| slot.is_some_and(|card| self.card(card).is_some_and(ready)))
    }

    /// Every attacking character of the active player (leaders and joiners), in ring order.
    pub(crate) fn attackers(&self) -> RingCards {
        self.ring_cards_where(self.active, |c| c.role != Role::None)
    }

    /// Whether one character attacks, outside a United Attack (ruling B-61), as the
    /// `soloAttack` variable reads it. An attack role lies only on ring characters (the
    /// end of an attack clears the rings, and checks the rest in a debug build), so the
    /// two rings are read, ten slots, rather than every card: that walked a game's ~100
    /// `CardState` lines (6.4 KiB) at each read, 1.5 of a decision's 48 last-level misses
    /// with 1,024 games stepped in turn (BENCHMARKS.md, branch `footprint`).
    pub(crate) fn solo_attack(&self) -> bool {
        if !self.attack_markers_due() {
            return false;
        }
        let mut attacking = self
            .players
            .iter()
            .flat_map(|p| p.ring.iter().flatten())
            .filter_map(|&card| self.card(card).filter(|c| c.role != Role::None));
        let solo = attacking.next().is_some_and(|first| !first.united && attacking.next().is_none());
        debug_assert_eq!(
            solo,
            {
                let mut all = self.cards.iter().filter(|c| c.role != Role::None);
                all.next().is_some_and(|first| !first.united && all.next().is_none())
            },
            "a card outside the rings carries an attack role"
        );
        solo
    }

    /// The attacking characters of the active player with the Attack marker (solo attackers
    /// and the United Attack's leader), in ring order.
    pub(crate) fn leaders(&self) -> RingCards {
        self.ring_cards_where(self.active, |c| c.role == Role::Leader)
    }

    /// The joiners of the United Attack, in ring order.
    pub(crate) fn joiners(&self) -> RingCards {
        self.ring_cards_where(self.active, |c| c.role == Role::Joiner)
    }

    /// The leader of the United Attack, if there is one.
    pub(crate) fn ua_leader(&self) -> Option<CardRef> {
        self.leaders().into_iter().find(|&c| self.card(c).is_some_and(|c| c.united))
    }

    /// Ends every character's part in the attack (no role, not united) and, with
    /// `blocks`, the Counter-attack markers too. Only characters in a ring carry these
    /// markers: they are set on ring characters only (declarations, `unite` of attackers,
    /// a setup's ring slots), and a card leaving the ring loses them (`reset_card`); so
    /// the rings are visited rather than every card of the game.
    pub(crate) fn clear_attack_markers(&mut self, blocks: bool) {
        if !self.attack_markers_due() {
            return;
        }
        if blocks {
            self.attack_marked = Mark(false);
        }
        let GameState { players, cards, .. } = self;
        for player in players.iter() {
            for &slot in &player.ring {
                if let Some(c) = slot.and_then(|card| cards.get_mut(card.0 as usize)) {
                    c.role = Role::None;
                    c.united = false;
                    if blocks {
                        c.blocking = None;
                        c.blocked = false;
                    }
                }
            }
        }
        debug_assert!(
            self.cards
                .iter()
                .all(|c| c.role == Role::None && !c.united && (!blocks || (c.blocking.is_none() && !c.blocked))),
            "a card outside the rings carries an attack marker"
        );
    }

    /// Whether a character may carry an attack marker ([`GameState::attack_marked`]); a
    /// debug build checks that none does otherwise.
    fn attack_markers_due(&self) -> bool {
        debug_assert!(
            self.attack_marked.0
                || self.cards.iter().all(|c| c.role == Role::None && !c.united && c.blocking.is_none() && !c.blocked),
            "an attack marker set without `mark_attack_markers`"
        );
        self.attack_marked.0
    }

    /// The character blocking `attacker`, if any.
    pub(crate) fn blocker_of(&self, attacker: CardRef) -> Option<CardRef> {
        let defender = self.active.other();
        self.player(defender).characters().find(|&c| self.card(c).is_some_and(|c| c.blocking == Some(attacker)))
    }
}

fn finish_cost(new: i32, initial: i32, add: i32) -> i32 {
    let mut new = new.saturating_add(add);
    if initial < 0 && new >= 0 {
        new = -1;
    }
    new
}

impl Game {
    /// The SP cost `player` would pay now for a cost type (negative `base`): the
    /// `alterCost` modifiers, then the adjustments the `beforePayCost<Type>` autos make
    /// (their autos run). Gains (non-negative `base`) are returned as they are.
    pub(crate) fn cost_now(&mut self, player: Seat, cost_type: CostType, base: i32, card: Option<CardRef>) -> i32 {
        if base >= 0 {
            return base;
        }
        let t = cost_type.index;
        let before = self.state.static_cost(t, base);
        self.state.windows.push((t, 0));
        let trigger = card.map(|c| (names::VAR_TRIGGER, Value::Card(c.id())));
        self.dispatch_now(cost_type.event, cost_type.event_name(), player, trigger.as_slice());
        let delta = match self.state.windows.iter().rposition(|(k, _)| *k == t) {
            Some(at) => self.state.windows.remove(at).1,
            None => 0,
        };
        if delta == 0 { before } else { finish_cost(before, base.min(before), delta) }
    }

    /// Pays an SP cost (or adds a gain) of `player`, as [`Game::cost_now`] computes it.
    /// False (nothing paid) when the player cannot afford it.
    pub(crate) fn pay_sp(&mut self, player: Seat, cost_type: CostType, base: i32, card: Option<CardRef>) -> bool {
        let cost = self.cost_now(player, cost_type, base, card);
        let sp = self.state.player(player).sp;
        if sp.saturating_add(cost) < 0 {
            return false;
        }
        self.state.player_mut(player).sp = sp.saturating_add(cost);
        true
    }

    /// The KO sweep of the phase procedures; `removed` is emitted for each character it
    /// KOs. Callers call it when a character at 0 BP may be in a ring
    /// ([`GameState::ko_check_due`]): three checks a turn, and few find one (2,118 KOs in
    /// 19,832 sweeps of 300 random games). The mark is tested where the sweep would be
    /// called: a call to test it cost 18 instructions a check, a look at both rings
    /// about 40 (issue 30, BENCHMARKS.md).
    fn sweep(&mut self) {
        // Taken before the sweep: a character the sweep's writes leave at 0 BP is looked
        // for by the next check.
        self.state.ko_possible = Mark(false);
        let active = self.state.active;
        for card in self.state.ko_sweep() {
            self.emit(names::EV_REMOVED, active, Some(Value::Card(card.id())), &[]);
        }
    }

    /// Runs the steps of the phase procedures that are not the engine loop's own.
    pub(crate) fn run_phase_task(&mut self, task: Task) {
        match task {
            Task::EnterPhase(phase) => self.enter_phase(phase),
            Task::ActivateDone => {}
            Task::Combat(attacker) => self.combat(attacker),
            Task::BlockedDamage { attacker, blocker, leader_damage, joiners_damage } => {
                self.blocked_damage(attacker, blocker, leader_damage, joiners_damage)
            }
            Task::EndDone => {
                let defender = self.state.active.other();
                if !self.state.player(defender).table.is_empty() {
                    self.state.discard_table(defender);
                }
                self.state.agenda.push_front(Task::EnterPhase(Phase::Cleanup));
            }
            Task::CleanupDone => {
                self.state.clear_attack_markers(true);
                let active = self.state.active;
                if !self.state.player(active).table.is_empty() {
                    self.state.discard_table(active);
                }
                let tasks = [Task::Expire(restriction("ueot")), Task::Expire(restriction("unac")), Task::EndTurn];
                for task in tasks.into_iter().rev() {
                    self.state.agenda.push_front(task);
                }
            }
            Task::EndTurn => self.end_turn(),
            _ => {}
        }
    }

    /// Pushes `tasks` to run next, in order.
    fn next(&mut self, tasks: &[Task]) {
        for &task in tasks.iter().rev() {
            self.state.agenda.push_front(task);
        }
    }

    fn enter_phase(&mut self, phase: Phase) {
        self.state.phase = phase;
        let active = self.state.active;
        let skips = &mut self.state.player_mut(active).skips;
        if let Some(at) = skips.iter().position(|&p| p == phase) {
            skips.remove(at);
            self.state.note(RecordKind::PhaseSkipped);
            self.next(&[following(phase)]);
            return;
        }
        self.state.note(RecordKind::PhaseStart);
        match phase {
            Phase::Activate => {
                for slot in 0..RING_SLOTS {
                    let Some(card) = self.state.player(active).ring[slot] else { continue };
                    let frosted = self.state.has_ability(card, Ability::Frosted);
                    if let Some(c) = self.state.card_mut(card) {
                        if !frosted {
                            c.frozen = false;
                        }
                        c.fresh = false;
                        c.blocking = None;
                        c.activated = false;
                    }
                }
                if !self.state.player(active).table.is_empty() {
                    self.state.discard_table(active);
                }
                self.next(&[
                    Task::PhaseEvent(Phase::Activate),
                    Task::Expire(restriction("uynt")),
                    Task::EnterPhase(Phase::Draw),
                ]);
            }
            Phase::Draw => {
                if self.state.turn == 1 && active == self.state.first_player {
                    self.state.note(RecordKind::PhaseSkipped);
                    self.next(&[Task::EnterPhase(Phase::Main)]);
                } else if self.state.draw_card(active) {
                    self.next(&[Task::PhaseEvent(Phase::Draw), Task::EnterPhase(Phase::Main)]);
                }
            }
            Phase::Main => {}
            Phase::Attack => {
                if self.state.ko_check_due() {
                    self.sweep();
                }
                if !self.state.player(active).table.is_empty() {
                    self.state.discard_table(active);
                }
                if !self.state.has_ready_attacker(active) {
                    self.next(&[Task::EnterPhase(Phase::CounterAttack)]);
                }
            }
            Phase::CounterAttack => self.start_counter_attack(),
            Phase::End => self.start_end(),
            Phase::Cleanup => {
                if self.state.ko_check_due() {
                    self.sweep();
                }
                self.next(&[Task::PhaseEvent(Phase::Cleanup), Task::CleanupDone]);
            }
        }
    }

    fn start_counter_attack(&mut self) {
        let active = self.state.active;
        let mut attackers = self.state.attackers();
        if attackers.is_empty() {
            self.next(&[Task::EnterPhase(Phase::End)]);
            return;
        }
        // The joiners among them, in ring order.
        let joiners: RingCards =
            attackers.iter().copied().filter(|&c| self.state.card(c).is_some_and(|c| c.role == Role::Joiner)).collect();
        if !joiners.is_empty() {
            let n = joiners.len().min(2) as i32;
            let cost_type = if n == 1 { CostType::UA2 } else { CostType::UA3 };
            let before = self.state.player(active).sp;
            let paid = self.pay_sp(active, cost_type, -crate::state::UA_COST_PER_JOINER * n, None);
            if paid {
                let amount = before - self.state.player(active).sp;
                let what = self.state.text(format_args!("the United Attack"));
                self.state.note(RecordKind::PaySp { player: active, amount, what });
            } else {
                // Ruling: a United Attack whose cost cannot be paid when the Counter-attack
                // phase starts falls apart: the joiners leave the attack, the leader attacks alone.
                for card in joiners {
                    if let Some(c) = self.state.card_mut(card) {
                        c.role = Role::None;
                        c.united = false;
                    }
                }
                for card in self.state.leaders() {
                    if let Some(c) = self.state.card_mut(card) {
                        c.united = false;
                    }
                }
                let text = self.state.text(format_args!("the United Attack cannot be paid: the leader attacks alone"));
                self.state.note(RecordKind::Effect(Phrase::Text(text)));
            }
            // The payment's autos, or its failure, may have changed who attacks.
            attackers = self.state.attackers();
        }
        self.runtime.emit(vm::runtime::Event::new(names::EV_BLOCK_PHASE, active.pid()));
        for card in attackers {
            self.emit(names::EV_ATTACKS, active, Some(Value::Card(card.id())), &[]);
        }
    }

    fn start_end(&mut self) {
        let active = self.state.active;
        if self.state.ko_check_due() {
            self.sweep();
        }
        let freeze = self.state.rule_on("attack_freeze", active, true);
        let attackers = self.state.attackers();
        for &card in &attackers {
            // Ruling R1: `unfreezable` spares a solo attacker only.
            let solo = self.state.card(card).is_some_and(|c| !c.united);
            let unfreezable = solo && self.state.has_ability(card, Ability::Unfreezable);
            if freeze
                && !unfreezable
                && let Some(c) = self.state.card_mut(card)
            {
                c.frozen = true;
            }
        }
        if !self.state.player(active).table.is_empty() {
            self.state.discard_table(active);
        }
        // Next: each leader's combat in ring order, the End phase's event, its end (pushed
        // last step first, as `next` does).
        self.state.agenda.push_front(Task::EndDone);
        self.state.agenda.push_front(Task::PhaseEvent(Phase::End));
        // The leaders among the attackers (freezing changed no role).
        for &leader in attackers.iter().rev() {
            if self.state.card(leader).is_some_and(|c| c.role == Role::Leader) {
                self.state.agenda.push_front(Task::Combat(leader));
            }
        }
    }

    fn end_turn(&mut self) {
        // Lingering cards leave play with the turn; without any, nothing changes what is in
        // play and `sync_play` has nothing to compare (most turns: a comparison per turn saved).
        if !self.state.lingering.is_empty() {
            self.state.lingering.clear();
            self.state.mark_play_changed();
        }
        if self.state.play_changed.0 {
            self.sync_play();
        } else {
            self.debug_assert_play_matches_board();
        }
        let active = self.state.active;
        let next = if self.state.player(active).extra_turns > 0 {
            self.state.player_mut(active).extra_turns -= 1;
            active
        } else {
            active.other()
        };
        self.state.clear_attack_markers(false);
        for player in &mut self.state.players {
            player.chars_played = 0;
            player.chars_per_turn = 1;
            player.backups_played = 0;
            player.nc_damaged = false;
            player.lost_sp = 0;
            player.last_sp_loss = 0;
        }
        if self.state.turn >= self.state.turn_limit {
            let limit = self.state.turn_limit;
            self.state.outcome = Some(Outcome { winner: None, reason: EndReason::TurnLimit(limit) });
            self.state.note_game_over();
            return;
        }
        self.state.turn += 1;
        self.state.active = next;
        self.state.phase = Phase::Activate;
        self.state.note(RecordKind::TurnStart { player: next });
        self.next(&[Task::EnterPhase(Phase::Activate)]);
    }
}

/// The step after a skipped phase.
fn following(phase: Phase) -> Task {
    match phase.next() {
        Some(next) => Task::EnterPhase(next),
        None => Task::EndTurn,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use stdlib::names;
    use vm::runtime::{Host, Value};

    use crate::state::Seat;
    use crate::{Game, Move, Setup, SlotSetup};

    const BRAWLER: usize = 0; // 500 BP
    const GUARD: usize = 1; // 700 BP

    /// The phase procedures' KO checks look at the rings only when a BP write or a ring
    /// write marked them (`GameState::note_bp`): a character an effect sets to 0 BP, one
    /// damaged to 0 and one put in a ring at 0 BP, all after a check found nothing, are
    /// KO'd by the next check.
    #[test]
    fn characters_brought_to_zero_bp_after_a_ko_check_are_kod_by_the_next() {
        let set = Arc::new(crate::testing::tiny_set().expect("the tiny set compiles"));
        let mut setup = Setup::default();
        for player in &mut setup.players {
            player.deck = vec![GUARD; 10];
            player.ring[0] = Some(SlotSetup::new(GUARD));
            player.ring[1] = Some(SlotSetup::new(BRAWLER));
        }
        let mut game = Game::from_setup(set, &setup).expect("the board is valid");
        let (me, opp) = (Seat::FIRST, Seat::SECOND);
        game.apply(Move::Pass).expect("the Main phase ends");
        assert!(!game.state.ko_possible.0, "a KO check ran and found no character at 0 BP");
        let [set_to_zero, damaged] = [me, opp].map(|seat| game.state.player(seat).ring[0].expect("a character"));
        let put_at_zero = game.state.player(opp).ring[1].expect("a character");
        game.state.set_counter(Value::Card(set_to_zero.id()), names::ATTR_BP, 0);
        game.state.damage_character(damaged, 700);
        game.state.take_from(put_at_zero, (opp, crate::state::Zone::Ring(1)));
        game.state.card_mut(put_at_zero).expect("a card").bp = 0;
        game.state.put(put_at_zero, opp, crate::state::Zone::Ring(2), 2);
        game.sync_play();
        game.apply(Move::Pass).expect("the phase ends");
        for card in [set_to_zero, damaged, put_at_zero] {
            assert!(game.state.slot_of(card).is_none(), "card #{} KO'd", card.0);
        }
        assert_eq!(game.state.player(me).discards, [set_to_zero]);
        assert_eq!(game.state.player(opp).discards.len(), 2);
    }

    /// Clearing the attack markers and listing the attackers look at the rings only when
    /// a declaration marked them (`GameState::attack_marked`): a turn without an attack
    /// takes the mark, and an attack declared in the next turn is still fought.
    #[test]
    fn an_attack_after_a_turn_without_one_is_fought_and_its_markers_cleared() {
        let set = Arc::new(crate::testing::tiny_set().expect("the tiny set compiles"));
        let mut setup = Setup::default();
        for player in &mut setup.players {
            player.deck = vec![GUARD; 10];
        }
        setup.players[1].ring[0] = Some(SlotSetup::new(BRAWLER));
        let mut game = Game::from_setup(set, &setup).expect("the board is valid");
        let (me, opp) = (Seat::FIRST, Seat::SECOND);
        assert_eq!(game.state.active, me);
        game.apply(Move::Pass).expect("the first player's turn ends");
        assert_eq!(game.state.active, opp);
        assert!(!game.state.attack_marked.0, "a turn without an attack cleared the markers");
        let hp = game.state.player(me).hp;
        game.apply(Move::Pass).expect("the Main phase ends");
        game.apply(Move::Attack { slot: 0 }).expect("the Brawler attacks");
        while game.state.active == opp {
            game.apply(Move::Pass).expect("the turn goes on");
        }
        assert_eq!(game.state.player(me).hp, hp - 500, "the unblocked Brawler's 500 BP");
        let brawler = game.state.player(opp).ring[0].expect("the Brawler");
        assert_eq!(game.state.card(brawler).map(|c| c.role), Some(crate::state::Role::None));
    }
}
