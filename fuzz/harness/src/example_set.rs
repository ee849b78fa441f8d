//! The example set (`examples/`, `cards.json` and its `.rules` files) as the card set of
//! the file targets (`deck`, `save`, `scenario`, `tally`): compiled once per process, as
//! `rsc` loads it once per command.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use game::CardSet;

/// The repository's `examples/` folder.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples")
}

/// The example set, loaded on first use; panics if it does not load (the repository is
/// broken then, not the input).
pub fn set() -> Arc<CardSet> {
    static SET: OnceLock<Arc<CardSet>> = OnceLock::new();
    let set = SET.get_or_init(|| {
        let dir = dir();
        Arc::new(CardSet::load(&dir).unwrap_or_else(|error| panic!("the example set {} loads: {error}", dir.display())))
    });
    Arc::clone(set)
}
