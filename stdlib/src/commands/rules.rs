//! Rule switches and modifiers: `enableRule`, `disableRule`, `modRule`, `alterCost`,
//! `modCost`, `modDamage` (spec §3.13, §3.14, with the FIX of B-45/B-46/B-47).
//!
//! Rule switches and cost changes are timed effects: each is recorded with the runtime
//! ([`CallContext::record_effect`], an [`EffectKind::Custom`] whose `code` says what it
//! is) and applied with [`CfcHost::add_modifier`] under the effect's id, so the
//! statement's restriction (or, without one, the source leaving play) ends exactly it
//! through [`crate::end_effect`]. Recording the same effect twice from the same source
//! does nothing (set/unset semantics instead of the Python toggle, B-46).

use vm::bytecode::AmountMode;
use vm::runtime::{CallContext, Effect, EffectKind, Status, Trap, TrapCode, Value};

use super::{Res, int_arg};
use crate::CATALOGUE;
use crate::host::{CfcHost, CostChange, Modifier, RuleValue, Window};

/// `EffectKind::Custom` codes of rule switches: this base plus the switch's index.
pub const CODE_RULE: u16 = 0x0100;
/// `EffectKind::Custom` codes of cost changes: this base plus the cost type's index.
pub const CODE_COST: u16 = 0x0200;

/// Ends a recorded effect of the stdlib: removes the modifier applied under its id. Other
/// effects (ability grants) are left to the game. Call it from [`vm::runtime::Host::end_effect`].
pub fn end_effect<H: CfcHost>(host: &mut H, effect: &Effect) {
    if let EffectKind::Custom { code, .. } = effect.kind
        && (CODE_RULE..CODE_COST + 0x100).contains(&code)
    {
        host.remove_modifier(effect.id);
    }
}

/// Records and applies rule switch `arg(0)` with `value` for each target player, or
/// globally when no target is a player.
fn set_rule<H: CfcHost>(ctx: &mut CallContext<'_, H>, value: RuleValue) -> Res {
    let Value::RuleSwitch(rule) = ctx.arg(0) else { return Ok(Status::Success) };
    // A switch the program wrote is in the catalogue; one a host made up (a variable
    // passed as the argument) may not be, and its index must neither reach the game nor
    // overflow the effect code.
    let Some(offset) = u16::try_from(rule.0).ok().filter(|_| (rule.0 as usize) < CATALOGUE.rule_switches.len()) else {
        return Err(Trap::new(TrapCode::BadArgument));
    };
    let mut scopes: smallvec::SmallVec<[Option<vm::runtime::PlayerId>; 2]> =
        ctx.targets().iter().filter_map(|t| t.as_player()).map(Some).collect();
    if scopes.is_empty() {
        scopes.push(None);
    }
    let stored = match value {
        RuleValue::Bool(b) => Value::Bool(b),
        RuleValue::Int(n) => Value::Int(n),
    };
    for player in scopes {
        let target = player.map_or(Value::Nil, Value::Player);
        let code = CODE_RULE + offset;
        if let Some(id) = ctx.record_effect(EffectKind::Custom { code, target, value: stored })? {
            ctx.host().add_modifier(id, Modifier::Rule { player, rule, value });
        }
    }
    Ok(Status::Success)
}

/// A rule value argument: a boolean or an integer (`default` when absent).
fn rule_value<H: CfcHost>(ctx: &CallContext<'_, H>, i: usize, default: RuleValue) -> RuleValue {
    match ctx.arg(i) {
        Value::Bool(b) => RuleValue::Bool(b),
        Value::Int(n) => RuleValue::Int(n),
        _ => default,
    }
}

/// `enableRule(rule [, value])`: turns the switch on (or sets its value). Never fails.
pub fn enable_rule<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let value = rule_value(ctx, 1, RuleValue::Bool(true));
    set_rule(ctx, value)
}

/// `disableRule(rule)`: turns the switch off. Never fails.
pub fn disable_rule<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    set_rule(ctx, RuleValue::Bool(false))
}

/// `modRule(rule, value)`: gives the switch a value. Never fails.
pub fn mod_rule<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let value = rule_value(ctx, 1, RuleValue::Bool(true));
    set_rule(ctx, value)
}

/// `alterCost(type, n | =n)`: a cost modifier of that cost type (positive = cheaper, `=n`
/// sets the raw cost), while the restriction or the source lasts. Like the Python's global
/// `Modifiers.cost`, it applies to every payment of that type, whoever pays. Never fails.
pub fn alter_cost<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Some(cost_type) = ctx.keyword_arg(0)? else { return Ok(Status::Success) };
    let change = match ctx.arg(1) {
        Value::Amount(AmountMode::Set, n) => CostChange::Set(n),
        Value::Amount(_, n) | Value::Int(n) => CostChange::Add(n),
        _ => return Ok(Status::Success),
    };
    let value = match change {
        CostChange::Add(n) => Value::Amount(AmountMode::Add, n),
        CostChange::Set(n) => Value::Amount(AmountMode::Set, n),
    };
    let kind = EffectKind::Custom { code: CODE_COST + cost_type, target: Value::Nil, value };
    if let Some(id) = ctx.record_effect(kind)? {
        ctx.host().add_modifier(id, Modifier::Cost { cost_type, change });
    }
    Ok(Status::Success)
}

/// `modCost(type, n)`: inside a `beforePayCost<type>` auto, makes the cost being paid n
/// cheaper (this payment only). Fails when no such cost is being paid.
pub fn mod_cost<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Some(cost_type) = ctx.keyword_arg(0)? else { return Ok(Status::Failure) };
    let n = int_arg(ctx, 1, 0);
    Ok(super::status(ctx.host().adjust_window(Window::Cost(cost_type), n)))
}

/// `modDamage(n)`: inside a `beforeDamage` auto, changes the damage about to be dealt to a
/// player by n (this damage only). Fails when no player damage is being dealt.
pub fn mod_damage<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let n = int_arg(ctx, 0, 0);
    Ok(super::status(ctx.host().adjust_window(Window::Damage, n)))
}
