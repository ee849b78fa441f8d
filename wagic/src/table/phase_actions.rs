//! The phase actions waiting on cards (`phaseaction[...]` of a one-shot effect in a
//! trigger, an activated ability or a `newability[...]`: Wagic's `APhaseAction`), run as
//! each phase begins by whoever plays the phases (the runner, a game), after the phase's
//! `@each` event is emitted and before the table settles.

use vm::runtime::{Host, PlayerId};

use super::{BATTLEFIELD, EXILE, HAND, LIBRARY, Table};
use crate::catalogue::CATALOGUE;
use crate::host::{PhaseAction, WagicHost};

impl Table {
    /// The phase whose event is `event` (`endofturn`) begins in `active`'s turn: each
    /// phase action waiting for it in this turn acts on its card, in the order they were
    /// made; one made `once` then ends. Whose turn is read from the source's controller
    /// now, as Wagic's `APhaseAction` reads it as the phase begins.
    pub fn run_phase_actions(&mut self, event: &str, active: PlayerId) {
        let Some(index) = CATALOGUE.event_index(event) else { return };
        if event == "endofturn" {
            // `(blink)ueot`: "at the beginning of the next end step" (`blink.rs`).
            self.end_step_blinks();
        }
        if self.board.phase_actions.is_empty() {
            return;
        }
        let waiting = std::mem::take(&mut self.board.phase_actions);
        let mut kept = Vec::with_capacity(waiting.len());
        let mut due = Vec::new();
        for (card, action) in waiting {
            if usize::from(action.event) != index {
                kept.push((card, action));
                continue;
            }
            let controller = Host::controller(&self.board, action.source);
            let this_turn = match action.whose {
                0 => true,
                1 => active == controller,
                _ => active != controller,
            };
            if !this_turn {
                kept.push((card, action));
                continue;
            }
            due.push((card, action));
            if !action.once {
                kept.push((card, action));
            }
        }
        self.board.phase_actions = kept;
        for (card, action) in due {
            let on_battlefield = self.board.get(card).is_some_and(|c| c.zone == BATTLEFIELD);
            match action.action {
                PhaseAction::DESTROY => {
                    WagicHost::destroy(&mut self.board, card, true);
                }
                PhaseAction::BURY => {
                    WagicHost::destroy(&mut self.board, card, false);
                }
                PhaseAction::SACRIFICE if on_battlefield => {
                    self.board.sacrifice(card);
                }
                PhaseAction::TO_OWNERS_HAND => {
                    let owner = WagicHost::owner(&self.board, card);
                    self.board.place(card, owner, HAND, -1);
                }
                PhaseAction::TO_OWNERS_BATTLEFIELD => {
                    let owner = WagicHost::owner(&self.board, card);
                    let held = self.board.get(card).is_some_and(|c| c.zone == BATTLEFIELD && c.controller == owner);
                    if !held {
                        self.board.place(card, owner, BATTLEFIELD, -1);
                    }
                }
                PhaseAction::TAP if on_battlefield => {
                    WagicHost::set_tapped(&mut self.board, card, true);
                }
                PhaseAction::DRAW => {
                    let controller = Host::controller(&self.board, action.source);
                    WagicHost::draw(&mut self.board, controller, 1);
                }
                PhaseAction::OPPONENT_DRAWS => {
                    let controller = Host::controller(&self.board, action.source);
                    let opponent = Host::opponent(&self.board, controller);
                    WagicHost::draw(&mut self.board, opponent, 1);
                }
                PhaseAction::FREEZE => {
                    WagicHost::freeze(&mut self.board, card);
                }
                PhaseAction::COUNTER if on_battlefield => {
                    let [power, toughness, count] = action.counter;
                    WagicHost::add_counters(&mut self.board, card, power, toughness, count);
                }
                PhaseAction::TO_EXILE => {
                    let owner = WagicHost::owner(&self.board, card);
                    self.board.place(card, owner, EXILE, -1);
                }
                PhaseAction::TO_OWNERS_LIBRARY => {
                    // Its top, as Wagic's `moveto(ownerlibrary)` puts it.
                    let owner = WagicHost::owner(&self.board, card);
                    self.board.place(card, owner, LIBRARY, 0);
                }
                _ => {}
            }
        }
    }
}
