//! `this(variable{controllerturn}>0)` and `this(variable{opponentturn}>0)` before a
//! permanent's lasting effect: the effect holds only during its controller's turn, or only
//! during the opponent's (Wagic's `ThisVariable` on the source card). Lowered as a
//! continuous effect whose statements run only while the turn test holds.

use compiler::ir::Expr;
use vm::bytecode::FunctionIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::CATALOGUE;

/// What `this(...)` compiles: the turn variables, each compared `>0`.
const CONSTRUCT: &str = "`this(...)` other than `this(variable{controllerturn}>0)` or `this(variable{opponentturn}>0)`";

impl<'i> Lowering<'i> {
    /// The test of `this(args)`: whether it is the source's controller's turn
    /// (`controllerturn`), or not (`opponentturn`, two players).
    pub(super) fn this_condition(&self, args: Piece<'_>) -> Result<Expr<'i>, Unsupported> {
        let text: String = args.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        let mine = match text.strip_suffix(">0").unwrap_or_default() {
            "variable{controllerturn}" => true,
            "variable{opponentturn}" => false,
            _ => return Err(Unsupported::new(args, CONSTRUCT)),
        };
        let function = CATALOGUE.functions.iter().position(|function| function.name == "myturn").unwrap_or(0);
        let call = Expr::Call(FunctionIdx::new(function), &[]);
        Ok(if mine { call } else { Expr::Not(self.arena.alloc(call)) })
    }
}
