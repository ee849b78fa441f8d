//! Each card's printed card, packed two bytes a card apart from its `CardState`: what
//! legality reads of every card in a hand ([`GameState::def_index`]).

use super::{CardRef, GameState};
use crate::set::DefIdx;

/// A [`CardDefs`] entry for a printed card whose index does not fit: the card's own
/// state is read instead.
const UNPACKED: u16 = u16::MAX;

/// Each card's printed card ([`super::CardState::def`]), by card index, two bytes a card: a
/// game's hundred cards in four cache lines, a player's deck in two. Legality reads the
/// printed card of every card in the hand at each decision; through the cards' states
/// that is one 64-byte line a card, which with many games stepped in turn has left the
/// caches since the game's last turn (3.6 of a decision's 48 last-level misses with 1,024
/// games; BENCHMARKS.md, branch `footprint`).
///
/// A copy, never the truth: it is written where a card's `def` is (a new card, a
/// transformation, a revert) and read only where it holds an entry; a state read back has
/// none (reads then go to the cards), and a card added after that gets none either. A
/// debug build checks each entry it reads against the card. Not part of the board: two
/// states are equal whatever it holds.
#[derive(Debug, Clone, Default)]
pub(crate) struct CardDefs(pub(crate) Vec<u16>);

impl PartialEq for CardDefs {
    fn eq(&self, _: &CardDefs) -> bool {
        true
    }
}

/// `def` as a [`CardDefs`] entry.
fn packed(def: DefIdx) -> u16 {
    u16::try_from(def).ok().filter(|&d| d != UNPACKED).unwrap_or(UNPACKED)
}

impl GameState {
    /// Notes the printed card of the cards just added at `first` and after: only while
    /// the copy holds every card before them (not in a state read back).
    pub(crate) fn note_defs_from(&mut self, first: usize) {
        if self.defs.0.len() != first {
            return;
        }
        let added = self.cards.get(first..).unwrap_or_default();
        self.defs.0.extend(added.iter().map(|c| packed(c.def)));
    }

    /// Sets `card`'s printed card to `def`, in its state and in the copy.
    pub(crate) fn set_def(&mut self, card: CardRef, def: DefIdx) {
        let Some(state) = self.cards.get_mut(card.0 as usize) else { return };
        state.def = def;
        if let Some(entry) = self.defs.0.get_mut(card.0 as usize) {
            *entry = packed(def);
        }
    }

    /// The printed card `card` is now ([`super::CardState::def`]), read from the packed copy
    /// where it holds the card.
    pub(crate) fn def_index(&self, card: CardRef) -> Option<DefIdx> {
        match self.defs.0.get(card.0 as usize) {
            Some(&def) if def != UNPACKED => {
                debug_assert_eq!(Some(usize::from(def)), self.card(card).map(|c| c.def), "card {card:?}'s copied def");
                Some(usize::from(def))
            }
            _ => self.card(card).map(|c| c.def),
        }
    }
}
