//! The game's combat events on a board set up by hand: a block binds the other creature
//! of its pair (`trigger[from]`, `from(spec)`), an unblocked attacker fires `notblocked`,
//! a creature back by persist is summoning sick, a token that dies is told.

use super::test_support::{begin_first_main, new_game, texts};
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Grizzly Bears\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Wall of Tears\nabilities=defender\n\
auto=@combat(blocking) source(this) from(creature):all(trigger[from]) moveTo(ownerhand)\n\
type=Creature\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Crypt Cobra\nauto=@combat(notblocked) source(this):alterpoison:1 opponent\n\
type=Creature\npower=3\ntoughness=3\n[/card]\n\
[card]\nname=Kithkin Persister\nabilities=persist\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// p0 attacking with `attackers`, p1 with `blockers` on its battlefield (greedy: a wall
/// blocks what it survives), blockers declared.
fn blocked(attackers: &[&str], blockers: &[&str]) -> (Game<'static>, Vec<CardId>) {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Greedy; 2], ..Options::default() });
    let mut ids = Vec::new();
    for name in attackers {
        let card = game.table.add_card(name, P0, BATTLEFIELD, -1).expect("a card");
        ids.push(card);
    }
    for name in blockers {
        game.table.add_card(name, P1, BATTLEFIELD, -1).expect("a card");
    }
    begin_first_main(&mut game);
    for card in &ids {
        if let Some(c) = game.table.board.cards.get_mut(card.0 as usize) {
            c.attacking = true;
        }
    }
    game.declare_blockers().expect("blocks");
    (game, ids)
}

#[test]
fn a_blocker_acts_on_the_attacker_it_blocks() {
    let (game, attackers) = blocked(&["Grizzly Bears"], &["Wall of Tears"]);
    assert_eq!(game.table.board.get(attackers[0]).map(|c| c.zone), Some(HAND));
}

#[test]
fn an_unblocked_attacker_fires_notblocked() {
    let (game, _) = blocked(&["Crypt Cobra"], &[]);
    assert_eq!(game.table.board.players[1].poison, 1);
    // Blocked by the wall (which survives it), no poison.
    let (game, _) = blocked(&["Crypt Cobra"], &["Wall of Tears"]);
    assert_eq!(game.table.board.players[1].poison, 0);
}

#[test]
fn a_creature_back_by_persist_is_told_and_summoning_sick() {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Greedy; 2], ..Options::default() });
    let persister = game.table.add_card("Kithkin Persister", P0, BATTLEFIELD, -1).expect("a card");
    begin_first_main(&mut game);
    assert!(game.can_attack(persister), "on the battlefield since before the turn");
    // It dies and comes back between two looks of the log: a new object, as in Wagic.
    game.table.board.move_to(persister, GRAVEYARD);
    game.settle().expect("settles");
    assert_eq!(game.table.board.get(persister).map(|c| (c.zone, c.counters)), Some((BATTLEFIELD, (-1, -1))));
    let told = ["Kithkin Persister [p0] goes to the graveyard", "Kithkin Persister enters the battlefield [p0]"];
    assert!(texts(&game).ends_with(&told.map(String::from)), "{:?}", texts(&game));
    assert!(!game.can_attack(persister), "summoning sick");
}

#[test]
fn a_token_that_dies_is_told_though_it_ceases_to_exist() {
    let mut game = new_game(CARDS, Options { players: [PlayerKind::Greedy; 2], ..Options::default() });
    begin_first_main(&mut game);
    let printed = crate::table::Printed { name: "Faerie".into(), ..Default::default() };
    let token = game
        .table
        .board
        .add_card(crate::table::Card { token: true, ..crate::table::Card::new(printed, P1, BATTLEFIELD) });
    test_support::mark_seen(&mut game);
    game.table.board.move_to(token, GRAVEYARD);
    game.settle().expect("settles");
    assert_eq!(game.table.board.get(token).map(|c| c.zone), Some(GONE));
    assert_eq!(texts(&game).last().map(String::as_str), Some("Faerie [p1] goes to the graveyard"));
}
