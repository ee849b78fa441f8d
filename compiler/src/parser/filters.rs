//! Target filters: quantity, type terms, pick, filter terms, zone and selector.

use crate::Span;
use crate::ast::*;
use crate::diagnostics::{self};
use crate::lexer::{Token, TokenKind};
use smallvec::SmallVec;

use super::*;
impl<'a, 't> Parser<'a, 't> {
    // ---------------------------------------------------------------- target filters

    /// `<2>character<1>[bp>=800 & attack]@oppRing::not(tgt)`; `allow_comma` lets `,`
    /// join types (`opp,character`) where a comma cannot end the filter.
    pub(super) fn parse_filter(&mut self, allow_comma: bool) -> &'a TargetFilter<'a> {
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
    pub(super) fn parse_full_filter(&mut self, allow_comma: bool) -> &'a TargetFilter<'a> {
        let start = self.peek().span;
        if !self.enter() {
            return self.error_filter(start);
        }
        let quantity = if self.at(TokenKind::Lt) { self.parse_quantity() } else { None };
        let (types, type_operator) = if self.at_type_term() {
            self.parse_type_terms(allow_comma)
        } else if quantity.is_none() {
            self.leave();
            let what = self.names.examples.target_type.as_str();
            self.expected(what);
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
                let what = self.names.examples.zone.as_str();
                self.expected(what);
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
    pub(super) fn parse_type_terms(&mut self, allow_comma: bool) -> (&'a [TypeTerm<'a>], TypeOperator) {
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
    pub(super) fn type_operator_at(&self, allow_comma: bool) -> Option<TypeOperator> {
        match self.peek().kind {
            TokenKind::Comma if allow_comma && self.peek_at(1).kind != TokenKind::Newline => Some(TypeOperator::Choice),
            TokenKind::Amp => Some(TypeOperator::Union),
            _ => None,
        }
    }

    pub(super) fn error_filter(&self, start: Span) -> &'a TargetFilter<'a> {
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

    pub(super) fn at_type_term(&self) -> bool {
        matches!(
            self.peek().kind,
            TokenKind::Star | TokenKind::Str | TokenKind::Ident | TokenKind::Caret | TokenKind::Bang
        )
    }

    /// `<2>`, `<1,5>`, `<,3>`, `<**>`, `<r>`, `<r2>`.
    pub(super) fn parse_quantity(&mut self) -> Option<Quantity> {
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

    pub(super) fn expect_count(&mut self) -> Option<u32> {
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
    pub(super) fn parse_pick(&mut self) -> Option<Pick> {
        let open = self.bump();
        let sign = if self.eat_sign() { -1 } else { 1 };
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
    pub(super) fn parse_type_term(&mut self) -> Option<TypeTerm<'a>> {
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
    pub(super) fn singular_type_word(&mut self, word: Name) -> Option<Name> {
        let singular = match self.names_seen.singular(word.symbol) {
            Lookup::Found(singular) => Some(singular),
            Lookup::Absent => None,
            Lookup::NotTried => {
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
    pub(super) fn find_singular_type_word(&mut self, span: Span) -> Option<Symbol> {
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
    pub(super) fn parse_filter_terms(&mut self) -> &'a [&'a [FilterTerm]] {
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
    pub(super) fn parse_filter_term(&mut self) -> Option<FilterTerm> {
        let start = self.peek().span;
        let negated = self.eat(TokenKind::Caret).is_some() || self.eat_sign();
        let token = self.peek();
        if token.kind != TokenKind::Ident {
            let examples = &self.names.examples;
            let help = (token.kind == TokenKind::Bang).then(|| {
                // `[!attack]`: the help negates the word written.
                let next = self.peek_at(1);
                match next.kind {
                    TokenKind::Ident if !examples.negated.is_empty() => {
                        examples.negate.replace(&examples.negated, &format!("[-{}]", self.text(next.span)))
                    }
                    _ => examples.negate.clone(),
                }
            });
            self.expected_with_help(&examples.filter, help);
            return None;
        }
        self.bump();
        let name = self.name(token.span);
        let kind = if let Some(operator) = self.comparison_operator() {
            self.bump();
            let negative = self.eat_sign();
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
    pub(super) fn parse_selector(&mut self, colons: &Token) -> Option<Selector<'a>> {
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
}
