//! `{i}` (Wagic's snow mana `{S}`): one mana a snow permanent made, of any colour. The
//! front end puts it first in its block, so that it is paid before the generic mana
//! that could take the snow mana it needs; its check covers the whole block: the snow
//! mana it takes, and the block's other symbols from what is left.

use super::*;
use crate::testfile::Mana;

/// The snow mana `count` `{i}` take from the pool, the colours the block's other symbols
/// (`block`) need least first, when what is left still pays them; `None` when none does.
fn snow_taken(pool: &Mana, snow: &Mana, block: &BlockMana, count: i32) -> Option<Mana> {
    let mut taken = [0; 6];
    let mut left = count;
    // First the colours beyond the block's coloured needs, then any.
    for spare_only in [true, false] {
        for colour in GENERIC_ORDER {
            let colour = usize::from(colour);
            // The colourless slot of `needs` is the generic mana, which any colour pays.
            let need = if colour < 5 { block.needs[colour].max(0) } else { 0 };
            let spare = if spare_only { (pool[colour] - need).max(0) } else { pool[colour] };
            let take = (snow[colour] - taken[colour]).min(spare - taken[colour]).min(left).max(0);
            taken[colour] += take;
            left -= take;
        }
    }
    if left > 0 {
        return None;
    }
    let mut rest = *pool;
    for (held, take) in rest.iter_mut().zip(taken) {
        *held -= take;
    }
    first_covered(&rest, block).map(|_| taken)
}

/// `{i}`: checked with its block; paid with snow mana the rest of the block spares.
pub(super) fn snow_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let player = ctx.env().controller;
    let count = cost_count(ctx);
    let block = block_mana(ctx, phase);
    let pool = pool_of(ctx, player);
    let mut snow = [0; 6];
    for (colour, mana) in snow.iter_mut().enumerate() {
        *mana = ctx.host().snow_mana(player, colour as Colour);
    }
    let Some(taken) = snow_taken(&pool, &snow, &block, count) else { return Ok(Status::Failure) };
    if phase == CostPhase::Check {
        return Ok(Status::Success);
    }
    for (colour, take) in taken.iter().enumerate() {
        if *take > 0 && !ctx.host().spend_snow_mana(player, colour as Colour, *take) {
            return Ok(Status::Failure);
        }
    }
    Ok(Status::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(needs: Mana) -> BlockMana {
        BlockMana { needs, hybrids: Vec::new() }
    }

    #[test]
    fn snow_mana_is_taken_where_the_rest_of_the_block_spares_it() {
        // {R}{i} from a snow {G} and a snow {R}: the green pays {i}, the red {R}.
        let (pool, snow) = ([0, 0, 0, 1, 1, 0], [0, 0, 0, 1, 1, 0]);
        assert_eq!(snow_taken(&pool, &snow, &block([0, 0, 0, 1, 0, 0]), 1), Some([0, 0, 0, 0, 1, 0]));
        // {1}{i} from one snow {R}: nothing is left for the {1}.
        assert_eq!(snow_taken(&[0, 0, 0, 1, 0, 0], &[0, 0, 0, 1, 0, 0], &block([0, 0, 0, 0, 0, 1]), 1), None);
        // Mana that is not snow does not pay {i}.
        assert_eq!(snow_taken(&[0, 0, 0, 2, 0, 0], &[0; 6], &block([0; 6]), 1), None);
    }
}
