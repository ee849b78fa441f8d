//! `check(paths, catalogue=None)` and `compile(paths, out, strip=False, catalogue=None)`:
//! `rsc check` and `rsc compile` as functions (`--catalogue FILE` too), their diagnostics
//! as `Diagnostic` objects.

use std::path::{Path, PathBuf};

use compiler::session::{Session, SourceFile};
use compiler::{Diagnostic, LineIndex, Severity};
use pyo3::prelude::*;
use pyo3::types::PyList;
use vm::bytecode::BundleBuilder;
use vm::catalogue::Catalogue;

use crate::catalogues::{self, Refused};
use crate::errors::{RulesError, guarded, with_attrs};
use crate::interrupt::Pulse;
use crate::shutdown::detached;

/// One finding of the checker, located in its file (lines and columns from 1, columns in
/// characters, as `rsc check --message-format json` reports them).
#[pyclass(name = "Diagnostic", module = "rulescript", frozen, get_all)]
#[derive(Clone)]
pub struct PyDiagnostic {
    /// The stable code (`E0008`).
    pub code: String,
    /// `error` or `warning`.
    pub severity: String,
    /// One line, quoting the offending text.
    pub message: String,
    /// The file, as given.
    pub file: String,
    /// The line the span starts on, from 1.
    pub line: u32,
    /// The column the span starts at, from 1, in characters.
    pub column: u32,
    /// The line the span ends on, from 1.
    pub end_line: u32,
    /// The column just past the span's end, from 1, in characters.
    pub end_column: u32,
    /// The short text attached to the span.
    pub label: String,
    /// A suggestion, when there is one.
    pub help: Option<String>,
}

#[pymethods]
impl PyDiagnostic {
    fn __str__(&self) -> String {
        self.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Diagnostic({:?}, {}:{}:{}, {:?})", self.code, self.file, self.line, self.column, self.message)
    }
}

impl std::fmt::Display for PyDiagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}: {}[{}]: {}", self.file, self.line, self.column, self.severity, self.code, self.message)
    }
}

impl PyDiagnostic {
    pub(crate) fn new(file: &str, text: &str, lines: &LineIndex, diagnostic: &Diagnostic) -> PyDiagnostic {
        let (line, column) = lines.line_column(text, diagnostic.span.start);
        let (end_line, end_column) = lines.line_column(text, diagnostic.span.end);
        PyDiagnostic {
            code: diagnostic.code.as_str().to_owned(),
            severity: diagnostic.severity().as_str().to_owned(),
            message: diagnostic.message.clone(),
            file: file.to_owned(),
            line,
            column,
            end_line,
            end_column,
            label: diagnostic.label.clone(),
            help: diagnostic.help.clone(),
        }
    }
}

/// One path or a list of them.
pub(crate) fn paths_of(paths: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    match paths.extract::<PathBuf>() {
        Ok(path) => return Ok(vec![path]),
        // Bytes are iterable too, but their items are ints: the path's own error says more
        // than "expected str, bytes or os.PathLike object, not int".
        Err(error) if paths.is_instance_of::<pyo3::types::PyBytes>() => return Err(error),
        Err(_) => {}
    }
    let Ok(items) = paths.try_iter() else {
        // Not "'NoneType' object is not iterable", which says nothing of what is expected.
        let given = paths.get_type().name().map(|name| name.to_string()).unwrap_or_else(|_| "?".to_owned());
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "paths must be a path or a sequence of paths, not {given}"
        )));
    };
    items.map(|item| item?.extract::<PathBuf>()).collect()
}

/// The files `path` names: itself if it is a file, else every file below it whose extension
/// is `extension` (`rules`; `txt` for Wagic's card files), sorted by path (as `rsc check`);
/// those found so far once `pulse` ends the call.
pub(crate) fn expand(path: &Path, extension: &str, pulse: &mut Pulse) -> std::io::Result<Vec<PathBuf>> {
    if !std::fs::metadata(path)?.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    let mut visited = Vec::new();
    let mut folders = vec![path.to_path_buf()];
    while let Some(folder) = folders.pop() {
        if pulse.beat() {
            break;
        }
        // A symlink cycle would otherwise be walked forever.
        if let Ok(canonical) = std::fs::canonicalize(&folder) {
            if visited.contains(&canonical) {
                continue;
            }
            visited.push(canonical);
        }
        for entry in std::fs::read_dir(&folder)? {
            let child = entry?.path();
            if std::fs::metadata(&child)?.is_dir() {
                folders.push(child);
            } else if child.extension().is_some_and(|ext| ext == extension) {
                files.push(child);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// A file read: its name as shown, its card key (the file stem) and its bytes.
struct Input {
    file: String,
    /// The file itself (`file` is its name as shown).
    path: PathBuf,
    key: String,
    bytes: Vec<u8>,
}

/// The largest `.rules` file read (as `rsc check`): real ones are a few kilobytes.
pub const MAX_SOURCE_BYTES: u64 = 64 << 20;

/// The bytes of the file at `path`, at most [`MAX_SOURCE_BYTES`], counted as read (a device
/// or a pipe that never ends, such as `/dev/zero`, stops there too).
pub(crate) fn read_source(path: &Path) -> std::io::Result<Vec<u8>> {
    game::bounded::read_bytes(path, MAX_SOURCE_BYTES).map_err(|error| error.into_io(MAX_SOURCE_BYTES, "a source file"))
}

/// The files `paths` name, read; those read so far once `pulse` ends the call.
fn read_inputs(paths: &[PathBuf], pulse: &mut Pulse) -> PyResult<Vec<Input>> {
    let mut inputs = Vec::new();
    for path in paths {
        let files = expand(path, "rules", pulse).map_err(|error| io_error(path, error))?;
        for file in files {
            if pulse.beat() {
                return Ok(inputs);
            }
            let bytes = read_source(&file).map_err(|error| io_error(&file, error))?;
            let key = file.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
            inputs.push(Input { file: file.display().to_string(), path: file, key, bytes });
        }
    }
    Ok(inputs)
}

pub(crate) fn io_error(path: &Path, error: std::io::Error) -> PyErr {
    pyo3::exceptions::PyOSError::new_err(format!("cannot read `{}`: {error}", path.display()))
}

fn located(input: &Input, diagnostics: &[Diagnostic]) -> Vec<PyDiagnostic> {
    let text = String::from_utf8_lossy(&input.bytes);
    let lines = LineIndex::new(&text);
    diagnostics.iter().map(|d| PyDiagnostic::new(&input.file, &text, &lines, d)).collect()
}

/// Checks `.rules` files (a path or a list; folders are searched recursively) against the
/// standard catalogue, or the catalogue file `catalogue` (another game's, as `rsc check
/// --catalogue FILE`); returns every diagnostic (an empty list when all is well). Raises
/// `OSError` when a path or the catalogue file cannot be read, `RulesError` when the
/// catalogue file is not one (its `diagnostics` the file's problems, its `code`
/// `catalogue-file`), `KeyboardInterrupt` on Ctrl-C (heard between two files).
///
/// A loaded catalogue cannot be freed, so each is loaded once per file contents and kept
/// for the process: calls on an unchanged file (or a copy) reuse it, so memory grows only
/// when the contents change, by about the file's size each time; past 64 MiB of distinct
/// contents a call raises `RulesError` (start a new process).
#[pyfunction]
#[pyo3(signature = (paths, catalogue = None))]
pub fn check(py: Python<'_>, paths: &Bound<'_, PyAny>, catalogue: Option<PathBuf>) -> PyResult<Vec<PyDiagnostic>> {
    let paths = paths_of(paths)?;
    let mut pulse = Pulse::new(py, None, false);
    let checked = detached(py, || {
        guarded("check", || {
            let catalogue = match catalogue_of(catalogue.as_deref()) {
                Ok(catalogue) => catalogue,
                Err(refused) => return Ok(Err(refused)),
            };
            let inputs = read_inputs(&paths, &mut pulse)?;
            let mut session = Session::new(catalogue);
            let mut found = Vec::new();
            for input in &inputs {
                if pulse.beat() {
                    break;
                }
                found.extend(located(input, &session.check_bytes(&input.bytes)));
            }
            Ok(Ok(found))
        })
    });
    pulse.finish()?;
    match checked? {
        Ok(found) => Ok(found),
        Err((path, refused)) => Err(refused_error(py, &path, refused)),
    }
}

/// A catalogue file that gave no catalogue: its path, and why.
type NoCatalogue = (PathBuf, Refused);

/// The catalogue of the file at `path`, or the standard one for `None`.
fn catalogue_of(path: Option<&Path>) -> Result<&'static Catalogue, NoCatalogue> {
    match path {
        None => Ok(&stdlib::CATALOGUE),
        Some(path) => catalogues::load(path).map_err(|refused| (path.to_path_buf(), refused)),
    }
}

/// The exception for a catalogue file that gave no catalogue, as `rsc --catalogue FILE`
/// reports it: `OSError` when it cannot be read; else `RulesError`, its message the
/// file's errors as `rsc` prints them and the line that ends them, its `diagnostics`
/// those errors (located in the catalogue file) and its `code` `catalogue-file`.
fn refused_error(py: Python<'_>, path: &Path, refused: Refused) -> PyErr {
    let (bytes, diagnostics) = match refused {
        Refused::Unreadable(message) => return pyo3::exceptions::PyOSError::new_err(message),
        Refused::TooMany(message) => return RulesError::new_err(message),
        Refused::Diagnostics { bytes, diagnostics } => (bytes, diagnostics),
    };
    let input = Input { file: path.display().to_string(), path: path.to_path_buf(), key: String::new(), bytes };
    let found = located(&input, &diagnostics);
    let mut message: Vec<String> = found.iter().map(ToString::to_string).collect();
    let count = found.len();
    message.push(format!("catalogue file `{}` not loaded: {count} error{}", input.file, plural(count)));
    let attrs = PyList::new(py, found).map(|list| {
        let code = pyo3::types::PyString::new(py, "catalogue-file").into_any().unbind();
        [("diagnostics", list.into_any().unbind()), ("code", code)]
    });
    match attrs {
        Ok(attrs) => with_attrs(py, RulesError::new_err(message.join("\n")), &attrs),
        Err(error) => error,
    }
}

/// Compiles `.rules` files (a path or a list; folders are searched recursively) into one
/// bundle at `out`, as `rsc compile` (`strip` leaves the debug section out), against the
/// standard catalogue or the catalogue file `catalogue` (as `rsc compile --catalogue
/// FILE`: the bundle records its identity, and loads in the game built from the Rust
/// catalogue the file was written from; loaded and kept as `check` does). Returns the
/// warnings; raises `RulesError` (its `diagnostics` lists every finding) and writes
/// nothing when any is an error, and for a catalogue file that is not one (as `check`). `out` is replaced whole or left as it
/// was (`game::output`); a FIFO or a symbolic link to nothing raises `OSError` before
/// compiling, and so does an `out` that is one of the files compiled (by any name), as
/// `rsc compile` refuses it. Ctrl-C while the files are read raises `KeyboardInterrupt`
/// and writes nothing.
#[pyfunction]
#[pyo3(signature = (paths, out, strip = false, catalogue = None))]
pub fn compile(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    out: PathBuf,
    strip: bool,
    catalogue: Option<PathBuf>,
) -> PyResult<Vec<PyDiagnostic>> {
    let paths = paths_of(paths)?;
    let mut pulse = Pulse::new(py, None, false);
    let result = detached(py, || {
        guarded("compile", || match catalogue_of(catalogue.as_deref()) {
            Ok(catalogue) => compile_files(&paths, &out, strip, catalogue, &mut pulse).map(Ok),
            Err(refused) => Ok(Err(refused)),
        })
    });
    pulse.finish()?;
    match result? {
        Ok(Ok(diagnostics)) => Ok(diagnostics),
        Ok(Err((message, diagnostics))) => {
            let list = PyList::new(py, diagnostics)?.into_any().unbind();
            Err(with_attrs(py, RulesError::new_err(message), &[("diagnostics", list)]))
        }
        Err((path, refused)) => Err(refused_error(py, &path, refused)),
    }
}

/// What a compilation gave: its diagnostics, or the error message with them.
type Compiled = Result<Vec<PyDiagnostic>, (String, Vec<PyDiagnostic>)>;

/// Compiles; the diagnostics, or the error message with them. Nothing is compiled or
/// written once `pulse` ends the call while the files are read (compiling them is one
/// step, as quick as reading them).
fn compile_files(
    paths: &[PathBuf],
    out: &Path,
    strip: bool,
    catalogue: &'static Catalogue,
    pulse: &mut Pulse,
) -> PyResult<Compiled> {
    // Checked before compiling. A pipe is refused: opening it waits for a reader, with
    // the GIL released, where Ctrl-C cannot stop it.
    let cannot = |error: &dyn std::fmt::Display| {
        pyo3::exceptions::PyOSError::new_err(format!("cannot write `{}`: {error}", out.display()))
    };
    match game::output::target(out) {
        Ok(game::output::Target::Pipe) => return Err(cannot(&"it is a pipe or a socket, not a file or a device")),
        Ok(_) => {}
        Err(error) => return Err(cannot(&error)),
    }
    let inputs = read_inputs(paths, pulse)?;
    if pulse.beat() {
        return Ok(Ok(Vec::new()));
    }
    // As `rsc compile`: the bundle written over a file it compiles would lose that card.
    if let Some(input) = inputs.iter().find(|input| same_file(out, &input.path)) {
        return Err(cannot(&format_args!("it would replace `{}`, which this call compiles", input.file)));
    }
    let mut keys: Vec<&Input> = inputs.iter().collect();
    keys.sort_by(|a, b| a.key.cmp(&b.key));
    for pair in keys.windows(2) {
        if pair[0].key == pair[1].key {
            let message = format!(
                "card key `{}` is given by both `{}` and `{}` (a card's key is its file stem)",
                pair[0].key, pair[0].file, pair[1].file
            );
            return Ok(Err((message, Vec::new())));
        }
    }
    let mut session = Session::new(catalogue);
    let mut bundle = BundleBuilder::with_capacity(catalogue, inputs.len());
    bundle.set_strip(strip);
    let texts: Vec<Option<&str>> = inputs.iter().map(|input| std::str::from_utf8(&input.bytes).ok()).collect();
    let files: Vec<SourceFile<'_>> = inputs
        .iter()
        .zip(&texts)
        .filter_map(|(input, text)| Some(SourceFile { key: &input.key, file: &input.file, source: (*text)? }))
        .collect();
    let mut compiled = session.compile_files(&files, &mut bundle).into_iter();
    let mut all = Vec::new();
    for (input, text) in inputs.iter().zip(&texts) {
        let diagnostics = match text {
            Some(_) => compiled.next().unwrap_or_default(),
            None => session.check_bytes(&input.bytes),
        };
        all.extend(located(input, &diagnostics));
    }
    let errors = all.iter().filter(|d| d.severity == Severity::Error.as_str()).count();
    if errors > 0 {
        let warnings = all.len() - errors;
        let mut message: Vec<String> = all.iter().filter(|d| d.severity == "error").map(ToString::to_string).collect();
        message.push(format!(
            "checked {} file{}: {errors} error{}, {warnings} warning{}; no bundle written",
            inputs.len(),
            plural(inputs.len()),
            plural(errors),
            plural(warnings)
        ));
        return Ok(Err((message.join("\n"), all)));
    }
    let bytes = match bundle.finish() {
        Ok(bytes) => bytes,
        Err(error) => return Ok(Err((format!("internal compiler error while building the bundle: {error}"), all))),
    };
    game::output::write(out, &bytes).map_err(|error| cannot(&error))?;
    Ok(Ok(all))
}

/// Whether `out` is a file that `input` names too, by any name (a link, `..`): the file a
/// bundle written to `out` would replace. (A device or a file not there yet is none.)
fn same_file(out: &Path, input: &Path) -> bool {
    match (std::fs::metadata(out), std::fs::metadata(input)) {
        (Ok(out_meta), Ok(input_meta)) if out_meta.is_file() => same_identity(out, &out_meta, input, &input_meta),
        _ => false,
    }
}

/// Whether two existing files are one: the same device and inode.
#[cfg(unix)]
fn same_identity(_: &Path, a: &std::fs::Metadata, _: &Path, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

/// Whether two existing files are one: the same path once resolved.
#[cfg(not(unix))]
fn same_identity(a: &Path, _: &std::fs::Metadata, b: &Path, _: &std::fs::Metadata) -> bool {
    matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(a), Ok(b)) if a == b)
}

pub(crate) fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
