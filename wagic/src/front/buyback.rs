//! Buyback: `buyback={cost}`, the whole cost of casting the card with its buyback paid
//! (its mana cost and the buyback: Capsize's `{1}{U}{U}{3}`, Wagic's `MTGBuyBackRule`, an
//! alternative cost rule), after which it returns to its owner's hand as it resolves
//! instead of going to the graveyard (the table's `buyback.rs`).

use super::piece::Piece;
use super::{Lowering, Unsupported};

impl Lowering<'_> {
    /// Checks a `buyback=` cost: mana only (the runner and the game pay it from the pool
    /// and the lands), one `{X}` only when the mana cost has one too, on an instant or
    /// sorcery (buyback is a spell's: rule 702.27a).
    pub(super) fn buyback_cost(&self, value: Piece<'_>, is_spell: bool, mana_cost: &str) -> Result<(), Unsupported> {
        let value = value.trim();
        if !is_spell {
            return Err(Unsupported::new(value, "`buyback` on a permanent"));
        }
        let construct = "`buyback` cost other than mana (a sacrifice, a discard, life, `{D}`)";
        if value.text.is_empty() || !value.text.starts_with('{') {
            return Err(Unsupported::new(value, construct));
        }
        let lower = value.text.to_ascii_lowercase();
        let xs = lower.matches("{x}").count();
        if xs > 1 || (xs == 1 && !mana_cost.to_ascii_lowercase().contains("{x}")) {
            return Err(Unsupported::new(value, "`buyback` cost with `{X}` the mana cost does not have"));
        }
        // The X is paid as the mana cost's is (all the mana left), not checked here.
        let without_x = lower.replace("{x}", "");
        if without_x.is_empty() {
            return Ok(());
        }
        // The span stays the line's: a refusal points at the cost as written.
        self.mana_only(Piece::new(&without_x, value.start), construct).map_err(|_| Unsupported::new(value, construct))
    }
}
