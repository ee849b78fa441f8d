//! A `VecGame`'s step with `autoreset="next_step"` (Gymnasium's `AutoresetMode.NEXT_STEP`):
//! the step that ends a game shows it as it ended (its last observation, no legal
//! action), and the next step starts the slot's next game in place of its action. Kept
//! apart from the default step (`autoreset="same_step"`), whose code has no branch for it.
//! And the partial reset (`reset(mask=...)`) that Gymnasium's `DISABLED` autoreset uses.

use game::{Move, Seat};

use super::opponent::{play_opponent, rewards_of};
use super::{Row, Slot, Start, clear_mask};
use crate::observation::{CardFeatures, encode};

/// Moves slot `i` on by one step: a slot held at its game's end
/// ([`Hot::held`](super::slot::Hot::held)) starts its next game (with an opponent, played
/// until the learner is to move) and ignores its pick; any other applies its pick
/// (`picks[i]`, found among its legal moves), then with `opponent` the opponent's moves, and
/// holds a game that ends rather than start the next.
pub(super) fn step_slot(
    start: &Start,
    i: usize,
    slot: &mut Slot,
    row: &mut Row<'_>,
    picks: &[u16],
    opponent: bool,
) -> Result<(), String> {
    *row.reward = [0.0; 2];
    *row.done = 0;
    if slot.hot.held {
        return start_next(start, i, slot, row);
    }
    let Some(mv) = picks.get(i).and_then(|&action| Move::from_index(usize::from(action))) else {
        return Err(format!("no move for game {i}'s action"));
    };
    slot.game.apply_listed(mv).map_err(|refused| refused.to_string())?;
    if opponent {
        return play_opponent::<true>(start, i, slot, row, true);
    }
    if let Some(outcome) = slot.game.outcome() {
        *row.reward = rewards_of(outcome.winner);
        *row.done = 1;
        // The seat whose decision this row was: the row's player, which the last write
        // set and this step has not rewritten yet.
        slot.keep_final(start, if *row.player == 0 { Seat::FIRST } else { Seat::SECOND });
        slot.hot.held = true;
        slot.legal.clear();
        return Ok(());
    }
    slot.game.legal_moves_into(&mut slot.legal);
    Ok(())
}

/// Writes the rows of a slot held at its game's end (in place of
/// [`write_row`](super::slot::write_row)): the game as it ended, the observation as the
/// row's player sees it (the seat whose decision the step applied, which the step leaves in
/// the row: with an opponent, the learner), an empty mask and no legal action.
pub(super) fn write_end_row(slot: &mut Slot, features: &CardFeatures, row: &mut Row<'_>) {
    let seat = if *row.player == 0 { Seat::FIRST } else { Seat::SECOND };
    encode(&slot.game, seat, features, row.observation, &mut slot.hot.written);
    clear_mask(slot, row.mask);
    slot.hot.count = 0;
    *row.count = 0;
}

/// Starts slot `i`'s next game (its next seed), with an opponent played until the learner
/// is to move, and leaves its legal moves in the slot.
fn start_next(start: &Start, i: usize, slot: &mut Slot, row: &mut Row<'_>) -> Result<(), String> {
    slot.hot.held = false;
    start.restart_slot(slot, i, slot.episodes.wrapping_add(1))?;
    if slot.opponent.is_some() {
        return play_opponent::<true>(start, i, slot, row, false);
    }
    slot.game.legal_moves_into(&mut slot.legal);
    Ok(())
}

/// A partial reset's work on slot `i`: when `only[i]`, its next game started (as the step
/// after a game's end starts it), its rewards and done cleared and the final kept of the
/// game it replaced forgotten (so that `finals()` and `truncations()` list only the games
/// `dones` marks); any other slot is left as it is (its rows written again, the same).
pub(super) fn restart_if(
    start: &Start,
    i: usize,
    slot: &mut Slot,
    row: &mut Row<'_>,
    only: &[bool],
) -> Result<(), String> {
    if !only.get(i).copied().unwrap_or(false) {
        return Ok(());
    }
    *row.reward = [0.0; 2];
    *row.done = 0;
    slot.forget_final();
    start_next(start, i, slot, row)
}
