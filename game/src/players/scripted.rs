//! [`ScriptedPlayer`]: answers from a list of moves (replays, tests).

use super::{Player, PlayerError, PlayerKind};
use crate::{Game, Move};

/// Plays the moves of a list in order; a move that is not legal when its turn comes, or
/// a list that runs out, is an error.
#[derive(Debug, Clone)]
pub struct ScriptedPlayer {
    script: Vec<Move>,
    next: usize,
}

impl ScriptedPlayer {
    /// A player that will play `script`, in order.
    pub fn new(script: Vec<Move>) -> ScriptedPlayer {
        ScriptedPlayer { script, next: 0 }
    }

    /// How many moves of the script were played.
    pub fn played(&self) -> usize {
        self.next
    }
}

impl Player for ScriptedPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Scripted
    }

    fn choose(&mut self, _game: &Game, moves: &[Move]) -> Result<usize, PlayerError> {
        let Some(wanted) = self.script.get(self.next) else {
            return Err(PlayerError(format!("the script has no move left (it had {})", self.script.len())));
        };
        let Some(index) = moves.iter().position(|m| m == wanted) else {
            return Err(PlayerError(format!("scripted move {} ({wanted:?}) is not legal now", self.next + 1)));
        };
        self.next += 1;
        Ok(index)
    }
}
