//! Operand kinds of the instruction set: how each is written in the op table, how many
//! bytes it takes, how it is encoded, decoded, checked and printed.
//!
//! The op table in [`super::ops`] names a kind for every operand (`a: Reg`,
//! `cmd: CommandIdx`); the traits here give each kind its width and codec, so the op
//! type, encoder, decoder, verifier and disassembler are all generated from that one table.
//! The only kind whose value type varies is [`JumpTarget`]: a [`Pc`] in decoded
//! code, a [`Label`] while [`super::CodeBuilder`] is still building it.

use std::fmt;

use super::index::*;

/// What the documentation and the verifier know about one operand kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindInfo {
    /// The kind as written in the op reference (`reg`, `str?`).
    pub name: &'static str,
    /// Fewest bytes it takes in an instruction.
    pub min_width: usize,
    /// Most bytes it takes in an instruction.
    pub max_width: usize,
    /// How it is encoded (`u8`, `varint`, `zigzag varint`).
    pub encoding: &'static str,
    /// What it is, in the op-reference notation.
    pub doc: &'static str,
    /// What the loader checks about it.
    pub check: &'static str,
}

/// A value that its operand encoding cannot hold (an index past `0xfffe`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoesNotFit;

/// Why an operand could not be decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadBytes {
    /// The bytes end inside the operand.
    Truncated,
    /// The bytes are not the canonical encoding of a value of the kind.
    Invalid,
}

/// An operand kind, with the Rust type its values have in an [`super::Instr<L>`] whose
/// jump targets are of type `L`.
pub trait OperandKind<L> {
    /// The type of the operand's value.
    type Value;
}

/// Encoding, decoding and inspection of one operand kind in decoded code (`L = Pc`).
pub trait Codec: OperandKind<Pc> {
    /// Width and documentation.
    const INFO: KindInfo;
    /// Appends the encoding of `value`; `Err` when it does not fit.
    fn encode(value: Self::Value, out: &mut Vec<u8>) -> Result<(), DoesNotFit>;
    /// The number of bytes [`Codec::encode`] appends for `value`, without encoding it;
    /// `Err` when it does not fit.
    fn width(value: Self::Value) -> Result<usize, DoesNotFit>;
    /// Decodes the operand at `bytes[*pos..]` and advances `pos` past it; fails when the
    /// bytes end early or are not the canonical encoding of a value.
    fn decode(bytes: &[u8], pos: &mut usize) -> Result<Self::Value, BadBytes>;
    /// The value as a kind-tagged [`Operand`], for the verifier and the disassembler.
    fn view(value: Self::Value) -> Operand;
}

/// Changing the jump-target type of an operand: the identity on every kind but
/// [`JumpTarget`].
pub trait Relabel<L, M>: OperandKind<L> + OperandKind<M> {
    /// Maps a jump target with `f`; returns any other value unchanged.
    fn relabel<F: FnMut(L) -> M>(value: <Self as OperandKind<L>>::Value, f: &mut F) -> <Self as OperandKind<M>>::Value;
}

/// Visiting the jump targets of an instruction in place: nothing on every kind but
/// [`JumpTarget`].
pub trait VisitTargets<L>: OperandKind<L> {
    /// Calls `f` on the value when it is a jump target.
    fn visit<F: FnMut(&mut L)>(value: &mut <Self as OperandKind<L>>::Value, f: &mut F);
}

/// The kind of jump-target operands. Its value is an `L`: a [`Pc`] in decoded code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JumpTarget {}

/// One operand's value, tagged with its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operand {
    /// A register.
    Reg(Reg),
    /// A local slot.
    Local(Local),
    /// An unsigned 8-bit count.
    Count(u8),
    /// An unsigned 16-bit immediate.
    Nth(u16),
    /// A signed 32-bit immediate.
    Int(i32),
    /// A boolean immediate.
    Bool(bool),
    /// A string of the bundle.
    Str(StrIdx),
    /// A filter of the bundle.
    Filter(FilterIdx),
    /// A constant of the bundle.
    Const(ConstIdx),
    /// A jump target in the same entry.
    Target(Pc),
    /// An entry of a catalogue table.
    Catalogue(CatalogueTable, u32),
    /// How an amount changes a counter.
    AmountMode(AmountMode),
    /// One of the execution's target lists.
    TargetList(TargetList),
    /// Why an entry fails.
    FailReason(FailReason),
    /// An optional operand that is absent.
    Absent,
}

/// The largest index a table may be addressed with (tables hold at most `0xffff` items,
/// so that every index and every "index + 1" fits 16 bits).
pub const MAX_INDEX: u32 = 0xfffe;

/// Appends `value` as an unsigned LEB128 varint: 7 bits a byte, least significant first,
/// the high bit set on every byte but the last.
pub fn write_varint(value: u32, out: &mut Vec<u8>) {
    let mut value = value;
    while value >= 0x80 {
        out.push((value as u8 & 0x7f) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// The number of bytes [`write_varint`] writes for `value`.
pub fn varint_len(value: u32) -> usize {
    match value {
        0..0x80 => 1,
        0x80..0x4000 => 2,
        0x4000..0x20_0000 => 3,
        0x20_0000..0x1000_0000 => 4,
        _ => 5,
    }
}

/// Reads an unsigned LEB128 varint at `bytes[*pos..]` and advances `pos` past it. Only
/// the minimal form is accepted: a last byte of zero (an overlong form) and anything
/// beyond 32 bits are [`BadBytes::Invalid`].
pub fn read_varint(bytes: &[u8], pos: &mut usize) -> Result<u32, BadBytes> {
    let mut value: u32 = 0;
    for index in 0..5 {
        let byte = *bytes.get(*pos + index).ok_or(BadBytes::Truncated)?;
        let bits = u32::from(byte & 0x7f);
        if index == 4 && byte > 0x0f {
            return Err(BadBytes::Invalid);
        }
        value |= bits << (7 * index);
        if byte & 0x80 == 0 {
            if byte == 0 && index > 0 {
                return Err(BadBytes::Invalid);
            }
            *pos += index + 1;
            return Ok(value);
        }
    }
    Err(BadBytes::Invalid)
}

/// Maps a signed value to an unsigned one so that small magnitudes stay small:
/// 0, -1, 1, -2, ... become 0, 1, 2, 3, ...
pub fn zigzag(value: i32) -> u32 {
    ((value << 1) ^ (value >> 31)) as u32
}

/// The inverse of [`zigzag`].
pub fn unzigzag(value: u32) -> i32 {
    ((value >> 1) as i32) ^ -((value & 1) as i32)
}

fn read_byte(bytes: &[u8], pos: &mut usize) -> Result<u8, BadBytes> {
    let byte = *bytes.get(*pos).ok_or(BadBytes::Truncated)?;
    *pos += 1;
    Ok(byte)
}

/// A varint no larger than `max`.
fn read_bounded(bytes: &[u8], pos: &mut usize, max: u32) -> Result<u32, BadBytes> {
    let start = *pos;
    let value = read_varint(bytes, pos)?;
    if value <= max {
        Ok(value)
    } else {
        *pos = start;
        Err(BadBytes::Invalid)
    }
}

fn write_index(index: u32, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
    if index <= MAX_INDEX {
        write_varint(index, out);
        Ok(())
    } else {
        Err(DoesNotFit)
    }
}

fn index_width(index: u32) -> Result<usize, DoesNotFit> {
    if index <= MAX_INDEX { Ok(varint_len(index)) } else { Err(DoesNotFit) }
}

fn opt_index_width(index: Option<u32>) -> Result<usize, DoesNotFit> {
    match index {
        None => Ok(1),
        Some(index) if index <= MAX_INDEX => Ok(varint_len(index + 1)),
        Some(_) => Err(DoesNotFit),
    }
}

fn read_index(bytes: &[u8], pos: &mut usize) -> Result<u32, BadBytes> {
    read_bounded(bytes, pos, MAX_INDEX)
}

fn write_opt_index(index: Option<u32>, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
    match index {
        None => {
            out.push(0);
            Ok(())
        }
        Some(index) if index <= MAX_INDEX => {
            write_varint(index + 1, out);
            Ok(())
        }
        Some(_) => Err(DoesNotFit),
    }
}

fn read_opt_index(bytes: &[u8], pos: &mut usize) -> Result<Option<u32>, BadBytes> {
    Ok(read_bounded(bytes, pos, MAX_INDEX + 1)?.checked_sub(1))
}

/// Implements `OperandKind` and `Relabel` for kinds whose value is the kind itself.
macro_rules! plain_kind {
    ($($kind:ty),* $(,)?) => {$(
        impl<L> OperandKind<L> for $kind {
            type Value = $kind;
        }

        impl<L, M> Relabel<L, M> for $kind {
            fn relabel<F: FnMut(L) -> M>(value: $kind, _f: &mut F) -> $kind {
                value
            }
        }

        impl<L> VisitTargets<L> for $kind {
            fn visit<F: FnMut(&mut L)>(_value: &mut $kind, _f: &mut F) {}
        }
    )*};
}

plain_kind!(Reg, Local, u8, u16, i32, bool, AmountMode, TargetList, FailReason);

impl<L> OperandKind<L> for JumpTarget {
    type Value = L;
}

impl<L, M> Relabel<L, M> for JumpTarget {
    fn relabel<F: FnMut(L) -> M>(value: L, f: &mut F) -> M {
        f(value)
    }
}

impl<L> VisitTargets<L> for JumpTarget {
    fn visit<F: FnMut(&mut L)>(value: &mut L, f: &mut F) {
        f(value)
    }
}

impl Codec for JumpTarget {
    const INFO: KindInfo = KindInfo {
        name: "target",
        min_width: 1,
        max_width: 3,
        encoding: "varint",
        doc: "an instruction of the same entry: in a bundle its index in the entry (`0` is the \
              first instruction); decoded, the code offset (`Pc`) of that instruction",
        check: "less than the entry's instruction count",
    };
    fn encode(value: Pc, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        write_varint(u32::from(value.0), out);
        Ok(())
    }
    fn width(value: Pc) -> Result<usize, DoesNotFit> {
        Ok(varint_len(u32::from(value.0)))
    }
    fn decode(bytes: &[u8], pos: &mut usize) -> Result<Pc, BadBytes> {
        read_bounded(bytes, pos, u32::from(u16::MAX)).map(|value| Pc(value as u16))
    }
    fn view(value: Pc) -> Operand {
        Operand::Target(value)
    }
}

impl Codec for Reg {
    const INFO: KindInfo = KindInfo {
        name: "reg",
        min_width: 1,
        max_width: 1,
        encoding: "u8",
        doc: "register `R[a]` of the current frame",
        check: "none: the frame has as many registers as the entry's code names",
    };
    fn encode(value: Reg, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.push(value.0);
        Ok(())
    }
    fn width(_: Reg) -> Result<usize, DoesNotFit> {
        Ok(1)
    }
    fn decode(bytes: &[u8], pos: &mut usize) -> Result<Reg, BadBytes> {
        read_byte(bytes, pos).map(Reg)
    }
    fn view(value: Reg) -> Operand {
        Operand::Reg(value)
    }
}

impl Codec for Local {
    const INFO: KindInfo = KindInfo {
        name: "local",
        min_width: 1,
        max_width: 1,
        encoding: "u8",
        doc: "local slot `L[s]` of the execution",
        check: "none: the entry touches as many locals as its code names",
    };
    fn encode(value: Local, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.push(value.0);
        Ok(())
    }
    fn width(_: Local) -> Result<usize, DoesNotFit> {
        Ok(1)
    }
    fn decode(bytes: &[u8], pos: &mut usize) -> Result<Local, BadBytes> {
        read_byte(bytes, pos).map(Local)
    }
    fn view(value: Local) -> Operand {
        Operand::Local(value)
    }
}

impl Codec for u8 {
    const INFO: KindInfo = KindInfo {
        name: "u8",
        min_width: 1,
        max_width: 1,
        encoding: "u8",
        doc: "unsigned count (argument counts)",
        check: "`base + argc` at most 256; `argc` within the callee's arity",
    };
    fn encode(value: u8, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.push(value);
        Ok(())
    }
    fn width(_: u8) -> Result<usize, DoesNotFit> {
        Ok(1)
    }
    fn decode(bytes: &[u8], pos: &mut usize) -> Result<u8, BadBytes> {
        read_byte(bytes, pos)
    }
    fn view(value: u8) -> Operand {
        Operand::Count(value)
    }
}

impl Codec for u16 {
    const INFO: KindInfo = KindInfo {
        name: "u16",
        min_width: 1,
        max_width: 3,
        encoding: "varint",
        doc: "unsigned immediate",
        check: "at most 65 535",
    };
    fn encode(value: u16, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        write_varint(u32::from(value), out);
        Ok(())
    }
    fn width(value: u16) -> Result<usize, DoesNotFit> {
        Ok(varint_len(u32::from(value)))
    }
    fn decode(bytes: &[u8], pos: &mut usize) -> Result<u16, BadBytes> {
        read_bounded(bytes, pos, u32::from(u16::MAX)).map(|value| value as u16)
    }
    fn view(value: u16) -> Operand {
        Operand::Nth(value)
    }
}

impl Codec for i32 {
    const INFO: KindInfo = KindInfo {
        name: "i32",
        min_width: 1,
        max_width: 5,
        encoding: "zigzag varint",
        doc: "signed immediate",
        check: "none",
    };
    fn encode(value: i32, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        write_varint(zigzag(value), out);
        Ok(())
    }
    fn width(value: i32) -> Result<usize, DoesNotFit> {
        Ok(varint_len(zigzag(value)))
    }
    fn decode(bytes: &[u8], pos: &mut usize) -> Result<i32, BadBytes> {
        read_varint(bytes, pos).map(unzigzag)
    }
    fn view(value: i32) -> Operand {
        Operand::Int(value)
    }
}

impl Codec for bool {
    const INFO: KindInfo = KindInfo {
        name: "bool",
        min_width: 1,
        max_width: 1,
        encoding: "u8",
        doc: "boolean immediate",
        check: "0 or 1",
    };
    fn encode(value: bool, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.push(u8::from(value));
        Ok(())
    }
    fn width(_: bool) -> Result<usize, DoesNotFit> {
        Ok(1)
    }
    fn decode(bytes: &[u8], pos: &mut usize) -> Result<bool, BadBytes> {
        let start = *pos;
        match read_byte(bytes, pos)? {
            0 => Ok(false),
            1 => Ok(true),
            _ => {
                *pos = start;
                Err(BadBytes::Invalid)
            }
        }
    }
    fn view(value: bool) -> Operand {
        Operand::Bool(value)
    }
}

/// Implements the index kinds: `plain` ones (a varint up to `fffe`) and their `Option`
/// forms (a varint of the index plus one, `0` for none).
macro_rules! index_kinds {
    ($($kind:ident $name:literal $opt_name:literal $doc:literal $check:literal => $view:expr;)*) => {$(
        plain_kind!($kind, Option<$kind>);

        impl Codec for $kind {
            const INFO: KindInfo = KindInfo {
                name: $name,
                min_width: 1,
                max_width: 3,
                encoding: "varint",
                doc: $doc,
                check: $check,
            };
            fn encode(value: $kind, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
                write_index(value.0, out)
            }
            fn width(value: $kind) -> Result<usize, DoesNotFit> {
                index_width(value.0)
            }
            fn decode(bytes: &[u8], pos: &mut usize) -> Result<$kind, BadBytes> {
                read_index(bytes, pos).map($kind)
            }
            fn view(value: $kind) -> Operand {
                #[allow(clippy::redundant_closure_call)]
                ($view)(value)
            }
        }

        impl Codec for Option<$kind> {
            const INFO: KindInfo = KindInfo {
                name: $opt_name,
                min_width: 1,
                max_width: 3,
                encoding: "varint of index + 1, `0` for none",
                doc: concat!($doc, ", or none"),
                check: concat!($check, ", or none"),
            };
            fn encode(value: Option<$kind>, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
                write_opt_index(value.map(|index| index.0), out)
            }
            fn width(value: Option<$kind>) -> Result<usize, DoesNotFit> {
                opt_index_width(value.map(|index| index.0))
            }
            fn decode(bytes: &[u8], pos: &mut usize) -> Result<Option<$kind>, BadBytes> {
                read_opt_index(bytes, pos).map(|index| index.map($kind))
            }
            fn view(value: Option<$kind>) -> Operand {
                value.map(<$kind as Codec>::view).unwrap_or(Operand::Absent)
            }
        }
    )*};
}

macro_rules! catalogue_view {
    ($kind:ident) => {
        |value: $kind| Operand::Catalogue($kind::TABLE, value.0)
    };
}

index_kinds! {
    StrIdx "str" "str?" "string `S[s]` of the bundle" "less than the string count"
        => Operand::Str;
    FilterIdx "filter" "filter?" "filter `F[f]` of the bundle" "less than the filter count"
        => Operand::Filter;
    ConstIdx "const" "const?" "constant `K[k]` of the bundle" "less than the constant count"
        => Operand::Const;
    CommandIdx "command" "command?" "`cat.commands[i]`" "less than the catalogue's command count"
        => catalogue_view!(CommandIdx);
    FunctionIdx "function" "function?" "`cat.functions[i]`"
        "less than the catalogue's function count" => catalogue_view!(FunctionIdx);
    VariableIdx "variable" "variable?" "`cat.variables[i]`"
        "less than the catalogue's variable count" => catalogue_view!(VariableIdx);
    AttributeIdx "attribute" "attribute?" "`cat.attributes[i]`"
        "less than the catalogue's attribute count" => catalogue_view!(AttributeIdx);
    AbilityIdx "ability" "ability?" "`cat.abilities[i]`" "less than the catalogue's ability count"
        => catalogue_view!(AbilityIdx);
    RestrictionIdx "restriction" "restriction?" "`cat.restrictions[i]`"
        "less than the catalogue's restriction count" => catalogue_view!(RestrictionIdx);
    RestrictionPrefixIdx "restriction-prefix" "restriction-prefix?"
        "`cat.restriction_prefixes[i]`" "less than the catalogue's restriction-prefix count"
        => catalogue_view!(RestrictionPrefixIdx);
}

/// Declares a one-byte enum operand kind with its spellings.
macro_rules! operand_enum {
    ($(#[$doc:meta])* $name:ident $kind_name:literal {
        $($(#[$vdoc:meta])* $variant:ident = $byte:literal $text:literal,)*
    }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant = $byte,)*
        }

        impl $name {
            /// Every value, in encoding order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The spelling used by the disassembler and the op reference.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Codec for $name {
            const INFO: KindInfo = KindInfo {
                name: $kind_name,
                min_width: 1,
                max_width: 1,
                encoding: "u8",
                doc: concat!("one of ", $("`", $text, "`=", $byte, " ",)*),
                check: "one of the listed values",
            };
            fn encode(value: $name, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
                out.push(value as u8);
                Ok(())
            }
            fn width(_: $name) -> Result<usize, DoesNotFit> {
                Ok(1)
            }
            fn decode(bytes: &[u8], pos: &mut usize) -> Result<$name, BadBytes> {
                let start = *pos;
                match read_byte(bytes, pos)? {
                    $($byte => Ok($name::$variant),)*
                    _ => {
                        *pos = start;
                        Err(BadBytes::Invalid)
                    }
                }
            }
            fn view(value: $name) -> Operand {
                Operand::$name(value)
            }
        }
    };
}

operand_enum! {
    /// How an amount argument changes a counter (`300` adds, `=300` sets, `x2` multiplies).
    AmountMode "amount-mode" {
        /// Add (`300`, `+e`, `-e`).
        Add = 0 "add",
        /// Set (`=e`).
        Set = 1 "set",
        /// Multiply (`xN`).
        Mul = 2 "mul",
    }
}

operand_enum! {
    /// One of the target lists an execution keeps.
    TargetList "target-list" {
        /// `T`: the current statement's targets.
        Current = 0 "T",
        /// `P`: the previous targets (`prevTgt`).
        Previous = 1 "P",
        /// `G`: the rule targets the execution started with (`tgt`).
        Rule = 2 "G",
    }
}

operand_enum! {
    /// Why an entry ends in failure.
    FailReason "fail-reason" {
        /// A statement's non-optional targets matched nothing: the rest is skipped.
        NoTargets = 0 "no-targets",
        /// The first statement's condition was false: the action had no effect.
        NoEffect = 1 "no-effect",
    }
}
