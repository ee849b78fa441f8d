//! The engine's steps still to run ([`Agenda`] of [`Task`]s): the phase procedures as
//! sequences of steps, so that one of them may wait for a player's answer to a card's question.

use serde::{Deserialize, Serialize};

use crate::state::{CardRef, Phase, Seat};

/// A step of the engine's procedures still to run (the phase procedures are sequences of
/// these, so that one of them may wait for a player's answer to a card's question).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// Start phase `Phase` of the active player (skips, then its procedure).
    EnterPhase(Phase),
    /// Emit a phase event (`activatePhase`...) for the active player.
    PhaseEvent(Phase),
    /// Run queued autos until none is left.
    RunEvents,
    /// A restriction timer fires for the active player (catalogue index).
    Expire(u16),
    /// `me` activates `card` with bundle card `rules`.
    Activate {
        /// The physical card.
        card: CardRef,
        /// Its rules.
        rules: u32,
        /// The executing player.
        me: Seat,
        /// Mark the card activated for this turn afterwards (■ abilities).
        mark: bool,
    },
    /// After an activation: mark the card activated this turn (unless `clear()`).
    MarkActivated(CardRef),
    /// A played action or reaction has resolved: to its owner's discard pile.
    Resolved(CardRef),
    /// The rest of the Activate phase after its event (`uynt` timers).
    ActivateDone,
    /// The rest of the End phase: one attacker's combat.
    Combat(CardRef),
    /// Combat damage of a blocked attacker, with its damage read before the events.
    BlockedDamage {
        /// The attacker (leader).
        attacker: CardRef,
        /// Its blocker.
        blocker: CardRef,
        /// The leader's BP: the damage it deals.
        #[serde(rename = "dmg")]
        leader_damage: i32,
        /// The joiners' BP summed: the damage they add.
        #[serde(rename = "pdmg")]
        joiners_damage: i32,
    },
    /// The end of the End phase: the defender's reactions are discarded.
    EndDone,
    /// The end of the Cleanup phase: markers, timers, the turn passes.
    CleanupDone,
    /// The turn ends: extra turns, or the other player's turn.
    EndTurn,
}

/// The engine steps still to run, first to last. Held as a stack (the next step last in
/// the vector): nearly every step is pushed to run next and taken at once, and a `Vec`'s
/// push and pop at its end cost a few instructions where `VecDeque`'s front ones cost
/// about 28 (issue 30, BENCHMARKS.md). Saved, hashed and printed first to last.
#[derive(Clone, Default, PartialEq)]
pub struct Agenda(Vec<Task>);

impl Agenda {
    /// An empty agenda room for `capacity` steps.
    pub fn with_capacity(capacity: usize) -> Agenda {
        Agenda(Vec::with_capacity(capacity))
    }

    /// The next step.
    pub fn front(&self) -> Option<&Task> {
        self.0.last()
    }

    /// Takes the next step.
    pub fn pop_front(&mut self) -> Option<Task> {
        self.0.pop()
    }

    /// Makes `task` the next step.
    pub fn push_front(&mut self, task: Task) {
        self.0.push(task);
    }

    /// Makes `task` the last step (rare: when the agenda is empty, or a card's play).
    pub fn push_back(&mut self, task: Task) {
        self.0.insert(0, task);
    }

    /// Drops every step.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Whether no step is left.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many steps are left.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The steps, first to last.
    pub fn iter(&self) -> impl Iterator<Item = &Task> {
        self.0.iter().rev()
    }

    /// Makes this agenda a copy of `from`, keeping its storage.
    pub(crate) fn copy_from(&mut self, from: &Agenda) {
        self.0.clear();
        self.0.extend_from_slice(&from.0);
    }
}

impl std::fmt::Debug for Agenda {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Agenda {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Agenda {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Agenda, D::Error> {
        let mut tasks = Vec::<Task>::deserialize(deserializer)?;
        tasks.reverse();
        Ok(Agenda(tasks))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;

    /// The agenda is held last-step-first, but saves and state hashes must read as they did
    /// when it was a `VecDeque`: first step first, and a save read back runs the same steps.
    #[test]
    fn agenda_saves_first_step_first_as_the_queue_did() {
        let mut agenda = Agenda::with_capacity(4);
        let mut queue = VecDeque::new();
        for (front, task) in [
            (false, Task::EnterPhase(Phase::Draw)),
            (true, Task::RunEvents),
            (false, Task::EndTurn),
            (true, Task::MarkActivated(CardRef(7))),
        ] {
            if front {
                agenda.push_front(task);
                queue.push_front(task);
            } else {
                agenda.push_back(task);
                queue.push_back(task);
            }
        }
        let json = serde_json::to_string(&agenda).unwrap();
        assert_eq!(json, serde_json::to_string(&queue).unwrap());
        assert_eq!(format!("{agenda:?}"), format!("{queue:?}"));
        let mut read: Agenda = serde_json::from_str(&json).unwrap();
        assert_eq!(read, agenda);
        let mut steps = Vec::new();
        while let Some(task) = read.pop_front() {
            steps.push(task);
        }
        assert_eq!(steps, Vec::from(queue));
    }
}
