//! `{C(0/0,-n,name)}` (Wagic's `CounterCost`): remove n counters of that name from this
//! permanent. The cost's filter is `this[counter{name}>=n]` (`front/counter_cost.rs`): its
//! one term names the kind and the count.

use vm::bytecode::{CompareOp, Term, TermKind};

use super::*;

/// Payable while this permanent has at least n counters of the name; paying removes n
/// (the last `time` counter removed sacrifices it, as any removal does).
pub(super) fn counter_cost<H: WagicHost>(ctx: &mut CallContext<'_, H>, phase: CostPhase) -> Res {
    let source = ctx.env().source;
    let Some((name, count)) = removed_counters(ctx) else { return Ok(Status::Failure) };
    match phase {
        CostPhase::Check => Ok(status(ctx.host().named_counters(source, name) >= count)),
        CostPhase::Pay => {
            ctx.host().add_named_counters(source, name, -count);
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
