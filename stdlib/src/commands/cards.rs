//! Cards and piles: `destroy`, `discard`, `draw`, `moveTo`, `moveRevealedTo`, `movePile`,
//! `swapPiles`, `trash`, `rndDiscard`, `shuffle`, `prophecy`, `reveal`, `peek` (spec §3.8,
//! with the FIX of B-38, B-40, B-42 and B-48).
//!
//! Events: a card KO'd or moved out of a ring by these commands emits `removed` (object:
//! the card). Hand and ring changes (`handChanges`, `ringChanges`) are the game's to emit
//! when its piles change.

use vm::bytecode::{VariableIdx, ZoneIdx, ZoneRef};
use vm::runtime::{CallContext, CardId, Event, PlayerId, Status, Trap, TrapCode, Value};

use super::{
    Cards, PileCards, Players, Res, Values, card_values, int_arg, pile, pile_arg, pile_owner, pile_top, resolve_in,
    status, target_cards, target_players,
};
use crate::host::CfcHost;
use crate::names::{
    DECK, DISCARDS, EV_REMOVED, HAND, PREFIX_CTRL, PREFIX_MY, PREFIX_OPP, REMOVED, VAR_DESTROYED, VAR_DISCARDED,
    VAR_MOVED, VAR_TRASHED,
};

/// Whether `zone` is a pile a card can be moved to.
fn is_pile(zone: ZoneIdx) -> bool {
    zone == HAND || zone == DECK || zone == DISCARDS || zone == REMOVED
}

/// Emits `removed` for a card that left a ring.
pub(crate) fn emit_removed<H: CfcHost>(ctx: &mut CallContext<'_, H>, card: CardId) -> Result<(), Trap> {
    let me = ctx.env().me;
    ctx.emit(Event::new(EV_REMOVED, me).with_object(Value::Card(card)))
}

/// Binds `var` to `cards`.
pub(crate) fn bind_cards<H: CfcHost>(
    ctx: &mut CallContext<'_, H>,
    var: VariableIdx,
    cards: &[CardId],
) -> Result<(), Trap> {
    let list = ctx.make_card_list(cards)?;
    ctx.bind(var, list)
}

/// Binds `var` to its current value (a list bound by this command) followed by `cards`.
fn append_cards<H: CfcHost>(ctx: &mut CallContext<'_, H>, var: VariableIdx, cards: &[CardId]) -> Result<(), Trap> {
    let mut all: Values = match ctx.variable(var) {
        Value::List(list) => ctx.list(list).iter().copied().collect(),
        _ => Values::new(),
    };
    all.extend(card_values(cards));
    let list = ctx.make_list(&all)?;
    ctx.bind(var, list)
}

/// Puts a card on top of its controller's discard pile.
pub(crate) fn discard_card<H: CfcHost>(host: &mut H, card: CardId) -> bool {
    let owner = host.controller(card);
    host.move_card(card, owner, DISCARDS, 0)
}

/// `destroy()`: KOs each target card in play; binds `destroyed` to the KO'd cards. Fails
/// when nothing was KO'd.
pub fn destroy<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let mut kod = Cards::new();
    for card in target_cards(ctx) {
        if ctx.host().ko(card) {
            kod.push(card);
        }
    }
    for &card in &kod {
        emit_removed(ctx, card)?;
    }
    bind_cards(ctx, VAR_DESTROYED, &kod)?;
    Ok(status(!kod.is_empty()))
}

/// `discard([n | filter])`: each target player discards from hand one card, n cards, or
/// what the filter (resolved in that hand) picks, the executing player choosing when there
/// is a choice. `discarded` = every card discarded (all players, FIX of B-48). Fails when
/// some player had nothing matching.
///
/// Step: `(player index << 1) | failed`.
pub fn discard<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let players = target_players(ctx);
    // The step keeps the player's index in its upper 15 bits: past that many player targets
    // (a game has two; only a host that lists tens of thousands can give more) it would
    // overflow, so the command refuses them as the list limit they are.
    if players.len() > usize::from(u16::MAX >> 1) {
        return Err(Trap::new(TrapCode::ListLimit));
    }
    let mut step = ctx.step();
    if let Some(answer) = ctx.answer() {
        let chosen: Cards = answer.iter().filter_map(|value| value.as_card()).collect();
        for &card in &chosen {
            discard_card(ctx.host(), card);
        }
        append_cards(ctx, VAR_DISCARDED, &chosen)?;
        step += 2;
    } else {
        bind_cards(ctx, VAR_DISCARDED, &[])?;
    }
    let spec = ctx.arg(0);
    while let Some(&player) = players.get((step >> 1) as usize) {
        let (candidates, choose, min, max) = match spec {
            Value::Filter(f) => {
                let found = resolve_in(ctx, f, player, HAND)?;
                let candidates: PileCards = ctx.list(found.candidates).iter().filter_map(|v| v.as_card()).collect();
                (candidates, found.choose, found.min, found.max)
            }
            other => {
                let n = other.as_int().unwrap_or(1).max(0) as usize;
                let hand = pile(ctx, player, HAND)?;
                let choose = hand.len() > n;
                let n = n.min(u16::MAX as usize) as u16;
                (hand, choose, n, n)
            }
        };
        if candidates.is_empty() {
            step |= 1;
            step += 2;
            continue;
        }
        if choose {
            ctx.set_step(step);
            return ctx.choose(0, &card_values(&candidates), min, max, None);
        }
        for &card in &candidates {
            discard_card(ctx.host(), card);
        }
        append_cards(ctx, VAR_DISCARDED, &candidates)?;
        step += 2;
    }
    Ok(status(step & 1 == 0))
}

/// `rndDiscard([n])`: each target player discards n random cards (default 1); binds
/// `discarded`. Fails when some player had no card in hand.
pub fn rnd_discard<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let n = int_arg(ctx, 0, 1).max(0) as usize;
    let mut failed = false;
    let mut all = Cards::new();
    for player in target_players(ctx) {
        let mut hand = pile(ctx, player, HAND)?;
        if hand.is_empty() {
            failed = true;
            continue;
        }
        let keep = n.min(hand.len());
        for i in 0..keep {
            let j = i + ctx.host().random((hand.len() - i) as u32) as usize;
            let last = hand.len() - 1;
            hand.swap(i, j.min(last));
        }
        hand.truncate(keep);
        for &card in &hand {
            discard_card(ctx.host(), card);
        }
        all.extend(hand);
    }
    bind_cards(ctx, VAR_DISCARDED, &all)?;
    Ok(status(!failed))
}

/// `draw([n])`: each target player draws n cards (default 1), fewer if the deck runs
/// out. Fails when some player's deck had no card to draw.
pub fn draw<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let n = int_arg(ctx, 0, 1).max(0) as usize;
    let mut failed = false;
    for player in target_players(ctx) {
        let (top, holds_cards) = pile_top(ctx, player, DECK, n)?;
        if !holds_cards && n > 0 {
            failed = true;
        }
        for &card in &top {
            ctx.host().move_card(card, player, HAND, -1);
        }
    }
    Ok(status(!failed))
}

/// `trash([n])`: each target player puts the top n cards of the deck (default 1) into the
/// discard pile; binds `trashed`. Fails when some player's deck was empty.
pub fn trash<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let n = int_arg(ctx, 0, 1).max(0) as usize;
    let mut failed = false;
    let mut all = Cards::new();
    for player in target_players(ctx) {
        let (top, holds_cards) = pile_top(ctx, player, DECK, n)?;
        if !holds_cards {
            failed = true;
        }
        for &card in &top {
            if ctx.host().move_card(card, player, DISCARDS, 0) {
                all.push(card);
            }
        }
    }
    bind_cards(ctx, VAR_TRASHED, &all)?;
    Ok(status(!failed))
}

/// `moveTo(pile [, position] [, reveal])`: moves each target card to the pile (`ctrl`: the
/// card's controller's) at the position (0 top, -1 bottom, `?` asked once, a boolean is
/// the reveal flag), revealing it first if asked; binds `moved`. Fails when no card moved.
pub fn move_to<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Some(dest) = pile_arg(ctx, 0) else { return Ok(Status::Failure) };
    let targets = target_cards(ctx);
    if !is_pile(dest.zone) || targets.is_empty() {
        bind_cards(ctx, VAR_MOVED, &[])?;
        return Ok(Status::Failure);
    }
    let (mut position, mut reveal) = (0, false);
    match ctx.arg(1) {
        Value::Int(p) => position = p,
        Value::Bool(b) => reveal = b,
        Value::Ask => match ctx.answer() {
            Some(answer) => position = answer.first().and_then(|v| v.as_int()).unwrap_or(0),
            None => return ctx.choose(0, &[Value::Int(0), Value::Int(-1)], 1, 1, None),
        },
        _ => {}
    }
    if let Value::Bool(b) = ctx.arg(2) {
        reveal = b;
    }
    let mut moved = Cards::new();
    let mut left_ring = Cards::new();
    for card in targets {
        let owner = pile_owner(ctx, dest, Some(card));
        if reveal {
            ctx.host().reveal(card, None);
        }
        if let Some(from_ring) = ctx.host().move_card_from_ring(card, owner, dest.zone, position) {
            moved.push(card);
            if from_ring {
                left_ring.push(card);
            }
        }
    }
    for card in left_ring {
        emit_removed(ctx, card)?;
    }
    bind_cards(ctx, VAR_MOVED, &moved)?;
    Ok(status(!moved.is_empty()))
}

/// Moves `cards` (in pile order) onto `player`'s `zone` at `position`, keeping their order.
fn move_keeping_order<H: CfcHost>(host: &mut H, cards: &[CardId], player: PlayerId, zone: ZoneIdx, position: i32) {
    if position == 0 {
        for &card in cards.iter().rev() {
            host.move_card(card, player, zone, 0);
        }
    } else {
        for &card in cards {
            host.move_card(card, player, zone, position);
        }
    }
}

/// `moveRevealedTo(pile [, position])`: "reveal until". With a card target, every card
/// above it in its pile; with a player target (the default), that player's whole deck (FIX
/// of B-38: the searched deck is the target's, not always the executing player's). The
/// cards are revealed and moved, in order, to the pile (`ctrl`: the searched pile's owner).
/// Fails when the searched pile is empty.
pub fn move_revealed_to<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let Some(dest) = pile_arg(ctx, 0) else { return Ok(Status::Failure) };
    let position = int_arg(ctx, 1, 0);
    let me = ctx.env().me;
    let (owner, zone, until) = match ctx.target(0) {
        Value::Card(card) => match ctx.host().locate(card) {
            Some((owner, zone)) => (owner, zone, Some(card)),
            None => return Ok(Status::Failure),
        },
        Value::Player(player) => (player, DECK, None),
        _ => (me, DECK, None),
    };
    let searched = pile(ctx, owner, zone)?;
    if searched.is_empty() {
        return Ok(Status::Failure);
    }
    let above = until.and_then(|card| searched.iter().position(|&c| c == card)).unwrap_or(searched.len());
    let cards = &searched[..above];
    let to = match dest.prefix {
        Some(PREFIX_CTRL) => owner,
        _ => pile_owner(ctx, dest, None),
    };
    for &card in cards {
        ctx.host().reveal(card, None);
    }
    move_keeping_order(ctx.host(), cards, to, dest.zone, position);
    Ok(Status::Success)
}

/// The owner of a pile argument: its prefix, else the executing player.
fn prefixed_owner<H: CfcHost>(ctx: &mut CallContext<'_, H>, zone: ZoneRef) -> PlayerId {
    pile_owner(ctx, zone, None)
}

/// `movePile(from, to)`: moves every card of the first pile onto the second, keeping their
/// order. Fails when the first pile is empty.
pub fn move_pile<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let (Some(from), Some(to)) = (pile_arg(ctx, 0), pile_arg(ctx, 1)) else { return Ok(Status::Failure) };
    let (from_owner, to_owner) = (prefixed_owner(ctx, from), prefixed_owner(ctx, to));
    let cards = pile(ctx, from_owner, from.zone)?;
    if cards.is_empty() {
        return Ok(Status::Failure);
    }
    move_keeping_order(ctx.host(), &cards, to_owner, to.zone, 0);
    Ok(Status::Success)
}

/// `swapPiles(a, b)`: exchanges the contents of two piles (each keeps the other's order).
/// Never fails.
pub fn swap_piles<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let (Some(a), Some(b)) = (pile_arg(ctx, 0), pile_arg(ctx, 1)) else { return Ok(Status::Success) };
    let (a_owner, b_owner) = (prefixed_owner(ctx, a), prefixed_owner(ctx, b));
    let first = pile(ctx, a_owner, a.zone)?;
    let second = pile(ctx, b_owner, b.zone)?;
    ctx.host().swap_piles((a_owner, a.zone), &first, (b_owner, b.zone), &second);
    Ok(Status::Success)
}

/// `shuffle([pile])`: shuffles the pile (default the deck) of the prefix's player
/// (`ctrl`: the first target card's controller), else of the first target player, else of
/// the executing player. Never fails.
pub fn shuffle<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let zone = pile_arg(ctx, 0);
    let me = ctx.env().me;
    let player = match zone.and_then(|zone| zone.prefix) {
        Some(PREFIX_OPP) => ctx.host().opponent(me),
        Some(PREFIX_MY) => me,
        Some(PREFIX_CTRL) => match ctx.target(0) {
            Value::Card(card) => ctx.host().controller(card),
            Value::Player(player) => player,
            _ => me,
        },
        _ => ctx.target(0).as_player().unwrap_or(me),
    };
    let zone = zone.map_or(DECK, |zone| zone.zone);
    // Shuffling moves every card of the pile: paid for as reading it is.
    pile_top(ctx, player, zone, 0)?;
    ctx.host().shuffle(player, zone);
    Ok(Status::Success)
}

/// `prophecy([n [, top|bottom]])`: looks at the top n cards (default 1) of the pile of the
/// first target (a player: the deck; a card: its pile); the player orders them (the
/// answer's order is the picking order) and they go back on top (the last picked on top)
/// or at the bottom. The destination is asked first when not written. Fails when the pile
/// is empty; a cancelled dialog leaves the pile unchanged.
///
/// Steps: 0 start, 1 destination asked, 2/3 order asked (top/bottom).
pub fn prophecy<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let n = int_arg(ctx, 0, 1).max(0) as usize;
    let (owner, zone) = match ctx.target(0) {
        Value::Card(card) => match ctx.host().locate(card) {
            Some(place) => place,
            None => return Ok(Status::Failure),
        },
        Value::Player(player) => (player, DECK),
        _ => {
            let source = ctx.env().source;
            (ctx.host().controller(source), DECK)
        }
    };
    let (top, _) = pile_top(ctx, owner, zone, n)?;
    if top.is_empty() {
        return Ok(Status::Failure);
    }
    let len = top.len().min(u16::MAX as usize) as u16;
    let answer = ctx.answer().map(|answer| answer.iter().copied().collect::<Values>());
    let (step, answer) = match (ctx.step(), answer) {
        (1, Some(answer)) => {
            let bottom = answer.first().and_then(|v| v.as_int()).unwrap_or(0) != 0;
            ctx.set_step(2 + u16::from(bottom));
            return ctx.choose(0, &card_values(&top), len, len, None);
        }
        (step @ (2 | 3), Some(answer)) => (step, answer),
        _ => match ctx.arg(1).as_int() {
            Some(bottom) => {
                let step = 2 + u16::from(bottom != 0);
                if top.len() == 1 {
                    (step, card_values(&top))
                } else {
                    ctx.set_step(step);
                    return ctx.choose(0, &card_values(&top), len, len, None);
                }
            }
            None => {
                ctx.set_step(1);
                return ctx.choose(1, &[Value::Int(0), Value::Int(1)], 1, 1, None);
            }
        },
    };
    let order: Cards = answer.iter().filter_map(|v| v.as_card()).collect();
    let position = if step == 2 { 0 } else { -1 };
    for card in order {
        ctx.host().move_card(card, owner, zone, position);
    }
    Ok(Status::Success)
}

/// `reveal()` shows the target cards to every player; `reveal(pile)` shows each target
/// player's whole pile (the prefix's player's when one is written) to the other player.
/// Fails when nothing was revealed.
pub fn reveal<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    match pile_arg(ctx, 0) {
        None => {
            let cards = target_cards(ctx);
            for &card in &cards {
                ctx.host().reveal(card, None);
            }
            Ok(status(!cards.is_empty()))
        }
        Some(zone) => {
            let players = match zone.prefix {
                Some(_) => smallvec::smallvec![prefixed_owner(ctx, zone)],
                None => target_players(ctx),
            };
            let mut any = false;
            for player in players {
                if !pile_top(ctx, player, zone.zone, 0)?.1 {
                    continue;
                }
                any = true;
                let viewer = ctx.host().opponent(player);
                ctx.host().show_pile(player, zone.zone, viewer);
            }
            Ok(status(any))
        }
    }
}

/// `peek()`: the executing player looks at the hand of each target player other than
/// themselves (FIX of B-42), or of the opponent when there is none. Never fails.
pub fn peek<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let me = ctx.env().me;
    let mut players: Players = ctx.targets().iter().filter_map(|t| t.as_player()).filter(|&p| p != me).collect();
    if players.is_empty() {
        players.push(ctx.host().opponent(me));
    }
    for player in players {
        // Showing a hand reads it, paid for as `reveal(pile)` pays.
        pile_top(ctx, player, HAND, 0)?;
        ctx.host().show_pile(player, HAND, me);
    }
    Ok(Status::Success)
}
