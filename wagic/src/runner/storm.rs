//! Storm, as Wagic's cast rule plays it (`MTGPutInPlayRule::reactToClick`): as a spell
//! with storm is cast, one copy of it for each other spell cast this turn by either player
//! (Wagic's `seenThisTurn("*", CAST_ALL)` of both stacks, less the spell itself) goes on
//! the stack above it, so the copies resolve first. A copy has no target of its own
//! (Wagic's `addSpell(copy, NULL, ...)`), so a storm spell that names a target is skipped.
//! The copies resolve as they are cast, above their spell waiting on the stack
//! (`stack.rs`): a response put above them is skipped, as in Wagic it resolves first.

use vm::runtime::{CardId, PlayerId};

use super::{CATALOGUE, Run, Skip, Step, at, skip, table_skip};

/// The most copies storm makes (the spells a test casts in a turn are far fewer).
const MAX_STORM_COPIES: u32 = 1000;

impl Run<'_> {
    /// The copies of `card`, a spell with storm `owner` is casting, resolved before it (as
    /// they are put on the stack above it): how many.
    pub(super) fn storm(
        &mut self,
        card: CardId,
        owner: PlayerId,
        named: usize,
        line: u32,
        text: &str,
    ) -> Result<u32, Skip> {
        let rules = self.table.rules(card).map_err(|error| table_skip(error, line, text))?;
        let data = &self.table.library().program.cards()[rules.index()];
        let storm = data.abilities.iter().any(|ability| CATALOGUE.abilities[ability.index()].name == "storm");
        let copies = self.spells_cast.saturating_sub(1).min(MAX_STORM_COPIES);
        if !storm || copies == 0 {
            return Ok(0);
        }
        if named > 0 {
            return Err(skip("a storm spell with a target (its copies' targets are not modelled)", at(line, text)));
        }
        for _ in 0..copies {
            match self.table.start(card, owner).map_err(|error| table_skip(error, line, text))? {
                Step::Done(true) => self.table.try_settle().map_err(|error| table_skip(error, line, text))?,
                _ => return Err(skip("a storm copy the model does not complete", at(line, text))),
            }
        }
        Ok(copies)
    }
}
