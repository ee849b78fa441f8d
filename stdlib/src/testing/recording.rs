//! [`RecordingBoard`]: the test [`Board`] with a log: every game primitive a program calls
//! that changes the board, or shows it to a player, adds a line of text (`move Ryu ->
//! p0.discards@0`, `set p1.hp = 2500`, `grant Ken cantblock`...), which tests compare.

use std::ops::{Deref, DerefMut};

use vm::bytecode::{AttributeIdx, CardIdx, CardTypeIdx, ComparableIdx, FilterKeywordIdx, RankingIdx, VariableIdx};
use vm::bytecode::{ZoneIdx, ZoneRef};
use vm::runtime::{CardId, Effect, EffectId, EffectKind, Env, Host, Lists, PlayerId, Value};

use super::Board;
use crate::CATALOGUE;
use crate::catalogue::{COST_TYPES, PHASES, VIEW_STATES};
use crate::host::{AttackRole, CfcHost, Flag, Model, Modifier, Window};

/// A [`Board`] that logs the primitives called on it; it reads like the board it wraps.
#[derive(Debug, Clone, Default)]
pub struct RecordingBoard {
    /// The board.
    pub board: Board,
    /// One line a primitive call, oldest first.
    pub log: Vec<String>,
    /// Cards the primitives listed or went through, read or moved as a whole pile
    /// (`zone_cards`, `pile_cards`, a pile attribute such as `me.deck`, `shuffle`,
    /// `show_pile`): the work that fuel must pay for, which tests of the runtime's bounds
    /// compare with the budget.
    pub cards_read: u64,
}

impl Deref for RecordingBoard {
    type Target = Board;

    fn deref(&self) -> &Board {
        &self.board
    }
}

impl DerefMut for RecordingBoard {
    fn deref_mut(&mut self) -> &mut Board {
        &mut self.board
    }
}

impl RecordingBoard {
    /// An empty recording board.
    pub fn new() -> RecordingBoard {
        RecordingBoard::default()
    }

    /// The log since the last call, emptied.
    pub fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    /// A value as a log line shows it: a card by name, a player as `p0`.
    pub fn show(&self, value: Value) -> String {
        match value {
            Value::Card(card) => self.name(card).to_owned(),
            Value::Player(player) => format!("p{}", player.0),
            Value::Nil => "nil".to_owned(),
            Value::Int(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            other => format!("{other:?}"),
        }
    }

    /// Counts `n` cards read ([`RecordingBoard::cards_read`]).
    fn read(&mut self, n: usize) {
        self.cards_read = self.cards_read.saturating_add(n as u64);
    }

    /// How many cards `player`'s pile `zone` holds (none for a zone that is no pile).
    fn pile_len(&self, player: PlayerId, zone: ZoneIdx) -> usize {
        super::pile_index(zone).map_or(0, |i| self.player(player).piles[i].len())
    }

    fn note(&mut self, line: String) {
        self.log.push(line);
    }

    /// Logs `line` when `done` (the primitive did something).
    fn note_if(&mut self, done: bool, line: String) -> bool {
        if done {
            self.note(line);
        }
        done
    }
}

fn zone_name(zone: ZoneIdx) -> &'static str {
    CATALOGUE.zones.get(zone.index()).map_or("?", |z| z.name)
}

fn ability_name(effect: &Effect) -> &'static str {
    match effect.kind {
        EffectKind::Ability { ability, .. } => CATALOGUE.abilities.get(ability.index()).map_or("?", |a| a.name),
        EffectKind::Custom { .. } => "?",
    }
}

/// A rule switch or cost change as the log shows it.
pub fn describe(modifier: &Modifier) -> String {
    match *modifier {
        Modifier::Rule { player, rule, value } => format!(
            "rule {} {:?} {}",
            CATALOGUE.rule_switches.get(rule.index()).map_or("?", |r| r.name),
            value,
            player.map_or("all".to_owned(), |p| format!("p{}", p.0))
        ),
        Modifier::Cost { cost_type, change } => {
            format!("cost {} {:?}", COST_TYPES.get(usize::from(cost_type)).map_or("?", |c| c.name), change)
        }
    }
}

impl Host for RecordingBoard {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        self.board.opponent(player)
    }

    fn controller(&self, card: CardId) -> PlayerId {
        self.board.controller(card)
    }

    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        let start = out.len();
        self.board.zone_cards(env, zone, out);
        self.read(out.len().saturating_sub(start));
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        self.board.card_type(card)
    }

    fn card_name_is(&self, card: CardId, name: &str) -> bool {
        self.board.card_name_is(card, name)
    }

    fn has_keyword(&self, object: Value, keyword: FilterKeywordIdx) -> bool {
        self.board.has_keyword(object, keyword)
    }

    fn property(&self, object: Value, property: ComparableIdx) -> Option<i32> {
        self.board.property(object, property)
    }

    fn rank_key(&self, object: Value, ranking: RankingIdx, word: u16) -> Option<i64> {
        self.board.rank_key(object, ranking, word)
    }

    fn variable(&mut self, env: &Env, var: VariableIdx, lists: &mut Lists) -> Value {
        self.board.variable(env, var, lists)
    }

    fn attribute(&mut self, env: &Env, object: Value, attr: AttributeIdx, lists: &mut Lists) -> Value {
        // A pile attribute lists the pile, whether the list fits in the arena or not.
        if let Value::Player(player) = object {
            let zone = match CATALOGUE.attributes.get(attr.index()).map_or("", |a| a.name) {
                "hand" => Some(crate::names::HAND),
                "deck" => Some(crate::names::DECK),
                "discards" => Some(crate::names::DISCARDS),
                "removed" => Some(crate::names::REMOVED),
                _ => None,
            };
            if let Some(zone) = zone {
                self.read(self.pile_len(player, zone));
            }
        }
        self.board.attribute(env, object, attr, lists)
    }

    fn random(&mut self, bound: u32) -> u32 {
        self.board.random(bound)
    }

    fn apply_effect(&mut self, effect: &Effect) {
        if let EffectKind::Ability { target, .. } = effect.kind {
            let line = format!("grant {} {}", self.show(target), ability_name(effect));
            self.note(line);
        }
        self.board.apply_effect(effect);
    }

    fn end_effect(&mut self, effect: &Effect) {
        match effect.kind {
            EffectKind::Ability { target, .. } => {
                let line = format!("ungrant {} {}", self.show(target), ability_name(effect));
                self.note(line);
                self.board.end_effect(effect);
            }
            // Through this wrapper, so the primitives the stdlib calls are logged too.
            EffectKind::Custom { .. } => crate::end_effect(self, effect),
        }
    }

    fn pile_cards(&mut self, player: PlayerId, zone: ZoneIdx, out: &mut Vec<Value>) {
        let start = out.len();
        self.board.pile_cards(player, zone, out);
        self.read(out.len().saturating_sub(start));
    }

    fn pile_top_cards(&mut self, player: PlayerId, zone: ZoneIdx, most: usize, out: &mut Vec<Value>) -> usize {
        let start = out.len();
        let len = self.board.pile_top_cards(player, zone, most, out);
        self.read(out.len().saturating_sub(start));
        len
    }

    fn move_card(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) -> bool {
        let line = format!("move {} -> p{}.{}@{}", self.name(card), player.0, zone_name(zone), position);
        let moved = self.board.move_card(card, player, zone, position);
        self.note_if(moved, line)
    }

    fn counter(&self, object: Value, attr: AttributeIdx) -> i32 {
        self.board.counter(object, attr)
    }

    fn set_counter(&mut self, object: Value, attr: AttributeIdx, value: i32) {
        let name = CATALOGUE.attributes.get(attr.index()).map_or("?", |a| a.name);
        let line = format!("set {}.{} = {}", self.show(object), name, value);
        self.note(line);
        self.board.set_counter(object, attr, value);
    }
}

impl CfcHost for RecordingBoard {
    fn locate(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)> {
        self.board.locate(card)
    }

    fn flag(&self, object: Value, flag: Flag) -> bool {
        self.board.flag(object, flag)
    }

    fn set_flag(&mut self, object: Value, flag: Flag, on: bool) {
        let line = format!("flag {} {:?} {}", self.show(object), flag, on);
        self.note(line);
        self.board.set_flag(object, flag, on);
    }

    fn ko(&mut self, card: CardId) -> bool {
        let line = format!("ko {}", self.name(card));
        let knocked_out = self.board.ko(card);
        self.note_if(knocked_out, line)
    }

    fn defeat(&mut self, player: PlayerId) {
        self.note(format!("defeat p{}", player.0));
        self.board.defeat(player);
    }

    fn rules(&self, card: CardId) -> Option<CardIdx> {
        self.board.rules(card)
    }

    fn set_rules(&mut self, card: CardId, rules: Option<CardIdx>) {
        let line = format!("rules {} = {:?}", self.name(card), rules.map(|r| r.0));
        self.note(line);
        self.board.set_rules(card, rules);
    }

    fn transform(&mut self, card: CardId, model: Model<'_>) -> bool {
        let before = self.name(card).to_owned();
        let transformed = self.board.transform(card, model);
        let line = format!("transform {before} -> {}", self.name(card));
        self.note_if(transformed, line)
    }

    fn reveal(&mut self, card: CardId, viewer: Option<PlayerId>) {
        let line =
            format!("reveal {} to {}", self.name(card), viewer.map_or("all".to_owned(), |p| format!("p{}", p.0)));
        self.note(line);
        self.board.reveal(card, viewer);
    }

    fn show_pile(&mut self, owner: PlayerId, zone: ZoneIdx, viewer: PlayerId) {
        self.read(self.pile_len(owner, zone));
        self.note(format!("show p{}.{} to p{}", owner.0, zone_name(zone), viewer.0));
        self.board.show_pile(owner, zone, viewer);
    }

    fn shuffle(&mut self, player: PlayerId, zone: ZoneIdx) {
        self.read(self.pile_len(player, zone));
        self.note(format!("shuffle p{}.{}", player.0, zone_name(zone)));
        self.board.shuffle(player, zone);
    }

    fn pile_view(&mut self, player: PlayerId, zone: ZoneIdx, state: u16) {
        let state_name = VIEW_STATES.get(usize::from(state)).map_or("?", |s| s.name);
        self.note(format!("view p{}.{} {}", player.0, zone_name(zone), state_name));
        self.board.pile_view(player, zone, state);
    }

    fn slot(&self, card: CardId) -> Option<u8> {
        self.board.slot(card)
    }

    fn slot_card(&self, player: PlayerId, slot: u8) -> Option<CardId> {
        self.board.slot_card(player, slot)
    }

    fn move_to_slot(&mut self, card: CardId, slot: u8) -> bool {
        let line = format!("slot {} -> {}", self.name(card), slot);
        let moved = self.board.move_to_slot(card, slot);
        self.note_if(moved, line)
    }

    fn swap_slots(&mut self, a: CardId, b: CardId) -> bool {
        let line = format!("swap {} {}", self.name(a), self.name(b));
        let swapped = self.board.swap_slots(a, b);
        self.note_if(swapped, line)
    }

    fn add_modifier(&mut self, id: EffectId, modifier: Modifier) {
        self.note(format!("modifier+ {} {}", id.0, describe(&modifier)));
        self.board.add_modifier(id, modifier);
    }

    fn remove_modifier(&mut self, id: EffectId) {
        let removed: Vec<String> = self
            .board
            .modifiers
            .iter()
            .filter(|(of, _)| *of == id)
            .map(|(_, modifier)| format!("modifier- {} {}", id.0, describe(modifier)))
            .collect();
        self.log.extend(removed);
        self.board.remove_modifier(id);
    }

    fn adjust_window(&mut self, window: Window, delta: i32) -> bool {
        self.note(format!("adjust {window:?} {delta}"));
        self.board.adjust_window(window, delta)
    }

    fn open_window(&mut self, window: Window) {
        self.board.open_window(window);
    }

    fn close_window(&mut self, window: Window) -> i32 {
        self.board.close_window(window)
    }

    fn extra_turns(&mut self, player: PlayerId, n: i32) {
        self.note(format!("turns p{} +{n}", player.0));
        self.board.extra_turns(player, n);
    }

    fn skip_phase(&mut self, player: PlayerId, phase: u16) {
        let name = PHASES.get(usize::from(phase)).map_or("?", |p| p.name);
        self.note(format!("skip p{} {name}", player.0));
        self.board.skip_phase(player, phase);
    }

    fn extra_char_plays(&mut self, player: PlayerId, n: i32) {
        self.note(format!("charplays p{} +{n}", player.0));
        self.board.extra_char_plays(player, n);
    }

    fn attack_role(&self, card: CardId) -> AttackRole {
        self.board.attack_role(card)
    }

    fn join_attack(&mut self, card: CardId, leader: CardId) -> bool {
        let line = format!("join {} -> {}", self.name(card), self.name(leader));
        let joined = self.board.join_attack(card, leader);
        self.note_if(joined, line)
    }

    fn remove_from_attack(&mut self, card: CardId) -> bool {
        let line = format!("unattack {}", self.name(card));
        let removed = self.board.remove_from_attack(card);
        self.note_if(removed, line)
    }

    fn queue_activation(&mut self, source: CardId, rules: CardIdx, me: PlayerId) -> bool {
        let line = format!("activate {} as {} for p{}", self.name(source), rules.0, me.0);
        self.note(line);
        self.board.queue_activation(source, rules, me)
    }

    fn set_search_scope(&mut self, scope: Option<(PlayerId, ZoneIdx)>) {
        self.board.set_search_scope(scope);
    }
}
