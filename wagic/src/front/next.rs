//! `@next phase:effect` (Wagic's `TriggerNextPhase`): the trigger of the next such phase
//! to begin, either player's, once. Its auto costs `nextonce`, payable once since the card
//! entered, so it runs at the first such phase after the card entered and never again.
//! A `turnlimited` trigger's auto costs `turnonce` instead, payable once a turn.
//!
//! On an instant or sorcery, Wagic adds the trigger to the game as the spell resolves; it
//! lives on, whatever becomes of the card, until the phase has passed. Compiled there: the
//! catalogue's `phaseaction`, `once`, of either player's phase, for the two effects the
//! card files give a spell: `draw:1` (or `draw:1 controller`: the spell's controller
//! draws, [`PhaseAction::DRAW`]) and, on a spell with `target=`, `tap` (its target,
//! [`PhaseAction::TAP`]: Ray of Command's `@next endofturn:tap`).

use compiler::ir::{Arg, Cost, Effect, Event, Expr, Link, Statement};
use vm::bytecode::{CommandIdx, CostIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::{CATALOGUE, Command};
use crate::host::PhaseAction;

/// What compiles of a spell's `@next` trigger.
const SPELL_NEXT: &str = "trigger on an instant or sorcery other than `@next phase:draw:1` or `@next phase:tap`";

impl<'i> Lowering<'i> {
    /// The costs of a `@next phase` trigger's auto: `nextonce`.
    pub(super) fn next_once(&self) -> &'i [Cost<'i>] {
        let index = CATALOGUE.costs.iter().position(|cost| cost.name == "nextonce").unwrap_or(0);
        self.arena.alloc_slice_copy(&[Cost { cost: CostIdx::new(index), count: None, filter: None }])
    }

    /// The costs of a `turnlimited` trigger's auto: `turnonce`. Refused for a second such
    /// trigger of the card (`first` holds the first's line): the runtime counts a card's
    /// activations, not each ability's.
    pub(super) fn turn_once<'s>(
        &self,
        value: Piece<'s>,
        first: &mut Option<Piece<'s>>,
    ) -> Result<&'i [Cost<'i>], Unsupported> {
        if first.is_some() {
            return Err(Unsupported::new(value, "a second `turnlimited` trigger on a card"));
        }
        *first = Some(value);
        let index = CATALOGUE.costs.iter().position(|cost| cost.name == "turnonce").unwrap_or(0);
        Ok(self.arena.alloc_slice_copy(&[Cost { cost: CostIdx::new(index), count: None, filter: None }]))
    }

    /// A spell's `@next phase:effect` line (`events` its one event, of either player's
    /// phase): the statement leaving the delayed action as the spell resolves.
    pub(super) fn spell_next(
        &self,
        value: Piece<'_>,
        events: &[Event<'i>],
        has_target: bool,
    ) -> Result<Statement<'i>, Unsupported> {
        let refused = || Unsupported::new(value, SPELL_NEXT);
        let [event] = events else { return Err(refused()) };
        let any = crate::catalogue::position(crate::catalogue::EVENT_PREFIXES, "any");
        if event.prefix.map(|prefix| prefix.index()) != any || event.condition.is_some() {
            return Err(refused());
        }
        let written: String = value.text.split_ascii_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
        let Some(next) = written.strip_prefix("@next ") else { return Err(refused()) };
        let action = match next.split_once(':').map(|(_, effect)| effect) {
            Some("draw:1" | "draw:1 controller") => PhaseAction::DRAW,
            Some("tap") if has_target => PhaseAction::TAP,
            _ => return Err(refused()),
        };
        let int = |value: i32| Arg::Value(Expr::Int(value));
        let event = i32::try_from(event.event.index()).unwrap_or(0);
        // Either player's phase, once, not ended by the source's leaving play.
        let args = [int(event), int(0), int(1), int(0), int(i32::from(action)), int(0)];
        let command = CommandIdx::new(Command::PhaseAction.index());
        let effect = Effect::Call { command, confirm: false, args: self.arena.alloc_slice_copy(&args) };
        let chain = self.arena.alloc_slice_copy(&[Link { operator: None, effect }]);
        Ok(Statement { condition: None, target: None, restriction: None, chain, otherwise: None, span: value.span() })
    }
}
