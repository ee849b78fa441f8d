//! Life in a game's log: each player's life total told as it changes other than by the
//! combat damage the log already tells (`p1 loses 1 life (now 18)` for Cursed Land's
//! upkeep damage, `p0 gains 1 life (now 19)` for El-Hajjaj's), so that a game read line
//! by line adds up to the totals of its turn's end, and a player who dies in an upkeep
//! is seen dying.

use vm::runtime::PlayerId;

use super::{Game, who};
use crate::table::{P0, P1};

impl Game<'_> {
    /// Logs each player's life that changed since the log last looked.
    pub(super) fn log_life(&mut self) {
        for player in [P0, P1] {
            let index = usize::from(player != P0);
            let now = self.table.board.players[index].life;
            let before = std::mem::replace(&mut self.life_seen[index], now);
            let change = now.saturating_sub(before);
            if change > 0 {
                self.event(format!("{} gains {change} life (now {now})", who(player)));
            } else if change < 0 {
                self.event(format!("{} loses {} life (now {now})", who(player), change.saturating_neg()));
            }
        }
    }

    /// Counts as told the change of `player`'s life since it was `before`: what a line
    /// of combat damage told.
    pub(super) fn life_told(&mut self, player: PlayerId, before: i32) {
        let index = usize::from(player != P0);
        let change = self.table.board.players[index].life.saturating_sub(before);
        self.life_seen[index] = self.life_seen[index].saturating_add(change);
    }
}
