//! The modes of a card's `choice` lines (Wagic's `MayAbility` with `must`, all of a
//! card's listed in one menu): `choiceoption` offers one mode, `chosen` asks the
//! controller which of those offered they choose (once a resolution) and tells each mode's
//! statements whether theirs was. The modes offered and the answer are names bound for the
//! rest of the execution (`choices`, `choice`), so a mode is chosen for one resolution only.
//!
//! A colour chosen (`chooseacolor ... chooseend`) is remembered on the card instead:
//! `choosecolor` asks for it, `chosencolor` tells each colour's statements whether theirs
//! was, in this resolution or in a lasting effect's later runs.

use vm::runtime::{CallContext, Status, Value};

use super::{Res, status};
use crate::catalogue::COLOUR_NAMES;
use crate::front::spec::variable;
use crate::host::{Colour, WagicHost};

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

/// The colours (indices in [`COLOUR_NAMES`]) in the order of Wagic's menu of them
/// (`GenericChooseTypeColorName` lists `MTG_COLOR_GREEN` to `MTG_COLOR_WHITE`): green,
/// blue, red, black, white.
const COLOUR_MENU: [Colour; 5] = [4, 1, 3, 2, 0];

/// `choosecolor`: asks the source's controller for one of the five colours (the options
/// are the colours' indices, in the order of Wagic's menu, [`COLOUR_MENU`]) and remembers
/// the answer on the source. An answer that is no colour's index leaves the choice as it was.
pub(super) fn choose_colour<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    if let Some(answer) = ctx.answer() {
        let colour = answer.first().and_then(|value| value.as_int()).and_then(|index| Colour::try_from(index).ok());
        if let Some(colour) = colour.filter(|colour| usize::from(*colour) < COLOUR_NAMES.len()) {
            let source = ctx.env().source;
            ctx.host().set_chosen_colour(source, colour);
        }
        return Ok(Status::Success);
    }
    let colours = COLOUR_MENU.map(|colour| Value::Int(i32::from(colour)));
    ctx.choose(0, &colours, 1, 1, None)
}

/// `chosencolor(colour)`: whether the colour remembered on the source is `colour`.
pub(super) fn colour_chosen<H: WagicHost>(ctx: &mut CallContext<'_, H>) -> Res {
    let colour = ctx.keyword_arg(0)?;
    let source = ctx.env().source;
    Ok(status(colour.is_some() && ctx.host().chosen_colour(source) == colour))
}
