//! The parser: tokens to an arena-allocated [`Card`], never panicking and never
//! stopping at the first error.
//!
//! One grammar function per production, grouped by area, each with an example it parses.
//! Command arguments are parsed by the kinds the catalogue declares (`bp(=100)` is a set,
//! `discard(<1>action)` a filter, `shuffle(ctrlDeck)` a pile). On an error the parser
//! reports it, skips to the end of the statement (`;` or the end of the line) and goes on;
//! while it skips, follow-on errors are suppressed. Nesting is capped at [`MAX_DEPTH`] so
//! that no input can overflow the stack.

use crate::ast::Interner;
use crate::ast::*;
use crate::catalogue_names::Names;
use crate::lexer::{Token, TokenKind};
use crate::{Diagnostic, Span};
use bumpalo::Bump;
use smallvec::SmallVec;

mod card;
mod commands;
mod cursor;
mod expressions;
mod filters;
mod name_cache;
mod statements;

pub(crate) use card::unquote_label;
pub use name_cache::NameCache;
use name_cache::{Glued, Lookup, NameSlot, Split};
/// What [`Parser::new`] reads when it is given no tokens at all.
static NO_TOKENS: [Token; 1] = [Token { kind: TokenKind::Eof, span: Span { start: 0, end: 0 } }];

/// Deepest nesting of brackets, operators and branches the parser accepts.
pub const MAX_DEPTH: usize = 64;

/// Parses one card from its tokens.
pub struct Parser<'a, 't> {
    source: &'t str,
    tokens: &'t [Token],
    /// Index of the next token in `tokens`.
    position: usize,
    /// `tokens[position]` (the last token past the end), kept at hand: the next token is
    /// looked at several times, and this needs no bounds check.
    current: &'t Token,
    arena: &'a Bump,
    interner: &'t mut Interner,
    names: &'t Names,
    diagnostics: &'t mut Vec<Diagnostic>,
    depth: usize,
    recovering: bool,
    names_seen: &'t mut NameCache,
}

/// Which kind of statement body is being parsed (decides whether `[[elif]]` may follow).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BodyKind {
    /// A statement of its own.
    Top,
    /// The body after `[[elif ...]]`: acts as an `[[if]]` for what follows.
    Elif,
    /// The body after `[[else]]`: nothing may follow.
    Else,
}

impl<'a, 't> Parser<'a, 't> {
    /// A parser over `tokens` (from [`crate::lexer::tokenize`] on `source`); `names_seen`
    /// caches the symbols `interner` gives names.
    pub fn new(
        source: &'t str,
        tokens: &'t [Token],
        arena: &'a Bump,
        interner: &'t mut Interner,
        names_seen: &'t mut NameCache,
        names: &'t Names,
        diagnostics: &'t mut Vec<Diagnostic>,
    ) -> Parser<'a, 't> {
        Parser {
            source,
            tokens,
            position: 0,
            // An empty list (never from the lexer, which always ends with `Eof`) reads as one `Eof`.
            current: tokens.first().unwrap_or(&NO_TOKENS[0]),
            arena,
            interner,
            names,
            diagnostics,
            depth: 0,
            recovering: false,
            names_seen,
        }
    }
}

/// Whether a token of `kind` ends an operand that no operator extends: `,`, `)`, `]`, `;`
/// or the end of the line.
pub(super) fn ends_operand(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Comma
            | TokenKind::RParen
            | TokenKind::RBracket
            | TokenKind::Semi
            | TokenKind::Newline
            | TokenKind::Eof
    )
}

/// `==`, `!=`, `<`, `<=`, `>`, `>=`.
pub(super) fn compare_op_of(kind: TokenKind) -> Option<CompareOp> {
    match kind {
        TokenKind::EqEq => Some(CompareOp::Eq),
        TokenKind::NotEq => Some(CompareOp::Ne),
        TokenKind::Lt => Some(CompareOp::Lt),
        TokenKind::Le => Some(CompareOp::Le),
        TokenKind::Gt => Some(CompareOp::Gt),
        TokenKind::Ge => Some(CompareOp::Ge),
        _ => None,
    }
}

pub(super) fn chain_operator(kind: TokenKind) -> ChainOperator {
    match kind {
        TokenKind::Amp => ChainOperator::Then,
        TokenKind::AmpAmp => ChainOperator::AndThen,
        _ => ChainOperator::OrElse,
    }
}

pub(super) fn condition_span(condition: &Condition<'_>) -> Span {
    match condition {
        Condition::If(_, span) | Condition::May(_, span) => *span,
    }
}

pub(super) fn effect_span(effect: &Effect<'_>) -> Span {
    match effect {
        Effect::Command(command) => command.span,
        Effect::Grant(grant) => grant.span,
    }
}
