//! `this(test)` before a permanent's lasting effect (Wagic's `ThisDescriptor` on the
//! source card): the effect holds only while the test does. The tests compiled:
//! `variable{controllerturn}>0` and `variable{opponentturn}>0` (its controller's turn, or
//! the opponent's; without `>0` alike), `controllerlife` and `opponentlife` compared with
//! a number (`<`, `<=`, `>`, `>=`, `=`, `!=`; Wagic's `ThisControllerlife`,
//! `ThisOpponentlife`), `variable{mypoisoncount}` and `variable{opponentpoisoncount}`
//! likewise (the players' poison counters), and
//! `untapped` or `tapped` (the card's own state), `counter{0/0.n.name}` (at least n
//! counters of that name on it; with an operator after it, their count against a number:
//! Wagic's `ThisCounter`), `counter{1/1.n}` and `counter{-1/-1.n}` (its +1/+1 or -1/-1
//! counters, likewise), and `gear` and `auras` (the Equipment or Auras attached to it,
//! against a number, at least one without: Wagic's `ThisEquip`, `ThisAuras`), and
//! `cantargetcard(spec)` (the card matches the spec: Wagic's `ThisTargetCompare`), and
//! `variable{amount}` and `x` against a number (Wagic's `ThisVariable`, `ThisX`: a Theros
//! God's devotion, Martial Coup's X; the amounts of `amount.rs`). Lowered as
//! a continuous effect whose statements run only while the test holds.

use compiler::ir::{BinaryOp, Expr};
use vm::bytecode::{CompareOp, FunctionIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::CATALOGUE;

/// What `this(...)` compiles.
const CONSTRUCT: &str = "`this(...)` other than a turn test, `controllerlife`, `opponentlife`, a poison count, `gear`, `auras`, `x` or `variable{amount}` against a number, `untapped`, `tapped` or `counter{0/0.n.name}`, `counter{1/1.n}`, `counter{-1/-1.n}` or `cantargetcard(spec)`";

impl<'i> Lowering<'i> {
    /// The test of `this(args)`.
    pub(super) fn this_condition(&self, args: Piece<'_>) -> Result<Expr<'i>, Unsupported> {
        let text: String = args.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        let refused = || Unsupported::new(args, CONSTRUCT);
        let call = |name: &str, args: &'i [Expr<'i>]| {
            let function = CATALOGUE.functions.iter().position(|function| function.name == name).unwrap_or(0);
            Expr::Call(FunctionIdx::new(function), args)
        };
        // A turn test is 1 in those turns: `>0`, or no operator (at least 1).
        match text.strip_suffix(">0").unwrap_or(&text) {
            "variable{controllerturn}" => return Ok(call("myturn", &[])),
            "variable{opponentturn}" => return Ok(Expr::Not(self.arena.alloc(call("myturn", &[])))),
            _ => {}
        }
        let this = || Expr::Var(spec::variable("this"));
        if let Some((inner, after)) = args.trim().call("cantargetcard")
            && after.text.trim().is_empty()
        {
            // Wagic's `ThisTargetCompare`: the card matches the spec (Renown's
            // `cantargetcard(*[-renown])`, the card not renowned yet).
            let spec = spec::read(inner)?;
            return Ok(self.specs.predicate(&spec, this(), "inzone")?.unwrap_or(Expr::Bool(true)));
        }
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
            let parts = super::counters::counter_parts(&counter[..close]);
            let rest = &counter[close + 1..];
            // Wagic's `parseCounter`: one counter when the count is not written.
            let (pt, at_least, name) = match parts.as_slice() {
                [pt] => (*pt, "1", ""),
                [pt, at_least] => (*pt, *at_least, ""),
                [pt, at_least, name] => (*pt, *at_least, *name),
                _ => return Err(refused()),
            };
            // The board keeps +1/+1 and -1/-1 counters summed, whatever their name
            // (`foreachcount` tells them apart); a named one is told by its name.
            let count = match (pt, name) {
                ("0/0", name) if !name.is_empty() => {
                    call("counters", self.arena.alloc_slice_copy(&[this(), Expr::Str(self.arena.alloc_str(name))]))
                }
                ("1/1" | "+1/+1", "") => self.specs.call("foreachcount", &[this(), Expr::Str("1/1")]),
                ("-1/-1", "") => self.specs.call("foreachcount", &[this(), Expr::Str("-1/-1")]),
                _ => return Err(refused()),
            };
            let (op, number) = if rest.is_empty() {
                (CompareOp::Ge, at_least.parse::<i32>().map_err(|_| refused())?)
            } else {
                comparison(rest).ok_or_else(refused)?
            };
            // Wagic's `ThisCounter` fails `>` and `>=` on a card without such counters,
            // whatever the number (`>=0` too): the count must be above zero as well.
            let (op, number) = match op {
                CompareOp::Ge => (op, number.max(1)),
                CompareOp::Gt => (op, number.max(0)),
                _ => (op, number),
            };
            return Ok(Expr::Binary(
                BinaryOp::Compare(op),
                self.arena.alloc(count),
                self.arena.alloc(Expr::Int(number)),
            ));
        }
        for (written, player) in [("variable{mypoisoncount}", "me"), ("variable{opponentpoisoncount}", "opp")] {
            let Some(rest) = text.strip_prefix(written) else { continue };
            let (op, number) =
                if rest.is_empty() { (CompareOp::Ge, 1) } else { comparison(rest).ok_or_else(refused)? };
            let count = call("poisoncount", self.arena.alloc_slice_copy(&[Expr::Var(spec::variable(player))]));
            return Ok(Expr::Binary(
                BinaryOp::Compare(op),
                self.arena.alloc(count),
                self.arena.alloc(Expr::Int(number)),
            ));
        }
        for (written, kind) in [("gear", "equipment"), ("auras", "aura")] {
            let Some(rest) = text.strip_prefix(written) else { continue };
            // Without an operator, at least one (Wagic's default criterion).
            let (op, number) =
                if rest.is_empty() { (CompareOp::Ge, 1) } else { comparison(rest).ok_or_else(refused)? };
            let kind = Expr::Str(self.arena.alloc_str(kind));
            let count = call("attachments", self.arena.alloc_slice_copy(&[this(), kind]));
            return Ok(Expr::Binary(
                BinaryOp::Compare(op),
                self.arena.alloc(count),
                self.arena.alloc(Expr::Int(number)),
            ));
        }
        // `variable{amount}` (Wagic's `ThisVariable`) and `x` (`ThisX`, the X paid) against
        // a number, each at least 1 without one; only where Wagic reads the test written
        // (it takes the first test it finds in the text: `variable{...x...}` is `x`).
        let read = super::thisforeach::wagic_reads(&text);
        if read == "variable{" || (read == "x" && text.starts_with('x')) {
            let (word, rest) = match text.strip_prefix("variable{") {
                Some(inside) => inside.split_once('}').ok_or_else(refused)?,
                None => ("x", &text[1..]),
            };
            let at = args.text.to_ascii_lowercase().find(word).unwrap_or(0);
            let amount = self.amount(Piece::new(word, args.start + at), "`this(variable{...})` amount")?;
            if amount.per.is_some() {
                return Err(Unsupported::new(args, "`this(variable{type:...})`, a count of cards"));
            }
            let (op, number) =
                if rest.is_empty() { (CompareOp::Ge, 1) } else { comparison(rest).ok_or_else(refused)? };
            return Ok(Expr::Binary(
                BinaryOp::Compare(op),
                self.arena.alloc(amount.value),
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
