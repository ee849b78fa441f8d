//! `pay`: Wagic's `pay(cost) effect` and `pay[[cost]] effect` (`GenericPaidAbility`), "you
//! may pay {2}; if you do, ...". Wagic opens a menu for the source's controller: the
//! effect (its cost to pay), and `Cancel`; with `A?B` (`pay({2}) donothing?damage:3
//! controller`, "unless you pay") the two effects, the first paid for, and no `Cancel`.
//! The command asks that player whether to pay when they can, pays when they do, and its
//! status guards the effect (the front end's `Condition::Guarded`): paid, it succeeds;
//! declined or too dear, it fails, so the effect does not happen (`unless`: the other way
//! round). The mana comes from the player's pool, as Wagic's extra payment takes it, then
//! from their untapped lands of a basic land type, tapped for it (Wagic's player clicks
//! them while the payment waits).

use super::*;
use crate::runner::costs::{Hybrid, pay as pay_from_pool, plain_ways, read_cost};
use crate::testfile::Mana;

/// The most life a `{L:n}` symbol of a `pay` cost may ask (a larger one is refused).
const MAX_LIFE: i32 = 1000;

/// The most mana a `{X}` cost asks (a larger X is asked as this much).
const MAX_X: i32 = 1000;

/// The cost of a `pay` effect: its mana (its hybrid symbols apart) and its life.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PayCost {
    /// The mana symbols other than hybrids, as [`crate::testfile::read_mana`] reads them.
    pub mana: Mana,
    /// The hybrid symbols (`{WB}`), in the order written.
    pub hybrids: Vec<Hybrid>,
    /// The life paid (`{L:2}`).
    pub life: i32,
}

/// Reads a `pay` cost (`{2}{W}`, `{WB}{WB}`, `{L:2}`, `{L}`); `None` for another symbol (`{X}`,
/// `{T}`, `{S}`...), text outside the braces, or no symbol at all.
pub(crate) fn read_pay_cost(text: &str) -> Option<PayCost> {
    let mut mana_text = String::with_capacity(text.len());
    let mut life = 0i32;
    let mut rest = text.trim();
    while !rest.is_empty() {
        let inner = rest.strip_prefix('{')?;
        let close = inner.find('}')?;
        let symbol = inner[..close].trim();
        rest = inner[close + 1..].trim_start();
        let lower = symbol.to_ascii_lowercase();
        if lower == "l" {
            // `{L}`: one life (Wagic's `LifeCost` of 1).
            life = life.checked_add(1).filter(|life| *life <= MAX_LIFE)?;
            continue;
        }
        if let Some(count) = lower.strip_prefix("l:") {
            let count: i32 = count.trim().parse().ok().filter(|count| (0..=MAX_LIFE).contains(count))?;
            life = life.checked_add(count).filter(|life| *life <= MAX_LIFE)?;
            continue;
        }
        if symbol.is_empty() {
            return None;
        }
        mana_text.push('{');
        mana_text.push_str(symbol);
        mana_text.push('}');
    }
    if mana_text.is_empty() && life == 0 {
        return None;
    }
    let (mana, hybrids) = read_cost(&mana_text)?;
    Some(PayCost { mana, hybrids, life })
}

/// A way to pay a cost: the plain cost paid (its hybrids one way each) and the lands to
/// tap first, each for a colour.
type Payment = (Mana, Vec<(CardId, usize)>);

/// How `player` pays `cost`: the plain cost paid and the lands to tap, each for a colour
/// (none when the pool pays it); `None` when neither pays it. Each way of paying the
/// hybrids is tried on the pool, then on the lands: a unit of fuel per way and per land.
fn payment<H: WagicHost>(
    ctx: &mut CallContext<'_, H>,
    player: PlayerId,
    cost: &PayCost,
) -> Result<Option<Payment>, Trap> {
    if cost.life > 0 && ctx.host().life(player) < cost.life {
        return Ok(None);
    }
    let pool = pool_of(ctx, player);
    let ways = plain_ways(cost.mana, &cost.hybrids);
    ctx.charge(ways.len())?;
    // The pool alone first, as Wagic's payment takes it, then with lands tapped.
    if let Some(way) = ways.iter().find(|way| pay_from_pool(&mut pool.clone(), way)) {
        return Ok(Some((*way, Vec::new())));
    }
    let lands = ctx.host().mana_lands(player);
    ctx.charge(ways.len().saturating_mul(lands.len()))?;
    Ok(ways.iter().find_map(|way| crate::play::plan_payment(pool, &lands, way).map(|taps| (*way, taps))))
}

/// The tag of a `pay` question asked of `player` rather than of the source's controller
/// (a `newability[pay[[cost]] ...]`'s payer, the transformed card's controller): the
/// table's `chooser` reads it back ([`payer_of_tag`]).
fn payer_tag(player: PlayerId) -> u16 {
    1 + u16::from(player.0 != 0)
}

/// Who answers a `pay` question of tag `tag`: `None` for the source's controller (tag 0).
pub(crate) fn payer_of_tag(tag: u16) -> Option<PlayerId> {
    match tag {
        1 => Some(PlayerId(0)),
        2 => Some(PlayerId(1)),
        _ => None,
    }
}

/// The player argument `who` names (a player, or the first player of a list: the card's
/// targets), if any.
fn named_payer<H: WagicHost>(ctx: &CallContext<'_, H>) -> Option<PlayerId> {
    match ctx.arg(4) {
        Value::Player(player) => Some(player),
        Value::List(list) => ctx.list(list).iter().find_map(|value| match value {
            Value::Player(player) => Some(*player),
            _ => None,
        }),
        _ => None,
    }
}

/// `pay(cost)`: asks the source's controller (with `payer` 1: the controller of the first
/// target card, a `newability[...]`'s transformed card; with `who`, that player) whether to pay `cost` (`{X}`:
/// argument `x` of generic mana) when they can; the status says whether it was paid (the
/// other way round with `unless` 1).
pub(super) fn pay<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let text = string_arg(ctx, 0)?;
    let unless = int_arg(ctx, 1, 0) == 1;
    let paid = |paid: bool| Ok(status(paid != unless));
    let cost = if text.eq_ignore_ascii_case("{X}") {
        // Syncopate's `{value:storedx}`: the X paid for the spell, generic mana.
        let x = int_arg(ctx, 3, 0).clamp(0, MAX_X);
        Some(PayCost { mana: [0, 0, 0, 0, 0, x], hybrids: Vec::new(), life: 0 })
    } else {
        read_pay_cost(&text)
    };
    let Some(cost) = cost else { return paid(false) };
    let transformed = if int_arg(ctx, 2, 0) == 1 { target_cards(ctx).first().copied() } else { None };
    let (player, tag) = match (transformed, named_payer(ctx)) {
        (_, Some(player)) => (player, payer_tag(player)),
        (Some(card), None) => {
            let player = ctx.host().controller(card);
            (player, payer_tag(player))
        }
        (None, None) => (ctx.env().controller, 0),
    };
    let Some(answer) = ctx.answer().map(<[Value]>::to_vec) else {
        if payment(ctx, player, &cost)?.is_none() {
            return paid(false);
        }
        let question = match ctx.arg(0) {
            Value::Str(question) => Some(question),
            _ => None,
        };
        return ctx.choose(tag, &[Value::Bool(true), Value::Bool(false)], 1, 1, question);
    };
    if answer != [Value::Bool(true)] {
        return paid(false);
    }
    // Asked when it could pay: what was answered since may have spent the mana.
    let Some((plain, taps)) = payment(ctx, player, &cost)? else { return paid(false) };
    for (land, colour) in taps {
        ctx.host().tap_for_mana(land, player, colour as Colour);
    }
    let mut pool = pool_of(ctx, player);
    let before = pool;
    if !pay_from_pool(&mut pool, &plain) {
        return paid(false);
    }
    for (colour, (had, left)) in before.iter().zip(pool).enumerate() {
        ctx.host().spend_mana(player, colour as Colour, had - left);
    }
    if cost.life > 0 {
        ctx.host().change_life(player, -cost.life);
    }
    paid(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pay_cost_is_read_with_its_hybrids_and_life() {
        let cost = read_pay_cost("{2}{W}").expect("a cost");
        assert_eq!((cost.mana, cost.hybrids.len(), cost.life), ([1, 0, 0, 0, 0, 2], 0, 0));
        let cost = read_pay_cost("{WB}{WB}").expect("a cost");
        assert_eq!((cost.mana, cost.hybrids.len()), ([0; 6], 2));
        assert_eq!(plain_ways(cost.mana, &cost.hybrids).len(), 4);
        assert!(plain_ways(cost.mana, &cost.hybrids).contains(&[1, 0, 1, 0, 0, 0]));
        let cost = read_pay_cost("{L:2}").expect("a cost");
        assert_eq!((cost.mana, cost.life), ([0; 6], 2));
        assert_eq!(read_pay_cost("{1}{L}").map(|cost| (cost.mana[5], cost.life)), Some((1, 1)));
        for refused in ["", "{X}", "{T}", "{S}", "2", "{1}x", "{L:-1}", "{L:5000}", "{}"] {
            assert_eq!(read_pay_cost(refused), None, "{refused}");
        }
    }
}
