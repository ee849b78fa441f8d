//! A played game as text: the lines `rsc run --lang wagic` prints, which the Python
//! package's `rulescript.wagic.play` returns too ([`Played::transcript`]; a game under
//! way's [`header`] and [`log_lines`]).

use super::{Entry, Outcome, Played};
use crate::table::P0;

impl Played {
    /// The texts of the log's events, in order (`p1 discards Forest`), without the turns
    /// and phases they happened in.
    pub fn events(&self) -> Vec<&str> {
        self.log
            .iter()
            .filter_map(|entry| match entry {
                Entry::Event { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    /// The game's lines, without line ends: the header (the seed, each seat's deck and
    /// player), the log turn by turn (the events before the first turn are the opening
    /// hands'), the result, and the count of turns and decisions. `names` are the decks'
    /// names in seats 0 and 1, `players` who played them (a [`super::PlayerKind`]'s name,
    /// or the caller's word for a seat of its own).
    pub fn transcript(&self, seed: u64, names: [&str; 2], players: [&str; 2]) -> Vec<String> {
        let name = |index: usize| names.get(index).copied().unwrap_or_default();
        let mut lines = Vec::with_capacity(self.log.len() + 4);
        lines.push(header(seed, names, players));
        lines.extend(log_lines(&self.log, names));
        lines.push(match &self.outcome {
            Outcome::Won { winner, reason } => {
                let index = usize::from(*winner != P0);
                format!("winner: p{index} ({}): {reason}", name(index))
            }
            Outcome::Drawn { reason } => format!("no winner: {reason}"),
            Outcome::Stopped { reason } => format!("no winner: the game stopped: {reason}"),
        });
        lines.push(format!("{} turns, {} decisions", self.turns, self.decisions));
        lines
    }
}

/// The first line of a game's transcript: its seed, and each seat's deck and player.
pub fn header(seed: u64, names: [&str; 2], players: [&str; 2]) -> String {
    format!("seed {seed}: p0 {} ({}) against p1 {} ({})", names[0], players[0], names[1], players[1])
}

/// The lines of a game's log as `rsc run --lang wagic` prints them, without line ends:
/// `log` from the game's start (the events before its first turn are the opening
/// hands'), `names` the decks' names in seats 0 and 1. A game under way has its log so far.
pub fn log_lines(log: &[Entry], names: [&str; 2]) -> Vec<String> {
    let name = |index: usize| names.get(index).copied().unwrap_or_default();
    let mut started = false;
    log.iter()
        .map(|entry| match entry {
            Entry::TurnStart { turn, player } => {
                started = true;
                let index = usize::from(*player != P0);
                format!("── turn {turn}: p{index} ({}) ──", name(index))
            }
            Entry::Event { phase, text } => {
                format!("  {:<16} {text}", if started { phase.name() } else { "opening hand" })
            }
            Entry::TurnEnd { turn, life, hand, library } => format!(
                "  after turn {turn}: p0 {} life, {} in hand, {} in library · p1 {} life, {} in hand, {} in library",
                life[0], hand[0], library[0], life[1], hand[1], library[1]
            ),
        })
        .collect()
}
