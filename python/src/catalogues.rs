//! Catalogue files for `check(..., catalogue=FILE)` and `compile(..., catalogue=FILE)`:
//! another game's cards checked and compiled in its own words, as `rsc check --catalogue
//! FILE` does (`catalogue-file` crate, `docs/catalogue-file.md`).
//!
//! `catalogue_file::load` leaks the catalogue it gives (its fields are `&'static`), once
//! per call: fine for `rsc`, which loads one per process, but a Python user may call
//! `check` in a loop. So a catalogue is loaded once per file contents and kept: a call
//! whose file holds the same bytes as an earlier one's (the same file, unchanged, or a
//! copy) reuses its catalogue. Memory then grows only when a file's contents change, by
//! about the file's size each time; past [`MAX_LEAKED_BYTES`] of distinct contents the
//! call is refused rather than leak without end.

use std::hash::{BuildHasher, RandomState};
use std::path::Path;
use std::sync::{Mutex, OnceLock, PoisonError};

use compiler::Diagnostic;
use vm::catalogue::Catalogue;

/// The most bytes of distinct catalogue files one process loads (their catalogues leaked,
/// each about the size of its file, plus the catalogue's own struct): Wagic's catalogue,
/// the largest there is, is 50 KB, so over a thousand edits of it.
pub const MAX_LEAKED_BYTES: usize = 64 << 20;

/// A catalogue file's contents once loaded: what `catalogue_file::load` gave for them.
struct Loaded {
    /// The contents' length and 128-bit hash: two SipHashes keyed at random per process,
    /// so that no file can be made to collide with another on purpose, and by chance one
    /// pair in 2**128 does (keeping the bytes to compare would double what is kept).
    len: usize,
    hash: [u64; 2],
    result: Result<&'static Catalogue, Vec<Diagnostic>>,
}

/// Every catalogue loaded so far, and the bytes of their files.
struct Cache {
    loaded: Vec<Loaded>,
    leaked_bytes: usize,
}

static CACHE: Mutex<Cache> = Mutex::new(Cache { loaded: Vec::new(), leaked_bytes: 0 });

/// Why a catalogue file gave no catalogue.
pub enum Refused {
    /// It could not be read: `OSError`, in `rsc`'s words.
    Unreadable(String),
    /// Its problems (its bytes, to locate them), as `rsc` reports them: `RulesError`.
    Diagnostics { bytes: Vec<u8>, diagnostics: Vec<Diagnostic> },
    /// The process has loaded [`MAX_LEAKED_BYTES`] of other catalogue files already.
    TooMany(String),
}

/// The catalogue of the file at `path`, loaded once per distinct contents (see the
/// module's documentation).
pub fn load(path: &Path) -> Result<&'static Catalogue, Refused> {
    let bytes = catalogue_file::read_file(path)
        .map_err(|error| Refused::Unreadable(format!("cannot read catalogue file `{}`: {error}", path.display())))?;
    static KEYS: OnceLock<[RandomState; 2]> = OnceLock::new();
    let keys = KEYS.get_or_init(|| [RandomState::new(), RandomState::new()]);
    let hash = [keys[0].hash_one(&bytes), keys[1].hash_one(&bytes)];
    // Held while loading, so that two threads loading one file leak it once (loading is
    // quick: Wagic's catalogue takes a millisecond).
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let result = match cache.loaded.iter().find(|loaded| loaded.len == bytes.len() && loaded.hash == hash) {
        Some(loaded) => loaded.result.clone(),
        None => {
            // What keeping it costs: its names and lists, about the file's size, and the
            // catalogue itself and its entry here, which bound the count of tiny files.
            let cost = bytes.len() + size_of::<Catalogue>() + size_of::<Loaded>();
            if cache.leaked_bytes.saturating_add(cost) > MAX_LEAKED_BYTES {
                return Err(Refused::TooMany(format!(
                    "cannot load catalogue file `{}`: this process has loaded {} MiB of other catalogue files, \
                     each kept for good (a loaded catalogue cannot be freed); start a new process",
                    path.display(),
                    MAX_LEAKED_BYTES >> 20
                )));
            }
            let result = catalogue_file::load(&bytes);
            // Only a catalogue is leaked (a refused file leaks nothing): only it is kept.
            if result.is_ok() {
                cache.leaked_bytes += cost;
                cache.loaded.push(Loaded { len: bytes.len(), hash, result: result.clone() });
            }
            result
        }
    };
    drop(cache);
    result.map_err(|diagnostics| Refused::Diagnostics { bytes, diagnostics })
}
