//! Alternative costs: `other={cost} name(label)` (a mana cost a player may pay instead of
//! the card's mana cost as it is cast, Wagic's `MTGAlternativeCostRule`; the label only
//! names the menu entry) and `auto=alternative effect`, an effect that runs only when the
//! card was cast for that cost (the catalogue's `alternative`, which the runner sets for
//! the card it casts so: Evoke's `alternative sacrifice`). An alternative cost other than
//! mana (`{H(...)}`, `{E(...)}`, `{S(...)}`, a cost with `{X}`) is refused.
//! `otherrestriction=`: when the alternative cost may be paid (`crate::restriction`).

use compiler::ir::Statement;

use super::piece::Piece;
use super::{Lowering, Unsupported};

/// Whether an `auto=` line is `alternative effect`.
pub fn is_alternative_line(value: Piece<'_>) -> bool {
    let text = value.text.trim_start();
    text.get(..12).is_some_and(|word| word.eq_ignore_ascii_case("alternative "))
}

/// The cost of an `other=` value, without its ` name(label)`: what the runner pays.
pub fn alternative_mana(value: &str) -> &str {
    let value = value.trim();
    let lower = value.to_ascii_lowercase();
    match lower.find("name(") {
        Some(at) => value.get(..at).unwrap_or_default().trim(),
        None => value,
    }
}

impl<'i> Lowering<'i> {
    /// Checks an `other=` line: a mana cost, then at most a `name(label)`.
    pub(super) fn alternative_cost(&self, value: Piece<'_>) -> Result<(), Unsupported> {
        let value = value.trim();
        let cost = alternative_mana(value.text);
        let label = value.from(cost.len()).trim();
        let lower = label.text.to_ascii_lowercase();
        let labelled = lower.starts_with("name(") && lower.ends_with(')');
        if !label.text.is_empty() && !labelled {
            return Err(Unsupported::new(label, "text after an alternative cost other than `name(...)`"));
        }
        if cost.is_empty() || !cost.starts_with('{') {
            return Err(Unsupported::new(value, "alternative cost other than mana"));
        }
        self.mana_only(value.slice(0, cost.len()), "alternative cost other than mana")
    }

    /// Checks an `otherrestriction=` line: counts of specs a filter can read, on a card
    /// with an `other=` cost.
    pub(super) fn other_restriction(&self, value: Piece<'_>, has_other: bool) -> Result<(), Unsupported> {
        if !has_other {
            return Err(Unsupported::new(value.trim(), "`otherrestriction` on a card without `other=`"));
        }
        crate::restriction::check(value, |spec| self.specs.filter(spec, true).map(|_| ()))
    }

    /// `auto=alternative effect`: the effect's statements, each run only when the card was
    /// cast for its alternative cost.
    pub(super) fn paid_alternative(
        &self,
        value: Piece<'_>,
        has_other: bool,
    ) -> Result<&'i [Statement<'i>], Unsupported> {
        let value = value.trim();
        if !has_other {
            return Err(Unsupported::new(value, "`alternative` effect on a card without `other=`"));
        }
        self.only_when_paid(value, value.from(11).trim(), "alternative", "alternative")
    }
}
