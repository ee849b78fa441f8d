//! The table the fuzzed programs run on: `stdlib::testing`'s [`Board`] (which never panics
//! on an id or index it did not check), laid out by [`table`] from one input byte.

use stdlib::names::{ACTION, CHARACTER, DECK, DISCARDS, HAND, REACTION};
pub use stdlib::testing::{Board, P0, P1};

/// A table whose sizes come from `shape` (one byte): each player has two characters in the
/// ring, and `shape` spreads 0 to 7 cards over the first player's hand. Cards are named
/// `card<id>`.
pub fn table(shape: u8) -> Board {
    let mut board = Board::seeded(0x5eed ^ u64::from(shape));
    for (player, bps) in [(P0, [500, 300]), (P1, [400, 900])] {
        for (slot, bp) in (0u8..).zip(bps) {
            let name = format!("card{}", board.cards.len());
            board.character(&name, player, slot, bp);
        }
    }
    let types = [ACTION, CHARACTER, REACTION];
    for i in 0..usize::from(shape & 7) {
        let name = format!("card{}", board.cards.len());
        board.card(&name, types[i % 3], P0, HAND);
    }
    for (player, zone, count) in [(P0, DECK, 4), (P0, DISCARDS, 1), (P1, HAND, 2), (P1, DECK, 3)] {
        for i in 0..count {
            let name = format!("card{}", board.cards.len());
            board.card(&name, types[i % 3], player, zone);
        }
    }
    board
}
