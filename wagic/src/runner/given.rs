//! A click on a permanent that has abilities other cards give it (`table/given.rs`: an
//! Aura's or Equipment's `teach(creature)`, a lord's, one given until end of turn). Wagic's
//! `ActionLayer` lists what reacts to a click in the order the abilities came into the
//! game: the rules first (the attack and block rules, the rules file's lords of the basic
//! land types' mana), then the permanent's own, added as it entered, then those the givers
//! added after (Divergent Growth's Forest taps for `{G}` at `choice 0`, for the first
//! given colour at `choice 1`). So a given ability whose cost can be paid is one more entry
//! of the click's menu, after the permanent's own; the order of several givers' is not
//! modelled (skipped).

use vm::runtime::{CardId, PlayerId};

use super::clicks::{Ability, Entry, targets_named};
use super::{Pending, Run, Skip, at, is_type, skip, table_skip};
use crate::table::GivenAbility;

impl Run<'_> {
    /// The menu entries of the abilities other cards give `card` whose costs `controller`
    /// could pay now, in [`crate::table::Table::given_abilities`] order.
    pub(super) fn given_entries(
        &mut self,
        card: CardId,
        controller: PlayerId,
        line: u32,
        text: &str,
    ) -> Result<Vec<Entry>, Skip> {
        let mut entries = Vec::new();
        let mut givers: Vec<CardId> = Vec::new();
        let types: Vec<String> = self.table.board.types(card).into_iter().map(str::to_owned).collect();
        let sick =
            is_type(&types, "creature") && self.entered.contains(&card) && !self.table.board.has_ability(card, "haste");
        for ability in self.table.given_abilities(card) {
            if !self
                .table
                .try_payable_given(card, ability, controller)
                .map_err(|error| table_skip(error, line, text))?
            {
                continue;
            }
            let taps = self.table.given_line(ability).is_some_and(|given| {
                let cost = given.split(':').next().unwrap_or("").to_ascii_lowercase();
                cost.contains("{t}") || cost.contains("{q}")
            });
            if sick && taps {
                // Wagic offers no `{T}` ability of such a creature: its menu would differ.
                return Err(skip("a creature that entered this turn acts (summoning sickness)", at(line, text)));
            }
            if !givers.contains(&ability.giver) {
                givers.push(ability.giver);
            }
            entries.push(Entry::Given(ability));
        }
        if givers.len() > 1 {
            return Err(skip(
                "a click on a permanent several cards give abilities (Wagic's menu order)",
                at(line, text),
            ));
        }
        Ok(entries)
    }

    /// Activates `ability`, given to `card`, with `card` as its source: as a card's own
    /// ability (`clicks.rs`), its targets named by its line.
    pub(super) fn activate_given(
        &mut self,
        card: CardId,
        ability: GivenAbility,
        line: u32,
        text: &str,
    ) -> Result<Option<Pending>, Skip> {
        let Some(controller) = self.table.board.get(card).map(|c| c.controller) else { return Ok(None) };
        let Some(line_text) = self.table.given_line(ability).map(str::to_owned) else {
            return Err(skip("an activated ability the runner cannot match to its line", at(line, text)));
        };
        let named = targets_named("", std::iter::once(line_text.as_str()));
        // A mana ability (`add`) resolves at once; any other goes on Wagic's stack.
        let mana = line_text.to_ascii_lowercase().contains("add{");
        let started = Ability { card, controller, line_text: Some(line_text), named, mana };
        self.start_ability(started, |table| table.start_given(card, ability, controller), line, text)
    }
}
