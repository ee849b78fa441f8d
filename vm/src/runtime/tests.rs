//! Unit tests of the runtime's internals: the sizes the design promises.

use super::state::{ExecState, Pending, Request};
use super::value::Value;

#[test]
fn values_and_states_are_small() {
    assert_eq!(size_of::<Value>(), 12);
    assert!(size_of::<Pending>() <= 12);
    assert!(size_of::<Option<Request>>() <= 28);
    // With the heap a suspended execution keeps for a typical card (a register, two
    // lists), the whole stays within 256 bytes (`tests/it/runtime/suspend.rs`).
    assert!(size_of::<ExecState>() <= 192, "{}", size_of::<ExecState>());
}
