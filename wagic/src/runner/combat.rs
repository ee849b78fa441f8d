//! Combat as the runner plays it: attackers declared by clicks in the attackers step
//! ([`Run::declare_attacker`]), and what Wagic does as that step ends
//! ([`Run::leave_attackers`]): `mustattack` creatures attack, a lone attacker is exalted;
//! and the damage steps ([`Run::strike`]): first strike damage, then the rest.

use vm::runtime::{CardId, Value};

use super::{BATTLEFIELD, CATALOGUE, P0, P1, Run, Skip, at, is_type, skip, table_skip};
use crate::host::EffectCode;
use crate::table::TABLE_UNTIL_END_OF_TURN;

/// The keyword abilities that leave a block between two creatures as the runner plays it
/// (whether it may block, how the damage is dealt): any other makes a block skipped.
const PLAIN_IN_A_BLOCK: &[&str] =
    &["haste", "vigilance", "defender", "indestructible", "deathtouch", "wither", "lifelink", "reach", "nomaxhand"];

impl Run<'_> {
    /// A creature of the active player clicked in the attackers step attacks (a second
    /// click takes it back, as in Wagic); attacking taps it unless it has vigilance.
    pub(super) fn declare_attacker(&mut self, card: CardId, line: u32, text: &str) -> Result<(), Skip> {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return Ok(()) };
        if c.attacking {
            return Err(skip("an attack taken back", at(line, text)));
        }
        if !self.can_attack(card) {
            return Err(skip("a creature that cannot attack is clicked to attack", at(line, text)));
        }
        let vigilance = board.has_ability(card, "vigilance");
        if let Some(c) = self.table.board.cards.get_mut(card.0 as usize) {
            c.attacking = true;
        }
        self.declared.push(card);
        if !vigilance {
            crate::host::WagicHost::set_tapped(&mut self.table.board, card, true);
        }
        self.table.try_settle().map_err(|error| table_skip(error, line, text))
    }

    /// Whether a creature can be declared an attacker: untapped, not summoning sick (or with
    /// haste), without defender or `cantattack`.
    pub(super) fn can_attack(&self, card: CardId) -> bool {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return false };
        let sick = self.entered.contains(&card) && !board.has_ability(card, "haste");
        // `canattack` lets a creature with defender attack.
        let defender = board.has_ability(card, "defender") && !board.has_ability(card, "canattack");
        let barred = defender || board.has_ability(card, "cantattack");
        !(c.tapped || sick || barred)
    }

    /// The attackers step ends, as in Wagic (`MTGAttackRule`, then `AExalted`): each
    /// creature of the active player with `mustattack` that can attack attacks; then a
    /// creature attacking alone gets +1/+1 until end of turn for each of its controller's
    /// permanents with exalted printed on it (Wagic reads exalted from the printed
    /// abilities only: one granted does nothing).
    pub(super) fn leave_attackers(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        let active = self.table.board.active;
        for card in self.table.board.zone(active, BATTLEFIELD) {
            let board = &self.table.board;
            let must = board.get(card).is_some_and(|c| !c.attacking && is_type(&board.types(card), "creature"))
                && board.has_ability(card, "mustattack");
            if must && self.can_attack(card) {
                self.declare_attacker(card, line, text)?;
            }
        }
        let permanents = self.table.board.zone(active, BATTLEFIELD);
        let attackers: Vec<CardId> = permanents
            .iter()
            .copied()
            .filter(|card| self.table.board.get(*card).is_some_and(|c| c.attacking))
            .collect();
        let [alone] = attackers.as_slice() else { return Ok(()) };
        let exalted = permanents.iter().filter(|card| self.printed_ability(**card, "exalted")).count();
        let bonus = i32::try_from(exalted).unwrap_or(i32::MAX);
        if bonus > 0 {
            let effects = &mut self.table.board.effects;
            effects.push((TABLE_UNTIL_END_OF_TURN, EffectCode::Power, Value::Card(*alone), bonus));
            effects.push((TABLE_UNTIL_END_OF_TURN, EffectCode::Toughness, Value::Card(*alone), bonus));
        }
        Ok(())
    }

    /// Whether the keyword ability `name` is printed on the card (its `abilities=`, or a
    /// token's).
    pub(super) fn printed_ability(&self, card: CardId, name: &str) -> bool {
        let Some(c) = self.table.board.get(card) else { return false };
        if c.token {
            return c.printed.abilities.contains(&name);
        }
        let Ok(rules) = self.table.rules(card) else { return false };
        let data = &self.table.library().program.cards()[rules.index()];
        data.abilities.iter().any(|ability| CATALOGUE.abilities[ability.index()].name == name)
    }

    /// One of Wagic's combat damage steps (`GuiCombat::resolve`): in the first strike step
    /// (`first`) each attacker with first strike or double strike, in the regular one each
    /// attacker without first strike or with double strike, deals its power to the
    /// defending player, or when blocked to its blocker, which deals its power back (a
    /// block is only declared between creatures without first strike or double strike).
    /// All the damage is dealt at once. Whether any was dealt: Wagic waits for a `next`
    /// after a step that dealt damage and goes on at once otherwise.
    pub(super) fn strike(&mut self, first: bool) -> bool {
        let active = self.table.board.active;
        let defender = Value::Player(if active == P0 { P1 } else { P0 });
        let board = &self.table.board;
        let mut damage: Vec<(CardId, Value, i32)> = Vec::new();
        for card in board.zone(active, BATTLEFIELD) {
            let (first_strike, double_strike) =
                (board.has_ability(card, "firststrike"), board.has_ability(card, "doublestrike"));
            if !board.get(card).is_some_and(|c| c.attacking) || !(double_strike || first_strike == first) {
                continue;
            }
            match self.blocker_of(card) {
                Some(blocker) => {
                    damage.push((card, Value::Card(blocker), board.power(card)));
                    damage.push((blocker, Value::Card(card), board.power(blocker)));
                }
                // Blocked, its blocker gone: it stays blocked and deals no damage.
                None if self.blocked.contains(&card) => {}
                None => damage.push((card, defender, board.power(card))),
            }
        }
        let mut dealt = false;
        // `fog`: the damage is dealt and prevented, as protection's is.
        let fog = self.table.board.effects.iter().any(|(_, code, ..)| *code == EffectCode::Fog);
        self.table.board.combat_damage = true;
        for (source, target, power) in damage {
            if power > 0 {
                if !fog {
                    crate::host::WagicHost::deal_damage(&mut self.table.board, source, target, power);
                }
                dealt = true;
            }
        }
        self.table.board.combat_damage = false;
        dealt
    }

    /// The creature blocking `attacker`, if any.
    fn blocker_of(&self, attacker: CardId) -> Option<CardId> {
        let board = &self.table.board;
        let defender = if board.active == P0 { P1 } else { P0 };
        board
            .zone(defender, BATTLEFIELD)
            .into_iter()
            .find(|card| board.get(*card).is_some_and(|c| c.blocking == Some(attacker)))
    }

    /// A creature of the defending player clicked in the blockers step blocks, as Wagic's
    /// block rule has it: the one attacker, when it is a plain block. Skipped: a block
    /// among several attackers, changed, or of a creature with an ability that decides
    /// whether it may block or how the damage is dealt (evasion, first strike, trample...),
    /// two blockers on one attacker, a tapped blocker or one that cannot block.
    pub(super) fn declare_blocker(&mut self, card: CardId, line: u32, text: &str) -> Result<(), Skip> {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return Ok(()) };
        if c.controller == board.active {
            return Err(skip(
                "a creature clicked in combat (blocks and Wagic's combat steps are not modelled)",
                at(line, text),
            ));
        }
        if c.blocking.is_some() {
            return Err(skip("a block changed (Wagic's block rule cycles through the attackers)", at(line, text)));
        }
        let attackers: Vec<CardId> = board
            .zone(board.active, BATTLEFIELD)
            .into_iter()
            .filter(|card| board.get(*card).is_some_and(|c| c.attacking))
            .collect();
        let [attacker] = attackers.as_slice() else {
            return Err(skip("a block with several attackers or none (Wagic's block rule)", at(line, text)));
        };
        // `cantbeblockedby(spec)`: Wagic takes no click of a creature that may not block it.
        let forbidden = board.effects.iter().any(|(_, code, target, blocker)| {
            *code == EffectCode::Unblockable && *target == Value::Card(*attacker) && *blocker == card.0 as i32
        });
        if forbidden {
            return Ok(());
        }
        if c.tapped || !self.plain_in_a_block(card) || !self.plain_in_a_block(*attacker) {
            return Err(skip(
                "a block the model does not judge (a tapped blocker, or an ability in play)",
                at(line, text),
            ));
        }
        if self.blocker_of(*attacker).is_some() {
            return Err(skip("two blockers on one attacker (Wagic's damage order)", at(line, text)));
        }
        let attacker = *attacker;
        if let Some(c) = self.table.board.cards.get_mut(card.0 as usize) {
            c.blocking = Some(attacker);
        }
        self.blocked.push(attacker);
        Ok(())
    }

    /// Whether every keyword ability of the creature, printed (`abilities=`, a token's) or
    /// granted, is plain in a block.
    fn plain_in_a_block(&self, card: CardId) -> bool {
        let board = &self.table.board;
        let Some(c) = board.get(card) else { return false };
        let granted = board.abilities.iter().filter(|(_, on, _)| *on == Value::Card(card)).map(|(_, _, a)| *a);
        if !granted.chain(c.printed.abilities.iter().copied()).all(|ability| PLAIN_IN_A_BLOCK.contains(&ability)) {
            return false;
        }
        if c.token {
            return true;
        }
        let Ok(rules) = self.table.rules(card) else { return false };
        let data = &self.table.library().program.cards()[rules.index()];
        data.abilities.iter().all(|ability| PLAIN_IN_A_BLOCK.contains(&CATALOGUE.abilities[ability.index()].name))
    }

    /// The blockers step ends: each blocker fires `blocking`, its attacker `blocked`. A
    /// block that gained an ability since it was declared (first strike...) is skipped.
    pub(super) fn leave_blockers(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        let board = &self.table.board;
        let defender = if board.active == P0 { P1 } else { P0 };
        let blocks: Vec<(CardId, CardId)> = board
            .zone(defender, BATTLEFIELD)
            .into_iter()
            .filter_map(|card| board.get(card).and_then(|c| c.blocking).map(|attacker| (card, attacker)))
            .collect();
        if blocks.iter().any(|&(blocker, attacker)| !self.plain_in_a_block(blocker) || !self.plain_in_a_block(attacker))
        {
            return Err(skip(
                "a block the model does not judge (a tapped blocker, or an ability in play)",
                at(line, text),
            ));
        }
        let runtime = &mut self.table.runtime;
        let (blocking, blocked) = (runtime.event_index("blocking"), runtime.event_index("blocked"));
        for (blocker, attacker) in blocks {
            if let Some(event) = blocking {
                runtime.emit(vm::runtime::Event::new(event, defender).with_object(Value::Card(blocker)));
            }
            if let Some(event) = blocked {
                let active = self.table.board.active;
                runtime.emit(vm::runtime::Event::new(event, active).with_object(Value::Card(attacker)));
            }
        }
        Ok(())
    }
}
