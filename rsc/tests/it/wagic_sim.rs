//! `rsc sim --lang wagic`: many seeded games between Wagic decks summed up. A small sim of
//! Wagic's own cards (`mtg.txt`, decks written by the test) pinned whole; the figures the
//! same on any number of threads; a game the table stops counted and listed, not fatal;
//! the JSON and the report; a folder of decks with --all-decks, each deck told whether it
//! can play.

use std::path::{Path, PathBuf};

use super::{TempDir, code, rsc, stderr, stdout};

/// Cards written by the test: lands, two creatures, a burn spell and a pump.
const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Raging Goblin\nabilities=haste\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Giant Growth\ntarget=creature\nauto=3/3\nmana={G}\ntype=Instant\n[/card]\n";

const BEARS: &str = "#NAME:Bears\n9 Forest\n8 Grizzly Bears\n3 Giant Growth\n";
const GOBLINS: &str = "#NAME:Goblins\n9 Mountain\n8 Raging Goblin\n3 Shock\n";

fn sim(cards: &[&Path], decks: &[&Path], extra: &[&str]) -> std::process::Output {
    let mut args: Vec<std::ffi::OsString> = ["sim", "--lang", "wagic", "--cards"].map(Into::into).into();
    args.extend(cards.iter().map(|path| path.as_os_str().to_owned()));
    for deck in decks {
        args.push("--deck".into());
        args.push(deck.as_os_str().to_owned());
    }
    args.extend(extra.iter().map(Into::into));
    rsc(args)
}

/// The summary with its speed line (the only one that varies from run to run) dropped.
fn without_speed(text: &str) -> String {
    text.lines().filter(|line| !line.starts_with("speed: ")).map(|line| format!("{line}\n")).collect()
}

#[test]
fn a_small_sim_of_wagics_cards_prints_its_summary() {
    let Some(data) = wagic::data_dir() else { return };
    let dir = TempDir::new("wagic-sim-real");
    let bears = dir.file("bears.txt", BEARS);
    let goblins = dir.file("goblins.txt", GOBLINS);
    let mtg = data.join("mtg.txt");
    let output = sim(&[&mtg], &[&bears, &goblins], &["--games", "6", "--seed", "5", "--turn-limit", "30"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let replay = |bears_first: bool, seed: &str| {
        let (a, b) = if bears_first { (&bears, &goblins) } else { (&goblins, &bears) };
        format!(
            "rsc run --lang wagic --cards {} --deck {} --deck {} --seed {seed} --player random --player random \
             --turn-limit 30",
            mtg.display(),
            a.display(),
            b.display()
        )
    };
    let expected = format!(
        "6 games, players random / random, seed 5, turn limit 30, {jobs}\n\
         deck       games     wins  win rate  95% CI                on the play      on the draw\n\
         Bears          6        6    100.0%  [61.0%, 100.0%]       100.0% of 3      100.0% of 3\n\
         Goblins        6        0      0.0%  [0.0%, 39.0%]           0.0% of 3        0.0% of 3\n\
         on the play: won 3 of 6 games, 50.0% [18.8%, 81.2%]\n\
         ended: no life 6, an empty library 0, poison 0, a card's effect 0; draws 0 (both lost 0, turn limit 0, stopped by an error 0)\n\
         turns: mean 17.7, longest 21; decisions: mean 358.3 per game\n\
         most cast spells (games cast in): Raging Goblin 6, Grizzly Bears 6, Giant Growth 6, Shock 5\n\
         most winning cards (win rate when cast, games): Giant Growth 100.0% of 6, Grizzly Bears 100.0% of 6, \
         Raging Goblin 0.0% of 6, Shock 0.0% of 5\n\
         most combat damage: Grizzly Bears 211, Raging Goblin 53\n\
         replay game 0: {}\n\
         (this sim's command with --replay I prints game I's)\n",
        replay(true, "4517933670823692284"),
        jobs = stdout(&output).lines().next().and_then(|line| line.rsplit(", ").next()).unwrap_or_default(),
    );
    assert_eq!(without_speed(&stdout(&output)), expected);
    // The command printed for a game plays that game: game 1 has the Goblins on the play.
    let printed =
        sim(&[&mtg], &[&bears, &goblins], &["--games", "6", "--seed", "5", "--turn-limit", "30", "--replay", "1"]);
    let command = stdout(&printed);
    let seats = format!("--deck {} --deck {} --seed ", goblins.display(), bears.display());
    assert!(command.starts_with("rsc run --lang wagic ") && command.contains(&seats), "{command}");
    let words: Vec<&str> = command.split_whitespace().skip(1).collect();
    let game = rsc(&words);
    assert_eq!(code(&game), 0, "{}", stderr(&game));
    assert!(stdout(&game).contains("winner: p1 (Bears)"), "game 1: the Bears won on the draw: {}", stdout(&game));
}

/// The JSON of a sim of the test's cards on `jobs` threads, less what says how fast.
fn json_figures(dir: &TempDir, jobs: &str, games: &str) -> serde_json::Value {
    let cards = dir.file("cards.txt", CARDS);
    let bears = dir.file("bears.txt", BEARS);
    let goblins = dir.file("goblins.txt", GOBLINS);
    let extra = ["--games", games, "--seed", "11", "--jobs", jobs, "--message-format", "json", "--player", "greedy"];
    let output = sim(&[&cards], &[&bears, &goblins], &extra);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 1, "one JSON object on one line");
    let mut value: serde_json::Value = serde_json::from_str(&text).expect("the summary is JSON");
    let object = value.as_object_mut().expect("an object");
    assert_eq!(object.remove("jobs"), Some(serde_json::json!(jobs.parse::<u64>().unwrap())));
    assert!(object.remove("games_per_s").is_some_and(|speed| speed.as_f64().is_some()));
    value
}

#[test]
fn the_figures_do_not_depend_on_the_thread_count() {
    let dir = TempDir::new("wagic-sim-jobs");
    let one = json_figures(&dir, "1", "40");
    let three = json_figures(&dir, "3", "40");
    assert_eq!(one, three);
    assert_eq!(one["games"], 40);
    let decks = one["decks"].as_array().expect("decks");
    let bears = &decks[0];
    assert_eq!(bears["deck"], "Bears");
    assert_eq!(bears["on_the_play"]["games"], 20, "each deck is on the play in half the games");
    let wins = |deck: &serde_json::Value| deck["wins"].as_u64().unwrap_or(0);
    let ended = &one["ended"];
    let ends: u64 = ["life", "library", "poison", "effect", "both_lost", "turn_limit", "error"]
        .iter()
        .map(|k| ended[k].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(ends, 40, "every game ended one way: {ended}");
    assert_eq!(wins(&decks[0]) + wins(&decks[1]) + one["draws"].as_u64().unwrap_or(0), 40);
    assert!(one["most_cast"].as_array().is_some_and(|cards| !cards.is_empty()));
}

/// A creature that makes a token whenever a creature enters under its controller: two of
/// them cascade, and the table stops the game (see `wagic/tests/it/play.rs`).
const BREEDERS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mirror Breeder\nauto=@movedto(creature|mybattlefield):token(Elf Warrior,Creature Elf Warrior,1/1)\n\
mana={G}\ntype=Creature\nsubtype=Elf\npower=1\ntoughness=1\n[/card]\n";

#[test]
fn a_game_the_table_stops_is_counted_and_listed_not_fatal() {
    let dir = TempDir::new("wagic-sim-stopped");
    let cards = dir.file("cards.txt", BREEDERS);
    let deck = dir.file("breeders.txt", "10 Forest\n10 Mirror Breeder\n");
    let output = sim(&[&cards], &[&deck, &deck], &["--games", "2", "--turn-limit", "6", "--jobs", "2"]);
    assert_eq!(code(&output), 1, "stopped games make exit 1: {}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("2 games,"), "every game counted: {text}");
    let stopped = text.lines().find(|line| line.ends_with("games were stopped by an error:")).unwrap_or_default();
    let count: usize = stopped.split(' ').next().and_then(|n| n.parse().ok()).unwrap_or(0);
    assert!(count > 0, "{text}");
    let listed: Vec<&str> = text.lines().filter(|line| line.starts_with("  game ")).collect();
    assert_eq!(listed.len(), count, "each stopped game listed: {text}");
    assert!(listed[0].contains(" --seed ") && listed[0].contains("Mirror Breeder"), "{}", listed[0]);
    assert_eq!(stderr(&output).matches("error: game ").count(), count, "{}", stderr(&output));
    // The deck against itself: the names are made unique.
    assert!(text.contains("\nbreeders#2 "), "{text}");
}

#[test]
fn the_report_is_one_page_and_a_folder_of_decks_plays_every_pair() {
    let dir = TempDir::new("wagic-sim-folder");
    let cards = dir.file("cards.txt", CARDS);
    dir.file("decks/deck1.txt", BEARS);
    dir.file("decks/deck2.txt", GOBLINS);
    dir.file("decks/deck10.txt", "#NAME:Nothing\n4 Lightning Bolt\n");
    dir.file("decks/deck3.txt", "#NAME:Mixed\n10 Forest\n10 Mountain\n5 Grizzly Bears\n5 Raging Goblin\n");
    // A file too large to be a deck is refused with why; the others play.
    dir.file("decks/deck4.txt", vec![b'#'; 5 << 20]);
    let folder: PathBuf = dir.path().join("decks");
    let report = dir.path().join("report.html");
    let report_arg = report.display().to_string();
    let output =
        sim(&[&cards], &[&folder], &["--all-decks", "--games", "4", "--turn-limit", "20", "--report", &report_arg]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let told = stderr(&output);
    let line = |name: &str| told.lines().find(|line| line.contains(name)).unwrap_or_default().to_owned();
    assert!(line("deck1.txt").ends_with("Bears: plays all its 20 cards"), "{told}");
    assert!(line("deck10.txt").contains("cannot play: line 2: no card named `Lightning Bolt`"), "{told}");
    assert!(line("deck4.txt").ends_with("deck4.txt`: larger than 4 MiB"), "{told}");
    let text = stdout(&output);
    assert!(text.starts_with("12 games,"), "three decks, three pairs of four games: {text}");
    assert!(text.contains("matchups (row's win rate against column):\n"), "{text}");
    assert!(text.contains("deck refused: "), "{text}");
    let order: Vec<usize> =
        ["Bears", "Goblins", "Mixed"].iter().filter_map(|name| text.find(&format!("\n{name} "))).collect();
    assert!(order.len() == 3 && order.is_sorted(), "decks in natural order of their files: {text}");
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</body></html>\n"));
    assert_eq!(html.matches("<svg").count(), 6, "rates, matchups, three card charts, lengths");
    assert!(!html.contains("chart not drawn"), "every chart drawn");
}

#[test]
fn a_sim_refuses_what_it_cannot_play_before_any_game() {
    let dir = TempDir::new("wagic-sim-refused");
    let cards = dir.file("cards.txt", CARDS);
    let bears = dir.file("bears.txt", BEARS);
    let output = sim(&[&cards], &[&bears], &[]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("give two decks"), "{}", stderr(&output));
    let output = sim(&[&cards], &[&bears, &bears], &["--games", "0"]);
    assert_eq!((code(&output), stderr(&output)), (2, "error: --games must be at least 1\n".into()));
    let output = sim(&[&cards], &[&bears, &bears], &["--check"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("not for `--lang wagic`"), "{}", stderr(&output));
    let output = sim(&[&cards], &[&bears, &bears], &["--games", "5", "--shard", "3..6"]);
    assert_eq!((code(&output), stderr(&output)), (2, "error: --shard 3..6: the run has games 0..5\n".into()));
    let output = sim(&[&cards], &[&bears, &bears], &["--games", "5", "--replay", "5"]);
    assert_eq!((code(&output), stderr(&output)), (2, "error: --replay 5: the run has games 0..5\n".into()));
    // A report over a deck would lose it.
    let bears_arg = bears.display().to_string();
    let output = sim(&[&cards], &[&bears, &bears], &["--report", &bears_arg]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&bears).unwrap_or_default(), BEARS);
    // So would a tally, over a card file, checked before the cards are compiled.
    let cards_arg = cards.display().to_string();
    let output = sim(&[&cards], &[&bears, &bears], &["--tally-out", &cards_arg]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert!(stderr(&output).contains("--tally-out"), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&cards).unwrap_or_default(), CARDS);
}

/// `rsc sim --lang wagic` of the test's cards with `extra` options, its tally written to
/// `tally` when given; the output.
fn shard_of(dir: &TempDir, extra: &[&str], tally: Option<&str>) -> std::process::Output {
    let cards = dir.file("cards.txt", CARDS);
    let bears = dir.file("bears.txt", BEARS);
    let goblins = dir.file("goblins.txt", GOBLINS);
    let mut args = vec!["--games", "30", "--seed", "7", "--jobs", "1", "--player", "greedy", "--turn-limit", "12"];
    args.extend(extra);
    let out = tally.map(|name| dir.path().join(name).display().to_string());
    if let Some(out) = &out {
        args.extend(["--tally-out", out.as_str()]);
    }
    sim(&[&cards], &[&bears, &goblins], &args)
}

/// `rsc sim merge` of `names` in `dir`, with `extra` options.
fn merge(dir: &TempDir, names: &[&str], extra: &[&str]) -> std::process::Output {
    let mut args: Vec<String> = vec!["sim".into(), "merge".into()];
    args.extend(names.iter().map(|name| dir.path().join(name).display().to_string()));
    args.extend(extra.iter().map(|word| (*word).to_owned()));
    rsc(args)
}

/// A JSON summary less what says how fast the games went.
fn timeless(text: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(text).expect("the summary is JSON");
    value.as_object_mut().and_then(|object| object.remove("games_per_s")).expect("a speed");
    value
}

#[test]
fn two_shards_merged_are_the_whole_run() {
    let dir = TempDir::new("wagic-sim-shards");
    let whole = shard_of(&dir, &[], None);
    let whole_json = shard_of(&dir, &["--message-format", "json"], None);
    for (range, name) in [("0..11", "a.json"), ("11..30", "b.json")] {
        let output = shard_of(&dir, &["--shard", range], Some(name));
        assert_eq!(code(&output), 0, "{}", stderr(&output));
    }
    let a = std::fs::read_to_string(dir.path().join("a.json")).expect("the tally is written");
    assert!(a.starts_with("{\n  \"format\": \"rsc-wagic-tally/1\","), "{a}");
    // In either order: the table and the JSON of one run of all 30 games, timing aside.
    let merged =
        merge(&dir, &["b.json", "a.json"], &["--tally-out", &dir.path().join("all.json").display().to_string()]);
    assert_eq!(code(&merged), 0, "{}", stderr(&merged));
    assert_eq!(without_speed(&stdout(&merged)), without_speed(&stdout(&whole)));
    assert!(stdout(&whole).starts_with("30 games, players greedy / greedy, seed 7, turn limit 12, 1 job\n"));
    let merged_json = merge(&dir, &["a.json", "b.json"], &["--message-format", "json"]);
    assert_eq!(timeless(&stdout(&merged_json)), timeless(&stdout(&whole_json)));
    // The merged tally is one of all the games: it merges with nothing more.
    let again = merge(&dir, &["all.json", "a.json"], &[]);
    assert_eq!(code(&again), 1);
    assert!(stderr(&again).ends_with("a.json both count games 0..11\n"), "{}", stderr(&again));
    let alone = merge(&dir, &["a.json"], &[]);
    assert_eq!(code(&alone), 0);
    assert_eq!(stderr(&alone), "note: the tallies leave out 19 of the run's games\n");
    assert!(stdout(&alone).starts_with("11 games,"), "{}", stdout(&alone));
}

#[test]
fn tallies_that_do_not_add_up_are_refused_with_why() {
    let dir = TempDir::new("wagic-sim-refused-tallies");
    assert_eq!(code(&shard_of(&dir, &["--shard", "0..10"], Some("a.json"))), 0);
    // `--player random` after the base's `greedy`: seat 1 is random.
    assert_eq!(code(&shard_of(&dir, &["--shard", "10..20", "--player", "random"], Some("random.json"))), 0);
    let other = merge(&dir, &["a.json", "random.json"], &[]);
    assert_eq!(code(&other), 1);
    assert!(
        stderr(&other).contains("are tallies of different sims (they differ in --player): only shards of one"),
        "{}",
        stderr(&other)
    );
    // A CFC tally with a Wagic one: named, not read as the other.
    let set = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let cfc = dir.path().join("cfc.json");
    let output = rsc([
        "sim".as_ref(),
        "--set".as_ref(),
        set.as_os_str(),
        "--deck".as_ref(),
        set.join("decks/arcana.o8d").as_os_str(),
        "--deck".as_ref(),
        set.join("decks/vanguard.o8d").as_os_str(),
        "--games".as_ref(),
        "4".as_ref(),
        "--tally-out".as_ref(),
        cfc.as_os_str(),
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let mixed = merge(&dir, &["a.json", "cfc.json"], &[]);
    assert_eq!(code(&mixed), 1);
    assert_eq!(
        stderr(&mixed),
        format!(
            "error: {} is a tally of a Wagic sim (rsc-wagic-tally/1) and {} one of Card Fighters' Clash \
             (rsc-tally/1): only shards of one sim add up\n",
            dir.path().join("a.json").display(),
            cfc.display()
        )
    );
    // Cut short, or its configuration edited: a message, never a panic.
    let text = std::fs::read_to_string(dir.path().join("a.json")).unwrap();
    dir.file("cut.json", &text[..text.len() / 2]);
    let cut = merge(&dir, &["cut.json"], &[]);
    assert_eq!(code(&cut), 1);
    assert!(stderr(&cut).contains("cut.json: not a tally this rsc reads: EOF while parsing"), "{}", stderr(&cut));
    dir.file("edited.json", text.replacen("\"seed\": 7", "\"seed\": 9", 1));
    let edited = merge(&dir, &["edited.json"], &[]);
    assert_eq!(code(&edited), 1);
    assert!(stderr(&edited).contains("edited.json: not a tally this rsc reads: its configuration hashes to "));
    dir.file("format.json", text.replacen("rsc-wagic-tally/1", "rsc-wagic-tally/9", 1));
    let format = merge(&dir, &["format.json"], &[]);
    assert_eq!(
        stderr(&format),
        format!(
            "error: {}: not a tally this rsc reads: format Some(\"rsc-wagic-tally/9\"), this rsc reads \
             \"rsc-tally/1\" or \"rsc-wagic-tally/1\"\n",
            dir.path().join("format.json").display()
        )
    );
}

/// Ctrl-C stops a run that would never end: its summary and report count the games it
/// finished, and it exits 130, as CFC's sim does.
#[test]
fn ctrl_c_prints_the_summary_of_the_games_played() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let dir = TempDir::new("wagic-sim-ctrl-c");
    let cards = dir.file("cards.txt", CARDS);
    let bears = dir.file("bears.txt", BEARS);
    let goblins = dir.file("goblins.txt", GOBLINS);
    let report = dir.path().join("r.html");
    let mut child = Command::new("env")
        .args(["--default-signal=HUP", env!("CARGO_BIN_EXE_rsc"), "sim", "--lang", "wagic", "--cards"])
        .arg(&cards)
        .arg("--deck")
        .arg(&bears)
        .arg("--deck")
        .arg(&goblins)
        .args(["--games", "999999999999", "--jobs", "2", "--message-format", "json", "--report"])
        .arg(&report)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("still running 60 s after Ctrl-C: it stops within a game or two");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(code(&output), 130, "{}", stderr(&output));
    let summary: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("the summary is JSON");
    assert_eq!(summary["stopped"], true, "{summary}");
    let games = summary["games"].as_u64().unwrap_or(0);
    assert!(games > 0, "games were played in 3 s: {summary}");
    let wins: u64 = summary["decks"].as_array().unwrap().iter().map(|deck| deck["wins"].as_u64().unwrap_or(0)).sum();
    assert_eq!(wins + summary["draws"].as_u64().unwrap_or(0), games, "only whole games are counted");
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert!(html.contains(&format!("Stopped by Ctrl-C, SIGTERM or SIGHUP after {games} games")));
}
