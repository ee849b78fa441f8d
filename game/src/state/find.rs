//! Finding a card on the board: where the board's primitives last put each card
//! ([`GameState::places`]), looked at first, and the search of every zone behind it.

use super::{CardRef, GameState, Seat, Zone};

/// Where [`GameState::find_card`] found a card: its place, as
/// [`GameState::locate_card`] gives it, and its index there (in a pile, its position; in a
/// ring, its slot; under a character, its place among the back-ups).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) place: (Seat, Zone),
    pub(crate) at: usize,
}

/// Where a card was last put ([`GameState::places`]): the seat, the kind of zone and the
/// card's index there, as [`Found`] gives them (a pile's index as it was then: cards taken
/// from above it or put above it since move it). Four bytes, so that the copies of a game
/// legality and the greedy look-ahead make copy little more.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Place {
    seat: Seat,
    zone: PlaceZone,
    at: u16,
}

/// The kind of zone of a [`Place`]: a [`Zone`] without the character a back-up is under
/// (the characters of the seat's ring are looked under).
#[derive(Debug, Clone, Copy)]
enum PlaceZone {
    Hand,
    Deck,
    Discards,
    Removed,
    Table,
    Ring,
    Backup,
}

/// The places where the board's primitives last put each card ([`GameState::places`]).
/// A hint, checked at each use: whatever moves cards without the primitives (a look-ahead
/// dealing hidden cards anew, a state read back) leaves a card's place stale, and the card
/// is then searched for as before. It is the engine's cache, not part of the board: two
/// states are equal whatever it holds.
#[derive(Debug, Clone, Default)]
pub(crate) struct Places(pub(crate) Vec<Place>);

impl Places {
    /// Room for a new card's place: in its owner's deck, at an index the shuffle decides.
    /// In a state read back, which has no places, this place is another card's: places
    /// are checked at each use.
    pub(crate) fn add(&mut self, owner: Seat) {
        self.0.push(Place { seat: owner, zone: PlaceZone::Deck, at: u16::MAX });
    }

    /// [`Places::add`] for `count` new cards of `owner`.
    pub(crate) fn add_many(&mut self, owner: Seat, count: usize) {
        self.0.extend(std::iter::repeat_n(Place { seat: owner, zone: PlaceZone::Deck, at: u16::MAX }, count));
    }
}

impl PartialEq for Places {
    fn eq(&self, _: &Places) -> bool {
        true
    }
}

impl GameState {
    /// Notes that `card` was put in `seat`'s `zone` at index `at` ([`GameState::places`]).
    pub(crate) fn note_place(&mut self, card: CardRef, seat: Seat, zone: Zone, at: usize) {
        let zone = match zone {
            Zone::Hand => PlaceZone::Hand,
            Zone::Deck => PlaceZone::Deck,
            Zone::Discards => PlaceZone::Discards,
            Zone::Removed => PlaceZone::Removed,
            Zone::Table => PlaceZone::Table,
            Zone::Ring(_) => PlaceZone::Ring,
            Zone::Backup(_) => PlaceZone::Backup,
        };
        if let Some(place) = self.places.0.get_mut(card.0 as usize) {
            *place = Place { seat, zone, at: u16::try_from(at).unwrap_or(u16::MAX) };
        }
    }

    /// Where a card is, and whose zone it is. A card is in one place, so the order of the
    /// search only decides what it costs: its controller's zones first (`put` makes the
    /// player it puts a card with its controller), and in each player's the long deck last.
    pub fn locate_card(&self, card: CardRef) -> Option<(Seat, Zone)> {
        self.find_card(card).map(|found| found.place)
    }

    /// [`GameState::locate_card`], with where in its zone the card is.
    pub(crate) fn find_card(&self, card: CardRef) -> Option<Found> {
        self.find_at_place(card).or_else(|| self.search_card(card))
    }

    /// [`GameState::find_card`] by a search of every zone.
    fn search_card(&self, card: CardRef) -> Option<Found> {
        let first = self.controller_of(card);
        self.find_in(first, card).or_else(|| self.find_in(first.other(), card))
    }

    /// The card where it was last put ([`GameState::places`]), if it is still there: in
    /// that ring slot, at that place among the back-ups of a character of that seat's ring,
    /// or anywhere in that pile. A card is in one place, so a card found there is where the
    /// search would find it.
    fn find_at_place(&self, card: CardRef) -> Option<Found> {
        let Place { seat, zone, at } = *self.places.0.get(card.0 as usize)?;
        let at = usize::from(at);
        let player = self.player(seat);
        let pile = match zone {
            PlaceZone::Ring => {
                let there = player.ring.get(at) == Some(&Some(card));
                return there.then_some(Found { place: (seat, Zone::Ring(at as u8)), at });
            }
            PlaceZone::Backup => {
                let under = |holder: &CardRef| self.card(*holder).is_some_and(|c| c.backups.get(at) == Some(&card));
                let holder = player.characters().find(under)?;
                return Some(Found { place: (seat, Zone::Backup(holder)), at });
            }
            PlaceZone::Hand => Zone::Hand,
            PlaceZone::Deck => Zone::Deck,
            PlaceZone::Discards => Zone::Discards,
            PlaceZone::Removed => Zone::Removed,
            PlaceZone::Table => Zone::Table,
        };
        let cards = player.pile(pile)?;
        let at = if cards.get(at) == Some(&card) { at } else { cards.iter().position(|&c| c == card)? };
        Some(Found { place: (seat, pile), at })
    }

    /// Where a card is among the zones of `seat`.
    fn find_in(&self, seat: Seat, card: CardRef) -> Option<Found> {
        let player = self.player(seat);
        if let Some(slot) = player.ring.iter().position(|&s| s == Some(card)) {
            return Some(Found { place: (seat, Zone::Ring(slot as u8)), at: slot });
        }
        // The deck's and the discard pile's top cards first: draws and the cards an effect
        // takes back from the discards are found there without a walk of the piles before.
        for zone in [Zone::Deck, Zone::Discards] {
            if player.pile(zone).and_then(|pile| pile.first()) == Some(&card) {
                return Some(Found { place: (seat, zone), at: 0 });
            }
        }
        for zone in [Zone::Hand, Zone::Table, Zone::Discards, Zone::Removed] {
            if let Some(at) = player.pile(zone).and_then(|pile| pile.iter().position(|&c| c == card)) {
                return Some(Found { place: (seat, zone), at });
            }
        }
        for holder in player.characters() {
            if let Some(at) = self.card(holder).and_then(|c| c.backups.iter().position(|&b| b == card)) {
                return Some(Found { place: (seat, Zone::Backup(holder)), at });
            }
        }
        let at = player.deck.iter().position(|&c| c == card)?;
        Some(Found { place: (seat, Zone::Deck), at })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{Found, Place};
    use crate::CardSet;
    use crate::state::{CardRef, Seat, Zone};

    /// A game's copies copy the places too: four bytes a card.
    #[test]
    fn a_place_is_four_bytes() {
        assert_eq!(size_of::<Place>(), 4);
    }

    /// At every decision of corpus games (random and greedy players, whose look-ahead deals
    /// the opponent's hidden cards anew), every card is found where a search of every zone
    /// finds it, and a card in a hand, a ring, on the table or under a character where the
    /// board's primitives noted it.
    #[test]
    fn cards_are_found_at_their_noted_places_where_a_search_finds_them() {
        use std::ops::ControlFlow;

        use crate::players::PlayerKind;
        use crate::sim::{self, PlayOptions};

        let Some(dir) = compiler::corpus::corpus_dir() else { return };
        let set = Arc::new(CardSet::load(&dir).expect("the corpus set loads"));
        let deck = |name: &str| {
            let text = std::fs::read_to_string(dir.join("decks").join(name)).expect("the deck reads");
            let deck = crate::deck::parse_deck(&text, name.to_owned()).expect("the deck parses");
            deck.card_ids().into_iter().map(|id| set.by_id(id).expect("a card of the set")).collect::<Vec<_>>()
        };
        let decks = [deck("deck-1.o8d"), deck("deck-2.o8d")];
        let mut at_place = 0;
        for (kind, seed) in [(PlayerKind::Random, 1), (PlayerKind::Random, 2), (PlayerKind::Greedy, 3)] {
            let mut game = crate::Game::new(Arc::clone(&set), decks.clone(), seed).expect("the game starts");
            let mut players = [kind.create(seed, Seat::FIRST), kind.create(seed, Seat::SECOND)];
            let options = PlayOptions { max_decisions: 150, ..PlayOptions::default() };
            sim::play(&mut game, &mut players, &options, |game, _, _| {
                let state = game.state();
                for card in (0..state.cards.len() as u32).map(CardRef) {
                    let found = state.find_card(card);
                    assert_eq!(found, state.search_card(card), "card #{}", card.0);
                    let placed =
                        !matches!(found, Some(Found { place: (_, Zone::Deck | Zone::Discards | Zone::Removed), .. }));
                    if placed {
                        assert_eq!(state.find_at_place(card), found, "card #{} at its place", card.0);
                        at_place += 1;
                    }
                }
                ControlFlow::Continue(())
            });
        }
        assert!(at_place > 1000, "{at_place} cards looked for at their places");
    }
}
