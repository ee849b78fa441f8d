//! `becomes(types,p/t,part,...)` (Wagic's `ATransformer`, as `parseMagicLine` reads
//! `becomes(`): the permanent gains the card types and subtypes of the first part
//! (`Artifact Creature Dragon`; `Creature` makes it a creature), gets the base power and
//! toughness of a second part written `p/t`, and each later part, a keyword ability or a
//! colour (bare colours replace the permanent's, `newcolors[...]` adds them, as Wagic's
//! `addNewColors`). It is lowered as `transforms((types,setpower=p,settoughness=t,part,...))`
//! ([`Lowering::transformation`]), so it lasts as that does: until end of turn after
//! `ueot`, while a lord's or Aura's line holds, until the permanent moves after `forever`.
//! A type Wagic's files invent for a mark (`becomes(renown)`) is a subtype of the
//! catalogue's (`catalogue/subtypes.rs`), which a spec's `[-renown]` then reads.

use compiler::ir::{Expr, Link};

use super::amount::amount_of;
use super::piece::Piece;
use super::transforms::{Change, ends_forever};
use super::{Lowering, Unsupported};

impl<'i> Lowering<'i> {
    /// `args` is what `becomes(...)` holds: `types[,p/t][,part...]`.
    pub(super) fn becomes(&self, args: Piece<'_>, after: Piece<'_>) -> Result<&'i [Link<'i>], Unsupported> {
        let forever = ends_forever(after, "becomes")?;
        if args.text.contains('^') {
            // Wagic reads `^` as a comma, for a `becomes(...)` inside `transforms((...))`.
            return Err(Unsupported::new(args, "`^` in `becomes(...)`"));
        }
        let parts = args.split_top(",");
        let Some((types, rest)) = parts.split_first() else {
            return Err(Unsupported::new(args, "`becomes()` with nothing to become"));
        };
        // Wagic takes the second part for the base power and toughness when it has a `/`.
        let (base, rest) = match rest.split_first() {
            Some((pt, rest)) if pt.text.contains('/') => (base_of(pt.trim())?, rest),
            _ => ((None, None), rest),
        };
        let change = Change { construct: "becomes", list: args, types: Some(*types), parts: rest, base, forever };
        self.transformation(&change)
    }
}

/// `p/t`, each a whole number (`4/4`) or `manacost` (Animate Artifact's "power and
/// toughness each equal to its mana value": the transformed card's, read by the catalogue's
/// `transforms` on each card): the base power and toughness.
fn base_of<'i>(pt: Piece<'_>) -> Result<(Option<Expr<'i>>, Option<Expr<'i>>), Unsupported> {
    let (power, toughness) = pt.text.split_once('/').unwrap_or((pt.text, ""));
    let value = |side: &str| match side.trim().to_ascii_lowercase().as_str() {
        "manacost" => Some(Expr::Str("manacost")),
        number => amount_of(number).map(Expr::Int),
    };
    match (value(power), value(toughness)) {
        (Some(power), Some(toughness)) => Ok((Some(power), Some(toughness))),
        _ => Err(Unsupported::new(pt, &format!("becomes power and toughness `{}`", pt.text.to_ascii_lowercase()))),
    }
}
