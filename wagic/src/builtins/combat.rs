//! The builtin of Kjeldoran Frostbeast's rule (`alias=2732`): at the end of combat, the
//! creatures in combat with the card are destroyed.

use vm::runtime::CallContext;

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
