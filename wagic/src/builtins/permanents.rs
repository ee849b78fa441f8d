//! One-shot effects on permanents and cards: `frozen` (Wagic's `AAFrozen`),
//! `removefromcombat` (`ACombatRemoval`), `bottomoflibrary` (`AALibraryBottom`) and
//! `flip` (`AAFlip`) and `blink` (`ABlink`).

use vm::runtime::CallContext;

use super::{LIBRARY, Res, int_arg, status, string_arg, target_cards};
use crate::host::{BlinkReturn, WagicHost};

/// `frozen`: each target permanent skips its controller's next untap.
pub(super) fn frozen<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let mut any = false;
    for card in target_cards(ctx) {
        any |= ctx.host().freeze(card);
    }
    Ok(status(any))
}

/// `removefromcombat`: each target creature leaves combat.
pub(super) fn remove_from_combat<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let mut any = false;
    for card in target_cards(ctx) {
        any |= ctx.host().remove_from_combat(card);
    }
    Ok(status(any))
}

/// `bottomoflibrary`: each target card goes to the bottom of its owner's library.
pub(super) fn bottom_of_library<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let mut moved = false;
    for card in target_cards(ctx) {
        let owner = ctx.host().owner(card);
        moved |= ctx.host().move_card(card, owner, LIBRARY, -1);
    }
    Ok(status(moved))
}

/// `flip(Name)`: each target permanent becomes the card named `card`.
pub(super) fn flip<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let name = string_arg(ctx, 0)?;
    let mut flipped = false;
    for card in target_cards(ctx) {
        flipped |= ctx.host().flip(card, &name);
    }
    Ok(status(flipped))
}

/// `blink`: each target card is exiled, to return to its owner's battlefield (argument 1
/// set: its hand) as argument 0 says (the host keeps it waiting: [`WagicHost::blink`]).
pub(super) fn blink<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let until = BlinkReturn::from_code(int_arg(ctx, 0, 0)).unwrap_or(BlinkReturn::AtOnce);
    let to_hand = int_arg(ctx, 1, 0) != 0;
    let source = ctx.env().source;
    let mut exiled = false;
    for card in target_cards(ctx) {
        exiled |= ctx.host().blink(card, source, until, to_hand);
    }
    Ok(status(exiled))
}
