//! Where tests find the shared card corpus (GPL data, read in place, never copied into
//! the repository): one answer for every crate's corpus tests.

use std::path::{Path, PathBuf};

/// The corpus folder: `RULESCRIPT_CORPUS`, else `../shared/corpus/cfc` beside the
/// workspace. `None` (with a skip message) when it is absent, unless the `CI` environment
/// variable is set: CI always has the corpus, so a missing one there is a failure, not a
/// green test that checked nothing.
///
/// # Panics
///
/// When the corpus is absent and `CI` is set.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("RULESCRIPT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/cfc"));
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "corpus not found at {} (set RULESCRIPT_CORPUS) and CI is set: corpus tests must run",
        dir.display()
    );
    eprintln!("corpus not found at {} (set RULESCRIPT_CORPUS): skipping corpus test", dir.display());
    None
}

/// The `.rules` files of `dir`, sorted.
///
/// # Panics
///
/// When `dir` cannot be read.
pub fn rules_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("corpus folder is readable")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|extension| extension == "rules"))
        .collect();
    files.sort();
    files
}
