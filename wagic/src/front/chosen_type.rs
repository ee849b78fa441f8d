//! Wagic's creature type choices: `chooseatype effect chooseend` and `activatechooseatype
//! effect activatechooseend` (Wagic's `GenericChooseTypeColorName`, `AASetTypeChosen`).
//! Its controller chooses a creature type, Wagic remembers it on the card
//! (`chooseasubtype`) and parses the effect then, a spec's `[chosentype]` (`-chosentype`)
//! matching the cards of that type.
//!
//! The effect is lowered once, as written: the catalogue's `choosetype` asks for the type
//! and remembers it on the source, and a spec's `[chosentype]` is a filter term the runtime
//! reads against the filter's source as it resolves the filter (`Host::has_keyword_for`),
//! so a lord keeps following the type remembered. Where Wagic asks, as for a colour
//! (`chosen_colour.rs`): a line that starts with the choice, as the permanent enters or
//! the spell resolves; an activated ability's or a trigger's whole effect, each time it
//! resolves, before its effect.
//!
//! Refused: `chosentype` outside a spec's `[...]` (`becomes(chosentype)`, a token's type:
//! a type word written from the choice), a `target(...)` reading it (chosen before the type
//! is), and the choice anywhere else on a line.
//!
//! Also the spec terms `share!name!`, `share!types!` and `share!color!` (Wagic's
//! `TargetChooserFactory`): cards sharing a name, a subtype or a colour with the card the
//! source targets. A spell with `target=` notes its target first as it resolves (the
//! catalogue's `cardtarget`); anywhere else they are refused.

use compiler::ir::Statement;

use super::chosen_colour::find_word;
use super::piece::Piece;
use super::{Line, Lowering, Unsupported};
use crate::catalogue::Command;

/// The two spellings of a type choice, each with its end word.
const WRAPPERS: [(&str, &str); 2] = [("activatechooseatype", "activatechooseend"), ("chooseatype", "chooseend")];

/// What a line that chooses a type lowers to: the statements that ask (run as the permanent
/// enters or the spell resolves: none when the line's own activation or trigger asks), then
/// the line.
pub(super) struct TypeChoice<'i> {
    /// The question, for the card to run as it enters or resolves.
    pub(super) ask: Option<&'i [Statement<'i>]>,
    /// The line, which reads the type remembered.
    pub(super) line: Line<'i>,
}

/// Whether `value` chooses a creature type (Wagic's `chooseatype` or `activatechooseatype`).
pub(super) fn chooses_a_type(value: Piece<'_>) -> bool {
    let lower = value.text.to_ascii_lowercase();
    WRAPPERS.iter().any(|(start, _)| find_word(&lower, start, 0).is_some())
}

/// Where a line's first `share!...!` spec term is, when it has one.
pub(super) fn shared_term(value: Piece<'_>) -> Option<Piece<'_>> {
    let lower = value.text.to_ascii_lowercase();
    let at = lower.find("share!")?;
    let end = lower[at + "share!".len()..].find('!').map_or(lower.len(), |bang| at + "share!".len() + bang + 1);
    Some(value.slice(at, end))
}

/// Refuses a line whose `aslongas(...)` reads `share!...!`: its count includes the target
/// itself when it is there (Winnow's "if another permanent with the same name" counts the
/// permanent targeted).
pub(super) fn check_shared_term(value: Piece<'_>) -> Result<(), Unsupported> {
    let lower = value.text.to_ascii_lowercase();
    match (lower.find("aslongas("), shared_term(value)) {
        (Some(_), Some(at)) => Err(Unsupported::new(at, "spec term `share!...!` in `aslongas(...)`")),
        _ => Ok(()),
    }
}

/// The refusal of a `share!...!` term (`at`) on a card that notes no target card.
pub(super) fn unnoted_share(at: Piece<'_>) -> Unsupported {
    Unsupported::new(at, "spec term `share!...!` outside an instant or sorcery with `target=`").with_help(Some(
        "a spell's `target=` is the card it shares with; Wagic compares with another card's own target \
         elsewhere, which the table does not note"
            .into(),
    ))
}

/// The statement a spell whose lines read `share!...!` runs first: the catalogue's
/// `cardtarget` on its rule target.
pub(super) fn note_card_target<'i>(arena: &'i bumpalo::Bump, at: Piece<'_>) -> Statement<'i> {
    super::lowering::call_statement(arena, Command::CardTarget, at)
}

/// The first `chosentype` of `text` that is not a term of a spec's `[...]`: one not between
/// `[` (or `;`, `&`, `-`) and `]` (or `;`, `&`).
fn chosentype_outside_a_spec(text: &str) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    let mut at = 0;
    // Bounded by the text: each step moves past one `chosentype`.
    while let Some(found) = lower.get(at..)?.find("chosentype") {
        let begin = at + found;
        let end = begin + "chosentype".len();
        let before = lower[..begin].trim_end().as_bytes().last().copied();
        let after = lower[end..].trim_start().as_bytes().first().copied();
        let in_brackets =
            matches!(before, Some(b'[' | b';' | b'&' | b'-')) && matches!(after, Some(b']' | b';' | b'&'));
        if !in_brackets {
            return Some(begin);
        }
        at = end;
    }
    None
}

/// Whether a `target(...)` (or `notatarget(...)`) of `text` reads `chosentype`.
fn target_reads_the_type(text: &str) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    let mut at = 0;
    // Bounded by the text: each step moves past one `target(`.
    while let Some(found) = lower.get(at..)?.find("target(") {
        let open = at + found + "target".len();
        let close = lower[open..].find(')').map_or(lower.len(), |close| open + close);
        if lower[open..close].contains("chosentype") {
            return Some(at + found);
        }
        at = open + 1;
    }
    None
}

impl<'i> Lowering<'i> {
    /// The line `value`, which chooses a type ([`chooses_a_type`]), lowered by `lower`
    /// with the choice's words left out.
    pub(super) fn type_choice(
        &self,
        value: Piece<'_>,
        lower: &dyn Fn(Piece<'_>) -> Result<Line<'i>, Unsupported>,
    ) -> Result<TypeChoice<'i>, Unsupported> {
        let value = value.trim();
        let text = value.text.to_ascii_lowercase();
        let Some((start, end, begin)) =
            WRAPPERS.iter().find_map(|(start, end)| Some((*start, *end, find_word(&text, start, 0)?)))
        else {
            return Err(Unsupported::new(value, "`chooseatype` without its effect"));
        };
        let inside_start = begin + start.len();
        let Some(close) = find_word(&text, end, inside_start) else {
            return Err(Unsupported::new(value.slice(begin, inside_start), &format!("`{start}` without `{end}`")));
        };
        let after = value.from(close + end.len()).trim();
        if !after.text.is_empty() {
            return Err(Unsupported::new(after, &format!("text after `{end}`")));
        }
        let before = value.slice(0, begin).trim();
        let each_resolution = !before.text.is_empty();
        if each_resolution
            && !(before.text.ends_with(':') && (before.text.starts_with('{') || before.text.starts_with('@')))
        {
            return Err(Unsupported::new(
                before,
                "`chooseatype` other than a line's whole effect or an activated ability's or a trigger's",
            ));
        }
        let inside = value.slice(inside_start, close);
        if chooses_a_type(inside) {
            return Err(Unsupported::new(value, "a second `chooseatype` on a line"));
        }
        if let Some(at) = chosentype_outside_a_spec(inside.text) {
            let word = inside.slice(at, at + "chosentype".len());
            return Err(Unsupported::new(
                word,
                "`chosentype` outside a spec's `[...]` (a type word written from the choice)",
            ));
        }
        if let Some(at) = target_reads_the_type(inside.text) {
            // The target is chosen as the spell is cast or the ability activated, before
            // the type is.
            return Err(Unsupported::new(inside.from(at), "`chooseatype` of a target whose spec reads `chosentype`"));
        }
        // The line without the choice's words, blanked so that every offset stays.
        let mut blanked = value.text.to_string();
        blanked.replace_range(close..close + end.len(), &" ".repeat(end.len()));
        blanked.replace_range(begin..inside_start, &" ".repeat(start.len()));
        let line = lower(Piece::new(&blanked, value.start).trim())?;
        let ask = super::lowering::call_statement(self.arena, Command::ChooseType, value);
        if !each_resolution {
            return Ok(TypeChoice { ask: Some(self.arena.alloc_slice_copy(&[ask])), line });
        }
        // Asked as its own activation or trigger resolves, before its effect.
        let asking = |statements: &'i [Statement<'i>]| -> &'i [Statement<'i>] {
            let mut all = Vec::with_capacity(statements.len() + 1);
            all.push(ask);
            all.extend_from_slice(statements);
            self.arena.alloc_slice_copy(&all)
        };
        let line = match line {
            Line::Activated { label, costs, statements } => {
                Line::Activated { label, costs, statements: asking(statements) }
            }
            Line::Triggered { events, statements, restricted, once } => {
                Line::Triggered { events, statements: asking(statements), restricted, once }
            }
            _ => {
                return Err(Unsupported::new(
                    value,
                    "`activatechooseatype` other than an activated ability's or a trigger's whole effect",
                ));
            }
        };
        Ok(TypeChoice { ask: None, line })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chosentype_is_kept_to_a_specs_brackets() {
        assert_eq!(chosentype_outside_a_spec("lord(creature[chosentype]) 1/1"), None);
        assert_eq!(chosentype_outside_a_spec("all(creature[-chosentype]) bury"), None);
        assert_eq!(chosentype_outside_a_spec("all(this) becomes(chosentype)"), Some(18));
        assert_eq!(target_reads_the_type("target(<upto:3>creature[chosentype]|mygraveyard) moveto(myhand)"), Some(0));
        assert_eq!(target_reads_the_type("all(creature[chosentype]) 1/1"), None);
    }

    #[test]
    fn the_choice_is_found_whole_and_a_share_term_named() {
        assert!(chooses_a_type(Piece::new("chooseatype lord(creature[chosentype]) 1/1 chooseend", 0)));
        assert!(chooses_a_type(Piece::new("{1}:activatechooseatype untap all(this) activatechooseend", 0)));
        assert!(!chooses_a_type(Piece::new("lord(creature[chosentype]) 1/1", 0)));
        let line = Piece::new("all(*[share!name!]) destroy", 0);
        assert_eq!(shared_term(line).map(|piece| piece.text), Some("share!name!"));
    }
}
