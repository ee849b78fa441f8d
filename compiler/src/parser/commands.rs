//! Commands and their arguments, parsed by the kind the catalogue declares for each.

use crate::Span;
use crate::ast::*;
use crate::diagnostics::{self};
use crate::lexer::TokenKind;
use vm::catalogue::ArgKind;

use super::*;
impl<'a, 't> Parser<'a, 't> {
    // ---------------------------------------------------------------- commands and arguments

    /// `moveTo(ctrlDeck, -1, true)`, `shuffle?(ctrlDeck)`; `name` is the next token's.
    pub(super) fn parse_command(&mut self, name: Name) -> Command<'a> {
        let name_token = self.bump();
        let optional = self.eat(TokenKind::Question).is_some();
        let open = self.bump();
        let params = self.names.command(name.symbol).map_or(&[][..], |command| command.spec.params);
        let mut args: SmallVec<[Arg<'a>; 3]> = SmallVec::new();
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
                args.push(arg);
                index += 1;
                if self.eat(TokenKind::Comma).is_none() {
                    break;
                }
            }
            self.leave();
            self.expect_close(TokenKind::RParen, open, '(', ')');
        }
        Command { name, optional, args: self.arena.alloc_slice_copy(&args), span: self.span_from(name_token.span) }
    }

    /// One argument parsed by its declared kind; a mismatch is reported and the argument
    /// is parsed generically so that parsing goes on.
    pub(super) fn parse_arg(&mut self, kind: ArgKind, command: Name, index: usize, is_last: bool) -> Arg<'a> {
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
                    self.mismatch(command, index, &self.names.examples.pile)
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

    pub(super) fn mismatch(&mut self, command: Name, index: usize, expected: &str) -> Arg<'a> {
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
    pub(super) fn at_bool(&self) -> bool {
        self.at_keyword("true") || self.at_keyword("false")
    }

    pub(super) fn bool_arg(&mut self) -> Arg<'a> {
        let token = self.bump();
        let value = self.is_word(token.span, "true");
        Arg::Bool(value, token.span)
    }

    /// `300`, `-3`, `+2` followed by `,` or `)`.
    pub(super) fn try_signed_int(&mut self) -> Option<Arg<'a>> {
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
    pub(super) fn try_times(&mut self) -> Option<Arg<'a>> {
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
    pub(super) fn parse_generic_arg(&mut self) -> Arg<'a> {
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
    pub(super) fn parse_each(&mut self) -> Arg<'a> {
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
        let mut body: SmallVec<[ChainLink<'a>; 3]> = SmallVec::new();
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
        Arg::Each(self.alloc(Each { source, body: self.arena.alloc_slice_copy(&body), span }))
    }

    /// Whether an `in` comes before the `=>` of an `each` (at bracket depth zero).
    pub(super) fn each_source_is_expression(&self) -> bool {
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

    pub(super) fn string_literal(&mut self, span: Span) -> Symbol {
        let text = self.text(span);
        let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
        self.interner.get_or_intern(inner)
    }

    pub(super) fn parse_u32(&mut self, span: Span) -> u32 {
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
    pub(super) fn parse_u32_text(&mut self, span: Span) -> u32 {
        let text = self.text(span);
        text.parse::<u32>().ok().filter(|value| *value <= i32::MAX as u32).unwrap_or_else(|| {
            let text = text.to_string();
            self.report(diagnostics::integer_out_of_range(span, &text));
            0
        })
    }
}
