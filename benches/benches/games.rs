//! Whole games on two real corpus decks (`deck-1` against `deck-2`), random players and
//! greedy players, one game per iteration with a new seed each time: games per second
//! (`Throughput::Elements(1)`), and the mean decisions per game printed first, so the
//! figure reads as decisions per second too.
//!
//! `cargo bench -p benches --bench games`

use std::ops::ControlFlow;
use std::sync::Arc;

use benches::corpus_dir;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game::players::PlayerKind;
use game::sim::{self, PlayOptions};
use game::{CardSet, DefIdx, Game, Seat};

fn deck(set: &CardSet, path: &std::path::Path) -> Vec<DefIdx> {
    let deck = game::deck::load_deck(path, |id| set.by_id(id).is_some()).expect("a valid corpus deck");
    deck.card_ids().into_iter().filter_map(|id| set.by_id(id)).collect()
}

/// Plays the game seeded `seed` to its end; returns its number of decisions.
fn play(set: &Arc<CardSet>, decks: &[Vec<DefIdx>; 2], kind: PlayerKind, seed: u64) -> usize {
    let mut game = Game::new(Arc::clone(set), decks.clone(), seed).expect("the game starts");
    let mut players = [kind.create(seed, Seat::FIRST), kind.create(seed, Seat::SECOND)];
    let played = sim::play(&mut game, &mut players, &PlayOptions::default(), |_, _, _| ControlFlow::Continue(()));
    played.steps.len()
}

fn whole_games(c: &mut Criterion) {
    let Some(dir) = corpus_dir() else { return };
    let set = Arc::new(CardSet::load(&dir).expect("the corpus loads"));
    let decks = [deck(&set, &dir.join("decks/deck-1.o8d")), deck(&set, &dir.join("decks/deck-2.o8d"))];
    let mut group = c.benchmark_group("games");
    group.throughput(Throughput::Elements(1));
    for kind in [PlayerKind::Random, PlayerKind::Greedy] {
        let decisions: usize = (0..200).map(|seed| play(&set, &decks, kind, seed)).sum();
        eprintln!("games/{kind}: {:.1} decisions per game (mean of 200 seeds)", decisions as f64 / 200.0);
        let mut seed = 0u64;
        group.bench_function(kind.name(), |b| {
            b.iter(|| {
                seed += 1;
                play(&set, &decks, kind, seed)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, whole_games);
criterion_main!(benches);
