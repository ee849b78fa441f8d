//! What casting a spell costs as the runner pays it: the mana cost, less affinity's
//! discount ([`Run::affinity_discount`]), paid from the pool as Wagic pays it ([`pay`]).

use vm::runtime::CardId;

use super::{BATTLEFIELD, Run, is_type};
use crate::builtins::GENERIC_ORDER;
use crate::host::WagicHost;
use crate::testfile::Mana;

/// Each affinity the runner models: its ability, the type word of the permanents it
/// counts, and whether it takes {G} off (Khalni Hydra's green creatures) rather than
/// generic mana (Wagic's `MTGCardInstance::getReducedManaCost`).
const AFFINITIES: [(&str, &str, bool); 7] = [
    ("affinityartifacts", "artifact", false),
    ("affinityplains", "plains", false),
    ("affinityforests", "forest", false),
    ("affinityislands", "island", false),
    ("affinitymountains", "mountain", false),
    ("affinityswamps", "swamp", false),
    ("affinitygreencreatures", "creature", true),
];

/// The names of the affinities the runner models.
pub(super) fn is_affinity(ability: &str) -> bool {
    AFFINITIES.iter().any(|(name, ..)| *name == ability)
}

impl Run<'_> {
    /// Affinity: the cost is {1} (or {G}) less for each permanent of the type its owner
    /// controls (green creatures for Khalni Hydra), never below nothing.
    pub(super) fn affinity_discount(&self, card: CardId, cost: &mut Mana) {
        affinity_discount(&self.table, card, cost);
    }
}

/// Affinity's discount on `card`'s `cost` on `table` (the runner's and a game's,
/// [`crate::play`]): {1} (or {G}) less for each permanent of the type its owner controls.
pub(crate) fn affinity_discount(table: &crate::table::Table, card: CardId, cost: &mut Mana) {
    let board = &table.board;
    let Some(owner) = board.get(card).map(|c| c.owner) else { return };
    for (ability, type_word, green) in AFFINITIES {
        if !table.printed_ability(card, ability) {
            continue;
        }
        let counted = board.zone(owner, BATTLEFIELD).into_iter().filter(|permanent| {
            if board.get(*permanent).is_none() {
                return false;
            }
            if green {
                is_type(&board.types(*permanent), type_word) && board.colours(*permanent).contains(&"green")
            } else {
                board.has_type_word(*permanent, type_word)
            }
        });
        let count = i32::try_from(counted.count()).unwrap_or(i32::MAX);
        let slot = if green { 4 } else { 5 };
        cost[slot] = (cost[slot] - count).max(0);
    }
}

/// Pays `cost` from `pool` as Wagic does (each colour from its own mana, generic mana
/// from [`GENERIC_ORDER`]); false, the pool unchanged, when it cannot.
pub(crate) fn pay(pool: &mut Mana, cost: &Mana) -> bool {
    let mut left = *pool;
    for colour in 0..5 {
        if left[colour] < cost[colour] {
            return false;
        }
        left[colour] -= cost[colour];
    }
    let mut generic = cost[5];
    for colour in GENERIC_ORDER {
        let colour = usize::from(colour);
        let take = left[colour].min(generic).max(0);
        left[colour] -= take;
        generic -= take;
    }
    if generic > 0 {
        return false;
    }
    *pool = left;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mana_is_paid_as_wagic_pays_it() {
        // {1}{R} from {R}{R}{G}{W}: red pays red, generic comes from green before white.
        let mut pool: Mana = [1, 0, 0, 2, 1, 0];
        assert!(pay(&mut pool, &[0, 0, 0, 1, 0, 1]));
        assert_eq!(pool, [1, 0, 0, 1, 0, 0]);
        // Not enough: nothing is spent.
        let mut pool: Mana = [0, 0, 0, 1, 0, 0];
        assert!(!pay(&mut pool, &[0, 0, 0, 1, 0, 1]));
        assert_eq!(pool, [0, 0, 0, 1, 0, 0]);
    }
}
