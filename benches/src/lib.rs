//! Shared helpers for the benchmarks: finding the card corpus (read in place from
//! `../shared/corpus/cfc`, overridable with `RULESCRIPT_CORPUS`) and loading it once.

pub mod embed;

use std::path::{Path, PathBuf};

/// One card's key (file stem) and source text.
pub struct CardSource {
    /// The card key, e.g. `C001-ryu`.
    pub key: String,
    /// The `.rules` text.
    pub source: String,
}

/// The corpus folder, or `None` (with a message on stderr) when it is absent.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("RULESCRIPT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/cfc"));
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("corpus not found at {} (set RULESCRIPT_CORPUS): skipping corpus benchmarks", dir.display());
        None
    }
}

/// Every `*.rules` card of `dir`, sorted by key.
pub fn load_cards(dir: &Path) -> Vec<CardSource> {
    let mut cards: Vec<CardSource> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .filter(|path| path.extension().is_some_and(|extension| extension == "rules"))
                .filter_map(|path| {
                    let source = std::fs::read_to_string(&path).ok()?;
                    let key = path.file_stem()?.to_string_lossy().into_owned();
                    Some(CardSource { key, source })
                })
                .collect()
        })
        .unwrap_or_default();
    cards.sort_by(|a, b| a.key.cmp(&b.key));
    cards
}
