//! `rsc run --lang wagic --save` and `--trace-hash`, and `rsc replay` of the saved game:
//! the same game again, or the first line where a changed card makes it differ.

use super::{TempDir, code, records, rsc, stderr, stdout};

const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Raging Goblin\nabilities=haste\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n";

fn decks() -> TempDir {
    let dir = TempDir::new("wagic-replay");
    dir.file("cards.txt", CARDS);
    dir.file("bears.txt", "#NAME:Bears\n5 Forest\n5 Grizzly Bears\n");
    dir.file("goblins.txt", "#NAME:Goblins\n5 Mountain\n3 Shock\n2 Raging Goblin\n");
    dir
}

/// `rsc run --lang wagic` of Bears against Goblins, seed 4 (Shocks at both players,
/// `GAME` of `wagic_run.rs`), with `more` arguments.
fn run_game(dir: &TempDir, more: &[&str]) -> std::process::Output {
    let path = |name: &str| dir.path().join(name).into_os_string();
    let mut args: Vec<std::ffi::OsString> = ["run", "--lang", "wagic", "--cards"].map(Into::into).into();
    args.push(path("cards.txt"));
    for deck in ["bears.txt", "goblins.txt"] {
        args.push("--deck".into());
        args.push(path(deck));
    }
    args.extend(["--seed", "4", "--turn-limit", "6"].map(Into::into));
    args.extend(more.iter().map(Into::into));
    rsc(args)
}

#[test]
fn a_saved_game_replays_with_the_hash_of_what_run_printed() {
    let dir = decks();
    let plain = run_game(&dir, &[]);
    assert_eq!(code(&plain), 0, "{}", stderr(&plain));
    let printed = stdout(&plain);
    let save = dir.path().join("game.json");
    let saved = run_game(&dir, &["--trace-hash", "--save", save.to_str().unwrap()]);
    assert_eq!(code(&saved), 0, "{}", stderr(&saved));
    // The trace hash is the BLAKE3 of the transcript as printed, which it follows.
    let hash = blake3::hash(printed.as_bytes()).to_hex().to_string();
    assert_eq!(stdout(&saved), format!("{printed}blake3:{hash}\n"));

    let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(file["format"], "rsc-wagic-game/1");
    assert_eq!(file["trace_hash"], hash.as_str());
    assert_eq!(file["players"], serde_json::json!(["random", "random"]));
    assert_eq!(file["outcome"], "a draw: the turn limit (6) was reached");
    assert_eq!(file["decks"][1]["cards"].as_array().map(Vec::len), Some(10));
    assert_eq!(file["transcript"].as_array().map(Vec::len), Some(printed.lines().count()));

    let replayed = rsc(["replay".as_ref(), save.as_os_str()]);
    assert_eq!(code(&replayed), 0, "{}", stderr(&replayed));
    let lines = printed.lines().count();
    assert_eq!(
        stdout(&replayed),
        format!("replay matches: {lines} lines, a draw: the turn limit (6) was reached, blake3:{hash}\n")
    );

    // In JSON, the hash is the last record.
    let json = run_game(&dir, &["--json", "--trace-hash"]);
    let last = records(&json).pop().unwrap();
    assert_eq!(last, serde_json::json!({"type": "trace_hash", "blake3": hash}));
}

#[test]
fn a_changed_card_shows_the_first_line_it_changes() {
    let dir = decks();
    let save = dir.path().join("game.json");
    let saved = run_game(&dir, &["--save", save.to_str().unwrap()]);
    assert_eq!(code(&saved), 0, "{}", stderr(&saved));
    // Shock now deals 3: the game is the same until a Shock hits a player (the first
    // one kills a 1/1 Goblin either way).
    dir.file("cards.txt", CARDS.replace("damage:2", "damage:3"));
    let replayed = rsc(["replay".as_ref(), save.as_os_str()]);
    assert_eq!(code(&replayed), 1, "{}", stderr(&replayed));
    assert_eq!(
        stdout(&replayed),
        "replay diverges at line 51 (turn 6):\n  saved:    `  draw             p0 loses 2 life (now 18)`\n  \
         replayed: `  draw             p0 loses 3 life (now 17)`\n"
    );
    assert_eq!(stderr(&replayed), "warning: the card files changed since the game was saved\n");
}

#[test]
fn card_files_moved_elsewhere_are_given_to_the_replay() {
    let dir = decks();
    let save = dir.path().join("game.json");
    assert_eq!(code(&run_game(&dir, &["--save", save.to_str().unwrap()])), 0);
    let moved = dir.path().join("moved.txt");
    std::fs::rename(dir.path().join("cards.txt"), &moved).unwrap();
    let lost = rsc(["replay".as_ref(), save.as_os_str()]);
    assert_eq!(code(&lost), 2);
    assert!(stderr(&lost).contains("hint: "), "{}", stderr(&lost));
    assert!(stderr(&lost).contains("give them with --cards FILE... and --sets DIR"), "{}", stderr(&lost));
    let found = rsc(["replay".as_ref(), save.as_os_str(), "--cards".as_ref(), moved.as_os_str()]);
    assert_eq!(code(&found), 0, "{}", stderr(&found));
    assert!(stdout(&found).starts_with("replay matches: "), "{}", stdout(&found));
}

#[test]
fn the_save_never_replaces_a_file_the_game_reads() {
    let dir = decks();
    let deck = dir.path().join("bears.txt");
    let output = run_game(&dir, &["--save", deck.to_str().unwrap()]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("--save would replace"), "{}", stderr(&output));
    assert_eq!(stdout(&output), "", "refused before the game is played");
    assert_eq!(std::fs::read_to_string(&deck).unwrap(), "#NAME:Bears\n5 Forest\n5 Grizzly Bears\n");
}

#[test]
fn a_saved_game_that_cannot_be_played_is_refused_with_why() {
    let dir = decks();
    let save = dir.path().join("game.json");
    assert_eq!(code(&run_game(&dir, &["--save", save.to_str().unwrap()])), 0);
    let text = std::fs::read_to_string(&save).unwrap();
    let refused = |name: &str, contents: String, more: &[&str]| {
        let path = dir.file(name, contents);
        let mut args = vec!["replay".to_string(), path.display().to_string()];
        args.extend(more.iter().map(|arg| arg.to_string()));
        let output = rsc(args);
        assert_eq!(code(&output), 2, "{}", stderr(&output));
        (path.display().to_string(), stderr(&output))
    };
    let (path, error) = refused("unknown.json", text.replacen("\"Shock\"", "\"Shok\"", 1), &[]);
    assert_eq!(error, format!("error: {path}: deck p1 (Goblins): `Shok` is not a card of the card files\n"));
    let (path, error) = refused("player.json", text.replacen("\"random\"", "\"smart\"", 1), &[]);
    assert_eq!(error, format!("error: {path}: player `smart` is not a built-in player (random or greedy)\n"));
    let (_, error) = refused("game.json", text.clone(), &["--set", "examples"]);
    assert!(error.starts_with("error: `--set` is for a saved Card Fighters' Clash game"), "{error}");
    let (path, error) = refused("cut.json", text[..text.len() / 2].to_string(), &[]);
    assert!(error.starts_with(&format!("error: {path}: not a saved Wagic game: ")), "{error}");
    let cfc = r#"{"format": "rsc-game/1"}"#.to_string();
    let (_, error) = refused("cfc.json", cfc, &["--cards", "cards.txt"]);
    assert_eq!(error, "error: `--cards` is for a saved Wagic game (`rsc run --lang wagic --save`)\n");
}
