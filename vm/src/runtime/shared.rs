//! What every execution of one runtime shares (the program, the catalogue, the builtins,
//! the fuel settings) and the per-card plans (local counts, whether an activation or an
//! auto can start at its body) computed once at `Runtime::new`.

use std::sync::Arc;

use crate::bytecode::{CardIdx, EntryIdx, FilterIdx, Operand, Program};
use crate::catalogue::Catalogue;

use super::builtins::Builtins;
use super::events::Names;

/// The id the next [`Runtime::new`] takes (ids start at 1: a state never handed out
/// has 0).
pub(super) static NEXT_RUNTIME_ID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

/// What every execution shares: the program, the catalogue, the builtins.
pub(crate) struct Shared<H> {
    pub program: Arc<Program>,
    pub catalogue: &'static Catalogue,
    pub builtins: Arc<Builtins<H>>,
    pub names: Names,
    pub fuel: u64,
    /// Whether executions are charged fuel at all ([`Runtime::set_metering`]).
    pub metered: bool,
    /// Whether an auto run by an event executes as its card's controller rather than as the
    /// event's player ([`Runtime::set_autos_run_as_controller`]).
    pub autos_as_controller: bool,
    /// Whether a choice left with exactly as many candidates as it takes is still asked
    /// ([`Runtime::set_ask_lone_choice`]).
    pub ask_lone_choice: bool,
    /// Which [`Runtime::new`] this is (clones share it): suspended executions carry it.
    pub id: u32,
    /// What executions of each card need to know before they start.
    pub plans: Arc<Plans>,
}

impl<H> Clone for Shared<H> {
    fn clone(&self) -> Shared<H> {
        Shared {
            program: Arc::clone(&self.program),
            catalogue: self.catalogue,
            builtins: Arc::clone(&self.builtins),
            names: self.names,
            fuel: self.fuel,
            metered: self.metered,
            autos_as_controller: self.autos_as_controller,
            ask_lone_choice: self.ask_lone_choice,
            id: self.id,
            plans: Arc::clone(&self.plans),
        }
    }

    /// Becomes a copy of `source` without touching the reference counts the two share:
    /// every copy a game makes to try a move out would otherwise write to counters that
    /// all the threads of a simulation read beside the program.
    fn clone_from(&mut self, source: &Shared<H>) {
        let Shared {
            program,
            catalogue,
            builtins,
            names,
            fuel,
            metered,
            autos_as_controller,
            ask_lone_choice,
            id,
            plans,
        } = source;
        share(&mut self.program, program);
        self.catalogue = catalogue;
        share(&mut self.builtins, builtins);
        self.names = *names;
        self.fuel = *fuel;
        self.metered = *metered;
        self.autos_as_controller = *autos_as_controller;
        self.ask_lone_choice = *ask_lone_choice;
        self.id = *id;
        share(&mut self.plans, plans);
    }
}

/// Makes `target` point where `source` does, leaving both counts alone when it already does.
fn share<T: ?Sized>(target: &mut Arc<T>, source: &Arc<T>) {
    if !Arc::ptr_eq(target, source) {
        *target = Arc::clone(source);
    }
}

impl<H> Shared<H> {
    /// The plan of `card`; `None` when the program has no such card.
    pub fn plan(&self, card: CardIdx) -> Option<CardPlan> {
        self.plans.cards.get(card.index()).copied()
    }

    /// The locals an execution of `card` reserves.
    pub fn locals(&self, card: CardIdx) -> u16 {
        self.plan(card).map_or(0, |plan| plan.locals)
    }

    /// Auto `auto` of `card`, when its execution can start at its body.
    pub fn direct_auto(&self, card: CardIdx, auto: u16) -> Option<DirectEntry> {
        let plan = self.plan(card)?;
        if u32::from(auto) >= plan.autos {
            return None;
        }
        self.plans.autos.get(plan.first_auto as usize + usize::from(auto)).copied().flatten()
    }
}

/// What [`Runtime::new`](super::Runtime::new) works out once for every card.
#[derive(Debug)]
pub(crate) struct Plans {
    /// Indexed like the program's cards.
    cards: Box<[CardPlan]>,
    /// Every card's autos in turn (card `c`'s from its `first_auto`).
    autos: Box<[Option<DirectEntry>]>,
    /// Indexed like the program's filters: the fuel executions must start with for a peek
    /// at the filter to answer as a run would (`peek.rs`, `peek_need`), `u64::MAX` for
    /// one a peek never answers for (it runs code).
    pub peek_need: Box<[u64]>,
}

/// What [`Runtime::new`](super::Runtime::new) works out once for one card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CardPlan {
    /// The largest local count of the entries its executions can run: each execution
    /// reserves that many locals.
    pub locals: u16,
    /// Its only action when an activation has nothing to do before the body (no
    /// requisite, rule target, vars or cost): the activation starts there at once.
    pub direct_action: Option<DirectEntry>,
    /// Whether an activation has nothing to do before its costs (no requisite, rule
    /// target or vars, one action): it starts at the cost check.
    pub costs_first: bool,
    /// Where its autos' plans start in [`Plans`], and how many it has.
    first_auto: u32,
    autos: u32,
}

/// The body an execution starts at once: an action's or an auto's entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DirectEntry {
    pub entry: EntryIdx,
    /// The registers its execution holds: the card's locals, then the entry's own.
    pub regs: u32,
}

/// The plans of every card of `program`.
pub(super) fn plans(program: &Program) -> Arc<Plans> {
    let locals = card_locals(program);
    let mut autos = Vec::new();
    let mut cards = Vec::with_capacity(program.cards().len());
    for (card, locals) in program.cards().iter().zip(locals) {
        let first_auto = autos.len() as u32;
        // An auto has no requisite or choice of action: its rule target (the source when
        // the card has none), vars and costs are all that may come before its body.
        let plain = card.target.is_none() && card.vars.is_none();
        autos.extend(
            card.autos.iter().map(|auto| direct_entry(program, auto.entry, locals, plain && auto.costs.is_empty())),
        );
        let direct_action = match card.actions.as_slice() {
            [action] => direct_entry(
                program,
                action.entry,
                locals,
                plain && card.requisites.is_empty() && action.costs.is_empty(),
            ),
            _ => None,
        };
        let costs_first = plain && card.requisites.is_empty() && card.actions.len() == 1;
        cards.push(CardPlan { locals, direct_action, costs_first, first_auto, autos: card.autos.len() as u32 });
    }
    let peek_need = program.filters().iter().map(super::peek::peek_need).collect();
    Arc::new(Plans { cards: cards.into(), autos: autos.into(), peek_need })
}

/// `entry` as a body to start at once, when nothing comes before it (`nothing_before`).
fn direct_entry(program: &Program, entry: EntryIdx, locals: u16, nothing_before: bool) -> Option<DirectEntry> {
    let code = program.entry(entry)?;
    // `locals` covers every entry the card runs; checked so that the body can start
    // without `Machine::start_main`'s check.
    if !nothing_before || code.n_locals() > usize::from(locals) {
        return None;
    }
    Some(DirectEntry { entry, regs: u32::from(locals) + code.n_regs() as u32 })
}

/// Per card, the largest local count of the entries its executions can reach: its vars,
/// actions, autos and event conditions, and the entries of every filter they or its
/// metadata use ([`crate::bytecode::Filter::entries`]) (the loader refuses cycles, so the walk ends).
fn card_locals(program: &Program) -> Vec<u16> {
    let mut seen = vec![false; program.entries().len()];
    let mut stack = Vec::new();
    let mut out = Vec::with_capacity(program.cards().len());
    for card in program.cards() {
        seen.iter_mut().for_each(|seen| *seen = false);
        let mut filters: Vec<FilterIdx> = card.requisites.clone();
        filters.extend(card.target.iter().flat_map(|target| target.filters.iter().copied()));
        let cost_blocks =
            card.actions.iter().map(|action| &action.costs).chain(card.autos.iter().map(|auto| &auto.costs));
        filters.extend(cost_blocks.flat_map(|costs| costs.iter().filter_map(|cost| cost.filter)));
        stack.extend(card.vars);
        stack.extend(card.actions.iter().map(|action| action.entry));
        for auto in &card.autos {
            stack.push(auto.entry);
            stack.extend(auto.events.iter().filter_map(|event| event.condition));
        }
        let mut most = 0;
        loop {
            for f in filters.drain(..) {
                if let Some(filter) = program.filter(f) {
                    stack.extend(filter.entries());
                }
            }
            let Some(entry) = stack.pop() else {
                break;
            };
            let Some(code) = program.entry(entry) else {
                continue;
            };
            if std::mem::replace(&mut seen[entry.index()], true) {
                continue;
            }
            most = most.max(code.n_locals());
            for instr in code.instrs() {
                instr.for_each_operand(|_, operand| {
                    if let Operand::Filter(f) = operand {
                        filters.push(f);
                    }
                });
            }
        }
        out.push(most as u16);
    }
    out
}
