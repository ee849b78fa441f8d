//! Every diagnostic code has an explanation with a wrong and a right card, and the cards
//! say what they claim: the wrong one gets the code, the right one compiles with no
//! diagnostic at all (both compiled against the CFC catalogue). The codes of the Wagic front
//! end and of Wagic's set files have Wagic examples, checked by the `wagic` crate's tests;
//! those of catalogue files have catalogue files, checked by the `catalogue-file` crate's
//! tests.

use compiler::diagnostics::{expand_example, show_example};
use compiler::session::{Session, SourceFile};
use compiler::{Code, Diagnostic};
use vm::bytecode::BundleBuilder;

/// Checks and compiles `example` (markers expanded); the diagnostics of the compile.
fn diagnostics(example: &str) -> Vec<Diagnostic> {
    let bytes = expand_example(example);
    let mut session = Session::new(&stdlib::CATALOGUE);
    let Ok(source) = std::str::from_utf8(&bytes) else { return session.check_bytes(&bytes) };
    let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
    let files = [SourceFile { key: "example", file: "example.rules", source }];
    session.compile_files(&files, &mut bundle).concat()
}

/// Codes only the Wagic front end reports: their examples are Wagic card blocks.
const WAGIC_CODES: [Code; 13] = [
    Code::E0100,
    Code::E0101,
    Code::E0109,
    Code::W0100,
    Code::W0101,
    Code::W0102,
    Code::W0103,
    Code::W0104,
    Code::W0105,
    Code::W0106,
    Code::W0107,
    Code::W0108,
    Code::W0109,
];

/// Codes only the catalogue file's reader reports: their examples are catalogue files.
const CATALOGUE_FILE_CODES: [Code; 7] =
    [Code::E0102, Code::E0103, Code::E0104, Code::E0105, Code::E0106, Code::E0107, Code::E0108];

#[test]
fn every_code_has_an_explanation_a_wrong_and_a_right_card() {
    let mut problems = Vec::new();
    for &code in Code::ALL.iter().filter(|code| !WAGIC_CODES.contains(code) && !CATALOGUE_FILE_CODES.contains(code)) {
        let explanation = code.explanation();
        let name = code.as_str();
        if explanation.text.len() < 40 || explanation.wrong.trim().is_empty() || explanation.right.trim().is_empty() {
            problems.push(format!("{name}: the explanation or an example is missing"));
            continue;
        }
        let wrong: Vec<Code> = diagnostics(explanation.wrong).iter().map(|diagnostic| diagnostic.code).collect();
        if !wrong.contains(&code) {
            problems.push(format!("{name}: the wrong card gets {wrong:?}, not {name}"));
        }
        let right = diagnostics(explanation.right);
        if let Some(diagnostic) = right.first() {
            problems.push(format!("{name}: the right card gets {}: {}", diagnostic.code.as_str(), diagnostic.message));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn examples_expand_and_show_their_markers() {
    assert_eq!(expand_example("a{{b% * 3}}c{{0xE9}}"), b"ab0b1b2c\xe9");
    assert_eq!(show_example("a{{b% * 3}}c{{0xE9}}\n"), "ab0 … (3 times) c\\xE9");
    assert_eq!(show_example("{{draw()\n * 9}}"), "draw()\\n … (9 times)");
    // A marker that does not parse stays as written.
    assert_eq!(expand_example("{{b * x}}{{0xZZ}}{{"), b"{{b * x}}{{0xZZ}}{{");
}

/// The filter terms an explanation's prose quotes (`bp>=500`, `bp:lowest`) are valid: E0011's
/// once quoted `bp:strongest`, which is itself an E0011.
#[test]
fn the_filter_terms_quoted_in_explanations_are_valid() {
    let is_filter_term = |snippet: &str| {
        let (name, rest) = snippet.split_at(snippet.find([':', '<', '>', '=']).unwrap_or(snippet.len()));
        !name.is_empty()
            && name.bytes().all(|byte| byte.is_ascii_lowercase())
            && (rest.starts_with(':') && rest[1..].bytes().all(|byte| byte.is_ascii_lowercase()) && rest.len() > 1
                || rest.starts_with(['<', '>', '='])
                    && rest.trim_start_matches(['<', '>', '=']).trim_start_matches('-').parse::<u32>().is_ok())
    };
    let mut problems = Vec::new();
    let mut checked = 0;
    for &code in Code::ALL {
        let text = code.explanation().text;
        for snippet in text.split('`').skip(1).step_by(2).filter(|snippet| is_filter_term(snippet)) {
            checked += 1;
            let card = format!("action = destroy() target(character[{snippet}]@oppRing)\n");
            if let Some(diagnostic) = diagnostics(&card).first() {
                problems.push(format!("{}: `{snippet}` gets {}", code.as_str(), diagnostic.message));
            }
        }
    }
    assert!(checked >= 2, "the prose quotes filter terms ({checked} found)");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
