//! The modes of a card's `choice` lines (Wagic's `MayAbility` with `must`, all of a
//! card's listed in one menu): `choiceoption` offers one mode, `chosen` asks the
//! controller which of those offered they choose (once a resolution) and tells each mode's
//! statements whether theirs was. The modes offered and the answer are names bound for the
//! rest of the execution (`choices`, `choice`), so a mode is chosen for one resolution only.

use vm::runtime::{CallContext, Status, Value};

use super::{Res, status};
use crate::front::spec::variable;
use crate::host::WagicHost;

/// `choiceoption(label, targets?)`: adds `label` to the modes offered, unless its
/// `targets` filter finds fewer than it takes (Magic's rule 700.2a: a mode that needs a
/// target is chosen only with one to take).
pub(super) fn offer<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let label = ctx.arg(0);
    if !matches!(label, Value::Str(_)) {
        return Ok(Status::Success);
    }
    if let Value::Filter(filter) = ctx.arg(1) {
        let found = ctx.resolve(filter)?;
        let count = ctx.list(found.candidates).len();
        let least = usize::from(found.min).max(1);
        if !found.matched || count < least {
            return Ok(Status::Success);
        }
    }
    let mut offered = match ctx.variable(variable("choices")) {
        Value::List(list) => ctx.list(list).to_vec(),
        _ => Vec::new(),
    };
    if !offered.contains(&label) {
        offered.push(label);
    }
    let list = ctx.make_list(&offered)?;
    ctx.bind(variable("choices"), list)?;
    Ok(Status::Success)
}

/// `chosen(label)`: whether the mode chosen is `label`, asking for it first when this
/// resolution has not: one of the modes offered (`false`: none was, nothing is done).
pub(super) fn chosen<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let label = ctx.arg(0);
    if let Some(answer) = ctx.answer() {
        let answer = answer.first().copied().unwrap_or(Value::Bool(false));
        ctx.bind(variable("choice"), answer)?;
        return Ok(status(answer == label));
    }
    match ctx.variable(variable("choice")) {
        Value::Nil => {}
        chosen => return Ok(status(chosen == label)),
    }
    let offered = match ctx.variable(variable("choices")) {
        Value::List(list) => ctx.list(list).to_vec(),
        _ => Vec::new(),
    };
    if offered.is_empty() {
        ctx.bind(variable("choice"), Value::Bool(false))?;
        return Ok(Status::Failure);
    }
    ctx.choose(0, &offered, 1, 1, None)
}
