//! The keep-finals part of a `VecGame` (`keep_finals=True`): how each slot's last
//! finished game ended (its last observation, and whether the turn limit ended it), kept
//! by the step that finished it for `VecGame.finals()`; and how a game's end is told a
//! truncation, for it and `VecGame.truncations()`.

use game::{EndReason, Game, Seat};

use super::{Slot, Start};
use crate::observation::{OBSERVATION_SIZE, Written, encode};

/// How a slot's game ended, kept by the step that finished it (before the slot starts its
/// next game) for `VecGame.finals()`: Gymnasium's `final_obs` for a `SAME_STEP` reset (and
/// the truncation, in either mode).
pub(super) struct Final {
    /// The step that finished it ([`Start::step`]): `finals()` lists only the last step's.
    pub(super) step: u64,
    /// The last observation, as the seat whose decision ended the game sees it.
    pub(super) observation: Box<[f32; OBSERVATION_SIZE]>,
    /// What `observation` holds past its fixed blocks.
    written: Written,
    /// Whether the turn limit ended it (a truncation) rather than a win, a loss or a draw.
    pub(super) truncated: bool,
}

/// The step of a final no step lists: no step is numbered u64::MAX (a VecGame would step
/// for 5,000 years to reach it), so a slot whose game never ended, or whose final a partial
/// reset forgot, is listed by none.
const NO_STEP: u64 = u64::MAX;

impl Final {
    pub(super) fn new() -> Final {
        Final {
            step: NO_STEP,
            observation: Box::new([0.0; OBSERVATION_SIZE]),
            written: Written::default(),
            truncated: false,
        }
    }
}

impl Slot {
    /// Keeps how the slot's game, which just ended, ends as `viewer` sees it, when the
    /// VecGame keeps finals: called only for a game that ended, so a step's other slots
    /// pay nothing for it.
    pub(super) fn keep_final(&mut self, start: &Start, viewer: Seat) {
        let Some(last) = &mut self.last else { return };
        last.step = start.step;
        last.truncated = ended_by_turn_limit(&self.game);
        encode(&self.game, viewer, &start.features, &mut last.observation[..], &mut last.written);
    }

    /// Leaves the kept final out of every step's list (`reset(mask=...)` starting the slot
    /// over: its done cleared, the game it ended is no longer the last step's to report).
    pub(super) fn forget_final(&mut self) {
        if let Some(last) = &mut self.last {
            last.step = NO_STEP;
        }
    }
}

/// Whether `game` is over and the turn limit ended it (a truncation: a draw at the limit)
/// rather than a win, a loss or another draw.
pub(super) fn ended_by_turn_limit(game: &Game) -> bool {
    matches!(game.outcome(), Some(outcome) if matches!(outcome.reason, EndReason::TurnLimit(_)))
}
