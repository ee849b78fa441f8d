//! Random legal-move games over corpus decks: no panic, every card always in exactly one
//! place, and every game ends (a win or the turn-limit draw).

use crate::support;

use game::Game;

#[test]
fn random_games_over_corpus_decks_end_and_conserve_cards() {
    let Some(set) = support::corpus() else { return };
    let decks =
        ["Aso.o8d", "Cap.o8d", "deck-1.o8d", "deck-2.o8d", "hadoken.o8d", "trash.o8d", "weenies.o8d", "Kei.o8d"];
    for (i, pair) in decks.chunks(2).enumerate() {
        let a = support::read_deck(&set, pair[0]);
        let b = support::read_deck(&set, pair[1]);
        for seed in 0..2u64 {
            let mut game = Game::new(set.clone(), [a.clone(), b.clone()], seed).expect("the game starts");
            game.set_turn_limit(60);
            let moves = support::play_randomly(&mut game, seed * 31 + i as u64, 20_000);
            let outcome = game.outcome().unwrap_or_else(|| panic!("{pair:?} seed {seed}: no end after {moves} moves"));
            eprintln!("{pair:?} seed {seed}: {outcome} after {moves} moves, turn {}", game.state().turn);
        }
    }
}
