//! Every diagnostic the compiler can report, declared once: stable codes, severities and
//! titles in one table, and constructor functions the lexer, parser and checker call.
//!
//! Diagnostics are plain data (code, message, span, label, help). Only `rsc` renders them.
//! Message style: lower case, no trailing period, the offending text quoted in backticks.

use crate::Span;

mod explanations;

pub use explanations::{Explanation, expand_example, show_example};

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Legal but suspect: the card compiles.
    Warning,
    /// The card does not compile.
    Error,
}

impl Severity {
    /// `"error"` or `"warning"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

macro_rules! declare_codes {
    ($($code:ident $severity:ident $title:literal,)*) => {
        /// A stable diagnostic code. The number never changes meaning once released.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code { $(#[doc = $title] $code,)* }

        impl Code {
            /// Every code, in numeric order.
            pub const ALL: &'static [Code] = &[$(Code::$code,)*];

            /// The code as written in messages (`E0008`).
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$code => stringify!($code),)* }
            }

            /// Whether this code is an error or a warning.
            pub fn severity(self) -> Severity {
                match self { $(Code::$code => Severity::$severity,)* }
            }

            /// A short title describing every diagnostic with this code.
            pub fn title(self) -> &'static str {
                match self { $(Code::$code => $title,)* }
            }

            /// The code spelled `text` (`"E0008"`), if there is one.
            pub fn parse(text: &str) -> Option<Code> {
                Code::ALL.iter().copied().find(|code| code.as_str().eq_ignore_ascii_case(text))
            }
        }
    };
}

declare_codes! {
    E0001 Error "source is not valid UTF-8",
    E0002 Error "unexpected character",
    E0003 Error "unterminated string literal",
    E0004 Error "unknown property",
    E0005 Error "property without `=`",
    E0006 Error "syntax error",
    E0007 Error "unbalanced bracket",
    E0008 Error "unknown command",
    E0009 Error "wrong number of arguments",
    E0010 Error "wrong kind of argument",
    E0011 Error "unknown filter",
    E0012 Error "unknown zone",
    E0013 Error "unknown event",
    E0014 Error "unknown hook",
    E0015 Error "unknown ability",
    E0016 Error "unknown rule switch",
    E0017 Error "unknown selector",
    E0018 Error "unknown restriction",
    E0019 Error "unknown cost",
    E0020 Error "`[[elif]]` or `[[else]]` without `[[if]]`",
    E0021 Error "more than one target clause in a statement",
    E0022 Error "empty value",
    E0023 Error "unknown name in expression",
    E0024 Error "unknown function",
    E0025 Error "unknown attribute",
    E0026 Error "unknown keyword argument",
    E0027 Error "ability word without `+` or `-`",
    E0028 Error "property given twice",
    E0029 Error "missing `&` between effects",
    E0030 Error "more than one condition in a statement",
    E0031 Error "more than one restriction in a statement",
    E0032 Error "more labels than actions",
    E0033 Error "nesting too deep",
    E0034 Error "invalid quantity or pick",
    E0035 Error "card has no effect",
    E0036 Error "integer out of range",
    E0037 Error "invalid comparison",
    E0038 Error "unknown target type",
    E0039 Error "unknown event prefix",
    E0040 Error "unknown zone prefix",
    E0041 Error "line too long",
    E0042 Error "cost on a hook",
    E0043 Error "cost of zero cards",
    E0044 Error "action or auto longer than the bytecode allows",
    E0045 Error "expression needs too many registers",
    E0046 Error "too many variables and nested loops",
    E0047 Error "bundle table full",
    E0100 Error "unsupported Wagic construct",
    E0101 Error "malformed Wagic card block",
    E0102 Error "catalogue file is not JSON",
    E0103 Error "catalogue file field unknown, missing or of the wrong type",
    E0104 Error "catalogue name that is not a word",
    E0105 Error "name given twice in a catalogue list",
    E0106 Error "catalogue role names nothing",
    E0107 Error "catalogue file or list too large",
    E0108 Error "catalogue command or function that does not fit together",
    E0109 Error "malformed Wagic set file",
    W0001 Warning "event suffix never matches",
    W0002 Warning "restriction has no effect",
    W0003 Warning "variable never read",
    W0004 Warning "hook and event delimiters mixed",
    W0005 Warning "duplicate ability",
    W0006 Warning "`target` property never used",
    W0007 Warning "hook without a condition",
    W0100 Warning "mana cost Wagic reads otherwise than written",
    W0101 Warning "Wagic power or toughness missing or not a number",
    W0102 Warning "Wagic card key given twice",
    W0103 Warning "Wagic card name met before",
    W0104 Warning "unknown Wagic colour",
    W0105 Warning "Wagic card without a type",
    W0106 Warning "Wagic key not in lower case",
    W0107 Warning "blank Wagic's reader keeps before a line or a key's `=`",
    W0108 Warning "Wagic subtype a typo away from a known one",
    W0109 Warning "Wagic line whose unbalanced bracket Wagic reads one known way",
}

/// One finding about the source: what, where, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Stable code; gives the severity.
    pub code: Code,
    /// One line, quoting the offending text.
    pub message: String,
    /// The exact source range the finding is about (byte offsets).
    pub span: Span,
    /// Short text attached to the span.
    pub label: String,
    /// A suggestion (`did you mean `damage`?`), when there is one.
    pub help: Option<String>,
}

impl Diagnostic {
    /// Error or warning, from the code.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    fn new(code: Code, span: Span, message: String, label: impl Into<String>) -> Diagnostic {
        Diagnostic { code, message, span, label: label.into(), help: None }
    }

    pub(crate) fn with_help(mut self, help: Option<String>) -> Diagnostic {
        self.help = help;
        self
    }
}

/// The longest word [`suggest`] looks at: names are short, and a word of megabytes (a
/// Wagic key of a 10 MB line) would cost its length times each name's.
const MAX_SUGGESTED_BYTES: usize = 64;

/// `did you mean `x`?` when a known name is within a small edit distance of `written`.
pub fn suggest<'n>(written: &str, known: impl IntoIterator<Item = &'n str>) -> Option<String> {
    if written.len() > MAX_SUGGESTED_BYTES {
        return None;
    }
    let written_lower = written.to_ascii_lowercase();
    let limit = match written_lower.len() {
        0..=2 => 0,
        3..=5 => 1,
        6..=9 => 2,
        _ => 3,
    };
    let written_letters = letter_counts(&written_lower);
    let mut best: Option<(usize, &str)> = None;
    for candidate in known {
        // The distance is at least the difference in length, and an abbreviation is
        // shorter and starts alike: most names are left out without computing either.
        let far = written_lower.len().abs_diff(candidate.len()) > limit;
        let may_abbreviate = written_lower.len() >= 3
            && written_lower.len() < candidate.len()
            && candidate.as_bytes().first().map(u8::to_ascii_lowercase) == written_lower.as_bytes().first().copied();
        if far && !may_abbreviate {
            continue;
        }
        let mut distance = if far || letters_apart(&written_letters, candidate) > limit {
            limit + 1
        } else {
            edit_distance(&written_lower, &candidate.to_ascii_lowercase(), limit)
        };
        // An abbreviation (`dmg` for `damage`) counts as close.
        if distance > limit && may_abbreviate && is_abbreviation(&written_lower, candidate) {
            distance = limit;
        }
        if distance <= limit && distance > 0 && best.is_none_or(|(best_distance, _)| distance < best_distance) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, name)| format!("did you mean `{name}`?"))
}

/// How many times each byte value occurs in `word`, by the byte's low 5 bits (letters
/// apart, whatever their case; other bytes share the 32 counts).
fn letter_counts(word: &str) -> [u8; 32] {
    let mut counts = [0u8; 32];
    for byte in word.bytes() {
        let count = &mut counts[usize::from(byte & 31)];
        *count = count.saturating_add(1);
    }
    counts
}

/// A lower bound of the edit distance between the word counted in `counts` and `other`:
/// a substitution changes two counts by one, an insertion or a deletion one, a swap none.
fn letters_apart(counts: &[u8; 32], other: &str) -> usize {
    let other = letter_counts(other);
    let differences: usize = counts.iter().zip(&other).map(|(a, b)| usize::from(a.abs_diff(*b))).sum();
    differences.div_ceil(2)
}

/// Whether `short` (three letters or more) keeps the first letter of `long` and the rest
/// of its letters in order, in any case.
fn is_abbreviation(short: &str, long: &str) -> bool {
    if short.len() < 3
        || short.len() >= long.len()
        || !short.as_bytes()[..1].eq_ignore_ascii_case(&long.as_bytes()[..1])
    {
        return false;
    }
    let mut long_bytes = long.bytes();
    short.bytes().all(|byte| long_bytes.any(|candidate| candidate.eq_ignore_ascii_case(&byte)))
}

/// Edit distance over bytes (names are ASCII), counting a swap of two neighbours as one
/// edit (`ueto` is one edit from `ueot`); any distance past `limit` may be given as
/// `limit + 1`.
fn edit_distance(a: &str, b: &str, limit: usize) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let width = b.len() + 1;
    let mut rows = vec![0usize; (a.len() + 1) * width];
    for (j, cell) in rows.iter_mut().take(width).enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        rows[i * width] = i;
        let mut row_min = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[(i - 1) * width + j] + 1)
                .min(rows[i * width + j - 1] + 1)
                .min(rows[(i - 1) * width + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[(i - 2) * width + j - 2] + 1);
            }
            rows[i * width + j] = best;
            row_min = row_min.min(best);
        }
        // Costs never fall along an alignment, which crosses every row but for a swap
        // stepping over one, and a swap over this row costs at least the substitution
        // landing in it: past the limit on one row, the distance ends past it.
        if row_min > limit {
            return limit + 1;
        }
    }
    rows[a.len() * width + b.len()]
}

// ---- constructors, one per situation, grouped by stage ----

pub(crate) fn invalid_utf8(offset: usize) -> Diagnostic {
    let span = Span::new(offset, offset + 1);
    Diagnostic::new(
        Code::E0001,
        span,
        format!("source is not valid UTF-8 (invalid byte at offset {offset})"),
        "invalid byte",
    )
}

pub(crate) fn unexpected_character(span: Span, character: char) -> Diagnostic {
    let shown = if character.is_control() { character.escape_default().to_string() } else { character.to_string() };
    Diagnostic::new(Code::E0002, span, format!("unexpected character `{shown}`"), "not part of RuleScript")
}

pub(crate) fn unterminated_string(span: Span) -> Diagnostic {
    Diagnostic::new(Code::E0003, span, "unterminated string literal".into(), "string starts here")
        .with_help(Some("close the string with the same quote on the same line".into()))
}

pub(crate) fn line_too_long(span: Span, limit: usize) -> Diagnostic {
    Diagnostic::new(Code::E0041, span, format!("line is longer than {limit} bytes"), "this line")
}

pub(crate) fn zero_cost(span: Span, cost: &str) -> Diagnostic {
    Diagnostic::new(Code::E0043, span, format!("`{cost}(0)` pays nothing"), "zero cards")
        .with_help(Some(format!("write `{cost}` to pay one card, or leave the cost out")))
}

pub(crate) fn cost_on_a_hook(span: Span, hook: &str) -> Diagnostic {
    Diagnostic::new(Code::E0042, span, format!("a hook cannot have a cost (`{hook}` is a hook)"), "this cost")
        .with_help(Some("a hook answers a question each time the game asks it: it has nothing to pay for".into()))
}

pub(crate) fn unknown_property(span: Span, written: &str, known: &[&str]) -> Diagnostic {
    Diagnostic::new(Code::E0004, span, format!("unknown property `{written}`"), "unknown property").with_help(
        suggest(written, known.iter().copied())
            .or_else(|| Some(format!("a property is one of {}", quoted_list(known)))),
    )
}

pub(crate) fn property_without_equals(span: Span, property: &str) -> Diagnostic {
    Diagnostic::new(Code::E0005, span, format!("expected `=` after `{property}`"), "expected `=` here")
}

pub(crate) fn expected(span: Span, what: &str, found: &str) -> Diagnostic {
    Diagnostic::new(Code::E0006, span, format!("expected {what}, found {found}"), format!("expected {what}"))
}

pub(crate) fn unclosed_bracket(span: Span, open: char, close: char) -> Diagnostic {
    Diagnostic::new(
        Code::E0007,
        span,
        format!("`{open}` is never closed"),
        format!("this `{open}` needs a matching `{close}`"),
    )
}

pub(crate) fn unmatched_closing(span: Span, close: char) -> Diagnostic {
    Diagnostic::new(Code::E0007, span, format!("unmatched `{close}`"), "nothing to close here")
}

pub(crate) fn unknown_name(code: Code, span: Span, what: &str, written: &str, known: &[&str]) -> Diagnostic {
    Diagnostic::new(code, span, format!("unknown {what} `{written}`"), format!("unknown {what}"))
        .with_help(suggest(written, known.iter().copied()))
}

pub(crate) fn wrong_arity(span: Span, command: &str, min: usize, max: usize, given: usize) -> Diagnostic {
    let expected = match (min, max) {
        (min, max) if min == max => format!("{min} argument{}", plural(min)),
        (0, max) => format!("at most {max} argument{}", plural(max)),
        (min, max) => format!("{min} to {max} arguments"),
    };
    Diagnostic::new(
        Code::E0009,
        span,
        format!("`{command}` takes {expected} but {given} {} given", if given == 1 { "was" } else { "were" }),
        format!("{given} argument{}", plural(given)),
    )
}

pub(crate) fn wrong_argument_kind(span: Span, command: &str, param: &str, expected: &str) -> Diagnostic {
    Diagnostic::new(
        Code::E0010,
        span,
        format!("argument `{param}` of `{command}` must be {expected}"),
        format!("expected {expected}"),
    )
}

pub(crate) fn branch_after_else(span: Span, keyword: &str) -> Diagnostic {
    Diagnostic::new(
        Code::E0020,
        span,
        format!("`[[{keyword}]]` after `[[else]]`: `[[else]]` must be the last branch"),
        "after the last branch",
    )
}

pub(crate) fn not_one_of(code: Code, span: Span, written: &str, what: &str, known: &[&str]) -> Diagnostic {
    Diagnostic::new(code, span, format!("`{written}` is not a valid {what}"), format!("not a valid {what}")).with_help(
        suggest(written, known.iter().copied()).or_else(|| Some(format!("expected one of {}", quoted_list(known)))),
    )
}

pub(crate) fn else_without_if(span: Span, keyword: &str) -> Diagnostic {
    Diagnostic::new(
        Code::E0020,
        span,
        format!("`[[{keyword}]]` without `[[if]]` earlier in the statement"),
        "no `[[if]]` to continue",
    )
}

pub(crate) fn second_target_clause(span: Span, first: Span) -> Diagnostic {
    let _ = first;
    Diagnostic::new(Code::E0021, span, "more than one target clause in a statement".into(), "second target clause")
        .with_help(Some("split the statement with `;`, one target clause each".into()))
}

pub(crate) fn empty_value(span: Span, what: &str) -> Diagnostic {
    Diagnostic::new(Code::E0022, span, format!("empty {what}"), "nothing here")
}

pub(crate) fn bare_ability(span: Span, word: &str) -> Diagnostic {
    Diagnostic::new(
        Code::E0027,
        span,
        format!("ability `{word}` needs `+` to grant it or `-` to remove it"),
        "bare ability word",
    )
    .with_help(Some(format!("write `+{word}`")))
}

pub(crate) fn duplicate_property(span: Span, property: &str) -> Diagnostic {
    Diagnostic::new(Code::E0028, span, format!("property `{property}` is given twice"), "second occurrence").with_help(
        Some(match property {
            "auto" | "vars" => "join the parts into one line with `;`".to_string(),
            "requisite" => "join the filters into one line with `&&`".to_string(),
            _ => "keep only one".to_string(),
        }),
    )
}

pub(crate) fn missing_chain_operator(span: Span) -> Diagnostic {
    Diagnostic::new(Code::E0029, span, "missing `&` between effects".into(), "this effect follows another")
        .with_help(Some("join effects with `&`, `&&` or `||`, or separate statements with `;`".into()))
}

pub(crate) fn second_condition(span: Span) -> Diagnostic {
    Diagnostic::new(Code::E0030, span, "more than one condition in a statement".into(), "second condition")
        .with_help(Some("combine the conditions with `and`, or use `[[elif ...]]`".into()))
}

pub(crate) fn second_restriction(span: Span) -> Diagnostic {
    Diagnostic::new(Code::E0031, span, "more than one restriction in a statement".into(), "second restriction")
}

pub(crate) fn too_many_labels(span: Span, labels: usize, actions: usize) -> Diagnostic {
    Diagnostic::new(
        Code::E0032,
        span,
        format!("{labels} label{} for {actions} action{}", plural(labels), plural(actions)),
        "this label names no action",
    )
}

pub(crate) fn nesting_too_deep(span: Span, limit: usize) -> Diagnostic {
    Diagnostic::new(Code::E0033, span, format!("nesting deeper than {limit} levels"), "too deep")
}

pub(crate) fn code_too_long(span: Span, limit: usize) -> Diagnostic {
    Diagnostic::new(Code::E0044, span, format!("the card's code is longer than {limit} bytes"), "cannot be compiled")
        .with_help(Some("split the effect into several statements or cards".into()))
}

pub(crate) fn too_many_registers(span: Span, limit: usize) -> Diagnostic {
    Diagnostic::new(
        Code::E0045,
        span,
        format!("expression too complex: it needs more than {limit} registers"),
        "cannot be compiled",
    )
}

pub(crate) fn too_many_local_slots(span: Span, limit: usize) -> Diagnostic {
    Diagnostic::new(
        Code::E0046,
        span,
        format!("too many variables and nested loops (at most {limit} local slots)"),
        "cannot be compiled",
    )
}

pub(crate) fn bundle_table_full(span: Span, what: &str, limit: usize) -> Diagnostic {
    Diagnostic::new(Code::E0047, span, format!("this card takes the bundle past {limit} {what}"), "cannot be compiled")
        .with_help(Some(format!(
            "a bundle holds at most {limit} {what}: split the card, or compile fewer cards into one bundle"
        )))
}

pub(crate) fn invalid_quantity(span: Span, why: &str) -> Diagnostic {
    Diagnostic::new(Code::E0034, span, format!("invalid quantity or pick: {why}"), "here")
}

pub(crate) fn card_without_effect(span: Span) -> Diagnostic {
    Diagnostic::new(Code::E0035, span, "card has no `action`, `auto` or `abilities`".into(), "nothing to run")
}

pub(crate) fn integer_out_of_range(span: Span, text: &str) -> Diagnostic {
    Diagnostic::new(Code::E0036, span, format!("integer `{text}` is out of range"), "does not fit in 32 bits")
}

pub(crate) fn invalid_comparison(span: Span, written: &str) -> Diagnostic {
    let help = match written {
        "=" => Some("write `==` to compare".to_string()),
        _ => None,
    };
    Diagnostic::new(Code::E0037, span, format!("invalid comparison operator `{written}`"), "here")
        .with_help(help.or_else(|| Some("use one of `==`, `!=`, `<`, `<=`, `>`, `>=`".into())))
}

pub(crate) fn event_suffix_never_matches(span: Span, suffix: &str, event: &str) -> Diagnostic {
    Diagnostic::new(
        Code::W0001,
        span,
        format!("suffix `:{suffix}` never matches on `{event}`, which concerns no object"),
        "never matches",
    )
    .with_help(Some("remove the suffix".into()))
}

/// `timed`: what a restriction does time in this game (`Examples::timed`).
pub(crate) fn restriction_without_effect(span: Span, restriction: &str, timed: &str) -> Diagnostic {
    Diagnostic::new(
        Code::W0002,
        span,
        format!("restriction `{restriction}` has no effect on the commands of this statement"),
        "ignored",
    )
    .with_help(Some(format!("restrictions only time {timed}; other changes are permanent")))
}

pub(crate) fn variable_never_read(span: Span, name: &str) -> Diagnostic {
    Diagnostic::new(Code::W0003, span, format!("variable `{name}` is never read"), "declared here")
}

pub(crate) fn mixed_hook_delimiters(span: Span, name: &str, is_hook: bool) -> Diagnostic {
    let (written, wanted) = if is_hook { ("~", "?") } else { ("?", "~") };
    Diagnostic::new(
        Code::W0004,
        span,
        format!("`{name}` is {} but is written between `{written}`", if is_hook { "a hook" } else { "an event" }),
        "delimiter",
    )
    .with_help(Some(format!("write it between `{wanted}`")))
}

pub(crate) fn duplicate_ability(span: Span, name: &str) -> Diagnostic {
    Diagnostic::new(Code::W0005, span, format!("ability `{name}` is listed twice"), "duplicate")
}

/// `readers`: the names that read the rule's targets (`Examples::target_readers`).
pub(crate) fn unused_target_property(span: Span, readers: &str) -> Diagnostic {
    Diagnostic::new(
        Code::W0006,
        span,
        "the `target` property is never used".into(),
        format!("every statement chooses its own targets and nothing reads {readers}"),
    )
}

pub(crate) fn hook_without_condition(span: Span, hook: &str) -> Diagnostic {
    Diagnostic::new(
        Code::W0007,
        span,
        format!("hook `{hook}` has no condition: it answers nothing and does nothing"),
        "nothing follows",
    )
    .with_help(Some(format!("write the answer as a condition: `?{hook}? [[if ...]]`")))
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

pub(crate) fn quoted_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    quoted.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Wagic key of a 10 MB line took 23 s and 870 MB to be told `did you mean`: a word
    /// longer than any name is not compared with the names at all.
    #[test]
    fn a_word_longer_than_any_name_is_not_compared() {
        let names = std::iter::from_fn(|| -> Option<&str> { panic!("the names were looked at") });
        assert_eq!(suggest(&"k".repeat(MAX_SUGGESTED_BYTES + 1), names), None);
    }

    /// Stopping once a row passes the limit never changes a distance within it: every
    /// pair of words of up to 5 letters of `abc`, at every limit.
    #[test]
    fn the_distance_cut_at_a_limit_agrees_with_the_whole_one() {
        let mut words = vec![String::new()];
        for length in 1..=5 {
            let shorter: Vec<String> = words.iter().filter(|word| word.len() == length - 1).cloned().collect();
            words.extend(shorter.iter().flat_map(|word| ['a', 'b', 'c'].map(|letter| format!("{word}{letter}"))));
        }
        for a in &words {
            for b in &words {
                let whole = edit_distance(a, b, usize::MAX - 1);
                for limit in 0..=3 {
                    assert_eq!(edit_distance(a, b, limit).min(limit + 1), whole.min(limit + 1), "{a} {b} {limit}");
                }
            }
        }
    }

    /// Names far longer or shorter are skipped unread, and the suggestions stay those of
    /// the edit distance and of abbreviations.
    #[test]
    fn suggestions_are_the_closest_name_or_an_abbreviation() {
        let names = ["damage", "destroy", "tokenizer", "tap", "battlefield", "mybattlefield"];
        assert_eq!(suggest("damgae", names).as_deref(), Some("did you mean `damage`?"));
        assert_eq!(suggest("dmg", names).as_deref(), Some("did you mean `damage`?"));
        assert_eq!(suggest("Batlefield", names).as_deref(), Some("did you mean `battlefield`?"));
        assert_eq!(suggest("tok", names).as_deref(), Some("did you mean `tokenizer`?"));
        assert_eq!(suggest("tp", names), None);
        assert_eq!(suggest("xyzzy", names), None);
    }
}
