//! [`dump_card`]: a tree as a span-free S-expression per property, for snapshot tests.

use crate::ast::Interner;
use crate::ast::*;
use std::fmt::Write as _;

/// The card as a span-free S-expression tree, one top-level form per property.
pub fn dump_card(card: &Card<'_>, interner: &Interner) -> String {
    let mut dumper = Dumper { interner, out: String::new() };
    for property in card.properties {
        dumper.property(property);
        dumper.out.push('\n');
    }
    dumper.out
}

struct Dumper<'i> {
    interner: &'i Interner,
    out: String,
}

impl Dumper<'_> {
    fn text(&self, symbol: Symbol) -> &str {
        self.interner.resolve(&symbol)
    }

    fn word(&mut self, symbol: Symbol) {
        let text = self.interner.resolve(&symbol);
        self.out.push_str(text);
    }

    fn string(&mut self, symbol: Symbol) {
        let text = self.text(symbol).to_string();
        let _ = write!(self.out, "{text:?}");
    }

    fn property(&mut self, property: &Property<'_>) {
        match property.value {
            PropertyValue::Target { optional, filters } => {
                self.out.push_str(if optional { "(target?" } else { "(target" });
                for filter in filters {
                    self.out.push_str("\n  ");
                    self.filter(filter);
                }
                self.out.push(')');
            }
            PropertyValue::Action(action) => {
                self.out.push_str("(action");
                self.costs(action.costs);
                self.statements(action.statements, 1);
                self.out.push(')');
            }
            PropertyValue::Auto(auto) => {
                self.out.push_str("(auto");
                self.costs(auto.costs);
                if let Some(trigger) = &auto.trigger {
                    self.out.push_str(if trigger.written_as_hook { "\n  (hook" } else { "\n  (events" });
                    for event in trigger.events {
                        self.out.push_str(" (event ");
                        match event.prefix {
                            Some(prefix) => self.word(prefix.symbol),
                            None => self.out.push('-'),
                        }
                        self.out.push(' ');
                        self.word(event.name.symbol);
                        if let Some(suffix) = event.suffix {
                            self.out.push(' ');
                            self.word(suffix.symbol);
                        }
                        self.out.push(')');
                    }
                    self.out.push(')');
                }
                self.statements(auto.statements, 1);
                self.out.push(')');
            }
            PropertyValue::Abilities(abilities) => {
                self.out.push_str("(abilities");
                for ability in abilities {
                    self.out.push(' ');
                    self.word(ability.symbol);
                }
                self.out.push(')');
            }
            PropertyValue::Requisite(filters) => {
                self.out.push_str("(requisite");
                for filter in filters {
                    self.out.push_str("\n  ");
                    self.filter(filter);
                }
                self.out.push(')');
            }
            PropertyValue::Vars(declarations) => {
                self.out.push_str("(vars");
                for declaration in declarations {
                    self.out.push_str("\n  (");
                    self.word(declaration.name.symbol);
                    self.out.push(' ');
                    self.expr(declaration.value);
                    self.out.push(')');
                }
                self.out.push(')');
            }
            PropertyValue::Label(label) => {
                self.out.push_str("(label ");
                self.string(label.text);
                self.out.push(')');
            }
            PropertyValue::Error => self.out.push_str("(error)"),
        }
    }

    fn costs(&mut self, costs: &[Cost<'_>]) {
        if costs.is_empty() {
            return;
        }
        self.out.push_str("\n  (costs");
        for cost in costs {
            self.out.push_str(" (");
            self.word(cost.kind.symbol);
            match &cost.argument {
                Some(CostArgument::Count(count, _)) => {
                    let _ = write!(self.out, " {count}");
                }
                Some(CostArgument::Filter(filter)) => {
                    self.out.push(' ');
                    self.filter(filter);
                }
                None => {}
            }
            self.out.push(')');
        }
        self.out.push(')');
    }

    fn statements(&mut self, statements: &[Statement<'_>], depth: usize) {
        for statement in statements {
            self.statement(statement, depth);
        }
    }

    fn indent(&mut self, depth: usize) {
        self.out.push('\n');
        for _ in 0..depth {
            self.out.push_str("  ");
        }
    }

    fn statement(&mut self, statement: &Statement<'_>, depth: usize) {
        self.indent(depth);
        self.out.push_str("(statement");
        match statement.condition {
            Some(Condition::If(expression, _)) => {
                self.indent(depth + 1);
                self.out.push_str("(if ");
                self.expr(expression);
                self.out.push(')');
            }
            Some(Condition::May(question, _)) => {
                self.indent(depth + 1);
                self.out.push_str("(may");
                if let Some(question) = question {
                    self.out.push(' ');
                    self.string(question);
                }
                self.out.push(')');
            }
            None => {}
        }
        if !statement.chain.is_empty() {
            self.indent(depth + 1);
            self.chain(statement.chain);
        }
        if let Some(clause) = &statement.target {
            self.indent(depth + 1);
            self.out.push('(');
            self.word(clause.keyword.symbol);
            if clause.optional {
                self.out.push('?');
            }
            self.out.push(' ');
            self.filter(clause.filter);
            self.out.push(')');
        }
        if let Some(restriction) = statement.restriction {
            self.indent(depth + 1);
            self.out.push_str("(restriction ");
            match restriction.prefix {
                Some(prefix) => self.word(prefix.symbol),
                None => self.out.push('-'),
            }
            self.out.push(' ');
            self.word(restriction.kind.symbol);
            self.out.push(')');
        }
        if let Some(otherwise) = statement.otherwise {
            self.indent(depth + 1);
            match otherwise.elif {
                Some(condition) => {
                    self.out.push_str("(elif ");
                    self.expr(condition);
                }
                None => self.out.push_str("(else"),
            }
            self.statement(&otherwise.body, depth + 2);
            self.out.push(')');
        }
        self.out.push(')');
    }

    fn chain(&mut self, chain: &[ChainLink<'_>]) {
        self.out.push_str("(chain");
        for link in chain {
            self.out.push(' ');
            match link.operator {
                None => {}
                Some(ChainOperator::Then) => self.out.push_str("& "),
                Some(ChainOperator::AndThen) => self.out.push_str("&& "),
                Some(ChainOperator::OrElse) => self.out.push_str("|| "),
            }
            match &link.effect {
                Effect::Command(command) => {
                    self.out.push('(');
                    self.word(command.name.symbol);
                    if command.optional {
                        self.out.push('?');
                    }
                    for arg in command.args {
                        self.out.push(' ');
                        self.arg(arg);
                    }
                    self.out.push(')');
                }
                Effect::Grant(grant) => {
                    self.out.push_str(if grant.remove { "(remove " } else { "(grant " });
                    self.word(grant.ability.symbol);
                    self.out.push(')');
                }
            }
        }
        self.out.push(')');
    }

    fn arg(&mut self, arg: &Arg<'_>) {
        match arg {
            Arg::Expr(expression) => self.expr(expression),
            Arg::Set(expression, _) => {
                self.out.push_str("(set ");
                self.expr(expression);
                self.out.push(')');
            }
            Arg::Times(factor, _) => {
                let _ = write!(self.out, "(times {factor})");
            }
            Arg::Filter(filter) => self.filter(filter),
            Arg::Pile(zone) => {
                self.out.push_str("(pile ");
                self.zone(zone);
                self.out.push(')');
            }
            Arg::Keyword(word) => {
                self.out.push_str("(keyword ");
                self.word(word.symbol);
                self.out.push(')');
            }
            Arg::Bool(value, _) => self.out.push_str(if *value { "true" } else { "false" }),
            Arg::Ask(_) => self.out.push_str("(ask)"),
            Arg::Str(text, _) => self.string(*text),
            Arg::Each(each) => {
                self.out.push_str("(loop ");
                match each.source {
                    EachSource::Map(expression) => self.expr(expression),
                    EachSource::Filter(filter) => self.filter(filter),
                }
                self.out.push(' ');
                self.chain(each.body);
                self.out.push(')');
            }
            Arg::Error(_) => self.out.push_str("(error)"),
        }
    }

    fn zone(&mut self, zone: &ZoneRef) {
        match zone.prefix {
            Some(prefix) => self.word(prefix.symbol),
            None => self.out.push('-'),
        }
        self.out.push(' ');
        self.word(zone.zone.symbol);
    }

    fn filter(&mut self, filter: &TargetFilter<'_>) {
        self.out.push_str("(filter");
        if let Some(quantity) = filter.quantity {
            match quantity.kind {
                QuantityKind::Exact(count) => {
                    let _ = write!(self.out, " (qty {count})");
                }
                QuantityKind::Range(min, max) => {
                    let _ = write!(self.out, " (qty {}..{max})", min.map_or("-".to_string(), |min| min.to_string()));
                }
                QuantityKind::Any => self.out.push_str(" (qty any)"),
                QuantityKind::Random(count) => {
                    let _ = write!(self.out, " (qty random {})", count.map_or("-".to_string(), |n| n.to_string()));
                }
            }
        }
        if !filter.types.is_empty() {
            self.out.push_str(match filter.type_operator {
                TypeOperator::Single => " (types",
                TypeOperator::Choice => " (choice",
                TypeOperator::Union => " (union",
            });
            for term in filter.types {
                self.out.push_str(" (");
                if term.exclude_source {
                    self.out.push_str("other ");
                }
                if term.negate {
                    self.out.push_str("not ");
                }
                if term.plural {
                    self.out.push_str("every ");
                }
                match term.atom {
                    TypeAtom::Any => self.out.push('*'),
                    TypeAtom::Word(word) => self.word(word.symbol),
                    TypeAtom::CardName(name, _) => {
                        self.out.push_str("name ");
                        self.string(name);
                    }
                    TypeAtom::Expr(expression) => {
                        self.out.push_str("expr ");
                        self.expr(expression);
                    }
                }
                self.out.push(')');
            }
            self.out.push(')');
        }
        if let Some(pick) = filter.pick {
            let _ = write!(self.out, " (pick {})", pick.count);
        }
        if !filter.terms.is_empty() {
            self.out.push_str(" (any-of");
            for group in filter.terms {
                self.out.push_str(" (all-of");
                for term in *group {
                    self.out.push(' ');
                    if term.negated {
                        self.out.push_str("(not ");
                    }
                    match term.kind {
                        FilterTermKind::Word(word) => self.word(word.symbol),
                        FilterTermKind::Compare(property, operator, value) => {
                            let _ = write!(self.out, "({} ", operator.as_str());
                            self.word(property.symbol);
                            let _ = write!(self.out, " {value})");
                        }
                        FilterTermKind::Rank(property, word) => {
                            self.out.push_str("(rank ");
                            self.word(property.symbol);
                            self.out.push(' ');
                            self.word(word.symbol);
                            self.out.push(')');
                        }
                    }
                    if term.negated {
                        self.out.push(')');
                    }
                }
                self.out.push(')');
            }
            self.out.push(')');
        }
        if let Some(zone) = &filter.zone {
            self.out.push_str(" (zone ");
            self.zone(zone);
            self.out.push(')');
        }
        if let Some(selector) = &filter.selector {
            self.out.push_str(" (selector ");
            self.word(selector.name.symbol);
            self.out.push(' ');
            self.expr(selector.argument);
            self.out.push(')');
        }
        self.out.push(')');
    }

    fn expr(&mut self, expression: &Expr<'_>) {
        match expression.kind {
            ExprKind::Int(value) => {
                let _ = write!(self.out, "{value}");
            }
            ExprKind::Str(text) => self.string(text),
            ExprKind::Bool(value) => self.out.push_str(if value { "true" } else { "false" }),
            ExprKind::Nil => self.out.push_str("nil"),
            ExprKind::Name(name) => self.word(name.symbol),
            ExprKind::Attr(base, attribute) => {
                self.out.push_str("(. ");
                self.expr(base);
                self.out.push(' ');
                self.word(attribute.symbol);
                self.out.push(')');
            }
            ExprKind::Index(base, index) => {
                self.out.push_str("(index ");
                self.expr(base);
                let _ = write!(self.out, " {index})");
            }
            ExprKind::Call(callee, args) => {
                self.out.push_str("(call ");
                self.word(callee.symbol);
                for arg in args {
                    self.out.push(' ');
                    self.expr(arg);
                }
                self.out.push(')');
            }
            ExprKind::Unary(operator, operand) => {
                self.out.push_str(match operator {
                    UnaryOp::Neg => "(neg ",
                    UnaryOp::Plus => "(plus ",
                    UnaryOp::Not => "(not ",
                });
                self.expr(operand);
                self.out.push(')');
            }
            ExprKind::Binary(operator, left, right) => {
                let _ = write!(self.out, "({} ", operator.as_str());
                self.expr(left);
                self.out.push(' ');
                self.expr(right);
                self.out.push(')');
            }
            ExprKind::Map(item, list) | ExprKind::All(item, list) => {
                self.out.push_str(if matches!(expression.kind, ExprKind::All(..)) { "(all " } else { "(map " });
                self.expr(item);
                self.out.push(' ');
                self.expr(list);
                self.out.push(')');
            }
            ExprKind::Error => self.out.push_str("(error)"),
        }
    }
}
