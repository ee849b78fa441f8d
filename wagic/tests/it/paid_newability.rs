//! `transforms((,newability[pay[[cost]] donothing?effect]))` given to another card (Mana
//! Leak's "counter target spell unless its controller pays {3}", Rhystic Deluge's "tap
//! target creature unless its controller pays {1}"): the transformed card's controller is
//! asked to pay, and the effect happens on that card unless they do. What it does to the
//! board (on the table, in Wagic's test format, whose `choice` answers the menu of the
//! spell resolving from its stack, and in whole games), its IR, and its refusals.

use std::sync::Arc;

use vm::bytecode::ZoneIdx;
use vm::runtime::{CardId, PlayerId, RequestKind, Value};
use wagic::catalogue::Command;
use wagic::host::WagicHost;
use wagic::play::{self, Options, Outcome, PlayerKind};
use wagic::runner::{self, Verdict};
use wagic::table::{BATTLEFIELD, EXILE, GRAVEYARD, HAND, Library, P0, P1, STACK, Step, Table};

use super::behaviour::test;
use super::board::Play;
use super::front::error_of;
use super::front_ir::ir_of;
use super::play::cards;

/// The cards of these tests, with Wagic's own lines of the paid ones.
const CARDS: &str = "[card]\nname=Mana Leak\ntarget=*|stack\n\
auto=transforms((,newability[pay[[{3}]] name(pay 3 mana) donothing?fizzle])) forever\n\
mana={1}{U}\ntype=Instant\n[/card]\n\
[card]\nname=Spiketail Hatchling\nabilities=flying\n\
auto={S}:name(counter spell) target(*|stack) transforms((,newability[pay[[{1}]] name(pay 1 mana) donothing?fizzle])) forever\n\
text=Flying -- Sacrifice Spiketail Hatchling: Counter target spell unless its controller pays {1}.\n\
mana={1}{U}\ntype=Creature\nsubtype=Drake\npower=1\ntoughness=1\n[/card]\n\
[card]\nname=Rhystic Deluge\n\
auto={U}:name(tap) target(creature) transforms((,newability[pay[[{1}]] name(pay 1 mana) donothing?tap])) forever\n\
mana={2}{U}\ntype=Enchantment\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Island\ntype=Basic Land\nsubtype=Island\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

fn library() -> Arc<Library> {
    Arc::new(Library::compile(&[("paid_newability.txt", CARDS.to_string())]).expect("the cards compile"))
}

/// Wagic's colourless mana, as the pool counts it.
const COLOURLESS: u16 = 5;

/// `player` activates `card` (casts it: an instant), choosing `target`, then answers
/// the `pay` question with `pays` when asked: who was asked to pay, if anyone.
fn use_on(table: &mut Table, card: CardId, player: PlayerId, target: CardId, pays: bool) -> Option<PlayerId> {
    let mut asked = None;
    let mut step = table.start(card, player).expect("it starts");
    // Bounded: the action, the target, the payment.
    for _ in 0..4 {
        let Step::Asks(execution) = step else { break };
        let request = execution.request();
        let answer = match request.kind {
            RequestKind::Action => Value::Int(0),
            RequestKind::Targets => Value::Card(target),
            RequestKind::Command(command, _) if command.index() == Command::Pay.index() => {
                asked = Some(request.chooser);
                Value::Bool(pays)
            }
            other => panic!("an unexpected question {other:?}"),
        };
        step = table.resume(execution, &[answer]).expect("the answer is taken");
    }
    assert!(matches!(step, Step::Done(_)), "{step:?}");
    table.settle();
    asked
}

/// A table where p0's Grizzly Bears wait on the stack, p0 has `pool` colourless mana, and
/// p1 holds `counter` (in hand, or on the battlefield).
fn bears_on_the_stack(counter: &str, zone: ZoneIdx, pool: i32) -> (Table, CardId, CardId) {
    let mut table = Table::with_cards(CARDS);
    let bears = table.add_card("Grizzly Bears", P0, STACK, -1).expect("the Bears");
    let counter = table.put(counter, P1, zone);
    table.board.add_mana(P0, COLOURLESS, pool);
    (table, bears, counter)
}

#[test]
fn mana_leak_counters_the_spell_unless_its_controller_pays_three() {
    // Paid: the Bears stay on the stack, and their controller's {3} is spent.
    let (mut table, bears, leak) = bears_on_the_stack("Mana Leak", HAND, 3);
    assert_eq!(use_on(&mut table, leak, P1, bears, true), Some(P0), "the Bears' controller is asked");
    assert_eq!(table.board.get(bears).map(|c| c.zone), Some(STACK));
    assert_eq!(table.board.mana(P0, COLOURLESS), 0);
    // Declined: the Bears are countered to their owner's graveyard, the {3} still there.
    let (mut table, bears, leak) = bears_on_the_stack("Mana Leak", HAND, 3);
    assert_eq!(use_on(&mut table, leak, P1, bears, false), Some(P0));
    assert_eq!(table.board.get(bears).map(|c| (c.zone, c.owner)), Some((GRAVEYARD, P0)));
    assert_eq!(table.board.mana(P0, COLOURLESS), 3);
    // Too dear: nobody is asked, and the Bears are countered.
    let (mut table, bears, leak) = bears_on_the_stack("Mana Leak", HAND, 2);
    assert_eq!(use_on(&mut table, leak, P1, bears, true), None);
    assert_eq!(table.board.get(bears).map(|c| c.zone), Some(GRAVEYARD));
    assert_eq!(table.board.mana(P0, COLOURLESS), 2);
}

#[test]
fn a_permanents_paid_new_ability_counters_or_taps_unless_paid() {
    // Spiketail Hatchling, sacrificed: the Bears are countered unless p0 pays {1}.
    let (mut table, bears, hatchling) = bears_on_the_stack("Spiketail Hatchling", BATTLEFIELD, 1);
    assert_eq!(use_on(&mut table, hatchling, P1, bears, false), Some(P0));
    assert_eq!(table.board.get(bears).map(|c| c.zone), Some(GRAVEYARD));
    assert_eq!(table.board.get(hatchling).map(|c| c.zone), Some(GRAVEYARD), "sacrificed");
    let (mut table, bears, hatchling) = bears_on_the_stack("Spiketail Hatchling", BATTLEFIELD, 1);
    assert_eq!(use_on(&mut table, hatchling, P1, bears, true), Some(P0));
    assert_eq!(table.board.get(bears).map(|c| c.zone), Some(STACK));
    // Rhystic Deluge: p0's Deluge taps p1's Bears unless p1 pays {1}, from p1's pool.
    let deluge = |p1_pool: i32, pays: bool| {
        let mut table = Table::with_cards(CARDS);
        let deluge = table.put("Rhystic Deluge", P0, BATTLEFIELD);
        let bears = table.put("Grizzly Bears", P1, BATTLEFIELD);
        table.board.add_mana(P0, 1, 1);
        table.board.add_mana(P1, COLOURLESS, p1_pool);
        let asked = use_on(&mut table, deluge, P0, bears, pays);
        (asked, table.board.get(bears).map(|c| c.tapped), table.board.mana(P1, COLOURLESS))
    };
    assert_eq!(deluge(1, true), (Some(P1), Some(false), 0));
    assert_eq!(deluge(1, false), (Some(P1), Some(true), 1));
    assert_eq!(deluge(0, true), (None, Some(true), 0));
}

#[test]
fn the_pay_asks_the_transformed_cards_controller_in_a_whole_game() {
    let library = library();
    let leaks = cards(&[(12, "Island"), (8, "Mana Leak"), (8, "Spiketail Hatchling")]);
    let bears = cards(&[(12, "Forest"), (16, "Grizzly Bears")]);
    let (mut asked, mut countered) = (0, 0);
    for seed in 0..8 {
        for players in [[PlayerKind::Greedy; 2], [PlayerKind::Random; 2]] {
            let options = Options { seed, turn_limit: 14, players };
            let played = play::play(&library, [&bears, &leaks], options);
            assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "{:?}", played.outcome);
            let events = played.events();
            for (at, text) in events.iter().enumerate() {
                let Some((who, rest)) = text.split_once(' ') else { continue };
                if rest.starts_with("pays {") || rest.starts_with("does not pay {") {
                    // Asked of the controller of the spell countered, which the last
                    // counter's line names (the Hatchling's own player may counter their
                    // own spell).
                    let counter = events[..at]
                        .iter()
                        .rev()
                        .find(|line| {
                            line.contains("Mana Leak targeting")
                                || (line.contains("Hatchling's ability") && line.contains(" targeting "))
                        })
                        .expect("a counter before the payment");
                    let controller = counter.rsplit_once(" (").map(|(_, rest)| rest.trim_end_matches(')'));
                    assert_eq!(Some(who), controller, "{:#?}", &events[..=at]);
                    asked += 1;
                }
                countered += usize::from(*text == "Grizzly Bears is countered");
            }
        }
    }
    assert!(asked > 0, "some Bears' caster was asked to pay");
    assert!(countered > 0, "some Bears were countered");
}

#[test]
fn a_paid_new_ability_is_the_pay_and_then_its_effect() {
    let leak = "target=*|stack\n\
                auto=transforms((,newability[pay[[{3}]] name(pay 3 mana) donothing?fizzle])) forever\ntype=Instant";
    assert_eq!(ir_of(leak), ["action[0]: - transforms,pay,fizzle ueot"]);
}

#[test]
fn paid_new_abilities_other_than_an_effect_unless_paid_are_refused() {
    let paid = "unsupported: transforms part `newability[pay[[cost]] ...]` other than `donothing?effect`";
    // "You may pay {1}: if you do, ..." (no `donothing?`).
    let may_pay = "target=*|stack\nauto=transforms((,newability[pay[[{1}]] fizzle]))\ntype=Instant";
    assert_eq!(error_of(may_pay).as_deref(), Some(paid));
    // Thassa's Rebuff's count is no cost the `pay` reads, nor an X where none was paid.
    for (cost, mana) in [("{value:type:manaU}", "{U}"), ("{value:storedx}", "{U}")] {
        let card = format!(
            "target=*|stack\nauto=transforms((,newability[pay[[{cost}]] donothing?fizzle])) forever\nmana={mana}\ntype=Instant"
        );
        assert_eq!(error_of(&card), Some(format!("unsupported: `pay` cost `{cost}`")), "{card}");
    }
    // An effect whose outcome depends on its source stays refused.
    assert_eq!(
        error_of("target=creature\nauto=transforms((,newability[pay[[{1}]] donothing?damage:2]))\ntype=Instant")
            .as_deref(),
        Some("unsupported: transforms part `newability[damage...]` other than one effect on the card")
    );
}

#[test]
fn a_paid_new_ability_given_to_several_cards_is_refused() {
    // Cut the Tethers asks each Spirit's controller: the `pay` asks once.
    let several = "unsupported: `newability[pay[[cost]] ...]` given to several cards";
    for card in [
        "auto=all(spirit) transforms((,newability[pay[[{3}]] donothing?moveto(ownerhand)])) forever\ntype=Sorcery",
        "target=<2>creature\nauto=transforms((,newability[pay[[{1}]] donothing?tap])) forever\ntype=Instant",
        "auto={T}:target(<upto:2>creature) transforms((,newability[pay[[{1}]] donothing?tap]))\ntype=Artifact",
    ] {
        assert_eq!(error_of(card).as_deref(), Some(several), "{card}");
    }
    // A trigger's card, the card itself: one card each.
    for card in [
        "auto=@movedto(*|stack):all(trigger[to]) transforms((,newability[pay[[{3}]] donothing?fizzle])) forever\n\
         type=Enchantment",
        "auto=transforms((,newability[pay[[{1}]] donothing?sacrifice])) forever\ntype=Creature",
    ] {
        assert_eq!(error_of(card), None, "{card}");
    }
}

#[test]
fn syncopates_x_is_the_x_paid_for_it() {
    let syncopate = "[card]\nname=Syncopate\ntarget=*|stack\n\
        auto=transforms((,newability[pay[[{value:storedx}]] name(pay {value} mana) donothing?fizzleto(exile)])) forever\n\
        mana={X}{U}\ntype=Instant\n[/card]\n";
    let cards = format!("{CARDS}{syncopate}");
    // X = 3: with {3} the Bears' controller pays it; with {2} the Bears are exiled unasked.
    for (pool, asked, zone) in [(3, Some(P0), STACK), (2, None, EXILE)] {
        let mut table = Table::with_cards(&cards);
        let bears = table.add_card("Grizzly Bears", P0, STACK, -1).expect("the Bears");
        let syncopate = table.put("Syncopate", P1, HAND);
        table.board.add_mana(P0, COLOURLESS, pool);
        // The X paid for Syncopate: 3.
        table.board.x_paid = 3;
        let mut seen = None;
        let mut step = table.start(syncopate, P1).expect("it starts");
        for _ in 0..4 {
            let Step::Asks(execution) = step else { break };
            let request = execution.request();
            let answer = match request.kind {
                RequestKind::Targets => Value::Card(bears),
                RequestKind::Command(command, _) if command.index() == Command::Pay.index() => {
                    seen = Some(request.chooser);
                    Value::Bool(true)
                }
                other => panic!("an unexpected question {other:?}"),
            };
            step = table.resume(execution, &[answer]).expect("the answer is taken");
        }
        assert!(matches!(step, Step::Done(_)), "{step:?}");
        table.settle();
        assert_eq!(seen, asked, "with {pool} mana");
        assert_eq!(table.board.get(bears).map(|c| c.zone), Some(zone), "with {pool} mana");
        assert_eq!(table.board.mana(P0, COLOURLESS), if asked.is_some() { 0 } else { pool });
    }
}

/// P1 casts Grizzly Bears with `pool`, P2 answers with Mana Leak, then `answer`: Wagic's
/// test of it.
fn leaked(pool: &str, answer: &str, expected: &str) -> String {
    test(
        &format!("[PLAYER1]\nhand:Grizzly Bears\nmanapool:{pool}\n[PLAYER2]\nhand:Mana Leak\nmanapool:{{1}}{{U}}\n"),
        &format!("Grizzly Bears\nno\nyes\nMana Leak\nGrizzly Bears\n{answer}"),
        expected,
    )
}

#[test]
fn wagics_tests_answer_mana_leaks_menu_as_it_resolves_from_the_stack() {
    let verdict = |test: &str| runner::run(&library(), &wagic::testfile::read(test).expect("a test"));
    // `choice 0` pays: the Bears resolve, and the {3} is gone from their caster's pool.
    let paid = leaked(
        "{1}{G}{3}",
        "choice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears\n[PLAYER2]\ngraveyard:Mana Leak\n",
    );
    assert_eq!(verdict(&paid), Verdict::Passed);
    let unspent = leaked(
        "{1}{G}{3}",
        "choice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ninplay:Grizzly Bears\nmanapool:{3}\n[PLAYER2]\ngraveyard:Mana Leak\n",
    );
    assert_ne!(verdict(&unspent), Verdict::Passed, "the {{3}} paid is spent");
    // `choice 1` declines: the Bears are countered, the {3} still in the pool.
    let declined = leaked(
        "{1}{G}{3}",
        "choice 1\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Grizzly Bears\nmanapool:{3}\n[PLAYER2]\ngraveyard:Mana Leak\n",
    );
    assert_eq!(verdict(&declined), Verdict::Passed);
    // A wrong board fails: paid, the Bears are not countered.
    let wrong = leaked(
        "{1}{G}{3}",
        "choice 0\n",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Grizzly Bears\n[PLAYER2]\ngraveyard:Mana Leak\n",
    );
    assert_ne!(verdict(&wrong), Verdict::Passed);
    // Too dear: no menu, the Bears are countered as the moves end.
    let unpayable = leaked(
        "{1}{G}{2}",
        "",
        "FIRSTMAIN\n[PLAYER1]\ngraveyard:Grizzly Bears\nmanapool:{2}\n[PLAYER2]\ngraveyard:Mana Leak\n",
    );
    assert_eq!(verdict(&unpayable), Verdict::Passed);
}
