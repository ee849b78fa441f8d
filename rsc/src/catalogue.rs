//! Catalogues as files (`catalogue-file` crate, `docs/catalogue-file.md`): `rsc catalogue
//! --lang rulescript|wagic` prints a built-in catalogue as one, and `--catalogue FILE` of
//! `rsc check`, `compile` and `disas` reads one, so another game's cards are checked in its
//! own words. A file's problems are rendered as a card's diagnostics are.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;

use vm::catalogue::Catalogue;

use crate::render::{self, MessageFormat, SourceFile};
use crate::{Exit, Lang};

/// The built-in catalogue of `lang`.
pub fn built_in(lang: Lang) -> &'static Catalogue {
    match lang {
        Lang::Rulescript => &stdlib::CATALOGUE,
        Lang::Wagic => &wagic::CATALOGUE,
    }
}

/// Prints the built-in catalogue of `lang` as a catalogue file, on stdout.
pub fn print(lang: Lang) -> Exit {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(catalogue_file::to_json(built_in(lang)).as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => Exit::Success,
        Err(error) => {
            stderr_line!("error: cannot write to standard output: {error}");
            Exit::Usage
        }
    }
}

/// The catalogue of the file at `path` (leaked: once per process), or the exit code after
/// its problems were reported in `format` (1), or that it could not be read (2).
pub fn load(path: &Path, format: MessageFormat) -> Result<&'static Catalogue, Exit> {
    let bytes = match catalogue_file::read_file(path) {
        Ok(bytes) => bytes,
        Err(error) => {
            stderr_line!("error: cannot read catalogue file `{}`: {error}", path.display());
            return Err(Exit::Usage);
        }
    };
    let diagnostics = match catalogue_file::load(&bytes) {
        Ok(catalogue) => return Ok(catalogue),
        Err(diagnostics) => diagnostics,
    };
    let colour = format == MessageFormat::Human
        && render::use_colour(io::stderr().is_terminal(), std::env::var_os("NO_COLOR").as_deref());
    let file = SourceFile::new(path.display().to_string(), &bytes);
    let mut stdout = BufWriter::new(io::stdout().lock());
    let mut stderr = BufWriter::new(io::stderr().lock());
    let written = file.write_diagnostics(&diagnostics, format, colour, &mut stdout, &mut stderr).and_then(|()| {
        stdout.flush()?;
        let count = diagnostics.len();
        let plural = if count == 1 { "" } else { "s" };
        writeln!(stderr, "error: catalogue file `{}` not loaded: {count} error{plural}", path.display())?;
        stderr.flush()
    });
    Err(if written.is_ok() { Exit::Errors } else { Exit::Usage })
}
