//! `dispatch`: the cost of the VM's dispatch loop, per turn of a counting loop (three
//! instructions), against the same loop in native Rust, Lua 5.4 and Rhai, and (`fuel`)
//! the same bytecode with fuel metering on and off.

mod baselines;

use std::hint::black_box;
use std::time::Duration;

use baselines::{LUA_COUNT, LuaSide, RHAI_COUNT, RhaiSide};
use benches::embed::{self, Board};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use vm::bytecode::CardIdx;
use vm::runtime::{CardId, Completion, PlayerId};

/// Turns of the loop per measured call: the activation around them is under 0.1%.
const TURNS: i32 = 10_000;

fn dispatch(c: &mut Criterion) {
    let mut group = c.benchmark_group("dispatch");
    group.throughput(Throughput::Elements(TURNS as u64));

    let mut rt = embed::runtime(embed::counting_loop(TURNS));
    rt.set_fuel(u64::from(u32::MAX));
    let mut board = Board::new(2);
    let mut run = move || rt.activate(&mut board, CardId(0), CardIdx(0), PlayerId(0)).ok().and_then(|o| o.done());
    assert_eq!(run(), Some(Completion::Success));
    group.bench_function("vm", |b| b.iter(|| black_box(run())));

    group.bench_function("native", |b| {
        b.iter(|| {
            let mut i = 0i32;
            while i < black_box(TURNS) {
                i = black_box(i + 1);
            }
            i
        })
    });

    let lua = LuaSide::new(LUA_COUNT);
    let count = lua.function("count");
    assert_eq!(count.call::<i64>(TURNS).ok(), Some(i64::from(TURNS)));
    group.bench_function("lua", |b| b.iter(|| count.call::<i64>(black_box(TURNS)).ok()));

    let mut rhai = RhaiSide::new(RHAI_COUNT);
    assert_eq!(rhai.call("count", (i64::from(TURNS),)).as_int().ok(), Some(i64::from(TURNS)));
    group.bench_function("rhai", |b| b.iter(|| rhai.call("count", (black_box(i64::from(TURNS)),))));
    group.finish();
}

fn fuel(c: &mut Criterion) {
    let mut group = c.benchmark_group("fuel");
    group.throughput(Throughput::Elements(TURNS as u64));
    for (name, metered) in [("on", true), ("off", false)] {
        let mut rt = embed::runtime(embed::counting_loop(TURNS));
        rt.set_fuel(u64::from(u32::MAX));
        rt.set_metering(metered);
        let mut board = Board::new(2);
        group.bench_function(name, |b| {
            b.iter(|| rt.activate(&mut board, CardId(0), CardIdx(0), PlayerId(0)).ok().and_then(|o| o.done()))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = dispatch, fuel
}
criterion_main!(benches);
