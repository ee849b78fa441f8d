//! Error tests: each `.rules` file in `compiler/test_data/err/` is a small card, valid
//! RuleScript apart from the mistakes it demonstrates, that says in comments which
//! diagnostics the compiler must report on it:
//!
//! ```text
//! action = dmg(300) to(opp)  # error: E0008 unknown command `dmg`
//! # error-next-line: E0008
//! action = heal(200) to(me)
//! vars = _coin := flipCoin()  # warning: W0003
//! ```
//!
//! - `# error: CODE` or `# warning: CODE` after the code of a line: that line carries a
//!   diagnostic with that code (the line of its span's start).
//! - `# error-next-line: CODE` or `# warning-next-line: CODE` on a line of its own: the next
//!   line that is not itself such an annotation carries it.
//! - Text after the code, if any, must be a substring of the diagnostic's message.
//! - One annotation stands for one diagnostic: a line with two `E0008` needs two annotations
//!   (`# error: E0008 `dmg` # error: E0008 `drw``).
//! - The diagnostics of a file must be exactly its annotations: none missing, none extra.
//!
//! Inputs that are better not committed as text files (invalid UTF-8, a line longer than the
//! lexer accepts) are built by [`generated_cases`] and checked the same way. Every code of
//! [`Code::ALL`] must be shown by some case, except those in [`UNCOVERABLE`].

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use compiler::lexer::MAX_LINE_BYTES;
use compiler::{Code, Diagnostic, LineIndex, Severity};

/// Codes that no input can trigger yet, each with the reason. A code listed here must not be
/// shown by any case: once it becomes reachable, add a file and remove it from this list.
const UNCOVERABLE: &[(Code, &str)] = &[
    (Code::E0100, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::E0101, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::E0102, "reported when reading a catalogue file (`catalogue-file` crate), never for `.rules` text"),
    (Code::E0103, "reported when reading a catalogue file (`catalogue-file` crate), never for `.rules` text"),
    (Code::E0104, "reported when reading a catalogue file (`catalogue-file` crate), never for `.rules` text"),
    (Code::E0105, "reported when reading a catalogue file (`catalogue-file` crate), never for `.rules` text"),
    (Code::E0106, "reported when reading a catalogue file (`catalogue-file` crate), never for `.rules` text"),
    (Code::E0107, "reported when reading a catalogue file (`catalogue-file` crate), never for `.rules` text"),
    (Code::E0108, "reported when reading a catalogue file (`catalogue-file` crate), never for `.rules` text"),
    (Code::E0109, "reported when reading Wagic's set files (`wagic` crate), never for `.rules` text"),
    (Code::W0100, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::W0101, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::W0102, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::W0103, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::W0104, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::W0105, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::W0106, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::W0107, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::W0108, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
    (Code::W0109, "reported by the Wagic front end (`wagic` crate), never for `.rules` text"),
];

/// One input: a name for the report, and the bytes the compiler is given.
struct Case {
    name: String,
    bytes: Vec<u8>,
}

/// One expected diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Annotation {
    /// The 1-based line that must carry the diagnostic.
    line: u32,
    code: Code,
    /// When given, must be a substring of the diagnostic's message.
    text: Option<String>,
}

/// What checking one case found.
struct Outcome {
    /// The codes both annotated and reported.
    shown: BTreeSet<Code>,
    /// What is wrong with the case, if anything.
    report: Option<String>,
}

fn err_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data").join("err")
}

/// Every `.rules` file of `test_data/err/`, sorted by name.
fn file_cases() -> Vec<Case> {
    let dir = err_dir();
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()));
    let mut cases: Vec<Case> = entries
        .map(|entry| entry.unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display())).path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "rules"))
        .map(|path| Case {
            name: path.file_name().map_or_else(String::new, |name| name.to_string_lossy().into_owned()),
            bytes: std::fs::read(&path).unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display())),
        })
        .collect();
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    assert!(!cases.is_empty(), "no `.rules` files in {}", dir.display());
    cases
}

/// Cases built at test time rather than committed.
fn generated_cases() -> Vec<Case> {
    // A label saved as Latin-1: `é` and `è` are single bytes that are not UTF-8. Only the
    // first invalid byte is reported.
    let mut latin1 = b"# Cafe creme: the label was saved as Latin-1, not as UTF-8.\n".to_vec();
    latin1.extend_from_slice(b"action = sp(+2) & draw()\n");
    latin1.extend_from_slice(b"label = Caf\xe9 cr\xe8me  # error: E0001 source is not valid UTF-8\n");

    // A truncated multi-byte character (`\xe2\x80` is the start of `\u{2019}`) on a later line.
    let mut truncated = b"# Apostrophe: a curly quote cut in half by a broken editor.\n".to_vec();
    truncated.extend_from_slice(b"action = draw(2)\n");
    truncated.extend_from_slice(b"label = Don\xe2\x80t stop  # error: E0001 source is not valid UTF-8\n");

    // A label longer than the longest line the lexer accepts.
    let words = "Draw three cards and read them aloud. ".repeat(MAX_LINE_BYTES / 38 + 1);
    let long = format!(
        "# Filibuster: a label longer than any line the lexer accepts.\n\
         action = draw(3)\n\
         label = {words} # error: E0041 line is longer than {MAX_LINE_BYTES} bytes\n"
    );

    // An action whose code is longer than an entry of the bytecode holds.
    let too_long = format!(
        "# Ten thousand cuts: an action of 7,900 small heals.
         action = {}hp(1)  # error: E0044 longer than 65535 bytes
",
        "hp(1) & ".repeat(7_900)
    );

    // More actions than a bundle has entries.
    let mut full = "# Library of Babel: an action for every book.
"
    .to_string();
    full.push_str(
        &"action = draw()
"
        .repeat(65_535),
    );
    full.push_str(
        "action = draw()  # error: E0047 past 65535 entries
",
    );

    vec![
        Case { name: "generated: e0001_latin1_label".into(), bytes: latin1 },
        Case { name: "generated: e0001_truncated_character".into(), bytes: truncated },
        Case { name: "generated: e0041_line_too_long".into(), bytes: long.into_bytes() },
        Case { name: "generated: e0044_action_too_long".into(), bytes: too_long.into_bytes() },
        Case { name: "generated: e0047_bundle_table_full".into(), bytes: full.into_bytes() },
    ]
}

fn all_cases() -> Vec<Case> {
    let mut cases = file_cases();
    cases.extend(generated_cases());
    cases
}

// ---------------------------------------------------------------- annotations

/// The annotation markers: text after `#`, severity, and whether it is about the next line.
const MARKERS: &[(&str, Severity, bool)] = &[
    ("error-next-line:", Severity::Error, true),
    ("warning-next-line:", Severity::Warning, true),
    ("error:", Severity::Error, false),
    ("warning:", Severity::Warning, false),
];

/// Reads the annotations of `text` (named `name` in errors).
fn parse_annotations(name: &str, text: &str) -> Result<Vec<Annotation>, String> {
    let mut annotations = Vec::new();
    let mut pending: Vec<(Code, Option<String>, u32)> = Vec::new();
    let mut last_line = 0;
    for (index, line) in text.split('\n').enumerate() {
        let number = u32::try_from(index + 1).map_err(|_| format!("{name}: too many lines"))?;
        last_line = number;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut about_next_line = false;
        for (hash, _) in line.match_indices('#') {
            let after = line[hash + 1..].trim_start();
            let Some(&(marker, severity, next_line)) = MARKERS.iter().find(|(marker, ..)| after.starts_with(marker))
            else {
                continue;
            };
            let payload = after[marker.len()..].split('#').next().unwrap_or("").trim();
            let (code_text, message) = payload.split_once(char::is_whitespace).unwrap_or((payload, ""));
            let code = Code::parse(code_text)
                .ok_or_else(|| format!("{name}:{number}: `{code_text}` after `{marker}` is not a diagnostic code"))?;
            if code.severity() != severity {
                return Err(format!(
                    "{name}:{number}: {} is {} {}, not {} {}",
                    code.as_str(),
                    article(code.severity()),
                    code.severity().as_str(),
                    article(severity),
                    severity.as_str(),
                ));
            }
            let message = message.trim();
            let text = (!message.is_empty()).then(|| message.to_string());
            if next_line {
                if !line.trim_start().starts_with('#') {
                    return Err(format!("{name}:{number}: `# {marker}` must be on a line of its own"));
                }
                about_next_line = true;
                pending.push((code, text, number));
            } else {
                annotations.push(Annotation { line: number, code, text });
            }
        }
        if !about_next_line {
            annotations.extend(pending.drain(..).map(|(code, text, _)| Annotation { line: number, code, text }));
        }
    }
    if let Some((_, _, line)) = pending.first() {
        return Err(format!(
            "{name}:{line}: a `-next-line` annotation has no next line (the file ends at line {last_line})"
        ));
    }
    Ok(annotations)
}

fn article(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "an",
        Severity::Warning => "a",
    }
}

// ---------------------------------------------------------------- checking one case

/// Runs the compiler on `case` and compares its diagnostics with the annotations.
fn check_case(case: &Case) -> Outcome {
    // Before the first invalid byte the lossy text has the same bytes as the source, and the
    // only diagnostic of an invalid source (E0001) points at that byte: offsets stay valid.
    let text = String::from_utf8_lossy(&case.bytes);
    let annotations = match parse_annotations(&case.name, &text) {
        Ok(annotations) => annotations,
        Err(error) => {
            return Outcome { shown: BTreeSet::new(), report: Some(format!("{error}\n")) };
        }
    };
    let diagnostics = compiler::check_bytes(&case.bytes, &stdlib::CATALOGUE);
    let index = LineIndex::new(&text);
    let lines: Vec<u32> =
        diagnostics.iter().map(|diagnostic| index.line_column(&text, diagnostic.span.start).0).collect();

    let mut problems: Vec<String> = Vec::new();
    if annotations.is_empty() {
        problems.push("the case has no `# error:` or `# warning:` annotation".into());
    }
    if std::str::from_utf8(&case.bytes).is_ok() {
        for diagnostic in &diagnostics {
            if let Some(problem) = shape_problem(&text, diagnostic) {
                problems.push(format!("malformed {}: {problem}", describe(&text, &index, diagnostic)));
            }
        }
    }

    // Match the annotations with a message text first, so that a bare annotation does not
    // take the diagnostic a more specific one needs.
    let mut matched = vec![false; diagnostics.len()];
    let mut missing: Vec<&Annotation> = Vec::new();
    let mut shown = BTreeSet::new();
    let mut order: Vec<&Annotation> = annotations.iter().collect();
    order.sort_by_key(|annotation| (annotation.text.is_none(), annotation.line));
    for annotation in order {
        let found = (0..diagnostics.len()).find(|&i| {
            !matched[i]
                && lines[i] == annotation.line
                && diagnostics[i].code == annotation.code
                && annotation.text.as_deref().is_none_or(|text| diagnostics[i].message.contains(text))
        });
        match found {
            Some(i) => {
                matched[i] = true;
                shown.insert(annotation.code);
            }
            None => missing.push(annotation),
        }
    }
    missing.sort_by_key(|annotation| annotation.line);
    let unexpected: Vec<&Diagnostic> =
        diagnostics.iter().zip(&matched).filter(|(_, matched)| !**matched).map(|(diagnostic, _)| diagnostic).collect();

    if problems.is_empty() && missing.is_empty() && unexpected.is_empty() {
        return Outcome { shown, report: None };
    }
    let mut report = format!("{}:\n", case.name);
    for problem in &problems {
        let _ = writeln!(report, "  {problem}");
    }
    for annotation in &missing {
        let _ = write!(
            report,
            "  missing    line {}: {}[{}]",
            annotation.line,
            annotation.code.severity().as_str(),
            annotation.code.as_str()
        );
        match &annotation.text {
            Some(text) => {
                let _ = writeln!(report, " with a message containing {text:?}");
            }
            None => report.push('\n'),
        }
    }
    for diagnostic in &unexpected {
        let _ = writeln!(report, "  unexpected {}", describe(&text, &index, diagnostic));
    }
    let _ = writeln!(report, "  expected (annotations):");
    if annotations.is_empty() {
        let _ = writeln!(report, "    (none)");
    }
    for annotation in &annotations {
        let _ = writeln!(
            report,
            "    line {}: {}[{}]{}",
            annotation.line,
            annotation.code.severity().as_str(),
            annotation.code.as_str(),
            annotation.text.as_deref().map_or_else(String::new, |text| format!(" {text:?}")),
        );
    }
    let _ = writeln!(report, "  actual (diagnostics):");
    if diagnostics.is_empty() {
        let _ = writeln!(report, "    (none)");
    }
    for diagnostic in &diagnostics {
        let _ = writeln!(report, "    {}", describe(&text, &index, diagnostic));
    }
    let concerned: BTreeSet<u32> = missing
        .iter()
        .map(|annotation| annotation.line)
        .chain(unexpected.iter().map(|diagnostic| index.line_column(&text, diagnostic.span.start).0))
        .collect();
    if !concerned.is_empty() {
        let _ = writeln!(report, "  source:");
        let source_lines: Vec<&str> = text.split('\n').collect();
        for line in concerned {
            let shown_line: String = source_lines
                .get(line as usize - 1)
                .copied()
                .unwrap_or("")
                .trim_end_matches('\r')
                .chars()
                .take(160)
                .collect();
            let _ = writeln!(report, "    {line:>4} | {shown_line}");
        }
    }
    Outcome { shown, report: Some(report) }
}

/// `line 2:10-2:13 error[E0008] unknown command `dmg` (span `dmg`, label "...", help "...")`.
fn describe(text: &str, index: &LineIndex, diagnostic: &Diagnostic) -> String {
    let (line, column) = index.line_column(text, diagnostic.span.start);
    let (end_line, end_column) = index.line_column(text, diagnostic.span.end);
    let span_text: String = text.get(diagnostic.span.range()).unwrap_or("<not in the text>").chars().take(60).collect();
    let help = diagnostic.help.as_deref().map_or_else(String::new, |help| format!(", help {help:?}"));
    format!(
        "line {line}:{column}-{end_line}:{end_column} {}[{}] {} (span {span_text:?}, label {:?}{help})",
        diagnostic.severity().as_str(),
        diagnostic.code.as_str(),
        diagnostic.message,
        diagnostic.label,
    )
}

/// What is wrong with a diagnostic's span or wording, if anything.
fn shape_problem(text: &str, diagnostic: &Diagnostic) -> Option<String> {
    let (start, end) = (diagnostic.span.start as usize, diagnostic.span.end as usize);
    if start > end || end > text.len() {
        return Some(format!("span {start}..{end} is outside the {}-byte source", text.len()));
    }
    if !text.is_char_boundary(start) || !text.is_char_boundary(end) {
        return Some(format!("span {start}..{end} splits a character"));
    }
    if text[start..end].contains('\n') {
        return Some("the span covers a line break".into());
    }
    let message = &diagnostic.message;
    if message.is_empty() || message.ends_with('.') || message.starts_with(|c: char| c.is_ascii_uppercase()) {
        return Some("the message must be non-empty, start in lower case and have no final period".into());
    }
    if diagnostic.label.is_empty() {
        return Some("the label is empty".into());
    }
    None
}

// ---------------------------------------------------------------- tests

#[test]
fn error_files_report_exactly_their_annotations() {
    let cases = all_cases();
    let reports: Vec<String> = cases.iter().filter_map(|case| check_case(case).report).collect();
    assert!(
        reports.is_empty(),
        "{} of {} error cases do not match their annotations:\n\n{}",
        reports.len(),
        cases.len(),
        reports.join("\n")
    );
}

#[test]
fn every_code_is_shown_by_an_error_case() {
    let mut shown_by: Vec<(Code, String)> = Vec::new();
    for case in all_cases() {
        for code in check_case(&case).shown {
            shown_by.push((code, case.name.clone()));
        }
    }
    let shown: BTreeSet<Code> = shown_by.iter().map(|(code, _)| *code).collect();
    let uncoverable: BTreeSet<Code> = UNCOVERABLE.iter().map(|(code, _)| *code).collect();
    assert_eq!(uncoverable.len(), UNCOVERABLE.len(), "a code is listed twice in UNCOVERABLE");

    let not_shown: Vec<String> = Code::ALL
        .iter()
        .filter(|code| !shown.contains(code) && !uncoverable.contains(code))
        .map(|code| format!("{} ({})", code.as_str(), code.title()))
        .collect();
    assert!(
        not_shown.is_empty(),
        "no error case shows these codes; add a file to {} (or, if no input can trigger a code, \
         list it in UNCOVERABLE with the reason):\n  {}",
        err_dir().display(),
        not_shown.join("\n  ")
    );

    let now_shown: Vec<String> = shown_by
        .iter()
        .filter(|(code, _)| uncoverable.contains(code))
        .map(|(code, case)| format!("{} by {case}", code.as_str()))
        .collect();
    assert!(
        now_shown.is_empty(),
        "codes listed in UNCOVERABLE are shown; remove them from the list:\n  {}",
        now_shown.join("\n  ")
    );
}

#[test]
fn error_files_are_named_after_a_code_they_annotate() {
    for case in file_cases() {
        let name = &case.name;
        let well_formed = name.strip_suffix(".rules").is_some_and(|stem| {
            stem.bytes().all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'_')
        });
        assert!(
            well_formed,
            "{name}: name error files in lower-case snake case, such as `e0008_unknown_command.rules`"
        );
        let code = name.get(..5).and_then(Code::parse);
        let Some(code) = code.filter(|_| name.as_bytes().get(5) == Some(&b'_')) else {
            panic!("{name}: the name must start with the code it shows, such as `e0008_`");
        };
        let text = String::from_utf8_lossy(&case.bytes);
        let annotations = parse_annotations(name, &text).unwrap_or_else(|error| panic!("{error}"));
        assert!(
            annotations.iter().any(|annotation| annotation.code == code),
            "{name}: named after {} but has no `# {}: {}` annotation",
            code.as_str(),
            code.severity().as_str(),
            code.as_str()
        );
    }
}

#[test]
fn a_line_of_exactly_the_longest_length_is_accepted() {
    let action = "action = draw(2)";
    let comment = format!("#{}", "-".repeat(MAX_LINE_BYTES - 1));
    assert_eq!(comment.len(), MAX_LINE_BYTES);
    let source = format!("{comment}\n{action}\n");
    let diagnostics = compiler::check_source(&source, &stdlib::CATALOGUE);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let too_long = format!("{comment}-\n{action}\n");
    let codes: Vec<Code> = compiler::check_source(&too_long, &stdlib::CATALOGUE).iter().map(|d| d.code).collect();
    assert_eq!(codes, [Code::E0041]);
}

#[test]
fn annotations_are_read_as_documented() {
    let text = "# A card.\n\
                action = dmg(300) to(opp)  # error: E0008 unknown command `dmg`\n\
                # error-next-line: E0008\n\
                # warning-next-line: W0003 never read\n\
                action = heal(1) & drw() # error: E0008 `drw` # error: E0009\r\n\
                vars = _x := 1  # warning: w0003\n";
    let annotations = parse_annotations("sample", text).unwrap();
    let expected = [
        (2, Code::E0008, Some("unknown command `dmg`")),
        (5, Code::E0008, Some("`drw`")),
        (5, Code::E0009, None),
        (5, Code::E0008, None),
        (5, Code::W0003, Some("never read")),
        (6, Code::W0003, None),
    ];
    let expected: Vec<Annotation> =
        expected.iter().map(|&(line, code, text)| Annotation { line, code, text: text.map(str::to_string) }).collect();
    assert_eq!(annotations, expected);

    let wrong_severity = parse_annotations("sample", "action = draw()  # warning: E0008\n").unwrap_err();
    assert_eq!(wrong_severity, "sample:1: E0008 is an error, not a warning");
    let unknown = parse_annotations("sample", "action = draw()  # error: E9999\n").unwrap_err();
    assert_eq!(unknown, "sample:1: `E9999` after `error:` is not a diagnostic code");
    let not_alone = parse_annotations("sample", "action = draw()  # error-next-line: E0008\nx\n").unwrap_err();
    assert_eq!(not_alone, "sample:1: `# error-next-line:` must be on a line of its own");
    let dangling = parse_annotations("sample", "action = draw()\n# error-next-line: E0008").unwrap_err();
    assert_eq!(dangling, "sample:2: a `-next-line` annotation has no next line (the file ends at line 2)");
}
