//! Test support: the corpus set (read in place, skipped with a message when absent and
//! required under `CI`), its decks' cards, and a random-game driver.

use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};

pub use compiler::corpus::corpus_dir;
use game::deck::parse_deck;
use game::players::PlayerKind;
use game::sim::{self, PlayError, PlayOptions};
use game::{CardSet, DefIdx, Game, Move, Seat};

/// The corpus set, loaded once; `None` (after a skip message) when the corpus is absent.
/// Panics under `CI` when it is absent.
pub fn corpus() -> Option<Arc<CardSet>> {
    static SET: OnceLock<Option<Arc<CardSet>>> = OnceLock::new();
    SET.get_or_init(|| {
        let dir = corpus_dir()?;
        Some(Arc::new(CardSet::load(&dir).expect("the corpus set loads")))
    })
    .clone()
}

/// The cards of the corpus deck `name`, one per copy in file order, read without the deck
/// rules (the corpus has decks that break them); panics on an unknown card.
pub fn read_deck(set: &CardSet, name: &str) -> Vec<DefIdx> {
    let text = std::fs::read_to_string(corpus_dir().expect("the corpus is present").join("decks").join(name))
        .expect("the deck reads");
    let deck = parse_deck(&text, name.to_owned()).unwrap_or_else(|error| panic!("deck {name}: {error}"));
    let ids = deck.card_ids().into_iter();
    ids.map(|id| set.by_id(id).unwrap_or_else(|| panic!("deck {name}: unknown card {id}"))).collect()
}

/// Plays `game` between two random players (`sim::play`, seeded from `seed`) until it ends
/// or after `max_moves` decisions, checking after each move that every legal move has an
/// index, that no legal move failed to be carried out and that every card is in exactly one
/// place. Returns the number of moves made.
pub fn play_randomly(game: &mut Game, seed: u64, max_moves: usize) -> usize {
    assert_every_move_has_an_index(game, &game.legal_moves());
    let mut players = [PlayerKind::Random.create(seed, Seat::FIRST), PlayerKind::Random.create(seed, Seat::SECOND)];
    let options = PlayOptions { check_invariants: true, max_decisions: max_moves, ..PlayOptions::default() };
    let played = sim::play(game, &mut players, &options, |game, step, log| {
        for entry in log {
            let text = entry.to_string();
            assert!(!text.contains("can no longer be paid"), "a legal move could not be carried out: {text}");
        }
        if let Err(problem) = game.state().check_conservation() {
            panic!("after {:?}: {problem}", step.mv);
        }
        assert_every_move_has_an_index(game, &game.legal_moves());
        ControlFlow::Continue(())
    });
    match played.error {
        None | Some(PlayError::TooLong { .. }) => played.steps.len(),
        Some(error) => panic!("{error}"),
    }
}

/// Every legal move has a number in the fixed action space that maps back to it, and the
/// legality mask marks exactly those numbers.
pub fn assert_every_move_has_an_index(game: &Game, moves: &[Move]) {
    for mv in moves {
        let index = mv.index().unwrap_or_else(|| panic!("legal move {mv:?} has no index"));
        assert!(index < game::ACTION_SPACE, "{mv:?}: index {index} past the action space");
        assert_eq!(Move::from_index(index).as_ref(), Some(mv), "index {index} does not map back");
    }
    let marked = game.legal_mask().iter().filter(|&&legal| legal).count();
    assert_eq!(marked, moves.len(), "the mask marks every legal move once");
}
