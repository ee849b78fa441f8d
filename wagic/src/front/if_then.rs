//! `if ... then effect` and `ifnot ... then effect`: a condition checked as the effect
//! resolves (Wagic's `IfThenAbility`), as a test of the source or the turn
//! (`compare.rs`), or as counts of cards whose negated checks guard the effect.

use compiler::ir::{Arg, Effect, Expr, Link, Statement};
use vm::bytecode::{CommandIdx, Const};

use super::piece::Piece;
use super::statement::Wrapper;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{self, Command};

impl<'i> Lowering<'i> {
    /// `if type(spec)~criterion~n then effect` (or `~type(spec)` for n: a count of cards
    /// too; several such tests joined by `,`, each holding), checked as the effect resolves
    /// (Wagic's `IfThenAbility`). A false condition is no failure: the chain is the negated
    /// count checks `||` the effect, so that a spell whose condition does not hold still
    /// resolves, doing nothing. `if compare(...)` and the tests of the source
    /// (`compare.rs`), and `ifnot` of those, are checked as its condition.
    pub(super) fn if_then(
        &self,
        rest: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
        negated: bool,
    ) -> Result<Statement<'i>, Unsupported> {
        let construct = "`if` other than `if type(spec)~morethan|lessthan|equalto~n or type(spec) then effect`, `paid(alternative|kicker)`, `casted(this)`, `spent({C})`, `raid` or `morbid`";
        let words = rest.trim().words();
        let Some(then) = words.iter().position(|word| word.text.eq_ignore_ascii_case("then")) else {
            return Err(Unsupported::new(rest, "`if` without `then`"));
        };
        let (Some(first), Some(last)) = (words.first(), then.checked_sub(1).and_then(|index| words.get(index))) else {
            return Err(Unsupported::new(rest, construct));
        };
        let condition = rest.slice(first.start - rest.start, last.start - rest.start + last.text.len());
        let Some(effect_start) = words.get(then + 1) else {
            return Err(Unsupported::new(rest, "`if` without an effect"));
        };
        let effect = rest.from(effect_start.start - rest.start);
        if let Some(test) = self.source_test(condition) {
            // `if paid(alternative)`, `if casted(this)`, `if raid`...: a test of the source
            // or of the turn.
            let statement = self.statement(effect, wrapper, None)?;
            let test = if negated { Expr::Not(self.arena.alloc(test)) } else { test };
            return self.only_if(test, statement, condition, "`if`");
        }
        if negated {
            return Err(Unsupported::new(condition, construct));
        }
        let tests = condition.split_top(",");
        if let [only] = tests.as_slice()
            && let [count_part, criterion, bound] = only.split_top("~").as_slice()
            && count_part.trim().starts_with_word("compare(")
        {
            let statement = self.statement(effect, wrapper, None)?;
            return self.compared(*count_part, *criterion, *bound, statement);
        }
        // Each test's negated count check, then the effect: it runs when every check
        // fails (`||`), as Wagic's comma-separated tests all must hold (Scepter of
        // Empires' `type(Crown of Empires|mybattlefield)~morethan~0,type(...)~morethan~0`).
        let or_else = Some(compiler::ir::ChainOperator::OrElse);
        let mut links = Vec::with_capacity(tests.len() + 1);
        for test in &tests {
            let operator = if links.is_empty() { None } else { or_else };
            links.push(Link { operator, effect: self.negated_count_check(*test, construct)? });
        }
        let statement = self.statement(effect, wrapper, None)?;
        let [Link { effect: body, .. }] = statement.chain else {
            return Err(Unsupported::new(effect, "`if` with an effect of several links"));
        };
        links.push(Link { operator: or_else, effect: *body });
        Ok(Statement { chain: self.arena.alloc_slice_copy(&links), ..statement })
    }

    /// The catalogue's `aslongas` check of the negation of `type(spec)~criterion~n` (or
    /// `~type(spec)` for n: a count of cards too): it succeeds when the test fails.
    fn negated_count_check(&self, test: Piece<'_>, construct: &str) -> Result<Effect<'i>, Unsupported> {
        let parts = test.split_top("~");
        let [count_part, criterion, bound] = parts.as_slice() else {
            return Err(Unsupported::new(test, construct));
        };
        let Some((spec_piece, _)) = count_part.trim().call("type").filter(|(_, after)| after.text.trim().is_empty())
        else {
            return Err(Unsupported::new(*count_part, construct));
        };
        let (against, number) = match bound.trim().call("type") {
            Some((against, after)) if after.text.trim().is_empty() => (Some(against), 0),
            _ => (None, bound.trim().text.parse::<i32>().map_err(|_| Unsupported::new(*bound, construct))?),
        };
        // The negation of the condition written: it holds when the effect must not run.
        let (negated, number) = match criterion.trim().text.to_ascii_lowercase().as_str() {
            "morethan" => ("lessthan", number.saturating_add(1)),
            "lessthan" => ("morethan", number.saturating_sub(1)),
            "equalto" => ("notequalto", number),
            _ => return Err(Unsupported::new(*criterion, construct)),
        };
        let spec = spec::read(spec_piece)?;
        let filter = self.specs.filter(&spec, true)?;
        let word = catalogue::position(catalogue::CRITERIA, negated).unwrap_or(0) as u16;
        let command = CommandIdx::new(Command::AsLongAs.index());
        let mut args = vec![
            Arg::Filter(filter),
            Arg::Const(Const::Word { command, param: 1, word }),
            Arg::Value(Expr::Int(number)),
        ];
        if let Some(against) = against {
            let spec = spec::read(against)?;
            args.push(Arg::Filter(self.specs.filter(&spec, true)?));
        }
        Ok(Effect::Call { command, confirm: false, args: self.arena.alloc_slice_copy(&args) })
    }
}
