//! The players' decisions outside card questions: which are legal now (Main: characters,
//! actions, back-ups, ■ abilities; Attack: attackers and United Attacks; Counter-attack:
//! blockers and reactions) and what taking each does (spec §4.6 steps 3–5, §4.8).
//!
//! Legality may ask hooks and requisites, which run card code, so it is computed on a
//! clone of the game ([`Game::legal_moves`] makes it): these functions take `&mut self`.

use vm::bytecode::CardIdx;
use vm::runtime::{Completion, Failure, Outcome as VmOutcome, Value};

use crate::engine::{Game, pid};
use crate::log::{EventLog, LogKind};
use crate::moves::{MAX_HAND, Move};
use crate::set::{AbilityType, CardKind};
use crate::state::{BACKUP_BONUS, CardRef, GameState, Role, Task, UA_COST_PER_JOINER, UA_MAX, Zone};

impl Game {
    /// The ability type of the rules a card has now (a copied ability has its donor's).
    fn ability_type(&self, card: CardRef) -> Option<AbilityType> {
        self.state.ability_type(card)
    }

    fn hand_card(&self, player: u8, hand: u8) -> Option<CardRef> {
        self.state.player(player).hand.get(usize::from(hand)).copied()
    }

    fn slot_card(&self, player: u8, slot: u8) -> Option<CardRef> {
        self.state.player(player).ring.get(usize::from(slot)).copied().flatten()
    }

    /// Whether activating the card's rules would get past its requisites, rule target and
    /// costs (true without rules). The trial runs on a copy of the game, up to the first
    /// question or the end: a play or activation that would fail before any effect,
    /// having paid for nothing, is not offered.
    fn requisites_ok(&mut self, card: CardRef, me: u8) -> bool {
        let Some(rules) = self.state.card(card).and_then(|c| c.rules) else { return true };
        if !self.runtime.requisites_met(&mut self.state, card.id(), CardIdx(rules), pid(me)).unwrap_or_default() {
            return false;
        }
        let mut trial = self.clone();
        trial.state.log = EventLog::default();
        if !trial.state.is_character(card) {
            // Played, the card is on the table while it resolves, no longer in hand.
            trial.state.move_card_to(card, me, Zone::Table, -1);
        }
        let result = trial.runtime.activate(&mut trial.state, card.id(), CardIdx(rules), pid(me));
        !matches!(
            result,
            Ok(VmOutcome::Done(Completion::Failure(
                Failure::RequisitesNotMet | Failure::RuleTargetNotFound | Failure::CostNotPaid
            )))
        )
    }

    /// Whether `player` can pay a cost now, `beforePayCost` autos included (this runs on
    /// the clone [`Game::legal_moves`] works on).
    fn affordable(&mut self, player: u8, type_name: &str, base: i32, card: Option<CardRef>) -> bool {
        let cost = self.cost_now(player, type_name, base, card);
        self.state.player(player).sp.saturating_add(cost) >= 0
    }

    // ---- Main phase ----

    /// The cards `player` may play from: the hand, and the removed pile while the rule
    /// switch `play_removed` is on for them; positions past [`MAX_HAND`] have no index in
    /// the action space and are not offered.
    fn playable_cards(&self, player: u8) -> Vec<(Source, CardRef)> {
        let p = self.state.player(player);
        let mut cards: Vec<(Source, CardRef)> =
            p.hand.iter().take(MAX_HAND).enumerate().map(|(i, &c)| (Source::Hand(i as u8), c)).collect();
        if self.state.rule_on("play_removed", player, false) {
            let removed = p.removed.iter().take(MAX_HAND).enumerate();
            cards.extend(removed.map(|(i, &c)| (Source::Removed(i as u8), c)));
        }
        cards
    }

    pub(crate) fn main_moves(&mut self, moves: &mut Vec<Move>) {
        let me = self.state.active;
        let free: Vec<u8> = (0..4u8).filter(|&s| self.slot_card(me, s).is_none()).collect();
        for (from, card) in self.playable_cards(me) {
            let Some(def) = self.state.def(card).cloned() else { continue };
            match def.kind {
                CardKind::Character => {
                    let player = self.state.player(me);
                    let limit = self.state.rule_min("play_char_bp_limit", me);
                    let playable = player.chars_played < player.chars_per_turn
                        && limit.is_none_or(|limit| def.bp < limit)
                        && self.affordable(me, "character", def.sp, Some(card));
                    if playable {
                        moves.extend(free.iter().map(|&slot| from.play(Some(slot))));
                    }
                    let Source::Hand(i) = from else { continue };
                    for slot in 0..4u8 {
                        if self.can_back_up(me, card, slot) {
                            moves.push(Move::Backup { hand: i, slot });
                        }
                    }
                }
                CardKind::Action => {
                    if self.can_play_card(me, card, "beforePlayAc", "action") {
                        moves.push(from.play(None));
                    }
                }
                CardKind::Reaction => {}
            }
        }
        for slot in 0..4u8 {
            if self.can_activate(me, slot) {
                moves.push(Move::Activate { slot });
            }
        }
    }

    fn can_play_card(&mut self, me: u8, card: CardRef, hook: &str, type_name: &str) -> bool {
        let sp = self.state.def(card).map_or(0, |d| d.sp);
        self.affordable(me, type_name, sp, Some(card))
            && self.hook(hook, Value::Player(pid(me)), me, &[]) != Some(false)
            // Ruling: requisites are checked before any cost is paid; a card whose
            // requisite fails cannot be played.
            && self.requisites_ok(card, me)
    }

    fn can_back_up(&mut self, me: u8, card: CardRef, slot: u8) -> bool {
        let Some(target) = self.slot_card(me, slot) else { return false };
        let Some(subtype) = self.state.def(card).and_then(|d| d.subtype.clone()) else { return false };
        let Some(t) = self.state.card(target).cloned() else { return false };
        let Some(accepts) = self.state.def(target).map(|d| d.backups.clone()) else { return false };
        let wanted = accepts.iter().filter(|s| s.eq_ignore_ascii_case(&subtype)).count();
        let used = t
            .backups
            .iter()
            .filter(|&&b| {
                self.state.def(b).and_then(|d| d.subtype.as_deref()).is_some_and(|s| s.eq_ignore_ascii_case(&subtype))
            })
            .count();
        if wanted <= used || t.frozen || t.bp <= 0 {
            return false;
        }
        if t.fresh && !self.state.rule_on("backup_fresh", me, false) {
            return false;
        }
        let player = self.state.player(me);
        if player.backups_played >= 1 && self.state.rule_on("backup_limit", me, true) {
            return self.hook("backupLimit", Value::Card(target.id()), me, &[]) == Some(false);
        }
        true
    }

    fn can_activate(&mut self, me: u8, slot: u8) -> bool {
        let Some(card) = self.slot_card(me, slot) else { return false };
        let Some(c) = self.state.card(card).cloned() else { return false };
        if c.rules.is_none() || self.ability_type(card) != Some(AbilityType::Triggered) {
            return false;
        }
        if c.frozen || c.activated || c.role != Role::None || c.bp <= 0 {
            return false;
        }
        if !self.state.rule_on("ab_trigger_act", me, true) {
            return false;
        }
        if c.fresh && !self.state.rule_on("ab_trigger_fresh", me, false) {
            return false;
        }
        self.requisites_ok(card, me)
    }

    /// Plays the card at `pos` of `me`'s removed pile (a character to `slot`).
    pub(crate) fn play_removed(&mut self, me: u8, pos: u8, slot: u8) {
        let Some(card) = self.state.player(me).removed.get(usize::from(pos)).copied() else { return };
        if self.state.kind(card) == Some(CardKind::Character) {
            self.play_character(me, card, slot);
        } else {
            self.play_card(me, card);
        }
    }

    pub(crate) fn play_character(&mut self, me: u8, card: CardRef, slot: u8) {
        let (sp, bp) = self.state.def(card).map_or((0, 0), |d| (d.sp, d.bp));
        let before = self.state.player(me).sp;
        if !self.pay_sp(me, "character", sp, Some(card)) {
            self.state.note(LogKind::Effect("the character's cost can no longer be paid".into()));
            return;
        }
        let paid = self.state.player(me).sp - before;
        self.state.move_card_to(card, me, Zone::Ring(slot), 0);
        if let Some(c) = self.state.card_mut(card) {
            c.bp = bp;
            c.last_bp = bp;
            c.fresh = true;
        }
        self.state.player_mut(me).chars_played += 1;
        let name = self.state.name(card);
        self.state.note(LogKind::Play { player: me, card, name, slot: Some(slot), sp: paid });
        self.sync_play();
        if self.hook("playAsFresh", Value::Card(card.id()), me, &[]) == Some(false)
            && let Some(c) = self.state.card_mut(card)
        {
            c.fresh = false;
        }
        // Ruling: a ▲ ability needs its character fresh (spec §3.2), so a character that
        // enters without *Just Entered* (`rush`) does not activate it.
        let rules = self.state.card(card).filter(|c| c.fresh).and_then(|c| c.rules);
        if let Some(rules) = rules
            && self.ability_type(card) == Some(AbilityType::Instant)
            && self.state.rule_on("ab_instant_act", me, true)
        {
            self.state.agenda.push_back(Task::Activate { card, rules, me, mark: true });
        }
    }

    pub(crate) fn play_card(&mut self, me: u8, card: CardRef) {
        let Some(def) = self.state.def(card).cloned() else { return };
        let type_name = if def.kind == CardKind::Action { "action" } else { "reaction" };
        let before = self.state.player(me).sp;
        if !self.pay_sp(me, type_name, def.sp, Some(card)) {
            self.state.note(LogKind::Effect("the card's cost can no longer be paid".into()));
            return;
        }
        let paid = self.state.player(me).sp - before;
        self.state.move_card_to(card, me, Zone::Table, -1);
        self.state.note(LogKind::Play { player: me, card, name: def.name.clone(), slot: None, sp: paid });
        if def.kind == CardKind::Action {
            let unac = vm::bytecode::RestrictionIdx(u32::from(crate::phases::restriction("unac")));
            self.runtime.expire(&mut self.state, unac, pid(me));
        }
        if let Some(rules) = self.state.card(card).and_then(|c| c.rules) {
            // Ruling: the autos of a played action or reaction listen until the end of
            // the turn, though the card itself goes to the discard pile once resolved.
            let has_autos =
                self.set.program().card(CardIdx(rules)).is_some_and(|c| c.autos.iter().any(|a| !a.events.is_empty()));
            if has_autos {
                self.state.lingering.push(card);
            }
            self.state.agenda.push_back(Task::Activate { card, rules, me, mark: false });
        }
        self.state.agenda.push_back(Task::Resolved(card));
    }

    pub(crate) fn play_backup(&mut self, me: u8, hand: u8, slot: u8) {
        let (Some(card), Some(target)) = (self.hand_card(me, hand), self.slot_card(me, slot)) else { return };
        self.state.move_card_to(card, me, Zone::Backup(target), -1);
        if let Some(t) = self.state.card_mut(target) {
            t.bp = t.bp.saturating_add(BACKUP_BONUS);
            t.last_bp = t.bp;
        }
        self.state.player_mut(me).backups_played += 1;
        let name = self.state.name(card);
        self.state.note(LogKind::Backup { card, name, target });
        self.emit("backedUp", me, None, &[("trigger", Value::Card(target.id()))]);
    }

    pub(crate) fn activate_ability(&mut self, me: u8, slot: u8) {
        let Some(card) = self.slot_card(me, slot) else { return };
        if let Some(rules) = self.state.card(card).and_then(|c| c.rules) {
            self.state.agenda.push_back(Task::Activate { card, rules, me, mark: true });
        }
    }

    // ---- Attack phase ----

    fn may_attack(&mut self, me: u8, card: CardRef) -> bool {
        let Some(c) = self.state.card(card) else { return false };
        if c.fresh || c.frozen || c.bp <= 0 || c.role != Role::None {
            return false;
        }
        // Ruling: `cantattack` (hook `beforeAttack`) also forbids joining a United Attack.
        self.state.rule_on("attack", me, true)
            && self.hook("beforeAttack", Value::Card(card.id()), me, &[]) != Some(false)
    }

    pub(crate) fn attack_moves(&mut self, moves: &mut Vec<Move>) {
        let me = self.state.active;
        let ua_leader = self.state.ua_leader();
        let members = 1 + self.state.joiners().len();
        for slot in 0..4u8 {
            let Some(card) = self.slot_card(me, slot) else { continue };
            if !self.may_attack(me, card) {
                continue;
            }
            moves.push(Move::Attack { slot });
            for leader_slot in 0..4u8 {
                let Some(leader) = self.slot_card(me, leader_slot) else { continue };
                if self.state.card(leader).is_none_or(|c| c.role != Role::Leader) {
                    continue;
                }
                if ua_leader.is_some_and(|l| l != leader) {
                    continue;
                }
                let (joiners_after, size_after) = match ua_leader {
                    Some(_) => (members as i32, members + 1),
                    None => (1, 2),
                };
                if size_after > UA_MAX {
                    continue;
                }
                let type_name = if joiners_after == 1 { "ua2" } else { "ua3" };
                if self.affordable(me, type_name, -UA_COST_PER_JOINER * joiners_after, None) {
                    moves.push(Move::Join { slot, leader: leader_slot });
                }
            }
        }
    }

    pub(crate) fn declare_attack(&mut self, me: u8, slot: u8) {
        let Some(card) = self.slot_card(me, slot) else { return };
        if let Some(c) = self.state.card_mut(card) {
            c.role = Role::Leader;
        }
        let name = self.state.name(card);
        self.state.note(LogKind::Attack { card, name });
    }

    pub(crate) fn declare_join(&mut self, me: u8, slot: u8, leader: u8) {
        let (Some(card), Some(leader)) = (self.slot_card(me, slot), self.slot_card(me, leader)) else { return };
        for (c, role) in [(card, Role::Joiner), (leader, Role::Leader)] {
            if let Some(c) = self.state.card_mut(c) {
                c.role = role;
                c.united = true;
            }
        }
        self.state.note(LogKind::Join { card, leader });
    }

    // ---- Counter-attack phase ----

    pub(crate) fn counter_attack_moves(&mut self, moves: &mut Vec<Move>) {
        let me = GameState::other(self.state.active);
        let attacker_side = self.state.active;
        for slot in 0..4u8 {
            let Some(blocker) = self.slot_card(me, slot) else { continue };
            let Some(b) = self.state.card(blocker) else { continue };
            if b.frozen || b.bp <= 0 || b.blocking.is_some() {
                continue;
            }
            if self.hook("beforeBlock", Value::Card(blocker.id()), me, &[]) == Some(false) {
                continue;
            }
            for attacker_slot in 0..4u8 {
                let Some(attacker) = self.slot_card(attacker_side, attacker_slot) else { continue };
                if self.state.card(attacker).is_none_or(|c| c.role != Role::Leader)
                    || self.state.blocker_of(attacker).is_some()
                {
                    continue;
                }
                let bindings = [("attacker", Value::Card(attacker.id())), ("blocker", Value::Card(blocker.id()))];
                if self.hook("canBlock", Value::Card(attacker.id()), me, &bindings) != Some(false) {
                    moves.push(Move::Block { slot, attacker: attacker_slot });
                }
            }
        }
        for (from, card) in self.playable_cards(me) {
            if self.state.kind(card) == Some(CardKind::Reaction)
                && self.can_play_card(me, card, "beforePlayRe", "reaction")
            {
                moves.push(from.play(None));
            }
        }
    }

    pub(crate) fn declare_block(&mut self, me: u8, slot: u8, attacker: u8) {
        let other = GameState::other(me);
        let (Some(card), Some(attacker)) = (self.slot_card(me, slot), self.slot_card(other, attacker)) else { return };
        if let Some(c) = self.state.card_mut(card) {
            c.blocking = Some(attacker);
        }
        if let Some(c) = self.state.card_mut(attacker) {
            c.blocked = true;
        }
        self.state.note(LogKind::Block { card, attacker });
    }
}

/// Where a card is played from.
#[derive(Debug, Clone, Copy)]
enum Source {
    /// This hand position.
    Hand(u8),
    /// This position of the removed pile (rule switch `play_removed`).
    Removed(u8),
}

impl Source {
    /// The move playing a card from here (`slot`: a character's ring slot).
    fn play(self, slot: Option<u8>) -> Move {
        match (self, slot) {
            (Source::Hand(hand), Some(slot)) => Move::PlayCharacter { hand, slot },
            (Source::Hand(hand), None) => Move::PlayCard { hand },
            (Source::Removed(pos), slot) => Move::PlayRemoved { pos, slot: slot.unwrap_or(0) },
        }
    }
}
