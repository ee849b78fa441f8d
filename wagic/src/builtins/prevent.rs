//! `preventdamage` (Wagic's `preventalldamage to(spec) from(spec)`,
//! `APreventDamageTypes`): one prevention effect, marked on what it protects and on the
//! sources whose damage it stops, so that the host tells at each damage whether it holds.

use vm::runtime::{CallContext, CardId, EffectKind, Status, Value};

use super::{Res, int_arg, record};
use crate::host::{EffectCode, WagicHost};

/// Bit of `kind`: the targets stand for `to(...)` (`to(this)`).
pub const TO_TARGETS: i32 = 4;
/// Bit of `kind`: the targets stand for `from(...)` (`from(this)`).
pub const FROM_TARGETS: i32 = 8;

/// Records the prevention (its flags: which damage, and whether `to` and `from` are
/// limited), then one `PreventTo` mark per card or player `to` stands for and one
/// `PreventFrom` mark per card `from` stands for, each naming the prevention's id.
pub(super) fn prevent_damage<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let kind = int_arg(ctx, 0, 0);
    let targets = ctx.targets().to_vec();
    let to: Option<Vec<Value>> = match ctx.arg(1) {
        _ if kind & TO_TARGETS != 0 => Some(targets.clone()),
        Value::Filter(filter) => {
            let found = ctx.resolve(filter)?;
            Some(ctx.list(found.candidates).to_vec())
        }
        _ => None,
    };
    let from: Option<Vec<CardId>> = match ctx.arg(2) {
        _ if kind & FROM_TARGETS != 0 => Some(targets.iter().filter_map(|target| target.as_card()).collect()),
        Value::Filter(filter) => {
            let found = ctx.resolve(filter)?;
            Some(ctx.list(found.candidates).iter().filter_map(|value| value.as_card()).collect())
        }
        _ => None,
    };
    let marks = to.as_ref().map_or(0, Vec::len).saturating_add(from.as_ref().map_or(0, Vec::len));
    ctx.charge(marks)?;
    let flags = (kind & 3) | if to.is_some() { TO_TARGETS } else { 0 } | if from.is_some() { FROM_TARGETS } else { 0 };
    let prevention =
        EffectKind::Custom { code: EffectCode::PreventAll as u16, target: Value::Nil, value: Value::Int(flags) };
    // `None`: the source left play while the ability waited; the effect would be over.
    let Some((id, new)) = ctx.record_stacking_effect_kept(prevention)? else { return Ok(Status::Success) };
    // Kept in force (a continuous auto restating it): its marks carry its tag, and are kept too.
    if new {
        ctx.host().add_effect(id, EffectCode::PreventAll, Value::Nil, flags);
    }
    let tag = i32::try_from(id.0).unwrap_or(i32::MAX);
    for target in to.into_iter().flatten() {
        record(ctx, EffectCode::PreventTo, target, tag)?;
    }
    for card in from.into_iter().flatten() {
        record(ctx, EffectCode::PreventFrom, Value::Card(card), tag)?;
    }
    Ok(Status::Success)
}
