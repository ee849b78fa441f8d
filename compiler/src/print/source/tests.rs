//! Unit tests of the source printer: labels that need a particular quoting, and the compact
//! form of lines whose canonical print is too long.

use super::SourcePrinter;
use crate::corpus::{corpus_dir, rules_files};
use crate::lexer::MAX_LINE_BYTES;
use crate::print::{dump_card, print_card};
use crate::session::Session;

/// Prints `source` (which must parse clean), parses the print, and asserts that the tree
/// is the same; returns the print.
fn round_trip(source: &str) -> String {
    let mut session = Session::new(&stdlib::CATALOGUE);
    let (printed, dump) = {
        let parsed = session.parse(source);
        assert!(parsed.diagnostics.is_empty(), "{source}: {:?}", parsed.diagnostics);
        (print_card(&parsed.card, parsed.interner), dump_card(&parsed.card, parsed.interner))
    };
    let reparsed = session.parse(&printed);
    let shown = printed.get(..200).unwrap_or(&printed);
    assert!(reparsed.diagnostics.is_empty(), "{shown}: {:?}", reparsed.diagnostics);
    assert!(dump == dump_card(&reparsed.card, reparsed.interner), "print changed the tree:\n{shown}");
    printed
}

/// The second line of the print of `action = hp(1)` labelled by `label` as written.
fn printed_label(label: &str) -> String {
    let printed = round_trip(&format!("action = hp(1)\nlabel = {label}\n"));
    printed.lines().nth(1).expect("a label line").to_string()
}

/// `label = '"#` was printed `label = ''"#'`, which reads back as `''"` (the second `'`
/// closes the quote and the `#` starts a comment).
#[test]
fn a_label_with_both_quotes_and_a_hash_prints_bare() {
    assert_eq!(printed_label("'\"#"), "label = '\"#");
}

#[test]
fn a_label_prints_in_the_first_quoting_that_reads_back() {
    assert_eq!(printed_label("KO this character"), "label = \"KO this character\"");
    assert_eq!(printed_label("\"KO # this\""), "label = \"KO # this\"");
    assert_eq!(printed_label("'say \"hi\" # twice'"), "label = 'say \"hi\" # twice'");
    // Holds `"` after a `#`, and `'` before it: only `"` around it keeps the `#` quoted.
    assert_eq!(printed_label("\"it's #1 \"\""), "label = \"it's #1 \"\"");
    assert_eq!(printed_label("\"  spaced  \""), "label = \"  spaced  \"");
    assert_eq!(printed_label("'\"' and \"'\""), "label = ''\"' and \"'\"'");
}

/// `~myEndPhase,…~` with 5,800 events (63,814 bytes) printed as 69,613 bytes with `, `
/// between the events, past the longest line the lexer accepts (E0041).
#[test]
fn a_trigger_written_without_spaces_prints_within_the_line_limit() {
    let source = format!("auto = ~{}~ hp(1)\n", vec!["myEndPhase"; 5_800].join(","));
    assert!(source.len() <= MAX_LINE_BYTES);
    let printed = round_trip(&source);
    assert!(printed.starts_with("auto=~myendphase,myendphase,"), "{}", &printed[..100]);
    assert!(printed.len() <= source.len(), "{} bytes printed from {}", printed.len(), source.len());
    // A short line keeps the canonical spaces.
    assert_eq!(round_trip("auto = ~myEndPhase,oppEndPhase~hp(1)\n"), "auto = ~myendphase, oppendphase~ hp(1)\n");
}

/// Prints `source` compact, asserts that the print parses back to the same tree, and
/// returns it.
fn compact_round_trip(session: &mut Session<'_>, name: &str, source: &str) -> String {
    let (printed, dump) = {
        let parsed = session.parse(source);
        let mut printer = SourcePrinter { interner: parsed.interner, out: String::new(), compact: true };
        for property in parsed.card.properties {
            printer.property(property);
        }
        (printer.out, dump_card(&parsed.card, parsed.interner))
    };
    let reparsed = session.parse(&printed);
    assert!(reparsed.diagnostics.is_empty(), "{name}: {printed}: {:?}", reparsed.diagnostics);
    assert_eq!(dump, dump_card(&reparsed.card, reparsed.interner), "{name}: {printed}");
    printed
}

/// Every corpus card printed compact parses back to the same tree, so a long line of any
/// of their shapes may be printed compact.
#[test]
fn the_compact_print_of_every_corpus_card_parses_back() {
    let Some(dir) = corpus_dir() else { return };
    let mut session = Session::new(&stdlib::CATALOGUE);
    for path in rules_files(&dir) {
        let source = std::fs::read_to_string(&path).expect("corpus file is UTF-8");
        compact_round_trip(&mut session, &path.display().to_string(), &source);
    }
}

#[test]
fn the_compact_print_leaves_out_only_optional_spaces() {
    let mut session = Session::new(&stdlib::CATALOGUE);
    let cases = [
        (
            "action = {F}: [[if me.hp < 1000]] +rush ueot target(character@myRing) [[else]] -rush ueot target(me)\n",
            "action={f}:[[if me.hp < 1000]]+rush target(character@myring)ueot [[else]]-rush target(me)ueot\n",
        ),
        (
            "vars = _a := 1; _b := min(1, 2)\naction = [[may 'Sure?']] hp(_a) && draw() || damage(_b) to(opp); draw()\n",
            "vars=_a:=1;_b:=min(1,2)\naction=[[may 'Sure?']]hp(_a)&&draw()||damage(_b)to(opp);draw()\n",
        ),
        (
            "target? = character[bp>=500, -frozen & fresh]@oppRing\nabilities = rush, unblockable\n\
             action = each(character@myRing => bp(+100))\n",
            "target?=character[bp>=500,-frozen&fresh]@oppring\nabilities=rush,unblockable\n\
             action=each(character@myring=>bp(+(100)))\n",
        ),
    ];
    for (source, compact) in cases {
        assert_eq!(compact_round_trip(&mut session, source, source), compact);
    }
}
