//! `pay(cost) effect` and `pay[[cost]] effect` (Wagic's `GenericPaidAbility`: "you may pay
//! {2}; if you do, ..."), and `pay(cost) donothing?effect` ("... unless you pay {2}").
//!
//! Wagic takes everything after the cost as the effect, and opens a menu for the source's
//! controller as the ability resolves: the effect, its cost to pay, then `Cancel`; with
//! `A?B` the two effects, the first paid for, and no `Cancel`. Lowered as the catalogue's
//! `pay` command guarding the effect's first statement (`Condition::Guarded`: nothing of
//! the effect, not its target, is chosen before the cost is paid), which ends the whole
//! effect when the cost is not paid, each `&&` part being under it. With `donothing?`,
//! `pay` is written with `unless` 1: it succeeds when the cost is not paid, so the effect
//! after `?` happens then. A menu of two effects (`A?B` with an `A` that does something),
//! a cost other than mana and life, and `pay` with `may`, around a lasting effect or
//! before an effect that asks its own question first are refused.

use compiler::ir::{Arg, Condition, Effect, Expr, Link, Statement};
use vm::bytecode::CommandIdx;

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::Command;

/// The cost of a word `pay(cost)` or `pay[[cost]]`.
pub(super) fn cost_of(word: Piece<'_>) -> Option<Piece<'_>> {
    if let Some((cost, after)) = word.call("pay") {
        return after.text.is_empty().then_some(cost);
    }
    let inner = word.strip_prefix("pay[[")?;
    inner.text.ends_with("]]").then(|| inner.slice(0, inner.text.len() - 2))
}

/// The effect of a paid line and whether it happens unless the cost is paid: `[name(...)]
/// donothing?effect` is `effect`, unless paid; a line without `?` is itself, if paid.
pub(super) fn unless(rest: Piece<'_>) -> Result<(Piece<'_>, bool), Unsupported> {
    let Some(at) = rest.find_top(b'?') else { return Ok((rest, false)) };
    let paid = rest.slice(0, at).trim();
    let words = paid.words();
    let does_nothing = match words.as_slice() {
        [only] => only.text.eq_ignore_ascii_case("donothing"),
        [name, only] => name.call("name").is_some() && only.text.eq_ignore_ascii_case("donothing"),
        _ => false,
    };
    if !does_nothing {
        return Err(Unsupported::new(paid, "`pay` menu whose paid effect does something (`A?B`)"));
    }
    let mut effect = rest.from(at + 1).trim();
    // `donothing?name(bounce) moveto(ownerhand)`: the label of the menu's other entry.
    if let Some(first) = effect.words().first()
        && let Some((_, after)) = first.call("name")
        && after.text.is_empty()
    {
        effect = effect.from(first.text.len() + (first.start - effect.start)).trim();
    }
    if effect.text.is_empty() {
        return Err(Unsupported::new(rest, "`pay` menu without an effect after `?`"));
    }
    Ok((effect, true))
}

/// Whether `guard` is a `pay` command's ([`Lowering::paid`]).
pub(super) fn is_payment(guard: &[Link<'_>]) -> bool {
    let pay = CommandIdx::new(Command::Pay.index());
    matches!(guard, [Link { effect: Effect::Call { command, .. }, .. }] if *command == pay)
}

impl<'i> Lowering<'i> {
    /// Puts `statements` under the payment of `cost`: the first is guarded by `pay`, and
    /// ends the line's entry when the guard fails and other statements follow.
    pub(super) fn paid(
        &self,
        cost: Piece<'_>,
        unless: bool,
        statements: &mut [Statement<'i>],
    ) -> Result<(), Unsupported> {
        self.paid_by(cost, unless, None, statements)
    }

    /// [`Lowering::paid`], the cost paid by `payer` (a player), when given, rather than by
    /// the source's controller: the player given `pay[[cost]] donothing?effect` by
    /// `ability$!...!$ opponent` (`given.rs`).
    pub(super) fn paid_by(
        &self,
        cost: Piece<'_>,
        unless: bool,
        payer: Option<Expr<'i>>,
        statements: &mut [Statement<'i>],
    ) -> Result<(), Unsupported> {
        let cost = cost.trim();
        if crate::builtins::read_pay_cost(cost.text).is_none() {
            return Err(Unsupported::new(cost, &format!("`pay` cost `{}`", cost.text)).with_help(Some(
                "the `pay` costs compiled are mana (`{2}{W}`, hybrids `{WB}`) and life (`{L:2}`, `{L}`)".into(),
            )));
        }
        // A spell's lines are one entry: ending it would skip the lines after this one.
        let stops = statements.len() > 1;
        if stops && self.spell {
            return Err(Unsupported::new(cost, "`pay` of `&&` parts on an instant or sorcery"));
        }
        let Some(first) = statements.first_mut() else {
            return Err(Unsupported::new(cost, "`pay` without an effect"));
        };
        if first.condition.is_some() {
            return Err(Unsupported::new(cost, "`pay` of an effect with a condition"));
        }
        let command = CommandIdx::new(Command::Pay.index());
        let text = self.arena.alloc_str(cost.text);
        let mut args = vec![Arg::Value(Expr::Str(text)), Arg::Value(Expr::Int(i32::from(unless)))];
        if let Some(payer) = payer {
            // `payer` 0 and no `x`: the player is the last argument, `who`.
            args.extend([Arg::Value(Expr::Int(0)), Arg::Value(Expr::Int(0)), Arg::Value(payer)]);
        }
        let args = self.arena.alloc_slice_copy(&args);
        let guard = self
            .arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args } }]);
        first.condition = Some(Condition::Guarded { guard, may: None, stops });
        Ok(())
    }
}
