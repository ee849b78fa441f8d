//! The game's combat events on a board set up by hand: a block binds the other creature
//! of its pair (`trigger[from]`, `from(spec)`), an unblocked attacker fires `notblocked`.

use super::test_support::{begin_first_main, new_game};
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Grizzly Bears\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Wall of Tears\nabilities=defender\n\
auto=@combat(blocking) source(this) from(creature):all(trigger[from]) moveTo(ownerhand)\n\
type=Creature\npower=0\ntoughness=4\n[/card]\n\
[card]\nname=Crypt Cobra\nauto=@combat(notblocked) source(this):alterpoison:1 opponent\n\
type=Creature\npower=3\ntoughness=3\n[/card]\n";

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
