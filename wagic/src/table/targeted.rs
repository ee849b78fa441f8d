//! A card becoming the target of a spell or ability (Wagic's `WEventTarget`, which
//! `@targeted(spec) from(spec)` listens to): the runner and the game loop note each card
//! target of a spell as it is cast and of an ability as it is activated
//! ([`Table::note_targets`]); the table emits `targeted` for each as it settles, its object
//! the card targeted and `targetsource` the spell's or ability's card. Likewise
//! `vampired` (`@vampired(spec) from(spec)`, Wagic's `MTGVampireRule`): a creature dealt
//! damage this turn dies, once for each card that dealt it damage, bound as `vampire`.
//!
//! Only a spell or ability that targets does: a card's `target=` (an Aura's too) always
//! does, and an `auto=` line's `target(...)`; a `notatarget(...)` chooses without
//! targeting. The compiled code does not tell the two apart, so a card is judged by its
//! text: one whose lines choose with `notatarget(...)` and no `target(...)` never
//! targets, and one with both (which line asked is not known) is taken not to.

use vm::runtime::{CardId, Event, Value};

use super::Table;

/// Whether a card of these printed lines targets with its choices: its `target=`, or
/// its lines' `target(...)` without a `notatarget(...)` among them.
fn targets_with_its_choices(printed: &super::library::Printed) -> bool {
    if !printed.target.trim().is_empty() {
        return true;
    }
    let lines = printed
        .autos
        .iter()
        .chain(&printed.hand_lines)
        .chain(&printed.graveyard_lines)
        .chain(&printed.graveyard_abilities);
    let (mut targets, mut chooses) = (false, false);
    for line in lines {
        let lower = line.to_ascii_lowercase();
        chooses |= lower.contains("notatarget(");
        targets |= lower.replace("notatarget(", "").contains("target(");
    }
    targets && !chooses
}

impl Table {
    /// Notes that `source`'s spell or ability chose `targets` as it was cast or activated:
    /// each card among them becomes its target, when `source` targets with its choices.
    pub fn note_targets(&mut self, source: CardId, targets: &[Value]) {
        let Some(card) = self.board.get(source) else { return };
        if !targets_with_its_choices(&card.printed) {
            return;
        }
        for target in targets {
            if let Value::Card(target) = target {
                self.board.targeted.push((*target, source));
            }
        }
    }

    /// Emits `targeted` for each card noted since the last time; whether there was any.
    pub(super) fn emit_targeted(&mut self) -> bool {
        let targeted = std::mem::take(&mut self.board.targeted);
        let Some(event) = self.runtime.event_index("targeted") else { return false };
        let source_variable = crate::front::spec::variable("targetsource");
        for &(target, source) in &targeted {
            let player = self.board.get(target).map_or(super::P0, |c| c.controller);
            let event = Event::new(event, player).with_object(Value::Card(target));
            self.runtime.emit(event.bind(source_variable, Value::Card(source)));
        }
        !targeted.is_empty()
    }

    /// Emits `vampired` for each creature noted dying since the last time, with the card
    /// that dealt it damage this turn bound as `vampire`; whether there was any.
    pub(super) fn emit_vampired(&mut self) -> bool {
        let vampired = std::mem::take(&mut self.board.vampired);
        let Some(event) = self.runtime.event_index("vampired") else { return false };
        let vampire = crate::front::spec::variable("vampire");
        for &(victim, source) in &vampired {
            let player = self.board.get(source).map_or(super::P0, |c| c.controller);
            let event = Event::new(event, player).with_object(Value::Card(victim));
            self.runtime.emit(event.bind(vampire, Value::Card(source)));
        }
        !vampired.is_empty()
    }
}
