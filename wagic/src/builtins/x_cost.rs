//! `{X}` and `{X:white}` in an activated ability's cost (Wagic's `ManaCost::x` and
//! `ManaCost::specificX`): paid after the ability's other mana (the front end puts the
//! symbol last), with the X its player chose ([`WagicHost::x_chosen`]: a game's move
//! `with X = n`), or, when none was chosen (a test's click), with all the mana of its
//! colour the pool has left, as Wagic's `ManaCost::Diff` moves what is left into X. The
//! X paid is the ability's `x` ([`WagicHost::set_x_paid`]).

use super::*;
use crate::testfile::Mana;

/// `{X}`: X mana of any colour.
pub(super) fn x_any<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    x_cost(ctx, phase, None)
}
/// `{X:white}`: X white mana.
pub(super) fn x_white<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    x_cost(ctx, phase, Some(0))
}
/// `{X:blue}`.
pub(super) fn x_blue<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    x_cost(ctx, phase, Some(1))
}
/// `{X:black}`.
pub(super) fn x_black<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    x_cost(ctx, phase, Some(2))
}
/// `{X:red}`.
pub(super) fn x_red<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    x_cost(ctx, phase, Some(3))
}
/// `{X:green}`.
pub(super) fn x_green<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    x_cost(ctx, phase, Some(4))
}

/// An X cost paid with mana of `colour` (any colour when `None`): checked against what
/// the block's other mana leaves in the pool, paid from what it left.
fn x_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase, colour: Option<Colour>) -> Res {
    let player = ctx.env().controller;
    let mut pool = pool_of(ctx, player);
    if phase == CostPhase::Check {
        // The other mana symbols are paid before X: what they leave is X's to take.
        let block = block_mana(ctx, phase);
        let needs = first_covered(&pool, &block).unwrap_or(block.needs);
        pool = left_after(pool, &needs);
    }
    let available = match colour {
        Some(colour) => pool.get(usize::from(colour)).copied().unwrap_or(0).max(0),
        None => pool.iter().fold(0i32, |sum, mana| sum.saturating_add((*mana).max(0))),
    };
    let chosen = ctx.host().x_chosen();
    match phase {
        CostPhase::Check => Ok(status(chosen.is_none_or(|x| (0..=available).contains(&x)))),
        CostPhase::Pay => {
            let x = chosen.unwrap_or(available);
            if !(0..=available).contains(&x) {
                return Ok(Status::Failure);
            }
            let paid = match colour {
                Some(colour) => ctx.host().spend_mana(player, colour, x),
                None => spend_generic(ctx, player, x, &[0; 6]),
            };
            if paid {
                ctx.host().set_x_paid(x);
            }
            Ok(status(paid))
        }
    }
}

/// What `pool` holds once `needs` is paid from it: each colour's symbols from that
/// colour, the generic mana (slot 5) in Wagic's order ([`GENERIC_ORDER`]); nothing below
/// none.
fn left_after(mut pool: Mana, needs: &Mana) -> Mana {
    for colour in 0..5 {
        pool[colour] = (pool[colour] - needs[colour]).max(0);
    }
    let mut generic = needs[5].max(0);
    for colour in GENERIC_ORDER {
        let slot = &mut pool[usize::from(colour)];
        let take = (*slot).max(0).min(generic);
        *slot -= take;
        generic -= take;
    }
    pool
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_other_mana_is_taken_off_before_x() {
        // {G} from green, {1} colourless first: {W}{G}{G}{C} less {1}{G} leaves {W}{G}.
        assert_eq!(left_after([1, 0, 0, 0, 2, 1], &[0, 0, 0, 0, 1, 1]), [1, 0, 0, 0, 1, 0]);
        // More needed than held: nothing below none.
        assert_eq!(left_after([0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 3]), [0; 6]);
    }
}
