//! What the allocation-counting test binaries share: the corpus decks they play.

use std::sync::Arc;

use game::deck::parse_deck;
use game::{CardSet, DefIdx};

/// The corpus set and the cards of its decks `deck-1` and `deck-2` (what `BENCHMARKS.md`
/// measures games with); `None` when the corpus is absent.
pub fn corpus_decks() -> Option<(Arc<CardSet>, [Vec<DefIdx>; 2])> {
    let dir = compiler::corpus::corpus_dir()?;
    let set = CardSet::load(&dir).expect("the corpus set loads");
    let deck = |name: &str| {
        let text = std::fs::read_to_string(dir.join("decks").join(name)).expect("the deck reads");
        let deck = parse_deck(&text, name.to_owned()).expect("the deck parses");
        deck.card_ids().into_iter().map(|id| set.by_id(id).expect("a card of the set")).collect::<Vec<DefIdx>>()
    };
    let decks = [deck("deck-1.o8d"), deck("deck-2.o8d")];
    Some((Arc::new(set), decks))
}
