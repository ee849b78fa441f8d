//! `this(test)` before a permanent's lasting effect (Wagic's `ThisDescriptor` on the
//! source card): the effect holds only while the test does. The tests compiled:
//! `variable{controllerturn}>0` and `variable{opponentturn}>0` (its controller's turn, or
//! the opponent's), `controllerlife` and `opponentlife` compared with a number (`<`,
//! `<=`, `>`, `>=`, `=`, `!=`; Wagic's `ThisControllerlife`, `ThisOpponentlife`), and
//! `untapped` or `tapped` (the card's own state). Lowered as a continuous effect whose
//! statements run only while the test holds.

use compiler::ir::{BinaryOp, Expr};
use vm::bytecode::{CompareOp, FunctionIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::CATALOGUE;

/// What `this(...)` compiles.
const CONSTRUCT: &str =
    "`this(...)` other than a turn test, `controllerlife` or `opponentlife` against a number, `untapped` or `tapped`";

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
        // Wagic reads the last operator of the text (`<=` before `<`).
        let (player, rest) = if let Some(rest) = text.strip_prefix("controllerlife") {
            ("me", rest)
        } else if let Some(rest) = text.strip_prefix("opponentlife") {
            ("opp", rest)
        } else {
            return Err(refused());
        };
        let (op, number) = [
            ("<=", CompareOp::Le),
            (">=", CompareOp::Ge),
            ("!=", CompareOp::Ne),
            ("<", CompareOp::Lt),
            (">", CompareOp::Gt),
            ("=", CompareOp::Eq),
        ]
        .into_iter()
        .find_map(|(written, op)| rest.strip_prefix(written).map(|number| (op, number)))
        .ok_or_else(refused)?;
        let number: i32 = number.parse().map_err(|_| refused())?;
        let life = call("lifetotal", self.arena.alloc_slice_copy(&[Expr::Var(spec::variable(player))]));
        Ok(Expr::Binary(BinaryOp::Compare(op), self.arena.alloc(life), self.arena.alloc(Expr::Int(number))))
    }
}
