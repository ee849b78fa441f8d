//! `vanishing:n` (Wagic's `AVanishing`): the permanent has n time counters once its
//! abilities are in the game (Wagic puts them on as it builds the ability, so a
//! permanent a test puts onto the battlefield has them too), and at the beginning of its
//! controller's upkeep one is removed if it has one; the last one removed sacrifices it
//! (the table's named counters). Lowered as two lines: `counter(0/0,n,time)` as it
//! enters and `@each my upkeep:counter(0/0,-1,time)`. `fading:n` (the same `AVanishing`
//! with `fade` counters) removes one in each upkeep if it has one, and sacrifices the
//! permanent if it has none: the upkeep's statement is `[[if counters(this, 'fade') >= 1]]`
//! the removal, `[[else]]` the sacrifice.

use compiler::ir::{Auto, BinaryOp, Condition, Expr, Otherwise, Statement};
use vm::bytecode::{CompareOp, FunctionIdx};

use super::piece::Piece;
use super::{Line, Lowering, Unsupported, spec};
use crate::catalogue::CATALOGUE;

/// Whether an `auto=` line is `vanishing:n` or `fading:n`.
pub fn is_vanishing(value: Piece<'_>) -> bool {
    let text = value.text.trim_start();
    text.get(..10).is_some_and(|word| word.eq_ignore_ascii_case("vanishing:"))
        || text.get(..7).is_some_and(|word| word.eq_ignore_ascii_case("fading:"))
}

impl<'i> Lowering<'i> {
    /// The two autos of `vanishing:n`: the time counters put on as it enters, and the one
    /// removed in each of its controller's upkeeps.
    pub(super) fn vanishing(&self, value: Piece<'_>) -> Result<[Auto<'i>; 2], Unsupported> {
        let value = value.trim();
        let fading = value.text.get(..7).is_some_and(|word| word.eq_ignore_ascii_case("fading:"));
        let (word, kind) = if fading { ("fading", "fade") } else { ("vanishing", "time") };
        let count = value.from(word.len() + 1).trim();
        let refused = || Unsupported::new(value, &format!("`{word}:n` other than a whole number from 1 to 100"));
        let count: u32 = count.text.parse().map_err(|_| refused())?;
        if !(1..=100).contains(&count) || self.spell || self.aura {
            return Err(refused());
        }
        // The lines Wagic's `AVanishing` amounts to, read as the card's own would be.
        let entering = format!("counter(0/0,{count},{kind})");
        let Line::Plain(statements) = self.line(Piece::new(&entering, value.start))? else { return Err(refused()) };
        let first = Auto { hook: false, events: &[], costs: &[], statements };
        let upkeep = format!("@each my upkeep:counter(0/0,-1,{kind})");
        let Line::Triggered { events, statements, .. } = self.line(Piece::new(&upkeep, value.start))? else {
            return Err(refused());
        };
        if !fading {
            return Ok([first, Auto { hook: false, events, costs: &[], statements }]);
        }
        let (Line::Triggered { statements: sacrifice, .. }, [removal]) =
            (self.line(Piece::new("@each my upkeep:sacrifice", value.start))?, statements)
        else {
            return Err(refused());
        };
        let [sacrifice] = sacrifice else { return Err(refused()) };
        let function = CATALOGUE.functions.iter().position(|function| function.name == "counters").unwrap_or(0);
        let args =
            self.arena.alloc_slice_copy(&[Expr::Var(spec::variable("this")), Expr::Str(self.arena.alloc_str(kind))]);
        let count = self.arena.alloc(Expr::Call(FunctionIdx::new(function), args));
        let test = Expr::Binary(BinaryOp::Compare(CompareOp::Ge), count, self.arena.alloc(Expr::Int(1)));
        let otherwise = self.arena.alloc(Otherwise { elif: None, body: *sacrifice });
        let statement = Statement { condition: Some(Condition::If(test)), otherwise: Some(otherwise), ..*removal };
        Ok([first, Auto { hook: false, events, costs: &[], statements: self.arena.alloc_slice_copy(&[statement]) }])
    }
}
