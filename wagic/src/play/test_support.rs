//! Set-up shared by the play loop's unit tests on boards built by hand: a game of
//! hand-written cards, p0's first main phase, and the text of the game's log.

use std::sync::Arc;

use super::*;

/// A game of the Wagic card file text `cards`, both players at [`STARTING_LIFE`], no card
/// placed yet; a question waits for the test to answer it.
pub(super) fn new_game(cards: &str, options: Options) -> Game<'static> {
    let library = Arc::new(Library::compile(&[("t.txt", cards.to_string())]).expect("compiles"));
    let mut game = Game::new(&library, options);
    game.table.hold_questions = true;
    for player in &mut game.table.board.players {
        player.life = STARTING_LIFE;
    }
    game
}

/// Makes it p0's first main phase of turn 1, with the cards placed so far where the log
/// last saw them, the board settled.
pub(super) fn begin_first_main(game: &mut Game<'_>) {
    game.table.board.active = P0;
    (game.turn, game.phase) = (1, Phase::FirstMain);
    mark_seen(game);
    game.settle().expect("settles");
}

/// Records every card's place as seen, so that a card a test adds is not logged as a move.
pub(super) fn mark_seen(game: &mut Game<'_>) {
    game.seen = game.table.board.cards.iter().map(|c| (c.zone, c.controller)).collect();
}

/// The texts of the game's event lines so far.
pub(super) fn texts(game: &Game<'_>) -> Vec<String> {
    game.log
        .iter()
        .filter_map(|entry| match entry {
            Entry::Event { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}
