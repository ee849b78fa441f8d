//! Lowering expressions: literals, operators, calls, lists and names (loop elements,
//! user variables, catalogue variables).

use super::*;

impl<'i> Lowerer<'i, '_> {
    pub(super) fn expr(&mut self, expression: &ast::Expr<'_>) -> &'i ir::Expr<'i> {
        let lowered = self.expr_value(expression);
        self.alloc(lowered)
    }

    /// [`Lowerer::expr_value_of`], with an integer (the usual argument) lowered in place.
    pub(super) fn expr_value(&mut self, expression: &ast::Expr<'_>) -> ir::Expr<'i> {
        match expression.kind {
            ast::ExprKind::Int(value) => ir::Expr::Int(value),
            _ => self.expr_value_of(expression),
        }
    }

    fn expr_value_of(&mut self, expression: &ast::Expr<'_>) -> ir::Expr<'i> {
        match expression.kind {
            ast::ExprKind::Int(value) => ir::Expr::Int(value),
            ast::ExprKind::Str(text) => ir::Expr::Str(self.text(text)),
            ast::ExprKind::Bool(value) => ir::Expr::Bool(value),
            ast::ExprKind::Nil => ir::Expr::Nil,
            ast::ExprKind::Name(name) => self.name(name),
            ast::ExprKind::Attr(base, attribute) => {
                let base = self.expr(base);
                let index =
                    self.resolve(self.names.attributes.get(attribute.symbol), Code::E0025, "attribute", attribute);
                ir::Expr::Attr(base, AttributeIdx(index))
            }
            ast::ExprKind::Index(base, index) => {
                let base = self.expr(base);
                ir::Expr::Index(base, self.u16_of(index, expression.span))
            }
            ast::ExprKind::Call(callee, args) => {
                let index = self.resolve(self.names.functions.get(callee.symbol), Code::E0024, "function", callee);
                ir::Expr::Call(FunctionIdx(index), self.lower_all(args, Self::expr_value))
            }
            ast::ExprKind::Unary(op, operand) => {
                let operand = self.expr(operand);
                match op {
                    ast::UnaryOp::Plus => *operand,
                    ast::UnaryOp::Neg => ir::Expr::Neg(operand),
                    ast::UnaryOp::Not => ir::Expr::Not(operand),
                }
            }
            ast::ExprKind::Binary(op, left, right) => {
                let (left, right) = (self.expr(left), self.expr(right));
                match op {
                    ast::BinaryOp::And => ir::Expr::And(left, right),
                    ast::BinaryOp::Or => ir::Expr::Or(left, right),
                    ast::BinaryOp::Compare(op) => ir::Expr::Binary(ir::BinaryOp::Compare(op), left, right),
                    ast::BinaryOp::Add => ir::Expr::Binary(ir::BinaryOp::Add, left, right),
                    ast::BinaryOp::Sub => ir::Expr::Binary(ir::BinaryOp::Sub, left, right),
                    ast::BinaryOp::Mul => ir::Expr::Binary(ir::BinaryOp::Mul, left, right),
                    ast::BinaryOp::Div => ir::Expr::Binary(ir::BinaryOp::Div, left, right),
                    ast::BinaryOp::Rem => ir::Expr::Binary(ir::BinaryOp::Rem, left, right),
                }
            }
            ast::ExprKind::Map(item, list) | ast::ExprKind::All(item, list) => {
                let list = self.expr(list);
                let slot = self.slot(self.user_vars.len() + self.loop_depth, expression.span);
                let item = self.in_loop(|lowerer| lowerer.expr(item));
                if matches!(expression.kind, ast::ExprKind::All(..)) {
                    ir::Expr::All { item, list, slot }
                } else {
                    ir::Expr::Map { item, list, slot }
                }
            }
            ast::ExprKind::Error => {
                self.error(Code::E0006, expression.span, "an expression that did not parse".into());
                ir::Expr::Nil
            }
        }
    }

    /// The catalogue function `is<name>` taking one argument, for a catalogue variable
    /// `name` that tests an element (`char` → `isChar`, `action` → `isAction`).
    pub(super) fn element_test(&self, name: Symbol) -> Option<FunctionIdx> {
        if !self.names.variables.contains(name) {
            return None;
        }
        let mut function_name = [0u8; 32];
        let text = self.interner.resolve(&name).as_bytes();
        let length = text.len() + 2;
        let buffer = function_name.get_mut(..length)?;
        buffer[..2].copy_from_slice(b"is");
        buffer[2..].copy_from_slice(text);
        let symbol = self.interner.get(std::str::from_utf8(buffer).ok()?)?;
        let index = self.names.functions.get(symbol)?;
        let spec = self.catalogue.functions.get(usize::from(index))?;
        (spec.min_args <= 1 && spec.max_args >= 1).then_some(FunctionIdx(u32::from(index)))
    }

    /// A loop element (innermost loop), a user variable, or a catalogue variable.
    fn name(&mut self, name: ast::Name) -> ir::Expr<'i> {
        if self.loop_depth > 0 && Some(name.symbol) == self.loop_element {
            let slot = self.slot(self.user_vars.len() + self.loop_depth - 1, name.span);
            return ir::Expr::Local(slot);
        }
        // Inside `X in L`, a context name with a one-argument catalogue function `is<name>`
        // tests the element: `char` is `isChar(card)`, `action` is `isAction(card)`
        // (spec §3.15, rewrites 6–8).
        if self.loop_depth > 0
            && let Some(test) = self.element_test(name.symbol)
        {
            let slot = self.slot(self.user_vars.len() + self.loop_depth - 1, name.span);
            let arena = self.arena;
            return ir::Expr::Call(test, arena.alloc_slice_fill_iter(std::iter::once(ir::Expr::Local(slot))));
        }
        if let Some(index) = self.user_vars.iter().position(|&symbol| symbol == name.symbol) {
            return ir::Expr::Local(self.slot(index, name.span));
        }
        let index = self.resolve(self.names.variables.get(name.symbol), Code::E0023, "name", name);
        ir::Expr::Var(VariableIdx(index))
    }
}
