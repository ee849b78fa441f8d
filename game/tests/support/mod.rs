//! Test support: the corpus set (read in place, skipped with a message when absent and
//! required under `CI`), its decks' cards, and a random-move driver.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use game::deck::parse_deck;
use game::{CardSet, DefIdx, Game, Move};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The corpus folder (`RULESCRIPT_CORPUS` overrides).
pub fn corpus_dir() -> PathBuf {
    match std::env::var_os("RULESCRIPT_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/cfc"),
    }
}

/// The corpus set, loaded once; `None` (after a skip message) when the corpus is absent.
/// Panics under `CI` when it is absent.
pub fn corpus() -> Option<Arc<CardSet>> {
    static SET: OnceLock<Option<Arc<CardSet>>> = OnceLock::new();
    SET.get_or_init(|| {
        let dir = corpus_dir();
        if !dir.join("cards.json").exists() {
            assert!(std::env::var_os("CI").is_none(), "the corpus is required under CI: {} is missing", dir.display());
            eprintln!("skipped: no corpus at {}", dir.display());
            return None;
        }
        Some(Arc::new(CardSet::load(&dir).expect("the corpus set loads")))
    })
    .clone()
}

/// The cards of the corpus deck `name`, one per copy in file order, read without the deck
/// rules (the corpus has decks that break them); panics on an unknown card.
pub fn read_deck(set: &CardSet, name: &str) -> Vec<DefIdx> {
    let text = std::fs::read_to_string(corpus_dir().join("decks").join(name)).expect("the deck reads");
    let deck = parse_deck(&text, name.to_owned()).unwrap_or_else(|error| panic!("deck {name}: {error}"));
    let ids = deck.card_ids().into_iter();
    ids.map(|id| set.by_id(id).unwrap_or_else(|| panic!("deck {name}: unknown card {id}"))).collect()
}

/// Plays random legal moves (seeded) until the game ends or `max_moves`; checks after each
/// move that every card is in exactly one place. Returns the number of moves made.
pub fn play_randomly(game: &mut Game, seed: u64, max_moves: usize) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for n in 0..max_moves {
        if game.outcome().is_some() {
            return n;
        }
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "no legal move in {game:?}");
        assert_every_move_has_an_index(game, &moves);
        // Prefer doing something over passing, so games move on.
        let mv = if moves.len() > 1 && rng.random_range(0..4) != 0 {
            let others: Vec<&Move> = moves.iter().filter(|m| **m != Move::Pass).collect();
            others[rng.random_range(0..others.len())].clone()
        } else {
            moves[rng.random_range(0..moves.len())].clone()
        };
        let applied = game.apply(mv.clone()).unwrap_or_else(|e| panic!("legal move {mv:?} refused: {e}"));
        for entry in &applied.log {
            let text = entry.to_string();
            assert!(!text.contains("can no longer be paid"), "a legal move could not be carried out: {text}");
        }
        if let Err(problem) = game.state().check_conservation() {
            panic!("after {mv:?}: {problem}");
        }
    }
    max_moves
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
