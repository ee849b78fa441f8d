//! A line whose brackets do not balance, read as Wagic's engine reads it. Wagic finds a
//! line's parts with `find` and `substr` (`MTGAbility.cpp`'s `parseMagicLine`,
//! `parseTrigger`, `TargetChooser.cpp`), never by nesting, so some imbalances are read one
//! knowable way. Where that reading is the card's printed text, the line is repaired to
//! the balanced line Wagic's reading means, one [`Edit`] a bracket, each told by a
//! warning (W0109, [`crate::diagnostics::bracket_repaired`]):
//!
//! - `this(cantargetcard(spec) effect`: Wagic's `this(` ends at its first `)`, and
//!   `cantargetcard(` needs none; read as `this(cantargetcard(spec)) effect`.
//! - `reject)` in `ability$!...!$`: Wagic finds the word `reject` anywhere in its effect
//!   and reads nothing after it; the `)` is dropped.
//! - `type[terms|zone)`: Wagic's target chooser cuts a spec at its first `|`, and a `[`
//!   without its `]` takes the terms to the end of the type; read as `type[terms]|zone)`.
//! - `@movedto(spec|zone:effect`: Wagic's trigger is the text before the first `:`, and
//!   its `movedto(` spec runs to its end when no `)` follows; read as `@movedto(spec|zone):`.
//! - `restriction{...}}:`: Wagic's restriction ends at its first `}`, and its trigger's
//!   words are found anywhere in the text before the `:`; the second `}` is dropped.
//!
//! Any other imbalance stays an E0100 error, naming the construct where Wagic reads it
//! otherwise than printed or where its reading is not one the front end can tell
//! ([`refusal`]): a `restriction{` never closed (Wagic drops the restriction), a cost's
//! `{` never closed (Wagic finds no `}:`, so no activated ability) or its `(`, a `]` after
//! a zone's name (a zone Wagic does not know), a `lord(` or `all(` never closed (Wagic
//! ends its spec at the first `)`, or reads none), a spec's `[` closed by `}` (a term no
//! card has), and any imbalance inside `transforms((...))`.

/// The effects of a spec in parentheses that Wagic ends at their first `)`
/// (`kLordKeywords`).
const LORDS: &[&str] = &["lord", "all", "foreach", "aslongas", "teach"];

/// The most brackets repaired on one line (Wagic's cards need one).
const MAX_EDITS: usize = 8;

/// One bracket put in or taken out of a line, at a byte offset of the line as it stood
/// before this edit (after the edits before it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edit {
    /// Where the bracket is put, or which byte is taken out.
    pub at: usize,
    /// The bracket that does not balance: the one never closed, or the one taken out.
    pub bracket: usize,
    /// The bracket put in (`Some(b')')`), or none when the byte at `at` is taken out.
    pub insert: Option<u8>,
    /// What Wagic's reading is, for the warning.
    pub why: &'static str,
}

/// A line repaired: the balanced text and the edits made, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repair {
    /// The line as Wagic reads it.
    pub text: String,
    /// The edits, in the order made.
    pub edits: Vec<Edit>,
}

impl Repair {
    /// The offset in the line as written of `offset` in the repaired line (a bracket put in
    /// is at the offset of the byte it was put before).
    pub fn original_offset(&self, offset: usize) -> usize {
        self.edits.iter().rev().fold(offset, |offset, edit| match edit.insert {
            Some(_) if offset > edit.at => offset - 1,
            Some(_) => offset,
            None if offset >= edit.at => offset + 1,
            None => offset,
        })
    }

    /// Each edit with its offsets in the line as written: where it is made, and its
    /// bracket that does not balance.
    pub fn edits_as_written(&self) -> Vec<(usize, usize, Edit)> {
        let mut written = Vec::with_capacity(self.edits.len());
        for (index, edit) in self.edits.iter().enumerate() {
            let before = Repair { text: String::new(), edits: self.edits[..index].to_vec() };
            written.push((before.original_offset(edit.at), before.original_offset(edit.bracket), *edit));
        }
        written
    }
}

/// How an unbalanced bracket breaks the nesting: at `at`, a closing bracket that closes
/// the opening one at `opener` (of another kind) or nothing, or an opening one never closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Break {
    pub(super) at: usize,
    pub(super) kind: BreakKind,
}

/// Whether a [`Break`] is an opening bracket never closed, or a closing one out of place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BreakKind {
    Unclosed,
    Stray { opener: Option<usize> },
}

/// The first bracket that breaks the nesting of `text`: a closing bracket that closes
/// another kind or nothing, or else the innermost opening bracket never closed.
pub(super) fn first_break(text: &str) -> Option<Break> {
    let bytes = text.as_bytes();
    let mut stack: Vec<usize> = Vec::new();
    for (index, &byte) in bytes.iter().enumerate() {
        match byte {
            b'(' | b'[' | b'{' => stack.push(index),
            b')' | b']' | b'}' => match stack.pop() {
                Some(open) if closer(bytes[open]) == byte => {}
                opener => return Some(Break { at: index, kind: BreakKind::Stray { opener } }),
            },
            _ => {}
        }
    }
    stack.pop().map(|at| Break { at, kind: BreakKind::Unclosed })
}

/// The closing bracket of an opening one.
pub(super) fn closer(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        _ => b'}',
    }
}

/// Whether `text` ends with `word`, in any case.
fn ends_with(text: &str, word: &str) -> bool {
    text.len() >= word.len()
        && text.is_char_boundary(text.len() - word.len())
        && text[text.len() - word.len()..].eq_ignore_ascii_case(word)
}

/// Whether `text` starts with `word`, in any case.
fn starts_with(text: &str, word: &str) -> bool {
    text.get(..word.len()).is_some_and(|head| head.eq_ignore_ascii_case(word))
}

/// The line as Wagic reads it when its brackets do not balance and each break is one of
/// the shapes Wagic reads as printed; `None` when they balance or a break is another.
pub fn repair(line: &str) -> Option<Repair> {
    // Most lines balance: they cost one scan, no copy.
    first_break(line)?;
    let mut text = line.to_string();
    let mut edits = Vec::new();
    while let Some(found) = first_break(&text) {
        if edits.len() >= MAX_EDITS {
            return None;
        }
        let edit = repair_one(&text, found)?;
        match edit.insert {
            Some(bracket) => text.insert(edit.at, bracket as char),
            None => {
                text.remove(edit.at);
            }
        }
        edits.push(edit);
    }
    (!edits.is_empty()).then_some(Repair { text, edits })
}

/// The edit Wagic's reading makes of the break `found` of `text`, if it is one it reads
/// as printed.
fn repair_one(text: &str, found: Break) -> Option<Edit> {
    let bytes = text.as_bytes();
    let before = &text[..found.at];
    match (found.kind, bytes[found.at]) {
        // `this(cantargetcard(spec) effect`, at the line's start.
        (BreakKind::Unclosed, b'(') if before.trim_start().eq_ignore_ascii_case("this") => {
            let inner = &text[found.at + 1..];
            let spec_start = "cantargetcard(".len();
            if !starts_with(inner, "cantargetcard(") {
                return None;
            }
            let close = inner.find(')')?;
            let spec = inner.get(spec_start..close)?;
            if spec.contains(['(', '{', '}']) || first_break(spec).is_some() {
                return None;
            }
            Some(Edit {
                at: found.at + 1 + close + 1,
                bracket: found.at,
                insert: Some(b')'),
                why: "Wagic's `this(` ends at its first `)`, which closes `cantargetcard(`",
            })
        }
        // `@movedto(spec|zone:effect`.
        (BreakKind::Unclosed, b'(') if before.trim_start().eq_ignore_ascii_case("@movedto") => {
            let colon = text[found.at..].find(':')? + found.at;
            let spec = &text[found.at + 1..colon];
            if spec.contains(['(', ')']) || !spec.contains('|') || first_break(spec).is_some() {
                return None;
            }
            Some(Edit {
                at: colon,
                bracket: found.at,
                insert: Some(b')'),
                why: "Wagic's trigger ends at its first `:`, and its `movedto(` spec with it",
            })
        }
        // `reject)` in `ability$!...!$`.
        (BreakKind::Stray { .. }, b')') if ends_with(before, "reject") => {
            let ability = before.to_ascii_lowercase().rfind("ability$!")?;
            if before[ability..].contains("!$") {
                return None;
            }
            Some(Edit {
                at: found.at,
                bracket: found.at,
                insert: None,
                why: "Wagic finds the word `reject` and reads nothing after it",
            })
        }
        // `type[terms|zone)`.
        (BreakKind::Stray { opener: Some(open) }, b')') if bytes[open] == b'[' => {
            let inside = &text[open + 1..found.at];
            let bar = inside.find('|')?;
            let (terms, zones) = (&inside[..bar], &inside[bar + 1..]);
            let type_word =
                text[..open].bytes().last().is_some_and(|byte| byte.is_ascii_alphanumeric() || byte == b'*');
            let zone_words =
                !zones.is_empty() && zones.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b',');
            if !type_word || !zone_words || terms.contains(['(', ')', '[', ']']) || first_break(terms).is_some() {
                return None;
            }
            Some(Edit {
                at: open + 1 + bar,
                bracket: open,
                insert: Some(b']'),
                why: "Wagic cuts a spec at its first `|`, and reads the `[`'s terms up to it",
            })
        }
        // `restriction{...}}:`.
        (BreakKind::Stray { opener: None }, b'}')
            if before.ends_with('}') && bytes.get(found.at + 1) == Some(&b':') =>
        {
            let restriction = before.to_ascii_lowercase().rfind("restriction{")?;
            if before[restriction..before.len() - 1].contains('}') || !text.trim_start().starts_with('@') {
                return None;
            }
            Some(Edit {
                at: found.at,
                bracket: found.at,
                insert: None,
                why: "Wagic ends a `restriction{` at its first `}`, and reads no more of its trigger's text",
            })
        }
        _ => None,
    }
}

/// Why Wagic reads an unbalanced line otherwise than printed, when the front end can
/// tell: the byte offset to point at, the construct (after `unbalanced brackets`) and
/// the help. `None` for other imbalances.
pub fn refusal(line: &str) -> Option<(usize, &'static str, &'static str)> {
    let found = first_break(line)?;
    let bytes = line.as_bytes();
    let before = &line[..found.at];
    match (found.kind, bytes[found.at]) {
        (BreakKind::Unclosed, b'{') if ends_with(before, "restriction") => Some((
            found.at,
            "`restriction{` never closed",
            "Wagic finds no `}` and drops the restriction: the effect happens every time; add `}` before the `:`",
        )),
        (BreakKind::Unclosed, b'{') if before.trim().is_empty() => Some((
            found.at,
            "a cost's `{` never closed",
            "Wagic finds no `}:` after the cost and reads no activated ability; add `}` before the `:`",
        )),
        (BreakKind::Stray { opener: Some(open) }, b'}')
            if bytes[open] == b'(' && bytes.get(open.wrapping_sub(2)) == Some(&b'{') =>
        {
            Some((open, "a cost's `(` never closed", "write `)` before the cost's `}` (`{S(creature|mybattlefield)}`)"))
        }
        _ if before.to_ascii_lowercase().rfind("transforms((").is_some_and(|at| !before[at + 12..].contains("))")) => {
            Some((
                found.at,
                "inside `transforms((...))`",
                "Wagic cuts `transforms((` at its first `))` and its `newability[` at the next `]`: balance them",
            ))
        }
        (BreakKind::Unclosed, b'(') if LORDS.iter().any(|lord| ends_with(before, lord)) => Some((
            found.at,
            "`lord(`, `all(`, `foreach(`, `aslongas(` or `teach(` never closed",
            "Wagic ends its spec at the first `)` after it, and reads no such effect without one; add `)` after the spec",
        )),
        (BreakKind::Stray { opener: Some(open) }, b'}') if bytes[open] == b'[' => Some((
            found.at,
            "a spec's `[` closed by `}`",
            "Wagic reads the `}` as part of the term, which no card has; write `]`",
        )),
        (BreakKind::Stray { opener: Some(open) }, b']') if bytes[open] == b'(' && before.contains('|') => {
            let zone = &before[before.rfind('|')? + 1..];
            (!zone.is_empty() && zone.bytes().all(|byte| byte.is_ascii_alphanumeric())).then_some((
                found.at,
                "`]` after a zone",
                "Wagic reads the `]` as part of the zone's name, a zone it does not know; remove it",
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repaired(line: &str) -> Option<String> {
        repair(line).map(|repair| repair.text)
    }

    #[test]
    fn wagic_readings_are_repaired() {
        assert_eq!(
            repaired("this(cantargetcard(*[-renown]) transforms((,newability[flying]))").as_deref(),
            Some("this(cantargetcard(*[-renown])) transforms((,newability[flying]))")
        );
        assert_eq!(
            repaired("ability$!draw:1 _ choice notatarget(*|myhand) reject)!$ controller").as_deref(),
            Some("ability$!draw:1 _ choice notatarget(*|myhand) reject!$ controller")
        );
        assert_eq!(
            repaired("@movedTo(creature[power>=4|myBattlefield):draw:1 controller").as_deref(),
            Some("@movedTo(creature[power>=4]|myBattlefield):draw:1 controller")
        );
        assert_eq!(
            repaired("@movedTo(*[multicolor]|opponentstack:life:4 controller").as_deref(),
            Some("@movedTo(*[multicolor]|opponentstack):life:4 controller")
        );
        assert_eq!(
            repaired("@each my upkeep restriction{type(*[black]|myBattlefield)~morethan~0}}:life:2").as_deref(),
            Some("@each my upkeep restriction{type(*[black]|myBattlefield)~morethan~0}:life:2")
        );
        assert_eq!(repaired("damage:1 target(creature)"), None);
    }

    #[test]
    fn other_imbalances_are_not_guessed() {
        for line in [
            "choice name(flying) damage:1 all(creature(flying)",
            "this(counter{0/0.1.Charge) 1/1",
            "@each my upkeep restriction{type(plains|myBattlefield)~morethan~0:life:1 controller",
            "{S(land|mybattlefield):draw:2 controller",
            "lord(creature[flying] doesnotuntap",
            "transforms((,newability[prevent:1)])) forever",
            "draw:1 reject)",
            ")",
            "((((",
        ] {
            assert_eq!(repaired(line), None, "{line}");
        }
    }

    #[test]
    fn offsets_map_back_to_the_line_as_written() {
        let line = "@movedTo(creature[power>=4|myBattlefield):draw:1 controller";
        let repair = repair(line).expect("a repair");
        // The `]` put in before the `|` is at the `|`'s offset; what follows moves back one.
        assert_eq!(repair.edits_as_written()[0].0, line.find('|').unwrap());
        assert_eq!(repair.edits_as_written()[0].1, line.find('[').unwrap());
        let draw = repair.text.find("draw").unwrap();
        assert_eq!(repair.original_offset(draw), line.find("draw").unwrap());
        let dropped = "x ability$!reject)!$ controller";
        let repair = super::repair(dropped).expect("a repair");
        let controller = repair.text.find("controller").unwrap();
        assert_eq!(repair.original_offset(controller), dropped.find("controller").unwrap());
    }

    #[test]
    fn refusals_name_what_wagic_does() {
        let named = |line: &str| refusal(line).map(|(_, construct, _)| construct);
        assert_eq!(
            named("@each my upkeep restriction{type(plains|myBattlefield)~morethan~0:life:1"),
            Some("`restriction{` never closed")
        );
        assert_eq!(named("{S(land|mybattlefield):draw:2 controller"), Some("a cost's `{` never closed"));
        assert_eq!(named("{1}{S(creature|mybattlefield}:counter(1/1,1)"), Some("a cost's `(` never closed"));
        assert_eq!(
            named("@damaged(creature) from(*[red]|mystack]):damage:thatmuch controller"),
            Some("`]` after a zone")
        );
        assert_eq!(
            named("choice damage:1 all(creature(flying)"),
            Some("`lord(`, `all(`, `foreach(`, `aslongas(` or `teach(` never closed")
        );
        assert_eq!(named("foreach(creature[attacking}|mybattlefield) add{R}"), Some("a spec's `[` closed by `}`"));
        assert_eq!(named("transforms((,newability[prevent:1)])) forever"), Some("inside `transforms((...))`"));
        assert_eq!(named("damage:1 target(creature"), None);
        assert_eq!(named("transforms((,newability[flying])) ueot)"), None);
    }

    #[test]
    fn unbalanced_text_never_panics() {
        for line in
            ["é)", "this(é", "this(cantargetcard(é", "reject)é", "[é|)", "}}:", "restriction{}}:", "@movedto(é|:"]
        {
            let _ = repair(line);
            let _ = refusal(line);
        }
    }
}
