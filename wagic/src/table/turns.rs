//! Extra and skipped turns (Wagic's `turns:+n` and `turns:-n`, `AAModTurn`): each player
//! counts the turns they will take after this one and the turns they will skip, and
//! [`Board::next_active`] reads both as Wagic's `GameObserver::nextPlayer` does.

use vm::runtime::PlayerId;

use super::{Board, P0, P1};

/// The most extra or skipped turns a player keeps: more than any game lasts (its turn
/// limit is at most a few hundred), so that a loop of `turns:+1` counts up without bound
/// in no game.
pub const MAX_TURNS_KEPT: u32 = 10_000;

impl Board {
    /// `player` takes `count` more turns after this one (`count` > 0) or skips `-count`
    /// turns (`count` < 0), each count at most [`MAX_TURNS_KEPT`].
    pub fn add_turns(&mut self, player: PlayerId, count: i32) {
        let p = &mut self.players[usize::from(player.0 != 0)];
        let kept = if count > 0 { &mut p.extra_turns } else { &mut p.skipped_turns };
        *kept = kept.saturating_add(count.unsigned_abs()).min(MAX_TURNS_KEPT);
    }

    /// Who takes the turn after `active`'s, as Wagic's `nextPlayer` decides it, taking the
    /// extra or skipped turn it spends: `active` again while they have an extra turn
    /// (one is spent), else the other player; and when the player so chosen has a turn to
    /// skip, one is spent and the turn goes to the other (once: two players skipping
    /// their turns do not skip each other's back and forth).
    pub fn next_active(&mut self, active: PlayerId) -> PlayerId {
        let other = |player: PlayerId| if player == P0 { P1 } else { P0 };
        let index = |player: PlayerId| usize::from(player.0 != 0);
        let mut next = other(active);
        let current = &mut self.players[index(active)];
        if current.extra_turns > 0 {
            current.extra_turns -= 1;
            next = active;
        }
        let chosen = &mut self.players[index(next)];
        if chosen.skipped_turns > 0 {
            chosen.skipped_turns -= 1;
            next = other(next);
        }
        next
    }
}
