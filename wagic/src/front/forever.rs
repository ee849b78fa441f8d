//! What a `transforms(...) forever` (or `becomes(...) forever`) keeps until its card
//! moves besides types, colours and a base power and toughness: its keyword abilities
//! (`transforms((,first strike)) forever`, a Chimera's; `newability[flying]`), which Wagic's
//! `ATransformer` sets on the card and never takes back (`aForever`), and Wagic's
//! `removetypes` (`transforms((removetypes)) forever`, the Opals' and the Hidden cycle's
//! enchantment losing its types before it becomes a creature). Both are arguments of the
//! one `transforms` call, which the table keeps with the card (`WagicHost::grant_forever`,
//! `EffectCode::RemoveTypes`) rather than as effects some duration ends.

use compiler::ir::{Effect, Link};

use super::piece::Piece;
use super::statement::is_lasting;
use super::{Lowering, Unsupported, ability_of};
use crate::catalogue;

/// `removetypes` that the front end does not compile.
pub(super) const REMOVE_TYPES: &str = "transforms part `removetypes` other than alone in the types and `forever`";

/// Whether the types part is Wagic's `removetypes` alone, of a `forever` change: the card
/// loses its types, and adds none (Wagic's `ATransformer` adds no type after it).
pub(super) fn removes_types(types: Piece<'_>, forever: bool) -> bool {
    forever && types.trim().text.eq_ignore_ascii_case("removetypes")
}

impl<'i> Lowering<'i> {
    /// The keyword abilities a `forever` change keeps, by their catalogue names: the list's
    /// own (`grants`, emptied) and each `newability[keyword]` (its grant taken out of
    /// `new_abilities`). Any other lasting new ability is refused, as its effect would end
    /// before the change does. So is `unearth` given otherwise than by a card's own
    /// `autograveyard` line (Zirilan of the Claw's Dragon: its printed text exiles it at the
    /// end step, and does not exile it as it would leave the battlefield before).
    pub(super) fn forever_keywords(
        &self,
        list: Piece<'_>,
        construct: &str,
        grants: &mut Vec<Link<'i>>,
        new_abilities: &mut Vec<Link<'i>>,
    ) -> Result<Vec<&'static str>, Unsupported> {
        let mut keywords: Vec<&'static str> = Vec::new();
        let mut keep = |link: &Link<'i>| match link.effect {
            Effect::Grant(ability) => {
                let name = catalogue::CATALOGUE.abilities.get(ability.index()).map(|spec| spec.name);
                if let Some(name) = name.filter(|name| !keywords.contains(name)) {
                    keywords.push(name);
                }
                false
            }
            _ => true,
        };
        grants.retain(&mut keep);
        new_abilities.retain(&mut keep);
        if new_abilities.iter().any(|link| is_lasting(&link.effect)) {
            return Err(Unsupported::new(
                list,
                &format!("lasting `newability[...]` other than a keyword ability in `{construct}(...) forever`"),
            ));
        }
        let unearth = ability_of("unearth").and_then(|index| catalogue::CATALOGUE.abilities.get(index.index()));
        if unearth.is_some_and(|unearth| keywords.contains(&unearth.name)) && !self.in_graveyard_line.get() {
            return Err(Unsupported::new(
                list,
                &format!("`unearth` given by `{construct}(...) forever` other than from the card's own graveyard"),
            ));
        }
        // The graveyard's activated line keeps its grants to the card itself
        // (`graveyard.rs` refuses a target).
        self.forever_grant.set(!keywords.is_empty());
        Ok(keywords)
    }
}
