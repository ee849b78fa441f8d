//! `upcost[COST] effect` on a permanent (Wagic's `AUpkeep`: Masticore's
//! `upcost[{discard(*|myhand)}] sacrifice`): during its controller's upkeep the player may
//! pay COST once, by clicking the card; as the upkeep ends (the draw step begins) in its
//! controller's turn, the effect happens unless the cost was paid this turn.
//!
//! Lowered as an activated ability whose costs are the catalogue's `upcost` (payable in
//! its controller's upkeep, while unpaid this turn; paying notes it paid) then COST, with
//! no effect; and an auto on its controller's `draw` event whose statements run only when
//! `upkeeppaid(this)` is false.
//!
//! `upcost[COST;next upkeep]` (echo: Pouncing Jaguar) holds only until its controller's
//! first draw step since the card entered (Wagic's `once`: its ability is offered no more
//! after it): the ability's first cost is `echo` (`upcost` while the echo has not come
//! due), and the auto costs `echoend` (payable once since the card entered; paying ends
//! the echo).
//!
//! Wagic resolves the effect at once, choosing nothing: an effect that chooses a target, a
//! `may` and effect words that limit activations are refused.

use compiler::ir::{Action, Auto, Condition, Cost, Event, Expr, Statement, Target};
use vm::bytecode::{CostIdx, EventIdx, EventPrefixIdx, FunctionIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{self, CATALOGUE};

/// The opening of an upkeep cost.
const OPEN: &str = "upcost[";

/// Whether an `auto=` value is an upkeep cost.
pub(super) fn is_upcost(value: Piece<'_>) -> bool {
    value.trim().starts_with_word(OPEN)
}

impl<'i> Lowering<'i> {
    /// The ability paying the upkeep cost and the auto running the effect unpaid.
    pub(super) fn upcost(&self, value: Piece<'_>) -> Result<(Action<'i>, Auto<'i>), Unsupported> {
        let value = value.trim();
        if self.spell || self.aura {
            return Err(Unsupported::new(value, "`upcost[...]` on an instant, a sorcery or an Aura"));
        }
        // Not a trigger's effect: no damage event's bindings.
        self.damage_trigger.set(false);
        let inner = value.from(OPEN.len());
        let close = inner.find_top(b']').ok_or_else(|| Unsupported::new(value, "`upcost[` without `]`"))?;
        let cost_text = inner.slice(0, close).trim();
        let (cost_text, echo) = match cost_text.find_top(b';') {
            None => (cost_text, false),
            Some(at) if cost_text.from(at + 1).trim().text.eq_ignore_ascii_case("next upkeep") => {
                (cost_text.slice(0, at).trim(), true)
            }
            Some(at) => {
                return Err(Unsupported::new(cost_text.from(at), "`upcost[...;phase]` other than `next upkeep`"));
            }
        };
        let cost_named = |name: &str| {
            let index = CATALOGUE.costs.iter().position(|cost| cost.name == name).unwrap_or(0);
            Cost { cost: CostIdx::new(index), count: None, filter: None }
        };
        let mut costs = vec![cost_named(if echo { "echo" } else { "upcost" })];
        costs.extend_from_slice(self.costs(cost_text)?);
        self.activation_limits.borrow_mut().clear();
        let effect = inner.from(close + 1).trim();
        let (_, statements, lord, continuous) = self.effect(effect)?;
        if !self.activation_limits.borrow().is_empty() || lord.is_some() || continuous {
            return Err(Unsupported::new(effect, "`upcost[...]` of an effect other than a one-shot one"));
        }
        let function = CATALOGUE.functions.iter().position(|function| function.name == "upkeeppaid").unwrap_or(0);
        let this = self.arena.alloc_slice_copy(&[Expr::Var(spec::variable("this"))]);
        let paid = self.arena.alloc(Expr::Call(FunctionIdx::new(function), this));
        let mut unpaid = Vec::with_capacity(statements.len());
        for statement in statements {
            let chooses = matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
            if statement.condition.is_some() || chooses {
                return Err(Unsupported::new(effect, "`upcost[...]` of an effect that asks its player"));
            }
            unpaid.push(Statement { condition: Some(Condition::If(Expr::Not(paid))), ..*statement });
        }
        let draw = EventIdx::new(CATALOGUE.event_index("draw").unwrap_or(0));
        let mine = catalogue::position(catalogue::EVENT_PREFIXES, "my").map(EventPrefixIdx::new);
        let event = Event { event: draw, prefix: mine, suffix: None, condition: None, span: value.span() };
        let action = Action { label: None, costs: self.arena.alloc_slice_copy(&costs), statements: &[] };
        let auto = Auto {
            hook: false,
            events: self.arena.alloc_slice_copy(&[event]),
            costs: if echo { self.arena.alloc_slice_copy(&[cost_named("echoend")]) } else { &[] },
            statements: self.until_end_of_turn(self.arena.alloc_slice_copy(&unpaid)),
        };
        Ok((action, auto))
    }
}
