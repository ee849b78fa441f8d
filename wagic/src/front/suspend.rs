//! Suspend: `suspend(N)={cost}` (Wagic's `MTGSuspendRule`, read in `MTGDeck.cpp`: the
//! number between `suspend(` and `)=` is the time counters, the value the cost). From the
//! hand, as it could be cast, a player may pay the cost and exile the card with N time
//! counters; at the beginning of its owner's upkeep one is removed, and when the last is,
//! it is cast without paying its mana cost (a creature cast so has haste). The game plays
//! it (`play/suspend.rs`, the table's `suspend.rs`); the card's program is its own.

use super::piece::Piece;
use super::{Lowering, Unsupported};

/// The most time counters a `suspend(N)` line may put (Wagic's cards write up to 10).
pub const MAX_TIME_COUNTERS: u32 = 20;

/// The N of a `suspend(N)` key (any case), `None` for another key or another N than a
/// whole number (`suspend(0)` is N = 0: Wagic's suspend X).
pub fn suspend_time(key: &str) -> Option<u32> {
    let lower = key.trim().to_ascii_lowercase();
    let inner = lower.strip_prefix("suspend(")?.strip_suffix(')')?;
    inner.trim().parse().ok()
}

/// Whether `key` is a `suspend(...)` key, well written or not.
pub fn is_suspend_key(key: &str) -> bool {
    key.trim().get(..8).is_some_and(|head| head.eq_ignore_ascii_case("suspend("))
}

impl Lowering<'_> {
    /// Checks a `suspend(N)={cost}` line: N from 1 to [`MAX_TIME_COUNTERS`] (`suspend(0)`
    /// is suspend X, its counters the X paid), a mana cost only (the game pays it from
    /// the pool and the lands).
    pub(super) fn suspend_line(&self, key: Piece<'_>, value: Piece<'_>) -> Result<(), Unsupported> {
        match suspend_time(key.text) {
            Some(0) => {
                return Err(Unsupported::new(key, "`suspend` X (`suspend(0)`: as many time counters as the X paid)"));
            }
            Some(time) if time <= MAX_TIME_COUNTERS => {}
            _ => {
                return Err(Unsupported::new(
                    key,
                    &format!("`suspend` other than `suspend(N)` with N from 1 to {MAX_TIME_COUNTERS}"),
                ));
            }
        }
        let value = value.trim();
        let construct = "`suspend` cost other than mana";
        if value.text.is_empty() || !value.text.starts_with('{') || value.text.to_ascii_lowercase().contains("{x}") {
            return Err(Unsupported::new(value, construct));
        }
        self.mana_only(value, construct)
    }
}
