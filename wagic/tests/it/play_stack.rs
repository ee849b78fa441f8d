//! The stack in whole games (`wagic::play`): spells and abilities wait on it, the other
//! player responds, the top resolves first (a replay of the log's stack), and the
//! stack's depth and the moves of one step stay bounded. Decks of cards from Wagic's card
//! files, read in place (skipped when they are absent), and of cards written here.

use std::sync::Arc;

use wagic::play::{self, Entry, MAX_MOVES_PER_STEP, MAX_STACK_DEPTH, Options, Outcome, PlayerKind};
use wagic::table::Library;
use wagic::testfile::Phase;

use super::board::library;
use super::play::cards;

/// Every event of a game with its turn and phase, in order.
fn events(played: &play::Played) -> Vec<(u32, Phase, String)> {
    let mut turn = 0;
    let mut out = Vec::new();
    for entry in &played.log {
        match entry {
            Entry::TurnStart { turn: started, .. } => turn = *started,
            Entry::Event { phase, text } => out.push((turn, *phase, text.clone())),
            Entry::TurnEnd { .. } => {}
        }
    }
    out
}

/// What a log line does to the stack: a spell or ability put on it (its name, as the
/// resolving line names it), or the one on top leaving it.
enum StackLine {
    Push(String),
    Pop(String),
    Other,
}

fn stack_line(text: &str) -> StackLine {
    for verb in [" casts ", " responds with "] {
        if let Some((_, rest)) = text.split_once(verb) {
            // `X with X = 3`, `X targeting Y (p1)`; an ability response is `Card's
            // ability: line`.
            let name = rest.split(" targeting ").next().unwrap_or(rest);
            let name = name.split(" with X = ").next().unwrap_or(name);
            let name = name.split(": ").next().unwrap_or(name);
            return StackLine::Push(name.to_string());
        }
    }
    if let Some((_, rest)) = text.split_once(" activates ") {
        let card = rest.split(": ").next().unwrap_or(rest);
        return StackLine::Push(format!("{card}'s ability"));
    }
    for ending in [" resolves", " fizzles", " is countered"] {
        if let Some(name) = text.strip_suffix(ending) {
            return StackLine::Pop(name.to_string());
        }
    }
    // `X resolves (Y: no longer a legal target)`: some of its targets illegal.
    if let Some((name, _)) = text.split_once(" resolves (") {
        return StackLine::Pop(name.to_string());
    }
    StackLine::Other
}

/// Replays a game's stack from its log: each item that leaves it is the one on top (last
/// in, first out), the stack is empty when a step ends, and its depth stays within
/// [`MAX_STACK_DEPTH`]. Abilities that run as they are activated leave no line, and are
/// taken off at once. The deepest stack seen.
fn replay_stack(events: &[(u32, Phase, String)]) -> usize {
    let mut stack: Vec<String> = Vec::new();
    let mut deepest = 0;
    let mut step = None;
    for (index, (turn, phase, text)) in events.iter().enumerate() {
        if step != Some((*turn, *phase)) {
            assert!(stack.is_empty(), "turn {turn}: {stack:?} left on the stack when the step ended");
            step = Some((*turn, *phase));
        }
        match stack_line(text) {
            StackLine::Push(name) => {
                stack.push(name);
                deepest = deepest.max(stack.len());
                assert!(stack.len() <= MAX_STACK_DEPTH, "turn {turn}: {stack:?}");
            }
            StackLine::Pop(name) => {
                let top = stack.pop();
                assert_eq!(top.as_deref(), Some(name.as_str()), "turn {turn}, event {index}: `{text}`");
            }
            StackLine::Other => {}
        }
        // An ability with no target ran as it was activated: nothing waits for it.
        if (text.contains(" activates ") || text.contains("'s ability: ")) && !text.contains(" targeting ") {
            stack.pop();
        }
    }
    deepest
}

/// The targets a cast or response line names (`p1 casts Shock targeting Grizzly Bears
/// (p0)`) when it is `player`'s spell `card`.
pub(super) fn targets_of<'t>(text: &'t str, player: &str, card: &str) -> Option<&'t str> {
    let rest = text.strip_prefix(player)?;
    let rest = rest.strip_prefix(" casts ").or_else(|| rest.strip_prefix(" responds with "))?;
    rest.strip_prefix(card)?.strip_prefix(" targeting ")
}

fn growth_and_burn() -> (Vec<String>, Vec<String>) {
    let growth = cards(&[(9, "Forest"), (7, "Grizzly Bears"), (4, "Giant Growth")]);
    let burn = cards(&[(9, "Mountain"), (7, "Shock"), (4, "Raging Goblin")]);
    (growth, burn)
}

/// A Giant Growth cast in answer to a Shock at its creature resolves first and saves it:
/// the stack is last in, first out. Planted first in, first out, the Shock resolves
/// first and this test fails.
#[test]
fn a_response_resolves_before_the_spell_it_answers() {
    let Some(library) = library() else { return };
    let (growth, burn) = growth_and_burn();
    let players = [PlayerKind::Greedy, PlayerKind::Random];
    let mut responses = 0;
    for seed in 0..10 {
        let played = play::play(&library, [&growth, &burn], Options { seed, turn_limit: 30, players });
        assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "seed {seed}: {}", played.outcome);
        let events = events(&played);
        replay_stack(&events);
        for (index, (_, _, text)) in events.iter().enumerate() {
            let Some(pumped) = text.strip_prefix("p0 responds with Giant Growth targeting ") else { continue };
            responses += 1;
            // The Shock answered, its target, and what follows the response.
            let aimed = events[..index]
                .iter()
                .rev()
                .find_map(|(_, _, text)| targets_of(text, "p1", "Shock"))
                .expect("the Shock's target");
            // The Growth goes at the Shock's target, named as it is cast, and resolves
            // before the Shock.
            assert_eq!(pumped, aimed, "seed {seed}");
            let target = aimed.strip_suffix(" (p0)").expect("a creature of p0's");
            let rest: Vec<&str> = events[index + 1..].iter().map(|(_, _, text)| text.as_str()).collect();
            let growth = rest.iter().position(|text| *text == "Giant Growth resolves").expect("the Growth resolves");
            let shock = rest.iter().position(|text| *text == "Shock resolves").expect("the Shock resolves");
            assert!(growth < shock, "seed {seed}: {rest:?}");
            let died = format!("{target} [p0] goes to the graveyard");
            assert_ne!(rest.get(shock + 1).copied(), Some(died.as_str()), "seed {seed}: the Growth saved it");
        }
    }
    assert!(responses >= 3, "the greedy player answers Shocks ({responses})");
}

/// A free ability that targets (`{0}`: 1 damage) offered again at every priority: the
/// stack never holds more than [`MAX_STACK_DEPTH`] items, a step never more than
/// [`MAX_MOVES_PER_STEP`] moves, and each game ends. Planted without the depth cap, the
/// stack grows past it and this fails.
#[test]
fn the_stack_and_the_moves_of_a_step_are_bounded() {
    let source = "[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n\
        [card]\nname=Spark Wheel\nauto={0}:damage:1 target(creature,player)\nmana={0}\ntype=Artifact\n[/card]\n\
        [card]\nname=Stone Wall\nabilities=defender\nmana={0}\ntype=Creature\npower=0\ntoughness=60\n[/card]\n";
    let library = Arc::new(Library::compile(&[("own.txt", source.to_string())]).expect("compiles"));
    assert!(library.rules_of("Spark Wheel").is_ok(), "the card compiles");
    let deck = cards(&[(10, "Forest"), (6, "Spark Wheel"), (4, "Stone Wall")]);
    let mut deepest = 0;
    for seed in 0..6 {
        let played = play::play(&library, [&deck, &deck], Options { seed, turn_limit: 12, ..Options::default() });
        assert!(!matches!(played.outcome, Outcome::Stopped { .. }), "seed {seed}: {}", played.outcome);
        let events = events(&played);
        deepest = deepest.max(replay_stack(&events));
        let mut moves: Vec<((u32, Phase), usize)> = Vec::new();
        for (turn, phase, text) in &events {
            let is_move =
                [" casts ", " responds with ", " activates ", " plays "].iter().any(|verb| text.contains(verb));
            match moves.last_mut() {
                Some((step, count)) if *step == (*turn, *phase) => *count += usize::from(is_move),
                _ => moves.push(((*turn, *phase), usize::from(is_move))),
            }
        }
        let most = moves.iter().map(|(_, count)| *count).max().unwrap_or(0);
        assert!(most <= MAX_MOVES_PER_STEP, "seed {seed}: {most} moves in one step");
    }
    assert!(deepest >= 4, "the players respond to each other ({deepest} deep at most)");
}
