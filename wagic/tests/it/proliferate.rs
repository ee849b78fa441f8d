//! `proliferate` (Wagic's `target(proliferation) proliferate`): the controller chooses any
//! number of permanents with counters and players with poison counters, none of them a
//! target, and each gets one more counter of a kind it has. Wagic's own cards (read in
//! place; each test skips when the files are absent) checked against their printed text.

use vm::runtime::{CardId, Value};
use wagic::host::WagicHost;

use super::board::{BATTLEFIELD, HAND, LIBRARY, P0, P1, Play, Table};
use super::front::error_of;
use super::front_ir::ir_of;

/// The power and toughness of `card`.
fn pt(table: &Table, card: CardId) -> (i32, i32) {
    (table.board.power(card), table.board.toughness(card))
}

#[test]
fn the_proliferation_spec_is_no_target_of_the_effect() {
    assert_eq!(ir_of("auto=target(proliferation) proliferate\ntype=Sorcery"), ["action[0]: - proliferate ueot"]);
    // Contagion Engine: "Proliferate, then proliferate again."
    assert_eq!(
        ir_of("auto={4}{T}:notatarget(proliferation) proliferate && proliferate\ntype=Artifact"),
        ["action[2]: - proliferate ueot; - proliferate ueot"]
    );
    assert_eq!(
        error_of("auto=target(proliferation) draw:1\ntype=Sorcery").as_deref(),
        Some("unsupported: `target(proliferation)` of an effect other than `proliferate`")
    );
    // Wagic would proliferate the creature chosen alone.
    assert_eq!(
        error_of("auto=proliferate target(creature)\ntype=Sorcery").as_deref(),
        Some("unsupported: `proliferate` with a target other than `proliferation`")
    );
}

#[test]
fn steady_progress_adds_a_counter_of_its_kind_to_each_permanent_and_player_chosen() {
    // text=: Draw a card, then proliferate. (You choose any number of permanents and/or
    // players with counters on them, then give each another counter of a kind already there.)
    let Some(mut table) = Table::new() else { return };
    let feeder = table.put("Spike Feeder", P0, BATTLEFIELD);
    let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let lens = table.put("Grizzly Bears", P1, BATTLEFIELD);
    let plain = table.put("Grizzly Bears", P0, BATTLEFIELD);
    table.board.add_counters(bears, -1, -1, 1);
    table.board.add_named_counters(lens, "charge", 2);
    table.board.players[1].poison = 2;
    table.board.players[0].poison = 1;
    let drawn = table.put("Forest", P0, LIBRARY);
    assert_eq!(pt(&table, feeder), (2, 2));
    let progress = table.put("Steady Progress", P0, HAND);
    // Everything with counters is offered, the controller's first; the Bears without any
    // are not. The player chooses the Feeder, the opponent's shrunk Bears and the opponent.
    table.answers.push(vec![Value::Card(feeder), Value::Card(bears), Value::Player(P1)]);
    table.cast(progress, P0);
    assert_eq!(table.board.card(drawn).zone, HAND, "the card drawn");
    assert_eq!(pt(&table, feeder), (3, 3));
    assert_eq!(table.board.card(bears).zone, super::board::GRAVEYARD, "0/0 with two -1/-1 counters");
    assert_eq!(table.board.named_counters(lens, "charge"), 2, "not chosen");
    assert_eq!(pt(&table, plain), (2, 2));
    assert_eq!((table.board.players[0].poison, table.board.players[1].poison), (1, 3));
}

#[test]
fn proliferate_offers_what_has_counters_hexproof_or_not_and_asks_nothing_without_any() {
    let Some(mut table) = Table::new() else { return };
    let gambit = table.put("Tezzeret's Gambit", P0, HAND);
    let cards = [table.put("Forest", P0, LIBRARY), table.put("Forest", P0, LIBRARY)];
    table.put("Grizzly Bears", P1, BATTLEFIELD);
    // No counter anywhere: the cards are drawn and nothing is asked.
    table.cast(gambit, P0);
    assert!(cards.iter().all(|card| table.board.card(*card).zone == HAND));
    assert!(table.asked.is_empty(), "{:?}", table.asked);
    // Proliferate chooses, it does not target: an opponent's creature with hexproof is
    // offered (Troll Ascetic: "can't be the target of spells or abilities your opponents
    // control").
    let hexed = table.put("Troll Ascetic", P1, BATTLEFIELD);
    table.board.add_counters(hexed, -1, -1, 1);
    let progress = table.put("Steady Progress", P0, HAND);
    table.put("Forest", P0, LIBRARY);
    table.hold_questions = true;
    table.cast(progress, P0);
    let execution = table.held.as_ref().expect("the permanents are asked");
    assert_eq!(execution.candidates(), [Value::Card(hexed)]);
    assert_eq!((execution.request().min, execution.request().max), (0, 1));
    table.try_answer_held(&[Value::Card(hexed)]).expect("answered");
    assert_eq!(table.board.card(hexed).zone, super::board::GRAVEYARD, "a 3/2 with two -1/-1 counters");
}

#[test]
fn a_permanent_with_two_kinds_gets_the_kind_its_controller_picks() {
    let Some(mut table) = Table::new() else { return };
    let feeder = table.put("Spike Feeder", P0, BATTLEFIELD);
    table.board.add_named_counters(feeder, "charge", 1);
    let progress = table.put("Steady Progress", P0, HAND);
    table.put("Forest", P0, LIBRARY);
    table.answers.push(vec![Value::Card(feeder)]);
    table.hold_questions = true;
    table.cast(progress, P0);
    // The kind is asked: each option is the permanent and the index of a kind (its +1/+1
    // counters first, then its named ones).
    let execution = table.held.as_ref().expect("the kind is asked");
    let options: Vec<Vec<Value>> = execution
        .candidates()
        .iter()
        .map(|option| match option {
            Value::List(list) => execution.list(*list).to_vec(),
            other => panic!("an option that is no list: {other:?}"),
        })
        .collect();
    assert_eq!(options, [[Value::Card(feeder), Value::Int(0)], [Value::Card(feeder), Value::Int(1)]]);
    let charge = execution.candidates()[1];
    table.try_answer_held(&[charge]).expect("answered");
    assert_eq!(pt(&table, feeder), (2, 2));
    assert_eq!(table.board.named_counters(feeder, "charge"), 2);
}
