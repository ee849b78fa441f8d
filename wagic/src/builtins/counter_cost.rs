//! `{C(0/0,-n,name)}` (Wagic's `CounterCost`): remove n counters of that name from this
//! permanent; `{C(0/0,n,name)}` puts n on it (a planeswalker's `+1`). The cost's filter is
//! `this[counter{name}>=-count]` (`front/counter_cost.rs`): its one term names the kind and
//! the count removed, negative for counters put on. And the `planeswalker` cost the front
//! end gives each activated ability of a planeswalker: Wagic's rule of one loyalty
//! ability a turn, at sorcery speed.

use vm::bytecode::{CompareOp, Term, TermKind};

use super::*;

/// Payable while this permanent has at least n counters of the name (always, for counters
/// put on); paying removes n (the last `time` counter removed sacrifices it, the last
/// `loyalty` counter of a planeswalker puts it into its owner's graveyard, as any removal
/// does) or puts them on. With a spec (`{C(1/1,-1),creature|mybattlefield}`), on a
/// permanent it picks with as many (asked, as `{S(spec)}` asks).
pub(super) fn counter_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    let Some((name, count)) = removed_counters(ctx) else { return Ok(Status::Failure) };
    let spec = ctx.cost().and_then(|cost| cost.filter).filter(|filter| !on_this(ctx, *filter));
    match (phase, spec) {
        (CostPhase::Check, None) => Ok(status(ctx.host().named_counters(source, name) >= count)),
        (CostPhase::Check, Some(filter)) => check_spec(ctx, filter),
        (CostPhase::Pay, None) => {
            ctx.host().add_named_counters(source, name, count.saturating_neg());
            Ok(Status::Success)
        }
        (CostPhase::Pay, Some(_)) => {
            for card in selected_cards(ctx) {
                ctx.host().add_named_counters(card, name, count.saturating_neg());
            }
            Ok(Status::Success)
        }
    }
}

/// Whether a counter cost's filter is this permanent's (`TypeAtom::This`), not a spec's.
fn on_this<H: WagicHost>(ctx: &CallContext<'_, H>, filter: vm::bytecode::FilterIdx) -> bool {
    ctx.program()
        .filter(filter)
        .is_some_and(|filter| filter.types.iter().any(|term| term.atom == vm::bytecode::TypeAtom::This))
}

/// The name and count of the counters the cost removes, from its filter's counter term:
/// the last of its first group (the spec's terms come before it).
fn removed_counters<H: WagicHost>(ctx: &CallContext<'_, H>) -> Option<(&'static str, i32)> {
    let filter = ctx.program().filter(ctx.cost()?.filter?)?;
    let Some(Term { negated: false, kind: TermKind::Compare { property, op: CompareOp::Ge, value } }) =
        filter.terms.first()?.last()
    else {
        return None;
    };
    let name = catalogue::counter_name(catalogue::COMPARABLE_FILTERS.get(property.index())?.name)?;
    Some((name, *value))
}

/// A planeswalker's ability (Wagic's `ActivatedAbility::isReactingToClick` for a card of
/// type Planeswalker): payable by its controller in their own main phase with the stack
/// empty, when no ability of the permanent was activated this turn; paying counts the
/// activation (the count `limit:n` keeps too).
pub(super) fn loyalty_once<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let (source, player) = (ctx.env().source, ctx.env().controller);
    match phase {
        CostPhase::Check => {
            let host = ctx.host();
            Ok(status(host.sorcery_timing(player) && host.activations(source) < 1))
        }
        CostPhase::Pay => {
            ctx.host().count_activation(source);
            Ok(Status::Success)
        }
    }
}
