//! The runtime's tests: small programs built with the public builders against a test
//! catalogue, run on a recording host that logs every primitive call and every builtin.
//!
//! `support` holds the catalogue, the host, the builtins, a tiny assembler for effect
//! chains and the set-ups several modules share; each other module tests one feature.

mod activation;
mod alloc;
mod control;
mod events;
mod fuel;
mod hearing;
mod hostile;
mod hostile_cases;
mod resolve;
mod robust;
pub mod support;
mod suspend;
mod timers;
