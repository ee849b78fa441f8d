//! `rsc sim` as a user meets it (issue 29) and in shards (issue 27): printed replay
//! commands that replay, outputs checked before playing, exit codes, bounded options,
//! shards that merge to the whole run, and Ctrl-C.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{TempDir, code, rsc, stderr, stdout};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

fn deck(name: &str) -> String {
    examples().join("decks").join(name).display().to_string()
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| (*s).to_owned()).collect()
}

/// `rsc sim` on the example set's two decks, then `rest`.
fn sim_args(rest: &[&str]) -> Vec<String> {
    let mut args = strings(&["sim", "--set"]);
    args.push(examples().display().to_string());
    args.extend(["--deck".into(), deck("vanguard.o8d"), "--deck".into(), deck("arcana.o8d")]);
    args.extend(strings(rest));
    args
}

fn json_of(output: &std::process::Output) -> serde_json::Value {
    let text = stdout(output);
    serde_json::from_str(text.lines().last().unwrap_or_default())
        .unwrap_or_else(|error| panic!("{error}: {text}{}", stderr(output)))
}

/// The summary without the fields that depend on the machine and the thread count.
fn without_timing(mut summary: serde_json::Value) -> serde_json::Value {
    let object = summary.as_object_mut().expect("an object");
    object.remove("games_per_s");
    object.remove("jobs");
    summary
}

/// `rsc sim --set SET --all-decks --games 2 --report REPORT`.
fn all_decks_with_report(set: &Path, report: &Path) -> std::process::Output {
    rsc([
        "sim".as_ref(),
        "--set".as_ref(),
        set.as_os_str(),
        "--all-decks".as_ref(),
        "--games".as_ref(),
        "2".as_ref(),
        "--report".as_ref(),
        report.as_os_str(),
    ])
}

/// A copy of the example set's cards in a fresh folder with `decks` (file name, source
/// deck) in its `decks/`: a set of three decks for `--all-decks`.
fn set_with_decks(dir: &TempDir, decks: &[(&str, &str)]) -> PathBuf {
    let set = dir.path().join("set");
    std::fs::create_dir_all(set.join("decks")).unwrap();
    for entry in std::fs::read_dir(examples()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "rules") || path.ends_with("cards.json") {
            std::fs::copy(&path, set.join(path.file_name().unwrap())).unwrap();
        }
    }
    for (name, source) in decks {
        std::fs::copy(deck(source), set.join("decks").join(name)).unwrap();
    }
    set
}

#[test]
fn printed_replay_commands_replay_their_games_even_with_spaces_quotes_and_a_turn_limit() {
    let dir = TempDir::new("replay-commands");
    // A name like the corpus's `Haruna (Capcom).o8d`, and a quote for good measure.
    let odd = dir.path().join("Haruna (Capcom) it's.o8d");
    std::fs::copy(deck("arcana.o8d"), &odd).unwrap();
    let mut args = strings(&["sim", "--set"]);
    args.push(examples().display().to_string());
    args.extend(["--deck".into(), deck("vanguard.o8d"), "--deck".into(), odd.display().to_string()]);
    args.extend(strings(&["--games", "3", "--seed", "5", "--turn-limit", "4", "--player", "greedy"]));
    let mut json_args = args.clone();
    json_args.extend(strings(&["--message-format", "json"]));
    let summary = json_of(&rsc(&json_args));
    let games = summary["turn_limit_games"].as_array().expect("a list");
    assert_eq!(games.len(), 3, "every game stops at turn 4: {summary}");
    let table = stdout(&rsc(&args));
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_rsc")).parent().unwrap().to_owned();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    for game in games {
        let command = game["replay"].as_str().expect("a replay command");
        assert!(table.contains(command), "the table prints {command}:\n{table}");
        let output =
            Command::new("sh").arg("-c").arg(format!("{command} --trace-hash")).env("PATH", &path).output().unwrap();
        assert_eq!(code(&output), 0, "{command}: {}", stderr(&output));
        let text = stdout(&output);
        let last = text.lines().last().unwrap_or_default();
        assert_eq!(last.strip_prefix("blake3:"), game["trace_hash"].as_str(), "{command}");
    }
}

#[test]
fn unwritable_outputs_are_refused_before_any_game_and_existing_files_are_kept() {
    let dir = TempDir::new("outputs");
    let nowhere = dir.path().join("no-such-folder");
    for option in ["--report", "--tally-out"] {
        let target = nowhere.join("x.out").display().to_string();
        let output = rsc(sim_args(&["--games", "3", option, &target]));
        assert_eq!(code(&output), 2, "{option}: {}", stderr(&output));
        assert!(stderr(&output).contains(&format!("cannot write {target}")), "{}", stderr(&output));
        assert_eq!(stdout(&output), "", "{option}: nothing was played");
    }
    let save = nowhere.join("game.json").display().to_string();
    let mut args = strings(&["run", "--set"]);
    args.push(examples().display().to_string());
    args.extend(["--deck".into(), deck("vanguard.o8d"), "--deck".into(), deck("arcana.o8d")]);
    args.extend(["--save".into(), save.clone()]);
    let output = rsc(&args);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert!(stderr(&output).contains(&format!("cannot write {save}")), "{}", stderr(&output));
    assert_eq!(stdout(&output), "", "no game was played");

    // An existing report is left as it was when the run fails later.
    let report = dir.file("old.html", "old report");
    let mut args = strings(&["sim", "--set"]);
    args.push(examples().display().to_string());
    args.extend(["--deck".into(), deck("vanguard.o8d"), "--deck".into(), "missing.o8d".into()]);
    args.extend(["--report".into(), report.display().to_string()]);
    assert_eq!(code(&rsc(&args)), 2);
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "old report");
}

#[test]
fn an_output_over_an_input_or_another_output_is_refused_before_any_game() {
    let dir = TempDir::new("output-over-input");
    let set = set_with_decks(&dir, &[("a.o8d", "vanguard.o8d"), ("b.o8d", "arcana.o8d")]);
    let (set_text, a, b) = (set.display().to_string(), set.join("decks/a.o8d"), set.join("decks/b.o8d"));
    let (a_text, b_text) = (a.display().to_string(), b.display().to_string());
    let deck_before = std::fs::read(&b).unwrap();
    let cards = set.join("cards.json");
    let (cards_text, cards_before) = (cards.display().to_string(), std::fs::read(&cards).unwrap());
    // The same file by another name: `decks/../decks/b.o8d`.
    let b_other_name = set.join("decks/../decks/b.o8d").display().to_string();
    let two_decks = ["--set", &set_text, "--deck", &a_text, "--deck", &b_text];
    let (same, same_other_name) =
        (dir.path().join("same.out").display().to_string(), dir.path().join("./same.out").display().to_string());
    let cases: [(Vec<&str>, String); 5] = [
        (
            [&["sim"][..], &two_decks, &["--games", "2", "--report", &b_other_name]].concat(),
            format!("cannot write {b_other_name}: --report would replace {b_text}, which this command reads"),
        ),
        (
            [&["sim", "--all-decks", "--set", &set_text, "--games", "2", "--tally-out", &b_text][..]].concat(),
            format!("cannot write {b_text}: --tally-out would replace {b_text}, which this command reads"),
        ),
        (
            [&["run"][..], &two_decks, &["--save", &b_text]].concat(),
            format!("cannot write {b_text}: --save would replace {b_text}, which this command reads"),
        ),
        (
            [&["run"][..], &two_decks, &["--save", &cards_text]].concat(),
            format!("cannot write {cards_text}: --save would replace {cards_text}, which this command reads"),
        ),
        (
            [&["sim"][..], &two_decks, &["--report", &same, "--tally-out", &same_other_name]].concat(),
            format!("cannot write {same_other_name}: --report and --tally-out name the same file"),
        ),
    ];
    for (args, message) in cases {
        let output = rsc(&args);
        assert_eq!(code(&output), 2, "{args:?}: {}", stderr(&output));
        assert_eq!(stderr(&output), format!("error: {message}\n"), "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}: nothing was played");
    }
    assert_eq!(std::fs::read(&b).unwrap(), deck_before, "the deck is kept");
    assert_eq!(std::fs::read(&cards).unwrap(), cards_before, "the card set is kept");

    // A report over a tally that `merge` reads would lose its games; a merged tally over one
    // of its parts holds them all, so `--tally-out` may name an input of `merge`.
    let tally = dir.path().join("t.json").display().to_string();
    sim_json(&sim_args(&["--games", "2", "--tally-out", &tally]));
    let tally_before = std::fs::read_to_string(&tally).unwrap();
    let output = rsc(["sim", "merge", &tally, "--report", &tally]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!("error: cannot write {tally}: --report would replace {tally}, which this command reads\n")
    );
    assert_eq!(std::fs::read_to_string(&tally).unwrap(), tally_before);
    let output = rsc(["sim", "merge", &tally, "--tally-out", &tally]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
}

/// A hard link is the same file under another name; a device is no file a write replaces,
/// so `/dev/null` may take both outputs.
#[cfg(unix)]
#[test]
fn a_hard_link_to_an_input_is_refused_and_a_device_may_take_two_outputs() {
    let dir = TempDir::new("hard-link");
    let copy = dir.path().join("arcana.o8d");
    std::fs::copy(deck("arcana.o8d"), &copy).unwrap();
    let link = dir.path().join("link.html");
    std::fs::hard_link(&copy, &link).unwrap();
    let (copy, link) = (copy.display().to_string(), link.display().to_string());
    let mut args = strings(&["sim", "--set"]);
    args.push(examples().display().to_string());
    args.extend(["--deck".into(), deck("vanguard.o8d"), "--deck".into(), copy.clone()]);
    args.extend(strings(&["--games", "2"]));
    let mut over_link = args.clone();
    over_link.extend(["--report".into(), link.clone()]);
    let output = rsc(&over_link);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!("error: cannot write {link}: --report would replace {copy}, which this command reads\n")
    );
    assert_eq!(std::fs::read(&copy).unwrap(), std::fs::read(deck("arcana.o8d")).unwrap(), "the deck is kept");
    args.extend(strings(&["--report", "/dev/null", "--tally-out", "/dev/null"]));
    let output = rsc(&args);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
}

/// `/dev/full` opens for writing and fails on the first write, as a full disk does.
#[cfg(target_os = "linux")]
#[test]
fn a_tally_that_cannot_be_written_leaves_the_summary_and_the_report_of_the_games_played() {
    let dir = TempDir::new("tally-unwritten");
    let report = dir.path().join("r.html");
    let report_text = report.display().to_string();
    let output = rsc(sim_args(&["--games", "3", "--tally-out", "/dev/full", "--report", &report_text]));
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(stderr(&output), "error: cannot write /dev/full: No space left on device (os error 28)\n");
    assert!(stdout(&output).contains(&format!("report written to {report_text}")), "{}", stdout(&output));
    assert!(std::fs::read_to_string(&report).unwrap().contains("<svg"), "the report is written");

    let tally = dir.path().join("t.json").display().to_string();
    sim_json(&sim_args(&["--games", "2", "--tally-out", &tally]));
    let output = rsc(["sim", "merge", &tally, "--tally-out", "/dev/full", "--message-format", "json"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(json_of(&output)["games"], 2, "the merged summary is printed");
}

#[test]
fn a_deck_that_breaks_a_rule_is_an_input_error_and_a_missing_one_an_io_error() {
    let dir = TempDir::new("bad-deck");
    let text = std::fs::read_to_string(deck("arcana.o8d")).unwrap();
    let id = "4cdc7acf-fee1-527a-b2fb-fbaeb2d77443";
    assert!(text.contains(id), "the example deck has Pyromancer");
    let bad = dir.file("bad.o8d", text.replace(id, "00000000-0000-0000-0000-000000000000"));
    for command in ["run", "sim"] {
        let mut args = strings(&[command, "--set"]);
        args.push(examples().display().to_string());
        args.extend(["--deck".into(), deck("vanguard.o8d"), "--deck".into(), bad.display().to_string()]);
        let output = rsc(&args);
        assert_eq!(code(&output), 1, "{command}: {}", stderr(&output));
        assert!(stderr(&output).contains("bad.o8d"), "{}", stderr(&output));
        args.pop();
        args.push(dir.path().join("absent.o8d").display().to_string());
        assert_eq!(code(&rsc(&args)), 2, "{command}: an unreadable deck is an IO error");
    }
}

#[test]
fn replay_of_a_game_saved_elsewhere_hints_at_set() {
    let dir = TempDir::new("replay-elsewhere");
    let saved = dir.path().join("game.json");
    let repo = examples().join("..");
    let output = Command::new(env!("CARGO_BIN_EXE_rsc"))
        .current_dir(&repo)
        .args(["run", "--set", "examples", "--deck", "examples/decks/vanguard.o8d"])
        .args(["--deck", "examples/decks/arcana.o8d", "--seed", "2", "--save"])
        .arg(&saved)
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let elsewhere = Command::new(env!("CARGO_BIN_EXE_rsc")).current_dir(dir.path()).arg("replay").arg(&saved).output();
    let elsewhere = elsewhere.unwrap();
    assert_eq!(code(&elsewhere), 2);
    assert!(stderr(&elsewhere).contains("give the set's folder with --set DIR"), "{}", stderr(&elsewhere));
    let with_set = rsc([Path::new("replay"), &saved, Path::new("--set"), &examples()]);
    assert_eq!(code(&with_set), 0, "{}", stderr(&with_set));
}

#[test]
fn jobs_turn_limit_and_games_out_of_range_are_usage_errors() {
    for (args, says) in [
        (sim_args(&["--jobs", "10000"]), "1..=256"),
        (sim_args(&["--jobs", "0"]), "1..=256"),
        (sim_args(&["--turn-limit", "0"]), "0 is not in 1.."),
    ] {
        let started = Instant::now();
        let output = rsc(&args);
        assert_eq!(code(&output), 2, "{args:?}: {}", stderr(&output));
        assert!(stderr(&output).contains(says), "{}", stderr(&output));
        assert!(started.elapsed() < Duration::from_secs(20), "refused at once");
    }
    let mut run = strings(&["run", "--set"]);
    run.push(examples().display().to_string());
    run.extend(["--deck".into(), deck("vanguard.o8d"), "--deck".into(), deck("arcana.o8d")]);
    run.extend(strings(&["--turn-limit", "0"]));
    assert_eq!(code(&rsc(&run)), 2);

    // Games per pair times the pairs of three decks overflow a u64: said so, with both.
    let dir = TempDir::new("too-many-games");
    let set = set_with_decks(&dir, &[("a.o8d", "vanguard.o8d"), ("b.o8d", "arcana.o8d"), ("c.o8d", "arcana.o8d")]);
    let games = (u64::MAX / 2).to_string();
    let output = rsc(["sim", "--set", &set.display().to_string(), "--all-decks", "--games", &games]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!("error: --games {games} for each of 3 pairs of decks makes more than 18446744073709551615 games\n")
    );
}

#[test]
fn sim_with_other_than_two_decks_is_a_usage_error_naming_the_count() {
    for (decks, says) in [(0, "not 0"), (1, "not 1"), (3, "not 3")] {
        let mut args = strings(&["sim", "--set"]);
        args.push(examples().display().to_string());
        for _ in 0..decks {
            args.extend(["--deck".into(), deck("vanguard.o8d")]);
        }
        let output = rsc(&args);
        assert_eq!(code(&output), 2, "{decks} decks: {}", stderr(&output));
        let message = stderr(&output);
        assert!(message.contains("give two decks (--deck A.o8d --deck B.o8d) or --all-decks"), "{message}");
        assert!(message.trim_end().ends_with(says), "{message}");
    }
}

#[test]
fn sim_help_describes_its_own_output_formats() {
    let help = stdout(&rsc(["sim", "--help"]));
    let formats = &help[help.find("--message-format").expect("the option")..];
    assert!(formats.contains("A table on stdout") && formats.contains("One JSON object"), "{help}");
    assert!(!help.contains("Ariadne") && !help.contains("diagnostic"), "check's text: {help}");
}

#[test]
fn all_decks_matrix_shows_whole_names_and_the_report_has_a_colour_legend() {
    let dir = TempDir::new("matrix");
    let set = set_with_decks(
        &dir,
        &[("vanguard.o8d", "vanguard.o8d"), ("arcana.o8d", "arcana.o8d"), ("long-named-copy.o8d", "arcana.o8d")],
    );
    let report = dir.path().join("r.html");
    let output = all_decks_with_report(&set, &report);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = stdout(&output);
    let matrix = &text[text.find("matchups (row's win rate against column):").expect("a matrix")..];
    let lines: Vec<&str> = matrix.lines().collect();
    assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["1", "2", "3"], "{matrix}");
    assert!(lines[2].starts_with("1 arcana "), "{matrix}");
    assert!(lines[3].starts_with("2 long-named-copy "), "{matrix}");
    assert!(lines[4].starts_with("3 vanguard "), "{matrix}");
    let html = std::fs::read_to_string(&report).unwrap();
    // plotters writes each text on a line of its own.
    for label in ["row&apos;s win rate", "0%", "50% even", "100%", "grey: not played"] {
        assert!(html.contains(&format!("\n{label}\n</text>")), "legend label {label}");
    }
}

/// Plays `args` (a sim) and returns its JSON summary.
fn sim_json(args: &[String]) -> serde_json::Value {
    let mut args = args.to_vec();
    args.extend(strings(&["--message-format", "json"]));
    let output = rsc(&args);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    json_of(&output)
}

/// The report without its speed, the one figure that depends on the machine.
fn report_without_speed(path: &Path) -> String {
    let html = std::fs::read_to_string(path).unwrap();
    let speed = html.find(" games/s.</p>").expect("the speed");
    let start = html[..speed].rfind(' ').unwrap();
    format!("{}{}", &html[..start], &html[speed..])
}

#[test]
fn two_shards_merged_give_the_summary_and_report_of_one_run() {
    let dir = TempDir::new("shards");
    let set = set_with_decks(&dir, &[("a.o8d", "vanguard.o8d"), ("b.o8d", "arcana.o8d"), ("c.o8d", "vanguard.o8d")]);
    let base = |rest: &[&str]| {
        let mut args = vec!["sim".to_owned(), "--set".into(), set.display().to_string(), "--all-decks".into()];
        args.extend(strings(&["--games", "4", "--seed", "9", "--turn-limit", "12"]));
        args.extend(strings(rest));
        args
    };
    let whole_report = dir.path().join("whole.html").display().to_string();
    let whole = sim_json(&base(&["--jobs", "2", "--report", &whole_report]));
    assert_eq!(whole["games"], 12);
    // Split inside the second pair's games, on other thread counts.
    let first = dir.path().join("first.json").display().to_string();
    let second = dir.path().join("second.json").display().to_string();
    let one = sim_json(&base(&["--jobs", "1", "--shard", "0..6", "--tally-out", &first]));
    assert_eq!(one["games"], 6);
    sim_json(&base(&["--jobs", "2", "--shard", "6..12", "--tally-out", &second]));
    let merged_report = dir.path().join("merged.html").display().to_string();
    let output = rsc(["sim", "merge", &second, &first, "--message-format", "json", "--report", &merged_report]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(without_timing(json_of(&output)), without_timing(whole));
    assert_eq!(report_without_speed(Path::new(&merged_report)), report_without_speed(Path::new(&whole_report)));

    // The same games twice are refused, and so is a tally of another seed.
    let output = rsc(["sim", "merge", &first, &first]);
    assert_eq!(code(&output), 1);
    assert!(stderr(&output).contains("both count games 0..6"), "{}", stderr(&output));
    let other = dir.path().join("other.json").display().to_string();
    let mut args = base(&["--shard", "6..12", "--tally-out", &other]);
    let seed = args.iter().position(|a| a == "9").unwrap();
    args[seed] = "10".into();
    sim_json(&args);
    let output = rsc(["sim", "merge", &first, &other]);
    assert_eq!(code(&output), 1);
    let message = stderr(&output);
    assert!(
        message.contains(&format!("{first} and {other} are tallies of different sims (they differ in --seed)")),
        "{message}"
    );
}

#[test]
fn merge_refuses_a_file_that_is_not_a_tally_with_its_name() {
    let dir = TempDir::new("bad-tally");
    let tally = dir.path().join("t.json").display().to_string();
    sim_json(&sim_args(&["--games", "2", "--tally-out", &tally]));
    let mut value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&tally).unwrap()).unwrap();
    value["tally"]["wins"] = serde_json::json!([1]);
    let broken = dir.file("broken.json", value.to_string());
    value["format"] = serde_json::json!("rsc-tally/0");
    let old = dir.file("old.json", value.to_string());
    for (file, says) in [(&broken, "not one of 2 decks"), (&old, "this rsc reads \"rsc-tally/1\"")] {
        let output = rsc([Path::new("sim"), Path::new("merge"), file]);
        assert_eq!(code(&output), 1, "{}", stderr(&output));
        let message = stderr(&output);
        assert!(message.contains(&file.display().to_string()) && message.contains(says), "{message}");
    }
    let output = rsc(["sim", "merge", "absent.json"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
}

/// A tally's configuration may name any number of decks: 100,000 with `all_decks` make
/// five billion pairs, which merging counted by listing them (80 GB) before it saw that
/// the tally holds no figures for those decks.
#[test]
fn merge_refuses_a_tally_of_a_hundred_thousand_decks_without_listing_their_pairs() {
    let dir = TempDir::new("many-decks");
    let tally = dir.path().join("t.json").display().to_string();
    sim_json(&sim_args(&["--games", "2", "--tally-out", &tally]));
    let mut value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&tally).unwrap()).unwrap();
    let decks: Vec<_> =
        (0..100_000).map(|i| serde_json::json!({"name": format!("d{i}"), "path": "d", "hash": "h"})).collect();
    value["configuration"]["decks"] = decks.into();
    value["configuration"]["all_decks"] = true.into();
    let configuration: game::sim::shard::Configuration =
        serde_json::from_value(value["configuration"].clone()).unwrap();
    value["configuration_hash"] = configuration.hash().into();
    let many = dir.file("many.json", value.to_string());
    let output = rsc([Path::new("sim"), Path::new("merge"), &many]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!("error: {}: not a tally this rsc reads: its tally is not one of 100000 decks\n", many.display())
    );
}

/// Two tallies of 100,000 ranges each, interleaved (games 0, 2, 4... and 1, 3, 5...):
/// each range was compared with every range before it, five billion comparisons.
#[test]
fn tallies_of_many_interleaved_ranges_merge_in_time_and_an_overlap_is_still_named() {
    let dir = TempDir::new("many-ranges");
    let tally = dir.path().join("t.json").display().to_string();
    sim_json(&sim_args(&["--games", "2", "--tally-out", &tally]));
    let mut value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&tally).unwrap()).unwrap();
    let ranges = 100_000u64;
    value["configuration"]["games_per_pair"] = (2 * ranges).into();
    let configuration: game::sim::shard::Configuration =
        serde_json::from_value(value["configuration"].clone()).unwrap();
    value["configuration_hash"] = configuration.hash().into();
    value["ranges"] = (0..ranges).map(|i| [2 * i, 2 * i + 1]).collect::<Vec<_>>().into();
    let even = dir.file("even.json", value.to_string());
    value["ranges"] = (0..ranges).map(|i| [2 * i + 1, 2 * i + 2]).collect::<Vec<_>>().into();
    let odd = dir.file("odd.json", value.to_string());
    let (even, odd) = (even.display().to_string(), odd.display().to_string());
    let started = Instant::now();
    let output = rsc(["sim", "merge", &even, &odd, "--message-format", "json"]);
    let elapsed = started.elapsed();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stderr(&output), "", "every game of the run is covered");
    assert!(elapsed < Duration::from_secs(20), "took {elapsed:?}");
    let output = rsc(["sim", "merge", &even, &odd, &even]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert_eq!(stderr(&output), format!("error: {even} and {even} both count games 0..1\n"));
}

/// A tally file may hold any counts: more wins than games, a game length counted
/// `u64::MAX` times. The report's charts drew them far off their axes, where plotters
/// overflows turning them into pixels (a panic in a debug build, garbage otherwise).
#[test]
fn a_report_of_a_tally_with_impossible_counts_is_written_without_a_panic() {
    let dir = TempDir::new("impossible-counts");
    let tally = dir.path().join("t.json").display().to_string();
    sim_json(&sim_args(&["--games", "2", "--tally-out", &tally]));
    let mut value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&tally).unwrap()).unwrap();
    let most = u64::MAX;
    value["tally"]["lengths"] = serde_json::json!([0, most]);
    value["tally"]["wins"] = serde_json::json!([most, most]);
    value["tally"]["first_deck_curve"] = serde_json::json!({"1": [most, 1]});
    for card in value["tally"]["cards"].as_array_mut().unwrap() {
        card["wins"] = most.into();
    }
    let impossible = dir.file("impossible.json", value.to_string()).display().to_string();
    let report = dir.path().join("r.html");
    let output = rsc(["sim", "merge", &impossible, "--report", &report.display().to_string()]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(std::fs::read_to_string(&report).unwrap().matches("<svg").count() >= 4, "the charts are drawn");
}

/// Each thread's tally holds a table of every pair of decks: 2,000 deck files (8 MB) make
/// a table of 64 MB per thread, on up to 256 threads.
#[test]
fn all_decks_refuses_more_decks_than_it_keeps_a_table_of() {
    let dir = TempDir::new("too-many-decks");
    let set = set_with_decks(&dir, &[("a.o8d", "vanguard.o8d")]);
    for i in 0..257 {
        std::fs::copy(deck("arcana.o8d"), set.join(format!("decks/d{i:03}.o8d"))).unwrap();
    }
    let set_text = set.display().to_string();
    let output = rsc(["sim", "--set", &set_text, "--all-decks", "--games", "1", "--shard", "0..1"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!("error: {set_text} has 258 valid decks in decks/: --all-decks plays every pair of at most 256\n")
    );
    assert_eq!(stdout(&output), "", "nothing was played");
}

#[test]
fn a_huge_run_starts_and_ctrl_c_prints_the_summary_of_the_games_played() {
    stopped_by("INT", 130);
}

/// SIGTERM (`timeout`, `kill`, a scheduler ending a job) stops a run as Ctrl-C does: it
/// killed the process, with the summary unprinted and the report unwritten.
#[test]
fn sigterm_stops_a_run_as_ctrl_c_does() {
    stopped_by("TERM", 143);
}

/// SIGHUP (the terminal or SSH session closed) stops a run as Ctrl-C does, rather than kill
/// it with its summary unprinted and its report unwritten.
#[test]
fn sighup_stops_a_run_as_ctrl_c_does() {
    stopped_by("HUP", 129);
}

/// Under `nohup`, which starts a command with SIGHUP ignored, SIGHUP stays ignored: the run
/// goes on (a handler installed regardless would stop the run `nohup` was asked to keep).
#[test]
fn under_nohup_sighup_leaves_the_run_going() {
    let dir = TempDir::new("nohup");
    let mut child = Command::new("nohup")
        .arg(env!("CARGO_BIN_EXE_rsc"))
        .args(sim_args(&["--games", "999999999999", "--jobs", "1", "--message-format", "json"]))
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Signalled once it runs, well after `nohup` has started it.
    std::thread::sleep(Duration::from_secs(2));
    assert!(Command::new("kill").args(["-HUP", &child.id().to_string()]).status().unwrap().success());
    std::thread::sleep(Duration::from_secs(1));
    let still_running = child.try_wait().unwrap().is_none();
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    let output = child.wait_with_output().unwrap();
    assert!(still_running, "SIGHUP stopped a run under nohup: {}", stderr(&output));
    assert_eq!(code(&output), 143, "SIGTERM still stops it: {}", stderr(&output));
    assert_eq!(json_of(&output)["stopped"], true);
}

/// Starts a run that would never end, sends it `signal` after 3 s, and checks that it
/// ended with `status`, its summary and its report counting the whole games it played.
fn stopped_by(signal: &str, status: i32) {
    let dir = TempDir::new("stopped");
    let report = dir.path().join("r.html").display().to_string();
    // Through `env`, which puts SIGHUP back to its default: these tests may run under
    // `nohup`, whose ignored SIGHUP `rsc` would rightly keep. (`env` execs: same pid.)
    let mut child = Command::new("env")
        .args(["--default-signal=HUP", env!("CARGO_BIN_EXE_rsc")])
        .args(sim_args(&["--games", "999999999999", "--jobs", "2", "--message-format", "json", "--report", &report]))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let kill = Command::new("kill").args([format!("-{signal}"), child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    // Waited for with a deadline: a run the signal does not stop would never end.
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("still running 60 s after SIG{signal}: it stops within a game or two");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(code(&output), status, "{}", stderr(&output));
    let summary = json_of(&output);
    assert_eq!(summary["stopped"], true, "{summary}");
    let games = summary["games"].as_u64().unwrap();
    let wins = summary["wins"]["vanguard"].as_u64().unwrap() + summary["wins"]["arcana"].as_u64().unwrap();
    assert_eq!(wins + summary["draws"].as_u64().unwrap(), games, "only whole games are counted");
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert!(html.contains(&format!("Stopped by Ctrl-C, SIGTERM or SIGHUP after {games} games")), "the report says so");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|entry| entry.unwrap().file_name()).collect();
    assert_eq!(left, ["r.html"], "no temporary file is left");
}

/// `rsc sim ... | head -1`: a reader that stops early ends the summary quietly, with no
/// panic, and the report asked for is still written.
#[test]
fn a_reader_that_stops_early_is_no_panic() {
    let dir = TempDir::new("sim-closed-pipe");
    let report = dir.path().join("r.html");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rsc"))
        .args(sim_args(&["--games", "20", "--jobs", "1", "--report"]))
        .arg(&report)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rsc starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("rsc ends");
    let errors = stderr(&output);
    assert!(!errors.contains("panicked"), "{errors}");
    assert_eq!(output.status.code(), Some(0), "{errors}");
    assert!(report.exists());
}

/// A deck of the set's folder that breaks a deck rule is left out of `--all-decks`: the
/// report says so as the text summary does, or its reader would not know it was there.
#[test]
fn the_report_names_the_decks_left_out() {
    let dir = TempDir::new("report-refused-deck");
    let set = set_with_decks(&dir, &[("vanguard.o8d", "vanguard.o8d"), ("arcana.o8d", "arcana.o8d")]);
    std::fs::write(set.join("decks").join("short.o8d"), "<deck><section name=\"Main\"></section></deck>").unwrap();
    let report = dir.path().join("r.html");
    let output = all_decks_with_report(&set, &report);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let said = stdout(&output);
    let line = said.lines().find(|line| line.starts_with("deck refused: ")).expect("the summary names it");
    assert!(line.contains("short.o8d"), "{line}");
    let html = std::fs::read_to_string(&report).unwrap();
    let message =
        line.trim_start_matches("deck refused: ").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;");
    assert!(html.contains(&format!("<p>Deck left out: {message}</p>")), "{message}");
}
