//! [`RandomPlayer`]: any legal move, uniformly, from its own seeded stream.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Player, PlayerError, PlayerKind, player_seed};
use crate::{Game, Move, Seat};

/// Chooses uniformly among the legal moves.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player drawing from a stream seeded with `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: ChaCha8Rng::seed_from_u64(seed) }
    }
}

impl Player for RandomPlayer {
    fn kind(&self) -> PlayerKind {
        PlayerKind::Random
    }

    fn choose(&mut self, _game: &Game, moves: &[Move]) -> Result<usize, PlayerError> {
        match moves.len() {
            0 => Err(PlayerError("no legal move to choose from".into())),
            // One choice draws nothing, so forced steps leave the stream alone.
            1 => Ok(0),
            n => Ok(self.rng.random_range(0..n)),
        }
    }

    fn start_over(&mut self, game_seed: u64, seat: Seat) -> bool {
        *self = RandomPlayer::new(player_seed(game_seed, seat));
        true
    }
}
