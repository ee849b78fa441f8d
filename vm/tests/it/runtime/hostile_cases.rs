//! Hostile hosts, case by case: the defects the random scripts of `hostile.rs` found (a
//! request no answer can satisfy, a pile that clears its output, a filter the program does
//! not have, events past the mask's bits) and a runtime after a host that fails at every
//! call, each pinned by a test of its own.

use vm::bytecode::*;
use vm::runtime::*;

use super::hostile::{Hostile, SOURCES, builtins, program};
use super::support::{CATALOGUE, END_PHASE, HAND};

/// A host that lists the same card in every zone, several times over: `Host::zone_cards`
/// says each card once, and a host may not keep to it.
struct Repeats;

impl Host for Repeats {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        PlayerId(1 - player.0.min(1))
    }
    fn controller(&self, _card: CardId) -> PlayerId {
        PlayerId(0)
    }
    fn zone_cards(&mut self, _env: &Env, _zone: ZoneRef, out: &mut Vec<Value>) {
        out.extend([Value::Card(CardId(7)); 3]);
    }
    fn card_type(&self, _card: CardId) -> Option<CardTypeIdx> {
        Some(super::support::CHARACTER)
    }
    fn random(&mut self, _bound: u32) -> u32 {
        0
    }
}

fn card_key(program: &Program, key: &str) -> CardIdx {
    program.card_by_key(key).unwrap()
}

/// Two of a filter's candidates must be chosen, and the host listed one card three times:
/// no answer can name two distinct candidates, so the request is refused as it is made
/// rather than handed out to wait for an answer that cannot come.
#[test]
fn a_filter_over_a_card_listed_twice_traps_rather_than_asking_the_impossible() {
    let program = program();
    let pair = card_key(&program, "pair");
    let mut runtime = Runtime::new(program, &CATALOGUE, Builtins::new(&CATALOGUE));
    let outcome = runtime.activate(&mut Repeats, CardId(1), pair, PlayerId(0));
    match outcome {
        Err(trap) => assert_eq!(trap.code(), TrapCode::BadRequest, "{trap}"),
        Ok(outcome) => panic!("{outcome:?}"),
    }
}

/// A builtin that asks for two of three values that are one card: refused as it asks.
#[test]
fn a_builtin_asking_for_two_of_one_repeated_value_traps() {
    fn ask_two(ctx: &mut CallContext<'_, Repeats>) -> Result<Status, Trap> {
        ctx.choose(0, &[Value::Card(CardId(7)); 3], 2, 2, None)
    }
    let program = program();
    let hand = card_key(&program, "hand");
    let mut builtins = Builtins::new(&CATALOGUE);
    builtins.command(super::support::DISCARD, ask_two);
    let mut runtime = Runtime::new(program, &CATALOGUE, builtins);
    let outcome = runtime.activate(&mut Repeats, CardId(1), hand, PlayerId(0));
    match outcome {
        Err(trap) => assert_eq!(trap.code(), TrapCode::BadRequest, "{trap}"),
        Ok(outcome) => panic!("{outcome:?}"),
    }
    // Two distinct values among repeats can be asked for.
    fn ask_two_of_two(ctx: &mut CallContext<'_, Repeats>) -> Result<Status, Trap> {
        ctx.choose(0, &[Value::Card(CardId(7)), Value::Card(CardId(7)), Value::Int(3)], 2, 2, None)
    }
    let program = runtime.program().clone();
    let mut builtins = Builtins::new(&CATALOGUE);
    builtins.command(super::support::DISCARD, ask_two_of_two);
    let mut runtime = Runtime::new(program, &CATALOGUE, builtins);
    let outcome = runtime.activate(&mut Repeats, CardId(1), hand, PlayerId(0));
    assert!(matches!(outcome, Ok(Outcome::Suspended(_))), "{outcome:?}");
}

/// A host whose `pile_cards` replaces what `out` held instead of appending to it: the
/// default `pile_top_cards` must still answer (the cards it can, and how many it read)
/// rather than panic on a length that went down.
#[test]
fn pile_top_cards_survives_a_pile_cards_that_clears_out() {
    struct Clears;
    impl Host for Clears {
        fn opponent(&self, player: PlayerId) -> PlayerId {
            player
        }
        fn controller(&self, _card: CardId) -> PlayerId {
            PlayerId(0)
        }
        fn zone_cards(&mut self, _env: &Env, _zone: ZoneRef, _out: &mut Vec<Value>) {}
        fn random(&mut self, _bound: u32) -> u32 {
            0
        }
        fn pile_cards(&mut self, _player: PlayerId, _zone: ZoneIdx, out: &mut Vec<Value>) {
            *out = vec![Value::Card(CardId(9))];
        }
    }
    let mut out = vec![Value::Int(1), Value::Int(2)];
    let len = Clears.pile_top_cards(PlayerId(0), HAND, 5, &mut out);
    assert_eq!(len, 0);
    assert_eq!(out, vec![Value::Card(CardId(9))]);
}

/// A filter value the host made up (`Host::variable` may answer any value) handed to a
/// builtin that resolves it: refused with `BadArgument` rather than read past the
/// program's filters.
#[test]
fn resolving_a_filter_the_program_does_not_have_traps() {
    fn resolve_any(ctx: &mut CallContext<'_, Repeats>) -> Result<Status, Trap> {
        let resolved = ctx.resolve(FilterIdx(4_000_000))?;
        Ok(if resolved.matched { Status::Success } else { Status::Failure })
    }
    let program = program();
    let hand = card_key(&program, "hand");
    let mut builtins = Builtins::new(&CATALOGUE);
    builtins.command(super::support::DISCARD, resolve_any);
    let mut runtime = Runtime::new(program, &CATALOGUE, builtins);
    let outcome = runtime.activate(&mut Repeats, CardId(1), hand, PlayerId(0));
    match outcome {
        Err(trap) => assert_eq!(trap.code(), TrapCode::BadArgument, "{trap}"),
        Ok(outcome) => panic!("{outcome:?}"),
    }
}

/// An event no catalogue has, emitted into a runtime where nothing listens: dropped as
/// unheard (a debug build checked a claim that did not hold for it, and panicked).
#[test]
fn an_event_past_the_catalogue_is_dropped_unheard() {
    let mut runtime = Runtime::new(program(), &CATALOGUE, builtins());
    runtime.emit(Event::new(EventIdx(200), PlayerId(0)));
    assert!(runtime.drops_unheard(EventIdx(300)));
    assert!(runtime.drop_unheard_events());
    assert_eq!(runtime.pending_events(), 0);
}

/// A catalogue of more than 128 events: a card listening to event 129 alone still hears
/// it, and the events it does not listen to are still dropped unheard.
#[test]
fn a_card_listening_to_an_event_past_128_hears_it() {
    let events: Vec<vm::catalogue::EventSpec> = (0..130)
        .map(|i| vm::catalogue::EventSpec {
            name: Box::leak(format!("event{i}").into_boxed_str()),
            is_hook: false,
            has_object: false,
            doc: "",
        })
        .collect();
    let catalogue = vm::catalogue::Catalogue { events: Box::leak(events.into_boxed_slice()), ..CATALOGUE };
    let catalogue: &'static vm::catalogue::Catalogue = Box::leak(Box::new(catalogue));
    let mut session = compiler::session::Session::new(catalogue);
    let mut bundle = BundleBuilder::new(catalogue);
    let diagnostics = session.compile_card("late", "auto = ~event129~ ok()\n", &mut bundle);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let program = Program::load(&bundle.finish().unwrap(), catalogue).unwrap();
    let late = card_key(&program, "late");

    static RAN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    fn noted(_ctx: &mut CallContext<'_, Repeats>) -> Result<Status, Trap> {
        RAN.store(true, std::sync::atomic::Ordering::Relaxed);
        Ok(Status::Success)
    }
    let mut builtins = Builtins::new(catalogue);
    builtins.command(super::support::OK, noted);
    let mut runtime = Runtime::new(program, catalogue, builtins);
    runtime.enter_play(&mut Repeats, CardId(1), late).unwrap();

    runtime.emit(Event::new(EventIdx(128), PlayerId(0)));
    assert!(!runtime.drops_unheard(EventIdx(129)));
    runtime.emit(Event::new(EventIdx(129), PlayerId(0)));
    assert!(!runtime.drop_unheard_events(), "event 129 has a listener");
    assert_eq!(runtime.pending_events(), 2);
    let outcome = runtime.run_events(&mut Repeats).unwrap();
    assert_eq!(outcome.done(), Some(Completion::Success));
    assert!(RAN.load(std::sync::atomic::Ordering::Relaxed), "the auto of event 129 ran");
}

/// Builtins whose host fails at every call (a script of zeros: `host_error` always
/// fires), then the same runtime used again with an honest host: the errors left
/// nothing behind, so every card runs exactly as on a runtime that never saw them.
#[test]
fn a_host_failing_at_every_call_leaves_the_runtime_as_new() {
    let outcomes = |runtime: &mut Runtime<Hostile>| {
        let mut host = Hostile::new(vec![5, 9, 13, 17, 21, 25]);
        (0..SOURCES.len() as u32)
            .map(|card| {
                let outcome = match runtime.activate(&mut host, CardId(1), CardIdx(card), PlayerId(0)) {
                    Ok(Outcome::Suspended(exec)) => format!("{:?} {:?}", exec.request(), exec.candidates().len()),
                    other => format!("{other:?}"),
                };
                let pending = runtime.pending_events();
                runtime.discard_events();
                format!("{outcome} {pending} {:?}", runtime.effects())
            })
            .collect::<Vec<_>>()
    };
    let mut failing = Hostile::new(vec![0]);
    let mut used = Runtime::new(program(), &CATALOGUE, builtins());
    let mut traps = 0;
    for card in 0..SOURCES.len() as u32 {
        used.enter_play(&mut failing, CardId(card), CardIdx(card)).unwrap();
        used.emit(Event::new(END_PHASE, PlayerId(0)));
        for result in
            [used.activate(&mut failing, CardId(1), CardIdx(card), PlayerId(0)), used.run_events(&mut failing)]
        {
            if let Err(trap) = result {
                assert_eq!(trap.code(), TrapCode::Host, "{trap}");
                assert_eq!(used.pending_events(), 0);
                traps += 1;
            }
        }
    }
    assert!(traps > 0);
    for card in 0..SOURCES.len() as u32 {
        used.leave_play(&mut failing, CardId(card));
    }
    let mut new = Runtime::new(program(), &CATALOGUE, builtins());
    assert_eq!(outcomes(&mut used), outcomes(&mut new));
}

/// Every error a caller of the runtime gets has a stable name, distinct from the others,
/// and a message: the names are pinned here, as a log or a binding reads them.
#[test]
fn every_trap_and_refusal_has_a_stable_name() {
    let names: Vec<String> = TrapCode::ALL.iter().map(|code| format!("{}: {}", code.name(), code.message())).collect();
    expect_test::expect![[r#"
        out-of-fuel: out of fuel
        event-cascade: event cascade too deep
        suspend-in-nested-entry: player choice inside an expression, condition or hook
        nesting-too-deep: expressions nested too deeply
        list-limit: too many list elements
        missing-builtin: no builtin registered
        bad-request: invalid choice request
        host: host error
        unknown-card: unknown card
        unreachable-entry: entry not reachable from the card
        bad-argument: argument outside what the command accepts
        effect-limit: too many effects in force
    "#]]
    .assert_eq(&(names.join("\n") + "\n"));
    let mut distinct: Vec<&str> = TrapCode::ALL.iter().map(|code| code.name()).collect();
    distinct.extend(
        [
            InvalidAnswer::Count { given: 0, min: 1, max: 1 },
            InvalidAnswer::NotACandidate(Value::Nil),
            InvalidAnswer::Duplicate(Value::Nil),
        ]
        .iter()
        .map(InvalidAnswer::code),
    );
    distinct.push(ResumeError::Trap(Trap::new(TrapCode::Host)).code());
    distinct.push("other-runtime");
    let count = distinct.len();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), count - 1, "only the trap's own name repeats: {distinct:?}");
}
