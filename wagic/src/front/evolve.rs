//! `evolve`, a line of its own (Wagic's `AEvolveAbility`): whenever a creature enters the
//! battlefield under your control, if it has greater power or greater toughness than
//! this creature, a +1/+1 counter on this creature. The trigger of
//! `@movedto(creature|mybattlefield)` putting `counter(1/1,1)`, its event and its
//! statement each holding the comparison: the printed "if" is checked as the creature
//! enters and again as the trigger resolves (Wagic checks it once, adding the counter at
//! once).

use compiler::ir::{BinaryOp, Expr, Statement};
use vm::bytecode::CompareOp;

use super::Line;
use super::piece::Piece;
use super::{Lowering, Unsupported, spec};

/// The trigger and the effect `evolve` stands for.
const EVOLVE_LINE: &str = "@movedto(creature|mybattlefield):counter(1/1,1)";

/// Whether the line is `evolve` alone.
pub(super) fn is_evolve(value: Piece<'_>) -> bool {
    value.trim().text.eq_ignore_ascii_case("evolve")
}

impl<'i> Lowering<'i> {
    /// A permanent's `evolve` line.
    pub(super) fn evolve(&self, value: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        if self.spell {
            return Err(Unsupported::new(value, "`evolve` on an instant or sorcery"));
        }
        let Line::Triggered { events, statements, restricted, once } =
            self.line_parts(Piece::new(EVOLVE_LINE, value.trim().start))?
        else {
            return Err(Unsupported::new(value, "`evolve`"));
        };
        let greater = self.greater_power_or_toughness();
        let events: Vec<_> = events
            .iter()
            .map(|event| {
                let condition = match event.condition {
                    Some(entering) => self.arena.alloc(Expr::And(entering, greater)),
                    None => greater,
                };
                compiler::ir::Event { condition: Some(condition), ..*event }
            })
            .collect();
        let statements = statements
            .iter()
            .map(|statement| self.only_if(*greater, *statement, value, "`evolve`"))
            .collect::<Result<Vec<Statement<'i>>, Unsupported>>()?;
        Ok(Line::Triggered {
            events: self.arena.alloc_slice_copy(&events),
            statements: self.arena.alloc_slice_copy(&statements),
            restricted,
            once,
        })
    }

    /// `trigger.power > this.power or trigger.toughness > this.toughness`.
    fn greater_power_or_toughness(&self) -> &'i Expr<'i> {
        let trigger = self.arena.alloc(Expr::Var(spec::variable("trigger")));
        let this = self.arena.alloc(Expr::Var(spec::variable("this")));
        let greater = |attribute: &str| {
            let of = |card: &'i Expr<'i>| &*self.arena.alloc(Expr::Attr(card, spec::attribute(attribute)));
            &*self.arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Gt), of(trigger), of(this)))
        };
        self.arena.alloc(Expr::Or(greater("power"), greater("toughness")))
    }
}
