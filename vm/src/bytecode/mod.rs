//! The bytecode contract between the compiler and the VM: the instruction set (declared
//! once in [`for_each_op!`](crate::for_each_op)), the `.rsb` bundle format, the builders
//! the compiler encodes with, the loader and verifier the runtime decodes with, and the
//! disassembler. `docs/bytecode.md` documents all of it; its op reference is generated
//! from the same table by [`doc::reference`].
//!
//! Read in this order: [`index`] (typed indices), [`operand`] (operand kinds), [`ops`]
//! (the op table), [`program`] (what a bundle holds), [`builder`] (writing one),
//! [`load`] and `verify` (reading one), [`disas`] (printing one).

pub mod builder;
pub mod disas;
pub mod doc;

pub mod format;
pub mod index;
pub mod load;
pub mod operand;
pub mod ops;
pub mod program;
#[cfg(test)]
mod tests;
mod verify;

pub use builder::{
    ActionParts, AutoParts, BundleBuilder, CardParts, CodeBuilder, FilterParts, RuleTargetParts, SourceLocation,
};
pub use disas::disassemble;
pub use format::{BuildError, FORMAT_VERSION, MAGIC};
pub use index::*;
pub use load::LoadError;
pub use operand::{AmountMode, FailReason, JumpTarget, Operand, TargetList};
pub use ops::{Instr, OpFlag, OpInfo, Opcode};
pub use program::*;
