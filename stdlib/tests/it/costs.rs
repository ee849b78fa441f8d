//! Cost components `F`, `S`, `D`.

use stdlib::names::{DISCARDS, HAND};
use vm::runtime::{Completion, Failure};

use crate::support::*;

#[test]
fn freeze_cost_sets_frozen_and_refuses_a_frozen_card() {
    let mut g = Game::new("action = {F}: hp(+100)");
    let me = g.host.character("Me", P0, 0, 500);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert!(g.host.card_ref("Me").frozen);
    assert_eq!(g.run(me, P0), Completion::Failure(Failure::CostNotPaid));
    assert_eq!(g.host.player(P0).hp, 3100);
}

#[test]
fn sacrifice_this_card() {
    let mut g = Game::new("action = {S}: hp(sacrificed.size * 100)");
    let me = g.host.character("Me", P0, 0, 500);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, DISCARDS), ["Me"]);
    assert_eq!(g.host.player(P0).hp, 3100);
}

#[test]
fn sacrifice_chosen_characters() {
    let mut g = Game::new("action = {S(<**>character@myRing)}: sp(sacrificed.size * 5)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("A", P0, 0, 500);
    g.host.character("B", P0, 1, 500);
    g.host.character("C", P0, 2, 500);
    let exec = suspended(g.activate(src, P0));
    assert_eq!(done(g.answer_cards(exec, &["A", "C"])), Completion::Success);
    assert_eq!(g.host.ring_names(P0), ["-", "B", "-", "-"]);
    assert_eq!(g.host.player(P0).sp, 20);
}

#[test]
fn sacrifice_with_no_candidate_is_not_payable() {
    let mut g = Game::new("action = {S(<**>character@myRing)}: sp(+5)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    assert_eq!(g.run(src, P0), Completion::Failure(Failure::CostNotPaid));
}

#[test]
fn discard_cost_counts_and_filters() {
    let mut g = Game::new("action = {D(2)}{F}: hp(discarded.size)");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.cards(&["a", "b", "c"], ACTION, P0, HAND);
    let exec = suspended(g.activate(me, P0));
    assert_eq!(done(g.answer_cards(exec, &["a", "c"])), Completion::Success);
    assert_eq!(g.host.pile_names(P0, HAND), ["b"]);
    assert_eq!(g.host.player(P0).hp, 3002);
    assert!(g.host.card_ref("Me").frozen);

    // Not enough cards: nothing paid, not even the F.
    let mut g = Game::new("action = {D(2)}{F}: hp(+1)");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.cards(&["a"], ACTION, P0, HAND);
    assert_eq!(g.run(me, P0), Completion::Failure(Failure::CostNotPaid));
    assert!(!g.host.card_ref("Me").frozen);
    assert_eq!(g.host.pile_names(P0, HAND), ["a"]);

    let mut g = Game::new("action = {D(reaction)}: hp(+1)");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.cards(&["a"], ACTION, P0, HAND);
    g.host.cards(&["r"], REACTION, P0, HAND);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, DISCARDS), ["r"]);
}

/// An auto's cost block is paid each time the auto runs, after its vars and before its
/// statements: `{F}` freezes the card, and a frozen card cannot pay again, so the second
/// time the auto does nothing.
#[test]
fn an_auto_pays_its_cost_each_time_it_runs() {
    let mut g = Game::new("auto = {F}: ~myEndPhase~ hp(+100)");
    let me = g.host.character("Me", P0, 0, 500);
    g.runtime.enter_play(&mut g.host, me, vm::bytecode::CardIdx(0)).unwrap();
    let end_phase = g.runtime.event_index("endPhase").unwrap();
    g.runtime.emit(vm::runtime::Event::new(end_phase, P0));
    assert_eq!(done(g.runtime.run_events(&mut g.host).unwrap()), Completion::Success);
    assert!(g.host.card_ref("Me").frozen, "paid with a freeze");
    assert_eq!(g.host.player(P0).hp, 3100);
    g.runtime.emit(vm::runtime::Event::new(end_phase, P0));
    g.runtime.run_events(&mut g.host).unwrap();
    assert_eq!(g.host.player(P0).hp, 3100, "a frozen card cannot pay: the auto does nothing");
    // An auto that needs a choice to pay asks for it.
    let mut g = Game::new("auto = {D}: ~myEndPhase~ hp(discarded.size)");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.cards(&["a", "b"], ACTION, P0, HAND);
    g.runtime.enter_play(&mut g.host, me, vm::bytecode::CardIdx(0)).unwrap();
    g.runtime.emit(vm::runtime::Event::new(end_phase, P0));
    let exec = suspended(g.runtime.run_events(&mut g.host).unwrap());
    assert_eq!(done(g.answer_cards(exec, &["b"])), Completion::Success);
    assert_eq!(g.host.pile_names(P0, HAND), ["a"]);
    assert_eq!(g.host.player(P0).hp, 3001);
}

/// Issue 16, defect 1: a choice of no card pays with no card. Before the fix an empty
/// answer was taken for "not asked" and every candidate was paid.
#[test]
fn choosing_no_card_to_discard_discards_nothing() {
    let mut g = Game::new("action = {D(<0,2>action)}: hp(discarded.size)");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.cards(&["a", "b", "c"], ACTION, P0, HAND);
    let exec = suspended(g.activate(me, P0));
    assert_eq!(done(g.answer_cards(exec, &[])), Completion::Success);
    assert_eq!(g.host.pile_names(P0, HAND), ["a", "b", "c"]);
    assert_eq!(g.host.player(P0).hp, 3000);
}

#[test]
fn choosing_no_character_to_sacrifice_sacrifices_nothing() {
    let mut g = Game::new("action = {S(<0,2>character@myRing)}: sp(sacrificed.size)");
    let src = g.host.card("Src", ACTION, P0, HAND);
    g.host.character("A", P0, 0, 500);
    g.host.character("B", P0, 1, 500);
    let exec = suspended(g.activate(src, P0));
    assert_eq!(done(g.answer_cards(exec, &[])), Completion::Success);
    assert_eq!(g.host.ring_names(P0), ["A", "B", "-", "-"]);
    assert_eq!(g.host.player(P0).sp, 10);
}

/// Without a choice the cost pays exactly what was checked: with a random pick, the card
/// paid is the one drawn at check time, not a second draw.
#[test]
fn a_cost_without_a_choice_pays_what_was_checked() {
    let mut g = Game::new("action = {D(<r>)}: hp(discarded.size)");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.cards(&["a", "b", "c", "d", "e", "f"], ACTION, P0, HAND);
    assert_eq!(g.run(me, P0), Completion::Success);
    assert_eq!(g.host.pile_names(P0, HAND).len(), 5, "exactly one card paid");
    assert_eq!(g.host.pile_names(P0, DISCARDS).len(), 1);
    assert_eq!(g.host.player(P0).hp, 3001);
}

/// `{D(0)}` would pay nothing: it is a compile error rather than a cost that guesses.
#[test]
fn a_zero_discard_cost_does_not_compile() {
    let mut session = compiler::session::Session::new(&stdlib::CATALOGUE);
    let mut bundle = vm::bytecode::BundleBuilder::new(&stdlib::CATALOGUE);
    let diagnostics = session.compile_card("zero", "action = {D(0)}: hp(+1)", &mut bundle);
    let codes: Vec<_> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["E0043"]);
}

/// Issue 29, defect 6: a trial that asks which cards to pay with, resumed with the
/// answer, stops where the costs would be paid, as it does when it asks nothing. Before
/// the fix the resumed execution forgot it was a trial: it discarded the card and added
/// the 100 HP.
#[test]
fn a_resumed_trial_pays_nothing_and_does_nothing() {
    let mut g = Game::new("action = {D(<0,2>action)}: hp(+100) to(me)");
    let me = g.host.character("Me", P0, 0, 500);
    g.host.cards(&["a", "b"], ACTION, P0, HAND);
    let exec = suspended(g.runtime.try_activation(&mut g.host, me, vm::bytecode::CardIdx(0), P0).expect("no trap"));
    assert_eq!(done(g.answer_cards(exec, &["a"])), Completion::Success);
    assert_eq!(g.host.pile_names(P0, HAND), ["a", "b"], "a trial discards nothing");
    assert!(g.host.pile_names(P0, DISCARDS).is_empty());
    assert_eq!(g.host.player(P0).hp, 3000, "a trial does not do the effect");
    // The activation itself, asked the same, pays and does it.
    let exec = suspended(g.activate(me, P0));
    assert_eq!(done(g.answer_cards(exec, &["a"])), Completion::Success);
    assert_eq!(g.host.pile_names(P0, HAND), ["b"]);
    assert_eq!(g.host.player(P0).hp, 3100);
}

/// `costs::check_from_facts` (what legality reads instead of running a trial) gives, cost
/// after cost, what a trial of the card gives: a failure exactly where a check fails, a
/// pass where one asks or all pay; for a frozen or ready card, in a ring or not, with 0 to
/// 4 cards in hand.
#[test]
fn checks_read_from_facts_answer_as_the_trial() {
    use stdlib::costs::{Checked, CostFacts, check_from_facts};
    for costs in ["{F}", "{S}", "{D}", "{D(2)}", "{D(3)}{F}", "{F}{D(2)}", "{S}{F}"] {
        for (in_ring, frozen, hand) in [true, false]
            .into_iter()
            .flat_map(|r| [true, false].into_iter().flat_map(move |f| (0..5).map(move |h| (r, f, h))))
        {
            let mut g = Game::new(&format!("action = {costs}: hp(+100)"));
            let me =
                if in_ring { g.host.character("Me", P0, 0, 500) } else { g.host.card("Me", CHARACTER, P0, DISCARDS) };
            g.host.cards[me.0 as usize].frozen = frozen;
            let names: Vec<String> = (0..hand).map(|i| format!("h{i}")).collect();
            g.host.cards(&names.iter().map(String::as_str).collect::<Vec<_>>(), ACTION, P0, HAND);
            let card = g.runtime.program().card(vm::bytecode::CardIdx(0)).expect("card 0").clone();
            let facts = CostFacts { frozen, in_ring, hand };
            let mut read = true;
            for cost in &card.actions[0].costs {
                match check_from_facts(cost, facts).expect("no filter") {
                    Checked::Pays => {}
                    Checked::Fails => {
                        read = false;
                        break;
                    }
                    Checked::Asks => break,
                }
            }
            g.host.cards[me.0 as usize].rules = Some(vm::bytecode::CardIdx(0));
            let outcome = g.runtime.try_activation(&mut g.host, me, vm::bytecode::CardIdx(0), P0).expect("no trap");
            let tried = !matches!(outcome, vm::runtime::Outcome::Done(Completion::Failure(Failure::CostNotPaid)));
            assert_eq!(read, tried, "{costs}, in a ring: {in_ring}, frozen: {frozen}, {hand} in hand: {outcome:?}");
        }
    }
}
