//! The corpus decks against the deck rules: the 27 valid decks load, the invalid one and a
//! deck with an unknown card are refused with a message naming the file and the rule.

use std::collections::HashSet;
use std::path::PathBuf;

use crate::support::corpus_dir;

use game::deck::{DECK_SIZE, DeckError, load_deck};

fn card_ids(dir: &std::path::Path) -> HashSet<String> {
    let text = std::fs::read_to_string(dir.join("cards.json")).unwrap();
    let cards: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
    cards.iter().filter_map(|card| card["id"].as_str().map(str::to_string)).collect()
}

#[test]
fn every_valid_corpus_deck_loads_and_the_invalid_one_is_refused() {
    let Some(dir) = corpus_dir() else { return };
    let ids = card_ids(&dir);
    let mut loaded = 0;
    let mut refused = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("decks"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "o8d"))
        .collect();
    files.sort();
    for path in &files {
        match load_deck(path, |id| ids.contains(id)) {
            Ok(deck) => {
                assert_eq!(deck.len(), DECK_SIZE);
                assert_eq!(deck.card_ids().len(), DECK_SIZE as usize);
                loaded += 1;
            }
            Err(error) => refused.push(error),
        }
    }
    assert_eq!(loaded, 27, "refused: {refused:#?}");
    assert_eq!(refused.len(), 1);
    let message = refused[0].to_string();
    assert!(
        message.ends_with(
            "decks/invalid-deck-size.o8d: deck size rule broken: a deck holds exactly 50 cards, this one holds 16"
        ),
        "{message}"
    );
}

#[test]
fn a_deck_with_an_unknown_card_id_is_refused_naming_the_id() {
    let Some(dir) = corpus_dir() else { return };
    let ids = card_ids(&dir);
    let text = std::fs::read_to_string(dir.join("decks/Aso.o8d")).unwrap();
    let forged = text.replacen("6814ab83-c21d-4df9-8d07-e977ee27f131", "00000000-0000-0000-0000-00000000dead", 1);
    assert_ne!(forged, text, "Aso.o8d no longer holds Blue Mary");
    let temp = std::env::temp_dir().join(format!("rulescript-unknown-{}.o8d", std::process::id()));
    std::fs::write(&temp, forged).unwrap();
    let error = load_deck(&temp, |id| ids.contains(id)).unwrap_err();
    std::fs::remove_file(&temp).ok();
    assert!(matches!(error, DeckError::UnknownCard { .. }), "{error:?}");
    let message = error.to_string();
    assert!(message.contains("00000000-0000-0000-0000-00000000dead"), "{message}");
    assert!(message.contains("unknown card id"), "{message}");
    assert!(message.starts_with(&temp.display().to_string()), "{message}");
}

#[test]
fn a_missing_deck_file_is_an_io_error_naming_the_file() {
    let error = load_deck(std::path::Path::new("no/such/deck.o8d"), |_| true).unwrap_err();
    assert_eq!(error.code(), "deck-io");
    assert!(error.to_string().starts_with("no/such/deck.o8d: cannot read deck"), "{error}");
}

#[test]
fn a_folder_given_as_a_deck_file_is_an_io_error_naming_it() {
    let error = load_deck(std::path::Path::new("src"), |_| true).unwrap_err();
    assert_eq!(error.code(), "deck-io");
    assert!(error.to_string().starts_with("src: cannot read deck: Is a directory"), "{error}");
}

#[test]
fn a_decks_text_given_as_its_path_is_named_as_such_on_one_line() {
    let text = "\u{feff}<?xml version=\"1.0\"?>\n<deck game=\"x\">\n  <section name=\"Main\">\n</deck>\n";
    let error = load_deck(std::path::Path::new(text), |_| true).unwrap_err();
    assert_eq!(error.code(), "deck-io");
    assert_eq!(
        error.to_string(),
        "<?xml version=\"1.0\"?>…: cannot read deck: this is a deck's text, not the path of a deck file: \
         give the file's path"
    );
}

#[test]
fn the_example_set_decks_load() {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples"));
    let ids = card_ids(&dir);
    for name in ["vanguard", "arcana"] {
        let deck = load_deck(&dir.join(format!("decks/{name}.o8d")), |id| ids.contains(id)).unwrap();
        assert_eq!(deck.len(), DECK_SIZE, "{name}");
    }
}

#[test]
fn a_game_starts_from_the_example_set_and_its_two_decks() {
    use std::sync::Arc;
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples"));
    let set = Arc::new(game::CardSet::load(&dir).unwrap());
    let vanguard = game::deck::load_set_deck(&dir.join("decks/vanguard.o8d"), &set).unwrap();
    let arcana = game::deck::load_set_deck(&dir.join("decks/arcana.o8d"), &set).unwrap();
    assert_eq!((vanguard.len(), arcana.len()), (50, 50));
    let mut game = game::Game::new(Arc::clone(&set), [vanguard, arcana], 12).unwrap();
    let hands: usize = game.state().players.iter().map(|p| p.hand.len()).sum();
    assert!(hands >= 10, "both players drew their opening hands");
    // Play a few turns by always taking the first legal move: the engine must keep going.
    for _ in 0..200 {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "a game in progress always has a legal move");
        game.apply(moves[0]).unwrap();
    }
    assert!(game.state().turn > 1, "the game moved on");
}

/// A deck file within the size bound may list some 60,000 different ids: each line was
/// looked up in the ones read so far, 1.8 billion comparisons (11 s in a debug build), where
/// a lookup by id reads the file in a fraction of a second.
#[test]
fn a_megabyte_of_different_ids_is_parsed_in_time_linear_in_the_file() {
    let cards: String = (0..60_000).map(|i| format!("<card id=\"{i:x}\"/>")).collect();
    let text = format!("<deck>{cards}</deck>");
    assert!(text.len() as u64 <= game::deck::MAX_DECK_FILE_BYTES);
    let started = std::time::Instant::now();
    let deck = game::deck::parse_deck(&text, "many".into()).unwrap();
    let elapsed = started.elapsed();
    assert_eq!((deck.entries.len(), deck.len()), (60_000, 60_000));
    assert!(elapsed < std::time::Duration::from_secs(3), "took {elapsed:?}");
}

#[test]
fn an_unknown_card_id_with_a_line_break_is_named_on_one_line() {
    let error = DeckError::UnknownCard { file: "my.o8d".into(), id: "a\nb".into(), name: "Ryu".into() };
    assert_eq!(error.to_string(), "my.o8d: unknown card id a\\nb (\"Ryu\"): not in the card set");
}
