//! The parser: tokens to an arena-allocated [`ast::Card`], never panicking and never
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
use crate::diagnostics::{self, Code};
use crate::lexer::{Token, TokenKind};
use crate::names::{NameTable, Names};
use crate::{Diagnostic, Span};
use bumpalo::Bump;
use lasso::Key;
use smallvec::SmallVec;
use vm::catalogue::ArgKind;

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

/// Symbols of the names met before, kept from card to card: a direct-mapped table in which
/// a name of at most 16 bytes is its own key (its bytes as written, so each spelling of a
/// name has its own slot), so that finding it again takes no hashing of strings, no
/// lower-casing and no string comparison.
///
/// It also remembers how glued words split (`oppRing` → `opp` + `ring`), per [`Glued`]
/// kind and word: finding a split interns the same names each time, so that once per
/// session is enough.
#[derive(Debug, Clone)]
pub struct NameCache {
    /// Indexed by [`NameCache::slot`], which is always in range.
    slots: Box<[NameSlot; NameCache::SLOTS]>,
    /// By [`Glued`] kind, then by the whole word's symbol: its split, once found.
    splits: [Vec<Option<Option<Split>>>; Glued::KINDS],
    /// By a word's symbol: the type word it is the plural of (`characters` → `character`),
    /// once looked for.
    singulars: Vec<Option<Option<Symbol>>>,
}

#[derive(Debug, Clone, Copy)]
struct NameSlot {
    key: [u64; 2],
    /// `u32::MAX` in an empty slot, which no text matches: a found slot always has a symbol.
    len: u32,
    symbol: Symbol,
}

impl Default for NameCache {
    fn default() -> NameCache {
        NameCache {
            slots: Box::new([NameSlot { key: [0; 2], len: u32::MAX, symbol: Symbol::default() }; NameCache::SLOTS]),
            splits: Default::default(),
            singulars: Vec::new(),
        }
    }
}

impl NameCache {
    const SLOTS: usize = 4096;
    const KEY_BYTES: usize = 16;

    /// The key of the `len` bytes at `start` in `source` when `len` is at most 16: those
    /// bytes zero-padded, eight to a word (texts of one length have the same key exactly
    /// when they are equal). The bytes are read as one 16-byte window wherever the source
    /// allows, without copying.
    fn key(source: &[u8], start: usize, len: usize) -> Option<[u64; 2]> {
        const WIDTH: usize = NameCache::KEY_BYTES;
        if len > WIDTH {
            return None;
        }
        let end = start.checked_add(len)?;
        let window = |from: usize| source.get(from..from + WIDTH).map(|bytes| bytes.try_into().unwrap_or([0; WIDTH]));
        let bits = if let Some(after) = window(start) {
            // The text and what follows it: keep the first `len` bytes.
            u128::from_le_bytes(after) & KEY_MASKS[len]
        } else if let Some(before) = end.checked_sub(WIDTH).and_then(window) {
            // Near the end of the source: what precedes the text and the text; keep the last.
            u128::from_le_bytes(before).checked_shr(((WIDTH - len) * 8) as u32).unwrap_or(0)
        } else {
            let mut padded = [0u8; WIDTH];
            padded[..len].copy_from_slice(source.get(start..end)?);
            u128::from_le_bytes(padded)
        };
        Some([bits as u64, (bits >> 64) as u64])
    }

    /// The split of `word` as a `glued` word, if it was found before.
    fn split(&self, glued: Glued, word: Symbol) -> Option<Option<Split>> {
        self.splits[glued as usize].get(word.into_usize()).copied().flatten()
    }

    /// Remembers the split (or that there is none) of `word` as a `glued` word.
    fn remember_split(&mut self, glued: Glued, word: Symbol, split: Option<Split>) {
        let splits = &mut self.splits[glued as usize];
        let index = word.into_usize();
        if splits.len() <= index {
            splits.resize(index + 1, None);
        }
        splits[index] = Some(split);
    }

    /// The type word `word` is the plural of, if that was looked for before.
    fn singular(&self, word: Symbol) -> Option<Option<Symbol>> {
        self.singulars.get(word.into_usize()).copied().flatten()
    }

    /// Remembers the type word `word` is the plural of (or that there is none).
    fn remember_singular(&mut self, word: Symbol, singular: Option<Symbol>) {
        let index = word.into_usize();
        if self.singulars.len() <= index {
            self.singulars.resize(index + 1, None);
        }
        self.singulars[index] = Some(singular);
    }

    fn slot(key: [u64; 2], len: usize) -> usize {
        let mixed = (key[0] ^ key[1].rotate_left(29) ^ len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> (u64::BITS - Self::SLOTS.trailing_zeros())) as usize % Self::SLOTS
    }
}

/// `KEY_MASKS[n]` keeps the first `n` bytes of a little-endian 16-byte window.
static KEY_MASKS: [u128; NameCache::KEY_BYTES + 1] = {
    let mut masks = [u128::MAX; NameCache::KEY_BYTES + 1];
    let mut len = 0;
    while len < NameCache::KEY_BYTES {
        masks[len] = (1u128 << (len * 8)) - 1;
        len += 1;
    }
    masks
};

/// A kind of word that may glue a known prefix to a known name: `oppRing`, `myEndPhase`,
/// `oppueot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Glued {
    Zone,
    Event,
    Restriction,
}

impl Glued {
    const KINDS: usize = 3;

    /// The prefixes and the names that may follow them.
    fn tables(self, names: &Names) -> (&NameTable, &NameTable) {
        match self {
            Glued::Zone => (&names.zone_prefixes, &names.zones),
            Glued::Event => (&names.event_prefixes, &names.events),
            Glued::Restriction => (&names.restriction_prefixes, &names.restrictions),
        }
    }
}

/// Where a glued word splits, and the symbols of its two parts.
#[derive(Debug, Clone, Copy)]
struct Split {
    at: u32,
    prefix: Symbol,
    rest: Symbol,
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

/// A list being parsed whose usual length is one (a statement's effects, a command's
/// arguments): the first item is held apart, so that the usual list goes to the arena
/// without touching a `SmallVec` (each of whose accesses checks whether it has spilled to
/// the heap).
struct List<'a, T, const N: usize> {
    /// The first item, in the arena from the start: the usual list is then ready as it is.
    first: Option<&'a T>,
    rest: SmallVec<[T; N]>,
}

impl<'a, T: Copy, const N: usize> List<'a, T, N> {
    fn new() -> Self {
        List { first: None, rest: SmallVec::new() }
    }

    fn is_empty(&self) -> bool {
        self.first.is_none()
    }

    fn push(&mut self, arena: &'a Bump, item: T) {
        if self.first.is_none() { self.first = Some(arena.alloc(item)) } else { self.rest.push(item) }
    }

    /// The items, in `arena`.
    fn alloc_in(&self, arena: &'a Bump) -> &'a [T] {
        match self.first {
            None => &[],
            Some(first) if self.rest.is_empty() => std::slice::from_ref(first),
            Some(&first) => arena.alloc_slice_fill_with(1 + self.rest.len(), |index| match index.checked_sub(1) {
                Some(index) => self.rest.get(index).copied().unwrap_or(first),
                None => first,
            }),
        }
    }
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

    // ---------------------------------------------------------------- token helpers

    /// The next token. Tokens are handed out by reference: callers read only the fields
    /// they need (copying a whole `Token` also copies its padding, which was a sizeable
    /// share of the parser's instructions).
    fn peek(&self) -> &'t Token {
        self.current
    }

    /// The token `offset` places ahead; past the end, the last token (the `Eof`).
    fn peek_at(&self, offset: usize) -> &'t Token {
        match self.tokens.get(self.position + offset) {
            Some(token) => token,
            None => self.last_token(),
        }
    }

    /// The last token: the `Eof` the lexer always ends with (or `NO_TOKENS`' when there are none).
    fn last_token(&self) -> &'t Token {
        self.tokens.last().unwrap_or(&NO_TOKENS[0])
    }

    fn at(&self, kind: TokenKind) -> bool {
        self.peek().kind == kind
    }

    fn bump(&mut self) -> &'t Token {
        let token = self.current;
        if token.kind != TokenKind::Eof {
            self.position += 1;
            self.current = self.peek_at(0);
        }
        token
    }

    fn eat(&mut self, kind: TokenKind) -> Option<&'t Token> {
        if self.at(kind) { Some(self.bump()) } else { None }
    }

    fn text(&self, span: Span) -> &'t str {
        self.source.get(span.range()).unwrap_or("")
    }

    /// Whether the next token is the identifier `keyword` (any case).
    fn at_keyword(&self, keyword: &str) -> bool {
        let token = self.peek();
        token.kind == TokenKind::Ident && self.is_word(token.span, keyword)
    }

    /// Whether the text at `span` is the lower-case ASCII keyword `word` in any case, without
    /// hashing or interning. (ASCII bytes equal to `word`'s always slice the source at
    /// character boundaries, so comparing bytes says what comparing the text would.)
    fn is_word(&self, span: Span, word: &str) -> bool {
        // Most words differ in length: compare that before any text.
        span.end.wrapping_sub(span.start) as usize == word.len()
            && self.source.as_bytes().get(span.range()).is_some_and(|text| text.eq_ignore_ascii_case(word.as_bytes()))
    }

    fn interner_get_lower(&self, span: Span) -> Option<Symbol> {
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
    fn cached_symbol(&self, span: Span) -> Option<Symbol> {
        let (start, len) = (span.start as usize, span.end.wrapping_sub(span.start) as usize);
        let key = NameCache::key(self.source.as_bytes(), start, len)?;
        let NameSlot { key: seen, len: seen_len, symbol } = self.names_seen.slots[NameCache::slot(key, len)];
        // Only spans that slice the source at character boundaries are cached, and a span
        // that does not cannot have the same bytes as one: `span` is valid text too.
        if seen == key && seen_len as usize == len { Some(symbol) } else { None }
    }

    /// Interns the lower-case form of the text at `span` (found in the name cache when it
    /// was met before).
    fn intern_lower(&mut self, span: Span) -> Symbol {
        match self.cached_symbol(span) {
            Some(symbol) => symbol,
            None => self.intern_lower_uncached(span),
        }
    }

    /// [`Parser::intern_lower`] for a name not in the cache: interns it and caches it.
    fn intern_lower_uncached(&mut self, span: Span) -> Symbol {
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
    fn intern_lower_text(&mut self, text: &str) -> Symbol {
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

    fn name(&mut self, span: Span) -> Name {
        Name { symbol: self.intern_lower(span), span }
    }

    fn describe(&self, token: &Token) -> String {
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

    fn report(&mut self, diagnostic: Diagnostic) {
        if !self.recovering {
            self.diagnostics.push(diagnostic);
        }
    }

    /// Reports "expected `what`" at the next token and starts recovering.
    fn expected(&mut self, what: &str) {
        let token = self.peek();
        let found = self.describe(token);
        self.report(diagnostics::expected(token.span, what, &found));
        self.recover_to_statement_end();
    }

    /// Skips to the next `;`, end of line or end of file, suppressing follow-on errors.
    fn recover_to_statement_end(&mut self) {
        self.recovering = true;
        while !matches!(self.peek().kind, TokenKind::Semi | TokenKind::Newline | TokenKind::Eof) {
            self.bump();
        }
    }

    fn recover_to_line_end(&mut self) {
        self.recovering = true;
        while !matches!(self.peek().kind, TokenKind::Newline | TokenKind::Eof) {
            self.bump();
        }
    }

    /// Enters one nesting level; false (and the rest of the line skipped) when too deep.
    fn enter(&mut self) -> bool {
        self.depth += 1;
        self.depth <= MAX_DEPTH || self.too_deep()
    }

    /// Reports nesting deeper than [`MAX_DEPTH`] and skips the rest of the line.
    fn too_deep(&mut self) -> bool {
        let span = self.peek().span;
        self.report(diagnostics::nesting_too_deep(span, MAX_DEPTH));
        self.recover_to_line_end();
        false
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Expects a closing bracket matching `open`.
    fn expect_close(&mut self, kind: TokenKind, open: &Token, open_char: char, close_char: char) -> Span {
        match self.eat(kind) {
            Some(token) => token.span,
            None => self.missing_close(open, open_char, close_char),
        }
    }

    /// Reports the missing close of [`Parser::expect_close`]; the span where it was expected.
    fn missing_close(&mut self, open: &Token, open_char: char, close_char: char) -> Span {
        if matches!(self.peek().kind, TokenKind::Newline | TokenKind::Eof | TokenKind::Semi) {
            self.report(diagnostics::unclosed_bracket(open.span, open_char, close_char));
            self.recover_to_statement_end();
        } else {
            self.expected(&format!("`{close_char}`"));
        }
        self.peek().span
    }

    fn span_from(&self, start: Span) -> Span {
        let end = self.tokens.get(self.position.wrapping_sub(1)).map_or(start.end, |token| token.span.end);
        Span { start: start.start, end: end.max(start.start) }
    }

    fn alloc<T: Copy>(&self, value: T) -> &'a T {
        self.arena.alloc(value)
    }

    fn alloc_slice<T: Copy>(&self, values: &[T]) -> &'a [T] {
        // Most lists have no or one element: copied without a call to `memcpy`.
        match values {
            [] => &[],
            [value] => std::slice::from_ref(self.arena.alloc(*value)),
            _ => self.arena.alloc_slice_copy(values),
        }
    }

    // ---------------------------------------------------------------- card and properties

    /// `target = character` ⏎ `action = damage(300)`: the whole file.
    pub fn parse_card(&mut self) -> Card<'a> {
        let mut properties: SmallVec<[Property<'a>; 4]> = SmallVec::new();
        loop {
            while self.eat(TokenKind::Newline).is_some() {}
            if self.at(TokenKind::Eof) {
                break;
            }
            self.recovering = false;
            self.depth = 0;
            self.parse_property(&mut properties);
            if !matches!(self.peek().kind, TokenKind::Newline | TokenKind::Eof) {
                self.report_no_line_end();
            }
        }
        Card { properties: self.alloc_slice(&properties) }
    }

    /// `action = {F}: draw()` (one line), added to `properties` unless it is reported.
    fn parse_property(&mut self, properties: &mut SmallVec<[Property<'a>; 4]>) {
        let key_token = self.peek();
        if key_token.kind != TokenKind::Ident {
            self.report_no_property_key(key_token);
            return;
        }
        self.bump();
        let key = self.name(key_token.span);
        let keywords = &self.names.keywords;
        if !self.names.properties.contains(key.symbol) {
            self.report_unknown_property(key);
            return;
        }
        let optional = key.symbol == keywords.target && self.eat(TokenKind::Question).is_some();
        if self.eat(TokenKind::Eq).is_none() {
            self.report_property_without_equals(key);
            return;
        }
        if matches!(self.peek().kind, TokenKind::Newline | TokenKind::Eof) {
            let span = self.report_empty_property(key);
            properties.push(Property { key, span, value: PropertyValue::Error });
            return;
        }
        // The key is a property (checked above): its symbol is one of the keywords.
        let value = match key.symbol {
            key if key == keywords.target => {
                PropertyValue::Target { optional, filters: self.parse_filter_list(TokenKind::Semi) }
            }
            key if key == keywords.action => PropertyValue::Action(self.parse_action()),
            key if key == keywords.auto => PropertyValue::Auto(self.parse_auto()),
            key if key == keywords.abilities => PropertyValue::Abilities(self.parse_abilities()),
            key if key == keywords.requisite => PropertyValue::Requisite(self.parse_filter_list(TokenKind::AmpAmp)),
            key if key == keywords.vars => PropertyValue::Vars(self.parse_vars()),
            _ => self.parse_label(),
        };
        properties.push(Property { key, span: self.span_from(key.span), value });
    }

    /// Reports what follows a property's value on its line, and skips it.
    fn report_no_line_end(&mut self) {
        let token = self.peek();
        let found = self.describe(token);
        self.report(diagnostics::expected(token.span, "end of line", &found));
        self.recover_to_line_end();
    }

    /// Reports a line that does not start with a property key, and skips it.
    fn report_no_property_key(&mut self, token: &Token) {
        let found = self.describe(token);
        self.report(diagnostics::expected(token.span, "a property such as `action =`", &found));
        self.recover_to_line_end();
    }

    /// Reports a key that is no property, and skips the line.
    fn report_unknown_property(&mut self, key: Name) {
        let written = self.text(key.span).to_string();
        self.report(diagnostics::unknown_property(key.span, &written, crate::names::PROPERTY_KEYS));
        self.recover_to_line_end();
    }

    /// Reports a property key without `=`, and skips the line.
    fn report_property_without_equals(&mut self, key: Name) {
        let written = self.text(key.span).to_string();
        self.report(diagnostics::property_without_equals(self.peek().span, &written));
        self.recover_to_line_end();
    }

    /// Reports a property without a value; the span of the property.
    fn report_empty_property(&mut self, key: Name) -> Span {
        let span = self.span_from(key.span);
        let written = self.text(key.span).to_string();
        self.report(diagnostics::empty_value(span, &format!("value of `{written}`")));
        span
    }

    /// `character@myRing; character@oppRing` (target) or `a<1> && b<1>` (requisite).
    fn parse_filter_list(&mut self, separator: TokenKind) -> &'a [TargetFilter<'a>] {
        let first = self.parse_filter(true);
        if self.eat(separator).is_none() {
            // The usual single filter is already in the arena.
            return std::slice::from_ref(first);
        }
        let mut filters: SmallVec<[TargetFilter<'a>; 2]> = smallvec::smallvec![*first];
        loop {
            filters.push(*self.parse_filter(true));
            if self.eat(separator).is_none() {
                break;
            }
        }
        self.alloc_slice(&filters)
    }

    /// `cantblock, cantattack`.
    fn parse_abilities(&mut self) -> &'a [Name] {
        let mut abilities: SmallVec<[Name; 4]> = SmallVec::new();
        loop {
            let token = self.peek();
            if token.kind != TokenKind::Ident {
                self.expected("an ability keyword");
                break;
            }
            self.bump();
            abilities.push(self.name(token.span));
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        self.alloc_slice(&abilities)
    }

    /// `_char := tgt.0; _card := tgt.1`.
    fn parse_vars(&mut self) -> &'a [VarDecl<'a>] {
        let mut declarations: SmallVec<[VarDecl<'a>; 2]> = SmallVec::new();
        loop {
            let token = self.peek();
            if token.kind != TokenKind::Ident {
                self.expected("a variable name");
                break;
            }
            self.bump();
            let name = self.name(token.span);
            if self.eat(TokenKind::ColonEq).is_none() {
                self.expected("`:=`");
                break;
            }
            let value = self.parse_expression();
            declarations.push(VarDecl { name, value });
            if self.eat(TokenKind::Semi).is_none() {
                break;
            }
        }
        self.alloc_slice(&declarations)
    }

    /// `"KO this character"` (the lexer hands the text over verbatim).
    fn parse_label(&mut self) -> PropertyValue<'a> {
        let Some(token) = self.eat(TokenKind::LabelText) else {
            self.expected("label text");
            return PropertyValue::Error;
        };
        let raw = self.text(token.span);
        let bytes = raw.as_bytes();
        let unquoted = match (bytes.first(), bytes.last()) {
            (Some(&first), Some(&last)) if bytes.len() >= 2 && first == last && (first == b'"' || first == b'\'') => {
                &raw[1..raw.len() - 1]
            }
            _ => raw,
        };
        let text = self.interner.get_or_intern(unquoted);
        PropertyValue::Label(Label { text, span: token.span })
    }

    // ---------------------------------------------------------------- actions and autos

    /// `{D}{F}: bp(+300); draw()`.
    fn parse_action(&mut self) -> Action<'a> {
        let costs = self.parse_cost_block();
        let statements = self.parse_statements();
        Action { costs, statements }
    }

    /// `~myEndPhase:once~ destroy() target(this)` or `enableRule(ab_trigger_fresh)`.
    fn parse_auto(&mut self) -> &'a Auto<'a> {
        let costs = self.parse_cost_block();
        let trigger = match self.peek().kind {
            TokenKind::Tilde | TokenKind::Question => Some(self.parse_trigger()),
            _ => None,
        };
        let statements = if matches!(self.peek().kind, TokenKind::Newline | TokenKind::Eof) {
            &[][..]
        } else {
            self.parse_statements()
        };
        self.alloc(Auto { costs, trigger, statements })
    }

    /// `{S(<**>character@myRing)}{F}:`.
    fn parse_cost_block(&mut self) -> &'a [Cost<'a>] {
        // Most actions have none: that is found without a call.
        if !self.at(TokenKind::LBrace) {
            return &[];
        }
        self.parse_costs()
    }

    /// [`Parser::parse_cost_block`] from its first `{`.
    fn parse_costs(&mut self) -> &'a [Cost<'a>] {
        let mut costs: SmallVec<[Cost<'a>; 2]> = SmallVec::new();
        while let Some(open) = self.eat(TokenKind::LBrace) {
            let kind_token = self.peek();
            if kind_token.kind != TokenKind::Ident {
                self.expected("a cost letter such as `F`, `S` or `D`");
                return self.alloc_slice(&costs);
            }
            self.bump();
            let kind = self.name(kind_token.span);
            let argument = match self.eat(TokenKind::LParen) {
                Some(paren) => {
                    let argument = if self.at(TokenKind::Int) && self.peek_at(1).kind == TokenKind::RParen {
                        let token = self.bump();
                        let count = self.parse_u32(token.span);
                        CostArgument::Count(count, token.span)
                    } else {
                        CostArgument::Filter(self.parse_filter(true))
                    };
                    self.expect_close(TokenKind::RParen, paren, '(', ')');
                    Some(argument)
                }
                None => None,
            };
            self.expect_close(TokenKind::RBrace, open, '{', '}');
            costs.push(Cost { kind, argument, span: self.span_from(open.span) });
        }
        if self.eat(TokenKind::Colon).is_none() {
            self.expected("`:` after the cost block");
        }
        self.alloc_slice(&costs)
    }

    /// `~myEndPhase:once, oppEndPhase~` or `?oppCanBlock:this?`.
    fn parse_trigger(&mut self) -> Trigger<'a> {
        let open = self.bump();
        let written_as_hook = open.kind == TokenKind::Question;
        let mut events: SmallVec<[EventRef; 2]> = SmallVec::new();
        while let Some(event) = self.parse_event_ref() {
            events.push(event);
            if self.eat(TokenKind::Comma).is_none() {
                break;
            }
        }
        if self.eat(open.kind).is_none() {
            let delimiter = if written_as_hook { '?' } else { '~' };
            self.report(diagnostics::unclosed_bracket(open.span, delimiter, delimiter));
            self.recover_to_line_end();
        }
        Trigger { written_as_hook, events: self.alloc_slice(&events), span: self.span_from(open.span) }
    }

    /// `oppEndPhase:once`, `my HandChanges`, `anyBeforePayCostAction`.
    fn parse_event_ref(&mut self) -> Option<EventRef> {
        let first = self.peek();
        if first.kind != TokenKind::Ident {
            self.expected("an event name");
            return None;
        }
        // `my HandChanges`: separate words before the delimiter are joined into one name.
        let mut run = 0;
        while self.peek_at(run).kind == TokenKind::Ident {
            run += 1;
        }
        let closes = matches!(
            self.peek_at(run).kind,
            TokenKind::Tilde | TokenKind::Question | TokenKind::Comma | TokenKind::Colon
        );
        let (prefix, name) = if closes && run > 1 {
            let mut words: SmallVec<[Span; 2]> = SmallVec::new();
            for _ in 0..run {
                words.push(self.bump().span);
            }
            let last = *words.last().unwrap_or(&first.span);
            let prefix = self.name(words[0]);
            let joined: String = words[1..].iter().map(|span| self.text(*span).to_ascii_lowercase()).collect();
            let symbol = self.interner.get_or_intern(joined);
            (Some(prefix), Name { symbol, span: words[1].to(last) })
        } else {
            // The usual single word.
            self.bump();
            let word = self.name(first.span);
            if self.names.events.contains(word.symbol) {
                (None, word)
            } else {
                match self.split_glued(word, Glued::Event) {
                    Some((prefix, rest)) => (Some(prefix), rest),
                    None => (None, word),
                }
            }
        };
        let suffix = if self.eat(TokenKind::Colon).is_some() {
            let token = self.peek();
            if token.kind != TokenKind::Ident {
                self.expected("an event suffix such as `this` or `once`");
                return None;
            }
            self.bump();
            Some(self.name(token.span))
        } else {
            None
        };
        Some(EventRef { prefix, name, suffix, span: self.span_from(first.span) })
    }

    /// Splits the glued word `word` (`oppRing`) into a known prefix and a known rest.
    fn split_glued(&mut self, word: Name, glued: Glued) -> Option<(Name, Name)> {
        let split = match self.names_seen.split(glued, word.symbol) {
            Some(split) => split,
            None => {
                let split = self.find_split(word.span, glued);
                self.names_seen.remember_split(glued, word.symbol, split);
                split
            }
        };
        split.map(|split| {
            let (start, end) = (word.span.start as usize, word.span.end as usize);
            let at = start + split.at as usize;
            (
                Name { symbol: split.prefix, span: Span::new(start, at) },
                Name { symbol: split.rest, span: Span::new(at, end) },
            )
        })
    }

    /// [`Parser::split_glued`] the first time: tries each known prefix; a zone may also be
    /// a known zone after an unknown prefix (`theirRing`), for the checker to report.
    fn find_split(&mut self, span: Span, glued: Glued) -> Option<Split> {
        let text = self.text(span);
        let (prefixes, rests) = glued.tables(self.names);
        for prefix in prefixes.names() {
            let length = prefix.len();
            if text.len() > length && text.is_char_boundary(length) && text[..length].eq_ignore_ascii_case(prefix) {
                let rest = self.name(Span::new(span.start as usize + length, span.end as usize));
                if rests.contains(rest.symbol) {
                    let prefix = self.name(Span::new(span.start as usize, span.start as usize + length));
                    return Some(Split { at: length as u32, prefix: prefix.symbol, rest: rest.symbol });
                }
            }
        }
        if glued != Glued::Zone {
            return None;
        }
        for zone in rests.names() {
            let split = text.len().saturating_sub(zone.len());
            if split > 0 && text.is_char_boundary(split) && text[split..].eq_ignore_ascii_case(zone) {
                let prefix = self.name(Span::new(span.start as usize, span.start as usize + split));
                let zone = self.name(Span::new(span.start as usize + split, span.end as usize));
                return Some(Split { at: split as u32, prefix: prefix.symbol, rest: zone.symbol });
            }
        }
        None
    }

    /// Splits `oppRing`, `ctrlDeck`, `hand` into a zone reference (unknown words are kept
    /// whole for the checker to report).
    fn zone_ref(&mut self, span: Span) -> ZoneRef {
        let word = self.name(span);
        if self.names.zones.contains(word.symbol) {
            return ZoneRef { prefix: None, zone: word, span };
        }
        match self.split_glued(word, Glued::Zone) {
            Some((prefix, zone)) => ZoneRef { prefix: Some(prefix), zone, span },
            None => ZoneRef { prefix: None, zone: word, span },
        }
    }

    // ---------------------------------------------------------------- statements

    /// `destroy() target(character@myRing); damage(prevTgt.0.lastBP) to(character)`.
    fn parse_statements(&mut self) -> &'a [Statement<'a>] {
        let first = self.parse_statement(BodyKind::Top);
        if self.eat(TokenKind::Semi).is_none() {
            // The usual single statement is already in the arena: no list to build.
            return std::slice::from_ref(first);
        }
        let mut statements: SmallVec<[Statement<'a>; 2]> = smallvec::smallvec![*first];
        loop {
            self.recovering = false;
            statements.push(*self.parse_statement(BodyKind::Top));
            if self.eat(TokenKind::Semi).is_none() {
                break;
            }
        }
        self.alloc_slice(&statements)
    }

    /// `[[if _coin]] bp(+500) target(tgt.0) [[else]] damage(300) to(this)`.
    ///
    /// The condition, the target clause and the restriction may come anywhere in the
    /// statement; effects are joined by `&`, `&&` or `||`.
    fn parse_statement(&mut self, body: BodyKind) -> &'a Statement<'a> {
        let start = self.peek().span;
        let mut condition: Option<Condition<'a>> = None;
        let mut chain: List<'a, ChainLink<'a>, 3> = List::new();
        let mut target: Option<TargetClause<'a>> = None;
        let mut restriction: Option<Restriction> = None;
        let mut otherwise: Option<&'a Otherwise<'a>> = None;
        let mut pending_operator: Option<(ChainOperator, Span)> = None;
        loop {
            let token = self.peek();
            match token.kind {
                TokenKind::Semi | TokenKind::Newline | TokenKind::Eof => break,
                TokenKind::LBracket if self.peek_at(1).kind == TokenKind::LBracket => {
                    if self.parse_bracketed(body, &mut condition, &mut otherwise) {
                        break;
                    }
                }
                TokenKind::Ident => {
                    // Interned once: the word is a target clause keyword, a command or a restriction.
                    let word = self.name(token.span);
                    if self.at_target_clause(word.symbol) {
                        let clause = self.parse_target_clause(word);
                        match (&target, clause) {
                            (Some(_), Some(clause)) => {
                                self.report(diagnostics::second_target_clause(clause.span, clause.span))
                            }
                            (None, Some(clause)) => target = Some(clause),
                            _ => {}
                        }
                    } else if self.at_command() {
                        let command = self.parse_command(word);
                        self.push_effect(&mut chain, &mut pending_operator, Effect::Command(command));
                    } else {
                        self.bump();
                        match self.restriction(word) {
                            Some(parsed) => {
                                if restriction.is_some() {
                                    self.report(diagnostics::second_restriction(parsed.span));
                                } else {
                                    restriction = Some(parsed);
                                }
                            }
                            None => self.report_stray_word(token.span),
                        }
                    }
                }
                TokenKind::Plus | TokenKind::Minus if self.peek_at(1).kind == TokenKind::Ident => {
                    let grant = self.parse_grant();
                    self.push_effect(&mut chain, &mut pending_operator, Effect::Grant(grant));
                }
                TokenKind::Amp | TokenKind::AmpAmp | TokenKind::PipePipe => {
                    self.bump();
                    let operator = chain_operator(token.kind);
                    if chain.is_empty() || pending_operator.is_some() {
                        let found = self.describe(token);
                        self.report(diagnostics::expected(token.span, "an effect before this operator", &found));
                    }
                    pending_operator = Some((operator, token.span));
                }
                TokenKind::RParen | TokenKind::RBracket | TokenKind::RBrace => {
                    let close = match token.kind {
                        TokenKind::RParen => ')',
                        TokenKind::RBracket => ']',
                        _ => '}',
                    };
                    self.report(diagnostics::unmatched_closing(token.span, close));
                    self.recover_to_statement_end();
                    break;
                }
                _ => {
                    self.expected("a command, `+ability`, condition, target clause or restriction");
                    break;
                }
            }
        }
        if let Some((_, span)) = pending_operator {
            let found = self.describe(self.peek());
            let _ = found;
            self.report(diagnostics::expected(span, "an effect after this operator", "nothing"));
        }
        let span = self.span_from(start);
        if condition.is_none() && chain.is_empty() && target.is_none() && restriction.is_none() && otherwise.is_none() {
            let here = if span.start == span.end { self.peek().span } else { span };
            self.report(diagnostics::empty_value(here, "statement"));
        }
        let chain = chain.alloc_in(self.arena);
        self.alloc(Statement { condition, chain, target, restriction, otherwise, span })
    }

    /// `[[if ...]]` or `[[may]]` (into `condition`), or `[[elif ...]]` / `[[else]]` (into
    /// `otherwise`), met in a statement; true when the statement ends there. (Out of line:
    /// brackets are rare, and the statement loop stays small without them.)
    fn parse_bracketed(
        &mut self,
        body: BodyKind,
        condition: &mut Option<Condition<'a>>,
        otherwise: &mut Option<&'a Otherwise<'a>>,
    ) -> bool {
        let token = self.peek();
        let keyword_token = self.peek_at(2);
        let is_branch = keyword_token.kind == TokenKind::Ident
            && (self.is_word(keyword_token.span, "elif") || self.is_word(keyword_token.span, "else"));
        if is_branch {
            let continues_if = matches!(*condition, Some(Condition::If(..))) || body == BodyKind::Elif;
            if !continues_if {
                let word = self.text(keyword_token.span).to_ascii_lowercase();
                let close = self.peek_at(4);
                let end = if close.kind == TokenKind::RBracket { close.span } else { keyword_token.span };
                let span = token.span.to(end);
                if body == BodyKind::Else {
                    self.report(diagnostics::branch_after_else(span, &word));
                } else {
                    self.report(diagnostics::else_without_if(span, &word));
                }
                self.recover_to_statement_end();
                return true;
            }
            if let Some(branch) = self.parse_otherwise() {
                *otherwise = Some(branch);
            }
            return true;
        }
        let parsed = self.parse_condition();
        if let Some(parsed) = parsed {
            if condition.is_some() || body == BodyKind::Else {
                let span = condition_span(&parsed);
                self.report(diagnostics::second_condition(span));
            } else {
                *condition = Some(parsed);
            }
        }
        false
    }

    /// Whether the next tokens start a command: `name(` or `name?(`.
    fn at_command(&self) -> bool {
        self.peek_at(1).kind == TokenKind::LParen
            || (self.peek_at(1).kind == TokenKind::Question && self.peek_at(2).kind == TokenKind::LParen)
    }

    /// `+frosted` or `-unblockable`.
    fn parse_grant(&mut self) -> Grant {
        let sign = self.bump();
        let word = self.bump();
        let ability = self.name(word.span);
        Grant { remove: sign.kind == TokenKind::Minus, ability, span: sign.span.to(word.span) }
    }

    fn push_effect(
        &mut self,
        chain: &mut List<'a, ChainLink<'a>, 3>,
        pending_operator: &mut Option<(ChainOperator, Span)>,
        effect: Effect<'a>,
    ) {
        let operator = match pending_operator.take() {
            Some((operator, _)) => Some(operator),
            None if chain.is_empty() => None,
            None => {
                self.report(diagnostics::missing_chain_operator(effect_span(&effect)));
                Some(ChainOperator::Then)
            }
        };
        chain.push(self.arena, ChainLink { operator, effect });
    }

    /// A word that is neither a command nor a restriction: `ueot` misspelt, a bare ability.
    fn report_stray_word(&mut self, span: Span) {
        let word = self.name(span);
        let written = self.text(span).to_string();
        if self.names.abilities.contains(word.symbol) {
            self.report(diagnostics::bare_ability(span, &written));
            return;
        }
        let mut restriction_words: Vec<String> = Vec::new();
        for restriction in self.names.restrictions.names() {
            restriction_words.push(restriction.to_string());
            for prefix in self.names.restriction_prefixes.names() {
                restriction_words.push(format!("{prefix}{restriction}"));
            }
        }
        if diagnostics::suggest(&written, restriction_words.iter().map(String::as_str)).is_some() {
            let known: Vec<&str> = restriction_words.iter().map(String::as_str).collect();
            self.report(diagnostics::unknown_name(Code::E0018, span, "restriction", &written, &known));
        } else {
            let found = format!("`{written}`");
            self.report(diagnostics::expected(
                span,
                "a command, `+ability`, condition, target clause or restriction",
                &found,
            ));
        }
        self.recover_to_statement_end();
    }

    /// `oppueot` → prefix `opp`, timer `ueot`.
    fn restriction(&mut self, word: Name) -> Option<Restriction> {
        let span = word.span;
        if self.names.restrictions.contains(word.symbol) {
            return Some(Restriction { prefix: None, kind: word, span });
        }
        self.split_glued(word, Glued::Restriction).map(|(prefix, kind)| Restriction {
            prefix: Some(prefix),
            kind,
            span,
        })
    }

    /// `[[if me.hp <= 1000]]`, `[[may]]`, `[[may 'Draw a card?']]`.
    fn parse_condition(&mut self) -> Option<Condition<'a>> {
        let open = self.bump();
        self.bump();
        let keyword_token = self.peek();
        let condition = if keyword_token.kind == TokenKind::Ident && self.is_word(keyword_token.span, "if") {
            self.bump();
            let expression = self.parse_expression();
            Condition::If(expression, open.span)
        } else if keyword_token.kind == TokenKind::Ident && self.is_word(keyword_token.span, "may") {
            self.bump();
            let question = self.eat(TokenKind::Str).map(|token| self.string_literal(token.span));
            Condition::May(question, open.span)
        } else {
            self.expected("`if`, `may`, `elif` or `else` after `[[`");
            return None;
        };
        self.expect_double_close(open);
        let span = self.span_from(open.span);
        Some(match condition {
            Condition::If(expression, _) => Condition::If(expression, span),
            Condition::May(question, _) => Condition::May(question, span),
        })
    }

    fn expect_double_close(&mut self, open: &Token) {
        if self.at(TokenKind::RBracket) && self.peek_at(1).kind == TokenKind::RBracket {
            self.bump();
            self.bump();
        } else if matches!(self.peek().kind, TokenKind::Newline | TokenKind::Eof | TokenKind::Semi) {
            self.report(diagnostics::unclosed_bracket(open.span, '[', ']'));
            self.recover_to_statement_end();
        } else {
            self.expected("`]]`");
        }
    }

    /// `[[elif me.hand.size < opp.hand.size]] target(opp) discard(all)` or `[[else]] destroy()`.
    fn parse_otherwise(&mut self) -> Option<&'a Otherwise<'a>> {
        let open = self.bump();
        self.bump();
        let keyword_token = self.bump();
        let is_elif = self.is_word(keyword_token.span, "elif");
        let elif = if is_elif { Some(self.parse_expression()) } else { None };
        self.expect_double_close(open);
        if !self.enter() {
            return None;
        }
        let body = *self.parse_statement(if is_elif { BodyKind::Elif } else { BodyKind::Else });
        self.leave();
        Some(self.alloc(Otherwise { elif, body, span: self.span_from(open.span) }))
    }

    /// Whether the statement word `word` (the next token) starts a target clause: `to(`,
    /// `target?(`.
    fn at_target_clause(&self, word: Symbol) -> bool {
        let keywords = &self.names.keywords;
        self.names.is_keyword(word)
            && [keywords.to, keywords.target, keywords.from].contains(&word)
            && self.at_command()
    }

    /// `to(character@oppRing)`, `target?(reactions@discards)`.
    fn parse_target_clause(&mut self, keyword: Name) -> Option<TargetClause<'a>> {
        let keyword_token = self.bump();
        let optional = self.eat(TokenKind::Question).is_some();
        let open = self.bump();
        if self.at(TokenKind::RParen) {
            let close = self.bump();
            self.report(diagnostics::empty_value(open.span.to(close.span), "target clause"));
            return None;
        }
        let filter = self.parse_filter(true);
        self.expect_close(TokenKind::RParen, open, '(', ')');
        Some(TargetClause { keyword, optional, filter, span: self.span_from(keyword_token.span) })
    }

    // ---------------------------------------------------------------- commands and arguments

    /// `moveTo(ctrlDeck, -1, true)`, `shuffle?(ctrlDeck)`; `name` is the next token's.
    fn parse_command(&mut self, name: Name) -> Command<'a> {
        let name_token = self.bump();
        let optional = self.eat(TokenKind::Question).is_some();
        let open = self.bump();
        let params = self.names.command(name.symbol).map_or(&[][..], |command| command.spec.params);
        let mut args: List<'a, Arg<'a>, 3> = List::new();
        if self.eat(TokenKind::RParen).is_none() {
            if !self.enter() {
                return Command { name, optional, args: &[], span: self.span_from(name_token.span) };
            }
            let mut index = 0;
            loop {
                let kind = params.get(index).map(|param| param.kind);
                let arg = match kind {
                    Some(kind) => self.parse_arg(kind, name, index, index + 1 == params.len()),
                    None => self.parse_generic_arg(),
                };
                args.push(self.arena, arg);
                index += 1;
                if self.eat(TokenKind::Comma).is_none() {
                    break;
                }
            }
            self.leave();
            self.expect_close(TokenKind::RParen, open, '(', ')');
        }
        Command { name, optional, args: args.alloc_in(self.arena), span: self.span_from(name_token.span) }
    }

    /// One argument parsed by its declared kind; a mismatch is reported and the argument
    /// is parsed generically so that parsing goes on.
    fn parse_arg(&mut self, kind: ArgKind, command: Name, index: usize, is_last: bool) -> Arg<'a> {
        let token = self.peek();
        let ends_argument = |kind: TokenKind| matches!(kind, TokenKind::Comma | TokenKind::RParen);
        match kind {
            ArgKind::Int => match self.try_signed_int() {
                Some(arg) => arg,
                None => self.mismatch(command, index, "an integer"),
            },
            ArgKind::Expr => Arg::Expr(self.parse_expression()),
            ArgKind::Amount => {
                if let Some(eq) = self.eat(TokenKind::Eq) {
                    let value = self.parse_expression();
                    return Arg::Set(value, eq.span.to(value.span));
                }
                if let Some(times) = self.try_times() {
                    return times;
                }
                Arg::Expr(self.parse_expression())
            }
            ArgKind::CostChange => {
                if let Some(eq) = self.eat(TokenKind::Eq) {
                    return match self.try_signed_int() {
                        Some(Arg::Expr(value)) => Arg::Set(value, eq.span.to(value.span)),
                        _ => self.mismatch(command, index, "an integer after `=`"),
                    };
                }
                match self.try_signed_int() {
                    Some(arg) => arg,
                    None => self.mismatch(command, index, "an integer or `=integer`"),
                }
            }
            // A filter that is the last parameter may join types with `,`: `discard(opp,character)`.
            ArgKind::Filter => Arg::Filter(self.parse_filter(is_last)),
            ArgKind::CountOrFilter => {
                if token.kind == TokenKind::Int && ends_argument(self.peek_at(1).kind) {
                    self.try_signed_int().unwrap_or(Arg::Error(token.span))
                } else {
                    Arg::Filter(self.parse_filter(is_last))
                }
            }
            ArgKind::Pile => {
                if token.kind == TokenKind::Ident && ends_argument(self.peek_at(1).kind) {
                    self.bump();
                    Arg::Pile(self.zone_ref(token.span))
                } else {
                    self.mismatch(command, index, "a pile such as `deck` or `oppHand`")
                }
            }
            ArgKind::Position => {
                if let Some(question) = self.eat(TokenKind::Question) {
                    return Arg::Ask(question.span);
                }
                if self.at_bool() {
                    return self.bool_arg();
                }
                match self.try_signed_int() {
                    Some(arg) => arg,
                    None => self.mismatch(command, index, "a position (`0`, `-1`, `?`) or a boolean"),
                }
            }
            ArgKind::Bool if self.at_bool() => self.bool_arg(),
            ArgKind::Bool => self.mismatch(command, index, "`true` or `false`"),
            ArgKind::Keyword(_) | ArgKind::RuleSwitch => {
                if token.kind == TokenKind::Ident {
                    self.bump();
                    // `counter-attack`: words joined by `-` without spaces form one keyword.
                    let mut end = token.span;
                    while self.at(TokenKind::Minus)
                        && self.peek().span.start == end.end
                        && self.peek_at(1).kind == TokenKind::Ident
                        && self.peek_at(1).span.start == self.peek().span.end
                    {
                        self.bump();
                        end = self.bump().span;
                    }
                    let span = token.span.to(end);
                    Arg::Keyword(self.name(span))
                } else {
                    self.mismatch(command, index, "a keyword")
                }
            }
            ArgKind::CardRef => match self.eat(TokenKind::Str) {
                Some(string) => Arg::Str(self.string_literal(string.span), string.span),
                None => Arg::Expr(self.parse_expression()),
            },
            ArgKind::Each => self.parse_each(),
            ArgKind::Value => {
                if self.at_bool() {
                    return self.bool_arg();
                }
                match self.try_signed_int() {
                    Some(arg) => arg,
                    None => self.mismatch(command, index, "an integer or a boolean"),
                }
            }
        }
    }

    fn mismatch(&mut self, command: Name, index: usize, expected: &str) -> Arg<'a> {
        let start = self.peek().span;
        let _ = self.parse_generic_arg();
        let span = self.span_from(start);
        let arg = Arg::Error(span);
        let command_text = self.text(command.span).to_string();
        let param = self
            .names
            .command(command.symbol)
            .and_then(|command| command.spec.params.get(index))
            .map_or("argument", |param| param.name);
        self.report(diagnostics::wrong_argument_kind(span, &command_text, param, expected));
        arg
    }

    /// Whether the next token is `true` or `false`.
    fn at_bool(&self) -> bool {
        self.at_keyword("true") || self.at_keyword("false")
    }

    fn bool_arg(&mut self) -> Arg<'a> {
        let token = self.bump();
        let value = self.is_word(token.span, "true");
        Arg::Bool(value, token.span)
    }

    /// `300`, `-3`, `+2` followed by `,` or `)`.
    fn try_signed_int(&mut self) -> Option<Arg<'a>> {
        let first = self.peek();
        let (sign_length, int_token) = match first.kind {
            TokenKind::Plus | TokenKind::Minus if self.peek_at(1).kind == TokenKind::Int => (1, self.peek_at(1)),
            TokenKind::Int => (0, first),
            _ => return None,
        };
        if !matches!(self.peek_at(sign_length + 1).kind, TokenKind::Comma | TokenKind::RParen) {
            return None;
        }
        for _ in 0..=sign_length {
            self.bump();
        }
        let magnitude = self.parse_u32(int_token.span) as i64;
        let value = if first.kind == TokenKind::Minus { -magnitude } else { magnitude };
        let span = first.span.to(int_token.span);
        let value = i32::try_from(value).unwrap_or_else(|_| {
            let text = self.text(span).to_string();
            self.report(diagnostics::integer_out_of_range(span, &text));
            0
        });
        Some(Arg::Expr(self.alloc(Expr { kind: ExprKind::Int(value), span })))
    }

    /// `x2` in `bp(x2)`.
    fn try_times(&mut self) -> Option<Arg<'a>> {
        let token = self.peek();
        if token.kind != TokenKind::Ident {
            return None;
        }
        // Most words do not start with `x`: found from the first byte, before any slicing.
        if !matches!(self.source.as_bytes().get(token.span.start as usize), Some(b'x' | b'X')) {
            return None;
        }
        let text = self.text(token.span);
        let bytes = text.as_bytes();
        let is_times = bytes.len() > 1
            && (bytes[0] == b'x' || bytes[0] == b'X')
            && bytes[1..].iter().all(u8::is_ascii_digit)
            && matches!(self.peek_at(1).kind, TokenKind::Comma | TokenKind::RParen);
        if !is_times {
            return None;
        }
        self.bump();
        let factor = text[1..].parse::<u32>().unwrap_or_else(|_| {
            self.report(diagnostics::integer_out_of_range(token.span, text));
            0
        });
        Some(Arg::Times(factor, token.span))
    }

    /// An argument of an unknown command, or of a known one past its declared parameters.
    fn parse_generic_arg(&mut self) -> Arg<'a> {
        let token = self.peek();
        match token.kind {
            TokenKind::Eq => {
                self.bump();
                let value = self.parse_expression();
                Arg::Set(value, token.span.to(value.span))
            }
            TokenKind::Question => Arg::Ask(self.bump().span),
            TokenKind::Str if matches!(self.peek_at(1).kind, TokenKind::Comma | TokenKind::RParen) => {
                self.bump();
                Arg::Str(self.string_literal(token.span), token.span)
            }
            TokenKind::Lt | TokenKind::Star | TokenKind::Caret | TokenKind::Bang | TokenKind::Str => {
                Arg::Filter(self.parse_filter(false))
            }
            TokenKind::Ident
                if matches!(self.peek_at(1).kind, TokenKind::LBracket | TokenKind::At | TokenKind::ColonColon) =>
            {
                Arg::Filter(self.parse_filter(false))
            }
            TokenKind::Ident if self.at_bool() => self.bool_arg(),
            _ => Arg::Expr(self.parse_expression()),
        }
    }

    /// `card in destroyed => bp(+300)` or `characters[backedup] => damage(300)`.
    fn parse_each(&mut self) -> Arg<'a> {
        let start = self.peek().span;
        let source = if self.each_source_is_expression() {
            EachSource::Map(self.parse_expression())
        } else {
            EachSource::Filter(self.parse_filter(false))
        };
        if self.eat(TokenKind::FatArrow).is_none() {
            self.expected("`=>` and the effects to repeat");
            return Arg::Error(self.span_from(start));
        }
        let mut body: List<'a, ChainLink<'a>, 3> = List::new();
        let mut pending_operator: Option<(ChainOperator, Span)> = None;
        loop {
            let token = self.peek();
            match token.kind {
                TokenKind::Ident if self.at_command() => {
                    let name = self.name(token.span);
                    let command = self.parse_command(name);
                    self.push_effect(&mut body, &mut pending_operator, Effect::Command(command));
                }
                TokenKind::Plus | TokenKind::Minus if self.peek_at(1).kind == TokenKind::Ident => {
                    let grant = self.parse_grant();
                    self.push_effect(&mut body, &mut pending_operator, Effect::Grant(grant));
                }
                TokenKind::Amp | TokenKind::AmpAmp | TokenKind::PipePipe if !body.is_empty() => {
                    self.bump();
                    let operator = chain_operator(token.kind);
                    pending_operator = Some((operator, token.span));
                }
                _ => break,
            }
        }
        if body.is_empty() {
            self.expected("a command to repeat after `=>`");
        } else if let Some((_, span)) = pending_operator {
            self.report(diagnostics::expected(span, "an effect after this operator", "nothing"));
        }
        let span = self.span_from(start);
        Arg::Each(self.alloc(Each { source, body: body.alloc_in(self.arena), span }))
    }

    /// Whether an `in` comes before the `=>` of an `each` (at bracket depth zero).
    fn each_source_is_expression(&self) -> bool {
        let mut depth = 0usize;
        for token in &self.tokens[self.position.min(self.tokens.len())..] {
            match token.kind {
                TokenKind::LParen | TokenKind::LBracket => depth += 1,
                TokenKind::RParen | TokenKind::RBracket if depth == 0 => return false,
                TokenKind::RParen | TokenKind::RBracket => depth -= 1,
                TokenKind::FatArrow | TokenKind::Newline | TokenKind::Eof | TokenKind::Semi => {
                    return false;
                }
                TokenKind::Ident if depth == 0 && self.is_word(token.span, "in") => {
                    return true;
                }
                _ => {}
            }
        }
        false
    }

    fn string_literal(&mut self, span: Span) -> Symbol {
        let text = self.text(span);
        let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
        self.interner.get_or_intern(inner)
    }

    fn parse_u32(&mut self, span: Span) -> u32 {
        // Up to nine digits always fit: add them up without the general parser.
        // The bytes, without the character-boundary checks of slicing the text: nine ASCII
        // digits are always whole characters, and anything else takes the general parser.
        let digits = self.source.as_bytes().get(span.range()).unwrap_or(&[]);
        if (1..=9).contains(&digits.len()) {
            let mut value = 0;
            for &byte in digits {
                let digit = byte.wrapping_sub(b'0');
                if digit > 9 {
                    return self.parse_u32_text(span);
                }
                value = value * 10 + u32::from(digit);
            }
            return value;
        }
        self.parse_u32_text(span)
    }

    /// [`Parser::parse_u32`] by the general parser: long or odd text, reported when it
    /// does not fit an `i32`.
    fn parse_u32_text(&mut self, span: Span) -> u32 {
        let text = self.text(span);
        text.parse::<u32>().ok().filter(|value| *value <= i32::MAX as u32).unwrap_or_else(|| {
            let text = text.to_string();
            self.report(diagnostics::integer_out_of_range(span, &text));
            0
        })
    }

    // ---------------------------------------------------------------- target filters

    /// `<2>character<1>[bp>=800 & attack]@oppRing::not(tgt)`; `allow_comma` lets `,`
    /// join types (`opp,character`) where a comma cannot end the filter.
    fn parse_filter(&mut self, allow_comma: bool) -> &'a TargetFilter<'a> {
        // The usual filter is one type word, singular or plural, and nothing else
        // (`target(this)`, `to(characters)`): built at once, as the full path would build
        // it, without going through quantities, picks, terms, zones and selectors.
        let token = self.peek();
        if token.kind == TokenKind::Ident
            && self.depth < MAX_DEPTH
            && matches!(self.peek_at(1).kind, TokenKind::RParen | TokenKind::Semi | TokenKind::Newline | TokenKind::Eof)
        {
            let word = self.name(token.span);
            let type_word = if word.symbol == self.names.keywords.all {
                None
            } else if self.names.is_type_word(word.symbol) {
                Some((word, false))
            } else {
                self.singular_type_word(word).map(|singular| (singular, true))
            };
            if let Some((word, plural)) = type_word {
                self.bump();
                let span = token.span;
                let types = std::slice::from_ref(self.alloc(TypeTerm {
                    exclude_source: false,
                    negate: false,
                    plural,
                    atom: TypeAtom::Word(word),
                    span,
                }));
                return self.alloc(TargetFilter {
                    quantity: None,
                    types,
                    type_operator: TypeOperator::Single,
                    pick: None,
                    terms: &[],
                    zone: None,
                    selector: None,
                    span,
                });
            }
        }
        self.parse_full_filter(allow_comma)
    }

    /// [`Parser::parse_filter`] for any filter.
    fn parse_full_filter(&mut self, allow_comma: bool) -> &'a TargetFilter<'a> {
        let start = self.peek().span;
        if !self.enter() {
            return self.error_filter(start);
        }
        let quantity = if self.at(TokenKind::Lt) { self.parse_quantity() } else { None };
        let (types, type_operator) = if self.at_type_term() {
            self.parse_type_terms(allow_comma)
        } else if quantity.is_none() {
            self.leave();
            self.expected("a target type such as `character`, `opp` or `*`");
            return self.error_filter(start);
        } else {
            (&[][..], TypeOperator::Single)
        };
        let mut pick = if self.at(TokenKind::Lt) { self.parse_pick() } else { None };
        let terms = if self.at(TokenKind::LBracket) { self.parse_filter_terms() } else { &[] };
        if pick.is_none() && self.at(TokenKind::Lt) {
            pick = self.parse_pick();
        }
        let zone = if self.eat(TokenKind::At).is_some() {
            let token = self.peek();
            if token.kind == TokenKind::Ident {
                self.bump();
                Some(self.zone_ref(token.span))
            } else {
                self.expected("a zone such as `ring` or `oppDeck` after `@`");
                None
            }
        } else {
            None
        };
        let selector =
            if let Some(colons) = self.eat(TokenKind::ColonColon) { self.parse_selector(colons) } else { None };
        self.leave();
        self.alloc(TargetFilter {
            quantity,
            types,
            type_operator,
            pick,
            terms,
            zone,
            selector,
            span: self.span_from(start),
        })
    }

    /// `character`, `opp,character`, `item&character`: a filter's types and the operator
    /// that joins them.
    fn parse_type_terms(&mut self, allow_comma: bool) -> (&'a [TypeTerm<'a>], TypeOperator) {
        let Some(first) = self.parse_type_term() else { return (&[], TypeOperator::Single) };
        let Some(mut operator) = self.type_operator_at(allow_comma) else {
            // The usual single type goes to the arena without a list.
            return (std::slice::from_ref(self.alloc(first)), TypeOperator::Single);
        };
        let mut types: SmallVec<[TypeTerm<'a>; 4]> = smallvec::smallvec![first];
        let mut type_operator = TypeOperator::Single;
        loop {
            let operator_token = self.bump();
            if type_operator != TypeOperator::Single && type_operator != operator {
                let found = self.describe(operator_token);
                self.report(diagnostics::expected(
                    operator_token.span,
                    "the same operator between all types (`,` or `&`, not both)",
                    &found,
                ));
            }
            type_operator = operator;
            let Some(term) = self.parse_type_term() else { break };
            types.push(term);
            match self.type_operator_at(allow_comma) {
                Some(next) => operator = next,
                None => break,
            }
        }
        (self.alloc_slice(&types), type_operator)
    }

    /// The operator joining the type just parsed to another, if one follows.
    fn type_operator_at(&self, allow_comma: bool) -> Option<TypeOperator> {
        match self.peek().kind {
            TokenKind::Comma if allow_comma && self.peek_at(1).kind != TokenKind::Newline => Some(TypeOperator::Choice),
            TokenKind::Amp => Some(TypeOperator::Union),
            _ => None,
        }
    }

    fn error_filter(&self, start: Span) -> &'a TargetFilter<'a> {
        self.alloc(TargetFilter {
            quantity: None,
            types: &[],
            type_operator: TypeOperator::Single,
            pick: None,
            terms: &[],
            zone: None,
            selector: None,
            span: start,
        })
    }

    fn at_type_term(&self) -> bool {
        matches!(
            self.peek().kind,
            TokenKind::Star | TokenKind::Str | TokenKind::Ident | TokenKind::Caret | TokenKind::Bang
        )
    }

    /// `<2>`, `<1,5>`, `<,3>`, `<**>`, `<r>`, `<r2>`.
    fn parse_quantity(&mut self) -> Option<Quantity> {
        let open = self.bump();
        let keywords = &self.names.keywords;
        let token = self.peek();
        let kind = match token.kind {
            TokenKind::Star if self.peek_at(1).kind == TokenKind::Star => {
                self.bump();
                self.bump();
                QuantityKind::Any
            }
            TokenKind::Ident => {
                self.bump();
                let text = self.text(token.span);
                let is_random = text.as_bytes().first().is_some_and(|byte| byte.eq_ignore_ascii_case(&b'r'))
                    && text[1..].bytes().all(|byte| byte.is_ascii_digit());
                if !is_random {
                    self.report(diagnostics::invalid_quantity(token.span, "expected a number, `**` or `r`"));
                    self.recover_to_statement_end();
                    return None;
                }
                let _ = keywords.r;
                if text.len() == 1 {
                    QuantityKind::Random(None)
                } else {
                    QuantityKind::Random(Some(
                        self.parse_u32(Span::new(token.span.start as usize + 1, token.span.end as usize)),
                    ))
                }
            }
            TokenKind::Comma => {
                self.bump();
                let max = self.expect_count()?;
                QuantityKind::Range(None, max)
            }
            TokenKind::Int => {
                let first = self.expect_count()?;
                if self.eat(TokenKind::Comma).is_some() {
                    let max = self.expect_count()?;
                    QuantityKind::Range(Some(first), max)
                } else {
                    QuantityKind::Exact(first)
                }
            }
            _ => {
                self.report(diagnostics::invalid_quantity(token.span, "expected a number, `**` or `r`"));
                self.recover_to_statement_end();
                return None;
            }
        };
        if self.eat(TokenKind::Gt).is_none() {
            self.expected("`>` to close the quantity");
            return None;
        }
        let span = self.span_from(open.span);
        match kind {
            QuantityKind::Range(min, max) if min.unwrap_or(1) > max => {
                self.report(diagnostics::invalid_quantity(span, "the minimum is larger than the maximum"));
            }
            QuantityKind::Exact(0) | QuantityKind::Random(Some(0)) | QuantityKind::Range(_, 0) => {
                self.report(diagnostics::invalid_quantity(span, "a quantity must be at least 1"));
            }
            _ => {}
        }
        Some(Quantity { kind, span })
    }

    fn expect_count(&mut self) -> Option<u32> {
        match self.eat(TokenKind::Int) {
            Some(token) => Some(self.parse_u32(token.span)),
            None => {
                let span = self.peek().span;
                self.report(diagnostics::invalid_quantity(span, "expected a number"));
                self.recover_to_statement_end();
                None
            }
        }
    }

    /// `<1>` or `<-2>` after the type.
    fn parse_pick(&mut self) -> Option<Pick> {
        let open = self.bump();
        let sign = match self.peek().kind {
            TokenKind::Minus => {
                self.bump();
                -1
            }
            TokenKind::Plus => {
                self.bump();
                1
            }
            _ => 1,
        };
        let count = self.expect_count()?;
        if self.eat(TokenKind::Gt).is_none() {
            self.expected("`>` to close the pick");
            return None;
        }
        let span = self.span_from(open.span);
        if count == 0 {
            self.report(diagnostics::invalid_quantity(span, "a pick must be at least 1"));
        }
        Some(Pick { count: sign * count as i32, span })
    }

    /// `^characters`, `!"Emulate"`, `*s`, `"Q-Bee"s`, `opp`, `all`, `tgt.0`.
    fn parse_type_term(&mut self) -> Option<TypeTerm<'a>> {
        let start = self.peek().span;
        let exclude_source = self.eat(TokenKind::Caret).is_some();
        let negate = self.eat(TokenKind::Bang).is_some();
        let token = self.peek();
        let keywords = &self.names.keywords;
        let (atom, mut plural) = match token.kind {
            TokenKind::Star => {
                self.bump();
                (TypeAtom::Any, false)
            }
            TokenKind::Str => {
                self.bump();
                (TypeAtom::CardName(self.string_literal(token.span), token.span), false)
            }
            TokenKind::Ident => {
                let word = self.name(token.span);
                if word.symbol == keywords.all {
                    self.bump();
                    (TypeAtom::Any, true)
                } else if self.names.is_type_word(word.symbol) {
                    self.bump();
                    (TypeAtom::Word(word), false)
                } else if let Some(singular) = self.singular_type_word(word) {
                    self.bump();
                    (TypeAtom::Word(singular), true)
                } else if self.peek_at(1).kind == TokenKind::Dot
                    || self.peek_at(1).kind == TokenKind::LParen
                    || self.names.variables.contains(word.symbol)
                    || self.text(token.span).starts_with('_')
                {
                    (TypeAtom::Expr(self.parse_postfix()), false)
                } else {
                    self.bump();
                    (TypeAtom::Word(word), false)
                }
            }
            _ => {
                self.expected("a target type");
                return None;
            }
        };
        // A glued `s` makes `*` and quoted names plural: `*s`, `"Q-Bee"s`.
        let next = self.peek();
        if matches!(atom, TypeAtom::Any | TypeAtom::CardName(..))
            && next.kind == TokenKind::Ident
            && next.span.start == token.span.end
            && self.is_word(next.span, "s")
        {
            self.bump();
            plural = true;
        }
        Some(TypeTerm { exclude_source, negate, plural, atom, span: self.span_from(start) })
    }

    /// `characters` → `character` when the singular is a type word (found once per
    /// session and word, then remembered).
    fn singular_type_word(&mut self, word: Name) -> Option<Name> {
        let singular = match self.names_seen.singular(word.symbol) {
            Some(singular) => singular,
            None => {
                let singular = self.find_singular_type_word(word.span);
                self.names_seen.remember_singular(word.symbol, singular);
                singular
            }
        };
        // Every spelling of the word has the symbol's length and ends in `s`: its singular
        // is all but the last byte.
        singular.map(|symbol| Name {
            symbol,
            span: Span::new(word.span.start as usize, (word.span.end as usize).saturating_sub(1)),
        })
    }

    /// [`Parser::singular_type_word`] the first time: the singular's symbol.
    fn find_singular_type_word(&mut self, span: Span) -> Option<Symbol> {
        // Most words do not end in `s`: found from the last byte, before any slicing.
        if !matches!(self.source.as_bytes().get((span.end as usize).wrapping_sub(1)), Some(b's' | b'S')) {
            return None;
        }
        let text = self.text(span);
        if text.len() < 2 || !text.ends_with(['s', 'S']) {
            return None;
        }
        let singular_span = Span::new(span.start as usize, span.end as usize - 1);
        let singular = self.interner_get_lower(singular_span)?;
        // (Type words are interned with the catalogue, before any card: a word without an
        // interned singular never gets one that is a type word.)
        if self.names.is_type_word(singular) { Some(singular) } else { None }
    }

    /// `[bp>=800 & attack, bp>=800 & uattack]`.
    fn parse_filter_terms(&mut self) -> &'a [&'a [FilterTerm]] {
        let open = self.bump();
        let mut alternatives: SmallVec<[&'a [FilterTerm]; 2]> = SmallVec::new();
        let mut group: SmallVec<[FilterTerm; 4]> = SmallVec::new();
        while let Some(term) = self.parse_filter_term() {
            group.push(term);
            match self.peek().kind {
                TokenKind::Amp => {
                    self.bump();
                }
                TokenKind::Comma => {
                    self.bump();
                    alternatives.push(self.alloc_slice(&group));
                    group.clear();
                }
                _ => break,
            }
        }
        if !group.is_empty() {
            alternatives.push(self.alloc_slice(&group));
        }
        self.expect_close(TokenKind::RBracket, open, '[', ']');
        self.alloc_slice(&alternatives)
    }

    /// `-frozen`, `bp>=-100`, `bp:lowest`, `action`.
    fn parse_filter_term(&mut self) -> Option<FilterTerm> {
        let start = self.peek().span;
        let negated = match self.peek().kind {
            TokenKind::Minus | TokenKind::Caret => {
                self.bump();
                true
            }
            TokenKind::Plus => {
                self.bump();
                false
            }
            _ => false,
        };
        let token = self.peek();
        if token.kind != TokenKind::Ident {
            self.expected("a filter such as `frozen` or `bp>=500`");
            return None;
        }
        self.bump();
        let name = self.name(token.span);
        let kind = if let Some(operator) = self.comparison_operator() {
            self.bump();
            let negative = match self.peek().kind {
                TokenKind::Minus => {
                    self.bump();
                    true
                }
                TokenKind::Plus => {
                    self.bump();
                    false
                }
                _ => false,
            };
            let Some(number) = self.eat(TokenKind::Int) else {
                self.expected("a number to compare with");
                return None;
            };
            let magnitude = self.parse_u32(number.span) as i32;
            FilterTermKind::Compare(name, operator, if negative { -magnitude } else { magnitude })
        } else if self.eat(TokenKind::Colon).is_some() {
            let word = self.peek();
            if word.kind != TokenKind::Ident {
                self.expected("a word such as `lowest` after `:`");
                return None;
            }
            self.bump();
            FilterTermKind::Rank(name, self.name(word.span))
        } else {
            FilterTermKind::Word(name)
        };
        Some(FilterTerm { negated, kind, span: self.span_from(start) })
    }

    /// `::not(tgt)`.
    fn parse_selector(&mut self, colons: &Token) -> Option<Selector<'a>> {
        let token = self.peek();
        if token.kind != TokenKind::Ident {
            self.expected("a selector name such as `not`");
            return None;
        }
        self.bump();
        let name = self.name(token.span);
        let Some(open) = self.eat(TokenKind::LParen) else {
            self.expected("`(` after the selector name");
            return None;
        };
        let argument = self.parse_expression();
        self.expect_close(TokenKind::RParen, open, '(', ')');
        Some(Selector { name, argument, span: self.span_from(colons.span) })
    }

    // ---------------------------------------------------------------- expressions

    /// `all card.bp <= 300 in me.ring`, `me.hand.size > opp.hand.size`.
    pub fn parse_expression(&mut self) -> &'a Expr<'a> {
        let start = self.peek();
        if start.kind == TokenKind::Int && self.depth < MAX_DEPTH && ends_operand(self.peek_at(1).kind) {
            // A lone number (`damage(300)`), as the full path below would parse it, found
            // without a call.
            self.bump();
            let value = self.parse_u32(start.span) as i32;
            return self.alloc(Expr { kind: ExprKind::Int(value), span: start.span });
        }
        if matches!(start.kind, TokenKind::Plus | TokenKind::Minus)
            && self.depth + 1 < MAX_DEPTH
            && self.peek_at(1).kind == TokenKind::Int
            && ends_operand(self.peek_at(2).kind)
        {
            // A lone signed number (`bp(+300)`, `-1`), as the full path would parse it.
            return self.parse_signed_number();
        }
        self.parse_compound_expression()
    }

    /// `+300` (a unary plus on 300) or `-1` (the literal -1) before `,`, `)` or the end.
    fn parse_signed_number(&mut self) -> &'a Expr<'a> {
        let sign = self.bump();
        let number = self.bump();
        let magnitude = self.parse_u32(number.span) as i32;
        if sign.kind == TokenKind::Minus {
            return self.alloc(Expr { kind: ExprKind::Int(-magnitude), span: sign.span.to(number.span) });
        }
        let operand = self.alloc(Expr { kind: ExprKind::Int(magnitude), span: number.span });
        self.alloc(Expr { kind: ExprKind::Unary(UnaryOp::Plus, operand), span: sign.span.to(operand.span) })
    }

    /// [`Parser::parse_expression`] for anything but a lone number.
    fn parse_compound_expression(&mut self) -> &'a Expr<'a> {
        let start = self.peek().span;
        if !self.enter() {
            return self.alloc(Expr { kind: ExprKind::Error, span: start });
        }
        if self.at_lone_operand() {
            // What every level of operators would hand down untouched.
            let operand = self.parse_unary();
            self.leave();
            return operand;
        }
        let all = self.at_keyword("all") && self.peek_at(1).kind != TokenKind::Dot;
        if all {
            self.bump();
        }
        let item = self.parse_or();
        let expression = if self.at_keyword("in") {
            self.bump();
            let list = self.parse_or();
            let kind = if all { ExprKind::All(item, list) } else { ExprKind::Map(item, list) };
            self.alloc(Expr { kind, span: self.span_from(start) })
        } else {
            if all {
                self.expected("`in` after `all ...`");
            }
            item
        };
        self.leave();
        expression
    }

    /// Whether the expression ahead is one operand that no operator level would extend: an
    /// optionally signed literal or name with `.attribute` and `.0` suffixes (`300`, `-3`,
    /// `_coin`, `prevTgt.0.lastBP`) before `,`, `)`, `]`, `;` or the end of the line.
    fn at_lone_operand(&self) -> bool {
        let mut offset = usize::from(matches!(self.peek().kind, TokenKind::Plus | TokenKind::Minus));
        let atom = self.peek_at(offset);
        let simple = match atom.kind {
            TokenKind::Int | TokenKind::Str => true,
            // Calls, `not x` and `all x in ...` take the full path.
            TokenKind::Ident => {
                self.peek_at(offset + 1).kind != TokenKind::LParen
                    && !self.is_word(atom.span, "not")
                    && !self.is_word(atom.span, "all")
            }
            _ => false,
        };
        if !simple {
            return false;
        }
        offset += 1;
        while self.peek_at(offset).kind == TokenKind::Dot
            && matches!(self.peek_at(offset + 1).kind, TokenKind::Ident | TokenKind::Int)
        {
            offset += 2;
        }
        ends_operand(self.peek_at(offset).kind)
    }

    /// One level of left-associative infix operators: `a or b or c`, `a + b - c`.
    fn parse_infix(
        &mut self,
        operand: impl Fn(&mut Self) -> &'a Expr<'a>,
        operator_at: impl Fn(&Self) -> Option<BinaryOp>,
    ) -> &'a Expr<'a> {
        let mut left = operand(self);
        while let Some(operator) = operator_at(self) {
            self.bump();
            let right = operand(self);
            left = self.binary(operator, left, right);
        }
        left
    }

    fn parse_or(&mut self) -> &'a Expr<'a> {
        self.parse_infix(Self::parse_and, |parser| parser.at_keyword("or").then_some(BinaryOp::Or))
    }

    fn parse_and(&mut self) -> &'a Expr<'a> {
        self.parse_infix(Self::parse_not, |parser| parser.at_keyword("and").then_some(BinaryOp::And))
    }

    fn parse_not(&mut self) -> &'a Expr<'a> {
        if self.at_keyword("not") {
            let token = self.bump();
            if !self.enter() {
                return self.alloc(Expr { kind: ExprKind::Error, span: token.span });
            }
            let operand = self.parse_not();
            self.leave();
            return self
                .alloc(Expr { kind: ExprKind::Unary(UnaryOp::Not, operand), span: token.span.to(operand.span) });
        }
        self.parse_comparison()
    }

    fn parse_comparison(&mut self) -> &'a Expr<'a> {
        let left = self.parse_sum();
        let Some(operator) = self.comparison_operator() else { return left };
        self.bump();
        let right = self.parse_sum();
        let next = self.peek();
        if compare_op_of(next.kind).is_some() {
            let written = self.text(next.span).to_string();
            let mut diagnostic = diagnostics::invalid_comparison(next.span, &written);
            diagnostic.help = Some("comparisons do not chain: join them with `and`".into());
            self.report(diagnostic);
            self.recover_to_statement_end();
        }
        self.binary(BinaryOp::Compare(operator), left, right)
    }

    /// The comparison operator at the next token, if any. A single `=` is reported (it is
    /// not an assignment) and read as `==` so that parsing goes on.
    fn comparison_operator(&mut self) -> Option<CompareOp> {
        let token = self.peek();
        if token.kind == TokenKind::Eq {
            return Some(self.single_equals(token));
        }
        compare_op_of(token.kind)
    }

    /// Reports `=` used as a comparison; it reads as `==`.
    fn single_equals(&mut self, token: &Token) -> CompareOp {
        self.report(diagnostics::invalid_comparison(token.span, "="));
        CompareOp::Eq
    }

    fn parse_sum(&mut self) -> &'a Expr<'a> {
        self.parse_infix(Self::parse_product, |parser| match parser.peek().kind {
            TokenKind::Plus => Some(BinaryOp::Add),
            TokenKind::Minus => Some(BinaryOp::Sub),
            _ => None,
        })
    }

    fn parse_product(&mut self) -> &'a Expr<'a> {
        self.parse_infix(Self::parse_unary, |parser| match parser.peek().kind {
            TokenKind::Star => Some(BinaryOp::Mul),
            TokenKind::Slash => Some(BinaryOp::Div),
            TokenKind::Percent => Some(BinaryOp::Rem),
            _ => None,
        })
    }

    fn parse_unary(&mut self) -> &'a Expr<'a> {
        let token = self.peek();
        let operator = match token.kind {
            TokenKind::Minus => UnaryOp::Neg,
            TokenKind::Plus => UnaryOp::Plus,
            _ => return self.parse_postfix(),
        };
        self.bump();
        // `-3` is the literal -3.
        if operator == UnaryOp::Neg && self.at(TokenKind::Int) && !self.postfix_follows_int() {
            let number = self.bump();
            let magnitude = self.parse_u32(number.span) as i32;
            return self.alloc(Expr { kind: ExprKind::Int(-magnitude), span: token.span.to(number.span) });
        }
        if !self.enter() {
            return self.alloc(Expr { kind: ExprKind::Error, span: token.span });
        }
        let operand = self.parse_unary();
        self.leave();
        self.alloc(Expr { kind: ExprKind::Unary(operator, operand), span: token.span.to(operand.span) })
    }

    fn postfix_follows_int(&self) -> bool {
        self.peek_at(1).kind == TokenKind::Dot
    }

    /// `discarded.0.bp`, `getTargets('...')`, `(a + b)`.
    fn parse_postfix(&mut self) -> &'a Expr<'a> {
        let mut expression = self.parse_primary();
        while self.at(TokenKind::Dot) {
            self.bump();
            let token = self.peek();
            let kind = match token.kind {
                TokenKind::Ident => {
                    self.bump();
                    ExprKind::Attr(expression, self.name(token.span))
                }
                TokenKind::Int => {
                    self.bump();
                    ExprKind::Index(expression, self.parse_u32(token.span))
                }
                _ => {
                    self.expected("an attribute or an index after `.`");
                    return self.alloc(Expr { kind: ExprKind::Error, span: token.span });
                }
            };
            expression = self.alloc(Expr { kind, span: expression.span.to(token.span) });
        }
        expression
    }

    fn parse_primary(&mut self) -> &'a Expr<'a> {
        let token = self.peek();
        let keywords = &self.names.keywords;
        let kind = match token.kind {
            TokenKind::Int => {
                self.bump();
                ExprKind::Int(self.parse_u32(token.span) as i32)
            }
            TokenKind::Str => {
                self.bump();
                ExprKind::Str(self.string_literal(token.span))
            }
            TokenKind::Ident => {
                self.bump();
                let name = self.name(token.span);
                if !self.names.is_keyword(name.symbol) {
                    // The usual name: no keyword to compare it with.
                    if let Some(open) = self.eat(TokenKind::LParen) {
                        return self.parse_call(name, open);
                    }
                    ExprKind::Name(name)
                } else if name.symbol == keywords.true_ {
                    ExprKind::Bool(true)
                } else if name.symbol == keywords.false_ {
                    ExprKind::Bool(false)
                } else if name.symbol == keywords.nil {
                    ExprKind::Nil
                } else if [keywords.not, keywords.and, keywords.or, keywords.in_, keywords.all].contains(&name.symbol) {
                    let found = format!("`{}`", self.text(token.span));
                    self.report(diagnostics::expected(token.span, "an expression (parenthesise `not ...`)", &found));
                    self.recover_to_statement_end();
                    ExprKind::Error
                } else if let Some(open) = self.eat(TokenKind::LParen) {
                    return self.parse_call(name, open);
                } else {
                    ExprKind::Name(name)
                }
            }
            TokenKind::LParen => {
                self.bump();
                let inner = self.parse_expression();
                self.expect_close(TokenKind::RParen, token, '(', ')');
                let span = self.span_from(token.span);
                return self.alloc(Expr { kind: inner.kind, span });
            }
            _ => {
                self.expected("an expression");
                ExprKind::Error
            }
        };
        self.alloc(Expr { kind, span: self.span_from(token.span) })
    }

    /// `abs(discarded.0.sp)`.
    fn parse_call(&mut self, callee: Name, open: &Token) -> &'a Expr<'a> {
        let mut args: SmallVec<[Expr<'a>; 2]> = SmallVec::new();
        if self.eat(TokenKind::RParen).is_none() {
            loop {
                args.push(*self.parse_expression());
                if self.eat(TokenKind::Comma).is_none() {
                    break;
                }
            }
            self.expect_close(TokenKind::RParen, open, '(', ')');
        }
        let span = self.span_from(callee.span);
        self.alloc(Expr { kind: ExprKind::Call(callee, self.alloc_slice(&args)), span })
    }

    fn binary(&self, operator: BinaryOp, left: &'a Expr<'a>, right: &'a Expr<'a>) -> &'a Expr<'a> {
        self.alloc(Expr { kind: ExprKind::Binary(operator, left, right), span: left.span.to(right.span) })
    }
}

/// Whether a token of `kind` ends an operand that no operator extends: `,`, `)`, `]`, `;`
/// or the end of the line.
fn ends_operand(kind: TokenKind) -> bool {
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
fn compare_op_of(kind: TokenKind) -> Option<CompareOp> {
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

fn chain_operator(kind: TokenKind) -> ChainOperator {
    match kind {
        TokenKind::Amp => ChainOperator::Then,
        TokenKind::AmpAmp => ChainOperator::AndThen,
        _ => ChainOperator::OrElse,
    }
}

fn condition_span(condition: &Condition<'_>) -> Span {
    match condition {
        Condition::If(_, span) | Condition::May(_, span) => *span,
    }
}

fn effect_span(effect: &Effect<'_>) -> Span {
    match effect {
        Effect::Command(command) => command.span,
        Effect::Grant(grant) => grant.span,
    }
}

#[cfg(test)]
mod tests {
    use super::NameCache;

    #[test]
    fn name_keys_are_equal_exactly_for_equal_texts() {
        let key = |text: &str| NameCache::key(text.as_bytes(), 0, text.len());
        assert_ne!(key("MoveTo"), key("moveto"));
        assert_ne!(key("abcdefgh"), key("abcdefgh_"));
        assert!(key("0123456789abcdef").is_some());
        assert_eq!(key("0123456789abcdefg"), None);
        // Only the text counts, wherever it is in the source and whatever surrounds it.
        let source = b"action = draw(2) to(this) # abcdefghijklmnop moveTo";
        for (start, text) in [(9, "draw"), (0, "action"), (17, "to"), (source.len() - 6, "moveTo"), (26, "# a")] {
            assert_eq!(NameCache::key(source, start, text.len()), key(text), "{text}");
        }
        assert_eq!(NameCache::key(b"xdry", 1, 2), key("dr"));
        assert_eq!(NameCache::key(b"xy", 1, 2), None);
        assert_eq!(NameCache::key(source, source.len(), 0), key(""));
    }
}
