//! A permanent's line of a one-shot effect after a count check: `aslongas(spec) effect`
//! or `if type(spec)~morethan~n then effect`.
//!
//! The card's own sacrifice, `aslongas(spec) sacrifice <n` (Covetous Dragon: "when you
//! control no artifacts, sacrifice it"), also written `aslongas(spec) all(this) sacrifice
//! while <n` (Emperor Crocodile), is a state trigger: an auto on the continuous event (run
//! again after every change) whose count check comes before the sacrifice; the card is
//! gone once it has run. Any other such effect is one-shot in Wagic (`parseMagicLine`
//! sets `oneShot` on an `AAsLongAs` of a one-shot ability, and `AAsLongAs::Update` never
//! checks a one-shot one again; `IfThenElse` is one-shot): resolved once, as the permanent
//! enters, its count checked then (a check land's `aslongas(swamp,mountain|myBattlefield)
//! untap`). With `while`, Wagic keeps it on the battlefield instead: refused.

use compiler::ir::{Auto, Condition, Expr, Statement};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};

/// Whether `written` (the line, lower case, its words single-spaced) is the card's own
/// sacrifice under `aslongas(spec)` with a criterion `<n` or `>n`.
fn is_self_sacrifice(written: &str) -> bool {
    let Some(rest) = written.strip_prefix("aslongas(") else { return false };
    let Some(close) = rest.find(") ") else { return false };
    let after = &rest[close + 2..];
    // No criterion is Wagic's `>0` (Endangered Armodon: "when you control a creature with
    // toughness 2 or less, sacrifice it").
    if after == "sacrifice" || after == "all(this) sacrifice" {
        return true;
    }
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

/// Whether `written` (as for [`is_self_sacrifice`]) holds the word `while`, which keeps
/// Wagic's `aslongas(...)` on the battlefield rather than resolving it once.
fn has_while(written: &str) -> bool {
    written.split([' ', '(', ')']).any(|word| word == "while")
}

/// Whether the card's `target=` is of its controller's cards only (`|mybattlefield`): a
/// spell's `sacrifice` of its target is then its controller's own sacrifice.
pub(super) fn targets_its_own(block: &crate::reader::CardBlock<'_>) -> bool {
    block.field("target").is_some_and(|field| field.value.to_ascii_lowercase().contains("|my"))
}

/// Refuses a permanent's `if ... then ... else sacrifice` (Kjeldoran Outpost's "if it
/// would enter, sacrifice a Plains instead; if you don't, put it into its graveyard"):
/// Wagic's runs once the land has entered (a landfall trigger sees it), and counts the land
/// itself among `land[-tapped]` (Lotus Vale).
pub(super) fn refuse_sacrifice_instead(value: Piece<'_>) -> Result<(), Unsupported> {
    let written = value.text.trim().to_ascii_lowercase();
    let words: Vec<&str> = written.split_ascii_whitespace().collect();
    if words.first() == Some(&"if") && words.ends_with(&["else", "sacrifice"]) {
        return Err(Unsupported::new(
            value,
            "`if ... else sacrifice` on a permanent (a sacrifice instead of entering)",
        ));
    }
    Ok(())
}

impl<'i> Lowering<'i> {
    /// The auto of a permanent's line of a one-shot effect after a count check
    /// (`statements` as the line lowered: the count check, then the effect): the card's
    /// own sacrifice as a state trigger, any other effect once as the permanent enters.
    /// `printed`: the card's `text=`, which says when the card's code leaves out how the
    /// card entered.
    pub(super) fn counted_line(
        &self,
        value: Piece<'_>,
        statements: &'i [Statement<'i>],
        printed: Option<&str>,
    ) -> Result<Auto<'i>, Unsupported> {
        let written: String = value.text.split_ascii_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
        let one_sacrifice =
            matches!(statements, [statement] if statement.chain.len() == 2 && statement.condition.is_none());
        if is_self_sacrifice(&written) && one_sacrifice {
            return Ok(self.self_sacrifice(value, statements));
        }
        if has_while(&written) {
            // Held on the battlefield, Wagic's nested one-shot ability is never run again.
            return Err(Unsupported::new(value, "`aslongas(...) ... while` of a one-shot effect on a permanent"));
        }
        refuse_sacrifice_instead(value)?;
        if written.split(|c: char| !c.is_ascii_alphanumeric()).any(|word| word == "sacrifice") {
            // Lurebound Scarecrow's `chooseacolor aslongas(...) sacrifice <1 chooseend` is a
            // state trigger, which run once as the card enters would not be.
            return Err(Unsupported::new(
                value,
                "sacrifice after a count on a permanent other than `aslongas(spec) sacrifice <n`",
            ));
        }
        let printed = printed.unwrap_or_default().to_ascii_lowercase();
        if printed.contains("if you cast it") && !written.contains("casted(") {
            // Deathbringer Regent's "if you cast it from your hand and ...": the code tests
            // the count alone, so a reanimated Regent would destroy all the same.
            return Err(Unsupported::new(
                value,
                "entering effect whose text asks how the card was cast, without `casted(this)`",
            ));
        }
        Ok(Auto { hook: false, events: &[], costs: &[], statements })
    }

    /// The auto of a permanent's `aslongas(spec) sacrifice <n` line.
    fn self_sacrifice(&self, value: Piece<'_>, statements: &'i [Statement<'i>]) -> Auto<'i> {
        // Only while the card is on the battlefield: run again before it has left play, a
        // sacrificed card would be sacrificed anew, and the board never settle.
        let this = Expr::Var(spec::variable("this"));
        let on_battlefield = self.specs.call("inzone", &[this, Expr::Str("battlefield"), Expr::Str("")]);
        let guarded: Vec<Statement<'i>> = statements
            .iter()
            .map(|statement| Statement { condition: Some(Condition::If(on_battlefield)), ..*statement })
            .collect();
        let events = self.arena.alloc_slice_copy(&[self.continuous_event(value)]);
        Auto { hook: false, events, costs: &[], statements: self.arena.alloc_slice_copy(&guarded) }
    }
}

#[cfg(test)]
mod tests {
    use super::{has_while, is_self_sacrifice};

    #[test]
    fn the_self_sacrifice_forms_are_told_apart() {
        for written in [
            "aslongas(artifact|mybattlefield) sacrifice <1",
            "aslongas(other creature|mybattlefield) all(this) sacrifice while <1",
            "aslongas(dwarf|mybattlefield) all(this) sacrifice while >0",
            "aslongas(creature[toughness<=2]|mybattlefield) sacrifice",
        ] {
            assert!(is_self_sacrifice(written), "{written}");
        }
        for written in [
            "aslongas(artifact|mybattlefield) sacrifice target(creature)",
            "aslongas(artifact|mybattlefield) untap <1",
            "aslongas(artifact|mybattlefield) sacrifice <x",
            "aslongas(creature|mybattlefield) sacrifice all(creature) <1",
            "aslongas(artifact|mybattlefield) sacrifice < 1",
        ] {
            assert!(!is_self_sacrifice(written), "{written}");
        }
    }

    #[test]
    fn while_is_a_word_of_its_own() {
        assert!(has_while("aslongas(forest|mybattlefield) untap while <1"));
        assert!(!has_while("aslongas(forest|mybattlefield) untap"));
        assert!(!has_while("aslongas(whiley|mybattlefield) untap"));
    }
}
