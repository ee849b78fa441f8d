//! The greedy player's choices on boards built by hand (`greedy.rs`): what it casts and
//! what it leaves in hand.

use super::moves::Move;
use super::test_support::{first_main_with, mark_seen, texts};
use super::*;

/// Swords to Plowshares as Wagic writes it, a knight with protection from white (Black
/// Knight's), a plain bear, cyclers and Tome Scour (a mill).
const CARDS: &str = "[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Swords to Plowshares\ntarget=creature\nauto=moveto(exile)\n\
auto=dynamicability<!mytgt powerlifegain targetcontroller!>\nmana={W}\ntype=Instant\n[/card]\n\
[card]\nname=Knight\nabilities=protection from white\nmana={B}{B}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Cycler\nautohand=__CYCLING__({1})\nmana={5}{R}\ntype=Creature\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Steppe\nautohand=__CYCLING__({W})\ntype=Land\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Tome Scour\ntarget=player\nauto=deplete:5\nmana={U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Duress\ntarget=opponent\n\
auto=if type(*[-creature;-land]|targetedpersonshand)~lessthan~1 then name(look) donothing \
notatarget(*|targetedpersonshand) else reject notatarget(*[-creature;-land]|targetedpersonshand)\n\
mana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Fireball\ntarget=creature,player\nauto=damage:5\nmana={4}{R}\ntype=Sorcery\n[/card]\n";

#[test]
fn removal_whose_only_targets_are_its_own_creatures_stays_in_hand() {
    // p1's only creature has protection from white: the Swords could only exile p0's own Bear.
    let (mut game, swords) = first_main_with(CARDS, &["Plains"], "Swords to Plowshares", P0, HAND);
    game.table.add_card("Bear", P0, BATTLEFIELD, -1).expect("a card");
    game.table.add_card("Knight", P1, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(swords)), "it may be cast: {moves:?}");
    assert_eq!(game.greedy_move(P0, &moves), None);
    // A bear of p1's it may exile: cast.
    game.table.add_card("Bear", P1, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(swords)));
}

#[test]
fn it_cycles_a_card_it_has_no_use_for_when_nothing_else_is_worth_doing() {
    let cycles = |game: &mut Game<'static>, card| {
        let moves = game.legal_moves(P0).expect("moves");
        let cycle = moves.iter().copied().find(|m| matches!(m, Move::Activate { card: c, .. } if *c == card));
        (cycle.is_some(), cycle.is_some() && game.greedy_move(P0, &moves) == cycle)
    };
    // A six-drop beside two lands: cycled; beside four, kept (it may be cast soon).
    let (mut game, cycler) = first_main_with(CARDS, &["Plains", "Plains"], "Cycler", P0, HAND);
    assert_eq!(cycles(&mut game, cycler), (true, true));
    let (mut game, cycler) = first_main_with(CARDS, &["Plains"; 4], "Cycler", P0, HAND);
    assert_eq!(cycles(&mut game, cycler), (true, false));
    // A land, its land played this turn: cycled beside five lands, kept beside two.
    let (mut game, steppe) = first_main_with(CARDS, &["Plains"; 5], "Steppe", P0, HAND);
    game.lands_played = 1;
    assert_eq!(cycles(&mut game, steppe), (true, true));
    let (mut game, steppe) = first_main_with(CARDS, &["Plains"; 2], "Steppe", P0, HAND);
    game.lands_played = 1;
    assert_eq!(cycles(&mut game, steppe), (true, false));
    // A spell worth casting comes first.
    let (mut game, cycler) = first_main_with(CARDS, &["Plains", "Plains"], "Cycler", P0, HAND);
    let bear = game.table.add_card("Bear", P0, HAND, -1).expect("a card");
    game.table.board.players[0].mana = [0, 0, 0, 0, 1, 0];
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.iter().any(|m| matches!(m, Move::Activate { card, .. } if *card == cycler)), "{moves:?}");
    assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(bear)));
}

#[test]
fn a_mill_spell_targets_the_other_player() {
    // Tome Scour's `deplete:5` reads as harm: p1 mills, never p0 (it once chose at random).
    for seed in 0..8 {
        let (mut game, scour) = first_main_with(CARDS, &["Island"], "Tome Scour", P0, HAND);
        (game.rng, game.players) = (Rng::new(seed), [PlayerKind::Greedy; 2]);
        let moves = game.legal_moves(P0).expect("moves");
        assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(scour)));
        game.play_move(Move::Cast(scour)).expect("cast");
        game.resolve_top().expect("resolves");
        let milled = [P0, P1].map(|player| game.table.board.zone(player, GRAVEYARD).len());
        assert_eq!(milled, [1, 5], "seed {seed}: {:?}", texts(&game));
    }
}

#[test]
fn duress_takes_the_opponents_most_valuable_card_never_its_casters() {
    // p1's hand: a five-mana Fireball, Tome Scour, a Bear (a creature: not Duress's) and a
    // land; p0 holds a Fireball of its own.
    for seed in 0..4 {
        let (mut game, duress) = first_main_with(CARDS, &["Swamp"], "Duress", P0, HAND);
        (game.rng, game.players) = (Rng::new(seed), [PlayerKind::Greedy; 2]);
        let own = game.table.add_card("Fireball", P0, HAND, -1).expect("a card");
        for name in ["Tome Scour", "Fireball", "Bear", "Plains"] {
            game.table.add_card(name, P1, HAND, -1).expect("a card");
        }
        mark_seen(&mut game);
        let moves = game.legal_moves(P0).expect("moves");
        assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(duress)));
        game.play_move(Move::Cast(duress)).expect("cast");
        game.resolve_top().expect("resolves");
        let graveyard = game.table.board.zone(P1, GRAVEYARD);
        let names: Vec<&str> =
            graveyard.iter().filter_map(|card| game.table.board.get(*card)).map(|c| c.printed.name.as_str()).collect();
        assert_eq!(names, ["Fireball"], "seed {seed}: {:?}", texts(&game));
        assert_eq!(game.table.board.get(own).map(|c| c.zone), Some(HAND));
    }
}
