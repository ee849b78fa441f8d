//! `rsc compile PATH... -o OUT.rsb [--strip] [--stats] [--catalogue FILE]`: compiles `.rules`
//! files and folders into one bundle, against Card Fighters' Clash's catalogue or a catalogue
//! file's. Diagnostics are rendered as `rsc check` renders them; when any is an
//! error no bundle is written. `--stats` reports cards, source bytes, bundle bytes per
//! section and the time spent compiling (as one JSON object on stdout with
//! `--message-format json`).

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use compiler::session::Session;
use compiler::{Diagnostic, Severity};
use vm::bytecode::BundleBuilder;
use vm::bytecode::format::section_sizes;
use vm::catalogue::Catalogue;

use crate::Exit;
use crate::check::{expand, read_source};
use crate::render::{self, MessageFormat, SourceFile};
use crate::run::check_outputs;

/// What `rsc compile` was asked to do.
pub struct Options<'a> {
    /// Files and folders to compile.
    pub paths: &'a [PathBuf],
    /// Where to write the bundle.
    pub output: &'a Path,
    /// Leave the debug section out.
    pub strip: bool,
    /// Report sizes and times.
    pub stats: bool,
    /// Human or JSON output.
    pub format: MessageFormat,
    /// What the cards are checked against, and the bundle records.
    pub catalogue: &'static Catalogue,
}

/// One input file, read before timing starts.
struct Input {
    path: PathBuf,
    key: String,
    bytes: Vec<u8>,
}

/// Runs `rsc compile`.
pub fn run(options: &Options<'_>) -> Exit {
    let colour = render::use_colour(io::stderr().is_terminal(), std::env::var_os("NO_COLOR").as_deref());
    let mut stdout = BufWriter::new(io::stdout().lock());
    let mut stderr = BufWriter::new(io::stderr().lock());
    let result = compile(options, colour, &mut stdout, &mut stderr);
    let _ = stdout.flush();
    let _ = stderr.flush();
    result.unwrap_or(Exit::Usage)
}

fn compile(options: &Options<'_>, colour: bool, stdout: &mut impl Write, stderr: &mut impl Write) -> io::Result<Exit> {
    let inputs = match read_inputs(options.paths, stderr)? {
        Some(inputs) => inputs,
        None => return Ok(Exit::Usage),
    };
    if let Some(exit) = duplicate_keys(&inputs, stderr)? {
        return Ok(exit);
    }
    let input_paths: Vec<PathBuf> = inputs.iter().map(|input| input.path.clone()).collect();
    if let Err(message) = check_outputs(&[("-o", options.output)], &input_paths) {
        writeln!(stderr, "error: {message}")?;
        return Ok(Exit::Usage);
    }
    let mut session = Session::new(options.catalogue);
    let mut bundle = BundleBuilder::with_capacity(options.catalogue, inputs.len());
    bundle.set_strip(options.strip);
    let file_names: Vec<String> = inputs.iter().map(|input| input.path.display().to_string()).collect();
    let started = Instant::now();
    // Every valid UTF-8 file is compiled in one batch; the others are reported as they are.
    let texts: Vec<Option<&str>> = inputs.iter().map(|input| std::str::from_utf8(&input.bytes).ok()).collect();
    let files: Vec<compiler::session::SourceFile<'_>> = inputs
        .iter()
        .zip(&file_names)
        .zip(&texts)
        .filter_map(|((input, file), text)| {
            Some(compiler::session::SourceFile { key: &input.key, file, source: (*text)? })
        })
        .collect();
    let mut compiled = session.compile_files(&files, &mut bundle).into_iter();
    let all_diagnostics: Vec<Vec<Diagnostic>> = inputs
        .iter()
        .zip(&texts)
        .map(|(input, text)| match text {
            Some(_) => compiled.next().unwrap_or_default(),
            None => session.check_bytes(&input.bytes),
        })
        .collect();
    let compile_time = started.elapsed();
    let (mut errors, mut warnings) = (0, 0);
    for ((input, file_name), diagnostics) in inputs.iter().zip(file_names).zip(&all_diagnostics) {
        if diagnostics.is_empty() {
            continue;
        }
        let file = SourceFile::new(file_name, &input.bytes);
        for diagnostic in diagnostics {
            match diagnostic.severity() {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
            }
        }
        file.write_diagnostics(diagnostics, options.format, colour, stdout, stderr)?;
    }
    if errors > 0 {
        writeln!(stderr, "{}; no bundle written", render::summary(inputs.len(), errors, warnings))?;
        return Ok(Exit::Errors);
    }
    let started = Instant::now();
    let bytes = match bundle.finish() {
        Ok(bytes) => bytes,
        Err(error) => {
            writeln!(stderr, "error: internal compiler error while building the bundle: {error}")?;
            return Ok(Exit::Errors);
        }
    };
    let encode_time = started.elapsed();
    if let Err(error) = game::output::write(options.output, &bytes) {
        writeln!(stderr, "error: cannot write `{}`: {error}", options.output.display())?;
        return Ok(Exit::Usage);
    }
    let source_bytes: usize = inputs.iter().map(|input| input.bytes.len()).sum();
    if options.stats {
        let stats = Stats { cards: inputs.len(), source_bytes, bytes: &bytes, compile_time, encode_time };
        match options.format {
            MessageFormat::Human => stats.write_human(stderr)?,
            MessageFormat::Json => stats.write_json(stdout)?,
        }
    }
    writeln!(
        stderr,
        "compiled {} card{} into `{}` ({} bytes); {warnings} warning{}",
        inputs.len(),
        if inputs.len() == 1 { "" } else { "s" },
        options.output.display(),
        bytes.len(),
        if warnings == 1 { "" } else { "s" },
    )?;
    Ok(Exit::Success)
}

/// Reads every input; `None` (after reporting) when a path cannot be read.
fn read_inputs(paths: &[PathBuf], stderr: &mut impl Write) -> io::Result<Option<Vec<Input>>> {
    let mut inputs = Vec::new();
    let mut trouble = false;
    for path in paths {
        let mut unreadable = Vec::new();
        for file in expand(path, crate::check::EXTENSION, &mut unreadable) {
            match read_source(&file) {
                Ok(bytes) => {
                    let key = file.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
                    inputs.push(Input { path: file, key, bytes });
                }
                Err(error) => unreadable.push((file, error)),
            }
        }
        for (path, error) in unreadable {
            trouble = true;
            writeln!(stderr, "error: cannot read `{}`: {error}", path.display())?;
        }
    }
    Ok(if trouble { None } else { Some(inputs) })
}

/// Two files with the same stem would be the same card.
fn duplicate_keys(inputs: &[Input], stderr: &mut impl Write) -> io::Result<Option<Exit>> {
    let mut sorted: Vec<&Input> = inputs.iter().collect();
    sorted.sort_by(|a, b| a.key.cmp(&b.key));
    let mut duplicate = false;
    for pair in sorted.windows(2) {
        if pair[0].key == pair[1].key {
            duplicate = true;
            writeln!(
                stderr,
                "error: card key `{}` is given by both `{}` and `{}` (a card's key is its file stem)",
                pair[0].key,
                pair[0].path.display(),
                pair[1].path.display()
            )?;
        }
    }
    Ok(duplicate.then_some(Exit::Errors))
}

/// What `--stats` reports.
struct Stats<'b> {
    cards: usize,
    source_bytes: usize,
    bytes: &'b [u8],
    compile_time: Duration,
    encode_time: Duration,
}

impl Stats<'_> {
    fn sections(&self) -> Vec<(&'static str, usize)> {
        section_sizes(self.bytes)
            .unwrap_or_default()
            .into_iter()
            .map(|(section, size)| (section.name(), size))
            .collect()
    }

    fn write_human(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "cards          {}", self.cards)?;
        writeln!(out, "source bytes   {}", self.source_bytes)?;
        writeln!(
            out,
            "bundle bytes   {} ({:.2}x the source)",
            self.bytes.len(),
            self.bytes.len() as f64 / self.source_bytes.max(1) as f64
        )?;
        for (name, size) in self.sections() {
            writeln!(out, "  {name:<12} {size}")?;
        }
        writeln!(out, "compile        {} us (parse, check, lower, codegen)", self.compile_time.as_micros())?;
        writeln!(out, "encode         {} us (write and verify the bundle)", self.encode_time.as_micros())?;
        Ok(())
    }

    fn write_json(&self, out: &mut impl Write) -> io::Result<()> {
        let sections: serde_json::Map<String, serde_json::Value> =
            self.sections().into_iter().map(|(name, size)| (name.to_string(), size.into())).collect();
        let value = serde_json::json!({
            "cards": self.cards,
            "source_bytes": self.source_bytes,
            "bundle_bytes": self.bytes.len(),
            "section_bytes": sections,
            "compile_us": self.compile_time.as_micros() as u64,
            "encode_us": self.encode_time.as_micros() as u64,
        });
        writeln!(out, "{value}")
    }
}
