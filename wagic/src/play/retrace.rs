//! Retrace in a game: a card in its owner's graveyard with `retrace=` can be cast for its
//! mana by discarding a land card from its owner's hand besides, when and as it could be
//! cast from hand (`p0 casts Flame Jab with retrace, discarding Mountain`). Unlike
//! flashback's, the spell goes to its owner's graveyard again as it resolves, to be cast
//! so again. A move names the land discarded: one of each name in hand.

use vm::runtime::{CardId, PlayerId};

use super::moves::{Move, is_type};
use super::{Game, Outcome};
use crate::table::{GRAVEYARD, HAND};
use crate::testfile::{self, Mana};

impl Game<'_> {
    /// `player`'s retrace moves: each card in their graveyard with a retrace cost they can
    /// pay now, cast discarding each land card of their hand of another name.
    pub(super) fn retrace_moves(&mut self, player: PlayerId, sorcery_speed: bool) -> Result<Vec<Move>, Outcome> {
        let board = &self.table.board;
        let retraced =
            |card: &CardId| board.get(*card).is_some_and(|c| c.owner == player && !c.printed.retrace.is_empty());
        let cards: Vec<CardId> = board.zone(player, GRAVEYARD).into_iter().filter(retraced).collect();
        if cards.is_empty() {
            return Ok(Vec::new());
        }
        let mut lands: Vec<CardId> = Vec::new();
        for card in board.zone(player, HAND) {
            let Some(c) = board.get(card) else { continue };
            let other_name = lands.iter().all(|land| board.get(*land).is_none_or(|l| l.printed.name != c.printed.name));
            if is_type(&c.printed.types, "land") && other_name {
                lands.push(card);
            }
        }
        let mut moves = Vec::new();
        if lands.is_empty() {
            return Ok(moves);
        }
        for card in cards {
            if !self.cast_limited(card) && self.castable_for(card, sorcery_speed, self.retrace_cost(card))? {
                moves.extend(lands.iter().map(|&land| Move::Retrace { card, land }));
            }
        }
        Ok(moves)
    }

    /// A card's retrace mana, and whether it has `{X}` (never: Wagic's are whole costs);
    /// `None` when it has none or the table does not pay it.
    pub(super) fn retrace_cost(&self, card: CardId) -> Option<(Mana, bool)> {
        let cost = &self.table.board.get(card)?.printed.retrace;
        if cost.is_empty() || cost.contains("{x}") {
            return None;
        }
        Some((testfile::read_mana(cost)?, false))
    }

    /// Whether `land` is a land card in the hand of `card`'s owner, as a retrace move of
    /// `card` needs it.
    pub(super) fn discardable_land(&self, card: CardId, land: CardId) -> bool {
        let board = &self.table.board;
        let Some(owner) = board.get(card).map(|c| c.owner) else { return false };
        board.get(land).is_some_and(|l| l.zone == HAND && l.owner == owner && is_type(&l.printed.types, "land"))
    }
}
