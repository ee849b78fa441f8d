//! `rsc check --lang wagic FILE... [--stats]` and `rsc compile --lang wagic FILE... -o
//! OUT.rsb [--stats]`: Wagic card files (`[card]` blocks) through the `wagic` front end and
//! the shared code generator. Each card's diagnostics are rendered against the Wagic file
//! itself: its errors when it does not compile (each line's first), and its warnings (values
//! Wagic reads otherwise than written), which leave it in the bundle. `compile` writes the
//! bundle of the cards that compiled (the others are named, and the exit code is 1 when any
//! was left out). `--stats` prints the tally: cards compiled, and cards left out by
//! construct. A lone CR ends a line as LF does; a file with no `[card]` block is warned
//! about. Folders are searched for `*.txt` files. A file that is not UTF-8 is read whole:
//! each card holding a bad byte gets E0001 at its first, and the other cards compile.

use std::borrow::Cow;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use vm::bytecode::BundleBuilder;

use compiler::Diagnostic;

use crate::Exit;
use crate::check::{expand, read_source};
use crate::render::{self, MessageFormat, SourceFile};
use crate::run::check_outputs;

/// The extension of Wagic card files (Wagic's `sets/primitives/*.txt`), looked for in
/// folders.
const EXTENSION: &str = "txt";

/// What a Wagic run was asked to do.
pub struct Options<'a> {
    /// The card files.
    pub paths: &'a [PathBuf],
    /// Where to write the bundle (`compile`); none for `check`.
    pub output: Option<&'a Path>,
    /// Leave out the debug section.
    pub strip: bool,
    /// Print the tally.
    pub stats: bool,
    /// Human or JSON output.
    pub format: MessageFormat,
    /// Wagic's set files (`--sets`), whose ids `token(id)` names its token card by.
    pub sets: Option<&'a Path>,
}

/// Runs `check` or `compile` on Wagic card files.
pub fn run(options: &Options<'_>) -> Exit {
    let colour = options.format == MessageFormat::Human
        && render::use_colour(io::stderr().is_terminal(), std::env::var_os("NO_COLOR").as_deref());
    let mut stdout = BufWriter::new(io::stdout().lock());
    let mut stderr = BufWriter::new(io::stderr().lock());
    let result = run_files(options, colour, &mut stdout, &mut stderr);
    let _ = stdout.flush();
    let _ = stderr.flush();
    result.unwrap_or(Exit::Usage)
}

fn run_files(
    options: &Options<'_>,
    colour: bool,
    stdout: &mut impl Write,
    stderr: &mut impl Write,
) -> io::Result<Exit> {
    let mut files = Vec::new();
    let mut unreadable = Vec::new();
    for path in options.paths {
        let found = expand(path, EXTENSION, &mut unreadable);
        if found.is_empty() && path.is_dir() {
            writeln!(stderr, "warning: `{}` holds no `*.{EXTENSION}` file", path.display())?;
        }
        files.extend(found);
    }
    // A file named twice (`cards/` and `cards/red.txt`) is read once: its cards would
    // otherwise all be met again, as `name#2`.
    let mut seen = std::collections::HashSet::new();
    files.retain(|path| seen.insert(std::fs::canonicalize(path).unwrap_or_else(|_| path.clone())));
    if let Some((path, error)) = unreadable.first() {
        writeln!(stderr, "error: cannot read `{}`: {error}", path.display())?;
        return Ok(Exit::Usage);
    }
    let mut inputs = Vec::new();
    for path in &files {
        match read_source(path) {
            Ok(bytes) => inputs.push((path, bytes)),
            Err(error) => {
                writeln!(stderr, "error: cannot read `{}`: {error}", path.display())?;
                return Ok(Exit::Usage);
            }
        }
    }
    if let Some(output) = options.output {
        if let Err(message) = check_outputs(&[("-o", output)], &files) {
            writeln!(stderr, "error: {message}")?;
            return Ok(Exit::Usage);
        }
    }
    let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
    bundle.set_strip(options.strip);
    let mut tally = wagic::Tally::default();
    // One bundle holds each key once, whichever file a card is in.
    let keys = match options.sets {
        None => wagic::CardKeys::default(),
        Some(dir) => match crate::wagic_test::read_sets(dir) {
            Ok((sets, whole_cards)) => {
                // A printing's card is one of the card files, or a whole card of the sets.
                let texts = inputs.iter().map(|(_, bytes)| String::from_utf8_lossy(bytes));
                let texts: Vec<Cow<'_, str>> = texts.chain(whole_cards.iter().map(|(_, text)| text.into())).collect();
                let blocks: Vec<_> = texts.iter().flat_map(|text| wagic::reader::read(text)).collect();
                let token_cards = wagic::token_cards::TokenCards::new(sets, blocks.iter().map(|block| block.name()));
                wagic::CardKeys::with_token_cards(std::sync::Arc::new(token_cards))
            }
            Err(message) => {
                writeln!(stderr, "error: {message}")?;
                return Ok(Exit::Usage);
            }
        },
    };
    // `flip(Name)` names a card of any of the files, and is refused when that card is (as
    // `rsc run` refuses it).
    let texts: Vec<Cow<'_, str>> = inputs.iter().map(|(_, bytes)| String::from_utf8_lossy(bytes)).collect();
    let texts: Vec<&str> = texts.iter().map(|text| text.as_ref()).collect();
    let card_names = wagic::card_names::CardNames::of_sources(&texts, &keys);
    let mut keys = keys.with_card_names(std::sync::Arc::new(card_names));
    let started = Instant::now();
    let mut errors = 0;
    let mut warnings = 0;
    for (path, bytes) in &inputs {
        let name = path.display().to_string();
        // A file that is not UTF-8 is read whole, each bad byte a `?` of the same length:
        // the cards holding one are refused (E0001 at it), the others compile.
        let (lossy, first_invalid) = wagic::reader::same_length_lossy(bytes);
        // Diagnostics are rendered against the lines the front end read, with the file's
        // own bytes where they are not UTF-8.
        let text = wagic::reader::with_lf_line_ends(&lossy);
        let shown_bytes: Cow<'_, [u8]> = match first_invalid {
            None => Cow::Borrowed(text.as_bytes()),
            Some(_) => Cow::Owned(
                text.bytes()
                    .zip(bytes.iter())
                    .map(|(read, &original)| if read == b'?' { original } else { read })
                    .collect(),
            ),
        };
        let file = SourceFile::new(name.clone(), &shown_bytes);
        let shown_name = render::sanitize(&name).into_owned();
        // The first 100 diagnostics of the file are kept to be shown, the others counted
        // (as `rsc check` shows them); outcomes are not kept.
        let mut shown: Vec<Diagnostic> = Vec::new();
        let mut left_out = (0, 0);
        let (mut file_errors, mut file_warnings) = (0, 0);
        let mut cards = 0;
        let mut notes = Ok(());
        let original = first_invalid.map(|_| bytes.as_slice());
        let refused_for_bytes = wagic::compile_bytes_each(&name, &text, original, &mut bundle, &mut keys, |outcome| {
            cards += 1;
            tally.add_one(&outcome);
            // A key taken before (most often the same name: a copy left over): say which key
            // the card got, and why, also for a name written like a key given (`Echo#2`).
            if let Some(key) = outcome.key.as_deref().filter(|key| *key != outcome.name)
                && notes.is_ok()
            {
                let line = file.locate(outcome.open.start as usize).line;
                notes = writeln!(
                    stderr,
                    "note: {shown_name}:{line}: `{name}` is `{}` in the bundle, as an earlier card has the key `{name}`",
                    render::sanitize(key),
                    name = render::sanitize(&outcome.name),
                );
            }
            // The card's diagnostics in file order: its errors, each line's first, and its
            // warnings.
            let mut diagnostics: Vec<Diagnostic> =
                outcome.error.into_iter().chain(outcome.further_errors).chain(outcome.warnings).collect();
            diagnostics.sort_by_key(|diagnostic| diagnostic.span.start);
            for diagnostic in diagnostics {
                let is_error = diagnostic.severity() == compiler::Severity::Error;
                if is_error {
                    file_errors += 1;
                } else {
                    file_warnings += 1;
                }
                if shown.len() < render::MAX_DIAGNOSTICS_PER_FILE {
                    shown.push(diagnostic);
                } else if is_error {
                    left_out.0 += 1;
                } else {
                    left_out.1 += 1;
                }
            }
        });
        notes?;
        // Bad bytes outside any block (in a comment): the file is still not UTF-8.
        if let Some(offset) = first_invalid.filter(|_| !refused_for_bytes) {
            file_errors += 1;
            let at = shown.partition_point(|diagnostic| (diagnostic.span.start as usize) < offset);
            shown.insert(at, wagic::diagnostics::invalid_utf8(offset));
        }
        if cards == 0 {
            writeln!(stderr, "warning: `{name}` has no `[card]` block")?;
        }
        errors += file_errors;
        warnings += file_warnings;
        file.write_shown_diagnostics(&shown, left_out, options.format, colour, stdout, stderr)?;
    }
    let compile_time = started.elapsed();
    if options.stats {
        match options.format {
            MessageFormat::Human => {
                write!(stdout, "{}", tally.render(usize::MAX))?;
                writeln!(
                    stdout,
                    "compile: {} us, {:.0} cards/s",
                    compile_time.as_micros(),
                    tally.cards as f64 / compile_time.as_secs_f64().max(1e-9)
                )?;
            }
            MessageFormat::Json => {
                let unsupported: serde_json::Map<String, serde_json::Value> =
                    tally.unsupported.iter().map(|(construct, count)| (construct.clone(), (*count).into())).collect();
                let value = serde_json::json!({
                    "cards": tally.cards,
                    "compiled": tally.compiled,
                    "unsupported": unsupported,
                    "warnings": tally.warnings,
                    "compile_us": compile_time.as_micros() as u64,
                });
                writeln!(stdout, "{value}")?;
            }
        }
    }
    if let Some(output) = options.output {
        let bytes = match bundle.finish() {
            Ok(bytes) => bytes,
            Err(error) => {
                writeln!(stderr, "error: internal compiler error while building the bundle: {error}")?;
                return Ok(Exit::Errors);
            }
        };
        if let Err(error) = game::output::write(output, &bytes) {
            writeln!(stderr, "error: cannot write `{}`: {error}", output.display())?;
            return Ok(Exit::Usage);
        }
        writeln!(
            stderr,
            "compiled {} of {} cards into `{}` ({} bytes); {} left out",
            tally.compiled,
            tally.cards,
            output.display(),
            bytes.len(),
            tally.cards - tally.compiled
        )?;
    } else {
        let warned = match warnings {
            0 => String::new(),
            count => format!(", {count} warning{}", plural(count)),
        };
        writeln!(
            stderr,
            "{} of {} cards compile; {errors} error{}{warned}",
            tally.compiled,
            tally.cards,
            plural(errors)
        )?;
    }
    Ok(if errors > 0 { Exit::Errors } else { Exit::Success })
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}
