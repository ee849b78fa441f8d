//! The Wagic expression functions: a trigger's spec tested on the event's object (its
//! types, terms, zone, counters), and the counts a line reads (hand size, life, blockers).

use super::*;

pub(super) fn is_type<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let word = string_arg(ctx, 1)?;
    let result = match ctx.arg(0).as_card() {
        Some(card) => word == "*" || ctx.host().has_type_word(card, &word),
        None => false,
    };
    ctx.set_result(Value::Bool(result));
    Ok(Status::Success)
}

pub(super) fn poison_count<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let count = ctx.arg(0).as_player().map_or(0, |player| ctx.host().poison(player));
    ctx.set_result(Value::Int(count));
    Ok(Status::Success)
}

/// `devotion(player, 'R')`: the player's devotion to that colour (0 for anything else).
pub(super) fn devotion<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let colour = string_arg(ctx, 1)?;
    let devotion = match (ctx.arg(0).as_player(), catalogue::position(catalogue::MANA_COLOURS, &colour)) {
        (Some(player), Some(index)) if index < 5 => ctx.host().devotion(player, index as Colour),
        _ => 0,
    };
    ctx.set_result(Value::Int(devotion));
    Ok(Status::Success)
}

/// `count(list)`: how many values the list holds; 1 for another value, 0 for none. A
/// line's targets are at most a board's cards, so the count is bounded by the list's arena.
pub(super) fn count<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let value = ctx.arg(0);
    let count = match value.as_list() {
        Some(list) => ctx.list(list).iter().filter(|value| !matches!(value, Value::Nil)).count(),
        None if matches!(value, Value::Nil) => 0,
        None => 1,
    };
    ctx.set_result(Value::Int(i32::try_from(count).unwrap_or(i32::MAX)));
    Ok(Status::Success)
}

pub(super) fn counters<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let name = string_arg(ctx, 1)?;
    let count = ctx.arg(0).as_card().map_or(0, |card| ctx.host().named_counters(card, &name));
    ctx.set_result(Value::Int(count));
    Ok(Status::Success)
}

/// The most times `thisforeach` does an effect (`foreachcount`): Wagic's cards count a
/// handful of counters; a larger count (a bundle's, a long game's) is cut there, so that
/// the amounts it multiplies stay far from overflowing.
pub const MAX_REPEATS: i32 = 1000;

/// `foreachcount(card, kind)`: the counters of that kind on the card (a name; `1/1` or
/// `-1/-1`: the +1/+1 or -1/-1 counters), as it last was on the battlefield, from 0 to
/// [`MAX_REPEATS`]. The board sums counters of power and toughness, so a card's +1/+1
/// counters are the smaller of its summed power and toughness, when both are positive.
pub(super) fn foreach_count<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let kind = string_arg(ctx, 1)?;
    let count = match ctx.arg(0).as_card() {
        None => 0,
        Some(card) => {
            let sign = match kind.as_str() {
                "1/1" => Some(1),
                "-1/-1" => Some(-1),
                _ => None,
            };
            let ((power, toughness), named) = ctx.host().counters_last_known(card, &kind);
            match sign {
                Some(sign) => power.saturating_mul(sign).min(toughness.saturating_mul(sign)),
                None => named,
            }
        }
    };
    ctx.set_result(Value::Int(count.clamp(0, MAX_REPEATS)));
    Ok(Status::Success)
}

pub(super) fn has_term<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let word = string_arg(ctx, 1)?;
    let object = ctx.arg(0);
    let env = ctx.env();
    let result = catalogue::position(catalogue::FILTERS, &word)
        .is_some_and(|index| ctx.host().has_keyword_for(&env, object, vm::bytecode::FilterKeywordIdx::new(index)));
    ctx.set_result(Value::Bool(result));
    Ok(Status::Success)
}

/// Whether `place` is the zone named by argument 1 with the prefix named by argument 2
/// ('' for either player's).
pub(super) fn zone_matches<H: WagicHost>(
    ctx: &mut CallContext<'_, H>,
    place: Option<(PlayerId, ZoneIdx)>,
) -> Result<bool, Trap> {
    let zone = string_arg(ctx, 1)?;
    let prefix = string_arg(ctx, 2)?;
    let Some((player, zone_idx)) = place else { return Ok(false) };
    if catalogue::ZONES.get(zone_idx.index()).map(|spec| spec.name) != Some(zone.as_str()) {
        return Ok(false);
    }
    let controller = ctx.env().controller;
    Ok(match prefix.as_str() {
        "my" => player == controller,
        "opp" => player != controller,
        _ => true,
    })
}

pub(super) fn in_zone<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let place = ctx.arg(0).as_card().and_then(|card| ctx.host().locate(card));
    let result = zone_matches(ctx, place)?;
    ctx.set_result(Value::Bool(result));
    Ok(Status::Success)
}

pub(super) fn from_zone<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let place = ctx.arg(0).as_card().and_then(|card| ctx.host().moved_from(card));
    let result = zone_matches(ctx, place)?;
    ctx.set_result(Value::Bool(result));
    Ok(Status::Success)
}

pub(super) fn blocker_count<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let count = ctx.arg(0).as_card().map_or(0, |card| ctx.host().blockers(card));
    ctx.set_result(Value::Int(i32::try_from(count).unwrap_or(i32::MAX)));
    Ok(Status::Success)
}

/// `handsize(player)`: the cards in the player's hand, counted without listing them.
pub(super) fn hand_size<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let hand = ZoneIdx::new(catalogue::ZONES.iter().position(|zone| zone.name == "hand").unwrap_or(0));
    let count = match ctx.arg(0).as_player() {
        Some(player) => ctx.host().pile_top_cards(player, hand, 0, &mut Vec::new()),
        None => 0,
    };
    ctx.set_result(Value::Int(i32::try_from(count).unwrap_or(i32::MAX)));
    Ok(Status::Success)
}

/// `lifetotal(player)`: the player's life.
pub(super) fn life_total<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let life = ctx.arg(0).as_player().map_or(0, |player| ctx.host().life(player));
    ctx.set_result(Value::Int(life));
    Ok(Status::Success)
}

/// `upkeeppaid(card)`: whether its upkeep cost was paid this turn.
pub(super) fn upkeep_paid<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let paid = ctx.arg(0).as_card().is_some_and(|card| ctx.host().upkeep_paid(card));
    ctx.set_result(Value::Bool(paid));
    Ok(Status::Success)
}

/// `livepumped(card, n)`: whether the card bears the mark of its `nonstatic` pump n.
pub(super) fn live_pumped<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let number = int_arg(ctx, 1, -1);
    let marked = ctx.arg(0).as_card().is_some_and(|card| ctx.host().bears(card, EffectCode::LivePump, number));
    ctx.set_result(Value::Bool(marked));
    Ok(Status::Success)
}

/// `myturn()`: whether the source's controller is the active player.
pub(super) fn my_turn<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let controller = ctx.env().controller;
    let mine = ctx.host().active_player() == controller;
    ctx.set_result(Value::Bool(mine));
    Ok(Status::Success)
}

/// `sorcerytime()`: whether it is a main phase of the source's controller's turn.
pub(super) fn sorcery_time<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let controller = ctx.env().controller;
    let timing = ctx.host().sorcery_timing(controller);
    ctx.set_result(Value::Bool(timing));
    Ok(Status::Success)
}

pub(super) fn is_player<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let result = ctx.arg(0).as_player().is_some();
    ctx.set_result(Value::Bool(result));
    Ok(Status::Success)
}
