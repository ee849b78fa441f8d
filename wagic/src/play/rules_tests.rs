//! Mana sources, hybrid mana costs, kicker, `autohand` abilities, flashback and a cost with a spec written twice as moves
//! of a game, on a board set up by hand: which moves are offered, what each pays, and
//! what it does.

use super::moves::Move;
use super::test_support::{begin_first_main, new_game, texts};
use super::*;
use crate::table::STACK;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Spark\nkicker={2}\nauto=damage:1 opponent\nauto=kicker damage:2 opponent\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Recruit\nkicker={1}\nauto=kicker counter(1/1,2)\nmana={R}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Flare\nflashback={1}{R}\nauto=damage:1 opponent\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Hero\nmana={R}\ntype=Legendary Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Twin\nabilities=nolegend\nmana={R}\ntype=Legendary Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Frogmite\nabilities=affinityartifacts\nmana={4}\ntype=Artifact Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Trinket\nmana={1}\ntype=Artifact\n[/card]\n\
[card]\nname=Cycler\nautohand=__CYCLING__({1})\nmana={5}{R}\ntype=Creature\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Duo\nmana={1}{RG}\ntype=Creature\npower=2\ntoughness=3\n[/card]\n\
[card]\nname=Spectral\nmana={2W}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Sage\nmana={WU}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Den\nauto={T}:Add{W}\ntype=Artifact Land\n[/card]\n\
[card]\nname=Elf\nauto={T}: Add{G}\nmana={G}\ntype=Creature\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Pair\nmana={W}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// A game in p0's first main phase: `lands` Mountains on p0's battlefield and `hand` in
/// p0's hand, a library of Mountains for each.
fn board(lands: usize, hand: &[&str]) -> (Game<'static>, Vec<CardId>) {
    board_in(lands, hand, HAND)
}

/// The same with the cards of `cards` in p0's `zone`.
fn board_in(lands: usize, hand: &[&str], zone: ZoneIdx) -> (Game<'static>, Vec<CardId>) {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    for _ in 0..lands {
        game.table.add_card("Mountain", P0, BATTLEFIELD, -1).expect("a card");
    }
    for player in [P0, P1] {
        for _ in 0..5 {
            game.table.add_card("Mountain", player, LIBRARY, -1).expect("a card");
        }
    }
    let cards = hand.iter().map(|name| game.table.add_card(name, P0, zone, -1).expect("a card")).collect();
    begin_first_main(&mut game);
    (game, cards)
}

/// How many of p0's Mountains are tapped.
fn tapped_lands(game: &Game<'_>) -> usize {
    let board = &game.table.board;
    board.zone(P0, BATTLEFIELD).into_iter().filter(|card| board.get(*card).is_some_and(|c| c.tapped)).count()
}

#[test]
fn an_artifact_land_and_a_mana_creature_pay_a_spell_as_basic_lands_do() {
    let (mut game, cards) = board(0, &["Pair"]);
    let den = game.table.add_card("Den", P0, BATTLEFIELD, -1).expect("a card");
    let elf = game.table.add_card("Elf", P0, BATTLEFIELD, -1).expect("a card");
    // The Elf entered this turn: it cannot tap, and {W}{G} cannot be paid.
    game.entered.insert(elf);
    assert!(!game.legal_moves(P0).expect("moves").contains(&Move::Cast(cards[0])));
    game.entered.clear();
    assert!(game.legal_moves(P0).expect("moves").contains(&Move::Cast(cards[0])));
    game.play_move(Move::Cast(cards[0])).expect("cast");
    game.resolve_top().expect("resolves");
    let log = texts(&game);
    assert!(log.contains(&"p0 taps Den, Elf for mana".to_string()), "{log:?}");
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(BATTLEFIELD), "{log:?}");
    assert!([den, elf].iter().all(|card| game.table.board.get(*card).is_some_and(|c| c.tapped)));
}

#[test]
fn a_hybrid_cost_is_paid_either_way_it_can_be() {
    // {1}{RG} with Mountains: {1}{R}, two of three tapped.
    let (mut game, cards) = board(3, &["Duo", "Sage"]);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(cards[0])), "{moves:?}");
    assert!(!moves.contains(&Move::Cast(cards[1])), "{{WU}} needs white or blue mana: {moves:?}");
    game.play_move(Move::Cast(cards[0])).expect("cast");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(BATTLEFIELD), "{:?}", texts(&game));
    assert_eq!(tapped_lands(&game), 2, "{:?}", texts(&game));
    // {2W} is {W} or two generic: two Mountains pay it, one does not.
    let (mut game, cards) = board(2, &["Spectral"]);
    assert!(game.legal_moves(P0).expect("moves").contains(&Move::Cast(cards[0])));
    game.play_move(Move::Cast(cards[0])).expect("cast");
    assert_eq!(tapped_lands(&game), 2, "{:?}", texts(&game));
    let (mut game, cards) = board(1, &["Spectral", "Duo"]);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(!moves.contains(&Move::Cast(cards[0])) && !moves.contains(&Move::Cast(cards[1])), "{moves:?}");
}

#[test]
fn kicker_is_a_second_cast_when_both_costs_can_be_paid() {
    let (mut game, cards) = board(3, &["Spark"]);
    let spark = cards[0];
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(spark)) && moves.contains(&Move::CastKicked(spark)), "{moves:?}");
    // Two Mountains pay {R} but not {2}{R}: the cast only.
    let (mut short, cards) = board(2, &["Spark"]);
    let moves = short.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(cards[0])) && !moves.contains(&Move::CastKicked(cards[0])), "{moves:?}");
    // Kicked: all three Mountains tapped, 1 + 2 damage.
    game.play_move(Move::CastKicked(spark)).expect("cast");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 3, "{:?}", texts(&game));
    assert!(texts(&game).contains(&"p0 casts Spark with its kicker".to_string()), "{:?}", texts(&game));
    // Not kicked: the kicker effect does nothing.
    let (mut game, cards) = board(3, &["Spark"]);
    game.play_move(Move::Cast(cards[0])).expect("cast");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 1, "{:?}", texts(&game));
}

#[test]
fn a_kicked_spell_below_an_unkicked_one_resolves_kicked() {
    let (mut game, cards) = board(4, &["Spark", "Spark"]);
    game.play_move(Move::CastKicked(cards[0])).expect("cast");
    game.play_move(Move::Cast(cards[1])).expect("cast");
    assert_eq!(game.stack.len(), 2);
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 1, "the top one is not kicked");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 4, "the one below is");
    // One kicked spell on the stack at a time: the board knows one.
    let (mut game, cards) = board(6, &["Spark", "Spark"]);
    game.play_move(Move::CastKicked(cards[0])).expect("cast");
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(cards[1])) && !moves.contains(&Move::CastKicked(cards[1])), "{moves:?}");
}

#[test]
fn a_permanent_cast_kicked_enters_with_its_kicker_effect_and_later_ones_do_not() {
    let (mut game, cards) = board(4, &["Recruit", "Recruit"]);
    game.play_move(Move::CastKicked(cards[0])).expect("cast");
    game.resolve_top().expect("resolves");
    game.play_move(Move::Cast(cards[1])).expect("cast");
    game.resolve_top().expect("resolves");
    let toughness: Vec<i32> = cards.iter().map(|card| game.table.board.toughness(*card)).collect();
    assert_eq!(toughness, [3, 1], "{:?}", texts(&game));
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(BATTLEFIELD));
}

#[test]
fn cycling_is_a_move_from_hand_that_discards_and_draws() {
    let (mut game, cards) = board(1, &["Cycler"]);
    let cycler = cards[0];
    let moves = game.legal_moves(P0).expect("moves");
    let cycle = moves.iter().copied().find(|chosen| matches!(chosen, Move::Activate { card, .. } if *card == cycler));
    let Some(cycle) = cycle else { panic!("cycling offered: {moves:?}") };
    assert!(!moves.contains(&Move::Cast(cycler)), "six mana: no cast");
    game.play_move(cycle).expect("cycles");
    assert_eq!(game.table.board.get(cycler).map(|c| c.zone), Some(GRAVEYARD));
    assert_eq!(game.table.board.names(P0, HAND), ["Mountain"], "{:?}", texts(&game));
    assert!(game.stack.is_empty() && game.table.board.get(cycler).is_some_and(|c| c.zone != STACK));
    let log = texts(&game);
    assert!(log.contains(&"p0 activates Cycler: __CYCLING__({1})".to_string()), "{log:?}");
    // No mana: no cycling.
    let (mut game, cards) = board(0, &["Cycler"]);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(!moves.iter().any(|chosen| matches!(chosen, Move::Activate { card, .. } if *card == cards[0])));
}

#[test]
fn flashback_casts_from_the_graveyard_for_its_cost_and_exiles_the_card() {
    let (mut game, cards) = board_in(2, &["Flare"], GRAVEYARD);
    let flare = cards[0];
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Flashback(flare)) && !moves.contains(&Move::Cast(flare)), "{moves:?}");
    game.play_move(Move::Flashback(flare)).expect("cast");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 1);
    assert_eq!(game.table.board.get(flare).map(|c| c.zone), Some(EXILE), "{:?}", texts(&game));
    let log = texts(&game);
    assert!(log.contains(&"p0 casts Flare with flashback".to_string()), "{log:?}");
    assert!(log.contains(&"Flare [p0] is exiled".to_string()), "{log:?}");
    assert!(game.table.board.flashed_back.is_empty());
    // {1}{R} is two lands: one is not enough.
    let (mut game, cards) = board_in(1, &["Flare"], GRAVEYARD);
    assert!(!game.legal_moves(P0).expect("moves").contains(&Move::Flashback(cards[0])));
    // Cast from hand it goes to the graveyard, and can be flashed back from there.
    let (mut game, cards) = board(3, &["Flare"]);
    game.play_move(Move::Cast(cards[0])).expect("cast");
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(GRAVEYARD));
    assert!(game.legal_moves(P0).expect("moves").contains(&Move::Flashback(cards[0])));
}

#[test]
fn a_flashed_back_spell_leaving_the_stack_any_way_is_exiled() {
    // Countered: put into its owner's graveyard from the stack, it is exiled instead.
    let (mut game, cards) = board_in(2, &["Flare"], GRAVEYARD);
    game.play_move(Move::Flashback(cards[0])).expect("cast");
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(STACK));
    game.table.board.place(cards[0], P0, GRAVEYARD, -1);
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(EXILE));
    // Once exiled it is no flashback spell: back in a graveyard it stays there.
    game.table.board.place(cards[0], P0, GRAVEYARD, -1);
    assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(GRAVEYARD));
}

/// p0 casts a second `name` beside one on its battlefield (and p1 holds one too); the
/// cards named `name` on p0's battlefield and in its graveyard after, and the log.
fn second_legend(name: &str, kind: PlayerKind, seed: u64) -> (Vec<CardId>, Vec<CardId>, Vec<String>) {
    let (mut game, cards) = board(1, &[name]);
    game.players = [kind; 2];
    game.rng = Rng::new(seed);
    let old = game.table.add_card(name, P0, BATTLEFIELD, -1).expect("a card");
    game.table.add_card(name, P1, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    game.play_move(Move::Cast(cards[0])).expect("cast");
    game.resolve_top().expect("resolves");
    let named = |zone| {
        let board = &game.table.board;
        board
            .zone(P0, zone)
            .into_iter()
            .filter(|card| board.get(*card).is_some_and(|c| c.printed.name == name))
            .collect()
    };
    let (kept, gone): (Vec<CardId>, Vec<CardId>) = (named(BATTLEFIELD), named(GRAVEYARD));
    assert!(kept.contains(&old) || gone.contains(&old));
    assert_eq!(game.table.board.names(P1, BATTLEFIELD), [name], "p1's own stays");
    (kept, gone, texts(&game))
}

#[test]
fn the_legend_rule_keeps_one_of_a_players_legends_of_a_name() {
    // The greedy player keeps the old one: the new one goes to the graveyard.
    let (kept, gone, log) = second_legend("Hero", PlayerKind::Greedy, 0);
    assert_eq!((kept.len(), gone.len()), (1, 1), "{log:?}");
    assert!(log.contains(&"p0 keeps the old Hero (the legend rule)".to_string()), "{log:?}");
    assert!(log.contains(&"Hero [p0] goes to the graveyard".to_string()), "{log:?}");
    // The random player either; p1's own Hero stays whatever p0 keeps.
    let mut choices = Vec::new();
    for seed in 0..8 {
        let (kept, gone, log) = second_legend("Hero", PlayerKind::Random, seed);
        assert_eq!((kept.len(), gone.len()), (1, 1), "{log:?}");
        choices.push(log.iter().any(|text| text == "p0 keeps the new Hero (the legend rule)"));
    }
    assert!(choices.contains(&true) && choices.contains(&false), "{choices:?}");
    // `nolegend`: both stay.
    let (kept, gone, log) = second_legend("Twin", PlayerKind::Greedy, 0);
    assert_eq!((kept.len(), gone.len()), (2, 0), "{log:?}");
}

#[test]
fn affinity_takes_a_generic_mana_off_for_each_artifact() {
    // Two Mountains and two artifacts pay Frogmite's {4}; one artifact does not.
    for (artifacts, castable) in [(2, true), (1, false), (4, true)] {
        let (mut game, cards) = board(2, &["Frogmite"]);
        for _ in 0..artifacts {
            game.table.add_card("Trinket", P0, BATTLEFIELD, -1).expect("a card");
        }
        game.settle().expect("settles");
        let moves = game.legal_moves(P0).expect("moves");
        assert_eq!(moves.contains(&Move::Cast(cards[0])), castable, "{artifacts} artifacts: {moves:?}");
        if castable {
            game.play_move(Move::Cast(cards[0])).expect("cast");
            game.resolve_top().expect("resolves");
            assert_eq!(game.table.board.get(cards[0]).map(|c| c.zone), Some(BATTLEFIELD));
            // Only what the discount left was paid: with four artifacts, no land tapped.
            let tapped =
                game.table.board.zone(P0, BATTLEFIELD).into_iter().filter(|card| {
                    game.table.board.get(*card).is_some_and(|c| c.tapped && c.printed.name == "Mountain")
                });
            assert_eq!(tapped.count(), 4 - artifacts.min(4), "{:?}", texts(&game));
        }
    }
}

#[test]
fn a_greedy_player_casts_no_second_copy_of_a_legend_it_controls() {
    // Hero in hand and none in play: cast.
    let (mut game, cards) = board(1, &["Hero"]);
    let moves = game.legal_moves(P0).expect("moves");
    assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(cards[0])));
    // With a Hero in play the cast is offered, but the legend rule would bury one.
    game.table.add_card("Hero", P0, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.contains(&Move::Cast(cards[0])), "{moves:?}");
    assert_eq!(game.greedy_move(P0, &moves), None);
    // The opponent's Hero is no reason not to; nor is a Twin (`nolegend`) in play.
    let (mut game, cards) = board(1, &["Hero"]);
    game.table.add_card("Hero", P1, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(cards[0])));
    let (mut game, cards) = board(1, &["Twin"]);
    game.table.add_card("Twin", P0, BATTLEFIELD, -1).expect("a card");
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    assert_eq!(game.greedy_move(P0, &moves), Some(Move::Cast(cards[0])));
}

/// Keldon Arsonist ("{1}, Sacrifice two lands: Destroy target land"), its cost's spec
/// written twice as Wagic writes it.
const ARSONIST_CARDS: &str = "[card]\nname=Keldon Arsonist\n\
auto={1}{S(land|myBattlefield)}{S(land|myBattlefield)}:destroy target(land)\nmana={2}{R}\ntype=Creature\n\
power=1\ntoughness=1\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n";

/// Keldon Arsonist beside `lands` Mountains of p0, p1 with one Mountain.
fn arsonist_board(lands: usize, seed: u64) -> (Game<'static>, CardId) {
    let mut game = new_game(ARSONIST_CARDS, Options { players: [PlayerKind::Random; 2], seed, ..Options::default() });
    let arsonist = game.table.add_card("Keldon Arsonist", P0, BATTLEFIELD, -1).expect("a card");
    for _ in 0..lands {
        game.table.add_card("Mountain", P0, BATTLEFIELD, -1).expect("a card");
    }
    game.table.add_card("Mountain", P1, BATTLEFIELD, -1).expect("a card");
    begin_first_main(&mut game);
    (game, arsonist)
}

/// Its ability sacrifices two different lands (one tapped for the {1} may be one of them)
/// and destroys a third: of p0's four Mountains and p1's one, two are left. With two
/// Mountains it is still offered (one taps for {1}, both are sacrificed, the target is
/// p1's); with one it is not. Planted as two costs each picking its land, a seed
/// sacrifices one Mountain twice and this fails.
#[test]
fn a_cost_with_a_spec_written_twice_takes_two_different_cards() {
    for seed in 0..8 {
        let (mut game, arsonist) = arsonist_board(4, seed);
        game.play_move(Move::Activate { card: arsonist, index: 0, tap_lands: true, x: None }).expect("activates");
        while !game.stack.is_empty() {
            game.resolve_top().expect("resolves");
        }
        let log = texts(&game);
        let lands = [P0, P1].map(|player| game.table.board.names(player, BATTLEFIELD).len());
        assert_eq!(lands[0] + lands[1], 2 + 1, "seed {seed}: two lands and the Arsonist left: {log:?}");
        assert_eq!(game.table.board.names(P0, GRAVEYARD).len() + game.table.board.names(P1, GRAVEYARD).len(), 3);
    }
    let (mut game, arsonist) = arsonist_board(2, 0);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(moves.iter().any(|chosen| matches!(chosen, Move::Activate { card, .. } if *card == arsonist)), "{moves:?}");
    let (mut game, arsonist) = arsonist_board(1, 0);
    let moves = game.legal_moves(P0).expect("moves");
    assert!(
        !moves.iter().any(|chosen| matches!(chosen, Move::Activate { card, .. } if *card == arsonist)),
        "{moves:?}"
    );
}
