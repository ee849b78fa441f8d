//! The bytecode contract between the compiler and the VM: the instruction set (declared
//! once in [`for_each_op!`](crate::for_each_op)), the `.rsb` bundle format, the builders
//! the compiler encodes with, the loader and verifier the runtime decodes with, and the
//! disassembler. `docs/bytecode.md` documents all of it; its op reference is generated
//! from the same table by [`doc::reference`].
//!
//! Read in this order: [`index`] (typed indices), [`operand`] (operand kinds), [`ops`]
//! (the op table), [`program`] (what a bundle holds), [`format`](mod@format) (the layout both sides
//! share), [`builder`] and `write` (writing one), [`load`] and `verify` (reading one),
//! [`disas`] (printing one). The writing side and the reading side share only `format`,
//! `program`, `parts` (borrowed views of filters and cards) and `error`.

pub mod builder;
mod compact;
pub mod disas;
pub mod doc;
mod error;
pub mod format;
pub mod index;
pub mod load;
pub mod operand;
pub mod ops;
mod parts;
pub mod program;
#[cfg(test)]
mod tests;
mod verify;
mod write;

pub use builder::{BundleBuilder, CodeBuilder, SourceLocation};
pub(crate) use compact::Op;
pub use disas::disassemble;
pub use error::{BuildError, LoadError};
pub use format::{FORMAT_VERSION, MAGIC};
pub use index::*;
pub use operand::{AmountMode, FailReason, JumpTarget, Operand, TargetList};
pub use ops::{Instr, OpFlag, OpInfo, Opcode};
pub use parts::{ActionParts, AsCardParts, AsFilterParts, AutoParts, CardParts, FilterParts, RuleTargetParts};
pub use program::*;
