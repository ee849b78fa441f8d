//! `fizzle` and `fizzleto(zone)` (Wagic's `AAFizzler`): counter a spell on the stack.

use vm::bytecode::ZoneIdx;
use vm::runtime::{CallContext, Status, Value};

use super::{Res, status, target_cards, zone_player};
use crate::catalogue;
use crate::host::WagicHost;

/// Counters each target spell: a card on the stack that can be countered leaves it for the
/// zone of the `zone` argument (its owner's graveyard for `fizzle`), as Wagic's
/// `ActionStack::Fizzle` moves it; a spell with `nofizzle` stays (Wagic's fizzler returns
/// without moving it). Fails when no target was countered.
pub(super) fn fizzle<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Value::Pile(zone) = ctx.arg(0) else { return Ok(Status::Failure) };
    let stack = catalogue::ZONES.iter().position(|spec| spec.name == "stack").map(ZoneIdx::new);
    let mut countered = false;
    for card in target_cards(ctx) {
        let on_stack = ctx.host().locate(card).is_some_and(|(_, at)| Some(at) == stack);
        if !on_stack || ctx.host().uncounterable(card) {
            continue;
        }
        let player = zone_player(ctx, zone, card);
        countered |= ctx.host().move_card(card, player, zone.zone, 0);
    }
    Ok(status(countered))
}
