//! Moves activating an ability another card gives a permanent (an Aura's or Equipment's
//! `teach(creature) {cost}:effect`, `table/given.rs`): the permanent's controller is
//! offered it as they are its own abilities, and it runs with the permanent as its source.
//! Such an ability is named among the permanent's by an index at or above [`GIVEN`]
//! that says which card gives it and which of that card's actions it is, so that the
//! moves, the stack and the players handle it as any ability `index` of the permanent.

use vm::runtime::{CardId, Execution, PlayerId};

use super::{Game, Outcome, stopped};
use crate::table::{GivenAbility, Step, TableError};

/// The first index naming a given ability: a permanent's own are far fewer.
pub(super) const GIVEN: usize = 1 << 24;

/// The most actions a card's rules hold (the front end's bound), so that an index names
/// the giver and its action one to one.
const ACTIONS_PER_GIVER: usize = 256;

/// The index naming `ability` among its bearer's, `None` past what an index holds.
pub(super) fn given_index(ability: GivenAbility) -> Option<usize> {
    let giver = usize::try_from(ability.giver.0).ok()?;
    (ability.action < ACTIONS_PER_GIVER)
        .then(|| giver.checked_mul(ACTIONS_PER_GIVER)?.checked_add(ability.action)?.checked_add(GIVEN))
        .flatten()
}

impl Game<'_> {
    /// The ability `index` names, when it names one given to `card` now.
    pub(super) fn given(&self, card: CardId, index: usize) -> Option<GivenAbility> {
        let named = index.checked_sub(GIVEN)?;
        let giver = CardId(u32::try_from(named / ACTIONS_PER_GIVER).ok()?);
        let action = named % ACTIONS_PER_GIVER;
        self.given_to(card).into_iter().find(|ability| ability.giver == giver && ability.action == action)
    }

    /// The abilities other cards give `card` now ([`crate::table::Table::given_abilities`]),
    /// with the givers, and each permanent's abilities, found once while the moves are
    /// listed.
    pub(super) fn given_to(&self, card: CardId) -> Vec<GivenAbility> {
        match &self.givers_listed {
            Some(Some(givers)) => {
                if let Some(given) = self.given_listed.borrow().get(&card) {
                    return given.clone();
                }
                let given = self.table.given_abilities_from(card, givers);
                self.given_listed.borrow_mut().insert(card, given.clone());
                given
            }
            Some(None) => Vec::new(),
            None if self.table.any_giver() => self.table.given_abilities(card),
            None => Vec::new(),
        }
    }

    /// The text of ability `index` of `card` when another card gives it (`{cost}:effect`).
    pub(super) fn given_text(&self, card: CardId, index: usize) -> Option<String> {
        let ability = self.given(card, index)?;
        self.table.given_line(ability).map(str::to_owned)
    }

    /// The texts (`{cost}:effect`) of the abilities the card whose rules run
    /// `execution` gives, when they run with another card as their source: what a given
    /// ability does, which its source's own lines do not say. Found by the rules, as the
    /// giver may have left (a `{S}` cost sacrificed the creature it was attached to).
    pub(super) fn given_execution_text(&self, execution: &Execution) -> Option<String> {
        let env = execution.env();
        if self.table.rules(env.source).ok() == Some(env.card) {
            return None;
        }
        let library = self.table.library();
        let (name, _) = library.rules.iter().find(|(_, rules)| **rules == env.card)?;
        let printed = library.printed.get(name)?;
        (!printed.given_lines.is_empty()).then(|| printed.given_lines.join(" "))
    }

    /// Starts activating ability `index` of `card` (its own, or one given to it) for
    /// `controller`, its action chosen.
    pub(super) fn start_ability(&mut self, card: CardId, index: usize, controller: PlayerId) -> Result<Step, Outcome> {
        if index >= GIVEN {
            let Some(ability) = self.given(card, index) else { return Ok(Step::Unpaid) };
            return self.table.start_given(card, ability, controller).map_err(stopped);
        }
        self.table.start_action(card, controller, index).map_err(stopped)
    }

    /// The abilities of `card` (own ones and given ones) whose costs `controller` could pay now.
    pub(super) fn payable_abilities(&mut self, card: CardId, controller: PlayerId) -> Result<Vec<usize>, TableError> {
        let own = self.own_actions(card);
        if self.table.board.activations_forbidden(card) {
            return Ok(Vec::new());
        }
        let mut payable = if own > 0 && !self.table.board.lost_abilities(card) {
            let mut indices = self.table.try_payable_actions(card, controller)?;
            indices.retain(|index| *index < own);
            indices
        } else {
            Vec::new()
        };
        let given = self.given_to(card);
        for ability in given {
            if let Some(index) = given_index(ability)
                && self.table.try_payable_given(card, ability, controller)?
            {
                payable.push(index);
            }
        }
        Ok(payable)
    }
}
