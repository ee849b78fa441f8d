//! Cost components: `F` (freeze this card), `S` (sacrifice), `D` (discard). Each is
//! checked (may ask what to pay with; nothing changes) before any is paid (§3.3, FIX of
//! B-28), then paid with exactly what was chosen, or with what the check fixed when the
//! rules left no choice: never more (an empty choice pays nothing).

use vm::bytecode::Cost;
use vm::runtime::{CallContext, CostPhase, Status, Value};

use crate::commands::cards::{bind_cards, discard_card, emit_removed};
use crate::commands::{Cards, Res, Values, pile_values, resolve_in, status};
use crate::host::{CfcHost, Flag};
use crate::names::{COST_D, COST_F, COST_S, HAND, RING, VAR_DISCARDED, VAR_SACRIFICED};

/// `{F}`: payable when this card is not frozen; paying freezes it (sets, never toggles:
/// FIX of B-29).
pub fn freeze<H: CfcHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = Value::Card(ctx.env().source);
    match phase {
        CostPhase::Check => Ok(status(!ctx.host().flag(source, Flag::Frozen))),
        CostPhase::Pay => {
            ctx.host().set_flag(source, Flag::Frozen, true);
            Ok(Status::Success)
        }
    }
}

/// `{S}` / `{S(filter)}`: KO this card, or the characters of your ring the filter picks
/// (asked when there is a choice; the filter's zone is always your ring); binds `sacrificed`.
pub fn sacrifice<H: CfcHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let filter = ctx.cost().and_then(|cost| cost.filter);
    match (phase, filter) {
        (CostPhase::Check, None) => {
            let source = ctx.env().source;
            Ok(status(ctx.host().locate(source).is_some_and(|(_, zone)| zone == RING)))
        }
        (CostPhase::Check, Some(f)) => {
            if ctx.answer().is_some() {
                return Ok(Status::Success);
            }
            let found = ctx.resolve(f)?;
            // The spec forces a sacrifice's zone to the payer's ring, whatever the filter
            // says: `{S(character)}` never offers an enemy character.
            let me = ctx.env().me;
            let mut own: Values = ctx.list(found.candidates).iter().copied().collect();
            own.retain(|value| value.as_card().and_then(|card| ctx.host().locate(card)) == Some((me, RING)));
            let n = own.len();
            if !found.matched || n == 0 || n < usize::from(found.min) {
                return Ok(Status::Failure);
            }
            if found.choose {
                return ctx.choose(0, &own, found.min, found.max, None);
            }
            ctx.fix_selection(&own)?;
            Ok(Status::Success)
        }
        (CostPhase::Pay, _) => {
            // Exactly what was chosen or fixed while checking (possibly nothing); only
            // `{S}` without a filter pays with the source.
            let cards: Cards = match (ctx.selection(), filter) {
                (Some(selection), _) => selection.iter().filter_map(|v| v.as_card()).collect(),
                (None, None) => smallvec::smallvec![ctx.env().source],
                (None, Some(_)) => Cards::new(),
            };
            let mut kod = Cards::new();
            for card in cards {
                if ctx.host().ko(card) {
                    kod.push(card);
                }
            }
            for &card in &kod {
                emit_removed(ctx, card)?;
            }
            bind_cards(ctx, VAR_SACRIFICED, &kod)?;
            Ok(Status::Success)
        }
    }
}

/// `{D}` / `{D(n)}` / `{D(filter)}`: discard from your hand one card, n cards, or what the
/// filter picks (resolved in your hand), asked when there is a choice; binds `discarded`.
pub fn discard<H: CfcHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let me = ctx.env().me;
    let (count, filter) = ctx.cost().map_or((None, None), |cost| (cost.count, cost.filter));
    let candidates = |ctx: &mut CallContext<'_, H>| -> Result<(Values, bool, u16, u16), vm::runtime::Trap> {
        match filter {
            Some(f) => {
                let found = resolve_in(ctx, f, me, HAND)?;
                Ok((ctx.list(found.candidates).iter().copied().collect(), found.choose, found.min, found.max))
            }
            None => {
                let n = discard_count(count);
                let hand = pile_values(ctx, me, HAND)?;
                let choose = hand.len() > usize::from(n);
                Ok((hand, choose, n, n))
            }
        }
    };
    match phase {
        CostPhase::Check => {
            if ctx.answer().is_some() {
                return Ok(Status::Success);
            }
            let (cards, choose, min, max) = candidates(ctx)?;
            if cards.is_empty() || cards.len() < usize::from(min) {
                return Ok(Status::Failure);
            }
            if choose {
                return ctx.choose(0, &cards, min, max, None);
            }
            ctx.fix_selection(&cards)?;
            Ok(Status::Success)
        }
        CostPhase::Pay => {
            // Exactly what was chosen or fixed while checking (possibly nothing).
            let cards: Cards = ctx.selection().unwrap_or_default().iter().filter_map(|v| v.as_card()).collect();
            for &card in &cards {
                discard_card(ctx.host(), card);
            }
            bind_cards(ctx, VAR_DISCARDED, &cards)?;
            Ok(Status::Success)
        }
    }
}

/// How many cards `{D}` / `{D(n)}` discards (at most `u16::MAX`, what a question can ask for).
fn discard_count(count: Option<u32>) -> u16 {
    count.unwrap_or(1).min(u32::from(u16::MAX)) as u16
}

/// What checking one cost component gives ([`check_from_facts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checked {
    /// The check passes; the next component is checked.
    Pays,
    /// The check fails: the activation fails with `CostNotPaid`.
    Fails,
    /// The check asks the player what to pay with: the execution suspends there.
    Asks,
}

/// The facts the checks of `{F}`, `{S}` and `{D}` without a filter read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CostFacts {
    /// The source card is frozen.
    pub frozen: bool,
    /// The source card is in a ring (the host locates it in `RING`; a card on the table
    /// or attached as a back-up is located nowhere).
    pub in_ring: bool,
    /// The cards in the paying player's hand.
    pub hand: usize,
}

/// What [`freeze`], [`sacrifice`] or [`discard`] checking `cost` (before any answer) gives
/// on a game with these facts, for a host that answers legality without running the check;
/// `None` for a component with a filter (its check resolves the filter) or another cost.
/// Those checks read nothing else and change nothing.
pub fn check_from_facts(cost: &Cost, facts: CostFacts) -> Option<Checked> {
    if cost.filter.is_some() {
        return None;
    }
    let pays_if = |pays: bool| if pays { Checked::Pays } else { Checked::Fails };
    match cost.cost {
        COST_F => Some(pays_if(!facts.frozen)),
        COST_S => Some(pays_if(facts.in_ring)),
        COST_D => {
            let n = usize::from(discard_count(cost.count));
            Some(if facts.hand == 0 || facts.hand < n {
                Checked::Fails
            } else if facts.hand > n {
                Checked::Asks
            } else {
                Checked::Pays
            })
        }
        _ => None,
    }
}

/// Where the check of a cost component with a filter looks for what to pay with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostSearch {
    /// The filter's own zones (`{S(filter)}`, whose candidates then count only in the
    /// payer's ring; `{D(filter)}` naming a zone).
    Filter,
    /// The payer's hand: `{D(filter)}` whose filter names no zone ([`discard`] resolves it
    /// in the hand).
    Hand,
}

/// Where checking `cost` resolves its filter (`filter`); `None` for a component without
/// a filter or other than `{S}` and `{D}`.
pub fn cost_search(cost: &Cost, filter: &vm::bytecode::Filter) -> Option<CostSearch> {
    cost.filter?;
    match cost.cost {
        COST_S => Some(CostSearch::Filter),
        COST_D if filter.zone.prefix.is_none() && filter.zone.zone == crate::names::ARENA => Some(CostSearch::Hand),
        COST_D => Some(CostSearch::Filter),
        _ => None,
    }
}

/// What [`sacrifice`] or [`discard`] checking `cost` (with a filter, before any answer)
/// gives, from its filter's resolution where [`cost_search`] says: whether it `matched`,
/// whether the player `choose`s and at least how many (`min`), and how many of the
/// candidates can pay (`payable`: for `{S}` those in the payer's own ring, for `{D}` all).
/// `None` for another component. Those checks read nothing else and change nothing.
pub fn check_from_found(cost: &Cost, matched: bool, choose: bool, min: u16, payable: usize) -> Option<Checked> {
    cost.filter?;
    let fails = match cost.cost {
        COST_S => !matched || payable == 0 || payable < usize::from(min),
        COST_D => payable == 0 || payable < usize::from(min),
        _ => return None,
    };
    Some(if fails {
        Checked::Fails
    } else if choose {
        Checked::Asks
    } else {
        Checked::Pays
    })
}
