//! The greedy player's proliferate (`proliferate.rs`): what it chooses, and the log's lines.

use super::moves::Move;
use super::test_support::{first_main_with, mark_seen, texts};
use super::*;
use crate::host::WagicHost;

const CARDS: &str = "[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Bear\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Progress\nauto=target(proliferation) proliferate\nmana={U}\ntype=Sorcery\n[/card]\n";

#[test]
fn greedy_proliferates_what_helps_it_and_harms_the_opponent() {
    let (mut game, progress) = first_main_with(CARDS, &["Island"], "Progress", P0, HAND);
    game.players = [PlayerKind::Greedy; 2];
    let mut bear = |player, power: i32, named: Option<&str>| {
        let card = game.table.add_card("Bear", player, BATTLEFIELD, -1).expect("a card");
        game.table.board.add_counters(card, power, power, 1);
        if let Some(name) = named {
            game.table.board.add_named_counters(card, name, 1);
        }
        card
    };
    let grown = bear(P0, 1, None);
    let shrunk = bear(P0, -1, None);
    let aged = bear(P0, 1, Some("age"));
    let theirs_grown = bear(P1, 1, None);
    let theirs_shrunk = bear(P1, -1, None);
    game.table.board.players[0].poison = 1;
    game.table.board.players[1].poison = 1;
    mark_seen(&mut game);
    game.play_move(Move::Cast(progress)).expect("cast");
    game.resolve_top().expect("resolves");
    let board = &game.table.board;
    let pt = |card| (board.power(card), board.toughness(card));
    assert_eq!(pt(grown), (4, 4), "{:?}", texts(&game));
    assert_eq!(pt(shrunk), (1, 1));
    // Of its +1/+1 and age counters, a +1/+1 one.
    assert_eq!((pt(aged), board.named_counters(aged, "age")), ((4, 4), 1));
    assert_eq!(pt(theirs_grown), (3, 3));
    assert_eq!(board.get(theirs_shrunk).map(|c| c.zone), Some(GRAVEYARD));
    assert_eq!((board.players[0].poison, board.players[1].poison), (1, 2));
    let lines = texts(&game);
    assert!(lines.contains(&"p0 chooses Bear, Bear, Bear, p1 for Progress".to_string()), "{lines:?}");
    assert!(lines.contains(&"p0 chooses a +1/+1 counter on Bear for Progress".to_string()), "{lines:?}");
}
