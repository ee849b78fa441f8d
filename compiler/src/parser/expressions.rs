//! Expressions, by precedence: `||`, `&&`, `!`, comparisons, sums, products, unary minus,
//! postfix (`.attr`, `.0`) and primaries.

use crate::ast::*;
use crate::diagnostics::{self};
use crate::lexer::{Token, TokenKind};
use smallvec::SmallVec;

use super::*;
impl<'a, 't> Parser<'a, 't> {
    // ---------------------------------------------------------------- expressions

    /// `all card.bp <= 300 in me.ring`, `me.hand.size > opp.hand.size`.
    pub fn parse_expression(&mut self) -> &'a Expr<'a> {
        let start = self.peek();
        if start.kind == TokenKind::Int && self.depth < MAX_DEPTH && ends_operand(self.peek_at(1).kind) {
            // A lone number (`damage(300)`), as the full path below would parse it.
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
    pub(super) fn parse_signed_number(&mut self) -> &'a Expr<'a> {
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
    pub(super) fn parse_compound_expression(&mut self) -> &'a Expr<'a> {
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
    pub(super) fn at_lone_operand(&self) -> bool {
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
    ///
    /// Each operator of the chain counts as one level of nesting until the chain ends: the
    /// tree of `1+1+…+1` is as deep as the chain is long, and every pass over the tree
    /// (check, lower, codegen, print) recurses that deep, so the chain is bounded as
    /// brackets are.
    pub(super) fn parse_infix(
        &mut self,
        operand: impl Fn(&mut Self) -> &'a Expr<'a>,
        operator_at: impl Fn(&Self) -> Option<BinaryOp>,
    ) -> &'a Expr<'a> {
        let mut left = operand(self);
        let mut levels = 0;
        while let Some(operator) = operator_at(self) {
            levels += 1;
            if !self.enter_chain() {
                break;
            }
            self.bump();
            let right = operand(self);
            left = self.binary(operator, left, right);
        }
        for _ in 0..levels {
            self.leave();
        }
        left
    }

    pub(super) fn parse_or(&mut self) -> &'a Expr<'a> {
        self.parse_infix(Self::parse_and, |parser| parser.at_keyword("or").then_some(BinaryOp::Or))
    }

    pub(super) fn parse_and(&mut self) -> &'a Expr<'a> {
        self.parse_infix(Self::parse_not, |parser| parser.at_keyword("and").then_some(BinaryOp::And))
    }

    pub(super) fn parse_not(&mut self) -> &'a Expr<'a> {
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

    pub(super) fn parse_comparison(&mut self) -> &'a Expr<'a> {
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
    pub(super) fn comparison_operator(&mut self) -> Option<CompareOp> {
        let token = self.peek();
        if token.kind == TokenKind::Eq {
            return Some(self.single_equals(token));
        }
        compare_op_of(token.kind)
    }

    /// Reports `=` used as a comparison; it reads as `==`.
    pub(super) fn single_equals(&mut self, token: &Token) -> CompareOp {
        self.report(diagnostics::invalid_comparison(token.span, "="));
        CompareOp::Eq
    }

    pub(super) fn parse_sum(&mut self) -> &'a Expr<'a> {
        self.parse_infix(Self::parse_product, |parser| match parser.peek().kind {
            TokenKind::Plus => Some(BinaryOp::Add),
            TokenKind::Minus => Some(BinaryOp::Sub),
            _ => None,
        })
    }

    pub(super) fn parse_product(&mut self) -> &'a Expr<'a> {
        self.parse_infix(Self::parse_unary, |parser| match parser.peek().kind {
            TokenKind::Star => Some(BinaryOp::Mul),
            TokenKind::Slash => Some(BinaryOp::Div),
            TokenKind::Percent => Some(BinaryOp::Rem),
            _ => None,
        })
    }

    pub(super) fn parse_unary(&mut self) -> &'a Expr<'a> {
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

    pub(super) fn postfix_follows_int(&self) -> bool {
        self.peek_at(1).kind == TokenKind::Dot
    }

    /// `discarded.0.bp`, `getTargets('...')`, `(a + b)`. Each `.` counts as one level of
    /// nesting until the chain ends, as an infix operator does ([`Parser::parse_infix`]).
    pub(super) fn parse_postfix(&mut self) -> &'a Expr<'a> {
        let mut expression = self.parse_primary();
        let mut levels = 0;
        while self.at(TokenKind::Dot) {
            levels += 1;
            if !self.enter_chain() {
                break;
            }
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
                    expression = self.alloc(Expr { kind: ExprKind::Error, span: token.span });
                    break;
                }
            };
            expression = self.alloc(Expr { kind, span: expression.span.to(token.span) });
        }
        for _ in 0..levels {
            self.leave();
        }
        expression
    }

    pub(super) fn parse_primary(&mut self) -> &'a Expr<'a> {
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
    pub(super) fn parse_call(&mut self, callee: Name, open: &Token) -> &'a Expr<'a> {
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

    pub(super) fn binary(&self, operator: BinaryOp, left: &'a Expr<'a>, right: &'a Expr<'a>) -> &'a Expr<'a> {
        self.alloc(Expr { kind: ExprKind::Binary(operator, left, right), span: left.span.to(right.span) })
    }
}
