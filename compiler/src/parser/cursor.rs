//! The parser's cursor over the tokens: looking ahead, consuming, interning names,
//! reporting errors and recovering, and the nesting guard.

use crate::ast::*;
use crate::diagnostics::{self};
use crate::lexer::{Token, TokenKind};
use crate::{Diagnostic, Span};

use super::*;
impl<'a, 't> Parser<'a, 't> {
    // ---------------------------------------------------------------- token helpers

    /// The next token. Tokens are handed out by reference: callers read only the fields
    /// they need (copying a whole `Token` also copies its padding, which was a sizeable
    /// share of the parser's instructions).
    pub(super) fn peek(&self) -> &'t Token {
        self.current
    }

    /// The token `offset` places ahead; past the end, the last token (the `Eof`).
    pub(super) fn peek_at(&self, offset: usize) -> &'t Token {
        match self.tokens.get(self.position + offset) {
            Some(token) => token,
            None => self.last_token(),
        }
    }

    /// The last token: the `Eof` the lexer always ends with (or `NO_TOKENS`' when there are none).
    pub(super) fn last_token(&self) -> &'t Token {
        self.tokens.last().unwrap_or(&NO_TOKENS[0])
    }

    pub(super) fn at(&self, kind: TokenKind) -> bool {
        self.peek().kind == kind
    }

    pub(super) fn bump(&mut self) -> &'t Token {
        let token = self.current;
        if token.kind != TokenKind::Eof {
            self.position += 1;
            self.current = self.peek_at(0);
        }
        token
    }

    pub(super) fn eat(&mut self, kind: TokenKind) -> Option<&'t Token> {
        if self.at(kind) { Some(self.bump()) } else { None }
    }

    /// Consumes a `+` or a `-` if one is next: whether it was a `-`.
    pub(super) fn eat_sign(&mut self) -> bool {
        match self.peek().kind {
            TokenKind::Minus => {
                self.bump();
                true
            }
            TokenKind::Plus => {
                self.bump();
                false
            }
            _ => false,
        }
    }

    pub(super) fn text(&self, span: Span) -> &'t str {
        self.source.get(span.range()).unwrap_or("")
    }

    /// Whether the next token is the identifier `keyword` (any case).
    pub(super) fn at_keyword(&self, keyword: &str) -> bool {
        let token = self.peek();
        token.kind == TokenKind::Ident && self.is_word(token.span, keyword)
    }

    /// Whether the text at `span` is the lower-case ASCII keyword `word` in any case, without
    /// hashing or interning. (ASCII bytes equal to `word`'s always slice the source at
    /// character boundaries, so comparing bytes says what comparing the text would.)
    pub(super) fn is_word(&self, span: Span, word: &str) -> bool {
        // Most words differ in length: compare that before any text.
        span.end.wrapping_sub(span.start) as usize == word.len()
            && self.source.as_bytes().get(span.range()).is_some_and(|text| text.eq_ignore_ascii_case(word.as_bytes()))
    }

    pub(super) fn interner_get_lower(&self, span: Span) -> Option<Symbol> {
        if let Some(symbol) = self.cached_symbol(span) {
            return Some(symbol);
        }
        let text = self.text(span);
        if !text.bytes().any(|byte| byte.is_ascii_uppercase()) {
            return self.interner.get(text);
        }
        // Lower-case on the stack: keyword tests run for many tokens.
        let mut buffer = [0u8; 32];
        match buffer.get_mut(..text.len()) {
            Some(lower) => {
                lower.copy_from_slice(text.as_bytes());
                lower.make_ascii_lowercase();
                self.interner.get(std::str::from_utf8(lower).ok()?)
            }
            None => self.interner.get(text.to_ascii_lowercase()),
        }
    }

    /// The symbol of the lower-case form of the text at `span`, if the name cache has it:
    /// found by the span's bytes, without hashing or lower-casing.
    pub(super) fn cached_symbol(&self, span: Span) -> Option<Symbol> {
        let (start, len) = (span.start as usize, span.end.wrapping_sub(span.start) as usize);
        let key = NameCache::key(self.source.as_bytes(), start, len)?;
        let NameSlot { key: seen, len: seen_len, symbol } = self.names_seen.slots[NameCache::slot(key, len)];
        // Only spans that slice the source at character boundaries are cached, and a span
        // that does not cannot have the same bytes as one: `span` is valid text too.
        if seen == key && seen_len as usize == len { Some(symbol) } else { None }
    }

    /// Interns the lower-case form of the text at `span` (found in the name cache when it
    /// was met before).
    pub(super) fn intern_lower(&mut self, span: Span) -> Symbol {
        match self.cached_symbol(span) {
            Some(symbol) => symbol,
            None => self.intern_lower_uncached(span),
        }
    }

    /// [`Parser::intern_lower`] for a name not in the cache: interns it and caches it.
    pub(super) fn intern_lower_uncached(&mut self, span: Span) -> Symbol {
        let text = self.text(span);
        let symbol = self.intern_lower_text(text);
        if text.len() == span.end.wrapping_sub(span.start) as usize
            && let Some(key) = NameCache::key(self.source.as_bytes(), span.start as usize, text.len())
        {
            self.names_seen.slots[NameCache::slot(key, text.len())] = NameSlot { key, len: text.len() as u32, symbol };
        }
        symbol
    }

    /// Interns the lower-case form of `text` (lower-cased on the stack when it is short,
    /// as names are).
    pub(super) fn intern_lower_text(&mut self, text: &str) -> Symbol {
        if !text.bytes().any(|byte| byte.is_ascii_uppercase()) {
            return self.interner.get_or_intern(text);
        }
        let mut buffer = [0u8; 64];
        if let Some(lower) = buffer.get_mut(..text.len()) {
            lower.copy_from_slice(text.as_bytes());
            lower.make_ascii_lowercase();
            if let Ok(lower) = std::str::from_utf8(lower) {
                return self.interner.get_or_intern(lower);
            }
        }
        self.interner.get_or_intern(text.to_ascii_lowercase())
    }

    pub(super) fn name(&mut self, span: Span) -> Name {
        Name { symbol: self.intern_lower(span), span }
    }

    pub(super) fn describe(&self, token: &Token) -> String {
        match token.kind {
            TokenKind::Newline => "end of line".to_string(),
            TokenKind::Eof => "end of file".to_string(),
            _ => {
                let text = self.text(token.span);
                let shown: String = text.chars().take(24).collect();
                if shown.len() < text.len() { format!("`{shown}...`") } else { format!("`{shown}`") }
            }
        }
    }

    // ---------------------------------------------------------------- error helpers

    pub(super) fn report(&mut self, diagnostic: Diagnostic) {
        if !self.recovering {
            self.diagnostics.push(diagnostic);
        }
    }

    /// Reports "expected `what`" at the next token and starts recovering.
    // Cold: only errors come here; inlined, it made every token check larger (docs/style.md, fast paths).
    #[cold]
    #[inline(never)]
    pub(super) fn expected(&mut self, what: &str) {
        self.expected_with_help(what, None);
    }

    /// [`Self::expected`] with a hint at the usual fix.
    pub(super) fn expected_with_help(&mut self, what: &str, help: Option<String>) {
        let token = self.peek();
        let found = self.describe(token);
        self.report(diagnostics::expected(token.span, what, &found).with_help(help));
        self.recover_to_statement_end();
    }

    /// Skips to the next `;`, end of line or end of file, suppressing follow-on errors.
    pub(super) fn recover_to_statement_end(&mut self) {
        self.recovering = true;
        while !matches!(self.peek().kind, TokenKind::Semi | TokenKind::Newline | TokenKind::Eof) {
            self.bump();
        }
    }

    pub(super) fn recover_to_line_end(&mut self) {
        self.recovering = true;
        while !matches!(self.peek().kind, TokenKind::Newline | TokenKind::Eof) {
            self.bump();
        }
    }

    /// Enters one nesting level; false (and the rest of the line skipped) when too deep.
    pub(super) fn enter(&mut self) -> bool {
        self.depth += 1;
        self.depth <= MAX_DEPTH || self.too_deep()
    }

    /// Reports nesting deeper than [`MAX_DEPTH`] and skips the rest of the line.
    pub(super) fn too_deep(&mut self) -> bool {
        let span = self.peek().span;
        self.report(diagnostics::nesting_too_deep(span, MAX_DEPTH));
        self.recover_to_line_end();
        false
    }

    /// [`Parser::enter`] for one more link of a chain (`+ 1`, `.0`): when too deep, the
    /// report says that chains count.
    pub(super) fn enter_chain(&mut self) -> bool {
        self.depth += 1;
        if self.depth <= MAX_DEPTH {
            return true;
        }
        let mut diagnostic = diagnostics::nesting_too_deep(self.peek().span, MAX_DEPTH);
        diagnostic.help =
            Some("each operator or `.` of a chain counts as a level: split it with `vars` (`_a := ...`)".into());
        self.report(diagnostic);
        self.recover_to_line_end();
        false
    }

    pub(super) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Expects a closing bracket matching `open`.
    pub(super) fn expect_close(&mut self, kind: TokenKind, open: &Token, open_char: char, close_char: char) -> Span {
        match self.eat(kind) {
            Some(token) => token.span,
            None => self.missing_close(open, open_char, close_char),
        }
    }

    /// Reports the missing close of [`Parser::expect_close`]; the span where it was expected.
    pub(super) fn missing_close(&mut self, open: &Token, open_char: char, close_char: char) -> Span {
        if matches!(self.peek().kind, TokenKind::Newline | TokenKind::Eof | TokenKind::Semi) {
            self.report(diagnostics::unclosed_bracket(open.span, open_char, close_char));
            self.recover_to_statement_end();
        } else {
            self.expected(&format!("`{close_char}`"));
        }
        self.peek().span
    }

    pub(super) fn span_from(&self, start: Span) -> Span {
        let end = self.tokens.get(self.position.wrapping_sub(1)).map_or(start.end, |token| token.span.end);
        Span { start: start.start, end: end.max(start.start) }
    }

    pub(super) fn alloc<T: Copy>(&self, value: T) -> &'a T {
        self.arena.alloc(value)
    }

    pub(super) fn alloc_slice<T: Copy>(&self, values: &[T]) -> &'a [T] {
        // Most lists have no or one element: copied without a call to `memcpy`.
        match values {
            [] => &[],
            [value] => std::slice::from_ref(self.arena.alloc(*value)),
            _ => self.arena.alloc_slice_copy(values),
        }
    }
}
