//! Cascade in a game (`cascade.rs`): Bloodbraid Elf cast exiles from the top of its
//! caster's library to the first cheaper nonland card, which is cast for free above it (or
//! declined), the rest going to the bottom; a cascade into a card with cascade cascades
//! again.

use super::seat::{Question, SeatView};
use super::test_support::{first_main_with, texts};
use super::*;

const CARDS: &str = "[card]\nname=Mountain\ntype=Basic Land\nsubtype=Mountain\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Bloodbraid Elf\nabilities=haste\nautostack=if casted(this) then cascade:plibrarycount\n\
mana={2}{R}{G}\ntype=Creature\nsubtype=Elf Berserker\npower=3\ntoughness=2\n[/card]\n\
[card]\nname=Shardless Agent\nautostack=if casted(this) then cascade:plibrarycount\n\
mana={1}{G}{U}\ntype=Artifact Creature\nsubtype=Human Rogue\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Lightning Bolt\ntarget=creature,player\nauto=damage:3\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Craw Wurm\nmana={4}{G}{G}\ntype=Creature\npower=6\ntoughness=4\n[/card]\n";

/// p0's first main phase with four lands and Bloodbraid Elf in hand, `top` on top of p0's
/// library (first named, topmost) above its five Mountains; the Elf's id.
fn bloodbraid_with(top: &[&str], players: PlayerKind) -> (Game<'static>, CardId) {
    let lands = ["Mountain", "Mountain", "Forest", "Forest"];
    let (mut game, elf) = first_main_with(CARDS, &lands, "Bloodbraid Elf", P0, HAND);
    game.players = [players; 2];
    for name in top.iter().rev() {
        game.table.add_card(name, P0, LIBRARY, 0).expect("a card");
    }
    test_support::mark_seen(&mut game);
    (game, elf)
}

fn library_names(game: &Game<'_>) -> Vec<String> {
    game.table.board.zone(P0, LIBRARY).iter().map(|card| game.name(*card)).collect()
}

#[test]
fn bloodbraid_elf_cascades_into_the_first_cheaper_nonland_card_cast_for_free_above_it() {
    let (mut game, elf) = bloodbraid_with(&["Craw Wurm", "Forest", "Lightning Bolt"], PlayerKind::Greedy);
    game.play_move(moves::Move::Cast(elf)).expect("cast");
    let lines = texts(&game);
    let cascade = lines
        .iter()
        .position(|line| line == "p0 cascades from Bloodbraid Elf, exiling Craw Wurm, Forest, Lightning Bolt");
    let bolt = lines
        .iter()
        .position(|line| line == "p0 casts Lightning Bolt without paying its mana cost (cascade) targeting p1");
    let bottom = lines.iter().position(|line| line == "p0 puts 2 cards on the bottom of their library");
    assert!(cascade.is_some() && cascade < bolt && bolt < bottom, "{lines:?}");
    // The Bolt above the Elf, resolved first; the Wurm and the Forest under the Mountains.
    assert_eq!(game.stack.len(), 2, "{lines:?}");
    game.priority_window().expect("plays on");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 3, "{:?}", texts(&game));
    assert_eq!(game.table.board.get(elf).map(|c| c.zone), Some(BATTLEFIELD));
    let library = library_names(&game);
    assert_eq!(library.len(), 7);
    assert!(library[..5].iter().all(|name| name == "Mountain"), "{library:?}");
    let mut bottom = library[5..].to_vec();
    bottom.sort();
    assert_eq!(bottom, ["Craw Wurm", "Forest"]);
}

#[test]
fn a_cascade_declined_puts_every_card_exiled_on_the_bottom() {
    let (mut game, elf) = bloodbraid_with(&["Lightning Bolt"], PlayerKind::Greedy);
    let decline = |_: &SeatView, question: &Question| {
        question.options.iter().position(|option| option.starts_with("put Lightning Bolt on the bottom"))
    };
    game.seats[0] = Some(Box::leak(Box::new(decline)));
    game.play_move(moves::Move::Cast(elf)).expect("cast");
    game.priority_window().expect("plays on");
    let lines = texts(&game);
    assert!(lines.contains(&"p0 puts 1 card on the bottom of their library".to_string()), "{lines:?}");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE, "{lines:?}");
    assert_eq!(library_names(&game).last().map(String::as_str), Some("Lightning Bolt"));
}

#[test]
fn a_card_cast_by_cascade_with_cascade_cascades_in_turn() {
    // The Elf (4) finds Shardless Agent (3), whose cascade finds the Bolt (1).
    let (mut game, elf) = bloodbraid_with(&["Shardless Agent", "Lightning Bolt"], PlayerKind::Greedy);
    game.play_move(moves::Move::Cast(elf)).expect("cast");
    let lines = texts(&game);
    assert!(lines.contains(&"p0 cascades from Shardless Agent, exiling Lightning Bolt".to_string()), "{lines:?}");
    assert_eq!(game.stack.len(), 3, "{lines:?}");
    game.priority_window().expect("plays on");
    assert_eq!(game.table.board.players[1].life, STARTING_LIFE - 3, "{:?}", texts(&game));
    assert_eq!(game.table.board.zone(P0, BATTLEFIELD).len(), 4 + 2, "{:?}", texts(&game));
}

#[test]
fn a_library_with_nothing_cheaper_is_exiled_whole_and_put_back_in_some_order() {
    let (mut game, elf) = bloodbraid_with(&["Craw Wurm"], PlayerKind::Random);
    game.play_move(moves::Move::Cast(elf)).expect("cast");
    let lines = texts(&game);
    assert!(lines.contains(&"p0 puts 6 cards on the bottom of their library".to_string()), "{lines:?}");
    let mut library = library_names(&game);
    library.sort();
    assert_eq!(library, ["Craw Wurm", "Mountain", "Mountain", "Mountain", "Mountain", "Mountain"]);
}
