//! The activated abilities a permanent has because an Aura or an Equipment attached to it
//! gives them (`teach(creature) {cost}:effect`, `front/bearer.rs`), or another card's
//! `giveability` effect on it: a `transforms((,newability[{cost}:effect])) ueot`, a lord's
//! `lord(spec) {cost}:effect` while the permanent matches (`front/lord_given.rs`).
//! Compiled as the giver's actions ([`crate::table::ActionRanges::given`]), they are the
//! permanent's while the giver is on the battlefield attached to it, or while the effect
//! lasts, and run with the permanent as their source (Wagic's `ATeach`, `ATransformer` and
//! `ALord` set the ability's source to it): `this`, `{T}` and `{S}` are the permanent, and
//! its controller activates them. A permanent that lost its abilities has none given
//! either.

use vm::bytecode::CardIdx;
use vm::runtime::{CardId, Outcome, PlayerId, RequestKind, Value};

use super::{Step, Table, TableError, step, trap};
use crate::host::WagicHost;

/// One ability another card gives a permanent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GivenAbility {
    /// The Aura or Equipment giving it.
    pub giver: CardId,
    /// The giver's rules, which hold the ability.
    pub rules: CardIdx,
    /// The ability's action among the giver's.
    pub action: usize,
}

impl Table {
    /// The abilities other cards give `bearer` now, in the order the givers came to the
    /// table and of their lines. (Asked of every permanent whenever a player gets priority:
    /// one pass over the cards, no list made, when nothing is attached to it.)
    pub fn given_abilities(&self, bearer: CardId) -> Vec<GivenAbility> {
        self.given_abilities_from(bearer, &self.attached_givers())
    }

    /// The cards attached to something that give what they are attached to abilities
    /// (`teach`), in the order they came to the table: found once for all the permanents
    /// asked of ([`Table::given_abilities_from`]) rather than for each.
    pub fn attached_givers(&self) -> Vec<CardId> {
        let givers = self.board.cards.iter().enumerate();
        let givers = givers.filter(|(_, c)| c.attached.is_some() && !c.printed.given_lines.is_empty());
        givers.map_while(|(index, _)| u32::try_from(index).ok().map(CardId)).collect()
    }

    /// [`Table::given_abilities`], the cards attached that give abilities being `givers`
    /// ([`Table::attached_givers`]).
    pub fn given_abilities_from(&self, bearer: CardId, givers: &[CardId]) -> Vec<GivenAbility> {
        let mut given = Vec::new();
        for &giver in givers {
            let Some(c) = self.board.get(giver) else { continue };
            if c.attached != Some(bearer) || c.printed.given_lines.is_empty() {
                continue;
            }
            if WagicHost::attached(&self.board, giver) != Some(bearer) {
                continue;
            }
            let Ok(rules) = self.rules(giver) else { continue };
            let actions = self.library().program.cards().get(rules.index()).map_or(0, |data| data.actions.len());
            given.extend(c.printed.action_ranges(actions).given.map(|action| GivenAbility { giver, rules, action }));
        }
        if self.board.gave_abilities {
            self.effect_given_abilities(bearer, &mut given);
        }
        if !given.is_empty() && (self.board.lost_abilities(bearer) || self.board.activations_forbidden(bearer)) {
            given.clear();
        }
        given
    }

    /// The abilities `giveability` effects in force give `bearer` (`transforms((,newability[
    /// {cost}:effect])) ueot`), after those of the cards attached to it, each once.
    fn effect_given_abilities(&self, bearer: CardId, given: &mut Vec<GivenAbility>) {
        if self.board.get(bearer).is_none_or(|c| c.zone != super::BATTLEFIELD) {
            return;
        }
        for &(_, code, _, value) in self.board.effects.on(bearer) {
            if code != crate::host::EffectCode::GivenAbility {
                continue;
            }
            let Ok(packed) = u32::try_from(value) else { continue };
            let (giver, from_end) = (CardId(packed / 256), (packed % 256) as usize);
            let (Some(c), Ok(rules)) = (self.board.get(giver), self.rules(giver)) else { continue };
            let actions = self.library().program.cards().get(rules.index()).map_or(0, |data| data.actions.len());
            let range = c.printed.action_ranges(actions).given;
            let Some(action) = range.end.checked_sub(from_end + 1).filter(|action| range.contains(action)) else {
                continue;
            };
            let ability = GivenAbility { giver, rules, action };
            if !given.contains(&ability) {
                given.push(ability);
            }
        }
    }

    /// The line of `ability` as written (`{cost}:effect`, the giver's
    /// [`crate::table::Printed::given_lines`] entry), found by the giver's rules.
    pub fn given_line(&self, ability: GivenAbility) -> Option<&str> {
        let giver = self.board.get(ability.giver)?;
        let actions = self.library().program.cards().get(ability.rules.index())?.actions.len();
        let range = giver.printed.action_ranges(actions).given;
        giver.printed.given_lines.get(ability.action.checked_sub(range.start)?).map(|line| line.trim())
    }

    /// Whether some card on the battlefield gives the permanent it is attached to
    /// abilities, or some card gave one by a `giveability` effect.
    pub fn any_giver(&self) -> bool {
        self.board.gave_abilities
            || self.board.cards.iter().any(|c| c.attached.is_some() && !c.printed.given_lines.is_empty())
    }

    /// `player` starts activating `ability`, given to `bearer` ([`Table::given_abilities`]),
    /// with `bearer` as its source, as [`Table::start`] does a card's own.
    pub fn start_given(&mut self, bearer: CardId, ability: GivenAbility, player: PlayerId) -> Result<Step, TableError> {
        let outcome = self.runtime.activate(&mut self.board, bearer, ability.rules, player).map_err(trap)?;
        let outcome = self.choose_action(outcome, ability.action)?;
        Ok(step(self.answer_alike(outcome)?))
    }

    /// `player` activates `ability`, given to `bearer`, answering from the queue, as
    /// [`Table::try_activate`] does a card's own; whether it ran to the end.
    pub fn try_activate_given(
        &mut self,
        bearer: CardId,
        ability: GivenAbility,
        player: PlayerId,
    ) -> Result<bool, TableError> {
        let outcome = self.runtime.activate(&mut self.board, bearer, ability.rules, player).map_err(trap)?;
        let outcome = self.choose_action(outcome, ability.action)?;
        let done = self.finish(outcome)?;
        self.try_settle()?;
        Ok(done)
    }

    /// Whether `player` could activate `ability`, given to `bearer`, now: a trial as
    /// [`Table::try_payable_actions`]'s.
    pub fn try_payable_given(
        &mut self,
        bearer: CardId,
        ability: GivenAbility,
        player: PlayerId,
    ) -> Result<bool, TableError> {
        let outcome = self.runtime.try_activation(&mut self.board, bearer, ability.rules, player).map_err(trap)?;
        match self.choose_action(outcome, ability.action)? {
            Outcome::Done(completion) => Ok(completion == vm::runtime::Completion::Success),
            Outcome::Suspended(execution) => {
                self.runtime.cancel(execution);
                Ok(true)
            }
        }
    }

    /// The outcome once the runtime's question of which action (a card of several) is
    /// answered with `action`.
    pub(super) fn choose_action(&mut self, outcome: Outcome, action: usize) -> Result<Outcome, TableError> {
        match outcome {
            Outcome::Suspended(execution) if execution.request().kind == RequestKind::Action => {
                let chosen = Value::Int(i32::try_from(action).unwrap_or(i32::MAX));
                self.runtime
                    .resume(&mut self.board, execution, &[chosen])
                    .map_err(|error| TableError::IllegalAnswer(format!("{error:?}")))
            }
            outcome => Ok(outcome),
        }
    }
}
