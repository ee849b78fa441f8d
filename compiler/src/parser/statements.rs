//! Statements: conditions (`[[if]]`, `[[may]]`), effect chains, restrictions, target
//! clauses and `otherwise`.

use crate::Span;
use crate::ast::*;
use crate::diagnostics::{self, Code};
use crate::lexer::{Token, TokenKind};
use smallvec::SmallVec;

use super::*;
impl<'a, 't> Parser<'a, 't> {
    // ---------------------------------------------------------------- statements

    /// `destroy() target(character@myRing); damage(prevTgt.0.lastBP) to(character)`.
    pub(super) fn parse_statements(&mut self) -> &'a [Statement<'a>] {
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
    pub(super) fn parse_statement(&mut self, body: BodyKind) -> &'a Statement<'a> {
        let start = self.peek().span;
        let mut condition: Option<Condition<'a>> = None;
        let mut chain: SmallVec<[ChainLink<'a>; 3]> = SmallVec::new();
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
        let chain: &'a [ChainLink<'a>] = self.arena.alloc_slice_copy(&chain);
        self.alloc(Statement { condition, chain, target, restriction, otherwise, span })
    }

    /// `[[if ...]]` or `[[may]]` (into `condition`), or `[[elif ...]]` / `[[else]]` (into
    /// `otherwise`), met in a statement; true when the statement ends there. (Out of line:
    /// brackets are rare, and the statement loop stays small without them.)
    pub(super) fn parse_bracketed(
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
    pub(super) fn at_command(&self) -> bool {
        self.peek_at(1).kind == TokenKind::LParen
            || (self.peek_at(1).kind == TokenKind::Question && self.peek_at(2).kind == TokenKind::LParen)
    }

    /// `+frosted` or `-unblockable`.
    pub(super) fn parse_grant(&mut self) -> Grant {
        let sign = self.bump();
        let word = self.bump();
        let ability = self.name(word.span);
        Grant { remove: sign.kind == TokenKind::Minus, ability, span: sign.span.to(word.span) }
    }

    pub(super) fn push_effect(
        &mut self,
        chain: &mut SmallVec<[ChainLink<'a>; 3]>,
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
        chain.push(ChainLink { operator, effect });
    }

    /// A word that is neither a command nor a restriction: `ueot` misspelt, a bare ability.
    pub(super) fn report_stray_word(&mut self, span: Span) {
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
            // `draw 2`: a command without its parentheses; `attacks:this`: an event without
            // its `~`.
            let help = if self.names.commands.contains(word.symbol) {
                Some(format!("a command takes its arguments in parentheses: `{written}(...)`"))
            } else if self.names.events.contains(word.symbol) || self.split_glued(word, Glued::Event).is_some() {
                Some(format!("an event goes between `~` at the start of an auto: `auto = ~{written}~ ...`"))
            } else {
                None
            };
            self.report(
                diagnostics::expected(span, "a command, `+ability`, condition, target clause or restriction", &found)
                    .with_help(help),
            );
        }
        self.recover_to_statement_end();
    }

    /// `oppueot` → prefix `opp`, timer `ueot`.
    pub(super) fn restriction(&mut self, word: Name) -> Option<Restriction> {
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
    pub(super) fn parse_condition(&mut self) -> Option<Condition<'a>> {
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
            if question.is_none() && !self.at(TokenKind::RBracket) {
                // `[[may Draw a card?]]`: the question is a string.
                self.expected_with_help(
                    "`]]` or a quoted question",
                    Some("quote the question: `[[may 'Draw a card?']]`".into()),
                );
                return None;
            }
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

    pub(super) fn expect_double_close(&mut self, open: &Token) {
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
    pub(super) fn parse_otherwise(&mut self) -> Option<&'a Otherwise<'a>> {
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
    pub(super) fn at_target_clause(&self, word: Symbol) -> bool {
        let keywords = &self.names.keywords;
        self.names.is_keyword(word)
            && [keywords.to, keywords.target, keywords.from].contains(&word)
            && self.at_command()
    }

    /// `to(character@oppRing)`, `target?(reactions@discards)`.
    pub(super) fn parse_target_clause(&mut self, keyword: Name) -> Option<TargetClause<'a>> {
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
}
