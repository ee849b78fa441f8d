//! `vanishing:n` (Wagic's `AVanishing`): the permanent has n time counters once its
//! abilities are in the game (Wagic puts them on as it builds the ability, so a
//! permanent a test puts onto the battlefield has them too), and at the beginning of its
//! controller's upkeep one is removed if it has one; the last one removed sacrifices it
//! (the table's named counters). Lowered as two lines: `counter(0/0,n,time)` as it
//! enters and `@each my upkeep:counter(0/0,-1,time)`. `fading:n` (a fade counter, and a
//! sacrifice when none is left to remove) is not compiled.

use compiler::ir::Auto;

use super::piece::Piece;
use super::{Line, Lowering, Unsupported};

/// Whether an `auto=` line is `vanishing:n`.
pub fn is_vanishing(value: Piece<'_>) -> bool {
    value.text.trim_start().get(..10).is_some_and(|word| word.eq_ignore_ascii_case("vanishing:"))
}

impl<'i> Lowering<'i> {
    /// The two autos of `vanishing:n`: the time counters put on as it enters, and the one
    /// removed in each of its controller's upkeeps.
    pub(super) fn vanishing(&self, value: Piece<'_>) -> Result<[Auto<'i>; 2], Unsupported> {
        let value = value.trim();
        let count = value.from(10).trim();
        let refused = || Unsupported::new(value, "`vanishing:n` other than a whole number from 1 to 100");
        let count: u32 = count.text.parse().map_err(|_| refused())?;
        if !(1..=100).contains(&count) || self.spell || self.aura {
            return Err(refused());
        }
        // The lines Wagic's `AVanishing` amounts to, read as the card's own would be.
        let entering = format!("counter(0/0,{count},time)");
        let Line::Plain(statements) = self.line(Piece::new(&entering, value.start))? else { return Err(refused()) };
        let first = Auto { hook: false, events: &[], costs: &[], statements };
        let upkeep = "@each my upkeep:counter(0/0,-1,time)";
        let Line::Triggered { events, statements, .. } = self.line(Piece::new(upkeep, value.start))? else {
            return Err(refused());
        };
        Ok([first, Auto { hook: false, events, costs: &[], statements }])
    }
}
