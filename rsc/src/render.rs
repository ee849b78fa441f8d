//! Diagnostic rendering, and the only place diagnostics are rendered: ariadne reports for
//! people (stderr), one JSON object per line for tools (stdout).
//!
//! Every span the compiler hands over is treated as untrusted: it is clamped to the file,
//! mapped onto the lossily decoded text when the file is not UTF-8, and snapped to char
//! boundaries before any line, column or ariadne label is computed from it. Lines too long
//! to quote are reported without a snippet, so output stays bounded on any input.

use std::borrow::Cow;
use std::cell::OnceCell;
use std::ffi::OsStr;
use std::io::{self, Write};

use ariadne::{Color, Config, Fmt, IndexType, Label, Report, ReportKind, Source};
use compiler::{Code, Diagnostic, Severity};
use serde::Serialize;

/// How `rsc` reports diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum MessageFormat {
    /// Ariadne reports on stderr.
    #[default]
    Human,
    /// One JSON object per diagnostic per line on stdout.
    Json,
}

/// A line longer than this many bytes is never quoted: its diagnostics are rendered as a
/// plain `error[CODE]: message` with a `--> file:line:column` pointer.
pub const LONG_LINE: usize = 4096;

/// A span running over more lines than this is rendered without a snippet.
const MAX_SNIPPET_LINES: usize = 32;

/// The most diagnostics rendered for one file; the others are counted in one closing note
/// (5 MB of prose gives tens of thousands, which no one reads).
pub const MAX_DIAGNOSTICS_PER_FILE: usize = 100;

/// Chars are counted from a checkpoint every this many bytes.
const CHAR_STRIDE: usize = 256;

/// Whether reports on stderr get colour: only on a terminal, never with `NO_COLOR` set to
/// a non-empty value.
pub fn use_colour(stderr_is_terminal: bool, no_color: Option<&OsStr>) -> bool {
    stderr_is_terminal && no_color.is_none_or(OsStr::is_empty)
}

/// The closing line of `rsc check`: `checked 2 files: 1 error, 0 warnings`.
pub fn summary(files: usize, errors: usize, warnings: usize) -> String {
    format!(
        "checked {files} file{}: {errors} error{}, {warnings} warning{}",
        plural(files),
        plural(errors),
        plural(warnings)
    )
}

/// `error[E0008]`, the head of every human report; also what `rsc explain` prints.
pub fn code_head(code: Code) -> String {
    format!("{}[{}]", code.severity().as_str(), code.as_str())
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// Bytes of the U+FFFD that replaces each invalid sequence in the decoded text.
const REPLACEMENT_LEN: usize = '\u{FFFD}'.len_utf8();

/// A maximal invalid UTF-8 sequence of a file, replaced by one U+FFFD when decoded (as
/// [`String::from_utf8_lossy`] does).
#[derive(Debug, Clone, Copy)]
struct InvalidRun {
    /// Its first byte in the file.
    start: usize,
    /// Its length in the file.
    len: usize,
    /// Where its replacement char starts in the decoded text.
    text_start: usize,
}

/// A position in a checked file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    /// Byte offset in the decoded text (a char boundary).
    pub offset: usize,
    /// Char offset in the decoded text (what ariadne counts in).
    pub char_offset: usize,
    /// 1-based line (lines end at `\n`, as in [`compiler::LineIndex`]).
    pub line: usize,
    /// 1-based column, counted in chars.
    pub column: usize,
}

/// A diagnostic's span, made safe: clamped, snapped to char boundaries, located.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resolved {
    /// Start and end of the span in the file's bytes, clamped to the file.
    pub bytes: (usize, usize),
    /// Where the span starts.
    pub start: Location,
    /// Where the span ends (exclusive).
    pub end: Location,
}

/// The UTF-8 byte-order mark.
const BOM: &str = "\u{feff}";

/// One file's text, indexed for rendering the diagnostics found in it.
pub struct SourceFile<'a> {
    name: String,
    byte_len: usize,
    /// The file decoded, invalid sequences replaced by U+FFFD.
    text: Cow<'a, str>,
    /// Invalid sequences of the original bytes, in order (empty for valid UTF-8).
    invalid_runs: Vec<InvalidRun>,
    /// Byte offset of every line start in `text`.
    line_starts: Vec<usize>,
    /// Chars before byte `i * CHAR_STRIDE` of `text`.
    char_marks: Vec<usize>,
    /// The text as shown to ariadne, built on first use.
    display: OnceCell<Source<String>>,
}

impl<'a> SourceFile<'a> {
    /// Index `bytes`, the contents of the file shown as `name`.
    pub fn new(name: String, bytes: &'a [u8]) -> SourceFile<'a> {
        let text = String::from_utf8_lossy(bytes);
        let invalid_runs = match text {
            Cow::Borrowed(_) => Vec::new(),
            Cow::Owned(_) => {
                let mut runs = Vec::new();
                let (mut offset, mut text_offset) = (0, 0);
                for chunk in bytes.utf8_chunks() {
                    offset += chunk.valid().len();
                    text_offset += chunk.valid().len();
                    let len = chunk.invalid().len();
                    if len > 0 {
                        runs.push(InvalidRun { start: offset, len, text_start: text_offset });
                        offset += len;
                        text_offset += REPLACEMENT_LEN;
                    }
                }
                runs
            }
        };
        let mut line_starts = vec![0];
        line_starts.extend(newline_ends(text.as_bytes()));
        let mut char_marks = Vec::with_capacity(text.len() / CHAR_STRIDE + 1);
        let mut chars = 0;
        for block in text.as_bytes().chunks(CHAR_STRIDE) {
            char_marks.push(chars);
            chars += count_char_starts(block);
        }
        char_marks.push(chars);
        SourceFile {
            name,
            byte_len: bytes.len(),
            text,
            invalid_runs,
            line_starts,
            char_marks,
            display: OnceCell::new(),
        }
    }

    /// The decoded text (invalid UTF-8 replaced).
    #[cfg(test)]
    fn text(&self) -> &str {
        &self.text
    }

    /// Maps a byte offset of the original file onto the decoded text. Offsets inside an
    /// invalid sequence map to the start of its replacement char, or to its end when
    /// `round_up`.
    fn text_offset(&self, offset: usize, round_up: bool) -> usize {
        let offset = offset.min(self.byte_len);
        let before = self.invalid_runs.partition_point(|run| run.start < offset);
        let mapped = match before.checked_sub(1).map(|index| self.invalid_runs[index]) {
            None => offset,
            Some(run) if offset < run.start + run.len => run.text_start + if round_up { REPLACEMENT_LEN } else { 0 },
            Some(run) => run.text_start + REPLACEMENT_LEN + (offset - run.start - run.len),
        };
        self.snap(mapped, round_up)
    }

    /// Clamps `offset` to the text and moves it to a char boundary.
    fn snap(&self, offset: usize, round_up: bool) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            if round_up {
                offset += 1;
            } else {
                offset -= 1;
            }
        }
        offset
    }

    /// Chars before byte `offset` of the text.
    fn char_offset(&self, offset: usize) -> usize {
        let block = offset / CHAR_STRIDE;
        let from = block * CHAR_STRIDE;
        self.char_marks[block] + count_char_starts(&self.text.as_bytes()[from..offset])
    }

    /// Index of the line holding byte `offset` (0-based).
    fn line_index(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&start| start <= offset).saturating_sub(1)
    }

    /// Line and column of byte `offset`, a char boundary of the text.
    pub fn locate(&self, offset: usize) -> Location {
        let line = self.line_index(offset);
        let char_offset = self.char_offset(offset);
        let mut line_chars = self.char_offset(self.line_starts[line]);
        // A byte-order mark is not a column (as in `compiler::LineIndex`).
        if line == 0 && offset >= BOM.len() && self.text.starts_with(BOM) {
            line_chars += 1;
        }
        Location { offset, char_offset, line: line + 1, column: char_offset - line_chars + 1 }
    }

    /// Clamps, maps and locates a diagnostic's span.
    pub fn resolve(&self, diagnostic: &Diagnostic) -> Resolved {
        let start = (diagnostic.span.start as usize).min(self.byte_len);
        let end = (diagnostic.span.end as usize).clamp(start, self.byte_len);
        let text_start = self.text_offset(start, false);
        let text_end = self.text_offset(end, true).max(text_start);
        Resolved { bytes: (start, end), start: self.locate(text_start), end: self.locate(text_end) }
    }

    /// Byte length of the longest line among lines `first..=last` (0-based), newline excluded.
    fn longest_line(&self, first: usize, last: usize) -> usize {
        (first..=last)
            .map(|line| {
                let start = self.line_starts[line];
                let end = self.line_starts.get(line + 1).map_or(self.text.len(), |&next| next - 1);
                end - start
            })
            .max()
            .unwrap_or(0)
    }

    /// Whether a snippet of `resolved` stays small enough to print.
    fn quotable(&self, resolved: &Resolved) -> bool {
        let first = resolved.start.line - 1;
        let last = self.line_index(self.last_char_start(resolved)).max(first);
        last - first < MAX_SNIPPET_LINES && self.longest_line(first, last) <= LONG_LINE
    }

    /// Start of the last char covered by the span (its start when it is empty).
    fn last_char_start(&self, resolved: &Resolved) -> usize {
        if resolved.end.offset > resolved.start.offset {
            self.snap(resolved.end.offset - 1, false)
        } else {
            resolved.start.offset
        }
    }

    /// The text ariadne is given: same chars count as the text, but every line break other
    /// than `\n` and every control or bidi char replaced, so ariadne's lines and columns are
    /// ours and nothing in the file can drive the terminal.
    fn display(&self) -> &Source<String> {
        self.display.get_or_init(|| {
            let shown: String = self.text.chars().map(display_char).collect();
            Source::from(shown)
        })
    }

    /// Writes the first [`MAX_DIAGNOSTICS_PER_FILE`] of the file's `diagnostics`, human
    /// reports to `human` or JSON records to `json`, then, when some were left out, a note
    /// saying how many (as the record `{"file", "severity": "note", "message", "omitted",
    /// "omitted_errors", "omitted_warnings"}` in JSON).
    pub fn write_diagnostics(
        &self,
        diagnostics: &[Diagnostic],
        format: MessageFormat,
        colour: bool,
        json: &mut impl Write,
        human: &mut impl Write,
    ) -> io::Result<()> {
        let (shown, left_out) = diagnostics.split_at(diagnostics.len().min(MAX_DIAGNOSTICS_PER_FILE));
        let errors = left_out.iter().filter(|diagnostic| diagnostic.severity() == Severity::Error).count();
        self.write_shown_diagnostics(shown, (errors, left_out.len() - errors), format, colour, json, human)
    }

    /// Writes `shown`, then, when `left_out` (errors, warnings) counts any, the note of
    /// [`SourceFile::write_diagnostics`]: for a caller that kept only the diagnostics it
    /// shows.
    pub fn write_shown_diagnostics(
        &self,
        shown: &[Diagnostic],
        left_out: (usize, usize),
        format: MessageFormat,
        colour: bool,
        json: &mut impl Write,
        human: &mut impl Write,
    ) -> io::Result<()> {
        for diagnostic in shown {
            match format {
                MessageFormat::Human => self.write_human(human, diagnostic, colour)?,
                MessageFormat::Json => self.write_json(json, diagnostic)?,
            }
        }
        let (errors, warnings) = left_out;
        let omitted = errors + warnings;
        if omitted == 0 {
            return Ok(());
        }
        let message = format!(
            "{omitted} more diagnostic{} in this file not shown ({errors} error{}, {warnings} warning{})",
            plural(omitted),
            plural(errors),
            plural(warnings)
        );
        match format {
            MessageFormat::Human => {
                writeln!(human, "note: {message}")?;
                writeln!(human, " --> {}", sanitize(&self.name))?;
                writeln!(human)
            }
            MessageFormat::Json => {
                let record = JsonOmitted {
                    file: &self.name,
                    severity: "note",
                    message: &message,
                    omitted,
                    omitted_errors: errors,
                    omitted_warnings: warnings,
                };
                serde_json::to_writer(&mut *json, &record).map_err(io::Error::from)?;
                json.write_all(b"\n")
            }
        }
    }

    /// Writes one diagnostic as a JSON object on one line.
    pub fn write_json(&self, out: &mut impl Write, diagnostic: &Diagnostic) -> io::Result<()> {
        let resolved = self.resolve(diagnostic);
        let record = JsonDiagnostic {
            file: &self.name,
            severity: diagnostic.severity().as_str(),
            code: diagnostic.code.as_str(),
            message: &diagnostic.message,
            line: resolved.start.line,
            column: resolved.start.column,
            end_line: resolved.end.line,
            end_column: resolved.end.column,
            span: JsonSpan { start: resolved.bytes.0, end: resolved.bytes.1 },
            label: &diagnostic.label,
            help: diagnostic.help.as_deref(),
        };
        serde_json::to_writer(&mut *out, &record).map_err(io::Error::from)?;
        out.write_all(b"\n")
    }

    /// Writes one diagnostic as an ariadne report, or as a plain two-line report when its
    /// lines are too long to quote.
    pub fn write_human(&self, out: &mut impl Write, diagnostic: &Diagnostic, colour: bool) -> io::Result<()> {
        let resolved = self.resolve(diagnostic);
        if !self.quotable(&resolved) {
            return self.write_plain(out, diagnostic, &resolved);
        }
        let (start, end) = self.label_range(&resolved);
        let colour_of = match diagnostic.severity() {
            Severity::Error => Color::Red,
            Severity::Warning => Color::Yellow,
        };
        let name = sanitize(&self.name);
        let id: &str = &name;
        let config = Config::default().with_color(colour).with_index_type(IndexType::Char);
        let mut label = Label::new((id, start..end)).with_message(sanitize(&diagnostic.label));
        if colour {
            label = label.with_color(colour_of);
        }
        let kind = match diagnostic.severity() {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let mut report = Report::build(kind, (id, start..end))
            .with_config(config)
            .with_message(sanitize(&diagnostic.message))
            .with_label(label);
        if let Some(help) = &diagnostic.help {
            report = report.with_help(sanitize(help));
        }
        let mut rendered = Vec::new();
        report.finish().write(&mut (id, self.display()), &mut rendered)?;
        // Ariadne's head line is `Error: message`; ours is `error[E0008]: message`, as in
        // plain reports and `rsc explain`. The message is sanitized, so it is one line.
        let body = rendered.iter().position(|&byte| byte == b'\n').map_or(&[][..], |newline| &rendered[newline + 1..]);
        let head = format!("{}:", code_head(diagnostic.code));
        if colour {
            write!(out, "{}", head.fg(colour_of))?;
        } else {
            out.write_all(head.as_bytes())?;
        }
        writeln!(out, " {}", sanitize(&diagnostic.message))?;
        out.write_all(body)?;
        writeln!(out)
    }

    /// The char range ariadne underlines: the span, or for an empty span the char after it
    /// (when there is one on the same line), so the caret has something to point at.
    fn label_range(&self, resolved: &Resolved) -> (usize, usize) {
        let (start, end) = (resolved.start.char_offset, resolved.end.char_offset);
        if start == end {
            let next = self.text[resolved.start.offset..].chars().next();
            if next.is_some_and(|next| next != '\n') {
                return (start, start + 1);
            }
        }
        (start, end)
    }

    fn write_plain(&self, out: &mut impl Write, diagnostic: &Diagnostic, resolved: &Resolved) -> io::Result<()> {
        writeln!(out, "{}: {}", code_head(diagnostic.code), sanitize(&diagnostic.message))?;
        writeln!(out, " --> {}:{}:{}", sanitize(&self.name), resolved.start.line, resolved.start.column)?;
        if !diagnostic.label.is_empty() {
            writeln!(out, "  = note: {}", sanitize(&diagnostic.label))?;
        }
        if let Some(help) = &diagnostic.help {
            writeln!(out, "  = help: {}", sanitize(help))?;
        }
        writeln!(out)
    }
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    file: &'a str,
    severity: &'static str,
    code: &'static str,
    message: &'a str,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    span: JsonSpan,
    label: &'a str,
    help: Option<&'a str>,
}

/// The record closing a file whose diagnostics were cut at [`MAX_DIAGNOSTICS_PER_FILE`].
#[derive(Serialize)]
struct JsonOmitted<'a> {
    file: &'a str,
    severity: &'static str,
    message: &'a str,
    omitted: usize,
    omitted_errors: usize,
    omitted_warnings: usize,
}

#[derive(Serialize)]
struct JsonSpan {
    start: usize,
    end: usize,
}

/// Offsets just past every `\n`.
fn newline_ends(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes.iter().enumerate().filter(|&(_, &byte)| byte == b'\n').map(|(offset, _)| offset + 1)
}

/// Chars starting in `bytes` (bytes that are not UTF-8 continuation bytes).
fn count_char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&byte| byte & 0xC0 != 0x80).count()
}

/// One char of the text as ariadne shows it (always exactly one char).
fn display_char(c: char) -> char {
    match c {
        '\n' | '\t' => c,
        '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}' => ' ',
        c if c.is_control() || is_bidi_control(c) => '\u{FFFD}',
        c => c,
    }
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Text from a diagnostic or a path, with anything that could drive the terminal escaped.
pub(crate) fn sanitize(text: &str) -> Cow<'_, str> {
    if text.chars().all(|c| !c.is_control() && !is_bidi_control(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| if c.is_control() || is_bidi_control(c) { c.escape_unicode().to_string() } else { c.to_string() })
            .collect(),
    )
}

/// Text for a terminal that comes from files `rsc` only reads (card and deck names from a
/// card set, a saved game's or a scenario's words, a bundle's source lines): line breaks
/// and tabs kept, every other control or bidi char escaped (`\u{1b}`), so that a hostile
/// name cannot move the cursor, set the window title or reorder what the line shows.
pub fn terminal_text(text: &str) -> Cow<'_, str> {
    let drives_terminal = |c: char| (c.is_control() && c != '\n' && c != '\t') || is_bidi_control(c);
    if !text.chars().any(drives_terminal) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars().map(|c| if drives_terminal(c) { c.escape_unicode().to_string() } else { c.to_string() }).collect(),
    )
}

/// A writer of [`terminal_text`]: what `write!` gives it (whole `str` pieces) is written
/// with control chars escaped.
pub struct TerminalWriter<W: Write>(pub W);

impl<W: Write> Write for TerminalWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write_all(terminal_text(&String::from_utf8_lossy(bytes)).as_bytes())?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use compiler::{LineIndex, Span};

    fn diagnostic(start: u32, end: u32) -> Diagnostic {
        Diagnostic {
            code: Code::E0008,
            message: "unknown command `dmg`".into(),
            span: Span { start, end },
            label: "unknown command".into(),
            help: Some("did you mean `damage`?".into()),
        }
    }

    const TEXTS: &[&str] = &[
        "",
        "\n",
        "a",
        "action = dmg(300)\n",
        "é\nàb\r\nc\r\rd\u{2028}e\u{0C}f\n\n",
        "\t\tx = \u{1F600}(1)\u{202E}\n\u{0}\u{1b}[31m\n",
        "line\n  ",
        "日本語\n\n\nx",
        "\u{feff}action = dmg(3)\nx",
    ];

    #[test]
    fn locations_agree_with_the_compilers_line_index() {
        for text in TEXTS {
            let file = SourceFile::new("t.rules".into(), text.as_bytes());
            let index = LineIndex::new(text);
            for offset in (0..=text.len()).filter(|&offset| text.is_char_boundary(offset)) {
                let location = file.locate(offset);
                let (line, column) = index.line_column(text, offset as u32);
                assert_eq!((location.line, location.column), (line as usize, column as usize));
                assert_eq!(location.char_offset, text[..offset].chars().count());
            }
        }
    }

    #[test]
    fn locations_are_fast_to_compute_on_a_long_line() {
        let text = "é".repeat(300_000);
        let file = SourceFile::new("t.rules".into(), text.as_bytes());
        let location = file.locate(text.len());
        assert_eq!((location.line, location.column), (1, 300_001));
    }

    #[test]
    fn every_span_renders_without_panicking() {
        for text in TEXTS {
            let file = SourceFile::new("t.rules".into(), text.as_bytes());
            let limit = text.len() as u32 + 2;
            for start in 0..=limit {
                for end in 0..=limit {
                    let diagnostic = diagnostic(start, end);
                    let mut out = Vec::new();
                    file.write_human(&mut out, &diagnostic, false).unwrap();
                    file.write_human(&mut out, &diagnostic, true).unwrap();
                    file.write_json(&mut out, &diagnostic).unwrap();
                    let out = String::from_utf8(out).unwrap();
                    assert!(out.contains("error[E0008]"), "{out}");
                }
            }
        }
    }

    #[test]
    fn terminal_text_escapes_what_drives_a_terminal_and_keeps_lines() {
        let hostile = "Ryu\u{1b}[31m\u{1b}]0;title\u{7}\u{9b}2J\u{202e}\tx\ny";
        assert_eq!(terminal_text(hostile), "Ryu\\u{1b}[31m\\u{1b}]0;title\\u{7}\\u{9b}2J\\u{202e}\tx\ny");
        assert!(matches!(terminal_text("plain\tline\n"), Cow::Borrowed(_)));
        let mut out = TerminalWriter(Vec::new());
        let action = "p0 draws";
        write!(out, "{action}: {hostile}").unwrap();
        assert_eq!(String::from_utf8(out.0).unwrap(), format!("p0 draws: {}", terminal_text(hostile)));
    }

    #[test]
    fn uncoloured_reports_hold_no_escape_and_no_raw_control() {
        for text in TEXTS {
            let file = SourceFile::new("t.rules".into(), text.as_bytes());
            let mut out = Vec::new();
            for start in 0..=text.len() as u32 {
                file.write_human(&mut out, &diagnostic(start, start + 3), false).unwrap();
            }
            let out = String::from_utf8(out).unwrap();
            assert!(!out.contains('\x1b'), "{out}");
            assert!(!out.contains('\u{202E}'), "{out}");
        }
    }

    #[test]
    fn report_head_and_location() {
        let text = "name = x\naction = dmg(300)\n";
        let file = SourceFile::new("card.rules".into(), text.as_bytes());
        let mut out = Vec::new();
        file.write_human(&mut out, &diagnostic(18, 21), false).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.starts_with("error[E0008]: unknown command `dmg`\n"), "{out}");
        assert!(out.contains("card.rules:2:10"), "{out}");
        assert!(out.contains("unknown command"), "{out}");
        assert!(out.contains("did you mean `damage`?"), "{out}");
    }

    #[test]
    fn invalid_utf8_maps_onto_the_lossy_text() {
        let bytes = b"a\xffb\xf0\x9f\nc\xfe";
        let file = SourceFile::new("t.rules".into(), bytes);
        assert_eq!(file.text(), "a\u{FFFD}b\u{FFFD}\nc\u{FFFD}");
        let at = |start, end| {
            let resolved = file.resolve(&diagnostic(start, end));
            (resolved.start.line, resolved.start.column, resolved.end.line, resolved.end.column)
        };
        assert_eq!(at(1, 2), (1, 2, 1, 3));
        assert_eq!(at(2, 3), (1, 3, 1, 4));
        assert_eq!(at(3, 5), (1, 4, 1, 5));
        assert_eq!(at(4, 4), (1, 4, 1, 5));
        assert_eq!(at(7, 8), (2, 2, 2, 3));
        assert_eq!(at(8, 100), (2, 3, 2, 3));
    }

    #[test]
    fn long_lines_are_not_quoted() {
        let text = format!("action = {}\n", "(".repeat(LONG_LINE + 1));
        let file = SourceFile::new("big.rules".into(), text.as_bytes());
        let mut out = Vec::new();
        file.write_human(&mut out, &diagnostic(9, 10), false).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out,
            "error[E0008]: unknown command `dmg`\n --> big.rules:1:10\n  = note: unknown command\n  = help: did you mean `damage`?\n\n"
        );
    }

    #[test]
    fn summary_wording() {
        assert_eq!(summary(1, 0, 0), "checked 1 file: 0 errors, 0 warnings");
        assert_eq!(summary(2, 1, 1), "checked 2 files: 1 error, 1 warning");
        assert_eq!(summary(0, 3, 2), "checked 0 files: 3 errors, 2 warnings");
    }

    #[test]
    fn colour_needs_a_terminal_and_no_no_color() {
        assert!(use_colour(true, None));
        assert!(use_colour(true, Some(OsStr::new(""))));
        assert!(!use_colour(true, Some(OsStr::new("1"))));
        assert!(!use_colour(false, None));
    }
}
