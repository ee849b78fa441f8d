//! Named counters on a card: Wagic's counters of power and toughness 0/0 (`charge`,
//! `level`, `spore`, `time`...), which `Counter::sameAs` tells apart by name alone (Wagic
//! lowercases a card's lines, so names compare case-insensitively). A counter of another
//! power and toughness is told apart by those alone, whatever its name: the board keeps
//! those summed in `Card::counters`.
//!
//! A card holds at most `MAX_KINDS` kinds; a further kind is refused (the board notes it
//! and the runner skips the test). Wagic's `Counters::removeCounter` does nothing when
//! there is none left, so a count never goes below zero; the last `time` counter removed
//! from a card sacrifices it (`removeCounter`'s special case for a card not suspended;
//! suspend is not modelled).

use vm::runtime::{CardId, Value};

use super::GRAVEYARD;
use super::board::Board;

/// The most kinds of named counters one card holds.
pub const MAX_KINDS: usize = 16;

/// A card's named counters: each kind once, with a count above zero.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct NamedCounters {
    kinds: Vec<(Box<str>, i32)>,
}

impl NamedCounters {
    /// The counters of that name (0 when it has none).
    pub fn count(&self, name: &str) -> i32 {
        self.kinds.iter().find(|(kind, _)| kind.eq_ignore_ascii_case(name)).map_or(0, |&(_, count)| count)
    }

    /// Puts `count` counters of that name (removes them when negative, never below zero).
    /// `None` when the card already holds `MAX_KINDS` other kinds; else the counters of
    /// that name before and after.
    pub fn add(&mut self, name: &str, count: i32) -> Option<(i32, i32)> {
        let position = self.kinds.iter().position(|(kind, _)| kind.eq_ignore_ascii_case(name));
        let before = position.map_or(0, |at| self.kinds[at].1);
        let after = before.saturating_add(count).max(0);
        match position {
            Some(at) if after == 0 => {
                self.kinds.remove(at);
            }
            Some(at) => self.kinds[at].1 = after,
            None if after == 0 => {}
            None if self.kinds.len() >= MAX_KINDS => return None,
            None => self.kinds.push((name.to_ascii_lowercase().into_boxed_str(), after)),
        }
        Some((before, after))
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// Each kind (lower case) with its count, in the order the card got them.
    pub fn iter(&self) -> impl Iterator<Item = (&str, i32)> {
        self.kinds.iter().map(|(kind, count)| (&**kind, *count))
    }
}

impl Board {
    /// Puts `count` named counters on a card (removes them when negative); the last `time`
    /// counter removed sacrifices it, and the last `loyalty` counter removed from a
    /// planeswalker puts it into its owner's graveyard (Wagic's `MTGPlaneswalkerDamage` on
    /// a counter's removal). A kind past the most a card holds (16) is noted as unmodelled.
    pub fn add_named(&mut self, card: CardId, name: &str, count: i32) {
        let Some(c) = self.get_mut(card) else { return };
        let Some((before, after)) = c.named.add(name, count) else {
            self.unmodelled = Some("a card with more than 16 kinds of named counters");
            return;
        };
        let (owner, controller, zone) = (c.owner, c.controller, c.zone);
        if before != after {
            // A lord of `creature[counter{...}]` follows the change.
            self.events.push(("counters", controller, Value::Card(card)));
        }
        let last_removed = before > 0 && after == 0 && zone == super::BATTLEFIELD;
        let loyalty = name.eq_ignore_ascii_case("loyalty") && self.has_type(card, "planeswalker");
        if last_removed && loyalty {
            self.place(card, owner, GRAVEYARD, -1);
        } else if last_removed && name.eq_ignore_ascii_case("time") {
            self.sacrifice(card);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_never_goes_below_zero_and_names_ignore_case() {
        let mut counters = NamedCounters::default();
        assert_eq!(counters.add("Charge", 2), Some((0, 2)));
        assert_eq!(counters.count("charge"), 2);
        assert_eq!(counters.add("CHARGE", -5), Some((2, 0)));
        assert_eq!(counters.count("charge"), 0);
        assert!(counters.is_empty());
        assert_eq!(counters.add("time", -1), Some((0, 0)));
        assert!(counters.is_empty());
    }

    #[test]
    fn kinds_are_bounded() {
        let mut counters = NamedCounters::default();
        for kind in 0..MAX_KINDS {
            assert!(counters.add(&format!("k{kind}"), 1).is_some());
        }
        assert_eq!(counters.add("one more", 1), None);
        assert_eq!(counters.add("k0", 1), Some((1, 2)));
    }
}
