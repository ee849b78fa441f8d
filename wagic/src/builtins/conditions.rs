//! The functions of Wagic's conditions on the source card: `this(gear ...)`, `this(auras
//! ...)` (how many Equipment or Auras are attached to it: Wagic's `ThisEquip`,
//! `ThisAuras`).

use vm::runtime::{CallContext, Status, Value};

use super::{Res, string_arg};
use crate::host::WagicHost;

/// `attachments(card, 'equipment')` (or `'aura'`): how many Equipment (or Auras) on the
/// battlefield are attached to the card; 0 for anything else.
pub(super) fn attachments<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let kind = string_arg(ctx, 1)?;
    let (equipment, auras) = ctx.arg(0).as_card().map_or((0, 0), |card| ctx.host().attachments(card));
    let count = match kind.as_str() {
        "equipment" => equipment,
        "aura" => auras,
        _ => 0,
    };
    ctx.set_result(Value::Int(count));
    Ok(Status::Success)
}
