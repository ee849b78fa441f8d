//! `if compare(A)~criterion~compare(B) then effect` (or `~n`): Wagic's `IfThenAbility` of
//! two amounts its `WParsedInt` reads (Timely Reinforcements' `compare(lifetotal)
//! ~lessthan~compare(opponentlifetotal)`), checked as the effect resolves. The amounts
//! compiled are `lifetotal` and `opponentlifetotal` (the life of the source's controller
//! and of its opponent: the catalogue's `lifetotal(player)`) and `phandcount` and
//! `ohandcount` (their hands: `handsize(player)`); the statement runs only when the
//! comparison holds (`morethan` `>`, `lessthan` `<`, `equalto` `==`). And the tests of
//! the source or the turn an `if` or `ifnot` names (`paid(alternative)`, `paid(kicker)`,
//! `casted(this)`, `raid`, `morbid`), checked likewise.

use compiler::ir::{BinaryOp, Condition, Expr, Otherwise, Statement, Target};
use vm::bytecode::{CompareOp, FunctionIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::CATALOGUE;

impl<'i> Lowering<'i> {
    /// The condition of `if compare(...)~criterion~bound then ...` on `statement` (its
    /// effect, already lowered).
    pub(super) fn compared(
        &self,
        first: Piece<'_>,
        criterion: Piece<'_>,
        bound: Piece<'_>,
        statement: Statement<'i>,
    ) -> Result<Statement<'i>, Unsupported> {
        let left = self.compared_amount(first)?;
        let right = match bound.trim().text.parse::<i32>() {
            Ok(number) => Expr::Int(number),
            Err(_) => self.compared_amount(bound)?,
        };
        let op = match criterion.trim().text.to_ascii_lowercase().as_str() {
            "morethan" => CompareOp::Gt,
            "lessthan" => CompareOp::Lt,
            "equalto" => CompareOp::Eq,
            _ => return Err(Unsupported::new(criterion, "`if compare(...)` criterion")),
        };
        let test = Expr::Binary(BinaryOp::Compare(op), self.arena.alloc(left), self.arena.alloc(right));
        self.only_if(test, statement, bound, "`if`")
    }

    /// `statement` (an `if`'s effect, already lowered) run only when `test` holds as it
    /// resolves; refused for an effect that asks its player (a target, a `may`), which
    /// would ask before the test.
    pub(super) fn only_if(
        &self,
        test: Expr<'i>,
        statement: Statement<'i>,
        at: Piece<'_>,
        construct: &str,
    ) -> Result<Statement<'i>, Unsupported> {
        let chooses = matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
        if statement.condition.is_some() || chooses {
            return Err(Unsupported::new(at, &format!("{construct} of an effect that asks its player")));
        }
        // A false condition is no failure (a spell whose condition does not hold still
        // resolves, doing nothing): the branch taken then does nothing.
        let nothing =
            Statement { condition: None, target: None, restriction: None, chain: &[], otherwise: None, ..statement };
        let otherwise = self.arena.alloc(Otherwise { elif: None, body: nothing });
        Ok(Statement { condition: Some(Condition::If(test)), otherwise: Some(otherwise), ..statement })
    }

    /// The test of an `if` condition on the source or the turn (Wagic's
    /// `parseCastRestrictions`), each of its comma-separated parts holding:
    /// `paid(alternative)` and `paid(kicker)` (the card was cast for its alternative cost,
    /// or kicked: the catalogue's `alternative` and `kicked`), `casted(this)` (it was cast:
    /// `wascast(this)`), `spent({R})` (mana of that colour was paid to cast it:
    /// `manaspent(this, 'R')`; unlike Wagic, which lets the test pass on a card not cast,
    /// none was, as the printed "unless {U} was spent to cast it" has it), `raid` (the
    /// source's controller attacked with a creature this turn: `raided(me)`), `morbid`
    /// (a creature died this turn: `morbid()`) and, on an instant or a sorcery,
    /// `compare(restriction{assorcery}~morethan~0)` (it was cast during its controller's
    /// main phase: `sorcerytime()`) and `compare(restriction{myturnonly}~morethan~0)` (it
    /// is its controller's turn: `myturn()`). `None` for any other condition.
    pub(super) fn source_test(&self, condition: Piece<'_>) -> Option<Expr<'i>> {
        let mut tests = Vec::new();
        for part in condition.split_top(",") {
            tests.push(self.source_test_part(part)?);
        }
        tests.into_iter().reduce(|left, right| Expr::And(self.arena.alloc(left), self.arena.alloc(right)))
    }

    /// One part of [`Self::source_test`]'s condition.
    fn source_test_part(&self, part: Piece<'_>) -> Option<Expr<'i>> {
        let text: String = part.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        let call = |name: &str, args: &[Expr<'i>]| {
            let index = CATALOGUE.functions.iter().position(|spec| spec.name == name).unwrap_or(0);
            Expr::Call(FunctionIdx::new(index), self.arena.alloc_slice_copy(args))
        };
        let at_least_one = |value: Expr<'i>| {
            Expr::Binary(BinaryOp::Compare(CompareOp::Ge), self.arena.alloc(value), self.arena.alloc(Expr::Int(1)))
        };
        // As the `alternative` and `kicker` lines test them.
        let flag = |name: &str| {
            let flag = self.arena.alloc(Expr::Var(spec::variable(name)));
            Expr::Binary(BinaryOp::Compare(CompareOp::Eq), flag, self.arena.alloc(Expr::Int(1)))
        };
        let this = || Expr::Var(spec::variable("this"));
        if let Some(colour) = text.strip_prefix("spent({").and_then(|rest| rest.strip_suffix("})")) {
            let colour = ["w", "u", "b", "r", "g"].into_iter().find(|known| *known == colour)?;
            let colour = Expr::Str(self.arena.alloc_str(&colour.to_ascii_uppercase()));
            return Some(at_least_one(call("manaspent", &[this(), colour])));
        }
        match text.as_str() {
            "paid(alternative)" => Some(flag("alternative")),
            "paid(kicker)" => Some(flag("kicked")),
            "casted(this)" => Some(call("wascast", &[this()])),
            "raid" => Some(call("raided", &[Expr::Var(spec::variable("me"))])),
            "morbid" => Some(call("morbid", &[])),
            // "If you cast this spell during your main phase" (Might of Old Krosa): with no
            // stack, a spell resolves in the phase it was cast in.
            "compare(restriction{assorcery}~morethan~0)" if self.spell => Some(call("sorcerytime", &[])),
            // "During your turn" (Jeering Instigator's turned face up).
            "compare(restriction{myturnonly}~morethan~0)" => Some(call("myturn", &[])),
            _ => None,
        }
    }

    /// The test of a trigger's restriction on the turn or its controller's creatures:
    /// `raid`, `morbid`, `myturnonly` (the source's controller's turn: `myturn()`),
    /// `opponentturnonly` (not theirs) and formidable's `compare(powertotalinplay)~morethan~n`
    /// (`powertotal(me) > n`; Wagic's `morethan` is strict). `None` for another part.
    pub(super) fn restriction_test(&self, part: Piece<'_>) -> Option<Expr<'i>> {
        let text: String = part.text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        let call = |name: &str, args: &[Expr<'i>]| {
            let index = CATALOGUE.functions.iter().position(|spec| spec.name == name).unwrap_or(0);
            Expr::Call(FunctionIdx::new(index), self.arena.alloc_slice_copy(args))
        };
        match text.as_str() {
            "raid" | "morbid" => return self.source_test_part(part),
            "myturnonly" => return Some(call("myturn", &[])),
            "opponentturnonly" => return Some(Expr::Not(self.arena.alloc(call("myturn", &[])))),
            _ => {}
        }
        let rest = ["compare(powertotalinplay)~morethan~", "compare(pwrtotalinplay)~morethan~"]
            .iter()
            .find_map(|start| text.strip_prefix(start))?;
        let bound: i32 = rest.parse().ok()?;
        let total = call("powertotal", &[Expr::Var(spec::variable("me"))]);
        Some(Expr::Binary(
            BinaryOp::Compare(CompareOp::Gt),
            self.arena.alloc(total),
            self.arena.alloc(Expr::Int(bound)),
        ))
    }

    /// `compare(lifetotal)` and the other amounts compiled.
    fn compared_amount(&self, piece: Piece<'_>) -> Result<Expr<'i>, Unsupported> {
        let refused = || {
            Unsupported::new(
                piece,
                "`if` amount other than `compare(lifetotal|opponentlifetotal|phandcount|ohandcount)`",
            )
        };
        let (inner, after) = piece.trim().call("compare").ok_or_else(refused)?;
        if !after.text.trim().is_empty() {
            return Err(refused());
        }
        let (function, player) = match inner.trim().text.to_ascii_lowercase().as_str() {
            "lifetotal" => ("lifetotal", "me"),
            "opponentlifetotal" => ("lifetotal", "opp"),
            "phandcount" => ("handsize", "me"),
            "ohandcount" => ("handsize", "opp"),
            _ => return Err(refused()),
        };
        let index = CATALOGUE.functions.iter().position(|spec| spec.name == function).unwrap_or(0);
        let player = self.arena.alloc_slice_copy(&[Expr::Var(spec::variable(player))]);
        Ok(Expr::Call(FunctionIdx::new(index), player))
    }
}
