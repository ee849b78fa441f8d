//! `maxCast(spec)n` as moves of a game, on boards set up by hand: a cast a limit refuses
//! is not offered, in any of the ways to cast (normal, kicker, flashback, face down).

use super::moves::Move;
use super::test_support::{begin_first_main, new_game};
use super::*;

/// Rule of Law ("Each player can't cast more than one spell each turn"), Steel Golem
/// ("You can't cast creature spells") and spells to cast: kicked, flashed back, face down.
const CARDS: &str = "[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Rule of Law\nauto=maxCast(*)1\nauto=maxCast(*)1 opponent\nmana={2}{W}\ntype=Enchantment\n[/card]\n\
[card]\nname=Steel Golem\nauto=maxCast(creature)0\nmana={3}\ntype=Artifact Creature\npower=3\ntoughness=4\n[/card]\n\
[card]\nname=Gift\nauto=life:1 controller\nkicker={W}\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Memory\nauto=life:1 controller\nflashback={W}\nmana={W}\ntype=Sorcery\n[/card]\n\
[card]\nname=Bears\nmana={W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hidden\nfacedown={W}\nmana={W}{W}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// A game in p0's first main phase with `permanents` and five Plains on p0's battlefield,
/// `hand` in p0's hand, Memory in p0's graveyard; the cards in hand and Memory.
fn set_up(permanents: &[&str], hand: &[&str]) -> (Game<'static>, Vec<CardId>, CardId) {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    for name in permanents.iter().chain(&["Plains"; 5]) {
        game.table.add_card(name, P0, BATTLEFIELD, -1).expect("a card");
    }
    for player in [P0, P1] {
        for _ in 0..5 {
            game.table.add_card("Plains", player, LIBRARY, -1).expect("a card");
        }
    }
    let cards = hand.iter().map(|name| game.table.add_card(name, P0, HAND, -1).expect("a card")).collect();
    let memory = game.table.add_card("Memory", P0, GRAVEYARD, -1).expect("a card");
    begin_first_main(&mut game);
    (game, cards, memory)
}

/// The moves of p0 that cast `card` in some way.
fn casts_of(game: &mut Game<'_>, card: CardId) -> Vec<Move> {
    let moves = game.legal_moves(P0).expect("moves");
    moves
        .into_iter()
        .filter(|chosen| match *chosen {
            Move::Cast(cast) | Move::CastKicked(cast) | Move::Flashback(cast) | Move::CastFaceDown(cast) => {
                cast == card
            }
            _ => false,
        })
        .collect()
}

#[test]
fn rule_of_law_offers_no_second_spell_in_a_turn() {
    let (mut game, cards, memory) = set_up(&["Rule of Law"], &["Gift", "Bears", "Hidden"]);
    let (gift, bears, hidden) = (cards[0], cards[1], cards[2]);
    assert_eq!(casts_of(&mut game, gift), [Move::Cast(gift), Move::CastKicked(gift)]);
    assert_eq!(casts_of(&mut game, memory), [Move::Flashback(memory)]);
    assert_eq!(casts_of(&mut game, hidden), [Move::Cast(hidden), Move::CastFaceDown(hidden)]);
    game.play_move(Move::Cast(bears)).expect("cast");
    game.resolve_top().expect("resolves");
    for card in [gift, memory, hidden] {
        assert_eq!(casts_of(&mut game, card), [], "a second spell this turn");
    }
    // The next turn's count starts anew.
    game.table.try_end_turn(P0).expect("the turn ends");
    assert_eq!(casts_of(&mut game, gift), [Move::Cast(gift), Move::CastKicked(gift)]);
}

#[test]
fn steel_golem_offers_no_creature_spell() {
    let (mut game, cards, memory) = set_up(&["Steel Golem"], &["Gift", "Bears", "Hidden"]);
    assert_eq!(casts_of(&mut game, cards[1]), []);
    assert_eq!(casts_of(&mut game, cards[2]), []);
    assert_eq!(casts_of(&mut game, cards[0]), [Move::Cast(cards[0]), Move::CastKicked(cards[0])]);
    assert_eq!(casts_of(&mut game, memory), [Move::Flashback(memory)]);
}
