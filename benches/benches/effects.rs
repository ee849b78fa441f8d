//! Running effects, each group with its baselines in the same run:
//! `host_call` (an effect calling `bp(+1)` 17 times against once: the difference is the
//! net cost of 16 calls), `round_trip` (the host runs a one-command effect and gets control
//! back), `suspend` (an effect asks for a target; the suspended execution is cloned and
//! resumed) and `events` (one event runs 8 subscribed autos).

mod baselines;

use std::hint::black_box;
use std::time::Duration;

use baselines::{LuaSide, RhaiSide, lua_repeated_bp, rhai_repeated_bp};
use benches::embed::{self, Board, Character};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use vm::bytecode::CardIdx;
use vm::runtime::{CardId, Completion, Event, Outcome, PlayerId};

const ME: PlayerId = PlayerId(0);
/// The calls of the long effect in `host_call`; the short one makes one.
const CALLS: usize = 17;

/// Activates bundle card `card` on card 0 of `board`, expecting success.
fn activate(rt: &mut vm::runtime::Runtime<Board>, board: &mut Board, card: u32) -> Option<Completion> {
    rt.activate(board, CardId(0), CardIdx(card), ME).ok().and_then(|outcome| outcome.done())
}

fn host_call(c: &mut Criterion) {
    let mut group = c.benchmark_group("host_call");
    let long = embed::repeated_bp(CALLS);
    let mut rt = embed::runtime(embed::compile(&[("one", &embed::repeated_bp(1)), ("many", &long)]));
    let mut board = Board::new(2);
    assert_eq!(activate(&mut rt, &mut board, 1), Some(Completion::Success));
    assert_eq!(board.cards[0].bp, 1000 + CALLS as i32);
    for (name, card) in [("vm/1", 0), ("vm/17", 1)] {
        group.bench_function(name, |b| b.iter(|| activate(&mut rt, &mut board, card)));
    }

    // A native closure called through a reference, as a host would hold a callback.
    let bp = |card: &mut Character, n: i32| card.bp = card.bp.wrapping_add(n);
    let bp: &dyn Fn(&mut Character, i32) = &bp;
    let mut card = Character { bp: 1000, controller: ME };
    for (name, calls) in [("native/1", 1), ("native/17", CALLS)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                for _ in 0..calls {
                    black_box(bp)(black_box(&mut card), 1);
                }
            })
        });
    }

    for (name, calls) in [("lua/1", 1), ("lua/17", CALLS)] {
        let lua = LuaSide::new(&lua_repeated_bp(calls));
        let effect = lua.function("effect");
        let card = lua.card();
        effect.call::<()>(&card).expect("the Lua effect runs");
        assert_eq!(LuaSide::bp(&card), 1000 + calls as i64);
        group.bench_function(name, |b| b.iter(|| effect.call::<()>(&card).ok()));
    }

    for (name, calls) in [("rhai/1", 1), ("rhai/17", CALLS)] {
        let mut rhai = RhaiSide::new(&rhai_repeated_bp(calls));
        let card = RhaiSide::card();
        let _ = rhai.call("effect", (card.clone(),));
        assert_eq!(*card.0.borrow(), 1000 + calls as i64);
        group.bench_function(name, |b| b.iter(|| rhai.call("effect", (card.clone(),))));
    }
    group.finish();
}

fn round_trip(c: &mut Criterion) {
    let mut group = c.benchmark_group("round_trip");
    let mut rt = embed::runtime(embed::compile(&[("bp", "action = bp(+500)\n")]));
    let mut board = Board::new(2);
    assert_eq!(activate(&mut rt, &mut board, 0), Some(Completion::Success));
    assert_eq!(board.cards[0].bp, 1500);
    group.bench_function("vm", |b| b.iter(|| activate(&mut rt, &mut board, 0)));

    let lua = LuaSide::new("local bp = bp\nfunction effect(card) bp(card, 500) end\n");
    let effect = lua.function("effect");
    let card = lua.card();
    effect.call::<()>(&card).expect("the Lua effect runs");
    assert_eq!(LuaSide::bp(&card), 1500);
    group.bench_function("lua", |b| b.iter(|| effect.call::<()>(&card).ok()));

    let mut rhai = RhaiSide::new("fn effect(card) { bp(card, 500) }");
    let card = RhaiSide::card();
    let _ = rhai.call("effect", (card.clone(),));
    assert_eq!(*card.0.borrow(), 1500);
    group.bench_function("rhai", |b| b.iter(|| rhai.call("effect", (card.clone(),))));
    group.finish();
}

fn suspend(c: &mut Criterion) {
    let mut group = c.benchmark_group("suspend");
    let program = embed::compile(&[("choice", "action = bp(+500) target(<1>character@myRing)\n")]);
    let mut rt = embed::runtime(program);
    let mut board = Board::new(4);
    let suspended = || -> vm::runtime::Execution {
        let mut rt = rt.clone();
        let mut board = Board::new(4);
        match rt.activate(&mut board, CardId(0), CardIdx(0), ME) {
            Ok(Outcome::Suspended(exec)) => exec,
            other => panic!("the effect should ask for a target: {other:?}"),
        }
    };
    let exec = suspended();
    let answer = [exec.candidates()[1]];
    // A clone is what search keeps; the execution handed out keeps its pooled buffers.
    eprintln!(
        "suspend: a clone of a suspended execution takes {} bytes (Execution::footprint), {} candidates",
        exec.clone().footprint(),
        exec.candidates().len()
    );

    group.bench_function("activate_until_choice", |b| {
        b.iter(|| match rt.activate(&mut board, CardId(0), CardIdx(0), ME) {
            Ok(Outcome::Suspended(exec)) => rt.cancel(exec),
            _ => panic!("the effect asks for a target"),
        })
    });
    group.bench_function("clone", |b| b.iter_with_large_drop(|| black_box(&exec).clone()));
    group.bench_function("resume", |b| {
        b.iter_batched(
            || exec.clone(),
            |exec| rt.resume(&mut board, exec, &answer).ok().and_then(|outcome| outcome.done()),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("whole", |b| {
        b.iter(|| match rt.activate(&mut board, CardId(0), CardIdx(0), ME) {
            Ok(Outcome::Suspended(exec)) => {
                let copy = exec.clone();
                rt.cancel(exec);
                rt.resume(&mut board, copy, &answer).ok().and_then(|outcome| outcome.done())
            }
            _ => panic!("the effect asks for a target"),
        })
    });
    assert_eq!(rt.resume(&mut board, exec, &answer).ok().and_then(|o| o.done()), Some(Completion::Success));
    group.finish();
}

/// Autos subscribed to one event, one per card.
const HANDLERS: usize = 8;

fn events(c: &mut Criterion) {
    let mut group = c.benchmark_group("events");
    let mut rt = embed::runtime(embed::compile(&[("auto", "auto = ~endPhase~ bp(+1)\n")]));
    let mut board = Board::new(HANDLERS);
    for id in 0..HANDLERS as u32 {
        rt.enter_play(&mut board, CardId(id), CardIdx(0)).expect("the card enters play");
    }
    let end_phase = rt.event_index("endPhase").expect("the catalogue has endPhase");
    let mut fire = move || {
        rt.emit(Event::new(end_phase, ME));
        rt.run_events(&mut board).ok().and_then(|outcome| outcome.done())
    };
    assert_eq!(fire(), Some(Completion::Success));
    group.bench_function("vm", |b| b.iter(&mut fire));

    // Handlers registered per event name, each closing over its card; `emit` runs them.
    let lua = LuaSide::new(
        "local bp = bp\nlocal handlers = {}\n\
         function on(name, card) local list = handlers[name] or {}; handlers[name] = list\n\
           list[#list + 1] = function() bp(card, 1) end end\n\
         function emit(name) local list = handlers[name]\n\
           if list then for i = 1, #list do list[i]() end end end\n",
    );
    let cards: Vec<_> = (0..HANDLERS).map(|_| lua.card()).collect();
    let on = lua.function("on");
    for card in &cards {
        on.call::<()>(("endPhase", card)).expect("the handler registers");
    }
    let emit = lua.function("emit");
    let name = lua.lua.create_string("endPhase").expect("the name is created");
    emit.call::<()>(&name).expect("the event runs");
    assert!(cards.iter().all(|card| LuaSide::bp(card) == 1001));
    group.bench_function("lua", |b| b.iter(|| emit.call::<()>(&name).ok()));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = host_call, round_trip, suspend, events
}
criterion_main!(benches);
