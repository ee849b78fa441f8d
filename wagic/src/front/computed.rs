//! A spec reading a value Wagic computes as it is resolved (its `WParsedInt`): the count
//! of Icy Blast's `target=<prex>creature` ("Tap X target creatures"), the bound of
//! Killing Glare's `creature[power<=prex]` and Meltdown's `all(artifact[manacost<=X])`.
//! The value is lowered as an amount ([`Lowering::amount`]) and handed to the filter,
//! which the runtime works out as it resolves the filter, before its candidates (the
//! bytecode's `Qty::Computed` and `TermKind::CompareComputed`).

use compiler::ir::Filter;

use super::piece::Piece;
use super::spec::Spec;
use super::{Lowering, Unsupported};

impl<'i> Lowering<'i> {
    /// `spec` as a bundle filter ([`super::spec::SpecLowering::filter`]), its computed value, if
    /// it has one, lowered: a target's spec (`target=`, `target(...)`, `notatarget(...)`)
    /// or `all(...)`'s.
    pub(super) fn spec_filter(&self, spec: &Spec<'_>, all: bool) -> Result<&'i Filter<'i>, Unsupported> {
        let Some(word) = spec.computed else { return self.specs.filter(spec, all) };
        let value = self.computed_value(word)?;
        self.specs.filter_computing(spec, all, Some(value))
    }

    /// The value a spec's word computes: Wagic's `prex` and `castx` are the X paid (its
    /// `x`), `prexx` half of it (its `xx`, of a `{X}{X}` cost); any other word is read as
    /// an amount. A count of cards (`type:creature:mybattlefield`) is refused: the
    /// runtime counts cards only as a command's `per` filter.
    fn computed_value(&self, word: Piece<'_>) -> Result<compiler::ir::Expr<'i>, Unsupported> {
        let lower = word.text.trim().to_ascii_lowercase();
        let amount_word = match lower.as_str() {
            "prex" | "castx" => Piece::new("x", word.start),
            "prexx" => Piece::new("xx", word.start),
            _ => word,
        };
        let amount = self.amount(amount_word, "spec value").map_err(|refusal| {
            if lower.starts_with("type:") {
                return Unsupported::new(word, "spec value counting cards (`type:...`)");
            }
            if ["prex", "castx", "prexx"].contains(&lower.as_str()) {
                return Unsupported::new(word, "spec value of the X paid on a card without one `{X}` in its mana cost");
            }
            refusal
        })?;
        if amount.per.is_some() {
            return Err(Unsupported::new(word, "spec value counting cards (`type:...`)"));
        }
        Ok(amount.value)
    }
}

#[cfg(test)]
mod tests {
    use crate::front::piece::Piece;
    use crate::front::spec;

    #[test]
    fn a_computed_count_and_comparison_share_the_word() {
        let read = spec::read(Piece::new("<prex>creature[power<=prex]", 0)).expect("read");
        assert_eq!(read.count, spec::Count::Computed { up_to: false });
        assert_eq!(read.computed.map(|word| word.text), Some("prex"));
        let up_to = spec::read(Piece::new("<upto:castx>*|mylibrary", 0)).expect("read");
        assert_eq!(up_to.count, spec::Count::Computed { up_to: true });
    }

    #[test]
    fn two_different_computed_values_are_refused() {
        let refused = spec::read(Piece::new("<prex>creature[power<=phandcount]", 0)).expect_err("refused");
        assert_eq!(refused.construct, "spec with two different computed values");
    }
}
