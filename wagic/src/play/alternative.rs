//! Alternative costs in a game, as Wagic's `MTGAlternativeCostRule` offers them: a card
//! with `other={cost}` can be cast from hand for that cost instead of its mana cost, when
//! and as it could be cast (`p0 casts Force of Will for its alternative cost`). The cost's
//! mana is paid as a spell's (the lands tapped for it); its other symbols (`{L}`,
//! `{S(mountain|myBattlefield)}`, `{E(other *[blue]|myhand)}`, `{H(...)}`, `{T(...)}`,
//! `{discard(...)}`) by the card's action paying them (`front/alternative.rs`), run alone
//! as any ability's costs are checked and paid: the move is offered only when both can be
//! paid, and a cost choosing cards asks its player which. The `alternative` effects run
//! only when so cast (the board's [`crate::table::Board::alternative`], which each stack
//! item keeps for its own resolution).

use vm::runtime::CardId;

use super::Game;
use super::moves::is_type;
use crate::table::STACK;
use crate::testfile::Mana;

impl Game<'_> {
    /// A card's alternative cost's mana (none when it has none beside other symbols),
    /// without `{X}`; `None` when it has no alternative cost, the table does not pay it,
    /// or its mana cost has `{X}` (the X of a card cast for another cost is not modelled).
    /// Hybrid symbols are paid as [`Game::first_payable`] picks; the cost changes in force
    /// do not change it (as in the runner).
    pub(super) fn alternative_cost(&self, card: CardId) -> Option<(Mana, bool)> {
        let printed = &self.table.board.get(card)?.printed;
        if !printed.has_alternative() || printed.mana_cost.to_ascii_lowercase().contains("{x}") {
            return None;
        }
        let (mana, hybrids) = crate::runner::costs::read_cost(&printed.other.to_ascii_lowercase())?;
        let ways = crate::runner::costs::plain_ways(mana, &hybrids);
        Some((self.first_payable(card, &ways)?, false))
    }

    /// Whether a card in hand can be cast now for its alternative cost: its restriction
    /// (`otherrestriction=`) holds, its mana is paid from the pool and the lands and its
    /// other costs can be paid, as a cast for its mana cost could be, and no other card
    /// cast so waits on the stack (the board knows one).
    pub(super) fn alternative_castable(&mut self, card: CardId, sorcery_speed: bool) -> Result<bool, super::Outcome> {
        let board = &self.table.board;
        if self.cast_limited(card)
            || board.alternative.is_some_and(|other| board.get(other).is_some_and(|c| c.zone == STACK))
        {
            return Ok(false);
        }
        let Some(c) = board.get(card) else { return Ok(false) };
        if is_type(&c.printed.types, "land")
            || !c.printed.other_restriction.is_empty()
                && !crate::restriction::holds(board, &c.printed.other_restriction, c.owner)
        {
            return Ok(false);
        }
        let owner = c.owner;
        let cost = self.alternative_cost(card);
        if !self.castable_for(card, sorcery_speed, cost)? {
            return Ok(false);
        }
        let Some(action) = self.alternative_action(card) else { return Ok(true) };
        let payable = self.table.try_payable_actions(card, owner).map_err(super::stopped)?;
        Ok(payable.contains(&action))
    }

    /// The card's action paying its alternative cost's symbols other than mana, if any.
    pub(super) fn alternative_action(&self, card: CardId) -> Option<usize> {
        let rules = self.table.rules(card).ok()?;
        let actions = self.table.library().program.cards().get(rules.index())?.actions.len();
        self.table.board.get(card)?.printed.alternative_action(actions)
    }
}
