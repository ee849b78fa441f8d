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
/// does) or puts them on.
pub(super) fn counter_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    let Some((name, count)) = removed_counters(ctx) else { return Ok(Status::Failure) };
    match phase {
        CostPhase::Check => Ok(status(ctx.host().named_counters(source, name) >= count)),
        CostPhase::Pay => {
            ctx.host().add_named_counters(source, name, count.saturating_neg());
            Ok(Status::Success)
        }
    }
}

/// The name and count of the counters the cost removes, from its filter's one term.
fn removed_counters<H: WagicHost>(ctx: &CallContext<'_, H>) -> Option<(&'static str, i32)> {
    let filter = ctx.program().filter(ctx.cost()?.filter?)?;
    let [group] = filter.terms.as_slice() else { return None };
    let [Term { negated: false, kind: TermKind::Compare { property, op: CompareOp::Ge, value } }] = group.as_slice()
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
