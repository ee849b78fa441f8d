//! The Wagic builtins pay fuel for the work they do in proportion to the game's data, as
//! the CFC builtins do (`vm::runtime::CallContext::charge`; `docs/rules.md`, Cascades): a
//! loop of them, or one call over a pile larger than the budget, stops with `OutOfFuel`.
//! The cards are hand-made: these tests need no Wagic data.

use vm::runtime::{DEFAULT_FUEL, Event, TrapCode, Value};

use super::board::{BATTLEFIELD, HAND, LIBRARY, P0, Play, Table};

/// Cards in the piles below: each pass over one is far more work than the unit or two a
/// loop's turn pays.
const BIG_PILE: usize = 2_000;

/// The cards of these tests, and `Filler`, the land piles are made of.
const CARDS: &str = "\
[card]
name=Shuffle Storm
auto=foreach(*|mylibrary) shuffle
type=Sorcery
[/card]
[card]
name=Big Draw
auto=draw:2000
type=Sorcery
[/card]
[card]
name=Big Mill
auto=deplete:2000
type=Sorcery
[/card]
[card]
name=Big Discard
auto=discard:2000
type=Sorcery
[/card]
[card]
name=Wheel
auto={D}:life:1
type=Artifact
[/card]
[card]
name=Swarm
auto=token(Insect,creature insect,1/1,green)*2000
type=Sorcery
[/card]
[card]
name=Filler
type=Land
[/card]
";

/// A table with `cards` fillers in `P0`'s library.
fn table_with_library(cards: usize) -> Table {
    let mut table = Table::with_cards(CARDS);
    for _ in 0..cards {
        table.put("Filler", P0, LIBRARY);
    }
    table
}

/// `foreach(*|mylibrary) shuffle` shuffles the library once per card in it: with
/// `BIG_PILE` cards, `BIG_PILE` squared cards moved, which the library's length charged at
/// each shuffle stops after about a budget's worth (at most one shuffle past it).
#[test]
fn a_loop_of_shuffles_over_a_big_library_runs_out_of_fuel() {
    let mut table = table_with_library(BIG_PILE);
    let storm = table.put("Shuffle Storm", P0, HAND);
    let rules = table.rules_of(storm);
    let trap = table.runtime.activate(&mut table.board, storm, rules, P0).expect_err("far more than one budget");
    assert_eq!(trap.code, TrapCode::OutOfFuel);
    let shuffled = table.board.cards_shuffled as u64;
    assert!(shuffled <= DEFAULT_FUEL + BIG_PILE as u64, "{shuffled} cards shuffled on a budget of {DEFAULT_FUEL}");
}

/// The same loop over a small library completes: one shuffle per card.
#[test]
fn a_loop_of_shuffles_over_a_small_library_completes() {
    let mut table = table_with_library(10);
    let storm = table.put("Shuffle Storm", P0, HAND);
    table.cast(storm, P0);
    assert_eq!(table.board.cards_shuffled, 10 * 10);
}

/// A budget far smaller than `BIG_PILE`: one call over a whole pile needs more.
const SMALL_BUDGET: u64 = BIG_PILE as u64 / 4;

/// `draw:2000`, `deplete:2000` and `discard:2000` move `BIG_PILE` cards each: on a budget
/// of a quarter of that they stop with `OutOfFuel` (a unit per card moved), where before
/// each moved the whole pile for the call's unit.
#[test]
fn draw_deplete_and_discard_pay_a_unit_per_card_moved() {
    for (spell, zone) in [("Big Draw", LIBRARY), ("Big Mill", LIBRARY), ("Big Discard", HAND)] {
        let mut table = Table::with_cards(CARDS);
        for _ in 0..BIG_PILE {
            table.put("Filler", P0, zone);
        }
        let card = table.put(spell, P0, HAND);
        let rules = table.rules_of(card);
        table.runtime.set_fuel(SMALL_BUDGET);
        let outcome = table.runtime.activate(&mut table.board, card, rules, P0);
        let trap = outcome.expect_err(&format!("{spell} moves more cards than the budget pays for"));
        assert_eq!(trap.code, TrapCode::OutOfFuel, "{spell}");
    }
}

/// With the default budget the same spells move every card.
#[test]
fn draw_deplete_and_discard_within_the_budget_move_every_card() {
    for (spell, from) in [("Big Draw", LIBRARY), ("Big Mill", LIBRARY), ("Big Discard", HAND)] {
        let mut table = Table::with_cards(CARDS);
        // The table resolves a spell from its hand: a discard of `BIG_PILE` counts it,
        // and may take it (at random), so the hand holds `BIG_PILE` cards with it.
        let fillers = if from == HAND { BIG_PILE - 1 } else { BIG_PILE };
        for _ in 0..fillers {
            table.put("Filler", P0, from);
        }
        let card = table.put(spell, P0, HAND);
        table.cast(card, P0);
        // The spell itself left the hand for the graveyard once cast.
        assert_eq!(table.board.names(P0, from), Vec::<String>::new(), "{spell}");
    }
}

/// The check of `{D}` looks at the whole hand: on a budget of a quarter of a `BIG_PILE`
/// hand it stops with `OutOfFuel`; with the default budget the ability is paid for.
#[test]
fn a_discard_cost_pays_a_unit_per_card_of_the_hand() {
    let mut table = Table::with_cards(CARDS);
    for _ in 0..BIG_PILE {
        table.put("Filler", P0, HAND);
    }
    let wheel = table.put("Wheel", P0, BATTLEFIELD);
    let rules = table.rules_of(wheel);
    table.runtime.set_fuel(SMALL_BUDGET);
    let trap =
        table.runtime.activate(&mut table.board, wheel, rules, P0).expect_err("the hand is bigger than the budget");
    assert_eq!(trap.code, TrapCode::OutOfFuel);
    assert_eq!(table.board.players[0].life, 20, "nothing paid, nothing done");
    table.runtime.set_fuel(DEFAULT_FUEL);
    assert!(table.activate(wheel, P0));
    assert_eq!((table.board.players[0].life, table.board.names(P0, HAND).len()), (21, BIG_PILE - 1));
}

/// Bytes of the name `Watcher`'s trigger tests: a hundred units of fuel's worth at the
/// CFC builtins' 64 bytes a unit, within Wagic's 8,192-byte line.
const LONG_NAME: usize = 6_400;

/// `@movedto(<name>|mybattlefield)` tests each card that moves with `istype(card,
/// "<name>")`, which copies and compares the name: a 6,400-byte name costs 100 units,
/// more than a budget of 50, which the same test of a short name stays well within.
#[test]
fn a_trigger_testing_a_long_name_pays_for_its_bytes() {
    for (len, trapped) in [(LONG_NAME, true), (8, false)] {
        let watcher = format!(
            "[card]\nname=Watcher\nauto=@movedto({}|mybattlefield):life:1\ntype=Artifact\n[/card]\n",
            "a".repeat(len)
        );
        let mut table = Table::with_cards(&format!("{CARDS}{watcher}"));
        table.put("Watcher", P0, BATTLEFIELD);
        let filler = table.put("Filler", P0, HAND);
        table.runtime.set_fuel(50);
        table.board.move_to(filler, BATTLEFIELD);
        table.board.moved.clear();
        let movedto = table.runtime.event_index("movedto").expect("the catalogue has movedto");
        table.runtime.emit(Event::new(movedto, P0).with_object(Value::Card(filler)));
        let outcome = table.runtime.run_events(&mut table.board);
        match outcome {
            Err(trap) => assert!(trapped && trap.code == TrapCode::OutOfFuel, "{len}-byte name: {trap:?}"),
            Ok(outcome) => assert!(!trapped, "{len}-byte name on a budget of 50: {outcome:?}"),
        }
        assert_eq!(table.board.players[0].life, 20, "no card of that name moved");
    }
}

/// `token(...)*n` pays a unit per token made: on a budget of a quarter of `BIG_PILE` the
/// spell stops with `OutOfFuel`, having made no more tokens than the budget paid for; with
/// the default budget it makes every one.
#[test]
fn a_token_maker_pays_a_unit_per_token() {
    let mut table = Table::with_cards(CARDS);
    let swarm = table.put("Swarm", P0, HAND);
    let rules = table.rules_of(swarm);
    table.runtime.set_fuel(SMALL_BUDGET);
    let trap = table.runtime.activate(&mut table.board, swarm, rules, P0).expect_err("more tokens than the budget");
    assert_eq!(trap.code, TrapCode::OutOfFuel);
    let made = table.board.cards.iter().filter(|card| card.token).count();
    assert!(made > 0 && made <= SMALL_BUDGET as usize, "{made} tokens made on a budget of {SMALL_BUDGET}");

    let mut table = Table::with_cards(CARDS);
    let swarm = table.put("Swarm", P0, HAND);
    table.cast(swarm, P0);
    assert_eq!(table.board.names(P0, BATTLEFIELD).len(), BIG_PILE);
}
