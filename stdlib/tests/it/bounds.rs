//! The runtime's bounds on compiled cards (issue 16): one fuel budget covers a whole
//! cascade of dispatched autos, `each` binds in constant space per element, and a command
//! over a whole pile pays fuel per card.

use stdlib::names::{DECK, DISCARDS, REMOVED};
use vm::bytecode::CardIdx;
use vm::runtime::{Completion, Outcome, TrapCode};

use crate::support::*;

/// Two cards whose `beforeDamage` autos each deal damage again: each level of the cascade
/// runs both, so the work doubles per 100 HP. `HP` decides the depth.
fn doubling_cascade(hp: i32) -> (Game, Result<Outcome, vm::runtime::Trap>) {
    let auto = "auto = ~beforeDamage~ [[if me.hp > 100]] hp(-100) & damage(0) & hp(+100) to(me)";
    let mut g = Game::with(&[auto, "action = damage(0) to(me)"]);
    for name in ["First", "Second"] {
        let card = g.host.card(name, ACTION, P0, DECK);
        g.runtime.enter_play(&mut g.host, card, CardIdx(0)).unwrap();
    }
    let src = g.host.card("Blast", ACTION, P0, DECK);
    g.host.player_mut(P0).hp = hp;
    let outcome = g.runtime.activate(&mut g.host, src, CardIdx(1), P0);
    (g, outcome)
}

#[test]
fn a_shallow_dispatch_cascade_completes() {
    let (g, outcome) = doubling_cascade(400);
    assert_eq!(outcome.expect("no trap").done(), Some(Completion::Success));
    assert_eq!(g.host.player(P0).hp, 400, "every auto gave back what it took");
}

/// Issue 16, defect 4: before the fix each dispatched auto got a fresh budget, so 16
/// levels ran 2^16 autos (about half a million host calls); now the cascade shares the
/// activation's budget and stops with `OutOfFuel`.
#[test]
fn a_branching_dispatch_cascade_runs_on_one_budget() {
    let (g, outcome) = doubling_cascade(1700);
    let trap = outcome.expect_err("the cascade needs more than one budget");
    assert_eq!(trap.code, TrapCode::OutOfFuel);
    assert!(g.host.log.len() < 100_000, "{} host calls for one activation", g.host.log.len());
}

/// Issue 16, defect 6: each binding of `each` used to copy every earlier binding, so 300
/// cards overflowed the execution's lists after 254.
#[test]
fn each_over_three_hundred_cards_binds_them_all() {
    let mut g = Game::new("action = each(card in me.deck => trash())");
    let me = g.host.character("Me", P0, 0, 500);
    let names: Vec<String> = (0..300).map(|i| format!("c{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    g.host.cards(&names, ACTION, P0, DECK);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert!(g.host.pile_names(P0, DECK).is_empty());
    assert_eq!(g.host.pile_names(P0, DISCARDS).len(), 300);
}

/// Found by fuzzing: a builtin that moves whole piles cost one unit of fuel however many
/// cards it moved, so `swapPiles` in a loop moved hundreds of thousands of cards on one
/// budget. Each card read from a pile now costs a unit: 400 swaps of 400 cards (160,000
/// card moves) need more than the default budget.
#[test]
fn a_loop_over_whole_pile_commands_runs_out_of_fuel() {
    let mut g = Game::new("action = each(card in me.deck => swapPiles(deck, removed))");
    let me = g.host.character("Me", P0, 0, 500);
    let names: Vec<String> = (0..400).map(|i| format!("c{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    g.host.cards(&names, ACTION, P0, DECK);
    g.host.take_log();
    let trap = g.runtime.activate(&mut g.host, me, CardIdx(0), P0).expect_err("the loop needs more than one budget");
    assert_eq!(trap.code, TrapCode::OutOfFuel);
    let moved = g.host.take_log().len();
    assert!(moved <= vm::runtime::DEFAULT_FUEL as usize, "{moved} host calls on one budget");
    assert_eq!(g.host.pile_names(P0, DECK).len() + g.host.pile_names(P0, REMOVED).len(), 400, "no card lost");
}

/// The same loop over a small pile stays well within the budget and ends where it should:
/// an even number of swaps leaves the deck where it was.
#[test]
fn a_loop_over_whole_pile_commands_within_the_budget_completes() {
    let mut g = Game::new("action = each(card in me.deck => swapPiles(deck, removed))");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.cards(&["a", "b", "c", "d"], ACTION, P0, DECK);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, DECK), ["a", "b", "c", "d"]);
    assert!(g.host.pile_names(P0, REMOVED).is_empty());
}

/// Cards in the piles of the loops below: each pass over one is far more work than the
/// unit or two a loop's turn pays, and the loops run one turn per card.
const BIG_PILE: usize = 2_000;

/// `Me` (a character in `P0`'s ring) runs `source` with `P0`'s deck holding `BIG_PILE`
/// actions (and, with `opp_hand`, `P1`'s hand as many): what it ends with, and how many
/// cards the board's primitives read while it ran.
fn run_over_big_piles(source: &str, opp_hand: bool) -> (Game, Result<Outcome, vm::runtime::Trap>, u64) {
    let mut g = Game::new(source);
    let me = g.host.character("Me", P0, 0, 500);
    let names: Vec<String> = (0..BIG_PILE).map(|i| format!("c{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    g.host.cards(&names, ACTION, P0, DECK);
    if opp_hand {
        let names: Vec<String> = (0..BIG_PILE).map(|i| format!("h{i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        g.host.cards(&names, ACTION, P1, stdlib::names::HAND);
    }
    g.host.take_log();
    g.host.cards_read = 0;
    let outcome = g.runtime.activate(&mut g.host, me, CardIdx(0), P0);
    let read = g.host.cards_read;
    (g, outcome, read)
}

/// A loop whose every turn reads a whole pile stops with `OutOfFuel` once it has read
/// about a budget's worth of cards: one unit per card, and at most one pile read past the
/// budget (the one whose charge found the budget spent).
fn assert_bounded_by_the_budget(outcome: Result<Outcome, vm::runtime::Trap>, read: u64) {
    let trap = outcome.expect_err("the loop reads far more cards than one budget pays for");
    assert_eq!(trap.code, TrapCode::OutOfFuel);
    let bound = vm::runtime::DEFAULT_FUEL + 2 * BIG_PILE as u64;
    assert!(read <= bound, "{read} cards read on a budget of {}", vm::runtime::DEFAULT_FUEL);
}

/// Session 34's gap: `getTargets` of a quoted filter listed and tested its whole zone for
/// the unit of the call, so this loop read 4,000,000 cards on one budget and completed.
#[test]
fn get_targets_of_a_quoted_filter_in_a_loop_pays_for_its_zone() {
    let source = r#"action = each(card in me.deck => hp(getTargets('"x"s@myDeck').size))"#;
    let (_, outcome, read) = run_over_big_piles(source, false);
    assert_bounded_by_the_budget(outcome, read);
}

/// The resolver charged one unit per 64 candidates its type test kept, nothing for the
/// cards it looked at: a filter that keeps none of a big zone (no reaction in a deck of
/// actions) was searched again and again for the unit of the statement.
#[test]
fn a_target_filter_in_a_loop_pays_for_the_cards_it_searches() {
    let source = "action = each(card in me.deck => discard(reactions@myDeck))";
    let (_, outcome, read) = run_over_big_piles(source, false);
    assert_bounded_by_the_budget(outcome, read);
}

/// `me.deck` lists the deck for the unit of nothing: once the execution's list arena was
/// full the host still read the deck at each turn (and answered nil), so the loop read
/// 4,000,000 cards and completed. A list a host makes now costs a unit per element,
/// refused or not.
#[test]
fn a_pile_attribute_in_a_loop_pays_for_the_pile() {
    let source = "action = each(card in me.deck => hp(me.deck.size))";
    let (_, outcome, read) = run_over_big_piles(source, false);
    assert_bounded_by_the_budget(outcome, read);
}

/// `shuffle` moved every card of the deck for the unit of the call.
#[test]
fn a_shuffle_in_a_loop_pays_for_the_pile() {
    let (_, outcome, read) = run_over_big_piles("action = each(card in me.deck => shuffle())", false);
    assert_bounded_by_the_budget(outcome, read);
}

/// `peek` showed the opponent's whole hand for the unit of the call (`reveal(hand)` paid
/// for it).
#[test]
fn a_peek_in_a_loop_pays_for_the_hand_it_shows() {
    let (_, outcome, read) = run_over_big_piles("action = each(card in me.deck => peek())", true);
    assert_bounded_by_the_budget(outcome, read);
}

/// `max` of a list read the whole list for the unit of the call: every turn of this loop
/// reads the 2,000 cards of `_cards` (no host call: the log counts the turns, one `hp`
/// each).
#[test]
fn max_of_a_list_in_a_loop_pays_for_the_list() {
    let source = "vars = _cards := me.deck\naction = each(card in _cards => hp(+1) & hp(max(_cards)))";
    let (g, outcome, _) = run_over_big_piles(source, false);
    let trap = outcome.expect_err("the loop reads far more elements than one budget pays for");
    assert_eq!(trap.code, TrapCode::OutOfFuel);
    let turns = g.host.log.iter().filter(|line| line.starts_with("set p0.hp")).count();
    let read = (turns * BIG_PILE) as u64;
    assert!(read <= vm::runtime::DEFAULT_FUEL + BIG_PILE as u64, "{turns} turns read {read} elements");
}

/// Autos in play on an event nobody emits here: each dispatch looks through their
/// subscriptions to find the one auto it runs.
const IDLE_AUTOS: usize = 1_000;

/// `damage` to a player dispatches `beforeDamage` at once, and selecting its autos looked
/// through every subscription in play for the unit of the call: with a thousand idle
/// autos this loop made 2,000,000 subscription tests on one budget and completed. Each
/// dispatch now pays a unit per subscription.
#[test]
fn a_dispatch_in_a_loop_pays_for_the_subscriptions_it_looks_through() {
    let mut g = Game::with(&[
        "action = each(card in me.deck => damage(0)) to(me)",
        "auto = ~beforeDamage~ [[if me.hp > 999999]] hp(+1)",
        "auto = ~myEndPhase~ hp(+1)",
    ]);
    let listener = g.host.card("Listener", ACTION, P0, DECK);
    g.runtime.enter_play(&mut g.host, listener, CardIdx(1)).unwrap();
    for i in 0..IDLE_AUTOS {
        let idle = g.host.card(&format!("idle{i}"), ACTION, P1, REMOVED);
        g.runtime.enter_play(&mut g.host, idle, CardIdx(2)).unwrap();
    }
    let src = g.host.card("Blast", ACTION, P0, REMOVED);
    let names: Vec<String> = (0..BIG_PILE).map(|i| format!("c{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    g.host.cards(&names, ACTION, P0, DECK);
    g.host.take_log();
    let trap = g.runtime.activate(&mut g.host, src, CardIdx(0), P0).expect_err("far more than one budget's work");
    assert_eq!(trap.code, TrapCode::OutOfFuel);
    // One `set p0.hp` per turn, from the damage.
    let turns = g.host.log.iter().filter(|line| line.starts_with("set p0.hp")).count();
    assert!(turns > 0, "the loop ran");
    let tests = (turns * (IDLE_AUTOS + 1)) as u64;
    assert!(tests <= vm::runtime::DEFAULT_FUEL + IDLE_AUTOS as u64, "{turns} dispatches made {tests} tests");
}

/// The same for an event queued rather than dispatched at once: each `powerless` that
/// `copyAbility` emits will be looked up in every subscription when the queue drains, and
/// used to be queued for the unit of the call (2,000,000 tests for one budget). Emitting
/// an event some auto hears now pays for the subscriptions its drain looks through.
#[test]
fn an_emit_in_a_loop_pays_for_the_subscriptions_its_drain_looks_through() {
    let mut g = Game::with(&[
        "action = each(card in me.deck => copyAbility(this)) target(this)",
        "auto = ~anyPowerless~ [[if me.hp > 999999]] hp(+1)",
        "auto = ~myEndPhase~ hp(+1)",
    ]);
    let me = g.host.character("Me", P0, 0, 500);
    g.host.card_mut("Me").rules = Some(CardIdx(0));
    let listener = g.host.card("Listener", ACTION, P0, REMOVED);
    g.runtime.enter_play(&mut g.host, listener, CardIdx(1)).unwrap();
    for i in 0..IDLE_AUTOS {
        let idle = g.host.card(&format!("idle{i}"), ACTION, P1, REMOVED);
        g.runtime.enter_play(&mut g.host, idle, CardIdx(2)).unwrap();
    }
    let names: Vec<String> = (0..BIG_PILE).map(|i| format!("c{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    g.host.cards(&names, ACTION, P0, DECK);
    g.host.take_log();
    let trap = g.runtime.activate(&mut g.host, me, CardIdx(0), P0).expect_err("far more than one budget's work");
    assert_eq!(trap.code, TrapCode::OutOfFuel);
    // One `rules Me = ...` per turn, each emitting one `powerless`.
    let turns = g.host.log.iter().filter(|line| line.starts_with("rules Me")).count();
    assert!(turns > 0, "the loop ran");
    let tests = (turns * (IDLE_AUTOS + 1)) as u64;
    assert!(tests <= vm::runtime::DEFAULT_FUEL + IDLE_AUTOS as u64, "{turns} events queued for {tests} tests");
}

/// Loop bodies whose work grows with a pile: every builtin that reads, moves, shows,
/// searches or copies a pile, hand or list, and the runtime's own pile reads.
const PILE_WORK: &[&str] = &[
    "draw(2)",
    "trash(3)",
    "rndDiscard(1)",
    "swapPiles(deck, removed)",
    "movePile(deck, discards)",
    "moveRevealedTo(removed)",
    "reveal(deck)",
    "reveal(oppHand)",
    "peek()",
    "shuffle()",
    "shuffle(oppHand)",
    "discard(reactions@myDeck)",
    "discard(actions@oppHand)",
    "hp(getTargets('\"x\"s@myDeck').size)",
    "hp(getTargets('actions@oppHand').size)",
    "hp(me.deck.size)",
    "hp(opp.hand.size)",
    "hp(max(me.deck))",
    "hp(min(opp.hand))",
];

/// What the board did for a run: the cards its primitives read, and the primitives that
/// changed it (one log line each).
fn board_work(host: &RecordingBoard) -> u64 {
    host.cards_read + host.log.len() as u64
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// The general guarantee: whatever builtin a loop calls, over piles of any size, the
    /// board's work is at most a constant times the budget, plus what one turn past the
    /// budget may do (a few passes over every card). Without the charges of this branch
    /// a loop of any of the bodies above did its pile's size in work per turn.
    #[test]
    fn the_work_of_a_loop_of_builtins_is_bounded_by_its_budget(
        body in proptest::sample::select(PILE_WORK),
        deck in 0usize..1_500,
        hand in 0usize..400,
        budget in 200u64..20_000,
    ) {
        let mut g = Game::new(&format!("action = each(card in me.deck => {body})"));
        let me = g.host.character("Me", P0, 0, 500);
        let names: Vec<String> = (0..deck).map(|i| format!("d{i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        g.host.cards(&names, ACTION, P0, DECK);
        let names: Vec<String> = (0..hand).map(|i| format!("h{i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        g.host.cards(&names, ACTION, P1, stdlib::names::HAND);
        g.host.take_log();
        g.host.cards_read = 0;
        g.runtime.set_fuel(budget);
        let _ = g.runtime.activate(&mut g.host, me, CardIdx(0), P0);
        let work = board_work(&g.host);
        let cards = (deck + hand) as u64;
        proptest::prop_assert!(
            work <= 4 * budget + 4 * cards + 100,
            "`{body}` over {deck} + {hand} cards: {work} on a budget of {budget}"
        );
    }
}

/// Bytes of the strings below: each read of one is far more work than the unit of a call.
const LONG_TEXT: usize = 64_000;

/// `Me` runs `body` once per card of a deck of `BIG_PILE` (each turn first adds 1 to
/// `P0`'s HP): how many turns ran before it ended (the HP values logged), and how it
/// ended.
fn turns_of(body: &str) -> (usize, Result<Outcome, vm::runtime::Trap>) {
    let source = format!("action = each(card in me.deck => hp(+1) & {body})");
    let (g, outcome, _) = run_over_big_piles(&source, false);
    let values: std::collections::BTreeSet<&String> =
        g.host.log.iter().filter(|line| line.starts_with("set p0.hp")).collect();
    (values.len(), outcome)
}

/// A string read at run time pays a unit per 64 bytes: `transform("<id>")` copied its
/// model id and had the game look it up, and `getTargets('<text>')` parsed its text, for
/// the unit of the call, so these loops read 128,000,000 bytes on one budget.
#[test]
fn long_strings_read_in_a_loop_pay_by_the_byte() {
    let id = "x".repeat(LONG_TEXT);
    for body in [format!("transform(\"{id}\")"), format!("hp(getTargets('\"{id}\"s@myRemoved').size)")] {
        let (turns, outcome) = turns_of(&body);
        assert!(turns > 0, "the loop ran");
        let trap = outcome.expect_err("the loop reads far more text than one budget pays for");
        assert_eq!(trap.code, TrapCode::OutOfFuel);
        let read = (turns * LONG_TEXT / 64) as u64;
        assert!(
            read <= vm::runtime::DEFAULT_FUEL + (LONG_TEXT / 64) as u64,
            "{turns} turns of `{}` read {read} x 64 bytes",
            &body[..12]
        );
    }
}
