//! `rsc test PATH...`: runs scenario files (TOML card tests, `game::scenario`) and folders of
//! them, prints a report for each failure (file, step, expected and actual value), and
//! ends with `N passed, N failed`. `--log` prints each scenario's log, step by step.
//!
//! Exit codes: 0 when every scenario passes (known failures included), 1 when one fails,
//! 2 when a file is malformed (the TOML error with its line, an unknown key, expectation,
//! phase or rule switch, no step that moves or checks anything, a `cards` folder that is not
//! a card set) or a path cannot be read.
//! A scenario whose card set is the corpus is skipped when the corpus is absent, and fails
//! then under `CI`.

use std::io::Write;
use std::path::PathBuf;

use game::scenario::{self, SetCache, Verdict};

use crate::Exit;
use crate::render::{TerminalWriter, terminal_text};

/// Runs every scenario under `paths`; with `log`, prints each one's log step by step.
pub fn run(paths: &[PathBuf], log: bool) -> Exit {
    let mut files = Vec::new();
    let mut usage_error = false;
    for path in paths {
        match scenario::collect_files(path) {
            Ok(found) if found.is_empty() => {
                stderr_line!("error: {}: no scenario file (*.toml) there", path.display());
                usage_error = true;
            }
            Ok(found) => files.extend(found),
            Err(error) => {
                stderr_line!("error: {}: {error}", path.display());
                usage_error = true;
            }
        }
    }
    let under_ci = std::env::var_os("CI").is_some();
    let mut sets = SetCache::default();
    let (mut passed, mut failed, mut skipped, mut malformed) = (0usize, 0usize, 0usize, 0usize);
    let mut known = Vec::new();
    // Scenario words and card names come from files: escaped for a terminal.
    let mut out = TerminalWriter(std::io::stdout().lock());
    for file in &files {
        let report = match scenario::run_file(file, &mut sets) {
            Ok(report) => report,
            Err(error) => {
                stderr_line!("error: {}", terminal_text(&error.to_string()));
                usage_error = true;
                malformed += 1;
                continue;
            }
        };
        if log && !matches!(report.verdict, Verdict::Skipped(_)) {
            let _ = writeln!(out, "log     {} — {}", report.file.display(), report.name);
            // A setup that runs no procedure logs nothing: no `setup` heading then.
            for step in report.log.iter().filter(|step| step.step.is_some() || !step.lines.is_empty()) {
                let _ = write!(out, "{step}");
            }
        }
        match &report.verdict {
            Verdict::Passed => passed += 1,
            Verdict::KnownFailure { reason, .. } => {
                passed += 1;
                known.push(format!("{}: {reason}", report.file.display()));
            }
            Verdict::Skipped(why) if under_ci => {
                failed += 1;
                let _ = writeln!(out, "FAIL    {}: {why} (CI is set: the corpus must be there)", report.file.display());
                continue;
            }
            Verdict::Skipped(_) => skipped += 1,
            Verdict::Failed(_) | Verdict::UnexpectedPass(_) => failed += 1,
        }
        if !matches!(report.verdict, Verdict::Passed | Verdict::KnownFailure { .. }) {
            let _ = write!(out, "{report}");
        }
    }
    if !known.is_empty() {
        let _ = writeln!(out, "{} known failure(s), each an engine defect its scenario documents:", known.len());
        for line in &known {
            let _ = writeln!(out, "  {line}");
        }
    }
    if malformed > 0 {
        // Not in the closing line, which keeps the `N passed, N failed` shape tools read.
        let files = if malformed == 1 { "file" } else { "files" };
        let _ = writeln!(out, "{malformed} malformed {files} not run (the errors above)");
    }
    if skipped > 0 {
        let _ = writeln!(out, "{passed} passed, {failed} failed, {skipped} skipped");
    } else {
        let _ = writeln!(out, "{passed} passed, {failed} failed");
    }
    if usage_error {
        Exit::Usage
    } else if failed > 0 {
        Exit::Errors
    } else {
        Exit::Success
    }
}
