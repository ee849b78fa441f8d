//! Hybrid mana in an activated ability's cost (`{RG}:`, `{2W}:`), each symbol paid one
//! way or the other, and what the other mana symbols of the same block must leave for
//! them: a block with hybrids is checked whole (some way of paying its hybrids, with its
//! coloured and generic mana, fits the pool), and each symbol is paid so that the rest
//! of the block still fits.

use super::*;
use crate::runner::costs::{Hybrid, hybrid_part, plain_ways};
use crate::testfile::Mana;

/// The two ways of paying a hybrid cost symbol named as the catalogue names it (`RG`,
/// `2W`: two generic mana or one white); `None` for another name.
pub(crate) fn hybrid_ways(name: &str) -> Option<Hybrid> {
    let mut chars = name.chars();
    let (Some(first), Some(second), None) = (chars.next(), chars.next(), chars.next()) else { return None };
    if first.is_ascii_digit() && second.is_ascii_digit() {
        return None;
    }
    Some([hybrid_part(first.to_ascii_lowercase())?, hybrid_part(second.to_ascii_lowercase())?])
}

/// The mana symbols of a cost block: coloured mana by colour and generic mana in the
/// colourless slot (5), and its hybrids.
pub(super) struct BlockMana {
    pub needs: Mana,
    pub hybrids: Vec<Hybrid>,
}

/// The mana symbols of the block the running cost belongs to: all of them (`Check`) or
/// those paid after this one (`Pay`).
pub(super) fn block_mana<H: WagicHost>(ctx: &CallContext<'_, H>, phase: CostPhase) -> BlockMana {
    let mut block_mana = BlockMana { needs: [0; 6], hybrids: Vec::new() };
    let Some((block, at)) = ctx.cost_block() else { return block_mana };
    for (index, cost) in block.iter().enumerate() {
        if phase == CostPhase::Pay && index <= at {
            continue;
        }
        let name = CATALOGUE.costs.get(cost.cost.index()).map_or("", |spec| spec.name);
        let count = cost.count.map_or(1, |count| i32::try_from(count).unwrap_or(i32::MAX));
        if let Some(colour) = COLOUR_SYMBOLS.iter().position(|symbol| *symbol == name) {
            block_mana.needs[colour] = block_mana.needs[colour].saturating_add(count);
        } else if name == "generic" {
            block_mana.needs[5] = block_mana.needs[5].saturating_add(count);
        } else if let Some(hybrid) = hybrid_ways(name) {
            block_mana.hybrids.push(hybrid);
        }
    }
    block_mana
}

/// Whether `pool` pays `way`: its coloured mana (slots 0..5) from those colours, its
/// generic mana (slot 5) from what is left of any colour.
fn covers(pool: &Mana, way: &Mana) -> bool {
    let mut spare = pool[5].max(0);
    for colour in 0..5 {
        if pool[colour] < way[colour] {
            return false;
        }
        spare = spare.saturating_add(pool[colour] - way[colour]);
    }
    spare >= way[5]
}

/// The first way of paying `block` that `pool` pays, if any (at most 2^10 ways: a block
/// holds few hybrids, and the front end reads at most as many as its line has).
pub(super) fn first_covered(pool: &Mana, block: &BlockMana) -> Option<Mana> {
    plain_ways(block.needs, &block.hybrids).into_iter().find(|way| covers(pool, way))
}

/// The coloured mana generic mana paid now must leave in the pool for the symbols paid
/// after it: their coloured needs, and their hybrids paid the first way the pool allows.
pub(super) fn reserved(pool: &Mana, after: &BlockMana) -> Mana {
    let mut reserve =
        if after.hybrids.is_empty() { after.needs } else { first_covered(pool, after).unwrap_or(after.needs) };
    reserve[5] = 0;
    reserve
}

/// The player's mana pool.
pub(super) fn pool_of<H: WagicHost>(ctx: &mut CallContext<'_, H>, player: PlayerId) -> Mana {
    let mut pool = [0; 6];
    for (colour, mana) in pool.iter_mut().enumerate() {
        *mana = ctx.host().mana(player, colour as Colour);
    }
    pool
}

/// `{RG}`, `{2W}`...: checked with the whole block ([`first_covered`]); paid the first of
/// its two ways after which the symbols still to pay fit the pool.
pub(super) fn hybrid_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let name = ctx.cost().and_then(|cost| CATALOGUE.costs.get(cost.cost.index())).map_or("", |spec| spec.name);
    let Some(ways) = hybrid_ways(name) else { return Ok(Status::Failure) };
    let player = ctx.env().controller;
    let pool = pool_of(ctx, player);
    let block = block_mana(ctx, phase);
    if phase == CostPhase::Check {
        return Ok(status(first_covered(&pool, &block).is_some()));
    }
    for (slot, value) in ways {
        let mut rest = block.needs;
        rest[slot] = rest[slot].saturating_add(value);
        if plain_ways(rest, &block.hybrids).iter().all(|way| !covers(&pool, way)) {
            continue;
        }
        if slot < 5 {
            return Ok(status(ctx.host().spend_mana(player, slot as Colour, value)));
        }
        return Ok(status(spend_generic(ctx, player, value, &reserved(&pool, &block))));
    }
    Ok(Status::Failure)
}
