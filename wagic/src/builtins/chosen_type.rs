//! A creature type chosen for a card (`chooseatype ... chooseend`) and the card a spell
//! targets (`share!name!`): the catalogue's `choosetype` asks for the type and remembers it
//! on the source, `cardtarget` notes the source's first target card; a spec's
//! `[chosentype]` and `[share!...!]` terms read them where the filter is resolved
//! (`Host::has_keyword_for`).

use vm::runtime::{CallContext, Status, Value};

use super::Res;
use crate::catalogue::CREATURE_SUBTYPES;
use crate::host::WagicHost;

/// `choosetype`: asks the source's controller for one of the creature types offered (the
/// options are their indices in the catalogue's subtypes) and remembers the answer on the
/// source. An answer that is no creature type's index leaves the choice as it was; with
/// no type offered, nothing is asked.
pub(super) fn choose_type<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    if let Some(answer) = ctx.answer() {
        let subtype = answer.first().and_then(|value| value.as_int()).and_then(|index| u16::try_from(index).ok());
        if let Some(subtype) = subtype.filter(|subtype| usize::from(*subtype) < CREATURE_SUBTYPES.len()) {
            let source = ctx.env().source;
            ctx.host().set_chosen_type(source, subtype);
        }
        return Ok(Status::Success);
    }
    let offered: Vec<Value> =
        ctx.host().types_offered().into_iter().map(|subtype| Value::Int(i32::from(subtype))).collect();
    if offered.is_empty() {
        return Ok(Status::Success);
    }
    ctx.choose(0, &offered, 1, 1, None)
}

/// `cardtarget` (Wagic's `card->target`): notes the source's first target card. Succeeds
/// whatever it finds, so that a spell's effects after it run.
pub(super) fn card_target<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let source = ctx.env().source;
    let first = ctx.targets().iter().find_map(|target| target.as_card());
    if let Some(card) = first {
        ctx.host().set_card_target(source, card);
    }
    Ok(Status::Success)
}
