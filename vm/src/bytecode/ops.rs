//! The instruction set, declared once in [`for_each_op!`](crate::for_each_op), and
//! everything generated from it: [`Opcode`], [`Instr`], the [`OpInfo`] table, and the
//! encoder and decoder of single instructions and of instruction streams. An instruction is
//! its opcode byte followed by its operands, each in its kind's encoding (one byte, or a
//! minimal LEB128 varint: see [`super::operand`]), so its size depends on the values.
//!
//! The verifier (`verify.rs`), the disassembler ([`super::disas`]) and the op
//! reference in `docs/bytecode.md` ([`super::doc`]) read the same table through
//! [`Opcode::info`] and [`Instr::for_each_operand`]. To add an op, add one line to the
//! table; the compiler's exhaustive matches (the interpreter's dispatch, the verifier's
//! special cases) then point at the rest.

use std::fmt;

use super::index::*;
use super::operand::*;

/// The op table: every instruction with its opcode byte, operands (name: kind), flags and
/// a one-line meaning in the notation of [`LEGEND`] (first doc line), sometimes followed by
/// notes. Opcode bytes are part of the format: never renumber, only add.
///
/// The macro calls `$m!` with the whole table; each entry reads
/// `/// meaning` `Name = 0xNN { operand: Kind, ... } [Flag ...];`
/// where the flags are `Ends` (control never falls through to the next instruction) and
/// `Suspends` (the op may suspend the execution for a player choice).
///
/// Naming grammar: `Load*` writes a register from an immediate, constant or name, `Store*`
/// writes a name from a register; `Jump*` are the only ops whose sole effect is control;
/// an `*Opt` op is the optional (`?`) form of the op without the suffix. Operand names:
/// `a` is the register written, `b` and `c` registers read, `base`/`argc` a register
/// window of arguments, `exit`/`skip`/`target` jump targets.
#[macro_export]
macro_rules! for_each_op {
    ($m:ident) => {
        $m! {
            // ---- 0x0_: loads ----
            /// `R[a] := R[b]`
            Move = 0x00 { a: Reg, b: Reg } [];
            /// `R[a] := imm`
            LoadInt = 0x01 { a: Reg, imm: i32 } [];
            /// `R[a] := value`
            LoadBool = 0x02 { a: Reg, value: bool } [];
            /// `R[a] := nil`
            LoadNil = 0x03 { a: Reg } [];
            /// `R[a] := S[s]`
            LoadStr = 0x04 { a: Reg, s: StrIdx } [];
            /// `R[a] := K[k]` (a pile, a keyword word or a rule switch)
            LoadConst = 0x05 { a: Reg, k: ConstIdx } [];
            /// `R[a] := F[f]`, unresolved: a filter passed as an argument (`discard(<1>*)`)
            LoadFilter = 0x06 { a: Reg, f: FilterIdx } [];
            /// `R[a] := ask`, the `?` position argument: the player chooses
            LoadAsk = 0x07 { a: Reg } [];
            /// `R[a] := amount(mode, R[b])`: `300` adds, `=e` sets, `x2` multiplies
            MakeAmount = 0x08 { a: Reg, b: Reg, mode: AmountMode } [];

            // ---- 0x1_: names ----
            /// `R[a] := cat.variables[var]` (`me`, `discarded`, ...)
            LoadVar = 0x10 { a: Reg, var: VariableIdx } [];
            /// `R[a] := T`, `P` or `G` as a list
            LoadTargets = 0x11 { a: Reg, list: TargetList } [];
            /// `R[a] := L[slot]`
            ///
            /// An execution's locals are shared by every entry it runs (the action, its filters'
            /// expressions); the runtime sizes them to the largest local count of the entries it
            /// enters.
            LoadLocal = 0x12 { a: Reg, slot: Local } [];
            /// `L[slot] := R[b]`
            StoreLocal = 0x13 { slot: Local, b: Reg } [];

            // ---- 0x2_: expressions ----
            /// `R[a] := R[b].cat.attributes[attr]` (`me.hp`, `discarded.size`)
            GetAttr = 0x20 { a: Reg, b: Reg, attr: AttributeIdx } [];
            /// `R[a] := R[b][n]` (`tgt.0`); nil when out of range
            Index = 0x21 { a: Reg, b: Reg, n: u16 } [];
            /// `R[a] := R[b] + R[c]`
            Add = 0x22 { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := R[b] - R[c]`
            Sub = 0x23 { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := R[b] * R[c]`
            Mul = 0x24 { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := R[b] / R[c]`, rounding toward negative infinity
            ///
            /// Division by zero gives nil, as the original's failed evaluation did.
            Div = 0x25 { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := R[b] % R[c]`, with the sign of `R[c]`
            ///
            /// Division by zero gives nil.
            Rem = 0x26 { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := -R[b]`
            Neg = 0x27 { a: Reg, b: Reg } [];
            /// `R[a] := not truthy(R[b])`
            Not = 0x28 { a: Reg, b: Reg } [];
            /// `R[a] := R[b] == R[c]`
            Eq = 0x29 { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := R[b] != R[c]`
            Ne = 0x2a { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := R[b] < R[c]`
            Lt = 0x2b { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := R[b] <= R[c]`
            Le = 0x2c { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := R[b] > R[c]`
            Gt = 0x2d { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := R[b] >= R[c]`
            Ge = 0x2e { a: Reg, b: Reg, c: Reg } [];
            /// `R[a] := cat.functions[func](R[base..base+argc])` (`flipCoin()`)
            CallFn = 0x2f { a: Reg, func: FunctionIdx, base: Reg, argc: u8 } [Suspends];

            // ---- 0x3_: lists, loops and filters ----
            /// `R[a] := []`
            ListNew = 0x30 { a: Reg } [];
            /// `R[a] := R[a] ++ [R[b]]`
            ListPush = 0x31 { a: Reg, b: Reg } [];
            /// `R[a] := iterator over the list R[b]`
            IterStart = 0x32 { a: Reg, b: Reg } [];
            /// if `R[it]` has another element: `R[a] :=` it, else `pc := exit`
            IterNext = 0x33 { a: Reg, it: Reg, exit: JumpTarget } [];
            /// `R[a] := resolve(F[f])` without revealing: a list, or `false` when nothing matched
            ///
            /// For `each(filter => ...)` and `getTargets('...')`; the resolver applies the
            /// type-expression fallback of a filter with no match.
            Resolve = 0x34 { a: Reg, f: FilterIdx } [Suspends];

            // ---- 0x4_: control ----
            /// `pc := target`
            Jump = 0x40 { target: JumpTarget } [Ends];
            /// if `truthy(R[a])`: `pc := target`
            JumpIf = 0x41 { a: Reg, target: JumpTarget } [];
            /// if not `truthy(R[a])`: `pc := target`
            JumpIfNot = 0x42 { a: Reg, target: JumpTarget } [];
            /// if `St` is failure: `pc := target` (`&&`)
            JumpIfFailed = 0x43 { target: JumpTarget } [];
            /// if `St` is success: `pc := target` (`||`)
            ///
            /// `a || b` skips exactly the next command when `a` succeeded: codegen jumps over that
            /// one command.
            JumpIfSucceeded = 0x44 { target: JumpTarget } [];

            // ---- 0x5_: statements ----
            /// if `G != []`: `P := G`; `T := resolve(F[f])`, revealed; when nothing matched: `pc := exit`
            ///
            /// "Nothing matched" is the resolver's failure: a filter with a pick that matches
            /// nothing succeeds with `T = []`. Codegen points `exit` at a `Fail no-targets`.
            Target = 0x50 { f: FilterIdx, exit: JumpTarget } [Suspends];
            /// as `Target`, but when nothing matched `T := []` (`to?(...)`)
            TargetOpt = 0x51 { f: FilterIdx } [Suspends];
            /// `T := R[a]` as a list (a card or player becomes a one-element list)
            SetTargets = 0x52 { a: Reg } [];
            /// `X := (prefix, cat.restrictions[restriction])` (`oppueot`)
            Restrict = 0x53 { restriction: RestrictionIdx, prefix: Option<RestrictionPrefixIdx> } [];
            /// `P := T; T := G; X := none; St := success`
            ///
            /// Every statement ends with one, also one whose condition skipped its commands.
            EndStatement = 0x54 {} [];

            // ---- 0x6_: effects and choices ----
            /// `St := cat.commands[cmd](T, X, R[base..base+argc])`
            ///
            /// When `T` is empty the command acts on its catalogue `default_target`. Only commands
            /// whose `fails_when` says so ever report failure.
            Call = 0x60 { cmd: CommandIdx, base: Reg, argc: u8 } [Suspends];
            /// ask "cmd?" (`shuffle?(...)`); if declined: `St := success; pc := skip`
            Confirm = 0x61 { cmd: CommandIdx, skip: JumpTarget } [Suspends];
            /// give `cat.abilities[ability]` to each of `T` until `X` (`+unblockable`); `St := success`
            ///
            /// Revert mode (an auto statement whose condition is false) compiles `+ability` to
            /// `Revoke`.
            Grant = 0x62 { ability: AbilityIdx } [];
            /// take `cat.abilities[ability]` from each of `T`; `St := success`
            Revoke = 0x63 { ability: AbilityIdx } [];
            /// ask `S[question]` (the default question if none: `[[may]]`); if declined: `pc := skip`
            ///
            /// Declining skips the rest of the statements: codegen points `skip` at the entry's
            /// exit.
            May = 0x64 { question: Option<StrIdx>, skip: JumpTarget } [Suspends];

            // ---- 0x7_: exits ----
            /// end the entry: success
            Return = 0x70 {} [Ends];
            /// end the entry with the value `R[a]` (hooks, filter expressions)
            ReturnValue = 0x71 { a: Reg } [Ends];
            /// end the entry: failure, for `reason`
            Fail = 0x72 { reason: FailReason } [Ends];
        }
    };
}

/// The notation of the op meanings, one `(symbol, meaning)` per line.
pub const LEGEND: &[(&str, &str)] = &[
    ("R[a]", "register `a` of the current frame (nil when the entry starts)"),
    ("L[s]", "local slot `s` of the execution (user `vars`, loop elements; nil until written)"),
    ("S[s]", "string `s` of the bundle's string table"),
    ("F[f]", "filter `f` of the bundle's filter table (a compiled target filter)"),
    ("K[k]", "constant `k` of the bundle's constant table"),
    ("cat.x[i]", "entry `i` of table `x` of the catalogue the bundle was built against"),
    ("T", "the current statement's targets"),
    ("P", "the previous targets (`prevTgt`)"),
    ("G", "the rule targets the execution started with (`tgt`; `[this]` in an auto without rule targets)"),
    ("X", "the current statement's restriction (`ueot`, ...), or none"),
    ("St", "the last command status, success or failure, read by `&&` and `||`"),
    ("pc := t", "continue at code offset `t` of the same entry"),
    ("truthy(v)", "false for nil, false, 0 and the empty list; true otherwise"),
];

/// Ops grouped for the reference, by the high nibble of the opcode byte.
pub const GROUPS: &[(u8, &str)] = &[
    (0x0, "Loads"),
    (0x1, "Names"),
    (0x2, "Expressions"),
    (0x3, "Lists, loops and filters"),
    (0x4, "Control"),
    (0x5, "Statements"),
    (0x6, "Effects and choices"),
    (0x7, "Exits"),
];

/// A property of an op that the verifier, interpreter or reference needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpFlag {
    /// Control never continues with the next instruction.
    Ends,
    /// The op may suspend the execution for a player choice.
    Suspends,
}

/// One operand in the op table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperandInfo {
    /// The operand's name (`base`).
    pub name: &'static str,
    /// Its kind.
    pub kind: KindInfo,
}

/// What the op table says about one op.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpInfo {
    /// The op's name (`LoadInt`).
    pub name: &'static str,
    /// Its opcode byte.
    pub byte: u8,
    /// Its operands, in encoding order.
    pub operands: &'static [OperandInfo],
    /// Its flags.
    pub flags: &'static [OpFlag],
    /// Its doc comment: the meaning on the first line, then notes.
    pub doc: &'static str,
    /// Fewest bytes the instruction takes: the opcode byte and the operands.
    pub min_size: usize,
    /// Most bytes it takes.
    pub max_size: usize,
}

impl OpInfo {
    /// The one-line meaning.
    pub fn meaning(&self) -> &'static str {
        self.doc.lines().next().unwrap_or("").trim()
    }

    /// Whether the op has `flag`.
    pub fn has(&self, flag: OpFlag) -> bool {
        self.flags.contains(&flag)
    }
}

macro_rules! define_ops {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident = $byte:literal { $($field:ident : $kind:ty),* $(,)? } [$($flag:ident)*];
    )*) => {
        /// The opcode of each op: the first byte of its encoding.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Opcode {
            $($(#[doc = $doc])* $name = $byte,)*
        }

        impl Opcode {
            /// Every opcode, in table order.
            pub const ALL: &'static [Opcode] = &[$(Opcode::$name,)*];

            /// The opcode whose byte is `byte`.
            pub fn from_byte(byte: u8) -> Option<Opcode> {
                match byte {
                    $($byte => Some(Opcode::$name),)*
                    _ => None,
                }
            }

            /// What the op table says about this op.
            pub fn info(self) -> &'static OpInfo {
                match self {
                    $(Opcode::$name => &OpInfo {
                        name: stringify!($name),
                        byte: $byte,
                        operands: &[$(OperandInfo {
                            name: stringify!($field),
                            kind: <$kind as Codec>::INFO,
                        },)*],
                        flags: &[$(OpFlag::$flag,)*],
                        doc: concat!($($doc, "\n",)*),
                        min_size: 1 $(+ <$kind as Codec>::INFO.min_width)*,
                        max_size: 1 $(+ <$kind as Codec>::INFO.max_width)*,
                    },)*
                }
            }

            /// The op's name (`LoadInt`).
            pub fn name(self) -> &'static str {
                self.info().name
            }
        }

        /// One instruction with its operands. `L` is the type of jump targets: [`Pc`] in
        /// decoded code, [`Label`] while [`super::CodeBuilder`] builds an entry.
        ///
        /// Ops without operands are written with braces: `Instr::Return {}`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Instr<L = Pc> {
            $($(#[doc = $doc])* $name { $($field: <$kind as OperandKind<L>>::Value,)* },)*
        }

        impl<L> Instr<L> {
            /// The instruction's opcode.
            pub fn opcode(&self) -> Opcode {
                match self {
                    $(Instr::$name { .. } => Opcode::$name,)*
                }
            }

            /// Calls `f` on each jump target, which it may change in place.
            pub fn targets_mut(&mut self, mut f: impl FnMut(&mut L)) {
                match self {
                    $(Instr::$name { $($field,)* } => {
                        $(<$kind as VisitTargets<L>>::visit($field, &mut f);)*
                    })*
                }
            }

            /// The same instruction with every jump target mapped by `f`.
            pub fn relabel<M>(self, mut f: impl FnMut(L) -> M) -> Instr<M> {
                match self {
                    $(Instr::$name { $($field,)* } => Instr::$name {
                        $($field: <$kind as Relabel<L, M>>::relabel($field, &mut f),)*
                    },)*
                }
            }
        }

        impl<L> Instr<L> {
            /// Appends the instruction's encoding with each jump target mapped by `target`
            /// (the bundle writer maps a builder's labels to instruction indices): the opcode
            /// byte, then each operand in table order, each in its kind's encoding (see
            /// [`super::operand`]). On an operand that does not fit, `out` keeps the bytes
            /// written before it.
            pub fn encode_with(&self, out: &mut Vec<u8>, mut target: impl FnMut(L) -> Pc) -> Result<(), EncodeError>
            where
                L: Copy,
            {
                match *self {
                    $(Instr::$name { $($field,)* } => {
                        out.push($byte);
                        $(<$kind as Codec>::encode(<$kind as Relabel<L, Pc>>::relabel($field, &mut target), out)
                            .map_err(|DoesNotFit| EncodeError {
                                op: stringify!($name),
                                operand: stringify!($field),
                            })?;)*
                    })*
                }
                Ok(())
            }
        }

        impl Instr<Pc> {
            /// Appends the instruction's encoding ([`Instr::encode_with`]); jump targets are
            /// written as the number they hold.
            pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), EncodeError> {
                self.encode_with(out, |pc| pc)
            }

            /// Encoded size in bytes, with jump targets written as the number they hold (an
            /// operand that does not fit its encoding counts the bytes written before it),
            /// computed without encoding.
            pub fn size(&self) -> usize {
                match *self {
                    $(Instr::$name { $($field,)* } => {
                        #[allow(unused_mut)]
                        let mut size = 1;
                        $(match <$kind as Codec>::width($field) {
                            Ok(width) => size += width,
                            Err(DoesNotFit) => return size,
                        })*
                        size
                    })*
                }
            }

            /// Decodes the instruction starting at `code[at]`; returns it with its size.
            pub fn decode(code: &[u8], at: usize) -> Result<(Instr, usize), DecodeError> {
                let byte = *code.get(at).ok_or(DecodeError::Truncated)?;
                let opcode = Opcode::from_byte(byte).ok_or(DecodeError::UnknownOpcode(byte))?;
                #[allow(unused_mut)]
                let mut cursor = at + 1;
                let instr = match opcode {
                    $(Opcode::$name => {
                        $(let $field = <$kind as Codec>::decode(code, &mut cursor).map_err(|bad| match bad {
                            BadBytes::Truncated => DecodeError::Truncated,
                            BadBytes::Invalid => DecodeError::BadOperand {
                                op: stringify!($name),
                                operand: stringify!($field),
                            },
                        })?;)*
                        Instr::$name { $($field,)* }
                    })*
                };
                Ok((instr, cursor - at))
            }

            /// Calls `f` with each operand's name and value, in table order.
            pub fn for_each_operand(&self, mut f: impl FnMut(&'static str, Operand)) {
                match *self {
                    $(Instr::$name { $($field,)* } => {
                        $(f(stringify!($field), <$kind as Codec>::view($field));)*
                    })*
                }
            }
        }
    };
}

for_each_op!(define_ops);

impl Instr<Pc> {
    /// What the op table says about this instruction's op.
    pub fn info(&self) -> &'static OpInfo {
        self.opcode().info()
    }
}

/// An operand value that its encoding cannot hold (an index past `0xfffe`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EncodeError {
    /// The op.
    pub op: &'static str,
    /// The operand.
    pub operand: &'static str,
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "operand `{}` of {} does not fit its encoding", self.operand, self.op)
    }
}

impl std::error::Error for EncodeError {}

/// Why bytes are not an instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecodeError {
    /// The code ends inside the instruction.
    Truncated,
    /// No op has this byte.
    UnknownOpcode(u8),
    /// An operand's bytes are not a value of its kind.
    BadOperand {
        /// The op.
        op: &'static str,
        /// The operand.
        operand: &'static str,
    },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Truncated => f.write_str("code ends inside an instruction"),
            DecodeError::UnknownOpcode(byte) => write!(f, "unknown opcode 0x{byte:02x}"),
            DecodeError::BadOperand { op, operand } => {
                write!(f, "invalid value for operand `{operand}` of {op}")
            }
        }
    }
}

impl std::error::Error for DecodeError {}

/// Encodes an instruction stream: the concatenation of each instruction's encoding, jump
/// targets written as the number they hold (a bundle's entries hold instruction indices
/// there; the bundle writer converts offsets to indices first).
pub fn encode_code(instrs: &[Instr]) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    for instr in instrs {
        instr.encode(&mut out)?;
    }
    Ok(out)
}

/// Decodes a whole instruction stream; returns each instruction with its offset, or the
/// offset and reason of the first error. Jump targets hold the number read (in a bundle,
/// an instruction index, which the loader maps to that instruction's offset).
pub fn decode_code(code: &[u8]) -> Result<Vec<(usize, Instr)>, (usize, DecodeError)> {
    let mut instrs = Vec::new();
    let mut at = 0;
    while at < code.len() {
        let (instr, size) = Instr::decode(code, at).map_err(|error| (at, error))?;
        instrs.push((at, instr));
        at += size;
    }
    Ok(instrs)
}
