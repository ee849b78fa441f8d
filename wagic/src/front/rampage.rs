//! `rampage(p/t,n)`, a line of its own: whenever the creature becomes blocked, it gets
//! +p/+t until end of turn for each creature blocking it beyond the first n (Wagic's
//! `ARampageAbility`, which counts the blockers as they are chosen). It becomes a trigger
//! on the catalogue's `blocked` event of the card itself, whose pump multiplies p/t by
//! `blockercount(this) - n` (the builtin function counting the creatures that block it).

use compiler::ir::{Arg, BinaryOp, Effect, Event, Expr, Link, Statement};
use vm::bytecode::{CommandIdx, CompareOp, EventIdx, EventSuffixIdx, FunctionIdx, RestrictionIdx};

use super::amount::pump_of;
use super::piece::Piece;
use super::{Line, Lowering, Unsupported, spec};
use crate::catalogue::{self, CATALOGUE, Command};

impl<'i> Lowering<'i> {
    /// `rampage(p/t,n)` (`args` is `p/t,n`) with n 0 or 1: a blocked creature has at least
    /// one blocker, so the bonus is never negative (Wagic's cards write no other n).
    pub(super) fn rampage(&self, line: Piece<'_>, args: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        let parts: Vec<&str> = args.text.split(',').map(str::trim).collect();
        let [pt, beyond] = parts.as_slice() else {
            return Err(Unsupported::new(args, "`rampage` other than `rampage(p/t,n)`"));
        };
        let (power, toughness) = pump_of(pt).ok_or_else(|| Unsupported::new(args, "`rampage` with a computed p/t"))?;
        let beyond: i32 = match beyond.parse() {
            Ok(beyond @ (0 | 1)) => beyond,
            _ => return Err(Unsupported::new(args, "`rampage` beyond more than one blocker")),
        };
        let this = self.arena.alloc(Expr::Var(spec::variable("this")));
        let function = CATALOGUE.functions.iter().position(|function| function.name == "blockercount").unwrap_or(0);
        let blockers = self.arena.alloc(Expr::Call(FunctionIdx::new(function), self.arena.alloc_slice_copy(&[*this])));
        let beyond = self.arena.alloc(Expr::Binary(BinaryOp::Sub, blockers, self.arena.alloc(Expr::Int(beyond))));
        let times = |each: i32| Arg::Value(Expr::Binary(BinaryOp::Mul, self.arena.alloc(Expr::Int(each)), beyond));
        let command = CommandIdx::new(Command::Pump.index());
        let args = self.arena.alloc_slice_copy(&[times(power), times(toughness)]);
        let chain = self
            .arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args } }]);
        let statement = Statement {
            condition: None,
            target: None,
            restriction: Some((RestrictionIdx::new(0), None)),
            chain,
            otherwise: None,
            span: line.span(),
        };
        // The card's own `blocked` (its object is the attacker blocked).
        let trigger = self.arena.alloc(Expr::Var(spec::variable("trigger")));
        let itself = self.arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Eq), trigger, this));
        let event = Event {
            event: EventIdx::new(CATALOGUE.event_index("blocked").unwrap_or(0)),
            prefix: None,
            suffix: catalogue::position(catalogue::EVENT_SUFFIXES, "any").map(EventSuffixIdx::new),
            condition: Some(itself),
            span: line.span(),
        };
        Ok(Line::Triggered {
            events: self.arena.alloc_slice_copy(&[event]),
            statements: self.arena.alloc_slice_copy(&[statement]),
            restricted: false,
            once: false,
        })
    }
}
