//! Poison, as Wagic's `Damage` and `AAAlterPoison` give it: damage from a source with
//! `infect` is dealt to a creature as -1/-1 counters (as wither's) and to a player as
//! poison counters instead of life loss, `poisondamager`'s to a player likewise; a source
//! with `poisontoxic` (`poisontwotoxic`, `poisonthreetoxic`: Wagic's toxicity 1, 2, 3)
//! gives the player it damages that many poison counters besides the damage;
//! `alterpoison:n` adds n (removes, when negative; never below 0). A player who controls
//! a permanent with `poisonshroud` gets none (Wagic's `inPlay()->hasAbility`). A player
//! with ten or more loses the game (Wagic's `Player::DeadLifeState`; the game checks,
//! [`crate::play`]).

use vm::runtime::{CardId, PlayerId};

use super::{BATTLEFIELD, Board};

/// The poison counters with which a player loses the game.
pub const LOSING_POISON: i32 = 10;

/// The keyword abilities giving poison counters besides damage, with their toxicity.
const TOXIC: [(&str, i32); 3] = [("poisontoxic", 1), ("poisontwotoxic", 2), ("poisonthreetoxic", 3)];

impl Board {
    /// Whether `player` can get no poison counters: they control a permanent with
    /// `poisonshroud`.
    pub fn poisonshrouded(&self, player: PlayerId) -> bool {
        self.zone(player, BATTLEFIELD).into_iter().any(|card| self.has_ability(card, "poisonshroud"))
    }

    /// `player`'s poison counters change by `amount` (Wagic's `AAAlterPoison`): none are
    /// added under `poisonshroud`, and the count never goes below 0.
    pub fn alter_poison(&mut self, player: PlayerId, amount: i32) {
        if amount > 0 && self.poisonshrouded(player) {
            return;
        }
        let poison = &mut self.player_mut(player).poison;
        *poison = poison.saturating_add(amount).max(0);
    }

    /// Whether damage from `source` to a creature is dealt as -1/-1 counters (wither,
    /// infect).
    pub(super) fn damages_with_counters(&self, source: CardId) -> bool {
        self.has_ability(source, "wither") || self.has_ability(source, "infect")
    }

    /// `amount` damage from `source` to `player`: the life they lose, and the poison
    /// counters they get (given here).
    pub(super) fn poison_of_damage(&mut self, source: CardId, player: PlayerId, amount: i32) -> i32 {
        if amount <= 0 {
            return amount.max(0);
        }
        if self.has_ability(source, "infect") || self.has_ability(source, "poisondamager") {
            self.alter_poison(player, amount);
            return 0;
        }
        if let Some((_, toxicity)) = TOXIC.iter().find(|(name, _)| self.has_ability(source, name)) {
            self.alter_poison(player, *toxicity);
        }
        amount
    }
}
