//! The `wagic_play` target's body: a Wagic card file, `\0`, two Wagic deck files separated
//! by `\0`, optionally `\0` and a Wagic set file (`_cards.dat`, naming the ids the decks
//! give), read as `rsc run --lang wagic` reads them and played as one seeded game
//! (`wagic::play`).
//!
//! What must hold: no panic; a deck is read and resolved, or gets [`DeckError`]s of the
//! documented codes at lines of its file; a resolved deck holds at most
//! [`MAX_DECK_CARDS`] cards, each a card of the library, and resolving it again with
//! `--skip-uncompiled` gives the same cards; the game ends (a win, a draw or a stop)
//! within [`TURN_LIMIT`] turns, its log's turns counting up from 1, and the same seed
//! gives the same game twice.
//!
//! One input's work is kept small by [`TURN_LIMIT`] turns (the table's own limits bound
//! each turn: `MAX_MOVES_PER_STEP` moves a step, `MAX_STACK_DEPTH` items on the stack,
//! `MAX_QUESTIONS` a move, the VM's fuel and cascade limits a card's code) and by the
//! decks' size: a deck of more than [`MAX_FUZZ_DECK_CARDS`] cards (the game itself takes
//! [`MAX_DECK_CARDS`]) is resolved and checked but not played, as every rule of the table
//! looks at every card. The fuzzer's `-max_len` bounds the card file.

use std::sync::Arc;

use wagic::play::deck::{self, DeckError};
use wagic::play::{self, Entry, MAX_DECK_CARDS};
use wagic::sets::Sets;
use wagic::table::Library;

/// Turns one game plays before it is a draw.
pub const TURN_LIMIT: u32 = 8;

/// The most cards of one deck the target plays a game with (Wagic's decks hold about 60).
pub const MAX_FUZZ_DECK_CARDS: usize = 120;

/// The codes a [`DeckError`] may carry (`wagic/src/play/deck.rs`).
const DECK_CODES: [&str; 7] = [
    "deck-unknown-card",
    "deck-unknown-id",
    "deck-id-without-sets",
    "deck-not-compiled",
    "deck-count",
    "deck-too-large",
    "deck-empty",
];

/// Checks `data` as card file, two decks and set file; panics on a failure.
pub fn check(data: &[u8]) {
    let _played = played(data);
}

/// Checks `data` as [`check`] does; the game played, `None` when none was (a deck refused,
/// a deck too large for the target, a bundle the format cannot hold).
pub fn played(data: &[u8]) -> Option<play::Played> {
    let mut parts = data.splitn(4, |&byte| byte == 0);
    let cards = String::from_utf8_lossy(parts.next().unwrap_or_default()).into_owned();
    let first = parts.next().unwrap_or_default();
    // Without a second deck the first plays itself.
    let second = parts.next().unwrap_or(first);
    let set_file = parts.next();
    let mut sources = vec![("cards.txt", cards)];
    let sets = set_file.map(|bytes| {
        // Wagic's set files are Latin-1: `rsc` decodes them lossily too.
        let text = String::from_utf8_lossy(bytes).into_owned();
        let file = wagic::sets::read(&text);
        if let Some(whole) = wagic::sets::whole_cards_source(&text, &file) {
            sources.push(("_cards.dat", whole));
        }
        let mut sets = Sets::new();
        sets.add("FUZ", file);
        sets
    });
    // A bundle the format cannot hold (a limit of the format) is no game to play.
    let library = Arc::new(Library::compile(&sources).ok()?);
    let first = resolved(first, &library, sets.as_ref());
    let second = resolved(second, &library, sets.as_ref());
    let (first, second) = (first?, second?);
    if first.len() > MAX_FUZZ_DECK_CARDS || second.len() > MAX_FUZZ_DECK_CARDS {
        return None;
    }
    let seed = seed_of(data);
    let options = play::Options { seed, turn_limit: TURN_LIMIT, ..play::Options::default() };
    let played = play::play(&library, [&first, &second], options);
    check_played(&played);
    let again = play::play(&library, [&first, &second], options);
    assert!(played.log == again.log, "seed {seed} gave two different games");
    assert!(played.outcome == again.outcome, "seed {seed} gave two outcomes");
    assert!(played.decisions == again.decisions, "seed {seed} gave two decision counts");
    Some(played)
}

/// The cards a deck file plays, as `rsc run --lang wagic` resolves it; `None` for a deck
/// with errors (each checked).
fn resolved(bytes: &[u8], library: &Library, sets: Option<&Sets>) -> Option<Vec<String>> {
    let text = String::from_utf8_lossy(bytes);
    let lines = text.lines().count();
    let read = match deck::read(&text) {
        Ok(read) => read,
        Err(error) => {
            check_error(&error, lines);
            return None;
        }
    };
    let strict = deck::resolve(&read, library, sets, false);
    let lenient = deck::resolve(&read, library, sets, true);
    match (strict, lenient) {
        (Ok((cards, left_out)), lenient) => {
            assert!(left_out.is_empty(), "a deck resolved without `--skip-uncompiled` left cards out");
            assert!(cards.len() <= MAX_DECK_CARDS, "a deck of {} cards was accepted", cards.len());
            for name in &cards {
                assert!(library.rules_of(name).is_ok(), "the deck plays `{name}`, which the library cannot play");
            }
            let (skipped, left_out) = lenient.expect("a deck that resolves resolves with `--skip-uncompiled`");
            assert!(skipped == cards && left_out.is_empty(), "`--skip-uncompiled` changed a deck with no card to skip");
            Some(cards)
        }
        (Err(errors), lenient) => {
            assert!(!errors.is_empty(), "a deck refused with no error");
            for error in &errors {
                check_error(error, lines);
            }
            if let Ok((_, left_out)) = &lenient {
                for error in left_out {
                    assert!(error.code == "deck-not-compiled", "a card left out for {error}");
                }
            }
            None
        }
    }
}

/// A deck error has a documented code and names a line of the file (or none).
fn check_error(error: &DeckError, lines: usize) {
    assert!(DECK_CODES.contains(&error.code), "an undocumented deck error code: {error}");
    assert!(error.line as usize <= lines.max(1), "a deck error past the file's {lines} lines: {error}");
    assert!(!error.message.is_empty(), "a deck error without a message");
}

/// The game ended within the turn limit, its turns counting up from 1 and alternating.
fn check_played(played: &play::Played) {
    assert!(played.turns <= TURN_LIMIT, "{} turns played with a limit of {TURN_LIMIT}", played.turns);
    let mut turn = 0;
    for entry in &played.log {
        match entry {
            Entry::TurnStart { turn: started, .. } => {
                assert!(*started == turn + 1, "turn {started} began after turn {turn}");
                turn = *started;
            }
            Entry::TurnEnd { turn: ended, .. } => assert!(*ended == turn, "turn {ended} ended during turn {turn}"),
            Entry::Event { .. } => {}
        }
    }
    assert!(turn == played.turns, "the log begins {turn} turns, the game counts {}", played.turns);
}

/// The game's seed: FNV-1a of the input, so that one input plays one game.
fn seed_of(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}
