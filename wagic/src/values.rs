//! Checks of the values that describe a card (`mana=`, `power=`, `toughness=`, `color=`,
//! `type=`, a key given twice) against how Wagic's own reader takes them (`MTGDeck.cpp`'s
//! `processConfLine`, `ManaCost::parseManaCost`). Wagic reads each without a word: a `{`
//! never closed ends the cost, a power of `x` is 0 (`atoi`), an unknown colour is dropped.
//! The front end does not compile these values, so a card with such a value still
//! compiles: each finding is a warning (W0100 to W0108, and W0005 for an ability written
//! twice) at the value's own text. Wagic's
//! own card files get five, all slips: three stray `}`, a `mana=mana=` and a `Vedalkan`.
//! A line's bracket out of balance that Wagic reads one known way, and the front end so
//! too (`front/brackets.rs`), is W0109 at the bracket: 63 on Wagic's files.

use compiler::{Diagnostic, Span};

use crate::diagnostics;
use crate::reader::{CardBlock, Field};

/// The single-letter mana symbols Wagic reads in a cost (`ManaCost::parseManaCost`):
/// the colours, colourless `{C}`, `{X}`, and its extra costs (`{T}` tap, `{Q}` untap, `{S}`
/// sacrifice, `{E}` exile, `{H}` bounce, `{D}` discard, `{L}` life).
const LETTER_SYMBOLS: &[&str] = &["w", "u", "b", "r", "g", "c", "x", "t", "q", "s", "e", "h", "d", "l"];

/// The longer words Wagic reads as a whole symbol.
const WORD_SYMBOLS: &[&str] =
    &["delve", "convoke", "emerge", "improvise", "cycle", "unattach", "mycost", "chosencolor", "saclands"];

/// Wagic's colours for `color=` (its rules' colour names, and `artifact` kept for old
/// files).
const COLOURS: &[&str] = &["white", "blue", "black", "red", "green", "colorless", "artifact"];

/// Keys that describe the card and that a block gives once, with what Wagic does with a
/// second line of each.
const SINGLE_KEYS: &[(&str, &str)] = &[
    ("mana", "Wagic keeps this cost and drops the first"),
    ("power", "Wagic keeps this power and drops the first"),
    ("toughness", "Wagic keeps this toughness and drops the first"),
    ("text", "Wagic keeps this text and drops the first"),
    ("type", "Wagic adds these types to the first line's; the front end reads the first line only"),
    ("subtype", "Wagic adds these subtypes to the first line's; the front end reads the first line only"),
    ("color", "Wagic keeps the colours of this line and drops the first's"),
];

/// The largest number Wagic's `atoi` reads as written.
const WAGIC_INT_MAX: i64 = i32::MAX as i64;

/// The warnings of one card block, in file order of the lines they point at. `source` is
/// the file the block was read from (for line numbers).
pub fn card_warnings(source: &str, block: &CardBlock<'_>) -> Vec<Diagnostic> {
    let mut warnings = Vec::new();
    // The first field of each of `SINGLE_KEYS` met, and its line once a second is met: the
    // line is counted once, so that a block of a million `mana=` lines costs a million
    // steps, not a million times the block.
    let mut firsts: [Option<(Span, Option<usize>)>; SINGLE_KEYS.len()] = [None; SINGLE_KEYS.len()];
    warnings.extend(indented_block_line(source, block.open, "[card]"));
    if let Some(close) = closing_line(source, block) {
        warnings.extend(indented_block_line(source, close, "[/card]"));
    }
    for field in &block.fields {
        warnings.extend(blanks_around_key(source, field));
        let key = field.key;
        // Every line the front end lowers, whatever its key's case: it lowers it so.
        if !crate::front::describes_only(key) {
            warnings.extend(repaired_brackets(field));
        }
        // Wagic compares keys as written: `Auto=` is no key of its.
        if key.bytes().any(|byte| byte.is_ascii_uppercase()) {
            // Nor is it a second line of its key there.
            warnings.push(diagnostics::key_not_lower_case(field.key_span, key, &key.to_ascii_lowercase()));
            continue;
        }
        if let Some(single) = SINGLE_KEYS.iter().position(|(single, _)| *single == key) {
            let (key, wagic_keeps) = SINGLE_KEYS[single];
            match &mut firsts[single] {
                Some((first, line)) => {
                    let line = *line.get_or_insert_with(|| line_of(source, block, *first));
                    warnings.push(diagnostics::second_key(field.key_span, key, line, wagic_keeps));
                    continue;
                }
                None => firsts[single] = Some((field.key_span, None)),
            }
        }
        match key {
            "mana" => warnings.extend(mana(field)),
            "power" | "toughness" => warnings.extend(power_or_toughness(field, key)),
            "color" => warnings.extend(colours(field)),
            "abilities" => warnings.extend(repeated_abilities(field)),
            "subtype" if !is_planeswalker(block) => warnings.extend(misspelt_subtype(field)),
            _ => {}
        }
    }
    warnings.extend(missing_power_or_toughness(block));
    match block.field("type") {
        None => warnings.push(diagnostics::card_without_type(block.open, false)),
        Some(field) if field.value.is_empty() => warnings.push(diagnostics::card_without_type(field.key_span, true)),
        Some(_) => {}
    }
    warnings.sort_by_key(|warning| warning.span.start);
    warnings
}

/// W0109 for each bracket of a line that does not balance and that Wagic reads one known
/// way, which the front end reads so too ([`crate::front::brackets`]).
fn repaired_brackets(field: &Field<'_>) -> Vec<Diagnostic> {
    let Some(repair) = crate::front::brackets::repair(field.value) else { return Vec::new() };
    let start = field.value_span.start as usize;
    repair
        .edits_as_written()
        .into_iter()
        .map(|(at, bracket, edit)| {
            let written = field.value.as_bytes().get(bracket).map_or('?', |&byte| byte as char);
            let close = edit.insert.map(|close| {
                // The word the bracket is read as closed before: its blanks, its first
                // character (`|`, `:`, `{`) and what follows to a blank, `(`, `)` or `:`.
                let next = field.value.get(at..).unwrap_or("");
                let blanks = next.len() - next.trim_start().len();
                let word = next[blanks..].char_indices().skip(1).find(|(_, c)| c.is_whitespace() || "():".contains(*c));
                (close as char, &next[..word.map_or(next.len(), |(end, _)| blanks + end)])
            });
            diagnostics::bracket_repaired(Span::new(start + bracket, start + bracket + 1), written, close, edit.why)
        })
        .collect()
}

/// Whether `byte` is a blank Wagic's reader keeps (it trims nothing but a line's CR).
fn is_blank(byte: &u8) -> bool {
    *byte == b' ' || *byte == b'\t'
}

/// The blanks before `at` on its line (where they start), if any.
fn indentation(source: &str, at: usize) -> Option<usize> {
    let before = source.as_bytes().get(..at)?;
    let blanks = before.iter().rev().take_while(|byte| is_blank(byte)).count();
    (blanks > 0).then(|| at - blanks)
}

/// W0107 for a `[card]` or `[/card]` line (at `span`) with blanks before it: Wagic tells
/// them by their first character.
fn indented_block_line(source: &str, span: Span, line: &str) -> Option<Diagnostic> {
    let start = indentation(source, span.start as usize)?;
    Some(diagnostics::blank_before(Span::new(start, span.start as usize), line, "Wagic does not read this line as one"))
}

/// The `[/card]` line that ends `block`, if it has one.
fn closing_line(source: &str, block: &CardBlock<'_>) -> Option<Span> {
    let text = source.get(block.block.range())?.trim_end();
    let line_start = text.rfind('\n').map_or(0, |at| at + 1);
    let line = text[line_start..].trim_start_matches([' ', '\t']);
    let start = block.block.start as usize + text.len() - line.len();
    line.eq_ignore_ascii_case("[/card]").then(|| Span::new(start, start + line.len()))
}

/// W0107 for a key with blanks before it or between it and its `=`: Wagic reads the key
/// with them (` auto`, `auto `), which is no key of its.
fn blanks_around_key(source: &str, field: &Field<'_>) -> Option<Diagnostic> {
    let (start, end) = (field.key_span.start as usize, field.key_span.end as usize);
    if let Some(blank) = indentation(source, start) {
        return Some(diagnostics::blank_before(
            Span::new(blank, start),
            &format!("{}=", short(field.key)),
            "Wagic reads the key with this blank, and ignores the line",
        ));
    }
    let after = source.as_bytes().get(end..)?;
    let blanks = after.iter().take_while(|byte| is_blank(byte)).count();
    (blanks > 0).then(|| diagnostics::blank_after_key(Span::new(end, end + blanks), field.key))
}

/// The 1-based line of `span`, which is inside `block`.
fn line_of(source: &str, block: &CardBlock<'_>, span: Span) -> usize {
    let before = source.get(block.block.start as usize..span.start as usize).unwrap_or("");
    block.open_line as usize + before.bytes().filter(|&byte| byte == b'\n').count()
}

/// The span of `part`, a slice of `field.value`.
fn span_in(field: &Field<'_>, at: usize, len: usize) -> Span {
    let start = field.value_span.start as usize + at;
    Span::new(start, start + len)
}

/// The first way Wagic misreads a `mana=` value, if any.
fn mana(field: &Field<'_>) -> Option<Diagnostic> {
    let text = field.value;
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'{' => {
                // Wagic takes the symbol up to the next `}` (its costs with arguments hold
                // no braces): a `{` first, or none, leaves this one unclosed.
                let close = bytes[at + 1..].iter().position(|&byte| byte == b'{' || byte == b'}');
                let Some(close) = close.map(|offset| at + 1 + offset).filter(|&close| bytes[close] == b'}') else {
                    let end = bytes[at + 1..].iter().position(|&byte| byte == b'{').map_or(text.len(), |o| at + 1 + o);
                    let written = text[at..end].trim_end();
                    let (message, help) = if written == "{" {
                        (
                            "mana cost has a `{` never closed".to_string(),
                            "remove it (Wagic stops reading the cost here, so it costs less)".to_string(),
                        )
                    } else {
                        (
                            format!("mana symbol `{written}` has no `}}`"),
                            format!("close it: `{written}}}` (Wagic stops reading the cost here, so it costs less)"),
                        )
                    };
                    return Some(diagnostics::mana_misread(
                        span_in(field, at, 1),
                        message,
                        "this `{` is never closed",
                        help,
                    ));
                };
                let symbol = &text[at + 1..close];
                if let Some(help) = unknown_symbol(symbol) {
                    let shown = &text[at..=close];
                    return Some(diagnostics::mana_misread(
                        span_in(field, at, shown.len()),
                        format!("unknown mana symbol `{shown}`"),
                        "Wagic gives this symbol no cost",
                        help,
                    ));
                }
                at = close + 1;
            }
            b'}' => {
                return Some(diagnostics::mana_misread(
                    span_in(field, at, 1),
                    "mana cost has a `}` that closes nothing".into(),
                    "this `}` closes nothing",
                    "remove it (Wagic misreads the symbol after it)".into(),
                ));
            }
            byte if byte.is_ascii_whitespace() => at += 1,
            _ => {
                let end =
                    bytes[at..].iter().position(|&byte| byte == b'{' || byte == b'}').map_or(text.len(), |o| at + o);
                let written = text[at..end].trim_end();
                let braced: String = written
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| format!("{{{}}}", c.to_ascii_uppercase()))
                    .collect();
                return Some(diagnostics::mana_misread(
                    span_in(field, at, written.len()),
                    format!("mana cost has `{written}` outside braces"),
                    "Wagic reads nothing outside `{...}`",
                    if written.chars().all(|c| c.is_ascii_alphanumeric()) && written.len() <= 8 {
                        format!("write each symbol in its braces: `{braced}`")
                    } else {
                        "write each symbol in its braces: `{1}{G}`".into()
                    },
                ));
            }
        }
    }
    None
}

/// Why Wagic does not read `symbol` (the text between a cost's braces) as written: the
/// help to show, or none when it does.
fn unknown_symbol(symbol: &str) -> Option<String> {
    let lower = symbol.trim().to_ascii_lowercase();
    let is_mana = |byte: u8| byte.is_ascii_digit() || b"wubrg".contains(&byte);
    let known = (!lower.is_empty() && lower.len() <= 9 && lower.bytes().all(|byte| byte.is_ascii_digit()))
        || LETTER_SYMBOLS.contains(&lower.as_str())
        || WORD_SYMBOLS.contains(&lower.as_str())
        || (lower.len() == 2 && lower.bytes().all(is_mana))
        // One of Wagic's costs with arguments (`{s(creature|mybattlefield)}`, `{l:3}`).
        || lower.contains(['(', ':', ';']);
    if known {
        return None;
    }
    let help = if lower.is_empty() {
        "write a symbol between the braces (`{1}`, `{G}`), or remove them".to_string()
    } else if lower.bytes().all(|byte| byte.is_ascii_digit()) {
        "Wagic's mana amounts are under a billion: write a real cost".to_string()
    } else if let Some((left, right)) = lower.split_once('/')
        && left.len() == 1
        && right.len() == 1
        && is_mana(left.as_bytes()[0])
        && is_mana(right.as_bytes()[0])
    {
        format!("Wagic writes hybrid mana without `/`: `{{{}}}`", symbol.replace('/', "").to_ascii_uppercase())
    } else {
        let known = LETTER_SYMBOLS.iter().chain(WORD_SYMBOLS).copied();
        match crate::front::did_you_mean(&lower, known) {
            Some(did_you_mean) => did_you_mean,
            None => "mana symbols are numbers (`{2}`), colours (`{W}`, `{U}`, `{B}`, `{R}`, `{G}`), `{C}`, `{X}` \
                     and hybrids (`{WU}`, `{2R}`)"
                .to_string(),
        }
    };
    Some(help)
}

/// What Wagic's `atoi` reads from `text`: its leading blanks skipped, a sign, and the
/// digits after, `None` when the digits overflow (Wagic's value is then undefined).
fn atoi(text: &str) -> Option<i64> {
    let text = text.trim_start();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let mut value: i64 = 0;
    for byte in digits.bytes().take_while(u8::is_ascii_digit) {
        value = value.checked_mul(10)?.checked_add(i64::from(byte - b'0'))?;
        if value > WAGIC_INT_MAX + 1 {
            return None;
        }
    }
    Some(if negative { -value } else { value })
}

/// A `power=` or `toughness=` that Wagic does not read as written.
fn power_or_toughness(field: &Field<'_>, key: &str) -> Option<Diagnostic> {
    let text = field.value;
    // `*` (a characteristic the card's text defines) and `N+*` are Wagic's own.
    let starred =
        text == "*" || text.strip_suffix("+*").is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let number = text.strip_prefix(['-', '+']).unwrap_or(text);
    let is_number = !number.is_empty() && number.bytes().all(|byte| byte.is_ascii_digit());
    if starred {
        return None;
    }
    let help = format!("write a whole number (`{key}=2`), or `*` when the card's text defines it");
    if text.is_empty() {
        return Some(diagnostics::power_toughness(
            field.key_span,
            format!("`{key}=` has no value"),
            "Wagic reads it as 0".into(),
            help,
        ));
    }
    if is_number {
        return match atoi(text) {
            Some(value) if value.abs() <= WAGIC_INT_MAX => None,
            _ => Some(out_of_range(field, key)),
        };
    }
    let read_as = match atoi(text) {
        Some(value) if value.abs() <= WAGIC_INT_MAX => format!("Wagic reads it as {value}"),
        _ => "Wagic reads its digits as a number out of range".into(),
    };
    Some(diagnostics::power_toughness(
        field.value_span,
        format!("{key} `{}` is not a number", short(text)),
        read_as,
        help,
    ))
}

/// W0101 for a number past Wagic's `atoi`.
fn out_of_range(field: &Field<'_>, key: &str) -> Diagnostic {
    diagnostics::power_toughness(
        field.value_span,
        format!("{key} `{}` is out of range", short(field.value)),
        "Wagic's numbers stop at 2147483647".into(),
        format!("write a {key} a card can have (`{key}=2`)"),
    )
}

/// `text` cut to its first 40 characters, for a message.
fn short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// A `power=` without `toughness=` (or the other way), or a creature with neither.
fn missing_power_or_toughness(block: &CardBlock<'_>) -> Option<Diagnostic> {
    let power = block.field("power");
    let toughness = block.field("toughness");
    let help = |missing: &str| {
        format!(
            "add a `{missing}=` line: Wagic reads a missing {missing} as 0 (a creature of toughness 0 dies at once)"
        )
    };
    match (power, toughness) {
        (Some(power), None) => Some(diagnostics::power_toughness(
            power.key_span,
            "card has `power=` but no `toughness=`".into(),
            "a power without a toughness".into(),
            help("toughness"),
        )),
        (None, Some(toughness)) => Some(diagnostics::power_toughness(
            toughness.key_span,
            "card has `toughness=` but no `power=`".into(),
            "a toughness without a power".into(),
            help("power"),
        )),
        (None, None) => {
            let card_type = block.field("type")?;
            let creature = card_type.value.split_ascii_whitespace().any(|word| word.eq_ignore_ascii_case("creature"));
            creature.then(|| {
                diagnostics::power_toughness(
                    card_type.value_span,
                    "creature has no `power=` or `toughness=`".into(),
                    "Wagic reads both as 0: the creature dies as it enters".into(),
                    "add `power=` and `toughness=` lines (`*` when the card's text defines them)".into(),
                )
            })
        }
        (Some(_), Some(_)) => None,
    }
}

/// The first ability of `abilities=` written twice (compared as Wagic does, in lower case;
/// blanks aside).
fn repeated_abilities(field: &Field<'_>) -> Option<Diagnostic> {
    let mut seen: Vec<String> = Vec::new();
    let mut at = 0;
    for word in field.value.split(',') {
        let normalized: String = word.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        if !normalized.is_empty() && seen.contains(&normalized) {
            let start = at + (word.len() - word.trim_start().len());
            return Some(diagnostics::repeated_ability(span_in(field, start, word.trim().len()), word.trim()));
        }
        seen.push(normalized);
        at += word.len() + 1;
    }
    None
}

/// Whether the card is a planeswalker, whose subtype is its own name (`Ral`, `Koth`), no
/// typo of a creature's.
fn is_planeswalker(block: &CardBlock<'_>) -> bool {
    block
        .field("type")
        .is_some_and(|field| field.value.split_ascii_whitespace().any(|word| word.eq_ignore_ascii_case("planeswalker")))
}

/// The first word of `subtype=` that is no subtype Wagic's cards use but a typo away from
/// one (`Vedalkan`): Wagic takes any word, and the card silently lacks the subtype meant.
fn misspelt_subtype(field: &Field<'_>) -> Option<Diagnostic> {
    // Looked up in a set: a scan of the 248 subtypes for each of the 11,000 subtype words of
    // Wagic's files cost a third of these checks.
    static KNOWN: std::sync::OnceLock<std::collections::HashSet<&'static str>> = std::sync::OnceLock::new();
    let known = KNOWN.get_or_init(|| crate::catalogue::SUBTYPES.iter().copied().collect());
    let subtypes = || crate::catalogue::SUBTYPES.iter().copied();
    for word in field.value.split_ascii_whitespace() {
        let lower = word.to_ascii_lowercase();
        let singular = lower.strip_suffix('s').unwrap_or(&lower);
        if known.contains(lower.as_str()) || known.contains(singular) {
            continue;
        }
        if let Some(help) = crate::front::did_you_mean(&lower, subtypes()) {
            // The word's offset in the value: it is a slice of it.
            let at = word.as_ptr() as usize - field.value.as_ptr() as usize;
            return Some(diagnostics::misspelt_subtype(span_in(field, at, word.len()), word, help));
        }
    }
    None
}

/// The first word of `color=` that is not one of Wagic's colours. Wagic lowers the value's
/// case and splits it at commas, without removing blanks.
fn colours(field: &Field<'_>) -> Option<Diagnostic> {
    let mut at = 0;
    for word in field.value.split(',') {
        let lower = word.to_ascii_lowercase();
        if !COLOURS.contains(&lower.as_str()) {
            let trimmed = lower.trim();
            let help = if COLOURS.contains(&trimmed) {
                format!("remove the blanks: Wagic reads `{word}` as no colour")
            } else {
                crate::front::did_you_mean(trimmed, COLOURS.iter().copied()).unwrap_or_else(|| {
                    "Wagic's colours are `white`, `blue`, `black`, `red`, `green`, `colorless` and `artifact`, \
                     separated by commas (`color=red,green`)"
                        .into()
                })
            };
            return Some(diagnostics::unknown_colour(span_in(field, at, word.len()), word, help));
        }
        at += word.len() + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoi_reads_as_wagic_does() {
        assert_eq!(atoi("12abc"), Some(12));
        assert_eq!(atoi("x"), Some(0));
        assert_eq!(atoi("-3"), Some(-3));
        assert_eq!(atoi("99999999999999999999"), None);
    }
}
