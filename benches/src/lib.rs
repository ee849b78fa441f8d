//! Shared helpers for the benchmarks: finding the card corpus (read in place from
//! `../shared/corpus/cfc`, overridable with `RULESCRIPT_CORPUS`) and loading it once.

pub mod embed;

use std::path::Path;

/// One card's key (file stem) and source text.
pub struct CardSource {
    /// The card key, e.g. `C001-ryu`.
    pub key: String,
    /// The `.rules` text.
    pub source: String,
}

pub use compiler::corpus::corpus_dir;

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
