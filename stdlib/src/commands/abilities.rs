//! Abilities: `copyAbility`, `loseAbility`, `steal`, `swapAbilities`, `transform` (spec
//! §3.8, with the FIX of B-39: target counts are checked).
//!
//! A card's ability is the bundle card whose rules it has ([`CfcHost::rules`]); changing
//! it emits `powerless` for the card that lost or had its ability replaced, and the game
//! restarts the card's autos (`Runtime::leave_play`/`enter_play`) when it sees the change.

use smallvec::SmallVec;
use vm::runtime::{CallContext, CardId, Event, Status, Trap, Value};

use super::{Cards, INLINE, Res, is_character, status, target_cards};
use crate::commands::cards::emit_removed;
use crate::host::{CfcHost, Model};
use crate::names::EV_POWERLESS;

/// Emits `powerless` for `card`.
fn emit_powerless<H: CfcHost>(ctx: &mut CallContext<'_, H>, card: CardId) -> Result<(), Trap> {
    let me = ctx.env().me;
    ctx.emit(Event::new(EV_POWERLESS, me).with_object(Value::Card(card)))
}

/// The card a value gives: a card, or the first element of a list.
fn card_of<H: CfcHost>(ctx: &CallContext<'_, H>, value: Value) -> Option<CardId> {
    match value {
        Value::Card(card) => Some(card),
        Value::List(list) => ctx.list(list).first().and_then(|v| v.as_card()),
        _ => None,
    }
}

/// The character targets, in order.
fn characters<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Cards {
    let cards = target_cards(ctx);
    cards.into_iter().filter(|&card| is_character(ctx.host(), card)).collect()
}

/// `copyAbility(card)`: each target character's ability is replaced by the one the given
/// card has now. Fails when that card has no ability or no target is a character.
pub fn copy_ability<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Some(donor) = card_of(ctx, ctx.arg(0)) else { return Ok(Status::Failure) };
    let Some(rules) = ctx.host().rules(donor) else { return Ok(Status::Failure) };
    let receivers = characters(ctx);
    for &card in &receivers {
        ctx.host().set_rules(card, Some(rules));
        emit_powerless(ctx, card)?;
    }
    Ok(status(!receivers.is_empty()))
}

/// `loseAbility()`: each target character with an ability loses it for good. Fails when
/// none had one.
pub fn lose_ability<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let mut any = false;
    for card in characters(ctx) {
        if ctx.host().rules(card).is_some() {
            any = true;
            ctx.host().set_rules(card, None);
            emit_powerless(ctx, card)?;
        }
    }
    Ok(status(any))
}

/// `steal([receiver])`: the first target character with an ability loses it and the
/// receiver (this card, or the character the filter picks, asked if needed) gets it.
/// Fails when no target has an ability or there is no receiver character.
pub fn steal<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let victims = characters(ctx);
    let Some((victim, rules)) = victims.iter().find_map(|&card| ctx.host().rules(card).map(|rules| (card, rules)))
    else {
        return Ok(Status::Failure);
    };
    let receiver = if let Some(answer) = ctx.answer() {
        answer.first().and_then(|v| v.as_card())
    } else {
        match ctx.arg(0) {
            Value::Filter(f) => {
                let found = ctx.resolve(f)?;
                if found.choose {
                    return ctx.choose_from(0, found.candidates, found.min.min(1), 1, None);
                }
                ctx.list(found.candidates).first().and_then(|v| v.as_card())
            }
            _ => Some(ctx.env().source),
        }
    };
    let Some(receiver) = receiver.filter(|&card| is_character(ctx.host(), card)) else {
        return Ok(Status::Failure);
    };
    ctx.host().set_rules(victim, None);
    emit_powerless(ctx, victim)?;
    ctx.host().set_rules(receiver, Some(rules));
    emit_powerless(ctx, receiver)?;
    Ok(Status::Success)
}

/// `swapAbilities()`: exchanges the abilities of the first two target characters with
/// abilities. Fails when there are not two.
pub fn swap_abilities<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let with: SmallVec<[(CardId, _); INLINE]> =
        characters(ctx).into_iter().filter_map(|card| ctx.host().rules(card).map(|rules| (card, rules))).collect();
    let [(a, ra), (b, rb), ..] = with[..] else { return Ok(Status::Failure) };
    ctx.host().set_rules(a, Some(rb));
    ctx.host().set_rules(b, Some(ra));
    emit_powerless(ctx, a)?;
    emit_powerless(ctx, b)?;
    Ok(Status::Success)
}

/// `transform(card)`: each target card becomes a card of the model (a quoted card id, or
/// the model of the card the expression gives); `removed` is emitted for each. Fails when
/// the reference gives no model or no target card was transformed.
pub fn transform<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let id: Option<String>;
    let of: Option<CardId>;
    match ctx.arg(0) {
        Value::Str(s) => {
            id = ctx.program().string(s).map(str::to_owned);
            // Copied, then looked up by the game for each target: paid by its length.
            ctx.charge_text(id.as_ref().map_or(0, String::len))?;
            of = None;
        }
        other => {
            id = None;
            of = card_of(ctx, other);
        }
    }
    let model = match (&id, of) {
        (Some(id), _) => Model::Id(id),
        (None, Some(card)) => Model::Of(card),
        (None, None) => return Ok(Status::Failure),
    };
    let mut done = Cards::new();
    for card in target_cards(ctx) {
        if ctx.host().transform(card, model) {
            done.push(card);
        }
    }
    for &card in &done {
        emit_removed(ctx, card)?;
    }
    Ok(status(!done.is_empty()))
}
