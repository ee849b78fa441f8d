//! The VM's one integration-test binary: bytecode round trips, loading untrusted bytes,
//! the disassembler's text, and the freshness of the generated part of `docs/bytecode.md`.
//! Everything runs against the tiny catalogue in [`catalogue`]; the VM never depends on
//! the stdlib.

mod catalogue;
mod disas;
mod docs;
mod load;
mod roundtrip;
