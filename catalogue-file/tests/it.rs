//! The catalogue file: the built-in catalogues survive the round trip with their identity
//! and every word; each error of a bad file has its code, message and place; the codes'
//! explanations say what they claim; the documented example loads.

use compiler::diagnostics::expand_example;
use compiler::{Code, Diagnostic};
use vm::catalogue::Catalogue;

/// `(code, line, column, message)` of each diagnostic of loading `json` (line and column
/// from 1, in bytes).
fn problems(json: &str) -> Vec<(Code, usize, usize, String)> {
    let diagnostics = catalogue_file::load(json.as_bytes()).expect_err("the file has a mistake");
    diagnostics.iter().map(|diagnostic| place(json, diagnostic)).collect()
}

fn place(json: &str, diagnostic: &Diagnostic) -> (Code, usize, usize, String) {
    let start = diagnostic.span.start as usize;
    let before = &json[..start];
    let line = before.matches('\n').count() + 1;
    let column = start - before.rfind('\n').map_or(0, |at| at + 1) + 1;
    (diagnostic.code, line, column, diagnostic.message.clone())
}

fn round_trip(catalogue: &Catalogue) {
    let json = catalogue_file::to_json(catalogue);
    let loaded = catalogue_file::load(json.as_bytes()).unwrap_or_else(|diagnostics| {
        let shown: Vec<_> = diagnostics.iter().take(5).map(|diagnostic| place(&json, diagnostic)).collect();
        panic!("{}'s file does not load: {shown:?}", catalogue.name)
    });
    // Checked without leaking, the file gives back the text `load`'s catalogue writes.
    let checked = catalogue_file::check(json.as_bytes()).expect("a file that loads passes the checks");
    assert_eq!(checked.name(), catalogue.name);
    assert_eq!(checked.to_json(), json);
    assert_eq!(loaded.id(), catalogue.id());
    // Docs, roles and everything else the identity does not hash come back too.
    assert_eq!(catalogue_file::to_json(loaded), json);
    assert_eq!(format!("{:?}", loaded.roles), format!("{:?}", catalogue.roles));
    assert!(loaded.unknown_roles().is_empty());
}

#[test]
fn the_built_in_catalogues_come_back_whole() {
    round_trip(&stdlib::CATALOGUE);
    round_trip(&wagic::CATALOGUE);
}

#[test]
fn a_file_that_is_not_json_is_located_by_serde_json() {
    let json = "{\n  \"format\": \"rsc-catalogue/1\",\n  \"name\": \"duel\",\n}\n";
    assert_eq!(problems(json), [(Code::E0102, 4, 1, "trailing comma".to_string())]);
    let cut = "{\"format\": \"rsc-catalogue/1\", \"name\": \"du";
    assert_eq!(problems(cut), [(Code::E0102, 1, 41, "EOF while parsing a string".to_string())]);
    assert_eq!(catalogue_file::load(b"{\"name\": \"\xff\"}").unwrap_err()[0].code, Code::E0102);
}

#[test]
fn a_field_unknown_missing_or_mistyped_is_an_e0103() {
    let misspelt = "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\",\n \"comands\": []}";
    let found = problems(misspelt);
    assert_eq!((found[0].0, found[0].1, found[0].2), (Code::E0103, 2, 10));
    assert!(
        found[0].3.starts_with("unknown field `comands`, expected one of `format`, `name`, `commands`"),
        "{found:?}"
    );
    let kind = "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"commands\": [\n {\"name\": \"strike\", \"params\": [{\"name\": \"amount\", \"kind\": \"Number\"}], \"default_target\": \"Nothing\"}]}";
    let found = problems(kind);
    assert_eq!((found[0].0, found[0].1), (Code::E0103, 2));
    assert!(found[0].3.starts_with("unknown variant `Number`, expected one of `Int`, `Expr`"), "{found:?}");
    let missing = "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"commands\": [{\"name\": \"strike\"}]}";
    assert_eq!(problems(missing)[0].3, "missing field `default_target`");
    let number = "{\"format\": \"rsc-catalogue/1\", \"name\": 3}";
    assert_eq!(
        problems(number),
        [(Code::E0103, 1, 40, "invalid type: number, expected a name (a string)".to_string())]
    );
    // JSON lets a string escape half a surrogate pair, which is no text: not a number.
    let surrogate = "{\"format\": \"rsc-catalogue/1\", \"name\": \"\\ud800\"}";
    assert_eq!(
        problems(surrogate),
        [(
            Code::E0103,
            1,
            47,
            "invalid value: a string escaping half a surrogate pair (`\\ud800`), expected a name (a string)"
                .to_string()
        )]
    );
    let format = "{\"format\": \"rsc-catalogue/2\", \"name\": \"duel\"}";
    assert_eq!(problems(format), [(Code::E0103, 1, 12, "unknown catalogue format `rsc-catalogue/2`".to_string())]);
}

#[test]
fn names_empty_spaced_or_twice_are_refused_where_they_are() {
    let json = "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\",\n\
                \"zones\": [{\"name\": \"board\"}, {\"name\": \"\"}, {\"name\": \"grave yard\"}],\n\
                \"variables\": [{\"name\": \"hero\"}, {\"name\": \"Hero\"}],\n\
                \"commands\": [{\"name\": \"strike\", \"default_target\": \"Nothing\", \"params\": [{\"name\": \"mode\", \"kind\": {\"Keyword\": [{\"name\": \"all\"}, {\"name\": \"ALL\"}]}}]}]}";
    assert_eq!(
        problems(json),
        [
            (Code::E0104, 2, 39, "a name of zones is empty".to_string()),
            (Code::E0104, 2, 53, "a name of zones `grave yard` is not one word of printable ASCII".to_string()),
            (Code::E0105, 3, 42, "`Hero` is given twice in variables".to_string()),
            (Code::E0105, 4, 137, "`ALL` is given twice in the keywords of `mode`".to_string()),
        ]
    );
}

#[test]
fn a_role_naming_nothing_is_an_e0106_at_the_role() {
    let json = "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"variables\": [{\"name\": \"hero\"}],\n\
                \"roles\": {\"target_controller\": \"hero\", \"source\": \"itself\"}}";
    assert_eq!(
        problems(json),
        [(Code::E0106, 2, 50, "role `source` names `itself`, which is not in `variables`".to_string())]
    );
    // `check` refuses it alike, before anything is leaked.
    let checked = catalogue_file::check(json.as_bytes()).expect_err("a role names nothing");
    assert_eq!(checked, catalogue_file::load(json.as_bytes()).expect_err("a role names nothing"));
}

#[test]
fn parameters_that_do_not_fit_are_an_e0108() {
    let json = "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", \"commands\": [{\"name\": \"draw\", \"default_target\": \"Nothing\",\n\
                \"params\": [{\"name\": \"count\", \"kind\": \"Expr\", \"optional\": true}, {\"name\": \"pile\", \"kind\": \"Pile\"}]},\n\
                {\"name\": \"each\", \"default_target\": \"Nothing\", \"params\": [{\"name\": \"loop\", \"kind\": \"Each\"}, {\"name\": \"n\", \"kind\": \"Int\"}]}],\n\
                \"functions\": [{\"name\": \"coin\", \"min_args\": 2, \"max_args\": 1}]}";
    assert_eq!(
        problems(json),
        [
            (Code::E0108, 2, 74, "required parameter `pile` of `draw` after an optional one".to_string()),
            (Code::E0108, 3, 67, "`Each` parameter `loop` is not the only one of `each`".to_string()),
            (Code::E0108, 4, 24, "function `coin` takes at least 2 arguments and at most 1".to_string()),
        ]
    );
}

#[test]
fn a_file_of_100_mb_is_refused_after_reading_4_mib() {
    let path = std::env::temp_dir().join(format!("catalogue-file-big-{}.json", std::process::id()));
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(100 << 20).unwrap();
    let bytes = catalogue_file::read_file(&path);
    let _ = std::fs::remove_file(&path);
    let bytes = bytes.unwrap();
    assert_eq!(bytes.len() as u64, catalogue_file::MAX_FILE_BYTES + 1);
    let refused = catalogue_file::load(&bytes).unwrap_err();
    assert_eq!(refused.len(), 1);
    assert_eq!((refused[0].code, refused[0].message.as_str()), (Code::E0107, "catalogue file larger than 4 MiB"));
}

/// `rsc explain E0102` ... `E0108` show catalogue files: the wrong one gets the code (and
/// only it), the right one loads.
#[test]
fn the_catalogue_codes_explanations_say_what_they_claim() {
    for code in [Code::E0102, Code::E0103, Code::E0104, Code::E0105, Code::E0106, Code::E0107, Code::E0108] {
        let explanation = code.explanation();
        let wrong = catalogue_file::load(&expand_example(explanation.wrong));
        let codes: Vec<Code> = wrong.err().unwrap_or_default().iter().map(|diagnostic| diagnostic.code).collect();
        assert_eq!(codes, [code], "{}: the wrong file", code.as_str());
        let right = catalogue_file::load(&expand_example(explanation.right));
        assert!(right.is_ok(), "{}: the right file gets {:?}", code.as_str(), right.err());
    }
}

/// The example of `docs/catalogue-file.md` loads, and has the identity the page says.
#[test]
fn the_documented_example_loads() {
    let page = include_str!("../../docs/catalogue-file.md");
    let example = page.split("```json\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a json block");
    let loaded = catalogue_file::load(example.as_bytes()).unwrap_or_else(|diagnostics| {
        panic!("{:?}", diagnostics.iter().map(|diagnostic| place(example, diagnostic)).collect::<Vec<_>>())
    });
    assert_eq!(loaded.commands.len(), 2);
    assert!(page.contains(&format!("`{}`", loaded.id())), "the page names the example's id {}", loaded.id());
}

/// Every prefix of a valid file, and the file with any one byte replaced by a byte of JSON's
/// syntax, loads or is refused with diagnostics whose spans lie in the file: no panic.
#[test]
fn a_file_cut_or_changed_anywhere_is_refused_without_panic() {
    let page = include_str!("../../docs/catalogue-file.md");
    let example = page.split("```json\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a json block");
    let bytes = example.as_bytes();
    let mut refused = 0;
    let mut check = |file: &[u8]| {
        if let Err(diagnostics) = catalogue_file::load(file) {
            refused += 1;
            assert!(!diagnostics.is_empty());
            for diagnostic in diagnostics {
                assert!(
                    diagnostic.span.end as usize <= file.len(),
                    "{diagnostic:?} in {:?}",
                    String::from_utf8_lossy(file)
                );
            }
        }
    };
    for cut in 0..bytes.len() {
        check(&bytes[..cut]);
    }
    for at in 0..bytes.len() {
        for byte in [b'"', b'{', b'}', b'[', b']', b',', b':', b'\\', b'0', b'x', b' ', 0xff] {
            let mut changed = bytes.to_vec();
            changed[at] = byte;
            check(&changed);
        }
    }
    assert!(refused > bytes.len() * 5, "most changes are mistakes ({refused})");
}

/// A catalogue file is untrusted, and so is what the compiler is then handed: the example
/// set compiles against CFC's catalogue changed at random (argument kinds, default targets,
/// lists cut or reordered, zones and events flipped, arities, roles pointed elsewhere)
/// without a panic, and every bundle that builds loads against that catalogue and
/// disassembles.
#[test]
fn the_examples_compile_against_catalogues_changed_at_random_without_panic() {
    use serde_json::Value;
    let examples = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut cards: Vec<(String, String)> = std::fs::read_dir(&examples)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "rules"))
        .map(|path| (path.file_stem().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&path).unwrap()))
        .collect();
    cards.sort();
    let original: Value = serde_json::from_str(&catalogue_file::to_json(&stdlib::CATALOGUE)).unwrap();
    let kinds = ["Int", "Expr", "Amount", "CostChange", "Filter", "CountOrFilter", "Pile", "Position", "Bool"];
    let (mut loaded, mut built) = (0, 0);
    for seed in 1..=12u64 {
        // A small generator of its own: the test is the same on every run.
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut next = move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound.max(1) as u64) as usize
        };
        let mut file = original.clone();
        file["name"] = Value::from(format!("random{seed}"));
        for command in file["commands"].as_array_mut().unwrap() {
            for param in command["params"].as_array_mut().unwrap() {
                if next(4) == 0 && param["kind"] != "Each" {
                    param["kind"] = Value::from(kinds[next(kinds.len())]);
                }
            }
            if next(5) == 0 {
                command["default_target"] =
                    Value::from(["Source", "SourceController", "Nothing", "Irrelevant"][next(4)]);
            }
        }
        for list in ["zones", "events", "functions", "variables", "filters", "card_types", "attributes", "costs"] {
            let entries = file[list].as_array_mut().unwrap();
            match next(4) {
                0 => entries.truncate(next(entries.len() + 1)),
                1 => entries.reverse(),
                _ => {}
            }
            for entry in entries.iter_mut() {
                for flag in ["is_pile", "is_hook", "has_object"] {
                    if entry.get(flag).is_some() && next(3) == 0 {
                        entry[flag] = Value::from(next(2) == 0);
                    }
                }
                if entry.get("max_args").is_some() && next(3) == 0 {
                    let low = next(4);
                    entry["min_args"] = Value::from(low);
                    entry["max_args"] = Value::from(low + next(256 - low));
                }
            }
        }
        for (field, role) in file["roles"].as_object_mut().unwrap() {
            if next(3) == 0 {
                let swapped = if field.starts_with("target_") { "me" } else { "this" };
                *role = if next(2) == 0 { Value::Null } else { Value::from(swapped) };
            }
        }
        // A role left naming nothing by a cut list is an E0106: such roles become `null`.
        let mut loaded_file = catalogue_file::load(serde_json::to_string(&file).unwrap().as_bytes());
        if let Err(diagnostics) = &loaded_file {
            assert!(diagnostics.iter().all(|diagnostic| diagnostic.code == Code::E0106), "{diagnostics:?}");
            for diagnostic in diagnostics {
                let field = diagnostic.message.split('`').nth(1).unwrap();
                file["roles"][field] = Value::Null;
            }
            loaded_file = catalogue_file::load(serde_json::to_string(&file).unwrap().as_bytes());
        }
        let catalogue = loaded_file.unwrap_or_else(|diagnostics| panic!("seed {seed}: {diagnostics:?}"));
        loaded += 1;
        let mut session = compiler::Session::new(catalogue);
        for (key, source) in &cards {
            let mut bundle = vm::bytecode::BundleBuilder::new(catalogue);
            let diagnostics = session.compile_card(key, source, &mut bundle);
            if diagnostics.iter().any(|diagnostic| diagnostic.severity() == compiler::Severity::Error) {
                continue;
            }
            let Ok(bytes) = bundle.finish() else { continue };
            let program =
                vm::bytecode::Program::load(&bytes, catalogue).unwrap_or_else(|error| panic!("{key}: {error}"));
            assert!(vm::bytecode::disassemble(&program, catalogue).contains(key.as_str()));
            built += 1;
        }
    }
    assert!(loaded == 12 && built >= 300, "the changes leave catalogues and cards to try ({loaded}, {built})");
}

/// serde_json's place may fall inside a character of several bytes: the span starts on the
/// character and covers it whole.
#[test]
fn an_error_at_a_character_of_several_bytes_spans_it_whole() {
    let json = "{\"format\": \"rsc-catalogue/1\", \"name\": \"duel\", é}";
    let diagnostics = catalogue_file::load(json.as_bytes()).unwrap_err();
    let span = diagnostics[0].span;
    assert_eq!((diagnostics[0].code, &json[span.start as usize..span.end as usize]), (Code::E0102, "é"));
}
