//! Poison in a game: each player's poison counters told as they change (`p1 gets 2
//! poison counters (3 in all)`), and the state-based action that a player with ten or
//! more loses (Wagic's `Player::DeadLifeState`, rule 704.5c). The counters themselves are
//! the table's (`table/poison.rs`: infect, toxic, `alterpoison`).

use super::{Game, who};
use crate::table::{LOSING_POISON, P0, P1};

impl Game<'_> {
    /// Logs each player's poison counters that changed since the log last looked.
    pub(super) fn log_poison(&mut self) {
        for player in [P0, P1] {
            let index = usize::from(player != P0);
            let now = self.table.board.players[index].poison;
            let before = std::mem::replace(&mut self.poison_seen[index], now);
            let change = now.saturating_sub(before);
            let counters = |n: i32| if n.abs() == 1 { "poison counter" } else { "poison counters" };
            if change > 0 {
                self.event(format!("{} gets {change} {} ({now} in all)", who(player), counters(change)));
            } else if change < 0 {
                let lost = change.saturating_neg();
                self.event(format!("{} loses {lost} {} ({now} left)", who(player), counters(lost)));
            }
        }
    }

    /// Why player `index` loses to poison: ten or more poison counters.
    pub(super) fn poisoned(&self, index: usize) -> Option<String> {
        let poison = self.table.board.players.get(index)?.poison;
        (poison >= LOSING_POISON).then(|| format!("p{index} has {poison} poison counters"))
    }
}
