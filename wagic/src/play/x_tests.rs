//! An activated ability with `{X}` in its cost in a game (`x_moves.rs`): one move per X
//! its player can pay, labelled with it; the lands its whole cost needs are tapped, its
//! `{X}` pays exactly the X chosen, and its effect reads that X.

use super::moves::Move;
use super::test_support::{first_main_with, texts};
use super::x_moves::line_x;
use super::*;

/// The cards, each from its printed text.
const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Oracle of Nectars\nauto={X}{T}:life:X\nmana={2}{GW}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Atalya\nauto={X:white}{T}:life:X controller\ntext={X}, {T}: You gain X life. Spend only white mana on X.\nmana={3}{W}{W}\ntype=Legendary Creature\npower=2\ntoughness=3\n[/card]\n\
[card]\nname=Arashi\nauto={X}{G}{T}:damage:X target(creature[flying])\ntext={X}{G}, {T}: Arashi deals X damage to target creature with flying.\nmana={3}{G}{G}\ntype=Legendary Creature\npower=5\ntoughness=5\n[/card]\n\
[card]\nname=Minamo Sightbender\nauto={X}{T}:target(creature[power <=X]) unblockable\ntext={X}, {T}: Target creature with power X or less is unblockable this turn.\nmana={1}{U}\ntype=Creature\npower=1\ntoughness=2\n[/card]\n\
[card]\nname=Serra Angel\nabilities=flying,vigilance\nmana={3}{W}{W}\ntype=Creature\npower=4\ntoughness=4\n[/card]\n";

/// The X of each move activating `card`, in the order offered.
fn xs(game: &mut Game<'_>, card: CardId) -> Vec<Option<u16>> {
    let moves = game.legal_moves(P0).expect("moves");
    moves
        .into_iter()
        .filter_map(|chosen| match chosen {
            Move::Activate { card: of, x, .. } if of == card => Some(x),
            _ => None,
        })
        .collect()
}

/// How many of p0's lands are tapped.
fn tapped_lands(game: &Game<'_>) -> usize {
    let board = &game.table.board;
    board.zone(P0, BATTLEFIELD).into_iter().filter(|card| board.get(*card).is_some_and(|c| c.tapped)).count() - 1
}

#[test]
fn an_x_ability_is_one_move_per_x_payable_and_pays_the_x_chosen() {
    let (mut game, oracle) =
        first_main_with(CARDS, &["Forest", "Forest", "Mountain"], "Oracle of Nectars", P0, BATTLEFIELD);
    // Three lands: X from 0 to 3.
    assert_eq!(xs(&mut game, oracle), [Some(0), Some(1), Some(2), Some(3)]);
    let two = Move::Activate { card: oracle, index: 0, tap_lands: true, x: Some(2) };
    assert_eq!(game.move_label(two), "activate Oracle of Nectars: {X}{T}:life:X with X = 2");
    game.play_move(two).expect("activates");
    // Two lands tapped for X = 2 (the third kept), 2 life gained.
    assert_eq!(tapped_lands(&game), 2);
    assert_eq!(game.table.board.player(P0).life, STARTING_LIFE + 2);
    assert_eq!(game.table.board.player(P0).mana, [0; 6]);
    let log = texts(&game);
    assert!(log.contains(&"p0 activates Oracle of Nectars: {X}{T}:life:X with X = 2".to_string()), "{log:?}");
    // The X chosen is this activation's only.
    assert_eq!(game.table.board.x_chosen, None);
}

#[test]
fn an_x_paid_with_floating_mana_takes_no_more_than_chosen() {
    let (mut game, oracle) = first_main_with(CARDS, &[], "Oracle of Nectars", P0, BATTLEFIELD);
    game.table.board.players[0].mana = [0, 0, 0, 2, 1, 0];
    assert_eq!(xs(&mut game, oracle), [Some(0), Some(1), Some(2), Some(3)]);
    game.play_move(Move::Activate { card: oracle, index: 0, tap_lands: true, x: Some(1) }).expect("activates");
    // One mana paid (green last in Wagic's order of generic mana: red first), two left.
    assert_eq!(game.table.board.player(P0).life, STARTING_LIFE + 1);
    assert_eq!(game.table.board.player(P0).mana.iter().sum::<i32>(), 2);
}

#[test]
fn an_x_of_white_counts_only_what_pays_white() {
    // "Spend only white mana on X": a Plains and two Mountains make X at most 1.
    let (mut game, atalya) = first_main_with(CARDS, &["Mountain", "Plains", "Mountain"], "Atalya", P0, BATTLEFIELD);
    assert_eq!(xs(&mut game, atalya), [Some(0), Some(1)]);
    game.play_move(Move::Activate { card: atalya, index: 0, tap_lands: true, x: Some(1) }).expect("activates");
    assert_eq!(game.table.board.player(P0).life, STARTING_LIFE + 1);
    let board = &game.table.board;
    let tapped: Vec<String> = board
        .zone(P0, BATTLEFIELD)
        .into_iter()
        .filter(|card| *card != atalya && board.get(*card).is_some_and(|c| c.tapped))
        .map(|card| game.name(card))
        .collect();
    assert_eq!(tapped, ["Plains"]);
    // Mountains only: X = 0 alone.
    let (mut game, atalya) = first_main_with(CARDS, &["Mountain", "Mountain"], "Atalya", P0, BATTLEFIELD);
    assert_eq!(xs(&mut game, atalya), [Some(0)]);
}

#[test]
fn a_targeted_x_ability_waits_with_its_x_and_deals_it() {
    let (mut game, arashi) =
        first_main_with(CARDS, &["Forest", "Forest", "Forest", "Forest"], "Arashi", P0, BATTLEFIELD);
    let angel = game.table.add_card("Serra Angel", P1, BATTLEFIELD, -1).expect("a card");
    test_support::mark_seen(&mut game);
    game.settle().expect("settles");
    // {G} and X: X up to 3 of four Forests.
    assert_eq!(xs(&mut game, arashi), [Some(0), Some(1), Some(2), Some(3)]);
    game.play_move(Move::Activate { card: arashi, index: 0, tap_lands: true, x: Some(3) }).expect("activates");
    assert_eq!(game.stack.len(), 1, "{:?}", texts(&game));
    // Another X paid meanwhile does not change the one on the stack.
    game.table.board.x_paid = 0;
    game.resolve_top().expect("resolves");
    assert_eq!(game.table.board.get(angel).map(|c| c.damage), Some(3), "{:?}", texts(&game));
    let log = texts(&game);
    assert!(
        log.iter().any(|line| line.starts_with(
            "p0 activates Arashi: {X}{G}{T}:damage:X target(creature[flying]) with X = 3 targeting Serra Angel (p1)"
        )),
        "{log:?}"
    );
}

#[test]
fn the_greedy_player_takes_the_largest_x() {
    let (mut game, arashi) = first_main_with(CARDS, &["Forest", "Forest", "Forest"], "Arashi", P0, BATTLEFIELD);
    game.table.add_card("Serra Angel", P1, BATTLEFIELD, -1).expect("a card");
    test_support::mark_seen(&mut game);
    game.settle().expect("settles");
    let moves = game.legal_moves(P0).expect("moves");
    let largest = Move::Activate { card: arashi, index: 0, tap_lands: true, x: Some(2) };
    assert!(moves.contains(&largest), "{moves:?}");
    assert_eq!(game.greedy_move(P0, &moves), Some(largest));
}

#[test]
fn an_activated_lines_x_and_its_colour_are_read() {
    assert_eq!(line_x("{X}{G}{T}:damage:X"), Some(None));
    assert_eq!(line_x("{X:white}{T}:life:X controller"), Some(Some(0)));
    assert_eq!(line_x("{X:red}:damage:X target(creature)"), Some(Some(3)));
    assert_eq!(line_x("{2}{G}{T}:damage:2"), None);
    assert_eq!(line_x("{X:purple}:life:X"), None);
}

/// Greedy keeps, of each ability's X moves, the largest X only, and no X = 0: so it also
/// responds with the largest X. Planted to keep them all, it answers with X = 0.
#[test]
fn greedy_weighs_each_ability_at_its_largest_x() {
    let (a, b, c) = (CardId(1), CardId(2), CardId(3));
    let at = |card: CardId, index: usize, x: Option<u16>| Move::Activate { card, index, tap_lands: true, x };
    let moves =
        [at(a, 0, Some(0)), at(a, 0, Some(1)), at(a, 0, Some(2)), at(a, 1, Some(0)), at(b, 0, None), Move::Cast(c)];
    assert_eq!(greedy::largest_x_only(&moves), [at(a, 0, Some(2)), at(b, 0, None), Move::Cast(c)]);
}

#[test]
fn the_random_player_takes_an_x_ability_as_one_choice_then_its_x() {
    let (mut game, card) = first_main_with(CARDS, &["Forest"], "Oracle of Nectars", P0, BATTLEFIELD);
    let other = CardId(card.0 + 1);
    let mut moves: Vec<Move> =
        (0..=40).map(|x| Move::Activate { card, index: 0, tap_lands: true, x: Some(x) }).collect();
    moves.push(Move::Activate { card: other, index: 0, tap_lands: false, x: None });
    let (mut passes, mut others, mut xs) = (0, 0, std::collections::BTreeSet::new());
    for _ in 0..3000 {
        match game.random_move(&moves) {
            None => passes += 1,
            Some(Move::Activate { x: Some(x), .. }) => {
                xs.insert(x);
            }
            Some(_) => others += 1,
        }
    }
    // Three choices alike (the X ability, the other, the pass), not 43.
    assert!((850..1150).contains(&passes), "{passes} passes of 3000");
    assert!((850..1150).contains(&others), "{others} other moves of 3000");
    assert_eq!(xs.len(), 41, "every X from 0 to 40 taken: {xs:?}");
}

/// Minamo Sightbender: "Target creature with power X or less": with X = 1 the Angel
/// (power 4) is no candidate, the Sightbender itself (power 1) is the one; with X = 4 the
/// Angel may be chosen.
#[test]
fn a_targets_bound_of_the_x_paid_reads_this_activations_x() {
    let target_of = |x: u16| {
        let forests = ["Forest"; 5];
        let (mut game, minamo) = first_main_with(CARDS, &forests, "Minamo Sightbender", P0, BATTLEFIELD);
        game.table.add_card("Serra Angel", P1, BATTLEFIELD, -1).expect("a card");
        test_support::mark_seen(&mut game);
        game.settle().expect("settles");
        game.play_move(Move::Activate { card: minamo, index: 0, tap_lands: true, x: Some(x) }).expect("activates");
        texts(&game).into_iter().find(|line| line.starts_with("p0 activates Minamo")).unwrap_or_default()
    };
    assert!(target_of(1).ends_with("with X = 1 targeting Minamo Sightbender (p0)"), "{}", target_of(1));
    assert!(target_of(4).ends_with("with X = 4 targeting Serra Angel (p1)"), "{}", target_of(4));
}
