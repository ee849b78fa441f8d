//! Lowering: a checked [`ast::Card`] to an [`ir::Card`] in an arena, every name resolved
//! to its catalogue index, user variables and loop elements to local slots.
//!
//! Lowering runs only on a card that checked without errors, so every name resolves; a
//! name that does not (which would be a checker bug) or a value that does not fit its
//! encoding is still reported as a diagnostic rather than a panic.
//!
//! Local slots: the card's user variables (`vars`) take slots `0..n` in declaration order;
//! a loop (`each`, `X in L`, `all X in L`) nested `d` deep binds its element (`card`) to slot
//! `n + d`. Locals are shared by every entry an execution runs, so a filter expression
//! inside a loop body reads the same slot.
//!
//! The usual shapes are built in one piece: a one-command chain next to its argument
//! (`Lowerer::single_call`), and a filter of one plain card type shares its type list from
//! a static table (`CARD_TYPE_TERMS`).

mod expressions;
mod filters;

use crate::ast::Interner;
use crate::ast::{self, Symbol};
use crate::catalogue_names::Names;
use crate::diagnostics::Code;
use crate::ir;
use crate::{Diagnostic, Span};
use bumpalo::Bump;
use smallvec::SmallVec;
use vm::bytecode::{
    AbilityIdx, AmountMode, AttributeIdx, CardTypeIdx, CommandIdx, ComparableIdx, Const, CostIdx, EventIdx,
    EventPrefixIdx, EventSuffixIdx, FilterKeywordIdx, FunctionIdx, Qty, RankingIdx, RestrictionIdx,
    RestrictionPrefixIdx, RuleSwitchIdx, SelectorIdx, SubtypeIdx, Term, TermKind, TypeOp, VariableIdx, ZoneIdx,
    ZonePrefixIdx, ZoneRef,
};
use vm::catalogue::{ArgKind, Catalogue, CommandSpec};

/// The name a loop binds its element to (`[X for card in L]`): part of the language, not
/// of any catalogue.
pub const LOOP_ELEMENT: &str = "card";

/// Lowers `card` into `arena`; the diagnostics on failure.
pub fn lower_card<'i>(
    card: &ast::Card<'_>,
    interner: &Interner,
    names: &Names,
    catalogue: &Catalogue,
    arena: &'i Bump,
) -> Result<ir::Card<'i>, Vec<Diagnostic>> {
    let mut lowerer = Lowerer {
        arena,
        interner,
        names,
        catalogue,
        user_vars: SmallVec::new(),
        loop_depth: 0,
        loop_element: None,
        errors: Vec::new(),
    };
    let card = lowerer.card(card);
    if lowerer.errors.is_empty() { Ok(card) } else { Err(lowerer.errors) }
}

/// How many card types have their one-term type lists in [`CARD_TYPE_TERMS`].
const SHARED_CARD_TYPES: usize = 8;

/// For card type `k < SHARED_CARD_TYPES`, the type list `[k]` (singular) and `[ks]`
/// (plural): a filter of one plain card type points here rather than allocating its list.
static CARD_TYPE_TERMS: [[[ir::TypeTerm<'static>; 1]; 2]; SHARED_CARD_TYPES] = card_type_terms();

const fn card_type_terms() -> [[[ir::TypeTerm<'static>; 1]; 2]; SHARED_CARD_TYPES] {
    let any = ir::TypeTerm { exclude_source: false, negate: false, plural: false, atom: ir::TypeAtom::Any };
    let mut table = [[[any]; 2]; SHARED_CARD_TYPES];
    let mut index = 0;
    while index < SHARED_CARD_TYPES {
        let atom = ir::TypeAtom::CardType(CardTypeIdx(index as u32));
        table[index][0][0] = ir::TypeTerm { exclude_source: false, negate: false, plural: false, atom };
        table[index][1][0] = ir::TypeTerm { exclude_source: false, negate: false, plural: true, atom };
        index += 1;
    }
    table
}

struct Lowerer<'i, 's> {
    arena: &'i Bump,
    interner: &'s Interner,
    names: &'s Names,
    catalogue: &'s Catalogue,
    user_vars: SmallVec<[Symbol; 4]>,
    loop_depth: usize,
    /// The symbol of [`LOOP_ELEMENT`], looked up when the first loop is entered.
    loop_element: Option<Symbol>,
    errors: Vec<Diagnostic>,
}

impl<'i> Lowerer<'i, '_> {
    fn error(&mut self, code: Code, span: Span, message: String) {
        self.errors.push(Diagnostic { code, message, span, label: "cannot be compiled".into(), help: None });
    }

    fn slice<T: Copy>(&self, items: &[T]) -> &'i [T] {
        if items.is_empty() { &[] } else { self.arena.alloc_slice_copy(items) }
    }

    /// `earlier` followed by `later`, for a list property written more than once (the
    /// checker allows that only for `action`, which is gathered once instead).
    fn concat<T: Copy>(&self, earlier: &'i [T], later: &'i [T]) -> &'i [T] {
        if earlier.is_empty() {
            return later;
        }
        let mut all = earlier.to_vec();
        all.extend_from_slice(later);
        self.slice(&all)
    }

    /// Lowers each of `items` with `lower`, into one arena slice.
    fn lower_all<T, U>(&mut self, items: &[T], mut lower: impl FnMut(&mut Self, &T) -> U) -> &'i [U] {
        if items.is_empty() {
            return &[];
        }
        let arena = self.arena;
        // `alloc_slice_fill_with` calls its closure with `0..items.len()` only, so indexing
        // cannot fail; unlike an iterator, it hands no `Option` of each lowered item back.
        arena.alloc_slice_fill_with(items.len(), |index| lower(self, &items[index]))
    }

    fn alloc<T: Copy>(&self, value: T) -> &'i T {
        self.arena.alloc(value)
    }

    fn text(&self, symbol: Symbol) -> &'i str {
        self.arena.alloc_str(self.interner.resolve(&symbol))
    }

    /// Resolves `name` in `table`, reporting `what` when it is not there.
    fn resolve(&mut self, found: Option<u16>, code: Code, what: &str, name: ast::Name) -> u32 {
        match found {
            Some(index) => u32::from(index),
            None => self.unknown(code, what, name),
        }
    }

    // Cold: only errors come here; inlined, it made every name lookup larger (docs/style.md, fast paths).
    #[cold]
    #[inline(never)]
    fn unknown(&mut self, code: Code, what: &str, name: ast::Name) -> u32 {
        let written = self.interner.resolve(&name.symbol).to_string();
        self.error(code, name.span, format!("unknown {what} `{written}`"));
        0
    }

    fn u16_of(&mut self, value: u32, span: Span) -> u16 {
        u16::try_from(value).unwrap_or_else(|_| self.too_large(value, span))
    }

    // Cold: only errors come here; inlined, it made every index conversion larger (docs/style.md, fast paths).
    #[cold]
    #[inline(never)]
    fn too_large(&mut self, value: u32, span: Span) -> u16 {
        self.error(Code::E0036, span, format!("`{value}` does not fit the bytecode (at most 65535)"));
        0
    }

    fn slot(&mut self, index: usize, span: Span) -> u8 {
        u8::try_from(index).unwrap_or_else(|_| self.too_many_slots(span))
    }

    // Cold: only errors come here; inlined, it made every slot lookup larger (docs/style.md, fast paths).
    #[cold]
    #[inline(never)]
    fn too_many_slots(&mut self, span: Span) -> u8 {
        // Once per card: every later variable is past the limit too.
        if !self.errors.iter().any(|error| error.code == Code::E0046) {
            self.errors.push(crate::diagnostics::too_many_local_slots(span, usize::from(u8::MAX) + 1));
        }
        0
    }

    // ---------------------------------------------------------------- card

    fn card(&mut self, card: &ast::Card<'_>) -> ir::Card<'i> {
        // Whether any label is written: most cards have none, and then no action looks for one.
        let mut has_labels = false;
        for property in card.properties {
            match property.value {
                ast::PropertyValue::Vars(declarations) => {
                    for declaration in declarations {
                        if !self.user_vars.contains(&declaration.name.symbol) {
                            self.user_vars.push(declaration.name.symbol);
                        }
                    }
                }
                ast::PropertyValue::Label(_) => has_labels = true,
                _ => {}
            }
        }
        // Labels go to actions in order.
        let mut labels = card.properties.iter().filter_map(|property| match property.value {
            ast::PropertyValue::Label(label) => Some(label.text),
            _ => None,
        });
        let mut abilities: &'i [AbilityIdx] = &[];
        let mut target = None;
        let mut requisites: &'i [&'i ir::Filter<'i>] = &[];
        let mut vars: &'i [ir::VarDecl<'i>] = &[];
        // Actions and autos are gathered and copied to the arena once at the end: a card may
        // have thousands, and appending each to a copy of the ones before grew memory with
        // the square of their number.
        let mut actions: SmallVec<[ir::Action<'i>; 1]> = SmallVec::new();
        let mut autos: SmallVec<[ir::Auto<'i>; 1]> = SmallVec::new();
        for property in card.properties {
            match property.value {
                ast::PropertyValue::Target { optional, filters } => {
                    let filters = self.lower_all(filters, Self::filter);
                    target = Some(ir::RuleTarget { optional, filters });
                }
                ast::PropertyValue::Action(action) => {
                    let costs = self.lower_all(action.costs, Self::cost);
                    let label = if has_labels { labels.next().map(|text| self.text(text)) } else { None };
                    let statements = self.statements(action.statements);
                    actions.push(ir::Action { label, costs, statements });
                }
                ast::PropertyValue::Auto(auto) => {
                    let events = match &auto.trigger {
                        Some(trigger) => self.lower_all(trigger.events, Self::event),
                        None => &[],
                    };
                    // Spec §2.6/§3.12: the delimiter is not recorded; an auto whose events
                    // are all hooks answers those hooks (`~cancelCombatDamage:this~` too).
                    let catalogue = self.catalogue;
                    let hook = !events.is_empty()
                        && events
                            .iter()
                            .all(|event| catalogue.events.get(event.event.index()).is_some_and(|e| e.is_hook));
                    let costs = self.lower_all(auto.costs, Self::cost);
                    let statements = self.statements(auto.statements);
                    autos.push(ir::Auto { hook, events, costs, statements });
                }
                ast::PropertyValue::Abilities(names) => {
                    let lowered = self.lower_all(names, |lowerer, name| {
                        AbilityIdx(lowerer.resolve(
                            lowerer.names.abilities.get(name.symbol),
                            Code::E0015,
                            "ability",
                            *name,
                        ))
                    });
                    abilities = self.concat(abilities, lowered);
                }
                ast::PropertyValue::Requisite(filters) => {
                    let lowered = self.lower_all(filters, Self::filter);
                    requisites = self.concat(requisites, lowered);
                }
                ast::PropertyValue::Vars(declarations) => {
                    let lowered = self.lower_all(declarations, |lowerer, declaration| {
                        let index = lowerer.user_vars.iter().position(|&s| s == declaration.name.symbol).unwrap_or(0);
                        let slot = lowerer.slot(index, declaration.name.span);
                        let value = lowerer.expr(declaration.value);
                        ir::VarDecl { slot, value, span: declaration.name.span.to(declaration.value.span) }
                    });
                    vars = self.concat(vars, lowered);
                }
                ast::PropertyValue::Label(_) => {}
                ast::PropertyValue::Error => self.error(Code::E0006, property.span, "a line that did not parse".into()),
            }
        }
        let (actions, autos) = (self.slice(&actions), self.slice(&autos));
        ir::Card { abilities, target, requisites, vars, actions, autos }
    }

    fn cost(&mut self, cost: &ast::Cost<'_>) -> ir::Cost<'i> {
        let index = self.resolve(self.names.costs.get(cost.kind.symbol), Code::E0019, "cost", cost.kind);
        let (count, filter) = match cost.argument {
            None => (None, None),
            Some(ast::CostArgument::Count(count, _)) => (Some(count), None),
            Some(ast::CostArgument::Filter(filter)) => (None, Some(self.filter(filter))),
        };
        ir::Cost { cost: CostIdx(index), count, filter }
    }

    fn event(&mut self, event: &ast::EventRef) -> ir::Event<'i> {
        let index = self.resolve(self.names.events.get(event.name.symbol), Code::E0013, "event", event.name);
        let prefix = event.prefix.map(|prefix| {
            EventPrefixIdx(self.resolve(
                self.names.event_prefixes.get(prefix.symbol),
                Code::E0039,
                "event prefix",
                prefix,
            ))
        });
        let (mut suffix, mut condition) = (None, None);
        if let Some(word) = event.suffix {
            if let Some(index) = self.names.event_suffixes.get(word.symbol) {
                suffix = Some(EventSuffixIdx(u32::from(index)));
            } else {
                let index = self.resolve(self.names.variables.get(word.symbol), Code::E0023, "event suffix", word);
                // Any other suffix is an implicit condition on the event's object (spec
                // §2.6): `:action` is `isAction(trigger)` when the catalogue has that test (`trigger`: its
                // `event_object` role).
                let trigger = self.names.event_object;
                let test = self.element_test(word.symbol);
                let value = match (test, trigger) {
                    (Some(test), Some(trigger)) => {
                        let arena = self.arena;
                        let object = ir::Expr::Var(VariableIdx(u32::from(trigger)));
                        ir::Expr::Call(test, arena.alloc_slice_fill_iter(std::iter::once(object)))
                    }
                    _ => ir::Expr::Var(VariableIdx(index)),
                };
                condition = Some(self.alloc(value));
            }
        }
        ir::Event { event: EventIdx(index), prefix, suffix, condition, span: event.span }
    }

    // ---------------------------------------------------------------- statements

    /// The statements of an action or auto with more than one.
    fn statements(&mut self, statements: &[ast::Statement<'_>]) -> &'i [ir::Statement<'i>] {
        self.lower_all(statements, Self::statement)
    }

    /// One statement (an `[[else]]` branch goes through [`Lowerer::branch_statement`]).
    fn statement(&mut self, statement: &ast::Statement<'_>) -> ir::Statement<'i> {
        let condition = statement.condition.map(|condition| match condition {
            ast::Condition::If(expression, _) => ir::Condition::If(self.expr_value(expression)),
            ast::Condition::May(question, _) => ir::Condition::May(question.map(|q| self.text(q))),
        });
        let target = statement.target.map(|clause| self.target(&clause));
        let restriction = statement.restriction.map(|restriction| {
            let kind = self.resolve(
                self.names.restrictions.get(restriction.kind.symbol),
                Code::E0018,
                "restriction",
                restriction.kind,
            );
            let prefix = restriction.prefix.map(|prefix| {
                RestrictionPrefixIdx(self.resolve(
                    self.names.restriction_prefixes.get(prefix.symbol),
                    Code::E0018,
                    "restriction prefix",
                    prefix,
                ))
            });
            (RestrictionIdx(kind), prefix)
        });
        let chain = self.statement_chain(statement.chain);
        let otherwise = statement.otherwise.map(|otherwise| {
            let elif = otherwise.elif.map(|condition| self.expr(condition));
            let body = self.branch_statement(&otherwise.body);
            self.alloc(ir::Otherwise { elif, body })
        });
        ir::Statement { condition, target, restriction, chain, otherwise, span: statement.span }
    }

    /// The statement of an `[[elif]]`/`[[else]]` branch.
    fn branch_statement(&mut self, statement: &ast::Statement<'_>) -> ir::Statement<'i> {
        self.statement(statement)
    }

    fn target(&mut self, clause: &ast::TargetClause<'_>) -> ir::Target<'i> {
        let filter = clause.filter;
        if let [term] = filter.types
            && let ast::TypeAtom::Expr(value) = term.atom
            && !term.exclude_source
            && !term.negate
            && !term.plural
            && filter.quantity.is_none()
            && filter.pick.is_none()
            && filter.terms.is_empty()
            && filter.zone.is_none()
            && filter.selector.is_none()
        {
            return ir::Target::Expr { value: self.expr(value), optional: clause.optional };
        }
        ir::Target::Filter { filter: self.filter(filter), optional: clause.optional }
    }

    /// A statement's chain: [`Lowerer::single_call`] for the usual one command with at most
    /// one argument (`damage(300)`, `destroy()`), else [`Lowerer::chain`].
    fn statement_chain(&mut self, chain: &[ast::ChainLink<'_>]) -> &'i [ir::Link<'i>] {
        if let [link] = chain
            && let ast::Effect::Command(command) = &link.effect
        {
            match command.args {
                [] => return self.single_call(link.operator, command, None),
                [ast::Arg::Each(_)] => {}
                [arg] => return self.single_call(link.operator, command, Some(arg)),
                _ => {}
            }
        }
        self.chain(chain)
    }

    /// The chain `command(arg)` or `command()`: the link and its argument are allocated
    /// together.
    fn single_call(
        &mut self,
        operator: Option<ir::ChainOperator>,
        command: &ast::Command<'_>,
        arg: Option<&ast::Arg<'_>>,
    ) -> &'i [ir::Link<'i>] {
        let (index, spec) = self.resolve_command(command);
        let call = ir::Effect::Call { command: CommandIdx(index), confirm: command.optional, args: &[] };
        let (Some(spec), Some(arg)) = (spec, arg) else {
            return std::slice::from_ref(self.alloc(ir::Link { operator, effect: call }));
        };
        let kind = spec.params.first().map(|param| param.kind);
        let lowered = self.arg(arg, kind, CommandIdx(index), 0);
        let pair: &'i mut (ir::Arg<'i>, ir::Link<'i>) =
            self.arena.alloc((lowered, ir::Link { operator, effect: call }));
        let (arg, link) = pair;
        if let ir::Effect::Call { args, .. } = &mut link.effect {
            *args = std::slice::from_ref(arg);
        }
        let link: &'i ir::Link<'i> = link;
        std::slice::from_ref(link)
    }

    fn chain(&mut self, chain: &[ast::ChainLink<'_>]) -> &'i [ir::Link<'i>] {
        self.lower_all(chain, |lowerer, link| ir::Link {
            operator: link.operator,
            effect: lowerer.effect(&link.effect),
        })
    }

    fn effect(&mut self, effect: &ast::Effect<'_>) -> ir::Effect<'i> {
        match effect {
            ast::Effect::Grant(grant) => {
                let index = AbilityIdx(self.resolve(
                    self.names.abilities.get(grant.ability.symbol),
                    Code::E0015,
                    "ability",
                    grant.ability,
                ));
                if grant.remove { ir::Effect::Revoke(index) } else { ir::Effect::Grant(index) }
            }
            ast::Effect::Command(command) => self.command(command),
        }
    }

    /// The catalogue index of the command `command` calls, and its entry (`None` only after
    /// an error is reported).
    fn resolve_command(&mut self, command: &ast::Command<'_>) -> (u32, Option<&'static CommandSpec>) {
        let index = self.resolve(self.names.commands.get(command.name.symbol), Code::E0008, "command", command.name);
        (index, self.catalogue.commands.get(index as usize))
    }

    fn command(&mut self, command: &ast::Command<'_>) -> ir::Effect<'i> {
        let (index, spec) = self.resolve_command(command);
        let Some(spec) = spec else {
            return ir::Effect::Call { command: CommandIdx(index), confirm: command.optional, args: &[] };
        };
        if let [ast::Arg::Each(each)] = command.args {
            let each = self.each(each);
            return ir::Effect::Each { command: CommandIdx(index), confirm: command.optional, each: self.alloc(each) };
        }
        let mut position = 0;
        let args = self.lower_all(command.args, |lowerer, arg| {
            let kind = spec.params.get(position).map(|param| param.kind);
            let lowered = lowerer.arg(arg, kind, CommandIdx(index), position);
            position += 1;
            lowered
        });
        ir::Effect::Call { command: CommandIdx(index), confirm: command.optional, args }
    }

    /// One command argument, by its parameter's kind.
    fn arg(&mut self, arg: &ast::Arg<'_>, kind: Option<ArgKind>, command: CommandIdx, position: usize) -> ir::Arg<'i> {
        let amount = matches!(kind, Some(ArgKind::Amount | ArgKind::CostChange));
        match *arg {
            ast::Arg::Expr(expression) if amount => ir::Arg::Amount(AmountMode::Add, self.expr_value(expression)),
            ast::Arg::Expr(expression) => ir::Arg::Value(self.expr_value(expression)),
            ast::Arg::Set(expression, _) => ir::Arg::Amount(AmountMode::Set, self.expr_value(expression)),
            ast::Arg::Times(factor, span) => {
                let factor = i32::try_from(factor).unwrap_or_else(|_| {
                    self.error(Code::E0036, span, format!("`x{factor}` does not fit the bytecode"));
                    0
                });
                ir::Arg::Times(factor)
            }
            ast::Arg::Filter(filter) => ir::Arg::Filter(self.filter(filter)),
            ast::Arg::Pile(pile) => ir::Arg::Const(Const::Pile(self.zone(&pile))),
            ast::Arg::Keyword(word) => match kind {
                Some(ArgKind::RuleSwitch) => {
                    let index =
                        self.resolve(self.names.rule_switches.get(word.symbol), Code::E0016, "rule switch", word);
                    ir::Arg::Const(Const::RuleSwitch(RuleSwitchIdx(index)))
                }
                Some(ArgKind::Keyword(words)) => {
                    let written = self.interner.resolve(&word.symbol);
                    let found = words.iter().position(|known| known.name.eq_ignore_ascii_case(written));
                    let found = found.and_then(|index| u16::try_from(index).ok());
                    let index = self.resolve(found, Code::E0026, "keyword argument", word);
                    let param = u8::try_from(position).unwrap_or(u8::MAX);
                    ir::Arg::Const(Const::Word { command, param, word: index as u16 })
                }
                _ => {
                    let written = self.interner.resolve(&word.symbol).to_string();
                    self.error(Code::E0010, word.span, format!("keyword `{written}` where no keyword is expected"));
                    ir::Arg::Ask
                }
            },
            ast::Arg::Bool(value, _) => ir::Arg::Bool(value),
            ast::Arg::Ask(_) => ir::Arg::Ask,
            ast::Arg::Str(text, _) => ir::Arg::Str(self.text(text)),
            ast::Arg::Each(each) => {
                self.error(Code::E0010, each.span, "`each` loop where a value is expected".into());
                ir::Arg::Ask
            }
            ast::Arg::Error(span) => {
                self.error(Code::E0010, span, "an argument that did not parse".into());
                ir::Arg::Ask
            }
        }
    }

    fn each(&mut self, each: &ast::Each<'_>) -> ir::Each<'i> {
        let source = match each.source {
            ast::EachSource::Filter(filter) => ir::EachSource::Filter(self.filter(filter)),
            ast::EachSource::Map(expression) => match expression.kind {
                ast::ExprKind::Map(item, list) => {
                    let list = self.expr(list);
                    let item = self.in_loop(|lowerer| lowerer.expr(item));
                    ir::EachSource::Map { item: Some(item), list }
                }
                _ => ir::EachSource::Map { item: None, list: self.expr(expression) },
            },
        };
        let slot = self.slot(self.user_vars.len() + self.loop_depth, each.span);
        let body = self.in_loop(|lowerer| lowerer.chain(each.body));
        ir::Each { source, slot, body }
    }

    /// Runs `f` with one more loop element bound.
    fn in_loop<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        if self.loop_element.is_none() {
            self.loop_element = self.interner.get(LOOP_ELEMENT);
        }
        self.loop_depth += 1;
        let value = f(self);
        self.loop_depth -= 1;
        value
    }
}
