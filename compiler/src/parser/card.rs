//! A card and its properties (`name`, `abilities`, `vars`, `label`...), actions and autos
//! with their costs and triggers.

use crate::Span;
use crate::diagnostics::{self};
use crate::lexer::{Token, TokenKind};
use smallvec::SmallVec;

use super::*;
impl<'a, 't> Parser<'a, 't> {
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
    pub(super) fn parse_property(&mut self, properties: &mut SmallVec<[Property<'a>; 4]>) {
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
    pub(super) fn report_no_line_end(&mut self) {
        let token = self.peek();
        let found = self.describe(token);
        self.report(diagnostics::expected(token.span, "end of line", &found));
        self.recover_to_line_end();
    }

    /// Reports a line that does not start with a property key, and skips it.
    pub(super) fn report_no_property_key(&mut self, token: &Token) {
        let found = self.describe(token);
        self.report(diagnostics::expected(token.span, "a property such as `action =`", &found));
        self.recover_to_line_end();
    }

    /// Reports a key that is no property, and skips the line.
    pub(super) fn report_unknown_property(&mut self, key: Name) {
        let written = self.text(key.span).to_string();
        self.report(diagnostics::unknown_property(key.span, &written, crate::catalogue_names::PROPERTY_KEYS));
        self.recover_to_line_end();
    }

    /// Reports a property key without `=`, and skips the line.
    pub(super) fn report_property_without_equals(&mut self, key: Name) {
        let written = self.text(key.span).to_string();
        self.report(diagnostics::property_without_equals(self.peek().span, &written));
        self.recover_to_line_end();
    }

    /// Reports a property without a value; the span of the property.
    pub(super) fn report_empty_property(&mut self, key: Name) -> Span {
        let span = self.span_from(key.span);
        let written = self.text(key.span).to_string();
        self.report(diagnostics::empty_value(span, &format!("value of `{written}`")));
        span
    }

    /// `character@myRing; character@oppRing` (target) or `a<1> && b<1>` (requisite).
    pub(super) fn parse_filter_list(&mut self, separator: TokenKind) -> &'a [TargetFilter<'a>] {
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
    pub(super) fn parse_abilities(&mut self) -> &'a [Name] {
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
    pub(super) fn parse_vars(&mut self) -> &'a [VarDecl<'a>] {
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
    pub(super) fn parse_label(&mut self) -> PropertyValue<'a> {
        let Some(token) = self.eat(TokenKind::LabelText) else {
            self.expected("label text");
            return PropertyValue::Error;
        };
        let text = self.interner.get_or_intern(unquote_label(self.text(token.span)));
        PropertyValue::Label(Label { text, span: token.span })
    }

    // ---------------------------------------------------------------- actions and autos

    /// `{D}{F}: bp(+300); draw()`.
    pub(super) fn parse_action(&mut self) -> Action<'a> {
        let costs = self.parse_cost_block();
        let statements = self.parse_statements();
        Action { costs, statements }
    }

    /// `~myEndPhase:once~ destroy() target(this)` or `enableRule(ab_trigger_fresh)`.
    pub(super) fn parse_auto(&mut self) -> &'a Auto<'a> {
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
    pub(super) fn parse_cost_block(&mut self) -> &'a [Cost<'a>] {
        if !self.at(TokenKind::LBrace) {
            return &[];
        }
        self.parse_costs()
    }

    /// [`Parser::parse_cost_block`] from its first `{`.
    pub(super) fn parse_costs(&mut self) -> &'a [Cost<'a>] {
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
    pub(super) fn parse_trigger(&mut self) -> Trigger<'a> {
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
    pub(super) fn parse_event_ref(&mut self) -> Option<EventRef> {
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
                let what = self.names.examples.event_suffix.as_str();
                self.expected(what);
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
    pub(super) fn split_glued(&mut self, word: Name, glued: Glued) -> Option<(Name, Name)> {
        let split = match self.names_seen.split(glued, word.symbol) {
            Lookup::Found(split) => Some(split),
            Lookup::Absent => None,
            Lookup::NotTried => {
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
    pub(super) fn find_split(&mut self, span: Span, glued: Glued) -> Option<Split> {
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
    pub(super) fn zone_ref(&mut self, span: Span) -> ZoneRef {
        let word = self.name(span);
        if self.names.zones.contains(word.symbol) {
            return ZoneRef { prefix: None, zone: word, span };
        }
        match self.split_glued(word, Glued::Zone) {
            Some((prefix, zone)) => ZoneRef { prefix: Some(prefix), zone, span },
            None => ZoneRef { prefix: None, zone: word, span },
        }
    }
}

/// A label's text as the lexer handed it over, without the quotes around it when it begins
/// and ends with the same quote.
pub(crate) fn unquote_label(raw: &str) -> &str {
    let bytes = raw.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(&first), Some(&last)) if bytes.len() >= 2 && first == last && (first == b'"' || first == b'\'') => {
            &raw[1..raw.len() - 1]
        }
        _ => raw,
    }
}
