//! An ability an Aura gives the creature it enchants (`given.rs`), on boards set up by
//! hand: the creature's controller activates it, it taps the creature, and it ends when
//! the Aura leaves.

use super::moves::Move;
use super::test_support::{first_main_with, mark_seen, texts};
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Ephara's Radiance\ntarget=creature\nauto=teach(creature) {1}{W}{T}:life:3 controller\n\
text=Enchant creature -- Enchanted creature has \"{1}{W}, Tap: You gain 3 life.\"\nmana={W}\n\
type=Enchantment\nsubtype=Aura\n[/card]\n";

/// p0's first main phase with two Plains, a Bear of `bears_controller`'s (not summoning
/// sick) and p0's Ephara's Radiance attached to it: the Bear and the Aura.
fn enchanted_bear(bears_controller: PlayerId) -> (Game<'static>, CardId, CardId) {
    let (mut game, bear) = first_main_with(CARDS, &["Plains", "Plains"], "Bear", bears_controller, BATTLEFIELD);
    let aura = game.table.add_card("Ephara's Radiance", P0, BATTLEFIELD, -1).expect("a card");
    game.table.board.cards[aura.0 as usize].attached = Some(bear);
    mark_seen(&mut game);
    game.settle().expect("settles");
    (game, bear, aura)
}

/// The moves activating an ability given to `card`.
fn given_moves(game: &mut Game<'_>, player: PlayerId, card: CardId) -> Vec<Move> {
    let moves = game.legal_moves(player).expect("moves");
    moves
        .into_iter()
        .filter(|chosen| matches!(chosen, Move::Activate { card: source, index, .. } if *source == card && *index >= given::GIVEN))
        .collect()
}

#[test]
fn the_enchanted_creatures_controller_activates_the_ability_the_aura_gives_it() {
    let (mut game, bear, _) = enchanted_bear(P0);
    let [activate] = given_moves(&mut game, P0, bear)[..] else { panic!("one given ability") };
    assert_eq!(game.move_label(activate), "activate Bear: {1}{W}{T}:life:3 controller");
    game.play_move(activate).expect("activates");
    assert_eq!(game.table.board.player(P0).life, STARTING_LIFE + 3);
    assert!(game.table.board.get(bear).is_some_and(|c| c.tapped), "{{T}} taps the Bear, not the Aura");
    assert!(texts(&game).contains(&"p0 activates Bear: {1}{W}{T}:life:3 controller".to_string()), "{:?}", texts(&game));
    // Tapped, the Bear has no ability to activate.
    assert!(given_moves(&mut game, P0, bear).is_empty());
}

#[test]
fn an_ability_given_to_the_opponents_creature_is_theirs_to_activate() {
    let (mut game, bear, aura) = enchanted_bear(P1);
    assert!(given_moves(&mut game, P0, bear).is_empty(), "the Aura's controller does not activate it");
    assert!(
        game.legal_moves(P0)
            .expect("moves")
            .iter()
            .all(|chosen| !matches!(chosen, Move::Activate { card, .. } if *card == aura))
    );
    // p1 has no Plains: nothing pays the {1}{W}.
    assert!(given_moves(&mut game, P1, bear).is_empty());
    for _ in 0..2 {
        game.table.add_card("Plains", P1, BATTLEFIELD, -1).expect("a card");
    }
    mark_seen(&mut game);
    let [activate] = given_moves(&mut game, P1, bear)[..] else { panic!("one given ability") };
    game.play_move(activate).expect("activates");
    assert_eq!(game.table.board.player(P1).life, STARTING_LIFE + 3, "its controller gains the life");
    assert_eq!(game.table.board.player(P0).life, STARTING_LIFE);
}

#[test]
fn the_ability_ends_when_the_aura_leaves_and_waits_out_summoning_sickness() {
    let (mut game, bear, aura) = enchanted_bear(P0);
    game.table.board.place(aura, P0, GRAVEYARD, -1);
    game.settle().expect("settles");
    assert!(given_moves(&mut game, P0, bear).is_empty());
    let (mut game, bear, _) = enchanted_bear(P0);
    game.entered.insert(bear);
    assert!(given_moves(&mut game, P0, bear).is_empty(), "a {{T}} ability of a creature that just entered");
}

/// Greater Stone Spirit: "{2}{R}: Until end of turn, target creature gets +0/+2 and gains
/// '{R}: This creature gets +1/+0 until end of turn'" (`transforms((,newability[{R}:1/0],
/// newability[0/2])) ueot`).
const SPIRIT: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Greater Stone Spirit\nauto={2}{R}:target(creature) transforms((,newability[{R}:1/0],newability[0/2])) ueot\n\
mana={4}{R}{R}\ntype=Creature\npower=4\ntoughness=4\n[/card]\n";

#[test]
fn an_activated_ability_given_until_end_of_turn_is_the_creatures_until_then() {
    let mut game = test_support::new_game(SPIRIT, Options::default());
    for _ in 0..4 {
        game.table.add_card("Mountain", P0, BATTLEFIELD, -1).expect("a card");
    }
    let spirit = game.table.add_card("Greater Stone Spirit", P0, BATTLEFIELD, -1).expect("a card");
    test_support::begin_first_main(&mut game);
    assert!(given_moves(&mut game, P0, spirit).is_empty(), "nothing given yet");
    let moves = game.legal_moves(P0).expect("moves");
    let own = moves.into_iter().find(|chosen| matches!(chosen, Move::Activate { card, .. } if *card == spirit));
    game.play_move(own.expect("its own ability")).expect("activates");
    // Its one target is itself; once the ability resolves it has the given ability.
    while !game.stack.is_empty() {
        game.resolve_top().expect("resolves");
    }
    assert_eq!(game.table.board.toughness(spirit), 6);
    let [pump] = given_moves(&mut game, P0, spirit)[..] else { panic!("one given ability") };
    assert_eq!(game.move_label(pump), "activate Greater Stone Spirit: {R}:1/0");
    game.play_move(pump).expect("activates");
    while !game.stack.is_empty() {
        game.resolve_top().expect("resolves");
    }
    assert_eq!(game.table.board.power(spirit), 5, "{:?}", texts(&game));
    // The turn over, the ability is gone.
    game.table.try_end_turn(P0).expect("ends");
    assert!(given_moves(&mut game, P0, spirit).is_empty());
}
