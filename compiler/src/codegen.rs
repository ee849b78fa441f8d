//! Code generation: an [`ir::Card`] to bundle metadata and entries through the VM's
//! [`BundleBuilder`] (see `docs/bytecode.md` for the ops).
//!
//! Entries: one per action, one per auto, one for `vars`, one per expression inside a
//! filter (type atoms such as `tgt.0`, selector arguments) and per implicit event
//! condition (`:action`). Statement layout, in order:
//!
//! * the condition: `[[if e]]` evaluates `e` and `JumpIfNot`s past the statement (to the
//!   `elif`/`else` branch when there is one; to a `Fail no-effect` for the first statement
//!   of an action, also when all of its `[[if]]`/`[[elif]]` conditions are false; to a
//!   revert block that `Revoke`s the statement's `+ability` grants when it grants any);
//!   `[[may]]` is `May` whose skip target is the statement's own `EndStatement` (declining
//!   skips only that statement); a condition-only statement returns the condition's value
//!   (hooks);
//! * the target clause: `Target` (exit to a shared `Fail no-targets`) or `TargetOpt`, or,
//!   for a clause that is only an expression type (`target(tgt.0)`), the expression and
//!   `SetTargets`;
//! * the restriction, `Restrict`, before the chain so that every timed command and grant of
//!   the statement sees it;
//! * the chain: `Call` with its arguments in consecutive registers from `r0` (`Confirm`
//!   first for `cmd?(...)`), `Grant`/`Revoke`; `&&` is `JumpIfFailed` to the statement's
//!   end, `||` is `JumpIfSucceeded` over the next effect; `each(...)` is an
//!   `IterStart`/`IterNext` loop (the filter form `Resolve`s first) binding each element to
//!   its local slot, with `&&` in its body continuing with the next element;
//! * `EndStatement`.
//!
//! An action or auto entry ends with `Return`, followed by the shared failure exits it
//! uses. Registers are allocated as a stack: an expression evaluated into `rN` uses only
//! registers above `N` as temporaries.

use crate::diagnostics;
use crate::ir::{self, ChainOperator};
use crate::{Diagnostic, Span};
use vm::bytecode::format::{MAX_ENTRY_LEN, MAX_REGS};
use vm::bytecode::operand::MAX_INDEX;

/// No encoded instruction is longer than this (an opcode byte and a few varint operands).
const MAX_INSTR_SIZE: usize = 16;
use bumpalo::Bump;
use vm::bytecode::{
    ActionParts, AmountMode, AutoParts, BundleBuilder, CardIdx, CardParts, CodeBuilder, Cost, EntryIdx, EventRef,
    FailReason, FilterIdx, FilterParts, Instr, Label, Local, Qty, Reg, RuleTargetParts, Selector, SourceLocation,
    StrIdx, Term, TermKind, TypeAtom, TypeTerm,
};

/// Emits `card` into `bundle` under `key`, with `file` in the debug section.
///
/// Limits of the format that one card can exceed are reported as diagnostics; a card with
/// such an error may have left unused strings or entries in `bundle`, so a bundle that
/// received an error must be discarded (as `rsc compile` does).
pub fn emit_card(
    card: &ir::Card<'_>,
    key: &str,
    file: &str,
    source: &str,
    bundle: &mut BundleBuilder<'_>,
    arena: &Bump,
) -> Result<CardIdx, Vec<Diagnostic>> {
    emit_card_excerpt(card, key, file, source, 1, bundle, arena)
}

/// [`emit_card`] for a card whose source is an excerpt of a larger file (one card block of
/// a file holding many): the card's spans are offsets in `excerpt`, whose first line is line
/// `first_line` of `file`, so that source rows give the file's own line numbers without
/// scanning the whole file for each statement.
pub fn emit_card_excerpt(
    card: &ir::Card<'_>,
    key: &str,
    file: &str,
    excerpt: &str,
    first_line: u32,
    bundle: &mut BundleBuilder<'_>,
    arena: &Bump,
) -> Result<CardIdx, Vec<Diagnostic>> {
    let source = excerpt;
    let mut generator =
        Gen { bundle, arena, source, first_line, line_starts: Vec::new(), errors: Vec::new(), span: Span::default() };
    let idx = generator.card(card, key, file);
    if generator.errors.is_empty() { Ok(idx) } else { Err(generator.errors) }
}

struct Gen<'g, 'c> {
    bundle: &'g mut BundleBuilder<'c>,
    /// Holds the card's lists while it is added (the arena of its IR).
    arena: &'g Bump,
    source: &'g str,
    /// The file line of the source's first line.
    first_line: u32,
    /// Where each line of `source` starts, found on the first source location asked for:
    /// counting the lines before each statement anew took time quadratic in the card.
    line_starts: Vec<u32>,
    errors: Vec<Diagnostic>,
    /// The statement or filter being generated, for error spans.
    span: Span,
}

/// One entry under construction, with its shared failure exits.
struct OpenEntry {
    code: CodeBuilder,
    no_targets: Option<Label>,
    no_effect: Option<Label>,
    /// The last statement ended the entry (a condition-only statement's `ReturnValue`).
    ended: bool,
    /// The label of the current statement's `EndStatement`, made when first jumped to.
    statement_end: Option<Label>,
    /// The label of the entry's `Return` for a refused `MayOrStop`, made when first jumped to.
    stop: Option<Label>,
}

impl OpenEntry {
    fn new(code: CodeBuilder) -> OpenEntry {
        OpenEntry { code, no_targets: None, no_effect: None, ended: false, statement_end: None, stop: None }
    }

    fn emit(&mut self, instr: Instr<Label>) {
        self.code.emit(instr);
    }

    fn label(&mut self) -> Label {
        self.code.new_label()
    }

    fn bind(&mut self, label: Label) {
        self.code.bind(label);
    }

    /// The label of the current statement's `EndStatement`.
    fn statement_end(&mut self) -> Label {
        match self.statement_end {
            Some(label) => label,
            None => *self.statement_end.insert(self.code.new_label()),
        }
    }

    fn stop(&mut self) -> Label {
        match self.stop {
            Some(label) => label,
            None => *self.stop.insert(self.code.new_label()),
        }
    }

    fn no_targets(&mut self) -> Label {
        match self.no_targets {
            Some(label) => label,
            None => *self.no_targets.insert(self.code.new_label()),
        }
    }

    fn no_effect(&mut self) -> Label {
        match self.no_effect {
            Some(label) => label,
            None => *self.no_effect.insert(self.code.new_label()),
        }
    }

    /// `Return` (unless the last statement ended the entry), the `Return` a refused
    /// `MayOrStop` jumps to, then the failure exits that were used.
    fn finish_statements(&mut self) {
        if !self.ended {
            self.code.emit(Instr::Return {});
        }
        if let Some(label) = self.stop {
            self.code.bind(label);
            self.code.emit(Instr::Return {});
        }
        if let Some(label) = self.no_targets {
            self.code.bind(label);
            self.code.emit(Instr::Fail { reason: FailReason::NoTargets });
        }
        if let Some(label) = self.no_effect {
            self.code.bind(label);
            self.code.emit(Instr::Fail { reason: FailReason::NoEffect });
        }
    }
}

impl<'g> Gen<'g, '_> {
    /// Adds an entry, reporting one that is longer than the format allows.
    fn add_entry(&mut self, code: CodeBuilder) -> EntryIdx {
        // `current_pc` sizes every jump; only do it when the entry could be too long.
        if code.len() * MAX_INSTR_SIZE > MAX_ENTRY_LEN && code.current_pc() > MAX_ENTRY_LEN && self.errors.is_empty() {
            self.errors.push(diagnostics::code_too_long(self.span, MAX_ENTRY_LEN));
        }
        let entry = self.bundle.add_entry(code);
        self.check_table(entry.index(), "entries");
        entry
    }

    /// The bundle's index of `text`.
    fn intern(&mut self, text: &str) -> StrIdx {
        let string = self.bundle.intern(text);
        self.check_table(string.index(), "strings");
        string
    }

    /// Reports an item of a bundle table (`what`) past the last index an operand holds.
    /// The tables are shared by every card of a bundle: the card that fills one is reported.
    fn check_table(&mut self, index: usize, what: &str) {
        if index > MAX_INDEX as usize && self.errors.is_empty() {
            self.errors.push(diagnostics::bundle_table_full(self.span, what, MAX_INDEX as usize + 1));
        }
    }

    fn reg(&mut self, index: usize) -> Reg {
        match u8::try_from(index) {
            Ok(reg) => Reg(reg),
            Err(_) => self.too_many_registers(),
        }
    }

    fn too_many_registers(&mut self) -> Reg {
        if self.errors.is_empty() {
            self.errors.push(diagnostics::too_many_registers(self.span, MAX_REGS));
        }
        Reg(u8::MAX)
    }

    fn location(&mut self, span: Span) -> SourceLocation<'g> {
        let source = self.source;
        let bytes = source.as_bytes();
        if self.line_starts.is_empty() {
            self.line_starts.push(0);
            let newlines = bytes.iter().enumerate().filter(|&(_, &byte)| byte == b'\n');
            self.line_starts.extend(newlines.map(|(offset, _)| Span::new(offset + 1, offset + 1).start));
        }
        let start = (span.start as usize).min(bytes.len());
        let line = self.line_starts.partition_point(|&line_start| line_start as usize <= start).max(1);
        let line_start = self.line_starts.get(line - 1).map_or(0, |&line_start| line_start as usize);
        let line_end =
            bytes[start..].iter().position(|&byte| byte == b'\n').map_or(bytes.len(), |newline| start + newline);
        let text = source.get(line_start..line_end).unwrap_or("").trim_end_matches('\r');
        SourceLocation {
            // `line` counts from 1 within the source.
            line: u32::try_from(line).unwrap_or(u32::MAX).saturating_add(self.first_line.saturating_sub(1)),
            line_start: Span::new(line_start, line_start).start,
            span_start: span.start,
            span_end: span.end,
            text,
        }
    }

    fn set_location(&mut self, entry: &mut OpenEntry, span: Span) {
        self.span = span;
        if self.bundle.wants_debug() {
            let location = self.location(span);
            entry.code.set_location(location);
        }
    }

    // ---------------------------------------------------------------- card

    /// A cost block, in the arena.
    fn costs(&mut self, costs: &[ir::Cost<'_>]) -> &'g [Cost] {
        let arena = self.arena;
        arena.alloc_slice_fill_iter(costs.iter().map(|cost| Cost {
            cost: cost.cost,
            count: cost.count,
            filter: cost.filter.map(|filter| self.filter(filter)),
        }))
    }

    /// Adds the card. Its lists go to the arena and are handed to the bundle borrowed, as
    /// [`CardParts`], rather than built as a [`vm::bytecode::Card`].
    fn card(&mut self, card: &ir::Card<'_>, key: &str, file: &str) -> CardIdx {
        let arena = self.arena;
        let key = self.intern(key);
        let target = card.target.map(|target| RuleTargetParts {
            optional: target.optional,
            filters: arena.alloc_slice_fill_iter(target.filters.iter().map(|filter| self.filter(filter))),
        });
        let requisites: &[FilterIdx] =
            arena.alloc_slice_fill_iter(card.requisites.iter().map(|filter| self.filter(filter)));
        let vars = (!card.vars.is_empty()).then(|| self.vars_entry(card.vars));
        let actions: &[ActionParts<'_>] = arena.alloc_slice_fill_iter(card.actions.iter().map(|action| {
            let label = action.label.map(|label| self.intern(label));
            let costs = self.costs(action.costs);
            let entry = self.statements_entry(action.statements, true);
            ActionParts { label, costs, entry }
        }));
        let autos: &[AutoParts<'_>] = arena.alloc_slice_fill_iter(card.autos.iter().map(|auto| {
            let events = arena.alloc_slice_fill_iter(auto.events.iter().map(|event| EventRef {
                event: event.event,
                prefix: event.prefix,
                suffix: event.suffix,
                condition: event.condition.map(|condition| self.value_entry(condition, event.span)),
            }));
            let costs = self.costs(auto.costs);
            let entry = self.statements_entry(auto.statements, false);
            AutoParts { hook: auto.hook, events, costs, entry }
        }));
        let parts = CardParts { key, abilities: card.abilities, target, requisites, vars, actions, autos };
        self.bundle.add_card(parts, file)
    }

    fn vars_entry(&mut self, vars: &[ir::VarDecl<'_>]) -> EntryIdx {
        let mut entry = OpenEntry::new(self.bundle.code_builder());
        for declaration in vars {
            self.set_location(&mut entry, declaration.span);
            self.expr(&mut entry, declaration.value, 0);
            entry.emit(Instr::StoreLocal { slot: Local(declaration.slot), b: Reg(0) });
        }
        entry.emit(Instr::Return {});
        self.add_entry(entry.code)
    }

    /// An entry that returns the value of `value`.
    fn value_entry(&mut self, value: &ir::Expr<'_>, span: Span) -> EntryIdx {
        let outer = self.span;
        let mut entry = OpenEntry::new(self.bundle.code_builder());
        self.set_location(&mut entry, span);
        self.expr(&mut entry, value, 0);
        entry.emit(Instr::ReturnValue { a: Reg(0) });
        self.span = outer;
        self.add_entry(entry.code)
    }

    // ---------------------------------------------------------------- filters

    /// Adds the filter, handed to the bundle borrowed, as [`FilterParts`].
    fn filter(&mut self, filter: &ir::Filter<'_>) -> FilterIdx {
        let arena = self.arena;
        let types: &[TypeTerm] =
            arena.alloc_slice_fill_iter(filter.types.iter().map(|term| self.type_term(term, filter.span)));
        let selector = filter
            .selector
            .map(|(selector, argument)| Selector { selector, arg: self.value_entry(argument, filter.span) });
        let (qty, terms) = match filter.computed {
            Some(computed) => {
                let value = self.value_entry(computed, filter.span);
                (filter.qty.map(|qty| with_computed_qty(qty, value)), self.with_computed_terms(filter.terms, value))
            }
            None => (filter.qty, filter.terms),
        };
        let filter = self.bundle.add_filter(FilterParts {
            qty,
            types,
            type_op: filter.type_op,
            pick: filter.pick,
            terms,
            zone: filter.zone,
            selector,
        });
        self.check_table(filter.index(), "filters");
        filter
    }

    /// `terms` with the entry of each computed comparison `value`.
    fn with_computed_terms(&self, terms: &[&[Term]], value: EntryIdx) -> &'g [&'g [Term]] {
        let arena = self.arena;
        let alternatives = terms.iter().map(|alternative| {
            let alternative = alternative.iter().map(|term| match term.kind {
                TermKind::CompareComputed { property, op, .. } => {
                    Term { negated: term.negated, kind: TermKind::CompareComputed { property, op, value } }
                }
                _ => *term,
            });
            &*arena.alloc_slice_fill_iter(alternative)
        });
        arena.alloc_slice_fill_iter(alternatives)
    }

    /// A type term of a filter whose source is `span`.
    fn type_term(&mut self, term: &ir::TypeTerm<'_>, span: Span) -> TypeTerm {
        let atom = match term.atom {
            ir::TypeAtom::Any => TypeAtom::Any,
            ir::TypeAtom::Player => TypeAtom::Player,
            ir::TypeAtom::Players => TypeAtom::Players,
            ir::TypeAtom::Me => TypeAtom::Me,
            ir::TypeAtom::Opp => TypeAtom::Opp,
            ir::TypeAtom::This => TypeAtom::This,
            ir::TypeAtom::CardType(index) => TypeAtom::CardType(index),
            ir::TypeAtom::Subtype(index) => TypeAtom::Subtype(index),
            ir::TypeAtom::Name(name) => TypeAtom::Name(self.intern(name)),
            ir::TypeAtom::Expr(value) => TypeAtom::Expr(self.value_entry(value, span)),
        };
        TypeTerm { exclude_source: term.exclude_source, negate: term.negate, plural: term.plural, atom }
    }

    // ---------------------------------------------------------------- statements

    fn statements_entry(&mut self, statements: &[ir::Statement<'_>], is_action: bool) -> EntryIdx {
        let mut entry = OpenEntry::new(self.bundle.code_builder());
        for (index, statement) in statements.iter().enumerate() {
            self.statement(&mut entry, statement, is_action && index == 0);
        }
        entry.finish_statements();
        self.add_entry(entry.code)
    }

    fn statement(&mut self, entry: &mut OpenEntry, statement: &ir::Statement<'_>, first_of_action: bool) {
        self.set_location(entry, statement.span);
        entry.ended = false;
        entry.statement_end = None;
        match statement.condition {
            None => self.body(entry, statement),
            Some(ir::Condition::May(question)) => {
                let question = question.map(|question| self.intern(question));
                let skip = entry.statement_end();
                entry.emit(Instr::May { question, skip });
                self.body(entry, statement);
            }
            Some(ir::Condition::Guarded { guard, may, stops }) => {
                let end = if stops { entry.stop() } else { entry.statement_end() };
                // With an `else` branch, a failing guard takes it: the guard is checked
                // once, so one branch runs whatever the first does to the game.
                let otherwise = match statement.otherwise {
                    Some(ir::Otherwise { elif: None, body }) => Some((entry.label(), body)),
                    _ => None,
                };
                let failed = otherwise.as_ref().map_or(end, |(label, _)| *label);
                self.chain(entry, guard, otherwise.as_ref().map(|(label, _)| *label), 0);
                entry.emit(Instr::JumpIfFailed { target: failed });
                if let Some(question) = may {
                    let question = question.map(|question| self.intern(question));
                    entry.emit(Instr::May { question, skip: end });
                }
                self.body(entry, statement);
                if let Some((label, body)) = otherwise {
                    let end = entry.statement_end();
                    entry.emit(Instr::Jump { target: end });
                    entry.bind(label);
                    self.body(entry, body);
                }
            }
            Some(ir::Condition::MayOrStop(question)) => {
                let question = question.map(|question| self.intern(question));
                let skip = entry.stop();
                entry.emit(Instr::May { question, skip });
                self.body(entry, statement);
            }
            Some(ir::Condition::If(ref condition)) if statement.chain.is_empty() && statement.otherwise.is_none() => {
                // A condition-only statement (a hook's answer): its value ends the entry.
                self.expr(entry, condition, 0);
                if let Some(target) = &statement.target {
                    self.target(entry, target, 1, false);
                }
                entry.emit(Instr::ReturnValue { a: Reg(0) });
                entry.ended = true;
                return;
            }
            Some(ir::Condition::If(ref condition)) if statement.otherwise.is_some() => {
                self.branches(entry, condition, statement, first_of_action);
            }
            Some(ir::Condition::If(ref condition)) => {
                self.expr(entry, condition, 0);
                let grants = statement.chain.iter().any(|link| matches!(link.effect, ir::Effect::Grant(_)));
                if first_of_action {
                    let no_effect = entry.no_effect();
                    entry.emit(Instr::JumpIfNot { a: Reg(0), target: no_effect });
                    self.body(entry, statement);
                } else if grants {
                    let revert = entry.label();
                    entry.emit(Instr::JumpIfNot { a: Reg(0), target: revert });
                    self.body(entry, statement);
                    let end = entry.statement_end();
                    entry.emit(Instr::Jump { target: end });
                    entry.bind(revert);
                    self.revert(entry, statement);
                } else {
                    let end = entry.statement_end();
                    entry.emit(Instr::JumpIfNot { a: Reg(0), target: end });
                    self.body(entry, statement);
                }
            }
        }
        if let Some(end) = entry.statement_end.take() {
            entry.bind(end);
        }
        entry.emit(Instr::EndStatement {});
    }

    /// `[[if c]] A [[elif d]] B [[else]] C`: a `JumpIfNot` chain; each branch jumps to the
    /// statement's end.
    /// Without `[[else]]`, when every condition is false the first statement of an action
    /// fails with `no-effect`, as a lone `[[if]]` does.
    fn branches(
        &mut self,
        entry: &mut OpenEntry,
        condition: &ir::Expr<'_>,
        statement: &ir::Statement<'_>,
        first_of_action: bool,
    ) {
        let mut condition = condition;
        let mut branch = statement;
        loop {
            self.expr(entry, condition, 0);
            let next = entry.label();
            entry.emit(Instr::JumpIfNot { a: Reg(0), target: next });
            self.body(entry, branch);
            let end = entry.statement_end();
            entry.emit(Instr::Jump { target: end });
            entry.bind(next);
            match branch.otherwise {
                Some(ir::Otherwise { elif: Some(elif), body }) => {
                    condition = elif;
                    branch = body;
                }
                Some(ir::Otherwise { elif: None, body }) => {
                    self.body(entry, body);
                    return;
                }
                None => {
                    if first_of_action {
                        let no_effect = entry.no_effect();
                        entry.emit(Instr::Jump { target: no_effect });
                    }
                    return;
                }
            }
        }
    }

    /// Target, restriction and chain of one statement (or branch).
    fn body(&mut self, entry: &mut OpenEntry, statement: &ir::Statement<'_>) {
        if let Some(target) = &statement.target {
            self.target(entry, target, 0, true);
        }
        if let Some((restriction, prefix)) = statement.restriction {
            entry.emit(Instr::Restrict { restriction, prefix });
        }
        self.chain(entry, statement.chain, None, 0);
    }

    /// Revert mode (the condition is false): the targets, found optionally, lose each
    /// ability the statement grants; nothing else runs.
    fn revert(&mut self, entry: &mut OpenEntry, statement: &ir::Statement<'_>) {
        if let Some(target) = &statement.target {
            self.target(entry, target, 0, false);
        }
        for link in statement.chain {
            if let ir::Effect::Grant(ability) = link.effect {
                entry.emit(Instr::Revoke { ability });
            }
        }
    }

    /// The target clause; `may_fail` unless it is optional or in revert mode.
    fn target(&mut self, entry: &mut OpenEntry, target: &ir::Target<'_>, base: usize, may_fail: bool) {
        match *target {
            ir::Target::Filter { filter, optional } => {
                let f = self.filter(filter);
                if optional || !may_fail {
                    entry.emit(Instr::TargetOpt { f });
                } else {
                    let exit = entry.no_targets();
                    entry.emit(Instr::Target { f, exit });
                }
            }
            ir::Target::Expr { value, optional } => {
                self.expr(entry, value, base);
                let a = self.reg(base);
                if !optional && may_fail {
                    let exit = entry.no_targets();
                    entry.emit(Instr::JumpIfNot { a, target: exit });
                }
                entry.emit(Instr::SetTargets { a });
            }
        }
    }

    /// A chain whose `&&` jumps to `end` (the statement's end when `None`), with arguments
    /// from register `base` up.
    fn chain(&mut self, entry: &mut OpenEntry, chain: &[ir::Link<'_>], end: Option<Label>, base: usize) {
        for link in chain {
            let mut skip = None;
            match link.operator {
                Some(ChainOperator::AndThen) => {
                    let target = match end {
                        Some(label) => label,
                        None => entry.statement_end(),
                    };
                    entry.emit(Instr::JumpIfFailed { target });
                }
                Some(ChainOperator::OrElse) => {
                    let over = entry.label();
                    entry.emit(Instr::JumpIfSucceeded { target: over });
                    skip = Some(over);
                }
                Some(ChainOperator::Then) | None => {}
            }
            self.effect(entry, &link.effect, base);
            if let Some(over) = skip {
                entry.bind(over);
            }
        }
    }

    fn effect(&mut self, entry: &mut OpenEntry, effect: &ir::Effect<'_>, base: usize) {
        match *effect {
            ir::Effect::Grant(ability) => entry.emit(Instr::Grant { ability }),
            ir::Effect::Revoke(ability) => entry.emit(Instr::Revoke { ability }),
            ir::Effect::Call { command, confirm, args } => {
                let skip = confirm.then(|| entry.label());
                if let Some(skip) = skip {
                    entry.emit(Instr::Confirm { cmd: command, skip });
                }
                for (offset, arg) in args.iter().enumerate() {
                    self.arg(entry, arg, base + offset);
                }
                let base_reg = self.reg(base);
                let argc = u8::try_from(args.len()).unwrap_or(u8::MAX);
                entry.emit(Instr::Call { cmd: command, base: base_reg, argc });
                if let Some(skip) = skip {
                    entry.bind(skip);
                }
            }
            ir::Effect::Each { command, confirm, each } => {
                let skip = confirm.then(|| entry.label());
                if let Some(skip) = skip {
                    entry.emit(Instr::Confirm { cmd: command, skip });
                }
                self.each(entry, each, base);
                if let Some(skip) = skip {
                    entry.bind(skip);
                }
            }
        }
    }

    fn arg(&mut self, entry: &mut OpenEntry, arg: &ir::Arg<'_>, at: usize) {
        let a = self.reg(at);
        match *arg {
            ir::Arg::Value(ref value) => self.operand(entry, value, at),
            ir::Arg::Amount(mode, ref value) => {
                self.operand(entry, value, at);
                entry.emit(Instr::MakeAmount { a, b: a, mode });
            }
            ir::Arg::Times(factor) => {
                entry.emit(Instr::LoadInt { a, imm: factor });
                entry.emit(Instr::MakeAmount { a, b: a, mode: AmountMode::Mul });
            }
            ir::Arg::Filter(filter) => {
                let f = self.filter(filter);
                entry.emit(Instr::LoadFilter { a, f });
            }
            ir::Arg::Const(constant) => {
                let k = self.bundle.add_const(constant);
                self.check_table(k.index(), "constants");
                entry.emit(Instr::LoadConst { a, k });
            }
            ir::Arg::Bool(value) => entry.emit(Instr::LoadBool { a, value }),
            ir::Arg::Ask => entry.emit(Instr::LoadAsk { a }),
            ir::Arg::Str(text) => {
                let s = self.intern(text);
                entry.emit(Instr::LoadStr { a, s });
            }
        }
    }

    /// `each`: the list (or the filter's matches) in `r[base]`, the iterator in
    /// `r[base+1]`, the element in `r[base+2]` and in its local slot; the body's arguments
    /// from `r[base+2]` up.
    fn each(&mut self, entry: &mut OpenEntry, each: &ir::Each<'_>, base: usize) {
        let (list, iterator, element) = (self.reg(base), self.reg(base + 1), self.reg(base + 2));
        let exit = entry.label();
        let head = entry.label();
        match each.source {
            ir::EachSource::Map { list: value, .. } => self.expr(entry, value, base),
            ir::EachSource::Filter(filter) => {
                let f = self.filter(filter);
                entry.emit(Instr::Resolve { a: list, f });
            }
        }
        Self::loop_head(entry, [list, iterator, element], each.slot, head, exit);
        if let ir::EachSource::Map { item: Some(item), .. } = each.source {
            self.expr(entry, item, base + 2);
            entry.emit(Instr::JumpIfNot { a: element, target: head });
        }
        self.chain(entry, each.body, Some(head), base + 2);
        entry.emit(Instr::Jump { target: head });
        entry.bind(exit);
    }

    /// The head of every loop over a list (`each`, `X in L`, `all X in L`): skip to `exit`
    /// when the list in `list` is falsy (nil, false, empty), else bind `head` to the step that
    /// moves the next element into `element` and the local `slot`, leaving at `exit`.
    fn loop_head(entry: &mut OpenEntry, [list, iterator, element]: [Reg; 3], slot: u8, head: Label, exit: Label) {
        entry.emit(Instr::JumpIfNot { a: list, target: exit });
        entry.emit(Instr::IterStart { a: iterator, b: list });
        entry.bind(head);
        entry.emit(Instr::IterNext { a: element, it: iterator, exit });
        entry.emit(Instr::StoreLocal { slot: Local(slot), b: element });
    }

    // ---------------------------------------------------------------- expressions

    /// [`Gen::expr`], with the commonest operands (a number, a variable) emitted in line.
    fn operand(&mut self, entry: &mut OpenEntry, value: &ir::Expr<'_>, at: usize) {
        match *value {
            ir::Expr::Int(imm) => {
                let a = self.reg(at);
                entry.emit(Instr::LoadInt { a, imm });
            }
            ir::Expr::Var(var) => {
                let a = self.reg(at);
                entry.emit(Instr::LoadVar { a, var });
            }
            _ => self.expr(entry, value, at),
        }
    }

    /// Evaluates `value` into `r[at]`, using registers above `at` as temporaries.
    fn expr(&mut self, entry: &mut OpenEntry, value: &ir::Expr<'_>, at: usize) {
        let a = self.reg(at);
        match *value {
            ir::Expr::Int(imm) => entry.emit(Instr::LoadInt { a, imm }),
            ir::Expr::Str(text) => {
                let s = self.intern(text);
                entry.emit(Instr::LoadStr { a, s });
            }
            ir::Expr::Bool(value) => entry.emit(Instr::LoadBool { a, value }),
            ir::Expr::Nil => entry.emit(Instr::LoadNil { a }),
            ir::Expr::Var(var) => entry.emit(Instr::LoadVar { a, var }),
            ir::Expr::Local(slot) => entry.emit(Instr::LoadLocal { a, slot: Local(slot) }),
            ir::Expr::Attr(base, attr) => {
                self.operand(entry, base, at);
                entry.emit(Instr::GetAttr { a, b: a, attr });
            }
            ir::Expr::Index(base, n) => {
                self.operand(entry, base, at);
                entry.emit(Instr::Index { a, b: a, n });
            }
            ir::Expr::Call(func, args) => {
                for (offset, arg) in args.iter().enumerate() {
                    self.operand(entry, arg, at + 1 + offset);
                }
                let base = self.reg(at + 1);
                let argc = u8::try_from(args.len()).unwrap_or(u8::MAX);
                entry.emit(Instr::CallFn { a, func, base, argc });
            }
            ir::Expr::Neg(operand) => {
                self.expr(entry, operand, at);
                entry.emit(Instr::Neg { a, b: a });
            }
            ir::Expr::Not(operand) => {
                self.expr(entry, operand, at);
                entry.emit(Instr::Not { a, b: a });
            }
            ir::Expr::Binary(op, left, right) => {
                self.operand(entry, left, at);
                self.operand(entry, right, at + 1);
                let (b, c) = (a, self.reg(at + 1));
                entry.emit(match op {
                    ir::BinaryOp::Add => Instr::Add { a, b, c },
                    ir::BinaryOp::Sub => Instr::Sub { a, b, c },
                    ir::BinaryOp::Mul => Instr::Mul { a, b, c },
                    ir::BinaryOp::Div => Instr::Div { a, b, c },
                    ir::BinaryOp::Rem => Instr::Rem { a, b, c },
                    ir::BinaryOp::Compare(op) => match op {
                        vm::bytecode::CompareOp::Eq => Instr::Eq { a, b, c },
                        vm::bytecode::CompareOp::Ne => Instr::Ne { a, b, c },
                        vm::bytecode::CompareOp::Lt => Instr::Lt { a, b, c },
                        vm::bytecode::CompareOp::Le => Instr::Le { a, b, c },
                        vm::bytecode::CompareOp::Gt => Instr::Gt { a, b, c },
                        vm::bytecode::CompareOp::Ge => Instr::Ge { a, b, c },
                    },
                });
            }
            ir::Expr::And(left, right) | ir::Expr::Or(left, right) => {
                let done = entry.label();
                self.operand(entry, left, at);
                if matches!(value, ir::Expr::And(..)) {
                    entry.emit(Instr::JumpIfNot { a, target: done });
                } else {
                    entry.emit(Instr::JumpIf { a, target: done });
                }
                self.expr(entry, right, at);
                // Whatever the caller emits next is the jump target.
                entry.bind(done);
            }
            ir::Expr::Map { item, list, slot } => {
                // r[at] := []; for each element: r[at] ++= [item]
                let (source, iterator, element) = (self.reg(at + 1), self.reg(at + 2), self.reg(at + 3));
                let (head, exit) = (entry.label(), entry.label());
                entry.emit(Instr::ListNew { a });
                self.expr(entry, list, at + 1);
                Self::loop_head(entry, [source, iterator, element], slot, head, exit);
                self.expr(entry, item, at + 3);
                entry.emit(Instr::ListPush { a, b: element });
                entry.emit(Instr::Jump { target: head });
                entry.bind(exit);
            }
            ir::Expr::All { item, list, slot } => {
                // r[at] := true; for each element: unless item, r[at] := false and stop
                let (source, iterator, element) = (self.reg(at + 1), self.reg(at + 2), self.reg(at + 3));
                let (head, exit) = (entry.label(), entry.label());
                entry.emit(Instr::LoadBool { a, value: true });
                self.expr(entry, list, at + 1);
                Self::loop_head(entry, [source, iterator, element], slot, head, exit);
                self.expr(entry, item, at + 3);
                entry.emit(Instr::JumpIf { a: element, target: head });
                entry.emit(Instr::LoadBool { a, value: false });
                entry.bind(exit);
            }
        }
    }
}

#[cfg(test)]
mod tests;

/// `qty` with the entry of a computed quantity `value`.
fn with_computed_qty(qty: Qty, value: EntryIdx) -> Qty {
    match qty {
        Qty::Computed { up_to, .. } => Qty::Computed { value, up_to },
        qty => qty,
    }
}
