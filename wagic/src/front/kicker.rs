//! Kicker: `kicker={cost}` (mana a player may add to the card's mana cost as it is cast,
//! Wagic's `MTGKickerRule`) and `auto=kicker effect`, an effect that runs only when the
//! card was cast with its kicker paid (the catalogue's `kicked`, which the runner sets for
//! the card it casts kicked).

use compiler::ir::{BinaryOp, Expr, Statement};
use vm::bytecode::CompareOp;

use super::piece::Piece;
use super::{Line, Lowering, Unsupported, spec, starts_with_a_count};
use crate::catalogue::CATALOGUE;

/// The mana costs a `kicker=` line may hold.
const MANA_COSTS: &[&str] = &["W", "U", "B", "R", "G", "generic"];

/// Whether an `auto=` line is `kicker effect`.
pub fn is_kicker_line(value: Piece<'_>) -> bool {
    let text = value.text.trim_start();
    text.get(..7).is_some_and(|word| word.eq_ignore_ascii_case("kicker "))
}

impl<'i> Lowering<'i> {
    /// Checks a `kicker=` cost: mana only (the runner pays it beside the mana cost).
    pub(super) fn kicker_cost(&self, value: Piece<'_>) -> Result<(), Unsupported> {
        let value = value.trim();
        let construct = "`kicker` cost other than mana (`multi`, `{...}` costs)";
        if value.text.is_empty() || !value.text.starts_with('{') {
            return Err(Unsupported::new(value, construct));
        }
        self.mana_only(value, construct)
    }

    /// Checks a `flashback=` cost (Wagic's `MTGFlashBackRule`: the card cast from its
    /// owner's graveyard for it, then exiled): mana only, on an instant or sorcery (a
    /// permanent's flashback, Wagic's too, is not compiled).
    pub(super) fn flashback_cost(&self, value: Piece<'_>, is_spell: bool) -> Result<(), Unsupported> {
        let value = value.trim();
        let construct = "`flashback` cost other than mana (`{...}` costs, `multi`)";
        if !is_spell {
            return Err(Unsupported::new(value, "`flashback` on a permanent"));
        }
        if value.text.is_empty() || !value.text.starts_with('{') {
            return Err(Unsupported::new(value, construct));
        }
        self.mana_only(value, construct)
    }

    /// Checks a `retrace=` cost (Magic's retrace: the card cast from its owner's graveyard
    /// by discarding a land card besides its other costs; it goes to the graveyard again
    /// as it resolves): mana and one land card of its owner's hand, which Wagic writes
    /// `{discard(land|myhand)}` or `{S(land|myhand)}`, on an instant or sorcery.
    pub(super) fn retrace_cost(&self, value: Piece<'_>, is_spell: bool) -> Result<(), Unsupported> {
        let value = value.trim();
        if !is_spell {
            return Err(Unsupported::new(value, "`retrace` on a permanent"));
        }
        let Some(mana) = retrace_mana(value.text) else {
            return Err(Unsupported::new(value, "`retrace` cost without a land card discarded"));
        };
        let construct = "`retrace` cost other than mana and a land card discarded";
        if mana.is_empty() || !mana.starts_with('{') {
            return Err(Unsupported::new(value, construct));
        }
        self.mana_only(Piece::new(self.arena.alloc_str(&mana), value.start), construct)
    }

    /// Checks that the costs `value` writes are mana of a colour or generic mana only
    /// (what the runner pays from the pool), else refuses `construct`.
    pub(super) fn mana_only(&self, value: Piece<'_>, construct: &str) -> Result<(), Unsupported> {
        let costs = self.costs(value)?;
        if costs
            .iter()
            .any(|cost| !MANA_COSTS.contains(&CATALOGUE.costs[cost.cost.index()].name) || cost.filter.is_some())
        {
            return Err(Unsupported::new(value, construct));
        }
        Ok(())
    }

    /// `auto=kicker effect`: the effect's statements, each run only when the card was cast
    /// kicked (a false condition does nothing, as Wagic skips the effect).
    pub(super) fn kicked(&self, value: Piece<'_>, has_kicker: bool) -> Result<&'i [Statement<'i>], Unsupported> {
        let value = value.trim();
        if !has_kicker {
            return Err(Unsupported::new(value, "`kicker` effect on a card without `kicker=`"));
        }
        self.only_when_paid(value, value.from(6).trim(), "kicker", "kicked")
    }

    /// The statements of `rest`, the effect after `value`'s first word (`kicker`,
    /// `alternative`), each run only while the catalogue's `flag` is 1: Wagic parses such a
    /// line only when the spell was paid so (`FullfilledAlternateCost`), so that nothing
    /// is asked when it was not.
    pub(super) fn only_when_paid(
        &self,
        value: Piece<'_>,
        rest: Piece<'_>,
        word: &str,
        flag: &str,
    ) -> Result<&'i [Statement<'i>], Unsupported> {
        let statements = match self.line(rest)? {
            Line::Plain(statements) if !statements.iter().any(starts_with_a_count) => statements,
            _ => return Err(Unsupported::new(value, &format!("`{word}` effect other than a one-shot effect"))),
        };
        // The test of the flag guards a target or a `may` (Heartstabber Mosquito's "if it
        // was kicked, destroy target creature": nothing is asked unkicked), as `if
        // paid(kicker)` does (`if_then.rs`).
        let mut kicked = Vec::with_capacity(statements.len());
        for statement in statements {
            let flag = self.arena.alloc(Expr::Var(spec::variable(flag)));
            let one = self.arena.alloc(Expr::Int(1));
            let test = Expr::Binary(BinaryOp::Compare(CompareOp::Eq), flag, one);
            kicked.push(self.source_guarded(test, *statement, value).map_err(|_| {
                Unsupported::new(value, &format!("`{word}` effect with a condition that ends the ability"))
            })?);
        }
        Ok(self.arena.alloc_slice_copy(&kicked))
    }
}

/// The mana of a `retrace=` cost: the cost less its one land card discarded
/// (`{discard(land|myhand)}` or `{S(land|myhand)}`, in any case); `None` without it.
pub fn retrace_mana(cost: &str) -> Option<String> {
    let lower = cost.trim().to_ascii_lowercase();
    let discards = ["{discard(land|myhand)}", "{s(land|myhand)}"];
    let mut found = discards.iter().filter_map(|discard| lower.find(discard).map(|at| (at, discard.len())));
    let (at, len) = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let mana = format!("{}{}", &lower[..at], &lower[at + len..]);
    // A second land written the other way is no retrace cost either.
    (!discards.iter().any(|discard| mana.contains(discard))).then_some(mana)
}
