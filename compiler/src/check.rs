//! Semantic checks: every name, arity and argument kind of a parsed card against the
//! catalogue, plus the structural rules of a card (one `auto`, labels for actions, ...).

use crate::ast::*;
use crate::catalogue_names::{CommandInfo, NameTable, Names};
use crate::diagnostics::{self, Code};
use crate::{Diagnostic, Span};
use smallvec::SmallVec;
use vm::catalogue::{ArgKind, Catalogue, CostArg, NamedSpec};

/// A user variable declared in `vars`, and whether anything reads it.
struct UserVariable {
    name: Symbol,
    span: Span,
    read: bool,
}

/// Checks `card` (parsed from `source`) against the catalogue, appending what is wrong to
/// `diagnostics`.
pub(crate) fn check_card(
    card: &Card<'_>,
    catalogue: &Catalogue,
    names: &Names,
    source: &str,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let mut checker =
        Checker { catalogue, names, source, diagnostics, user_variables: SmallVec::new(), reads_targets: false };
    checker.check_card(card);
}

struct Checker<'s> {
    catalogue: &'s Catalogue,
    names: &'s Names,
    source: &'s str,
    diagnostics: &'s mut Vec<Diagnostic>,
    user_variables: SmallVec<[UserVariable; 2]>,
    reads_targets: bool,
}

impl Checker<'_> {
    fn text(&self, span: Span) -> &str {
        self.source.get(span.range()).unwrap_or("")
    }

    fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// Reports `name` as an unknown `what` unless `table` knows it.
    fn require(&mut self, table: &NameTable, code: Code, what: &str, name: Name) -> Option<u16> {
        let found = table.get(name.symbol);
        if found.is_none() {
            self.report_unknown(table, code, what, name);
        }
        found
    }

    /// Reports `name` as an unknown `what`, suggesting from `table`.
    fn report_unknown(&mut self, table: &NameTable, code: Code, what: &str, name: Name) {
        let written = self.text(name.span).to_string();
        let known = table.names();
        let mut diagnostic = diagnostics::unknown_name(code, name.span, what, &written, known);
        // A short list (abilities, rule switches, prefixes) is shown whole.
        if diagnostic.help.is_none() && !known.is_empty() && known.len() <= 16 {
            diagnostic.help = Some(format!("expected one of {}", diagnostics::quoted_list(known)));
        }
        self.report(diagnostic);
    }

    // ---------------------------------------------------------------- card

    fn check_card(&mut self, card: &Card<'_>) {
        for property in card.properties {
            if let PropertyValue::Vars(declarations) = property.value {
                for declaration in declarations {
                    self.user_variables.push(UserVariable {
                        name: declaration.name.symbol,
                        span: declaration.name.span,
                        read: false,
                    });
                }
            }
        }
        // One bit per property that may be written once (the parser makes the value's kind
        // from the key, so the kind stands for the key).
        let mut seen_single = 0u8;
        let mut actions = 0usize;
        let mut labels = 0usize;
        let mut has_effect = false;
        let mut target_property: Option<Span> = None;
        let mut every_statement_targets = true;
        for property in card.properties {
            let single_bit = match property.value {
                PropertyValue::Target { .. } => 1,
                PropertyValue::Auto(_) => 2,
                PropertyValue::Abilities(_) => 4,
                PropertyValue::Requisite(_) => 8,
                PropertyValue::Vars(_) => 16,
                PropertyValue::Action(_) | PropertyValue::Label(_) | PropertyValue::Error => 0,
            };
            if seen_single & single_bit != 0 {
                self.report_duplicate_property(property.key.span);
            }
            seen_single |= single_bit;
            match property.value {
                PropertyValue::Target { filters, .. } => {
                    target_property.get_or_insert(property.span);
                    for filter in filters {
                        self.check_filter(filter);
                    }
                }
                PropertyValue::Action(action) => {
                    actions += 1;
                    has_effect = true;
                    self.check_costs(action.costs);
                    for statement in action.statements {
                        every_statement_targets &= self.check_statement(statement);
                    }
                }
                PropertyValue::Auto(auto) => {
                    has_effect = true;
                    every_statement_targets = false;
                    self.check_costs(auto.costs);
                    if let Some(trigger) = &auto.trigger {
                        let condition_only = auto.statements.iter().all(|statement| statement.chain.is_empty());
                        self.check_trigger(trigger, condition_only);
                        self.check_hook_costs(trigger, auto.costs);
                        if auto.statements.is_empty() {
                            self.check_hook_answers(trigger);
                        }
                    }
                    for statement in auto.statements {
                        self.check_statement(statement);
                    }
                }
                PropertyValue::Abilities(abilities) => {
                    has_effect = true;
                    for (index, ability) in abilities.iter().enumerate() {
                        self.require(&self.names.abilities, Code::E0015, "ability", *ability);
                        if abilities[..index].iter().any(|earlier| earlier.symbol == ability.symbol) {
                            self.report_duplicate_ability(ability.span);
                        }
                    }
                }
                PropertyValue::Requisite(filters) => {
                    for filter in filters {
                        self.check_filter(filter);
                    }
                }
                PropertyValue::Vars(declarations) => {
                    for declaration in declarations {
                        self.check_expr(declaration.value);
                    }
                }
                PropertyValue::Label(label) => {
                    labels += 1;
                    if labels > count_actions(card) {
                        self.report(diagnostics::too_many_labels(label.span, labels, count_actions(card)));
                    }
                }
                PropertyValue::Error => has_effect = true,
            }
        }
        if !has_effect && !self.diagnostics.iter().any(|diagnostic| diagnostic.severity() == crate::Severity::Error) {
            let span = card.properties.first().map_or(Span::new(0, 0), |property| property.span);
            self.report(diagnostics::card_without_effect(span));
        }
        if !self.user_variables.is_empty() {
            self.report_variables_never_read();
        }
        if let Some(span) = target_property
            && actions > 0
            && every_statement_targets
            && !self.reads_targets
        {
            self.report(diagnostics::unused_target_property(span, &self.names.examples.target_readers));
        }
    }

    /// Reports a property written twice that may be written once.
    fn report_duplicate_property(&mut self, span: Span) {
        let written = self.text(span).to_ascii_lowercase();
        self.report(diagnostics::duplicate_property(span, &written));
    }

    /// Reports an ability listed twice.
    fn report_duplicate_ability(&mut self, span: Span) {
        let written = self.text(span).to_string();
        self.report(diagnostics::duplicate_ability(span, &written));
    }

    /// Reports each user variable that nothing reads, in declaration order.
    fn report_variables_never_read(&mut self) {
        for index in 0..self.user_variables.len() {
            let variable = &self.user_variables[index];
            if !variable.read {
                let span = variable.span;
                let written = self.text(span).to_string();
                self.report(diagnostics::variable_never_read(span, &written));
            }
        }
    }

    fn check_costs(&mut self, costs: &[Cost<'_>]) {
        for cost in costs {
            let Some(index) = self.names.costs.get(cost.kind.symbol) else {
                self.report_unknown_cost(cost.kind);
                continue;
            };
            let spec = &self.catalogue.costs[index as usize];
            match (spec.arg, &cost.argument) {
                (_, None) => {}
                (CostArg::None, Some(_)) => self.report_cost_argument(cost, None),
                (CostArg::OptionalFilter, Some(CostArgument::Count(_, span))) => {
                    self.report_cost_argument(cost, Some(*span));
                }
                (_, Some(CostArgument::Filter(filter))) => self.check_filter(filter),
                (CostArg::OptionalCountOrFilter, Some(CostArgument::Count(0, span))) => {
                    let written = self.text(cost.kind.span).to_string();
                    self.report(diagnostics::zero_cost(*span, &written));
                }
                (CostArg::OptionalCountOrFilter, Some(CostArgument::Count(..))) => {}
            }
        }
    }
    /// Reports an argument given to a cost that takes none (`count` is `None`), or a count
    /// given to a cost that takes only a filter (at `count`).
    fn report_cost_argument(&mut self, cost: &Cost<'_>, count: Option<Span>) {
        let written = self.text(cost.kind.span).to_string();
        match count {
            None => self.report(diagnostics::wrong_arity(cost.span, &written, 0, 0, 1)),
            Some(span) => self.report(diagnostics::wrong_argument_kind(span, &written, "cards", "a target filter")),
        }
    }

    /// A hook is asked, not run: it cannot pay a cost.
    fn check_hook_costs(&mut self, trigger: &Trigger<'_>, costs: &[Cost<'_>]) {
        let Some(first_cost) = costs.first() else { return };
        let hook = trigger.events.iter().find(|event| {
            self.names.events.get(event.name.symbol).is_some_and(|index| self.catalogue.events[index as usize].is_hook)
        });
        if let Some(hook) = hook {
            let written = self.text(hook.name.span).to_string();
            self.report(diagnostics::cost_on_a_hook(first_cost.span, &written));
        }
    }

    /// A hook auto answers with its condition: one without a statement answers nothing
    /// (the game's answer stays as it was), which is never what was meant.
    fn check_hook_answers(&mut self, trigger: &Trigger<'_>) {
        let is_hook = |event: &EventRef| {
            self.names.events.get(event.name.symbol).is_some_and(|index| self.catalogue.events[index as usize].is_hook)
        };
        if let Some(first) = trigger.events.first()
            && trigger.events.iter().all(is_hook)
        {
            let written = self.text(first.span).to_string();
            self.report(diagnostics::hook_without_condition(trigger.span, &written));
        }
    }

    fn check_trigger(&mut self, trigger: &Trigger<'_>, condition_only: bool) {
        for event in trigger.events {
            if let Some(prefix) = event.prefix {
                self.require(&self.names.event_prefixes, Code::E0039, "event prefix", prefix);
            }
            let (code, what) = if trigger.written_as_hook { (Code::E0014, "hook") } else { (Code::E0013, "event") };
            let Some(index) = self.names.events.get(event.name.symbol) else {
                self.report_unknown_event(event, code, what);
                continue;
            };
            let spec = &self.catalogue.events[index as usize];
            let source = self.source;
            // The event as written, suffix excluded (only messages need it).
            let written_event = || source.get(event.span.range()).unwrap_or("").split(':').next().unwrap_or("").trim();
            if trigger.written_as_hook != spec.is_hook && (trigger.written_as_hook || condition_only) {
                self.report(diagnostics::mixed_hook_delimiters(event.span, written_event(), spec.is_hook));
            }
            let Some(suffix) = event.suffix else { continue };
            if self.names.event_suffixes.contains(suffix.symbol) {
                if self.names.is_source_suffix(suffix.symbol) && !spec.has_object {
                    let word = source.get(suffix.span.range()).unwrap_or("").to_ascii_lowercase();
                    self.report(diagnostics::event_suffix_never_matches(suffix.span, &word, written_event()));
                }
            } else if !self.names.variables.contains(suffix.symbol) {
                // Any other suffix is an implicit condition on the trigger (`:action`).
                let written = self.text(suffix.span).to_string();
                let mut known: Vec<&str> = self.names.event_suffixes.names().to_vec();
                known.extend(self.names.element_tests.iter().copied());
                let mut diagnostic =
                    diagnostics::unknown_name(Code::E0023, suffix.span, "event suffix", &written, &known);
                if diagnostic.help.is_none() {
                    diagnostic.help = Some(if known.is_empty() {
                        "this game has no event suffixes".to_string()
                    } else {
                        format!("an event suffix is one of {}", diagnostics::quoted_list(&known))
                    });
                }
                self.report(diagnostic);
            }
        }
    }
    /// An unknown event: suggest with the written prefix kept (`oppEndPhse` → `oppEndPhase`).
    fn report_unknown_event(&mut self, event: &EventRef, code: Code, what: &str) {
        let span = event.prefix.map_or(event.name.span, |prefix| prefix.span.to(event.name.span));
        let written = self.text(span).to_string();
        let events = self.names.events.names();
        let mut help = self.unknown_event_prefix(&written);
        if help.is_none() {
            help = diagnostics::suggest(&written, events.iter().copied());
        }
        if help.is_none() {
            for prefix in self.names.event_prefixes.names() {
                let Some(rest) = written.get(prefix.len()..) else { continue };
                if written[..prefix.len()].eq_ignore_ascii_case(prefix)
                    && let Some(suggestion) = diagnostics::suggest(rest.trim(), events.iter().copied())
                {
                    let event_name = suggestion.trim_start_matches("did you mean `").trim_end_matches("`?");
                    let mut capitalised = event_name.to_string();
                    if let Some(first) = capitalised.get_mut(0..1) {
                        first.make_ascii_uppercase();
                    }
                    help = Some(format!("did you mean `{prefix}{capitalised}`?"));
                    break;
                }
            }
        }
        let mut diagnostic = diagnostics::unknown_name(code, span, what, &written, &[]);
        diagnostic.help = help;
        self.report(diagnostic);
    }

    /// `oppSummoned` in a game whose prefixes are `own` and `enemy`: a known event after a
    /// word that is no event prefix gets the prefixes, not a look-alike event.
    fn unknown_event_prefix(&self, written: &str) -> Option<String> {
        let events = self.names.events.names();
        // The longest event the word ends with (`beforeDamage` rather than a `damage`).
        let event = events
            .iter()
            .filter(|event| {
                written.len() > event.len()
                    && written.get(written.len() - event.len()..).is_some_and(|end| end.eq_ignore_ascii_case(event))
            })
            .max_by_key(|event| event.len())?;
        let prefix = written.get(..written.len() - event.len())?.trim();
        let prefixes = self.names.event_prefixes.names();
        if prefix.is_empty() || prefixes.iter().any(|known| known.eq_ignore_ascii_case(prefix)) {
            return None;
        }
        let mut capitalised = event.to_string();
        if let Some(first) = capitalised.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        Some(match prefixes.first() {
            Some(first) => format!(
                "`{prefix}` is no event prefix; one of {} (`{first}{capitalised}`), or none",
                diagnostics::quoted_list(prefixes)
            ),
            None => format!("this game has no event prefixes: `{event}`"),
        })
    }

    // ---------------------------------------------------------------- statements
    /// Checks a statement; returns whether it (and every branch) has its own target clause.
    fn check_statement(&mut self, statement: &Statement<'_>) -> bool {
        if let Some(Condition::If(expression, _)) = statement.condition {
            self.check_expr(expression);
        }
        let mut timed = false;
        for link in statement.chain {
            timed |= self.check_effect(&link.effect);
        }
        if let Some(clause) = &statement.target {
            self.check_filter(clause.filter);
        }
        if let Some(restriction) = statement.restriction
            && !timed
            && !statement.chain.is_empty()
        {
            self.report_restriction_without_effect(restriction.span);
        }
        let mut targets = statement.target.is_some() || statement.chain.is_empty();
        if let Some(otherwise) = statement.otherwise {
            if let Some(condition) = otherwise.elif {
                self.check_expr(condition);
            }
            targets &= self.check_statement(&otherwise.body);
        }
        targets
    }

    /// Reports a restriction on a chain that no restriction times.
    fn report_restriction_without_effect(&mut self, span: Span) {
        let written = self.text(span).to_string();
        self.report(diagnostics::restriction_without_effect(span, &written, &self.names.examples.timed));
    }

    /// Checks one effect; returns whether a restriction times it.
    fn check_effect(&mut self, effect: &Effect<'_>) -> bool {
        match effect {
            Effect::Grant(grant) => {
                self.require(&self.names.abilities, Code::E0015, "ability", grant.ability);
                true
            }
            Effect::Command(command) => self.check_command(command),
        }
    }

    fn check_command(&mut self, command: &Command<'_>) -> bool {
        let Some(CommandInfo { spec, min_args: min }) = self.names.command(command.name.symbol) else {
            self.report_unknown(&self.names.commands, Code::E0008, "command", command.name);
            for arg in command.args {
                self.check_generic_arg(arg);
            }
            return false;
        };
        // Every parameter given, the usual call, is always a valid count.
        let given = command.args.len();
        let max = spec.max_args();
        if given != max && (given > max || given < min) {
            self.report_wrong_arity(command.span, spec.name, min, max, given);
        }
        for (position, arg) in command.args.iter().enumerate() {
            match spec.params.get(position) {
                Some(param) => self.check_arg(arg, param.kind, spec.name, param.name),
                None => self.check_generic_arg(arg),
            }
        }
        spec.timed
    }

    /// Reports a command called with a wrong number of arguments.
    fn report_wrong_arity(&mut self, span: Span, name: &str, min: usize, max: usize, given: usize) {
        self.report(diagnostics::wrong_arity(span, name, min, max, given));
    }

    fn check_arg(&mut self, arg: &Arg<'_>, kind: ArgKind, command: &str, param: &str) {
        match (kind, arg) {
            (ArgKind::Keyword(words), Arg::Keyword(word)) => {
                let written = self.text(word.span);
                if !words.iter().any(|known| known.name.eq_ignore_ascii_case(written)) {
                    self.report_unknown_keyword(words, *word, command, param);
                }
            }
            (ArgKind::RuleSwitch, Arg::Keyword(word)) => {
                self.require(&self.names.rule_switches, Code::E0016, "rule switch", *word);
            }
            (ArgKind::Pile, Arg::Pile(pile)) => self.check_zone(pile, true),
            // `damage("300")`: a quoted string is a card name or id, never an amount (it would
            // be nil at run time, and the command would do nothing).
            (ArgKind::Expr | ArgKind::Amount, Arg::Expr(Expr { kind: ExprKind::Str(_), span, .. })) => {
                let expected = "a number or an expression, not a quoted string";
                self.report(diagnostics::wrong_argument_kind(*span, command, param, expected));
            }
            // A number, the usual argument (`damage(300)`, `bp(+300)`), has nothing to check.
            (
                _,
                Arg::Expr(Expr {
                    kind: ExprKind::Int(_) | ExprKind::Unary(_, Expr { kind: ExprKind::Int(_), .. }),
                    ..
                }),
            ) => {}
            _ => self.check_generic_arg(arg),
        }
    }

    /// Reports a keyword argument that is none of `words`.
    fn report_unknown_keyword(&mut self, words: &[NamedSpec], word: Name, command: &str, param: &str) {
        let written = self.text(word.span).to_string();
        let known: Vec<&str> = words.iter().map(|known| known.name).collect();
        let what = format!("`{param}` for `{command}`");
        self.report(diagnostics::not_one_of(Code::E0026, word.span, &written, &what, &known));
    }

    fn check_generic_arg(&mut self, arg: &Arg<'_>) {
        match arg {
            Arg::Expr(expression) | Arg::Set(expression, _) => self.check_expr(expression),
            Arg::Filter(filter) => self.check_filter(filter),
            Arg::Pile(pile) => self.check_zone(pile, true),
            Arg::Each(each) => {
                match each.source {
                    EachSource::Map(expression) => self.check_expr(expression),
                    EachSource::Filter(filter) => self.check_filter(filter),
                }
                for link in each.body {
                    self.check_effect(&link.effect);
                }
            }
            Arg::Times(..) | Arg::Keyword(_) | Arg::Bool(..) | Arg::Ask(_) | Arg::Str(..) | Arg::Error(_) => {}
        }
    }

    // ---------------------------------------------------------------- filters

    /// Checks a filter. The usual one, a single type word (`target(this)`) maybe with a zone
    /// (`character@myRing`), has nothing to check but its zone.
    fn check_filter(&mut self, filter: &TargetFilter<'_>) {
        if let [TypeTerm { atom: TypeAtom::Word(word), .. }] = filter.types
            && filter.terms.is_empty()
            && filter.selector.is_none()
            && self.names.is_type_word(word.symbol)
        {
            // Nothing to check but the zone, if any (`character@myRing`).
            if let Some(zone) = &filter.zone {
                self.check_zone(zone, false);
            }
            return;
        }
        self.check_any_filter(filter);
    }

    /// [`Checker::check_filter`] for any filter.
    fn check_any_filter(&mut self, filter: &TargetFilter<'_>) {
        for term in filter.types {
            match term.atom {
                TypeAtom::Any | TypeAtom::CardName(..) => {}
                TypeAtom::Word(word) => {
                    if !self.names.is_type_word(word.symbol) {
                        self.report_unknown_type(word);
                    }
                }
                TypeAtom::Expr(expression) => self.check_expr(expression),
            }
        }
        for group in filter.terms {
            for term in *group {
                self.check_filter_term(term);
            }
        }
        if let Some(zone) = &filter.zone {
            self.check_zone(zone, false);
        }
        if let Some(selector) = &filter.selector {
            self.require(&self.names.selectors, Code::E0017, "selector", selector.name);
            self.check_expr(selector.argument);
        }
    }

    /// Reports an unknown cost; `D2` (a count without its parentheses) gets `D(2)`.
    fn report_unknown_cost(&mut self, kind: Name) {
        let written = self.text(kind.span).to_string();
        let known = self.names.costs.names();
        let mut diagnostic = diagnostics::unknown_name(Code::E0019, kind.span, "cost", &written, known);
        let split = written.find(|c: char| c.is_ascii_digit()).unwrap_or(written.len());
        let (letters, digits) = written.split_at(split);
        if !letters.is_empty()
            && !digits.is_empty()
            && digits.bytes().all(|byte| byte.is_ascii_digit())
            && let Some(cost) = known.iter().find(|cost| cost.eq_ignore_ascii_case(letters))
        {
            diagnostic.help = Some(format!("did you mean `{cost}({digits})`? A cost's argument goes in parentheses"));
        } else if diagnostic.help.is_none() {
            diagnostic.help = Some(format!("a cost is one of {}", diagnostics::quoted_list(known)));
        }
        self.report(diagnostic);
    }

    /// Reports a word that is no target type.
    fn report_unknown_type(&mut self, word: Name) {
        let written = self.text(word.span).to_string();
        let mut known: Vec<&str> = Vec::new();
        known.extend(self.names.card_types.names());
        known.extend(self.names.player_words.names());
        known.extend(self.names.subtypes.names());
        let mut diagnostic = diagnostics::unknown_name(Code::E0038, word.span, "target type", &written, &known);
        let examples = &self.names.examples;
        if diagnostic.help.is_none()
            && ["enemy", "enemies", "opponent"].iter().any(|word| word.eq_ignore_ascii_case(&written))
        {
            // The printed text's word.
            diagnostic.help.clone_from(&examples.enemy);
        }
        if diagnostic.help.is_none() {
            diagnostic.help = Some(examples.target_types.clone());
        }
        self.report(diagnostic);
    }

    fn check_filter_term(&mut self, term: &FilterTerm) {
        match term.kind {
            FilterTermKind::Word(word) => {
                let names = self.names;
                if !(names.filters.contains(word.symbol)
                    || names.card_types.contains(word.symbol)
                    || names.subtypes.contains(word.symbol))
                {
                    self.report_unknown_filter(word);
                }
            }
            FilterTermKind::Compare(property, ..) => {
                self.require(&self.names.comparable_filters, Code::E0011, "comparable filter", property);
            }
            FilterTermKind::Rank(property, word) => {
                if let Some(index) = self.require(&self.names.ranking_filters, Code::E0011, "ranking filter", property)
                {
                    let spec = &self.catalogue.ranking_filters[index as usize];
                    let written = self.text(word.span);
                    if !spec.words.iter().any(|known| known.name.eq_ignore_ascii_case(written)) {
                        let written = written.to_string();
                        let known: Vec<&str> = spec.words.iter().map(|known| known.name).collect();
                        let what = format!("ranking for `{}`", spec.name);
                        self.report(diagnostics::not_one_of(Code::E0011, word.span, &written, &what, &known));
                    }
                }
            }
        }
    }

    /// Reports a word that is no filter.
    fn report_unknown_filter(&mut self, word: Name) {
        let names = self.names;
        let written = self.text(word.span).to_string();
        let keywords = names.filters.names();
        let mut known: Vec<&str> = keywords.to_vec();
        known.extend(names.card_types.names());
        known.extend(names.subtypes.names());
        let mut diagnostic = diagnostics::unknown_name(Code::E0011, word.span, "filter", &written, &known);
        if diagnostic.help.is_none() {
            // `attacking` for `attack`: the longest filter keyword the word starts with.
            let stem = keywords
                .iter()
                .filter(|keyword| {
                    keyword.len() >= 4
                        && written.len() > keyword.len()
                        && written.get(..keyword.len()).is_some_and(|start| start.eq_ignore_ascii_case(keyword))
                })
                .max_by_key(|keyword| keyword.len());
            diagnostic.help = Some(match stem {
                Some(keyword) => format!("did you mean `{keyword}`?"),
                None => names.examples.filter_terms.clone(),
            });
        }
        self.report(diagnostic);
    }

    /// A zone after `@`, or a pile argument when `pile_only`.
    fn check_zone(&mut self, zone: &ZoneRef, pile_only: bool) {
        if let Some(prefix) = zone.prefix {
            self.require(&self.names.zone_prefixes, Code::E0040, "zone prefix", prefix);
        }
        let index = self.names.zones.get(zone.zone.symbol);
        let valid = index.is_some_and(|index| !pile_only || self.catalogue.zones[index as usize].is_pile);
        if !valid {
            self.report_invalid_zone(zone, pile_only);
        }
    }

    /// Reports an unknown zone, or a zone that is no pile where a pile is expected.
    fn report_invalid_zone(&mut self, zone: &ZoneRef, pile_only: bool) {
        let what = if pile_only { "pile" } else { "zone" };
        let known: Vec<&str> =
            self.catalogue.zones.iter().filter(|spec| spec.is_pile || !pile_only).map(|spec| spec.name).collect();
        let written = self.text(zone.zone.span).to_string();
        let mut diagnostic = diagnostics::unknown_name(Code::E0012, zone.zone.span, what, &written, &known);
        if diagnostic.help.is_none() {
            // `oppRng`: suggest with the prefix kept.
            diagnostic.help = self.suggest_prefixed_zone(zone, &known, what);
        }
        self.report(diagnostic);
    }

    /// `oppRng` → `oppRing`; else the list of what is `known`, a `what` (zone or pile).
    fn suggest_prefixed_zone(&self, zone: &ZoneRef, known: &[&str], what: &str) -> Option<String> {
        let written = self.text(zone.span);
        for prefix in self.names.zone_prefixes.names() {
            if written.len() > prefix.len() && written[..prefix.len()].eq_ignore_ascii_case(prefix) {
                let rest = &written[prefix.len()..];
                if let Some(help) = diagnostics::suggest(rest, known.iter().copied()) {
                    let zone_name = help.trim_start_matches("did you mean `").trim_end_matches("`?");
                    let mut capitalised = zone_name.to_string();
                    if let Some(first) = capitalised.get_mut(0..1) {
                        first.make_ascii_uppercase();
                    }
                    return Some(format!("did you mean `{prefix}{capitalised}`?"));
                }
            }
        }
        Some(format!("a {what} is one of {}", diagnostics::quoted_list(known)))
    }

    // ---------------------------------------------------------------- expressions

    fn check_expr(&mut self, expression: &Expr<'_>) {
        match expression.kind {
            ExprKind::Int(_) | ExprKind::Str(_) | ExprKind::Bool(_) | ExprKind::Nil | ExprKind::Error => {}
            ExprKind::Name(name) => self.check_name(name),
            ExprKind::Attr(base, attribute) => {
                self.check_expr(base);
                if self.names.attributes.get(attribute.symbol).is_none() {
                    let written = self.text(attribute.span).to_string();
                    let known = self.names.attributes.names();
                    let mut diagnostic =
                        diagnostics::unknown_name(Code::E0025, attribute.span, "attribute", &written, known);
                    if diagnostic.help.is_none() {
                        diagnostic.help = Some(format!("an attribute is one of {}", diagnostics::quoted_list(known)));
                    }
                    self.report(diagnostic);
                }
            }
            ExprKind::Index(base, _) => self.check_expr(base),
            ExprKind::Call(callee, args) => {
                if let Some(index) = self.require(&self.names.functions, Code::E0024, "function", callee) {
                    let spec = &self.catalogue.functions[index as usize];
                    let (min, max) = (spec.min_args as usize, spec.max_args as usize);
                    if args.len() < min || args.len() > max {
                        self.report_wrong_arity(expression.span, spec.name, min, max, args.len());
                    }
                }
                for arg in args {
                    self.check_expr(arg);
                }
            }
            ExprKind::Unary(_, operand) => self.check_expr(operand),
            ExprKind::Binary(_, left, right) | ExprKind::Map(left, right) | ExprKind::All(left, right) => {
                self.check_expr(left);
                self.check_expr(right);
            }
        }
    }

    fn check_name(&mut self, name: Name) {
        if self.names.target_names.contains(&name.symbol) {
            self.reads_targets = true;
        }
        if self.names.variables.contains(name.symbol) {
            return;
        }
        let mut declared = false;
        for variable in self.user_variables.iter_mut().filter(|variable| variable.name == name.symbol) {
            variable.read = true;
            declared = true;
        }
        if !declared {
            self.report_unknown_variable(name);
        }
    }

    /// Reports a name that is neither a variable nor declared in `vars`.
    fn report_unknown_variable(&mut self, name: Name) {
        let written = self.text(name.span).to_string();
        let mut known: Vec<&str> = self.names.variables.names().to_vec();
        let user_names: Vec<&str> =
            self.user_variables.iter().map(|variable| self.source.get(variable.span.range()).unwrap_or("")).collect();
        known.extend(user_names);
        let mut diagnostic = diagnostics::unknown_name(Code::E0023, name.span, "name", &written, &known);
        if diagnostic.help.is_none() {
            // Nothing close: the names an expression may read, in this game's words (CFC's
            // `me` is no name of a game whose player is `hero`). Only the catalogue's are
            // listed: the card's own are its author's, and as many as the card is long.
            let variables = self.names.variables.names();
            diagnostic.help = Some(if variables.is_empty() {
                "this game has no names to read; a card declares its own in `vars`".to_string()
            } else {
                format!("a name is one of {}, or one the card declares in `vars`", diagnostics::quoted_list(variables))
            });
        }
        self.report(diagnostic);
    }
}

fn count_actions(card: &Card<'_>) -> usize {
    card.properties.iter().filter(|property| matches!(property.value, PropertyValue::Action(_))).count()
}

/// A line with a lexical error (a bad character, an unterminated string) keeps only that
/// error: what the parser and checker then say about the same line is noise.
pub(crate) fn drop_follow_on_errors(source: &str, diagnostics: &mut Vec<Diagnostic>, lexical_errors: usize) {
    if lexical_errors == 0 {
        return;
    }
    let line_of = |offset: u32| -> (usize, usize) {
        let offset = (offset as usize).min(source.len());
        let start = source[..offset].rfind('\n').map_or(0, |newline| newline + 1);
        let end = source[offset..].find('\n').map_or(source.len(), |newline| offset + newline);
        (start, end)
    };
    let bad_lines: SmallVec<[(usize, usize); 4]> =
        diagnostics[..lexical_errors].iter().map(|diagnostic| line_of(diagnostic.span.start)).collect();
    let mut index = 0;
    diagnostics.retain(|diagnostic| {
        index += 1;
        if index <= lexical_errors {
            return true;
        }
        let start = diagnostic.span.start as usize;
        !bad_lines.iter().any(|&(line_start, line_end)| start >= line_start && start <= line_end)
    });
}
