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
        let names = &self.rt.names;
        if Some(var) == names.var_this {
            return Value::Card(self.st.env.source);
        }
        if Some(var) == names.var_tgt {
            return Value::List(self.st.rule_targets);
        }
        if Some(var) == names.var_prev_tgt {
            return Value::List(self.st.previous_targets);
        }
        if let Some(value) = self.st.binding(var) {
            return value;
        }
        let env = self.st.env;
        self.host.variable(&env, var, &mut self.st.lists)
    }

    pub(super) fn list_new(&mut self, base: usize, a: Reg) -> Result<Step, Trap> {
        let list = self.st.lists.empty().ok_or(TrapCode::ListLimit)?;
        self.st.regs[base + a.0 as usize] = Value::List(list);
        Ok(Step::Next)
    }

    pub(super) fn list_push(&mut self, base: usize, a: Reg, b: Reg) -> Result<Step, Trap> {
        let item = self.st.regs[base + b.0 as usize];
        let list = match self.st.regs[base + a.0 as usize] {
            Value::List(list) => list,
            _ => self.st.lists.empty().ok_or(TrapCode::ListLimit)?,
        };
        let list = self.st.lists.push(list, item).ok_or(TrapCode::ListLimit)?;
        self.st.regs[base + a.0 as usize] = Value::List(list);
        Ok(Step::Next)
    }

    pub(super) fn iter_start(&mut self, base: usize, a: Reg, b: Reg) -> Result<Step, Trap> {
        let list = match self.st.regs[base + b.0 as usize] {
            Value::List(list) => list,
            Value::Nil | Value::Bool(false) => ListId::EMPTY,
            single => self.st.lists.make(&[single]).ok_or(TrapCode::ListLimit)?,
        };
        self.st.regs[base + a.0 as usize] = Value::Iter(list, 0);
        Ok(Step::Next)
    }
}
