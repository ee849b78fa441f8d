//! `Runtime::enter_play_hearing`: a card put in play with some of its autos only (a Magic
//! card's abilities in its owner's graveyard, its first autos, apart from its others).

use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

/// One card with `pierce`, an auto on the end phase running `a`, an event-less one running
/// `b` and another on the end phase running `c`.
fn three_autos() -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut card = Card::new(bundle.intern("card"));
    card.abilities.push(PIERCE);
    for (body, event) in [("a", Some(END_PHASE)), ("b", None), ("c", Some(END_PHASE))] {
        let mut code = CodeBuilder::new();
        chain(&mut code, body);
        code.emit(Instr::Return {});
        let entry = bundle.add_entry(code);
        card.autos.push(match event {
            Some(event) => auto_on(event, None, None, false, entry),
            None => Auto { costs: Vec::new(), hook: false, events: vec![], entry },
        });
    }
    bundle.add_card(card, "card.rules");
    load(bundle)
}

/// What the card runs as it enters with `hearing`, then on an end phase; whether it has
/// `pierce` meanwhile.
fn heard(hearing: Hearing) -> (Vec<String>, Vec<String>, bool) {
    let mut rt = runtime(three_autos());
    let mut host = TestHost::new();
    let card = host.add("card", P0, RING, 500);
    rt.enter_play_hearing(&mut host, card, CardIdx(0), hearing).unwrap();
    let pierce = host.has_ability(Value::Card(card), PIERCE);
    assert_eq!(rt.run_events(&mut host).expect("no trap").done(), Some(Completion::Success));
    let entering = host.commands();
    rt.emit(Event::new(END_PHASE, P0));
    assert_eq!(rt.run_events(&mut host).expect("no trap").done(), Some(Completion::Success));
    (entering, host.commands(), pierce)
}

#[test]
fn a_card_enters_play_with_the_autos_its_hearing_keeps() {
    let all = heard(Hearing::Everything);
    assert_eq!(all, (vec!["b".to_string()], vec!["a".to_string(), "c".to_string()], true));
    // The first two autos alone, without its permanent abilities.
    assert_eq!(heard(Hearing::Before(2)), (vec!["b".to_string()], vec!["a".to_string()], false));
    // The others alone, with its permanent abilities.
    assert_eq!(heard(Hearing::From(2)), (Vec::new(), vec!["c".to_string()], true));
    // `From(0)` is everything.
    assert_eq!(heard(Hearing::From(0)), all);
    // The second and third alone, without its permanent abilities.
    assert_eq!(heard(Hearing::Between(1, 3)), (vec!["b".to_string()], vec!["c".to_string()], false));
    assert_eq!(heard(Hearing::Between(2, 2)), (Vec::new(), Vec::new(), false));
}
