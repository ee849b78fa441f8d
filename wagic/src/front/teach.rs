//! `teach(spec) effect` on an instant or sorcery whose `target=` is one card (Wagic's
//! `ATeach`): the effect on the spell's target when the spec matches it as the spell
//! resolves (Consign to Dream's `teach(*[red;green]) moveTo(ownerlibrary)`, Lightning
//! Dart's `teach(creature[white;blue]) damage:3`).

use compiler::ir::{Condition, Expr, Otherwise, Statement};

use super::piece::Piece;
use super::{Line, Lowering, TargetController, Unsupported, spec};

/// Whether an `auto=` line is a `teach(spec) effect`.
pub(super) fn is_teach(value: Piece<'_>) -> bool {
    value.trim().words().first().is_some_and(|first| first.call("teach").is_some())
}

impl<'i> Lowering<'i> {
    /// The statements of a spell's `teach(spec) effect` line ([`is_teach`]), each run only
    /// when its target card matches the spec.
    pub(super) fn spell_teach(&self, value: Piece<'_>) -> Result<&'i [Statement<'i>], Unsupported> {
        let value = value.trim();
        let Some(first) = value.words().first().copied() else {
            return Err(Unsupported::new(value, "line without an effect"));
        };
        let Some((spec_piece, _)) = first.call("teach") else {
            return Err(Unsupported::new(value, "effect `teach`"));
        };
        if self.target_controller != TargetController::SpellTarget {
            // Wagic teaches a spell's target only: a spell naming a player or several
            // cards has no one card to test.
            return Err(Unsupported::new(value, "`teach(...)` on a spell whose `target=` is not one card"));
        }
        let taught = value.from(first.text.len()).trim();
        if taught.text.is_empty() {
            return Err(Unsupported::new(value, "line without an effect"));
        }
        let Line::Plain(statements) = self.line(taught)? else {
            return Err(Unsupported::new(taught, "`teach(...)` of other than a one-shot effect"));
        };
        let read = spec::read(spec_piece)?;
        let target = Expr::Index(self.arena.alloc(Expr::Var(spec::variable("tgt"))), 0);
        let Some(test) = self.specs.predicate(&read, target, "inzone")? else {
            // `teach(*)`: every target matches.
            return Ok(statements);
        };
        let mut taught_statements = Vec::with_capacity(statements.len());
        for statement in statements {
            if statement.target.is_some() || statement.condition.is_some() || statement.otherwise.is_some() {
                return Err(Unsupported::new(taught, "`teach(...)` of an effect with its own target or condition"));
            }
            // An empty `else`: a target the spec does not match is no failure of the spell
            // (a lone `if` first in an action would fail it with `no-effect`).
            let nothing = Statement { condition: None, chain: &[], otherwise: None, ..*statement };
            let otherwise = self.arena.alloc(Otherwise { elif: None, body: nothing });
            taught_statements.push(Statement {
                condition: Some(Condition::If(test)),
                otherwise: Some(otherwise),
                ..*statement
            });
        }
        Ok(self.arena.alloc_slice_copy(&taught_statements))
    }
}
