//! The execution form of an entry's code: one 8-byte [`Op`] per instruction, built at load
//! beside the decoded [`Instr`]s (same indices), with jump targets as instruction indices.
//! The runtime's register loop runs these; every op that needs the machine (the host,
//! the builtins, a request) other than [`Op::Call`] is [`Op::Machine`], which hands the
//! [`Instr`] at the same index to the machine. Some pairs of ops run as one (a constant
//! amount, a comparison and the jump on its result): the first op of the pair becomes the
//! fused op and the second stays in place, so a jump landing on it still runs it. Nothing
//! of this form is written to a bundle.

use super::index::*;
use super::operand::{AmountMode, FailReason, TargetList};
use super::ops::Instr;
use super::program::NOT_AN_INSTR;

/// One instruction in execution form. Registers are frame-relative, `slot` absolute (a
/// local); jump targets are indices into the entry's instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Move {
        a: u8,
        b: u8,
    },
    LoadInt {
        a: u8,
        imm: i32,
    },
    /// `LoadInt a imm; MakeAmount out a mode` (a constant amount, the commonest argument):
    /// one dispatch for both, then the op after the `MakeAmount`.
    LoadAmount {
        a: u8,
        out: u8,
        mode: AmountMode,
        imm: i32,
    },
    LoadBool {
        a: u8,
        value: bool,
    },
    LoadNil {
        a: u8,
    },
    LoadStr {
        a: u8,
        s: StrIdx,
    },
    LoadConst {
        a: u8,
        k: ConstIdx,
    },
    LoadFilter {
        a: u8,
        f: FilterIdx,
    },
    LoadAsk {
        a: u8,
    },
    LoadTargets {
        a: u8,
        list: TargetList,
    },
    LoadLocal {
        a: u8,
        slot: u8,
    },
    StoreLocal {
        slot: u8,
        b: u8,
    },
    MakeAmount {
        a: u8,
        b: u8,
        mode: AmountMode,
    },
    Index {
        a: u8,
        b: u8,
        n: u16,
    },
    Add {
        a: u8,
        b: u8,
        c: u8,
    },
    Sub {
        a: u8,
        b: u8,
        c: u8,
    },
    Mul {
        a: u8,
        b: u8,
        c: u8,
    },
    Div {
        a: u8,
        b: u8,
        c: u8,
    },
    Rem {
        a: u8,
        b: u8,
        c: u8,
    },
    Neg {
        a: u8,
        b: u8,
    },
    Not {
        a: u8,
        b: u8,
    },
    Eq {
        a: u8,
        b: u8,
        c: u8,
    },
    Ne {
        a: u8,
        b: u8,
        c: u8,
    },
    Lt {
        a: u8,
        b: u8,
        c: u8,
    },
    Le {
        a: u8,
        b: u8,
        c: u8,
    },
    Gt {
        a: u8,
        b: u8,
        c: u8,
    },
    Ge {
        a: u8,
        b: u8,
        c: u8,
    },
    /// `Lt a b c` followed by `JumpIf a target` (`when`) or `JumpIfNot a target` (`!when`):
    /// one dispatch for a condition, the commonest shape of a comparison. The jump stays in
    /// place (a jump may land on it) and is skipped. `Gt` comes here with `b` and `c`
    /// swapped: it is `Lt` of the swapped operands, non-integers included (both false).
    LtJump {
        a: u8,
        b: u8,
        c: u8,
        when: bool,
        target: u16,
    },
    /// `Le`, or `Ge` swapped, followed by a conditional jump on its result (as `LtJump`).
    LeJump {
        a: u8,
        b: u8,
        c: u8,
        when: bool,
        target: u16,
    },
    /// `Eq`, or `Ne` (`ne`), followed by a conditional jump on its result (as `LtJump`).
    EqJump {
        a: u8,
        b: u8,
        c: u8,
        ne: bool,
        when: bool,
        target: u16,
    },
    IterNext {
        a: u8,
        it: u8,
        exit: u16,
    },
    Jump {
        target: u16,
    },
    JumpIf {
        a: u8,
        target: u16,
    },
    JumpIfNot {
        a: u8,
        target: u16,
    },
    JumpIfFailed {
        target: u16,
    },
    JumpIfSucceeded {
        target: u16,
    },
    EndStatement,
    Return,
    ReturnValue {
        a: u8,
    },
    Fail {
        reason: FailReason,
    },
    /// `Call`, the commonest op that needs the machine: the register loop makes the call
    /// itself, with these operands, and goes on.
    Call {
        cmd: CommandIdx,
        base: u8,
        argc: u8,
    },
    /// Any other op: the machine runs the [`Instr`] at this index.
    Machine,
}

/// The execution form of `instrs` (verified: every jump target is an instruction, so
/// `index_at` has its index).
pub(crate) fn compact(instrs: &[Instr], index_at: &[u16]) -> Vec<Op> {
    let index = |pc: Pc| match index_at.get(usize::from(pc.0)) {
        Some(&index) if index != NOT_AN_INSTR => index,
        _ => 0,
    };
    let mut ops: Vec<Op> = instrs
        .iter()
        .map(|instr| match *instr {
            Instr::Move { a, b } => Op::Move { a: a.0, b: b.0 },
            Instr::LoadInt { a, imm } => Op::LoadInt { a: a.0, imm },
            Instr::LoadBool { a, value } => Op::LoadBool { a: a.0, value },
            Instr::LoadNil { a } => Op::LoadNil { a: a.0 },
            Instr::LoadStr { a, s } => Op::LoadStr { a: a.0, s },
            Instr::LoadConst { a, k } => Op::LoadConst { a: a.0, k },
            Instr::LoadFilter { a, f } => Op::LoadFilter { a: a.0, f },
            Instr::LoadAsk { a } => Op::LoadAsk { a: a.0 },
            Instr::LoadTargets { a, list } => Op::LoadTargets { a: a.0, list },
            Instr::LoadLocal { a, slot } => Op::LoadLocal { a: a.0, slot: slot.0 },
            Instr::StoreLocal { slot, b } => Op::StoreLocal { slot: slot.0, b: b.0 },
            Instr::MakeAmount { a, b, mode } => Op::MakeAmount { a: a.0, b: b.0, mode },
            Instr::Index { a, b, n } => Op::Index { a: a.0, b: b.0, n },
            Instr::Add { a, b, c } => Op::Add { a: a.0, b: b.0, c: c.0 },
            Instr::Sub { a, b, c } => Op::Sub { a: a.0, b: b.0, c: c.0 },
            Instr::Mul { a, b, c } => Op::Mul { a: a.0, b: b.0, c: c.0 },
            Instr::Div { a, b, c } => Op::Div { a: a.0, b: b.0, c: c.0 },
            Instr::Rem { a, b, c } => Op::Rem { a: a.0, b: b.0, c: c.0 },
            Instr::Neg { a, b } => Op::Neg { a: a.0, b: b.0 },
            Instr::Not { a, b } => Op::Not { a: a.0, b: b.0 },
            Instr::Eq { a, b, c } => Op::Eq { a: a.0, b: b.0, c: c.0 },
            Instr::Ne { a, b, c } => Op::Ne { a: a.0, b: b.0, c: c.0 },
            Instr::Lt { a, b, c } => Op::Lt { a: a.0, b: b.0, c: c.0 },
            Instr::Le { a, b, c } => Op::Le { a: a.0, b: b.0, c: c.0 },
            Instr::Gt { a, b, c } => Op::Gt { a: a.0, b: b.0, c: c.0 },
            Instr::Ge { a, b, c } => Op::Ge { a: a.0, b: b.0, c: c.0 },
            Instr::IterNext { a, it, exit } => Op::IterNext { a: a.0, it: it.0, exit: index(exit) },
            Instr::Jump { target } => Op::Jump { target: index(target) },
            Instr::JumpIf { a, target } => Op::JumpIf { a: a.0, target: index(target) },
            Instr::JumpIfNot { a, target } => Op::JumpIfNot { a: a.0, target: index(target) },
            Instr::JumpIfFailed { target } => Op::JumpIfFailed { target: index(target) },
            Instr::JumpIfSucceeded { target } => Op::JumpIfSucceeded { target: index(target) },
            Instr::EndStatement {} => Op::EndStatement,
            Instr::Return {} => Op::Return,
            Instr::ReturnValue { a } => Op::ReturnValue { a: a.0 },
            Instr::Fail { reason } => Op::Fail { reason },
            Instr::Call { cmd, base, argc } => Op::Call { cmd, base: base.0, argc },
            _ => Op::Machine,
        })
        .collect();
    for at in 1..ops.len() {
        if let Some(fused) = fuse(ops[at - 1], ops[at]) {
            ops[at - 1] = fused;
        }
    }
    ops
}

/// The one op that does `first` then `second`, when there is one; `second` stays in place.
fn fuse(first: Op, second: Op) -> Option<Op> {
    let (written, when, target) = match second {
        Op::MakeAmount { a: out, b, mode } => {
            return match first {
                Op::LoadInt { a, imm } if a == b => Some(Op::LoadAmount { a, out, mode, imm }),
                _ => None,
            };
        }
        Op::JumpIf { a, target } => (a, true, target),
        Op::JumpIfNot { a, target } => (a, false, target),
        _ => return None,
    };
    let (a, fused) = match first {
        Op::Lt { a, b, c } => (a, Op::LtJump { a, b, c, when, target }),
        Op::Gt { a, b, c } => (a, Op::LtJump { a, b: c, c: b, when, target }),
        Op::Le { a, b, c } => (a, Op::LeJump { a, b, c, when, target }),
        Op::Ge { a, b, c } => (a, Op::LeJump { a, b: c, c: b, when, target }),
        Op::Eq { a, b, c } => (a, Op::EqJump { a, b, c, ne: false, when, target }),
        Op::Ne { a, b, c } => (a, Op::EqJump { a, b, c, ne: true, when, target }),
        _ => return None,
    };
    // The jump must test the comparison's result, not another register.
    (a == written).then_some(fused)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_op_takes_eight_bytes() {
        assert_eq!(size_of::<Op>(), 8);
    }

    #[test]
    fn jumps_point_at_instruction_indices_and_constant_amounts_fuse() {
        let instrs = [
            Instr::LoadInt { a: Reg(0), imm: 5 },
            Instr::MakeAmount { a: Reg(1), b: Reg(0), mode: AmountMode::Set },
            Instr::JumpIfFailed { target: Pc(12) },
            Instr::Return {},
        ];
        let mut index_at = vec![NOT_AN_INSTR; 13];
        for (i, at) in [0, 6, 9, 12].into_iter().enumerate() {
            index_at[at] = i as u16;
        }
        let ops = compact(&instrs, &index_at);
        assert_eq!(ops[0], Op::LoadAmount { a: 0, out: 1, mode: AmountMode::Set, imm: 5 });
        assert_eq!(ops[1], Op::MakeAmount { a: 1, b: 0, mode: AmountMode::Set });
        assert_eq!(ops[2], Op::JumpIfFailed { target: 3 });
        assert_eq!(ops[3], Op::Return);
    }

    #[test]
    fn a_comparison_fuses_with_a_jump_on_its_result_only() {
        let instrs = [
            Instr::Gt { a: Reg(2), b: Reg(0), c: Reg(1) },
            Instr::JumpIfNot { a: Reg(2), target: Pc(0) },
            Instr::Ne { a: Reg(2), b: Reg(0), c: Reg(1) },
            Instr::JumpIf { a: Reg(2), target: Pc(4) },
            Instr::Le { a: Reg(2), b: Reg(0), c: Reg(1) },
            Instr::JumpIf { a: Reg(3), target: Pc(0) },
            Instr::Return {},
        ];
        let mut index_at = vec![NOT_AN_INSTR; 25];
        for (i, at) in [0, 4, 7, 11, 14, 18, 21].into_iter().enumerate() {
            index_at[at] = i as u16;
        }
        let ops = compact(&instrs, &index_at);
        // `b > c` is `c < b`.
        assert_eq!(ops[0], Op::LtJump { a: 2, b: 1, c: 0, when: false, target: 0 });
        assert_eq!(ops[1], Op::JumpIfNot { a: 2, target: 0 });
        assert_eq!(ops[2], Op::EqJump { a: 2, b: 0, c: 1, ne: true, when: true, target: 1 });
        // The jump tests another register: the two stay apart.
        assert_eq!(ops[4], Op::Le { a: 2, b: 0, c: 1 });
        assert_eq!(ops[5], Op::JumpIf { a: 3, target: 0 });
    }
}
