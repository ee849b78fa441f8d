//! Combat as the runner plays it: attackers declared by clicks in the attackers step
//! ([`Run::declare_attacker`]), and what Wagic does as that step ends
//! ([`Run::leave_attackers`]): `mustattack` creatures attack, a lone attacker is exalted;
//! blockers declared by clicks as Wagic's block rule cycles them through the attackers
//! ([`Run::click_blocker`]), ordered in Wagic's order step ([`Run::raise_in_order`]); and
//! Wagic's damage steps ([`Run::damage_steps`]): first strike damage, then the rest, each
//! assigned as Wagic's combat screen assigns it by default.

use vm::runtime::{CardId, Value};

use super::clicks::Entry;
use super::{BATTLEFIELD, P0, P1, Pending, Run, Skip, at, is_type, skip, table_skip};
use crate::host::EffectCode;
use crate::table::{Board, COLOUR_PROTECTIONS, assign_combat_damage};

impl Run<'_> {
    /// A creature of the active player clicked in the attackers step, as Wagic's attack
    /// rule takes the click: it attacks, or, attacking, it attacks no more (Wagic's
    /// "Remove Attacker"); a creature that cannot attack is a click the rule does not take.
    /// Attackers tap as the step ends ([`Run::leave_attackers`]).
    pub(super) fn declare_attacker(&mut self, card: CardId, line: u32, text: &str) -> Result<(), Skip> {
        let Some(attacking) = self.table.board.get(card).map(|c| c.attacking) else { return Ok(()) };
        if !attacking && !self.can_attack(card) {
            return Ok(());
        }
        self.set_attacking(card, !attacking);
        self.table.try_settle().map_err(|error| table_skip(error, line, text))
    }

    /// Declares `card` an attacker, or takes its attack back.
    fn set_attacking(&mut self, card: CardId, attacking: bool) {
        if let Some(c) = self.table.board.cards.get_mut(card.0 as usize) {
            c.attacking = attacking;
        }
        self.declared.retain(|declared| *declared != card);
        if attacking {
            self.declared.push(card);
        }
        self.board_changed();
    }

    /// The board changed in a way no event names (an attack, a block): the continuous
    /// effects (`aslongas(creature[attacking])`) are judged again, as the runtime judges
    /// them after each event it runs (the catalogue's `continuous` event, which no auto
    /// hears).
    fn board_changed(&mut self) {
        let active = self.table.board.active;
        if let Some(event) = self.table.runtime.event_index("continuous") {
            self.table.runtime.emit(vm::runtime::Event::new(event, active));
        }
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

    /// The attackers step ends, as in Wagic (`MTGAttackRule`, then `AExalted`): in the
    /// active player's battlefield order, each creature with `mustattack` that can attack
    /// attacks, an attacker that became tapped attacks no more, and each attacker taps
    /// unless it has vigilance; then a creature attacking alone gets +1/+1 until end of
    /// turn for each of its controller's permanents with exalted printed on it (Wagic reads
    /// exalted from the printed abilities only: one granted does nothing).
    pub(super) fn leave_attackers(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        let active = self.table.board.active;
        for card in self.table.board.zone(active, BATTLEFIELD) {
            let board = &self.table.board;
            let must = board.get(card).is_some_and(|c| !c.attacking && board.has_type(card, "creature"))
                && board.has_ability(card, "mustattack");
            if must && self.can_attack(card) {
                self.set_attacking(card, true);
            }
            let board = &self.table.board;
            let Some(c) = board.get(card).filter(|c| c.attacking) else { continue };
            if c.tapped {
                self.set_attacking(card, false);
                continue;
            }
            if !board.has_ability(card, "vigilance") {
                crate::host::WagicHost::set_tapped(&mut self.table.board, card, true);
            }
            // Wagic takes an attacker that gained `cantattack` out of an attack on a
            // planeswalker or a battle only (`isAttacking` is none for the player's).
        }
        self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
        let permanents = self.table.board.zone(active, BATTLEFIELD);
        let attackers: Vec<CardId> = permanents
            .iter()
            .copied()
            .filter(|card| self.table.board.get(*card).is_some_and(|c| c.attacking))
            .collect();
        let [alone] = attackers.as_slice() else { return Ok(()) };
        self.table.exalt(*alone);
        Ok(())
    }

    /// The creatures attacking now, in the order Wagic's combat screen lists them (the
    /// order they were declared in).
    fn in_combat(&self) -> Vec<CardId> {
        let board = &self.table.board;
        let active = board.active;
        self.declared
            .iter()
            .copied()
            .filter(|card| {
                board.get(*card).is_some_and(|c| c.attacking && c.zone == BATTLEFIELD && c.controller == active)
            })
            .collect()
    }

    /// The creatures blocking `attacker`, in its damage assignment order (the order they
    /// were declared in, as Wagic's `addBlocker` appends them, changed by clicks in the
    /// order step).
    fn blockers_of(&self, attacker: CardId) -> Vec<CardId> {
        let board = &self.table.board;
        self.block_order
            .iter()
            .copied()
            .filter(|card| board.get(*card).is_some_and(|c| c.zone == BATTLEFIELD && c.blocking == Some(attacker)))
            .collect()
    }

    /// The damage a creature deals in one of Wagic's damage steps (`stepPower`): in the
    /// first strike step with first strike or double strike, in the regular one without
    /// first strike or with double strike; never below 0.
    fn step_power(&self, card: CardId, step: Strike) -> i32 {
        let board = &self.table.board;
        let (first_strike, double_strike) =
            (board.has_ability(card, "firststrike"), board.has_ability(card, "doublestrike"));
        let strikes = match step {
            Strike::First => first_strike || double_strike,
            Strike::Regular => double_strike || !first_strike,
        };
        if strikes { board.power(card).max(0) } else { 0 }
    }

    /// Whether Wagic's combat screen stops on an attacker in a damage step for its player
    /// to assign its damage (`GuiCombat`'s `show`): it strikes in that step and has
    /// several blockers, or one with trample.
    fn shown(&self, attacker: CardId, step: Strike) -> bool {
        let board = &self.table.board;
        let (first_strike, double_strike) =
            (board.has_ability(attacker, "firststrike"), board.has_ability(attacker, "doublestrike"));
        let strikes = match step {
            Strike::First => first_strike || double_strike,
            Strike::Regular => double_strike || !first_strike,
        };
        let alone = usize::from(!board.has_ability(attacker, "trample"));
        strikes && self.blockers_of(attacker).len() > alone
    }

    /// Wagic's damage steps from `from` on (`GuiCombat::receiveEventMinus`), until one
    /// waits for a `next`: the first strike step waits when an attacker with first strike
    /// or double strike is shown for its damage assignment, the end of each damage step
    /// when it dealt damage, the regular step when an attacker is shown. Whether Wagic
    /// waits (it goes on to the end of combat at once when the regular damage dealt none).
    pub(super) fn damage_steps(&mut self, from: DamageStep) -> bool {
        let mut step = from;
        // Four steps at most, each visited once.
        for _ in 0..4 {
            let attackers = self.in_combat();
            match step {
                DamageStep::FirstStrike => {
                    let board = &self.table.board;
                    let any = attackers.iter().any(|card| {
                        board.has_ability(*card, "firststrike") || board.has_ability(*card, "doublestrike")
                    });
                    if any && attackers.iter().any(|card| self.shown(*card, Strike::First)) {
                        self.combat_wait = CombatWait::FirstStrikeShown;
                        return true;
                    }
                    step = DamageStep::EndFirstStrike;
                }
                DamageStep::EndFirstStrike => {
                    if self.strike(Strike::First) {
                        self.combat_wait = CombatWait::FirstStrikeDealt;
                        return true;
                    }
                    step = DamageStep::Damage;
                }
                DamageStep::Damage => {
                    if attackers.iter().any(|card| self.shown(*card, Strike::Regular)) {
                        self.combat_wait = CombatWait::DamageShown;
                        return true;
                    }
                    step = DamageStep::EndDamage;
                }
                DamageStep::EndDamage => {
                    let dealt = self.strike(Strike::Regular);
                    self.combat_wait = if dealt { CombatWait::DamageDealt } else { CombatWait::None };
                    return dealt;
                }
            }
        }
        false
    }

    /// One of Wagic's damage steps dealt (`GuiCombat::autoaffectDamage`, then `resolve`):
    /// each attacker in combat deals its step's damage to its blockers in their order,
    /// each as much as its toughness (1 with deathtouch) until none is left, the rest to
    /// the first blocker, or with trample to the defending player; an unblocked attacker
    /// deals it to the defending player, a blocked one whose blockers are gone deals none
    /// (with trample, all of it to the player); each blocker deals its step's damage to
    /// the attacker. All the damage is dealt at once. Whether any was dealt: Wagic waits
    /// for a `next` after a step that dealt damage and goes on at once otherwise.
    fn strike(&mut self, step: Strike) -> bool {
        let active = self.table.board.active;
        let defender = Value::Player(if active == P0 { P1 } else { P0 });
        let mut damage: Vec<(CardId, Value, i32)> = Vec::new();
        for attacker in self.in_combat() {
            let board = &self.table.board;
            let power = self.step_power(attacker, step);
            let blockers = self.blockers_of(attacker);
            let (deathtouch, trample) =
                (board.has_ability(attacker, "deathtouch"), board.has_ability(attacker, "trample"));
            // Wagic's tests assign by the blockers' toughness, as its combat screen does.
            let needs: Vec<i32> = blockers.iter().map(|blocker| board.toughness(*blocker)).collect();
            let (assigned, to_player) = assign_combat_damage(power, &needs, deathtouch, trample);
            // Wagic's damage stack: the blockers' damage, the player's, then the attacker's.
            for (blocker, amount) in blockers.iter().zip(&assigned) {
                damage.push((attacker, Value::Card(*blocker), *amount));
            }
            if to_player > 0 && (!self.blocked.contains(&attacker) || trample) {
                damage.push((attacker, defender, to_player));
            }
            for blocker in &blockers {
                damage.push((*blocker, Value::Card(attacker), self.step_power(*blocker, step)));
            }
        }
        let mut dealt = false;
        // `fog`: the damage is dealt and prevented, as protection's is.
        let fog = self.table.board.effects.iter().any(|(_, code, ..)| *code == EffectCode::Fog);
        self.table.board.combat_damage = true;
        for (source, target, amount) in damage {
            if amount > 0 {
                if !fog {
                    crate::host::WagicHost::deal_damage(&mut self.table.board, source, target, amount);
                }
                dealt = true;
            }
        }
        self.table.board.combat_damage = false;
        dealt
    }

    /// Whether a creature may be declared a blocker at all ([`can_block`]).
    fn can_block(&self, card: CardId) -> bool {
        can_block(&self.table.board, card)
    }

    /// Whether `blocker` may block `attacker` now ([`may_block`]).
    pub(super) fn can_block_attacker(&self, blocker: CardId, attacker: CardId) -> bool {
        may_block(&self.table.board, blocker, attacker, &self.blocked)
    }

    /// A creature of the defending player clicked in the blockers step: what reacts to the
    /// click, as Wagic's action layer lists it (its block rule, when the creature may block
    /// at all, then the creature's abilities whose costs can be paid): one is done at once,
    /// several open Wagic's menu for the next move (`choice N`), none does nothing.
    pub(super) fn click_blocker(&mut self, card: CardId, line: u32, text: &str) -> Result<Option<Pending>, Skip> {
        let Some(controller) = self.table.board.get(card).map(|c| c.controller) else { return Ok(None) };
        let given = self.given_entries(card, controller, line, text)?;
        let payable =
            self.table.try_payable_actions(card, controller).map_err(|error| table_skip(error, line, text))?;
        let sick = self.entered.contains(&card) && !self.table.board.has_ability(card, "haste");
        if !payable.is_empty() && sick {
            // Wagic offers no `{T}` ability of such a creature: its menu would differ.
            return Err(skip("a creature that entered this turn acts (summoning sickness)", at(line, text)));
        }
        let mut entries: Vec<Entry> = Vec::new();
        if self.can_block(card) {
            // Wagic's rules are loaded before any card's abilities.
            entries.push(Entry::Block);
        }
        entries.extend(payable.into_iter().map(Entry::Action));
        entries.extend(given);
        self.offer(card, entries, line, text)
    }

    /// Wagic's block rule takes a click on a defending creature, as it plays a click of its
    /// test suite's player (not a human's, who picks an attacker): its block moves on to
    /// the next attacker it may block in the attacking player's battlefield order, from the
    /// one it blocks (from the first when it blocks none), and past the last it blocks none.
    pub(super) fn cycle_block(&mut self, card: CardId, line: u32, text: &str) -> Result<(), Skip> {
        if let Some(name) = self.ability_loss_in_play() {
            return Err(skip("a block while a card takes keyword abilities away (`-ability` is not modelled)", name));
        }
        let board = &self.table.board;
        let active = board.active;
        let attackers: Vec<CardId> = board
            .zone(active, BATTLEFIELD)
            .into_iter()
            .filter(|card| board.get(*card).is_some_and(|c| c.attacking))
            .collect();
        let unmodelled = |card: &CardId| UNMODELLED_IN_A_BLOCK.iter().any(|ability| board.has_ability(*card, ability));
        if unmodelled(&card) || attackers.iter().any(unmodelled) {
            return Err(skip("a block with banding (its blocks are not modelled)", at(line, text)));
        }
        let mut current = board.get(card).and_then(|c| c.blocking);
        let mut blocks = None;
        let lured = self.lurer().is_some();
        // Each attacker once, then none.
        for _ in 0..=attackers.len() {
            let next = match current {
                None => attackers.first().copied(),
                Some(previous) => attackers
                    .iter()
                    .position(|attacker| *attacker == previous)
                    .and_then(|at| attackers.get(at + 1).copied()),
            };
            // While one attacks with lure, only those with lure (`lure.rs`).
            let next =
                next.and_then(|attacker| if lured { self.lured_next(&attackers, attacker) } else { Some(attacker) });
            match next {
                None => break,
                Some(attacker) if self.can_block_attacker(card, attacker) => {
                    blocks = Some(attacker);
                    break;
                }
                Some(attacker) => current = Some(attacker),
            }
        }
        self.set_block(card, blocks);
        self.table.try_settle().map_err(|error| table_skip(error, line, text))
    }

    /// The name of a permanent whose text takes a keyword ability away (`-flying`): the
    /// runtime's `Revoke` ends only its source's own grants, where Wagic's takes the
    /// ability from the card, printed or granted by another.
    fn ability_loss_in_play(&self) -> Option<String> {
        let board = &self.table.board;
        let takes_away = |auto: &String| {
            let auto = auto.to_ascii_lowercase();
            auto.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).any(|word| {
                word.strip_prefix('-').is_some_and(|name| crate::catalogue::ABILITIES.iter().any(|a| a.name == name))
            })
        };
        [P0, P1]
            .into_iter()
            .flat_map(|player| board.zone(player, BATTLEFIELD))
            .filter_map(|card| board.get(card))
            .find(|c| c.printed.autos.iter().any(takes_away))
            .map(|c| c.printed.name.clone())
    }

    /// `blocker` blocks `attacker` (none: it blocks nothing), as Wagic's `setDefenser`:
    /// it leaves the end of its former attacker's blockers (which is no longer blocked
    /// when none is left, in the blockers step) for the end of the new one's.
    pub(super) fn set_block(&mut self, blocker: CardId, attacker: Option<CardId>) {
        let Some(c) = self.table.board.cards.get_mut(blocker.0 as usize) else { return };
        let former = std::mem::replace(&mut c.blocking, attacker);
        self.block_order.retain(|card| *card != blocker);
        if let Some(former) = former
            && self.blockers_of(former).is_empty()
        {
            self.blocked.retain(|card| *card != former);
        }
        if let Some(attacker) = attacker {
            self.block_order.push(blocker);
            if !self.blocked.contains(&attacker) {
                self.blocked.push(attacker);
            }
        }
        self.board_changed();
    }

    /// A click in Wagic's order step (`raiseBlockerRankOrder`): the blocker clicked swaps
    /// places with the one before it in its attacker's damage order (the first with the
    /// second). Skipped: a click on a card that blocks nothing, or on a lone blocker (Wagic's
    /// engine reads past the end of its list).
    pub(super) fn raise_in_order(&mut self, card: CardId, line: u32, text: &str) -> Result<(), Skip> {
        let attacker = self.table.board.get(card).filter(|c| c.zone == BATTLEFIELD).and_then(|c| c.blocking);
        let blockers = attacker.map(|attacker| self.blockers_of(attacker)).unwrap_or_default();
        let Some(rank) = blockers.iter().position(|blocker| *blocker == card) else {
            return Err(skip("a click in Wagic's blockers order step on a card that blocks nothing", at(line, text)));
        };
        let other = if rank == 0 { 1 } else { rank - 1 };
        let Some(&other) = blockers.get(other) else {
            return Err(skip("a click in Wagic's blockers order step on a lone blocker", at(line, text)));
        };
        let (Some(first), Some(second)) = (
            self.block_order.iter().position(|blocker| *blocker == card),
            self.block_order.iter().position(|blocker| *blocker == other),
        ) else {
            return Ok(());
        };
        self.block_order.swap(first, second);
        Ok(())
    }

    /// Whether Wagic's order step waits for a `next`: an attacker in combat has several
    /// blockers.
    pub(super) fn must_order(&self) -> bool {
        self.in_combat().into_iter().any(|attacker| self.blockers_of(attacker).len() > 1)
    }

    /// The blockers step ends (Wagic's `WEventBlockersChosen`): each blocker fires
    /// `blocking`, in the defending player's battlefield order; then each blocked attacker,
    /// in the attacking player's, fires `blocked` once for each of its blockers (Wagic's
    /// `eventattackedblocked`), each binding the other creature as `combatfoe`, and each
    /// unblocked attacker fires `notblocked`. Each attacker with flanking gives its blockers -1/-1 until
    /// end of turn, in the defending player's battlefield order up to the first with
    /// flanking (Wagic's `AFlankerAbility` stops there). Skipped: an attacker with rampage
    /// and several blockers (Wagic's rampage counts its blockers once; the front end's is a
    /// `blocked` trigger).
    pub(super) fn leave_blockers(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        self.force_lure();
        let board = &self.table.board;
        let (active, defender) = (board.active, if board.active == P0 { P1 } else { P0 });
        let blockers: Vec<(CardId, CardId)> = board
            .zone(defender, BATTLEFIELD)
            .into_iter()
            .filter_map(|card| board.get(card).and_then(|c| c.blocking).map(|attacker| (card, attacker)))
            .collect();
        let attackers: Vec<CardId> =
            board.zone(active, BATTLEFIELD).into_iter().filter(|card| self.blocked.contains(card)).collect();
        let unblocked: Vec<CardId> = board
            .zone(active, BATTLEFIELD)
            .into_iter()
            .filter(|card| board.get(*card).is_some_and(|c| c.attacking) && !self.blocked.contains(card))
            .collect();
        for attacker in &attackers {
            let rampage = board
                .get(*attacker)
                .is_some_and(|c| c.printed.autos.iter().any(|auto| auto.to_ascii_lowercase().contains("rampage(")));
            if rampage && blockers.iter().filter(|(_, blocked)| blocked == attacker).count() > 1 {
                return Err(skip(
                    "rampage with several blockers (the front end's rampage counts each)",
                    at(line, text),
                ));
            }
        }
        let flanked: Vec<CardId> = attackers
            .iter()
            .filter(|attacker| board.has_ability(**attacker, "flanking"))
            .flat_map(|attacker| {
                let blocking = blockers.iter().filter(move |(_, blocked)| blocked == attacker);
                blocking.map(|(blocker, _)| *blocker).take_while(|blocker| !board.has_ability(*blocker, "flanking"))
            })
            .collect();
        for blocker in flanked {
            self.table.pump_until_end_of_turn(blocker, -1, -1);
        }
        let runtime = &mut self.table.runtime;
        // Each binds the other creature of its pair, as the game loop's do.
        let foe = crate::front::spec::variable("combatfoe");
        if let Some(event) = runtime.event_index("blocking") {
            for (blocker, attacker) in &blockers {
                let event = vm::runtime::Event::new(event, defender).with_object(Value::Card(*blocker));
                runtime.emit(event.bind(foe, Value::Card(*attacker)));
            }
        }
        if let Some(event) = runtime.event_index("blocked") {
            for attacker in attackers {
                for (blocker, _) in blockers.iter().filter(|(_, blocked)| *blocked == attacker) {
                    let event = vm::runtime::Event::new(event, active).with_object(Value::Card(attacker));
                    runtime.emit(event.bind(foe, Value::Card(*blocker)));
                }
            }
        }
        // Then each attacker left unblocked (Wagic's `eventattackednotblocked`).
        if let Some(event) = runtime.event_index("notblocked") {
            for attacker in unblocked {
                runtime.emit(vm::runtime::Event::new(event, active).with_object(Value::Card(attacker)));
            }
        }
        Ok(())
    }
}

/// Whether a creature may be declared a blocker at all (`MTGCardInstance::canBlock`):
/// an untapped creature on the battlefield without `cantblock`.
pub(crate) fn can_block(board: &Board, card: CardId) -> bool {
    board.get(card).is_some_and(|c| c.zone == BATTLEFIELD && !c.tapped)
        && board.has_type(card, "creature")
        && !board.has_ability(card, "cantblock")
}

/// Whether `blocker` may block `attacker`, as Wagic's `canBlock(opponent)` judges it:
/// protection, `cantbeblockedby` and `cantbeblockerof`, unblockable, oneblocker, evadebigger, fear,
/// intimidate, flying (against flying or reach), cloud, shadow, horsemanship and the
/// landwalks; `blocked` are the attackers blocked so far (`oneblocker`).
pub(crate) fn may_block(board: &Board, blocker: CardId, attacker: CardId, blocked: &[CardId]) -> bool {
    let has = |card: CardId, name: &str| board.has_ability(card, name);
    if !can_block(board, blocker) || !board.get(attacker).is_some_and(|c| c.attacking) {
        return false;
    }
    let blocker_colours = board.colours(blocker);
    let protected =
        COLOUR_PROTECTIONS.iter().any(|(ability, colour)| blocker_colours.contains(colour) && has(attacker, ability))
            || board.protected_by_spec(attacker, blocker);
    let forbidden = board.effects.iter().any(|(_, code, target, card)| {
        (*code == EffectCode::Unblockable && *target == Value::Card(attacker) && *card == blocker.0 as i32)
            || (*code == EffectCode::CantBlock && *target == Value::Card(blocker) && *card == attacker.0 as i32)
    });
    if protected || forbidden || has(attacker, "unblockable") {
        return false;
    }
    if has(attacker, "oneblocker") && blocked.contains(&attacker) {
        return false;
    }
    if has(attacker, "evadebigger") && board.power(blocker) > board.power(attacker) {
        return false;
    }
    let blocker_types = board.types(blocker);
    let artifact = is_type(&blocker_types, "artifact");
    if has(attacker, "fear") && !(artifact || blocker_colours.contains(&"black")) {
        return false;
    }
    if has(attacker, "intimidate") && !artifact {
        let attacker_colours = board.colours(attacker);
        if !blocker_colours.iter().any(|colour| attacker_colours.contains(colour)) {
            return false;
        }
    }
    if has(attacker, "flying") && !(has(blocker, "flying") || has(blocker, "reach")) {
        return false;
    }
    if has(blocker, "cloud") && !has(attacker, "flying") {
        return false;
    }
    let shadow = has(attacker, "shadow");
    if shadow && !(has(blocker, "shadow") || has(blocker, "reachshadow")) {
        return false;
    }
    if !shadow && has(blocker, "shadow") {
        return false;
    }
    if has(attacker, "horsemanship") && !has(blocker, "horsemanship") {
        return false;
    }
    let lands = board.get(blocker).map(|c| board.zone(c.controller, BATTLEFIELD)).unwrap_or_default();
    let any_land = |matches: &dyn Fn(&[&str]) -> bool| lands.iter().any(|card| matches(&board.types(*card)));
    !LANDWALKS.iter().any(|(walk, needs)| {
        has(attacker, walk)
            && any_land(&|types: &[&str]| match needs {
                Walk::Types(words) => words.iter().all(|word| is_type(types, word)),
                Walk::NonBasic => is_type(types, "land") && !is_type(types, "basic"),
            })
    })
}

/// The keyword abilities whose blocks the runner does not play: a block where one is in
/// play is skipped (banding lets attackers share their blockers).
const UNMODELLED_IN_A_BLOCK: &[&str] = &["banding"];

/// What a landwalk looks for among the defending player's permanents.
enum Walk {
    /// A permanent with all these types.
    Types(&'static [&'static str]),
    /// A land that is not basic.
    NonBasic,
}

/// The landwalks, as Wagic's `canBlock(opponent)` reads them.
const LANDWALKS: &[(&str, Walk)] = &[
    ("swampwalk", Walk::Types(&["swamp"])),
    ("forestwalk", Walk::Types(&["forest"])),
    ("islandwalk", Walk::Types(&["island"])),
    ("mountainwalk", Walk::Types(&["mountain"])),
    ("plainswalk", Walk::Types(&["plains"])),
    ("legendarylandwalk", Walk::Types(&["legendary", "land"])),
    ("desertlandwalk", Walk::Types(&["land", "desert"])),
    ("snowswamplandwalk", Walk::Types(&["snow", "swamp"])),
    ("snowforestlandwalk", Walk::Types(&["snow", "forest"])),
    ("snowislandlandwalk", Walk::Types(&["snow", "island"])),
    ("snowmountainlandwalk", Walk::Types(&["snow", "mountain"])),
    ("snowplainslandwalk", Walk::Types(&["snow", "plains"])),
    ("snowlandwalk", Walk::Types(&["snow", "land"])),
    ("nonbasiclandwalk", Walk::NonBasic),
];

/// One of Wagic's two damage steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strike {
    /// The first strike step.
    First,
    /// The regular one.
    Regular,
}

/// Where Wagic's damage steps go on from (`GameObserver::combatStep`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DamageStep {
    /// Attackers with first strike are shown for their damage assignment.
    FirstStrike,
    /// First strike damage is dealt.
    EndFirstStrike,
    /// Attackers are shown for their damage assignment.
    Damage,
    /// The regular damage is dealt.
    EndDamage,
}

/// What Wagic's combat waits in for the next `next`, within the blockers and damage phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum CombatWait {
    /// Nothing (the blockers step, or outside combat).
    #[default]
    None,
    /// The order step: an attacker has several blockers, whose damage order clicks change.
    Order,
    /// The first strike step, an attacker shown for its damage assignment.
    FirstStrikeShown,
    /// First strike damage was dealt.
    FirstStrikeDealt,
    /// The regular damage step, an attacker shown for its damage assignment.
    DamageShown,
    /// The regular damage was dealt: the next `next` ends combat.
    DamageDealt,
}
