//! Files `rsc` writes (`compile -o`, `sim --report`, `run --save`) are replaced whole or
//! not at all: a write that fails part way (here a file-size limit, as a full disk does)
//! leaves the user's previous file byte for byte. A device is written directly; a
//! symbolic link to nothing is refused naming where it points.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::{CLEAN, TempDir, code, rsc, stderr};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

/// Runs `rsc` with `args` where no file may grow past 1 KiB (`ulimit -f 1`: 512 or 1024
/// bytes, by the shell), the signal that limit sends ignored, so that a write past it
/// fails with `EFBIG` part way through, as on a full disk.
fn rsc_with_small_files(args: &[&std::ffi::OsStr]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 1 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_rsc"))
        .args(args)
        .output()
        .unwrap()
}

/// The names in `dir`, sorted: a temporary file left behind shows here.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[cfg(unix)]
#[test]
fn a_bundle_that_cannot_be_written_whole_leaves_the_old_file_and_a_written_one_replaces_it() {
    let dir = TempDir::new("outputs-compile");
    let old: Vec<u8> = (0..5000u32).map(|i| (i % 251) as u8).collect();
    let out = dir.file("cards.rsb", &old);
    let examples = examples();
    let args = ["compile".as_ref(), examples.as_os_str(), "-o".as_ref(), out.as_os_str()];
    let output = rsc_with_small_files(&args);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(stderr(&output), format!("error: cannot write `{}`: File too large (os error 27)\n", out.display()));
    let kept = std::fs::read(&out).unwrap();
    assert!(kept == old, "the old bundle is kept byte for byte, not {} other bytes", kept.len());
    assert_eq!(names(dir.path()), ["cards.rsb"], "no temporary file is left");
    let output = rsc(args);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let written = std::fs::read(&out).unwrap();
    let fresh = TempDir::new("outputs-compile-fresh");
    let fresh_out = fresh.path().join("cards.rsb");
    let fresh_args = ["compile".as_ref(), examples.as_os_str(), "-o".as_ref(), fresh_out.as_os_str()];
    assert_eq!(code(&rsc(fresh_args)), 0);
    assert_eq!(written, std::fs::read(&fresh_out).unwrap(), "the new bundle replaced the old file whole");
    assert_eq!(names(dir.path()), ["cards.rsb"]);
}

#[cfg(unix)]
#[test]
fn a_report_that_cannot_be_written_whole_leaves_the_old_report() {
    let dir = TempDir::new("outputs-report");
    let report = dir.file("report.html", "<p>last week's report</p>\n");
    let args = example_game_args("sim", &["--games".into(), "2".into(), "--report".into(), report.clone().into()]);
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsString::as_os_str).collect();
    let output = rsc_with_small_files(&args);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(stderr(&output), format!("error: cannot write {}: File too large (os error 27)\n", report.display()));
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "<p>last week's report</p>\n");
    assert_eq!(names(dir.path()), ["report.html"]);
}

#[cfg(unix)]
#[test]
fn a_link_to_nothing_is_refused_naming_its_target_and_a_link_to_a_file_is_written_through() {
    let dir = TempDir::new("outputs-links");
    let card = dir.file("fire-ball.rules", CLEAN);
    let dangling = dir.path().join("dangling.rsb");
    std::os::unix::fs::symlink("missing/cards.rsb", &dangling).unwrap();
    let output = rsc(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), dangling.as_os_str()]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!(
            "error: cannot write {}: it is a symbolic link to missing/cards.rsb, which does not exist\n",
            dangling.display()
        )
    );
    assert_eq!(std::fs::read_link(&dangling).unwrap(), Path::new("missing/cards.rsb"), "the link is kept");

    let real = dir.file("real.rsb", "old");
    let link = dir.path().join("link.rsb");
    std::os::unix::fs::symlink("real.rsb", &link).unwrap();
    let output = rsc(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), link.as_os_str()]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link is kept");
    assert_ne!(std::fs::read(&real).unwrap(), b"old", "the file it names is replaced");
}

#[cfg(unix)]
#[test]
fn a_saved_game_may_go_to_a_device() {
    let args = example_game_args("run", &["--save".into(), "/dev/null".into()]);
    let output = rsc(&args);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    use std::os::unix::fs::FileTypeExt as _;
    assert!(std::fs::metadata("/dev/null").unwrap().file_type().is_char_device(), "still the device");
}

/// `/dev/stdout` redirected to a file is written into the file the shell opened, not
/// renamed over its name.
#[cfg(target_os = "linux")]
#[test]
fn a_bundle_to_dev_stdout_goes_into_the_redirected_file() {
    use std::os::unix::fs::MetadataExt as _;
    let dir = TempDir::new("outputs-stdout");
    let card = dir.file("fire-ball.rules", CLEAN);
    let redirected = dir.file("stdout.rsb", "");
    let inode = std::fs::metadata(&redirected).unwrap().ino();
    let status = Command::new(env!("CARGO_BIN_EXE_rsc"))
        .args(["compile".as_ref(), card.as_os_str(), "-o".as_ref(), "/dev/stdout".as_ref()])
        .stdout(std::fs::File::create(&redirected).unwrap())
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(std::fs::metadata(&redirected).unwrap().ino(), inode, "the same file, not a new one");
    assert!(std::fs::read(&redirected).unwrap().starts_with(b"\x89RSB"));
    assert_eq!(names(dir.path()), ["fire-ball.rules", "stdout.rsb"]);
}

/// `rsc SUBCOMMAND --set examples --deck vanguard --deck arcana` and then `more`.
fn example_game_args(subcommand: &str, more: &[std::ffi::OsString]) -> Vec<std::ffi::OsString> {
    let decks = examples().join("decks");
    let mut args = vec![
        subcommand.into(),
        "--set".into(),
        examples().into_os_string(),
        "--deck".into(),
        decks.join("vanguard.o8d").into_os_string(),
        "--deck".into(),
        decks.join("arcana.o8d").into_os_string(),
    ];
    args.extend_from_slice(more);
    args
}
