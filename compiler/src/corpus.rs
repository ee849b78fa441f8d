//! Where tests find the shared card corpus (GPL data, read in place, never copied into
//! the repository): one answer for every crate's corpus tests.

use std::path::{Path, PathBuf};

/// Where the corpus is: `RULESCRIPT_CORPUS`, else `shared/corpus/cfc` (holding
/// `cards.json`) beside one of the folders above `start` (the project's `../shared`), else
/// beside one above the working directory. The one lookup: the tests' [`corpus_dir`] and
/// the scenarios that name the `corpus` set use it.
pub fn find_corpus(start: &Path) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("RULESCRIPT_CORPUS") {
        return Some(PathBuf::from(dir));
    }
    let start = std::path::absolute(start).unwrap_or_else(|_| start.to_path_buf());
    let cwd = std::env::current_dir().ok();
    start
        .ancestors()
        .chain(cwd.iter().flat_map(|dir| dir.ancestors()))
        .map(|dir| dir.join("shared/corpus/cfc"))
        .find(|dir| dir.join("cards.json").is_file())
}

/// The corpus folder for a test: [`find_corpus`] from the workspace. `None` (with a skip
/// message) when it is absent, unless the `CI` environment variable is set: CI always has
/// the corpus, so a missing one there is a failure, not a green test that checked nothing.
///
/// # Panics
///
/// When the corpus is absent and `CI` is set.
pub fn corpus_dir() -> Option<PathBuf> {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let found = find_corpus(&workspace).filter(|dir| dir.is_dir());
    if found.is_none() {
        let expected = workspace.join("../shared/corpus/cfc");
        assert!(
            std::env::var_os("CI").is_none(),
            "corpus not found at {} (set RULESCRIPT_CORPUS) and CI is set: corpus tests must run",
            expected.display()
        );
        eprintln!("corpus not found at {} (set RULESCRIPT_CORPUS): skipping corpus test", expected.display());
    }
    found
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
