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

/// A game of `cards` in p0's first main phase with `lands` on p0's battlefield, `card` in
/// `player`'s `zone`, and libraries of five Mountains (the cards need one); the card's id.
pub(super) fn first_main_with(
    cards: &str,
    lands: &[&str],
    card: &str,
    player: PlayerId,
    zone: ZoneIdx,
) -> (Game<'static>, CardId) {
    let mut game = new_game(cards, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    for land in lands {
        game.table.add_card(land, P0, BATTLEFIELD, -1).expect("a card");
    }
    let card = game.table.add_card(card, player, zone, -1).expect("a card");
    for player in [P0, P1] {
        for _ in 0..5 {
            game.table.add_card("Mountain", player, LIBRARY, -1).expect("a card");
        }
    }
    begin_first_main(&mut game);
    (game, card)
}

/// Records every card's place as seen, so that a card a test adds is not logged as a move.
pub(super) fn mark_seen(game: &mut Game<'_>) {
    game.seen = where_cards_are(&game.table.board);
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
