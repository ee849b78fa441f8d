//! The VM's one integration-test binary: bytecode round trips, loading untrusted bytes,
//! the disassembler's text, the freshness of the generated part of `docs/bytecode.md`,
//! and the runtime (`runtime/`: control flow, suspension, events, timers, fuel, allocation).
//! Everything runs against the tiny catalogue in [`catalogue`]; the VM never depends on
//! the stdlib.

mod catalogue;
mod disas;
mod docs;
mod game_catalogue;
mod load;
mod roundtrip;
mod runtime;
