//! Unit tests of the front end: corpus conformance (with a committed snapshot), print →
//! parse round trips, tree-dump snapshots of `test_data/ok`, and property tests.

use crate::print::{dump_card, print_card};
use crate::session::Session;
use crate::{LineIndex, Severity};
use std::path::Path;

pub(crate) use crate::corpus::{corpus_dir, rules_files};

fn session() -> Session<'static> {
    Session::new(&stdlib::CATALOGUE)
}

/// Every corpus card checks without error; the snapshot records the count and every
/// warning, so any regression shows as a diff (`UPDATE_EXPECT=1` rewrites it).
#[test]
fn corpus_checks_clean_and_matches_snapshot() {
    let Some(dir) = corpus_dir() else { return };
    let files = rules_files(&dir);
    let mut session = session();
    let mut clean = 0;
    let mut report = String::new();
    for path in &files {
        let source = std::fs::read_to_string(path).expect("corpus file is UTF-8");
        let diagnostics = session.check(&source);
        let index = LineIndex::new(&source);
        if diagnostics.iter().all(|diagnostic| diagnostic.severity() == Severity::Warning) {
            clean += 1;
        }
        for diagnostic in diagnostics {
            let (line, column) = index.line_column(&source, diagnostic.span.start);
            let name = path.file_name().and_then(|name| name.to_str()).unwrap_or("?");
            report.push_str(&format!(
                "{name}:{line}:{column}: {}[{}]: {}\n",
                diagnostic.severity().as_str(),
                diagnostic.code.as_str(),
                diagnostic.message
            ));
        }
    }
    let snapshot = format!("checked {}/{} cards without error\n{report}", clean, files.len());
    expect_test::expect_file!["../test_data/corpus.snap"].assert_eq(&snapshot);
    assert_eq!(clean, files.len(), "every corpus card must check without error");
}

/// Printing a corpus card and parsing the print gives the same tree.
#[test]
fn corpus_round_trips_through_the_printer() {
    let Some(dir) = corpus_dir() else { return };
    let mut session = session();
    for path in rules_files(&dir) {
        let source = std::fs::read_to_string(&path).expect("corpus file is UTF-8");
        let (printed, dump) = {
            let parsed = session.parse(&source);
            (print_card(&parsed.card, parsed.interner), dump_card(&parsed.card, parsed.interner))
        };
        let reparsed = session.parse(&printed);
        let errors: Vec<_> = reparsed.diagnostics.iter().filter(|d| d.severity() == Severity::Error).collect();
        assert!(errors.is_empty(), "{}: printed form has errors {errors:?}\n{printed}", path.display());
        assert_eq!(dump, dump_card(&reparsed.card, reparsed.interner), "{}: {printed}", path.display());
    }
}

/// `test_data/ok/*.rules` check clean; their tree dumps are snapshots beside them.
#[test]
fn ok_files_dump_as_expected() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/ok");
    let mut session = session();
    let files = rules_files(&dir);
    assert!(!files.is_empty(), "test_data/ok has examples");
    for path in files {
        let source = std::fs::read_to_string(&path).expect("test file is UTF-8");
        let parsed = session.parse(&source);
        assert!(parsed.diagnostics.is_empty(), "{}: {:?}", path.display(), parsed.diagnostics);
        let dump = dump_card(&parsed.card, parsed.interner);
        expect_test::expect_file![path.with_extension("dump")].assert_eq(&dump);
    }
}

#[test]
fn case_and_layout_do_not_matter() {
    let mut session = session();
    let canonical = {
        let parsed = session.parse("action = moveTo(ctrlDeck, -1, true) target(character@oppRing)\n");
        dump_card(&parsed.card, parsed.interner)
    };
    let variant = "\u{feff}  ACTION=MOVETO( CTRLDECK ,-1,TRUE )   TARGET( Character @ OppRing )  # note\r\n\r\n";
    let parsed = session.parse(variant);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert_eq!(canonical, dump_card(&parsed.card, parsed.interner));
}

#[test]
fn labels_and_strings_keep_their_case_and_hashes() {
    let mut session = session();
    let parsed = session.parse("action = destroy()\nlabel = \"KO #1 Now\" # comment\n");
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    assert_eq!(
        dump_card(&parsed.card, parsed.interner),
        "(action\n  (statement\n    (chain (destroy))))\n(label \"KO #1 Now\")\n"
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    use crate::diagnostics::Code;
    let mut session = session();
    let codes = |session: &mut Session<'static>, source: &str| -> Vec<Code> {
        session.check(source).iter().map(|d| d.code).collect()
    };
    let nestings = [
        ("damage(", "("),
        ("[[if ", "("),
        ("[[if ", "not "),
        ("damage(", "-"),
        ("damage(", "not "),
        ("hp(", "1+("),
        ("", "each(card in x => "),
    ];
    for (prefix, opener) in nestings {
        // Deeper than `MAX_DEPTH`, on a line within `MAX_LINE_BYTES`: the nesting error.
        let source = format!("action = {prefix}{}\n", opener.repeat(1_000));
        assert!(codes(&mut session, &source).contains(&Code::E0033), "{prefix}{opener}");
        // Past the line limit: the line error, whatever the line holds.
        let source = format!("action = {prefix}{}\n", opener.repeat(100_000));
        assert!(codes(&mut session, &source).contains(&Code::E0041), "{prefix}{opener}");
    }
    let long_line = format!("action = draw() & {}\n", "draw() & ".repeat(120_000));
    assert!(codes(&mut session, &long_line).contains(&Code::E0041));
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        /// Any text at all: no panic, and every span lies inside the text.
        #[test]
        fn any_text_checks_without_panic(source in "\\PC*") {
            let mut session = session();
            for diagnostic in session.check(&source) {
                prop_assert!(diagnostic.span.end as usize <= source.len());
            }
        }

        /// Any bytes, including invalid UTF-8: no panic.
        #[test]
        fn any_bytes_check_without_panic(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
            let diagnostics = crate::check_bytes(&bytes, &stdlib::CATALOGUE);
            for diagnostic in &diagnostics {
                prop_assert!(diagnostic.span.end as usize <= bytes.len());
            }
            // Invalid UTF-8 is reported as such (and is an error), never ignored.
            let invalid = std::str::from_utf8(&bytes).is_err();
            prop_assert_eq!(invalid, diagnostics.iter().any(|d| d.code == crate::diagnostics::Code::E0001));
        }

        /// Text built from RuleScript's own tokens reaches the deep parts of the parser.
        #[test]
        fn token_soup_checks_without_panic(parts in proptest::collection::vec(token(), 0..40)) {
            let source = parts.concat();
            let mut session = session();
            let diagnostics = session.check(&source);
            for diagnostic in &diagnostics {
                prop_assert!(diagnostic.span.end as usize <= source.len());
                prop_assert!(diagnostic.span.start <= diagnostic.span.end);
            }
            // Checking is a function of the text: a second check gives the same answer.
            prop_assert_eq!(session.check(&source), diagnostics);
        }

        /// Generated valid programs: print → parse gives the same tree.
        #[test]
        fn generated_programs_round_trip(source in program()) {
            let mut session = session();
            let (printed, dump) = {
                let parsed = session.parse(&source);
                let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.severity() == Severity::Error).collect();
                prop_assert!(errors.is_empty(), "generated program has errors: {errors:?}\n{source}");
                (print_card(&parsed.card, parsed.interner), dump_card(&parsed.card, parsed.interner))
            };
            let reparsed = session.parse(&printed);
            prop_assert_eq!(dump, dump_card(&reparsed.card, reparsed.interner), "{}", printed);
        }
    }

    pub(super) fn token() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("action = ".to_string()),
            Just("auto = ".to_string()),
            Just("target = ".to_string()),
            Just("damage(".to_string()),
            Just("each(".to_string()),
            Just("card in ".to_string()),
            Just(" => ".to_string()),
            Just("[[if ".to_string()),
            Just("]]".to_string()),
            Just("[[elif x]]".to_string()),
            Just("[[else]]".to_string()),
            Just("(".to_string()),
            Just(")".to_string()),
            Just("[".to_string()),
            Just("]".to_string()),
            Just("<".to_string()),
            Just(">".to_string()),
            Just("<r2>".to_string()),
            Just("&".to_string()),
            Just("&&".to_string()),
            Just("||".to_string()),
            Just(";".to_string()),
            Just("\n".to_string()),
            Just("~myEndPhase:once~".to_string()),
            Just("?canBlock?".to_string()),
            Just("{D(2)}{F}:".to_string()),
            Just("@oppRing".to_string()),
            Just("::not(".to_string()),
            Just("character".to_string()),
            Just("'q'".to_string()),
            Just("\"Q\"s".to_string()),
            Just("+frosted".to_string()),
            Just("oppueot".to_string()),
            Just(",".to_string()),
            Just("me.hand.size".to_string()),
            Just("-".to_string()),
            Just("300".to_string()),
            Just("=".to_string()),
            Just("x2".to_string()),
            Just("?".to_string()),
            Just("label = ".to_string()),
        ]
    }

    fn expression() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            (0i32..2000).prop_map(|value| value.to_string()),
            Just("me.hand.size".to_string()),
            Just("opp.hp".to_string()),
            Just("discarded.0.bp".to_string()),
            Just("tgt.1".to_string()),
            Just("alone".to_string()),
            Just("flipCoin()".to_string()),
            Just("abs(prevTgt.0.lastBP)".to_string()),
            Just("true".to_string()),
            Just("'text'".to_string()),
        ];
        leaf.prop_recursive(4, 24, 2, |inner| {
            prop_oneof![
                (
                    inner.clone(),
                    prop::sample::select(vec!["+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "and", "or"]),
                    inner.clone()
                )
                    .prop_map(|(left, operator, right)| format!("({left} {operator} {right})")),
                inner.clone().prop_map(|operand| format!("({operand})")),
                inner.clone().prop_map(|operand| format!("-({operand})")),
                inner.clone().prop_map(|operand| format!("(not ({operand}))")),
                inner.clone().prop_map(|operand| format!("({operand}).size")),
            ]
        })
    }

    fn filter() -> impl Strategy<Value = String> {
        (
            prop::sample::select(vec!["", "<2>", "<1,3>", "<,2>", "<**>", "<r>", "<r2>"]),
            prop::sample::select(vec![
                "character",
                "characters",
                "^character",
                "!characters",
                "*",
                "*s",
                "opp",
                "me",
                "this",
                "players",
                "\"Q-Bee\"s",
                "opp,character",
                "\"Juni\"&\"Juli\"",
                "all",
                "reaction",
            ]),
            prop::sample::select(vec!["", "<1>", "<-2>"]),
            prop::sample::select(vec![
                "",
                "[frozen]",
                "[-attack & -frozen]",
                "[bp>=800 & attack, uattack]",
                "[bp<-100]",
                "[bp:lowest]",
                "[action]",
            ]),
            prop::sample::select(vec!["", "@oppRing", "@myDeck", "@discards", "@anyDeck", "@sameRing", "@infront"]),
            prop::sample::select(vec!["", "::not(tgt)"]),
        )
            .prop_map(|(quantity, types, pick, terms, zone, selector)| {
                format!("{quantity}{types}{pick}{terms}{zone}{selector}")
            })
    }

    /// An expression that is no lone string: a quoted string is no amount (E0010).
    fn amount() -> impl Strategy<Value = String> {
        expression().prop_filter("a lone string is no amount", |value| value.trim_matches(['(', ')']) != "'text'")
    }

    fn command() -> impl Strategy<Value = String> {
        prop_oneof![
            amount().prop_map(|value| format!("damage({value})")),
            amount().prop_map(|value| format!("bp(={value})")),
            Just("bp(x2)".to_string()),
            (-5i32..5).prop_map(|value| format!("sp({value})")),
            Just("moveTo(ctrlDeck, -1, true)".to_string()),
            Just("moveTo(oppDeck, ?, true)".to_string()),
            Just("shuffle?(myDeck)".to_string()),
            filter().prop_map(|filter| format!("discard({filter})")),
            Just("discard(2)".to_string()),
            Just("disableRule(backup_limit)".to_string()),
            Just("enableRule(dmg_combat_deal, false)".to_string()),
            Just("alterCost(ua3, =-5)".to_string()),
            Just("skip(counter-attack)".to_string()),
            Just("pileView(removed, expanded)".to_string()),
            Just("transform(\"80d411e3\")".to_string()),
            Just("each(card.bp <= 300 in me.discards => bp(+100) & draw())".to_string()),
            Just("each(characters[backedup] => damage(300))".to_string()),
            Just("+frosted".to_string()),
            Just("-unblockable".to_string()),
            Just("draw()".to_string()),
        ]
    }

    fn statement() -> impl Strategy<Value = String> {
        (
            prop::sample::select(vec!["", "[[may]] ", "[[may 'Draw?']] "]),
            proptest::option::of(expression()),
            proptest::collection::vec((prop::sample::select(vec![" & ", " && ", " || "]), command()), 1..4),
            proptest::option::of((prop::sample::select(vec!["to", "target", "from", "target?"]), filter())),
            prop::sample::select(vec!["", " ueot", " oppueot", " unac", " myuynt"]),
            proptest::option::of((proptest::option::of(expression()), command())),
        )
            .prop_map(|(may, condition, commands, target, restriction, otherwise)| {
                let mut text = String::new();
                let has_if = condition.is_some();
                match condition {
                    Some(condition) => text.push_str(&format!("[[if {condition}]] ")),
                    None => text.push_str(may),
                }
                for (index, (operator, command)) in commands.iter().enumerate() {
                    if index > 0 {
                        text.push_str(operator);
                    }
                    text.push_str(command);
                }
                if let Some((keyword, filter)) = target {
                    text.push_str(&format!(" {keyword}({filter})"));
                }
                text.push_str(restriction);
                if let (true, Some((elif, command))) = (has_if, otherwise) {
                    match elif {
                        Some(condition) => text.push_str(&format!(" [[elif {condition}]] {command}")),
                        None => text.push_str(&format!(" [[else]] {command}")),
                    }
                }
                text
            })
    }

    /// Rule texts beyond the plain shapes: `requisite`, `target?`, several actions with
    /// labels, comments (whole lines and trailing), CRLF line ends, a line of a few KB
    /// and an expression nested close to `parser::MAX_DEPTH`.
    fn extras() -> impl Strategy<Value = (Option<&'static str>, &'static str, usize, bool, bool, bool, Option<usize>)> {
        (
            proptest::option::of(prop::sample::select(vec![
                "character<1>@oppRing",
                "^character<1>@myRing && character<1>[frozen]",
            ])),
            prop::sample::select(vec!["target", "target?"]),
            0usize..3,
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            proptest::option::of((crate::parser::MAX_DEPTH - 16)..(crate::parser::MAX_DEPTH - 4)),
        )
    }

    pub(super) fn program() -> impl Strategy<Value = String> {
        (
            proptest::option::of(filter()),
            prop::sample::select(vec!["", "{F}: ", "{D(2)}{F}: ", "{S(<**>character@myRing)}: ", "{D(<r>)}: "]),
            proptest::collection::vec(proptest::collection::vec(statement(), 1..3), 1..4),
            proptest::option::of((
                prop::sample::select(vec![
                    "~myEndPhase:once~ ",
                    "~anyBeforePayCostAction~ ",
                    "?oppCanBlock:this? ",
                    "",
                ]),
                statement(),
            )),
            prop::sample::select(vec!["", "abilities = cantblock, pierce\n"]),
            prop::sample::select(vec!["", "vars = _coin := flipCoin(); _x := _coin\n"]),
            extras(),
        )
            .prop_map(|(target, costs, actions, auto, abilities, vars, extras)| {
                let (requisite, target_key, labels, comments, crlf, long_line, nesting) = extras;
                let mut text = String::new();
                if comments {
                    text.push_str("# A generated card\n");
                }
                if let Some(requisite) = requisite {
                    text.push_str(&format!("requisite = {requisite}\n"));
                }
                if let Some(target) = target {
                    text.push_str(&format!("{target_key} = {target}\n"));
                }
                for (index, statements) in actions.iter().enumerate() {
                    text.push_str(&format!("action = {costs}{}", statements.join("; ")));
                    if index == 0 && long_line {
                        text.push_str(&"; draw() & hp(+1)".repeat(200));
                    }
                    if index == 0 {
                        if let Some(depth) = nesting {
                            text.push_str(&format!("; damage({}1{})", "(".repeat(depth), ")".repeat(depth)));
                        }
                    }
                    text.push_str(if comments { "  # trailing note\n" } else { "\n" });
                }
                for index in 0..labels.min(actions.len()) {
                    text.push_str(&format!("label = Choice number {index} (say it loud)\n"));
                }
                if let Some((trigger, statement)) = auto {
                    text.push_str(&format!("auto = {trigger}{statement}\n"));
                }
                text.push_str(abilities);
                text.push_str(vars);
                if crlf {
                    text = text.replace('\n', "\r\n");
                }
                text
            })
    }
}

/// CI's nightly-free smoke of the fuzz target: every seed input, and every prefix of it.
#[test]
fn fuzz_seeds_run_clean() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/source");
    let mut seeds = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/seeds/source exists") {
        let bytes = std::fs::read(entry.expect("seed entry").path()).expect("seed is readable");
        for end in 0..=bytes.len() {
            crate::fuzzing::check_source(&bytes[..end], &stdlib::CATALOGUE);
        }
        seeds += 1;
    }
    assert!(seeds > 0);
}

mod codegen_properties {
    use super::*;
    use proptest::prelude::*;
    use vm::bytecode::{BundleBuilder, Program};

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// Generated valid programs compile, and the bundle loads and verifies.
        #[test]
        fn generated_programs_compile_and_verify(source in properties::program()) {
            let mut session = session();
            let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
            let diagnostics = session.compile_card("generated", &source, &mut bundle);
            let errors: Vec<_> = diagnostics.iter().filter(|d| d.severity() == Severity::Error).collect();
            prop_assert!(errors.is_empty(), "{errors:?}\n{source}");
            let bytes = bundle.finish().map_err(|error| TestCaseError::fail(format!("{error}\n{source}")))?;
            let program = Program::load(&bytes, &stdlib::CATALOGUE)
                .map_err(|error| TestCaseError::fail(format!("{error}\n{source}")))?;
            prop_assert!(program.card_by_key("generated").is_some());
        }

        /// Token soup: whatever checks without error compiles to a bundle that loads; the
        /// rest adds nothing to the bundle.
        #[test]
        fn token_soup_compiles_or_emits_nothing(parts in proptest::collection::vec(properties::token(), 0..40)) {
            let source = parts.concat();
            let mut session = session();
            let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
            let diagnostics = session.compile_card("soup", &source, &mut bundle);
            let clean = diagnostics.iter().all(|d| d.severity() == Severity::Warning);
            let bytes = bundle.finish().map_err(|error| TestCaseError::fail(format!("{error}\n{source}")))?;
            let program = Program::load(&bytes, &stdlib::CATALOGUE)
                .map_err(|error| TestCaseError::fail(format!("{error}\n{source}")))?;
            prop_assert_eq!(program.card_by_key("soup").is_some(), clean, "{}", source);
        }
    }
}

/// CI's nightly-free smoke of the `load_bundle` fuzz target: every seed bundle, every
/// truncation of it, and every single-byte change of its first 64 bytes.
#[test]
fn fuzz_bundle_seeds_run_clean() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/bundle");
    let mut seeds = 0;
    for entry in std::fs::read_dir(&dir).expect("fuzz/seeds/bundle exists") {
        let bytes = std::fs::read(entry.expect("seed entry").path()).expect("seed is readable");
        assert!(vm::bytecode::Program::load(&bytes, &stdlib::CATALOGUE).is_ok(), "seed bundles are valid");
        for end in 0..=bytes.len() {
            vm::fuzzing::load_bundle(&bytes[..end], &stdlib::CATALOGUE);
        }
        for offset in 0..bytes.len().min(64) {
            let mut changed = bytes.clone();
            for value in [0x00, 0x01, 0x7f, 0x80, 0xff] {
                changed[offset] = value;
                vm::fuzzing::load_bundle(&changed, &stdlib::CATALOGUE);
            }
        }
        seeds += 1;
    }
    assert!(seeds > 0);
}

/// Spec §2.6/§3.12: the delimiter of a trigger is not recorded. An auto whose events are
/// hooks is a hook auto however it is written (C318 Athena writes
/// `~cancelCombatDamage:this~`), and an auto of plain events is never one.
#[test]
fn hook_autos_are_recognised_by_their_events_not_their_delimiters() {
    let cases = [
        ("auto = ~cancelCombatDamage:this~ damage(600) to(opp)\n", true),
        ("auto = ?cancelCombatDamage:this? damage(600) to(opp)\n", true),
        ("auto = ?oppCanBlock:this? [[if me.hp > 0]]\n", true),
        ("auto = ~myEndPhase~ draw()\n", false),
    ];
    for (source, hook) in cases {
        let mut session = session();
        let mut bundle = vm::bytecode::BundleBuilder::new(&stdlib::CATALOGUE);
        let diagnostics = session.compile_card("card", source, &mut bundle);
        assert!(diagnostics.iter().all(|d| d.severity() == Severity::Warning), "{source}: {diagnostics:?}");
        let program =
            vm::bytecode::Program::load(&bundle.finish().expect("bundle"), &stdlib::CATALOGUE).expect("loads");
        assert_eq!(program.cards()[0].autos[0].hook, hook, "{source}");
    }
}
