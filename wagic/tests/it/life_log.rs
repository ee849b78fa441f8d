//! A game's log tells every change of a player's life (`wagic/src/play/life.rs`): combat
//! damage by its own line, the rest (a spell's damage, an upkeep trigger, a
//! `spiritlink` gain) as `p1 loses 2 life (now 18)`, so that each turn's lines add up to
//! the life totals of its end.

use std::sync::Arc;

use wagic::play::{self, Entry, Options};
use wagic::table::Library;

use super::play::cards;

const CARDS: &str = "[card]\nname=Zap\ntarget=player\nauto=damage:2\nmana={G}\ntype=Sorcery\n[/card]\n\
[card]\nname=Leech\nauto=spiritlink\nmana={G}\ntype=Creature\npower=2\ntoughness=2\n[/card]\n\
[card]\nname=Drain Totem\nauto=@each my upkeep:damage:1 controller\nmana={G}\ntype=Artifact\n[/card]\n\
[card]\nname=Forest\ntype=Basic Land\nsubtype=Forest\n[/card]\n";

/// The change of player `index`'s life a log line tells, if it tells one.
fn told(text: &str, index: usize) -> Option<i32> {
    let player = format!("p{index}");
    if let Some(rest) = text.strip_prefix(&format!("{player} gains ")) {
        return rest.split(' ').next()?.parse().ok();
    }
    if let Some(rest) = text.strip_prefix(&format!("{player} loses ")) {
        let lost: i32 = rest.split(' ').next()?.parse().ok()?;
        return Some(-lost);
    }
    // Combat damage: `Leech deals 2 damage to p1`, `... (1 prevented)`.
    let (_, rest) = text.split_once(" deals ")?;
    let (amount, to) = rest.split_once(" damage to ")?;
    let to = to.split(' ').next()?;
    (to == player).then(|| amount.parse::<i32>().ok().map(|n| -n)).flatten()
}

#[test]
fn each_turns_lines_add_up_to_its_life_totals() {
    let library = Arc::new(Library::compile(&[("life.txt", CARDS.to_string())]).expect("the cards compile"));
    let deck = cards(&[(8, "Forest"), (4, "Zap"), (4, "Leech"), (4, "Drain Totem")]);
    let (mut gains, mut losses) = (0, 0);
    for seed in 0..6 {
        let played = play::play(&library, [&deck, &deck], Options { seed, turn_limit: 30, ..Options::default() });
        let mut life = [20, 20];
        for entry in &played.log {
            match entry {
                Entry::Event { text, .. } => {
                    for (index, total) in life.iter_mut().enumerate() {
                        if let Some(change) = told(text, index) {
                            *total += change;
                            gains += usize::from(change > 0 && !text.contains(" deals "));
                            losses += usize::from(change < 0 && !text.contains(" deals "));
                        }
                    }
                }
                Entry::TurnEnd { turn, life: actual, .. } => {
                    assert_eq!(life, *actual, "seed {seed}, turn {turn}: the lines add up to the totals");
                }
                Entry::TurnStart { .. } => {}
            }
        }
    }
    assert!(gains > 0 && losses > 0, "spiritlink gains {gains}, spells and upkeeps {losses}");
}

#[test]
fn a_life_line_says_who_how_much_and_the_total() {
    assert_eq!(told("p1 loses 2 life (now 18)", 1), Some(-2));
    assert_eq!(told("p0 gains 1 life (now 19)", 0), Some(1));
    assert_eq!(told("Leech deals 2 damage to p1", 1), Some(-2));
    assert_eq!(told("Leech deals 2 damage to p1", 0), None);
}
