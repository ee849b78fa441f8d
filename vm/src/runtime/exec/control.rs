//! Control ops: conditional jumps on a register's truth or on the last command status
//! (`&&` is `JumpIfFailed`, `||` is `JumpIfSucceeded`).

use crate::bytecode::{Pc, Reg};

use super::{Machine, Step};
use crate::runtime::host::Host;
use crate::runtime::trap::Trap;
use crate::runtime::value::truthy;

impl<H: Host> Machine<'_, H> {
    pub(super) fn jump_if(&mut self, base: usize, a: Reg, target: Pc, when: bool) -> Result<Step, Trap> {
        let value = self.st.regs[base + a.0 as usize];
        Ok(if truthy(value, &self.st.lists) == when { Step::Jump(target) } else { Step::Next })
    }

    pub(super) fn jump_if_status(&mut self, target: Pc, when_success: bool) -> Result<Step, Trap> {
        Ok(if self.st.succeeded == when_success { Step::Jump(target) } else { Step::Next })
    }
}
