//! What a card shares with another (Wagic's `share!name!`, `share!types!`,
//! `share!color!`, `TargetChooserFactory`'s `CardDescriptor` of the source's target): its
//! name, a subtype (Wagic leaves the card types and `legendary` out) or a colour.

use vm::runtime::CardId;

use super::Board;
use crate::catalogue;

impl Board {
    /// Whether `card` shares with `other` what the spec term `term` (`share!name!`,
    /// `share!types!` or `share!color!`) names; a card that is not on the table shares
    /// nothing.
    pub fn shares(&self, card: CardId, other: CardId, term: &str) -> bool {
        let (Some(c), Some(o)) = (self.get(card), self.get(other)) else { return false };
        match term {
            "share!name!" => c.printed.name.eq_ignore_ascii_case(&o.printed.name),
            "share!types!" => {
                let theirs = self.types(other);
                self.types(card).iter().any(|word| catalogue::SUBTYPES.contains(word) && theirs.contains(word))
            }
            "share!color!" => {
                let theirs = self.colours(other);
                self.colours(card).iter().any(|colour| theirs.contains(colour))
            }
            _ => false,
        }
    }
}
