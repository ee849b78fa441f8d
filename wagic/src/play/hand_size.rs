//! The cleanup step, and a player's maximum hand size it discards down to: 7 (rule 402.2),
//! changed by the `hmodifer:n` effects on the player (Wagic's `Player::handmodifier`), none
//! below 0, and none at all while they control a permanent with `nomaxhand` (Reliquary
//! Tower, Spellbook).

use vm::runtime::{CardId, PlayerId, Value};

use super::{Flow, Game, PlayerKind, stopped};
use crate::host::EffectCode;
use crate::table::{BATTLEFIELD, Board, GRAVEYARD, HAND, P0};

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

impl Game<'_> {
    /// The cleanup step: the active player discards down to their [`hand_limit`] (the random
    /// player at random, the greedy one its card least worth keeping), then `ueot` effects
    /// end and damage wears off.
    pub(super) fn cleanup(&mut self) -> Flow {
        let active = self.table.board.active;
        let hand = self.table.board.zone(active, HAND);
        let mut hand: Vec<CardId> = hand;
        let limit = hand_limit(&self.table.board, active).unwrap_or(usize::MAX);
        while hand.len() > limit {
            let index = if self.seated(active) {
                self.ask_discard(active, &hand, limit)?
            } else if self.players[usize::from(active != P0)] == PlayerKind::Greedy {
                self.greedy_discard(active, &hand)
            } else {
                self.rng.below(hand.len())
            };
            let card = hand.remove(index);
            self.decisions += 1;
            self.table.board.place(card, active, GRAVEYARD, -1);
        }
        self.settle()?;
        // A card with madness discarded is cast now or put into the graveyard; a spell
        // cast so resolves before the turn ends (rule 514.3a: players get priority).
        self.madness_choices()?;
        if !self.stack.is_empty() {
            self.priority_window()?;
        }
        self.table.try_end_turn(active).map_err(stopped)?;
        self.settle()
    }
}
