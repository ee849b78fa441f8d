//! Round trips: instruction streams generated from the op table encode, decode and
//! re-encode to the same bytes; any bytes that decode are the canonical encoding of what
//! they decode to; a loaded bundle writes back to the bytes it was loaded from.

use proptest::prelude::*;
use proptest::strategy::Union;
use vm::bytecode::ops::{self, decode_code, encode_code};
use vm::bytecode::*;

use crate::catalogue::{TEST, small_bundle};

/// A strategy for the values of one operand kind.
trait Arb {
    type Value;
    fn arb() -> BoxedStrategy<Self::Value>;
}

macro_rules! arb_plain {
    ($($kind:ty => $strategy:expr;)*) => {$(
        impl Arb for $kind {
            type Value = $kind;
            fn arb() -> BoxedStrategy<$kind> {
                $strategy.boxed()
            }
        }
    )*};
}

arb_plain! {
    Reg => any::<u8>().prop_map(Reg);
    Local => any::<u8>().prop_map(Local);
    u8 => any::<u8>();
    u16 => any::<u16>();
    i32 => any::<i32>();
    bool => any::<bool>();
    AmountMode => proptest::sample::select(AmountMode::ALL);
    TargetList => proptest::sample::select(TargetList::ALL);
    FailReason => proptest::sample::select(FailReason::ALL);
}

impl Arb for JumpTarget {
    type Value = Pc;
    fn arb() -> BoxedStrategy<Pc> {
        any::<u16>().prop_map(Pc).boxed()
    }
}

macro_rules! arb_index {
    ($($kind:ident),*) => {$(
        impl Arb for $kind {
            type Value = $kind;
            fn arb() -> BoxedStrategy<$kind> {
                // 0xffff means "none" in the encoding.
                (0u32..0xffff).prop_map($kind).boxed()
            }
        }

        impl Arb for Option<$kind> {
            type Value = Option<$kind>;
            fn arb() -> BoxedStrategy<Option<$kind>> {
                proptest::option::of(<$kind as Arb>::arb()).boxed()
            }
        }
    )*};
}

arb_index!(
    StrIdx,
    FilterIdx,
    ConstIdx,
    CommandIdx,
    FunctionIdx,
    VariableIdx,
    AttributeIdx,
    AbilityIdx,
    RestrictionIdx,
    RestrictionPrefixIdx
);

/// `arb_instr()`: any op of the table with any operands, generated from the table itself.
macro_rules! arb_instr_from_table {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident = $byte:literal { $($field:ident : $kind:ty),* $(,)? } [$($flag:ident)*];
    )*) => {
        fn arb_instr() -> BoxedStrategy<Instr> {
            Union::new(vec![$(
                (Just(()), $(<$kind as Arb>::arb(),)*)
                    .prop_map(|((), $($field,)*)| Instr::$name { $($field,)* })
                    .boxed(),
            )*])
            .boxed()
        }
    };
}

vm::for_each_op!(arb_instr_from_table);

proptest! {
    #[test]
    fn encode_decode_encode_is_the_identity(instrs in proptest::collection::vec(arb_instr(), 0..64)) {
        let bytes = encode_code(&instrs).expect("generated operands fit");
        let decoded = decode_code(&bytes).expect("encoded code decodes");
        let decoded_instrs: Vec<Instr> = decoded.iter().map(|&(_, instr)| instr).collect();
        prop_assert_eq!(&decoded_instrs, &instrs);
        let mut offset = 0;
        for (at, instr) in &decoded {
            prop_assert_eq!(*at, offset);
            let info = instr.info();
            prop_assert!((info.min_size..=info.max_size).contains(&instr.size()), "{}", info.name);
            offset += instr.size();
        }
        prop_assert_eq!(offset, bytes.len());
        prop_assert_eq!(encode_code(&decoded_instrs).expect("re-encodes"), bytes);
    }

    #[test]
    fn whatever_decodes_is_canonical(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
        if let Ok(decoded) = decode_code(&bytes) {
            let instrs: Vec<Instr> = decoded.into_iter().map(|(_, instr)| instr).collect();
            prop_assert_eq!(encode_code(&instrs).expect("re-encodes"), bytes);
        }
    }
}

#[test]
fn every_op_decodes_from_its_own_encoding() {
    for opcode in Opcode::ALL {
        let info = opcode.info();
        // Zero operands take one byte each (a zero varint, register 0, "none", ...).
        let mut bytes = vec![info.byte];
        bytes.extend(std::iter::repeat_n(0, info.operands.len()));
        let (instr, size) = Instr::decode(&bytes, 0).expect("all-zero operands decode");
        assert_eq!((instr.opcode(), size), (*opcode, info.min_size), "{}", info.name);
        assert_eq!(instr.size(), info.min_size, "{}", info.name);
        assert_eq!(Instr::decode(&bytes[..size - 1], 0).map(|_| ()), Err(ops::DecodeError::Truncated));
    }
}

#[test]
fn operands_are_minimal_varints() {
    // `LoadInt r0 imm`: 300 is zigzag 600, varint `d8 04`.
    let load_int = |imm: &[u8]| [&[Opcode::LoadInt as u8, 0][..], imm].concat();
    assert_eq!(Instr::decode(&load_int(&[0xd8, 0x04]), 0), Ok((Instr::LoadInt { a: Reg(0), imm: 300 }, 4)));
    assert_eq!(Instr::decode(&load_int(&[0x03]), 0), Ok((Instr::LoadInt { a: Reg(0), imm: -2 }, 3)));
    let overlong = load_int(&[0xd8, 0x84, 0x00]);
    assert!(matches!(Instr::decode(&overlong, 0), Err(ops::DecodeError::BadOperand { operand: "imm", .. })));
    let too_wide = load_int(&[0xff, 0xff, 0xff, 0xff, 0x1f]);
    assert!(matches!(Instr::decode(&too_wide, 0), Err(ops::DecodeError::BadOperand { operand: "imm", .. })));
    // Indices stop at fffe, and an optional index is the index plus one (`0` = none).
    let grant = |index: &[u8]| [&[Opcode::Grant as u8][..], index].concat();
    assert_eq!(Instr::decode(&grant(&[0xfe, 0xff, 0x03]), 0), Ok((Instr::Grant { ability: AbilityIdx(0xfffe) }, 4)));
    assert!(Instr::decode(&grant(&[0xff, 0xff, 0x03]), 0).is_err());
    let may = |question: u8| [Opcode::May as u8, question, 0];
    assert_eq!(Instr::decode(&may(0), 0), Ok((Instr::May { question: None, skip: Pc(0) }, 3)));
    assert_eq!(Instr::decode(&may(1), 0), Ok((Instr::May { question: Some(StrIdx(0)), skip: Pc(0) }, 3)));
    let mut bytes = Vec::new();
    assert!(Instr::Grant { ability: AbilityIdx(0xffff) }.encode(&mut bytes).is_err());
}

#[test]
fn a_loaded_bundle_writes_back_its_own_bytes() {
    for strip in [false, true] {
        let bytes = small_bundle(strip);
        let program = Program::load(&bytes, &TEST).expect("loads");
        assert_eq!(program.debug().is_some(), !strip);
        assert_eq!(program.to_bytes(false).expect("writes"), bytes);
    }
    let full = Program::load(&small_bundle(false), &TEST).expect("loads");
    assert_eq!(full.to_bytes(true).expect("writes"), small_bundle(true));
}
