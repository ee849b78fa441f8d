//! Madness in a game (`madness.rs`): a card with madness discarded, by an effect or to the
//! hand size limit, is exiled and its owner casts it for its madness cost or puts it into
//! the graveyard; a card without madness discarded goes to the graveyard as before.

use super::seat::{Question, SeatView};
use super::test_support::{first_main_with, mark_seen, texts};
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Rummage\nauto=discard:1 controller\nmana={0}\ntype=Sorcery\n[/card]\n\
[card]\nname=Fiery Temper\nabilities=madness\nautoexile=restriction{discarded} pay({R}) name(pay R to cast) \
activate name(pay R to cast) castcard(normal)?name(put in graveyard) moveto(ownergraveyard)\n\
target=creature,player\nauto=damage:3\nmana={1}{R}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Lunatic Study\nabilities=madness\nautoexile=restriction{discarded} pay({0}) name(pay 0 to cast) \
activate name(pay 0 to cast) castcard(normal)?name(put in graveyard) moveto(ownergraveyard)\n\
auto=draw:1 controller\nmana={2}{U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Lunatic Strength\nabilities=madness\nautoexile=restriction{discarded} pay({0}) name(pay 0 to cast) \
activate name(pay 0 to cast) castcard(normal)?name(put in graveyard) moveto(ownergraveyard)\n\
target=creature\nauto=2/1\nmana={1}{B}\ntype=Enchantment\nsubtype=Aura\n[/card]\n\
[card]\nname=Rule of Law\nauto=maxCast(*)1\nauto=maxCast(*)1 opponent\nmana={2}{W}\ntype=Enchantment\n[/card]\n";

/// A seat that discards Fiery Temper, answers madness with `cast` (or declines it) and
/// targets p1.
fn seat(cast: bool) -> impl FnMut(&SeatView, &Question) -> Option<usize> {
    move |_, question| {
        let wanted = |option: &String| {
            option == "discard Fiery Temper"
                || option == "target p1"
                || if cast {
                    option.starts_with("cast Fiery Temper for its madness cost")
                } else {
                    option.starts_with("put ")
                }
        };
        question.options.iter().position(wanted)
    }
}

/// p0's first main phase with a Mountain, Fiery Temper and Rummage in hand, p1 with a
/// 2/2; p0 casts Rummage, which discards Fiery Temper (p0's only other card).
fn rummaged(players: PlayerKind, cast: Option<bool>) -> (Game<'static>, CardId) {
    let (mut game, temper) = first_main_with(CARDS, &["Mountain"], "Fiery Temper", P0, HAND);
    game.players = [players; 2];
    if let Some(cast) = cast {
        game.seats[0] = Some(Box::leak(Box::new(seat(cast))));
    }
    let rummage = game.table.add_card("Rummage", P0, HAND, -1).expect("a card");
    mark_seen(&mut game);
    game.play_move(moves::Move::Cast(rummage)).expect("cast");
    game.priority_window().expect("plays on");
    (game, temper)
}

#[test]
fn fiery_temper_discarded_by_an_effect_is_cast_for_its_madness_cost_and_deals_3() {
    let (game, temper) = rummaged(PlayerKind::Greedy, Some(true));
    let board = &game.table.board;
    let lines = texts(&game);
    assert_eq!(board.players[1].life, STARTING_LIFE - 3, "{lines:?}");
    assert_eq!(board.get(temper).map(|c| c.zone), Some(GRAVEYARD), "resolved");
    assert!(lines.contains(&"Fiery Temper [p0] is exiled".to_string()), "{lines:?}");
    assert!(lines.iter().any(|line| line.contains("casts Fiery Temper for its madness cost")), "{lines:?}");
    // {R}, not its mana cost {1}{R}{R}: the one Mountain paid it.
    assert!(lines.contains(&"p0 taps Mountain for mana".to_string()), "{lines:?}");
}

#[test]
fn the_greedy_player_casts_a_card_discarded_with_madness() {
    let (game, temper) = rummaged(PlayerKind::Greedy, None);
    let lines = texts(&game);
    assert!(lines.iter().any(|line| line.contains("casts Fiery Temper for its madness cost")), "{lines:?}");
    assert_eq!(game.table.board.get(temper).map(|c| c.zone), Some(GRAVEYARD), "{lines:?}");
}

#[test]
fn madness_declined_puts_the_card_into_the_graveyard() {
    let (game, temper) = rummaged(PlayerKind::Greedy, Some(false));
    let board = &game.table.board;
    let lines = texts(&game);
    assert_eq!(board.players[1].life, STARTING_LIFE, "{lines:?}");
    assert_eq!(board.get(temper).map(|c| c.zone), Some(GRAVEYARD));
    assert!(lines.contains(&"p0 puts Fiery Temper into their graveyard (declining madness)".to_string()), "{lines:?}");
    assert!(board.maddened.is_empty());
}

#[test]
fn without_the_mana_a_card_discarded_with_madness_goes_to_the_graveyard() {
    let (mut game, temper) = first_main_with(CARDS, &[], "Fiery Temper", P0, HAND);
    game.players = [PlayerKind::Greedy; 2];
    WagicHost::discard(&mut game.table.board, P0, 1);
    game.settle().expect("settles");
    assert_eq!(game.table.board.get(temper).map(|c| c.zone), Some(EXILE), "exiled, waiting");
    game.madness_choices().expect("asked");
    assert_eq!(game.table.board.get(temper).map(|c| c.zone), Some(GRAVEYARD));
    let lines = texts(&game);
    assert!(
        lines.contains(
            &"p0 puts Fiery Temper into their graveyard (unable to cast it for its madness cost)".to_string()
        ),
        "{lines:?}"
    );
}

#[test]
fn fiery_temper_discarded_to_the_hand_size_limit_is_cast_for_its_madness_cost() {
    let (mut game, temper) = first_main_with(CARDS, &["Mountain"], "Fiery Temper", P0, HAND);
    game.players = [PlayerKind::Greedy; 2];
    game.seats[0] = Some(Box::leak(Box::new(seat(true))));
    for _ in 0..MAX_HAND {
        game.table.add_card("Mountain", P0, HAND, -1).expect("a card");
    }
    mark_seen(&mut game);
    game.phase = Phase::Cleanup;
    game.cleanup().expect("cleans up");
    let board = &game.table.board;
    let lines = texts(&game);
    assert_eq!(board.players[1].life, STARTING_LIFE - 3, "{lines:?}");
    assert_eq!(board.get(temper).map(|c| c.zone), Some(GRAVEYARD));
    assert_eq!(board.zone(P0, HAND).len(), MAX_HAND);
    assert!(lines.iter().any(|line| line.contains("casts Fiery Temper for its madness cost")), "{lines:?}");
}

#[test]
fn a_card_without_madness_discarded_goes_to_the_graveyard() {
    let (mut game, bear) = first_main_with(CARDS, &["Mountain"], "Bear", P0, HAND);
    game.players = [PlayerKind::Greedy; 2];
    let rummage = game.table.add_card("Rummage", P0, HAND, -1).expect("a card");
    mark_seen(&mut game);
    game.play_move(moves::Move::Cast(rummage)).expect("cast");
    game.priority_window().expect("plays on");
    assert_eq!(game.table.board.get(bear).map(|c| c.zone), Some(GRAVEYARD));
    assert!(texts(&game).contains(&"p0 discards Bear".to_string()), "{:?}", texts(&game));
}

#[test]
fn a_sorcery_discarded_with_madness_in_the_cleanup_step_is_cast_there() {
    let (mut game, study) = first_main_with(CARDS, &[], "Lunatic Study", P0, HAND);
    game.players = [PlayerKind::Greedy; 2];
    for _ in 0..MAX_HAND {
        game.table.add_card("Bear", P0, HAND, -1).expect("a card");
    }
    mark_seen(&mut game);
    game.phase = Phase::Cleanup;
    game.table.board.main_phase = false;
    let seat = |_: &SeatView, question: &Question| {
        question.options.iter().position(|option| {
            option == "discard Lunatic Study" || option.starts_with("cast Lunatic Study for its madness cost")
        })
    };
    game.seats[0] = Some(Box::leak(Box::new(seat)));
    game.cleanup().expect("cleans up");
    let lines = texts(&game);
    assert!(lines.iter().any(|line| line.contains("casts Lunatic Study for its madness cost")), "{lines:?}");
    assert_eq!(game.table.board.get(study).map(|c| c.zone), Some(GRAVEYARD));
    // It drew a card: a Mountain of the library, beside the seven Bears.
    assert_eq!(game.table.board.zone(P0, HAND).len(), MAX_HAND + 1, "{lines:?}");
}

#[test]
fn an_aura_discarded_with_madness_is_cast_and_enchants_a_creature() {
    let (mut game, strength) = first_main_with(CARDS, &[], "Lunatic Strength", P0, HAND);
    game.players = [PlayerKind::Greedy; 2];
    let bear = game.table.add_card("Bear", P0, BATTLEFIELD, -1).expect("a card");
    mark_seen(&mut game);
    WagicHost::discard(&mut game.table.board, P0, 1);
    game.settle().expect("settles");
    game.priority_window().expect("plays on");
    let board = &game.table.board;
    let lines = texts(&game);
    assert!(lines.iter().any(|line| line.contains("casts Lunatic Strength for its madness cost")), "{lines:?}");
    assert_eq!(board.get(strength).map(|c| (c.zone, c.attached)), Some((BATTLEFIELD, Some(bear))), "{lines:?}");
    assert_eq!(board.power(bear), 4, "{lines:?}");
}

/// Under Rule of Law, Rummage is p0's one spell of the turn: Fiery Temper discarded by it
/// cannot be cast for its madness cost and goes to the graveyard.
#[test]
fn a_limit_on_spells_cast_counts_a_madness_cast() {
    let (mut game, temper) = first_main_with(CARDS, &["Mountain"], "Fiery Temper", P0, HAND);
    game.players = [PlayerKind::Greedy; 2];
    game.table.add_card("Rule of Law", P1, BATTLEFIELD, -1).expect("a card");
    let rummage = game.table.add_card("Rummage", P0, HAND, -1).expect("a card");
    mark_seen(&mut game);
    game.settle().expect("settles");
    game.play_move(moves::Move::Cast(rummage)).expect("cast");
    game.priority_window().expect("plays on");
    let lines = texts(&game);
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE, "{lines:?}");
    assert_eq!(game.table.board.get(temper).map(|c| c.zone), Some(GRAVEYARD), "{lines:?}");
    assert!(lines.iter().any(|line| line.contains("unable to cast it for its madness cost")), "{lines:?}");
}
