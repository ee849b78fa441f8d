//! `rsc check PATH...`: checks `.rules` files (folders are searched recursively) against
//! Card Fighters' Clash's catalogue, or the one of a catalogue file (`--catalogue FILE`), and
//! reports every diagnostic `rsc compile` would report, without
//! writing a bundle.

use std::collections::HashSet;
use std::fs;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use game::bounded;
use vm::catalogue::Catalogue;

use crate::Exit;
use crate::render::{self, MessageFormat, SourceFile};

/// The extension of RuleScript source files, looked for in folders.
pub(crate) const EXTENSION: &str = "rules";

/// Largest source file read (a `.rules` file, a Wagic card file): Wagic's whole catalogue in
/// one file is 4 MB. Counted as read, so that a device or a pipe that never ends
/// (`/dev/zero`, `<(yes)`) stops there too.
pub(crate) const MAX_SOURCE_BYTES: u64 = 64 << 20;

/// The bytes of the source file `path`, at most [`MAX_SOURCE_BYTES`].
pub(crate) fn read_source(path: &Path) -> io::Result<Vec<u8>> {
    bounded::read_bytes(path, MAX_SOURCE_BYTES).map_err(|error| error.into_io(MAX_SOURCE_BYTES, "a source file"))
}

/// Checks every file under `paths` against `catalogue` and reports in `format`. Human
/// reports and the closing summary go to stderr; JSON records go to stdout, one per line.
pub fn run(paths: &[PathBuf], catalogue: &'static Catalogue, format: MessageFormat) -> Exit {
    let colour = format == MessageFormat::Human
        && render::use_colour(io::stderr().is_terminal(), std::env::var_os("NO_COLOR").as_deref());
    let mut stdout = BufWriter::new(io::stdout().lock());
    let mut stderr = BufWriter::new(io::stderr().lock());
    let mut checker = Checker {
        session: compiler::session::Session::new(catalogue),
        format,
        colour,
        files: 0,
        errors: 0,
        warnings: 0,
        trouble: false,
    };
    let written = checker.check_all(paths, &mut stdout, &mut stderr).and_then(|()| {
        stdout.flush()?;
        writeln!(stderr, "{}", render::summary(checker.files, checker.errors, checker.warnings))?;
        stderr.flush()
    });
    if written.is_err() || checker.trouble {
        Exit::Usage
    } else if checker.errors > 0 {
        Exit::Errors
    } else {
        Exit::Success
    }
}

/// The running totals of one `rsc check`.
struct Checker {
    /// Reused across files: the catalogue is interned once.
    session: compiler::session::Session<'static>,
    format: MessageFormat,
    colour: bool,
    files: usize,
    errors: usize,
    warnings: usize,
    /// A path could not be read.
    trouble: bool,
}

impl Checker {
    fn check_all(&mut self, paths: &[PathBuf], stdout: &mut impl Write, stderr: &mut impl Write) -> io::Result<()> {
        for path in paths {
            let mut unreadable = Vec::new();
            let files = expand(path, EXTENSION, &mut unreadable);
            for (path, error) in unreadable {
                self.trouble = true;
                writeln!(stderr, "error: cannot read `{}`: {error}", path.display())?;
            }
            for file in files {
                self.check_file(&file, stdout, stderr)?;
            }
        }
        Ok(())
    }

    fn check_file(&mut self, path: &Path, stdout: &mut impl Write, stderr: &mut impl Write) -> io::Result<()> {
        let bytes = match read_source(path) {
            Ok(bytes) => bytes,
            Err(error) => {
                self.trouble = true;
                return writeln!(stderr, "error: cannot read `{}`: {error}", path.display());
            }
        };
        self.files += 1;
        let diagnostics = self.session.check_bytes(&bytes);
        if diagnostics.is_empty() {
            return Ok(());
        }
        let file = SourceFile::new(path.display().to_string(), &bytes);
        for diagnostic in &diagnostics {
            match diagnostic.severity() {
                compiler::Severity::Error => self.errors += 1,
                compiler::Severity::Warning => self.warnings += 1,
            }
        }
        file.write_diagnostics(&diagnostics, self.format, self.colour, stdout, stderr)
    }
}

/// The files `path` names: itself if it is not a folder, else every file below it whose
/// extension is `extension` (`rules`), sorted by path. Whatever cannot be read is added to
/// `unreadable`.
pub(crate) fn expand(path: &Path, extension: &str, unreadable: &mut Vec<(PathBuf, io::Error)>) -> Vec<PathBuf> {
    match fs::metadata(path) {
        Err(error) => {
            unreadable.push((path.to_path_buf(), error));
            Vec::new()
        }
        Ok(metadata) if !metadata.is_dir() => vec![path.to_path_buf()],
        Ok(_) => {
            let mut files = Vec::new();
            // Looked up once per folder: a list took 29 s for 20,000 folders.
            let mut visited = HashSet::new();
            // An explicit stack: folder depth never grows the call stack.
            let mut folders = vec![path.to_path_buf()];
            while let Some(folder) = folders.pop() {
                // A symlink cycle would otherwise be walked forever.
                if let Ok(canonical) = fs::canonicalize(&folder)
                    && !visited.insert(canonical)
                {
                    continue;
                }
                let entries = match fs::read_dir(&folder) {
                    Ok(entries) => entries,
                    Err(error) => {
                        unreadable.push((folder, error));
                        continue;
                    }
                };
                for entry in entries {
                    let entry = match entry {
                        Ok(entry) => entry,
                        Err(error) => {
                            unreadable.push((folder.clone(), error));
                            continue;
                        }
                    };
                    let child = entry.path();
                    match fs::metadata(&child) {
                        Ok(metadata) if metadata.is_dir() => folders.push(child),
                        Ok(_) if child.extension().is_some_and(|ext| ext == extension) => {
                            files.push(child);
                        }
                        Ok(_) => {}
                        // A dangling symlink named `*.rules` is reported; others are not ours.
                        Err(error) if child.extension().is_some_and(|ext| ext == extension) => {
                            unreadable.push((child, error));
                        }
                        Err(_) => {}
                    }
                }
            }
            files.sort();
            files
        }
    }
}
