//! The RuleScript virtual machine: the bytecode contract (instruction set, bundle format,
//! loader and verifier, disassembler) and the runtime that executes card effects for a
//! host game engine.
//!
//! The VM knows nothing of any particular game or of the compiler: a game describes its
//! built-ins with a [`catalogue::Catalogue`] and implements them on the VM's public API.

pub mod bytecode;
pub mod catalogue;
