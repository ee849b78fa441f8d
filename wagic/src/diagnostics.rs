//! The diagnostics of the Wagic front end, one constructor per situation, with the codes
//! declared in the compiler's `declare_codes!` table (E0100, E0101; E0001 for a file that is
//! not UTF-8; the warnings W0100 to W0109, and W0005 shared with RuleScript). Spans are byte ranges of the Wagic file itself.

use compiler::{Code, Diagnostic, Span};

/// E0100: the card uses a construct the front end does not compile yet. `construct` is a
/// short stable name (`key \`kicker\``, `effect \`transforms\``) that `--stats` tallies;
/// `help` says how to fix it when the front end can tell (a typo's `did you mean`), and
/// otherwise where to read what compiles.
pub fn unsupported(span: Span, construct: &str, help: Option<String>) -> Diagnostic {
    Diagnostic {
        code: Code::E0100,
        message: format!("unsupported: {construct}"),
        span,
        label: "the card is left out of the bundle".into(),
        help: Some(help.unwrap_or_else(|| "`rsc explain E0100` lists what the Wagic front end compiles".into())),
    }
}

/// E0001: the file is not UTF-8; `offset` is its first byte that starts no UTF-8 character.
pub fn invalid_utf8(offset: usize) -> Diagnostic {
    Diagnostic {
        code: Code::E0001,
        message: format!("card file is not valid UTF-8 (invalid byte at offset {offset})"),
        span: Span::new(offset, offset + 1),
        label: "invalid byte".into(),
        help: Some("save the file as UTF-8 (it was most likely saved as Latin-1 or Windows-1252)".into()),
    }
}

/// E0101: a `[card]` block with no `[/card]` before the next block or the end of the file.
pub fn unterminated_card(open: Span) -> Diagnostic {
    Diagnostic {
        code: Code::E0101,
        message: "card block has no `[/card]`".into(),
        span: open,
        label: "this block is never closed".into(),
        help: Some("end each card with a `[/card]` line".into()),
    }
}

/// E0101: a line of a card block that is not `key=value`.
pub fn line_without_equals(span: Span, text: &str) -> Diagnostic {
    Diagnostic {
        code: Code::E0101,
        message: format!("line `{}` has no `=`", short(text)),
        span,
        label: "expected `key=value`".into(),
        help: Some("write each line of a card as `key=value` (`auto=damage:2`), or make it a comment with `#`".into()),
    }
}

/// E0101: a line of a card block with nothing before its `=`.
pub fn line_without_key(span: Span, text: &str) -> Diagnostic {
    Diagnostic {
        code: Code::E0101,
        message: format!("line `{}` has no key before its `=`", short(text)),
        span,
        label: "expected `key=value`".into(),
        help: Some("write the key before the `=` (`auto=damage:2`): Wagic drops the line".into()),
    }
}

/// E0101: a card block whose `name=` has no value (at its key).
pub fn empty_name(key: Span) -> Diagnostic {
    Diagnostic {
        code: Code::E0101,
        message: "card block has an empty `name=`".into(),
        span: key,
        label: "this card has no name".into(),
        help: Some("write the card's name after the `=` (`name=Shock`)".into()),
    }
}

/// E0101: text outside any `[card]` block (a misspelt `[card]` line, a stray `[/card]`).
pub fn text_outside_card(span: Span, text: &str) -> Diagnostic {
    let help = if text.get(..5).is_some_and(|head| head.eq_ignore_ascii_case("[card")) {
        "write the card's first line as `[card]`, alone on its line"
    } else if text.eq_ignore_ascii_case("[/card]") {
        "remove this `[/card]`, or add the `[card]` line its card lacks"
    } else {
        "start each card with a `[card]` line, or make this line a comment with `#`"
    };
    Diagnostic {
        code: Code::E0101,
        message: format!("`{}` is outside any `[card]` block", short(text)),
        span,
        label: "not part of any card".into(),
        help: Some(help.into()),
    }
}

/// `text` cut to its first 40 characters (with `...`), for quoting a line in a message.
fn short(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// E0101: a second `name=` line in a card block (at its key).
pub fn second_name(key: Span) -> Diagnostic {
    Diagnostic {
        code: Code::E0101,
        message: "card block has a second `name=`".into(),
        span: key,
        label: "the card is named above already".into(),
        help: Some("a card has one name: remove one of its `name=` lines".into()),
    }
}

/// E0101: a card block without `name=`.
pub fn card_without_name(open: Span) -> Diagnostic {
    Diagnostic {
        code: Code::E0101,
        message: "card block has no `name=`".into(),
        span: open,
        label: "this card has no name".into(),
        help: Some("every card needs a `name=` line".into()),
    }
}

/// The construct named by an E0100 message (`"key \`kicker\`"`), for tallies.
pub fn construct_of(diagnostic: &Diagnostic) -> &str {
    match diagnostic.code {
        Code::E0100 => diagnostic.message.strip_prefix("unsupported: ").unwrap_or(&diagnostic.message),
        _ => "malformed card block",
    }
}

/// W0100: a `mana=` that Wagic reads otherwise than written (`problem` says how), at the
/// text concerned.
pub fn mana_misread(span: Span, problem: String, label: &str, help: String) -> Diagnostic {
    Diagnostic { code: Code::W0100, message: problem, span, label: label.into(), help: Some(help) }
}

/// W0101: a `power=` or `toughness=` missing or not a number.
pub fn power_toughness(span: Span, message: String, label: String, help: String) -> Diagnostic {
    Diagnostic { code: Code::W0101, message, span, label, help: Some(help) }
}

/// W0102: a second line of a key that describes the card (at its key).
pub fn second_key(key_span: Span, key: &str, first_line: usize, wagic_keeps: &str) -> Diagnostic {
    Diagnostic {
        code: Code::W0102,
        message: format!("card block has a second `{key}=` (the first is on line {first_line})"),
        span: key_span,
        label: wagic_keeps.into(),
        help: Some(format!("a card has one `{key}=`: remove one of the two lines")),
    }
}

/// W0103: a card named as a card before it (at its name), which Wagic drops.
pub fn name_met_before(name_span: Span, name: &str, first: &str) -> Diagnostic {
    Diagnostic {
        code: Code::W0103,
        message: format!("a card named `{}` is met before ({first})", short(name)),
        span: name_span,
        label: "Wagic keeps the first card of a name and drops this one".into(),
        help: Some("rename this card, or remove the copy".into()),
    }
}

/// W0104: a word of `color=` that is not one of Wagic's colours.
pub fn unknown_colour(span: Span, word: &str, help: String) -> Diagnostic {
    Diagnostic {
        code: Code::W0104,
        message: format!("unknown colour `{}`", short(word)),
        span,
        label: "Wagic ignores this word: the card lacks the colour".into(),
        help: Some(help),
    }
}

/// W0105: a card block without a `type=` line or with an empty one (at its `[card]` line or
/// its `type=` key).
pub fn card_without_type(span: Span, empty: bool) -> Diagnostic {
    Diagnostic {
        code: Code::W0105,
        message: if empty { "card block has an empty `type=`".into() } else { "card block has no `type=`".into() },
        span,
        label: "the card is read as a permanent of no type".into(),
        help: Some("write the card's types (`type=Instant`, `type=Creature`)".into()),
    }
}

/// W0106: a key not written in lower case (`Auto=`), which Wagic does not read.
pub fn key_not_lower_case(span: Span, key: &str, lower: &str) -> Diagnostic {
    Diagnostic {
        code: Code::W0106,
        message: format!("key `{}` is not in lower case", short(key)),
        span,
        label: "Wagic reads keys as written and ignores this line".into(),
        help: Some(format!("write `{}=`", short(lower))),
    }
}

/// W0005: an ability written twice in `abilities=` (at the second).
pub fn repeated_ability(span: Span, ability: &str) -> Diagnostic {
    Diagnostic {
        code: Code::W0005,
        message: format!("ability `{}` is listed twice", short(ability)),
        span,
        label: "the second adds nothing".into(),
        help: Some("remove one of the two".into()),
    }
}

/// W0107: blanks before a line's first character (`what` is the line's key or `[card]`).
pub fn blank_before(span: Span, what: &str, label: &str) -> Diagnostic {
    Diagnostic {
        code: Code::W0107,
        message: format!("blank before `{}`", short(what)),
        span,
        label: label.into(),
        help: Some("start the line with its first character: Wagic's reader removes no blanks".into()),
    }
}

/// W0107: blanks between a key and its `=`.
pub fn blank_after_key(span: Span, key: &str) -> Diagnostic {
    Diagnostic {
        code: Code::W0107,
        message: format!("blank between `{}` and its `=`", short(key)),
        span,
        label: format!("Wagic reads the key as `{} `, which is no key of its", short(key)),
        help: Some(format!("write `{}=`", short(key))),
    }
}

/// W0108: a word of `subtype=` a typo away from a subtype Wagic's cards use.
pub fn misspelt_subtype(span: Span, word: &str, help: String) -> Diagnostic {
    Diagnostic {
        code: Code::W0108,
        message: format!("subtype `{}` is none Wagic's cards use", short(word)),
        span,
        label: "Wagic takes it as a subtype of its own: the card lacks the one meant".into(),
        help: Some(help),
    }
}

/// W0109: a bracket of a line (at `span`) that does not balance, in a shape Wagic reads
/// one known way (`why`), read so by the front end: as closed by `close` before `next`
/// (the text that follows), or, without `close`, as if it were not written.
pub fn bracket_repaired(span: Span, bracket: char, close: Option<(char, &str)>, why: &str) -> Diagnostic {
    let (message, help) = match close {
        Some((close, next)) => (
            format!("this `{bracket}` never closes: read as closed before `{}`", short(next)),
            format!("write the `{close}`: {why}"),
        ),
        None => (format!("this `{bracket}` closes nothing: read without it"), format!("remove it: {why}")),
    };
    Diagnostic { code: Code::W0109, message, span, label: "a bracket read as Wagic reads it".into(), help: Some(help) }
}
