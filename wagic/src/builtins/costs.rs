//! The Wagic cost symbols: `{T}`, mana, `{S}`, `{E}`, `{H}`, `{D}`, `{L:n}`, `{cycle}`, the timing
//! restrictions (`asSorcery`, `myTurnOnly`...) and the once-only costs (`upcost`, cumulative upkeep, echo,
//! `@next`), each tried then paid as [`vm::runtime::CostPhase`] says.

use super::*;
use crate::testfile::Mana;

/// `{T}`: tap this permanent; `{T(spec)}`: an untapped one the spec matches (asked;
/// Wagic's `TapTargetCost` refuses a tapped one).
pub(super) fn tap_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    match (phase, ctx.cost().and_then(|cost| cost.filter)) {
        (CostPhase::Check, None) => Ok(status(!ctx.host().is_tapped(source))),
        (CostPhase::Pay, None) => Ok(status(ctx.host().set_tapped(source, true))),
        (CostPhase::Check, Some(filter)) => check_untapped_spec(ctx, filter),
        (CostPhase::Pay, Some(_)) => {
            let mut all = true;
            for card in selected_cards(ctx) {
                ctx.host().store_card(source, card);
                all &= ctx.host().set_tapped(card, true);
            }
            Ok(status(all))
        }
    }
}

/// `{Q}`: untap this permanent, which must be tapped (Wagic's `UnTapCost`).
pub(super) fn untap_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    let tapped = ctx.host().is_tapped(source);
    match phase {
        CostPhase::Check => Ok(status(tapped)),
        CostPhase::Pay => Ok(status(tapped && ctx.host().set_tapped(source, false))),
    }
}

/// [`check_spec`] of the untapped cards the spec matches.
fn check_untapped_spec<H: WagicHost>(ctx: &mut CallContext<'_, H>, filter: vm::bytecode::FilterIdx) -> Res {
    if ctx.answer().is_some() {
        return Ok(Status::Success);
    }
    let found = ctx.resolve(filter)?;
    let candidates: Vec<Value> = ctx.list(found.candidates).to_vec();
    ctx.charge(candidates.len())?;
    let untapped: Vec<Value> = candidates
        .into_iter()
        .filter(|value| value.as_card().is_some_and(|card| !ctx.host().is_tapped(card)))
        .collect();
    if !found.matched || untapped.is_empty() || untapped.len() < fewest(ctx, filter, found.min) {
        return Ok(Status::Failure);
    }
    // Asked as `check_spec` asks, when the untapped ones leave a choice.
    if found.choose && untapped.len() > usize::from(found.min) {
        let Value::List(list) = ctx.make_list(&untapped)? else { return Ok(Status::Failure) };
        return ctx.choose_from(0, list, found.min, found.max, None);
    }
    let taken = if found.choose { usize::from(found.max).min(untapped.len()) } else { untapped.len() };
    ctx.fix_selection(&untapped[..taken])?;
    Ok(Status::Success)
}

pub(super) fn cost_count<H: WagicHost>(ctx: &CallContext<'_, H>) -> i32 {
    ctx.cost().and_then(|cost| cost.count).map_or(1, |count| i32::try_from(count).unwrap_or(i32::MAX))
}

/// The pool's colours in the order Wagic pays generic mana from them (`ManaCost::Diff`
/// walks its colours colourless, green, blue, red, black, white), as
/// [`crate::catalogue::MANA_COLOURS`] indices.
pub const GENERIC_ORDER: [Colour; 6] = [5, 4, 1, 3, 2, 0];

/// The cost symbols of one colour, `{W}`... `{G}`, in colour order (0..=4).
pub(super) const COLOUR_SYMBOLS: [&str; 5] = ["W", "U", "B", "R", "G"];

/// `{W}`... `{G}` (`colour` 0..=4) and `{3}` (`colour` none: any colours). Checked against
/// the whole cost, as Wagic's `ManaCost::canAfford` does: a pool of {R}{R}{R} pays
/// neither `{1}{R}{R}{R}` nor `{R}` written three times beside a fourth; a block with
/// hybrid symbols as [`hybrid_cost`] checks it.
pub(super) fn mana_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase, colour: Option<u16>) -> Res {
    let player = ctx.env().controller;
    let count = cost_count(ctx);
    let block = block_mana(ctx, phase);
    // The coloured symbols of the block (all, or those paid after this one): what generic
    // mana must leave in the pool, and what a colour's symbols need between them.
    let mut needs = block.needs;
    needs[5] = 0;
    let mana = |ctx: &mut CallContext<'_, H>, colour: u16| ctx.host().mana(player, colour);
    match (phase, colour) {
        (CostPhase::Check, _) if !block.hybrids.is_empty() => {
            let pool = pool_of(ctx, player);
            Ok(status(first_covered(&pool, &block).is_some()))
        }
        // The colour's symbols together, this one among them.
        (CostPhase::Check, Some(colour)) => {
            Ok(status(mana(ctx, colour) >= needs.get(usize::from(colour)).copied().unwrap_or(count)))
        }
        (CostPhase::Pay, Some(colour)) => {
            let take = mana(ctx, colour).min(count);
            Ok(status(take == count && ctx.host().spend_mana(player, colour, take)))
        }
        (CostPhase::Check, None) => {
            let available: i32 = GENERIC_ORDER
                .iter()
                .map(|&colour| (mana(ctx, colour) - needs.get(usize::from(colour)).copied().unwrap_or(0)).max(0))
                .sum();
            Ok(status(available >= count))
        }
        (CostPhase::Pay, None) => {
            let pool = pool_of(ctx, player);
            Ok(status(spend_generic(ctx, player, count, &reserved(&pool, &block))))
        }
    }
}

/// Pays `count` generic mana as Wagic pays it (`ManaCost::Diff`): colourless first, then
/// green, blue, red, black and white, leaving `reserve` of each colour; whether it could.
pub(super) fn spend_generic<H: WagicHost>(
    ctx: &mut CallContext<'_, H>,
    player: PlayerId,
    count: i32,
    reserve: &Mana,
) -> bool {
    let mut left = count;
    for colour in GENERIC_ORDER {
        let spare = (ctx.host().mana(player, colour) - reserve.get(usize::from(colour)).copied().unwrap_or(0)).max(0);
        let take = spare.min(left);
        if take > 0 && ctx.host().spend_mana(player, colour, take) {
            left -= take;
        }
    }
    left == 0
}

pub(super) fn white<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    mana_cost(ctx, phase, Some(0))
}
pub(super) fn blue<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    mana_cost(ctx, phase, Some(1))
}
pub(super) fn black<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    mana_cost(ctx, phase, Some(2))
}
pub(super) fn red<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    mana_cost(ctx, phase, Some(3))
}
pub(super) fn green<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    mana_cost(ctx, phase, Some(4))
}
pub(super) fn generic<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    mana_cost(ctx, phase, None)
}

/// The check of a cost with a spec: the cards it picks (asked when there is a choice),
/// kept as the cost's selection for its payment.
pub(super) fn check_spec<H: WagicHost>(ctx: &mut CallContext<'_, H>, filter: vm::bytecode::FilterIdx) -> Res {
    if ctx.answer().is_some() {
        return Ok(Status::Success);
    }
    let found = ctx.resolve(filter)?;
    let candidates = ctx.list(found.candidates).len();
    if !found.matched || candidates == 0 || candidates < fewest(ctx, filter, found.min) {
        return Ok(Status::Failure);
    }
    if found.choose {
        return ctx.choose_from(0, found.candidates, found.min, found.max, None);
    }
    let fixed = ctx.list(found.candidates).to_vec();
    ctx.fix_selection(&fixed)?;
    Ok(Status::Success)
}

/// The fewest cards a cost with a spec pays with: all its count (`{S(land)}{S(land)}`,
/// two lands), where a filter alone takes what it finds of fewer; else what the
/// resolution asks.
fn fewest<H: WagicHost>(ctx: &CallContext<'_, H>, filter: vm::bytecode::FilterIdx, min: u16) -> usize {
    match ctx.program().filter(filter).and_then(|filter| filter.qty) {
        Some(vm::bytecode::Qty::Exact(count)) => usize::from(count.max(min)),
        _ => usize::from(min),
    }
}

/// The cards a cost with a spec chose while it was checked (never more).
pub(super) fn selected_cards<H: WagicHost>(ctx: &CallContext<'_, H>) -> Vec<CardId> {
    ctx.selection().map_or(Vec::new(), |selection| selection.iter().filter_map(|value| value.as_card()).collect())
}

/// `{S}`: sacrifice this permanent; `{S(spec)}`: one the spec matches (asked).
pub(super) fn sacrifice<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    move_cost(ctx, phase, GRAVEYARD)
}

/// `{E}`: exile this permanent, or this card from its owner's graveyard (an
/// `autograveyard` ability's: scavenge); `{E(spec)}`: a card the spec matches (asked), to
/// its owner's exile (Wagic's `ExileTargetCost`).
pub(super) fn exile_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    move_cost(ctx, phase, EXILE)
}

/// `{H}`: return this permanent to its owner's hand; `{H(spec)}`: a card the spec
/// matches (asked; Wagic's `BounceTargetCost`).
pub(super) fn bounce_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    move_cost(ctx, phase, HAND)
}

/// A cost that moves this permanent, or a card its spec picks, to its owner's `zone`.
fn move_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase, zone: ZoneIdx) -> Res {
    let filter = ctx.cost().and_then(|cost| cost.filter);
    match (phase, filter) {
        (CostPhase::Check, None) => {
            let source = ctx.env().source;
            let payable_from = |at: ZoneIdx| at == BATTLEFIELD || (zone == EXILE && at == GRAVEYARD);
            Ok(status(ctx.host().locate(source).is_some_and(|(_, at)| payable_from(at))))
        }
        (CostPhase::Check, Some(filter)) => check_spec(ctx, filter),
        (CostPhase::Pay, _) => {
            let cards: Vec<CardId> = match (ctx.selection(), filter) {
                (Some(selection), _) => selection.iter().filter_map(|value| value.as_card()).collect(),
                (None, None) => vec![ctx.env().source],
                (None, Some(_)) => Vec::new(),
            };
            let source = ctx.env().source;
            for card in cards {
                ctx.host().store_card(source, card);
                if zone == GRAVEYARD {
                    ctx.host().sacrifice(card);
                    continue;
                }
                let owner = ctx.host().owner(card);
                ctx.host().move_card(card, owner, zone, 0);
            }
            Ok(Status::Success)
        }
    }
}

/// `{D}`: discard a card; `{discard(spec)}`: a card the spec matches (asked).
pub(super) fn discard_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let player = ctx.env().controller;
    match (phase, ctx.cost().and_then(|cost| cost.filter)) {
        (CostPhase::Check, Some(filter)) => check_spec(ctx, filter),
        (CostPhase::Pay, Some(_)) => {
            let source = ctx.env().source;
            for card in selected_cards(ctx) {
                ctx.host().store_card(source, card);
                let owner = ctx.host().owner(card);
                ctx.host().move_card(card, owner, GRAVEYARD, 0);
            }
            Ok(Status::Success)
        }
        // Looking at the hand pays for its cards, as CFC's `{D}` does.
        (CostPhase::Check, None) => Ok(status(charge_pile(ctx, player, HAND)?)),
        (CostPhase::Pay, None) => Ok(status(ctx.host().discard(player, 1) == 1)),
    }
}

/// `{cycle}`: this card, in its owner's hand, goes to its owner's graveyard.
pub(super) fn cycle_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    let in_hand = ctx.host().locate(source).is_some_and(|(_, zone)| zone == HAND);
    match phase {
        CostPhase::Check => Ok(status(in_hand)),
        CostPhase::Pay if in_hand => Ok(status(ctx.host().cycle(source))),
        CostPhase::Pay => Ok(Status::Failure),
    }
}

/// `{L}`: pay 1 life.
pub(super) fn life_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let player = ctx.env().controller;
    let count = cost_count(ctx);
    match phase {
        // Wagic pays life only from at least as much (`LifeCost` needs some life,
        // `SpecificLifeCost` the amount).
        CostPhase::Check => Ok(status(ctx.host().life(player) >= count)),
        CostPhase::Pay => {
            ctx.host().change_life(player, -count);
            Ok(Status::Success)
        }
    }
}

/// `asSorcery`: payable (with nothing) only when its controller could cast a sorcery.
pub(super) fn as_sorcery<H: WagicHost>(ctx: &mut CallContext<'_, H>, _phase: CostPhase) -> Res {
    let player = ctx.env().controller;
    Ok(status(ctx.host().sorcery_timing(player)))
}

/// `myTurnOnly`: payable (with nothing) only during its controller's turn.
/// `myUpkeepOnly`: payable (with nothing) only during its controller's upkeep.
pub(super) fn my_upkeep_only<H: WagicHost>(ctx: &mut CallContext<'_, H>, _phase: CostPhase) -> Res {
    let player = ctx.env().controller;
    Ok(status(ctx.host().active_player() == player && ctx.host().upkeep()))
}

/// An upkeep cost: payable during its controller's upkeep while unpaid this turn; paying
/// notes it paid (Wagic's `AUpkeep`, clickable once in the upkeep).
pub(super) fn upcost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let (source, player) = (ctx.env().source, ctx.env().controller);
    match phase {
        CostPhase::Check => {
            let host = ctx.host();
            Ok(status(host.active_player() == player && host.upkeep() && !host.upkeep_paid(source)))
        }
        CostPhase::Pay => {
            ctx.host().pay_upkeep(source);
            Ok(Status::Success)
        }
    }
}

/// An echo: an upkeep cost (`upcost`) while its echo has not come due.
pub(super) fn echo<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    if phase == CostPhase::Check && ctx.host().echo_done(source) {
        return Ok(Status::Failure);
    }
    upcost(ctx, phase)
}

/// A cumulative upkeep's payment for n age counters (the cost's count): an upkeep cost
/// (`upcost`) while the permanent has exactly n age counters, the ones its controller's
/// upkeeps put on (Wagic's `AUpkeep` asks its cost once per age counter).
pub(super) fn cumulative<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    if phase == CostPhase::Check && ctx.host().named_counters(source, "age") != cost_count(ctx) {
        return Ok(Status::Failure);
    }
    upcost(ctx, phase)
}

/// The echo's auto: runs once since the card entered, ending its echo.
pub(super) fn echo_end<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    match phase {
        CostPhase::Check => Ok(status(!ctx.host().echo_done(source))),
        CostPhase::Pay => {
            ctx.host().end_echo(source);
            Ok(Status::Success)
        }
    }
}

/// A `@next phase` trigger's auto: runs once since the card entered.
pub(super) fn next_once<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    match phase {
        CostPhase::Check => Ok(status(!ctx.host().next_done(source))),
        CostPhase::Pay => {
            ctx.host().end_next(source);
            Ok(Status::Success)
        }
    }
}

pub(super) fn my_turn_only<H: WagicHost>(ctx: &mut CallContext<'_, H>, _phase: CostPhase) -> Res {
    let player = ctx.env().controller;
    Ok(status(ctx.host().active_player() == player))
}

/// `limit:n`: payable while the source's ability was activated fewer than n times this
/// turn; paying it counts one more.
/// A `turnlimited` trigger's auto: payable while the card has not triggered (nor been
/// activated) this turn; paying counts it.
pub(super) fn turn_once<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    match phase {
        CostPhase::Check => Ok(status(ctx.host().activations(source) < 1)),
        CostPhase::Pay => {
            ctx.host().count_activation(source);
            Ok(Status::Success)
        }
    }
}

pub(super) fn limit<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    let most = cost_count(ctx);
    match phase {
        CostPhase::Check => Ok(status(ctx.host().activations(source) < most)),
        CostPhase::Pay => {
            ctx.host().count_activation(source);
            Ok(Status::Success)
        }
    }
}

/// `restriction{type(spec)~morethan~n}` of an activated ability: payable while the cards
/// the cost's filter matches number more than its count; paying does nothing.
pub(super) fn restriction_more_than<H: WagicHost>(ctx: &mut CallContext<'_, H>, _phase: CostPhase) -> Res {
    restriction(ctx, |count, bound| count > bound)
}

/// `restriction{type(spec)~lessthan~n}`: while they number fewer than its count.
pub(super) fn restriction_less_than<H: WagicHost>(ctx: &mut CallContext<'_, H>, _phase: CostPhase) -> Res {
    restriction(ctx, |count, bound| count < bound)
}

/// `restriction{type(spec)~equalto~n}`: while they number exactly its count.
pub(super) fn restriction_equal_to<H: WagicHost>(ctx: &mut CallContext<'_, H>, _phase: CostPhase) -> Res {
    restriction(ctx, |count, bound| count == bound)
}

/// `restriction{raid}` of an activated ability: payable while its controller attacked
/// with a creature this turn; paying does nothing.
pub(super) fn raid_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, _phase: CostPhase) -> Res {
    let player = ctx.env().controller;
    Ok(status(ctx.host().raided(player)))
}

/// `restriction{morbid}`: payable while a creature died this turn.
pub(super) fn morbid_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, _phase: CostPhase) -> Res {
    Ok(status(ctx.host().morbid()))
}

/// `restriction{compare(powertotalinplay)~morethan~n}` (formidable): payable while the
/// creatures its controller controls have total power more than the cost's count.
pub(super) fn power_total_more_than<H: WagicHost>(ctx: &mut CallContext<'_, H>, _phase: CostPhase) -> Res {
    let player = ctx.env().controller;
    let bound = i64::from(cost_count(ctx));
    Ok(status(i64::from(ctx.host().creature_power_total(player)) > bound))
}

/// Whether `holds` of the count of the cards the cost's filter matches and the filter's
/// own count (`<n>`, the bound) (checked again as it is paid: it holds then as it did).
fn restriction<H: WagicHost>(ctx: &mut CallContext<'_, H>, holds: impl Fn(i64, i64) -> bool) -> Res {
    let Some(filter) = ctx.cost().and_then(|cost| cost.filter) else { return Ok(Status::Failure) };
    let Some(vm::bytecode::Qty::Exact(bound)) = ctx.program().filter(filter).and_then(|filter| filter.qty) else {
        return Ok(Status::Failure);
    };
    let found = ctx.resolve(filter)?;
    let count = i64::try_from(ctx.list(found.candidates).len()).unwrap_or(i64::MAX);
    Ok(status(holds(count, i64::from(bound))))
}
