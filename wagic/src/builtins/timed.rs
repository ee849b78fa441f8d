//! The builtins that record timed effects (Wagic's pumps, shields, grants, control,
//! `transforms`...): each records its effects with the runtime, which ends them through
//! `Host::end_effect`, and applies them to the board.

use vm::runtime::{CallContext, CardId, EffectKind, Status, Value};

use super::{BATTLEFIELD, Res, int_arg, status, string_arg, target_cards, target_players, word_indices};
use crate::catalogue;
use crate::host::{EffectCode, WagicHost};

/// Records a timed effect and applies it; the runtime ends it through `Host::end_effect`.
/// Every Wagic effect is an amount that stacks in Magic (two resolutions of `1/0` are
/// +2/+0, of `prevent:2` two shields, of `regenerate` two regeneration shields), so each
/// call records a new one.
pub(super) fn record<H: WagicHost>(ctx: &mut CallContext<'_, H>, code: EffectCode, target: Value, value: i32) -> Res {
    let kind = EffectKind::Custom { code: code as u16, target, value: Value::Int(value) };
    // `None`: an effect without a restriction whose source left play while the ability
    // waited for an answer; it would already be over.
    if let Some(id) = ctx.record_stacking_effect(kind)? {
        ctx.host().add_effect(id, code, target, value);
    }
    Ok(Status::Success)
}

/// Records one timed effect per creature target; success when there was one.
pub(super) fn record_on_cards<H: WagicHost>(ctx: &mut CallContext<'_, H>, effects: &[(EffectCode, i32)]) -> Res {
    let cards = target_cards(ctx);
    for &card in &cards {
        for &(code, value) in effects {
            record(ctx, code, Value::Card(card), value)?;
        }
    }
    Ok(status(!cards.is_empty()))
}

/// `p/t`, or with a filter `per`, `p/t` for each card it matches (`foreach(spec) p/t`).
pub(super) fn pump<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let (mut power, mut toughness) = (int_arg(ctx, 0, 0), int_arg(ctx, 1, 0));
    if let Value::Filter(filter) = ctx.arg(2) {
        let found = ctx.resolve(filter)?;
        let count = i32::try_from(ctx.list(found.candidates).len()).unwrap_or(i32::MAX);
        (power, toughness) = (power.saturating_mul(count), toughness.saturating_mul(count));
    }
    record_on_cards(ctx, &[(EffectCode::Power, power), (EffectCode::Toughness, toughness)])
}

pub(super) fn prevent<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let amount = int_arg(ctx, 0, 0);
    let targets = ctx.targets().to_vec();
    for &target in &targets {
        record(ctx, EffectCode::Prevent, target, amount)?;
    }
    Ok(status(!targets.is_empty()))
}

/// `livepump(n)`: marks each target card with its card's `nonstatic` pump numbered n
/// (`front/counted_pump.rs`), for as long as the effect lasts.
pub(super) fn live_pump<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let number = int_arg(ctx, 0, 0);
    record_on_cards(ctx, &[(EffectCode::LivePump, number)])
}

/// `givetrigger(n)`: gives each target card the source card's given triggered ability
/// numbered n (`front/transforms.rs`), for as long as the effect lasts: the effect's value
/// names the source's rules and the ability (`table/given_triggers.rs`).
pub(super) fn give_trigger<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let number = int_arg(ctx, 0, 0);
    let rules = i32::try_from(ctx.env().card.index()).ok().and_then(|rules| rules.checked_mul(256));
    let Some(packed) = rules.filter(|_| (0..256).contains(&number)).map(|rules| rules + number) else {
        return Ok(Status::Failure);
    };
    record_on_cards(ctx, &[(EffectCode::GivenTrigger, packed)])
}

/// `giveability(n)`: gives each target card the source card's given activated ability
/// numbered n (`front/transforms.rs`), for as long as the effect lasts: the effect's value
/// names the source card and the ability (`table/given.rs`).
pub(super) fn give_ability<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let number = int_arg(ctx, 0, 0);
    let giver = i32::try_from(ctx.env().source.0).ok().and_then(|giver| giver.checked_mul(256));
    let Some(packed) = giver.filter(|_| (0..256).contains(&number)).map(|giver| giver + number) else {
        return Ok(Status::Failure);
    };
    record_on_cards(ctx, &[(EffectCode::GivenAbility, packed)])
}

/// `extralands(n)`: each target player may play n more lands a turn while it lasts.
pub(super) fn extra_lands<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let count = int_arg(ctx, 0, 0);
    let players = target_players(ctx);
    for &player in &players {
        record(ctx, EffectCode::ExtraLands, Value::Player(player), count)?;
    }
    Ok(status(!players.is_empty()))
}

/// `handmodifier(n)`: each target player's maximum hand size is n more while it lasts.
pub(super) fn hand_modifier<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let change = int_arg(ctx, 0, 0);
    let players = target_players(ctx);
    for &player in &players {
        record(ctx, EffectCode::HandModifier, Value::Player(player), change)?;
    }
    Ok(status(!players.is_empty()))
}

/// `maxcast(count, anyof, noneof, colour)`: each target player cannot cast a spell of
/// the scope once they cast `count` of them this turn, while it lasts (`crate::cast_limit`).
pub(super) fn max_cast<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let limit = crate::cast_limit::CastLimit {
        count: int_arg(ctx, 0, 0).clamp(0, crate::cast_limit::MAX_COUNT),
        any_of: int_arg(ctx, 1, 0),
        none_of: int_arg(ctx, 2, 0),
        colour: int_arg(ctx, 3, 0),
    };
    let players = target_players(ctx);
    for &player in &players {
        record(ctx, EffectCode::MaxCast, Value::Player(player), limit.pack())?;
    }
    Ok(status(!players.is_empty()))
}

/// `bushido(p, t)`: each target card not bearing a bushido mark gets +p/+t and the mark,
/// while the effect lasts (Wagic pumps once as the blockers are chosen).
pub(super) fn bushido<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let (power, toughness) = (int_arg(ctx, 0, 0), int_arg(ctx, 1, 0));
    let cards = target_cards(ctx);
    for &card in &cards {
        if ctx.host().bears(card, EffectCode::Bushido, 0) {
            continue;
        }
        for (code, value) in [(EffectCode::Power, power), (EffectCode::Toughness, toughness), (EffectCode::Bushido, 0)]
        {
            record(ctx, code, Value::Card(card), value)?;
        }
    }
    Ok(status(!cards.is_empty()))
}

/// `phaseaction`: a phase action waiting on each target card (`front/phaseaction.rs`).
pub(super) fn phase_action<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let small = |value: i32| u8::try_from(value).unwrap_or(u8::MAX);
    let event = u16::try_from(int_arg(ctx, 0, 0)).unwrap_or(u16::MAX);
    let (whose, once, in_play) = (small(int_arg(ctx, 1, 0)), int_arg(ctx, 2, 0) != 0, int_arg(ctx, 3, 0) != 0);
    let (action, on_target) = (small(int_arg(ctx, 4, 0)), int_arg(ctx, 5, 0) != 0);
    let counter = [int_arg(ctx, 6, 0), int_arg(ctx, 7, 0), int_arg(ctx, 8, 0)];
    let (source, controller) = (ctx.env().source, ctx.env().controller);
    // `draw:1 opponent` (Lodestone Bauble's "that player draws"): its target is the player.
    let opponent_draws =
        ctx.targets().iter().any(|target| matches!(target, Value::Player(player) if *player != controller));
    let action = if action == crate::host::PhaseAction::DRAW && opponent_draws {
        crate::host::PhaseAction::OPPONENT_DRAWS
    } else {
        action
    };
    // A delayed draw waits on its source, whatever the targets.
    let draws = matches!(action, crate::host::PhaseAction::DRAW | crate::host::PhaseAction::OPPONENT_DRAWS);
    let cards = if draws { vec![source] } else { target_cards(ctx) };
    for &card in &cards {
        let source = if on_target { card } else { source };
        let phase_action =
            crate::host::PhaseAction { event, whose, once, source, source_in_play: in_play, action, counter };
        ctx.host().add_phase_action(card, phase_action);
    }
    Ok(status(!cards.is_empty()))
}

/// `control`: each target permanent on the battlefield is the source's controller's while
/// the effect lasts (the host keeps its previous controller, packed in the effect's value).
pub(super) fn control<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let me = ctx.env().controller;
    let mut any = false;
    for card in target_cards(ctx) {
        let Some((previous, zone)) = ctx.host().locate(card) else { continue };
        if zone != BATTLEFIELD {
            continue;
        }
        let packed = i32::from(me.0 != 0) + 2 * i32::from(previous.0 != 0);
        record(ctx, EffectCode::Control, Value::Card(card), packed)?;
        any = true;
    }
    Ok(status(any))
}

/// `cantbeblockedby(spec)`: for each target card, one effect per card the spec matches
/// (the blocker it may not have), a unit of fuel each.
pub(super) fn cant_be_blocked_by<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    record_per_match(ctx, EffectCode::Unblockable)
}

/// `cantbeblockerof(spec)`: on each target card, one effect per card the spec matches
/// now, which it cannot block.
pub(super) fn cant_be_blocker_of<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    record_per_match(ctx, EffectCode::CantBlock)
}

/// `protectionfrom(spec)`: on each target card, one protection effect per card the spec
/// matches now.
pub(super) fn protection_from<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    record_per_match(ctx, EffectCode::ProtectedFrom)
}

/// `cantbetargetof(spec)`: on each target card, one effect per card the spec matches now,
/// whose spells and abilities cannot target it.
pub(super) fn cant_be_target_of<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    record_per_match(ctx, EffectCode::CantBeTargetOf)
}

/// One effect `code` on each target card per card the filter of argument 0 matches, its
/// value the matched card's number.
pub(super) fn record_per_match<H: WagicHost>(ctx: &mut CallContext<'_, H>, code: EffectCode) -> Res {
    let Value::Filter(filter) = ctx.arg(0) else { return Ok(Status::Failure) };
    let found = ctx.resolve(filter)?;
    let matches: Vec<CardId> = ctx.list(found.candidates).iter().filter_map(|value| value.as_card()).collect();
    let cards = target_cards(ctx);
    ctx.charge(cards.len().saturating_mul(matches.len()))?;
    for &card in &cards {
        for &matched in &matches {
            let number = i32::try_from(matched.0).unwrap_or(i32::MAX);
            record(ctx, code, Value::Card(card), number)?;
        }
    }
    Ok(status(!cards.is_empty()))
}

/// `spiritlink`: on each target card, an effect giving the source's owner the life of the
/// damage the card deals.
pub(super) fn spirit_link<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let source = ctx.env().source;
    let owner = ctx.host().owner(source);
    let cards = target_cards(ctx);
    for &card in &cards {
        record(ctx, EffectCode::SpiritLink, Value::Card(card), i32::from(owner.0 != 0))?;
    }
    Ok(status(!cards.is_empty()))
}

/// `transforms((...))`: on each target card, one effect per type word added, one for its
/// colours when some are written, and one each for a base power and toughness set (a
/// number, or `'manacost'`: the card's own mana value, Animate Artifact's
/// `becomes(Artifact Creature,manacost/manacost)`).
pub(super) fn transforms<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let types = word_indices(&string_arg(ctx, 0)?, catalogue::type_word_index)?;
    let colours = word_indices(&string_arg(ctx, 1)?, |word| catalogue::COLOUR_NAMES.iter().position(|c| *c == word))?;
    let mask = colours.iter().fold(0i32, |mask, &colour| mask | (1 << colour.min(15)));
    let colour_code = if int_arg(ctx, 2, 0) != 0 { EffectCode::AddColours } else { EffectCode::SetColours };
    let mut effects: Vec<(EffectCode, i32)> =
        types.iter().map(|&word| (EffectCode::AddType, i32::from(word))).collect();
    if !colours.is_empty() {
        effects.push((colour_code, mask));
    }
    let base = [(3, EffectCode::SetPower), (4, EffectCode::SetToughness)];
    // The base power and toughness read from each card (`manacost`), after the others.
    let mut per_card: Vec<EffectCode> = Vec::new();
    for (index, code) in base {
        match ctx.arg(index) {
            Value::Int(value) => effects.push((code, value)),
            Value::Str(_) if string_arg(ctx, index)? == "manacost" => per_card.push(code),
            _ => {}
        }
    }
    let forever = int_arg(ctx, 5, 0) != 0;
    // Forever only (the front end writes them after `forever`): the keyword abilities
    // kept with the changes, and whether the card's types go first (`removetypes`).
    let abilities = if forever { super::ability_indices(&string_arg(ctx, 6)?)? } else { Vec::new() };
    if forever && int_arg(ctx, 7, 0) != 0 {
        effects.insert(0, (EffectCode::RemoveTypes, 0));
    }
    if !forever && per_card.is_empty() {
        return record_on_cards(ctx, &effects);
    }
    let cards = target_cards(ctx);
    ctx.charge(cards.len().saturating_mul(effects.len() + per_card.len() + abilities.len()))?;
    let mana_value =
        catalogue::position(catalogue::COMPARABLE_FILTERS, "manacost").map(vm::bytecode::ComparableIdx::new);
    for &card in &cards {
        let own = mana_value.and_then(|index| ctx.host().property(Value::Card(card), index)).unwrap_or(0);
        for (code, value) in effects.iter().copied().chain(per_card.iter().map(|&code| (code, own))) {
            if forever {
                ctx.host().transform_forever(card, code, value);
            } else {
                record(ctx, code, Value::Card(card), value)?;
            }
        }
        for &ability in &abilities {
            ctx.host().grant_forever(card, ability);
        }
    }
    Ok(status(!cards.is_empty()))
}

/// `dividedamage`: Fireball's rule, the X paid plus one less the number of targets, divided
/// among them evenly (rounded toward zero, as Wagic's integer division).
pub(super) fn divide_damage<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let amount = int_arg(ctx, 0, 0);
    let targets = ctx.targets().to_vec();
    let Ok(count) = i32::try_from(targets.len()) else { return Ok(Status::Failure) };
    if count == 0 {
        return Ok(Status::Failure);
    }
    let each = amount.saturating_add(1).saturating_sub(count) / count;
    let source = ctx.env().source;
    ctx.charge(targets.len())?;
    let mut dealt = false;
    for target in targets {
        dealt |= ctx.host().deal_damage(source, target, each);
    }
    Ok(status(dealt))
}

/// `sacrificeforpower`: Soulblast's rule, every creature of the source's controller to its
/// owner's graveyard (its power read as it leaves), then their total power as damage to
/// each target.
pub(super) fn sacrifice_for_power<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let me = ctx.env().controller;
    let source = ctx.env().source;
    let mut battlefield = Vec::new();
    ctx.host().pile_cards(me, BATTLEFIELD, &mut battlefield);
    ctx.charge(battlefield.len())?;
    let power = catalogue::position(catalogue::COMPARABLE_FILTERS, "power").map(vm::bytecode::ComparableIdx::new);
    let mut total: i32 = 0;
    for card in battlefield.iter().filter_map(|value| value.as_card()) {
        if !ctx.host().has_type_word(card, "creature") {
            continue;
        }
        let card_power = power.and_then(|power| ctx.host().property(Value::Card(card), power)).unwrap_or(0);
        total = total.saturating_add(card_power);
        ctx.host().sacrifice(card);
    }
    let targets = ctx.targets().to_vec();
    ctx.charge(targets.len())?;
    let mut dealt = false;
    for target in targets {
        dealt |= ctx.host().deal_damage(source, target, total);
    }
    Ok(status(dealt))
}

/// `loseabilities`: on each target card, one effect under which its own activated and
/// triggered abilities do nothing.
pub(super) fn lose_abilities<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    record_on_cards(ctx, &[(EffectCode::LoseAbilities, 0)])
}

/// `swap`: on each target card, one effect switching its power and toughness.
pub(super) fn switch_power_toughness<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    record_on_cards(ctx, &[(EffectCode::SwitchPowerToughness, 0)])
}

/// `losesubtypesof(type)`: on each target card, one effect taking away its subtypes of the
/// card type (only `land` has its subtypes listed: another type fails).
pub(super) fn lose_subtypes_of<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let word = string_arg(ctx, 0)?;
    let Some(index) = catalogue::position(catalogue::CARD_TYPES, &word).filter(|_| word == "land") else {
        return Ok(Status::Failure);
    };
    record_on_cards(ctx, &[(EffectCode::LoseSubtypes, i32::try_from(index).unwrap_or(i32::MAX))])
}

/// `fog`: one effect, on no object, preventing all combat damage while it lasts.
pub(super) fn fog<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    record(ctx, EffectCode::Fog, Value::Nil, 1)
}

pub(super) fn regenerate<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    record_on_cards(ctx, &[(EffectCode::Regenerate, 1)])
}
