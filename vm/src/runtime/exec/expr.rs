//! Expression ops: amounts, attributes, indexing, integer arithmetic and comparisons.
//!
//! Arithmetic is on integers (booleans count as 0 and 1); anything else, an overflow or a
//! division by zero gives nil, as the original's failed evaluation did. Ordering
//! comparisons of non-integers are false.

use crate::bytecode::{AmountMode, AttributeIdx, CompareOp, Reg};

use super::{Machine, Step};
use crate::runtime::host::Host;
use crate::runtime::trap::Trap;
use crate::runtime::value::{Value, equal, truthy};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl<H: Host> Machine<'_, H> {
    pub(super) fn make_amount(&mut self, base: usize, a: Reg, b: Reg, mode: AmountMode) -> Result<Step, Trap> {
        let value = match self.st.regs[base + b.0 as usize].as_int() {
            Some(n) => Value::Amount(mode, n),
            None => Value::Nil,
        };
        self.st.regs[base + a.0 as usize] = value;
        Ok(Step::Next)
    }

    pub(super) fn get_attr(&mut self, base: usize, a: Reg, b: Reg, attr: AttributeIdx) -> Result<Step, Trap> {
        let object = self.st.regs[base + b.0 as usize];
        let env = self.st.env;
        let value = self.host.attribute(&env, object, attr, &mut self.st.lists);
        self.st.regs[base + a.0 as usize] = value;
        Ok(Step::Next)
    }

    pub(super) fn index(&mut self, base: usize, a: Reg, b: Reg, n: u16) -> Result<Step, Trap> {
        let value = match self.st.regs[base + b.0 as usize] {
            Value::List(list) => self.st.lists.get(list).get(usize::from(n)).copied().unwrap_or_default(),
            _ => Value::Nil,
        };
        self.st.regs[base + a.0 as usize] = value;
        Ok(Step::Next)
    }

    pub(super) fn arith(&mut self, base: usize, a: Reg, b: Reg, c: Reg, op: Arith) -> Result<Step, Trap> {
        let x = self.st.regs[base + b.0 as usize].as_int();
        let y = self.st.regs[base + c.0 as usize].as_int();
        let value = match (x, y) {
            (Some(x), Some(y)) => match op {
                Arith::Add => x.checked_add(y),
                Arith::Sub => x.checked_sub(y),
                Arith::Mul => x.checked_mul(y),
                Arith::Div => floor_div(x, y),
                Arith::Rem => floor_rem(x, y),
            }
            .map_or(Value::Nil, Value::Int),
            _ => Value::Nil,
        };
        self.st.regs[base + a.0 as usize] = value;
        Ok(Step::Next)
    }

    pub(super) fn neg(&mut self, base: usize, a: Reg, b: Reg) -> Result<Step, Trap> {
        let value =
            self.st.regs[base + b.0 as usize].as_int().and_then(i32::checked_neg).map_or(Value::Nil, Value::Int);
        self.st.regs[base + a.0 as usize] = value;
        Ok(Step::Next)
    }

    pub(super) fn not(&mut self, base: usize, a: Reg, b: Reg) -> Result<Step, Trap> {
        let value = !truthy(self.st.regs[base + b.0 as usize], &self.st.lists);
        self.st.regs[base + a.0 as usize] = Value::Bool(value);
        Ok(Step::Next)
    }

    pub(super) fn compare(&mut self, base: usize, a: Reg, b: Reg, c: Reg, op: CompareOp) -> Result<Step, Trap> {
        let x = self.st.regs[base + b.0 as usize];
        let y = self.st.regs[base + c.0 as usize];
        let result = match op {
            CompareOp::Eq => equal(x, y, &self.st.lists),
            CompareOp::Ne => !equal(x, y, &self.st.lists),
            _ => match (x.as_int(), y.as_int()) {
                (Some(x), Some(y)) => match op {
                    CompareOp::Lt => x < y,
                    CompareOp::Le => x <= y,
                    CompareOp::Gt => x > y,
                    _ => x >= y,
                },
                _ => false,
            },
        };
        self.st.regs[base + a.0 as usize] = Value::Bool(result);
        Ok(Step::Next)
    }
}

/// `x / y` rounded toward negative infinity; `None` for a zero divisor or an overflow.
fn floor_div(x: i32, y: i32) -> Option<i32> {
    let q = x.checked_div(y)?;
    Some(if (x % y != 0) && ((x < 0) != (y < 0)) { q - 1 } else { q })
}

/// `x % y` with the sign of `y`; `None` for a zero divisor.
fn floor_rem(x: i32, y: i32) -> Option<i32> {
    let r = x.checked_rem(y)?;
    Some(if r != 0 && ((r < 0) != (y < 0)) { r + y } else { r })
}
