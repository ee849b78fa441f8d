//! `this(test)` before a permanent's lasting effect (Wagic's `ThisDescriptor` on the
//! source card): the effect holds only while the test does. The tests compiled:
//! `variable{controllerturn}>0` and `variable{opponentturn}>0` (its controller's turn, or
//! the opponent's), `controllerlife` and `opponentlife` compared with a number (`<`,
//! `<=`, `>`, `>=`, `=`, `!=`; Wagic's `ThisControllerlife`, `ThisOpponentlife`), and
//! `untapped` or `tapped` (the card's own state), and `counter{0/0.n.name}` (at least n
//! counters of that name on it; with an operator after it, their count against a number:
//! Wagic's `ThisCounter`). Lowered as a continuous effect whose
//! statements run only while the test holds.

use compiler::ir::{BinaryOp, Expr};
use vm::bytecode::{CompareOp, FunctionIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::CATALOGUE;

/// What `this(...)` compiles.
const CONSTRUCT: &str = "`this(...)` other than a turn test, `controllerlife` or `opponentlife` against a number, `untapped`, `tapped` or `counter{0/0.n.name}`";

impl<'i> Lowering<'i> {
    /// The test of `this(args)`.
    pub(super) fn this_condition(&self, args: Piece<'_>) -> Result<Expr<'i>, Unsupported> {
        let text: String = args.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        let refused = || Unsupported::new(args, CONSTRUCT);
        let call = |name: &str, args: &'i [Expr<'i>]| {
            let function = CATALOGUE.functions.iter().position(|function| function.name == name).unwrap_or(0);
            Expr::Call(FunctionIdx::new(function), args)
        };
        match text.strip_suffix(">0").unwrap_or_default() {
            "variable{controllerturn}" => return Ok(call("myturn", &[])),
            "variable{opponentturn}" => return Ok(Expr::Not(self.arena.alloc(call("myturn", &[])))),
            _ => {}
        }
        let this = || Expr::Var(spec::variable("this"));
        let tapped = || {
            let args = self.arena.alloc_slice_copy(&[this(), Expr::Str(self.arena.alloc_str("tapped"))]);
            call("hasterm", args)
        };
        match text.as_str() {
            "untapped" => return Ok(Expr::Not(self.arena.alloc(tapped()))),
            "tapped" => return Ok(tapped()),
            _ => {}
        }
        let comparison = |rest: &str| {
            // Wagic reads the last operator of the text (`<=` before `<`).
            let (op, number) = [
                ("<=", CompareOp::Le),
                (">=", CompareOp::Ge),
                ("!=", CompareOp::Ne),
                ("<", CompareOp::Lt),
                (">", CompareOp::Gt),
                ("=", CompareOp::Eq),
            ]
            .into_iter()
            .find_map(|(written, op)| rest.strip_prefix(written).map(|number| (op, number)))?;
            Some((op, number.parse::<i32>().ok()?))
        };
        if let Some(counter) = text.strip_prefix("counter{") {
            // `counter{0/0.n.name}`: at least n counters of that name (Wagic's
            // `ThisCounter`); `counter{0/0.n.name}<m` (or another operator): their count
            // against m.
            let close = counter.find('}').ok_or_else(refused)?;
            let parts = super::links::counter_parts(&counter[..close]);
            let rest = &counter[close + 1..];
            let (pt, at_least, name) = match parts.as_slice() {
                [pt, at_least, name] => (*pt, *at_least, *name),
                _ => return Err(refused()),
            };
            if pt != "0/0" || name.is_empty() {
                return Err(refused());
            }
            let (op, number) = if rest.is_empty() {
                (CompareOp::Ge, at_least.parse::<i32>().map_err(|_| refused())?)
            } else {
                comparison(rest).ok_or_else(refused)?
            };
            let name = Expr::Str(self.arena.alloc_str(name));
            let count = call("counters", self.arena.alloc_slice_copy(&[this(), name]));
            return Ok(Expr::Binary(
                BinaryOp::Compare(op),
                self.arena.alloc(count),
                self.arena.alloc(Expr::Int(number)),
            ));
        }
        let (player, rest) = if let Some(rest) = text.strip_prefix("controllerlife") {
            ("me", rest)
        } else if let Some(rest) = text.strip_prefix("opponentlife") {
            ("opp", rest)
        } else {
            return Err(refused());
        };
        let (op, number) = comparison(rest).ok_or_else(refused)?;
        let life = call("lifetotal", self.arena.alloc_slice_copy(&[Expr::Var(spec::variable(player))]));
        Ok(Expr::Binary(BinaryOp::Compare(op), self.arena.alloc(life), self.arena.alloc(Expr::Int(number))))
    }
}
