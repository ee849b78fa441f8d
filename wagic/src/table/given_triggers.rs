//! The triggered abilities a permanent has because another card gives them
//! (`target(creature) transforms((,newability[@trigger:effect])) ueot`, Wagic's
//! `ATransformer` adding the ability with the permanent as its source): compiled as hook
//! autos of the giver's rules (`front/transforms.rs`), which the giver itself never hears,
//! and given by `givetrigger(n)` effects on the permanents (`EffectCode::GivenTrigger`).
//! After each round of triggers the table hands the runtime the set of given autos the
//! effects in force name ([`vm::runtime::Runtime::give_autos`]): the permanent hears its
//! given ability with itself as `this` until the effect ends (end of turn), the permanent
//! moves (a new object: the effect ends with the move, after the move's own triggers) or
//! loses its abilities. The set is rebuilt from the effects, so it never grows turn after
//! turn.

use vm::bytecode::CardIdx;
use vm::runtime::{CardId, MAX_GIVEN_AUTOS};

use super::{Table, TableError, trap};
use crate::host::EffectCode;

impl Table {
    /// Hands the runtime the triggered abilities given to permanents now: one
    /// `(bearer, giver's rules, auto)` for each `givetrigger` effect in force on a
    /// permanent in play that has its abilities (two for two lords' effects). Nothing to
    /// do until some card gave one.
    pub(super) fn sync_given_triggers(&mut self) -> Result<(), TableError> {
        if !self.board.gave_triggers {
            return Ok(());
        }
        let program = &self.library.program;
        let mut given: Vec<(CardId, CardIdx, u16)> = Vec::new();
        for &(_, code, target, value) in self.board.effects.iter() {
            if code != EffectCode::GivenTrigger {
                continue;
            }
            let Some(bearer) = target.as_card() else { continue };
            if !self.runtime.in_play(bearer) || self.board.lost_abilities(bearer) {
                continue;
            }
            let Ok(packed) = usize::try_from(value) else { continue };
            let (rules, from_end) = (CardIdx::new(packed / 256), packed % 256);
            let autos = program.cards().get(rules.index()).map_or(0, |card| card.autos.len());
            let Some(auto) = autos.checked_sub(from_end + 1).and_then(|auto| u16::try_from(auto).ok()) else {
                continue;
            };
            // Each effect is one ability: two lords give a permanent two triggers.
            if given.len() == MAX_GIVEN_AUTOS {
                return Err(TableError::Unmodelled("more than 256 triggered abilities given at once"));
            }
            given.push((bearer, rules, auto));
        }
        self.runtime.give_autos(&self.board, &given).map_err(trap)
    }
}
