//! `load`: decoding and verifying the corpus bundle (what a game does at start-up) against
//! compiling the corpus from source into the same bundle.

use std::hint::black_box;
use std::time::Duration;

use benches::{corpus_dir, load_cards};
use compiler::{Session, SourceFile};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use vm::bytecode::{BundleBuilder, Program};

fn load(c: &mut Criterion) {
    let Some(dir) = corpus_dir() else { return };
    let cards = load_cards(&dir);
    let files: Vec<SourceFile<'_>> =
        cards.iter().map(|card| SourceFile { key: &card.key, file: &card.key, source: &card.source }).collect();
    let mut session = Session::new(&stdlib::CATALOGUE);
    let mut compile = |strip: bool| {
        let mut bundle = BundleBuilder::with_capacity(&stdlib::CATALOGUE, files.len());
        bundle.set_strip(strip);
        let diagnostics = session.compile_files(&files, &mut bundle);
        black_box(diagnostics);
        bundle.finish().expect("the corpus bundle builds")
    };
    let stripped = compile(true);
    let debug = compile(false);
    assert_eq!(Program::load(&stripped, &stdlib::CATALOGUE).map(|p| p.cards().len()).ok(), Some(cards.len()));

    let mut group = c.benchmark_group("load");
    group.throughput(Throughput::Elements(cards.len() as u64));
    group.bench_function("decode_and_verify", |b| b.iter(|| Program::load(black_box(&stripped), &stdlib::CATALOGUE)));
    group.bench_function("decode_and_verify_with_debug_info", |b| {
        b.iter(|| Program::load(black_box(&debug), &stdlib::CATALOGUE))
    });
    group.bench_function("compile_from_source", |b| b.iter(|| compile(true)));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = load
}
criterion_main!(benches);
