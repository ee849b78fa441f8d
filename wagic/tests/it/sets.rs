//! Wagic's set files (`wagic::sets`) and the tests that name cards by Wagic id: set files
//! and cards written here (never Wagic's), ids named on every kind of line, each printing
//! told apart by its id as Wagic tells it, the skips of what the sets do not map, and the
//! exact diagnostic of each defect a set file can have; and what running Wagic's tests
//! with its sets showed (tokens by id, a token that dies, a spell that moves itself). With
//! `WAGIC_SETS` naming a Wagic `Res/sets` folder, Wagic's own tests run with its sets too.

use std::sync::Arc;

use compiler::Code;
use wagic::runner::{self, Verdict};
use wagic::sets::{self, Sets};
use wagic::table::Library;

const CARDS: &str = "[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Goblin Mob\nauto=token(Goblin,creature goblin,1/1,red)*2\nmana={R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Doom\nauto=destroy all(creature)\nmana={R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Grave Watcher\nauto=@movedto(creature|graveyard) from(battlefield):life:1 controller\nmana={1}\ntype=Enchantment\n[/card]\n\
[card]\nname=Recycled Insight\nauto=life:1 controller\nauto=moveto(mylibrary) && shuffle\nmana={R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n";

/// A set file of our own: two printings of Forest, one of the others, an old-format entry
/// carrying a whole card, and an id whose first printing names a card the card files lack.
const SET: &str = "[meta]\nauthor=us\nname=Ours\nyear=2026\n[/meta]\n\
[card]\nprimitive=Forest\nid=101\nrarity=L\n[/card]\n\
[card]\nprimitive=Forest\nid=102\nrarity=L\n[/card]\n\
[card]\nprimitive=Mountain\nid=111\nrarity=L\n[/card]\n\
[card]\nprimitive=Shock\nid=201\nrarity=C\n[/card]\n\
[card]\nprimitive=Grizzly Bears\nid=301\nrarity=C\n[/card]\n\
[card]\nname=Old Bear\nid=401\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nprimitive=Nobody's Card\nid=501\n[/card]\n\
[card]\nprimitve=Grizzly Bears\nid=501\n[/card]\n\
[card]\nprimitive=Goblin Mob\nid=601\n[/card]\n\
[card]\nprimitive=Recycled Insight\nid=701\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("own.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn our_sets() -> Sets {
    let file = sets::read(SET);
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
    let mut sets = Sets::new();
    sets.add("OURS", file);
    sets
}

fn verdict_with(sets: Option<&Sets>, test: &str) -> Verdict {
    runner::run_with_sets(&library(), sets, &wagic::testfile::read(test).expect("a test"))
}

fn test(init: &str, moves: &str, expected: &str) -> String {
    format!("[INIT]\nFIRSTMAIN\n{init}[DO]\n{moves}[ASSERT]\n{expected}[END]\n")
}

fn skip_of(verdict: Verdict) -> String {
    match verdict {
        Verdict::Skipped(skip) => skip.to_string(),
        other => panic!("not skipped: {other:?}"),
    }
}

#[test]
fn the_set_file_maps_each_id_to_its_printing() {
    let sets = our_sets();
    assert_eq!(sets.len(), 10);
    assert_eq!(sets.repeated_ids(), 1);
    let printing = sets.printing(101, |_| true).expect("a printing");
    assert_eq!((printing.entry.name.as_str(), printing.entry.line, &*printing.set), ("Forest", 6, "OURS"));
    // An old-format entry maps its id to the card it carries.
    let old = sets.printing(401, |_| true).expect("a printing");
    assert_eq!((old.entry.name.as_str(), old.entry.whole_card), ("Old Bear", true));
    // Wagic drops a printing of a card it does not know: the next printing with the id
    // gets in (its `primitve=` typo read as Wagic reads it).
    let library = library();
    let known = |entry: &sets::SetEntry| library.name_of(&entry.name).is_some();
    assert_eq!(sets.printing(501, known).map(|p| p.entry.name.as_str()), Some("Grizzly Bears"));
    assert_eq!(sets.printing(501, |_| true).map(|p| p.entry.name.as_str()), Some("Nobody's Card"));
    // A name stands for its highest id, as Wagic's test suite's cache of names leaves it.
    assert_eq!(sets.id_of_name("FOREST", known), Some(102));
    assert_eq!(sets.id_of_name("grizzly bears", known), Some(501));
    assert_eq!(sets.id_of_name("Doom", known), None);
}

/// The first printing loaded with an id is the one (Wagic's `addCardToCollection`
/// refuses a later card with an id it holds), across set files too.
#[test]
fn a_repeated_id_keeps_its_first_printing() {
    let mut sets = Sets::new();
    sets.add("AAA", sets::read("[card]\nprimitive=Shock\nid=7\n[/card]\n"));
    sets.add("BBB", sets::read("[card]\nprimitive=Doom\nid=7\n[/card]\n"));
    assert_eq!(sets.printing(7, |_| true).map(|p| (p.entry.name.as_str(), &*p.set)), Some(("Shock", "AAA")));
    assert_eq!(sets.printings(7).len(), 2);
    assert_eq!(sets.files(), 2);
}

#[test]
fn ids_name_cards_on_board_lines_and_moves() {
    let sets = our_sets();
    let by_id = test(
        "[PLAYER1]\nhand:201\ninplay:111\n[PLAYER2]\ninplay:301\n",
        "111\n201\n301\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:201\ninplay:111\n[PLAYER2]\ngraveyard:301\n",
    );
    assert_eq!(verdict_with(Some(&sets), &by_id), Verdict::Passed);
    // Shock at the player: the [ASSERT] naming the Bears by id in the graveyard fails.
    let at_player = test(
        "[PLAYER1]\nhand:201\ninplay:111\n[PLAYER2]\ninplay:301\n",
        "111\n201\np2\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:201\ninplay:111\n[PLAYER2]\ngraveyard:301\nlife:18\n",
    );
    match verdict_with(Some(&sets), &at_player) {
        Verdict::Failed(difference) => {
            assert_eq!(difference.to_string(), "player 2 graveyard: expected [grizzly bears], got []");
        }
        other => panic!("{other:?}"),
    }
    // Without set files, the skip says how to give them.
    assert_eq!(skip_of(verdict_with(None, &by_id)), format!("{} (line 9: `111`)", runner::NO_SETS));
    assert_eq!(
        skip_of(runner::run(&library(), &wagic::testfile::read(&by_id).unwrap())),
        format!("{} (line 9: `111`)", runner::NO_SETS)
    );
    let move_only =
        test("[PLAYER1]\nhand:Shock\n[PLAYER2]\n", "201\n", "FIRSTMAIN\n[PLAYER1]\nhand:Shock\n[PLAYER2]\n");
    assert_eq!(skip_of(verdict_with(None, &move_only)), format!("{} (line 7: `201`)", runner::NO_SETS));
}

/// Wagic clicks the first card with the id a move stands for, not the first of its name:
/// `102` taps the second Forest, and `forest` stands for Forest's highest id (102).
#[test]
fn a_move_clicks_the_printing_its_id_names() {
    let sets = our_sets();
    let two_forests = |moves: &str, pool: &str| {
        test(
            "[PLAYER1]\ninplay:101,102\n[PLAYER2]\n",
            moves,
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:101,102\nmanapool:{pool}\n[PLAYER2]\n"),
        )
    };
    assert_eq!(verdict_with(Some(&sets), &two_forests("102\n101\n", "{G}{G}")), Verdict::Passed);
    assert_eq!(verdict_with(Some(&sets), &two_forests("forest\n101\n", "{G}{G}")), Verdict::Passed);
    // `forest` is 102, tapped: the second click on it does nothing.
    assert_eq!(verdict_with(Some(&sets), &two_forests("forest\n102\n", "{G}")), Verdict::Passed);
    // A test naming cards by name alone finds them by name, as before: the first Forest
    // twice, the second click doing nothing.
    let by_name = |pool: &str| {
        test(
            "[PLAYER1]\ninplay:Forest,Forest\n[PLAYER2]\n",
            "forest\nforest\n",
            &format!("FIRSTMAIN\n[PLAYER1]\ninplay:Forest,Forest\nmanapool:{pool}\n[PLAYER2]\n"),
        )
    };
    assert_eq!(verdict_with(Some(&sets), &by_name("{G}")), Verdict::Passed);
    assert!(matches!(verdict_with(Some(&sets), &by_name("{G}{G}")), Verdict::Failed(_)));
}

/// `[ASSERT]` finds each card by its id, as Wagic's `assertGame` does: the right names in
/// the right zones are not enough when the printings are swapped.
#[test]
fn assert_lines_tell_printings_apart_by_id() {
    let sets = our_sets();
    let shock_the_second =
        |expected: &str| test("[PLAYER1]\nhand:201\nmanapool:{R}\n[PLAYER2]\ninplay:301,501\n", "201\n501\n", expected);
    let right = shock_the_second("FIRSTMAIN\n[PLAYER1]\ngraveyard:201\n[PLAYER2]\ninplay:301\ngraveyard:501\n");
    assert_eq!(verdict_with(Some(&sets), &right), Verdict::Passed);
    let swapped = shock_the_second("FIRSTMAIN\n[PLAYER1]\ngraveyard:201\n[PLAYER2]\ninplay:501\ngraveyard:301\n");
    match verdict_with(Some(&sets), &swapped) {
        Verdict::Failed(difference) => assert_eq!(
            difference.to_string(),
            "player 2 graveyard (Wagic id 301): expected grizzly bears (301) there, got it in player 2 inplay"
        ),
        other => panic!("{other:?}"),
    }
}

/// A token is given by the negated id of the card that made it (Wagic's `Token` takes
/// `-source->getMTGId()`): `[ASSERT]` counts it and finds the first with that id, as
/// `assertGame` does; `[INIT]` cannot give one (Wagic sets a blank stand-in there).
#[test]
fn tokens_are_found_by_the_negated_id_of_their_maker() {
    let sets = our_sets();
    let mob = |expected: &str| test("[PLAYER1]\nhand:601\nmanapool:{R}\n[PLAYER2]\ninplay:301\n", "601\n", expected);
    let right = mob("FIRSTMAIN\n[PLAYER1]\ngraveyard:601\ninplay:-601,-601\n[PLAYER2]\ninplay:301\n");
    assert_eq!(verdict_with(Some(&sets), &right), Verdict::Passed);
    let too_many = mob("FIRSTMAIN\n[PLAYER1]\ngraveyard:601\ninplay:-601,-601,-601\n[PLAYER2]\ninplay:301\n");
    assert!(matches!(verdict_with(Some(&sets), &too_many), Verdict::Failed(_)));
    let elsewhere = mob("FIRSTMAIN\n[PLAYER1]\ngraveyard:601\ninplay:-601,*\n[PLAYER2]\ninplay:-601\n");
    match verdict_with(Some(&sets), &elsewhere) {
        Verdict::Failed(difference) => assert_eq!(
            difference.to_string(),
            "player 2 inplay (Wagic id -601): expected goblin (-601) there, got it in player 1 inplay"
        ),
        other => panic!("{other:?}"),
    }
    let in_init = test("[PLAYER1]\ninplay:-601\n[PLAYER2]\n", "", "FIRSTMAIN\n[PLAYER1]\ninplay:-601\n[PLAYER2]\n");
    assert_eq!(
        skip_of(verdict_with(Some(&sets), &in_init)),
        "a token given by its Wagic id in [INIT] (Wagic's blank stand-in token is not modelled) (-601)"
    );
    let no_token = test("[PLAYER1]\nhand:601\n[PLAYER2]\n", "-601\n", "FIRSTMAIN\n[PLAYER1]\nhand:601\n[PLAYER2]\n");
    // No card has the id: Wagic's driver clicks nothing (`getCardByMTGId` is null).
    assert_eq!(verdict_with(Some(&sets), &no_token), Verdict::Passed);
}

/// A spell that moves itself as it resolves stays where it went (Wagic's
/// `beacon_of_creation` failed with Beacon of Creation in the graveyard, not the library).
#[test]
fn a_spell_that_moves_itself_stays_where_it_went() {
    let recycled = test(
        "[PLAYER1]\nhand:Recycled Insight\nmanapool:{R}\n[PLAYER2]\n",
        "recycled insight\n",
        "FIRSTMAIN\n[PLAYER1]\nlibrary:Recycled Insight\nlife:21\n[PLAYER2]\n",
    );
    assert_eq!(verdict_with(None, &recycled), Verdict::Passed);
}

/// A card given as `name (set)` (Wagic's `recover (INV)`) is its printing in that set:
/// `forest (old)` clicks the Forest of set OLD, `forest` Forest's highest id.
#[test]
fn a_card_given_with_its_set_is_its_printing_in_that_set() {
    let mut sets = our_sets();
    sets.add("OLD", sets::read("[card]\nprimitive=Forest\nid=90\n[/card]\n"));
    let library = library();
    let known = |entry: &sets::SetEntry| library.name_of(&entry.name).is_some();
    assert_eq!(sets.id_of_name_in_set("Forest", "old", known), Some(90));
    assert_eq!(sets.id_of_name_in_set("Forest", "OURS", known), Some(102));
    assert_eq!(sets.id_of_name_in_set("Forest", "NONE", known), None);
    let with_set = test(
        "[PLAYER1]\ninplay:Forest (OLD),102\n[PLAYER2]\n",
        "forest (old)\nforest\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:forest (old),102\nmanapool:{G}{G}\n[PLAYER2]\n",
    );
    assert_eq!(verdict_with(Some(&sets), &with_set), Verdict::Passed);
}

#[test]
fn ids_the_sets_do_not_map_are_skipped_with_their_own_reasons() {
    let sets = our_sets();
    let unknown = test("[PLAYER1]\nhand:999\n[PLAYER2]\n", "", "FIRSTMAIN\n[PLAYER1]\nhand:999\n[PLAYER2]\n");
    assert_eq!(skip_of(verdict_with(Some(&sets), &unknown)), "a Wagic id the set files do not map (999)");
    let unknown_move = test("[PLAYER1]\nhand:201\n[PLAYER2]\n", "998\n", "FIRSTMAIN\n[PLAYER1]\nhand:201\n[PLAYER2]\n");
    assert_eq!(
        skip_of(verdict_with(Some(&sets), &unknown_move)),
        "a Wagic id the set files do not map (line 7: `998`)"
    );
    // A token's id in [ASSERT] counts as a card, as in Wagic: none was made.
    let token = test("[PLAYER1]\n[PLAYER2]\n", "", "FIRSTMAIN\n[PLAYER1]\ninplay:-201\n[PLAYER2]\n");
    match verdict_with(Some(&sets), &token) {
        Verdict::Failed(difference) => assert_eq!(difference.to_string(), "player 1 inplay: expected [*], got []"),
        other => panic!("{other:?}"),
    }
    // A card the card files have but no set file prints: Wagic leaves it off the board.
    let unprinted = test("[PLAYER1]\nhand:Doom\n[PLAYER2]\n", "", "FIRSTMAIN\n[PLAYER1]\nhand:Doom\n[PLAYER2]\n");
    assert_eq!(
        skip_of(verdict_with(Some(&sets), &unprinted)),
        "a card no set file prints (Wagic leaves it off the board) (doom)"
    );
    assert_eq!(verdict_with(None, &unprinted), Verdict::Passed);
    // An old-format entry's id names the card it carries, which these card files lack.
    let old = test("[PLAYER1]\nhand:401\n[PLAYER2]\n", "", "FIRSTMAIN\n[PLAYER1]\nhand:401\n[PLAYER2]\n");
    assert_eq!(skip_of(verdict_with(Some(&sets), &old)), "a card not in the card files (old bear)");
}

/// An older set's entry that carries a whole card adds that card, as Wagic's loader adds
/// it (its block read as a card file's, at its own lines): its id plays it.
#[test]
fn an_old_format_entry_adds_its_card() {
    let file = sets::read(SET);
    let whole = sets::whole_cards_source(SET, &file).expect("a whole card");
    // Each card keeps its line (the block is lines 31 to 37), every other line blank.
    assert_eq!(whole.lines().count(), 37);
    assert_eq!(whole.lines().nth(30), Some("[card]"));
    assert_eq!(whole.lines().nth(31), Some("name=Old Bear"));
    assert!(whole.lines().take(30).all(str::is_empty));
    let library = Arc::new(
        Library::compile(&[("own.txt", CARDS.to_string()), ("OURS/_cards.dat", whole)]).expect("the cards compile"),
    );
    let mut sets = Sets::new();
    sets.add("OURS", file);
    let old = test(
        "[PLAYER1]
hand:401
[PLAYER2]
",
        "401
",
        "FIRSTMAIN
[PLAYER1]
inplay:Old Bear
[PLAYER2]
",
    );
    let verdict = runner::run_with_sets(&library, Some(&sets), &wagic::testfile::read(&old).expect("a test"));
    assert_eq!(verdict, Verdict::Passed);
    // A set file with no whole card adds none.
    assert_eq!(
        sets::whole_cards_source(
            "[card]\nprimitive=Shock\nid=1\n[/card]\n",
            &sets::read("[card]\nprimitive=Shock\nid=1\n[/card]\n")
        ),
        None
    );
}

/// A token that leaves the battlefield ceases to exist (Wagic's `MTGTokensCleanup`), once
/// its move's triggers have seen it: Wagic's `wrath_of_god2` failed with the Goblins of
/// Siege-Gang Commander in the graveyard.
#[test]
fn a_token_that_dies_leaves_no_card_in_the_graveyard() {
    let wrath = test(
        "[PLAYER1]\nhand:Goblin Mob,Doom\ninplay:Grave Watcher\nmanapool:{R}{R}\n[PLAYER2]\ninplay:Grizzly Bears\n",
        "goblin mob\ndoom\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Goblin Mob,Doom\ninplay:Grave Watcher\nlife:23\n[PLAYER2]\ngraveyard:Grizzly Bears\n",
    );
    assert_eq!(verdict_with(None, &wrath), Verdict::Passed);
}

/// Where a diagnostic points: its line and the text of its span.
fn place(source: &str, diagnostic: &compiler::Diagnostic) -> (usize, String) {
    let start = diagnostic.span.start as usize;
    let line = source[..start].matches('\n').count() + 1;
    (line, source[diagnostic.span.range()].to_string())
}

#[test]
fn each_defect_of_a_set_file_has_its_diagnostic_at_its_place() {
    let source = "[meta]\nname=Bad\n[/meta]\nstray=1\n[card]\nprimitive=Shock\nid=12x\n[/card]\n\
[card]\nprimitive=Shock\n[/card]\n[card]\nid=5\n[/card]\n[card]\nprimitive=Doom\nid=6\nid=7\n[/card]\n\
[card]\nprimitive=Doom\njust words\nid=8\n[/card]\n[cards]\nprimitive=Doom\nid=9\n[/card]\n\
[card]\nprimitive=Shock\nid=10\n[card]\nprimitive=Doom\nid=11\n[/card]\n[card]\nprimitive=Shock\nid=2147483648\n[/card]\n\
[card]\nprimitive=Forest\nid=12\n[/card]\n[card]\nprimitive=Doom\nid=13\n";
    let file = sets::read(source);
    let found: Vec<(usize, String, String)> = file
        .diagnostics
        .iter()
        .map(|diagnostic| {
            assert_eq!(diagnostic.code, Code::E0109);
            let (line, text) = place(source, diagnostic);
            (line, text, diagnostic.message.clone())
        })
        .collect();
    let expected: Vec<(usize, &str, &str)> = vec![
        (4, "stray=1", "`stray=1` is outside any `[card]` block"),
        (7, "12x", "id `12x` is not a number Wagic can use"),
        (9, "[card]", "set entry has no `id=`"),
        (12, "[card]", "set entry names no card (`primitive=` or `name=`)"),
        (18, "id", "set entry has a second `id=`"),
        (22, "just words", "line `just words` has no `key=`"),
        (25, "[cards]", "`[cards]` is not `[card]` or `[meta]`"),
        (29, "[card]", "set entry has no `[/card]`"),
        (38, "2147483648", "id `2147483648` is not a number Wagic can use"),
        (44, "[card]", "set entry has no `[/card]`"),
    ];
    let expected: Vec<(usize, String, String)> =
        expected.into_iter().map(|(line, text, message)| (line, text.to_string(), message.to_string())).collect();
    assert_eq!(found, expected);
    // What was read whole is kept: the entry after the unclosed one, and Forest.
    let ids: Vec<(i32, &str)> = file.entries.iter().map(|entry| (entry.id, entry.name.as_str())).collect();
    assert_eq!(ids, [(11, "Doom"), (12, "Forest")]);
    // Id 0 is no id: Wagic's `getMTGId` reads 0 as "not a number", a name.
    let zero = sets::read("[card]\nprimitive=Shock\nid=0\n[/card]\n");
    assert_eq!(zero.diagnostics[0].message, "id `0` is not a number Wagic can use");
    assert!(zero.entries.is_empty());
    // An unclosed `[meta]`.
    let meta = sets::read("[meta]\nname=Bad\n");
    assert_eq!(meta.diagnostics[0].message, "`[meta]` block has no `[/meta]`");
}

/// `rsc explain E0109` shows set files: the wrong one gets E0109 (and only it), the right
/// one reads whole.
#[test]
fn the_set_file_codes_explanation_says_what_it_claims() {
    let explanation = Code::E0109.explanation();
    let wrong = sets::read(explanation.wrong);
    assert_eq!(wrong.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), [Code::E0109]);
    let right = sets::read(explanation.right);
    assert!(right.diagnostics.is_empty(), "{:?}", right.diagnostics);
    assert_eq!(right.entries.len(), 1);
}

/// Wagic's own tests with Wagic's own sets, when `WAGIC_SETS` names a `Res/sets` folder
/// (CI has none: the test then says it was skipped): none may fail.
#[test]
fn wagic_tests_with_wagics_sets_never_fail() {
    let Some(folder) = std::env::var_os("WAGIC_SETS") else {
        eprintln!("skipped: WAGIC_SETS is not set (give it a Wagic `Res/sets` folder to run this test)");
        return;
    };
    let Some(dir) = wagic::data_dir() else { return };
    let Some(library) = super::board::library() else { return };
    let mut set_files = Vec::new();
    let mut folders = vec![std::path::PathBuf::from(folder)];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a readable sets folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.file_name().is_some_and(|name| name == "_cards.dat") {
                set_files.push(path);
            }
        }
    }
    set_files.sort();
    assert!(!set_files.is_empty(), "WAGIC_SETS holds no `_cards.dat`");
    let mut sets = Sets::new();
    for path in &set_files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("a set file")).into_owned();
        let set = path.parent().and_then(|parent| parent.file_name()).map(|name| name.to_string_lossy().into_owned());
        sets.add(&set.unwrap_or_default(), sets::read(&text));
    }
    let (mut passed, mut failed) = (0, Vec::new());
    for path in super::behaviour::test_files(&dir.join("test")) {
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("a test file")).into_owned();
        let Ok(test) = wagic::testfile::read(&text) else { continue };
        let verdict = match runner::known_wagic_failure(&path) {
            Some(skip) => Verdict::Skipped(skip),
            None => runner::run_with_sets(&library, Some(&sets), &test),
        };
        match verdict {
            Verdict::Passed => passed += 1,
            Verdict::Failed(difference) => failed.push(format!("{}: {difference}", path.display())),
            Verdict::Skipped(_) => {}
        }
    }
    println!("with Wagic's sets: {passed} passed, {} failed", failed.len());
    assert!(failed.is_empty(), "Wagic tests failed with Wagic's sets:\n{}", failed.join("\n"));
}
