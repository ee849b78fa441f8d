//! [`print_card`]: a tree as canonical RuleScript source that parses back to the same tree.

use crate::ast::Interner;
use crate::ast::*;
use crate::lexer::{MAX_LINE_BYTES, label_text_end};
use crate::parser::unquote_label;
use std::fmt::Write as _;

/// The card as canonical source text, one property per line.
///
/// A line whose canonical print is longer than the lexer accepts (`MAX_LINE_BYTES`: the
/// source may have written `~a,b~` where the canonical print has `~a, b~`) is printed
/// compact instead, without the optional spaces around separators, so that it is no longer
/// than its source needed to be and parses back.
pub fn print_card(card: &Card<'_>, interner: &Interner) -> String {
    let mut printer = SourcePrinter { interner, out: String::new(), compact: false };
    for property in card.properties {
        let start = printer.out.len();
        printer.property(property);
        if printer.out.len() - start > MAX_LINE_BYTES + 1 {
            printer.out.truncate(start);
            printer.compact = true;
            printer.property(property);
            printer.compact = false;
        }
    }
    printer.out
}

struct SourcePrinter<'i> {
    interner: &'i Interner,
    out: String,
    /// Separators go without their optional spaces (`,` for `, `).
    compact: bool,
}

impl SourcePrinter<'_> {
    fn symbol(&mut self, symbol: Symbol) {
        let text = self.interner.resolve(&symbol);
        self.out.push_str(text);
    }

    fn name(&mut self, name: Name) {
        self.symbol(name.symbol);
    }

    /// Pushes a separator such as `", "`, without its spaces when printing compact.
    fn separator(&mut self, text: &str) {
        self.out.push_str(if self.compact { text.trim() } else { text });
    }

    /// The space between two parts of a statement (`hp(1) to(me)`). Printing compact, it is
    /// left out after a bracket or a quote: every part starts with a word, `[[`, or the `+`
    /// or `-` of a grant, none of which can run into a bracket or quote before it.
    fn space_between_parts(&mut self) {
        if !self.compact || self.out.ends_with(|last: char| last.is_ascii_alphanumeric() || last == '_') {
            self.out.push(' ');
        }
    }

    /// A label's text, in the first form that the lexer and parser read back as the same
    /// text: between `"`, between `'` (the quote the text does not hold first), or bare.
    /// A quote opens only at the start of a label, and after it closes a `#` starts a
    /// comment, so `'"#` goes bare. Every text a label line can give has such a form;
    /// another one (a tree built by hand with a `#` after both kinds of quote) is printed
    /// between `"`, and reads back cut at the `#`.
    fn label(&mut self, symbol: Symbol) {
        let text = self.interner.resolve(&symbol);
        let usual = if text.contains('"') { '\'' } else { '"' };
        let forms = [Some(usual), Some('"'), Some('\''), None];
        // The lexer skips the blanks before a label's text.
        let reads_back = |form: &str| {
            if form.starts_with([' ', '\t']) {
                return false;
            }
            let end = label_text_end(form.as_bytes(), 0, form.len());
            form.get(..end).is_some_and(|raw| unquote_label(raw) == text)
        };
        let mut written = String::new();
        for quote in forms {
            written.clear();
            written.extend(quote);
            written.push_str(text);
            written.extend(quote);
            if reads_back(&written) {
                self.out.push_str(&written);
                return;
            }
        }
        let _ = write!(self.out, "\"{text}\"");
    }

    fn quoted(&mut self, symbol: Symbol, preferred: char) {
        let text = self.interner.resolve(&symbol);
        let quote = if text.contains(preferred) { if preferred == '"' { '\'' } else { '"' } } else { preferred };
        self.out.push(quote);
        self.out.push_str(text);
        self.out.push(quote);
    }

    fn property(&mut self, property: &Property<'_>) {
        match property.value {
            PropertyValue::Target { optional, filters } => {
                self.out.push_str(if optional { "target?" } else { "target" });
                self.separator(" = ");
                self.filters(filters, "; ");
            }
            PropertyValue::Action(action) => {
                self.out.push_str("action");
                self.separator(" = ");
                self.costs(action.costs);
                self.statements(action.statements);
            }
            PropertyValue::Auto(auto) => {
                self.out.push_str("auto");
                self.separator(" = ");
                self.costs(auto.costs);
                if let Some(trigger) = &auto.trigger {
                    let delimiter = if trigger.written_as_hook { '?' } else { '~' };
                    self.out.push(delimiter);
                    for (index, event) in trigger.events.iter().enumerate() {
                        if index > 0 {
                            self.separator(", ");
                        }
                        if let Some(prefix) = event.prefix {
                            self.name(prefix);
                        }
                        self.name(event.name);
                        if let Some(suffix) = event.suffix {
                            self.out.push(':');
                            self.name(suffix);
                        }
                    }
                    self.out.push(delimiter);
                    if !auto.statements.is_empty() && !self.compact {
                        self.out.push(' ');
                    }
                }
                self.statements(auto.statements);
            }
            PropertyValue::Abilities(abilities) => {
                self.out.push_str("abilities");
                self.separator(" = ");
                for (index, ability) in abilities.iter().enumerate() {
                    if index > 0 {
                        self.separator(", ");
                    }
                    self.name(*ability);
                }
            }
            PropertyValue::Requisite(filters) => {
                self.out.push_str("requisite");
                self.separator(" = ");
                self.filters(filters, " && ");
            }
            PropertyValue::Vars(declarations) => {
                self.out.push_str("vars");
                self.separator(" = ");
                for (index, declaration) in declarations.iter().enumerate() {
                    if index > 0 {
                        self.separator("; ");
                    }
                    self.name(declaration.name);
                    self.separator(" := ");
                    self.expr(declaration.value);
                }
            }
            PropertyValue::Label(label) => {
                self.out.push_str("label = ");
                self.label(label.text);
            }
            PropertyValue::Error => return,
        }
        self.out.push('\n');
    }

    fn filters(&mut self, filters: &[TargetFilter<'_>], separator: &str) {
        for (index, filter) in filters.iter().enumerate() {
            if index > 0 {
                self.separator(separator);
            }
            self.filter(filter);
        }
    }

    fn costs(&mut self, costs: &[Cost<'_>]) {
        if costs.is_empty() {
            return;
        }
        for cost in costs {
            self.out.push('{');
            self.name(cost.kind);
            match &cost.argument {
                Some(CostArgument::Count(count, _)) => {
                    let _ = write!(self.out, "({count})");
                }
                Some(CostArgument::Filter(filter)) => {
                    self.out.push('(');
                    self.filter(filter);
                    self.out.push(')');
                }
                None => {}
            }
            self.out.push('}');
        }
        self.separator(": ");
    }

    fn statements(&mut self, statements: &[Statement<'_>]) {
        for (index, statement) in statements.iter().enumerate() {
            if index > 0 {
                self.separator("; ");
            }
            self.statement(statement);
        }
    }

    fn statement(&mut self, statement: &Statement<'_>) {
        let mut parts = 0;
        let mut space = |printer: &mut SourcePrinter<'_>| {
            if parts > 0 {
                printer.space_between_parts();
            }
            parts += 1;
        };
        if let Some(condition) = statement.condition {
            space(self);
            match condition {
                Condition::If(expression, _) => {
                    self.out.push_str("[[if ");
                    self.expr(expression);
                    self.out.push_str("]]");
                }
                Condition::May(question, _) => {
                    self.out.push_str("[[may");
                    if let Some(question) = question {
                        self.out.push(' ');
                        self.quoted(question, '\'');
                    }
                    self.out.push_str("]]");
                }
            }
        }
        if !statement.chain.is_empty() {
            space(self);
            self.chain(statement.chain);
        }
        if let Some(clause) = &statement.target {
            space(self);
            self.name(clause.keyword);
            if clause.optional {
                self.out.push('?');
            }
            self.out.push('(');
            self.filter(clause.filter);
            self.out.push(')');
        }
        if let Some(restriction) = statement.restriction {
            space(self);
            if let Some(prefix) = restriction.prefix {
                self.name(prefix);
            }
            self.name(restriction.kind);
        }
        if let Some(otherwise) = statement.otherwise {
            space(self);
            match otherwise.elif {
                Some(condition) => {
                    self.out.push_str("[[elif ");
                    self.expr(condition);
                    self.out.push_str("]]");
                }
                None => self.out.push_str("[[else]]"),
            }
            self.space_between_parts();
            self.statement(&otherwise.body);
        }
    }

    fn chain(&mut self, chain: &[ChainLink<'_>]) {
        for link in chain {
            match link.operator {
                None => {}
                Some(ChainOperator::Then) => self.separator(" & "),
                Some(ChainOperator::AndThen) => self.separator(" && "),
                Some(ChainOperator::OrElse) => self.separator(" || "),
            }
            match &link.effect {
                Effect::Command(command) => self.command(command),
                Effect::Grant(grant) => {
                    self.out.push(if grant.remove { '-' } else { '+' });
                    self.name(grant.ability);
                }
            }
        }
    }

    fn command(&mut self, command: &Command<'_>) {
        self.name(command.name);
        if command.optional {
            self.out.push('?');
        }
        self.out.push('(');
        for (index, arg) in command.args.iter().enumerate() {
            if index > 0 {
                self.separator(", ");
            }
            self.arg(arg);
        }
        self.out.push(')');
    }

    fn arg(&mut self, arg: &Arg<'_>) {
        match arg {
            Arg::Expr(expression) => self.expr(expression),
            Arg::Set(expression, _) => {
                self.out.push('=');
                self.expr(expression);
            }
            Arg::Times(factor, _) => {
                let _ = write!(self.out, "x{factor}");
            }
            Arg::Filter(filter) => self.filter(filter),
            Arg::Pile(zone) => self.zone(zone),
            Arg::Keyword(word) => self.name(*word),
            Arg::Bool(value, _) => self.out.push_str(if *value { "true" } else { "false" }),
            Arg::Ask(_) => self.out.push('?'),
            Arg::Str(text, _) => self.quoted(*text, '"'),
            Arg::Each(each) => {
                match each.source {
                    EachSource::Map(expression) => self.expr(expression),
                    EachSource::Filter(filter) => self.filter(filter),
                }
                self.separator(" => ");
                self.chain(each.body);
            }
            Arg::Error(_) => {}
        }
    }

    fn zone(&mut self, zone: &ZoneRef) {
        if let Some(prefix) = zone.prefix {
            self.name(prefix);
        }
        self.name(zone.zone);
    }

    fn filter(&mut self, filter: &TargetFilter<'_>) {
        if let Some(quantity) = filter.quantity {
            match quantity.kind {
                QuantityKind::Exact(count) => {
                    let _ = write!(self.out, "<{count}>");
                }
                QuantityKind::Range(Some(min), max) => {
                    let _ = write!(self.out, "<{min},{max}>");
                }
                QuantityKind::Range(None, max) => {
                    let _ = write!(self.out, "<,{max}>");
                }
                QuantityKind::Any => self.out.push_str("<**>"),
                QuantityKind::Random(None) => self.out.push_str("<r>"),
                QuantityKind::Random(Some(count)) => {
                    let _ = write!(self.out, "<r{count}>");
                }
            }
        }
        let separator = if filter.type_operator == TypeOperator::Union { "&" } else { "," };
        for (index, term) in filter.types.iter().enumerate() {
            if index > 0 {
                self.out.push_str(separator);
            }
            if term.exclude_source {
                self.out.push('^');
            }
            if term.negate {
                self.out.push('!');
            }
            match term.atom {
                TypeAtom::Any => self.out.push('*'),
                TypeAtom::Word(word) => self.name(word),
                TypeAtom::CardName(name, _) => self.quoted(name, '"'),
                TypeAtom::Expr(expression) => self.expr(expression),
            }
            if term.plural {
                self.out.push('s');
            }
        }
        if let Some(pick) = filter.pick {
            let _ = write!(self.out, "<{}>", pick.count);
        }
        if !filter.terms.is_empty() {
            self.out.push('[');
            for (group_index, group) in filter.terms.iter().enumerate() {
                if group_index > 0 {
                    self.separator(", ");
                }
                for (index, term) in group.iter().enumerate() {
                    if index > 0 {
                        self.separator(" & ");
                    }
                    if term.negated {
                        self.out.push('-');
                    }
                    match term.kind {
                        FilterTermKind::Word(word) => self.name(word),
                        FilterTermKind::Compare(property, operator, value) => {
                            self.name(property);
                            let _ = write!(self.out, "{}{value}", operator.as_str());
                        }
                        FilterTermKind::Rank(property, word) => {
                            self.name(property);
                            self.out.push(':');
                            self.name(word);
                        }
                    }
                }
            }
            self.out.push(']');
        }
        if let Some(zone) = &filter.zone {
            self.out.push('@');
            self.zone(zone);
        }
        if let Some(selector) = &filter.selector {
            self.out.push_str("::");
            self.name(selector.name);
            self.out.push('(');
            self.expr(selector.argument);
            self.out.push(')');
        }
    }

    fn expr(&mut self, expression: &Expr<'_>) {
        match expression.kind {
            ExprKind::Int(value) => {
                let _ = write!(self.out, "{value}");
            }
            ExprKind::Str(text) => self.quoted(text, '\''),
            ExprKind::Bool(value) => self.out.push_str(if value { "true" } else { "false" }),
            ExprKind::Nil => self.out.push_str("nil"),
            ExprKind::Name(name) => self.name(name),
            ExprKind::Attr(base, attribute) => {
                self.operand(base, !is_postfix_base(base));
                self.out.push('.');
                self.name(attribute);
            }
            ExprKind::Index(base, index) => {
                self.operand(base, !is_postfix_base(base));
                let _ = write!(self.out, ".{index}");
            }
            ExprKind::Call(callee, args) => {
                self.name(callee);
                self.out.push('(');
                for (index, arg) in args.iter().enumerate() {
                    if index > 0 {
                        self.separator(", ");
                    }
                    self.expr(arg);
                }
                self.out.push(')');
            }
            ExprKind::Unary(operator, operand) => {
                self.out.push_str(match operator {
                    UnaryOp::Neg => "-",
                    UnaryOp::Plus => "+",
                    UnaryOp::Not => "not ",
                });
                let needs = !is_postfix_base(operand) || matches!(operand.kind, ExprKind::Int(_));
                self.operand(operand, needs);
            }
            ExprKind::Binary(operator, left, right) => {
                // A left operand of the same level needs no parentheses (`a + b - c` is
                // `(a + b) - c`): a long chain prints flat, and parses back within the
                // nesting limit.
                let continues_chain = match left.kind {
                    ExprKind::Binary(inner, ..) => {
                        chain_level(inner).is_some() && chain_level(inner) == chain_level(operator)
                    }
                    _ => false,
                };
                self.operand(left, is_compound(left) && !continues_chain);
                let _ = write!(self.out, " {} ", operator.as_str());
                self.operand(right, is_compound(right));
            }
            ExprKind::Map(item, list) | ExprKind::All(item, list) => {
                if matches!(expression.kind, ExprKind::All(..)) {
                    self.out.push_str("all ");
                }
                self.operand(item, is_compound(item));
                self.out.push_str(" in ");
                self.operand(list, is_compound(list));
            }
            ExprKind::Error => {}
        }
    }

    fn operand(&mut self, expression: &Expr<'_>, parenthesise: bool) {
        if parenthesise {
            self.out.push('(');
            self.expr(expression);
            self.out.push(')');
        } else {
            self.expr(expression);
        }
    }
}

/// Whether an expression can stand before `.attr` without parentheses.
fn is_postfix_base(expression: &Expr<'_>) -> bool {
    matches!(
        expression.kind,
        ExprKind::Name(_)
            | ExprKind::Attr(..)
            | ExprKind::Index(..)
            | ExprKind::Call(..)
            | ExprKind::Str(_)
            | ExprKind::Bool(_)
            | ExprKind::Nil
    ) || matches!(expression.kind, ExprKind::Int(value) if value >= 0)
}

/// The precedence level of a left-associative operator (comparisons do not chain).
fn chain_level(operator: BinaryOp) -> Option<u8> {
    match operator {
        BinaryOp::Or => Some(0),
        BinaryOp::And => Some(1),
        BinaryOp::Compare(_) => None,
        BinaryOp::Add | BinaryOp::Sub => Some(2),
        BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => Some(3),
    }
}

/// Whether an operand of an infix operator needs parentheses to keep its shape.
fn is_compound(expression: &Expr<'_>) -> bool {
    matches!(
        expression.kind,
        ExprKind::Binary(..) | ExprKind::Map(..) | ExprKind::All(..) | ExprKind::Unary(UnaryOp::Not, _)
    )
}

#[cfg(test)]
mod tests;
