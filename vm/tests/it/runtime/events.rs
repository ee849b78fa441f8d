//! Events and hooks: subscription on entering play, unsubscription on leaving, selection
//! by prefix and suffix, registration order, `once`, event payloads bound per execution,
//! event-less autos, hooks, an auto that retriggers itself, and continuous autos.

use vm::bytecode::*;
use vm::runtime::*;

use super::support::*;

/// One auto: `(event, prefix, suffix, hook, body chain)`.
type AutoSpec<'a> = (EventIdx, Option<EventPrefixIdx>, Option<EventSuffixIdx>, bool, &'a str);

/// One card per auto.
fn cards(autos: &[AutoSpec<'_>]) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for (i, &(event, prefix, suffix, hook, body)) in autos.iter().enumerate() {
        let mut code = CodeBuilder::new();
        chain(&mut code, body);
        code.emit(Instr::Return {});
        let entry = bundle.add_entry(code);
        let mut card = Card::new(bundle.intern(&format!("card{i}")));
        card.autos.push(auto_on(event, prefix, suffix, hook, entry));
        bundle.add_card(card, &format!("card{i}.rules"));
    }
    load(bundle)
}

/// One card `card` whose auto on `event` (with `prefix` and `suffix`) runs
/// `damage(amount) to(trigger)`.
fn damaging_the_trigger(
    event: EventIdx,
    prefix: Option<EventPrefixIdx>,
    suffix: Option<EventSuffixIdx>,
    amount: i32,
) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut code = CodeBuilder::new();
    emit_damage_to_variable(&mut code, VAR_TRIGGER, amount);
    code.emit(Instr::Return {});
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("card"));
    card.autos.push(auto_on(event, prefix, suffix, false, entry));
    bundle.add_card(card, "card.rules");
    load(bundle)
}

/// A runtime of `program` and a host with a card of P0's for each of its cards, every one
/// entered into play in card order.
fn all_in_play(program: Program) -> (Runtime<TestHost>, TestHost) {
    let count = program.cards().len();
    let mut rt = runtime(program);
    let mut host = TestHost::new();
    for i in 0..count {
        let card = host.add("card", P0, RING, 500);
        rt.enter_play(&mut host, card, CardIdx::new(i)).unwrap();
    }
    (rt, host)
}

/// A runtime of `program` (two cards) and a host with a card of P0's for each, the second
/// entered into play before the first; with the two cards in card order.
fn second_entered_first(program: Program) -> (Runtime<TestHost>, TestHost, [CardId; 2]) {
    let mut rt = runtime(program);
    let mut host = TestHost::new();
    let first = host.add("first", P0, RING, 500);
    let second = host.add("second", P0, RING, 500);
    rt.enter_play(&mut host, second, CardIdx(1)).unwrap();
    rt.enter_play(&mut host, first, CardIdx(0)).unwrap();
    (rt, host, [first, second])
}

fn drain(rt: &mut Runtime<TestHost>, host: &mut TestHost) {
    let outcome = rt.run_events(host).expect("no trap");
    assert_eq!(outcome.done(), Some(Completion::Success));
}

#[test]
fn autos_listen_while_in_play_in_registration_order() {
    let program = cards(&[(END_PHASE, None, None, false, "a"), (END_PHASE, None, None, false, "b")]);
    // Registration order, not card order: the second card enters first.
    let (mut rt, mut host, [first, second]) = second_entered_first(program);
    rt.emit(Event::new(END_PHASE, P0));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["b", "a"]);
    rt.leave_play(&mut host, second);
    rt.emit(Event::new(END_PHASE, P0));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a"]);
    // Entering twice subscribes once.
    rt.enter_play(&mut host, first, CardIdx(0)).unwrap();
    rt.emit(Event::new(END_PHASE, P0));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a"]);
}

#[test]
fn prefixes_compare_the_event_player_with_the_controller() {
    let program = cards(&[
        (END_PHASE, None, None, false, "a"),
        (END_PHASE, Some(PREFIX_OPP), None, false, "b"),
        (END_PHASE, Some(EventPrefixIdx(2)), None, false, "c"),
    ]);
    let (mut rt, mut host) = all_in_play(program);
    rt.emit(Event::new(END_PHASE, P0));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a", "c"]);
    rt.emit(Event::new(END_PHASE, P1));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["b", "c"]);
}

#[test]
fn object_events_match_this_card_unless_any() {
    let program = cards(&[(ATTACKS, None, None, false, "a"), (ATTACKS, None, Some(EventSuffixIdx(1)), false, "b")]);
    let mut rt = runtime(program);
    let mut host = TestHost::new();
    let first = host.add("first", P0, RING, 500);
    let second = host.add("second", P1, RING, 500);
    rt.enter_play(&mut host, first, CardIdx(0)).unwrap();
    rt.enter_play(&mut host, second, CardIdx(1)).unwrap();
    rt.emit(Event::new(ATTACKS, P0).with_object(Value::Card(first)));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a", "b"]);
    rt.emit(Event::new(ATTACKS, P0).with_object(Value::Card(second)));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["b"]);
}

#[test]
fn once_fires_once() {
    let program = cards(&[(END_PHASE, None, Some(SUFFIX_ONCE), false, "a")]);
    let (mut rt, mut host) = all_in_play(program);
    for _ in 0..2 {
        rt.emit(Event::new(END_PHASE, P0));
        drain(&mut rt, &mut host);
    }
    assert_eq!(host.commands(), vec!["a"]);
}

/// The runtime passes over the events no card listens to without looking at the
/// subscriptions (`World::listened`), and that is decided when the queue is drained: an
/// event queued before its listener entered play reaches it, a `once` auto that fired
/// leaves its event to the other listeners, and an event whose listener left runs nothing.
#[test]
fn events_reach_the_listeners_in_play_when_drained() {
    let program = cards(&[(END_PHASE, None, Some(SUFFIX_ONCE), false, "a"), (END_PHASE, None, None, false, "b")]);
    let mut rt = runtime(program);
    let mut host = TestHost::new();
    let first = host.add("first", P0, RING, 500);
    let second = host.add("second", P0, RING, 500);
    rt.emit(Event::new(END_PHASE, P0));
    rt.enter_play(&mut host, first, CardIdx(0)).unwrap();
    rt.enter_play(&mut host, second, CardIdx(1)).unwrap();
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a", "b"]);
    rt.emit(Event::new(END_PHASE, P0));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["b"]);
    rt.leave_play(&mut host, second);
    rt.emit(Event::new(END_PHASE, P0));
    assert!(!rt.is_idle());
    drain(&mut rt, &mut host);
    assert!(host.commands().is_empty());
    assert!(rt.is_idle());
}

/// `~attacks~ damage(100) to(trigger)`: the event's payload is bound for that run only.
#[test]
fn event_bindings_are_per_execution() {
    let mut rt = runtime(damaging_the_trigger(END_PHASE, Some(EventPrefixIdx(2)), None, 100));
    let mut host = TestHost::new();
    let card = host.add("card", P0, RING, 500);
    let victim = host.add("victim", P1, RING, 500);
    rt.enter_play(&mut host, card, CardIdx(0)).unwrap();
    rt.emit(Event::new(END_PHASE, P0).bind(VAR_TRIGGER, Value::Card(victim)));
    rt.emit(Event::new(END_PHASE, P1));
    drain(&mut rt, &mut host);
    // The second run has no trigger: `damage` gets no targets and does nothing.
    assert_eq!(host.commands(), vec!["damage Card(CardId(1)) 100"]);
}

#[test]
fn autos_without_events_run_when_the_card_enters() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let mut code = CodeBuilder::new();
    chain(&mut code, "a");
    code.emit(Instr::Return {});
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("card"));
    card.abilities.push(PIERCE);
    card.autos.push(Auto { costs: Vec::new(), hook: false, events: vec![], entry });
    bundle.add_card(card, "card.rules");
    let mut rt = runtime(load(bundle));
    let mut host = TestHost::new();
    let card = host.add("card", P0, RING, 500);
    rt.enter_play(&mut host, card, CardIdx(0)).unwrap();
    assert!(host.has_ability(Value::Card(card), PIERCE));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a"]);
    rt.enter_play(&mut host, card, CardIdx(0)).unwrap();
    drain(&mut rt, &mut host);
    assert!(host.commands().is_empty(), "entering again does not run it again");
    rt.leave_play(&mut host, card);
    assert!(!host.has_ability(Value::Card(card), PIERCE));
}

/// `?canBlock? [[if c]]`: a condition-only hook answers with the condition.
#[test]
fn hooks_answer_questions() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for answer in [true, false] {
        let mut code = CodeBuilder::new();
        // A command first, so that the log shows when the hook runs.
        chain(&mut code, "a");
        code.emit(Instr::LoadBool { a: Reg(0), value: answer });
        code.emit(Instr::ReturnValue { a: Reg(0) });
        let entry = bundle.add_entry(code);
        let mut card = Card::new(bundle.intern(&format!("hook{answer}")));
        card.autos.push(auto_on(CAN_BLOCK, None, None, true, entry));
        bundle.add_card(card, "hook.rules");
    }
    let mut rt = runtime(load(bundle));
    let mut host = TestHost::new();
    let yes = host.add("yes", P0, RING, 500);
    let no = host.add("no", P0, RING, 500);
    let ask = |rt: &mut Runtime<TestHost>, host: &mut TestHost, card: CardId| {
        rt.ask(host, Event::new(CAN_BLOCK, P1).with_object(Value::Card(card))).unwrap()
    };
    assert_eq!(ask(&mut rt, &mut host, yes), None, "nobody listens yet");
    rt.enter_play(&mut host, yes, CardIdx(0)).unwrap();
    rt.enter_play(&mut host, no, CardIdx(1)).unwrap();
    assert_eq!(ask(&mut rt, &mut host, yes), Some(true));
    assert_eq!(ask(&mut rt, &mut host, no), Some(false));
    assert_eq!(host.commands(), ["a", "a"], "each asked hook ran");
    // A hook does not run as an event: emitted, it starts no auto.
    rt.emit(Event::new(CAN_BLOCK, P1).with_object(Value::Card(yes)));
    drain(&mut rt, &mut host);
    assert!(host.commands().is_empty(), "a hook auto ran as an event");
    assert_eq!(rt.pending_events(), 0);
}

/// `~endPhase~ emitEnd()`: an auto whose effect emits the event it listens to ends with a
/// trap instead of hanging.
#[test]
fn an_auto_that_retriggers_itself_traps() {
    let program = cards(&[(END_PHASE, None, None, false, "emitEnd")]);
    let (mut rt, mut host) = all_in_play(program);
    rt.emit(Event::new(END_PHASE, P0));
    let trap = rt.run_events(&mut host).unwrap_err();
    assert_eq!(trap.code(), TrapCode::EventCascade);
    assert_eq!(trap.card_key.as_deref(), Some("card0"));
    assert_eq!(host.commands().len() as u32, MAX_EVENT_DEPTH + 1);
    assert_eq!(trap.to_string(), "event cascade too deep in card card0");
}

/// Issue 16, defect 5: two `~endPhase~ emitEnd()` autos double the queue at each level;
/// the cascade trap ends the cascade and leaves nothing queued (before the fix the queue
/// grew by thousands of events per call and the next event replayed them).
#[test]
fn a_trapped_cascade_leaves_the_queue_empty() {
    let program = cards(&[(END_PHASE, None, None, false, "emitEnd"), (END_PHASE, None, None, false, "emitEnd")]);
    let (mut rt, mut host) = all_in_play(program);
    for _ in 0..3 {
        rt.emit(Event::new(END_PHASE, P0));
        let trap = rt.run_events(&mut host).unwrap_err();
        assert_eq!(trap.code(), TrapCode::EventCascade);
        assert_eq!(rt.pending_events(), 0, "the trapped cascade left events queued");
    }
}

/// A `[[may]]` inside an auto suspends the event run; resuming it and running the
/// events again continues with the next auto.
#[test]
fn an_auto_may_suspend() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for body in ["may", "b"] {
        let mut code = CodeBuilder::new();
        if body == "may" {
            let skip = code.new_label();
            code.emit(Instr::May { question: None, skip });
            chain(&mut code, "a");
            code.bind(skip);
        } else {
            chain(&mut code, body);
        }
        code.emit(Instr::Return {});
        let entry = bundle.add_entry(code);
        let mut card = Card::new(bundle.intern(body));
        card.autos.push(auto_on(END_PHASE, None, None, false, entry));
        bundle.add_card(card, "x.rules");
    }
    let (mut rt, mut host) = all_in_play(load(bundle));
    rt.emit(Event::new(END_PHASE, P0));
    let exec = rt.run_events(&mut host).unwrap().suspended().expect("may");
    assert_eq!(rt.pending_events(), 1);
    let done = rt.resume(&mut host, exec, &[Value::Bool(true)]).unwrap();
    assert_eq!(done.done(), Some(Completion::Success));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a", "b"]);
}

/// `~endPhase~ dispatchEnd()`: running the `endPhase` autos now from one of them
/// cascades, and ends with a trap rather than a hang or a stack overflow.
#[test]
fn an_auto_that_runs_itself_now_traps() {
    let program = cards(&[(END_PHASE, None, None, false, "dispatchEnd & a"), (END_PHASE, None, None, false, "b")]);
    let (mut rt, mut host, _) = second_entered_first(program);
    rt.emit(Event::new(END_PHASE, P0));
    let trap = rt.run_events(&mut host).unwrap_err();
    assert_eq!(trap.code(), TrapCode::EventCascade);
    assert_eq!(trap.card_key.as_deref(), Some("card0"));
    let log = host.commands();
    assert!(log.len() > 2 && log.iter().all(|line| line == "b"), "{log:?}");
}

/// `dispatchEnd & a` in an action: the `endPhase` autos run before `dispatchEnd` returns.
#[test]
fn dispatched_autos_run_before_the_builtin_goes_on() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for (i, (prefix, body)) in [(None, "dispatchEnd & a"), (Some(PREFIX_OPP), "b"), (None, "c")].into_iter().enumerate()
    {
        let mut code = CodeBuilder::new();
        chain(&mut code, body);
        code.emit(Instr::Return {});
        let entry = bundle.add_entry(code);
        let mut card = Card::new(bundle.intern(&format!("card{i}")));
        if i == 0 {
            card.actions.push(Action { label: None, costs: vec![], entry });
        } else {
            card.autos.push(auto_on(END_PHASE, prefix, None, false, entry));
        }
        bundle.add_card(card, "x.rules");
    }
    let mut rt = runtime(load(bundle));
    let (mut host, source) = host_with_source();
    for i in 1..3 {
        let listener = host.add("listener", P1, RING, 500);
        rt.enter_play(&mut host, listener, CardIdx(i)).unwrap();
    }
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    // Only the `opp` listener fires for P0's event; it runs inside `dispatchEnd`.
    assert_eq!(host.commands(), vec!["b", "dispatchEnd", "a"]);
    assert_eq!(rt.pending_events(), 0);
}

/// A card of P0's whose auto `~oppEndPhase~ damage(1) to(opp)` runs on P1's event, queued
/// (`run_events`) or dispatched by P1's action (`dispatchEnd`, run at once): as P1 by
/// default (spec §3.1: `opp` is then P0, its own controller), as P0 once autos run as
/// their controller (`opp` is P1). The record names the player damaged.
#[test]
fn an_auto_runs_as_the_events_player_or_as_its_controller() {
    let damaged_on_p1s_event = |as_controller: bool, dispatched: bool| {
        let mut bundle = BundleBuilder::new(&CATALOGUE);
        let opp = bundle.add_filter(filter(TypeAtom::Opp, zone(None, ZoneIdx(0))));
        let mut code = CodeBuilder::new();
        emit_targeting(&mut code, opp, |code| emit_damage(code, 1));
        let entry = bundle.add_entry(code);
        let mut card = Card::new(bundle.intern("listener"));
        card.autos.push(auto_on(END_PHASE, Some(PREFIX_OPP), None, false, entry));
        bundle.add_card(card, "listener.rules");
        let mut code = CodeBuilder::new();
        chain(&mut code, "dispatchEnd");
        code.emit(Instr::Return {});
        add_action_card(&mut bundle, "dispatcher", code);
        let mut rt = runtime(load(bundle));
        rt.set_autos_run_as_controller(as_controller);
        let mut host = TestHost::new();
        let listener = host.add("listener", P0, RING, 500);
        let dispatcher = host.add("dispatcher", P1, RING, 500);
        rt.enter_play(&mut host, listener, CardIdx(0)).unwrap();
        if dispatched {
            let outcome = rt.activate(&mut host, dispatcher, CardIdx(1), P1).unwrap();
            assert_eq!(outcome.done(), Some(Completion::Success));
        } else {
            rt.emit(Event::new(END_PHASE, P1));
            drain(&mut rt, &mut host);
        }
        host.commands().into_iter().filter(|command| command.starts_with("damage")).collect::<Vec<_>>()
    };
    for dispatched in [false, true] {
        assert_eq!(damaged_on_p1s_event(false, dispatched), vec!["damage Player(PlayerId(0)) 1"], "{dispatched}");
        assert_eq!(damaged_on_p1s_event(true, dispatched), vec!["damage Player(PlayerId(1)) 1"], "{dispatched}");
    }
}

/// `~attacks:this~ damage(1) to(trigger)`: an object event binds `trigger` to its object.
#[test]
fn the_object_of_an_event_is_its_trigger() {
    let mut rt = runtime(damaging_the_trigger(ATTACKS, None, Some(EventSuffixIdx(1)), 1));
    let mut host = TestHost::new();
    let card = host.add("card", P0, RING, 500);
    let attacker = host.add("attacker", P1, RING, 500);
    rt.enter_play(&mut host, card, CardIdx(0)).unwrap();
    rt.emit(Event::new(ATTACKS, P1).with_object(Value::Card(attacker)));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["damage Card(CardId(1)) 1"]);
}

/// Issue 29, defect 9: an activation (`dispatchEnd`, then `pick2 & dispatchEnd` resumed
/// after its question) or a hook question whose autos run at once queue two events
/// (`emitEnd & emitEnd`) and then trap (`pick2`: an auto run at once may not ask) ends
/// its cascade: nothing stays queued. Before the fix only `run_events` and resuming an
/// auto emptied the queue, and the next `run_events` ran the two events of the trapped
/// cascade.
#[test]
fn a_trap_in_an_activation_or_a_hook_leaves_the_queue_empty() {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for (key, body) in [("dispatching", "dispatchEnd"), ("asking", "pick2 & dispatchEnd")] {
        let mut code = CodeBuilder::new();
        chain(&mut code, body);
        code.emit(Instr::Return {});
        add_action_card(&mut bundle, key, code);
    }
    for hook in [false, true] {
        let event = if hook { CAN_BLOCK } else { END_PHASE };
        let mut code = CodeBuilder::new();
        chain(&mut code, "emitEnd & emitEnd & pick2");
        code.emit(Instr::Return {});
        let entry = bundle.add_entry(code);
        let key = if hook { "hook" } else { "listener" };
        let mut card = Card::new(bundle.intern(key));
        card.autos.push(auto_on(event, None, None, hook, entry));
        bundle.add_card(card, &format!("{key}.rules"));
    }
    let mut rt = runtime(load(bundle));
    let (mut host, source) = host_with_source();
    let listeners = [CardIdx(2), CardIdx(3)].map(|listener| {
        let card = host.add("listener", P0, RING, 500);
        rt.enter_play(&mut host, card, listener).unwrap();
        card
    });
    let trap = rt.activate(&mut host, source, CardIdx(0), P0).unwrap_err();
    assert_eq!(trap.code(), TrapCode::SuspendInNestedEntry);
    assert_eq!(host.commands(), ["emitEnd", "emitEnd"], "the auto ran until it asked");
    assert_eq!(rt.pending_events(), 0, "the trapped activation left events queued");

    let exec = rt.activate(&mut host, source, CardIdx(1), P0).unwrap().suspended().expect("pick2 asks");
    let exec = rt.resume(&mut host, exec, &[Value::Int(10)]).unwrap().suspended().expect("pick2 asks again");
    let Err(ResumeError::Trap(trap)) = rt.resume(&mut host, exec, &[Value::Int(20)]) else {
        panic!("the resumed activation should trap");
    };
    assert_eq!(trap.code(), TrapCode::SuspendInNestedEntry);
    assert_eq!(rt.pending_events(), 0, "the trapped resumed activation left events queued");

    host.commands();
    let trap = rt.ask(&mut host, Event::new(CAN_BLOCK, P0).with_object(Value::Card(listeners[1]))).unwrap_err();
    assert_eq!(trap.code(), TrapCode::SuspendInNestedEntry);
    assert_eq!(host.commands(), ["emitEnd", "emitEnd"], "the hook auto ran until it asked");
    assert_eq!(rt.pending_events(), 0, "the trapped hook left events queued");
}

/// The body of an anthem: `pierce` to every character in the ring (`characters@ring`).
fn granting_pierce_to_the_ring(bundle: &mut BundleBuilder<'_>) -> EntryIdx {
    let f = bundle.add_filter(characters(zone(None, RING)));
    let mut code = CodeBuilder::new();
    emit_targeting(&mut code, f, |code| {
        code.emit(Instr::Grant { ability: PIERCE });
        code.emit(Instr::EndStatement {});
    });
    bundle.add_entry(code)
}

/// A card whose one auto is continuous (on the catalogue's `continuous` event, `ALWAYS`):
/// it grants `pierce` to every character in the ring (`characters@ring`); and a card
/// without rules (`CardIdx(1)`).
fn granting_to_the_ring_while_in_play() -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let entry = granting_pierce_to_the_ring(&mut bundle);
    let mut card = Card::new(bundle.intern("anthem"));
    card.autos.push(auto_on(ALWAYS, None, None, false, entry));
    bundle.add_card(card, "anthem.rules");
    let plain = Card::new(bundle.intern("plain"));
    bundle.add_card(plain, "plain.rules");
    load(bundle)
}

/// A continuous auto runs when its card enters play and again after every event and every
/// card entering or leaving play, ending what its last run recorded first: its grants follow
/// the ring. They all end when its card leaves play.
#[test]
fn a_continuous_auto_follows_every_change_and_ends_with_its_card() {
    let mut rt = runtime(granting_to_the_ring_while_in_play());
    let mut host = TestHost::new();
    let anthem = host.add("anthem", P0, RING, 500);
    let bear = host.add("bear", P0, HAND, 300);
    rt.enter_play(&mut host, anthem, CardIdx(0)).unwrap();
    assert!(!rt.is_idle(), "it waits to run");
    assert!(matches!(rt.run_events(&mut host).unwrap(), Outcome::Done(Completion::Success)));
    assert!(host.has_ability(Value::Card(anthem), PIERCE));
    assert!(!host.has_ability(Value::Card(bear), PIERCE));
    // Nothing has happened since: running the events again changes nothing.
    assert!(rt.is_idle());
    // The bear enters the ring; the next event brings the grant up to date.
    host.cards[bear.0 as usize].zone = RING;
    rt.emit(Event::new(END_PHASE, P0));
    rt.run_events(&mut host).unwrap();
    assert!(host.has_ability(Value::Card(bear), PIERCE));
    assert_eq!(rt.effects().len(), 2, "ended and granted again, never stacked");
    // It leaves the ring: its grant ends at the next change (here a card leaving play).
    host.cards[bear.0 as usize].zone = HAND;
    let other = host.add("other", P0, HAND, 100);
    rt.enter_play(&mut host, other, CardIdx(1)).unwrap();
    rt.leave_play(&mut host, other);
    rt.run_events(&mut host).unwrap();
    assert!(!host.has_ability(Value::Card(bear), PIERCE));
    assert!(host.has_ability(Value::Card(anthem), PIERCE));
    // The card leaves play: every grant of its continuous auto ends, and it runs no more.
    rt.leave_play(&mut host, anthem);
    assert!(host.active.is_empty());
    assert!(rt.effects().is_empty());
    rt.emit(Event::new(END_PHASE, P0));
    rt.run_events(&mut host).unwrap();
    assert!(host.active.is_empty());
}

/// Its event is only a mark: an auto on it never subscribes, so emitting it runs nothing.
#[test]
fn the_continuous_event_emitted_runs_nothing() {
    let mut rt = runtime(granting_to_the_ring_while_in_play());
    let mut host = TestHost::new();
    let anthem = host.add("anthem", P0, RING, 500);
    rt.enter_play(&mut host, anthem, CardIdx(0)).unwrap();
    rt.run_events(&mut host).unwrap();
    assert!(!rt.selects_any(&Event::new(ALWAYS, P0), false));
}

/// `drop_unheard_events` is the drain's case of events no card hears, on its own: it drops
/// them and says so; with a listener it leaves the queue to the drain, which runs the auto;
/// with a continuous auto held it drops nothing either (the drain would run that auto).
#[test]
fn unheard_events_are_dropped_without_the_drain_and_heard_ones_kept() {
    let (mut rt, mut host) = all_in_play(cards(&[(END_PHASE, None, None, false, "a")]));
    rt.emit(Event::new(ATTACKS, P0));
    assert!(rt.drop_unheard_events());
    assert_eq!(rt.pending_events(), 0);
    assert!(rt.is_idle());
    rt.emit(Event::new(ATTACKS, P0));
    rt.emit(Event::new(END_PHASE, P0));
    assert!(!rt.drop_unheard_events());
    assert_eq!(rt.pending_events(), 2, "nothing dropped");
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a"]);

    let mut rt = runtime(granting_to_the_ring_while_in_play());
    let mut host = TestHost::new();
    let anthem = host.add("anthem", P0, RING, 500);
    rt.enter_play(&mut host, anthem, CardIdx(0)).unwrap();
    rt.emit(Event::new(ATTACKS, P0));
    assert!(!rt.drop_unheard_events(), "the continuous auto runs at the drain");
    drain(&mut rt, &mut host);
    assert!(host.has_ability(Value::Card(anthem), PIERCE));
}

/// `drops_unheard` answers, before an event is queued, what `drop_unheard_events` would do
/// once it is: true for an event no card hears with nothing else to run; false for a heard
/// event, behind a heard event already queued, and with a continuous auto held.
#[test]
fn drops_unheard_says_what_the_drop_would_do_with_the_event_queued() {
    let (mut rt, mut host) = all_in_play(cards(&[(END_PHASE, None, None, false, "a")]));
    assert!(rt.drops_unheard(ATTACKS));
    assert!(!rt.drops_unheard(END_PHASE));
    rt.emit(Event::new(ATTACKS, P0));
    assert!(rt.drops_unheard(ATTACKS), "an unheard event queued is dropped with it");
    rt.emit(Event::new(END_PHASE, P0));
    assert!(!rt.drops_unheard(ATTACKS), "a heard event queued is left to the drain");
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a"]);

    let mut rt = runtime(granting_to_the_ring_while_in_play());
    let mut host = TestHost::new();
    let anthem = host.add("anthem", P0, RING, 500);
    rt.enter_play(&mut host, anthem, CardIdx(0)).unwrap();
    assert!(!rt.drops_unheard(ATTACKS), "the continuous auto runs at the drain");
}

/// A program of `anthems` cards like the anthem above, then one card whose auto on
/// `endPhase` runs `a`.
fn anthems_and_a_listener(anthems: usize) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let grant = granting_pierce_to_the_ring(&mut bundle);
    for i in 0..anthems {
        let mut card = Card::new(bundle.intern(&format!("anthem{i}")));
        card.autos.push(auto_on(ALWAYS, None, None, false, grant));
        bundle.add_card(card, "anthem.rules");
    }
    let mut code = CodeBuilder::new();
    chain(&mut code, "a");
    code.emit(Instr::Return {});
    let listen = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern("listener"));
    card.autos.push(auto_on(END_PHASE, None, None, false, listen));
    bundle.add_card(card, "listener.rules");
    load(bundle)
}

/// Events that start no auto change nothing the continuous autos read: a hundred of them
/// (a spell making a hundred tokens) refresh the anthem once, at the end of the drain, not
/// once an event.
#[test]
fn events_that_start_nothing_refresh_the_continuous_autos_once() {
    let mut rt = runtime(granting_to_the_ring_while_in_play());
    let mut host = TestHost::new();
    let anthem = host.add("anthem", P0, RING, 500);
    rt.enter_play(&mut host, anthem, CardIdx(0)).unwrap();
    rt.run_events(&mut host).unwrap();
    let first = rt.effects()[0].id;
    host.fire_asked.set(0);
    for _ in 0..100 {
        rt.emit(Event::new(ATTACKS, P0));
    }
    rt.run_events(&mut host).unwrap();
    assert_eq!(host.fire_asked.get(), 1, "one refresh for the hundred events");
    // The refresh restated the grant: the same effect stays in force, not recorded again.
    assert_eq!(rt.effects().len(), 1);
    assert_eq!(rt.effects()[0].id, first);
}

/// A host that sums up its state (`Host::continuous_inputs`): once a refresh changed
/// nothing, the refreshes after it are skipped while the host and the cards in play stay
/// as they were; a change to either makes the next one run, and it follows the change.
#[test]
fn refreshes_with_nothing_changed_since_one_that_changed_nothing_are_skipped() {
    let mut rt = runtime(granting_to_the_ring_while_in_play());
    let mut host = TestHost::new();
    host.summarised = true;
    let anthem = host.add("anthem", P0, RING, 500);
    let bear = host.add("bear", P0, HAND, 300);
    rt.enter_play(&mut host, anthem, CardIdx(0)).unwrap();
    rt.run_events(&mut host).unwrap();
    // The first refresh granted: it changed the host, and the next one runs.
    rt.emit(Event::new(ATTACKS, P0));
    rt.run_events(&mut host).unwrap();
    assert_eq!(rt.refreshes_skipped(), 0);
    // That one changed nothing: with nothing changed since, the next ones are skipped.
    for _ in 0..3 {
        rt.emit(Event::new(ATTACKS, P0));
        rt.run_events(&mut host).unwrap();
    }
    assert_eq!(rt.refreshes_skipped(), 3);
    // The bear enters the ring: the refresh runs and grants it.
    host.cards[bear.0 as usize].zone = RING;
    rt.emit(Event::new(ATTACKS, P0));
    rt.run_events(&mut host).unwrap();
    assert_eq!(rt.refreshes_skipped(), 3);
    assert!(host.has_ability(Value::Card(bear), PIERCE));
    // A card entering play changes the runtime's own state: the refresh after it runs.
    rt.emit(Event::new(ATTACKS, P0));
    rt.run_events(&mut host).unwrap();
    assert_eq!(rt.refreshes_skipped(), 3, "the refresh after the grant changed nothing");
    rt.emit(Event::new(ATTACKS, P0));
    rt.run_events(&mut host).unwrap();
    assert_eq!(rt.refreshes_skipped(), 4);
    let other = host.add("other", P0, HAND, 100);
    rt.enter_play(&mut host, other, CardIdx(1)).unwrap();
    rt.run_events(&mut host).unwrap();
    assert_eq!(rt.refreshes_skipped(), 4);
    // A host that gives no summary has every refresh run.
    host.summarised = false;
    for _ in 0..3 {
        rt.emit(Event::new(ATTACKS, P0));
        rt.run_events(&mut host).unwrap();
    }
    assert_eq!(rt.refreshes_skipped(), 4);
    assert!(host.has_ability(Value::Card(bear), PIERCE) && host.has_ability(Value::Card(anthem), PIERCE));
}

/// Before each auto an event starts, the continuous autos catch up with what the autos
/// before it did: the listener's runs each see a fresh board. A pass over them counts as
/// one run against the drain's limit, so a board of 300 anthems hears 40 events (12,040
/// autos run, more than `MAX_RUNS_PER_DRAIN` counted one by one) without a cascade trap.
#[test]
fn a_refresh_pass_over_a_large_board_counts_as_one_run() {
    let anthems = 300;
    let mut rt = runtime(anthems_and_a_listener(anthems));
    let mut host = TestHost::new();
    let bear = host.add("bear", P0, RING, 300);
    for i in 0..=anthems {
        // Out of the ring, so that only the bear is granted to.
        let card = host.add("card", P0, HAND, 100);
        rt.enter_play(&mut host, card, CardIdx::new(i)).unwrap();
    }
    rt.run_events(&mut host).unwrap();
    let before: Vec<EffectId> = rt.effects().iter().map(|effect| effect.id).collect();
    host.fire_asked.set(0);
    for _ in 0..40 {
        rt.emit(Event::new(END_PHASE, P0));
    }
    assert!(matches!(rt.run_events(&mut host).unwrap(), Outcome::Done(Completion::Success)));
    assert_eq!(host.commands().len(), 40);
    assert!(host.has_ability(Value::Card(bear), PIERCE));
    // A refresh before each of the 40 runs but the first (nothing changed before it),
    // and one at the end, each asking of every anthem; and each run asked of once.
    assert_eq!(host.fire_asked.get(), 40 * anthems as u32 + 40);
    // Each refresh restated the same grants: none was ended and recorded again.
    let after: Vec<EffectId> = rt.effects().iter().map(|effect| effect.id).collect();
    assert_eq!(after, before);
}

/// A card hears the auto another card gives it (`Runtime::give_autos`) as its own, with
/// itself as `this`, until a later call leaves it out or it leaves play; the giver's hook
/// auto never runs for the giver; giving the same set again adds nothing, and an entry
/// given twice is heard twice.
#[test]
fn a_given_auto_is_heard_by_its_bearer_alone_while_given() {
    let program = cards(&[(ATTACKS, None, None, true, "a"), (END_PHASE, None, None, false, "b")]);
    let mut rt = runtime(program);
    let mut host = TestHost::new();
    let giver = host.add("giver", P0, RING, 500);
    let bearer = host.add("bearer", P0, RING, 500);
    rt.enter_play(&mut host, giver, CardIdx(0)).unwrap();
    rt.enter_play(&mut host, bearer, CardIdx(1)).unwrap();
    let attacks = |card: CardId| Event::new(ATTACKS, P0).with_object(Value::Card(card));
    rt.emit(attacks(giver));
    drain(&mut rt, &mut host);
    assert!(host.commands().is_empty());
    // Given many times over (each round of a game): one subscription, one run an event.
    for _ in 0..10 {
        rt.give_autos(&host, &[(bearer, CardIdx(0), 0)]).unwrap();
    }
    rt.emit(attacks(bearer));
    rt.emit(attacks(giver));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a"]);
    // Given twice (two cards give it), heard twice; once again, once.
    rt.give_autos(&host, &[(bearer, CardIdx(0), 0), (bearer, CardIdx(0), 0)]).unwrap();
    rt.emit(attacks(bearer));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a", "a"]);
    rt.give_autos(&host, &[(bearer, CardIdx(0), 0)]).unwrap();
    rt.emit(attacks(bearer));
    drain(&mut rt, &mut host);
    assert_eq!(host.commands(), vec!["a"]);
    // No longer given: nothing.
    rt.give_autos(&host, &[]).unwrap();
    rt.emit(attacks(bearer));
    drain(&mut rt, &mut host);
    assert!(host.commands().is_empty());
    // Given again, then the bearer leaves play: nothing, and a bearer not in play is
    // given nothing.
    rt.give_autos(&host, &[(bearer, CardIdx(0), 0)]).unwrap();
    rt.leave_play(&mut host, bearer);
    rt.give_autos(&host, &[(bearer, CardIdx(0), 0)]).unwrap();
    rt.emit(attacks(bearer));
    drain(&mut rt, &mut host);
    assert!(host.commands().is_empty());
    // An auto the program does not have is left out; too many entries trap.
    rt.give_autos(&host, &[(giver, CardIdx(0), 7), (giver, CardIdx(9), 0)]).unwrap();
    let too_many = vec![(giver, CardIdx(0), 0); MAX_GIVEN_AUTOS + 1];
    assert_eq!(rt.give_autos(&host, &too_many).unwrap_err().code, TrapCode::ListLimit);
}
