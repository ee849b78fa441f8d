//! Alternative costs: `other={cost} name(label)` (a cost a player may pay instead of the
//! card's mana cost as it is cast, Wagic's `MTGAlternativeCostRule`; the label only names
//! the menu entry) and `auto=alternative effect`, an effect that runs only when the card
//! was cast for that cost (the catalogue's `alternative`, which the runner and the game
//! set for the card cast so: Evoke's `alternative sacrifice`).
//!
//! The cost's mana symbols are paid as a spell's mana (`Printed::other`); its other
//! symbols (`{L}`, `{L:n}`, `{S(spec)}`, `{E(spec)}`, `{H(spec)}`, `{T(spec)}`,
//! `{discard(spec)}`: Force of Will's `{L}{E(other *[blue]|myhand)}`) are compiled as the
//! card's last action, costs and no effect, which the table runs alone
//! (`Table::runs_alone`) to check and pay them as any activated ability's costs
//! (`Printed::other_costs`). A cost with `{X}`, or of the card itself (`{T}`, `{S}`...),
//! is refused. `otherrestriction=`: when the alternative cost may be paid
//! (`crate::restriction`).

use compiler::ir::{Action, Statement};

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::CATALOGUE;

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

/// The `{...}` symbols of a cost, each with whether it is mana (a number, `{W}`...`{G}`,
/// `{C}`, `{X}`, a hybrid `{RG}` or `{2W}`), in the order written; `None` for text
/// outside symbols or a symbol never closed.
fn symbols(cost: &str) -> Option<Vec<(&str, bool)>> {
    let mut symbols = Vec::new();
    let mut rest = cost.trim();
    // Each turn takes a symbol off the cost: bounded by its length.
    while !rest.is_empty() {
        let inner = rest.strip_prefix('{')?;
        // A spec's own brackets may hold `}` only inside `(...)` or `[...]`.
        let mut depth = 0i32;
        let close = inner.char_indices().find_map(|(at, ch)| {
            match ch {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                '}' if depth <= 0 => return Some(at),
                _ => {}
            }
            None
        })?;
        let symbol = &rest[..close + 2];
        let content = inner[..close].trim().to_ascii_uppercase();
        let mana = (!content.is_empty() && content.bytes().all(|b| b.is_ascii_digit()))
            || ["W", "U", "B", "R", "G", "C", "X"].contains(&content.as_str())
            || crate::builtins::hybrid_ways(&content).is_some();
        symbols.push((symbol, mana));
        rest = rest[close + 2..].trim_start();
    }
    Some(symbols)
}

/// The mana symbols of an `other=` cost (without its `name(...)`), as written: what is
/// paid as a spell's mana (`{1}` of Fieldmist Borderpost's `{H(land[basic]|mybattlefield)}{1}`;
/// none of Force of Will's).
pub fn alternative_mana_symbols(cost: &str) -> String {
    symbols(cost).unwrap_or_default().into_iter().filter(|(_, mana)| *mana).map(|(symbol, _)| symbol).collect()
}

/// The other symbols of an `other=` cost, as written (`{L}{E(other *[blue]|myhand)}`),
/// empty when it is all mana: the card's last action pays them.
pub fn alternative_other_costs(cost: &str) -> String {
    symbols(cost).unwrap_or_default().into_iter().filter(|(_, mana)| !*mana).map(|(symbol, _)| symbol).collect()
}

impl<'i> Lowering<'i> {
    /// Checks an `other=` line: a cost, then at most a `name(label)`. Its symbols other
    /// than mana are the action it returns (costs, no effect): the card's last.
    pub(super) fn alternative_cost(&self, value: Piece<'_>) -> Result<Option<Action<'i>>, Unsupported> {
        let value = value.trim();
        let cost = alternative_mana(value.text);
        let label = value.from(cost.len()).trim();
        let lower = label.text.to_ascii_lowercase();
        let labelled = lower.starts_with("name(") && lower.ends_with(')');
        if !label.text.is_empty() && !labelled {
            return Err(Unsupported::new(label, "text after an alternative cost other than `name(...)`"));
        }
        let cost_piece = value.slice(0, cost.len());
        if cost.is_empty() || symbols(cost).is_none() {
            return Err(Unsupported::new(value, "alternative cost other than `{...}` symbols"));
        }
        let mana = alternative_mana_symbols(cost);
        // Read as an activated ability's mana, which refuses a symbol no cost has (`{X}`);
        // hybrids are paid either way, as a spell's.
        self.costs(Piece::new(&mana, cost_piece.start))?;
        let others = alternative_other_costs(cost);
        if others.is_empty() {
            return Ok(None);
        }
        let costs = self.costs(Piece::new(&others, cost_piece.start))?;
        let of_the_card = costs.iter().find(|cost| {
            cost.filter.is_none() && CATALOGUE.costs.get(cost.cost.index()).is_none_or(|spec| spec.name != "L")
        });
        if let Some(cost) = of_the_card {
            let name = CATALOGUE.costs.get(cost.cost.index()).map_or("", |spec| spec.name);
            return Err(Unsupported::new(cost_piece, &format!("alternative cost `{{{name}}}` of the card itself")));
        }
        Ok(Some(Action { label: None, costs, statements: &[] }))
    }

    /// Checks an `otherrestriction=` line: counts of specs a filter can read, on a card
    /// with an `other=` cost.
    pub(super) fn other_restriction(&self, value: Piece<'_>, has_other: bool) -> Result<(), Unsupported> {
        if !has_other {
            return Err(Unsupported::new(value.trim(), "`otherrestriction` on a card without `other=`"));
        }
        crate::restriction::check(value, |spec| self.specs.filter(spec, true).map(|_| ()))
    }

    /// Checks a `restriction=` line: when the card may be cast (`crate::restriction`).
    pub(super) fn cast_restriction(&self, value: Piece<'_>) -> Result<(), Unsupported> {
        crate::restriction::check_cast(value, |spec| self.specs.filter(spec, true).map(|_| ()))
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
