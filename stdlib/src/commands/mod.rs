//! The commands, one file per family. Each builtin follows its catalogue entry (doc and
//! `fails_when`) in [`crate::catalogue`]; the runtime has already applied the command's
//! `default_target` (§3.7) when the statement resolved no targets.

pub mod abilities;
pub mod cards;
pub mod counters;
pub mod rules;
pub mod turns;

use smallvec::SmallVec;
use vm::bytecode::{AmountMode, ZoneRef};
use vm::runtime::{CallContext, CardId, PlayerId, Status, Trap, Value};

use crate::host::CfcHost;
use crate::names::{ARENA, CHARACTER, PREFIX_CTRL, PREFIX_OPP};

/// The result of a builtin.
pub type Res = Result<Status, Trap>;

/// Success when `ok`, else failure.
pub(crate) fn status(ok: bool) -> Status {
    if ok { Status::Success } else { Status::Failure }
}

/// How many cards or values a command handles without a heap allocation: a hand, or both
/// rings' characters, fit; a whole pile is read into [`PileCards`].
pub(crate) const INLINE: usize = 16;

/// Cards a command handles (its targets, what it moved), in order.
pub(crate) type Cards = SmallVec<[CardId; INLINE]>;

/// How many cards a whole pile read by a command ([`pile`]) holds without a heap
/// allocation: a deck of 50 cards fits, as does every pile of a game of two such decks but
/// the rare one holding cards of both players.
pub(crate) const PILE_INLINE: usize = 64;

/// The cards of a whole pile, in order (0 = top).
pub(crate) type PileCards = SmallVec<[CardId; PILE_INLINE]>;

/// Values a command handles (candidates, a list to bind), in order.
pub(crate) type Values = SmallVec<[Value; INLINE]>;

/// The players a player command acts on.
pub(crate) type Players = SmallVec<[PlayerId; 2]>;

/// The cards among the targets, in order.
pub(crate) fn target_cards<H: CfcHost>(ctx: &CallContext<'_, H>) -> Cards {
    ctx.targets().iter().filter_map(|target| target.as_card()).collect()
}

/// The players a player command acts on (§3.7): the player targets, or the source's
/// controller when the targets are cards (or there are none).
pub(crate) fn target_players<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Players {
    let players: Players = ctx.targets().iter().filter_map(|target| target.as_player()).collect();
    if players.is_empty() {
        let source = ctx.env().source;
        smallvec::smallvec![ctx.host().controller(source)]
    } else {
        players
    }
}

/// Whether `card` is a character card.
pub(crate) fn is_character<H: CfcHost>(host: &H, card: CardId) -> bool {
    host.card_type(card) == Some(CHARACTER)
}

/// The player whose pile `pile` names: `opp` the executing player's opponent, `ctrl` the
/// controller of `card` (else the executing player), otherwise the executing player.
pub(crate) fn pile_owner<H: CfcHost>(ctx: &mut CallContext<'_, H>, pile: ZoneRef, card: Option<CardId>) -> PlayerId {
    let me = ctx.env().me;
    match pile.prefix {
        Some(PREFIX_OPP) => ctx.host().opponent(me),
        Some(PREFIX_CTRL) => match card {
            Some(card) => ctx.host().controller(card),
            None => me,
        },
        _ => me,
    }
}

/// Argument `i` as a pile (`None` when it is not one, which the checker rules out).
pub(crate) fn pile_arg<H: CfcHost>(ctx: &CallContext<'_, H>, i: usize) -> Option<ZoneRef> {
    match ctx.arg(i) {
        Value::Pile(zone) => Some(zone),
        _ => None,
    }
}

/// Argument `i` as an integer, `default` when absent or not a number.
pub(crate) fn int_arg<H: CfcHost>(ctx: &CallContext<'_, H>, i: usize, default: i32) -> i32 {
    match ctx.arg(i) {
        Value::Amount(_, n) => n,
        value => value.as_int().unwrap_or(default),
    }
}

/// Applies an amount argument (`300`, `=v`, `xN`, or a plain integer) to `current`;
/// `None` when the argument is not a number (an expression that failed).
pub(crate) fn apply_amount(current: i32, amount: Value) -> Option<i32> {
    match amount {
        Value::Amount(AmountMode::Add, n) => Some(current.saturating_add(n)),
        Value::Amount(AmountMode::Set, n) => Some(n),
        Value::Amount(AmountMode::Mul, n) => Some(current.saturating_mul(n)),
        other => other.as_int().map(|n| current.saturating_add(n)),
    }
}

/// The cards of `player`'s pile `zone`, in order (0 = top), charged one unit of fuel per
/// card: a command over a whole pile does work in proportion to it.
pub(crate) fn pile<H: CfcHost>(
    ctx: &mut CallContext<'_, H>,
    player: PlayerId,
    zone: vm::bytecode::ZoneIdx,
) -> Result<PileCards, Trap> {
    ctx.read_pile(player, zone, |ctx, values| {
        ctx.charge(values.len())?;
        Ok(values.iter().filter_map(|value| value.as_card()).collect())
    })
}

/// The first `most` cards of `player`'s pile `zone` (0 = top) and whether it holds a card
/// at all, charged as [`pile`] is: `draw`, `trash` and `prophecy` take the top of a deck,
/// and neither is the rest of it copied (the host lists the top only,
/// [`vm::runtime::Host::pile_top_cards`]) nor counted (its callers only ask whether it is
/// empty).
pub(crate) fn pile_top<H: CfcHost>(
    ctx: &mut CallContext<'_, H>,
    player: PlayerId,
    zone: vm::bytecode::ZoneIdx,
    most: usize,
) -> Result<(Cards, bool), Trap> {
    ctx.read_pile_top(player, zone, most, |ctx, top, len| {
        ctx.charge(len)?;
        let top: Cards = top.iter().filter_map(|value| value.as_card()).collect();
        Ok((top, len > 0))
    })
}

/// The cards of `player`'s pile `zone` (0 = top) as values, charged as [`pile`] is.
pub(crate) fn pile_values<H: CfcHost>(
    ctx: &mut CallContext<'_, H>,
    player: PlayerId,
    zone: vm::bytecode::ZoneIdx,
) -> Result<Values, Trap> {
    ctx.read_pile(player, zone, |ctx, values| {
        ctx.charge(values.len())?;
        Ok(values.iter().copied().filter(|value| value.as_card().is_some()).collect())
    })
}

/// Resolves a filter argument of a command that picks cards from `player`'s `zone`
/// (`discard(<1>action)`, `{D(reaction)}`): a filter with no written zone searches that
/// pile (through [`CfcHost::set_search_scope`]); one with a zone searches it.
pub(crate) fn resolve_in<H: CfcHost>(
    ctx: &mut CallContext<'_, H>,
    f: vm::bytecode::FilterIdx,
    player: PlayerId,
    zone: vm::bytecode::ZoneIdx,
) -> Result<vm::runtime::Resolved, Trap> {
    let default_zone =
        ctx.program().filter(f).is_some_and(|filter| filter.zone.prefix.is_none() && filter.zone.zone == ARENA);
    if !default_zone {
        return ctx.resolve(f);
    }
    ctx.host().set_search_scope(Some((player, zone)));
    let found = ctx.resolve(f);
    ctx.host().set_search_scope(None);
    found
}

/// The values of a list of cards.
pub(crate) fn card_values(cards: &[CardId]) -> Values {
    cards.iter().copied().map(Value::Card).collect()
}
