//! `rsc test --lang wagic TESTS... [--sets DIR] --cards CARDFILES...`: runs Wagic's
//! behaviour test files (`[INIT]`, `[DO]`, `[ASSERT]`; folders are searched for `*.txt`)
//! on the in-memory table (`wagic::table`) with the cards of the Wagic card files given,
//! compiled by the Wagic front end. A card a test gives by Wagic id is named by the set
//! files of `--sets` (`_cards.dat` files, folders searched; `wagic::sets`). Prints per test
//! `ok`, `FAILED` (the first difference: where, expected, actual) or `skipped: <reason>`
//! (what the table does not model, never counted as passed), then `N passed, N failed, N
//! skipped` and the skips by reason.
//!
//! Exit codes: 0 when no test failed, 1 when one failed, 2 for a path that cannot be read
//! (a sets folder with no `_cards.dat`, more than [`MAX_SET_FILES`] of them) or card files
//! that cannot be compiled into one bundle. A file that is not a test Wagic's reader
//! accepts (Wagic's `_tests.txt` list, a missing section) is reported at its line and
//! counted as skipped; a set entry that cannot be read is an E0109 on stderr, at its line
//! and column, and its id stays unknown.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use wagic::runner::{self, Verdict};
use wagic::table::Library;

use crate::Exit;
use crate::check::{expand, read_source};
use crate::render::{MessageFormat, SourceFile, terminal_text};

/// The reason a file that is not a readable test is skipped with.
const UNREADABLE: &str = "not a test file Wagic's reader accepts";

/// The most set files read from one `--sets` folder (Wagic has 126 sets).
pub(crate) const MAX_SET_FILES: usize = 10_000;

/// The most bytes of whole cards (older sets' entries that carry a card) compiled from
/// the set files, as much as one card file may hold.
const MAX_WHOLE_CARDS_BYTES: usize = crate::check::MAX_SOURCE_BYTES as usize;

/// The name of a set file in its set's folder.
const SET_FILE: &str = "_cards.dat";

/// Runs the tests under `tests` with the cards of `cards`, ids named by the set files
/// under `sets`.
pub fn run(tests: &[PathBuf], cards: &[PathBuf], sets: Option<&Path>) -> Exit {
    if cards.is_empty() {
        stderr_line!("error: `rsc test --lang wagic` needs the Wagic card files: `--cards mtg.txt ...`");
        return Exit::Usage;
    }
    let (sets, whole_cards) = match sets.map(read_sets).transpose() {
        Ok(Some((sets, whole_cards))) => (Some(sets), whole_cards),
        Ok(None) => (None, Vec::new()),
        Err(message) => {
            stderr_line!("error: {}", terminal_text(&message));
            return Exit::Usage;
        }
    };
    let library = match compile_cards(cards, whole_cards, sets.as_ref()) {
        Ok(library) => Arc::new(library),
        Err(message) => {
            stderr_line!("error: {}", terminal_text(&message));
            return Exit::Usage;
        }
    };
    let mut files = Vec::new();
    let mut unreadable = Vec::new();
    for path in tests {
        let found = expand(path, "txt", &mut unreadable);
        if found.is_empty() && path.is_dir() {
            stderr_line!("warning: `{}` holds no `*.txt` file", terminal_text(&path.display().to_string()));
        }
        files.extend(found);
    }
    if let Some((path, error)) = unreadable.first() {
        stderr_line!("error: cannot read `{}`: {error}", terminal_text(&path.display().to_string()));
        return Exit::Usage;
    }
    files.sort();
    files.dedup();
    let mut out = std::io::stdout().lock();
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    let mut reasons: BTreeMap<&'static str, usize> = BTreeMap::new();
    for path in &files {
        let shown = terminal_text(&path.display().to_string()).into_owned();
        let verdict = match read_test(path) {
            Ok(_) if let Some(skip) = runner::known_wagic_failure(path) => Verdict::Skipped(skip),
            Ok(test) => runner::run_with_sets(&library, sets.as_ref(), &test),
            Err(ReadFailure::Io(error)) => {
                stderr_line!("error: cannot read `{shown}`: {error}");
                return Exit::Usage;
            }
            Err(ReadFailure::Format(message)) => {
                skipped += 1;
                *reasons.entry(UNREADABLE).or_default() += 1;
                let _ = writeln!(out, "skipped {shown}: {UNREADABLE} ({})", terminal_text(&message));
                continue;
            }
        };
        let _ = match &verdict {
            Verdict::Passed => {
                passed += 1;
                writeln!(out, "ok      {shown}")
            }
            Verdict::Failed(difference) => {
                failed += 1;
                let _ = writeln!(out, "FAILED  {shown}: {}", terminal_text(&difference.to_string()));
                for note in &difference.notes {
                    let _ = writeln!(out, "        note: {}", terminal_text(note));
                }
                Ok(())
            }
            Verdict::Skipped(skip) => {
                skipped += 1;
                *reasons.entry(skip.reason).or_default() += 1;
                writeln!(out, "skipped {shown}: {}", terminal_text(&skip.to_string()))
            }
        };
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed, {skipped} skipped");
    if !reasons.is_empty() {
        let _ = writeln!(out, "skipped by reason:");
        let mut rows: Vec<(&&str, &usize)> = reasons.iter().collect();
        rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (reason, count) in rows {
            let _ = writeln!(out, "  {count:>5}  {reason}");
        }
    }
    if failed > 0 { Exit::Errors } else { Exit::Success }
}

/// Why a test file could not be read.
enum ReadFailure {
    /// The file system's error.
    Io(std::io::Error),
    /// The file is not a test: where and why.
    Format(String),
}

fn read_test(path: &Path) -> Result<wagic::testfile::TestFile, ReadFailure> {
    let bytes = read_source(path).map_err(ReadFailure::Io)?;
    // Wagic reads bytes: a file with a Latin-1 comment is still a test (its bad bytes
    // replaced; card names are ASCII).
    let text = String::from_utf8_lossy(&bytes);
    wagic::testfile::read(&text).map_err(|error| ReadFailure::Format(error.to_string()))
}

/// Compiles every card of the card files (folders searched for `*.txt`) into one library,
/// then the whole cards of the set files (`whole_cards`: a file's name and its cards), so
/// that a name the card files have keeps their card; a `token(id)` finds its card by the
/// ids of `sets` (without them, its card is refused).
pub(crate) fn compile_cards(
    paths: &[PathBuf],
    whole_cards: Vec<(String, String)>,
    sets: Option<&wagic::sets::Sets>,
) -> Result<Library, String> {
    compile_cards_hashed(paths, whole_cards, sets).map(|(library, _)| library)
}

/// [`compile_cards`], with the hash of the texts compiled and of what their `token(id)`s
/// found in the sets (`wagic_sim::shard::cards_hash`), which a sim's configuration names
/// its cards by.
pub(crate) fn compile_cards_hashed(
    paths: &[PathBuf],
    whole_cards: Vec<(String, String)>,
    sets: Option<&wagic::sets::Sets>,
) -> Result<(Library, String), String> {
    let mut files = Vec::new();
    let mut unreadable = Vec::new();
    for path in paths {
        files.extend(expand(path, "txt", &mut unreadable));
    }
    if let Some((path, error)) = unreadable.first() {
        return Err(format!("cannot read `{}`: {error}", path.display()));
    }
    let mut sources = Vec::new();
    for path in &files {
        let bytes = read_source(path).map_err(|error| format!("cannot read `{}`: {error}", path.display()))?;
        // A card file that is not UTF-8 is read as `rsc check --lang wagic` would refuse
        // it: its bad bytes replaced, its other cards kept.
        sources.push((path.display().to_string(), String::from_utf8_lossy(&bytes).into_owned()));
    }
    sources.extend(whole_cards);
    let borrowed: Vec<(&str, String)> = sources.iter().map(|(name, text)| (name.as_str(), text.clone())).collect();
    let library = Library::compile_with_sets(&borrowed, sets)?;
    let texts = sources.iter().map(|(_, text)| text.as_str());
    let hash = wagic_sim::shard::cards_hash(texts, library.token_printings());
    Ok((library, hash))
}

/// The whole cards of the set files and the file each is in.
pub(crate) type WholeCards = Vec<(String, String)>;

/// Reads every set file (`_cards.dat`) under `dir` (a folder searched, or one file), in
/// path order (Wagic loads its set folders in the byte order of their names), reporting
/// each entry that cannot be read on stderr; with the whole cards older sets carry, as
/// card files ([`wagic::sets::whole_cards_source`]). An error for a folder that cannot
/// be read, holds no set file, or more than [`MAX_SET_FILES`].
pub(crate) fn read_sets(dir: &Path) -> Result<(wagic::sets::Sets, WholeCards), String> {
    let shown = |path: &Path| path.display().to_string();
    let mut unreadable = Vec::new();
    let mut files = expand(dir, "dat", &mut unreadable);
    if let Some((path, error)) = unreadable.first() {
        return Err(format!("cannot read `{}`: {error}", shown(path)));
    }
    if dir.is_dir() {
        files.retain(|path| path.file_name().is_some_and(|name| name == SET_FILE));
    }
    if files.is_empty() {
        return Err(format!("`{}` holds no Wagic set file (`{SET_FILE}`): give Wagic's `Res/sets` folder", shown(dir)));
    }
    if files.len() > MAX_SET_FILES {
        return Err(format!("`{}` holds more than {MAX_SET_FILES} set files ({})", shown(dir), files.len()));
    }
    let mut sets = wagic::sets::Sets::new();
    let mut stderr = std::io::stderr().lock();
    let mut errors = 0usize;
    let mut whole_cards = Vec::new();
    let mut whole_cards_bytes = 0usize;
    for path in &files {
        let limit = wagic::sets::MAX_SET_FILE_BYTES as u64;
        let (bytes, file) = match game::bounded::read_bytes(path, limit) {
            Ok(bytes) => {
                // Wagic's own set files hold Latin-1 names: the ids are what matter.
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let file = wagic::sets::read(&text);
                if let Some(cards) = wagic::sets::whole_cards_source(&text, &file) {
                    whole_cards_bytes += cards.len();
                    if whole_cards_bytes > MAX_WHOLE_CARDS_BYTES {
                        return Err(format!(
                            "the set files under `{}` carry more than {} MiB of whole cards",
                            shown(dir),
                            MAX_WHOLE_CARDS_BYTES >> 20
                        ));
                    }
                    whole_cards.push((shown(path), cards));
                }
                (text.into_bytes(), file)
            }
            Err(game::bounded::ReadError::TooLarge(_)) => {
                (Vec::new(), wagic::sets::SetFile { entries: Vec::new(), diagnostics: vec![wagic::sets::too_large()] })
            }
            Err(game::bounded::ReadError::Io(error)) => return Err(format!("cannot read `{}`: {error}", shown(path))),
        };
        if !file.diagnostics.is_empty() {
            errors += file.diagnostics.len();
            let source = SourceFile::new(shown(path), &bytes);
            let _ = source.write_diagnostics(
                &file.diagnostics,
                MessageFormat::Human,
                false,
                &mut std::io::sink(),
                &mut stderr,
            );
        }
        // The set is its folder, as Wagic names it.
        let set = path.parent().and_then(Path::file_name).map(|name| name.to_string_lossy()).unwrap_or_default();
        sets.add(&set, file);
    }
    let _ = writeln!(
        stderr,
        "read {} printings from {} set files ({} ids with several printings{}{})",
        sets.len(),
        sets.files(),
        sets.repeated_ids(),
        if errors > 0 { format!(", {errors} entries or lines that cannot be read") } else { String::new() },
        if sets.dropped() > 0 {
            format!(", {} printings past the limits left out", sets.dropped())
        } else {
            String::new()
        },
    );
    Ok((sets, whole_cards))
}
