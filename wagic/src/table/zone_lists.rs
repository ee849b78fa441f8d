//! The lists [`Board::zone`] made, kept until a card changes zone, order or controller: a
//! lord's filter lists the battlefield at every refresh of the continuous effects, and
//! listing it anew looked through every card the game made (hundreds of tokens long
//! gone) and sorted what it found.

use std::cell::RefCell;

use vm::bytecode::ZoneIdx;
use vm::runtime::{CardId, PlayerId};

use super::{Board, Card};

/// The most lists kept at once (two players' few zones; a zone group is listed member by
/// member).
const MAX_LISTS: usize = 32;

/// Each player's cards in a zone, in order, as last listed since the last change.
#[derive(Debug, Default)]
pub struct ZoneLists {
    lists: RefCell<Vec<(PlayerId, ZoneIdx, Vec<CardId>)>>,
}

impl ZoneLists {
    /// The list of `player`'s `zone`: the one kept, or `list`'s, then kept.
    fn get_or(&self, player: PlayerId, zone: ZoneIdx, list: impl FnOnce() -> Vec<CardId>) -> Vec<CardId> {
        let kept = self.lists.borrow().iter().find(|(p, z, _)| *p == player && *z == zone).map(|(.., l)| l.clone());
        if let Some(kept) = kept {
            // A change that did not forget the lists shows here in every test.
            debug_assert_eq!(kept, list(), "a kept list of zone {zone:?} is stale");
            return kept;
        }
        let listed = list();
        let mut lists = self.lists.borrow_mut();
        if lists.len() < MAX_LISTS {
            lists.push((player, zone, listed.clone()));
        }
        listed
    }

    /// Forgets every list: a card changed zone, order or controller.
    pub fn forget(&mut self) {
        self.lists.get_mut().clear();
    }
}

impl Board {
    /// `player`'s cards in `zone` (one zone, not a group), in order: kept between changes.
    pub(super) fn zone_of_one(&self, player: PlayerId, zone: ZoneIdx) -> Vec<CardId> {
        self.zone_lists.get_or(player, zone, || {
            let mut cards: Vec<(i64, CardId)> = self
                .cards
                .iter()
                .enumerate()
                .filter(|(_, card)| card.zone == zone && self.zone_player(card) == player)
                .map(|(index, card)| (card.order, CardId(index as u32)))
                .collect();
            cards.sort();
            cards.into_iter().map(|(_, card)| card).collect()
        })
    }

    /// Adds a card to the board (where it says it is), with the next handle.
    pub fn add_card(&mut self, card: Card) -> CardId {
        let handle = CardId(u32::try_from(self.cards.len()).unwrap_or(u32::MAX));
        self.cards.push(card);
        self.zone_lists.forget();
        handle
    }

    /// Hands the card to `player` (a control change: no move), who has it on their
    /// battlefield.
    pub fn set_controller(&mut self, card: CardId, player: PlayerId) {
        if let Some(c) = self.get_mut(card) {
            c.controller = player;
            self.zone_lists.forget();
        }
    }
}
