//! Compile throughput of the Wagic front end on Wagic's three card files (read in place
//! from `../shared/wagic` or `WAGIC_DATA`): every card read, lowered when it is supported,
//! and generated into one bundle. Reported per card read (`Throughput::Elements`), to set
//! beside `corpus/compile` (Card Fighters' Clash) of `benches/benches/compile.rs`.
//!
//! And the cost of a seat played from outside (`wagic::play::Seat`, `SteppedGame`): the
//! same eight seeded games of two decks of Wagic's cards played by the built-in random
//! players (`wagic/play_random`), by two seats answering option 0 called back
//! (`wagic/play_seats`), and by a stepped game answered 0 on its own thread
//! (`wagic/play_stepped`). Reported per decision the games made (`Played::decisions`).
//!
//! `cargo bench -p benches --bench wagic`

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use vm::bytecode::BundleBuilder;
use wagic::play::{self, Options, Played, Question, SeatView, SteppedGame};
use wagic::table::Library;

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

/// The seeds of the games each iteration plays.
const SEEDS: std::ops::Range<u64> = 0..8;

/// `count` copies of each named card.
fn deck(parts: &[(usize, &str)]) -> Vec<String> {
    parts.iter().flat_map(|(count, name)| std::iter::repeat_n(name.to_string(), *count)).collect()
}

fn play_wagic(c: &mut Criterion) {
    let Some(dir) = wagic::data_dir() else { return };
    let sources: Vec<(&str, String)> = wagic::CARD_FILES
        .iter()
        .map(|file| (*file, std::fs::read_to_string(dir.join(file)).expect("a Wagic card file")))
        .collect();
    let library = Arc::new(Library::compile(&sources).expect("the library builds"));
    let decks = [
        deck(&[(12, "Forest"), (8, "Grizzly Bears"), (4, "Giant Growth"), (4, "Llanowar Elves")]),
        deck(&[(12, "Mountain"), (6, "Shock"), (4, "Raging Goblin"), (4, "Firebolt"), (2, "Hill Giant")]),
    ];
    let options = |seed| Options { seed, turn_limit: 60, ..Options::default() };
    let random =
        || -> Vec<Played> { SEEDS.map(|seed| play::play(&library, [&decks[0], &decks[1]], options(seed))).collect() };
    let seats = || -> Vec<Played> {
        SEEDS
            .map(|seed| {
                let (mut first, mut second) =
                    (|_: &SeatView, _: &Question| Some(0), |_: &SeatView, _: &Question| Some(0));
                play::play_with(&library, [&decks[0], &decks[1]], options(seed), [Some(&mut first), Some(&mut second)])
            })
            .collect()
    };
    let stepped = || -> Vec<Played> {
        SEEDS
            .map(|seed| {
                let mut game = SteppedGame::start(Arc::clone(&library), decks.clone(), options(seed), [true, true]);
                while game.pending().is_some() {
                    game.answer(0).expect("0 is an option");
                }
                game.played().expect("over").clone()
            })
            .collect()
    };
    let decisions = |games: Vec<Played>| games.iter().map(|played| played.decisions).sum::<u64>();
    let mut group = c.benchmark_group("wagic");
    group.sample_size(10);
    group.throughput(Throughput::Elements(decisions(random())));
    group.bench_function("play_random", |b| b.iter(|| black_box(random())));
    let seated = decisions(seats());
    assert_eq!(seated, decisions(stepped()), "a stepped game is the same game");
    group.throughput(Throughput::Elements(seated));
    group.bench_function("play_seats", |b| b.iter(|| black_box(seats())));
    group.bench_function("play_stepped", |b| b.iter(|| black_box(stepped())));
    group.finish();
}

criterion_group!(benches, compile_wagic, play_wagic);
criterion_main!(benches);
