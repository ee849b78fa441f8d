//! `discardchosen:n`: a discard its player chooses (Wagic writes it as a spell given to
//! that player, `ability$!target(<n>*|myhand) reject!$ opponent`). Each target player in
//! turn is asked for n cards of their hand; the builtin's step counter remembers whose
//! turn it is and whether someone held too few, across the suspensions.

use vm::runtime::{CallContext, CardId, PlayerId, Status, Value};

use super::{GRAVEYARD, HAND, Res, charge_moved, status, target_players};
use crate::host::WagicHost;

/// The step counter's bit set once a player held fewer than n cards (the command fails).
const SHORT: u16 = 1;

/// `discardchosen:n`: each target player discards n cards of their choice; a player with n
/// or fewer discards their whole hand unasked.
pub(super) fn discard_chosen<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let count = usize::try_from(super::amount_per(ctx, 1)?).unwrap_or(0);
    if count == 0 {
        // None to discard (Mind Sludge's caster controls no Swamp): nobody is asked.
        return Ok(Status::Success);
    }
    let players = target_players(ctx);
    let step = ctx.step();
    let mut short = step & SHORT != 0;
    let mut next = usize::from(step >> 1);
    if let Some(answer) = ctx.answer() {
        let chosen: Vec<CardId> = answer.iter().filter_map(|value| value.as_card()).collect();
        if let Some(&player) = players.get(next) {
            discard_these(ctx, player, &chosen)?;
        }
        next += 1;
    }
    while let Some(&player) = players.get(next) {
        let hand: Vec<Value> = ctx.read_pile(player, HAND, |_, pile| pile.to_vec());
        if hand.len() <= count {
            short |= hand.len() < count;
            let moved = ctx.host().discard(player, i32::try_from(count).unwrap_or(i32::MAX));
            charge_moved(ctx, moved)?;
            next += 1;
            continue;
        }
        // Both numbers are small: at most two players, and a count under the hand's size.
        let at = u16::try_from(next).unwrap_or(u16::MAX >> 1);
        ctx.set_step((at << 1) | u16::from(short));
        let most = u16::try_from(count).unwrap_or(u16::MAX);
        let whose = u16::try_from(player.0).unwrap_or(u16::MAX);
        return ctx.choose(whose, &hand, most, most, None);
    }
    Ok(status(!short))
}

/// Moves the cards `player` chose from their hand to their graveyard (an answer naming a
/// card elsewhere moves nothing: the host's answer is not trusted).
fn discard_these<H: WagicHost>(ctx: &mut CallContext<'_, H>, player: PlayerId, chosen: &[CardId]) -> Res {
    let mut moved = 0;
    for &card in chosen {
        if ctx.host().locate(card) == Some((player, HAND)) {
            let owner = ctx.host().owner(card);
            ctx.host().move_card(card, owner, GRAVEYARD, -1);
            moved += 1;
        }
    }
    charge_moved(ctx, moved)?;
    Ok(Status::Success)
}
