//! `rsc test`: each exit code (0 all pass, 1 a failure, 2 a malformed file or a bad path)
//! and the failure report (file, step, expected and actual value, legal answers).

use std::path::Path;
use std::process::Output;

use super::{TempDir, code, last_line, rsc, stderr, stdout};

/// A scenario on the example set (so these tests need no corpus), with `body` after the setup.
fn scenario(body: &str) -> String {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    format!(
        "cards = {examples:?}\n\n[setup]\nyou.sp = 5\nyou.hand = [\"Fireball\"]\nopp.s0 = \"Swift Blade\"\nopp.s1 = \"Iron Wall\"\n\n{body}"
    )
}

/// Runs `rsc test path`.
fn rsc_test(path: &Path) -> Output {
    rsc(["test".as_ref(), path.as_os_str()])
}

const PLAY_FIREBALL: &str = "[[step]]\nplay = \"Fireball\"\nanswers = [\"opp.s1\"]\n";

#[test]
fn passing_scenarios_exit_zero_with_the_count() {
    let dir = TempDir::new("scenario-pass");
    dir.file("a.toml", scenario(&format!("{PLAY_FIREBALL}expect = {{ \"opp.s1.bp\" = 400 }}\n")));
    dir.file("sub/b.toml", scenario(&format!("{PLAY_FIREBALL}expect = {{ \"you.discards\" = [\"Fireball\"] }}\n")));
    let output = rsc_test(dir.path());
    assert_eq!(code(&output), 0, "{}{}", stdout(&output), stderr(&output));
    assert_eq!(last_line(&stdout(&output)), "2 passed, 0 failed");
}

#[test]
fn a_wrong_expectation_exits_one_with_file_step_expected_and_actual() {
    let dir = TempDir::new("scenario-fail");
    let file = dir.file("wrong.toml", scenario(&format!("{PLAY_FIREBALL}expect = {{ \"opp.s1.bp\" = 999 }}\n")));
    let output = rsc_test(&file);
    assert_eq!(code(&output), 1);
    let out = stdout(&output);
    assert!(out.contains(&format!("FAIL    {}", file.display())), "{out}");
    assert!(out.contains("step 1 (play = \"Fireball\")"), "{out}");
    assert!(out.contains("opp.s1.bp\n      expected: 999\n      actual:   400"), "{out}");
    assert_eq!(last_line(&out), "0 passed, 1 failed");
}

#[test]
fn an_unanswered_question_fails_and_lists_the_legal_answers() {
    let dir = TempDir::new("scenario-strict");
    let file = dir.file("strict.toml", scenario("[[step]]\nplay = \"Fireball\"\n"));
    let output = rsc_test(&file);
    assert_eq!(code(&output), 1);
    let out = stdout(&output);
    assert!(out.contains("a question was not answered (strict mode)"), "{out}");
    assert!(out.contains("\"opp.s0\" = Swift Blade (C005), \"opp.s1\" = Iron Wall (C004)"), "{out}");
}

#[test]
fn an_illegal_answer_fails_and_lists_the_legal_answers() {
    let dir = TempDir::new("scenario-illegal");
    let file = dir.file("illegal.toml", scenario("[[step]]\nplay = \"Fireball\"\nanswers = [\"opp.s3\"]\n"));
    let output = rsc_test(&file);
    assert_eq!(code(&output), 1);
    assert!(stdout(&output).contains("answer \"opp.s3\" is not legal: choose targets by you"), "{}", stdout(&output));
}

#[test]
fn a_known_failure_passes_until_it_starts_passing() {
    let dir = TempDir::new("scenario-known");
    let known = format!(
        "expect_failure = \"engine defect\"\n{}",
        scenario(&format!("{PLAY_FIREBALL}expect = {{ \"opp.s1.bp\" = 999 }}\n"))
    );
    let file = dir.file("known.toml", known);
    let output = rsc_test(&file);
    assert_eq!(code(&output), 0, "{}", stdout(&output));
    assert!(stdout(&output).contains("engine defect"));
    let fixed = format!("expect_failure = \"engine defect\"\n{}", scenario(PLAY_FIREBALL));
    dir.file("known.toml", fixed);
    let output = rsc_test(&file);
    assert_eq!(code(&output), 1);
    assert!(stdout(&output).contains("but it passes now: remove the mark"), "{}", stdout(&output));
}

#[test]
fn a_malformed_file_exits_two_with_the_toml_error_and_its_line() {
    let dir = TempDir::new("scenario-malformed");
    let file = dir.file("bad.toml", "name = \"x\"\n[setup\n");
    let output = rsc_test(&file);
    assert_eq!(code(&output), 2);
    let err = stderr(&output);
    assert!(err.contains("bad.toml: malformed scenario: TOML parse error at line 2"), "{err}");
    let unknown_key = dir.file("typo.toml", "[[step]]\natack = \"s0\"\n");
    let output = rsc_test(&unknown_key);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("unknown field `atack`"), "{}", stderr(&output));
}

#[test]
fn a_missing_path_or_an_empty_folder_exits_two() {
    let dir = TempDir::new("scenario-missing");
    let output = rsc_test(&dir.path().join("nothere.toml"));
    assert_eq!(code(&output), 2);
    let output = rsc_test(dir.path());
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("no scenario file"), "{}", stderr(&output));
    assert_eq!(code(&rsc(["test"])), 2, "no path is a usage error");
}
