//! Plays a fuzzed card inside the reference game (`game`): the card is printed three
//! times in a small set (a character with a ■ ability, an action and a reaction sharing
//! its rules) beside the `game::testing` tiny set; both decks hold it, and a short game runs
//! with every decision taken from the fuzz input: mostly a legal move, sometimes a move
//! from anywhere in the action space or an answer of arbitrary candidates (which the game
//! must refuse, not panic on).

use std::sync::Arc;

use game::testing::{card, tiny_set};
use game::{ACTION_SPACE, AbilityType, CardKind, CardSet, Choice, Game, Move};

use crate::answers::Answers;

/// Most decisions one game takes.
const MAX_MOVES: usize = 200;
/// Most log entries one move may add: the engine ends a call's cascade past
/// `game::MAX_LOG_ENTRIES_PER_CALL` (10,000), and the step that crosses it is bounded by
/// its fuel (`vm::runtime::DEFAULT_FUEL`, 100,000 units, one per card a command moves);
/// more is work without a bound a server could afford.
const MAX_LOG_PER_MOVE: usize = game::MAX_LOG_ENTRIES_PER_CALL + 2 * vm::runtime::DEFAULT_FUEL as usize;
/// Turns before the game is a draw.
const TURN_LIMIT: u32 = 6;

/// What a game did, for tests that check the harness reaches the engine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Played {
    /// Moves the game accepted.
    pub applied: usize,
    /// Moves it refused.
    pub refused: usize,
    /// Whether the game ended (a win, a loss or the turn limit).
    pub over: bool,
}

/// The tiny set plus the fuzzed card in three printings; `None` when `source` does not
/// compile (the caller already knows whether it does).
fn set_with(source: &str) -> Option<CardSet> {
    let base = tiny_set().ok()?;
    let mut cards: Vec<_> = base.cards().to_vec();
    let mut sources = vec![("F001-fuzzed.rules".to_owned(), source.to_owned())];
    for card in &cards {
        if let Some(file) = &card.rules_file {
            let text = match file.as_str() {
                "T004-mystic.rules" => "action = {F}: draw()\n",
                "T005-fireball.rules" => "action = damage(300) to(opp)\n",
                _ => "action = sp(1)\n",
            };
            sources.push((file.clone(), text.to_owned()));
        }
    }
    for (id, number, kind, bp, sp) in [
        ("f-c001", "F001", CardKind::Character, 600, 1),
        ("f-a001", "F002", CardKind::Action, 0, -1),
        ("f-r001", "F003", CardKind::Reaction, 0, 0),
    ] {
        let mut printed = card(id, number, &format!("Fuzzed {number}"), kind, bp, sp);
        printed.ability = (kind == CardKind::Character).then_some(AbilityType::Triggered);
        printed.rules_file = Some("F001-fuzzed.rules".to_owned());
        cards.push(printed);
    }
    CardSet::from_parts(cards, &sources).ok()
}

/// Plays a short game whose decks hold the card `source`, with decisions from `answers`.
pub fn play(source: &str, answers: &mut Answers<'_>) -> Option<Played> {
    let set = Arc::new(set_with(source)?);
    let n = set.cards().len();
    // Twenty cards each, the fuzzed ones (the last three) every other card.
    let deck: Vec<usize> = (0..20).map(|i| if i % 2 == 0 { n - 3 + (i / 2) % 3 } else { (i / 2) % (n - 3) }).collect();
    let seed = u64::from(answers.byte());
    let mut game = Game::new(Arc::clone(&set), [deck.clone(), deck], seed).ok()?;
    game.set_turn_limit(TURN_LIMIT);
    let mut played = Played::default();
    for _ in 0..MAX_MOVES {
        if game.outcome().is_some() {
            played.over = true;
            break;
        }
        let legal = game.legal_moves();
        let logged = game.log().len();
        let result = match answers.byte() {
            0..=229 if !legal.is_empty() => game.apply(legal[answers.below(legal.len())]),
            230..=244 => game.apply(Move::from_index(answers.below(ACTION_SPACE)).unwrap_or(Move::Pass)),
            245..=254 => {
                let count = answers.below(4);
                let choices: Vec<Choice> = (0..count).map(|_| Choice::Int(i32::from(answers.byte()) - 2)).collect();
                game.answer_with(&choices)
            }
            _ => game.apply(Move::Pass),
        };
        match result {
            Ok(_) => played.applied += 1,
            Err(_) => played.refused += 1,
        }
        let added = game.log().len().saturating_sub(logged);
        assert!(added <= MAX_LOG_PER_MOVE, "one move logged {added} entries: work and memory must stay bounded");
    }
    Some(played)
}
