//! `bloodthirst:n` (Wagic's `ABloodThirst`): +1/+1 counters as the permanent enters, if
//! an opponent of its controller was dealt damage this turn.

use compiler::ir::{BinaryOp, Expr, Statement};
use vm::bytecode::CompareOp;

use super::part_wrapper::Wrapper;
use super::piece::Piece;
use super::{Lowering, Unsupported, spec};

impl<'i> Lowering<'i> {
    /// `bloodthirst:n` (Wagic's `ABloodThirst`): as the permanent enters, n +1/+1
    /// counters on it if an opponent of its controller was dealt damage this turn.
    pub(super) fn bloodthirst(
        &self,
        piece: Piece<'_>,
        count: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
    ) -> Result<Statement<'i>, Unsupported> {
        if self.spell {
            return Err(Unsupported::new(piece, "`bloodthirst` on an instant or sorcery"));
        }
        let count: i32 = count
            .text
            .trim()
            .parse()
            .ok()
            .filter(|count| (1..=20).contains(count))
            .ok_or_else(|| Unsupported::new(count, "`bloodthirst` count other than a number from 1 to 20"))?;
        let counters = self.arena.alloc_str(&format!("counter(1/1,{count})"));
        let statement = self.statement(Piece::new(counters, piece.start), wrapper, None)?;
        let damaged = self.specs.call("damaged", &[Expr::Var(spec::variable("opp"))]);
        let test =
            Expr::Binary(BinaryOp::Compare(CompareOp::Gt), self.arena.alloc(damaged), self.arena.alloc(Expr::Int(0)));
        self.only_if(test, statement, piece, "`bloodthirst`")
    }
}
