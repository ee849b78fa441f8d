//! What taking each of the players' decisions outside card questions does (Main:
//! characters, actions, back-ups, ■ abilities; Attack: attackers and United Attacks;
//! Counter-attack: blockers and reactions; spec §4.6 steps 3–5, §4.8). Which of them are
//! legal now is `legal.rs`.

use stdlib::names;
use vm::bytecode::CardIdx;
use vm::runtime::Value;

use crate::engine::{Game, HookAnswer};
use crate::log::{Phrase, RecordKind};
use crate::phases::CostType;
use crate::set::{AbilityType, CardKind};
use crate::state::{BACKUP_BONUS, CardRef, Role, Seat, Task, Zone};

impl Game {
    fn hand_card(&self, player: Seat, hand: u8) -> Option<CardRef> {
        self.state.player(player).hand.get(usize::from(hand)).copied()
    }

    // ---- Main phase ----

    /// Plays the card at `pos` of `me`'s removed pile (a character to `slot`).
    pub(crate) fn play_removed(&mut self, me: Seat, pos: u8, slot: u8) {
        let Some(card) = self.state.player(me).removed.get(usize::from(pos)).copied() else { return };
        if self.state.kind(card) == Some(CardKind::Character) {
            self.play_character(me, card, slot);
        } else {
            self.play_card(me, card);
        }
    }

    pub(crate) fn play_character(&mut self, me: Seat, card: CardRef, slot: u8) {
        let (sp, bp) = self.state.def(card).map_or((0, 0), |d| (d.sp, d.bp));
        let before = self.state.player(me).sp;
        if !self.pay_sp(me, CostType::CHARACTER, sp, Some(card)) {
            let text = self.state.text(format_args!("the character's cost can no longer be paid"));
            self.state.note(RecordKind::Effect(Phrase::Text(text)));
            return;
        }
        let paid = self.state.player(me).sp - before;
        self.state.move_card_to(card, me, Zone::Ring(slot), 0);
        if let Some(c) = self.state.card_mut(card) {
            c.bp = bp;
            c.last_bp = bp;
            c.fresh = true;
        }
        self.state.note_bp(bp);
        self.state.player_mut(me).chars_played += 1;
        let name = self.state.name_of(card);
        self.state.note_summarised(RecordKind::Play { player: me, card, name, slot: Some(slot), sp: paid });
        self.sync_play();
        if self.hook(names::EV_PLAY_AS_FRESH, Value::Card(card.id()), me, &[]) == HookAnswer::No
            && let Some(c) = self.state.card_mut(card)
        {
            c.fresh = false;
        }
        // Ruling: a ▲ ability needs its character fresh (spec §3.2), so a character that
        // enters without *Just Entered* (`rush`) does not activate it.
        let rules = self.state.card(card).filter(|c| c.fresh).and_then(|c| c.rules);
        if let Some(rules) = rules
            && self.state.ability_type(card) == Some(AbilityType::Instant)
            && self.state.rule_on("ab_instant_act", me, true)
        {
            self.state.agenda.push_back(Task::Activate { card, rules, me, mark: true });
        }
    }

    pub(crate) fn play_card(&mut self, me: Seat, card: CardRef) {
        let Some((kind, sp)) = self.state.def(card).map(|def| (def.kind, def.sp)) else { return };
        // The name it is played as, whatever paying for it does to the card.
        let name = self.state.name_of(card);
        let cost_type = if kind == CardKind::Action { CostType::ACTION } else { CostType::REACTION };
        let before = self.state.player(me).sp;
        if !self.pay_sp(me, cost_type, sp, Some(card)) {
            let text = self.state.text(format_args!("the card's cost can no longer be paid"));
            self.state.note(RecordKind::Effect(Phrase::Text(text)));
            return;
        }
        let paid = self.state.player(me).sp - before;
        self.state.move_card_to(card, me, Zone::Table, -1);
        self.state.note_summarised(RecordKind::Play { player: me, card, name, slot: None, sp: paid });
        if kind == CardKind::Action {
            let unac = vm::bytecode::RestrictionIdx(u32::from(crate::phases::restriction("unac")));
            self.runtime.expire(&mut self.state, unac, me.pid());
        }
        if let Some(rules) = self.state.card(card).and_then(|c| c.rules) {
            // Ruling: the autos of a played action or reaction listen until the end of
            // the turn, though the card itself goes to the discard pile once resolved.
            let has_autos =
                self.set.program().card(CardIdx(rules)).is_some_and(|c| c.autos.iter().any(|a| !a.events.is_empty()));
            if has_autos {
                self.state.lingering.push(card);
                self.state.mark_play_changed();
            }
            self.state.agenda.push_back(Task::Activate { card, rules, me, mark: false });
        }
        self.state.agenda.push_back(Task::Resolved(card));
    }

    pub(crate) fn play_backup(&mut self, me: Seat, hand: u8, slot: u8) {
        let (Some(card), Some(target)) = (self.hand_card(me, hand), self.state.slot_card(me, slot)) else { return };
        self.state.move_card_to(card, me, Zone::Backup(target), -1);
        if let Some(t) = self.state.card_mut(target) {
            t.bp = t.bp.saturating_add(BACKUP_BONUS);
            t.last_bp = t.bp;
            let bp = t.bp;
            self.state.note_bp(bp);
        }
        self.state.player_mut(me).backups_played += 1;
        let name = self.state.name_of(card);
        self.state.note_summarised(RecordKind::Backup { card, name, target });
        self.emit(names::EV_BACKED_UP, me, None, &[(names::VAR_TRIGGER, Value::Card(target.id()))]);
    }

    pub(crate) fn activate_ability(&mut self, me: Seat, slot: u8) {
        let Some(card) = self.state.slot_card(me, slot) else { return };
        if let Some(rules) = self.state.card(card).and_then(|c| c.rules) {
            self.state.agenda.push_back(Task::Activate { card, rules, me, mark: true });
        }
    }

    // ---- Attack phase ----

    pub(crate) fn declare_attack(&mut self, me: Seat, slot: u8) {
        let Some(card) = self.state.slot_card(me, slot) else { return };
        self.state.mark_attack_markers();
        if let Some(c) = self.state.card_mut(card) {
            c.role = Role::Leader;
        }
        let name = self.state.name_of(card);
        self.state.note(RecordKind::Attack { card, name });
    }

    pub(crate) fn declare_join(&mut self, me: Seat, slot: u8, leader: u8) {
        let (Some(card), Some(leader)) = (self.state.slot_card(me, slot), self.state.slot_card(me, leader)) else {
            return;
        };
        self.state.mark_attack_markers();
        for (c, role) in [(card, Role::Joiner), (leader, Role::Leader)] {
            if let Some(c) = self.state.card_mut(c) {
                c.role = role;
                c.united = true;
            }
        }
        self.state.note(RecordKind::Join { card, leader });
    }

    // ---- Counter-attack phase ----

    pub(crate) fn declare_block(&mut self, me: Seat, slot: u8, attacker: u8) {
        let other = me.other();
        let (Some(card), Some(attacker)) = (self.state.slot_card(me, slot), self.state.slot_card(other, attacker))
        else {
            return;
        };
        self.state.mark_attack_markers();
        if let Some(c) = self.state.card_mut(card) {
            c.blocking = Some(attacker);
        }
        if let Some(c) = self.state.card_mut(attacker) {
            c.blocked = true;
        }
        self.state.note(RecordKind::Block { card, attacker });
    }
}
