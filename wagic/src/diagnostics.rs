//! The diagnostics of the Wagic front end, one constructor per situation, with the codes
//! declared in the compiler's `declare_codes!` table (E0100, E0101). Spans are byte ranges
//! of the Wagic file itself.

use compiler::{Code, Diagnostic, Span};

/// E0100: the card uses a construct the front end does not compile yet. `construct` is a
/// short stable name (`key \`kicker\``, `effect \`transforms\``) that `--stats` tallies.
pub fn unsupported(span: Span, construct: &str) -> Diagnostic {
    Diagnostic {
        code: Code::E0100,
        message: format!("unsupported: {construct}"),
        span,
        label: "not supported yet".into(),
        help: None,
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
        message: format!("line `{text}` has no `=`"),
        span,
        label: "expected `key=value`".into(),
        help: None,
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
