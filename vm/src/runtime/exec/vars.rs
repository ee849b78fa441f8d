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
    /// unit of fuel per element, as [`Machine::get_attr`]'s do.
    pub(crate) fn load_var(&mut self, var: VariableIdx) -> Result<Value, Trap> {
        let names = &self.shared.names;
        if Some(var) == names.var_this {
            return Ok(Value::Card(self.state.env.source));
        }
        if Some(var) == names.var_tgt {
            return Ok(Value::List(self.state.rule_targets));
        }
        if Some(var) == names.var_prev_tgt {
            return Ok(Value::List(self.state.previous_targets));
        }
        if let Some(value) = self.state.binding(var) {
            return Ok(value);
        }
        let env = self.state.env;
        let asked = self.state.lists.asked();
        let value = self.host.variable(&env, var, &mut self.state.lists);
        self.charge_listed(asked)?;
        Ok(value)
    }

    /// Charges a unit of fuel per list element made since the arena's count was `asked`
    /// (`Lists::asked`): what a host that answered a name or an attribute with a list
    /// (`me.deck`) read to make it, held or refused by a full arena. Nothing when it made
    /// none (`me.hp`, most answers).
    #[inline]
    pub(crate) fn charge_listed(&mut self, asked: usize) -> Result<(), Trap> {
        let made = self.state.lists.asked().wrapping_sub(asked);
        if made == 0 {
            return Ok(());
        }
        self.charge(u32::try_from(made).unwrap_or(u32::MAX))
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
