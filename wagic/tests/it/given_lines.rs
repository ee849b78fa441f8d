//! `ability$!line _ line!$ opponent|targetedplayer`: a spell of several lines given to a
//! player (Wagic's `ATargetedAbilityCreator`), each line a statement on that player in
//! turn: a looter's draw then discard of the player's own choosing, a draw and a life
//! loss. Plain effects on the player (`draw:n`, `life:n`) compile alone too. Given to the
//! controller, the lines are its own in turn (Thoughtflare's draw four, then discard two).

use vm::runtime::Value;
use wagic::Command;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, P0, P1, Play, Table};
use super::front::error_of;

/// Cards of these tests, with Wagic's lines for them and their printed text.
const CARDS: &str = "[card]\nname=Cephalid Looter\n\
auto={T}:name(discard) target(player) ability$!draw:1 _ choice target(*|myhand) reject!$ targetedplayer\n\
mana={2}{U}\ntype=Creature\n\
subtype=Cephalid Rogue\npower=2\ntoughness=1\n[/card]\n\
[card]\nname=Wistful Thinking\ntarget=player\n\
auto=ability$!name(discard 4 cards) draw:2 _ choice target(<4>*|myhand) reject!$ targetedplayer\n\
mana={2}{U}\ntype=Sorcery\n[/card]\n\
[card]\nname=Soul Feast Given\ntarget=player\nauto=ability$!draw:1 _ life:-1!$ targetedplayer\n\
text=Target player draws a card and loses 1 life.\nmana={B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Thoughtflare\n\
auto=name(draw & discard) ability$!draw:4 _ choice notatarget(<2>*|myhand) reject)!$ controller\n\
text=Draw four cards, then discard two cards.\nmana={3}{U}{R}\ntype=Instant\n[/card]\n\
[card]\nname=Jeskai Looter\n\
auto={T}:may name(draw & discard) ability$!draw:1 _ choice notatarget(*|myhand) reject)!$ controller\n\
text={T}: You may draw a card. If you do, discard a card.\ntype=Artifact\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// The discard `discardchosen` asks of `player`, as the table logs it.
fn discard_asked_of(player: u32) -> String {
    format!("Command(CommandIdx({}), {player})", Command::DiscardChosen.index())
}

#[test]
fn cephalid_looter_makes_its_target_player_draw_then_discard_a_card_of_their_choice() {
    let mut table = Table::with_cards(CARDS);
    let looter = table.put("Cephalid Looter", P0, BATTLEFIELD);
    table.put("Grizzly Bears", P1, LIBRARY);
    let forest = table.put("Forest", P1, HAND);
    // One target, p1, for both lines; then p1 chooses among the Forest and the Bears drawn.
    table.answers.push(vec![Value::Player(P1)]);
    table.answers.push(vec![Value::Card(forest)]);
    assert!(table.activate(looter, P0));
    assert_eq!(table.asked.len(), 2, "{:?}", table.asked);
    assert_eq!(table.asked[1], discard_asked_of(1));
    assert_eq!(table.board.names(P1, HAND), ["Grizzly Bears"]);
    assert_eq!(table.board.names(P1, GRAVEYARD), ["Forest"]);
    assert!(table.board.names(P1, LIBRARY).is_empty());
    assert!(table.board.names(P0, GRAVEYARD).is_empty());
}

#[test]
fn wistful_thinking_draws_two_then_discards_four_of_the_targets_hand() {
    let mut table = Table::with_cards(CARDS);
    let spell = table.put("Wistful Thinking", P0, HAND);
    table.put("Swamp", P1, LIBRARY);
    table.put("Swamp", P1, LIBRARY);
    for _ in 0..2 {
        table.put("Forest", P1, HAND);
    }
    // Four cards in hand once they drew: all four go unasked.
    table.answers.push(vec![Value::Player(P1)]);
    table.cast(spell, P0);
    assert!(table.board.names(P1, HAND).is_empty());
    assert_eq!(table.board.names(P1, GRAVEYARD).len(), 4);
    assert!(table.board.names(P1, LIBRARY).is_empty());
}

#[test]
fn a_draw_and_a_life_loss_given_to_the_target_player_are_theirs() {
    let mut table = Table::with_cards(CARDS);
    let spell = table.put("Soul Feast Given", P0, HAND);
    table.put("Swamp", P1, LIBRARY);
    table.answers.push(vec![Value::Player(P1)]);
    table.cast(spell, P0);
    assert_eq!(table.board.names(P1, HAND), ["Swamp"]);
    assert_eq!(table.board.players[1].life, 19);
    assert_eq!(table.board.players[0].life, 20);
}

#[test]
fn thoughtflare_draws_four_then_its_controller_discards_two_of_their_choice() {
    let mut table = Table::with_cards(CARDS);
    let spell = table.put("Thoughtflare", P0, HAND);
    for _ in 0..4 {
        table.put("Swamp", P0, LIBRARY);
    }
    let forest = table.put("Forest", P0, HAND);
    let bears = table.put("Grizzly Bears", P0, HAND);
    table.put("Forest", P1, HAND);
    table.answers.push(vec![Value::Card(forest), Value::Card(bears)]);
    table.cast(spell, P0);
    assert!(table.asked.contains(&discard_asked_of(0)), "{:?}", table.asked);
    assert_eq!(table.board.names(P0, HAND), ["Swamp", "Swamp", "Swamp", "Swamp"]);
    assert_eq!(table.board.names(P0, GRAVEYARD).len(), 3, "the Forest, the Bears and the spell");
    assert_eq!(table.board.names(P1, HAND), ["Forest"]);
}

#[test]
fn a_looter_given_to_its_controller_may_draw_then_discards() {
    let looter = |draws: bool| {
        let mut table = Table::with_cards(CARDS);
        let looter = table.put("Jeskai Looter", P0, BATTLEFIELD);
        table.put("Swamp", P0, LIBRARY);
        let forest = table.put("Forest", P0, HAND);
        table.put("Grizzly Bears", P0, HAND);
        table.answers.push(vec![Value::Bool(draws)]);
        table.answers.push(vec![Value::Card(forest)]);
        assert!(table.activate(looter, P0));
        (table.board.names(P0, HAND), table.board.names(P0, GRAVEYARD))
    };
    assert_eq!(looter(true), (vec!["Grizzly Bears".to_string(), "Swamp".to_string()], vec!["Forest".to_string()]));
    // Refused: nothing drawn, nothing discarded.
    assert_eq!(looter(false), (vec!["Forest".to_string(), "Grizzly Bears".to_string()], Vec::<String>::new()));
}

#[test]
fn several_modes_or_other_lines_given_to_a_player_stay_refused() {
    let cases = [
        (
            "auto={T}:ability$!choice add{G} _ choice add{R}!$ controller\ntype=Artifact",
            "unsupported: `ability$!...!$` given to `controller` with modes of mana (`choice add{G} _ choice add{R}`)",
        ),
        (
            "auto=ability$!choice name(a) draw:2 _ choice name(b) life:2!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent` with modes (`choice`)",
        ),
        (
            "auto=ability$!draw:1 _ damage:1 target(creature)!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent` other than a discard, a sacrifice, a move, a draw or life",
        ),
        (
            "auto=ability$!deplete:1 opponent!$ opponent\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `opponent` other than a discard, a sacrifice, a move, a draw or life",
        ),
    ];
    for (card, message) in cases {
        assert_eq!(error_of(card).as_deref(), Some(message), "{card}");
    }
}
