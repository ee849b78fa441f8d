//! Rules of whole games (`wagic::play`) beyond the turn loop, on hand-written cards:
//! mulligans (`play/mulligan.rs`), kicker, `autohand` abilities and flashback as moves.

use std::sync::Arc;

use wagic::play::{self, Entry, Options, PlayerKind};
use wagic::table::Library;

use super::board::library;
use super::play::{cards, lives, turns};

const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Grizzly Bears\nmana={1}{G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Colossus\nmana={6}{G}{G}\ntype=Creature\npower=8\ntoughness=8\n[/card]\n";

fn own_library() -> Arc<Library> {
    Arc::new(Library::compile(&[("rules.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn game(library: &Arc<Library>, decks: [&[String]; 2], seed: u64, players: [PlayerKind; 2]) -> play::Played {
    play::play(library, decks, Options { seed, turn_limit: 4, players })
}

/// The events before the first turn: the mulligans.
fn opening(played: &play::Played) -> Vec<String> {
    played
        .log
        .iter()
        .take_while(|entry| !matches!(entry, Entry::TurnStart { .. }))
        .filter_map(|entry| match entry {
            Entry::Event { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Each player's cards in hand and in library after turn 1.
fn after_turn_one(played: &play::Played) -> ([usize; 2], [usize; 2]) {
    played
        .log
        .iter()
        .find_map(|entry| match entry {
            Entry::TurnEnd { turn: 1, hand, library, .. } => Some((*hand, *library)),
            _ => None,
        })
        .expect("a first turn")
}

#[test]
fn a_hand_of_lands_only_is_mulliganed_one_card_fewer_each_time_down_to_five() {
    let library = own_library();
    let lands = cards(&[(40, "Forest")]);
    let mixed = cards(&[(20, "Forest"), (20, "Grizzly Bears")]);
    for kind in [PlayerKind::Random, PlayerKind::Greedy] {
        for seed in 0..4 {
            let played = game(&library, [&lands, &mixed], seed, [kind; 2]);
            let opening = opening(&played);
            // p0 first: seven lands, then six, are mulliganed; five cards are kept.
            assert_eq!(
                opening[..3],
                ["p0 mulligans to 6", "p0 mulligans to 5", "p0 keeps 5 cards (5 lands)"],
                "{kind:?} seed {seed}"
            );
            assert!(opening[3..].iter().all(|text| text.starts_with("p1 ")), "{opening:?}");
            assert!(opening.last().is_some_and(|text| text.starts_with("p1 keeps ")), "{opening:?}");
            // The library took the hands back: 40 cards less the 5 kept, one played.
            let (hand, library_left) = after_turn_one(&played);
            assert_eq!((hand[0], library_left[0]), (4, 35), "{kind:?} seed {seed}");
            // p1's kept hand is what it holds before its first draw.
            let kept: usize = opening
                .last()
                .and_then(|text| text.strip_prefix("p1 keeps ")?.split(' ').next()?.parse().ok())
                .expect("a count");
            assert_eq!((hand[1], library_left[1]), (kept, 40 - kept), "{opening:?}");
            // Drawing the new hands is no draw of the game's.
            let turn_one = &turns(&played)[0].2;
            assert!(!turn_one.iter().any(|text| text.contains(" draws ")), "{turn_one:?}");
        }
    }
}

#[test]
fn the_greedy_player_mulligans_a_hand_it_cannot_cast_and_the_random_one_keeps_it() {
    let library = own_library();
    // Two lands and five eight-drops, the whole deck: the random player keeps it, the
    // greedy one does not.
    let heavy = cards(&[(2, "Forest"), (5, "Colossus")]);
    let lands = cards(&[(40, "Forest")]);
    let random = game(&library, [&heavy, &lands], 0, [PlayerKind::Random; 2]);
    assert_eq!(opening(&random)[0], "p0 keeps 7 cards (2 lands)");
    let greedy = game(&library, [&heavy, &lands], 0, [PlayerKind::Greedy; 2]);
    assert_eq!(opening(&greedy)[..2], ["p0 mulligans to 6", "p0 mulligans to 5"]);
}

#[test]
fn burst_lightning_is_cast_kicked_or_not_and_deals_four_or_two() {
    let Some(library) = library() else { return };
    let burn = cards(&[(14, "Mountain"), (16, "Burst Lightning")]);
    let lands = cards(&[(30, "Forest")]);
    let (mut kicked, mut plain) = (0, 0);
    for seed in 0..6 {
        let played = play::play(&library, [&burn, &lands], Options { seed, turn_limit: 14, ..Options::default() });
        // Each turn, the life both players lost is 4 for each kicked Burst Lightning that
        // resolved and 2 for each other (nothing else deals damage).
        let mut before = [20, 20];
        for ((turn, _, events), (_, life)) in turns(&played).into_iter().zip(lives(&played)) {
            let mut expected = 0;
            let mut pending: Vec<bool> = Vec::new();
            for text in &events {
                let cast = text.contains(" casts Burst Lightning") || text.contains(" responds with Burst Lightning");
                if cast && text.contains(" with its kicker") {
                    pending.push(true);
                    kicked += 1;
                } else if cast {
                    pending.push(false);
                    plain += 1;
                } else if text == "Burst Lightning resolves" {
                    expected += if pending.pop() == Some(true) { 4 } else { 2 };
                }
            }
            let lost = before[0] - life[0] + before[1] - life[1];
            assert_eq!(lost, expected, "seed {seed} turn {turn}: {events:?}");
            before = life;
        }
    }
    assert!(kicked > 0 && plain > 0, "{kicked} kicked, {plain} not");
}

#[test]
fn firebolt_is_flashed_back_from_the_graveyard_once_and_exiled() {
    let Some(library) = library() else { return };
    let burn = cards(&[(16, "Mountain"), (8, "Firebolt")]);
    let lands = cards(&[(30, "Forest")]);
    let mut flashed = 0;
    for seed in 0..6 {
        let played = play::play(&library, [&burn, &lands], Options { seed, turn_limit: 24, ..Options::default() });
        let events: Vec<String> = turns(&played).into_iter().flat_map(|(.., events)| events).collect();
        let casts = events.iter().filter(|text| text.contains(" Firebolt with flashback")).count();
        let exiled = events.iter().filter(|text| *text == "Firebolt [p0] is exiled").count();
        // Each cast with flashback ends in exile (the game may end with one on the stack).
        assert!(exiled == casts || exiled + 1 == casts, "seed {seed}: {casts} flashed back, {exiled} exiled");
        assert!(casts <= 8, "seed {seed}: a Firebolt flashed back twice");
        // A Firebolt is flashed back only after it went to the graveyard: never more
        // flashbacks than Firebolts cast from hand before.
        let mut in_graveyard = 0i32;
        for text in &events {
            let from_hand = text.contains("casts Firebolt") || text.contains("responds with Firebolt");
            if from_hand && !text.contains("flashback") {
                in_graveyard += 1;
            } else if text.contains(" Firebolt with flashback") {
                in_graveyard -= 1;
                assert!(in_graveyard >= 0, "seed {seed}: {events:?}");
            }
        }
        flashed += casts;
    }
    assert!(flashed > 0, "some Firebolt is flashed back");
}

#[test]
fn a_second_isamaru_goes_to_the_graveyard_by_the_legend_rule() {
    let Some(library) = library() else { return };
    let legends = cards(&[(10, "Plains"), (10, "Isamaru, Hound of Konda")]);
    let lands = cards(&[(30, "Forest")]);
    // The random player casts a second Isamaru (the greedy one does not: it would only
    // lose one), and keeps the old or the new one.
    let mut applied = [0, 0];
    for (kind, player) in [PlayerKind::Random, PlayerKind::Greedy].into_iter().enumerate() {
        for seed in 0..4 {
            let options = Options { seed, turn_limit: 12, players: [player, PlayerKind::Greedy] };
            let played = play::play(&library, [&legends, &lands], options);
            let events: Vec<String> = turns(&played).into_iter().flat_map(|(.., events)| events).collect();
            for (index, text) in events.iter().enumerate() {
                if text.starts_with("p0 keeps the ") && text.ends_with(" Isamaru, Hound of Konda (the legend rule)") {
                    applied[kind] += 1;
                    let next = events.get(index + 1).map(String::as_str);
                    assert_eq!(next, Some("Isamaru, Hound of Konda [p0] goes to the graveyard"), "seed {seed}");
                }
            }
            // Never two of them attack at once.
            for (turn, _, events) in turns(&played) {
                let attacks =
                    events.iter().filter(|text| text.starts_with("Isamaru, Hound of Konda [p0] attacks")).count();
                assert!(attacks <= 1, "seed {seed} turn {turn}: {events:?}");
            }
        }
    }
    assert!(applied[0] > 0, "a second Isamaru was cast");
    assert_eq!(applied[1], 0, "the greedy player casts no second Isamaru");
}
