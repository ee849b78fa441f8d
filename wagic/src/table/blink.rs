//! `(blink)` (Wagic's `ABlink`): a card exiled to come back. The catalogue's `blink`
//! exiles each target card into its owner's exile ([`Board::blink_card`]) and leaves a
//! [`Blinked`] waiting on it; the table returns it to its owner's battlefield
//! ([`Table::return_blinked`], as the board settles) once it is due:
//!
//! - `(blink)`: at once, in the round of settling after the one whose triggers saw it
//!   leave, so that it leaves play and enters anew (a new object: no counters, damage or
//!   attachments; its entering abilities run again; Wagic resolves the `Spell` again);
//! - `(blink)ueot`: at the beginning of the next end step ([`Table::run_phase_actions`]
//!   of `endofturn` makes it due): one exiled during an end step waits for the next one,
//!   as the printed "at the beginning of the next end step" says;
//! - `(blink)forsrc`: when the source leaves the battlefield ([`Board::place`] makes each
//!   waiting on it due as it moves from there), "until ~ leaves the battlefield". A
//!   source that is no permanent (a spell's) is gone at once. A permanent source that
//!   already left as the effect resolves exiles nothing (rule 610.3c; Wagic exiles the
//!   card and never returns it).
//!
//! `hand(blink)` returns the card to its owner's hand instead (Wormfang Behemoth, Angel of
//! Serenity), whatever its type, as printed ("return the exiled cards to their owner's
//! hand"; Wagic's `returnCardIntoPlay` keeps an instant or a sorcery in exile even then).
//! A token exiled so is gone (Wagic's `ABlink` stops there), and an instant or a sorcery
//! does not return to the battlefield (`returnCardIntoPlay`). A card that moves out of exile before it is due
//! is a new object: nothing waits on it any more. A card returns under its owner's
//! control, as Wagic's `putInZone(..., owner->game->battlefield)` puts it.

use vm::runtime::CardId;

use super::{BATTLEFIELD, Board, EXILE, HAND, Table};
use crate::host::BlinkReturn;

/// The most cards waiting to return at once (a game has a handful; more are exiled for
/// good, as the board notes).
pub const MAX_BLINKED: usize = 1024;

/// The card types of a permanent: a source with none of them is a spell, gone at once.
const PERMANENT_TYPES: [&str; 6] = ["creature", "artifact", "enchantment", "land", "planeswalker", "battle"];

/// A card exiled by `(blink)`, waiting to return to its owner's battlefield.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Blinked {
    /// The card, in its owner's exile.
    pub card: CardId,
    /// The card whose ability exiled it.
    pub source: CardId,
    /// When it returns.
    pub until: BlinkReturn,
    /// `hand(blink)`: it returns to its owner's hand.
    pub to_hand: bool,
    /// Whether it returns as the board next settles.
    pub due: bool,
}

impl Board {
    /// Exiles `card` for `(blink)` from `source` ([`crate::host::WagicHost::blink`]):
    /// whether it was exiled.
    pub(super) fn blink_card(&mut self, card: CardId, source: CardId, until: BlinkReturn, to_hand: bool) -> bool {
        let Some(c) = self.get(card) else { return false };
        if c.zone == EXILE || c.zone == super::GONE {
            return false;
        }
        let (owner, token) = (c.owner, c.token);
        let returns = to_hand || !c.printed.types.iter().any(|word| word == "instant" || word == "sorcery");
        let source_is_permanent = self
            .get(source)
            .is_some_and(|s| s.printed.types.iter().any(|word| PERMANENT_TYPES.contains(&word.as_str())));
        let source_on_battlefield = |board: &Board| board.get(source).is_some_and(|s| s.zone == BATTLEFIELD);
        if until == BlinkReturn::SourceLeaves && source_is_permanent && !source_on_battlefield(self) {
            return false;
        }
        self.place(card, owner, EXILE, -1);
        if self.get(card).is_none_or(|c| c.zone != EXILE) {
            // A replacement put it elsewhere: it is not the exiled card that returns.
            return true;
        }
        if token || !returns {
            return true;
        }
        if self.blinked.len() >= MAX_BLINKED {
            self.unmodelled = Some("more cards exiled by `(blink)` waiting to return than the table keeps");
            return true;
        }
        let due = match until {
            BlinkReturn::AtOnce => true,
            BlinkReturn::NextEndStep => false,
            // A source that blinked itself, or a spell, has left already.
            BlinkReturn::SourceLeaves => !source_is_permanent || !source_on_battlefield(self),
        };
        self.blinked.push(Blinked { card, source, until, to_hand, due });
        true
    }

    /// Follows a move of `card` (from `from`) for the cards waiting to return: one that
    /// moves is a new object, nothing waits on it any more; a source leaving the
    /// battlefield makes those waiting on it due.
    pub(super) fn note_blink_move(&mut self, card: CardId, from: super::ZoneIdx) {
        if self.blinked.is_empty() {
            return;
        }
        self.blinked.retain(|blinked| blinked.card != card);
        if from == BATTLEFIELD {
            for blinked in &mut self.blinked {
                if blinked.source == card && blinked.until == BlinkReturn::SourceLeaves {
                    blinked.due = true;
                }
            }
        }
    }
}

impl Table {
    /// Makes due each card waiting for the beginning of the next end step (the end step
    /// begins).
    pub(super) fn end_step_blinks(&mut self) {
        for blinked in &mut self.board.blinked {
            if blinked.until == BlinkReturn::NextEndStep {
                blinked.due = true;
            }
        }
    }

    /// Returns each card due to its owner's battlefield, under its owner's control: a new
    /// object (the runtime sees it leave, then enter).
    pub(super) fn return_blinked(&mut self) {
        if !self.board.blinked.iter().any(|blinked| blinked.due) {
            return;
        }
        let (due, waiting): (Vec<Blinked>, Vec<Blinked>) =
            std::mem::take(&mut self.board.blinked).into_iter().partition(|blinked| blinked.due);
        self.board.blinked = waiting;
        for blinked in due {
            let Some((zone, owner)) = self.board.get(blinked.card).map(|c| (c.zone, c.owner)) else { continue };
            if zone != EXILE {
                continue;
            }
            if self.runtime.in_play(blinked.card) {
                self.runtime.leave_play(&mut self.board, blinked.card);
                self.left_play(blinked.card);
            }
            if blinked.to_hand {
                self.board.place(blinked.card, owner, HAND, -1);
                continue;
            }
            // Not cast, it enters with an X of 0 (Wagic's `spell->source->X = 0`): Ivy
            // Elemental's `counter(1/1,X)` puts none on it.
            self.board.x_paid = 0;
            self.board.place(blinked.card, owner, BATTLEFIELD, -1);
        }
    }
}
