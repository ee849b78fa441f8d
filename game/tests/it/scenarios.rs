//! Runs every scenario of the repository (`tests/scenarios/`, corpus cards, and
//! `examples/scenarios/`, the example set) as `rsc test` does, so `cargo test` covers them.
//! Corpus scenarios are skipped with a message when the corpus is absent, and fail then
//! under `CI`.

use std::path::{Path, PathBuf};

use game::scenario::{self, SetCache, Verdict};

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn run_folder(folder: &Path) -> (usize, Vec<String>) {
    let files = scenario::collect_files(folder).unwrap();
    assert!(!files.is_empty(), "no scenario in {}", folder.display());
    let under_ci = std::env::var_os("CI").is_some();
    let mut sets = SetCache::default();
    let mut passed = 0;
    let mut failures = Vec::new();
    for file in files {
        let report = match scenario::run_file(&file, &mut sets) {
            Ok(report) => report,
            Err(error) => {
                failures.push(format!("malformed: {error}\n"));
                continue;
            }
        };
        match &report.verdict {
            Verdict::Passed | Verdict::KnownFailure { .. } => passed += 1,
            Verdict::Skipped(why) => {
                assert!(!under_ci, "{}: {why} (CI is set)", file.display());
                eprintln!("skipping {}: {why}", file.display());
            }
            Verdict::Failed(_) | Verdict::UnexpectedPass(_) => failures.push(report.to_string()),
        }
    }
    (passed, failures)
}

#[test]
fn corpus_scenarios_pass() {
    let (passed, failures) = run_folder(&root().join("tests/scenarios"));
    assert!(failures.is_empty(), "{} failed ({passed} passed):\n{}", failures.len(), failures.join(""));
}

#[test]
fn example_scenarios_pass() {
    let (passed, failures) = run_folder(&root().join("examples/scenarios"));
    assert!(failures.is_empty(), "{} failed ({passed} passed):\n{}", failures.len(), failures.join(""));
    assert!(passed > 0);
}
