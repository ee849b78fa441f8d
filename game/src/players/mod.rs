//! Players: whatever answers a game's decisions. [`Player`] picks one of the legal moves;
//! [`RandomPlayer`], [`GreedyPlayer`] and [`ScriptedPlayer`] are the three kinds `rsc run`
//! and `rsc sim` offer, and [`PlayerKind`] names them on the command line and in saved
//! games.
//!
//! Each player has its own random stream ([`player_seed`]), separate from the game's, so
//! changing one player never changes the other's draws, and nothing a player decides
//! depends on the clock.

mod greedy;
mod random;
mod scripted;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Game, Move, Seat};

pub use greedy::{GreedyPlayer, deal_hidden};
pub use random::RandomPlayer;
pub use scripted::ScriptedPlayer;

/// Why a player could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerError(pub String);

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PlayerError {}

/// Something that answers a game's decisions.
pub trait Player: Send {
    /// The player's kind, as saved games and logs name it.
    fn kind(&self) -> PlayerKind;

    /// Chooses one of `moves` (the legal moves of `game` for the player to move, never
    /// empty) and returns its index.
    fn choose(&mut self, game: &Game, moves: &[Move]) -> Result<usize, PlayerError>;

    /// Becomes the player of its kind [`PlayerKind::create`] makes for the game seeded
    /// `game_seed`, in seat `seat`, keeping what it allocated: a simulation's players play
    /// game after game. `false`, and left as it was, when it cannot (a scripted player,
    /// whose script is its own).
    fn start_over(&mut self, game_seed: u64, seat: Seat) -> bool {
        let _ = (game_seed, seat);
        false
    }
}

/// The kinds of player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// Any legal move, uniformly.
    Random,
    /// Plays strong characters, attacks it wins, useful blocks and abilities.
    Greedy,
    /// Answers from a list of moves.
    Scripted,
}

impl PlayerKind {
    /// The kind's name (`random`, `greedy`, `scripted`).
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Greedy => "greedy",
            PlayerKind::Scripted => "scripted",
        }
    }

    /// A new player of this kind for the game seeded `game_seed`, in seat `seat` (a
    /// scripted player made this way has an empty script).
    pub fn create(self, game_seed: u64, seat: Seat) -> Box<dyn Player> {
        let seed = player_seed(game_seed, seat);
        match self {
            PlayerKind::Random => Box::new(RandomPlayer::new(seed)),
            PlayerKind::Greedy => Box::new(GreedyPlayer::new(seed)),
            PlayerKind::Scripted => Box::new(ScriptedPlayer::new(Vec::new())),
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for PlayerKind {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerKind, String> {
        match text {
            "random" => Ok(PlayerKind::Random),
            "greedy" => Ok(PlayerKind::Greedy),
            "scripted" => Ok(PlayerKind::Scripted),
            _ => Err(format!("unknown player `{text}` (random, greedy or scripted)")),
        }
    }
}

/// SplitMix64: spreads nearby integers (seeds, indices) over the whole 64-bit range.
pub fn mix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The seed of the player in seat `seat` of the game seeded `game_seed`: derived, so a
/// game's seed is all a replay needs, and distinct from the game's own stream.
pub fn player_seed(game_seed: u64, seat: Seat) -> u64 {
    mix64(mix64(game_seed) ^ (0x5EA7_0000 + u64::from(seat.number())))
}
