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
    /// Bytes it takes in an instruction.
    pub width: usize,
    /// What it is, in the op-reference notation.
    pub doc: &'static str,
    /// What the loader checks about it.
    pub check: &'static str,
}

/// A value that its operand encoding cannot hold (an index past `0xfffe`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoesNotFit;

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
    /// Appends the little-endian encoding of `value`; `Err` when it does not fit.
    fn encode(value: Self::Value, out: &mut Vec<u8>) -> Result<(), DoesNotFit>;
    /// Decodes exactly `INFO.width` bytes; `None` when they are not a canonical encoding.
    fn decode(bytes: &[u8]) -> Option<Self::Value>;
    /// The value as a kind-tagged [`Operand`], for the verifier and the disassembler.
    fn view(value: Self::Value) -> Operand;
}

/// Changing the jump-target type of an operand: the identity on every kind but
/// [`JumpTarget`].
pub trait Relabel<L, M>: OperandKind<L> + OperandKind<M> {
    /// Maps a jump target with `f`; returns any other value unchanged.
    fn relabel<F: FnMut(L) -> M>(value: <Self as OperandKind<L>>::Value, f: &mut F) -> <Self as OperandKind<M>>::Value;
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

/// The value written for "none" in optional 16-bit index operands and fields.
pub const NONE_U16: u16 = 0xffff;

fn read_u16(bytes: &[u8]) -> Option<u16> {
    Some(u16::from_le_bytes(bytes.get(..2)?.try_into().ok()?))
}

fn write_index(index: u32, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
    match u16::try_from(index) {
        Ok(value) if value != NONE_U16 => {
            out.extend_from_slice(&value.to_le_bytes());
            Ok(())
        }
        _ => Err(DoesNotFit),
    }
}

fn read_index(bytes: &[u8]) -> Option<u32> {
    match read_u16(bytes)? {
        NONE_U16 => None,
        value => Some(u32::from(value)),
    }
}

fn read_opt_index(bytes: &[u8]) -> Option<Option<u32>> {
    match read_u16(bytes)? {
        NONE_U16 => Some(None),
        value => Some(Some(u32::from(value))),
    }
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

impl Codec for JumpTarget {
    const INFO: KindInfo = KindInfo {
        name: "target",
        width: 2,
        doc: "code offset of an instruction of the same entry (u16, from the entry's start)",
        check: "the offset of an instruction of the same entry",
    };
    fn encode(value: Pc, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.extend_from_slice(&value.0.to_le_bytes());
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Option<Pc> {
        read_u16(bytes).map(Pc)
    }
    fn view(value: Pc) -> Operand {
        Operand::Target(value)
    }
}

impl Codec for Reg {
    const INFO: KindInfo = KindInfo {
        name: "reg",
        width: 1,
        doc: "register `R[a]` of the current frame",
        check: "less than the entry's register count",
    };
    fn encode(value: Reg, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.push(value.0);
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Option<Reg> {
        bytes.first().copied().map(Reg)
    }
    fn view(value: Reg) -> Operand {
        Operand::Reg(value)
    }
}

impl Codec for Local {
    const INFO: KindInfo = KindInfo {
        name: "local",
        width: 1,
        doc: "local slot `L[s]` of the execution",
        check: "less than the entry's local count",
    };
    fn encode(value: Local, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.push(value.0);
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Option<Local> {
        bytes.first().copied().map(Local)
    }
    fn view(value: Local) -> Operand {
        Operand::Local(value)
    }
}

impl Codec for u8 {
    const INFO: KindInfo = KindInfo {
        name: "u8",
        width: 1,
        doc: "unsigned count (argument counts)",
        check: "`base + argc` within the registers; `argc` within the callee's arity",
    };
    fn encode(value: u8, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.push(value);
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Option<u8> {
        bytes.first().copied()
    }
    fn view(value: u8) -> Operand {
        Operand::Count(value)
    }
}

impl Codec for u16 {
    const INFO: KindInfo = KindInfo { name: "u16", width: 2, doc: "unsigned immediate", check: "none" };
    fn encode(value: u16, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.extend_from_slice(&value.to_le_bytes());
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Option<u16> {
        read_u16(bytes)
    }
    fn view(value: u16) -> Operand {
        Operand::Nth(value)
    }
}

impl Codec for i32 {
    const INFO: KindInfo = KindInfo { name: "i32", width: 4, doc: "signed immediate", check: "none" };
    fn encode(value: i32, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.extend_from_slice(&value.to_le_bytes());
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Option<i32> {
        Some(i32::from_le_bytes(bytes.get(..4)?.try_into().ok()?))
    }
    fn view(value: i32) -> Operand {
        Operand::Int(value)
    }
}

impl Codec for bool {
    const INFO: KindInfo = KindInfo { name: "bool", width: 1, doc: "boolean immediate", check: "0 or 1" };
    fn encode(value: bool, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
        out.push(u8::from(value));
        Ok(())
    }
    fn decode(bytes: &[u8]) -> Option<bool> {
        match bytes.first()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
    fn view(value: bool) -> Operand {
        Operand::Bool(value)
    }
}

/// Implements the 16-bit index kinds: `plain` ones and their `Option` forms (`ffff` = none).
macro_rules! index_kinds {
    ($($kind:ident $name:literal $opt_name:literal $doc:literal $check:literal => $view:expr;)*) => {$(
        plain_kind!($kind, Option<$kind>);

        impl Codec for $kind {
            const INFO: KindInfo = KindInfo { name: $name, width: 2, doc: $doc, check: $check };
            fn encode(value: $kind, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
                write_index(value.0, out)
            }
            fn decode(bytes: &[u8]) -> Option<$kind> {
                read_index(bytes).map($kind)
            }
            fn view(value: $kind) -> Operand {
                #[allow(clippy::redundant_closure_call)]
                ($view)(value)
            }
        }

        impl Codec for Option<$kind> {
            const INFO: KindInfo = KindInfo {
                name: $opt_name,
                width: 2,
                doc: concat!($doc, ", or none (`ffff`)"),
                check: concat!($check, ", or none"),
            };
            fn encode(value: Option<$kind>, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
                match value {
                    Some(index) => write_index(index.0, out),
                    None => {
                        out.extend_from_slice(&NONE_U16.to_le_bytes());
                        Ok(())
                    }
                }
            }
            fn decode(bytes: &[u8]) -> Option<Option<$kind>> {
                read_opt_index(bytes).map(|index| index.map($kind))
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
                width: 1,
                doc: concat!("one of ", $("`", $text, "`=", $byte, " ",)*),
                check: "one of the listed values",
            };
            fn encode(value: $name, out: &mut Vec<u8>) -> Result<(), DoesNotFit> {
                out.push(value as u8);
                Ok(())
            }
            fn decode(bytes: &[u8]) -> Option<$name> {
                match bytes.first()? {
                    $($byte => Some($name::$variant),)*
                    _ => None,
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
