//! Long left-associative chains (`1+1+…+1`, `tgt.0.0.…`) and deep nesting: every one is
//! checked and compiled without overflowing the stack, and a chain past the limit is
//! reported as too deep (E0033) instead of being built as a tree too deep to walk.

use compiler::Code;
use compiler::parser::MAX_DEPTH;
use compiler::session::{Session, SourceFile};
use vm::bytecode::{BundleBuilder, Program};

/// `hp(1+1+…+1)` with `terms` ones joined by `operator`.
fn chain(operator: &str, terms: usize) -> String {
    format!("action = hp({})\n", vec!["1"; terms].join(operator))
}

/// Checks `source`, then compiles it as `rsc compile` does; returns the codes reported.
/// A bundle written from a clean source must load.
fn check_and_compile(source: &str) -> Vec<Code> {
    let mut session = Session::new(&stdlib::CATALOGUE);
    let checked: Vec<Code> = session.check(source).iter().map(|diagnostic| diagnostic.code).collect();
    let mut bundle = BundleBuilder::new(&stdlib::CATALOGUE);
    let files = [SourceFile { key: "chain", file: "chain.rules", source }];
    let compiled: Vec<Code> =
        session.compile_files(&files, &mut bundle).concat().iter().map(|diagnostic| diagnostic.code).collect();
    assert_eq!(checked, compiled, "check and compile report the same");
    if compiled.is_empty() {
        let bytes = bundle.finish().expect("a clean card gives a bundle");
        Program::load(&bytes, &stdlib::CATALOGUE).expect("the bundle loads");
    }
    compiled
}

fn assert_too_deep(source: &str) {
    let codes = check_and_compile(source);
    assert!(codes.contains(&Code::E0033), "expected E0033, got {codes:?}");
    let diagnostics = compiler::check_source(source, &stdlib::CATALOGUE);
    let too_deep = diagnostics.iter().find(|diagnostic| diagnostic.code == Code::E0033).expect("reported");
    assert!(too_deep.help.as_deref().is_some_and(|help| help.contains("chain")), "{too_deep:?}");
}

#[test]
fn a_sum_of_28000_terms_is_too_deep_not_a_crash() {
    assert_too_deep(&chain("+", 28_000));
}

#[test]
fn a_product_and_a_division_chain_are_too_deep() {
    assert_too_deep(&chain("*", 28_000));
    assert_too_deep(&chain("/", 5_000));
    assert_too_deep(&chain("-", 5_000));
}

#[test]
fn an_index_chain_is_too_deep() {
    let source = format!("action = hp(tgt{}.bp)\n", ".0".repeat(20_000));
    assert_too_deep(&source);
}

#[test]
fn long_chains_in_a_condition_and_in_vars_are_too_deep() {
    let condition = format!("action = [[if {} > 0]] hp(1)\n", vec!["1"; 20_000].join("+"));
    assert_too_deep(&condition);
    let logic = format!("action = [[if {}]] hp(1)\n", vec!["1 > 0"; 4_000].join(" and "));
    assert_too_deep(&logic);
    let vars = format!("vars = _x := {}\naction = hp(_x)\n", vec!["1"; 20_000].join("+"));
    assert_too_deep(&vars);
}

#[test]
fn chains_up_to_the_limit_compile() {
    // Each operator of a chain counts as one level, with the brackets around it.
    for operator in ["+", "*", "-"] {
        assert_eq!(check_and_compile(&chain(operator, MAX_DEPTH - 4)), [], "{operator}");
    }
    let source = format!("action = hp(tgt{}.bp)\n", ".0".repeat(MAX_DEPTH - 5));
    assert_eq!(check_and_compile(&source), []);
}

/// The deepest inputs an 8 KB line allows, each compiled on a thread with a 2 MiB stack
/// (an editor's worker thread; the main thread has 8 MiB).
#[test]
fn the_compiler_needs_little_stack() {
    let deep = |open: &str, inner: &str, close: &str, levels: usize| {
        format!("action = hp({}{inner}{})\n", open.repeat(levels), close.repeat(levels))
    };
    let sources = vec![
        chain("+", 4_000),
        chain("*", 4_000),
        format!("action = hp(tgt{}.bp)\n", ".0".repeat(4_000)),
        format!("action = [[if {} > 0]] hp(1)\n", vec!["1"; 4_000].join("+")),
        format!("vars = _x := {}\naction = hp(_x)\n", vec!["1"; 4_000].join("*")),
        deep("(", "1", ")", MAX_DEPTH + 10),
        deep("(", "1", ")", MAX_DEPTH - 2),
        deep("-(", "1", ")", MAX_DEPTH / 2),
        deep("(1+", "1", ")", MAX_DEPTH / 2),
        deep("(1*(1+", "1", "))", MAX_DEPTH / 4),
        deep("abs(", "1", ")", MAX_DEPTH - 2),
        deep("abs(1+", "1", ")", MAX_DEPTH / 2),
        format!("action = [[if {}1 > 0]] hp(1)\n", "not ".repeat(MAX_DEPTH - 2)),
        format!("action = [[if {}1{} > 0]] hp(1)\n", "(".repeat(MAX_DEPTH - 3), ")".repeat(MAX_DEPTH - 3)),
    ];
    for source in &sources {
        assert!(source.len() <= 16 * 1024);
    }
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            for source in &sources {
                check_and_compile(source);
                let mut session = Session::new(&stdlib::CATALOGUE);
                let parsed = session.parse(source);
                compiler::print::print_card(&parsed.card, parsed.interner);
                compiler::print::dump_card(&parsed.card, parsed.interner);
            }
        })
        .expect("spawns");
    handle.join().expect("no stack overflow on a 2 MiB thread");
}

/// The canonical print of a chain that parses prints it flat, so that it parses back to the
/// same tree (parenthesising each left operand nested it past the limit).
#[test]
fn the_print_of_a_long_chain_parses_back() {
    for operator in ["+", "*", "-", " and ", " or "] {
        let source = format!("action = [[if {} > 0]] hp(1)\n", vec!["1"; MAX_DEPTH - 8].join(operator));
        let mut session = Session::new(&stdlib::CATALOGUE);
        let (printed, dump) = {
            let parsed = session.parse(&source);
            assert_eq!(parsed.diagnostics.len(), 0, "{operator}: {:?}", parsed.diagnostics);
            (
                compiler::print::print_card(&parsed.card, parsed.interner),
                compiler::print::dump_card(&parsed.card, parsed.interner),
            )
        };
        let reparsed = session.parse(&printed);
        assert!(reparsed.diagnostics.is_empty(), "{operator}: {printed}: {:?}", reparsed.diagnostics);
        assert_eq!(compiler::print::dump_card(&reparsed.card, reparsed.interner), dump, "{operator}");
    }
}
