//! Skipped steps and extra combat phases (Wagic's `nextphasealter(...)` and
//! `phasealter(...)`, `APhaseAlter` over its `PhaseRing`): each player keeps the steps they
//! skip next, the steps of their next turn they skip, and the extra combat phases asked
//! for in their turn not yet placed; a permanent's `phasealter(remove,...)` is an effect in
//! force ([`EffectCode::SkipSteps`]). The game's turn loop and the test runner ask
//! [`Board::skips_step`] before each step and take [`Board::take_extra_combats`] after it.

use vm::runtime::{PlayerId, Value};

use super::{Board, P0, P1};
use crate::host::EffectCode;
use crate::testfile::{PHASES, Phase};

/// The most times a player skips one step next: more than any game asks for (a card skips
/// one at a time), so that a loop of skips counts up without bound in no game.
pub const MAX_SKIPS_KEPT: u8 = 100;

/// The most extra combat phases one turn has: a loop of extra combats (Hellkite Charger's
/// mana from each combat) ends.
pub const MAX_EXTRA_COMBATS: u8 = 10;

/// Where an extra combat phase goes in the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExtraCombatAfter {
    /// After the current step or phase (`after<this>`: "after this main phase").
    This,
    /// After the end of the current combat phase (`after<combatends>`: "after this
    /// phase" said in combat); none when the turn has no combat left.
    CombatEnd,
}

/// An extra combat phase asked for, not yet placed in the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExtraCombat {
    /// Where it goes.
    pub after: ExtraCombatAfter,
    /// Followed by an extra main phase (`combatphaseswithmain`).
    pub with_main: bool,
}

/// How long a skip of a step lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipScope {
    /// The next such step of the player's ("you skip your next untap step").
    Next,
    /// Every such step of the player's next turn ("skips all combat phases of his or her
    /// next turn"; a sorcery's "next draw step" is the same).
    NextTurn,
}

/// A player's skipped steps and extra combats.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PhaseAlters {
    /// How many times the player skips each step next, by its index in [`PHASES`].
    skip_next: [u8; PHASES.len()],
    /// The steps of the player's next turn skipped (bit i: `PHASES[i]`).
    skip_next_turn: u16,
    /// The steps of the player's current turn skipped.
    skip_this_turn: u16,
    /// The extra combat phases asked for in the player's turn, not yet placed.
    extra_combats: Vec<ExtraCombat>,
    /// The extra combat phases this turn has had.
    extra_combats_this_turn: u8,
}

/// A step's index in [`PHASES`].
pub fn step_index(phase: Phase) -> usize {
    PHASES.iter().position(|(known, _)| *known == phase).unwrap_or(0)
}

/// The steps a card may skip: untap, upkeep, draw and combat's. A main phase, the end step
/// or the cleanup step skipped is no card's, and the cleanup ends the turn.
pub fn skippable(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::Untap
            | Phase::Upkeep
            | Phase::Draw
            | Phase::CombatBegin
            | Phase::CombatAttackers
            | Phase::CombatBlockers
            | Phase::CombatDamage
            | Phase::CombatEnd
    )
}

fn seat(player: PlayerId) -> usize {
    usize::from(player.0 != 0)
}

impl Board {
    /// `player` skips their next step `phase` ([`SkipScope::Next`]) or every such step of
    /// their next turn ([`SkipScope::NextTurn`]); a step no card skips is left alone.
    pub fn skip_step(&mut self, player: PlayerId, phase: Phase, scope: SkipScope) {
        if !skippable(phase) {
            return;
        }
        let index = step_index(phase);
        let alters = &mut self.players[seat(player)].phase_alters;
        match scope {
            SkipScope::Next => {
                if let Some(count) = alters.skip_next.get_mut(index) {
                    *count = count.saturating_add(1).min(MAX_SKIPS_KEPT);
                }
            }
            SkipScope::NextTurn => alters.skip_next_turn |= 1 << index,
        }
    }

    /// `player` has an extra combat phase in this turn, placed after the step it is asked
    /// in ends ([`Board::take_extra_combats`]); none in another player's turn, as in Wagic
    /// (`APhaseAlter` adds phases to its player's turn only).
    pub fn add_extra_combat(&mut self, player: PlayerId, combat: ExtraCombat) {
        if player != self.active {
            return;
        }
        let alters = &mut self.players[seat(player)].phase_alters;
        let asked = alters.extra_combats.len();
        if usize::from(alters.extra_combats_this_turn) + asked < usize::from(MAX_EXTRA_COMBATS) {
            alters.extra_combats.push(combat);
        }
    }

    /// `player`'s turn begins: the skips of their next turn are this turn's, and the extra
    /// combats of any turn before are over.
    pub fn begin_turn_alters(&mut self, player: PlayerId) {
        for other in [P0, P1] {
            let alters = &mut self.players[seat(other)].phase_alters;
            alters.skip_this_turn = 0;
            alters.extra_combats.clear();
            alters.extra_combats_this_turn = 0;
        }
        let alters = &mut self.players[seat(player)].phase_alters;
        alters.skip_this_turn = std::mem::take(&mut alters.skip_next_turn);
    }

    /// Whether `player`'s step `phase` about to begin is skipped: a permanent's
    /// `phasealter(remove,...)` in force, a skip of this turn's, or a skip of their next such
    /// step (spent).
    pub fn skips_step(&mut self, player: PlayerId, phase: Phase) -> bool {
        if !skippable(phase) {
            return false;
        }
        let index = step_index(phase);
        let value = i32::try_from(index).unwrap_or(-1);
        let in_force = self.effects.iter().any(|&(_, code, target, skipped)| {
            code == EffectCode::SkipSteps && target == Value::Player(player) && skipped == value
        });
        let alters = &mut self.players[seat(player)].phase_alters;
        let next = alters.skip_next.get_mut(index).filter(|count| **count > 0);
        let spent = next.map(|count| *count -= 1).is_some();
        // A skip of the next step is spent even under another skip: it was that step.
        in_force || alters.skip_this_turn & (1 << index) != 0 || spent
    }

    /// The extra combat phases `player` asked for in their turn and not yet placed, taken:
    /// the turn loop places them once the step they were asked in ends.
    pub fn take_extra_combats(&mut self, player: PlayerId) -> Vec<ExtraCombat> {
        let alters = &mut self.players[seat(player)].phase_alters;
        let taken = std::mem::take(&mut alters.extra_combats);
        let count = u8::try_from(taken.len()).unwrap_or(u8::MAX);
        alters.extra_combats_this_turn = alters.extra_combats_this_turn.saturating_add(count);
        taken
    }

    /// Whether `player` has extra combat phases asked for and not yet placed.
    pub fn has_extra_combats(&self, player: PlayerId) -> bool {
        !self.players[seat(player)].phase_alters.extra_combats.is_empty()
    }
}

/// Places extra combat phases in the rest of a turn (`remaining`, the steps to come, in
/// order) as the step `ended` ends: each a combat phase (beginning, attackers, blockers,
/// damage, end) followed by a main phase when it is `with_main`, right after `ended`, or
/// after the end of the combat `ended` is in ([`ExtraCombatAfter::CombatEnd`]; none when
/// no combat is left).
pub fn place_extra_combats(remaining: &mut std::collections::VecDeque<Phase>, ended: Phase, combats: &[ExtraCombat]) {
    const COMBAT: [Phase; 5] =
        [Phase::CombatBegin, Phase::CombatAttackers, Phase::CombatBlockers, Phase::CombatDamage, Phase::CombatEnd];
    for combat in combats {
        let at = match combat.after {
            ExtraCombatAfter::This => Some(0),
            ExtraCombatAfter::CombatEnd if ended == Phase::CombatEnd => Some(0),
            ExtraCombatAfter::CombatEnd => {
                remaining.iter().position(|phase| *phase == Phase::CombatEnd).map(|at| at + 1)
            }
        };
        let Some(at) = at else { continue };
        let main = combat.with_main.then_some(Phase::SecondMain);
        for (offset, phase) in COMBAT.into_iter().chain(main).enumerate() {
            remaining.insert(at + offset, phase);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;

    #[test]
    fn an_extra_combat_goes_after_this_step_or_after_this_combat() {
        let this = ExtraCombat { after: ExtraCombatAfter::This, with_main: true };
        let mut remaining: VecDeque<Phase> = [Phase::CombatBegin, Phase::EndOfTurn].into();
        place_extra_combats(&mut remaining, Phase::FirstMain, &[this]);
        assert_eq!(remaining.len(), 8);
        assert_eq!(
            (remaining[0], remaining[4], remaining[5]),
            (Phase::CombatBegin, Phase::CombatEnd, Phase::SecondMain)
        );
        // Asked as attackers are declared: after this combat's end, not before it.
        let end = ExtraCombat { after: ExtraCombatAfter::CombatEnd, with_main: false };
        let mut remaining: VecDeque<Phase> =
            [Phase::CombatBlockers, Phase::CombatDamage, Phase::CombatEnd, Phase::SecondMain].into();
        place_extra_combats(&mut remaining, Phase::CombatAttackers, &[end]);
        assert_eq!(remaining.iter().filter(|phase| **phase == Phase::CombatEnd).count(), 2);
        assert_eq!(
            (remaining[3], remaining[7], remaining[8]),
            (Phase::CombatBegin, Phase::CombatEnd, Phase::SecondMain)
        );
        // No combat left: none.
        let mut remaining: VecDeque<Phase> = [Phase::EndOfTurn].into();
        place_extra_combats(&mut remaining, Phase::SecondMain, &[end]);
        assert_eq!(remaining, VecDeque::from([Phase::EndOfTurn]));
    }

    #[test]
    fn skips_are_spent_once_or_last_the_next_turn_and_extra_combats_are_bounded() {
        let mut board = Board::new();
        board.skip_step(P1, Phase::Draw, SkipScope::Next);
        board.skip_step(P1, Phase::CombatBegin, SkipScope::NextTurn);
        board.skip_step(P1, Phase::SecondMain, SkipScope::Next);
        assert!(!board.skips_step(P0, Phase::Draw));
        board.begin_turn_alters(P1);
        assert!(board.skips_step(P1, Phase::Draw));
        assert!(!board.skips_step(P1, Phase::Draw), "spent");
        assert!(!board.skips_step(P1, Phase::SecondMain), "no card skips a main phase");
        assert!(board.skips_step(P1, Phase::CombatBegin) && board.skips_step(P1, Phase::CombatBegin));
        board.begin_turn_alters(P1);
        assert!(!board.skips_step(P1, Phase::CombatBegin), "that turn only");
        board.active = P0;
        let combat = ExtraCombat { after: ExtraCombatAfter::This, with_main: false };
        for _ in 0..3 * MAX_EXTRA_COMBATS {
            board.add_extra_combat(P0, combat);
            board.add_extra_combat(P1, combat);
        }
        assert_eq!(board.take_extra_combats(P0).len(), usize::from(MAX_EXTRA_COMBATS));
        assert!(board.take_extra_combats(P1).is_empty(), "not p1's turn");
        board.add_extra_combat(P0, combat);
        assert!(!board.has_extra_combats(P0), "the turn had its ten");
    }
}
