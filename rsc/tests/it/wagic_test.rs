//! `rsc test --lang wagic` on test files and cards written by the test (none of Wagic's):
//! a test that passes prints `ok`, one whose board differs prints `FAILED` with the first
//! difference, one that needs what the table does not model is skipped with its reason,
//! a file that is not a test is skipped at its line; the exit code says whether one failed.

use std::path::Path;
use std::process::Output;

use super::{TempDir, code, rsc, stderr, stdout};

const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// `rsc test --lang wagic TESTS --cards CARDS`.
fn rsc_test(tests: impl AsRef<Path>, cards: impl AsRef<Path>) -> Output {
    let (tests, cards) = (tests.as_ref(), cards.as_ref());
    rsc([
        "test".as_ref(),
        "--lang".as_ref(),
        "wagic".as_ref(),
        tests.as_os_str(),
        "--cards".as_ref(),
        cards.as_os_str(),
    ])
}

/// Shock kills the Bears: `[ASSERT]` is written by `assert`.
fn shock_test(assert: &str) -> String {
    format!(
        "# Shock a 2/2\n[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:Shock\nmanapool:{{R}}\n[PLAYER2]\ninplay:Grizzly Bears\n\
         [DO]\nShock\nGrizzly Bears\n[ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:Shock\n[PLAYER2]\n{assert}[END]\n"
    )
}

#[test]
fn each_test_is_ok_failed_or_skipped_with_its_reason() {
    let dir = TempDir::new("wagic-test");
    let cards = dir.file("cards.txt", CARDS);
    dir.file("tests/pass.txt", shock_test("graveyard:Grizzly Bears\n"));
    dir.file("tests/fail.txt", shock_test("inplay:Grizzly Bears\n"));
    dir.file("tests/skip.txt", shock_test("graveyard:Grizzly Bears\n").replace("[DO]\n", "[DO]\nhuman\n"));
    dir.file("tests/list.txt", "pass.txt\nfail.txt\n");
    let tests = dir.path().join("tests");
    let output = rsc_test(&tests, &cards);
    assert_eq!(code(&output), 1, "a test failed: {}", stderr(&output));
    let path = |name: &str| tests.join(name).display().to_string();
    let expected = format!(
        "FAILED  {}: player 2 graveyard: expected [], got [grizzly bears]\n\
         skipped {}: not a test file Wagic's reader accepts (line 2: the file ends before [INIT])\n\
         ok      {}\n\
         skipped {}: [DO] `human`/`ai` (Wagic's AI is not modelled) (line 10)\n\
         1 passed, 1 failed, 2 skipped\n\
         skipped by reason:\n      \
         1  [DO] `human`/`ai` (Wagic's AI is not modelled)\n      \
         1  not a test file Wagic's reader accepts\n",
        path("fail.txt"),
        path("list.txt"),
        path("pass.txt"),
        path("skip.txt"),
    );
    assert_eq!(stdout(&output), expected);
    let passing = rsc_test(tests.join("pass.txt"), &cards);
    assert_eq!(code(&passing), 0, "{}", stderr(&passing));
    assert_eq!(stdout(&passing), format!("ok      {}\n1 passed, 0 failed, 0 skipped\n", path("pass.txt")));
}

#[test]
fn bad_paths_and_missing_cards_are_usage_errors() {
    let dir = TempDir::new("wagic-test-usage");
    let cards = dir.file("cards.txt", CARDS);
    let test = dir.file("pass.txt", shock_test("graveyard:Grizzly Bears\n"));
    let missing = dir.path().join("missing.txt");
    let no_test = rsc_test(&missing, &cards);
    assert_eq!(code(&no_test), 2, "{}", stderr(&no_test));
    let no_cards = rsc_test(&test, &missing);
    assert_eq!(code(&no_cards), 2, "{}", stderr(&no_cards));
    let without_cards = rsc(["test".as_ref(), "--lang".as_ref(), "wagic".as_ref(), test.as_os_str()]);
    assert_eq!(code(&without_cards), 2);
    assert!(stderr(&without_cards).contains("needs the Wagic card files"), "{}", stderr(&without_cards));
    let cards_without_lang = rsc(["test".as_ref(), test.as_os_str(), "--cards".as_ref(), cards.as_os_str()]);
    assert_eq!(code(&cards_without_lang), 2);
}

/// `--sets DIR`: every `_cards.dat` below the folder is read; a test naming cards by id
/// plays them by the name the sets give; a set entry that cannot be read is an E0109 on
/// stderr at its file, line and column; a folder with no set file is a usage error; and
/// without `--sets` the skip says to pass it.
#[test]
fn sets_name_the_cards_tests_give_by_id() {
    let dir = TempDir::new("wagic-test-sets");
    let cards = dir.file("cards.txt", CARDS);
    dir.file("sets/AAA/_cards.dat", "[meta]\nname=A\n[/meta]\n[card]\nprimitive=Shock\nid=201\n[/card]\n");
    let bad = dir.file(
        "sets/BBB/deeper/_cards.dat",
        "[card]\nprimitive=Grizzly Bears\nid=301\n[/card]\n[card]\nprimitive=Shock\nid=two\n[/card]\n",
    );
    dir.file("sets/BBB/notes.dat", "not a set file\n");
    let test = dir.file(
        "tests/by_id.txt",
        "[INIT]\nFIRSTMAIN\n[PLAYER1]\nhand:201\nmanapool:{R}\n[PLAYER2]\ninplay:301\n[DO]\n201\n301\n\
         [ASSERT]\nFIRSTMAIN\n[PLAYER1]\ngraveyard:201\n[PLAYER2]\ngraveyard:Grizzly Bears\n[END]\n",
    );
    let run = |sets: Option<&Path>| {
        let mut args: Vec<&std::ffi::OsStr> =
            vec!["test".as_ref(), "--lang".as_ref(), "wagic".as_ref(), test.as_os_str()];
        if let Some(sets) = sets {
            args.extend(["--sets".as_ref(), sets.as_os_str()]);
        }
        args.extend(["--cards".as_ref(), cards.as_os_str()]);
        rsc(args)
    };
    let with_sets = run(Some(&dir.path().join("sets")));
    assert_eq!(code(&with_sets), 0, "{}", stderr(&with_sets));
    assert_eq!(stdout(&with_sets), format!("ok      {}\n1 passed, 0 failed, 0 skipped\n", test.display()));
    let errors = stderr(&with_sets);
    assert!(errors.contains("error[E0109]: id `two` is not a number Wagic can use"), "{errors}");
    assert!(errors.contains(&format!("{}:7:4", bad.display())), "{errors}");
    assert!(errors.contains("read 2 printings from 2 set files"), "{errors}");
    let without = run(None);
    assert_eq!(code(&without), 0, "{}", stderr(&without));
    assert!(
        stdout(&without).contains(": a card given by its Wagic id (pass Wagic's set files: `--sets`) (line 9: `201`)"),
        "{}",
        stdout(&without)
    );
    let empty = dir.path().join("tests");
    let no_sets = run(Some(&empty));
    assert_eq!(code(&no_sets), 2, "{}", stderr(&no_sets));
    assert!(stderr(&no_sets).contains("holds no Wagic set file (`_cards.dat`)"), "{}", stderr(&no_sets));
}

/// A test author's mistakes: a failed test said only its first difference, though a
/// move clicked nothing and the value compared was one `[ASSERT]` leaves out; an [INIT]
/// with no [PLAYER2] was `the file ends before [DO]` at the file's last line; a misspelt
/// card was only `a card not in the card files`, a misspelt `goto` phase only `a phase
/// Wagic does not know`.
#[test]
fn a_test_author_s_mistakes_are_explained() {
    let dir = TempDir::new("wagic-test-author");
    let cards = dir.file("cards.txt", CARDS);
    let missed = shock_test("graveyard:Grizzly Bears\n").replace("[DO]\nShock\n", "[DO]\nShok\nShock\n");
    dir.file("tests/missed.txt", missed.replace("graveyard:Shock\n", ""));
    dir.file(
        "tests/nop2.txt",
        shock_test("graveyard:Grizzly Bears\n").replace("[PLAYER2]\ninplay:Grizzly Bears\n", ""),
    );
    dir.file("tests/typo.txt", shock_test("graveyard:Grizzly Bears\n").replace("hand:Shock", "hand:Shokc"));
    let goto = shock_test("graveyard:Grizzly Bears\n")
        .replace("Grizzly Bears\n[ASSERT]", "Grizzly Bears\ngoto secondman\n[ASSERT]");
    dir.file("tests/zgoto.txt", goto);
    let tests = dir.path().join("tests");
    let output = rsc_test(&tests, &cards);
    assert_eq!(code(&output), 1, "a test failed: {}", stderr(&output));
    let path = |name: &str| tests.join(name).display().to_string();
    let expected = format!(
        "FAILED  {}: player 1 graveyard: expected [], got [shock]\n        \
         note: line 10: `shok` names no card on the board: it clicked nothing\n\
         skipped {}: not a test file Wagic's reader accepts (line 7: `[DO]` where [INIT]'s [PLAYER2] is due \
         ([INIT] and [ASSERT] each need a [PLAYER1] and a [PLAYER2] line, even with nothing under them))\n\
         skipped {}: a card not in the card files (shokc: did you mean `Shock`?)\n\
         skipped {}: a `goto` to a phase Wagic does not know (line 12: `goto secondman`: did you mean `secondmain`?)\n",
        path("missed.txt"),
        path("nop2.txt"),
        path("typo.txt"),
        path("zgoto.txt"),
    );
    assert!(stdout(&output).starts_with(&expected), "{}", stdout(&output));
    // A value `[ASSERT]` leaves out is Wagic's default, and the failure says so.
    dir.file("tests/missed.txt", shock_test("graveyard:Grizzly Bears\n").replace("manapool:{R}", "manapool:{R}{R}"));
    let output = rsc_test(tests.join("missed.txt"), &cards);
    assert!(
        stdout(&output).contains(
            ": player 1 manapool: expected {0}, got {R}\n        \
             note: [ASSERT]'s [PLAYER1] has no `manapool:` line: Wagic expects an empty pool, {0}\n"
        ),
        "{}",
        stdout(&output)
    );
}
