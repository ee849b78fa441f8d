//! `cards`: the reference game's scenario of every corpus card (`tests/scenarios`, one or
//! more per card): a prepared board, the card's action activated (or its auto triggered),
//! every choice answered, the board checked. Reported in scenarios per second; there is
//! no baseline to run beside it.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game::scenario::{self, ScenarioFile, SetCache};

fn cards(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/scenarios");
    let files = scenario::collect_files(&root).unwrap_or_default();
    let scenarios: Vec<(PathBuf, ScenarioFile)> =
        files.into_iter().filter_map(|file| Some((file.clone(), scenario::load(&file).ok()?))).collect();
    let mut sets = SetCache::default();
    let passed =
        scenarios.iter().filter(|(file, s)| scenario::run_scenario(file, s, &mut sets).verdict.is_pass()).count();
    if passed == 0 {
        eprintln!("no scenario ran (is the corpus at ../shared/corpus/cfc?): skipping `cards`");
        return;
    }
    eprintln!("cards: {passed} of {} scenarios pass", scenarios.len());

    let mut group = c.benchmark_group("cards");
    group.throughput(Throughput::Elements(scenarios.len() as u64));
    group.sample_size(10);
    group.bench_function("every_scenario", |b| {
        b.iter(|| {
            for (file, s) in &scenarios {
                black_box(scenario::run_scenario(file, s, &mut sets));
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    targets = cards
}
criterion_main!(benches);
