//! The `deck` target's body: any bytes as an `.o8d` deck file, read as `rsc run` and `rsc
//! sim` read one (`game::deck::deck_of_text` against the example set). A deck that passes
//! the deck rules holds exactly 50 known cards, at most 3 of each, and plays a short game
//! against itself; one that fails gets a [`DeckError`] whose message names the rule.
//!
//! `rsc` refuses a file that is not UTF-8 when it reads it; the lossy decoding (the file a
//! user would write next) is parsed, so that a mutation adding a stray byte still reaches
//! the parser.

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;

use game::deck::{self, DECK_SIZE, DeckError, MAX_COPIES};
use game::players::PlayerKind;
use game::sim::{self, PlayOptions};
use game::{Game, Seat};

use crate::example_set;

/// The file the deck is read from (it names the deck).
const FILE: &str = "decks/fuzz.o8d";
/// Turns of the game a deck that passes plays.
const TURN_LIMIT: u32 = 3;

/// Checks `data` as a deck file; panics on a failure. The decisions of the game a deck
/// that passed played (`None`: it did not pass).
pub fn check(data: &[u8]) -> Option<usize> {
    let text = String::from_utf8_lossy(data);
    let set = example_set::set();
    let path = Path::new(FILE);
    let known = |id: &str| set.by_id(id).is_some();
    let read = deck::deck_of_text(path, &text, known);
    // The two steps `deck_of_text` takes, one at a time, give the same.
    let stepwise = deck::parse_deck(&text, "fuzz".to_owned())
        .map_err(|message| DeckError::Malformed { file: path.to_path_buf(), message })
        .and_then(|deck| deck::check_deck(path, deck, known));
    assert!(read == stepwise, "deck_of_text and parse_deck + check_deck disagree: {read:?} / {stepwise:?}");
    let deck = match read {
        Ok(deck) => deck,
        Err(error) => {
            let message = error.to_string();
            assert!(message.starts_with(FILE), "the message does not name the file first: {message}");
            assert!(error.code() != "deck-io", "text that was read is no IO error: {message}");
            return None;
        }
    };
    assert!(deck.name == "fuzz", "the deck is named {:?}, not after its file", deck.name);
    assert!(deck.len() == DECK_SIZE, "a deck of {} cards passed", deck.len());
    for entry in &deck.entries {
        assert!(entry.qty <= MAX_COPIES, "{} copies of {} passed", entry.qty, entry.id);
        assert!(known(&entry.id), "unknown card {} passed", entry.id);
    }
    let cards: Vec<_> = deck.card_ids().into_iter().filter_map(|id| set.by_id(id)).collect();
    assert!(cards.len() == DECK_SIZE as usize, "{} of the deck's cards are in the set", cards.len());
    let seed = data.iter().fold(0u64, |hash, &byte| hash.rotate_left(5) ^ u64::from(byte));
    let mut game = Game::new(Arc::clone(&set), [cards.clone(), cards], seed)
        .unwrap_or_else(|error| panic!("a deck that passed the deck rules does not start a game: {error}"));
    game.set_turn_limit(TURN_LIMIT);
    let mut seats = [PlayerKind::Random.create(seed, Seat::FIRST), PlayerKind::Random.create(seed, Seat::SECOND)];
    let options = PlayOptions { check_invariants: true, ..PlayOptions::default() };
    let played = sim::play(&mut game, &mut seats, &options, |_, _, _| ControlFlow::Continue(()));
    assert!(played.error.is_none(), "a game of a deck that passed stopped: {:?}", played.error);
    Some(played.steps.len())
}
