//! `rsc disas FILE.rsb [--card KEY] [--catalogue FILE]`: loads and verifies a bundle (against
//! the built-in catalogue it names, or a catalogue file's) and prints its code with names
//! resolved, and the source line above the instructions it produced when the bundle
//! has debug info. Exit 0, 1 for an invalid bundle (the loader's one-line message), 2 for
//! usage or IO errors.

use std::io::Write;
use std::path::Path;

use vm::bytecode::{LoadError, Program, disas};
use vm::catalogue::Catalogue;

use game::bounded;

use crate::Exit;
use crate::render::terminal_text;

/// Largest bundle read (counted as read, so that a device or a pipe that never ends stops
/// there too): the corpus's bundle is 46 KB, that of the Wagic cards that compile 467 KB.
const MAX_BUNDLE_BYTES: u64 = 256 << 20;

/// Runs `rsc disas`; with `catalogue`, the bundle must have been built against it.
pub fn run(path: &Path, card: Option<&str>, catalogue: Option<&'static Catalogue>) -> Exit {
    let bytes = match bounded::read_bytes(path, MAX_BUNDLE_BYTES) {
        Ok(bytes) => bytes,
        Err(error) => {
            stderr_line!("error: cannot read `{}`: {}", path.display(), error.into_io(MAX_BUNDLE_BYTES, "a bundle"));
            return Exit::Usage;
        }
    };
    // A bundle names its catalogue: Card Fighters' Clash's, or Wagic's (`rsc compile --lang wagic`).
    let loaded = match catalogue {
        Some(catalogue) => Program::load(&bytes, catalogue).map(|program| (program, catalogue)),
        None => match Program::load(&bytes, &stdlib::CATALOGUE) {
            Err(LoadError::CatalogueMismatch { bundle_name, .. }) if bundle_name == wagic::CATALOGUE.name => {
                Program::load(&bytes, &wagic::CATALOGUE).map(|program| (program, &wagic::CATALOGUE))
            }
            loaded => loaded.map(|program| (program, &stdlib::CATALOGUE)),
        },
    };
    let (program, catalogue) = match loaded {
        Ok(loaded) => loaded,
        Err(error) => {
            stderr_line!("error: `{}`: {error}", path.display());
            if let LoadError::CatalogueMismatch { .. } = error {
                stderr_line!("  = help: give the catalogue file it was compiled against: `--catalogue FILE`");
            }
            return Exit::Errors;
        }
    };
    let text = match card {
        Some(key) => match disas::disassemble_card(&program, catalogue, key) {
            Some(text) => text,
            None => {
                stderr_line!("error: `{}` has no card `{key}`", path.display());
                return Exit::Usage;
            }
        },
        None => disas::disassemble(&program, catalogue),
    };
    // Names and source lines come from the bundle: escaped for a terminal.
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(terminal_text(&text).as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => Exit::Success,
        Err(_) => Exit::Usage,
    }
}
