//! `if compare(A)~criterion~compare(B) then effect` (or `~n`): Wagic's `IfThenAbility` of
//! two amounts its `WParsedInt` reads (Timely Reinforcements' `compare(lifetotal)
//! ~lessthan~compare(opponentlifetotal)`), checked as the effect resolves. The amounts
//! compiled are `lifetotal` and `opponentlifetotal` (the life of the source's controller
//! and of its opponent: the catalogue's `lifetotal(player)`) and `phandcount` and
//! `ohandcount` (their hands: `handsize(player)`); the statement runs only when the
//! comparison holds (`morethan` `>`, `lessthan` `<`, `equalto` `==`).

use compiler::ir::{BinaryOp, Condition, Expr, Otherwise, Statement, Target};
use vm::bytecode::{CompareOp, FunctionIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::CATALOGUE;

impl<'i> Lowering<'i> {
    /// The condition of `if compare(...)~criterion~bound then ...` on `statement` (its
    /// effect, already lowered).
    pub(super) fn compared(
        &self,
        first: Piece<'_>,
        criterion: Piece<'_>,
        bound: Piece<'_>,
        statement: Statement<'i>,
    ) -> Result<Statement<'i>, Unsupported> {
        let left = self.compared_amount(first)?;
        let right = match bound.trim().text.parse::<i32>() {
            Ok(number) => Expr::Int(number),
            Err(_) => self.compared_amount(bound)?,
        };
        let op = match criterion.trim().text.to_ascii_lowercase().as_str() {
            "morethan" => CompareOp::Gt,
            "lessthan" => CompareOp::Lt,
            "equalto" => CompareOp::Eq,
            _ => return Err(Unsupported::new(criterion, "`if compare(...)` criterion")),
        };
        let chooses = matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
        if statement.condition.is_some() || chooses {
            return Err(Unsupported::new(bound, "`if compare(...)` of an effect that asks its player"));
        }
        let test = Expr::Binary(BinaryOp::Compare(op), self.arena.alloc(left), self.arena.alloc(right));
        // A false condition is no failure (a spell whose condition does not hold still
        // resolves, doing nothing): the branch taken then does nothing.
        let nothing =
            Statement { condition: None, target: None, restriction: None, chain: &[], otherwise: None, ..statement };
        let otherwise = self.arena.alloc(Otherwise { elif: None, body: nothing });
        Ok(Statement { condition: Some(Condition::If(test)), otherwise: Some(otherwise), ..statement })
    }

    /// `compare(lifetotal)` and the other amounts compiled.
    fn compared_amount(&self, piece: Piece<'_>) -> Result<Expr<'i>, Unsupported> {
        let refused = || {
            Unsupported::new(
                piece,
                "`if` amount other than `compare(lifetotal|opponentlifetotal|phandcount|ohandcount)`",
            )
        };
        let (inner, after) = piece.trim().call("compare").ok_or_else(refused)?;
        if !after.text.trim().is_empty() {
            return Err(refused());
        }
        let (function, player) = match inner.trim().text.to_ascii_lowercase().as_str() {
            "lifetotal" => ("lifetotal", "me"),
            "opponentlifetotal" => ("lifetotal", "opp"),
            "phandcount" => ("handsize", "me"),
            "ohandcount" => ("handsize", "opp"),
            _ => return Err(refused()),
        };
        let index = CATALOGUE.functions.iter().position(|spec| spec.name == function).unwrap_or(0);
        let player = self.arena.alloc_slice_copy(&[Expr::Var(spec::variable(player))]);
        Ok(Expr::Call(FunctionIdx::new(index), player))
    }
}
