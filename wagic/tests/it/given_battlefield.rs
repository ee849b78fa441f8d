//! `ability$!notatarget(spec|myzone) moveto(mybattlefield)!$ opponent` (Exhume, Crypt
//! Champion, Hunted Wumpus): the opponent puts a card of their own onto the battlefield, under
//! their control, the one they choose (the catalogue's `movechosen`). Where the printed
//! text says the player "may", they may choose none; where it says "puts", one they must.
//! A card whose own line for its controller is a must where the text says "may" (Show
//! and Tell, Braids) stays refused.

use vm::runtime::Value;
use wagic::Command;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, P0, P1, Play, Table};
use super::front::error_of;

/// Cards of these tests, with Wagic's lines for them and their printed text.
const CARDS: &str = "[card]\nname=Exhume\n\
auto=moveto(ownerbattlefield) notatarget(creature|mygraveyard)\n\
auto=ability$! moveto(ownerbattlefield) notatarget(creature|mygraveyard) !$ opponent\n\
text=Each player puts a creature card from his or her graveyard onto the battlefield.\n\
mana={1}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Crypt Champion\n\
auto=moveto(ownerbattlefield) notatarget(creature[manacost<=3]|mygraveyard)\n\
auto=ability$! moveto(ownerbattlefield) notatarget(creature[manacost<=3]|mygraveyard) !$ opponent\n\
text=Double strike -- When Crypt Champion enters the battlefield, each player puts a creature card with converted mana cost 3 or less from his or her graveyard onto the battlefield.\n\
mana={3}{B}\ntype=Creature\nsubtype=Zombie\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Hunted Wumpus\n\
auto=ability$!name(put in play) target(creature|myhand) moveTo(mybattlefield)!$ opponent\n\
text=When Hunted Wumpus enters the battlefield, each other player may put a creature card from his or her hand onto the battlefield.\n\
mana={3}{G}\ntype=Creature\nsubtype=Beast\npower=6\ntoughness=6\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Shock\nmana={R}\ntype=Instant\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Craw Wurm\nmana={4}{G}{G}\ntype=Creature\npower=6\ntoughness=4\n[/card]\n";

/// The question `movechosen` asks of `player`, as the table logs it.
fn asked_of(player: u32) -> String {
    format!("Command(CommandIdx({}), {player})", Command::MoveChosen.index())
}

#[test]
fn exhume_makes_the_opponent_put_the_creature_they_choose_from_their_graveyard_onto_the_battlefield() {
    let mut table = Table::with_cards(CARDS);
    let exhume = table.put("Exhume", P0, HAND);
    table.put("Grizzly Bears", P0, GRAVEYARD);
    table.put("Grizzly Bears", P1, GRAVEYARD);
    let wurm = table.put("Craw Wurm", P1, GRAVEYARD);
    table.put("Forest", P1, GRAVEYARD);
    table.answers.push(vec![Value::Card(wurm)]);
    table.cast(exhume, P0);
    assert!(table.asked.contains(&asked_of(1)), "{:?}", table.asked);
    // Each player's creature, under that player's control.
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Craw Wurm"]);
    assert_eq!(table.board.get(wurm).map(|card| card.controller), Some(P1));
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Grizzly Bears", "Forest"]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Grizzly Bears"]);
}

#[test]
fn crypt_champion_makes_the_opponent_put_their_lone_small_creature_unasked() {
    // "Each player puts a creature card with converted mana cost 3 or less": not the
    // player's to decline, and the Wurm (6) is not one.
    let mut table = Table::with_cards(CARDS);
    table.put("Grizzly Bears", P0, GRAVEYARD);
    table.put("Grizzly Bears", P1, GRAVEYARD);
    table.put("Craw Wurm", P1, GRAVEYARD);
    table.put("Crypt Champion", P0, BATTLEFIELD);
    assert!(!table.asked.contains(&asked_of(1)), "{:?}", table.asked);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Craw Wurm"]);
    assert_eq!(table.board.names(P0, BATTLEFIELD), ["Crypt Champion", "Grizzly Bears"]);
}

#[test]
fn hunted_wumpus_lets_the_opponent_put_a_creature_of_their_hand_onto_the_battlefield() {
    let mut table = Table::with_cards(CARDS);
    table.put("Forest", P1, HAND);
    let bears = table.put("Grizzly Bears", P1, HAND);
    table.answers.push(vec![Value::Card(bears)]);
    table.put("Hunted Wumpus", P0, BATTLEFIELD);
    // Asked even with one creature: "may".
    assert_eq!(table.asked.last(), Some(&asked_of(1)));
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Grizzly Bears"]);
    assert_eq!(table.board.get(bears).map(|card| card.controller), Some(P1));
    assert_eq!(table.board.names(P1, HAND), ["Forest"]);
}

#[test]
fn hunted_wumpus_s_opponent_may_put_nothing() {
    let mut table = Table::with_cards(CARDS);
    table.put("Grizzly Bears", P1, HAND);
    table.answers.push(Vec::new());
    table.put("Hunted Wumpus", P0, BATTLEFIELD);
    assert_eq!(table.asked.last(), Some(&asked_of(1)));
    assert_eq!(table.board.names(P1, HAND), ["Grizzly Bears"]);
    assert!(table.board.names(P1, BATTLEFIELD).is_empty());
}

#[test]
fn hunted_wumpus_s_opponent_never_puts_an_instant() {
    let mut table = Table::with_cards(CARDS);
    table.put("Shock", P1, HAND);
    let wurm = table.put("Craw Wurm", P1, HAND);
    table.answers.push(vec![Value::Card(wurm)]);
    table.put("Hunted Wumpus", P0, BATTLEFIELD);
    assert_eq!(table.board.names(P1, BATTLEFIELD), ["Craw Wurm"]);
    assert_eq!(table.board.names(P1, HAND), ["Shock"]);
}

#[test]
fn show_and_tell_and_braids_stay_refused_for_their_controllers_line_that_must_be_taken() {
    // "Each player may put": Wagic's line for the controller is a target they must take.
    let message = "unsupported: `ability$!...!$` given to `opponent`: a move onto the battlefield each player may \
                   make, beside the controller's own line, which is not theirs to decline";
    let show_and_tell = "auto=moveto(ownerbattlefield) notatarget(*[creature;artifact;enchantment;land]|myhand)\n\
                         auto=ability$! moveto(ownerbattlefield) notatarget(*[creature;artifact;enchantment;land]|myhand) \
                         !$ opponent\n\
                         text=Each player may put an artifact, creature, enchantment, or land card from his or her \
                         hand onto the battlefield.\ntype=Sorcery";
    assert_eq!(error_of(show_and_tell).as_deref(), Some(message));
    let braids = "auto=@each opponent upkeep:ability$!name(put on battlefield) target(*[artifact;creature;land]|myhand) \
                  moveTo(mybattlefield) !$ opponent\n\
                  auto=@each my upkeep:target(*[artifact;creature;land]|myhand) moveTo(mybattlefield)\n\
                  text=At the beginning of each player's upkeep, that player may put an artifact, creature, or land \
                  card from his or her hand onto the battlefield.\ntype=Creature";
    assert_eq!(error_of(braids).as_deref(), Some(message));
}

#[test]
fn a_move_onto_the_battlefield_of_cards_not_limited_to_permanents_stays_refused() {
    // Metamorphose's `*[-planeswalker]`, Enslaved Horror's `*|mygraveyard`: an instant
    // would go onto the battlefield.
    let message = "unsupported: `ability$!...!$` given to `opponent`: a move to `battlefield` of cards the spec \
                   does not limit to permanent types";
    for line in [
        "auto=ability$!target(*[-planeswalker]|myhand) moveTo(mybattlefield)!$ opponent\ntype=Sorcery",
        "auto=ability$!name(return creature) target(*|mygraveyard) moveTo(mybattlefield)!$ opponent\ntype=Creature",
        "auto=ability$!target(creature,instant|myhand) moveTo(mybattlefield)!$ opponent\ntype=Sorcery",
    ] {
        assert_eq!(error_of(line).as_deref(), Some(message), "{line}");
    }
    // A search of the player's library (Hired Giant) is refused as another zone's is.
    assert_eq!(
        error_of(
            "auto=ability$!name(fetch) moveto(mybattlefield) notatarget(land|mylibrary)!$ opponent\ntype=Creature"
        )
        .as_deref(),
        Some("unsupported: `ability$!...!$` given to `opponent`: a choice among the cards of `mylibrary`")
    );
    for line in [
        "auto=ability$! moveto(ownerbattlefield) notatarget(creature[manacost<=3]|mygraveyard) !$ opponent\ntype=Creature",
        "auto=ability$!target(*[artifact;creature;land]|myhand) moveTo(mybattlefield)!$ opponent\ntype=Creature",
    ] {
        assert_eq!(error_of(line), None, "{line}");
    }
}
