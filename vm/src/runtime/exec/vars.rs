//! Names, locals, constants and lists: `LoadConst`, `LoadVar`, `LoadTargets`, `ListNew`,
//! `ListPush`, `IterStart`, `IterNext`.
//!
//! `LoadVar` binds `this`, `tgt` and `prevTgt` itself, then the per-execution names (event
//! payloads, cost and command results), then asks the host; so nothing leaks from one
//! execution into the next.

use crate::bytecode::{Const, ConstIdx, Pc, Reg, TargetList, VariableIdx};

use super::{Machine, Step};
use crate::runtime::host::Host;
use crate::runtime::trap::{Trap, TrapCode};
use crate::runtime::value::Value;

impl<H: Host> Machine<'_, H> {
    pub(super) fn load_const(&mut self, base: usize, a: Reg, k: ConstIdx) -> Result<Step, Trap> {
        let value = match self.rt.program.consts()[k.index()] {
            Const::Pile(zone) => Value::Pile(zone),
            Const::Word { word, .. } => Value::Int(i32::from(word)),
            Const::RuleSwitch(switch) => Value::RuleSwitch(switch),
        };
        self.st.regs[base + a.0 as usize] = value;
        Ok(Step::Next)
    }

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

    pub(super) fn load_targets(&mut self, base: usize, a: Reg, list: TargetList) -> Result<Step, Trap> {
        let id = match list {
            TargetList::Current => self.st.targets,
            TargetList::Previous => self.st.previous_targets,
            TargetList::Rule => self.st.rule_targets,
        };
        self.st.regs[base + a.0 as usize] = Value::List(id);
        Ok(Step::Next)
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
            Value::Nil | Value::Bool(false) => crate::runtime::value::ListId(0),
            single => self.st.lists.make(&[single]).ok_or(TrapCode::ListLimit)?,
        };
        self.st.regs[base + a.0 as usize] = Value::Iter(list, 0);
        Ok(Step::Next)
    }

    pub(super) fn iter_next(&mut self, base: usize, a: Reg, it: Reg, exit: Pc) -> Result<Step, Trap> {
        let Value::Iter(list, pos) = self.st.regs[base + it.0 as usize] else {
            return Ok(Step::Jump(exit));
        };
        match self.st.lists.get(list).get(pos as usize).copied() {
            Some(item) => {
                self.st.regs[base + it.0 as usize] = Value::Iter(list, pos + 1);
                self.st.regs[base + a.0 as usize] = item;
                Ok(Step::Next)
            }
            None => Ok(Step::Jump(exit)),
        }
    }
}
