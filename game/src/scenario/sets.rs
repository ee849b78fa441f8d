//! Finding and loading the card set a scenario names, once per run: `corpus` (the CFC
//! corpus read in place) or a folder relative to the scenario file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::set::CardSet;

/// Where the corpus is: `RULESCRIPT_CORPUS`, else `shared/corpus/cfc` beside one of the
/// folders above `start`, else beside the working directory.
pub use compiler::corpus::find_corpus as corpus_dir;

/// What loading a set gave.
#[derive(Clone)]
pub enum SetLoad {
    /// The set.
    Loaded(Arc<CardSet>),
    /// The corpus is not on this machine: scenarios using it are skipped (failed under CI).
    CorpusAbsent(String),
    /// The folder `cards` names is not a card set (no `cards.json`): the file is wrong.
    Missing(String),
    /// The set's rules do not compile (or its `cards.json` is malformed).
    Broken(String),
}

/// Card sets loaded so far, by folder.
#[derive(Default)]
pub struct SetCache {
    loaded: HashMap<PathBuf, SetLoad>,
}

impl SetCache {
    /// The set a scenario at `file` names with `cards`.
    pub fn get(&mut self, file: &Path, cards: &str) -> SetLoad {
        let dir = if cards.eq_ignore_ascii_case("corpus") {
            match corpus_dir(file.parent().unwrap_or(Path::new("."))) {
                Some(dir) => dir,
                None => {
                    return SetLoad::CorpusAbsent(
                        "corpus not found (looked for ../shared/corpus/cfc; set RULESCRIPT_CORPUS)".into(),
                    );
                }
            }
        } else {
            file.parent().unwrap_or(Path::new(".")).join(cards)
        };
        let key = std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.clone());
        self.loaded
            .entry(key)
            .or_insert_with(|| {
                if !dir.join("cards.json").is_file() {
                    if cards.eq_ignore_ascii_case("corpus") {
                        return SetLoad::CorpusAbsent(format!("corpus not found at {}", dir.display()));
                    }
                    return SetLoad::Missing(format!("{} is not a card set (no cards.json)", dir.display()));
                }
                match CardSet::load(&dir) {
                    Ok(set) => SetLoad::Loaded(Arc::new(set)),
                    Err(error) => SetLoad::Broken(format!("card set {}: {error}", dir.display())),
                }
            })
            .clone()
    }
}
