//! `thisforeach(count) effect` (Wagic's `AThisForEach` with a `ThisDescriptor`): the effect
//! done once for each unit of the count, counted as the effect resolves. The counts: the
//! card's `counter{p/t.1.name}` (its counters, through the catalogue's `foreachcount`,
//! which counts those of a source that has left the battlefield as it left: a sacrificed
//! Torch Song, a dead Modular creature), `power`, `toughness`, `gear`, `auras`,
//! `controllerlife`, `opponentlife`, `x` and `variable{amount}`, each maybe after `>n` or
//! `>=n` (Wagic's match: the value less n, plus 1 for `>=`), bounded
//! ([`crate::builtins::MAX_REPEATS`]). Wagic resolves a copy of the effect that many
//! times; each effect compiled here has an amount, and doing it n times is doing it once
//! with its amount n times as large (`add{B}` n times is n black mana; `counter(1/1,1)
//! target(...)` n times on the one target chosen is n counters on it; `damage:1` n times
//! is n damage), so the amount is multiplied by the count.
//!
//! A permanent's static effect so counted (Rabid Wombat's `thisforeach(auras > 0) 2/2`) is
//! a continuous effect, counted again after every change, as Wagic's `AThisForEach`
//! updates its copies; an activated or triggered ability's, or a spell's, ends with the
//! turn. Under `teach(...)` the count is of the permanent it is given to (Wagic's `ATeach`
//! makes it the ability's source: Auramancer's Guise counts the enchanted creature's Auras).
//!
//! Wagic reads `thisforeach(...)` before it splits a line at `&&`, so that it repeats every
//! later part too (Bloodletter Quill's `thisforeach(...) life:-1 controller && draw:1`
//! would draw a card per counter); the printed texts repeat only the part it is written
//! in, and so does this front end. Other counts, comparisons and effects without an amount
//! stay refused, each named.

use compiler::ir::{Arg, BinaryOp, Effect, Expr, Link};
use vm::bytecode::{CommandIdx, CompareOp, FunctionIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{CATALOGUE, Command};

/// What `thisforeach(...)` compiles.
const COUNT_CONSTRUCT: &str = "`thisforeach(...)` other than `counter{0/0.1.name}`, `counter{1/1.1}`, `counter{-1/-1.1}`, or `power`, `toughness`, `gear`, `auras`, `controllerlife`, `opponentlife`, `x` or `variable{amount}` maybe after `>` or `>=` and a number";

/// The tests of Wagic's `ThisDescriptorFactory`, in the order it looks for them in the
/// text (the first found is the one read, so `variable{...x...}` is read as `x`).
const WAGIC_ORDER: [&str; 21] = [
    "counter{",
    "counters",
    "mutations",
    "gear",
    "auras",
    "opponentdamagecount",
    "untapped",
    "tapped",
    "attacking",
    "blocking",
    "notblocked",
    "damaged",
    "dualwielding",
    "opponentlife",
    "controllerlife",
    "creaturespells",
    "power",
    "toughness",
    "x",
    "variable{",
    "cantargetcard(",
];

/// The test Wagic's `ThisDescriptorFactory` reads in `text` (lower case): the first of
/// [`WAGIC_ORDER`] it contains, `""` for none.
pub(super) fn wagic_reads(text: &str) -> &'static str {
    WAGIC_ORDER.iter().find(|word| !word.is_empty() && text.contains(*word)).copied().unwrap_or("")
}

impl<'i> Lowering<'i> {
    /// The count of `thisforeach(args)`: how many times Wagic's `AThisForEach` does its
    /// effect, its `ThisDescriptor`'s match of the card. With `>=n` (or no operator, n
    /// being 1) that is the value less n, plus 1; with `>n` the value less n; none when
    /// that is below 1, and at most [`crate::builtins::MAX_REPEATS`]. The card is the
    /// source, or the permanent a `teach(...)` gives the effect to (Wagic's `ATeach` makes
    /// it the ability's source): Auramancer's Guise counts the enchanted creature's Auras.
    pub(super) fn this_foreach_count(&self, args: Piece<'_>) -> Result<Expr<'i>, Unsupported> {
        let refused = || Unsupported::new(args, COUNT_CONSTRUCT);
        let text: String = args.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        let subject = self.foreach_subject.get().unwrap_or("this");
        let var = |name: &str| Expr::Var(spec::variable(name));
        if text.starts_with("counter{") {
            if subject != "this" {
                return Err(Unsupported::new(args, "`teach(...) thisforeach(counter{...})`"));
            }
            return self.counters_count(&text).ok_or_else(refused);
        }
        let operator = text.find(['<', '>', '=', '!']).unwrap_or(text.len());
        let (base, comparison) = text.split_at(operator);
        // Wagic's match of `>=n` is `value - n + 1`, of `>n` `value - n`.
        let less = match comparison {
            "" => 0,
            _ => {
                let (number, extra) = if let Some(number) = comparison.strip_prefix(">=") {
                    (number, 1)
                } else if let Some(number) = comparison.strip_prefix('>') {
                    (number, 0)
                } else {
                    return Err(Unsupported::new(args, "`thisforeach(...)` with a comparison other than `>` or `>=`"));
                };
                number.parse::<i32>().map_err(|_| refused())? - extra
            }
        };
        // The test Wagic reads is the first it finds in the text: another one than written
        // is refused (`variable{...}` with an `x` in it).
        let read = wagic_reads(&text);
        let arena = self.arena;
        let call = |name: &str, args: &[Expr<'i>]| {
            let function = CATALOGUE.functions.iter().position(|function| function.name == name).unwrap_or(0);
            Expr::Call(FunctionIdx::new(function), arena.alloc_slice_copy(args))
        };
        let value = match (read, base) {
            ("power" | "toughness", _) if base == read => Expr::Attr(arena.alloc(var(subject)), spec::attribute(read)),
            ("gear", "gear") => call("attachments", &[var(subject), Expr::Str("equipment")]),
            ("auras", "auras") => call("attachments", &[var(subject), Expr::Str("aura")]),
            // The controller's life total, on the source's own line only.
            ("controllerlife", "controllerlife") if subject == "this" => call("lifetotal", &[var("me")]),
            ("opponentlife", "opponentlife") if subject == "this" => call("lifetotal", &[var("opp")]),
            ("x", "x") | ("variable{", _) => {
                let word = if read == "x" {
                    "x"
                } else {
                    base.strip_prefix("variable{").and_then(|word| word.strip_suffix('}')).ok_or_else(refused)?
                };
                let at = args.text.find(word).unwrap_or(0);
                let amount = self.amount(Piece::new(word, args.start + at), "`thisforeach(variable{...})` amount")?;
                if amount.per.is_some() || subject != "this" {
                    return Err(refused());
                }
                amount.value
            }
            _ => return Err(refused()),
        };
        let value = &*arena.alloc(value);
        let counted = match less {
            0 => value,
            less => &*arena.alloc(Expr::Binary(BinaryOp::Sub, value, arena.alloc(Expr::Int(less)))),
        };
        Ok(self.bounded(counted))
    }

    /// `count` from 0 to [`crate::builtins::MAX_REPEATS`].
    fn bounded(&self, count: &'i Expr<'i>) -> Expr<'i> {
        let arena = self.arena;
        let bound = &*arena.alloc(Expr::Int(crate::builtins::MAX_REPEATS));
        let compare = |op, against: &'i Expr<'i>| &*arena.alloc(Expr::Binary(BinaryOp::Compare(op), count, against));
        let capped = Expr::And(compare(CompareOp::Gt, bound), bound);
        let above_zero = Expr::And(compare(CompareOp::Gt, arena.alloc(Expr::Int(0))), count);
        let counted = Expr::Or(arena.alloc(capped), arena.alloc(above_zero));
        Expr::Or(arena.alloc(counted), arena.alloc(Expr::Int(0)))
    }

    /// `counter{p/t.1.name}` (or `,1`), with a name for 0/0: at least one, so the count is
    /// the counters (Wagic's `ThisCounter` with `>=` 1 passes by `count - 1 + 1`).
    fn counters_count(&self, text: &str) -> Option<Expr<'i>> {
        let inner = text.strip_prefix("counter{").and_then(|rest| rest.strip_suffix('}'))?;
        let parts = super::counters::counter_parts(inner);
        let kind = match parts.as_slice() {
            ["0/0", "1", name] if !name.is_empty() && !name.contains(['{', '}', '<', '>', '=']) => name.to_string(),
            ["1/1" | "+1/+1", "1"] | ["1/1" | "+1/+1", "1", ""] => "1/1".to_string(),
            ["-1/-1", "1"] | ["-1/-1", "1", ""] => "-1/-1".to_string(),
            _ => return None,
        };
        let this = Expr::Var(spec::variable("this"));
        Some(self.specs.call("foreachcount", &[this, Expr::Str(self.arena.alloc_str(&kind))]))
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
            let name = CATALOGUE.commands.get(command.index()).map_or("", |spec| spec.name);
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
