//! `rsc test`: each exit code (0 all pass, 1 a failure, 2 a malformed file or a bad path)
//! and the failure report (file, step, expected and actual value, legal answers).

use std::path::Path;
use std::process::Output;
use std::time::{Duration, Instant};

#[cfg(unix)]
use super::rsc_with_stdin;
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

/// Issue 29, item 4: an unknown expectation key, a `cards` folder that is not a card set and
/// a scenario that moves and checks nothing are malformed files (exit 2, the file and the
/// reason on stderr). Before, the first two failed as scenarios (exit 1) and an empty file
/// counted as "1 passed".
#[test]
fn an_unknown_expectation_a_missing_card_set_or_an_empty_scenario_exits_two() {
    let dir = TempDir::new("scenario-malformed-more");
    let unknown = dir.file("unknown.toml", scenario(&format!("{PLAY_FIREBALL}expect = {{ \"opp.s1.hpp\" = 400 }}\n")));
    let output = rsc_test(&unknown);
    assert_eq!(code(&output), 2, "{}", stdout(&output));
    let err = stderr(&output);
    assert!(
        err.contains("unknown.toml: malformed scenario: step 1 (line 12): unknown expectation `opp.s1.hpp`: did you mean `opp.s1.bp`? (known:"),
        "{err}"
    );

    let no_set = dir.file("no-set.toml", format!("cards = \"nothere\"\n\n{PLAY_FIREBALL}"));
    let output = rsc_test(&no_set);
    assert_eq!(code(&output), 2, "{}", stdout(&output));
    let err = stderr(&output);
    assert!(err.contains("no-set.toml: `cards = \"nothere\"`: "), "{err}");
    assert!(err.contains("is not a card set (no cards.json)"), "{err}");

    for (name, text) in [("empty.toml", String::new()), ("no-move.toml", scenario("[[step]]\n"))] {
        let file = dir.file(name, text);
        let output = rsc_test(&file);
        assert_eq!(code(&output), 2, "{name}: {}", stdout(&output));
        assert!(stderr(&output).contains("the scenario has no step that moves or checks anything"), "{name}");
        assert!(!stdout(&output).contains("1 passed"), "{name}: {}", stdout(&output));
    }
}

/// `rsc test --log` prints each step's log under the step, for passing scenarios too.
#[test]
fn log_prints_each_steps_log() {
    let dir = TempDir::new("scenario-log");
    let file = dir.file("a.toml", scenario(&format!("{PLAY_FIREBALL}[[step]]\npass = true\n")));
    let output = rsc(["test".as_ref(), "--log".as_ref(), file.as_os_str()]);
    assert_eq!(code(&output), 0, "{}", stdout(&output));
    let out = stdout(&output);
    let expected = format!(
        "log     {} — a\n  step 1 (play = \"Fireball\")\n    [t2 Main] p0 plays Fireball (-1 SP)\n    \
         [t2 Main] Fireball activates\n    [t2 Main] Iron Wall.bp = 400\n    \
         [t2 Main] p0 answers C004 Iron Wall (p1.s1)\n    [t2 Main] card #0 resolved: Success\n  \
         step 2 (pass = true)\n    [t2 Main] p0 passes\n",
        file.display()
    );
    assert!(out.starts_with(&expected), "{out}");
    assert_eq!(last_line(&out), "1 passed, 0 failed");
    let quiet = rsc_test(&file);
    assert_eq!(stdout(&quiet), "1 passed, 0 failed\n", "no log without --log");
}

/// `log_lacks`: no log entry of the step may contain the text; the report shows the entries
/// that do.
#[test]
fn log_lacks_fails_on_an_entry_containing_the_text() {
    let dir = TempDir::new("scenario-log-lacks");
    let passing = dir.file("ok.toml", scenario(&format!("{PLAY_FIREBALL}log_lacks = [\"Swift Blade\"]\n")));
    assert_eq!(code(&rsc_test(&passing)), 0);
    let failing = dir.file("ko.toml", scenario(&format!("{PLAY_FIREBALL}log_lacks = [\"iron wall.BP\"]\n")));
    let output = rsc_test(&failing);
    assert_eq!(code(&output), 1);
    let out = stdout(&output);
    assert!(
        out.contains(
            "    no log entry containing \"iron wall.BP\"\n      expected: no log entry containing \"iron wall.BP\"\n      \
             actual:   [t2 Main] Iron Wall.bp = 400\n"
        ),
        "{out}"
    );
}

/// When an expectation fails after a step that moved the game to another phase or turn,
/// the report says where it went (`pass` runs on to the next decision).
#[test]
fn a_failed_expectation_after_a_move_says_where_the_game_went() {
    let dir = TempDir::new("scenario-reached");
    let file = dir.file("pass.toml", scenario("[[step]]\npass = true\nexpect = { \"phase\" = \"attack\" }\n"));
    let output = rsc_test(&file);
    assert_eq!(code(&output), 1);
    let out = stdout(&output);
    assert!(
        out.contains(
            "      reached:  turn 3, active = \"opp\", phase = \"main\" \
             (the setup says turn 2, active = \"you\", phase = \"main\")\n"
        ),
        "{out}"
    );
    let file = dir
        .file("second.toml", scenario(&format!("{PLAY_FIREBALL}[[step]]\npass = true\nexpect = {{ \"turn\" = 2 }}\n")));
    let out = stdout(&rsc_test(&file));
    assert!(out.contains("(the step began at turn 2, active = \"you\", phase = \"main\")"), "{out}");
    // A step that stays in its phase says nothing of where it went.
    let file = dir.file("stay.toml", scenario(&format!("{PLAY_FIREBALL}expect = {{ \"opp.s1.bp\" = 1 }}\n")));
    assert!(!stdout(&rsc_test(&file)).contains("reached:"));
}

/// A position question names its answers, and `"top"`/`"bottom"` answer it.
#[test]
fn a_position_question_lists_and_takes_top_and_bottom() {
    let dir = TempDir::new("scenario-position");
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let banish = |answers: &str, deck: &str| {
        format!(
            "cards = {examples:?}\n[setup]\nyou.sp = 5\nyou.hand = [\"Banish\"]\nopp.s0 = \"Night Watch\"\n\
             opp.deck = [\"Scout\"]\n[[step]]\nplay = \"Banish\"\nanswers = {answers}\nexpect = {{ \"opp.deck\" = {deck} }}\n"
        )
    };
    let top = dir.file("top.toml", banish("[\"top\"]", "[\"Night Watch\", \"Scout\"]"));
    assert_eq!(code(&rsc_test(&top)), 0, "{}", stdout(&rsc_test(&top)));
    let bottom = dir.file("bottom.toml", banish("[\"bottom\"]", "[\"Scout\", \"Night Watch\"]"));
    assert_eq!(code(&rsc_test(&bottom)), 0, "{}", stdout(&rsc_test(&bottom)));
    let unanswered = dir.file("none.toml", banish("[]", "[]"));
    let out = stdout(&rsc_test(&unanswered));
    assert!(out.contains("choose a position by you, exactly 1 of: \"top\" (0), \"bottom\" (-1)"), "{out}");
}

/// A scenario read from a pipe has no size until it is read: its bound holds all the same.
#[cfg(unix)]
#[test]
fn a_scenario_from_a_pipe_is_read_within_its_bound() {
    let output = rsc_with_stdin(["test", "/dev/stdin"], vec![b'#'; (1 << 20) + 4096]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "error: /dev/stdin: at least 1048577 bytes, more than the 1048576 a scenario may have\n"
    );
}

/// A scenario's words are printed for a person: a control char in its name cannot drive
/// the terminal.
#[test]
fn a_scenario_name_cannot_drive_the_terminal() {
    let dir = TempDir::new("scenario-escape");
    let body = format!("{PLAY_FIREBALL}expect = {{ \"opp.s1.bp\" = 1 }}\n");
    let file = dir.file("a.toml", format!("name = \"Fire\\u001b]0;title\\u0007ball\"\n{}", scenario(&body)));
    let output = rsc_test(&file);
    assert_eq!(code(&output), 1, "{}{}", stdout(&output), stderr(&output));
    let text = stdout(&output);
    assert!(text.contains(r"Fire\u{1b}]0;title\u{7}ball"), "{text}");
    assert!(!text.contains(['\u{1b}', '\u{7}']), "{text}");
}

/// A misspelt phase or rule switch is the file's mistake, as a misspelt key is (exit 2,
/// named with the step and what is known), not a scenario that fails (exit 1, as before).
#[test]
fn an_unknown_phase_or_rule_switch_is_a_malformed_file() {
    let dir = TempDir::new("scenario-unknown-names");
    let cases = [
        (
            "setup-phase.toml",
            format!("phase = \"lunch\"\n{PLAY_FIREBALL}"),
            "setup: unknown phase \"lunch\" (activate,",
        ),
        (
            "rule.toml",
            format!("rules = {{ pierce = false }}\n{PLAY_FIREBALL}"),
            "setup: unknown rule switch `pierce` (known: ",
        ),
        ("your-rule.toml", format!("you.rules = {{ nope = 1 }}\n{PLAY_FIREBALL}"), "setup: unknown rule switch `nope`"),
        ("advance.toml", format!("{PLAY_FIREBALL}\n[[step]]\nadvance = \"ned\"\n"), "step 2: unknown phase \"ned\""),
    ];
    for (name, body, says) in cases {
        let file = dir.file(name, scenario(&body));
        let output = rsc_test(&file);
        assert_eq!(code(&output), 2, "{name}: {}", stdout(&output));
        let err = stderr(&output);
        assert!(err.contains(&format!("{name}: malformed scenario: {says}")), "{name}: {err}");
    }
}

/// A pile that differs names the cards missing from it and those it holds unexpectedly,
/// matching a name by number or name in any case, each card once, the first left first.
#[test]
fn a_pile_that_differs_names_its_missing_and_unexpected_cards() {
    let dir = TempDir::new("pile-note");
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let body = "you.hand = [\"Fireball\", \"Iron Wall\", \"Swift Blade\", \"Iron Wall\"]\n\n[[step]]\n\
        expect = { \"you.hand\" = { set = [\"c004\", \"IRON WALL\", \"Iron Wall\", \"Bargain\", \"A001\"] } }\n";
    let file = dir.file("pile.toml", format!("cards = {examples:?}\n\n[setup]\n{body}"));
    let output = rsc_test(&file);
    assert_eq!(code(&output), 1, "{}{}", stdout(&output), stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("missing: [\"Iron Wall\", \"Bargain\"]; unexpected: [Swift Blade (C005)]"), "{text}");
}

/// A pile of 40,000 cards against another list of as many: each name was looked for through
/// the whole pile, 20 s in a debug build.
#[test]
fn a_pile_of_forty_thousand_cards_is_compared_in_time_linear_in_its_size() {
    let dir = TempDir::new("pile-big");
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let names = ["\"Fireball\"", "\"Iron Wall\"", "\"Swift Blade\"", "\"Bargain\""];
    let hand: Vec<&str> = (0..40_000).map(|i| names[i % 4]).collect();
    let expected: Vec<&str> = (0..40_000).map(|i| names[(i + 1) % 3]).collect();
    let text = format!(
        "cards = {examples:?}\n\n[setup]\nyou.hand = [{}]\n\n[[step]]\nexpect = {{ \"you.hand\" = [{}] }}\n",
        hand.join(","),
        expected.join(",")
    );
    let file = dir.file("big.toml", text);
    let started = Instant::now();
    let output = rsc_test(&file);
    let elapsed = started.elapsed();
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("missing: [\"Iron Wall\", \"Swift Blade\", \"Fireball\", \"Iron Wall\""), "the note");
    assert!(text.contains("unexpected: [Bargain (A008), Bargain (A008), "), "the note");
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
}

/// A newcomer's scenarios (helper `newuser`): a misspelt expectation key gets the key meant;
/// a folder with a malformed file says how many were not run, apart from the closing line.
#[test]
fn a_misspelt_expectation_names_the_key_meant_and_malformed_files_are_counted() {
    let dir = TempDir::new("scenario-newcomer-keys");
    dir.file("good.toml", scenario(&format!("{PLAY_FIREBALL}expect = {{ \"opp.s1.bp\" = 400 }}\n")));
    dir.file("typo.toml", scenario(&format!("{PLAY_FIREBALL}expect = {{ \"you.discard\" = [\"Fireball\"] }}\n")));
    let output = rsc_test(dir.path());
    assert_eq!(code(&output), 2);
    let err = stderr(&output);
    assert!(
        err.contains("step 1 (line 12): unknown expectation `you.discard`: did you mean `you.discards`? (known:"),
        "{err}"
    );
    let out = stdout(&output);
    assert!(out.contains("1 malformed file not run (the errors above)\n"), "{out}");
    assert_eq!(last_line(&out), "1 passed, 0 failed");
}

/// The mismatches of one step come under one heading.
#[test]
fn the_mismatches_of_a_step_share_its_heading() {
    let dir = TempDir::new("scenario-newcomer-heading");
    let file = dir
        .file("two.toml", scenario(&format!("{PLAY_FIREBALL}expect = {{ \"opp.s1.bp\" = 999, \"you.sp\" = 99 }}\n")));
    let out = stdout(&rsc_test(&file));
    assert_eq!(out.matches("step 1 (play = \"Fireball\")").count(), 1, "{out}");
    assert!(out.contains("    opp.s1.bp\n      expected: 999\n      actual:   400\n    you.sp\n"), "{out}");
}

/// A question about which action lists each action by its label.
#[test]
fn an_action_question_names_each_action() {
    let dir = TempDir::new("scenario-newcomer-actions");
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let file = dir.file(
        "gambler.toml",
        format!("cards = {examples:?}\n\n[setup]\nyou.s0 = \"Gambler\"\n\n[[step]]\nactivate = \"s0\"\n"),
    );
    let out = stdout(&rsc_test(&file));
    assert!(out.contains("choose an action by you, exactly 1 of: 0 = Discard or fall, 1 = Draw two"), "{out}");
}

/// A card in the other player's hand, and a character whose ■ ability a step expected to
/// run when played: the failure says why.
#[test]
fn a_move_by_the_wrong_player_or_a_triggered_ability_played_says_why() {
    let dir = TempDir::new("scenario-newcomer-moves");
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let other_hand = dir.file(
        "other-hand.toml",
        format!("cards = {examples:?}\n\n[setup]\nopp.hand = [\"Fireball\"]\n\n[[step]]\nplay = \"Fireball\"\n"),
    );
    let out = stdout(&rsc_test(&other_hand));
    assert!(
        out.contains(
            "\"Fireball\" is not in your hand []; it is in opp's hand, but it is your move now (phase \"main\")"
        ),
        "{out}"
    );
    let wrong_by = dir.file(
        "wrong-by.toml",
        format!("cards = {examples:?}\n\n[setup]\nopp.hand = [\"Fireball\"]\n\n[[step]]\nby = \"opp\"\nplay = \"Fireball\"\n"),
    );
    let out = stdout(&rsc_test(&wrong_by));
    assert!(
        out.contains("`by = \"opp\"`, but it is your move now (turn 2, phase \"main\"); the legal moves are: "),
        "{out}"
    );
    let triggered = dir.file(
        "triggered.toml",
        format!(
            "cards = {examples:?}\n\n[setup]\nyou.sp = 5\nyou.hand = [\"Drill Sergeant\"]\nyou.s0 = {{ card = \"Scout\", frozen = true }}\n\n\
             [[step]]\nplay = \"Drill Sergeant\"\nslot = \"s1\"\nanswers = [\"s0\"]\n"
        ),
    );
    let out = stdout(&rsc_test(&triggered));
    assert!(
        out.contains("(no question was pending; strict mode); Drill Sergeant's ■ ability runs on `activate = \"s1\"`, not when it is played"),
        "{out}"
    );
}

/// A number or a yes/no written in quotes read `expected: "400"`, `actual: 400`: the note
/// says what the key takes.
#[test]
fn an_expectation_of_the_wrong_kind_says_what_the_key_takes() {
    let dir = TempDir::new("scenario-newcomer-kinds");
    let file = dir.file(
        "quoted.toml",
        scenario(&format!("{PLAY_FIREBALL}expect = {{ \"opp.s1.bp\" = \"400\", \"opp.s1.frozen\" = \"false\" }}\n")),
    );
    let out = stdout(&rsc_test(&file));
    assert!(
        out.contains("note:     `opp.s1.bp` takes a whole number written without quotes: \"400\" is a string"),
        "{out}"
    );
    assert!(
        out.contains("note:     `opp.s1.frozen` takes `true` or `false` written without quotes: \"false\" is a string"),
        "{out}"
    );
}

/// A refused move says, in scenario words, what it was and the likely reason: the phase it
/// belongs to, the SP the card costs, a frozen or fresh character.
#[test]
fn a_refused_move_says_why() {
    let dir = TempDir::new("scenario-newcomer-refused");
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let cases = [
        (
            "you.s0 = \"Scout\"\n\n[[step]]\nattack = \"s0\"\n",
            "the move { attack = \"s0\" } was refused (attacks are declared in the attack phase, and this is the main \
             phase: `phase = \"attack\"` in the setup, or `advance = \"attack\"` first); the legal moves are: ",
        ),
        (
            "you.hand = [\"Fireball\"]\n\n[[step]]\nplay = \"Fireball\"\n",
            "the move { play = \"A001\" } was refused (Fireball costs 1 SP and your SP is 0: set `you.sp` in the setup)",
        ),
        (
            "phase = \"attack\"\nyou.s0 = { card = \"Scout\", frozen = true }\n\n[[step]]\nattack = \"s0\"\n",
            "the move { attack = \"s0\" } was refused (Scout (C029) in s0 is frozen)",
        ),
        (
            "phase = \"attack\"\nyou.s0 = { card = \"Scout\", fresh = true }\n\n[[step]]\nattack = \"s0\"\n",
            "the move { attack = \"s0\" } was refused (Scout (C029) in s0 is fresh: it entered the ring this turn)",
        ),
    ];
    for (index, (body, says)) in cases.into_iter().enumerate() {
        let file = dir.file(&format!("{index}.toml"), format!("cards = {examples:?}\n\n[setup]\n{body}"));
        let out = stdout(&rsc_test(&file));
        assert!(out.contains(says), "{body}\n{out}");
    }
}
