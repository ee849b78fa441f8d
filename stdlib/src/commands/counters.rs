//! Counters: `bp`, `sp`, `hp`, `damage`, `loseLife` (spec §3.8, §4.7, with the FIX of
//! B-43/B-44/B-62: one HP primitive with a floor and a loss check, the same amount grammar
//! for `bp`/`sp`/`hp`, `lostSP` accumulated).

use vm::bytecode::AmountMode;
use vm::runtime::{CallContext, Event, PlayerId, Status, Value};

use super::{Res, apply_amount, is_character, status, target_cards, target_players};
use crate::host::{AttackRole, CfcHost, Flag, Window};
use crate::names::{ATTR_BP, ATTR_HP, ATTR_LOST_SP, ATTR_SP, EV_BEFORE_DAMAGE, VAR_TRIGGER};

/// Sets `player`'s HP to `hp` floored at 0; at 0 the player loses.
pub(crate) fn set_hp<H: CfcHost>(host: &mut H, player: PlayerId, hp: i32) {
    let hp = hp.max(0);
    host.set_counter(Value::Player(player), ATTR_HP, hp);
    if hp == 0 {
        host.defeat(player);
    }
}

/// Sets `player`'s SP to `sp` floored at 0; a loss adds to `lostSP`.
pub(crate) fn set_sp<H: CfcHost>(host: &mut H, player: PlayerId, sp: i32) {
    let object = Value::Player(player);
    let before = host.counter(object, ATTR_SP);
    let sp = sp.max(0);
    host.set_counter(object, ATTR_SP, sp);
    if sp < before {
        let lost = host.counter(object, ATTR_LOST_SP);
        host.set_counter(object, ATTR_LOST_SP, lost.saturating_add(before - sp));
    }
}

/// `bp(v)`: each target character's BP changes; `=v` is rounded to the nearest 100; the BP
/// floors at 0. Fails when no target is a character.
pub fn bp<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let amount = ctx.arg(0);
    let mut any = false;
    for card in target_cards(ctx) {
        if !is_character(ctx.host(), card) {
            continue;
        }
        any = true;
        let object = Value::Card(card);
        let current = ctx.host().counter(object, ATTR_BP);
        let Some(mut new) = apply_amount(current, amount) else { continue };
        if matches!(amount, Value::Amount(AmountMode::Set, _)) {
            new = (new.saturating_add(50)).div_euclid(100).saturating_mul(100);
        }
        ctx.host().set_counter(object, ATTR_BP, new.max(0));
    }
    Ok(status(any))
}

/// `sp(v)`: each target player's SP changes (floor 0; a loss adds to `lostSP`). Never fails.
pub fn sp<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let amount = ctx.arg(0);
    for player in target_players(ctx) {
        let current = ctx.host().counter(Value::Player(player), ATTR_SP);
        if let Some(new) = apply_amount(current, amount) {
            set_sp(ctx.host(), player, new);
        }
    }
    Ok(Status::Success)
}

/// `hp(v)`: each target player's HP changes (floor 0, loss at 0). Never fails.
pub fn hp<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let amount = ctx.arg(0);
    for player in target_players(ctx) {
        let current = ctx.host().counter(Value::Player(player), ATTR_HP);
        if let Some(new) = apply_amount(current, amount) {
            set_hp(ctx.host(), player, new);
        }
    }
    Ok(Status::Success)
}

/// `loseLife(n)`: each target player loses n HP; not damage (no `beforeDamage`, no
/// modifiers, no `ncDamaged`). Never fails.
pub fn lose_life<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let n = super::int_arg(ctx, 0, 0);
    for player in target_players(ctx) {
        let current = ctx.host().counter(Value::Player(player), ATTR_HP);
        set_hp(ctx.host(), player, current.saturating_sub(n));
    }
    Ok(Status::Success)
}

/// `damage(v)`: each target character loses `min(v, BP)` BP; each target player, after the
/// `beforeDamage` autos (dispatched when the source is not a character, `trigger` = the
/// source) and the `modDamage` adjustments they made to this one damage, loses that much
/// HP and is marked `ncDamaged` unless the source is an attacking character. Fails when
/// there is no target.
pub fn damage<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    // A failed expression (nil) deals no damage.
    let amount = ctx.arg(0).as_int().unwrap_or(0);
    if ctx.n_targets() == 0 {
        return Ok(Status::Failure);
    }
    let env = ctx.env();
    let source = env.source;
    let source_is_char = is_character(ctx.host(), source);
    let targets: super::Values = ctx.targets().iter().copied().collect();
    for target in targets {
        match target {
            Value::Card(card) => {
                if !is_character(ctx.host(), card) {
                    continue;
                }
                let current = ctx.host().counter(target, ATTR_BP);
                let loss = amount.clamp(0, current.max(0));
                ctx.host().set_counter(target, ATTR_BP, current - loss);
            }
            Value::Player(player) => {
                ctx.host().open_window(Window::Damage);
                let dispatched = if source_is_char {
                    Ok(())
                } else {
                    let event = Event::new(EV_BEFORE_DAMAGE, env.me).bind(VAR_TRIGGER, Value::Card(source));
                    ctx.dispatch(event)
                };
                let delta = ctx.host().close_window(Window::Damage);
                dispatched?;
                let dealt = amount.saturating_add(delta).max(0);
                let current = ctx.host().counter(target, ATTR_HP);
                set_hp(ctx.host(), player, current.saturating_sub(dealt));
                let attacking = source_is_char && ctx.host().attack_role(source) != AttackRole::None;
                if !attacking {
                    ctx.host().set_flag(target, Flag::NcDamaged, true);
                }
            }
            _ => {}
        }
    }
    Ok(Status::Success)
}
