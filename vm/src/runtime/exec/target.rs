//! Statement ops: `Target`, `TargetOpt`, `Resolve` (through the resolver in
//! `runtime/resolve.rs`), `SetTargets`, `Restrict`, and how a filter's choice request is
//! made and completed (`EndStatement` runs in the register loop).

use crate::bytecode::{FilterIdx, Pc, Reg, RestrictionIdx, RestrictionPrefixIdx};

use super::{Machine, Step};
use crate::runtime::host::{Host, RequestKind, Restriction};
use crate::runtime::resolve::Resolution;
use crate::runtime::state::{Pending, Request};
use crate::runtime::trap::{Trap, TrapCode};
use crate::runtime::value::{ListId, Value};

impl<H: Host> Machine<'_, H> {
    pub(super) fn target_op(&mut self, f: FilterIdx, exit: Option<Pc>) -> Result<Step, Trap> {
        if !self.state.lists.is_empty(self.state.rule_targets) {
            self.state.previous_targets = self.state.rule_targets;
        }
        let resolution = self.resolve_filter(f, None)?;
        self.filter_step(resolution, f, None, exit, exit.is_none())
    }

    pub(super) fn resolve_op(&mut self, base: usize, a: Reg, f: FilterIdx) -> Result<Step, Trap> {
        let resolution = self.resolve_filter(f, None)?;
        // Registers of a suspended (main) frame start at 0; in a nested frame a choice
        // traps, so `a` is only written here directly.
        match resolution {
            Resolution::Nothing => {
                self.state.regs[base + a.0 as usize] = Value::Bool(false);
                Ok(Step::Next)
            }
            Resolution::List(list) => {
                self.state.regs[base + a.0 as usize] = Value::List(list);
                Ok(Step::Next)
            }
            other => self.filter_step(other, f, Some(a), None, true),
        }
    }

    /// What a filter's resolution means for the statement: set `T` (or write a register),
    /// jump to `exit`, or suspend for a choice.
    pub(crate) fn filter_step(
        &mut self,
        resolution: Resolution,
        f: FilterIdx,
        write: Option<Reg>,
        exit: Option<Pc>,
        optional: bool,
    ) -> Result<Step, Trap> {
        match resolution {
            Resolution::Nothing => match (write, exit) {
                (Some(a), _) => {
                    self.state.regs[usize::from(self.state.locals) + a.0 as usize] = Value::Bool(false);
                    Ok(Step::Next)
                }
                (None, Some(exit)) if !optional => Ok(Step::Jump(exit)),
                (None, _) => {
                    self.state.targets = ListId::EMPTY;
                    Ok(Step::Next)
                }
            },
            Resolution::List(list) => Ok(self.filter_chosen(list, write)),
            Resolution::Choose { candidates, min, max } => {
                self.request(RequestKind::Targets, candidates, min, max, None);
                self.state.pending = Pending::Filter { f, write, exit, optional };
                Ok(Step::Suspend)
            }
            Resolution::ChooseType { options } => {
                self.request(RequestKind::TargetType, options, 1, 1, None);
                self.state.pending = Pending::FilterType { f, write, exit, optional };
                Ok(Step::Suspend)
            }
            Resolution::ChooseZone { options } => {
                self.request(RequestKind::TargetZone, options, 1, 1, None);
                self.state.pending = Pending::FilterZone { f, write, exit, optional };
                Ok(Step::Suspend)
            }
        }
    }

    /// The filter's result is `list`.
    pub(crate) fn filter_chosen(&mut self, list: ListId, write: Option<Reg>) -> Step {
        match write {
            Some(a) => self.state.regs[usize::from(self.state.locals) + a.0 as usize] = Value::List(list),
            None => self.state.targets = list,
        }
        Step::Next
    }

    /// Stores a request for the host.
    pub(crate) fn request(
        &mut self,
        kind: RequestKind,
        candidates: ListId,
        min: u16,
        max: u16,
        question: Option<crate::bytecode::StrIdx>,
    ) {
        let chooser = self.host.chooser(&self.state.env, kind);
        self.state.request = Some(Request { kind, chooser, candidates, min, max, question });
    }

    /// A yes/no request.
    pub(crate) fn ask_yes_no(
        &mut self,
        kind: RequestKind,
        question: Option<crate::bytecode::StrIdx>,
    ) -> Result<(), Trap> {
        let list = self.state.lists.make(&[Value::Bool(true), Value::Bool(false)]).ok_or(TrapCode::ListLimit)?;
        self.request(kind, list, 1, 1, question);
        Ok(())
    }

    pub(super) fn set_targets(&mut self, base: usize, a: Reg) -> Result<Step, Trap> {
        let list = match self.state.regs[base + a.0 as usize] {
            Value::List(list) => list,
            value @ (Value::Card(_) | Value::Player(_)) => {
                self.state.lists.make(&[value]).ok_or(TrapCode::ListLimit)?
            }
            _ => ListId::EMPTY,
        };
        self.state.targets = list;
        Ok(Step::Next)
    }

    pub(super) fn restrict(
        &mut self,
        kind: RestrictionIdx,
        prefix: Option<RestrictionPrefixIdx>,
    ) -> Result<Step, Trap> {
        self.state.restriction = Some(Restriction { kind, prefix });
        Ok(Step::Next)
    }
}
