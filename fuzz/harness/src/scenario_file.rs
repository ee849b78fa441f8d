//! The `scenario` target's body: any bytes as a scenario file (TOML, `docs/scenarios.md`),
//! parsed and run as `rsc test` runs one (`game::scenario::parse`, then
//! `game::scenario::run_on_set`), on the example set whatever its `cards` says. A scenario
//! is refused with a message, or runs to a verdict without the engine panicking (which
//! `run_on_set` would report as a failure of the scenario); the report and each step's
//! log print (`rsc test` and `rsc test --log`).
//!
//! Bytes that are not UTF-8 are decoded lossily (see the `deck` target).

use std::path::Path;

use game::scenario::{self, ENGINE_PANICKED, Verdict};

use crate::example_set;

/// Checks `data` as a scenario file; panics on a failure. The report's verdict (`None`:
/// the file is malformed).
pub fn check(data: &[u8]) -> Option<Verdict> {
    let text = String::from_utf8_lossy(data);
    let scenario = scenario::parse(&text).ok()?;
    let report = scenario::run_on_set(Path::new("fuzz.toml"), &scenario, &example_set::set());
    if let Verdict::Failed(mismatches) | Verdict::KnownFailure { mismatches, .. } = &report.verdict
        && let Some(panicked) = mismatches.iter().find(|mismatch| mismatch.what.starts_with(ENGINE_PANICKED))
    {
        panic!("{}", panicked.what);
    }
    let _printed = report.to_string();
    for step in &report.log {
        let _printed = step.to_string();
    }
    Some(report.verdict)
}
