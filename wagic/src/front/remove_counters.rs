//! `removeallcounters(p/t)` and `removeallcounters(0/0,n,name)` (Wagic's
//! `AARemoveAllCounter`): every counter of that kind leaves the card, as the catalogue's
//! `counter` with a count past any a card holds (the board removes only the counters a
//! card has). `removeallcounters(all)`, every kind at once, is refused by name.

use compiler::ir::{Arg, Expr};

use super::amount::pump_of;
use super::links::counter_parts;
use super::piece::Piece;
use super::{Lowering, Unsupported};

/// A count of counters removed that no card reaches: the board stops at none left.
const EVERY_COUNTER: i32 = -(1 << 24);

impl<'i> Lowering<'i> {
    /// The catalogue's `counter` arguments removing every counter of the kind `args`
    /// names.
    pub(super) fn remove_all_counters(&self, args: Piece<'_>) -> Result<Vec<Arg<'i>>, Unsupported> {
        let parts = counter_parts(args.text);
        if parts.first().is_some_and(|kind| kind.trim().eq_ignore_ascii_case("all")) {
            return Err(Unsupported::new(args, "`removeallcounters(all)`: every kind of counter at once"));
        }
        let (power, toughness) = parts
            .first()
            .and_then(|pt| pump_of(pt))
            .ok_or_else(|| Unsupported::new(args, "`removeallcounters` of a counter other than `p/t`"))?;
        if parts.len() > 3 {
            return Err(Unsupported::new(args, "`removeallcounters` with a most count"));
        }
        let mut call_args =
            vec![Arg::Value(Expr::Int(power)), Arg::Value(Expr::Int(toughness)), Arg::Value(Expr::Int(EVERY_COUNTER))];
        // Wagic tells a 0/0 counter by its name (`Counter::sameAs`); the count written
        // beside it (`removeallcounters(0/0,1,Gold)`) changes nothing.
        if (power, toughness) == (0, 0) {
            let name = parts.get(2).map(|name| name.trim().to_ascii_lowercase()).unwrap_or_default();
            if name.is_empty() {
                return Err(Unsupported::new(args, "`removeallcounters(0/0)` without a name"));
            }
            call_args.push(Arg::Value(Expr::Str(self.arena.alloc_str(&name))));
        }
        Ok(call_args)
    }
}
