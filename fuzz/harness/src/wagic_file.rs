//! The `wagic` target's body: any bytes as a Wagic card file, compiled as `rsc check
//! --lang wagic` and `rsc compile --lang wagic` compile one (`wagic::reader::with_lf_line_ends`,
//! then `wagic::compile_each` into one bundle with one [`wagic::CardKeys`]), and the
//! bundle checked as the `compile` target checks a card's.
//!
//! Each block is also compiled alone (`each_card_alone`): the front end's error for it
//! must be the one it gave in the file, moved by where the block starts.
//!
//! Bytes that are not UTF-8 get `rsc`'s E0001 at their first bad byte; their lossy
//! decoding (a valid file `rsc` could be handed) is compiled too, so that a mutation
//! inserting a stray byte still reaches the front end.

use compiler::{Code, Diagnostic, Severity, Span};
use vm::bytecode::{BuildError, BundleBuilder, Program, disassemble};
use wagic::{CATALOGUE, CardKeys};

/// The name the file is compiled under (recorded in the debug section).
const FILE_NAME: &str = "fuzz.txt";

/// Checks `data` as a Wagic card file; panics on a failure.
pub fn check(data: &[u8]) {
    let decoded = match std::str::from_utf8(data) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(error) => {
            let diagnostic = wagic::diagnostics::invalid_utf8(error.valid_up_to());
            assert!(
                (diagnostic.span.start as usize) < data.len() && diagnostic.span.end as usize <= data.len(),
                "E0001 points outside the file: {:?} of {} bytes",
                diagnostic.span,
                data.len()
            );
            String::from_utf8_lossy(data)
        }
    };
    // `rsc` renders diagnostics against these lines, and compiles this text.
    let text = wagic::reader::with_lf_line_ends(&decoded);
    // Byte for byte, so that the spans the front end gives are offsets in the file too.
    assert!(text.len() == decoded.len(), "making lone CRs LFs changed the file's length");
    each_card_alone(&text);
    for (files, strip) in [(1, false), (2, true)] {
        let Some(compiled) = compile(&text, files, strip) else { continue };
        let again = compile(&text, files, strip).expect("a file that compiled once compiles again");
        assert!(compiled.bytes == again.bytes, "compiling the same file twice gave different bundles");
        assert!(compiled.keys == again.keys, "compiling the same file twice gave different keys");
        let program = Program::load(&compiled.bytes, &CATALOGUE)
            .unwrap_or_else(|error| panic!("a built bundle fails to load: {error}"));
        assert!(
            program.cards().len() == compiled.keys.len(),
            "the bundle holds {} cards, the outcomes name {} keys",
            program.cards().len(),
            compiled.keys.len()
        );
        for key in &compiled.keys {
            assert!(program.card_by_key(key).is_some(), "the bundle has no card `{key}`");
        }
        let _listing = disassemble(&program, &CATALOGUE);
        vm::fuzzing::load_bundle(&compiled.bytes, &CATALOGUE);
    }
}

/// What compiling the file gave.
struct Compiled {
    /// The bundle.
    bytes: Vec<u8>,
    /// The key of each card that compiled, in order.
    keys: Vec<String>,
}

/// Compiles `text` as `files` files with the same text into one bundle (the second file's
/// cards all meet their names again: `name#2`), checking each card's outcome; `None` when
/// the bundle is over a limit of the format.
fn compile(text: &str, files: usize, strip: bool) -> Option<Compiled> {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    bundle.set_strip(strip);
    let mut card_keys = CardKeys::default();
    let mut keys = Vec::new();
    for file in 0..files {
        let name = format!("{file}-{FILE_NAME}");
        wagic::compile_each(&name, text, &mut bundle, &mut card_keys, |outcome| {
            assert!(in_file(text, outcome.open.start, outcome.open.end), "a card's `[card]` line is outside the file");
            match (&outcome.error, outcome.key) {
                (Some(error), None) => check_diagnostic(text, error),
                (None, Some(key)) => {
                    assert!(!keys.contains(&key), "two cards got the key `{key}`");
                    keys.push(key);
                }
                (Some(error), Some(key)) => panic!("card `{key}` got a key and an error: {}", error.message),
                (None, None) => panic!("card `{}` got neither a key nor an error", outcome.name),
            }
        });
    }
    match bundle.finish() {
        Ok(bytes) => Some(Compiled { bytes, keys }),
        // A file can hold more than a bundle can (a limit, reported as an error): not a bug.
        Err(BuildError::Limit(_)) => None,
        Err(error) => panic!("the bundle of the cards that compiled cannot be built: {error}"),
    }
}

/// Each block of the file, compiled as a file of its own, gets the error the front end
/// gave it in the file (spans moved by where the block starts): a card's diagnostic does
/// not depend on the cards around it, and its spans are the file's offsets. Errors of the
/// code generator (a bundle's limits, which depend on the cards before) are left out.
fn each_card_alone(text: &str) {
    let blocks: Vec<_> = wagic::reader::read(text).iter().map(|block| block.block).collect();
    let mut in_file = Vec::new();
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    wagic::compile_each(FILE_NAME, text, &mut bundle, &mut CardKeys::default(), |outcome| in_file.push(outcome));
    assert!(in_file.len() == blocks.len(), "{} blocks read, {} outcomes", blocks.len(), in_file.len());
    for (block, outcome) in blocks.iter().zip(&in_file) {
        let Some(excerpt) = text.get(block.range()) else {
            panic!("block {block:?} is not whole characters of the file")
        };
        let mut alone = Vec::new();
        let mut bundle = BundleBuilder::new(&CATALOGUE);
        wagic::compile_each(FILE_NAME, excerpt, &mut bundle, &mut CardKeys::default(), |outcome| alone.push(outcome));
        let [alone] = alone.as_slice() else { panic!("block {block:?} alone reads as {} blocks", alone.len()) };
        let front_end = |error: &Option<Diagnostic>| error.as_ref().is_none_or(is_front_end);
        if !(front_end(&outcome.error) && front_end(&alone.error)) {
            continue;
        }
        let moved = alone.error.as_ref().map(|error| {
            let span = Span { start: error.span.start + block.start, end: error.span.end + block.start };
            (error.code, error.message.as_str(), span)
        });
        let in_file = outcome.error.as_ref().map(|error| (error.code, error.message.as_str(), error.span));
        assert!(moved == in_file, "card `{}` alone gets {moved:?}, in the file {in_file:?}", outcome.name);
        assert!(alone.name == outcome.name, "card `{}` alone is named `{}`", outcome.name, alone.name);
    }
}

/// Whether `error` is the front end's (the reader's or the lowering's), not the code
/// generator's.
fn is_front_end(error: &Diagnostic) -> bool {
    matches!(error.code, Code::E0100 | Code::E0101)
}

/// A card's one error: an error, pointing into the file at whole characters.
fn check_diagnostic(text: &str, error: &Diagnostic) {
    assert!(error.severity() == Severity::Error, "a Wagic diagnostic is not an error: {}", error.message);
    assert!(
        in_file(text, error.span.start, error.span.end),
        "`{}` points at {:?}, outside the file of {} bytes or inside a character",
        error.message,
        error.span,
        text.len()
    );
}

/// Whether `start..end` is a range of whole characters of `text`.
fn in_file(text: &str, start: u32, end: u32) -> bool {
    let (start, end) = (start as usize, end as usize);
    start <= end && end <= text.len() && text.is_char_boundary(start) && text.is_char_boundary(end)
}
