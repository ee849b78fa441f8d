//! Wagic's colour choices: `chooseacolor effect chooseend` and `activatechooseacolor effect
//! activatechooseend` (Wagic's `GenericChooseTypeColorName`). Its controller chooses one
//! of the five colours, Wagic remembers it on the card (`chooseacolor`), and the effect
//! is parsed then, its `chosencolor` read as that colour: in a spec (`*[chosencolor]`),
//! `becomes(,chosencolor)`, `add{chosencolor}`.
//!
//! The effect is lowered once for each colour, `chosencolor` written as it (`add{W}`,
//! `*[white]`), each statement guarded by the catalogue's `chosencolor(colour)`, which
//! reads the colour the catalogue's `choosecolor` remembered on the card. Where Wagic asks:
//! - a line that starts with the choice (either spelling): as the permanent enters, its
//!   lasting effects then following the colour remembered (a lord, a static ability, an
//!   activated ability or a trigger of the chosen colour), or as the spell resolves;
//! - a choice that is an activated ability's or a trigger's whole effect (`{T}:
//!   activatechooseacolor ... activatechooseend`, `@movedto(...):chooseacolor ...
//!   chooseend`), maybe after a `pay(cost)`: each time it resolves, before its effect
//!   (once the cost is paid).

use compiler::ir::{Arg, Effect, Link, Statement};
use vm::bytecode::{CommandIdx, Const};

use super::piece::Piece;
use super::{Line, Lowering, Unsupported};
use crate::catalogue::{COLOUR_NAMES, Command, MANA_COLOURS};

/// The two spellings of a colour choice, each with its end word.
const WRAPPERS: [(&str, &str); 2] = [("activatechooseacolor", "activatechooseend"), ("chooseacolor", "chooseend")];

/// Where a line chooses a colour: `before` the choice (empty, `{cost}:` or `@trigger:`,
/// maybe with a `pay(cost)` after it), the effect `inside` it, and what is written `after`
/// its end word.
#[derive(Clone, Copy)]
struct Choice<'s> {
    before: Piece<'s>,
    inside: Piece<'s>,
    after: Piece<'s>,
}

/// What a line that chooses a colour lowers to: the statements that ask (run as the
/// permanent enters or the spell resolves: none when the line's own activation or trigger
/// asks), then the line's lines for the colours.
pub(super) struct ColourChoice<'i> {
    /// The question, for the card to run as it enters or resolves.
    pub(super) ask: Option<&'i [Statement<'i>]>,
    /// The line's lines, each colour's guarded, or one ability of them all.
    pub(super) lines: Vec<Line<'i>>,
}

/// How many activated abilities an `auto=` line lowers to when it is a colour choice
/// around one (Coldsteel Heart's `chooseacolor {T}:add{chosencolor} chooseend`): one;
/// `None` for any other line. The runner and the game match abilities to their lines by it.
pub fn colour_choice_abilities(line: &str) -> Option<usize> {
    let lower = line.trim().to_ascii_lowercase();
    let inside = WRAPPERS.iter().find_map(|(start, _)| lower.strip_prefix(start))?;
    (inside.starts_with(char::is_whitespace) && inside.trim_start().starts_with('{')).then_some(1)
}

/// Whether `value` chooses a colour (Wagic's `chooseacolor` or `activatechooseacolor`).
pub(super) fn chooses_a_colour(value: Piece<'_>) -> bool {
    let lower = value.text.to_ascii_lowercase();
    WRAPPERS.iter().any(|(start, _)| lower.contains(&format!("{start} ")))
}

/// The first colour choice of `value`, its words found as Wagic's `parseBetween` finds
/// them (the first start word, the first end word after it), or the construct refused.
fn choice_of(value: Piece<'_>) -> Result<Choice<'_>, Unsupported> {
    let lower = value.text.to_ascii_lowercase();
    let found = WRAPPERS.iter().find_map(|(start, end)| {
        let begin = find_word(&lower, start, 0)?;
        Some((*start, *end, begin))
    });
    let Some((start, end, begin)) = found else {
        return Err(Unsupported::new(value, "`chooseacolor` without its effect"));
    };
    let inside_start = begin + start.len();
    let Some(close) = find_word(&lower, end, inside_start) else {
        return Err(Unsupported::new(value.slice(begin, inside_start), &format!("`{start}` without `{end}`")));
    };
    Ok(Choice {
        before: value.slice(0, begin),
        inside: value.slice(inside_start, close).trim(),
        after: value.from(close + end.len()),
    })
}

/// Where the word `word` is in `text` at or after `from`: not inside a longer word
/// (`chooseacolor` in `activatechooseacolor`).
pub(super) fn find_word(text: &str, word: &str, from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(found) = text.get(at..)?.find(word) {
        let begin = at + found;
        let end = begin + word.len();
        let before_ok = begin == 0 || !text.as_bytes()[begin - 1].is_ascii_alphanumeric();
        let after_ok = text.as_bytes().get(end).is_none_or(|byte| !byte.is_ascii_alphanumeric());
        if before_ok && after_ok {
            return Some(begin);
        }
        at = end;
    }
    None
}

/// `before` (what a line writes before its colour choice) split into a cost's or a
/// trigger's head (`@trigger:`) and the cost of the one word after it, `pay(cost)` or
/// `pay[[cost]]`, when it is so written.
fn paid_before(before: Piece<'_>) -> Option<(Piece<'_>, Piece<'_>)> {
    if !(before.text.starts_with('@') || before.text.starts_with('{')) {
        return None;
    }
    let colon = before.find_top(b':')?;
    let rest = before.from(colon + 1).trim();
    let [word] = rest.words()[..] else { return None };
    let cost = super::pay::cost_of(word)?;
    Some((before.slice(0, colon + 1), cost))
}

/// The refusal of a choice written after `before`, other words of a line than its cost
/// or trigger: what it is inside of, or after.
fn around(before: &str) -> String {
    let lower = before.to_ascii_lowercase();
    let places = [
        ("newability[", "inside `newability[...]`"),
        ("ability$!", "inside `ability$!...!$`"),
        ("chooseatype", "inside `chooseatype` (a creature type chosen)"),
        ("pay(", "after `pay(cost)`"),
        ("pay[[", "after `pay[[cost]]`"),
    ];
    match places.iter().find(|(word, _)| lower.contains(word)) {
        Some((_, place)) => format!("`chooseacolor` {place}"),
        None => "`chooseacolor` other than a line's whole effect or an activated ability's or a trigger's".into(),
    }
}

/// The first `target(...)` (or `notatarget(...)`) of `inside` whose spec reads
/// `chosencolor`.
fn target_reading_the_colour(inside: Piece<'_>) -> Option<Piece<'_>> {
    let lower = inside.text.to_ascii_lowercase();
    let mut at = 0;
    // Bounded by the text: each step moves past one `target(`.
    while let Some(found) = lower.get(at..)?.find("target(") {
        let open = at + found + "target".len();
        let close = inside.from(open + 1).find_top(b')').map_or(lower.len(), |close| open + 1 + close);
        if lower[open..close].contains("chosencolor") {
            return Some(inside.slice(at + found, (close + 1).min(lower.len())));
        }
        at = open + 1;
    }
    None
}

/// `text` with `chosencolor` written as the colour `colour` (an index in
/// [`COLOUR_NAMES`]): `{chosencolor}` as its mana symbol, elsewhere its name. Also where
/// each kept run of `text` is in the result, for errors' places: (result offset, `text`
/// offset).
fn written_as(text: &str, colour: usize) -> (String, Vec<(usize, usize)>) {
    let lower = text.to_ascii_lowercase();
    let mut written = String::with_capacity(text.len());
    let mut runs = vec![(0, 0)];
    let mut at = 0;
    while let Some(found) = find_word(&lower, "chosencolor", at) {
        let braced = found > 0 && lower[..found].ends_with('{') && lower[found + 11..].starts_with('}');
        written.push_str(&text[at..found]);
        written.push_str(if braced { MANA_COLOURS[colour].name } else { COLOUR_NAMES[colour] });
        at = found + "chosencolor".len();
        runs.push((written.len(), at));
    }
    written.push_str(&text[at..]);
    (written, runs)
}

/// The offset of `text` that `offset` of its colour's writing ([`written_as`]) stands for.
fn original_offset(runs: &[(usize, usize)], offset: usize) -> usize {
    let (written, original) = runs.iter().rev().find(|(written, _)| *written <= offset).copied().unwrap_or((0, 0));
    original + (offset - written)
}

impl<'i> Lowering<'i> {
    /// The line `value`, which chooses a colour ([`chooses_a_colour`]), lowered by `lower`
    /// once for each colour.
    pub(super) fn colour_choice(
        &self,
        value: Piece<'_>,
        lower: &dyn Fn(Piece<'_>) -> Result<Line<'i>, Unsupported>,
    ) -> Result<ColourChoice<'i>, Unsupported> {
        let value = value.trim();
        let mut choice = choice_of(value)?;
        // `@trigger:pay(cost) activatechooseacolor ...` (Crosis, the Purger): the cost is
        // paid first, the colour asked only when it was.
        let paid = paid_before(choice.before.trim());
        if let Some((head, _)) = paid {
            choice.before = head;
        }
        let before = choice.before.trim();
        let each_resolution = !before.text.is_empty();
        if each_resolution
            && !(before.text.ends_with(':') && (before.text.starts_with('{') || before.text.starts_with('@')))
        {
            return Err(Unsupported::new(before, &around(before.text)));
        }
        if chooses_a_colour(choice.inside) || chooses_a_colour(choice.after) {
            return Err(Unsupported::new(value, "a second `chooseacolor` on a line"));
        }
        if !choice.after.trim().text.is_empty() {
            return Err(Unsupported::new(choice.after.trim(), "text after `chooseend`"));
        }
        if let Some(spec) = target_reading_the_colour(choice.inside) {
            // Only the chosen colour's statement chooses its target, but the game checks
            // the first one's spec (the white one's) before it may be activated or cast.
            return Err(Unsupported::new(spec, "`chooseacolor` of a target whose spec reads `chosencolor`"));
        }
        let mut lines = Vec::with_capacity(COLOUR_NAMES.len());
        for colour in 0..COLOUR_NAMES.len() {
            let line = self.colour_line(choice, colour, lower)?;
            lines.push(self.guarded_line(line, colour, value)?);
        }
        let ask = self.arena.alloc_slice_copy(&[self.ask_colour(value)]);
        if each_resolution {
            // One activated ability or trigger, asking as it resolves.
            let paid = paid.map(|(_, cost)| cost);
            return Ok(ColourChoice { ask: None, lines: vec![self.merged(lines, Some(ask), paid, value)?] });
        }
        // An activated ability or a trigger inside the choice is one whatever the colour,
        // when its cost or trigger does not read it (Coldsteel Heart's `{T}:add{chosencolor}`).
        let inside = choice.inside.text.to_ascii_lowercase();
        let head_reads_colour =
            choice.inside.find_top(b':').is_some_and(|colon| inside[..colon].contains("chosencolor"));
        let lines = match lines.first() {
            Some(Line::Activated { .. }) if head_reads_colour => {
                // Five abilities, one of them usable: the game would offer each.
                return Err(Unsupported::new(value, "`chooseacolor` of an ability whose cost reads `chosencolor`"));
            }
            Some(Line::Activated { .. } | Line::Triggered { .. }) if !head_reads_colour => {
                vec![self.merged(lines, None, None, value)?]
            }
            _ => lines,
        };
        Ok(ColourChoice { ask: Some(ask), lines })
    }

    /// The line of `choice` with `chosencolor` written as `colour`, lowered by `lower`; an
    /// error is placed in the line as written.
    fn colour_line(
        &self,
        choice: Choice<'_>,
        colour: usize,
        lower: &dyn Fn(Piece<'_>) -> Result<Line<'i>, Unsupported>,
    ) -> Result<Line<'i>, Unsupported> {
        let (inside, runs) = written_as(choice.inside.text, colour);
        let text = format!("{}{inside}", choice.before.text);
        let start = choice.before.start;
        let line = lower(Piece::new(&text, start));
        line.map_err(|mut error| {
            // The effect follows `before` in the text lowered (the choice's words left out).
            let written_start = start + choice.before.text.len();
            let place = |offset: u32| -> u32 {
                let offset = offset as usize;
                let original = match offset.checked_sub(written_start) {
                    Some(within) => choice.inside.start + original_offset(&runs, within).min(choice.inside.text.len()),
                    None => offset,
                };
                u32::try_from(original).unwrap_or(u32::MAX)
            };
            error.span.start = place(error.span.start);
            error.span.end = place(error.span.end).max(error.span.start);
            error
        })
    }

    /// The statement that asks the source's controller for a colour (`choosecolor`).
    fn ask_colour(&self, at: Piece<'_>) -> Statement<'i> {
        let command = CommandIdx::new(Command::ChooseColor.index());
        Statement {
            condition: None,
            target: None,
            restriction: None,
            chain: self.arena.alloc_slice_copy(&[Link {
                operator: None,
                effect: Effect::Call { command, confirm: false, args: &[] },
            }]),
            otherwise: None,
            span: at.span(),
        }
    }

    /// `line` with each of its statements run only when `colour` is the one chosen.
    fn guarded_line(&self, line: Line<'i>, colour: usize, at: Piece<'_>) -> Result<Line<'i>, Unsupported> {
        let guard = |statements: &'i [Statement<'i>]| self.guarded(statements, colour, at);
        Ok(match line {
            Line::Plain(statements) => Line::Plain(guard(statements)?),
            Line::Once(statements) => Line::Once(guard(statements)?),
            Line::Continuous(statements) => Line::Continuous(guard(statements)?),
            Line::Lord { statements, event, entering } => {
                Line::Lord { statements: guard(statements)?, event, entering: guard(entering)? }
            }
            Line::Activated { label, costs, statements } => {
                Line::Activated { label, costs, statements: guard(statements)? }
            }
            Line::Triggered { events, statements, restricted, once } => {
                Line::Triggered { events, statements: guard(statements)?, restricted, once }
            }
        })
    }

    /// `statements`, each run only when `colour` is the one chosen.
    fn guarded(
        &self,
        statements: &'i [Statement<'i>],
        colour: usize,
        at: Piece<'_>,
    ) -> Result<&'i [Statement<'i>], Unsupported> {
        let command = CommandIdx::new(Command::ChosenColor.index());
        let word = Const::Word { command, param: 0, word: colour as u16 };
        let args = self.arena.alloc_slice_copy(&[Arg::Const(word)]);
        let test = Link { operator: None, effect: Effect::Call { command, confirm: false, args } };
        let mut guarded = Vec::with_capacity(statements.len());
        for statement in statements {
            let condition = self.guard_condition(test, statement.condition).ok_or_else(|| {
                Unsupported::new(at, "`chooseacolor` of an effect with a condition, `may ... && ...` or `pay(cost)`")
            })?;
            guarded.push(Statement { condition: Some(condition), ..*statement });
        }
        Ok(self.arena.alloc_slice_copy(&guarded))
    }

    /// The colours' `lines` (each an activated ability, or each a trigger, the same but
    /// for their statements) as one, `ask` first, all of it under the payment of `paid`.
    fn merged(
        &self,
        lines: Vec<Line<'i>>,
        ask: Option<&'i [Statement<'i>]>,
        paid: Option<Piece<'_>>,
        at: Piece<'_>,
    ) -> Result<Line<'i>, Unsupported> {
        let mut statements: Vec<Statement<'i>> = ask.unwrap_or_default().to_vec();
        let mut head = None;
        for line in lines {
            match line {
                Line::Activated { label, costs, statements: own } => {
                    head.get_or_insert(Line::Activated { label, costs, statements: &[] });
                    statements.extend_from_slice(own);
                }
                Line::Triggered { events, statements: own, restricted, once } => {
                    head.get_or_insert(Line::Triggered { events, statements: &[], restricted, once });
                    statements.extend_from_slice(own);
                }
                _ => {
                    return Err(Unsupported::new(
                        at,
                        "`activatechooseacolor` other than a line's whole effect or an activated ability's or a trigger's",
                    ));
                }
            }
        }
        if let Some(cost) = paid {
            // The first statement (the question) guarded by the payment, which ends the
            // entry when it is not made: no colour's statement runs then.
            self.paid(cost, false, &mut statements)?;
        }
        let statements = self.arena.alloc_slice_copy(&statements);
        match head {
            Some(Line::Activated { label, costs, .. }) => Ok(Line::Activated { label, costs, statements }),
            Some(Line::Triggered { events, restricted, once, .. }) => {
                Ok(Line::Triggered { events, statements, restricted, once })
            }
            _ => Err(Unsupported::new(at, "`chooseacolor` without its effect")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chosencolor_is_written_as_the_colour_and_its_mana_symbol() {
        let (written, runs) = written_as("add{chosencolor} && protection from(*[chosencolor])", 3);
        assert_eq!(written, "add{R} && protection from(*[red])");
        // `&&` is at 7 in the result, 17 as written.
        assert_eq!(original_offset(&runs, 7), 17);
        assert_eq!(original_offset(&runs, 2), 2);
    }

    #[test]
    fn the_choice_is_found_whole_and_not_inside_a_longer_word() {
        let value = Piece::new("{T}:activatechooseacolor add{chosencolor} activatechooseend", 0);
        let choice = choice_of(value).expect("a choice");
        assert_eq!(choice.before.text, "{T}:");
        assert_eq!(choice.inside.text, "add{chosencolor}");
        assert!(choice.after.text.is_empty());
        assert!(!chooses_a_colour(Piece::new("protection from(*[chosencolor])", 0)));
        assert!(choice_of(Piece::new("chooseacolor draw:1", 0)).is_err());
        assert_eq!(colour_choice_abilities("chooseacolor {T}:add{chosencolor} chooseend"), Some(1));
        assert_eq!(colour_choice_abilities("activatechooseacolor {T}:add{chosencolor} activatechooseend"), Some(1));
        assert_eq!(colour_choice_abilities("chooseacolor lord(*[-land]) becomes(,chosencolor) chooseend"), None);
    }
}
