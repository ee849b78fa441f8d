//! Protection from a colour as the runner plays it. The table prevents the damage a
//! source of the colour would deal to the protected permanent ([`crate::table::Board`]'s
//! `deal_damage`); blocks are never played. What is not modelled is the targeting rule:
//! Wagic ignores a click on a protected permanent as a target of a spell or ability of the
//! colour, and never offers it as the only legal target, where the runtime offers it. So a
//! test where a spell or ability of a colour chooses targets while a permanent with
//! protection from that colour is on the battlefield is skipped.

use vm::runtime::CardId;

use super::{BATTLEFIELD, P0, P1, Skip, at, skip};
use crate::table::{COLOUR_PROTECTIONS, Table};

/// Skips a test where `source`, a spell or ability choosing targets, has a colour some
/// permanent on the battlefield has protection from.
pub(super) fn check_targeting(table: &Table, source: CardId, line: u32, text: &str) -> Result<(), Skip> {
    let board = &table.board;
    if board.get(source).is_none() {
        return Ok(());
    }
    let colours = board.colours(source);
    for player in [P0, P1] {
        for card in board.zone(player, BATTLEFIELD) {
            let protected = COLOUR_PROTECTIONS
                .iter()
                .any(|(ability, colour)| colours.contains(colour) && board.has_ability(card, ability));
            if protected {
                return Err(skip(
                    "a target protection may refuse (protection's targeting is not modelled)",
                    at(line, text),
                ));
            }
        }
    }
    Ok(())
}
