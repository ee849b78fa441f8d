//! What casting a spell costs as the runner pays it: the mana cost, changed by the cost
//! changes in force and less affinity's discount ([`affinity_discount`], both applied by
//! [`crate::table::Table::changed_cost`]), paid from the pool as Wagic pays it ([`pay`]);
//! a cost with hybrid symbols (`{RW}`, `{2W}`) as Wagic's `ManaCost::Diff` pays them
//! ([`read_cost`], [`pay_with_hybrids`]).

use vm::runtime::CardId;

use super::{BATTLEFIELD, is_type};
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

/// One hybrid symbol: two ways to pay it, each a [`Mana`] slot and an amount (`{2W}`: two
/// of the colourless slot, Wagic's artifact colour, or one white).
pub(crate) type Hybrid = [(usize, i32); 2];

/// The most hybrid symbols a cost the runner pays holds (Wagic tries their ways one
/// after another, backtracking: 2^n tries at most).
const MAX_HYBRIDS: usize = 10;

/// The [`Mana`] slot of a symbol's character as Wagic's `ManaCost::parseManaCost` reads a
/// hybrid's (`2`: two of the colourless slot).
pub(crate) fn hybrid_part(c: char) -> Option<(usize, i32)> {
    match c.to_ascii_lowercase() {
        'w' => Some((0, 1)),
        'u' => Some((1, 1)),
        'b' => Some((2, 1)),
        'r' => Some((3, 1)),
        'g' => Some((4, 1)),
        digit @ '1'..='9' => Some((5, i32::from(digit as u8 - b'0'))),
        _ => None,
    }
}

/// Reads a mana cost as [`crate::testfile::read_mana`] does, its two-character hybrid
/// symbols (`{RW}`, `{2W}`) apart, in the order written; `None` for a symbol neither
/// reads, or more than [`MAX_HYBRIDS`] hybrids.
pub(crate) fn read_cost(text: &str) -> Option<(Mana, Vec<Hybrid>)> {
    let mut plain = String::with_capacity(text.len());
    let mut hybrids = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        plain.push_str(&rest[..open]);
        let close = rest[open..].find('}')? + open;
        let symbol: Vec<char> = rest[open + 1..close].trim().chars().collect();
        match symbol[..] {
            [first, second] if !(first.is_ascii_digit() && second.is_ascii_digit()) => {
                hybrids.push([hybrid_part(first)?, hybrid_part(second)?]);
                if hybrids.len() > MAX_HYBRIDS {
                    return None;
                }
            }
            _ => plain.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    plain.push_str(rest);
    Some((crate::testfile::read_mana(&plain)?, hybrids))
}

/// The plain costs a cost with hybrids may be paid as, in the order Wagic tries them
/// first: each hybrid symbol one way or the other (at most 2^10 ways: [`read_cost`]
/// reads at most [`MAX_HYBRIDS`] hybrids).
pub(crate) fn plain_ways(mana: Mana, hybrids: &[Hybrid]) -> Vec<Mana> {
    let mut ways = vec![mana];
    for hybrid in hybrids {
        let mut next = Vec::with_capacity(ways.len() * 2);
        for base in &ways {
            for (slot, value) in hybrid {
                let mut way = *base;
                way[*slot] = way[*slot].saturating_add(*value);
                next.push(way);
            }
        }
        ways = next;
    }
    ways
}

/// Wagic's `ManaCost::tryToPayHybrids`: pays the hybrids from the last, each its first way
/// when `left` holds enough for it, else its second, backtracking when the rest cannot be
/// paid; false, `left` unchanged, when no way pays them all.
fn try_hybrids(hybrids: &[Hybrid], left: &mut Mana) -> bool {
    let Some((last, before)) = hybrids.split_last() else { return true };
    for (slot, value) in *last {
        if left[slot] >= value {
            left[slot] -= value;
            if try_hybrids(before, left) {
                return true;
            }
            left[slot] += value;
        }
    }
    false
}

/// Pays `cost` and its `hybrids` from `pool` as Wagic's `ManaCost::Diff` does: each
/// colour from its own mana, the hybrids from what is left (the colourless pool less the
/// generic cost for a number's way); when no way pays them all, each its first way,
/// regardless; then the generic cost still owed from the colours in [`GENERIC_ORDER`].
/// False, the pool unchanged, when it cannot pay.
pub(crate) fn pay_with_hybrids(pool: &mut Mana, cost: &Mana, hybrids: &[Hybrid]) -> bool {
    let mut left = *pool;
    for slot in 0..6 {
        left[slot] -= cost[slot];
    }
    if !try_hybrids(hybrids, &mut left) {
        for hybrid in hybrids {
            let (slot, value) = hybrid[0];
            left[slot] -= value;
        }
    }
    // The colourless slot below zero is the generic cost still owed.
    for colour in GENERIC_ORDER.into_iter().skip(1) {
        let colour = usize::from(colour);
        if left[5] >= 0 {
            break;
        }
        let take = left[colour].min(-left[5]).max(0);
        left[colour] -= take;
        left[5] += take;
    }
    if left.iter().any(|mana| *mana < 0) {
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

    #[test]
    fn hybrid_mana_is_paid_as_wagic_pays_it() {
        // {RW}{RW}{RW} from {W}{R}{W}: the last symbol takes the red, the others white.
        let (cost, hybrids) = read_cost("{RW}{RW}{RW}").expect("a cost");
        assert_eq!((cost, hybrids.len()), ([0; 6], 3));
        let mut pool: Mana = [2, 0, 0, 1, 0, 0];
        assert!(pay_with_hybrids(&mut pool, &cost, &hybrids));
        assert_eq!(pool, [0; 6]);
        // {2W}: two of the colourless pool, else white; with neither enough for all, each
        // is owed as two generic, paid from the colours (Wagic's `randomDiffHybrids`).
        let (cost, hybrids) = read_cost("{2W}{2W}{2W}").expect("a cost");
        assert_eq!(hybrids[0], [(5, 2), (0, 1)]);
        let mut pool: Mana = [2, 0, 0, 2, 2, 0];
        assert!(pay_with_hybrids(&mut pool, &cost, &hybrids));
        assert_eq!(pool, [0; 6]);
        let mut pool: Mana = [3, 0, 0, 0, 0, 0];
        assert!(pay_with_hybrids(&mut pool, &cost, &hybrids));
        assert_eq!(pool, [0; 6]);
        let mut pool: Mana = [1, 0, 0, 0, 0, 4];
        assert!(pay_with_hybrids(&mut pool, &cost, &hybrids), "colourless pays two, white one");
        assert_eq!(pool, [0; 6]);
        let mut pool: Mana = [1, 0, 0, 0, 0, 2];
        assert!(!pay_with_hybrids(&mut pool, &cost, &hybrids), "three mana for three symbols of two or white");
        let mut pool: Mana = [2, 0, 0, 0, 0, 0];
        assert!(!pay_with_hybrids(&mut pool, &cost, &hybrids));
        assert_eq!(pool, [2, 0, 0, 0, 0, 0], "nothing is spent");
        // {2}{BR}{BR} from eight black: black pays the hybrids, then the generic.
        let (cost, hybrids) = read_cost("{2}{BR}{BR}").expect("a cost");
        assert_eq!(cost, [0, 0, 0, 0, 0, 2]);
        let mut pool: Mana = [0, 0, 8, 0, 0, 0];
        assert!(pay_with_hybrids(&mut pool, &cost, &hybrids));
        assert_eq!(pool, [0, 0, 4, 0, 0, 0]);
        // Without hybrids, as `pay`.
        for (pool, cost) in [([1, 0, 0, 2, 1, 0], [0, 0, 0, 1, 0, 1]), ([0, 0, 0, 1, 0, 0], [0, 0, 0, 1, 0, 1])] {
            let (mut plain, mut wagic) = (pool, pool);
            assert_eq!(pay(&mut plain, &cost), pay_with_hybrids(&mut wagic, &cost, &[]));
            assert_eq!(plain, wagic);
        }
        // Two digits are a number, not a hybrid; an unknown character is refused.
        assert_eq!(read_cost("{10}").map(|(cost, hybrids)| (cost[5], hybrids.len())), Some((10, 0)));
        assert!(read_cost("{XW}").is_none());
        assert!(read_cost(&"{RW}".repeat(MAX_HYBRIDS + 1)).is_none());
    }
}
