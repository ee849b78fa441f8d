//! The functions of Wagic's conditions: on the source card, `if casted(this)` (whether
//! it was cast: Wagic's `parseCastRestrictions` finds it among the spells its
//! controller's stack saw this turn) and `this(gear ...)`, `this(auras ...)` (how many
//! Equipment or Auras are attached to it: Wagic's `ThisEquip`, `ThisAuras`); on the turn,
//! `if raid` (its controller attacked) and `if morbid` (a creature died); on the spell,
//! `if spent({R})` (the mana paid to cast it).

use vm::runtime::{CallContext, Status, Value};

use super::{BATTLEFIELD, Res, STACK, string_arg};
use crate::catalogue;
use crate::host::{Colour, WagicHost};

/// `wascast(card)`: whether the card is a spell on the stack, or a permanent that entered
/// the battlefield from the stack this turn (a card gets onto the stack only by being
/// cast: a permanent put onto the battlefield by an effect, or by a test's `inplay:`, was
/// not).
pub(super) fn was_cast<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let cast = ctx.arg(0).as_card().is_some_and(|card| {
        let host = ctx.host();
        match host.locate(card) {
            Some((_, zone)) if zone == STACK => true,
            Some((_, zone)) if zone == BATTLEFIELD => {
                host.fresh(card) && host.moved_from(card).is_some_and(|(_, from)| from == STACK)
            }
            _ => false,
        }
    });
    ctx.set_result(Value::Bool(cast));
    Ok(Status::Success)
}

/// `attachments(card, 'equipment')` (or `'aura'`): how many Equipment (or Auras) on the
/// battlefield are attached to the card; 0 for anything else.
pub(super) fn attachments<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let kind = string_arg(ctx, 1)?;
    let (equipment, auras) = ctx.arg(0).as_card().map_or((0, 0), |card| ctx.host().attachments(card));
    let count = match kind.as_str() {
        "equipment" => equipment,
        "aura" => auras,
        _ => 0,
    };
    ctx.set_result(Value::Int(count));
    Ok(Status::Success)
}

/// `raided(player)`: whether the player attacked with a creature this turn.
pub(super) fn raided<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let raided = ctx.arg(0).as_player().is_some_and(|player| ctx.host().raided(player));
    ctx.set_result(Value::Bool(raided));
    Ok(Status::Success)
}

/// `damaged(player)`: the damage the player was dealt this turn.
pub(super) fn damaged<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let damage = ctx.arg(0).as_player().map_or(0, |player| ctx.host().damaged(player));
    ctx.set_result(Value::Int(damage));
    Ok(Status::Success)
}

/// `morbid()`: whether a creature card was put into a graveyard from the battlefield this
/// turn.
pub(super) fn morbid<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let morbid = ctx.host().morbid();
    ctx.set_result(Value::Bool(morbid));
    Ok(Status::Success)
}

/// `powertotal(player)`: the total power of the creatures the player controls.
pub(super) fn power_total<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let total = ctx.arg(0).as_player().map_or(0, |player| ctx.host().creature_power_total(player));
    ctx.set_result(Value::Int(total));
    Ok(Status::Success)
}

/// `coinflip()`: whether a coin flip is won: the host's random source draws one of two
/// sides (Wagic's `AASetCoin` compares the side its controller called with its game's
/// random number), so a seeded game flips the same.
pub(super) fn coin_flip<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let won = ctx.host().random(2) == 0;
    ctx.set_result(Value::Bool(won));
    Ok(Status::Success)
}

/// `manaspent(card, colour)`: the mana of that colour (a [`catalogue::MANA_COLOURS`]
/// name) paid to cast the card; 0 for another word.
/// `stored(card, 'power')` (`'toughness'`, `'manacost'`): that of the card a cost of the
/// card's ability last moved or tapped, as it was then; 0 when none.
pub(super) fn stored<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let what = string_arg(ctx, 1)?;
    let value = match (ctx.arg(0).as_card(), ["power", "toughness", "manacost"].iter().position(|name| *name == what)) {
        (Some(card), Some(what)) => ctx.host().stored(card, what),
        _ => 0,
    };
    ctx.set_result(Value::Int(value));
    Ok(Status::Success)
}

pub(super) fn mana_spent<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let colour = string_arg(ctx, 1)?;
    let spent = match (ctx.arg(0).as_card(), catalogue::position(catalogue::MANA_COLOURS, &colour)) {
        (Some(card), Some(index)) if index < 5 => ctx.host().mana_spent(card, index as Colour),
        _ => 0,
    };
    ctx.set_result(Value::Int(spent));
    Ok(Status::Success)
}
