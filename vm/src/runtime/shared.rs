//! What every execution of one runtime shares (the program, the catalogue, the builtins,
//! the fuel settings) and the per-card local counts computed once at `Runtime::new`.

use std::sync::Arc;

use crate::bytecode::{CardIdx, FilterIdx, Operand, Program, TypeAtom};
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
    /// Which [`Runtime::new`] this is (clones share it): suspended executions carry it.
    pub id: u32,
    /// Per card, the largest local count of the entries its executions can run: each
    /// execution reserves that many locals.
    pub card_locals: Arc<[u16]>,
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
            id: self.id,
            card_locals: Arc::clone(&self.card_locals),
        }
    }
}

impl<H> Shared<H> {
    /// The locals an execution of `card` reserves.
    pub fn locals(&self, card: CardIdx) -> u16 {
        self.card_locals.get(card.index()).copied().unwrap_or(0)
    }
}

/// Per card, the largest local count of the entries its executions can reach: its vars,
/// actions, autos and event conditions, and the type expressions and selector arguments
/// of every filter they or its metadata use (the loader refuses cycles, so the walk ends).
pub(super) fn card_locals(program: &Program) -> Arc<[u16]> {
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
                    for term in &filter.types {
                        if let TypeAtom::Expr(entry) = term.atom {
                            stack.push(entry);
                        }
                    }
                    stack.extend(filter.selector.map(|selector| selector.arg));
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
    out.into()
}
