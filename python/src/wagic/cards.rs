//! `WagicCards.load(card_files, sets=None)`: Wagic's card files compiled into one library,
//! as `rsc run --lang wagic --cards ... --sets ...` builds it, with the diagnostics of the
//! cards left out; and `check(paths)`, `rsc check --lang wagic` as a function.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use ::wagic::sets::Sets;
use ::wagic::table::{Library, Missing};
use compiler::{Diagnostic, LineIndex};
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use vm::bytecode::BundleBuilder;

use crate::errors::{RulesError, guarded, with_attrs};
use crate::interrupt::Pulse;
use crate::shutdown::detached;
use crate::tools::{PyDiagnostic, expand, io_error, paths_of, read_source};
use crate::wagic::observation::CardFeatures;

/// The extension of Wagic card files, looked for in folders (as `rsc`).
const CARD_EXTENSION: &str = "txt";

/// The name of Wagic's set files, one a set folder (`Res/sets/10E/_cards.dat`).
const SET_FILE: &str = "_cards.dat";

/// The most set files read (as `rsc`: Wagic has about 350).
const MAX_SET_FILES: usize = 10_000;

/// The most bytes of whole cards the set files may carry (as `rsc`).
const MAX_WHOLE_CARDS_BYTES: usize = 64 << 20;

/// Wagic's card files compiled into one library: the cards decks may name, and those left
/// out with their diagnostics.
///
/// Made by `WagicCards.load(card_files, sets=None)`; `len(cards)` is the number of card
/// names that compiled (each name once: a name met again is Wagic's first block's).
#[pyclass(name = "WagicCards", module = "rulescript.wagic", frozen)]
pub struct PyWagicCards {
    pub library: Arc<Library>,
    pub sets: Option<Arc<Sets>>,
    /// The card files as given (replay commands repeat them).
    pub card_files: Vec<PathBuf>,
    /// The sets folder as given.
    pub sets_dir: Option<PathBuf>,
    /// The texts compiled, each with its file's name (the card files', then the whole
    /// cards of the set files): what a `WagicSimulation` pickles as.
    pub sources: Arc<Vec<(String, String)>>,
    /// `wagic_sim::shard::cards_hash` of them and of their token printings, which a sim's
    /// configuration names its cards by (as `rsc sim --lang wagic`).
    pub sources_hash: String,
    /// Every card name that compiled, sorted.
    names: Vec<String>,
    /// Each compiled card's block of `WagicGame.observation`, made at the first game's
    /// observation.
    features: OnceLock<Arc<CardFeatures>>,
    /// Each card left out (the first block of its name that did not compile), in file
    /// order, with its diagnostics.
    left_out: Vec<(String, Vec<PyDiagnostic>)>,
    /// Every diagnostic of the card files (errors and warnings), in file order.
    diagnostics: Vec<PyDiagnostic>,
    /// The diagnostics of the set files (E0109: entries that cannot be read).
    set_diagnostics: Vec<PyDiagnostic>,
}

impl PyWagicCards {
    /// Each compiled card's block of an observation (`observation.rs`).
    pub fn features(&self) -> Arc<CardFeatures> {
        Arc::clone(self.features.get_or_init(|| Arc::new(CardFeatures::new(&self.library, &self.names))))
    }
}

#[pymethods]
impl PyWagicCards {
    /// The cards themselves: they never change, so a copy (a `copy.deepcopy` of an
    /// environment's arguments, as `gymnasium.make("Wagic-v0", cards=...)` takes them,
    /// which raised "cannot pickle") shares them rather than compile the files again.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// Compiles the Wagic card files `card_files` (a path or a list; folders are searched
    /// for `*.txt` files), with the whole cards Wagic's older set files carry when `sets`
    /// (Wagic's `Res/sets` folder) is given; its `_cards.dat` files also name the Wagic
    /// ids deck files give, and the token cards of `token(-id)`. As `rsc run --lang wagic --cards ... --sets ...`: a card file
    /// that is not UTF-8 is read with its bad bytes replaced.
    ///
    /// Raises `OSError` when a file cannot be read, `RulesError` (its `code`
    /// `wagic-sets`) for a `sets` folder with no set file, or (`wagic-bundle`) when the
    /// cards do not fit one bundle; `KeyboardInterrupt` on Ctrl-C (heard between files).
    #[staticmethod]
    #[pyo3(signature = (card_files, sets = None))]
    pub(crate) fn load(py: Python<'_>, card_files: &Bound<'_, PyAny>, sets: Option<PathBuf>) -> PyResult<PyWagicCards> {
        let card_files = paths_of(card_files)?;
        let mut pulse = Pulse::new(py, None, false);
        let loaded = detached(py, || guarded("WagicCards.load", || load(&card_files, sets.as_deref(), &mut pulse)));
        pulse.finish()?;
        match loaded? {
            Ok(mut cards) => {
                cards.card_files = card_files;
                cards.sets_dir = sets;
                Ok(cards)
            }
            Err((code, message)) => {
                let code = code.into_pyobject(py)?.into_any().unbind();
                Err(with_attrs(py, RulesError::new_err(message), &[("code", code)]))
            }
        }
    }

    fn __len__(&self) -> usize {
        self.names.len()
    }

    fn __contains__(&self, name: &str) -> bool {
        self.library.name_of(name).is_some_and(|name| self.library.rules_of(name).is_ok())
    }

    /// Every card name that compiled (decks may name them), sorted.
    fn names(&self) -> Vec<String> {
        self.names.clone()
    }

    /// The cards left out, each name (in file order) with its diagnostics: its errors
    /// (`E0100 unsupported: ...`, each line's first) and warnings, as `check` gives them.
    #[getter]
    fn left_out<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, diagnostics) in &self.left_out {
            dict.set_item(name, diagnostics.clone())?;
        }
        Ok(dict)
    }

    /// Every diagnostic of the card files, in file order: the errors of the cards left
    /// out, and the warnings (values Wagic reads otherwise than written) of any card.
    #[getter]
    fn diagnostics(&self) -> Vec<PyDiagnostic> {
        self.diagnostics.clone()
    }

    /// The diagnostics of the set files (`E0109`: an entry that cannot be read).
    #[getter]
    fn set_diagnostics(&self) -> Vec<PyDiagnostic> {
        self.set_diagnostics.clone()
    }

    /// The card files, as given.
    #[getter]
    fn card_files(&self) -> Vec<PathBuf> {
        self.card_files.clone()
    }

    /// The sets folder, as given (`None` without one).
    #[getter]
    fn sets(&self) -> Option<PathBuf> {
        self.sets_dir.clone()
    }

    /// The card named `name` (in any case), as a dict: `name` as the card files write it,
    /// `types` (its type and subtype words, lower case), `colours`, `power`,
    /// `toughness`, `mana_cost` (as written), `mana_value`, `compiled` and `error` (why it
    /// was left out, `None` when it compiled). `KeyError` for a name the card files lack,
    /// with the name meant when it is a typo away.
    fn card<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyDict>> {
        let Some(written) = self.library.name_of(name) else {
            let mut known: Vec<&str> = self.library.names().collect();
            known.sort_unstable();
            let hint = ::wagic::front::did_you_mean(name, known).map(|hint| format!(": {hint}")).unwrap_or_default();
            return Err(PyKeyError::new_err(format!("no card named `{name}` in the card files{hint}")));
        };
        let printed = self.library.printed.get(written).cloned().unwrap_or_default();
        let error = match self.library.rules_of(written) {
            Ok(_) => None,
            Err(Missing::NotCompiled(why)) => Some(why),
            Err(Missing::Unknown) => Some("no rules: the card's block has no name".to_owned()),
        };
        let dict = PyDict::new(py);
        dict.set_item("name", written)?;
        dict.set_item("types", printed.types)?;
        dict.set_item("colours", printed.colours)?;
        dict.set_item("power", printed.power)?;
        dict.set_item("toughness", printed.toughness)?;
        dict.set_item("mana_cost", printed.mana_cost)?;
        dict.set_item("mana_value", printed.mana_value)?;
        dict.set_item("compiled", error.is_none())?;
        dict.set_item("error", error)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!("WagicCards({} cards compiled, {} left out)", self.names.len(), self.left_out.len())
    }
}

/// Why cards could not be loaded at all: the `RulesError`'s code and message (`OSError`s
/// are raised as they are).
type LoadFailure = (&'static str, String);

/// Reads and compiles; the cards' own fields for the files are the caller's to set.
fn load(
    card_files: &[PathBuf],
    sets_dir: Option<&Path>,
    pulse: &mut Pulse,
) -> PyResult<Result<PyWagicCards, LoadFailure>> {
    let (sets, whole_cards, set_diagnostics) = match sets_dir {
        Some(dir) => match read_sets(dir, pulse)? {
            Ok((sets, whole_cards, diagnostics)) => (Some(Arc::new(sets)), whole_cards, diagnostics),
            Err(failure) => return Ok(Err(failure)),
        },
        None => (None, Vec::new(), Vec::new()),
    };
    let mut sources: Vec<(String, String)> = Vec::new();
    for path in card_files {
        for file in expand(path, CARD_EXTENSION, pulse).map_err(|error| io_error(path, error))? {
            if pulse.beat() {
                // The caller raises the pulse's exception (`KeyboardInterrupt`) instead.
                return Ok(Err(("interrupted", "interrupted while the card files were read".to_owned())));
            }
            let bytes = read_source(&file).map_err(|error| io_error(&file, error))?;
            sources.push((file.display().to_string(), String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    sources.extend(whole_cards);
    let borrowed: Vec<(&str, String)> = sources.iter().map(|(name, text)| (name.as_str(), text.clone())).collect();
    // Each card's diagnostics, with the index of its source and its name, and whether it
    // was left out.
    let mut found: Vec<(usize, String, bool, Vec<Diagnostic>)> = Vec::new();
    // A card's `token(-id)` finds its token card by the ids of the sets, as with `rsc`.
    let library = Library::compile_reporting_with_sets(&borrowed, sets.as_deref(), |index, outcome| {
        let left_out = outcome.error.is_some();
        let mut diagnostics: Vec<Diagnostic> =
            outcome.error.iter().chain(&outcome.further_errors).chain(&outcome.warnings).cloned().collect();
        if diagnostics.is_empty() {
            return;
        }
        diagnostics.sort_by_key(|diagnostic| diagnostic.span.start);
        found.push((index, outcome.name.clone(), left_out, diagnostics));
    });
    let library = match library {
        Ok(library) => library,
        Err(message) => return Ok(Err(("wagic-bundle", message))),
    };
    // The spans are offsets in each source with its line ends made LF.
    let texts: Vec<String> =
        sources.iter().map(|(_, text)| ::wagic::reader::with_lf_line_ends(text).into_owned()).collect();
    let lines: Vec<LineIndex> = texts.iter().map(|text| LineIndex::new(text)).collect();
    let mut left_out: Vec<(String, Vec<PyDiagnostic>)> = Vec::new();
    let mut diagnostics = Vec::new();
    for (index, name, refused, card_diagnostics) in found {
        let (Some((file, _)), Some(text), Some(line_index)) = (sources.get(index), texts.get(index), lines.get(index))
        else {
            continue;
        };
        let located: Vec<PyDiagnostic> =
            card_diagnostics.iter().map(|d| PyDiagnostic::new(file, text, line_index, d)).collect();
        diagnostics.extend(located.iter().cloned());
        // A name's first block decides it (as Wagic loads them): a later copy left out
        // does not take a compiled card away.
        let first_refused = matches!(library.rules_of(&name), Err(Missing::NotCompiled(_)));
        if refused && first_refused && !left_out.iter().any(|(known, _)| *known == name) {
            left_out.push((name, located));
        }
    }
    let mut names: Vec<String> =
        library.names().filter(|name| library.rules_of(name).is_ok()).map(str::to_owned).collect();
    names.sort_unstable();
    // What the `token(id)`s found in the sets counts: other set files make other tokens.
    let sources_hash =
        wagic_sim::shard::cards_hash(sources.iter().map(|(_, text)| text.as_str()), library.token_printings());
    Ok(Ok(PyWagicCards {
        library: Arc::new(library),
        sets,
        card_files: Vec::new(),
        sets_dir: None,
        sources: Arc::new(sources),
        sources_hash,
        names,
        features: OnceLock::new(),
        left_out,
        diagnostics,
        set_diagnostics,
    }))
}

/// What the set files gave: the ids, the whole cards older sets carry (a file's name and
/// its cards), and the diagnostics of entries that cannot be read.
type SetsRead = (Sets, Vec<(String, String)>, Vec<PyDiagnostic>);

/// Reads every set file (`_cards.dat`) under `dir` (a folder searched, or one file), in
/// path order, as `rsc --sets` reads them.
fn read_sets(dir: &Path, pulse: &mut Pulse) -> PyResult<Result<SetsRead, LoadFailure>> {
    let shown = dir.display();
    let mut files = expand(dir, "dat", pulse).map_err(|error| io_error(dir, error))?;
    if dir.is_dir() {
        files.retain(|path| path.file_name().is_some_and(|name| name == SET_FILE));
    }
    if files.is_empty() {
        let message = format!("`{shown}` holds no Wagic set file (`{SET_FILE}`): give Wagic's `Res/sets` folder");
        return Ok(Err(("wagic-sets", message)));
    }
    if files.len() > MAX_SET_FILES {
        let message = format!("`{shown}` holds more than {MAX_SET_FILES} set files ({})", files.len());
        return Ok(Err(("wagic-sets", message)));
    }
    let mut sets = Sets::new();
    let mut whole_cards = Vec::new();
    let mut whole_cards_bytes = 0usize;
    let mut diagnostics = Vec::new();
    for path in &files {
        if pulse.beat() {
            break;
        }
        let name = path.display().to_string();
        let limit = ::wagic::sets::MAX_SET_FILE_BYTES as u64;
        let (text, file) = match game::bounded::read_bytes(path, limit) {
            Ok(bytes) => {
                // Wagic's own set files hold Latin-1 names: the ids are what matter.
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let file = ::wagic::sets::read(&text);
                if let Some(cards) = ::wagic::sets::whole_cards_source(&text, &file) {
                    whole_cards_bytes += cards.len();
                    if whole_cards_bytes > MAX_WHOLE_CARDS_BYTES {
                        let message = format!(
                            "the set files under `{shown}` carry more than {} MiB of whole cards",
                            MAX_WHOLE_CARDS_BYTES >> 20
                        );
                        return Ok(Err(("wagic-sets", message)));
                    }
                    whole_cards.push((name.clone(), cards));
                }
                (text, file)
            }
            Err(game::bounded::ReadError::TooLarge(_)) => {
                let file =
                    ::wagic::sets::SetFile { entries: Vec::new(), diagnostics: vec![::wagic::sets::too_large()] };
                (String::new(), file)
            }
            Err(game::bounded::ReadError::Io(error)) => return Err(io_error(path, error)),
        };
        let line_index = LineIndex::new(&text);
        diagnostics.extend(file.diagnostics.iter().map(|d| PyDiagnostic::new(&name, &text, &line_index, d)));
        // The set is its folder, as Wagic names it.
        let set = path.parent().and_then(Path::file_name).map(|name| name.to_string_lossy()).unwrap_or_default();
        sets.add(&set, file);
    }
    Ok(Ok((sets, whole_cards, diagnostics)))
}

/// Checks Wagic card files (a path or a list; folders are searched for `*.txt` files) as
/// `rsc check --lang wagic` does, and returns every diagnostic in file order: each card
/// that does not compile gets its errors (each line's first: `E0100 unsupported: ...`,
/// `E0101` for a block that cannot be read whole), and any card the warnings of values
/// Wagic reads otherwise than written (W0100 to W0109); a file that is not UTF-8 gets
/// `E0001` at its first bad byte (the cards holding none still compile). An empty list
/// when all is well. Raises `OSError` when a path cannot be read, `KeyboardInterrupt` on
/// Ctrl-C (heard between files).
#[pyfunction(name = "wagic_check")]
pub fn check(py: Python<'_>, paths: &Bound<'_, PyAny>) -> PyResult<Vec<PyDiagnostic>> {
    let paths = paths_of(paths)?;
    let mut pulse = Pulse::new(py, None, false);
    let found = detached(py, || guarded("wagic.check", || check_files(&paths, &mut pulse)));
    pulse.finish()?;
    found
}

fn check_files(paths: &[PathBuf], pulse: &mut Pulse) -> PyResult<Vec<PyDiagnostic>> {
    let mut files = Vec::new();
    for path in paths {
        files.extend(expand(path, CARD_EXTENSION, pulse).map_err(|error| io_error(path, error))?);
    }
    // A file named twice (`cards/` and `cards/red.txt`) is read once, as `rsc` reads it:
    // its cards would otherwise all be met again.
    let mut seen = std::collections::HashSet::new();
    files.retain(|path| seen.insert(std::fs::canonicalize(path).unwrap_or_else(|_| path.clone())));
    let mut sources = Vec::new();
    for path in &files {
        if pulse.beat() {
            break;
        }
        sources.push((path, read_source(path).map_err(|error| io_error(path, error))?));
    }
    // As `rsc check`: `flip(Name)` names a card of any of the files, refused when it is.
    let texts: Vec<_> = sources.iter().map(|(_, bytes)| String::from_utf8_lossy(bytes)).collect();
    let texts: Vec<&str> = texts.iter().map(|text| text.as_ref()).collect();
    let names = ::wagic::card_names::CardNames::of_sources(&texts, &::wagic::CardKeys::default());
    let mut bundle = BundleBuilder::new(&::wagic::CATALOGUE);
    let mut keys = ::wagic::CardKeys::default().with_card_names(Arc::new(names));
    let mut found = Vec::new();
    for (path, bytes) in &sources {
        if pulse.beat() {
            break;
        }
        let name = path.display().to_string();
        let (lossy, first_invalid) = ::wagic::reader::same_length_lossy(bytes);
        let text = ::wagic::reader::with_lf_line_ends(&lossy);
        let original = first_invalid.map(|_| bytes.as_slice());
        let mut diagnostics: Vec<Diagnostic> = Vec::new();
        let refused_for_bytes =
            ::wagic::compile_bytes_each(&name, &text, original, &mut bundle, &mut keys, |outcome| {
                let mut card: Vec<Diagnostic> =
                    outcome.error.into_iter().chain(outcome.further_errors).chain(outcome.warnings).collect();
                card.sort_by_key(|diagnostic| diagnostic.span.start);
                diagnostics.extend(card);
            });
        // Bad bytes outside any block (in a comment): the file is still not UTF-8.
        if let Some(offset) = first_invalid.filter(|_| !refused_for_bytes) {
            let at = diagnostics.partition_point(|diagnostic| (diagnostic.span.start as usize) < offset);
            diagnostics.insert(at, ::wagic::diagnostics::invalid_utf8(offset));
        }
        let line_index = LineIndex::new(&text);
        found.extend(diagnostics.iter().map(|d| PyDiagnostic::new(&name, &text, &line_index, d)));
    }
    Ok(found)
}
