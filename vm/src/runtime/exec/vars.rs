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
    /// The value of a name. A list the host makes for it (a game's `attackers`) costs a
    /// unit of fuel per element, as [`Machine::get_attr`]'s do ([`Machine::spend_on_answer`]).
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
        let value = self.host.variable(&env, var, &mut self.state.lists);
        self.spend_on_answer(value);
        value
    }

    /// Takes the fuel a host's answer to a name or an attribute costs: a unit per element
    /// of a list (what the host read to make it, `me.deck`), or, for nil, per element the
    /// full arena refused it (`Lists::take_refused`); nothing for any other answer
    /// (`me.hp`), which a host gives in constant time (`Host::attribute`). What the budget
    /// does not cover leaves it empty, and the execution traps `OutOfFuel` at its next
    /// charge (a jump, a call): the answer's work is done by then, and nothing paid for
    /// runs after it.
    #[inline]
    pub(crate) fn spend_on_answer(&mut self, value: Value) {
        let units = match value {
            Value::List(list) => self.state.lists.len(list),
            Value::Nil => self.state.lists.take_refused(),
            _ => return,
        };
        if self.shared.metered {
            self.state.fuel = self.state.fuel.saturating_sub(u32::try_from(units).unwrap_or(u32::MAX));
        }
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
        let pushed = self.state.lists.push(list, item).ok_or(TrapCode::ListLimit)?;
        self.state.regs[base + a.0 as usize] = Value::List(pushed);
        if pushed != list {
            // Not the arena's last list (codegen's literals always are): it was copied,
            // a unit of fuel per element, so a loop of copies is paid by the element.
            self.charge(u32::try_from(self.state.lists.len(pushed)).unwrap_or(u32::MAX))?;
        }
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
