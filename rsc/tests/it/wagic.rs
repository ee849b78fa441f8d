//! `rsc check --lang wagic` and `rsc compile --lang wagic` on a small Wagic card file
//! written by the test: the unsupported card's one diagnostic at the Wagic file's own line
//! and column, the tally of `--stats`, and a bundle `rsc disas` reads with source lines.

use super::{TempDir, code, rsc, stderr, stdout};

/// Two cards the front end compiles around one it does not (`transforms`, line 9).
const CARDS: &str = "#comment\n[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\ntype=Instant\n[/card]\n[card]\nname=Odd\nauto=transforms((,haste))\ntype=Creature\n[/card]\n[card]\nname=Prodigal Sorcerer\nauto={T}:damage:1 target(creature,player)\ntype=Creature\n[/card]\n";

#[test]
fn check_reports_the_unsupported_construct_at_its_line_and_column() {
    let dir = TempDir::new("wagic-check");
    let file = dir.file("cards.txt", CARDS);
    let output = rsc([
        "check".as_ref(),
        "--lang".as_ref(),
        "wagic".as_ref(),
        "--message-format".as_ref(),
        "json".as_ref(),
        file.as_os_str(),
    ]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let lines: Vec<serde_json::Value> =
        stdout(&output).lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["code"], "E0100");
    assert_eq!(lines[0]["message"], "unsupported: effect `transforms`");
    assert_eq!((lines[0]["line"].as_u64(), lines[0]["column"].as_u64()), (Some(10), Some(6)), "{}", lines[0]);
    assert!(stderr(&output).contains("2 of 3 cards compile; 1 error"), "{}", stderr(&output));
}

#[test]
fn check_stats_prints_the_tally_by_construct() {
    let dir = TempDir::new("wagic-stats");
    let file = dir.file("cards.txt", CARDS);
    let output = rsc(["check".as_ref(), "--lang".as_ref(), "wagic".as_ref(), "--stats".as_ref(), file.as_os_str()]);
    assert_eq!(code(&output), 1);
    let text = stdout(&output);
    assert!(text.starts_with("cards: 3\ncompiled: 2\nunsupported: 1\n       1  effect `transforms`\n"), "{text}");
    let usage = rsc(["check".as_ref(), "--stats".as_ref(), file.as_os_str()]);
    assert_eq!(code(&usage), 2, "--stats without --lang wagic is a usage error");
}

#[test]
fn compile_writes_the_cards_that_compile_and_disas_shows_their_source() {
    let dir = TempDir::new("wagic-compile");
    let file = dir.file("cards.txt", CARDS);
    let bundle = dir.path().join("cards.rsb");
    let output = rsc([
        "compile".as_ref(),
        "--lang".as_ref(),
        "wagic".as_ref(),
        file.as_os_str(),
        "-o".as_ref(),
        bundle.as_os_str(),
    ]);
    assert_eq!(code(&output), 1, "a card was left out: {}", stderr(&output));
    assert!(stderr(&output).contains("compiled 2 of 3 cards"), "{}", stderr(&output));
    let disas = rsc(["disas".as_ref(), bundle.as_os_str(), "--card".as_ref(), "Prodigal Sorcerer".as_ref()]);
    assert_eq!(code(&disas), 0, "{}", stderr(&disas));
    let text = stdout(&disas);
    assert!(text.contains("bundle for wagic#"), "{text}");
    assert!(text.contains("   15 | auto={T}:damage:1 target(creature,player)"), "{text}");
    assert!(text.contains("Call damage"), "{text}");
}

#[test]
fn compile_refuses_an_output_that_is_the_card_file_and_keeps_it() {
    let dir = TempDir::new("wagic-over-source");
    let file = dir.file("cards.txt", CARDS);
    let output = rsc([
        "compile".as_ref(),
        "--lang".as_ref(),
        "wagic".as_ref(),
        file.as_os_str(),
        "-o".as_ref(),
        file.as_os_str(),
    ]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    let path = file.display();
    assert_eq!(
        stderr(&output),
        format!("error: cannot write {path}: -o would replace {path}, which this command reads\n")
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), CARDS);
}

/// A file with old Mac line ends (a lone CR) read as one line, so as no card, and `check`
/// said "0 of 0 cards compile" with exit 0. A lone CR ends a line now: the same cards and
/// the same diagnostic, at the same line and column, as with LF line ends.
#[test]
fn a_file_with_cr_line_ends_reads_as_with_lf_line_ends() {
    let dir = TempDir::new("wagic-cr");
    let file = dir.file("cards.txt", CARDS.replace('\n', "\r"));
    let output = rsc([
        "check".as_ref(),
        "--lang".as_ref(),
        "wagic".as_ref(),
        "--message-format".as_ref(),
        "json".as_ref(),
        file.as_os_str(),
    ]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let lines: Vec<serde_json::Value> =
        stdout(&output).lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["message"], "unsupported: effect `transforms`");
    assert_eq!((lines[0]["line"].as_u64(), lines[0]["column"].as_u64()), (Some(10), Some(6)), "{}", lines[0]);
    assert_eq!(stderr(&output), "2 of 3 cards compile; 1 error\n");

    let human = rsc(["check".as_ref(), "--lang".as_ref(), "wagic".as_ref(), file.as_os_str()]);
    assert!(stderr(&human).contains(" 10 │ auto=transforms((,haste))\n"), "{}", stderr(&human));
}

/// A file with no `[card]` block compiles nothing and is no error, but it is most likely
/// not the file meant: `check` says so.
#[test]
fn a_file_with_no_card_block_is_warned_about() {
    let dir = TempDir::new("wagic-empty");
    let file = dir.file("notes.txt", "# only a comment\nname=Shock\n");
    let output = rsc(["check".as_ref(), "--lang".as_ref(), "wagic".as_ref(), file.as_os_str()]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!("warning: `{}` has no `[card]` block\n0 of 0 cards compile; 0 errors\n", file.display())
    );
}
