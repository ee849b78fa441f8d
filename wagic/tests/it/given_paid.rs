//! `ability$!pay[[cost]] donothing?effect!$ opponent|targetedplayer`: an effect given to
//! another player that happens unless that player pays (Wagic's `GenericPaidAbility` in the
//! spell the player is given, whose menu is theirs): Rhystic Study's "you may draw a card
//! unless that player pays {1}", Rishadan Cutpurse's "each opponent sacrifices a permanent
//! unless they pay {1}", Flay's "that player discards another card at random unless they
//! pay {1}". The `pay` command asks that player, then the effect acts on them (or, written
//! `draw:1 opponent`, on the card's controller). What it does to the board, and the forms
//! still refused.

use vm::runtime::Value;
use wagic::Command;
use wagic::host::WagicHost;

use super::board::{BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, P0, P1, Play, Table};
use super::front::error_of;

/// Cards of these tests, with Wagic's lines for them and their printed text.
const CARDS: &str = "[card]\nname=Flay\ntarget=player\nauto=discard:1\n\
auto=ability$!pay[[{1}]] name(pay 1 mana) donothing?discard:1!$ targetedplayer\n\
text=Target player discards a card at random. Then that player discards another card at random unless he or she pays {1}.\n\
mana={3}{B}\ntype=Sorcery\n[/card]\n\
[card]\nname=Rishadan Cutpurse\n\
auto=ability$!name(pay or sacrifice) pay[[{1}]] name(pay 1 mana) donothing?activate sacrifice notatarget(*|mybattlefield)!$ opponent\n\
text=When Rishadan Cutpurse enters the battlefield, each opponent sacrifices a permanent unless he or she pays {1}.\n\
mana={2}{U}\ntype=Creature\nsubtype=Human Pirate\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Charmer Given\n\
auto={T}:name(pay or lifeloss) ability$!name(pay or lifeloss) pay[[{2}]] name(pay 2 mana) donothing?life:-2!$ opponent\n\
text={T}: Each opponent loses 2 life unless they pay {2}.\n\
type=Artifact\n[/card]\n\
[card]\nname=Remora Given\n\
auto={T}:may name(draw a card) ability$!name(pay or draw) pay[[{4}]] name(pay 4 mana) donothing?draw:1 opponent!$ opponent\n\
text={T}: You may draw a card unless an opponent pays {4}.\n\
type=Artifact\n[/card]\n\
[card]\nname=Study Given\n\
auto={T}:ability$!name(pay or draw) pay[[{1}]] name(pay 1 mana) donothing?draw:1 all(opponent)!$ opponent\n\
text={T}: Draw a card unless an opponent pays {1}.\n\
type=Artifact\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Swamp\ntype=Basic Land\nsubtype=Swamp\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n";

/// Wagic's colourless mana, as the pool counts it.
const COLOURLESS: u16 = 5;

/// The `pay` question, as the table logs it when `player` is asked.
fn pay_asked_of(player: u32) -> String {
    // The question's tag names the payer: 1 for p0, 2 for p1.
    format!("Command(CommandIdx({}), {})", Command::Pay.index(), player + 1)
}

#[test]
fn flay_discards_a_second_card_unless_the_target_player_pays_one() {
    let flay = |p1_pool: i32, pays: bool| {
        let mut table = Table::with_cards(CARDS);
        let spell = table.put("Flay", P0, HAND);
        for _ in 0..3 {
            table.put("Forest", P1, HAND);
        }
        table.board.add_mana(P1, COLOURLESS, p1_pool);
        table.answers.push(vec![Value::Player(P1)]);
        table.answers.push(vec![Value::Bool(pays)]);
        table.cast(spell, P0);
        (table.board.names(P1, HAND).len(), table.board.mana(P1, COLOURLESS), table.asked.clone())
    };
    // Paid: one card at random only, and p1's {1} is spent; p1 was asked, not p0.
    let (hand, pool, asked) = flay(1, true);
    assert_eq!((hand, pool), (2, 0));
    assert!(asked.contains(&pay_asked_of(1)), "{asked:?}");
    // Declined: two cards at random.
    let (hand, pool, _) = flay(1, false);
    assert_eq!((hand, pool), (1, 1));
    // Nothing to pay with: two cards, unasked.
    let (hand, _, asked) = flay(0, true);
    assert_eq!(hand, 1);
    assert!(!asked.contains(&pay_asked_of(1)), "{asked:?}");
}

#[test]
fn rishadan_cutpurse_makes_the_opponent_sacrifice_a_permanent_unless_they_pay() {
    let cutpurse = |pays: bool| {
        let mut table = Table::with_cards(CARDS);
        table.board.add_mana(P1, COLOURLESS, 1);
        let forest = table.put("Forest", P1, BATTLEFIELD);
        table.put("Grizzly Bears", P1, BATTLEFIELD);
        table.answers.push(vec![Value::Bool(pays)]);
        table.answers.push(vec![Value::Card(forest)]);
        // It enters: p1 is asked to pay, then (unpaid) which permanent goes.
        table.put("Rishadan Cutpurse", P0, BATTLEFIELD);
        assert_eq!(table.asked.first(), Some(&pay_asked_of(1)));
        (table.board.names(P1, BATTLEFIELD), table.board.names(P1, GRAVEYARD), table.board.mana(P1, COLOURLESS))
    };
    // Paid: nothing goes, and p1's mana is spent.
    let (battlefield, graveyard, pool) = cutpurse(true);
    assert_eq!((battlefield.len(), graveyard.len(), pool), (2, 0, 0));
    // Declined: p1 chooses the Forest, sacrificed.
    let (battlefield, graveyard, pool) = cutpurse(false);
    assert_eq!((battlefield, graveyard, pool), (vec!["Grizzly Bears".to_string()], vec!["Forest".to_string()], 1));
}

#[test]
fn a_life_loss_given_to_the_opponent_happens_unless_they_pay() {
    let charmer = |pays: bool| {
        let mut table = Table::with_cards(CARDS);
        let charmer = table.put("Charmer Given", P0, BATTLEFIELD);
        table.board.add_mana(P1, COLOURLESS, 2);
        table.answers.push(vec![Value::Bool(pays)]);
        assert!(table.activate(charmer, P0));
        (table.board.players[1].life, table.board.players[0].life, table.board.mana(P1, COLOURLESS))
    };
    assert_eq!(charmer(true), (20, 20, 0));
    assert_eq!(charmer(false), (18, 20, 2));
}

#[test]
fn a_draw_for_the_cards_controller_happens_unless_the_opponent_pays() {
    let study = |card: &str, answers: &[Value]| {
        let mut table = Table::with_cards(CARDS);
        let study = table.put(card, P0, BATTLEFIELD);
        table.put("Swamp", P0, LIBRARY);
        table.put("Forest", P1, LIBRARY);
        table.board.add_mana(P1, COLOURLESS, 4);
        for answer in answers {
            table.answers.push(vec![*answer]);
        }
        assert!(table.activate(study, P0));
        (table.board.names(P0, HAND).len(), table.board.names(P1, HAND).len(), table.board.mana(P1, COLOURLESS))
    };
    // Study: p0 draws unless p1 pays {1}; p1 never draws.
    assert_eq!(study("Study Given", &[Value::Bool(false)]), (1, 0, 4));
    assert_eq!(study("Study Given", &[Value::Bool(true)]), (0, 0, 3));
    // Remora: p1 is asked to pay first; unpaid, p0 may draw (yes, then no).
    assert_eq!(study("Remora Given", &[Value::Bool(false), Value::Bool(true)]), (1, 0, 4));
    assert_eq!(study("Remora Given", &[Value::Bool(false), Value::Bool(false)]), (0, 0, 4));
    assert_eq!(study("Remora Given", &[Value::Bool(true)]), (0, 0, 0));
}

#[test]
fn other_payments_given_to_a_player_stay_refused() {
    let cases = [
        (
            "auto=ability$!pay[[{1}]] draw:1!$ opponent\ntype=Artifact",
            "unsupported: `ability$!...!$` given to `opponent`: a payment for an effect (`pay(cost) effect`, not \
             `donothing?`)",
        ),
        (
            "auto=ability$!pay[[{1}]] donothing?draw:1 _ life:-1!$ opponent\ntype=Artifact",
            "unsupported: `ability$!...!$` given to `opponent`: a payment for several lines",
        ),
        (
            "auto={T}:target(player) ability$!pay[[{1}]] donothing?life:-1!$ targetedplayer\ntype=Artifact",
            "unsupported: `ability$!pay[[cost]] donothing?effect!$` given to `targetedplayer` the line targets",
        ),
        (
            "auto=ability$!pay[[{2}]] donothing?all(creature|opponentbattlefield) 0/2!$ opponent\ntype=Instant",
            "unsupported: `ability$!...!$` given to `opponent` other than a discard, a sacrifice, a move, a draw or life",
        ),
        (
            "target=player\nauto=ability$!draw:1 opponent!$ targetedplayer\ntype=Sorcery",
            "unsupported: `ability$!...!$` given to `targetedplayer` other than a discard, a sacrifice, a move, a draw \
             or life",
        ),
    ];
    for (card, message) in cases {
        assert_eq!(error_of(card).as_deref(), Some(message), "{card}");
    }
}
