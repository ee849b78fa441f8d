//! Ability keywords of a card's `abilities=` line and its effects, looked up in the
//! catalogue as Wagic writes them (blanks do not count).

use vm::bytecode::AbilityIdx;

use super::piece::Piece;
use super::{Unsupported, did_you_mean, spec};
use crate::catalogue;

/// An ability keyword (`first strike`, `protection from black`), compared without blanks.
pub(super) fn ability(word: Piece<'_>) -> Result<AbilityIdx, Unsupported> {
    let normalized: String = word.text.chars().filter(|c| !c.is_whitespace()).collect();
    catalogue::position(catalogue::ABILITIES, &normalized).map(AbilityIdx::new).ok_or_else(|| {
        Unsupported::new(word, &format!("ability `{}`", spec::quoted(&normalized)))
            .with_help(did_you_mean(&normalized, catalogue::ABILITIES.iter().map(|spec| spec.name)))
    })
}

/// An ability keyword, if the text is one.
pub(super) fn ability_of(text: &str) -> Option<AbilityIdx> {
    let normalized: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    catalogue::position(catalogue::ABILITIES, &normalized).map(AbilityIdx::new)
}
