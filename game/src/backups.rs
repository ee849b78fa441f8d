//! The back-ups attached to one character ([`Backups`]): at most [`MAX_BACKUPS`], kept
//! inline, so that a card's state is `Copy` and a copy of the game copies all its cards at
//! once. Saves write them as the list they always were.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::state::CardRef;

/// Most back-ups one character holds: a character accepts at most 3 back-up subtypes,
/// one back-up per occurrence (spec §4.3, "back-up slots"). A set may list more; a
/// character then still holds 3 at most.
pub const MAX_BACKUPS: usize = 3;

/// The back-ups attached to a character, in the order they were attached.
#[derive(Clone, Copy)]
pub struct Backups {
    /// How many of `cards` are attached.
    len: u8,
    /// The attached cards first; the rest is unused (and never read).
    cards: [CardRef; MAX_BACKUPS],
}

impl Backups {
    /// None attached.
    pub const NONE: Backups = Backups { len: 0, cards: [CardRef(0); MAX_BACKUPS] };

    /// The attached cards, in order.
    pub fn as_slice(&self) -> &[CardRef] {
        &self.cards[..usize::from(self.len)]
    }

    /// Whether no other back-up fits.
    pub fn is_full(&self) -> bool {
        usize::from(self.len) == MAX_BACKUPS
    }

    /// Attaches `card` last; false (and nothing attached) when full.
    pub fn push(&mut self, card: CardRef) -> bool {
        let Some(place) = self.cards.get_mut(usize::from(self.len)) else { return false };
        *place = card;
        self.len += 1;
        true
    }

    /// Keeps the back-ups for which `keep` says so, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(CardRef) -> bool) {
        let mut kept = Backups::NONE;
        for &card in self.as_slice() {
            if keep(card) {
                kept.push(card);
            }
        }
        *self = kept;
    }
}

impl Default for Backups {
    fn default() -> Backups {
        Backups::NONE
    }
}

impl std::ops::Deref for Backups {
    type Target = [CardRef];

    fn deref(&self) -> &[CardRef] {
        self.as_slice()
    }
}

impl PartialEq for Backups {
    fn eq(&self, other: &Backups) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Backups {}

impl std::fmt::Debug for Backups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl IntoIterator for Backups {
    type Item = CardRef;
    type IntoIter = std::iter::Take<std::array::IntoIter<CardRef, MAX_BACKUPS>>;

    fn into_iter(self) -> Self::IntoIter {
        self.cards.into_iter().take(usize::from(self.len))
    }
}

impl<'a> IntoIterator for &'a Backups {
    type Item = &'a CardRef;
    type IntoIter = std::slice::Iter<'a, CardRef>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl Serialize for Backups {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Backups {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Backups, D::Error> {
        let cards = Vec::<CardRef>::deserialize(deserializer)?;
        let mut backups = Backups::NONE;
        for &card in &cards {
            if !backups.push(card) {
                return Err(D::Error::custom(format_args!(
                    "a character holds at most {MAX_BACKUPS} back-ups, not {}",
                    cards.len()
                )));
            }
        }
        Ok(backups)
    }
}

#[cfg(test)]
mod tests {
    use super::{Backups, MAX_BACKUPS};
    use crate::state::CardRef;

    fn of(cards: &[u32]) -> Backups {
        let mut backups = Backups::NONE;
        for &card in cards {
            assert!(backups.push(CardRef(card)));
        }
        backups
    }

    #[test]
    fn a_full_character_takes_no_other_backup() {
        let mut backups = of(&[4, 9, 2]);
        assert!(backups.is_full());
        assert!(!backups.push(CardRef(7)));
        assert_eq!(backups.as_slice(), &[CardRef(4), CardRef(9), CardRef(2)]);
    }

    #[test]
    fn retain_keeps_the_order_and_equality_reads_only_attached_cards() {
        let mut backups = of(&[4, 9, 2]);
        backups.retain(|card| card != CardRef(9));
        assert_eq!(backups.as_slice(), &[CardRef(4), CardRef(2)]);
        // The slot 9 left behind is not compared.
        assert_eq!(backups, of(&[4, 2]));
        assert_eq!(backups.into_iter().collect::<Vec<_>>(), vec![CardRef(4), CardRef(2)]);
    }

    #[test]
    fn saves_write_a_list_and_refuse_more_than_a_character_holds() {
        let text = serde_json::to_string(&of(&[4, 9])).expect("back-ups serialise");
        assert_eq!(text, "[4,9]");
        assert_eq!(serde_json::from_str::<Backups>(&text).expect("a list reads back"), of(&[4, 9]));
        let error = serde_json::from_str::<Backups>("[1,2,3,4]").expect_err("four back-ups are refused");
        assert!(
            error.to_string().contains(&format!("at most {MAX_BACKUPS} back-ups, not 4")),
            "unexpected error: {error}"
        );
    }
}
