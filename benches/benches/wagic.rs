//! Compile throughput of the Wagic front end on Wagic's three card files (read in place
//! from `../shared/wagic` or `WAGIC_DATA`): every card read, lowered when it is supported,
//! and generated into one bundle. Reported per card read (`Throughput::Elements`), to set
//! beside `corpus/compile` (Card Fighters' Clash) of `benches/benches/compile.rs`.
//!
//! `cargo bench -p benches --bench wagic`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use vm::bytecode::BundleBuilder;

fn compile_wagic(c: &mut Criterion) {
    let Some(dir) = wagic::data_dir() else { return };
    let files: Vec<(&str, String)> = wagic::CARD_FILES
        .iter()
        .map(|file| (*file, std::fs::read_to_string(dir.join(file)).expect("a Wagic card file")))
        .collect();
    let cards: usize = files.iter().map(|(_, source)| wagic::reader::read(source).len()).sum();
    let mut group = c.benchmark_group("wagic");
    group.throughput(Throughput::Elements(cards as u64));
    group.sample_size(10);
    group.bench_function("compile", |b| {
        b.iter(|| {
            let mut bundle = BundleBuilder::new(&wagic::CATALOGUE);
            let mut compiled = 0;
            for (file, source) in &files {
                compiled += wagic::compile_source(file, black_box(source), &mut bundle)
                    .iter()
                    .filter(|outcome| outcome.error.is_none())
                    .count();
            }
            black_box((compiled, bundle))
        })
    });
    group.finish();
}

criterion_group!(benches, compile_wagic);
criterion_main!(benches);
