//! Compile throughput on the real card corpus, with baselines measured in the same run:
//! tokenizing only (the floor any front end pays) and a line-splitting pass shaped like the
//! original implementation's regex lexer. Reported per card (`Throughput::Elements`).
//!
//! `cargo bench -p benches --bench compile`

use std::hint::black_box;

use benches::{corpus_dir, load_cards};
use compiler::session::{Session, SourceFile};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use vm::bytecode::BundleBuilder;

fn compile_corpus(c: &mut Criterion) {
    let Some(dir) = corpus_dir() else { return };
    let cards = load_cards(&dir);
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Elements(cards.len() as u64));

    // Baseline: the lexer alone.
    let mut tokens = Vec::new();
    let mut diagnostics = Vec::new();
    group.bench_function("tokenize", |b| {
        b.iter(|| {
            for card in &cards {
                diagnostics.clear();
                compiler::lexer::tokenize(black_box(&card.source), &mut tokens, &mut diagnostics);
            }
        })
    });

    // Baseline: what the original lexer does per card (strip, lower-case each line, test
    // the property prefixes, split the value on `;` and `&`), without building anything.
    group.bench_function("split_like_original", |b| {
        b.iter(|| {
            let mut pieces = 0usize;
            for card in &cards {
                for line in card.source.trim().split('\n') {
                    let line = line.trim().to_lowercase();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    let line = line.split('#').next().unwrap_or("").trim_end();
                    if let Some((_, value)) = line.split_once('=') {
                        pieces += value.split(';').flat_map(|statement| statement.split('&')).count();
                    }
                }
            }
            black_box(pieces)
        })
    });

    let mut session = Session::new(&stdlib::CATALOGUE);
    group.bench_function("parse_and_check", |b| {
        b.iter(|| {
            for card in &cards {
                black_box(session.parse(black_box(&card.source)).diagnostics);
            }
        })
    });

    // What `rsc compile` does: every file in one batch, phase by phase.
    let files: Vec<SourceFile<'_>> =
        cards.iter().map(|card| SourceFile { key: &card.key, file: &card.key, source: &card.source }).collect();
    group.bench_function("compile", |b| {
        b.iter(|| {
            let mut bundle = BundleBuilder::with_capacity(&stdlib::CATALOGUE, cards.len());
            bundle.set_strip(true);
            black_box(session.compile_files(black_box(&files), &mut bundle));
            black_box(bundle)
        })
    });

    // The same, one file at a time (as an editor or a language server would).
    group.bench_function("compile_file_by_file", |b| {
        b.iter(|| {
            let mut bundle = BundleBuilder::with_capacity(&stdlib::CATALOGUE, cards.len());
            bundle.set_strip(true);
            for card in &cards {
                black_box(session.compile_file(&card.key, &card.key, black_box(&card.source), &mut bundle));
            }
            black_box(bundle)
        })
    });

    group.bench_function("compile_and_encode", |b| {
        b.iter(|| {
            let mut bundle = BundleBuilder::with_capacity(&stdlib::CATALOGUE, cards.len());
            bundle.set_strip(true);
            black_box(session.compile_files(black_box(&files), &mut bundle));
            black_box(bundle.finish())
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(3));
    targets = compile_corpus
}
criterion_main!(benches);
