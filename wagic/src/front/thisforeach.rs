//! `thisforeach(counter{p/t.1.name}) effect` (Wagic's `AThisForEach` with a `ThisCounter`):
//! the effect done once for each such counter on the source, counted as the effect
//! resolves. Wagic resolves a copy of the effect that many times; each effect compiled here
//! has an amount, and doing it n times is doing it once with its amount n times as large
//! (`add{B}` n times is n black mana; `counter(1/1,1) target(...)` n times on the one
//! target chosen is n counters on it; `damage:1` n times is n damage, as the printed
//! text has it: "deals damage equal to the number of ... counters"), so the amount is
//! multiplied by the catalogue's `foreachcount`, which counts the counters of a source
//! that has left the battlefield as it left (a sacrificed Torch Song, a dead Modular
//! creature) and is bounded ([`crate::builtins::MAX_REPEATS`]). `thisforeach(power>=1)`
//! counts the card's power (Viridian Joiner's `add{G}` for each point of it), bounded too.
//!
//! Wagic reads `thisforeach(...)` before it splits a line at `&&`, so that it repeats every
//! later part too (Bloodletter Quill's `thisforeach(...) life:-1 controller && draw:1`
//! would draw a card per counter); the printed texts repeat only the part it is written
//! in, and so does this front end. Other counts (`X`, `gear`, `auras`, a
//! comparison), a lasting effect not limited to the turn (a static pump counted as the
//! counters change) and an effect without an amount stay refused, each named.

use compiler::ir::{Arg, BinaryOp, Effect, Expr, Link};
use vm::bytecode::{CommandIdx, CompareOp};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::Command;

/// What `thisforeach(...)` compiles.
const COUNT_CONSTRUCT: &str =
    "`thisforeach(...)` other than `counter{0/0.1.name}`, `counter{1/1.1}`, `counter{-1/-1.1}` or `power>=1`";

impl<'i> Lowering<'i> {
    /// The count of `thisforeach(args)`: `foreachcount(this, kind)`.
    pub(super) fn this_foreach_count(&self, args: Piece<'_>) -> Result<Expr<'i>, Unsupported> {
        let refused = || Unsupported::new(args, COUNT_CONSTRUCT);
        let text: String = args.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        if text == "power>=1" {
            // Wagic's `ThisPower` with `>=` 1 passes by `power - 1 + 1`: the card's power,
            // none when it is below 1, and at most `MAX_REPEATS`.
            let arena = self.arena;
            let power =
                &*arena.alloc(Expr::Attr(arena.alloc(Expr::Var(spec::variable("this"))), spec::attribute("power")));
            let bound = &*arena.alloc(Expr::Int(crate::builtins::MAX_REPEATS));
            let compare =
                |op, against: &'i Expr<'i>| &*arena.alloc(Expr::Binary(BinaryOp::Compare(op), power, against));
            let capped = Expr::And(compare(CompareOp::Gt, bound), bound);
            let above_zero = Expr::And(compare(CompareOp::Gt, arena.alloc(Expr::Int(0))), power);
            let counted = Expr::Or(arena.alloc(capped), arena.alloc(above_zero));
            return Ok(Expr::Or(arena.alloc(counted), arena.alloc(Expr::Int(0))));
        }
        let inner = text.strip_prefix("counter{").and_then(|rest| rest.strip_suffix('}')).ok_or_else(refused)?;
        let parts = super::links::counter_parts(inner);
        // `counter{p/t.1}` (or `,1`), with a name for 0/0: at least one, so the count is
        // the counters (Wagic's `ThisCounter` with `>=` 1 passes by `count - 1 + 1`).
        let kind = match parts.as_slice() {
            ["0/0", "1", name] if !name.is_empty() && !name.contains(['{', '}', '<', '>', '=']) => name.to_string(),
            ["1/1" | "+1/+1", "1"] | ["1/1" | "+1/+1", "1", ""] => "1/1".to_string(),
            ["-1/-1", "1"] | ["-1/-1", "1", ""] => "-1/-1".to_string(),
            _ => return Err(refused()),
        };
        let this = Expr::Var(spec::variable("this"));
        Ok(self.specs.call("foreachcount", &[this, Expr::Str(self.arena.alloc_str(&kind))]))
    }

    /// `chain` done `count` times: each link's amount multiplied by it. `what` names the
    /// repetition in a refusal (`` `thisforeach(...)` ``).
    pub(super) fn repeated(
        &self,
        chain: &'i [Link<'i>],
        count: Expr<'i>,
        at: Piece<'_>,
        what: &str,
    ) -> Result<&'i [Link<'i>], Unsupported> {
        let count = &*self.arena.alloc(count);
        let times = |amount: &Expr<'i>| Expr::Binary(BinaryOp::Mul, self.arena.alloc(*amount), count);
        let mut links = Vec::with_capacity(chain.len());
        for link in chain {
            let Effect::Call { command, confirm, args } = link.effect else {
                return Err(Unsupported::new(at, &format!("{what} of a granted or removed ability")));
            };
            let name = crate::catalogue::CATALOGUE.commands.get(command.index()).map_or("", |spec| spec.name);
            let refused = || Unsupported::new(at, &format!("{what} of effect `{name}`"));
            let is = |wanted: Command| command == CommandIdx::new(wanted.index());
            let mut args = args.to_vec();
            // Which arguments are the amounts, and what each is when not written.
            let amounts: &[(usize, i32)] =
                if is(Command::Damage) || is(Command::Life) || is(Command::Draw) || is(Command::Deplete) {
                    &[(0, 1)]
                } else if is(Command::Pump) {
                    &[(0, 0), (1, 0)]
                } else if is(Command::Counter) {
                    &[(2, 1)]
                } else if is(Command::Add) {
                    &[(1, 1)]
                } else if is(Command::Token) {
                    &[(6, 1)]
                } else if is(Command::TokenCard) {
                    &[(1, 1)]
                } else {
                    return Err(refused());
                };
            // `damage:type:spec:zone` and the like: an amount counted already.
            if args.iter().any(|arg| matches!(arg, Arg::Filter(_))) {
                return Err(refused());
            }
            for &(index, unwritten) in amounts {
                if args.len() == index {
                    args.push(Arg::Value(Expr::Int(unwritten)));
                }
                let Some(Arg::Value(amount)) = args.get(index) else { return Err(refused()) };
                args[index] = Arg::Value(times(amount));
            }
            let args = self.arena.alloc_slice_copy(&args);
            links.push(Link { operator: link.operator, effect: Effect::Call { command, confirm, args } });
        }
        Ok(self.arena.alloc_slice_copy(&links))
    }
}
