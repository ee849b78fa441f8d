//! `bushido(p/t)` (Wagic's `ABushidoAbility`): as the blockers are chosen, a creature
//! blocking or blocked gets +p/+t until end of turn, once. An auto on the card's own
//! `blocking` and `blocked` events (those of `@combat(blocking,blocked) source(this)`)
//! running the catalogue's `bushido`, which pumps a card once a turn however many times
//! `blocked` fires (once per blocker). Compiled for whole numbers, on a permanent's line of
//! its own; Fumiko the Lowblood's computed count and a bushido given to other cards
//! (`lord(...)`, `aslongas(...)`) are not.

use compiler::ir::{Arg, Auto, BinaryOp, Effect, Event, Expr, Link, Statement};
use vm::bytecode::{CommandIdx, CompareOp, EventIdx, EventSuffixIdx, RestrictionIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{self, CATALOGUE, Command};

/// Whether the line is `bushido(...)` (whatever is inside).
pub(super) fn is_bushido(value: Piece<'_>) -> bool {
    value.trim().text.get(..8).is_some_and(|head| head.eq_ignore_ascii_case("bushido("))
}

impl<'i> Lowering<'i> {
    /// A permanent's `bushido(p/t)` line: the auto on its `blocking` and `blocked` events.
    pub(super) fn bushido(&self, value: Piece<'_>) -> Result<Auto<'i>, Unsupported> {
        let value = value.trim();
        let refused = || Unsupported::new(value, "`bushido` other than `bushido(p/t)` of whole numbers");
        let Some((args, after)) = value.call("bushido") else { return Err(refused()) };
        if !after.text.trim().is_empty() {
            return Err(refused());
        }
        let Some((power, toughness)) = args.text.split_once('/') else { return Err(refused()) };
        let number = |text: &str| text.trim().parse::<i32>().ok();
        let (Some(power), Some(toughness)) = (number(power), number(toughness)) else { return Err(refused()) };
        let trigger = self.arena.alloc(Expr::Var(spec::variable("trigger")));
        let this = self.arena.alloc(Expr::Var(spec::variable("this")));
        let own = &*self.arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Eq), trigger, this));
        let any = catalogue::position(catalogue::EVENT_SUFFIXES, "any").map(EventSuffixIdx::new);
        let event = |name: &str| Event {
            event: EventIdx::new(CATALOGUE.event_index(name).unwrap_or(0)),
            prefix: None,
            suffix: any,
            condition: Some(own),
            span: value.span(),
        };
        let events = self.arena.alloc_slice_copy(&[event("blocking"), event("blocked")]);
        let args = self.arena.alloc_slice_copy(&[Arg::Value(Expr::Int(power)), Arg::Value(Expr::Int(toughness))]);
        let command = CommandIdx::new(Command::Bushido.index());
        let chain = self
            .arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args } }]);
        let statement = Statement {
            condition: None,
            target: None,
            // Until end of turn, as Wagic's `PTInstant`.
            restriction: Some((RestrictionIdx::new(0), None)),
            chain,
            otherwise: None,
            span: value.span(),
        };
        Ok(Auto { hook: false, events, costs: &[], statements: self.arena.alloc_slice_copy(&[statement]) })
    }
}
