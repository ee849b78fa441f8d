//! Games whose seats are played by the caller's code (`wagic::play::Seat`, `play_with`,
//! `SteppedGame`): seats that answer the first option or at random play whole games of
//! Wagic's cards; a seat sees nothing of the other hand; a seat that gives up or answers
//! out of range stops the game; a stepped game refuses a wrong index, replays from its
//! history, and ends its thread when dropped.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use wagic::play::{
    self, AnswerError, CardAt, Entry, Options, Outcome, PlayerKind, Question, QuestionKind, Rng, Seat, SeatAnswer,
    SeatView, SteppedGame,
};
use wagic::table::Library;

use super::board::library;
use super::play::cards;

/// A seat that always takes the first option, counting the questions it was asked.
#[derive(Default)]
struct FirstOption {
    asked: usize,
    kinds: HashSet<QuestionKind>,
}

impl Seat for FirstOption {
    fn decide(&mut self, _: &SeatView, question: &Question) -> Option<usize> {
        assert!(question.options.len() >= 2, "a question of one option is not asked: {question:?}");
        self.asked += 1;
        self.kinds.insert(question.kind);
        Some(0)
    }
}

/// A seat that takes an option at random, from a generator of its own.
struct AtRandom {
    rng: Rng,
    asked: usize,
    kinds: HashSet<QuestionKind>,
}

impl AtRandom {
    fn new(seed: u64) -> AtRandom {
        AtRandom { rng: Rng::new(seed), asked: 0, kinds: HashSet::new() }
    }
}

impl Seat for AtRandom {
    fn decide(&mut self, view: &SeatView, question: &Question) -> Option<usize> {
        assert!(question.options.len() >= 2, "a question of one option is not asked: {question:?}");
        assert_eq!(view.hand.len(), view.players[view.seat].hand, "the seat's own hand is shown whole");
        assert_eq!(question.cards.len(), question.options.len());
        for (label, card) in question.options.iter().zip(&question.cards) {
            if let Some(card) = card {
                let name = name_at(view, *card).unwrap_or_else(|| panic!("{card:?} is in the view: {question:?}"));
                assert!(label.contains(name), "{label:?} is about {name}");
            }
        }
        // Two copies of a card in hand are one choice, shown once.
        let in_hand: Vec<&String> = (question.options.iter().zip(&question.cards))
            .filter(|(_, card)| matches!(card, Some(CardAt::Hand(_))))
            .map(|(label, _)| label)
            .collect();
        assert!(in_hand.iter().enumerate().all(|(at, label)| !in_hand[..at].contains(label)), "{question:?}");
        if let Some(about) = question.about {
            let name = name_at(view, about).unwrap_or_else(|| panic!("{about:?} is in the view: {question:?}"));
            assert!(question.prompt.contains(name), "{:?} is about {name}", question.prompt);
        }
        self.asked += 1;
        self.kinds.insert(question.kind);
        Some(self.rng.below(question.options.len()))
    }
}

/// The name of the card at `card` in `view`, if the view has a card there.
fn name_at(view: &SeatView, card: CardAt) -> Option<&str> {
    match card {
        CardAt::Hand(index) => view.hand.get(index).map(String::as_str),
        CardAt::Battlefield(index) => view.battlefield.get(index).map(|permanent| permanent.name.as_str()),
        CardAt::Graveyard { owner, index } => view.graveyards.get(owner)?.get(index).map(String::as_str),
        CardAt::Exile { owner, index } => view.exile.get(owner)?.get(index).map(String::as_str),
        CardAt::Stack(index) => view.stack.get(index).map(|entry| entry.name.as_str()),
    }
}

/// Decks of Wagic's cards that ask every kind of question: lands, creatures, burn with
/// targets, pumps, counterspells, a pinger, flashback, kicker, cycling, a legend.
fn decks() -> Vec<Vec<String>> {
    vec![
        cards(&[(12, "Forest"), (8, "Grizzly Bears"), (4, "Giant Growth"), (4, "Llanowar Elves"), (2, "Giant Spider")]),
        cards(&[
            (12, "Mountain"),
            (6, "Shock"),
            (4, "Raging Goblin"),
            (4, "Firebolt"),
            (2, "Lava Axe"),
            (2, "Hill Giant"),
        ]),
        cards(&[
            (12, "Island"),
            (4, "Counterspell"),
            (4, "Prodigal Sorcerer"),
            (4, "Think Twice"),
            (2, "Drifting Meadow"),
        ]),
        cards(&[(8, "Forest"), (6, "Plains"), (4, "Kavu Titan"), (4, "Isamaru, Hound of Konda"), (4, "Serra Angel")]),
    ]
}

/// A game that ended as a game ends: a winner, or a draw (both lost, the turn limit).
fn ended_normally(outcome: &Outcome) -> bool {
    matches!(outcome, Outcome::Won { .. } | Outcome::Drawn { .. })
}

#[test]
fn seats_taking_the_first_option_or_one_at_random_play_whole_games() {
    let Some(library) = library() else { return };
    let decks = decks();
    let (mut won, mut asked, mut kinds) = (0, 0, HashSet::new());
    for seed in 0..6u64 {
        for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
            let mut first = FirstOption::default();
            let mut random = AtRandom::new(seed ^ 0x5EA7);
            let options = Options { seed, turn_limit: 60, players: [PlayerKind::Greedy; 2] };
            let played =
                play::play_with(&library, [&decks[a], &decks[b]], options, [Some(&mut first), Some(&mut random)]);
            assert!(ended_normally(&played.outcome), "seed {seed}, decks {a} and {b}: {:?}", played.outcome);
            assert!(first.asked > 0 && random.asked > 0, "seed {seed}: both seats were asked");
            won += usize::from(matches!(played.outcome, Outcome::Won { .. }));
            asked += first.asked + random.asked;
            kinds.extend(first.kinds.iter().chain(&random.kinds).copied());
            // Against the built-in greedy player too.
            let mut random = AtRandom::new(seed);
            let played = play::play_with(&library, [&decks[b], &decks[a]], options, [None, Some(&mut random)]);
            assert!(ended_normally(&played.outcome), "seed {seed}, decks {b} and {a}: {:?}", played.outcome);
        }
    }
    assert!(won > 12, "most games have a winner ({won} of 24)");
    assert!(asked > 1000, "the seats made the games' choices ({asked} questions)");
    use QuestionKind::*;
    for kind in [Mulligan, Priority, Effect, Attack, Block, Discard, Legend] {
        assert!(kinds.contains(&kind), "a {} question was asked: {kinds:?}", kind.name());
    }
}

/// Wagic's own AI decks (`Res/ai/baka/deck*.txt` beside the `Res/sets` folder
/// `WAGIC_SETS` names), played by the two seats; skipped without `WAGIC_SETS`.
#[test]
fn seats_play_wagics_ai_decks() {
    let Some(folder) = std::env::var_os("WAGIC_SETS") else {
        eprintln!("skipped: WAGIC_SETS is not set (give it a Wagic `Res/sets` folder to run this test)");
        return;
    };
    let Some(library) = library() else { return };
    let folder = std::path::PathBuf::from(folder);
    let mut sets = wagic::sets::Sets::new();
    for entry in std::fs::read_dir(&folder).expect("a readable sets folder") {
        let path = entry.expect("an entry").path().join("_cards.dat");
        if let Ok(bytes) = std::fs::read(&path) {
            let set = path.parent().and_then(|set| set.file_name()).map(|name| name.to_string_lossy().into_owned());
            sets.add(&set.unwrap_or_default(), wagic::sets::read(&String::from_utf8_lossy(&bytes)));
        }
    }
    let baka = folder.join("../ai/baka");
    let decks: Vec<Vec<String>> = (1..=12)
        .filter_map(|number| std::fs::read_to_string(baka.join(format!("deck{number}.txt"))).ok())
        .filter_map(|text| {
            let deck = play::deck::read(&text).ok()?;
            play::deck::resolve(&deck, &library, Some(&sets), true).ok().map(|(cards, _)| cards)
        })
        .collect();
    assert!(decks.len() >= 6, "Wagic's AI decks are read ({} of 12)", decks.len());
    for (index, pair) in decks.windows(2).enumerate() {
        let seed = index as u64;
        let mut first = FirstOption::default();
        let mut random = AtRandom::new(seed);
        let options = Options { seed, turn_limit: 60, ..Options::default() };
        let played = play::play_with(&library, [&pair[0], &pair[1]], options, [Some(&mut random), Some(&mut first)]);
        assert!(ended_normally(&played.outcome), "AI decks {index}: {:?}", played.outcome);
    }
}

/// A seat that takes the first option, recording each view and question it was given.
#[derive(Default)]
struct Recording {
    seen: Vec<(SeatView, Question)>,
}

impl Seat for Recording {
    fn decide(&mut self, view: &SeatView, question: &Question) -> Option<usize> {
        self.seen.push((view.clone(), question.clone()));
        Some(0)
    }
}

#[test]
fn a_seat_sees_nothing_of_the_other_hand() {
    let Some(library) = library() else { return };
    let bears = cards(&[(12, "Forest"), (12, "Grizzly Bears")]);
    // p1 has no land: its cards stay in its hand, mulliganed down to none, so that it
    // has to discard late. The two games differ only in what its hand holds.
    let dragons = cards(&[(30, "Shivan Dragon")]);
    let wurms = cards(&[(30, "Craw Wurm")]);
    let game = |p1: &[String]| {
        let mut seat = Recording::default();
        let mut mulligans = |_: &SeatView, question: &Question| {
            Some(if question.kind == QuestionKind::Mulligan { 1 } else { question.options.len() - 1 })
        };
        let options = Options { seed: 3, turn_limit: 40, ..Options::default() };
        let played = play::play_with(&library, [&bears, p1], options, [Some(&mut seat), Some(&mut mulligans)]);
        (seat.seen, played)
    };
    let (with_dragons, first) = game(&dragons);
    let (with_wurms, second) = game(&wurms);
    assert_ne!(first.log, second.log, "the log tells p1's draws");
    // Until a card of p1's is seen (a discard), p0 is asked the same with the same view.
    let unseen = |(view, _): &(SeatView, Question)| view.graveyards[1].is_empty() && view.exile[1].is_empty();
    let before = with_dragons.iter().take_while(|seen| unseen(seen)).count();
    assert!(before > 20, "p0 was asked {before} questions before p1's hand showed");
    assert_eq!(with_dragons[..before], with_wurms[..before]);
    for (view, question) in &with_dragons[..before] {
        let shown = format!("{view:?} {question:?}");
        assert!(!shown.contains("Shivan Dragon"), "{shown}");
        assert!(view.players[1].hand > 0 || view.turn < 3, "p1's hand is counted: {view:?}");
    }
}

/// Hand-written cards, so that these tests need no Wagic data.
const CARDS: &str = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
[card]\nname=Bear\nmana={G}\ntype=Creature\nsubtype=Bear\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Zap\nmana={G}\ntarget=creature,player\nauto=damage:1\ntype=Instant\n[/card]\n";

fn small_library() -> Arc<Library> {
    Arc::new(Library::compile(&[("cards.txt", CARDS.to_string())]).expect("the cards compile"))
}

fn small_decks() -> [Vec<String>; 2] {
    [cards(&[(10, "Forest"), (8, "Bear"), (6, "Zap")]), cards(&[(10, "Forest"), (8, "Bear"), (6, "Zap")])]
}

#[test]
fn a_seat_that_gives_up_or_answers_out_of_range_stops_the_game() {
    let library = small_library();
    let decks = small_decks();
    let options = Options { seed: 1, ..Options::default() };
    let mut gives_up = |_: &SeatView, _: &Question| None;
    let played = play::play_with(&library, [&decks[0], &decks[1]], options, [Some(&mut gives_up), None]);
    assert_eq!(
        played.outcome,
        Outcome::Stopped { reason: "p0's seat gave up at: p0: keep 7 cards (4 lands) or mulligan to 6?".into() }
    );
    assert_eq!(played.end, play::End::Stopped);
    let mut too_far = |_: &SeatView, question: &Question| Some(question.options.len());
    let played = play::play_with(&library, [&decks[0], &decks[1]], options, [None, Some(&mut too_far)]);
    let Outcome::Stopped { reason } = &played.outcome else { panic!("{:?}", played.outcome) };
    assert!(reason.starts_with("p1's seat answered 2 to a question of 2 options (0 to 1): p1: keep"), "{reason}");
}

#[test]
fn a_stepped_game_refuses_a_wrong_index_and_goes_on() {
    let library = small_library();
    let options = Options { seed: 4, turn_limit: 30, ..Options::default() };
    let mut game = SteppedGame::start(library, small_decks(), options, [true, false]);
    let pending = game.pending().expect("the mulligan waits");
    assert_eq!((pending.seat, pending.question.kind), (0, QuestionKind::Mulligan));
    assert_eq!(pending.question.options, ["keep", "mulligan"]);
    assert_eq!(game.answer(2), Err(AnswerError::OutOfRange { index: 2, options: 2 }));
    assert_eq!(
        AnswerError::OutOfRange { index: 2, options: 2 }.to_string(),
        "answer 2 is out of range: the question has 2 options (0 to 1)"
    );
    assert_eq!(game.pending().map(|pending| pending.question.kind), Some(QuestionKind::Mulligan), "still asked");
    let mut answered = 0;
    while let Some(pending) = game.pending() {
        assert_eq!(pending.seat, 0, "p1 is the built-in player's");
        assert!(pending.question.options.len() >= 2);
        game.answer(0).expect("0 is an option");
        answered += 1;
    }
    assert!(ended_normally(game.outcome().expect("over")), "{:?}", game.outcome());
    assert_eq!(game.history().len(), answered);
    assert!(game.history().iter().all(|answer| *answer == SeatAnswer { seat: 0, index: 0 }));
    assert!(matches!(game.log().last(), Some(Entry::TurnEnd { .. })), "the whole log");
    assert_eq!(game.answer(0), Err(AnswerError::GameOver));
}

#[test]
fn a_stepped_game_replays_from_its_history() {
    let library = small_library();
    let options = Options { seed: 9, turn_limit: 40, ..Options::default() };
    let mut rng = Rng::new(77);
    let mut game = SteppedGame::start(Arc::clone(&library), small_decks(), options, [true, true]);
    while let Some(pending) = game.pending() {
        let index = rng.below(pending.question.options.len());
        game.answer(index).expect("in range");
    }
    let history = game.history().to_vec();
    assert!(history.iter().any(|answer| answer.seat == 0) && history.iter().any(|answer| answer.seat == 1));
    assert!(ended_normally(game.outcome().expect("over")));
    // The same answers through `play_with`, each seat its own.
    let from_history = |seat: usize| {
        let mut answers = history.iter().filter(move |answer| answer.seat == seat).map(|answer| answer.index);
        move |_: &SeatView, _: &Question| answers.next()
    };
    let (mut first, mut second) = (from_history(0), from_history(1));
    let decks = small_decks();
    let played = play::play_with(&library, [&decks[0], &decks[1]], options, [Some(&mut first), Some(&mut second)]);
    assert_eq!(played.log, game.log());
    assert_eq!(Some(&played.outcome), game.outcome());
    // And through a second stepped game.
    let mut again = SteppedGame::start(library, small_decks(), options, [true, true]);
    for answer in &history {
        assert_eq!(again.pending().map(|pending| pending.seat), Some(answer.seat));
        again.answer(answer.index).expect("the same question");
    }
    assert!(again.pending().is_none());
    assert_eq!(again.log(), game.log());
}

#[test]
fn dropping_a_stepped_game_mid_way_ends_its_thread() {
    let library = small_library();
    let options = Options { seed: 2, ..Options::default() };
    let mut game = SteppedGame::start(Arc::clone(&library), small_decks(), options, [true, true]);
    for _ in 0..5 {
        game.answer(0).expect("a question waits");
    }
    assert!(game.pending().is_some());
    assert!(Arc::strong_count(&library) > 1, "the game thread holds the library");
    let started = Instant::now();
    drop(game);
    assert!(started.elapsed() < Duration::from_secs(5), "the drop returns promptly");
    // The thread was joined: what it held is released.
    assert_eq!(Arc::strong_count(&library), 1);
}

#[test]
fn a_seat_gives_up_in_a_stepped_game() {
    let library = small_library();
    let mut game = SteppedGame::start(library, small_decks(), Options::default(), [false, true]);
    game.give_up().expect("a question waits");
    let Some(Outcome::Stopped { reason }) = game.outcome() else { panic!("{:?}", game.outcome()) };
    assert!(reason.starts_with("p1's seat gave up at: p1: keep"), "{reason}");
}

/// The example of docs/wagic-play.md is the doctest of `wagic::play`, word for word.
#[test]
fn the_docs_example_is_the_modules_doctest() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("../docs/wagic-play.md")).expect("docs/wagic-play.md");
    let section = page.split("## Playing a seat from your own code").nth(1).expect("the section");
    let example = section.split("```rust\n").nth(1).and_then(|rest| rest.split("```").next()).expect("its example");
    let module = std::fs::read_to_string(root.join("src/play/mod.rs")).expect("play/mod.rs");
    let doc: String = module
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(|line| format!("{}\n", line.strip_prefix(' ').unwrap_or(line)))
        .collect();
    let doctest = doc.split("```\n").nth(1).expect("the module's doctest");
    assert_eq!(example, doctest);
}
