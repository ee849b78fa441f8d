//! Names and lists: `LoadVar`, `ListNew`, `ListPush`, `IterStart` (locals, constants,
//! target lists and `IterNext` are in the register loop).
//!
//! `LoadVar` binds `this`, `tgt` and `prevTgt` itself, then the per-execution names (event
//! payloads, cost and command results), then asks the host; so nothing leaks from one
//! execution into the next.

use crate::bytecode::{Reg, VariableIdx};

use super::{Machine, Step};
use crate::runtime::host::Host;
use crate::runtime::trap::{Trap, TrapCode};
use crate::runtime::value::{ListId, Value};

impl<H: Host> Machine<'_, H> {
    /// The value of a name.
    pub(crate) fn load_var(&mut self, var: VariableIdx) -> Value {
        let names = &self.shared.names;
        if Some(var) == names.var_this {
            return Value::Card(self.state.env.source);
        }
        if Some(var) == names.var_tgt {
            return Value::List(self.state.rule_targets);
        }
        if Some(var) == names.var_prev_tgt {
            return Value::List(self.state.previous_targets);
        }
        if let Some(value) = self.state.binding(var) {
            return value;
        }
        let env = self.state.env;
        self.host.variable(&env, var, &mut self.state.lists)
    }

    pub(super) fn list_new(&mut self, base: usize, a: Reg) -> Result<Step, Trap> {
        let list = self.state.lists.empty().ok_or(TrapCode::ListLimit)?;
        self.state.regs[base + a.0 as usize] = Value::List(list);
        Ok(Step::Next)
    }

    pub(super) fn list_push(&mut self, base: usize, a: Reg, b: Reg) -> Result<Step, Trap> {
        let item = self.state.regs[base + b.0 as usize];
        let list = match self.state.regs[base + a.0 as usize] {
            Value::List(list) => list,
            _ => self.state.lists.empty().ok_or(TrapCode::ListLimit)?,
        };
        let list = self.state.lists.push(list, item).ok_or(TrapCode::ListLimit)?;
        self.state.regs[base + a.0 as usize] = Value::List(list);
        Ok(Step::Next)
    }

    pub(super) fn iter_start(&mut self, base: usize, a: Reg, b: Reg) -> Result<Step, Trap> {
        let list = match self.state.regs[base + b.0 as usize] {
            Value::List(list) => list,
            Value::Nil | Value::Bool(false) => ListId::EMPTY,
            single => self.state.lists.make(&[single]).ok_or(TrapCode::ListLimit)?,
        };
        self.state.regs[base + a.0 as usize] = Value::Iter(list, 0);
        Ok(Step::Next)
    }
}
