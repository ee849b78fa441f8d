//! Expression ops on values: amounts, indexing, integer arithmetic and comparisons, as
//! plain functions the register loop (`registers.rs`) calls; and `GetAttr`, which asks
//! the host.
//!
//! Arithmetic is on integers (booleans count as 0 and 1); anything else, an overflow or a
//! division by zero gives nil, as the original's failed evaluation did. Ordering
//! comparisons of non-integers are false.

use crate::bytecode::{AmountMode, AttributeIdx, CompareOp, Reg};

use super::Machine;
use crate::runtime::host::Host;
use crate::runtime::value::{Lists, Value, equal};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl<H: Host> Machine<'_, H> {
    /// `GetAttr`: a list the host makes for the attribute (`me.deck`) costs a unit of fuel
    /// per element ([`Machine::spend_on_answer`]): a pile read in a loop is paid as a
    /// builtin's is.
    pub(super) fn get_attr(&mut self, base: usize, a: Reg, b: Reg, attr: AttributeIdx) {
        let object = self.state.regs[base + b.0 as usize];
        let env = self.state.env;
        let value = self.host.attribute(&env, object, attr, &mut self.state.lists);
        self.state.regs[base + a.0 as usize] = value;
        self.spend_on_answer(value);
    }
}

pub(super) fn make_amount(value: Value, mode: AmountMode) -> Value {
    match value.as_int() {
        Some(n) => Value::Amount(mode, n),
        None => Value::Nil,
    }
}

pub(super) fn index(value: Value, n: u16, lists: &Lists) -> Value {
    match value {
        Value::List(list) => lists.get(list).get(usize::from(n)).copied().unwrap_or_default(),
        _ => Value::Nil,
    }
}

// Inlined into every caller: callgrind on `benches/examples/run_effects` counts 408
// instructions per round trip (417 without), 165 per extra `bp(+1)` (171) and 2,940 per
// event to 8 autos (2,976), for 91 per turn of the counting loop (88). `compare` gains
// nothing from the same attribute (counts identical without it).
#[inline(always)]
pub(super) fn arith(x: Value, y: Value, op: Arith) -> Value {
    let (Some(x), Some(y)) = (x.as_int(), y.as_int()) else {
        return Value::Nil;
    };
    match op {
        Arith::Add => x.checked_add(y),
        Arith::Sub => x.checked_sub(y),
        Arith::Mul => x.checked_mul(y),
        Arith::Div => floor_div(x, y),
        Arith::Rem => floor_rem(x, y),
    }
    .map_or(Value::Nil, Value::Int)
}

pub(super) fn neg(value: Value) -> Value {
    value.as_int().and_then(i32::checked_neg).map_or(Value::Nil, Value::Int)
}

pub(super) fn compare(x: Value, y: Value, op: CompareOp, lists: &Lists) -> bool {
    match op {
        CompareOp::Eq => equal(x, y, lists),
        CompareOp::Ne => !equal(x, y, lists),
        _ => match (x.as_int(), y.as_int()) {
            (Some(x), Some(y)) => match op {
                CompareOp::Lt => x < y,
                CompareOp::Le => x <= y,
                CompareOp::Gt => x > y,
                _ => x >= y,
            },
            _ => false,
        },
    }
}

/// How many elements comparing `x` and `y` for equality looks at: the length of two
/// lists of the same length (lists of different lengths differ at once), else none.
pub(super) fn elements_compared(x: Value, y: Value, lists: &Lists) -> u32 {
    match (x, y) {
        (Value::List(x), Value::List(y)) => {
            let (x, y) = (lists.get(x).len(), lists.get(y).len());
            if x == y { u32::try_from(x).unwrap_or(u32::MAX) } else { 0 }
        }
        _ => 0,
    }
}

fn floor_div(x: i32, y: i32) -> Option<i32> {
    let q = x.checked_div(y)?;
    Some(if (x % y != 0) && ((x < 0) != (y < 0)) { q - 1 } else { q })
}

fn floor_rem(x: i32, y: i32) -> Option<i32> {
    let r = x.checked_rem(y)?;
    Some(if r != 0 && ((r < 0) != (y < 0)) { r + y } else { r })
}
