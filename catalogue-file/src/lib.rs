//! A game's catalogue as a JSON file, so that `rsc` checks, compiles and disassembles the
//! cards of any game (`rsc check --catalogue duel.json cards/`), not only its two built-in
//! ones. [`to_json`] writes the file from the game's Rust [`Catalogue`], so the two cannot
//! drift; [`load`] reads it back, and the catalogue it gives has the same
//! [`CatalogueId`](vm::catalogue::CatalogueId): a bundle compiled against the file loads in
//! the game built from the Rust catalogue. The form is documented in
//! `docs/catalogue-file.md`.
//!
//! Why a crate of its own: the `vm` crate, which every embedder links, stays free of serde
//! (its catalogue is plain `'static` data), and the compiler of file formats; the writer
//! and the reader share one set of serde structs here (`form`), so they cannot disagree,
//! and both take every struct of `vm::catalogue` apart without `..`, so a field added there
//! does not compile here until the file has it.
//!
//! A loaded catalogue is leaked: the [`Catalogue`] fields are `&'static` (the runtime holds
//! `&'static Catalogue`). Each successful [`load`] leaks memory linear in the file, at most
//! [`MAX_FILE_BYTES`]: load a catalogue once per process, as `rsc` does. A refused file
//! leaks nothing: every check runs first, on the borrowed text ([`check`], which a program
//! checking many files, or a fuzz target, calls in a loop), and only a [`Checked`] file
//! is leaked ([`Checked::leak`]).
//!
//! Loading is untrusted input: the file is read at most [`MAX_FILE_BYTES`] bytes
//! ([`read_file`]), serde_json bounds nesting, each list holds at most
//! [`MAX_LIST_ENTRIES`] names, and every problem is a [`Diagnostic`] with a stable code
//! (E0102 to E0108, declared with the compiler's) and the span it is about, at most
//! [`MAX_DIAGNOSTICS`].

mod form;
mod load;
mod write;

use std::io::{self, Read};
use std::path::Path;

use compiler::Diagnostic;
use vm::catalogue::Catalogue;

pub use form::FORMAT;

/// Largest catalogue file read: Wagic's catalogue, the largest there is, is 50 KB.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Most names of one list: the compiler indexes a list with a `u16`, one value of which
/// means "none".
pub const MAX_LIST_ENTRIES: usize = u16::MAX as usize - 1;

/// Longest name, in bytes.
pub const MAX_NAME_BYTES: usize = 64;

/// Most diagnostics one [`load`] reports (a file of a million bad names reports these).
pub const MAX_DIAGNOSTICS: usize = 1000;

/// `catalogue` as a catalogue file: pretty-printed JSON in the documented form, every field
/// written (each role too, `null` when the game has none), ending with a newline.
pub fn to_json(catalogue: &Catalogue) -> String {
    form_json(&write::catalogue_form(catalogue))
}

fn form_json(form: &form::CatalogueForm) -> String {
    // Serializing plain structs of strings, booleans and integers into a `String` cannot
    // fail (no map keys that are not strings, no floats).
    let mut json = serde_json::to_string_pretty(form).unwrap_or_default();
    json.push('\n');
    json
}

/// The catalogue a catalogue file's bytes describe, leaked (see the crate documentation),
/// or every problem found (E0102 not JSON, E0103 a field unknown, missing or of the wrong
/// type, E0104 a name that is not a word, E0105 a name twice in a list, E0106 a role naming
/// nothing, E0107 a file or list too large, E0108 parameters that do not fit together).
/// [`check`], then [`Checked::leak`]: a refused file leaks nothing.
pub fn load(bytes: &[u8]) -> Result<&'static Catalogue, Vec<Diagnostic>> {
    check(bytes).map(Checked::leak)
}

/// Every check [`load`] makes, with the same diagnostics, building nothing `'static`: the
/// file, accepted, or its problems. Nothing is leaked, so it may be called any number of
/// times.
pub fn check(bytes: &[u8]) -> Result<Checked, Vec<Diagnostic>> {
    load::check(bytes).map(|form| Checked { form })
}

/// A catalogue file that passed every check of [`load`]: [`Checked::leak`] makes its
/// catalogue.
#[derive(Debug)]
pub struct Checked {
    form: form::CatalogueForm,
}

impl Checked {
    /// The catalogue's name, as [`CatalogueId`](vm::catalogue::CatalogueId) records it.
    pub fn name(&self) -> &str {
        &self.form.name.text
    }

    /// The file as [`to_json`] writes the catalogue [`Checked::leak`] makes of it, without
    /// making it: every field written, in the documented order, whatever the file's layout.
    pub fn to_json(&self) -> String {
        form_json(&self.form)
    }

    /// The catalogue, leaked (see the crate documentation): memory linear in the file,
    /// for good.
    pub fn leak(self) -> &'static Catalogue {
        load::leak_catalogue(&self.form)
    }
}

/// The bytes of the file at `path`, at most [`MAX_FILE_BYTES`] + 1 (counted as read, so a
/// pipe or a device that never ends stops there too): [`load`] refuses more with E0107.
pub fn read_file(path: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}
