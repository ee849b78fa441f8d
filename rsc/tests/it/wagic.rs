//! `rsc check --lang wagic` and `rsc compile --lang wagic` on a small Wagic card file
//! written by the test: the unsupported card's one diagnostic at the Wagic file's own line
//! and column, the tally of `--stats`, and a bundle `rsc disas` reads with source lines.

use super::{TempDir, code, rsc, stderr, stdout};

/// Two cards the front end compiles around one it does not (`flipacoin`, line 9).
const CARDS: &str = "#comment\n[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\ntype=Instant\n[/card]\n[card]\nname=Odd\nauto=flipacoin\ntype=Creature\npower=1\ntoughness=1\n[/card]\n[card]\nname=Prodigal Sorcerer\nauto={T}:damage:1 target(creature,player)\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

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
    assert_eq!(lines[0]["message"], "unsupported: effect `flipacoin`");
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
    assert!(text.starts_with("cards: 3\ncompiled: 2\nunsupported: 1\n       1  effect `flipacoin`\n"), "{text}");
    let usage = rsc(["check".as_ref(), "--stats".as_ref(), file.as_os_str()]);
    assert_eq!(code(&usage), 2, "--stats without --lang wagic is a usage error");
}

#[test]
fn compile_writes_the_cards_that_compile_and_disas_shows_their_source() {
    let dir = TempDir::new("wagic-compile");
    let file = dir.file("cards.txt", CARDS);
    let bundle = dir.path().join("cards.rsb");
    let output = compile_wagic(&[&file], &bundle);
    assert_eq!(code(&output), 1, "a card was left out: {}", stderr(&output));
    assert!(stderr(&output).contains("compiled 2 of 3 cards"), "{}", stderr(&output));
    let disas = rsc(["disas".as_ref(), bundle.as_os_str(), "--card".as_ref(), "Prodigal Sorcerer".as_ref()]);
    assert_eq!(code(&disas), 0, "{}", stderr(&disas));
    let text = stdout(&disas);
    assert!(text.contains("bundle for wagic#"), "{text}");
    assert!(text.contains("   17 | auto={T}:damage:1 target(creature,player)"), "{text}");
    assert!(text.contains("Call damage"), "{text}");
}

#[test]
fn compile_refuses_an_output_that_is_the_card_file_and_keeps_it() {
    let dir = TempDir::new("wagic-over-source");
    let file = dir.file("cards.txt", CARDS);
    let output = compile_wagic(&[&file], &file);
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
    assert_eq!(lines[0]["message"], "unsupported: effect `flipacoin`");
    assert_eq!((lines[0]["line"].as_u64(), lines[0]["column"].as_u64()), (Some(10), Some(6)), "{}", lines[0]);
    assert_eq!(stderr(&output), "2 of 3 cards compile; 1 error\n");

    let human = rsc(["check".as_ref(), "--lang".as_ref(), "wagic".as_ref(), file.as_os_str()]);
    assert!(stderr(&human).contains(" 10 │ auto=flipacoin\n"), "{}", stderr(&human));
}

/// A file with no `[card]` block compiles nothing and is no error, but it is most likely
/// not the file meant: `check` says so. (Text outside the blocks other than comments is an
/// E0101: `a_misspelt_card_line_is_reported_not_skipped`.)
#[test]
fn a_file_with_no_card_block_is_warned_about() {
    let dir = TempDir::new("wagic-empty");
    let file = dir.file("notes.txt", "# only a comment\n\n# name=Shock\n");
    let output = rsc(["check".as_ref(), "--lang".as_ref(), "wagic".as_ref(), file.as_os_str()]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!("warning: `{}` has no `[card]` block\n0 of 0 cards compile; 0 errors\n", file.display())
    );
}

/// `rsc check --lang wagic` with `--message-format json`: exit code, the JSON records, stderr.
/// `rsc compile --lang wagic FILES... -o OUT`.
fn compile_wagic(files: &[&std::path::Path], out: &std::path::Path) -> std::process::Output {
    let mut args: Vec<&std::ffi::OsStr> = vec!["compile".as_ref(), "--lang".as_ref(), "wagic".as_ref()];
    args.extend(files.iter().map(|file| file.as_os_str()));
    args.extend(["-o".as_ref(), out.as_os_str()]);
    rsc(args)
}

fn check_json(paths: &[&std::path::Path]) -> (i32, Vec<serde_json::Value>, String) {
    let mut args: Vec<&std::ffi::OsStr> =
        vec!["check".as_ref(), "--lang".as_ref(), "wagic".as_ref(), "--message-format".as_ref(), "json".as_ref()];
    args.extend(paths.iter().map(|path| path.as_os_str()));
    let output = rsc(args);
    let records = stdout(&output).lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
    (code(&output), records, stderr(&output))
}

/// A file saved with a byte-order mark read as no card: "0 of 0 cards compile", exit 0, the
/// unsupported card never reported.
#[test]
fn a_file_with_a_byte_order_mark_is_read_whole() {
    let dir = TempDir::new("wagic-bom");
    // The mark right before the first `[card]` (the comment line left out).
    let cards = CARDS.strip_prefix("#comment\n").expect("CARDS opens with a comment");
    let file = dir.file("cards.txt", format!("\u{feff}{}", cards.replace('\n', "\r\n")));
    let (exit, records, errors) = check_json(&[&file]);
    assert_eq!(exit, 1, "{errors}");
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["message"], "unsupported: effect `flipacoin`");
    assert_eq!((records[0]["line"].as_u64(), records[0]["column"].as_u64()), (Some(9), Some(6)));
    assert_eq!(errors, "2 of 3 cards compile; 1 error\n");
}

/// A `[card` line missing its `]` made its card vanish without a word (exit 0).
#[test]
fn a_misspelt_card_line_is_reported_not_skipped() {
    let dir = TempDir::new("wagic-stray");
    let file =
        dir.file("cards.txt", "grade=borderline\n# mine\n[card\nname=Lost\nauto=life:1\ntype=Instant\n[/card]\n");
    let (exit, records, errors) = check_json(&[&file]);
    assert_eq!(exit, 1, "{errors}");
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["code"], "E0101");
    assert_eq!(records[0]["message"], "`[card` is outside any `[card]` block");
    assert_eq!((records[0]["line"].as_u64(), records[0]["column"].as_u64()), (Some(3), Some(1)));
    assert_eq!(records[0]["help"], "write the card's first line as `[card]`, alone on its line");
    assert_eq!(errors, "0 of 1 cards compile; 1 error\n");
}

/// A file that is not UTF-8 stopped the run with a byte offset and no line: the files after
/// it were never checked. It is an E0001 at its line and column now, and the others are read.
/// The file itself is read whole: its card holding the byte is refused, its others compile.
#[test]
fn a_file_that_is_not_utf8_gets_a_located_error_and_the_others_are_checked() {
    let dir = TempDir::new("wagic-latin1");
    let latin1 = dir.file("latin1.txt", b"[card]\nname=Caf\xe9\nauto=life:1\ntype=Instant\n[/card]\n");
    let cards = dir.file("cards.txt", CARDS);
    let (exit, records, errors) = check_json(&[&latin1, &cards]);
    assert_eq!(exit, 1, "{errors}");
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["code"], "E0001");
    assert_eq!((records[0]["line"].as_u64(), records[0]["column"].as_u64()), (Some(2), Some(9)));
    assert!(records[0]["help"].as_str().is_some_and(|help| help.contains("UTF-8")), "{}", records[0]);
    assert_eq!(records[1]["message"], "unsupported: effect `flipacoin`");
    assert_eq!(errors, "2 of 4 cards compile; 2 errors\n");

    // A bad byte in a comment refuses no card, and is still the file's error.
    let comment = dir.file("comment.txt", b"# caf\xe9\n[card]\nname=Zap\nauto=life:1\ntype=Instant\n[/card]\n");
    let (exit, records, errors) = check_json(&[&comment]);
    assert_eq!(exit, 1, "{errors}");
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(
        (records[0]["code"].as_str(), records[0]["line"].as_u64(), records[0]["column"].as_u64()),
        (Some("E0001"), Some(1), Some(6))
    );
    assert_eq!(errors, "1 of 1 cards compile; 1 error\n");
}

/// `--help` promised folders are searched with `--lang wagic`, and a folder was "Is a
/// directory" (exit 2). Its `*.txt` files are read, sorted, the others left alone.
#[test]
fn a_folder_is_searched_for_txt_card_files() {
    let dir = TempDir::new("wagic-folder");
    dir.file("set/b/cards.txt", CARDS);
    dir.file("set/a.txt", "[card]\nname=Bolt\ntarget=creature,player\nauto=damage:3\ntype=Instant\n[/card]\n");
    dir.file("set/notes.md", "[card]\nname=Not a card file\nauto=nonsense\n[/card]\n");
    let (exit, records, errors) = check_json(&[&dir.path().join("set")]);
    assert_eq!(exit, 1, "{errors}");
    assert_eq!(records.len(), 1, "{records:?}");
    assert!(records[0]["file"].as_str().is_some_and(|file| file.ends_with("cards.txt")), "{}", records[0]);
    assert_eq!(errors, "3 of 4 cards compile; 1 error\n");
    let empty = dir.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let (exit, _, errors) = check_json(&[&empty]);
    assert_eq!(
        (exit, errors),
        (0, format!("warning: `{}` holds no `*.txt` file\n0 of 0 cards compile; 0 errors\n", empty.display()))
    );
}

/// Every refused card of a file was printed: 100,000 of them made 28 MB of reports. At
/// most 100 a file are shown now, then a note counting the rest, as `rsc check` does.
#[test]
fn at_most_100_diagnostics_of_a_file_are_shown() {
    let dir = TempDir::new("wagic-many");
    let card = |n: usize| format!("[card]\nname=Odd {n}\nauto=flipacoin\ntype=Instant\n[/card]\n");
    let file = dir.file("cards.txt", (0..150).map(card).collect::<String>());
    let (exit, records, errors) = check_json(&[&file]);
    assert_eq!(exit, 1, "{errors}");
    assert_eq!(records.len(), 101, "100 diagnostics and the note");
    assert_eq!(records[100]["severity"], "note");
    assert_eq!(records[100]["omitted"], 50);
    assert_eq!(errors, "0 of 150 cards compile; 150 errors\n");
}

/// The same card name in two files made `compile` fail with "internal compiler error ...
/// repeats an earlier card's key" and write no bundle: keys were told apart within a file
/// only. The second is `Shock#2` now, and a note says so.
#[test]
fn a_card_name_met_in_an_earlier_file_gets_its_own_key() {
    let dir = TempDir::new("wagic-same-name");
    let shock = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\ntype=Instant\n[/card]\n";
    let first = dir.file("a.txt", shock);
    let second = dir.file("b.txt", format!("# again\n{}", shock.replace("damage:2", "damage:3")));
    let bundle = dir.path().join("cards.rsb");
    let output = compile_wagic(&[&first, &second], &bundle);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let note = format!(
        "note: {}:2: `Shock` is `Shock#2` in the bundle, as an earlier card has the key `Shock`\n",
        second.display()
    );
    let text = stderr(&output);
    assert!(text.starts_with(&note) && text.contains("compiled 2 of 2 cards"), "{text}");
    let disas = rsc(["disas".as_ref(), bundle.as_os_str(), "--card".as_ref(), "Shock#2".as_ref()]);
    assert_eq!(code(&disas), 0, "{}", stderr(&disas));
    assert!(stdout(&disas).contains("LoadInt r0 3"), "{}", stdout(&disas));
}

/// A card named like a key given before (`Echo#2`, after two `Echo`s) gets a key of its own,
/// and the note says why: it said "a card named `Echo#2` was met before", which none was.
#[test]
fn a_card_named_like_a_key_given_is_told_why_it_is_renamed() {
    let dir = TempDir::new("wagic-named-like-a-key");
    let card = |name: &str| format!("[card]\nname={name}\nauto=draw:1\ntype=Sorcery\n[/card]\n");
    let file = dir.file("echo.txt", [card("Echo"), card("Echo"), card("Echo#2")].concat());
    let bundle = dir.path().join("cards.rsb");
    let output = compile_wagic(&[&file], &bundle);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let shown = file.display();
    let notes = format!(
        "note: {shown}:6: `Echo` is `Echo#2` in the bundle, as an earlier card has the key `Echo`\n\
         note: {shown}:11: `Echo#2` is `Echo#2#2` in the bundle, as an earlier card has the key `Echo#2`\n"
    );
    let text = stderr(&output);
    assert!(text.starts_with(&notes) && text.contains("compiled 3 of 3 cards"), "{text}");
}

/// A file named twice, alone and inside a folder given too, was read twice: each card met
/// again became `name#2`. It is read once.
#[test]
fn a_file_named_twice_is_read_once() {
    let dir = TempDir::new("wagic-twice");
    let file = dir.file("set/cards.txt", CARDS);
    let (exit, records, errors) = check_json(&[&file, &dir.path().join("set"), &file]);
    assert_eq!(exit, 1, "{errors}");
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(errors, "2 of 3 cards compile; 1 error\n");
}

/// `--sets DIR`: a card's `token(-id)` names its token card by a printing's id there; the
/// card compiles when a printing has the id, and is refused at the id when none has, or
/// without `--sets`.
#[test]
fn check_with_sets_finds_the_card_a_token_by_id_names() {
    let dir = TempDir::new("wagic-check-token-id");
    let cards = "[card]\nname=Awakening Zone\nauto=@each my upkeep:Token(-193507)\ntype=Enchantment\n[/card]\n\
[card]\nname=Ajani's Cub\nauto=token(-140233)\ntype=Sorcery\n[/card]\n\
[card]\nname=Eldrazi Spawn\ntype=Creature\nsubtype=Eldrazi Spawn\nauto={S}:Add{1}\npower=0\ntoughness=1\n[/card]\n";
    let file = dir.file("cards.txt", cards);
    dir.file("sets/ROE/_cards.dat", "[card]\nprimitive=Eldrazi Spawn\nid=-193507\nrarity=T\n[/card]\n");
    let sets = dir.path().join("sets");
    let check = |sets: Option<&std::path::Path>| {
        let mut args: Vec<&std::ffi::OsStr> =
            vec!["check".as_ref(), "--lang".as_ref(), "wagic".as_ref(), "--message-format".as_ref(), "json".as_ref()];
        if let Some(sets) = sets {
            args.extend(["--sets".as_ref(), sets.as_os_str()]);
        }
        args.push(file.as_os_str());
        let output = rsc(args);
        let lines: Vec<serde_json::Value> =
            stdout(&output).lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
        (code(&output), lines)
    };
    let (exit, lines) = check(Some(&sets));
    assert_eq!(exit, 1);
    assert_eq!(lines.len(), 1, "Awakening Zone compiles: {lines:?}");
    assert_eq!(lines[0]["message"], "unsupported: token by card id (`token(-id)`) of no printing");
    assert_eq!((lines[0]["line"].as_u64(), lines[0]["column"].as_u64()), (Some(8), Some(12)), "{}", lines[0]);
    let (_, lines) = check(None);
    let messages: Vec<&str> = lines.iter().filter_map(|line| line["message"].as_str()).collect();
    assert_eq!(messages, ["unsupported: token by card id (`token(-id)`) without the set files"; 2]);
    let usage = rsc(["check".as_ref(), "--sets".as_ref(), sets.as_os_str(), file.as_os_str()]);
    assert_eq!(code(&usage), 2, "--sets without --lang wagic is a usage error");
}

#[test]
fn a_card_flipping_into_a_card_that_does_not_compile_is_refused_at_its_flip() {
    // As `rsc run` refuses such a card as a deck's card, `rsc check` counts it left out,
    // at its `flip(...)`, whichever file the other card is in.
    let dir = TempDir::new("wagic-flip-refused");
    let front = dir.file(
        "front.txt",
        "[card]\nname=Daybreak Ranger\nauto=@each upkeep:flip(Nightfall Predator)\ntype=Creature\npower=2\ntoughness=2\n[/card]\n",
    );
    let back = dir.file(
        "back.txt",
        "[card]\nname=Nightfall Predator\nauto=@each upkeep:flipacoin\ntype=Creature\npower=4\ntoughness=4\n[/card]\n",
    );
    let (exit, lines, errors) = check_json(&[&front, &back]);
    assert_eq!(exit, 1, "{errors}");
    let messages: Vec<_> = lines
        .iter()
        .map(|line| (line["file"].as_str(), line["line"].as_u64(), line["column"].as_u64(), line["message"].as_str()))
        .collect();
    let front_name = front.display().to_string();
    let back_name = back.display().to_string();
    assert_eq!(
        messages,
        [
            (
                Some(front_name.as_str()),
                Some(3),
                Some(24),
                Some(
                    "unsupported: `flip(...)` into `Nightfall Predator`, which does not compile \
                     (E0100 unsupported: effect `flipacoin`)"
                )
            ),
            (Some(back_name.as_str()), Some(3), Some(19), Some("unsupported: effect `flipacoin`")),
        ]
    );
    assert!(errors.contains("0 of 2 cards compile; 2 errors"), "{errors}");
}
