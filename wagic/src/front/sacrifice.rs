//! A permanent's `aslongas(spec) sacrifice <n` (Covetous Dragon: "when you control no
//! artifacts, sacrifice it"), also written `aslongas(spec) all(this) sacrifice while <n`
//! (Emperor Crocodile): a state trigger. Wagic's `AAsLongAs` resolves the sacrifice when
//! the count first holds, again only once it stopped holding; the card is gone once it has,
//! so an auto on the continuous event (run again after every change) whose count check
//! comes before the sacrifice does the same. Any other one-shot effect under `aslongas` on
//! a permanent (run once per change, where Wagic's runs once each time the count starts
//! holding) is refused by the caller.

use compiler::ir::{Auto, Condition, Expr, Statement};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};

/// Whether `written` (the line, lower case, its words single-spaced) is the card's own
/// sacrifice under `aslongas(spec)` with a criterion `<n` or `>n`.
fn is_self_sacrifice(written: &str) -> bool {
    let Some(rest) = written.strip_prefix("aslongas(") else { return false };
    let Some(close) = rest.find(") ") else { return false };
    let after = &rest[close + 2..];
    // The longer forms first: `sacrifice while <1` is no `sacrifice` of `while <1`.
    let criterion = ["all(this) sacrifice while ", "sacrifice while ", "all(this) sacrifice ", "sacrifice "]
        .iter()
        .find_map(|form| after.strip_prefix(form));
    criterion.is_some_and(|criterion| {
        criterion
            .strip_prefix('<')
            .or_else(|| criterion.strip_prefix('>'))
            .is_some_and(|number| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
    })
}

impl<'i> Lowering<'i> {
    /// The auto of a permanent's `aslongas(spec) sacrifice <n` line (`statements` as the
    /// line lowered: the count check, then the sacrifice).
    pub(super) fn self_sacrifice(
        &self,
        value: Piece<'_>,
        statements: &'i [Statement<'i>],
    ) -> Result<Auto<'i>, Unsupported> {
        let written: String = value.text.split_ascii_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
        let one_sacrifice =
            matches!(statements, [statement] if statement.chain.len() == 2 && statement.condition.is_none());
        if !is_self_sacrifice(&written) || !one_sacrifice {
            // Wagic resolves a permanent's `aslongas(...)` of a one-shot effect each time the
            // count starts to hold; run after every change, it would run more often.
            return Err(Unsupported::new(value, "`aslongas` of a one-shot effect on a permanent"));
        }
        // Only while the card is on the battlefield: run again before it has left play, a
        // sacrificed card would be sacrificed anew, and the board never settle.
        let this = Expr::Var(spec::variable("this"));
        let on_battlefield = self.specs.call("inzone", &[this, Expr::Str("battlefield"), Expr::Str("")]);
        let guarded: Vec<Statement<'i>> = statements
            .iter()
            .map(|statement| Statement { condition: Some(Condition::If(on_battlefield)), ..*statement })
            .collect();
        let events = self.arena.alloc_slice_copy(&[self.continuous_event(value)]);
        Ok(Auto { hook: false, events, costs: &[], statements: self.arena.alloc_slice_copy(&guarded) })
    }
}

#[cfg(test)]
mod tests {
    use super::is_self_sacrifice;

    #[test]
    fn the_self_sacrifice_forms_are_told_apart() {
        for written in [
            "aslongas(artifact|mybattlefield) sacrifice <1",
            "aslongas(other creature|mybattlefield) all(this) sacrifice while <1",
            "aslongas(dwarf|mybattlefield) all(this) sacrifice while >0",
        ] {
            assert!(is_self_sacrifice(written), "{written}");
        }
        for written in [
            "aslongas(artifact|mybattlefield) sacrifice",
            "aslongas(artifact|mybattlefield) untap <1",
            "aslongas(artifact|mybattlefield) sacrifice <x",
            "aslongas(creature|mybattlefield) sacrifice all(creature) <1",
            "aslongas(artifact|mybattlefield) sacrifice < 1",
        ] {
            assert!(!is_self_sacrifice(written), "{written}");
        }
    }
}
