//! `restriction=` (when a card may be cast) as moves of a game, on boards set up by hand,
//! with cards written from their printed text: the cast offered only on the turns, in the
//! steps and with the board the restriction allows.

use super::moves::Move;
use super::test_support::{begin_first_main, mark_seen, new_game};
use super::*;

/// Serra Avenger ("You can't cast Serra Avenger during your first, second, or third turns
/// of the game"), Seedtime ("Cast Seedtime only during your turn", its effect left out),
/// Berserk ("Cast Berserk only before the combat damage step", its pump only), Champion's
/// Victory (Wagic's `opponentblockersonly`), Blizzard ("Cast Blizzard only if you control a
/// snow land", its upkeep left out), and Falter-like counts.
const CARDS: &str = "[card]\nname=Plains\ntype=Basic Land\nsubtype=Plains\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Snow-Covered Forest\ntype=Basic Snow Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Serra Avenger\nabilities=flying,vigilance\nrestriction=turn:7\nmana={W}{W}\ntype=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Seedtime\nrestriction=during my turn\nauto=life:1 controller\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Berserk\ntarget=creature\nrestriction=before battle damage\nauto=trample\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Champion's Victory\nrestriction=opponentblockersonly\nauto=life:1 controller\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Blizzard\nrestriction=control snow land\nmana={G}{G}\ntype=Enchantment\n[/card]\n\
[card]\nname=Crowd\nrestriction=type(creature|opponentbattlefield)~morethan~1\nauto=life:1 controller\nmana={G}\ntype=Instant\n[/card]\n\
[card]\nname=Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// A game in p0's first main phase of turn 1, each player with `lands` and `hand`, p1 with
/// `p1_creatures` too; each player's cards in hand.
fn set_up(lands: &[&str], hand: &[&str], p1_creatures: usize) -> (Game<'static>, [Vec<CardId>; 2]) {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Random; 2], ..Options::default() });
    let mut cards = [Vec::new(), Vec::new()];
    for (seat, player) in [P0, P1].into_iter().enumerate() {
        for land in lands {
            game.table.add_card(land, player, BATTLEFIELD, -1).expect("a card");
        }
        for name in hand {
            cards[seat].push(game.table.add_card(name, player, HAND, -1).expect("a card"));
        }
        for _ in 0..5 {
            game.table.add_card("Forest", player, LIBRARY, -1).expect("a card");
        }
    }
    for _ in 0..p1_creatures {
        game.table.add_card("Bears", P1, BATTLEFIELD, -1).expect("a card");
    }
    begin_first_main(&mut game);
    (game, cards)
}

/// Whether `player` may cast `card` now.
fn castable(game: &mut Game<'_>, player: PlayerId, card: CardId) -> bool {
    game.legal_moves(player).expect("moves").contains(&Move::Cast(card))
}

#[test]
fn serra_avenger_is_not_cast_before_the_seventh_turn_of_the_game() {
    let (mut game, cards) = set_up(&["Plains", "Plains"], &["Serra Avenger"], 0);
    let avenger = cards[0][0];
    for turn in [1, 3, 5] {
        game.turn = turn;
        assert!(!castable(&mut game, P0, avenger), "turn {turn}: one of p0's first three turns");
    }
    game.turn = 7;
    assert!(castable(&mut game, P0, avenger), "p0's fourth turn");
}

#[test]
fn a_spell_cast_only_during_its_caster_s_turn() {
    let (mut game, cards) = set_up(&["Forest"], &["Seedtime"], 0);
    // p0's turn: p0 may, p1 may not (an instant otherwise castable now).
    assert!(castable(&mut game, P0, cards[0][0]));
    assert!(!castable(&mut game, P1, cards[1][0]));
    game.table.board.active = P1;
    assert!(!castable(&mut game, P0, cards[0][0]));
}

#[test]
fn berserk_is_cast_before_the_combat_damage_step_only() {
    let (mut game, cards) = set_up(&["Forest"], &["Berserk", "Bears"], 0);
    let berserk = cards[0][0];
    game.table.add_card("Bears", P0, BATTLEFIELD, -1).expect("a card");
    mark_seen_and_settle(&mut game);
    for (phase, allowed) in [
        (Phase::Upkeep, true),
        (Phase::FirstMain, true),
        (Phase::CombatBlockers, true),
        (Phase::CombatDamage, false),
        (Phase::CombatEnd, false),
        (Phase::SecondMain, false),
    ] {
        game.phase = phase;
        assert_eq!(castable(&mut game, P0, berserk), allowed, "{phase:?}");
    }
}

#[test]
fn champion_s_victory_is_cast_in_the_blockers_step_of_an_opponent_s_turn() {
    let (mut game, cards) = set_up(&["Forest"], &["Champion's Victory"], 0);
    game.phase = Phase::CombatBlockers;
    assert!(!castable(&mut game, P0, cards[0][0]), "p0's own turn");
    assert!(castable(&mut game, P1, cards[1][0]), "p0's turn is p1's opponent's");
    game.phase = Phase::CombatAttackers;
    assert!(!castable(&mut game, P1, cards[1][0]), "another step");
}

#[test]
fn blizzard_needs_a_snow_land_of_its_caster_s() {
    let (mut game, cards) = set_up(&["Forest", "Forest"], &["Blizzard"], 0);
    assert!(!castable(&mut game, P0, cards[0][0]), "two Forests, no snow land");
    let (mut game, cards) = set_up(&["Forest", "Snow-Covered Forest"], &["Blizzard"], 0);
    assert!(castable(&mut game, P0, cards[0][0]));
}

#[test]
fn a_count_of_the_opponent_s_creatures_allows_the_cast() {
    let (mut game, cards) = set_up(&["Forest"], &["Crowd"], 1);
    assert!(!castable(&mut game, P0, cards[0][0]), "one creature of p1's is not more than one");
    let (mut game, cards) = set_up(&["Forest"], &["Crowd"], 2);
    assert!(castable(&mut game, P0, cards[0][0]));
    assert!(!castable(&mut game, P1, cards[1][0]), "p1's opponent, p0, has none");
}

/// Records a card added after the set-up as seen and settles the board.
fn mark_seen_and_settle(game: &mut Game<'_>) {
    mark_seen(game);
    game.settle().expect("settles");
}
