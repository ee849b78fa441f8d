//! `rsc run --lang wagic`: one seeded game of two Wagic decks printed turn by turn (a
//! short game pinned whole, on cards written by the test), and the errors of its decks
//! and arguments, before any game starts.

use super::{TempDir, code, records, rsc, stderr, stdout};

const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Raging Goblin\nabilities=haste\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Giant Growth\ntarget=creature\nauto=3/3\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Wrong Card\nauto=nosuchword\nmana={R}\ntype=Instant\n[/card]\n";

/// Seed 4 of Bears against Goblins, six turns of random players: Shocks cast in the
/// other player's upkeep and draw step, one in answer to the other (it resolves first),
/// a block, a death; each Shock's target named on the line that casts it.
const GAME: &[&str] = &[
    "seed 4: p0 Bears (random) against p1 Goblins (random)",
    "  opening hand     p0 keeps 7 cards (4 lands)",
    "  opening hand     p1 keeps 7 cards (5 lands)",
    "── turn 1: p0 (Bears) ──",
    "  firstmain        p0 plays Forest",
    "  after turn 1: p0 20 life, 6 in hand, 3 in library · p1 20 life, 7 in hand, 3 in library",
    "── turn 2: p1 (Goblins) ──",
    "  draw             p1 draws Raging Goblin",
    "  secondmain       p1 plays Mountain",
    "  secondmain       p1 taps Mountain for mana",
    "  secondmain       p1 casts Raging Goblin",
    "  secondmain       Raging Goblin resolves",
    "  after turn 2: p0 20 life, 6 in hand, 3 in library · p1 20 life, 6 in hand, 2 in library",
    "── turn 3: p0 (Bears) ──",
    "  draw             p0 draws Grizzly Bears",
    "  firstmain        p0 plays Forest",
    "  firstmain        p0 taps Forest, Forest for mana",
    "  firstmain        p0 casts Grizzly Bears",
    "  firstmain        Grizzly Bears resolves",
    "  after turn 3: p0 20 life, 5 in hand, 2 in library · p1 20 life, 6 in hand, 2 in library",
    "── turn 4: p1 (Goblins) ──",
    "  upkeep           p1 taps Mountain for mana",
    "  upkeep           p1 casts Shock targeting Raging Goblin (p1)",
    "  upkeep           Shock resolves",
    "  upkeep           Raging Goblin [p1] goes to the graveyard",
    "  draw             p1 draws Shock",
    "  firstmain        p1 plays Mountain",
    "  firstmain        p1 taps Mountain for mana",
    "  firstmain        p1 casts Raging Goblin",
    "  firstmain        Raging Goblin resolves",
    "  combatattackers  Raging Goblin [p1] attacks",
    "  combatblockers   Grizzly Bears [p0] blocks Raging Goblin",
    "  combatdamage     Raging Goblin deals 1 damage to Grizzly Bears",
    "  combatdamage     Grizzly Bears deals 2 damage to Raging Goblin",
    "  combatdamage     Raging Goblin [p1] goes to the graveyard",
    "  after turn 4: p0 20 life, 5 in hand, 2 in library · p1 20 life, 4 in hand, 1 in library",
    "── turn 5: p0 (Bears) ──",
    "  draw             p0 draws Grizzly Bears",
    "  firstmain        p0 taps Forest, Forest for mana",
    "  firstmain        p0 casts Grizzly Bears",
    "  firstmain        Grizzly Bears resolves",
    "  firstmain        p0 plays Forest",
    "  after turn 5: p0 20 life, 4 in hand, 1 in library · p1 20 life, 4 in hand, 1 in library",
    "── turn 6: p1 (Goblins) ──",
    "  draw             p1 draws Shock",
    "  draw             p1 taps Mountain for mana",
    "  draw             p1 casts Shock targeting p1",
    "  draw             p1 taps Mountain for mana",
    "  draw             p1 responds with Shock targeting p0",
    "  draw             Shock resolves",
    "  draw             p0 loses 2 life (now 18)",
    "  draw             Shock resolves",
    "  draw             p1 loses 2 life (now 18)",
    "  firstmain        p1 plays Mountain",
    "  after turn 6: p0 18 life, 4 in hand, 1 in library · p1 18 life, 2 in hand, 0 in library",
    "no winner: the turn limit (6) was reached",
    "6 turns, 111 decisions",
];

/// Seed 1 of Growth against Goblins, six turns of greedy players: the Shocks go at the
/// Bears, not the player; the Goblins attack only while nothing blocks them; a Giant
/// Growth answers a Shock and saves its Bears.
const GREEDY_GAME: &[&str] = &[
    "seed 1: p0 Growth (greedy) against p1 Goblins (greedy)",
    "  opening hand     p0 keeps 7 cards (5 lands)",
    "  opening hand     p1 keeps 7 cards (3 lands)",
    "── turn 1: p0 (Growth) ──",
    "  firstmain        p0 plays Forest",
    "  after turn 1: p0 20 life, 6 in hand, 3 in library · p1 20 life, 7 in hand, 3 in library",
    "── turn 2: p1 (Goblins) ──",
    "  draw             p1 draws Mountain",
    "  firstmain        p1 plays Mountain",
    "  firstmain        p1 taps Mountain for mana",
    "  firstmain        p1 casts Raging Goblin",
    "  firstmain        Raging Goblin resolves",
    "  combatattackers  Raging Goblin [p1] attacks",
    "  combatdamage     Raging Goblin deals 1 damage to p0",
    "  after turn 2: p0 19 life, 6 in hand, 3 in library · p1 20 life, 6 in hand, 2 in library",
    "── turn 3: p0 (Growth) ──",
    "  draw             p0 draws Grizzly Bears",
    "  firstmain        p0 plays Forest",
    "  firstmain        p0 taps Forest, Forest for mana",
    "  firstmain        p0 casts Grizzly Bears",
    "  firstmain        Grizzly Bears resolves",
    "  after turn 3: p0 19 life, 5 in hand, 2 in library · p1 20 life, 6 in hand, 2 in library",
    "── turn 4: p1 (Goblins) ──",
    "  upkeep           p1 taps Mountain for mana",
    "  upkeep           p1 casts Shock targeting Grizzly Bears (p0)",
    "  upkeep           Shock resolves",
    "  upkeep           Grizzly Bears [p0] goes to the graveyard",
    "  draw             p1 draws Mountain",
    "  firstmain        p1 plays Mountain",
    "  firstmain        p1 taps Mountain for mana",
    "  firstmain        p1 casts Raging Goblin",
    "  firstmain        Raging Goblin resolves",
    "  combatattackers  Raging Goblin [p1] attacks",
    "  combatattackers  Raging Goblin [p1] attacks",
    "  combatdamage     Raging Goblin deals 1 damage to p0",
    "  combatdamage     Raging Goblin deals 1 damage to p0",
    "  after turn 4: p0 17 life, 5 in hand, 2 in library · p1 20 life, 4 in hand, 1 in library",
    "── turn 5: p0 (Growth) ──",
    "  draw             p0 draws Grizzly Bears",
    "  firstmain        p0 plays Forest",
    "  firstmain        p0 taps Forest, Forest for mana",
    "  firstmain        p0 casts Grizzly Bears",
    "  firstmain        Grizzly Bears resolves",
    "  after turn 5: p0 17 life, 4 in hand, 1 in library · p1 20 life, 4 in hand, 1 in library",
    "── turn 6: p1 (Goblins) ──",
    "  upkeep           p1 taps Mountain for mana",
    "  upkeep           p1 casts Shock targeting Grizzly Bears (p0)",
    "  upkeep           p0 taps Forest for mana",
    "  upkeep           p0 responds with Giant Growth targeting Grizzly Bears (p0)",
    "  upkeep           Giant Growth resolves",
    "  upkeep           Shock resolves",
    "  draw             p1 draws Shock",
    "  firstmain        p1 plays Mountain",
    "  after turn 6: p0 17 life, 3 in hand, 1 in library · p1 20 life, 3 in hand, 0 in library",
    "no winner: the turn limit (6) was reached",
    "6 turns, 118 decisions",
];

/// `rsc run --lang wagic` on `cards.txt` and two decks of `dir`, with `more` arguments.
fn run_game(dir: &TempDir, decks: [&str; 2], more: &[&str]) -> std::process::Output {
    let cards = dir.path().join("cards.txt");
    let mut args: Vec<std::ffi::OsString> = ["run", "--lang", "wagic", "--cards"].map(Into::into).into();
    args.push(cards.into_os_string());
    for deck in decks {
        args.push("--deck".into());
        args.push(dir.path().join(deck).into_os_string());
    }
    args.extend(more.iter().map(Into::into));
    rsc(args)
}

fn decks() -> TempDir {
    let dir = TempDir::new("wagic-run");
    dir.file("cards.txt", CARDS);
    dir.file("bears.txt", "#NAME:Bears\n#DESC:two-drops\n5 Forest\n5 Grizzly Bears\n");
    dir.file("goblins.txt", "#NAME:Goblins\n5 Mountain\n3 Shock\n2 Raging Goblin\n");
    dir.file("growth.txt", "#NAME:Growth\n5 Forest\n3 Grizzly Bears\n2 Giant Growth\n");
    dir
}

#[test]
fn a_seed_plays_one_game_printed_turn_by_turn() {
    let dir = decks();
    let output = run_game(&dir, ["bears.txt", "goblins.txt"], &["--seed", "4", "--turn-limit", "6"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let mut expected = GAME.join("\n");
    expected.push('\n');
    assert_eq!(stdout(&output), expected);
    // The same seed, the same game; played to its end, someone wins.
    let again = run_game(&dir, ["bears.txt", "goblins.txt"], &["--seed", "4", "--turn-limit", "6"]);
    assert_eq!(stdout(&again), expected);
    let whole = run_game(&dir, ["bears.txt", "goblins.txt"], &["--seed", "4"]);
    assert_eq!(code(&whole), 0, "{}", stderr(&whole));
    assert!(stdout(&whole).lines().any(|line| line.starts_with("winner: p")), "{}", stdout(&whole));
}

#[test]
fn greedy_players_play_one_game_printed_turn_by_turn() {
    let dir = decks();
    let more = ["--seed", "1", "--turn-limit", "6", "--player", "greedy"];
    let output = run_game(&dir, ["growth.txt", "goblins.txt"], &more);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let mut expected = GREEDY_GAME.join("\n");
    expected.push('\n');
    assert_eq!(stdout(&output), expected);
    // In the JSON: the response and the order it resolves in.
    let more = ["--seed", "1", "--turn-limit", "6", "--player", "greedy", "--json"];
    let output = run_game(&dir, ["growth.txt", "goblins.txt"], &more);
    let greedy = records(&output);
    assert_eq!(greedy[0]["players"], serde_json::json!(["greedy", "greedy"]));
    let texts: Vec<&str> = greedy.iter().filter_map(|record| record["text"].as_str()).collect();
    let response = texts.iter().position(|text| text.starts_with("p0 responds with Giant Growth")).expect("a response");
    assert_eq!(
        texts[response - 2..response + 3],
        [
            "p1 casts Shock targeting Grizzly Bears (p0)",
            "p0 taps Forest for mana",
            "p0 responds with Giant Growth targeting Grizzly Bears (p0)",
            "Giant Growth resolves",
            "Shock resolves"
        ]
    );
    // Per seat.
    let more = ["--seed", "1", "--turn-limit", "6", "--player", "greedy", "--player", "random", "--json"];
    let output = run_game(&dir, ["growth.txt", "goblins.txt"], &more);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(records(&output)[0]["players"], serde_json::json!(["greedy", "random"]));
    let output = run_game(&dir, ["growth.txt", "goblins.txt"], &["--player", "scripted"]);
    assert_eq!(code(&output), 2, "no scripted player for --lang wagic");
    let output = run_game(
        &dir,
        ["growth.txt", "goblins.txt"],
        &["--player", "greedy", "--player", "greedy", "--player", "random"],
    );
    assert_eq!(code(&output), 2, "three --player");
}

#[test]
fn json_gives_the_same_game_one_object_a_line() {
    let dir = decks();
    let output = run_game(&dir, ["bears.txt", "goblins.txt"], &["--seed", "4", "--turn-limit", "6", "--json"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let records = records(&output);
    assert_eq!(
        records[0],
        serde_json::json!({"type": "game", "seed": 4, "decks": ["Bears", "Goblins"], "players": ["random", "random"]})
    );
    // The mulligans come before the first turn.
    assert_eq!(
        records[1],
        serde_json::json!({"type": "event", "phase": "untap", "text": "p0 keeps 7 cards (4 lands)"})
    );
    assert_eq!(records[3], serde_json::json!({"type": "turn_start", "turn": 1, "player": 0}));
    assert_eq!(records[4], serde_json::json!({"type": "event", "phase": "firstmain", "text": "p0 plays Forest"}));
    let result = records.last().expect("a result");
    assert_eq!(
        *result,
        serde_json::json!({"type": "result", "winner": null, "deck": null, "outcome": "the turn limit (6) was reached",
            "stopped": false, "turns": 6, "decisions": 111})
    );
    // One event object for each event line of the text.
    let events = records.iter().filter(|record| record["type"] == "event").count();
    let text = GAME.iter().filter(|line| line.starts_with("  ") && !line.starts_with("  after turn")).count();
    assert_eq!(events, text);
}

#[test]
fn a_deck_line_the_game_cannot_play_is_an_error_at_its_file_and_line() {
    let dir = decks();
    dir.file("bad.txt", "#NAME:Bad\n4 Forest\nNo Such Card\n2 Wrong Card\n1129\n");
    let output = run_game(&dir, ["bears.txt", "bad.txt"], &[]);
    assert_eq!(code(&output), 1);
    assert_eq!(stdout(&output), "", "no game is played");
    let bad = dir.path().join("bad.txt").display().to_string();
    let report = stderr(&output);
    let errors: Vec<&str> = report.lines().filter(|line| line.starts_with("error")).collect();
    assert_eq!(errors.len(), 3, "{}", stderr(&output));
    assert!(report.contains("note: `--skip-uncompiled` plays"), "{report}");
    assert_eq!(errors[0], format!("error[deck-unknown-card]: {bad}:3: no card named `No Such Card` in the card files"));
    assert!(
        errors[1].starts_with(&format!("error[deck-not-compiled]: {bad}:4: `Wrong Card` does not compile (E0100 ")),
        "{}",
        errors[1]
    );
    assert!(errors[2].starts_with(&format!("error[deck-id-without-sets]: {bad}:5: card id 1129")), "{}", errors[2]);
    // Without the unknown card and the id, `--skip-uncompiled` plays the rest.
    dir.file("bad.txt", "#NAME:Bad\n4 Forest\n2 Wrong Card\n");
    let output = run_game(&dir, ["bears.txt", "bad.txt"], &["--skip-uncompiled", "--turn-limit", "2"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stderr(&output).contains(&format!("warning: {bad}:3: left out: `Wrong Card` does not compile")),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).starts_with("seed 0: p0 Bears (random) against p1 Bad (random)\n"), "{}", stdout(&output));
}

#[test]
fn arguments_of_the_other_language_are_usage_errors() {
    let dir = decks();
    let output = run_game(&dir, ["bears.txt", "goblins.txt"], &["--set", "examples"]);
    assert_eq!(code(&output), 2, "--set is not for --lang wagic");
    assert!(stderr(&output).contains("`--cards` names the card files"), "{}", stderr(&output));
    let output = rsc(["run", "--lang", "wagic", "--deck", "a.txt", "--deck", "b.txt"]);
    assert_eq!(code(&output), 2, "no --cards");
    assert!(stderr(&output).contains("needs the Wagic card files"), "{}", stderr(&output));
    let output = rsc(["run", "--deck", "a.o8d", "--deck", "b.o8d"]);
    assert_eq!(code(&output), 2, "no --set");
    assert!(stderr(&output).contains("`--set DIR`"), "{}", stderr(&output));
    let output = rsc(["run", "--set", "x", "--deck", "a.o8d", "--deck", "b.o8d", "--skip-uncompiled"]);
    assert_eq!(code(&output), 2, "--skip-uncompiled needs --lang wagic");
    dir.file("unknown.txt", "Nothing Like It\n");
    let output = run_game(&dir, ["bears.txt", "unknown.txt"], &[]);
    assert_eq!(code(&output), 1, "an unknown card");
    assert!(!stderr(&output).contains("--skip-uncompiled"), "no card left out would help: {}", stderr(&output));
    let output = run_game(&dir, ["bears.txt", "missing.txt"], &[]);
    assert_eq!(code(&output), 2, "a deck that cannot be read");
}

/// A sideboard line was a card the card files lacked; a deck of 3 cards lost with no
/// word of why, an empty one (`deck-empty` was never given) too; 5,000 unknown lines
/// printed 5,000 errors.
#[test]
fn a_newcomer_s_deck_is_read_or_refused_with_a_note() {
    let dir = decks();
    dir.file("side.txt", "#NAME:Side\n5 Forest\n4 x Grizzly Bears\nGrizzly Bears x1\nSB: 2 Shock\n#SB:1129\n");
    let output = run_game(&dir, ["side.txt", "goblins.txt"], &["--turn-limit", "2"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let side = dir.path().join("side.txt").display().to_string();
    assert_eq!(stderr(&output), format!("note: {side}:5: 1 sideboard line not played (a game plays the main deck)\n"));
    dir.file("tiny.txt", "Grizzly Bears\nForest\nForest\n");
    let output = run_game(&dir, ["tiny.txt", "goblins.txt"], &[]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let tiny = dir.path().join("tiny.txt").display().to_string();
    assert!(
        stderr(&output).contains(&format!("note: {tiny}: 3 cards, fewer than an opening hand and one draw (8)")),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).contains("winner: p1 (Goblins): p0 draws from an empty library"), "{}", stdout(&output));
    dir.file("empty.txt", "#NAME:Empty\n# cards to come\n");
    let output = run_game(&dir, ["empty.txt", "goblins.txt"], &[]);
    assert_eq!(code(&output), 1, "an empty deck is an error: {}", stdout(&output));
    let empty = dir.path().join("empty.txt").display().to_string();
    assert_eq!(
        stderr(&output),
        format!(
            "error[deck-empty]: {empty}: no card lines (one card a line: `4 Grizzly Bears`, `Forest`, or a Wagic id)\n"
        )
    );
    dir.file("typos.txt", "Grizly Bears\n".repeat(5000));
    let output = run_game(&dir, ["typos.txt", "goblins.txt"], &[]);
    assert_eq!(code(&output), 1);
    let report = stderr(&output);
    let typos = dir.path().join("typos.txt").display().to_string();
    assert_eq!(report.lines().filter(|line| line.starts_with("error[deck-unknown-card]")).count(), 100, "{report}");
    assert!(report.starts_with(&format!(
        "error[deck-unknown-card]: {typos}:1: no card named `Grizly Bears` in the card files: did you mean `Grizzly Bears`?\n"
    )));
    assert!(report.contains(&format!("note: {typos}: 4900 more errors not shown")), "{report}");
}

/// A deck saved as Latin-1 named no card on the line of its accented name, and nothing
/// said why: a note names the line. A comment in Latin-1 (as Wagic's AI decks have) is
/// read without one.
#[test]
fn a_card_line_that_is_not_utf8_gets_a_note() {
    let dir = decks();
    dir.file(
        "latin.txt",
        b"#NAME:Latin\n#2x El-Hajj\xe2j\n5 Forest\n2 Grizzly Bears\xa0\n3 Grizzly Bears\n".as_slice(),
    );
    let output = run_game(&dir, ["latin.txt", "goblins.txt"], &[]);
    assert_eq!(code(&output), 1);
    let latin = dir.path().join("latin.txt").display().to_string();
    let report = stderr(&output);
    assert!(
        report.starts_with(&format!(
            "note: {latin}:4: not UTF-8: a name with such a byte matches no card (save the deck as UTF-8)\n\
             error[deck-unknown-card]: {latin}:4: no card named `Grizzly Bears\u{fffd}`"
        )),
        "{report}"
    );
    dir.file("latin.txt", b"#NAME:Latin\n#2x El-Hajj\xe2j\n5 Forest\n5 Grizzly Bears\n".as_slice());
    let output = run_game(&dir, ["latin.txt", "goblins.txt"], &["--turn-limit", "1"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(stderr(&output), "", "a Latin-1 comment is no concern");
}
