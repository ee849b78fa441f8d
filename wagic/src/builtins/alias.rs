//! The builtins of rules Wagic's engine keeps by alias: Kjeldoran Frostbeast's
//! (`alias=2732`: at the end of combat, the creatures in combat with the card are
//! destroyed), the functions Erg Raiders' (`alias=1159`) tests and the count Fastbond's
//! (`alias=1243`) does.

use vm::runtime::{CallContext, Status, Value};

use super::{BATTLEFIELD, Res, status, target_cards};
use crate::host::WagicHost;

/// `destroycombatopponents`: for each target card still on the battlefield (Wagic's
/// `AKjeldoranFrostbeast` checks its source is in play), destroys each creature that
/// blocked it or that it blocked in the combat ending (regeneration may save one).
pub(super) fn destroy_combat_opponents<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let mut any = false;
    for card in target_cards(ctx) {
        if ctx.host().locate(card).is_none_or(|(_, zone)| zone != BATTLEFIELD) {
            continue;
        }
        let mut opponents = Vec::new();
        ctx.host().combat_opponents(card, &mut opponents);
        ctx.charge(opponents.len())?;
        for opponent in opponents {
            any |= ctx.host().destroy(opponent, true);
        }
    }
    Ok(status(any))
}

/// `fresh(card)`: whether the card entered the battlefield this turn.
pub(super) fn fresh<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let fresh = ctx.arg(0).as_card().is_some_and(|card| ctx.host().fresh(card));
    ctx.set_result(Value::Bool(fresh));
    Ok(Status::Success)
}

/// `attacked(card)`: whether the card attacked this turn.
pub(super) fn attacked<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let attacked = ctx.arg(0).as_card().is_some_and(|card| ctx.host().attacked(card));
    ctx.set_result(Value::Bool(attacked));
    Ok(Status::Success)
}

/// `landsentered(player)`: how many lands under the player's control entered the
/// battlefield this turn (Wagic's `seenThisTurn` of lands, which Fastbond counts).
pub(super) fn lands_entered<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Some(player) = ctx.arg(0).as_player() else {
        ctx.set_result(Value::Int(0));
        return Ok(Status::Success);
    };
    let mut battlefield = Vec::new();
    ctx.host().pile_cards(player, BATTLEFIELD, &mut battlefield);
    ctx.charge(battlefield.len())?;
    let entered = battlefield
        .iter()
        .filter_map(|value| value.as_card())
        .filter(|&card| ctx.host().fresh(card) && ctx.host().has_type_word(card, "land"))
        .count();
    ctx.set_result(Value::Int(i32::try_from(entered).unwrap_or(i32::MAX)));
    Ok(Status::Success)
}
