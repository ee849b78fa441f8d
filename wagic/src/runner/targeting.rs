//! Who a spell or ability may target, as Wagic's `TargetChooser::canTarget` judges it: not
//! a permanent with shroud, nor one with `opponentshroud` (hexproof) its controller's
//! opponent's spell or ability aims at, nor one with protection from a colour of the
//! spell or ability's card ([`COLOUR_PROTECTIONS`]) or from a spec it matched
//! (`protection from(spec)`). The runtime offers such permanents;
//! Wagic ignores a click on one (the target is still awaited) and never takes one as the
//! only legal target. So the runner ignores such a click, skips a spell or ability whose
//! every offered target Wagic refuses (Wagic would not let it be cast), and skips one whose
//! target the runtime took without asking while a permanent Wagic refuses is on the
//! battlefield (the runtime may have taken it).

use vm::runtime::{CardId, PlayerId, Value};

use super::{BATTLEFIELD, P0, P1, Skip, at, skip};
use crate::table::Board;

/// Whether Wagic refuses `target` as a target of `source`'s spell or ability, controlled
/// by `controller` (the table's rule, shared with the game).
pub(super) fn refused(board: &Board, source: CardId, controller: PlayerId, target: Value) -> bool {
    crate::table::stack::refused(board, source, controller, target)
}

/// Whether some permanent on the battlefield is one Wagic refuses as a target of
/// `source`'s spell or ability, controlled by `controller`.
pub(super) fn any_refused(board: &Board, source: CardId, controller: PlayerId) -> bool {
    [P0, P1].into_iter().any(|player| {
        board.zone(player, BATTLEFIELD).into_iter().any(|card| refused(board, source, controller, Value::Card(card)))
    })
}

/// The skip of a spell or ability whose target the runtime took without asking while a
/// permanent Wagic refuses as its target was on the battlefield (the runtime may have
/// taken it).
pub(super) fn taken_skip(line: u32, text: &str) -> Skip {
    skip("a target the runtime took alone while Wagic refuses some permanent as a target", at(line, text))
}

/// Skips a spell or ability none of whose offered targets Wagic allows.
pub(super) fn check_offered(
    board: &Board,
    source: CardId,
    controller: PlayerId,
    candidates: &[Value],
    line: u32,
    text: &str,
) -> Result<(), Skip> {
    if !candidates.is_empty() && candidates.iter().all(|&target| refused(board, source, controller, target)) {
        return Err(none_allowed_skip(line, text));
    }
    Ok(())
}

/// The skip of a spell or ability none of whose targets Wagic allows.
pub(super) fn none_allowed_skip(line: u32, text: &str) -> Skip {
    skip("a spell or ability with no target Wagic allows (Wagic would not cast it)", at(line, text))
}
