//! Integration tests of the `rsc` binary: it is run on files made in a fresh temporary
//! folder per test, and its exit code, stdout and stderr are checked.

mod catalogue;
mod outputs;
mod play;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

mod scenarios;
mod sim;
mod wagic;
mod wagic_replay;
mod wagic_run;
mod wagic_sim;
mod wagic_test;

/// A clean card from the corpus.
const CLEAN: &str = "action = damage(300)\n";
/// An unknown command on line 1 (reported once the parser lands).
const UNKNOWN_COMMAND: &str = "action = dmg(300)\n";

/// A fresh, empty folder for one test.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("rsc-it-{}-{test}-{unique}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    /// Writes `contents` to `name` (folders made as needed) and returns its path.
    fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, contents).unwrap();
        path
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `rsc` with `args`, stdout and stderr captured (so never a terminal).
fn rsc<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    Command::new(env!("CARGO_BIN_EXE_rsc")).args(args).env_remove("NO_COLOR").output().unwrap()
}

/// Runs `rsc` with `args` and `input` written to its standard input (read through
/// `/dev/stdin`, as a pipe: a file whose size the file system does not know).
#[cfg(unix)]
fn rsc_with_stdin<I, S>(args: I, input: Vec<u8>) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rsc"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // `rsc` may stop reading early (that is the point): a broken pipe is no failure here.
    let writer = std::thread::spawn(move || drop(stdin.write_all(&input)));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn check(paths: &[&Path]) -> Output {
    rsc(std::iter::once(Path::new("check").as_os_str()).chain(paths.iter().map(|p| p.as_os_str())))
}

fn check_json(paths: &[&Path]) -> Output {
    let mut args =
        vec![Path::new("check").as_os_str(), Path::new("--message-format").as_os_str(), Path::new("json").as_os_str()];
    args.extend(paths.iter().map(|p| p.as_os_str()));
    rsc(args)
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

fn code(output: &Output) -> i32 {
    output.status.code().expect("rsc exited normally (no signal)")
}

/// The JSON records of a `--message-format json` run, one per stdout line.
fn records(output: &Output) -> Vec<serde_json::Value> {
    stdout(output).lines().map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"))).collect()
}

fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or("")
}

#[test]
fn clean_file_exits_zero_with_a_summary() {
    let dir = TempDir::new("clean");
    let file = dir.file("clean.rules", CLEAN);
    let output = check(&[&file]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stdout(&output), "");
    assert_eq!(last_line(&stderr(&output)), "checked 1 file: 0 errors, 0 warnings");
}

#[test]
fn empty_file_is_checked_without_crashing() {
    let dir = TempDir::new("empty");
    let file = dir.file("empty.rules", "");
    for output in [check(&[&file]), check_json(&[&file])] {
        // An empty card has no effect: E0035, exit 1.
        assert_eq!(code(&output), 1, "{}", stderr(&output));
        assert_eq!(last_line(&stderr(&output)), "checked 1 file: 1 error, 0 warnings");
    }
    let codes: Vec<String> =
        records(&check_json(&[&file])).iter().filter_map(|r| r["code"].as_str().map(str::to_owned)).collect();
    assert_eq!(codes, ["E0035"]);
}

#[test]
fn invalid_utf8_is_e0001_at_line_2_column_1() {
    let dir = TempDir::new("utf8");
    let file = dir.file("bad.rules", b"action = draw()\n\xff\xfe");
    let output = check_json(&[&file]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let records = records(&output);
    assert_eq!(records.len(), 1, "{records:?}");
    let record = &records[0];
    assert_eq!(record["file"], file.display().to_string());
    assert_eq!(record["severity"], "error");
    assert_eq!(record["code"], "E0001");
    assert!(record["message"].as_str().unwrap().contains("UTF-8"));
    assert_eq!(record["line"], 2);
    assert_eq!(record["column"], 1);
    assert_eq!(record["end_line"], 2);
    assert_eq!(record["end_column"], 2);
    assert_eq!(record["span"]["start"], 16);
    assert_eq!(record["span"]["end"], 17);
    assert!(record["label"].is_string());
    assert!(record.get("help").is_some(), "help is present, null when there is none");
    assert_eq!(last_line(&stderr(&output)), "checked 1 file: 1 error, 0 warnings");
}

#[test]
fn invalid_utf8_human_report() {
    let dir = TempDir::new("utf8-human");
    let file = dir.file("bad.rules", b"action = draw()\n\xff\xfe");
    let output = check(&[&file]);
    assert_eq!(code(&output), 1);
    assert_eq!(stdout(&output), "");
    let err = stderr(&output);
    assert!(err.starts_with("error[E0001]: source is not valid UTF-8"), "{err}");
    assert!(err.contains(&format!("{}:2:1", file.display())), "{err}");
    assert!(err.contains("invalid byte"), "{err}");
    assert_eq!(last_line(&err), "checked 1 file: 1 error, 0 warnings");
}

#[test]
fn unknown_command_is_e0008_on_line_1() {
    // Waits on the parser: passes once it reports unknown commands.
    let dir = TempDir::new("e0008");
    let file = dir.file("dmg.rules", UNKNOWN_COMMAND);
    let output = check_json(&[&file]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let records = records(&output);
    let record = records.iter().find(|r| r["code"] == "E0008").expect("an E0008 record");
    assert_eq!(record["severity"], "error");
    assert_eq!(record["line"], 1);
    assert_eq!(record["column"], 10);
    assert_eq!(record["span"]["start"], 9);
    assert_eq!(record["span"]["end"], 12);
    assert!(record["message"].as_str().unwrap().contains("`dmg`"));
}

#[test]
fn unknown_command_human_report() {
    // Waits on the parser: passes once it reports unknown commands.
    let dir = TempDir::new("e0008-human");
    let file = dir.file("dmg.rules", UNKNOWN_COMMAND);
    let output = check(&[&file]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let err = stderr(&output);
    assert!(err.contains("error[E0008]: unknown command `dmg`"), "{err}");
    assert!(err.contains(&format!("{}:1:10", file.display())), "{err}");
    assert!(last_line(&err).starts_with("checked 1 file: "), "{err}");
}

#[test]
fn no_color_means_no_escape_codes() {
    let dir = TempDir::new("no-color");
    let bad = dir.file("bad.rules", b"action = draw()\n\xff\xfe");
    let dmg = dir.file("dmg.rules", UNKNOWN_COMMAND);
    let output = Command::new(env!("CARGO_BIN_EXE_rsc"))
        .args(["check".as_ref(), bad.as_os_str(), dmg.as_os_str()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(code(&output), 1);
    assert!(!stderr(&output).contains("\x1b["), "{}", stderr(&output));
    assert!(!stdout(&output).contains("\x1b["));
    // Escape bytes in the source never reach the terminal raw either.
    let sneaky = dir.file("sneaky.rules", b"action = \x1b[31mdraw()\n\xff");
    let output = check(&[&sneaky]);
    assert!(!stderr(&output).contains('\x1b'), "{}", stderr(&output));
}

#[test]
fn missing_path_is_exit_2() {
    let dir = TempDir::new("missing");
    let missing = dir.path().join("nope.rules");
    let output = check(&[&missing]);
    assert_eq!(code(&output), 2);
    let err = stderr(&output);
    assert!(err.contains("nope.rules"), "{err}");
    assert!(err.contains("cannot read"), "{err}");

    // Still exit 2 next to a readable file, which is checked anyway.
    let clean = dir.file("clean.rules", CLEAN);
    let output = check(&[&missing, &clean]);
    assert_eq!(code(&output), 2);
    assert_eq!(last_line(&stderr(&output)), "checked 1 file: 0 errors, 0 warnings");
}

#[test]
fn usage_errors_are_exit_2() {
    assert_eq!(code(&rsc(["check"])), 2, "PATH is required");
    assert_eq!(code(&rsc(["frobnicate"])), 2);
    assert_eq!(code(&rsc(Vec::<&str>::new())), 2);
    let dir = TempDir::new("usage");
    let file = dir.file("clean.rules", CLEAN);
    let output = rsc(["check".as_ref(), "--message-format".as_ref(), "xml".as_ref(), file.as_os_str()]);
    assert_eq!(code(&output), 2);
    assert_eq!(code(&rsc(["--help"])), 0);
}

#[test]
fn folders_are_searched_recursively_in_sorted_order() {
    let dir = TempDir::new("folders");
    // Created out of order; only `*.rules` files count.
    dir.file("b.rules", b"\xff");
    dir.file("sub/z.rules", b"\xff");
    dir.file("a.rules", b"\xff");
    dir.file("sub/deeper/c.rules", b"\xff");
    dir.file("notes.txt", b"\xff");
    dir.file("sub/readme.md", b"\xff");
    let output = check_json(&[dir.path()]);
    assert_eq!(code(&output), 1);
    let files: Vec<String> = records(&output).iter().map(|r| r["file"].as_str().unwrap().to_string()).collect();
    let expected: Vec<String> = ["a.rules", "b.rules", "sub/deeper/c.rules", "sub/z.rules"]
        .iter()
        .map(|name| dir.path().join(name).display().to_string())
        .collect();
    assert_eq!(files, expected);
    assert_eq!(last_line(&stderr(&output)), "checked 4 files: 4 errors, 0 warnings");

    // A file named on the command line is checked whatever its extension.
    let output = check_json(&[&dir.path().join("notes.txt")]);
    assert_eq!(records(&output).len(), 1);
}

/// Each folder was looked up in a list of every folder seen (to stop at a symbolic link
/// cycle): 20,000 folders took 29 s in a debug build.
#[test]
fn thirty_thousand_folders_are_searched_in_time_linear_in_their_number() {
    let dir = TempDir::new("many-folders");
    for i in 0..30_000 {
        std::fs::create_dir(dir.path().join(format!("d{i}"))).unwrap();
    }
    let card = dir.file("d29999/fire-ball.rules", UNKNOWN_COMMAND);
    let started = Instant::now();
    let output = check(&[dir.path()]);
    let elapsed = started.elapsed();
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert!(stderr(&output).contains(&card.display().to_string()), "{}", stderr(&output));
    assert!(elapsed < Duration::from_secs(10), "took {elapsed:?}");
}

#[test]
fn empty_folder_checks_nothing() {
    let dir = TempDir::new("empty-folder");
    let output = check(&[dir.path()]);
    assert_eq!(code(&output), 0);
    assert_eq!(last_line(&stderr(&output)), "checked 0 files: 0 errors, 0 warnings");
}

#[test]
fn errors_and_clean_files_together() {
    // The E0008 count waits on the parser; the E0001 one does not.
    let dir = TempDir::new("mixed");
    dir.file("1-clean.rules", CLEAN);
    dir.file("2-bad.rules", b"\xff");
    dir.file("3-dmg.rules", UNKNOWN_COMMAND);
    let output = check_json(&[dir.path()]);
    assert_eq!(code(&output), 1);
    let codes: Vec<String> = records(&output).iter().map(|r| r["code"].as_str().unwrap().to_string()).collect();
    assert!(codes.contains(&"E0001".to_string()), "{codes:?}");
    assert!(codes.contains(&"E0008".to_string()), "{codes:?}");
}

/// Runs `check` in both formats on `contents`, which holds an error with code `expected`:
/// requires exit 1 within `limit` for each, and that diagnostic among the JSON records.
fn survives(test: &str, contents: &[u8], limit: Duration, expected: &str) {
    let dir = TempDir::new(test);
    let file = dir.file("big.rules", contents);
    for json in [false, true] {
        let started = Instant::now();
        let output = if json { check_json(&[&file]) } else { check(&[&file]) };
        let elapsed = started.elapsed();
        let status = code(&output);
        assert_eq!(status, 1, "exit {status}: {}", last_line(&stderr(&output)));
        assert!(last_line(&stderr(&output)).starts_with("checked 1 file: "));
        assert!(elapsed < limit, "took {elapsed:?} (json: {json})");
        if json {
            let codes: Vec<String> =
                records(&output).iter().filter_map(|r| r["code"].as_str().map(str::to_owned)).collect();
            assert!(codes.iter().any(|code| code == expected), "{expected} expected, got {codes:?}");
        }
        // Output stays bounded: no quoting of huge lines, no runaway repetition.
        assert!(output.stderr.len() + output.stdout.len() < 256 * contents.len() + 4096);
    }
}

/// A source read from a pipe has no size until it is read: a stream of spaces that goes
/// on (`<(yes)`, `/dev/zero`) is stopped at the bound, not read until memory runs out.
#[cfg(unix)]
#[test]
fn a_source_from_a_pipe_is_read_within_its_bound() {
    let over = || vec![b' '; (64 << 20) + 4096];
    for args in [&["check", "/dev/stdin"][..], &["check", "--lang", "wagic", "/dev/stdin"]] {
        let output = rsc_with_stdin(args, over());
        assert_eq!(code(&output), 2, "{args:?}: {}", stderr(&output));
        assert!(
            stderr(&output).starts_with(
                "error: cannot read `/dev/stdin`: at least 67108865 bytes, more than the 67108864 a source file may have\n"
            ),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn hundred_thousand_nested_brackets() {
    let mut source = b"action = damage".to_vec();
    source.extend(std::iter::repeat_n(b'(', 100_000));
    source.push(b'\n');
    survives("nested", &source, Duration::from_secs(10), "E0041");
    // Within the line limit, the nesting limit answers.
    let mut source = b"action = damage".to_vec();
    source.extend(std::iter::repeat_n(b'(', 60_000));
    source.push(b'\n');
    survives("nested-within-line", &source, Duration::from_secs(10), "E0033");
}

#[test]
fn megabyte_line() {
    let mut source = b"action = damage(300) & ".to_vec();
    source.extend(std::iter::repeat_n(b'x', 1 << 20));
    source.push(b'\n');
    survives("long-line", &source, Duration::from_secs(3), "E0041");
    // Invalid UTF-8 at the end of a long line: reported, and quickly.
    let mut source = vec![b'a'; 1 << 20];
    source.push(0xff);
    survives("long-line-utf8", &source, Duration::from_secs(3), "E0001");
}

#[test]
fn long_line_report_has_no_snippet() {
    let dir = TempDir::new("long-line-plain");
    let mut source = vec![b'#'; 100_000];
    source.extend_from_slice(b"\xff\n");
    let file = dir.file("long.rules", &source);
    let output = check(&[&file]);
    assert_eq!(code(&output), 1);
    let err = stderr(&output);
    assert!(err.starts_with("error[E0001]: "), "{}", &err[..err.len().min(500)]);
    assert!(err.contains(&format!(" --> {}:1:100001", file.display())), "{err}");
    assert!(err.len() < 2_000, "{} bytes", err.len());
}

#[test]
fn explain_prints_title_explanation_and_a_wrong_and_right_card() {
    let output = rsc(["explain", "E0008"]);
    assert_eq!(code(&output), 0);
    assert_eq!(
        stdout(&output),
        "error[E0008]: unknown command\n\n\
         The command is not in the game's catalogue. Commands are the effects a statement\n\
         runs (`damage`, `draw`, `destroy`...); the help suggests a close name when there\n\
         is one.\n\n\
         Wrong:\n\n    action = dmg(300) to(opp)\n\n\
         Right:\n\n    action = damage(300) to(opp)\n"
    );
    let output = rsc(["explain", "w0003"]);
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    assert!(text.starts_with("warning[W0003]: variable never read\n\nA variable of `vars`"), "{text}");
    assert!(text.contains("Wrong:\n\n    vars = _coin := flipCoin()\n    action = draw(2)\n"), "{text}");
    // A limit's example shows its repetition rather than 7,900 links.
    let text = stdout(&rsc(["explain", "E0044"]));
    assert!(text.contains("    action = hp(1) & … (7900 times) hp(1)\n"), "{text}");
}

/// 5 MB of prose gave 81,866 reports; a file's reports stop at 100, then one note counts
/// the others (the summary and the exit code still count them all).
#[test]
fn prose_gets_a_hundred_reports_and_a_count_of_the_rest() {
    let dir = TempDir::new("prose");
    let prose = "It was a dark and stormy night, and the rain fell in torrents.\n".repeat(2_000);
    let file = dir.file("novel.rules", &prose);
    let output = check(&[&file]);
    assert_eq!(code(&output), 1);
    let err = stderr(&output);
    assert_eq!(err.matches("error[E").count(), 100, "{}", &err[..err.len().min(2_000)]);
    assert!(err.contains("note: 1900 more diagnostics in this file not shown (1900 errors, 0 warnings)\n"), "{err}");
    assert!(err.ends_with("checked 1 file: 2000 errors, 0 warnings\n"), "{}", &err[err.len().saturating_sub(500)..]);

    let output = check_json(&[&file]);
    assert_eq!(code(&output), 1);
    let out = stdout(&output);
    let records: Vec<serde_json::Value> =
        out.lines().map(|line| serde_json::from_str(line).expect("a JSON record")).collect();
    assert_eq!(records.len(), 101);
    let last = &records[100];
    assert_eq!(last["severity"], "note");
    assert_eq!(last["omitted"], 1900);
    assert_eq!(last["omitted_errors"], 1900);
    assert_eq!(last["omitted_warnings"], 0);
    assert_eq!(last["file"], file.display().to_string());
}

#[test]
fn explain_unknown_code_is_exit_2() {
    let output = rsc(["explain", "E9999"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("E9999"));
    assert_eq!(code(&rsc(["explain"])), 2);
}

mod compile_and_disas {
    //! `rsc compile` and `rsc disas` as a user runs them.

    use super::*;

    #[test]
    fn compile_writes_a_bundle_that_disassembles() {
        let dir = TempDir::new("compile-ok");
        dir.file("cards/fire-ball.rules", "# Fire ball\naction = damage(300) to(character@oppRing)\n");
        dir.file("cards/more/heal.rules", "target = me\naction = hp(+500)\n");
        let bundle = dir.path().join("out.rsb");
        let output = rsc(["compile".as_ref(), dir.path().join("cards").as_os_str(), "-o".as_ref(), bundle.as_os_str()]);
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        assert!(stderr(&output).contains("compiled 2 cards into"), "{}", stderr(&output));
        let output = rsc(["disas".as_ref(), bundle.as_os_str(), "--card".as_ref(), "fire-ball".as_ref()]);
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        let text = stdout(&output);
        assert!(text.contains("card fire-ball"), "{text}");
        assert!(text.contains("Call damage"), "{text}");
        assert!(
            text.contains("action = damage(300) to(character@oppRing)"),
            "debug info shows the source line: {text}"
        );
        assert!(!text.contains("card heal"), "--card prints only that card: {text}");
    }

    #[test]
    fn stripped_bundle_has_no_source_lines_and_is_smaller() {
        let dir = TempDir::new("compile-strip");
        let card = dir.file("fire-ball.rules", "action = damage(300) to(character@oppRing)\n");
        let full = dir.path().join("full.rsb");
        let stripped = dir.path().join("stripped.rsb");
        assert_eq!(code(&rsc(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), full.as_os_str()])), 0);
        let output =
            rsc(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), stripped.as_os_str(), "--strip".as_ref()]);
        assert_eq!(code(&output), 0);
        let (full_len, stripped_len) =
            (std::fs::metadata(&full).unwrap().len(), std::fs::metadata(&stripped).unwrap().len());
        assert!(stripped_len < full_len, "{stripped_len} < {full_len}");
        let text = stdout(&rsc(["disas".as_ref(), stripped.as_os_str()]));
        assert!(text.contains("Call damage") && !text.contains("action = damage"), "{text}");
    }

    #[test]
    fn compile_error_writes_no_bundle() {
        let dir = TempDir::new("compile-error");
        let card = dir.file("bad.rules", UNKNOWN_COMMAND);
        let bundle = dir.path().join("out.rsb");
        let output = rsc(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), bundle.as_os_str()]);
        assert_eq!(code(&output), 1);
        assert!(stderr(&output).contains("error[E0008]"), "{}", stderr(&output));
        assert!(stderr(&output).contains("no bundle written"), "{}", stderr(&output));
        assert!(!bundle.exists());
    }

    #[test]
    fn compile_stats_as_json() {
        let dir = TempDir::new("compile-stats");
        let card = dir.file("fire-ball.rules", CLEAN);
        let bundle = dir.path().join("out.rsb");
        let output = rsc([
            "compile".as_ref(),
            card.as_os_str(),
            "-o".as_ref(),
            bundle.as_os_str(),
            "--stats".as_ref(),
            "--strip".as_ref(),
            "--message-format".as_ref(),
            "json".as_ref(),
        ]);
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        let stats: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
        assert_eq!(stats["cards"], 1);
        assert_eq!(stats["source_bytes"], CLEAN.len());
        assert_eq!(stats["bundle_bytes"], std::fs::metadata(&bundle).unwrap().len());
        assert!(stats["compile_us"].is_u64());
        assert!(stats["section_bytes"]["CODE"].is_u64());
        assert!(stats["section_bytes"].get("DBUG").is_none(), "stripped");
    }

    #[test]
    fn duplicate_card_keys_are_refused() {
        let dir = TempDir::new("compile-duplicate");
        dir.file("a/ryu.rules", CLEAN);
        dir.file("b/ryu.rules", CLEAN);
        let bundle = dir.path().join("out.rsb");
        let output = rsc(["compile".as_ref(), dir.path().as_os_str(), "-o".as_ref(), bundle.as_os_str()]);
        assert_eq!(code(&output), 1);
        assert!(stderr(&output).contains("card key `ryu` is given by both"), "{}", stderr(&output));
        assert!(!bundle.exists());
    }

    #[test]
    fn disas_exit_codes() {
        let dir = TempDir::new("disas-codes");
        let not_a_bundle = dir.file("x.rsb", "hello");
        let output = rsc(["disas".as_ref(), not_a_bundle.as_os_str()]);
        assert_eq!(code(&output), 1);
        assert!(stderr(&output).contains("not an .rsb bundle"), "{}", stderr(&output));
        assert_eq!(code(&rsc(["disas".as_ref(), dir.path().join("missing.rsb").as_os_str()])), 2);
        assert_eq!(code(&rsc(["disas"])), 2);
        let card = dir.file("fire-ball.rules", CLEAN);
        let bundle = dir.path().join("ok.rsb");
        assert_eq!(code(&rsc(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), bundle.as_os_str()])), 0);
        let output = rsc(["disas".as_ref(), bundle.as_os_str(), "--card".as_ref(), "nope".as_ref()]);
        assert_eq!(code(&output), 2);
        assert!(stderr(&output).contains("no card `nope`"), "{}", stderr(&output));
    }

    /// A card with warnings only compiles, writes its bundle and exits 0.
    #[test]
    fn warnings_only_exit_zero() {
        let dir = TempDir::new("compile-warnings");
        let card = dir.file("blast.rules", "action = damage(300) to(character@oppRing) ueot\n");
        let bundle = dir.path().join("out.rsb");
        for command in ["check", "compile"] {
            let mut args = vec![command.as_ref(), card.as_os_str()];
            if command == "compile" {
                args.extend(["-o".as_ref(), bundle.as_os_str()]);
            }
            let output = rsc(args);
            assert_eq!(code(&output), 0, "{command}: {}", stderr(&output));
            assert!(stderr(&output).contains("warning[W0002]"), "{command}: {}", stderr(&output));
        }
        assert!(bundle.exists());
    }

    /// An output path that cannot be written is an IO failure: exit 2.
    #[test]
    fn unwritable_output_exits_two() {
        let dir = TempDir::new("compile-unwritable");
        let card = dir.file("fire-ball.rules", CLEAN);
        for out in [dir.path().to_path_buf(), dir.path().join("missing/folder/out.rsb")] {
            let output = rsc(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), out.as_os_str()]);
            assert_eq!(code(&output), 2, "{}: {}", out.display(), stderr(&output));
        }
    }

    /// `-o` naming a file being compiled (by any name) would replace the card with its
    /// bundle: refused before compiling, the source kept.
    #[test]
    fn an_output_that_is_a_source_is_refused_and_the_source_kept() {
        let dir = TempDir::new("compile-over-source");
        let card = dir.file("cards/fire-ball.rules", CLEAN);
        let other_name = dir.path().join("cards/../cards/fire-ball.rules");
        let output =
            rsc(["compile".as_ref(), dir.path().join("cards").as_os_str(), "-o".as_ref(), other_name.as_os_str()]);
        assert_eq!(code(&output), 2, "{}", stderr(&output));
        assert_eq!(
            stderr(&output),
            format!(
                "error: cannot write {}: -o would replace {}, which this command reads\n",
                other_name.display(),
                card.display()
            )
        );
        assert_eq!(std::fs::read_to_string(&card).unwrap(), CLEAN);
    }

    /// A bundle built against another catalogue (its recorded catalogue hash differs) is
    /// refused with the loader's message: exit 1.
    #[test]
    fn bundle_from_another_catalogue_exits_one() {
        let dir = TempDir::new("disas-other-catalogue");
        let card = dir.file("fire-ball.rules", CLEAN);
        let bundle = dir.path().join("ok.rsb");
        assert_eq!(code(&rsc(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), bundle.as_os_str()])), 0);
        let mut bytes = std::fs::read(&bundle).unwrap();
        // Magic (8 bytes), format version (2), catalogue name (length byte + name), hash.
        let hash_at = 8 + 2 + 1 + usize::from(bytes[10]);
        bytes[hash_at] ^= 0x5a;
        std::fs::write(&bundle, &bytes).unwrap();
        let output = rsc(["disas".as_ref(), bundle.as_os_str()]);
        assert_eq!(code(&output), 1, "{}", stderr(&output));
        assert!(stderr(&output).contains("built against catalogue"), "{}", stderr(&output));
    }

    #[test]
    fn truncated_bundle_is_refused_with_the_loader_message() {
        let dir = TempDir::new("disas-truncated");
        let card = dir.file("fire-ball.rules", CLEAN);
        let bundle = dir.path().join("ok.rsb");
        assert_eq!(code(&rsc(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), bundle.as_os_str()])), 0);
        let bytes = std::fs::read(&bundle).unwrap();
        std::fs::write(&bundle, &bytes[..bytes.len() / 2]).unwrap();
        let output = rsc(["disas".as_ref(), bundle.as_os_str()]);
        assert_eq!(code(&output), 1);
        assert!(stderr(&output).contains("corrupt bundle at offset"), "{}", stderr(&output));
    }
}
