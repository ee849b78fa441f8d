//! The phases of a Wagic test's turn: `next`, `eot` and `goto <phase>`, and what entering
//! each phase does (untap, draw, `@each` events, combat's steps, the cleanup).

use super::*;

impl Run<'_> {
    /// `next` (one phase on; from attackers with no attacker, to the end of combat, as
    /// Wagic skips blockers and damage), `eot` (to the cleanup step, then the next turn's
    /// untap) or `goto <phase>` (until that phase).
    pub(super) fn change_phase(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        let goal = match text.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["next"] => None,
            ["eot"] => Some(Phase::Untap),
            ["goto", phase] => Some(Phase::named(phase).ok_or_else(|| {
                // A misspelt phase (`goto secondman`) gets the phase meant.
                let names = testfile::PHASES.iter().flat_map(|(_, names)| names.iter().copied());
                let hint =
                    crate::front::did_you_mean(phase, names).map_or_else(String::new, |hint| format!(": {hint}"));
                skip("a `goto` to a phase Wagic does not know", format!("{}{hint}", at(line, text)))
            })?),
            _ => return Err(skip("a phase move the runner does not read", at(line, text))),
        };
        // At most one turn, a phase and Wagic's combat waits (order, two damage steps shown
        // and dealt): `goto` the current phase stays (as in Wagic).
        for _ in 0..testfile::PHASES.len() + 6 {
            if goal == Some(self.phase) && text != "eot" {
                return Ok(());
            }
            let from = self.phase;
            self.next_phase(line, text)?;
            if goal.is_none() || (text == "eot" && from == Phase::Cleanup) {
                return Ok(());
            }
            if self.table.held.is_some() {
                // Wagic stops at the question; where the move then goes is not modelled.
                return Err(skip("a triggered ability asks a question in a move over several phases", at(line, text)));
            }
        }
        Ok(())
    }

    /// One phase on, with what entering it does.
    pub(super) fn next_phase(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        if self.phase == Phase::CombatAttackers {
            self.leave_attackers(line, text)?;
        }
        if self.phase == Phase::CombatDamage {
            // Wagic's damage steps go on from where they wait; when the regular damage
            // deals none, on to the end of combat.
            let from = match self.combat_wait {
                CombatWait::FirstStrikeShown => Some(DamageStep::EndFirstStrike),
                CombatWait::FirstStrikeDealt => Some(DamageStep::Damage),
                CombatWait::DamageShown => Some(DamageStep::EndDamage),
                _ => None,
            };
            if let Some(from) = from
                && self.damage_steps(from)
            {
                return self.table.try_settle().map_err(|error| table_skip(error, line, text));
            }
        }
        if self.phase == Phase::CombatBlockers {
            if self.combat_wait == CombatWait::Order {
                self.combat_wait = CombatWait::None;
            } else {
                // The blocks' triggers (`blocking`, `blocked`, rampage) resolve in the
                // blockers step, before any combat damage; then Wagic's order step waits
                // when an attacker has several blockers.
                self.leave_blockers(line, text)?;
                self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
                if self.table.held.is_some() {
                    // Wagic's triggers step waits for the question, then goes on by itself.
                    return Err(skip(
                        "a triggered ability asks a question as blockers are chosen (Wagic's triggers step)",
                        at(line, text),
                    ));
                }
                if self.must_order() {
                    self.combat_wait = CombatWait::Order;
                    return Ok(());
                }
            }
        }
        let mut phase = self.phase.next();
        let active = self.table.board.active;
        let attackers: Vec<CardId> = self
            .table
            .board
            .zone(active, BATTLEFIELD)
            .into_iter()
            .filter(|card| self.table.board.get(*card).is_some_and(|c| c.attacking))
            .collect();
        if self.phase == Phase::CombatAttackers && attackers.is_empty() {
            // No attacker: Wagic goes straight to the end of combat.
            phase = Phase::CombatEnd;
        }
        // Mana empties from the pools as each step and phase ends.
        for player in &mut self.table.board.players {
            player.mana = [0; 6];
        }
        if self.phase == Phase::EndOfTurn {
            // Unearth and treason: Wagic exiles or sacrifices such permanents as the end of
            // turn step ends.
            self.table.end_step_leaving().map_err(|error| table_skip(error, line, text))?;
        }
        if self.phase == Phase::Cleanup {
            // The turn ends: `ueot` effects end, damage wears off, the other player's turn
            // begins.
            let active = self.table.board.active;
            if self.table.board.zone(active, HAND).len() > 7 {
                return Err(skip("a hand larger than seven at the end of the turn", at(line, text)));
            }
            self.table.try_end_turn(active).map_err(|error| table_skip(error, line, text))?;
            let next = self.table.board.next_active(active);
            self.table.board.active = next;
            self.lands_played = 0;
            self.spells_cast = 0;
            self.turn = self.turn.saturating_add(1);
            let board = &self.table.board;
            self.entered.retain(|card| board.get(*card).is_some_and(|c| c.controller != next));
            self.table.board.begin_turn_alters(next);
        }
        // The steps the active player skips (Stasis's untap step) are passed over, their
        // events unheard (`table/phase_alter.rs`); a skipped untap step still begins the turn.
        let active = self.table.board.active;
        for _ in 0..testfile::PHASES.len() {
            if !self.table.board.skips_step(active, phase) {
                break;
            }
            if phase == Phase::Untap {
                self.table.begin_turn_without_untap(active).map_err(|error| table_skip(error, line, text))?;
            }
            if phase == Phase::CombatEnd && self.table.board.cards.iter().any(|card| card.attacking) {
                return Err(skip("the end of a combat with attackers skipped", at(line, text)));
            }
            phase = phase.next();
        }
        self.phase = phase;
        self.table.board.main_phase = phase.is_main();
        self.table.board.upkeep = phase == Phase::Upkeep;
        let active = self.table.board.active;
        // No combat damage dealt: Wagic's damage step goes on to the end of combat at once.
        let mut no_damage = false;
        match phase {
            Phase::CombatBlockers => {
                // The attackers are chosen: each attacks.
                for &card in &attackers {
                    self.table.board.note_attack(card);
                }
                if let Some(event) = self.table.runtime.event_index("attacking") {
                    for &card in &attackers {
                        let event = vm::runtime::Event::new(event, active).with_object(Value::Card(card));
                        self.table.runtime.emit(event);
                    }
                }
            }
            Phase::CombatDamage => {
                // Wagic's damage steps, until one waits for a `next`.
                no_damage = !self.damage_steps(DamageStep::FirstStrike);
            }
            Phase::CombatEnd => {
                let board = &mut self.table.board;
                board.ended_blocks = (board.cards.iter().enumerate())
                    .filter(|(_, card)| card.zone == BATTLEFIELD)
                    .filter_map(|(index, card)| Some((CardId(u32::try_from(index).ok()?), card.blocking?)))
                    .collect();
                for card in &mut self.table.board.cards {
                    card.attacking = false;
                    card.blocking = None;
                }
                self.declared.clear();
                self.blocked.clear();
                self.block_order.clear();
                self.combat_wait = CombatWait::None;
            }
            _ => {}
        }
        if phase == Phase::Untap {
            self.table.untap_step(active).map_err(|error| table_skip(error, line, text))?;
        }
        if let Some(event) = self.table.runtime.event_index(phase.event()) {
            self.table.runtime.emit(vm::runtime::Event::new(event, active));
        }
        self.table.run_phase_actions(phase.event(), active);
        if phase == Phase::Draw {
            crate::host::WagicHost::draw(&mut self.table.board, active, 1);
        }
        self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
        if self.table.board.has_extra_combats(active) {
            // Wagic's `PhaseRing::addCombatAfter`: the runner steps through the printed
            // turn alone.
            return Err(skip("an extra combat phase", at(line, text)));
        }
        if no_damage {
            if self.table.held.is_some() {
                // Wagic stops at the question; where its damage step then goes is not modelled.
                return Err(skip("a triggered ability asks a question in a move over several phases", at(line, text)));
            }
            return self.next_phase(line, text);
        }
        Ok(())
    }
}
