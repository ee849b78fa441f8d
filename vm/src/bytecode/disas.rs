//! The disassembler: a program as stable text, for `rsc disas`, for codegen tests (which
//! compare it with expect-test snapshots) and for people.
//!
//! Each card prints its metadata (abilities, rule target, requisites, vars, actions with
//! costs, autos with events), then the filters and constants its code uses, then each of
//! its entries, one instruction a line (`0004  Call damage r0 1`) with every operand
//! resolved through the op table: registers `r0`, locals `l0`, strings quoted, filters
//! `F0`, constants `K0`, catalogue entries by name, jump targets `@0012`. With debug
//! information, the source line (and a caret line under the statement's span) is printed
//! above the instructions it produced.

use std::fmt::Write;

use super::format::FORMAT_VERSION;
use super::index::*;
use super::operand::Operand;
use super::program::*;
use crate::catalogue::Catalogue;

/// The whole program as text. `catalogue` must be the one the program was loaded with.
pub fn disassemble(program: &Program, catalogue: &Catalogue) -> String {
    let mut printer = Printer { program, catalogue, out: String::new() };
    printer.header();
    let mut printed = vec![false; program.entries().len()];
    for card_idx in 0..program.cards().len() {
        printer.card(CardIdx::new(card_idx), &mut printed);
    }
    let unreferenced: Vec<usize> = (0..printed.len()).filter(|&e| !printed[e]).collect();
    if !unreferenced.is_empty() {
        printer.out.push_str("\nunreferenced entries\n");
        for entry in unreferenced {
            printer.entry(EntryIdx::new(entry), "unreferenced");
        }
    }
    printer.out
}

/// One card as text, or `None` when the program has no card with key `key`.
pub fn disassemble_card(program: &Program, catalogue: &Catalogue, key: &str) -> Option<String> {
    let card_idx = program.card_by_key(key)?;
    let mut printer = Printer { program, catalogue, out: String::new() };
    printer.header();
    let mut printed = vec![false; program.entries().len()];
    printer.card(card_idx, &mut printed);
    Some(printer.out)
}

/// A filter as RuleScript-like text (`<1>^character[frozen&bp>=800]@oppRing`).
pub fn render_filter(program: &Program, catalogue: &Catalogue, filter: &Filter) -> String {
    Printer { program, catalogue, out: String::new() }.filter_text(filter)
}

struct Printer<'p> {
    program: &'p Program,
    catalogue: &'p Catalogue,
    out: String,
}

/// What a card uses, in order of first use.
#[derive(Default)]
struct Uses {
    entries: Vec<(EntryIdx, String)>,
    filters: Vec<FilterIdx>,
    consts: Vec<ConstIdx>,
}

impl Uses {
    fn entry(&mut self, entry: EntryIdx, role: String) {
        if !self.entries.iter().any(|(seen, _)| *seen == entry) {
            self.entries.push((entry, role));
        }
    }

    fn filter(&mut self, filter: FilterIdx) {
        if !self.filters.contains(&filter) {
            self.filters.push(filter);
        }
    }
}

impl Printer<'_> {
    fn header(&mut self) {
        let program = self.program;
        let _ = writeln!(
            self.out,
            "bundle for {}#{:08x}, format {FORMAT_VERSION}: {}, {}{}",
            program.catalogue_name().escape_debug(),
            program.catalogue_hash(),
            plural(program.cards().len(), "card"),
            plural(program.entries().len(), "entry"),
            if program.debug().is_some() { ", debug info" } else { "" },
        );
    }

    /// A cost block as written (`{D(2)}{S(F3)}: `), or nothing when there is none.
    fn cost_block(&self, costs: &[Cost], uses: &mut Uses) -> String {
        let mut text = String::new();
        for cost in costs {
            let _ = write!(text, "{{{}", self.name(CostIdx::TABLE, cost.cost.0));
            match (cost.count, cost.filter) {
                (Some(count), _) => {
                    let _ = write!(text, "({count})");
                }
                (None, Some(filter)) => {
                    let _ = write!(text, "(F{})", filter.0);
                    uses.filter(filter);
                }
                (None, None) => {}
            }
            text.push('}');
        }
        if !costs.is_empty() {
            text.push_str(": ");
        }
        text
    }

    fn name(&self, table: CatalogueTable, index: u32) -> String {
        match table.name(self.catalogue, index as usize) {
            Some(name) => name.to_owned(),
            None => format!("{}#{index}", table.what()),
        }
    }

    fn string(&self, idx: StrIdx) -> String {
        format!("{:?}", self.program.string(idx).unwrap_or(""))
    }

    fn card(&mut self, card_idx: CardIdx, printed: &mut [bool]) {
        let Some(card) = self.program.card(card_idx) else {
            return;
        };
        let key = self.program.string(card.key).unwrap_or("");
        let file = self.program.debug().and_then(|debug| debug.file(card_idx));
        let _ = match file {
            Some(file) => writeln!(self.out, "\ncard {key} ({file})"),
            None => writeln!(self.out, "\ncard {key}"),
        };
        let mut uses = Uses::default();
        if !card.abilities.is_empty() {
            let names: Vec<String> = card.abilities.iter().map(|a| self.name(AbilityIdx::TABLE, a.0)).collect();
            let _ = writeln!(self.out, "  abilities {}", names.join(", "));
        }
        if let Some(target) = &card.target {
            let filters: Vec<String> = target.filters.iter().map(|f| format!("F{}", f.0)).collect();
            let question = if target.optional { "?" } else { "" };
            let _ = writeln!(self.out, "  target{question} {}", filters.join("; "));
            target.filters.iter().for_each(|&f| uses.filter(f));
        }
        if !card.requisites.is_empty() {
            let filters: Vec<String> = card.requisites.iter().map(|f| format!("F{}", f.0)).collect();
            let _ = writeln!(self.out, "  requisite {}", filters.join(" && "));
            card.requisites.iter().for_each(|&f| uses.filter(f));
        }
        if let Some(vars) = card.vars {
            let _ = writeln!(self.out, "  vars e{}", vars.0);
            uses.entry(vars, "vars".into());
        }
        for (action_idx, action) in card.actions.iter().enumerate() {
            let mut line = format!("  action {action_idx}");
            if let Some(label) = action.label {
                let _ = write!(line, " {}", self.string(label));
            }
            line.push(' ');
            line.push_str(&self.cost_block(&action.costs, &mut uses));
            let _ = writeln!(self.out, "{line}e{}", action.entry.0);
            uses.entry(action.entry, format!("action {action_idx}"));
        }
        for (auto_idx, auto) in card.autos.iter().enumerate() {
            let delimiter = if auto.hook { '?' } else { '~' };
            let mut events = Vec::new();
            for (event_idx, event) in auto.events.iter().enumerate() {
                let mut text = String::new();
                let name = self.name(EventIdx::TABLE, event.event.0);
                match event.prefix {
                    Some(prefix) => {
                        text.push_str(&self.name(EventPrefixIdx::TABLE, prefix.0));
                        text.push_str(&capitalise(&name));
                    }
                    None => text.push_str(&name),
                }
                if let Some(suffix) = event.suffix {
                    let _ = write!(text, ":{}", self.name(EventSuffixIdx::TABLE, suffix.0));
                }
                if let Some(condition) = event.condition {
                    let _ = write!(text, " if e{}", condition.0);
                    uses.entry(condition, format!("auto {auto_idx} event {event_idx} condition"));
                }
                events.push(text);
            }
            let events =
                if events.is_empty() { String::new() } else { format!("{delimiter}{}{delimiter} ", events.join(", ")) };
            let costs = self.cost_block(&auto.costs, &mut uses);
            let _ = writeln!(self.out, "  auto {costs}{events}e{}", auto.entry.0);
            uses.entry(auto.entry, format!("auto {auto_idx}"));
        }
        self.collect_uses(&mut uses);
        for &filter_idx in &uses.filters {
            if let Some(filter) = self.program.filter(filter_idx) {
                let text = self.filter_text(filter);
                let _ = writeln!(self.out, "  F{} = {text}", filter_idx.0);
            }
        }
        for &const_idx in &uses.consts {
            if let Some(constant) = self.program.constant(const_idx) {
                let text = self.const_text(constant);
                let _ = writeln!(self.out, "  K{} = {text}", const_idx.0);
            }
        }
        for (entry, role) in &uses.entries {
            if let Some(done) = printed.get_mut(entry.index()) {
                *done = true;
            }
            self.entry(*entry, role);
        }
    }

    /// Adds the entries, filters and constants reached from the card's code, breadth-first.
    fn collect_uses(&self, uses: &mut Uses) {
        let mut next_entry = 0;
        let mut next_filter = 0;
        loop {
            if let Some(&filter_idx) = uses.filters.get(next_filter) {
                next_filter += 1;
                let Some(filter) = self.program.filter(filter_idx) else {
                    continue;
                };
                for (term_idx, term) in filter.types.iter().enumerate() {
                    if let TypeAtom::Expr(entry) = term.atom {
                        uses.entry(entry, format!("F{} type {term_idx}", filter_idx.0));
                    }
                }
                if let Some(selector) = filter.selector {
                    uses.entry(selector.arg, format!("F{} selector", filter_idx.0));
                }
                let computed = filter.entries().filter(|entry| {
                    !filter.types.iter().any(|term| term.atom == TypeAtom::Expr(*entry))
                        && filter.selector.is_none_or(|selector| selector.arg != *entry)
                });
                for entry in computed {
                    uses.entry(entry, format!("F{} computed value", filter_idx.0));
                }
            } else if let Some(&(entry_idx, _)) = uses.entries.get(next_entry) {
                next_entry += 1;
                let Some(entry) = self.program.entry(entry_idx) else {
                    continue;
                };
                for instr in entry.instrs() {
                    instr.for_each_operand(|_, operand| match operand {
                        Operand::Filter(filter) => uses.filter(filter),
                        Operand::Const(constant) if !uses.consts.contains(&constant) => {
                            uses.consts.push(constant);
                        }
                        _ => {}
                    });
                }
            } else {
                break;
            }
        }
    }

    fn entry(&mut self, entry_idx: EntryIdx, role: &str) {
        let Some(entry) = self.program.entry(entry_idx) else {
            return;
        };
        let _ =
            writeln!(self.out, "\n  e{} {role} ({} regs, {} locals)", entry_idx.0, entry.n_regs(), entry.n_locals());
        let rows = self.program.debug().map(|debug| (debug, debug.rows(entry_idx)));
        let mut next_row = 0;
        for (pc, instr) in entry.iter() {
            if let Some((debug, rows)) = rows {
                while let Some(row) = rows.get(next_row).filter(|row| row.pc <= pc) {
                    next_row += 1;
                    self.source_row(debug.text(row), row);
                }
            }
            let mut line = format!("  {:04x}  {}", pc.0, instr.info().name);
            instr.for_each_operand(|_, operand| {
                line.push(' ');
                line.push_str(&self.operand(operand));
            });
            self.out.push_str(&line);
            self.out.push('\n');
        }
    }

    fn source_row(&mut self, text: &str, row: &LineRow) {
        let text: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        let gutter = format!("{:>6} | ", row.line);
        let _ = writeln!(self.out, "{gutter}{}", text.trim_end());
        let column = |offset: u32| {
            let byte = offset.saturating_sub(row.line_start) as usize;
            text.char_indices().take_while(|&(at, _)| at < byte).count()
        };
        let start = column(row.span_start);
        let end = column(row.span_end).max(start + 1);
        if start < text.chars().count() {
            let _ = writeln!(self.out, "{:>6} | {}{}", "", " ".repeat(start), "^".repeat(end - start));
        }
    }

    fn operand(&self, operand: Operand) -> String {
        match operand {
            Operand::Reg(reg) => format!("r{}", reg.0),
            Operand::Local(local) => format!("l{}", local.0),
            Operand::Count(n) => n.to_string(),
            Operand::Nth(n) => n.to_string(),
            Operand::Int(n) => n.to_string(),
            Operand::Bool(b) => b.to_string(),
            Operand::Str(idx) => self.string(idx),
            Operand::Filter(idx) => format!("F{}", idx.0),
            Operand::Const(idx) => format!("K{}", idx.0),
            Operand::Target(pc) => format!("@{:04x}", pc.0),
            Operand::Catalogue(table, idx) => self.name(table, idx),
            Operand::AmountMode(mode) => mode.to_string(),
            Operand::TargetList(list) => list.to_string(),
            Operand::FailReason(reason) => reason.to_string(),
            Operand::Absent => "-".into(),
        }
    }

    fn zone_text(&self, zone: ZoneRef) -> String {
        let name = self.name(ZoneIdx::TABLE, zone.zone.0);
        match zone.prefix {
            Some(prefix) => {
                format!("{}{}", self.name(ZonePrefixIdx::TABLE, prefix.0), capitalise(&name))
            }
            None => name,
        }
    }

    fn const_text(&self, constant: &Const) -> String {
        match *constant {
            Const::Pile(zone) => format!("pile {}", self.zone_text(zone)),
            Const::Word { command, param, word } => {
                let spec = self.catalogue.commands.get(command.index());
                let param_name = spec.and_then(|spec| spec.params.get(usize::from(param)));
                let words = keyword_words(self.catalogue, command, param).unwrap_or(&[]);
                format!(
                    "word {}.{} {}",
                    self.name(CommandIdx::TABLE, command.0),
                    param_name.map_or("?", |param| param.name),
                    words.get(usize::from(word)).map_or("?", |word| word.name),
                )
            }
            Const::RuleSwitch(idx) => format!("rule {}", self.name(RuleSwitchIdx::TABLE, idx.0)),
        }
    }

    fn filter_text(&self, filter: &Filter) -> String {
        let mut text = String::new();
        match filter.qty {
            None => {}
            Some(Qty::Exact(n)) => {
                let _ = write!(text, "<{n}>");
            }
            Some(Qty::Range { min, max }) => {
                let _ = write!(text, "<{min},{max}>");
            }
            Some(Qty::All) => text.push_str("<**>"),
            Some(Qty::Random(n)) => {
                let _ = write!(text, "<r{n}>");
            }
            Some(Qty::Computed { value, up_to }) => {
                let _ = write!(text, "<{}e{}>", if up_to { "upto:" } else { "" }, value.0);
            }
        }
        let separator = match filter.type_op {
            TypeOp::Choice => ",",
            TypeOp::Union => "&",
        };
        let types: Vec<String> = filter.types.iter().map(|term| self.type_text(term)).collect();
        text.push_str(&types.join(separator));
        if let Some(pick) = filter.pick {
            let _ = write!(text, "<{pick}>");
        }
        if !filter.terms.is_empty() {
            let alternatives: Vec<String> = filter
                .terms
                .iter()
                .map(|terms| {
                    let terms: Vec<String> = terms.iter().map(|term| self.term_text(term)).collect();
                    terms.join("&")
                })
                .collect();
            let _ = write!(text, "[{}]", alternatives.join(","));
        }
        let _ = write!(text, "@{}", self.zone_text(filter.zone));
        if let Some(selector) = filter.selector {
            let name = self.name(SelectorIdx::TABLE, selector.selector.0);
            let _ = write!(text, "::{name}(e{})", selector.arg.0);
        }
        text
    }

    fn type_text(&self, term: &TypeTerm) -> String {
        let mut text = String::new();
        if term.exclude_source {
            text.push('^');
        }
        if term.negate {
            text.push('!');
        }
        text.push_str(&match term.atom {
            TypeAtom::Any => "*".into(),
            // In the catalogue's words (`hero`, `foe` in Duel); CFC's when it has none.
            TypeAtom::Player => self.catalogue.roles.target_player.unwrap_or("player").into(),
            TypeAtom::Players => format!("{}s", self.catalogue.roles.target_player.unwrap_or("player")),
            TypeAtom::Me => self.catalogue.roles.target_controller.unwrap_or("me").into(),
            TypeAtom::Opp => self.catalogue.roles.target_opponent.unwrap_or("opp").into(),
            TypeAtom::This => self.catalogue.roles.target_source.unwrap_or("this").into(),
            TypeAtom::CardType(idx) => self.name(CardTypeIdx::TABLE, idx.0),
            TypeAtom::Subtype(idx) => self.name(SubtypeIdx::TABLE, idx.0),
            TypeAtom::Name(idx) => self.string(idx),
            TypeAtom::Expr(entry) => format!("(e{})", entry.0),
        });
        if term.plural {
            text.push('s');
        }
        text
    }

    fn term_text(&self, term: &Term) -> String {
        let body = match term.kind {
            TermKind::Keyword(idx) => self.name(FilterKeywordIdx::TABLE, idx.0),
            TermKind::Compare { property, op, value } => {
                format!("{}{}{value}", self.name(ComparableIdx::TABLE, property.0), op.as_str())
            }
            TermKind::Rank { ranking, word } => {
                let spec = self.catalogue.ranking_filters.get(ranking.index());
                let word = spec.and_then(|spec| spec.words.get(usize::from(word)));
                format!("{}:{}", self.name(RankingIdx::TABLE, ranking.0), word.map_or("?", |word| word.name))
            }
            TermKind::CardType(idx) => self.name(CardTypeIdx::TABLE, idx.0),
            TermKind::Subtype(idx) => self.name(SubtypeIdx::TABLE, idx.0),
            TermKind::CompareComputed { property, op, value } => {
                format!("{}{}e{}", self.name(ComparableIdx::TABLE, property.0), op.as_str(), value.0)
            }
        };
        if term.negated { format!("-{body}") } else { body }
    }
}

/// `1 card`, `2 cards`, `2 entries`.
fn plural(count: usize, noun: &str) -> String {
    match (count, noun.strip_suffix('y')) {
        (1, _) => format!("1 {noun}"),
        (_, Some(stem)) => format!("{count} {stem}ies"),
        (_, None) => format!("{count} {noun}s"),
    }
}

fn capitalise(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
