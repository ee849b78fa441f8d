//! A small in-memory Card Fighters' Clash board for tests and fuzzing (feature `testing`):
//! [`Board`] implements `Host` and [`CfcHost`] over two players (HP, SP, four piles and a
//! four-slot ring each) and their cards (type, BP, SP, frozen state, rules, attack role),
//! and [`RecordingBoard`] wraps it to log every game primitive as a line of text.
//!
//! It is the one test board of the workspace: the stdlib's integration tests run cards on a
//! [`RecordingBoard`], the fuzz harness runs hostile programs on a [`Board`], so a new
//! primitive of [`CfcHost`] is implemented here once. It never indexes with an id or a
//! catalogue index it did not check, so no program can make the board itself panic.

mod recording;

use vm::bytecode::{
    AttributeIdx, CardIdx, CardTypeIdx, ComparableIdx, CostIdx, FilterKeywordIdx, RankingIdx, VariableIdx, ZoneIdx,
    ZoneRef,
};
use vm::runtime::{CardId, Effect, EffectId, EffectKind, Env, Host, Lists, PlayerId, Value};

use crate::CATALOGUE;
use crate::host::{AttackRole, CfcHost, Flag, Model, Modifier, Window};
use crate::names::{CHARACTER, DECK, DISCARDS, HAND, REMOVED, RING};

pub use recording::{RecordingBoard, describe};

/// The first player (the one who usually activates).
pub const P0: PlayerId = PlayerId(0);
/// The second player.
pub const P1: PlayerId = PlayerId(1);

/// The piles a player has, in the order of [`Player::piles`].
pub const PILES: [ZoneIdx; 4] = [HAND, DECK, DISCARDS, REMOVED];

/// One card of the board.
#[derive(Debug, Clone)]
pub struct Card {
    /// Its name (a `transform` changes it).
    pub name: String,
    /// Its card type.
    pub ty: CardTypeIdx,
    /// Who controls it.
    pub controller: PlayerId,
    /// Its battle points.
    pub bp: i32,
    /// Its skill points (a property filters compare; no command changes it).
    pub sp: i32,
    /// Whether it is frozen.
    pub frozen: bool,
    /// The bundle card whose rules it has.
    pub rules: Option<CardIdx>,
    /// What it does in the current attack.
    pub attack: AttackRole,
    /// Whether it takes part in a United Attack.
    pub uattack: bool,
    /// Whether it stays ready after this activation.
    pub keep_ready: bool,
}

/// One player of the board.
#[derive(Debug, Clone, Default)]
pub struct Player {
    /// Hit points.
    pub hp: i32,
    /// Skill points.
    pub sp: i32,
    /// SP lost this turn.
    pub lost_sp: i32,
    /// Dealt non-combat damage this turn.
    pub nc_damaged: bool,
    /// Lost the game.
    pub defeated: bool,
    /// Hand, deck, discards, removed, as [`PILES`] names them (index 0 = top).
    pub piles: [Vec<CardId>; 4],
    /// The ring's four slots.
    pub ring: [Option<CardId>; 4],
    /// Extra turns granted.
    pub extra_turns: i32,
    /// The phases (catalogue indices) to skip.
    pub skips: Vec<u16>,
    /// Extra character plays granted.
    pub char_plays: i32,
}

/// The in-memory table.
#[derive(Debug, Clone)]
pub struct Board {
    /// Every card, indexed by `CardId`.
    pub cards: Vec<Card>,
    /// The two players.
    pub players: [Player; 2],
    /// The state of the seeded generator.
    rng: u64,
    /// Rule switches and cost changes in force, by the effect that bounds them.
    pub modifiers: Vec<(EffectId, Modifier)>,
    /// Ability grants in force.
    pub abilities: Vec<Effect>,
    /// Payment and damage windows open, with their adjustments.
    pub windows: Vec<(Window, i32)>,
    /// Where filters search while a command has set a scope.
    scope: Option<(PlayerId, ZoneIdx)>,
    /// Activations the program asked for (`activate(card)`): source, rules and player; the
    /// board does not run them.
    pub activations: Vec<(CardId, CardIdx, PlayerId)>,
    /// How many cards left their place (moved, KO'd): what a cost check compares.
    pub removals: usize,
    /// The cost components of the current activation whose question the player answered,
    /// in order, kept by a driver whose cost check lets a payment take only what was chosen.
    pub asked_costs: Vec<CostIdx>,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// An empty table (3000 HP and 10 SP each) whose generator starts at a fixed seed.
    pub fn new() -> Board {
        Board::seeded(12345)
    }

    /// An empty table whose generator starts at `seed`.
    pub fn seeded(seed: u64) -> Board {
        let player = Player { hp: 3000, sp: 10, ..Player::default() };
        Board {
            cards: Vec::new(),
            players: [player.clone(), player],
            rng: seed,
            modifiers: Vec::new(),
            abilities: Vec::new(),
            windows: Vec::new(),
            scope: None,
            activations: Vec::new(),
            removals: 0,
            asked_costs: Vec::new(),
        }
    }

    /// A new card controlled by `player`, in no zone yet.
    pub fn add_card(&mut self, name: &str, ty: CardTypeIdx, player: PlayerId, bp: i32) -> CardId {
        let id = CardId(self.cards.len() as u32);
        self.cards.push(Card {
            name: name.to_owned(),
            ty,
            controller: player,
            bp,
            sp: 0,
            frozen: false,
            rules: None,
            attack: AttackRole::None,
            uattack: false,
            keep_ready: false,
        });
        id
    }

    /// A character in `player`'s ring slot `slot` (0 to 3; another slot leaves it out of the ring).
    pub fn character(&mut self, name: &str, player: PlayerId, slot: u8, bp: i32) -> CardId {
        let card = self.add_card(name, CHARACTER, player, bp);
        if let Some(place) = self.player_mut(player).ring.get_mut(usize::from(slot)) {
            *place = Some(card);
        }
        card
    }

    /// A card at the bottom of `player`'s pile `zone` (a character has 500 BP).
    pub fn card(&mut self, name: &str, ty: CardTypeIdx, player: PlayerId, zone: ZoneIdx) -> CardId {
        let card = self.add_card(name, ty, player, if ty == CHARACTER { 500 } else { 0 });
        if let Some(pile) = pile_index(zone) {
            self.player_mut(player).piles[pile].push(card);
        }
        card
    }

    /// Several cards at the bottom of a pile.
    pub fn cards(&mut self, names: &[&str], ty: CardTypeIdx, player: PlayerId, zone: ZoneIdx) -> Vec<CardId> {
        names.iter().map(|name| self.card(name, ty, player, zone)).collect()
    }

    /// The card `card`, if there is one.
    pub fn get(&self, card: CardId) -> Option<&Card> {
        self.cards.get(card.0 as usize)
    }

    /// The card `card`, to change, if there is one.
    pub fn get_mut(&mut self, card: CardId) -> Option<&mut Card> {
        self.cards.get_mut(card.0 as usize)
    }

    /// The first card named `name`.
    pub fn find(&self, name: &str) -> Option<CardId> {
        self.cards.iter().position(|c| c.name == name).map(|at| CardId(at as u32))
    }

    /// The card's name (`?` for an unknown id).
    pub fn name(&self, card: CardId) -> &str {
        self.get(card).map_or("?", |c| &c.name)
    }

    /// The player `player` (seat `player.0 & 1`: the board has two).
    pub fn player(&self, player: PlayerId) -> &Player {
        &self.players[player.0 as usize & 1]
    }

    /// The player `player`, to change.
    pub fn player_mut(&mut self, player: PlayerId) -> &mut Player {
        &mut self.players[player.0 as usize & 1]
    }

    /// The first character of `player`'s ring, the usual source of an activation.
    pub fn first_character(&self, player: PlayerId) -> Option<CardId> {
        self.player(player).ring.iter().flatten().next().copied()
    }

    /// Every card id on the table.
    pub fn card_ids(&self) -> impl Iterator<Item = CardId> + use<> {
        (0..self.cards.len() as u32).map(CardId)
    }

    /// The names of the cards of a pile, top first.
    pub fn pile_names(&self, player: PlayerId, zone: ZoneIdx) -> Vec<String> {
        let pile = pile_index(zone).map_or(&[][..], |i| self.player(player).piles[i].as_slice());
        pile.iter().map(|&c| self.name(c).to_owned()).collect()
    }

    /// The names in a ring, slot by slot (`-` for empty).
    pub fn ring_names(&self, player: PlayerId) -> Vec<String> {
        self.player(player).ring.iter().map(|slot| slot.map_or("-".to_owned(), |c| self.name(c).to_owned())).collect()
    }

    /// Takes a card out of wherever it is.
    fn take(&mut self, card: CardId) {
        for player in &mut self.players {
            for pile in &mut player.piles {
                pile.retain(|&c| c != card);
            }
            for slot in &mut player.ring {
                if *slot == Some(card) {
                    *slot = None;
                }
            }
        }
    }

    fn owners(&self, me: PlayerId, zone: ZoneRef) -> [Option<PlayerId>; 2] {
        match zone.prefix.map(|p| name_of(CATALOGUE.zone_prefixes, p.index())) {
            Some("opp") => [Some(self.opponent(me)), None],
            Some("any" | "same") => [Some(me), Some(self.opponent(me))],
            _ => [Some(me), None],
        }
    }

    fn ring_cards(&self, player: PlayerId, out: &mut Vec<Value>) {
        out.extend(self.player(player).ring.iter().flatten().map(|&c| Value::Card(c)));
    }

    fn pile_list(&self, player: PlayerId, zone: ZoneIdx) -> Vec<Value> {
        pile_index(zone)
            .map_or_else(Vec::new, |i| self.player(player).piles[i].iter().map(|&c| Value::Card(c)).collect())
    }
}

/// Where `zone` is in [`Player::piles`], if it is a pile.
pub fn pile_index(zone: ZoneIdx) -> Option<usize> {
    PILES.iter().position(|&z| z == zone)
}

/// The name of entry `index` of a catalogue table (empty when out of range).
fn name_of(table: &'static [vm::catalogue::NamedSpec], index: usize) -> &'static str {
    table.get(index).map_or("", |spec| spec.name)
}

impl Host for Board {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        PlayerId(1 - (player.0 & 1))
    }

    fn controller(&self, card: CardId) -> PlayerId {
        self.get(card).map_or(P0, |c| c.controller)
    }

    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        if let Some((player, zone)) = self.scope {
            out.extend(self.pile_list(player, zone));
            return;
        }
        match CATALOGUE.zones.get(zone.zone.index()).map_or("", |z| z.name) {
            "arena" => {
                self.ring_cards(env.me, out);
                self.ring_cards(self.opponent(env.me), out);
            }
            "ring" => {
                for player in self.owners(env.me, zone).into_iter().flatten() {
                    self.ring_cards(player, out);
                }
            }
            "infront" => {
                if let Some(slot) = self.slot(env.source) {
                    let opponent = self.opponent(self.controller(env.source));
                    out.extend(self.player(opponent).ring[3 - usize::from(slot & 3)].map(Value::Card));
                }
            }
            _ => {
                for player in self.owners(env.me, zone).into_iter().flatten() {
                    out.extend(self.pile_list(player, zone.zone));
                }
            }
        }
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        self.get(card).map(|c| c.ty)
    }

    fn card_name_is(&self, card: CardId, name: &str) -> bool {
        self.get(card).is_some_and(|c| c.name.eq_ignore_ascii_case(name))
    }

    fn has_keyword(&self, object: Value, keyword: FilterKeywordIdx) -> bool {
        let Value::Card(card) = object else { return false };
        let Some(c) = self.get(card) else { return false };
        match name_of(CATALOGUE.filters, keyword.index()) {
            "frozen" => c.frozen,
            "attack" => c.attack == AttackRole::Leader,
            "uattack" => c.uattack,
            "powerful" => c.rules.is_some(),
            "powerless" => c.rules.is_none(),
            _ => false,
        }
    }

    fn property(&self, object: Value, property: ComparableIdx) -> Option<i32> {
        let Value::Card(card) = object else { return None };
        let c = self.get(card)?;
        match name_of(CATALOGUE.comparable_filters, property.index()) {
            "bp" => Some(c.bp),
            "sp" => Some(c.sp),
            _ => None,
        }
    }

    fn rank_key(&self, object: Value, _ranking: RankingIdx, word: u16) -> Option<i64> {
        let Value::Card(card) = object else { return None };
        let bp = i64::from(self.get(card)?.bp);
        Some(if word == 0 { bp } else { -bp })
    }

    fn variable(&mut self, env: &Env, var: VariableIdx, _lists: &mut Lists) -> Value {
        match name_of(CATALOGUE.variables, var.index()) {
            "me" => Value::Player(env.me),
            "opp" => Value::Player(self.opponent(env.me)),
            _ => Value::Nil,
        }
    }

    fn attribute(&mut self, _env: &Env, object: Value, attr: AttributeIdx, lists: &mut Lists) -> Value {
        let name = name_of(CATALOGUE.attributes, attr.index());
        match (object, name) {
            (Value::List(list), "size") => Value::Int(lists.len(list) as i32),
            (Value::Player(_), "hp" | "sp" | "lostSP") | (Value::Card(_), "bp" | "sp") => {
                Value::Int(self.counter(object, attr))
            }
            (Value::Player(p), "hand" | "deck" | "discards" | "removed") => {
                let zone = match name {
                    "hand" => HAND,
                    "deck" => DECK,
                    "discards" => DISCARDS,
                    _ => REMOVED,
                };
                lists.make(&self.pile_list(p, zone)).map_or(Value::Nil, Value::List)
            }
            (Value::Player(p), "ring") => {
                let mut cards = Vec::new();
                self.ring_cards(p, &mut cards);
                lists.make(&cards).map_or(Value::Nil, Value::List)
            }
            (Value::Card(c), "controller") => Value::Player(self.controller(c)),
            (Value::List(list), _) => match lists.get(list).first().copied() {
                // One level only: a list of lists does not recurse.
                Some(first @ (Value::Card(_) | Value::Player(_))) => self.attribute(_env, first, attr, lists),
                _ => Value::Nil,
            },
            _ => Value::Nil,
        }
    }

    fn random(&mut self, bound: u32) -> u32 {
        self.rng = self.rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.rng >> 33) % u64::from(bound.max(1))) as u32
    }

    fn apply_effect(&mut self, effect: &Effect) {
        if let EffectKind::Ability { .. } = effect.kind {
            self.abilities.push(*effect);
        }
    }

    fn end_effect(&mut self, effect: &Effect) {
        match effect.kind {
            EffectKind::Ability { .. } => self.abilities.retain(|e| e.id != effect.id),
            EffectKind::Custom { .. } => crate::end_effect(self, effect),
        }
    }

    fn pile_cards(&mut self, player: PlayerId, zone: ZoneIdx, out: &mut Vec<Value>) {
        out.extend(self.pile_list(player, zone));
    }

    fn pile_top_cards(&mut self, player: PlayerId, zone: ZoneIdx, most: usize, out: &mut Vec<Value>) -> usize {
        let pile = pile_index(zone).map_or(&[][..], |i| self.player(player).piles[i].as_slice());
        out.extend(pile.iter().take(most).map(|&c| Value::Card(c)));
        pile.len()
    }

    fn move_card(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) -> bool {
        let Some(i) = pile_index(zone) else { return false };
        if self.get(card).is_none() {
            return false;
        }
        self.take(card);
        self.removals += 1;
        let pile = &mut self.player_mut(player).piles[i];
        let at = if position < 0 {
            pile.len().saturating_sub(position.unsigned_abs() as usize - 1)
        } else {
            (position as usize).min(pile.len())
        };
        pile.insert(at, card);
        let owner = PlayerId(player.0 & 1);
        if let Some(c) = self.get_mut(card) {
            c.controller = owner;
        }
        true
    }

    fn counter(&self, object: Value, attr: AttributeIdx) -> i32 {
        let name = name_of(CATALOGUE.attributes, attr.index());
        match object {
            Value::Player(p) => {
                let p = self.player(p);
                match name {
                    "hp" => p.hp,
                    "sp" => p.sp,
                    "lostSP" => p.lost_sp,
                    _ => 0,
                }
            }
            Value::Card(c) => match (self.get(c), name) {
                (Some(c), "bp") => c.bp,
                (Some(c), "sp") => c.sp,
                _ => 0,
            },
            _ => 0,
        }
    }

    fn set_counter(&mut self, object: Value, attr: AttributeIdx, value: i32) {
        let name = name_of(CATALOGUE.attributes, attr.index());
        match object {
            Value::Player(p) => {
                let p = self.player_mut(p);
                match name {
                    "hp" => p.hp = value,
                    "sp" => p.sp = value,
                    "lostSP" => p.lost_sp = value,
                    _ => {}
                }
            }
            Value::Card(c) => {
                if let Some(c) = self.get_mut(c).filter(|_| name == "bp") {
                    c.bp = value;
                }
            }
            _ => {}
        }
    }
}

impl CfcHost for Board {
    fn locate(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)> {
        for (i, player) in self.players.iter().enumerate() {
            let p = PlayerId(i as u32);
            if player.ring.contains(&Some(card)) {
                return Some((p, RING));
            }
            if let Some(z) = player.piles.iter().position(|pile| pile.contains(&card)) {
                return Some((p, PILES[z]));
            }
        }
        None
    }

    fn flag(&self, object: Value, flag: Flag) -> bool {
        match (object, flag) {
            (Value::Card(c), Flag::Frozen) => self.get(c).is_some_and(|c| c.frozen),
            (Value::Card(c), Flag::KeepReady) => self.get(c).is_some_and(|c| c.keep_ready),
            (Value::Player(p), Flag::NcDamaged) => self.player(p).nc_damaged,
            _ => false,
        }
    }

    fn set_flag(&mut self, object: Value, flag: Flag, on: bool) {
        match (object, flag) {
            (Value::Card(c), Flag::Frozen) => {
                if let Some(c) = self.get_mut(c) {
                    c.frozen = on;
                }
            }
            (Value::Card(c), Flag::KeepReady) => {
                if let Some(c) = self.get_mut(c) {
                    c.keep_ready = on;
                }
            }
            (Value::Player(p), Flag::NcDamaged) => self.player_mut(p).nc_damaged = on,
            _ => {}
        }
    }

    fn ko(&mut self, card: CardId) -> bool {
        if self.locate(card).is_none_or(|(_, zone)| zone != RING) {
            return false;
        }
        let owner = self.controller(card);
        self.take(card);
        self.removals += 1;
        self.player_mut(owner).piles[2].insert(0, card);
        true
    }

    fn defeat(&mut self, player: PlayerId) {
        self.player_mut(player).defeated = true;
    }

    fn rules(&self, card: CardId) -> Option<CardIdx> {
        self.get(card).and_then(|c| c.rules)
    }

    fn set_rules(&mut self, card: CardId, rules: Option<CardIdx>) {
        if let Some(c) = self.get_mut(card) {
            c.rules = rules;
        }
    }

    fn transform(&mut self, card: CardId, model: Model<'_>) -> bool {
        let name = match model {
            Model::Id(id) => id.chars().take(64).collect(),
            Model::Of(other) => self.get(other).map_or_else(String::new, |c| c.name.clone()),
        };
        match self.get_mut(card) {
            Some(c) if !name.is_empty() => {
                c.name = name;
                true
            }
            _ => false,
        }
    }

    fn reveal(&mut self, _card: CardId, _viewer: Option<PlayerId>) {}

    fn show_pile(&mut self, _owner: PlayerId, _zone: ZoneIdx, _viewer: PlayerId) {}

    fn shuffle(&mut self, player: PlayerId, zone: ZoneIdx) {
        let Some(i) = pile_index(zone) else { return };
        let mut pile = std::mem::take(&mut self.player_mut(player).piles[i]);
        for k in (1..pile.len()).rev() {
            let j = self.random(k as u32 + 1) as usize;
            pile.swap(k, j);
        }
        self.player_mut(player).piles[i] = pile;
    }

    fn pile_view(&mut self, _player: PlayerId, _zone: ZoneIdx, _state: u16) {}

    fn slot(&self, card: CardId) -> Option<u8> {
        self.players.iter().find_map(|p| p.ring.iter().position(|&s| s == Some(card)).map(|s| s as u8))
    }

    fn slot_card(&self, player: PlayerId, slot: u8) -> Option<CardId> {
        self.player(player).ring.get(usize::from(slot)).copied().flatten()
    }

    fn move_to_slot(&mut self, card: CardId, slot: u8) -> bool {
        let owner = self.controller(card);
        if slot > 3 || self.slot(card).is_none() || self.slot_card(owner, slot).is_some() {
            return false;
        }
        self.take(card);
        self.player_mut(owner).ring[usize::from(slot)] = Some(card);
        true
    }

    fn swap_slots(&mut self, a: CardId, b: CardId) -> bool {
        let (Some(sa), Some(sb)) = (self.slot(a), self.slot(b)) else { return false };
        let (pa, pb) = (self.controller(a), self.controller(b));
        self.player_mut(pa).ring[usize::from(sa)] = Some(b);
        self.player_mut(pb).ring[usize::from(sb)] = Some(a);
        if let Some(c) = self.get_mut(a) {
            c.controller = pb;
        }
        if let Some(c) = self.get_mut(b) {
            c.controller = pa;
        }
        true
    }

    fn add_modifier(&mut self, id: EffectId, modifier: Modifier) {
        self.modifiers.push((id, modifier));
    }

    fn remove_modifier(&mut self, id: EffectId) {
        self.modifiers.retain(|(i, _)| *i != id);
    }

    fn adjust_window(&mut self, window: Window, delta: i32) -> bool {
        match self.windows.iter_mut().rev().find(|(w, _)| *w == window) {
            Some((_, sum)) => {
                *sum = sum.saturating_add(delta);
                true
            }
            None => false,
        }
    }

    fn open_window(&mut self, window: Window) {
        self.windows.push((window, 0));
    }

    fn close_window(&mut self, window: Window) -> i32 {
        match self.windows.iter().rposition(|(w, _)| *w == window) {
            Some(at) => self.windows.remove(at).1,
            None => 0,
        }
    }

    fn extra_turns(&mut self, player: PlayerId, n: i32) {
        let turns = &mut self.player_mut(player).extra_turns;
        *turns = turns.saturating_add(n);
    }

    fn skip_phase(&mut self, player: PlayerId, phase: u16) {
        self.player_mut(player).skips.push(phase);
    }

    fn extra_char_plays(&mut self, player: PlayerId, n: i32) {
        let plays = &mut self.player_mut(player).char_plays;
        *plays = plays.saturating_add(n);
    }

    fn attack_role(&self, card: CardId) -> AttackRole {
        self.get(card).map_or(AttackRole::None, |c| c.attack)
    }

    fn join_attack(&mut self, card: CardId, leader: CardId) -> bool {
        if self.get(card).is_none() || self.get(leader).is_none() {
            return false;
        }
        for (id, role) in [(card, AttackRole::Joiner), (leader, AttackRole::Leader)] {
            if let Some(c) = self.get_mut(id) {
                c.attack = role;
                c.uattack = true;
            }
        }
        true
    }

    fn remove_from_attack(&mut self, card: CardId) -> bool {
        match self.get_mut(card) {
            Some(c) if c.attack != AttackRole::None => {
                c.attack = AttackRole::None;
                c.uattack = false;
                true
            }
            _ => false,
        }
    }

    fn queue_activation(&mut self, source: CardId, rules: CardIdx, me: PlayerId) -> bool {
        self.activations.push((source, rules, me));
        true
    }

    fn set_search_scope(&mut self, scope: Option<(PlayerId, ZoneIdx)>) {
        self.scope = scope;
    }
}
