//! Plays one game of random legal moves between two corpus decks and prints its log:
//! `cargo run -p game --example random_game -- [SEED] [DECK_A] [DECK_B]`.

use std::path::PathBuf;
use std::sync::Arc;

use game::deck::parse_deck;
use game::{CardSet, Game, Move};
use rand::{Rng, SeedableRng};

/// The cards of deck `name` of the corpus that the set knows, one per copy; none when the
/// file does not read or parse (the game then refuses to start and says why).
fn deck(set: &CardSet, dir: &std::path::Path, name: &str) -> Vec<usize> {
    let text = std::fs::read_to_string(dir.join("decks").join(name)).unwrap_or_default();
    let Ok(deck) = parse_deck(&text, name.to_owned()) else { return Vec::new() };
    deck.card_ids().into_iter().filter_map(|id| set.by_id(id)).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let dir = std::env::var_os("RULESCRIPT_CORPUS")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/cfc"), PathBuf::from);
    let set = match CardSet::load(&dir) {
        Ok(set) => Arc::new(set),
        Err(error) => {
            eprintln!("cannot load the corpus: {error}");
            std::process::exit(2);
        }
    };
    let a = deck(&set, &dir, args.get(2).map_or("deck-1.o8d", String::as_str));
    let b = deck(&set, &dir, args.get(3).map_or("deck-2.o8d", String::as_str));
    let mut game = match Game::new(Arc::clone(&set), [a, b], seed) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("cannot start: {error}");
            std::process::exit(2);
        }
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut shown = 0;
    for _ in 0..20_000 {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        let others: Vec<&Move> = moves.iter().filter(|m| **m != Move::Pass).collect();
        let mv = if !others.is_empty() && rng.random_range(0..4) != 0 {
            others[rng.random_range(0..others.len())].clone()
        } else {
            moves[rng.random_range(0..moves.len())].clone()
        };
        println!("p{} {:?}", game.to_move().0, mv);
        if let Err(error) = game.apply(mv) {
            eprintln!("refused: {error}");
            break;
        }
        for entry in &game.log()[shown..] {
            println!("    {entry}");
        }
        shown = game.log().len();
    }
}
