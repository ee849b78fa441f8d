//! The game's stack on a board set up by hand: a response resolves first, and a spell
//! whose target died meanwhile fizzles without its effect.

use std::sync::Arc;

use super::moves::Move;
use super::test_support::{begin_first_main, mark_seen, new_game, texts};
use super::*;
use crate::table::STACK;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Shock\ntarget=creature,player\nauto=damage:2\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Raging Goblin\nabilities=haste\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Counterspell\ntarget=*|stack\nauto=fizzle\nmana={U}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Spark Rod\nauto={T}:damage:1 target(creature,player)\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Blaze\ntarget=creature,player\nauto=damage:X\nmana={X}{R}\ntype=Sorcery\n[/card]\n\
[card]\nname=Fireball Flash\ntarget=creature,player\nauto=damage:X\nmana={X}{R}\ntype=Instant\n[/card]\n";

/// A game in p0's first main phase: two Mountains and two Shocks for p0 (greedy: its
/// Shocks go at the Goblin they kill), a Raging Goblin for p1.
fn board() -> (Game<'static>, CardId, [CardId; 2]) {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Greedy; 2], ..Options::default() });
    let mut add = |name: &str, player, zone| game.table.add_card(name, player, zone, -1).expect("a card");
    add("Mountain", P0, BATTLEFIELD);
    add("Mountain", P0, BATTLEFIELD);
    let shocks = [add("Shock", P0, HAND), add("Shock", P0, HAND)];
    let goblin = add("Raging Goblin", P1, BATTLEFIELD);
    begin_first_main(&mut game);
    (game, goblin, shocks)
}

#[test]
fn a_shock_whose_goblin_died_first_fizzles_and_deals_no_damage() {
    let (mut game, goblin, [first, second]) = board();
    game.play_move(Move::Cast(first)).expect("cast");
    game.play_move(Move::Cast(second)).expect("cast");
    assert_eq!(game.stack.len(), 2, "{:?}", texts(&game));
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.get(goblin).map(|c| c.zone), Some(GRAVEYARD));
    game.resolve_top().expect("resolves");
    assert!(game.stack.is_empty());
    let log = texts(&game);
    let tail: Vec<&str> = log.iter().rev().take(3).rev().map(String::as_str).collect();
    assert_eq!(tail, ["Shock resolves", "Raging Goblin [p1] goes to the graveyard", "Shock fizzles"], "{log:?}");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE, "no damage dealt elsewhere");
    assert_eq!(game.table.board.names(P0, GRAVEYARD), ["Shock", "Shock"], "the fizzled Shock is in the graveyard");
}

#[test]
fn the_last_spell_cast_resolves_first() {
    let (mut game, _, [first, second]) = board();
    game.play_move(Move::Cast(first)).expect("cast");
    game.play_move(Move::Cast(second)).expect("cast");
    let order: Vec<CardId> = game.stack.iter().rev().map(|item| item.card).collect();
    assert_eq!(order, [second, first], "the top is the last cast");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.get(second).map(|c| c.zone), Some(GRAVEYARD));
    assert_eq!(game.table.board.get(first).map(|c| c.zone), Some(STACK));
}

/// p0 casts a Raging Goblin; p1, with two Islands and a Counterspell, answers it.
fn countered(players: [PlayerKind; 2], seed: u64) -> (Game<'static>, CardId) {
    let library = Arc::new(Library::compile(&[("t.txt", CARDS.to_string())]).expect("compiles"));
    let mut game = Game::new(&library, Options { players, seed, ..Options::default() });
    game.table.hold_questions = true;
    let mut add = |name: &str, player, zone| game.table.add_card(name, player, zone, -1).expect("a card");
    add("Mountain", P0, BATTLEFIELD);
    let goblin = add("Raging Goblin", P0, HAND);
    add("Island", P1, BATTLEFIELD);
    add("Island", P1, BATTLEFIELD);
    add("Counterspell", P1, HAND);
    begin_first_main(&mut game);
    (game, goblin)
}

/// A greedy player counters the other's spell: the Counterspell resolves first and the
/// Goblin never enters. Planted without the counter rule, p1 passes and this fails.
#[test]
fn a_greedy_player_counters_the_other_players_spell() {
    let (mut game, goblin) = countered([PlayerKind::Greedy; 2], 0);
    game.play_move(Move::Cast(goblin)).expect("cast");
    game.priority_window().expect("the window ends");
    let log = texts(&game);
    let tail: Vec<&str> = log.iter().rev().take(4).rev().map(String::as_str).collect();
    let expected = [
        "p1 taps Island, Island for mana",
        "p1 responds with Counterspell targeting Raging Goblin (p0)",
        "Counterspell resolves",
        "Raging Goblin is countered",
    ];
    assert_eq!(tail, expected, "{log:?}");
    assert_eq!(game.table.board.get(goblin).map(|c| c.zone), Some(GRAVEYARD));
}

/// A spell on the stack is no target of its own (rule 115.5): a random Counterspell with
/// the Goblin on the stack always names the Goblin. Planted with itself among the
/// candidates, some seed's Counterspell names itself and this fails.
#[test]
fn a_spell_does_not_target_itself() {
    for seed in 0..12 {
        let (mut game, goblin) = countered([PlayerKind::Random; 2], seed);
        game.play_move(Move::Cast(goblin)).expect("cast");
        let counterspell = game.table.board.zone(P1, HAND)[0];
        game.play_move(Move::Cast(counterspell)).expect("cast");
        let log = texts(&game);
        let line = "p1 responds with Counterspell targeting Raging Goblin (p0)".to_string();
        assert!(log.contains(&line), "seed {seed}: {log:?}");
    }
}

/// An ability with a target waits on the stack with its cost paid (the Rod is tapped) and
/// fizzles when its target died first; it deals no damage. Planted to run as it is
/// activated, the Rod's damage is dealt before the Shock and this fails.
#[test]
fn an_ability_waits_on_the_stack_and_fizzles_when_its_target_died() {
    let (mut game, goblin, [shock, _]) = board();
    let rod = game.table.add_card("Spark Rod", P0, BATTLEFIELD, -1).expect("a card");
    mark_seen(&mut game);
    game.play_move(Move::Activate { card: rod, index: 0, tap_lands: false, x: None }).expect("activates");
    assert!(game.table.board.get(rod).is_some_and(|c| c.tapped), "its cost is paid");
    assert_eq!(game.stack.len(), 1, "{:?}", texts(&game));
    game.play_move(Move::Cast(shock)).expect("cast");
    game.resolve_top().expect("resolves");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.get(goblin).map(|c| c.zone), Some(GRAVEYARD));
    let log = texts(&game);
    let tail: Vec<&str> = log.iter().rev().take(3).rev().map(String::as_str).collect();
    assert_eq!(
        tail,
        ["Shock resolves", "Raging Goblin [p1] goes to the graveyard", "Spark Rod's ability fizzles"],
        "{log:?}"
    );
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE);
}

/// Each `{X}` spell deals the X paid for it: a Fireball Flash with X = 1 cast above a
/// Blaze with X = 2 does not make the Blaze deal 1. Found writing this test: the board
/// kept one X, the last paid.
#[test]
fn each_x_spell_on_the_stack_keeps_its_own_x() {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Greedy; 2], ..Options::default() });
    let mut add = |name: &str, player, zone| game.table.add_card(name, player, zone, -1).expect("a card");
    for _ in 0..3 {
        add("Mountain", P0, BATTLEFIELD);
    }
    add("Mountain", P1, BATTLEFIELD);
    add("Mountain", P1, BATTLEFIELD);
    let blaze = add("Blaze", P0, HAND);
    let flash = add("Fireball Flash", P1, HAND);
    begin_first_main(&mut game);
    game.play_move(Move::Cast(blaze)).expect("cast");
    game.play_move(Move::Cast(flash)).expect("cast");
    game.resolve_top().expect("resolves");
    game.resolve_top().expect("resolves");
    let log = texts(&game);
    assert!(log.contains(&"p0 casts Blaze with X = 2 targeting p1".to_string()), "{log:?}");
    assert!(log.contains(&"p1 responds with Fireball Flash with X = 1 targeting p0".to_string()), "{log:?}");
    let lives = [game.table.board.players[0].life, game.table.board.players[1].life];
    assert_eq!(lives, [STARTING_LIFE - 1, STARTING_LIFE - 2], "{log:?}");
}

#[test]
fn an_illusion_targeted_as_a_spell_is_cast_is_sacrificed_before_it_resolves() {
    // Phantasmal Bear: "When Phantasmal Bear becomes the target of a spell or ability,
    // sacrifice it." Zap at it: the Bear is gone while Zap waits, and Zap fizzles.
    let cards = format!(
        "{CARDS}[card]\nname=Phantasmal Bear\nauto=@targeted(this):sacrifice\nmana={{U}}\ntype=Creature\n\
         power=2\ntoughness=2\n[/card]\n\
         [card]\nname=Zap\ntarget=creature\nauto=damage:2\nmana={{R}}\ntype=Instant\n[/card]\n"
    );
    let mut game = new_game(&cards, Options { players: [PlayerKind::Greedy; 2], ..Options::default() });
    game.table.add_card("Mountain", P0, BATTLEFIELD, -1).expect("a card");
    let zap = game.table.add_card("Zap", P0, HAND, -1).expect("a card");
    let bear = game.table.add_card("Phantasmal Bear", P1, BATTLEFIELD, -1).expect("a card");
    begin_first_main(&mut game);
    game.play_move(Move::Cast(zap)).expect("cast");
    assert_eq!(game.table.board.get(zap).map(|c| c.zone), Some(STACK));
    assert_eq!(game.table.board.get(bear).map(|c| c.zone), Some(GRAVEYARD), "{:?}", texts(&game));
    game.resolve_top().expect("resolves");
    assert_eq!(texts(&game).last().map(String::as_str), Some("Zap fizzles"), "{:?}", texts(&game));
}
