//! Card sets: the corpus loads and compiles in memory, lookups by id, number and name, and
//! a set whose rules do not compile is refused with the errors named.

use crate::support;

use game::testing::card;
use game::{CardKind, CardSet, SetError};

#[test]
fn the_corpus_set_loads_with_every_card_and_its_rules() {
    let Some(set) = support::corpus() else { return };
    let kinds = |kind| set.cards().iter().filter(|c| c.kind == kind).count();
    assert_eq!((kinds(CardKind::Character), kinds(CardKind::Action), kinds(CardKind::Reaction)), (320, 64, 40));
    assert_eq!(set.cards().iter().filter(|c| c.rules.is_some()).count(), 322, "every rules file compiled");
    let cody = set.by_number("c013").expect("by number, any case");
    assert_eq!(set.card(cody).unwrap().name, "Cody (Alpha)");
    assert_eq!(set.by_name("CODY (ALPHA)"), Some(cody));
    assert_eq!(set.by_id("525D8365-C90E-491F-9811-1F23EFBAFCCB"), Some(cody));
    assert_eq!(set.find("Cody (Alpha)"), Some(cody));
    let def = set.card(cody).unwrap();
    assert_eq!((def.bp, def.sp, def.backups.len()), (300, 5, 3));
    assert_eq!(def.ability, Some(game::AbilityType::Auto));
    for deck in std::fs::read_dir(support::corpus_dir().expect("the corpus is present").join("decks")).unwrap() {
        let name = deck.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".o8d") {
            assert!(!support::read_deck(&set, &name).is_empty(), "{name}");
        }
    }
}

#[test]
fn a_set_whose_rules_do_not_compile_is_refused_with_the_errors_named() {
    let mut bad = card("b-1", "B001", "Broken", CardKind::Action, 0, 0);
    bad.rules_file = Some("B001-broken.rules".to_owned());
    let sources = vec![("B001-broken.rules".to_owned(), "action = damagee(300)\n".to_owned())];
    match CardSet::from_parts(vec![bad], &sources) {
        Err(SetError::Rules(errors)) => {
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert!(errors[0].starts_with("B001-broken.rules:1:10: E0008 "), "{}", errors[0]);
            assert!(errors[0].contains("damagee"), "{}", errors[0]);
            let message = SetError::Rules(errors).to_string();
            assert!(message.starts_with("the set's rules do not compile (1 error; `rsc check`"), "{message}");
        }
        other => panic!("expected a rules error, got {other:?}"),
    }
}

#[test]
fn a_cards_json_that_is_a_folder_is_an_io_error() {
    let dir = std::env::temp_dir().join(format!("rulescript-set-test-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cards.json")).unwrap();
    let error = CardSet::load(&dir).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(matches!(&error, SetError::Io { message, .. } if message.starts_with("Is a directory")), "{error}");
}

/// Given `cards.json` itself (`rsc run --set examples/cards.json`), the error named
/// `examples/cards.json/cards.json`, a path nobody gave.
#[test]
fn a_set_given_as_a_file_names_that_file_and_asks_for_its_folder() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/cards.json");
    let error = CardSet::load(&file).map(drop).unwrap_err();
    assert_eq!(error.code(), "set-io");
    assert_eq!(
        error.to_string(),
        format!(
            "cannot read `{}`: it is a file: a card set is the folder that holds cards.json and the .rules files",
            file.display()
        )
    );
}

#[test]
fn a_missing_folder_is_an_io_error_naming_the_file() {
    let error = CardSet::load(std::path::Path::new("/nonexistent/set")).unwrap_err();
    assert!(matches!(&error, SetError::Io { path, .. } if path.ends_with("cards.json")), "{error}");
    assert!(error.to_string().contains("cards.json"));
}

/// A printed BP below 0 broke the engine's invariants in every game the card entered
/// (`rsc run` ended each with "invariant violated"): the set is refused at load instead.
#[test]
fn a_card_with_a_bp_below_zero_is_refused_naming_it() {
    let sunk = card("s-1", "S001", "Sunk", CardKind::Character, -100, 1);
    match CardSet::from_parts(vec![card("f-1", "F001", "Fine", CardKind::Character, 300, 1), sunk], &[]) {
        Err(error @ SetError::BadCard(_)) => {
            assert_eq!(error.to_string(), "card \"Sunk\" (S001) has BP -100: a printed BP is 0 or more");
        }
        other => panic!("{other:?}"),
    }
}

/// A set folder in the temporary directory with `cards_json` as its `cards.json` and the
/// given rules files; removed when dropped.
struct TempSet(std::path::PathBuf);

impl TempSet {
    fn new(name: &str, cards_json: &str, rules: &[(&str, &str)]) -> TempSet {
        let dir = std::env::temp_dir().join(format!("rulescript-set-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("cards.json"), cards_json).unwrap();
        for (file, text) in rules {
            std::fs::write(dir.join(file), text).unwrap();
        }
        TempSet(dir)
    }
}

impl Drop for TempSet {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A `cards.json` entry with the given id, name, type and rules file.
fn entry(id: &str, name: &str, kind: &str, rules_file: Option<&str>) -> String {
    let rules_file = rules_file.map_or_else(|| "null".to_owned(), |file| format!("{file:?}"));
    format!(
        r#"{{"id": "{id}", "number": null, "name": "{name}", "type": "{kind}", "bp": 300, "rules_file": {rules_file}}}"#
    )
}

/// A card of a type the engine does not know used to vanish from the set: a deck naming it
/// then failed with "unknown card id", far from the cause. The corpus's user-interface
/// entries (avatars, buttons, the status marker) are still skipped.
#[test]
fn a_card_of_an_unknown_type_is_refused_naming_it_and_ui_entries_are_skipped() {
    let ui = [entry("u-1", "Ryu avatar", "Avatar", None), entry("u-2", "Start Game", "button", None)];
    let ryu = entry("c-1", "Ryu", "Character", None);
    let set = TempSet::new("ui", &format!("[{}, {}, {ryu}]", ui[0], ui[1]), &[]);
    let loaded = CardSet::load(&set.0).expect("user-interface entries are skipped");
    assert_eq!(loaded.cards().iter().map(|card| card.name.as_str()).collect::<Vec<_>>(), ["Ryu"]);

    let spell = entry("s-1", "Hadoken", "Spell", Some("S001-hadoken.rules"));
    let set =
        TempSet::new("unknown-type", &format!("[{ryu}, {spell}]"), &[("S001-hadoken.rules", "action = draw(1)\n")]);
    match CardSet::load(&set.0) {
        Err(error @ SetError::BadCard(_)) => assert_eq!(
            (error.code(), error.to_string().as_str()),
            (
                "set-bad-card",
                "card \"Hadoken\" (id s-1) has the type \"Spell\": a card is a Character, an Action or a \
                 Reaction (Avatar, Button and Status entries of the user interface are skipped)"
            )
        ),
        other => panic!("expected the card refused, got {other:?}"),
    }
}

/// Two cards naming one rules file made the bundle fail with "corrupt bundle ... repeats an
/// earlier card's key", which named neither card nor file: each card has a script of its own,
/// and the set is refused at load naming the file and both cards.
#[test]
fn two_cards_naming_one_rules_file_are_refused_naming_the_file_and_both_cards() {
    let ken = entry("c-1", "Ken", "Character", Some("C001-ken.rules"));
    let twin = entry("c-2", "Ken (Alpha)", "Character", Some("C001-ken.rules"));
    let set = TempSet::new("shared-rules", &format!("[{ken}, {twin}]"), &[("C001-ken.rules", "auto = bp(+100)\n")]);
    match CardSet::load(&set.0) {
        Err(error @ SetError::SharedRules(_)) => assert_eq!(
            (error.code(), error.to_string().as_str()),
            (
                "set-shared-rules",
                "cards \"Ken\" (id c-1) and \"Ken (Alpha)\" (id c-2) both name the rules file \
                 `C001-ken.rules`: each card has a rules file of its own"
            )
        ),
        other => panic!("expected the set refused, got {other:?}"),
    }
    // `C001-ken` and `C001-ken.rules` are two files but one script key.
    let twin = entry("c-2", "Ken (Alpha)", "Character", Some("C001-ken"));
    let rules = [("C001-ken.rules", "auto = bp(+100)\n"), ("C001-ken", "auto = bp(+200)\n")];
    let set = TempSet::new("shared-key", &format!("[{ken}, {twin}]"), &rules);
    let error = CardSet::load(&set.0).map(drop).unwrap_err();
    assert_eq!(
        error.to_string(),
        "cards \"Ken\" (id c-1) and \"Ken (Alpha)\" (id c-2) name the rules files `C001-ken.rules` and \
         `C001-ken`, which have one script key `C001-ken`: each card has a rules file of its own"
    );
}
