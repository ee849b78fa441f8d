//! Alternative costs as moves of a game, on boards set up by hand: the move offered only
//! when every part of the cost can be paid, what it pays (mana, life, sacrificed lands, an
//! exiled card) and that the spell then resolves as cast for its mana cost.

use super::moves::Move;
use super::test_support::{begin_first_main, new_game, texts};
use super::*;
use crate::table::{EXILE, STACK};

/// Fireblast ("You may sacrifice two Mountains rather than pay this spell's mana cost"),
/// Force of Will ("You may pay 1 life and exile a blue card from your hand rather than pay
/// this spell's mana cost"), a Borderpost returning a basic land and paying {1}, and an
/// evoked creature.
const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Fireblast\nother={S(mountain|myBattlefield)}{S(mountain|myBattlefield)} name(Sacrifice two Mountains)\nauto=damage:4 opponent\nmana={4}{R}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Force\ntarget=*|stack\nother={L}{E(other *[blue]|myhand)} name(Pay 1 Life and Exile a Blue Card from Hand)\nauto=fizzle\nmana={3}{U}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Octopus\nmana={4}{U}\ntype=Creature\npower=8\ntoughness=8\n[/card]\n\
[card]\nname=Bears\nmana={1}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Borderpost\nother={H(land[basic]|mybattlefield)}{1} name(Pay 1 and Return a Basic Land)\nmana={1}{R}{U}\ntype=Artifact\n[/card]\n";

/// A game in p0's first main phase with `lands` on p0's battlefield, `hands` in each
/// player's hand, and libraries of five Islands; the cards in hand.
fn set_up(lands: &[&str], hands: [&[&str]; 2]) -> (Game<'static>, [Vec<CardId>; 2]) {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    for land in lands {
        game.table.add_card(land, P0, BATTLEFIELD, -1).expect("a card");
    }
    for player in [P0, P1] {
        for _ in 0..5 {
            game.table.add_card("Island", player, LIBRARY, -1).expect("a card");
        }
    }
    let mut cards = [Vec::new(), Vec::new()];
    for (seat, player) in [P0, P1].into_iter().enumerate() {
        for name in hands[seat] {
            cards[seat].push(game.table.add_card(name, player, HAND, -1).expect("a card"));
        }
    }
    begin_first_main(&mut game);
    (game, cards)
}

#[test]
fn a_spell_is_cast_by_sacrificing_two_mountains_and_resolves() {
    let (mut game, cards) = set_up(&["Mountain", "Mountain"], [&["Fireblast"], &[]]);
    let fireblast = cards[0][0];
    let moves = game.legal_moves(P0).expect("moves");
    // Two Mountains cannot pay {4}{R}{R}: the alternative cost only.
    assert!(moves.contains(&Move::CastAlternative(fireblast)) && !moves.contains(&Move::Cast(fireblast)), "{moves:?}");
    game.play_move(Move::CastAlternative(fireblast)).expect("cast");
    let board = &game.table.board;
    assert_eq!(board.zone(P0, BATTLEFIELD), [], "both Mountains sacrificed");
    assert_eq!(board.zone(P0, GRAVEYARD).len(), 2);
    assert_eq!(board.get(fireblast).map(|c| c.zone), Some(STACK));
    assert!(texts(&game).contains(&"p0 casts Fireblast for its alternative cost".to_string()), "{:?}", texts(&game));
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 4, "{:?}", texts(&game));
    // One Mountain and an Island: no sacrifice of two Mountains, no move.
    let (mut short, cards) = set_up(&["Mountain", "Island"], [&["Fireblast"], &[]]);
    let moves = short.legal_moves(P0).expect("moves");
    assert!(!moves.contains(&Move::CastAlternative(cards[0][0])), "{moves:?}");
}

#[test]
fn force_of_will_is_cast_for_one_life_and_a_blue_card_exiled_from_hand() {
    let (mut game, cards) = set_up(&["Mountain"], [&["Bears"], &["Force", "Octopus"]]);
    let (bears, force, octopus) = (cards[0][0], cards[1][0], cards[1][1]);
    game.play_move(Move::Cast(bears)).expect("cast");
    // p1 has no land: the alternative cost only, at instant speed.
    let moves = game.legal_moves(P1).expect("moves");
    assert_eq!(moves, [Move::CastAlternative(force)]);
    game.play_move(Move::CastAlternative(force)).expect("cast");
    let board = &game.table.board;
    assert_eq!(board.players[1].life, STARTING_LIFE - 1);
    assert_eq!(board.get(octopus).map(|c| c.zone), Some(EXILE));
    game.resolve_top().expect("resolves");
    game.resolve_top().expect("resolves");
    let board = &game.table.board;
    assert_eq!(
        (board.get(bears).map(|c| c.zone), board.get(force).map(|c| c.zone)),
        (Some(GRAVEYARD), Some(GRAVEYARD))
    );
    assert!(texts(&game).contains(&"Bears is countered".to_string()), "{:?}", texts(&game));
    // Without another blue card in hand (Force itself is not one to exile): no move.
    let (mut alone, cards) = set_up(&["Mountain"], [&["Bears"], &["Force"]]);
    game_cast(&mut alone, cards[0][0]);
    assert_eq!(alone.legal_moves(P1).expect("moves"), []);
}

/// p0 casts `card` for its mana cost.
fn game_cast(game: &mut Game<'_>, card: CardId) {
    game.play_move(Move::Cast(card)).expect("cast");
}

#[test]
fn a_land_tapped_for_the_mana_is_then_returned_to_hand() {
    // {1} from the Mountain, then the Mountain returned: Fieldmist Borderpost's way.
    let (mut game, cards) = set_up(&["Mountain"], [&["Borderpost"], &[]]);
    let borderpost = cards[0][0];
    assert_eq!(game.legal_moves(P0).expect("moves"), [Move::CastAlternative(borderpost)]);
    game.play_move(Move::CastAlternative(borderpost)).expect("cast");
    game.resolve_top().expect("resolves");
    let board = &game.table.board;
    let names = |zone| board.zone(P0, zone).into_iter().map(|card| game.name(card)).collect::<Vec<_>>();
    assert_eq!((names(BATTLEFIELD), names(HAND)), (vec!["Borderpost".to_string()], vec!["Mountain".to_string()]));
}
