//! What the Wagic front end reports of a card it leaves out: the first construct it does
//! not compile, where it is, and how to fix it when it can tell.

use compiler::Span;

use super::piece::Piece;

/// The first construct of a card the front end does not compile yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported {
    /// Where it is.
    pub span: Span,
    /// A short stable name for it (`effect \`transforms\``).
    pub construct: String,
    /// How to fix it, when the front end can tell (`did you mean \`damage\`?` for a word
    /// close to one it compiles).
    pub help: Option<String>,
}

impl Unsupported {
    /// `construct` at `piece`.
    pub fn new(piece: Piece<'_>, construct: &str) -> Unsupported {
        Unsupported { span: piece.span(), construct: construct.to_string(), help: None }
    }

    /// The same, with `help`.
    pub fn with_help(self, help: Option<String>) -> Unsupported {
        Unsupported { help, ..self }
    }
}

/// `did you mean \`X\`?` for the name in `known` closest to `written`, when one is close
/// (a typo: `damgae` for `damage`).
pub fn did_you_mean<'n>(written: &str, known: impl IntoIterator<Item = &'n str>) -> Option<String> {
    compiler::diagnostics::suggest(written, known)
}
