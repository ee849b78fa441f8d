//! `if ... then effect` and `ifnot ... then effect`: a condition checked as the effect
//! resolves (Wagic's `IfThenAbility`), as a test of the source or the turn
//! (`compare.rs`) or of the ability's target (`cantargetcard(spec)`), or as counts of
//! cards whose negated checks guard the effect.

use compiler::ir::{Arg, Condition, Effect, Expr, Link, Otherwise, Statement, Target};
use vm::bytecode::{CommandIdx, Const};

use super::part_wrapper::Wrapper;
use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{self, Command};

/// The most count tests one `if ... then ... else` joins.
const MAX_TESTS: usize = 8;

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
        if let Some((spec_piece, after)) = condition.trim().call("cantargetcard")
            && after.text.trim().is_empty()
        {
            // Wagic tests the ability's target (`IfThenAbility`'s `canTarget`).
            let test = self.target_matches(spec_piece)?;
            let statement = self.statement(effect, wrapper, None)?;
            let test = if negated { Expr::Not(self.arena.alloc(test)) } else { test };
            return self.only_if(test, statement, condition, "`if cantargetcard(...)`");
        }
        if let Some(test) = self.source_test(condition) {
            // `if paid(alternative)`, `if casted(this)`, `if raid`...: a test of the source
            // or of the turn.
            let statement = self.statement(effect, wrapper, None)?;
            let test = if negated { Expr::Not(self.arena.alloc(test)) } else { test };
            return self.source_guarded(test, statement, condition);
        }
        let tests = condition.split_top(",");
        if negated {
            // `ifnot` of a count: a card's `if` line before it may change what it counts
            // (Avatar of Discord's two cards discarded, then `ifnot` two cards in hand:
            // Wagic's target waits for its player, the check does not).
            return Err(Unsupported::new(condition, construct));
        }
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
            links.push(Link { operator, effect: self.count_check(*test, construct, true)? });
        }
        let statement = self.statement(effect, wrapper, None)?;
        let [Link { effect: body, .. }] = statement.chain else {
            return Err(Unsupported::new(effect, "`if` with an effect of several links"));
        };
        links.push(Link { operator: or_else, effect: *body });
        Ok(Statement { chain: self.arena.alloc_slice_copy(&links), ..statement })
    }

    /// `if test then A && B ...` (or `ifnot`) of a test of the source or of the turn
    /// ([`Self::source_test`]; Wagic reads `if ... then` before it splits at `&&`, so
    /// every part is under the condition): the effect lowered as a line of its own, each
    /// of its statements run only when the test holds, which nothing the parts do can
    /// change (Batwing Brume's {B} spent: each player loses life). Another test (a count
    /// the first part could change), or an `else`, is refused.
    pub(super) fn if_source_then_all<'s>(
        &self,
        piece: Piece<'s>,
        rest: Piece<'s>,
        label: Option<&'i str>,
    ) -> Result<super::statement::EffectPart<'i, 's>, Unsupported> {
        let refused = || {
            Unsupported::new(
                piece,
                "`if ... then` with `&&` of a test other than the source's or the turn's (`paid(...)`, `casted(this)`, `spent(...)`, `raid`, `morbid`)",
            )
        };
        let trimmed = rest.trim();
        let (condition_start, negated) = match trimmed.strip_prefix("if ") {
            Some(after) => (after, false),
            None => (trimmed.strip_prefix("ifnot ").ok_or_else(refused)?, true),
        };
        let words = condition_start.words();
        let then = words.iter().position(|word| word.text.eq_ignore_ascii_case("then")).ok_or_else(refused)?;
        if words.iter().skip(then).any(|word| word.text.eq_ignore_ascii_case("else")) {
            return Err(Unsupported::new(piece, "`if ... then ... else` with `&&`"));
        }
        let (Some(first), Some(last), Some(effect_start)) =
            (words.first(), then.checked_sub(1).and_then(|index| words.get(index)), words.get(then + 1))
        else {
            return Err(refused());
        };
        let condition = condition_start
            .slice(first.start - condition_start.start, last.start - condition_start.start + last.text.len());
        let test = self.source_test(condition).ok_or_else(refused)?;
        let test = if negated { Expr::Not(self.arena.alloc(test)) } else { test };
        let effect = condition_start.from(effect_start.start - condition_start.start);
        let (inner_label, statements, lord, continuous) = self.effect(effect)?;
        if lord.is_some() || continuous {
            return Err(Unsupported::new(effect, "`if ... then` with `&&` of a lasting effect"));
        }
        let mut guarded = Vec::with_capacity(statements.len());
        for statement in statements {
            guarded.push(self.source_guarded(test, *statement, condition)?);
        }
        Ok((label.or(inner_label), self.arena.alloc_slice_copy(&guarded), None, false))
    }

    /// `statement` (an `if`'s effect, already lowered) run only when `test`, a test of the
    /// source or of the turn, holds. An effect that asks its player (a target, a `may`)
    /// asks only once the test held: the catalogue's `holds` of it guards the statement,
    /// as a trigger's intervening "if" is checked before its target is chosen (Mardu
    /// Heart-Piercer's raid, Ogre Savant's {U} spent); these tests cannot change between
    /// the trigger and its resolution. An effect under another such `if` (Dawnglow
    /// Infusion's `ifnot spent({W}) then if spent({G}) then life:X`) runs when both hold.
    pub(super) fn source_guarded(
        &self,
        test: Expr<'i>,
        statement: Statement<'i>,
        at: Piece<'_>,
    ) -> Result<Statement<'i>, Unsupported> {
        if let Some(Condition::If(inner)) = statement.condition
            && statement.otherwise.is_some_and(|otherwise| otherwise.body.chain.is_empty() && otherwise.elif.is_none())
        {
            let both = Expr::And(self.arena.alloc(test), self.arena.alloc(inner));
            return Ok(Statement { condition: Some(Condition::If(both)), ..statement });
        }
        let chooses = matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
        if statement.condition.is_none() && !chooses {
            return self.only_if(test, statement, at, "`if`");
        }
        if statement.otherwise.is_some() {
            return Err(Unsupported::new(at, "`if` of an effect with an `else` that asks its player"));
        }
        let command = CommandIdx::new(Command::Holds.index());
        let args = self.arena.alloc_slice_copy(&[Arg::Value(test)]);
        let holds = Link { operator: None, effect: Effect::Call { command, confirm: false, args } };
        let Some(condition) = self.guard_condition(holds, statement.condition) else {
            return Err(Unsupported::new(at, "`if` of an effect whose condition ends the ability"));
        };
        Ok(Statement { condition: Some(condition), ..statement })
    }

    /// The test of `if cantargetcard(spec)`: Wagic's `IfThenAbility` tests whether the
    /// ability's target matches the spec, which is the permanent an Aura enchants or an
    /// Equipment equips (`card->target`), or an instant's or sorcery's one target card
    /// (read where it is now: Starfall's creature after its damage). Refused elsewhere (an
    /// activated ability's `target(...)`, whose `&&` part is another ability).
    fn target_matches(&self, spec_piece: Piece<'_>) -> Result<Expr<'i>, Unsupported> {
        let object = if self.aura {
            Expr::Var(spec::variable("enchanted"))
        } else if self.equipment {
            Expr::Var(spec::variable("equipped"))
        } else if self.spell && self.target_controller == super::TargetController::SpellTarget {
            Expr::Index(self.arena.alloc(Expr::Var(spec::variable("tgt"))), 0)
        } else {
            return Err(Unsupported::new(
                spec_piece,
                "`if cantargetcard(spec)` outside an Aura, an Equipment or a spell with one target card",
            ));
        };
        let mut read = spec::read(spec_piece)?;
        if self.spell {
            // The spell's card is tested where it is now, as it was printed there (Deicide's
            // exiled God, Starfall's creature its damage killed): `|battlefield` is where it
            // was chosen. A zone of a player is refused.
            let battlefield = catalogue::ZONES.iter().position(|zone| zone.name == "battlefield");
            match read.zone {
                None => {}
                Some((None, zone)) if Some(zone) == battlefield => read.zone = None,
                Some(_) => return Err(Unsupported::new(spec_piece, "`if cantargetcard(spec|zone)` on a spell")),
            }
        }
        Ok(self.specs.predicate(&read, object, "inzone")?.unwrap_or(Expr::Bool(true)))
    }

    /// `if type(spec)~criterion~n then effect else effect` (Wagic's `IfThenAbility` with
    /// its else ability; several count tests joined by `,`, each holding): one statement
    /// whose guard is the tests' checks joined by `&&` (Condition::Guarded), its `else` the
    /// other effect, run when the guard fails. The tests are checked once, as the ability
    /// resolves, so one branch runs whatever the first does to the game (Feed the Clan
    /// gains 10 life or 5), and each branch's target is chosen only when it is taken. A
    /// `may` of the first branch is asked once its tests hold; the `else` branch is an
    /// effect without a condition (or an `if ... then` of counts, Wagic's `else if`).
    ///
    /// `if type(spec)~criterion~n then [name(...)] donothing [target] else effect` (Duress's
    /// "look at the hand, nothing to take, else discard") is two statements, each run only
    /// when its check holds as it begins, the condition's, then its negation's: the `then`
    /// effect does nothing, so the second check counts the board the first did. Its target
    /// is optional (looking at an empty hand is no failure of the spell). `None` for a
    /// part without ` else `.
    pub(super) fn if_then_else(
        &self,
        part: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
    ) -> Result<Option<Vec<Statement<'i>>>, Unsupported> {
        let construct =
            "`if ... then ... else` other than `if type(spec)~morethan|lessthan|equalto~n then effect else effect`";
        let Some(rest) = part.trim().strip_prefix("if ") else { return Ok(None) };
        let words = rest.words();
        let Some(then) = words.iter().position(|word| word.text.eq_ignore_ascii_case("then")) else {
            return Ok(None);
        };
        let Some(otherwise) = words.iter().skip(then).position(|word| word.text.eq_ignore_ascii_case("else")) else {
            return Ok(None);
        };
        let otherwise = then + otherwise;
        let (Some(first), Some(last_test), Some(then_start), Some(else_word), Some(else_start)) = (
            words.first(),
            then.checked_sub(1).and_then(|index| words.get(index)),
            words.get(then + 1),
            words.get(otherwise),
            words.get(otherwise + 1),
        ) else {
            return Err(Unsupported::new(part, construct));
        };
        let test = rest.slice(first.start - rest.start, last_test.start - rest.start + last_test.text.len());
        let taken = rest.slice(then_start.start - rest.start, else_word.start - rest.start).trim();
        let not_taken = rest.from(else_start.start - rest.start).trim();
        if let Some(source) = self.source_test(test) {
            // A test of the source or of the turn (Might of Old Krosa's main phase): the
            // catalogue's `holds` of it guards the first branch, the other its `else`.
            let look = self.statement(taken, wrapper, None)?;
            let command = CommandIdx::new(Command::Holds.index());
            let args = self.arena.alloc_slice_copy(&[Arg::Value(source)]);
            let guard = [Link { operator: None, effect: Effect::Call { command, confirm: false, args } }];
            return self.branches(&guard, look, taken, not_taken, wrapper, construct).map(|branch| Some(vec![branch]));
        }
        if let Some((spec_piece, after)) = test.trim().call("cantargetcard")
            && after.text.trim().is_empty()
        {
            return self.target_branches(spec_piece, taken, not_taken, wrapper).map(|branch| Some(vec![branch]));
        }
        let tests = test.split_top(",");
        if tests.len() > MAX_TESTS || !tests.iter().all(|test| test.trim().starts_with_word("type(")) {
            return Err(Unsupported::new(test, construct));
        }
        let look = self.statement(taken, wrapper, None)?;
        let does_nothing = CommandIdx::new(Command::DoNothing.index());
        let nothing_done =
            matches!(look.chain, [Link { effect: Effect::Call { command, .. }, .. }] if *command == does_nothing);
        if !nothing_done || look.condition.is_some() || tests.len() != 1 {
            let mut guard = Vec::with_capacity(tests.len());
            for test in &tests {
                let operator = if guard.is_empty() { None } else { Some(compiler::ir::ChainOperator::AndThen) };
                guard.push(Link { operator, effect: self.count_check(*test, construct, false)? });
            }
            return self.branches(&guard, look, taken, not_taken, wrapper, construct).map(|branch| Some(vec![branch]));
        }
        let look_target = match look.target {
            Some(Target::Filter { filter, .. }) => Some(Target::Filter { filter, optional: true }),
            other => other,
        };
        let other = self.statement(not_taken, wrapper, None)?;
        let may = match other.condition {
            None => None,
            Some(Condition::May(question)) => Some(question),
            Some(_) => return Err(Unsupported::new(not_taken, construct)),
        };
        let guarded = |check: Effect<'i>, may| {
            let guard = self.arena.alloc_slice_copy(&[Link { operator: None, effect: check }]);
            Some(Condition::Guarded { guard, may, stops: false })
        };
        let look = Statement {
            condition: guarded(self.count_check(test, construct, false)?, None),
            target: look_target,
            ..look
        };
        let other = Statement { condition: guarded(self.count_check(test, construct, true)?, may), ..other };
        Ok(Some(vec![look, other]))
    }

    /// `if cantargetcard(spec) then taken else not_taken` on the spell's one target card
    /// (Bring Low's creature with a +1/+1 counter: 5 damage, else 3), tested as the spell
    /// resolves: one statement whose condition is the test, its `else` the other branch.
    /// Refused when a branch asks its player (a target of its own, a `may`).
    fn target_branches(
        &self,
        spec_piece: Piece<'_>,
        taken: Piece<'_>,
        not_taken: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
    ) -> Result<Statement<'i>, Unsupported> {
        let test = self.target_matches(spec_piece)?;
        let first = self.statement(taken, wrapper, None)?;
        let other = self.statement(not_taken, wrapper, None)?;
        let asks = |statement: &Statement<'_>| {
            statement.condition.is_some()
                || statement.otherwise.is_some()
                || matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some())
        };
        if asks(&first) || asks(&other) {
            return Err(Unsupported::new(
                spec_piece,
                "`if cantargetcard(...) then ... else` of an effect that asks its player",
            ));
        }
        let otherwise = self.arena.alloc(Otherwise { elif: None, body: other });
        Ok(Statement { condition: Some(Condition::If(test)), otherwise: Some(otherwise), ..first })
    }

    /// The statement of `if tests then taken else not_taken`: `taken` (lowered) guarded by
    /// the tests' checks (`guard`), `not_taken` its `else`.
    fn branches(
        &self,
        guard: &[Link<'i>],
        taken: Statement<'i>,
        taken_at: Piece<'_>,
        not_taken: Piece<'_>,
        wrapper: Option<Wrapper<'_>>,
        construct: &str,
    ) -> Result<Statement<'i>, Unsupported> {
        let may = match taken.condition {
            None => None,
            Some(Condition::May(question)) => Some(question),
            Some(_) => return Err(Unsupported::new(taken_at, construct)),
        };
        if taken.otherwise.is_some() {
            return Err(Unsupported::new(taken_at, construct));
        }
        let other = self.statement(not_taken, wrapper, None)?;
        if other.condition.is_some() || other.otherwise.is_some() {
            return Err(Unsupported::new(not_taken, "`else` branch with a condition (`may`, an `if` of the source)"));
        }
        let guard = self.arena.alloc_slice_copy(guard);
        let otherwise = self.arena.alloc(Otherwise { elif: None, body: other });
        Ok(Statement {
            condition: Some(Condition::Guarded { guard, may, stops: false }),
            otherwise: Some(otherwise),
            ..taken
        })
    }

    /// The catalogue's `aslongas` check of `type(spec)~criterion~n` (or `~type(spec)` for
    /// n: a count of cards too, `~type(spec)+n` that count and n), or with `negate` of its
    /// negation: it succeeds when the test holds (fails).
    pub(super) fn count_check(
        &self,
        test: Piece<'_>,
        construct: &str,
        negate: bool,
    ) -> Result<Effect<'i>, Unsupported> {
        let parts = test.split_top("~");
        let [count_part, criterion, bound] = parts.as_slice() else {
            return Err(Unsupported::new(test, construct));
        };
        let Some((spec_piece, _)) = count_part.trim().call("type").filter(|(_, after)| after.text.trim().is_empty())
        else {
            return Err(Unsupported::new(*count_part, construct));
        };
        // `~type(spec)+n`: Wagic adds the number written after the count to it.
        let (against, number) = match bound.trim().call("type") {
            Some((against, after)) if after.text.trim().is_empty() => (Some(against), 0),
            Some((against, after)) => {
                let added = after.text.trim();
                let number = added.strip_prefix('+').unwrap_or(added).parse::<i32>();
                (Some(against), number.map_err(|_| Unsupported::new(*bound, construct))?)
            }
            _ => (None, bound.trim().text.parse::<i32>().map_err(|_| Unsupported::new(*bound, construct))?),
        };
        // The condition written, or its negation (which holds when the effect must not run).
        let (criterion_word, number) = match (criterion.trim().text.to_ascii_lowercase().as_str(), negate) {
            ("morethan", true) => ("lessthan", number.saturating_add(1)),
            ("lessthan", true) => ("morethan", number.saturating_sub(1)),
            ("equalto", true) => ("notequalto", number),
            ("morethan", false) => ("morethan", number),
            ("lessthan", false) => ("lessthan", number),
            ("equalto", false) => ("equalto", number),
            _ => return Err(Unsupported::new(*criterion, construct)),
        };
        let spec = spec::read(spec_piece)?;
        let filter = self.specs.filter(&spec, true)?;
        let word = catalogue::position(catalogue::CRITERIA, criterion_word).unwrap_or(0) as u16;
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
