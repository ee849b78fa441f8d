//! `counter(p/t,n,name)` and `removeallcounters(p/t | 0/0,n,name)` (Wagic's `AACounter`
//! and `AARemoveAllCounter`) as the catalogue's `counter` arguments: power, toughness,
//! count, the name of a 0/0 counter, the cards counted. `removeallcounters` removes a
//! count past any a card holds (the board removes only the counters a card has);
//! `removeallcounters(all)`, every kind at once, is refused by name.

use compiler::ir::{Arg, Expr};

use super::amount::{Amount, pump_of};
use super::piece::Piece;
use super::{Lowering, Unsupported};

/// A count of counters removed that no card reaches: the board stops at none left.
const EVERY_COUNTER: i32 = -(1 << 24);

/// How many counters of the kind a call moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum HowMany {
    /// `counter(p/t,n)`: the count written (1 when none is), negative to remove.
    Written,
    /// `removeallcounters(p/t)`: every one the card has.
    Every,
}

impl HowMany {
    /// The word of the call, in its refusals.
    fn word(self) -> &'static str {
        match self {
            HowMany::Written => "counter",
            HowMany::Every => "removeallcounters",
        }
    }

    /// What the refusals name: `counter` or `removeallcounters`' counter.
    fn subject(self) -> &'static str {
        match self {
            HowMany::Written => "counter",
            HowMany::Every => "`removeallcounters` of a counter",
        }
    }
}

impl<'i> Lowering<'i> {
    /// The catalogue's `counter` arguments of `counter(args)`.
    pub(super) fn counter_args(&self, args: Piece<'_>) -> Result<Vec<Arg<'i>>, Unsupported> {
        self.counter_call(args, HowMany::Written)
    }

    /// The catalogue's `counter` arguments of `removeallcounters(args)`.
    pub(super) fn remove_all_counters(&self, args: Piece<'_>) -> Result<Vec<Arg<'i>>, Unsupported> {
        self.counter_call(args, HowMany::Every)
    }

    fn counter_call(&self, args: Piece<'_>, how_many: HowMany) -> Result<Vec<Arg<'i>>, Unsupported> {
        let parts = counter_parts(args.text);
        let subject = how_many.subject();
        if how_many == HowMany::Every && parts.first().is_some_and(|kind| kind.eq_ignore_ascii_case("all")) {
            return Err(Unsupported::new(args, "`removeallcounters(all)`: every kind of counter at once"));
        }
        let (power, toughness) = parts
            .first()
            .and_then(|pt| pump_of(pt))
            .ok_or_else(|| Unsupported::new(args, &format!("{subject} other than `p/t`")))?;
        let count = match (how_many, counter_count(args)) {
            (HowMany::Every, _) => Amount::int(EVERY_COUNTER),
            (HowMany::Written, None) => Amount::int(1),
            (HowMany::Written, Some(count)) => self.amount(count, "counter count")?,
        };
        if parts.len() > 3 {
            return Err(Unsupported::new(
                args,
                &format!("{subject} with a most count (`{}(p/t,n,name,most)`)", how_many.word()),
            ));
        }
        let mut call_args =
            vec![Arg::Value(Expr::Int(power)), Arg::Value(Expr::Int(toughness)), Arg::Value(count.value)];
        // Wagic tells a 0/0 counter by its name, any other by its power and toughness
        // alone (`Counter::sameAs`): a name beside those changes nothing, and so does the
        // count written beside `removeallcounters(0/0,1,Gold)`.
        if (power, toughness) == (0, 0) {
            let name = parts.get(2).map(|name| name.to_ascii_lowercase()).unwrap_or_default();
            if name.is_empty() {
                let refused = match how_many {
                    HowMany::Written => "counter 0/0 without a name",
                    HowMany::Every => "`removeallcounters(0/0)` without a name",
                };
                return Err(Unsupported::new(args, refused));
            }
            call_args.push(Arg::Value(Expr::Str(self.arena.alloc_str(&name))));
        } else if count.per.is_some() {
            call_args.push(Arg::Value(Expr::Nil));
        }
        call_args.extend(count.per.map(Arg::Filter));
        Ok(call_args)
    }
}

/// The parts of a counter (`p/t,n,name`), split as Wagic's `parseCounter` splits them: at
/// `,` or at `.`, whichever gives more parts (`counter{0/0.1.charge}` in a spec).
pub(super) fn counter_parts(text: &str) -> Vec<&str> {
    let by_comma: Vec<&str> = text.split(',').map(str::trim).collect();
    let by_dot: Vec<&str> = text.split('.').map(str::trim).collect();
    if by_dot.len() > by_comma.len() { by_dot } else { by_comma }
}

/// The count of `counter(p/t,n[,name])` (or `counter{p/t.n.name}`, split as
/// [`counter_parts`] splits it), where it is in the file; `None` when none is written.
fn counter_count(args: Piece<'_>) -> Option<Piece<'_>> {
    let by_comma = args.split_top(",");
    let by_dot = args.split_top(".");
    let parts = if by_dot.len() > by_comma.len() { by_dot } else { by_comma };
    parts.get(1).map(|count| count.trim())
}
