//! A player's maximum hand size, which the cleanup step discards down to: 7 (rule 402.2),
//! changed by the `hmodifer:n` effects on the player (Wagic's `Player::handmodifier`), none
//! below 0, and none at all while they control a permanent with `nomaxhand` (Reliquary
//! Tower, Spellbook).

use vm::runtime::{PlayerId, Value};

use crate::host::EffectCode;
use crate::table::{BATTLEFIELD, Board};

/// The hand size of rule 402.2, before any change.
pub const MAX_HAND: usize = 7;

/// The most cards `player` may keep in hand at cleanup; `None`: no maximum.
pub fn hand_limit(board: &Board, player: PlayerId) -> Option<usize> {
    if board.zone(player, BATTLEFIELD).into_iter().any(|card| board.has_ability(card, "nomaxhand")) {
        return None;
    }
    let changes = board
        .effects
        .iter()
        .filter(|&&(_, code, target, _)| code == EffectCode::HandModifier && target == Value::Player(player))
        .fold(0i64, |sum, &(.., change)| sum.saturating_add(i64::from(change)));
    let limit = (MAX_HAND as i64).saturating_add(changes).max(0);
    Some(usize::try_from(limit).unwrap_or(usize::MAX))
}
