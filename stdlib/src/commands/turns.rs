//! Turns, combat and the ring: `turns`, `skip`, `playExtraChar`, `unite`,
//! `removeFromAttack`, `freeze`, `unfreeze`, `clear`, `swapChars`, `moveToSlot`,
//! `pileView`, `activate` (spec §3.8, with the FIX of B-39, B-42 and B-49).

use vm::runtime::{CallContext, Status, Value};

use super::{Cards, Players, Res, int_arg, is_character, pile_arg, pile_owner, status, target_cards};
use crate::host::{AttackRole, CfcHost, Flag};

/// The character targets, in order.
fn characters<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Cards {
    let cards = target_cards(ctx);
    cards.into_iter().filter(|&card| is_character(ctx.host(), card)).collect()
}

/// `turns(n)`: the executing player takes n extra turns after this one. Never fails.
pub fn turns<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let n = int_arg(ctx, 0, 0);
    let me = ctx.env().me;
    ctx.host().extra_turns(me, n);
    Ok(Status::Success)
}

/// `skip(phase)`: each target player skips the next occurrence of that phase. Fails when
/// no target is a player.
pub fn skip<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Some(phase) = ctx.keyword_arg(0)? else { return Ok(Status::Failure) };
    let players: Players = ctx.targets().iter().filter_map(|t| t.as_player()).collect();
    for &player in &players {
        ctx.host().skip_phase(player, phase);
    }
    Ok(status(!players.is_empty()))
}

/// `playExtraChar()`: the executing player may play one more character card this turn.
/// Never fails.
pub fn play_extra_char<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let me = ctx.env().me;
    ctx.host().extra_char_plays(me, 1);
    Ok(Status::Success)
}

/// `unite()`: the attacking targets form one United Attack, led by the existing leader
/// among them, else the first. Fails when fewer than two targets are attacking.
pub fn unite<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let attacking: Cards =
        target_cards(ctx).into_iter().filter(|&card| ctx.host().attack_role(card) != AttackRole::None).collect();
    if attacking.len() < 2 {
        return Ok(Status::Failure);
    }
    let leader = attacking
        .iter()
        .copied()
        .find(|&card| {
            ctx.host().has_keyword(Value::Card(card), crate::names::KW_UATTACK)
                && ctx.host().attack_role(card) == AttackRole::Leader
        })
        .unwrap_or(attacking[0]);
    for &card in &attacking {
        if card != leader {
            ctx.host().join_attack(card, leader);
        }
    }
    Ok(Status::Success)
}

/// `removeFromAttack()`: each attacking target stops attacking. Fails when none was
/// attacking.
pub fn remove_from_attack<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let mut any = false;
    for card in target_cards(ctx) {
        any |= ctx.host().remove_from_attack(card);
    }
    Ok(status(any))
}

/// `freeze([toggle])`: freezes each target character, or toggles its frozen state with
/// `toggle` (explicit modes, FIX of B-49). Fails when no target is a character.
pub fn freeze<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let toggle = ctx.keyword_arg(0)?.is_some();
    let cards = characters(ctx);
    for &card in &cards {
        let object = Value::Card(card);
        let on = !toggle || !ctx.host().flag(object, Flag::Frozen);
        ctx.host().set_flag(object, Flag::Frozen, on);
    }
    Ok(status(!cards.is_empty()))
}

/// `unfreeze()`: unfreezes each target character (even one that cannot unfreeze). Fails
/// when no target is a character.
pub fn unfreeze<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let cards = characters(ctx);
    for &card in &cards {
        ctx.host().set_flag(Value::Card(card), Flag::Frozen, false);
    }
    Ok(status(!cards.is_empty()))
}

/// `clear()`: this card is not marked as activated after this activation. Never fails.
pub fn clear<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let source = ctx.env().source;
    ctx.host().set_flag(Value::Card(source), Flag::KeepReady, true);
    Ok(Status::Success)
}

/// `swapChars()`: exchanges the ring slots of the first two target characters. Fails when
/// there are not two (FIX of B-39).
pub fn swap_chars<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let cards = characters(ctx);
    let [a, b, ..] = cards[..] else { return Ok(Status::Failure) };
    Ok(status(ctx.host().swap_slots(a, b)))
}

/// `moveToSlot()`: the first target character moves to an empty slot of its ring, chosen
/// (candidates: slot numbers) when there are several. Fails when there is no target
/// character or no empty slot.
pub fn move_to_slot<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Some(&card) = characters(ctx).first() else { return Ok(Status::Failure) };
    if let Some(answer) = ctx.answer() {
        let slot = answer.first().and_then(|v| v.as_int()).unwrap_or(0);
        return Ok(status(ctx.host().move_to_slot(card, slot as u8)));
    }
    let player = ctx.host().controller(card);
    let empty: Vec<Value> = (0..4u8)
        .filter(|&slot| ctx.host().slot_card(player, slot).is_none())
        .map(|s| Value::Int(i32::from(s)))
        .collect();
    match empty[..] {
        [] => Ok(Status::Failure),
        [Value::Int(slot)] => Ok(status(ctx.host().move_to_slot(card, slot as u8))),
        _ => ctx.choose(0, &empty, 1, 1, None),
    }
}

/// `pileView(pile, state)`: changes how the pile is shown (UI only). Never fails.
pub fn pile_view<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let state = ctx.keyword_arg(1)?;
    let (Some(pile), Some(state)) = (pile_arg(ctx, 0), state) else { return Ok(Status::Success) };
    let owner = pile_owner(ctx, pile, None);
    ctx.host().pile_view(owner, pile.zone, state);
    Ok(Status::Success)
}

/// `activate(card)`: the activation of the given card's ability (its requisite, target,
/// vars, cost and effects) runs with this card as the physical card, for the executing
/// player. The runtime gives builtins no nested activation, so the game runs it through
/// [`CfcHost::queue_activation`] right after this execution. Fails when the expression
/// gives no card with an ability or the game cannot run it.
pub fn activate<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let card = match ctx.arg(0) {
        Value::Card(card) => Some(card),
        Value::List(list) => ctx.list(list).first().and_then(|v| v.as_card()),
        _ => None,
    };
    let Some(card) = card else { return Ok(Status::Failure) };
    let Some(rules) = ctx.host().rules(card) else { return Ok(Status::Failure) };
    let env = ctx.env();
    Ok(status(ctx.host().queue_activation(env.source, rules, env.me)))
}
