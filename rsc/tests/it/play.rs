//! `rsc run`, `rsc replay` and `rsc sim` on the example set: the log, the trace hash,
//! replay exit codes (a tampered file diverges), the JSON summary, thread-count
//! independence and the HTML report.

use std::path::{Path, PathBuf};

#[cfg(unix)]
use super::rsc_with_stdin;
use super::{TempDir, code, rsc, stderr, stdout};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

fn deck(name: &str) -> String {
    examples().join("decks").join(name).display().to_string()
}

/// `rsc COMMAND` on the example set's two decks, then `rest`.
fn example_decks(command: &str, rest: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = vec![
        command.into(),
        "--set".into(),
        examples().display().to_string(),
        "--deck".into(),
        deck("vanguard.o8d"),
        "--deck".into(),
        deck("arcana.o8d"),
    ];
    args.extend(rest.iter().map(|s| (*s).to_owned()));
    args
}

fn run_args(seed: &str, extra: &[&str]) -> Vec<String> {
    let mut args = example_decks("run", &["--seed", seed]);
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

#[test]
fn run_prints_turns_hp_and_the_winner_then_the_trace_hash() {
    let output = rsc(run_args("4", &["--trace-hash"]));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("── turn 1: p"), "{text}");
    assert!(text.contains(" plays "), "{text}");
    assert!(text.contains("after turn 1: p0 ") && text.contains(" HP ") && text.contains(" SP"), "{text}");
    assert!(text.contains("winner: p") || text.contains("no winner: "), "{text}");
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("blake3:") && last.len() == "blake3:".len() + 64, "{last}");
    let again = stdout(&rsc(run_args("4", &["--trace-hash"])));
    assert_eq!(again.lines().last(), Some(last), "one seed, one trace");
    let other = stdout(&rsc(run_args("5", &["--trace-hash"])));
    assert_ne!(other.lines().last(), Some(last), "another seed, another trace");
}

#[test]
fn run_json_prints_one_object_per_line_ending_with_the_result() {
    let output = rsc(run_args("4", &["--json", "--player", "greedy", "--player", "random"]));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let lines: Vec<serde_json::Value> =
        stdout(&output).lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert!(lines.iter().any(|l| l["type"] == "move"));
    assert!(lines.iter().any(|l| l["type"] == "turn_end" && l["hp"].is_array()));
    let result = lines.last().expect("a result line");
    assert_eq!(result["type"], "result");
    assert!(result["turns"].as_u64().unwrap_or(0) >= 1);
}

#[test]
fn replay_matches_a_saved_game_and_names_the_step_where_an_edited_one_diverges() {
    let dir = TempDir::new("replay");
    let saved = dir.path().join("game.json");
    let saved_arg = saved.display().to_string();
    let output = rsc(run_args("8", &["--player", "greedy", "--save", &saved_arg]));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let replay = rsc(["replay", &saved_arg]);
    assert_eq!(code(&replay), 0, "{}{}", stdout(&replay), stderr(&replay));
    assert!(stdout(&replay).starts_with("replay matches: "), "{}", stdout(&replay));

    // Hand-edit step 3's state hash: the replay stops there.
    let mut game: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert!(game["engine"].is_string() && game["set"]["hash"].is_string() && game["decks"][1]["hash"].is_string());
    game["steps"][2]["hash"] = serde_json::json!("0".repeat(64));
    let edited = dir.file("edited.json", serde_json::to_string(&game).unwrap());
    let replay = rsc([Path::new("replay"), edited.as_path()]);
    assert_eq!(code(&replay), 1, "{}", stdout(&replay));
    assert!(stdout(&replay).contains("diverges at step 3:"), "{}", stdout(&replay));

    // Change a move to one that is not legal then: also named by its step.
    let mut game: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    game["steps"][0]["move"] = serde_json::json!({"Block": {"slot": 3, "attacker": 3}});
    let edited = dir.file("illegal.json", serde_json::to_string(&game).unwrap());
    let replay = rsc([Path::new("replay"), edited.as_path()]);
    assert_eq!(code(&replay), 1, "{}", stdout(&replay));
    assert!(stdout(&replay).contains("diverges at step 1:"), "{}", stdout(&replay));

    let broken = dir.file("broken.json", "{");
    assert_eq!(code(&rsc([Path::new("replay"), broken.as_path()])), 2);
}

/// A saved game's decks used to be replayed whatever they held: an empty deck, one card, a
/// million cards (ten seconds before the replay diverged). They are checked against the
/// deck rules, as `rsc run` checks a deck file, and the save file and the rule are named.
#[test]
fn replay_refuses_a_saved_deck_that_breaks_the_deck_rules() {
    let dir = TempDir::new("replay-decks");
    let saved = dir.path().join("game.json");
    let output = rsc(run_args("8", &["--save", &saved.display().to_string()]));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let game: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    let sentinel = "0b7d8202-b20c-5786-8209-8c656aba474f";
    let mut four_sentinels = vec![serde_json::json!(sentinel); 4];
    four_sentinels.extend(game["decks"][1]["cards"].as_array().unwrap().iter().skip(4).cloned());
    let cases = [
        (serde_json::json!([]), "deck size rule broken: a deck holds exactly 50 cards, this one holds 0"),
        (serde_json::json!([sentinel]), "deck size rule broken: a deck holds exactly 50 cards, this one holds 1"),
        (
            serde_json::json!(four_sentinels),
            "copies rule broken: at most 3 copies of a card, 4 of \"Sentinel\" (0b7d8202-b20c-5786-8209-8c656aba474f)",
        ),
        (serde_json::json!(["no-such-card"]), "unknown card id no-such-card (\"\"): not in the card set"),
    ];
    for (cards, rule) in cases {
        let mut edited = game.clone();
        edited["decks"][1]["cards"] = cards;
        let file = dir.file("edited.json", serde_json::to_string(&edited).unwrap());
        let replay = rsc([Path::new("replay"), file.as_path()]);
        assert_eq!(code(&replay), 2, "{}", stdout(&replay));
        assert_eq!(stderr(&replay), format!("error: {}: seat 1's deck \"arcana\": {rule}\n", file.display()));
        assert_eq!(stdout(&replay), "", "nothing is replayed");
    }
}

fn sim_json(jobs: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = example_decks("sim", &["--games", "12", "--seed", "3", "--jobs", jobs, "--message-format", "json"]);
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    let output = rsc(args);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(stderr(&output).is_empty(), "no progress bar with json: {}", stderr(&output));
    let text = stdout(&output);
    serde_json::from_str(text.lines().last().expect("a JSON line")).expect("the last line is JSON")
}

#[test]
fn sim_json_has_the_summary_fields_and_the_same_figures_on_one_or_two_threads() {
    let mut one = sim_json("1", &["--check"]);
    for field in ["games", "wins", "draws", "traps", "turn_limit", "mean_turns", "games_per_s"] {
        assert!(!one[field].is_null(), "missing {field}: {one}");
    }
    assert_eq!(one["games"], 12);
    let wins = one["wins"]["vanguard"].as_u64().unwrap() + one["wins"]["arcana"].as_u64().unwrap();
    assert_eq!(wins + one["draws"].as_u64().unwrap(), 12);
    let mut two = sim_json("2", &["--check"]);
    // Only the speed depends on the machine and the thread count.
    for value in [&mut one, &mut two] {
        let object = value.as_object_mut().unwrap();
        object.remove("games_per_s");
        object.remove("jobs");
    }
    assert_eq!(one, two);
}

#[test]
fn sim_report_is_one_html_page_with_inline_svg_charts() {
    let dir = TempDir::new("report");
    let report = dir.path().join("r.html");
    let report_arg = report.display().to_string();
    let summary = sim_json("2", &["--report", &report_arg, "--player", "greedy"]);
    assert_eq!(summary["games"], 12);
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.matches("<svg").count() >= 4, "four charts");
    assert!(
        !html.contains("<script") && !html.contains("<link ") && !html.contains("src="),
        "nothing loaded from outside"
    );
    // In a window narrower than a chart (a phone, a side panel), each chart scrolls
    // sideways in a box of its own at its full size, its labels legible.
    assert!(html.contains(".chart{overflow-x:auto}"), "a chart box scrolls sideways");
    assert_eq!(html.matches("<div class=\"chart\"><svg").count(), html.matches("<svg").count(), "every chart in one");
}

/// A chart of two decks' win rates (`--all-decks` on a set of two) is short, and plotters
/// sizes axis labels by a chart's height unless told: every text of every chart must stay
/// readable.
#[test]
fn every_text_of_a_two_deck_report_is_readable() {
    let dir = TempDir::new("report-fonts");
    let report = dir.path().join("r.html");
    let set = examples().display().to_string();
    let output = rsc(["sim", "--set", &set, "--all-decks", "--games", "4", "--report", &report.display().to_string()]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert!(html.contains("Win rate per deck"), "the chart of short height is there");
    let sizes: Vec<f64> = html
        .split("font-size=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().and_then(|size| size.parse().ok()).expect("a font size"))
        .collect();
    assert!(!sizes.is_empty(), "the charts have text");
    assert!(sizes.iter().all(|&size| size >= 8.0), "a text too small to read: {sizes:?}");
}

#[test]
fn sim_refuses_a_single_deck_with_a_usage_error() {
    let output = rsc(["sim", "--set", &examples().display().to_string(), "--deck", &deck("arcana.o8d")]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("two decks"), "{}", stderr(&output));
}

/// A deck or a tally read from a pipe (`--deck <(...)`, `/dev/stdin`) has no size until it
/// is read: it is read within its bound all the same, and once, so the deck hash a saved
/// game keeps is the deck's, not that of the nothing left for a second read.
#[cfg(unix)]
#[test]
fn decks_and_tallies_from_pipes_are_read_once_within_their_bounds() {
    let dir = TempDir::new("pipes");
    let (set, arcana) = (examples().display().to_string(), deck("arcana.o8d"));
    let from_pipe = |stdin: Vec<u8>, rest: &[&str]| {
        let mut args = vec!["run", "--set", &set, "--deck", "/dev/stdin", "--deck", &arcana];
        args.extend(rest);
        rsc_with_stdin(args, stdin)
    };
    let over = vec![b' '; (1 << 20) + 4096];
    let output = from_pipe(over, &[]);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "error: /dev/stdin: not a valid .o8d deck: at least 1048577 bytes, more than the 1048576 a deck may have\n"
    );
    let over = vec![b' '; (64 << 20) + 4096];
    let output = rsc_with_stdin(["sim", "merge", "/dev/stdin"], over);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "error: /dev/stdin: not a tally this rsc reads: at least 67108865 bytes, more than a tally may have\n"
    );

    let saved =
        |path: &Path| -> serde_json::Value { serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap() };
    let from_file = dir.path().join("file.json");
    let output = rsc(run_args("2", &["--save", &from_file.display().to_string()]));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let piped = dir.path().join("pipe.json");
    let vanguard = std::fs::read(deck("vanguard.o8d")).unwrap();
    let output = from_pipe(vanguard, &["--seed", "2", "--save", &piped.display().to_string()]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(saved(&piped)["decks"][0]["hash"], saved(&from_file)["decks"][0]["hash"]);
}

/// Card and deck names come from a card set's files, which may be anyone's: printed for a
/// person, their control chars are escaped, so a name cannot drive the terminal (colour,
/// window title, a bidi override reordering the line). JSON keeps them, escaped its way.
#[cfg(unix)]
#[test]
fn names_from_a_card_set_cannot_drive_the_terminal() {
    let dir = TempDir::new("hostile-names");
    let set = dir.path().join("set");
    std::fs::create_dir_all(set.join("decks")).unwrap();
    for entry in std::fs::read_dir(examples()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "rules") {
            std::fs::copy(&path, set.join(path.file_name().unwrap())).unwrap();
        }
    }
    let mut cards: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(examples().join("cards.json")).unwrap()).unwrap();
    let hostile = "\u{1b}[31m\u{1b}]0;title\u{7}\u{202e}";
    for card in cards.as_array_mut().unwrap() {
        card["name"] = format!("{}{hostile}", card["name"].as_str().unwrap()).into();
    }
    std::fs::write(set.join("cards.json"), cards.to_string()).unwrap();
    std::fs::copy(deck("vanguard.o8d"), set.join("decks/vanguard.o8d")).unwrap();
    std::fs::copy(deck("arcana.o8d"), set.join(format!("decks/arcana{hostile}.o8d"))).unwrap();
    let set_text = set.display().to_string();
    let decks = [set.join("decks/vanguard.o8d"), set.join(format!("decks/arcana{hostile}.o8d"))];
    let (first, second) = (decks[0].display().to_string(), decks[1].display().to_string());
    let escaped = r"\u{1b}[31m\u{1b}]0;title\u{7}\u{202e}";
    let run = rsc(["run", "--set", &set_text, "--deck", &first, "--deck", &second, "--seed", "1"]);
    let sim = rsc(["sim", "--set", &set_text, "--all-decks", "--games", "2"]);
    for output in [&run, &sim] {
        assert_eq!(code(output), 0, "{}", stderr(output));
        let text = stdout(output);
        assert!(!text.contains(['\u{1b}', '\u{7}', '\u{202e}']), "{text}");
        assert!(text.contains(&format!("arcana{escaped}")), "{text}");
    }
    assert!(stdout(&run).contains(&format!("draws Fireball{escaped}")), "{}", stdout(&run));
    let json = rsc(["run", "--set", &set_text, "--deck", &first, "--deck", &second, "--seed", "1", "--json"]);
    let events: Vec<serde_json::Value> =
        stdout(&json).lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
    assert!(events.iter().any(|event| event["event"]["Draw"]["name"] == format!("Fireball{hostile}")), "{events:?}");
}

/// A card set's `cards.json` that is a link to a pipe (or a device) is read within its bound.
#[cfg(unix)]
#[test]
fn a_card_set_file_from_a_pipe_is_read_within_its_bound() {
    let dir = TempDir::new("set-pipe");
    let set = dir.path().join("set");
    std::fs::create_dir_all(&set).unwrap();
    std::os::unix::fs::symlink("/dev/stdin", set.join("cards.json")).unwrap();
    let mut args = example_decks("run", &[]);
    args[2] = set.display().to_string();
    let output = rsc_with_stdin(&args, vec![b' '; (64 << 20) + 4096]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!(
            "error: cannot load the card set {}: cannot read `{}`: at least 67108865 bytes, more than the 67108864 \
             a card set's file may have\n",
            set.display(),
            set.join("cards.json").display()
        )
    );
}

/// Runs `rsc` with `args`, its standard output and error pipes closed by the reader at once
/// (`rsc ... 2>&1 | head` after `head` has quit), and gives its exit code.
fn exit_code_with_no_reader(args: &[String]) -> Option<i32> {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_rsc"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rsc starts");
    drop(child.stdout.take());
    drop(child.stderr.take());
    child.wait().expect("rsc ends").code()
}

/// `println!` and `eprintln!` panic when their pipe's reader has gone (exit 101): `rsc
/// replay`'s verdict and every error line of `rsc run` (as of `sim`, `test`, `disas`) now
/// go where nobody reads them without a panic.
#[test]
fn a_reader_gone_from_either_pipe_is_no_panic() {
    let dir = TempDir::new("no-reader");
    let save = dir.path().join("game.json").display().to_string();
    assert_eq!(code(&rsc(run_args("3", &["--save", &save]))), 0);
    assert_eq!(exit_code_with_no_reader(&["replay".into(), save]), Some(0), "replay's verdict");
    let missing_set =
        vec!["run".into(), "--set".into(), "missing".into(), "--deck".into(), "a".into(), "--deck".into(), "b".into()];
    assert_eq!(exit_code_with_no_reader(&missing_set), Some(2), "run's error line");
}
