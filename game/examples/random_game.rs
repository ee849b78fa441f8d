//! Plays one game between two random players (`game::sim::play`) over two corpus decks
//! and prints each move and the log it added:
//! `cargo run -p game --example random_game -- [SEED] [DECK_A] [DECK_B]`.

use std::ops::ControlFlow;
use std::path::Path;
use std::sync::Arc;

use game::deck::parse_deck;
use game::players::PlayerKind;
use game::sim::{self, PlayOptions};
use game::{CardSet, Game, Seat};

/// The cards of deck `name` of the corpus that the set knows, one per copy; none when the
/// file does not read or parse (the game then refuses to start and says why).
fn deck(set: &CardSet, dir: &Path, name: &str) -> Vec<usize> {
    let text = std::fs::read_to_string(dir.join("decks").join(name)).unwrap_or_default();
    let Ok(deck) = parse_deck(&text, name.to_owned()) else { return Vec::new() };
    deck.card_ids().into_iter().filter_map(|id| set.by_id(id)).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let Some(dir) = game::scenario::corpus_dir(Path::new(env!("CARGO_MANIFEST_DIR"))) else {
        eprintln!("cannot find the corpus: set RULESCRIPT_CORPUS to its folder");
        std::process::exit(2);
    };
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
    let mut players = [PlayerKind::Random.create(seed, Seat::FIRST), PlayerKind::Random.create(seed, Seat::SECOND)];
    for entry in game.log() {
        println!("    {entry}");
    }
    let played = sim::play(&mut game, &mut players, &PlayOptions::default(), |_, step, log| {
        println!("p{} {:?}", step.seat, step.mv);
        for entry in log {
            println!("    {entry}");
        }
        ControlFlow::Continue(())
    });
    if let Some(error) = played.error {
        eprintln!("{error}");
    }
}
