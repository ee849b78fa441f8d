//! `RecordingHost`: a tiny in-memory CFC board (two players with HP, SP, hand, deck,
//! discards, removed and a four-slot ring; cards with a type, BP, SP, frozen state, rules
//! and attack role) implementing `Host` and `CfcHost`, logging every primitive call as
//! text; and `Game`, which compiles one card from source and runs it with the stdlib.

use compiler::Severity;
use compiler::session::Session;
use stdlib::host::{AttackRole, CfcHost, Flag, Model, Modifier, Window};
use stdlib::names::{DECK, DISCARDS, HAND, REMOVED, RING};
use stdlib::{CATALOGUE, builtins};
use vm::bytecode::{
    AttributeIdx, BundleBuilder, CardIdx, CardTypeIdx, ComparableIdx, FilterKeywordIdx, Program, RankingIdx,
    VariableIdx, ZoneIdx, ZoneRef,
};
use vm::runtime::{
    CardId, Completion, Effect, EffectId, EffectKind, Env, Execution, Host, Lists, Outcome, PlayerId, Runtime, Value,
};

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);
pub const CHARACTER: CardTypeIdx = CardTypeIdx(0);
pub const ACTION: CardTypeIdx = CardTypeIdx(1);
pub const REACTION: CardTypeIdx = CardTypeIdx(2);

/// One card of the board.
#[derive(Debug, Clone)]
pub struct Card {
    pub name: String,
    pub ty: CardTypeIdx,
    pub controller: PlayerId,
    pub bp: i32,
    pub sp: i32,
    pub frozen: bool,
    pub rules: Option<CardIdx>,
    pub attack: AttackRole,
    pub uattack: bool,
    pub keep_ready: bool,
}

/// One player of the board.
#[derive(Debug, Clone, Default)]
pub struct Player {
    pub hp: i32,
    pub sp: i32,
    pub lost_sp: i32,
    pub nc_damaged: bool,
    pub defeated: bool,
    /// hand, deck, discards, removed (index 0 = top).
    pub piles: [Vec<CardId>; 4],
    pub ring: [Option<CardId>; 4],
    pub extra_turns: i32,
    pub skips: Vec<u16>,
    pub char_plays: i32,
}

/// The recording host.
#[derive(Debug, Clone)]
pub struct RecordingHost {
    pub cards: Vec<Card>,
    pub players: [Player; 2],
    pub log: Vec<String>,
    pub rng: u64,
    pub modifiers: Vec<(EffectId, Modifier)>,
    pub abilities: Vec<Effect>,
    pub windows: Vec<(Window, i32)>,
    pub scope: Option<(PlayerId, ZoneIdx)>,
    pub activations: Vec<(CardId, CardIdx, PlayerId)>,
}

fn pile_index(zone: ZoneIdx) -> Option<usize> {
    [HAND, DECK, DISCARDS, REMOVED].iter().position(|&z| z == zone)
}

fn zone_name(zone: ZoneIdx) -> &'static str {
    CATALOGUE.zones.get(zone.index()).map_or("?", |z| z.name)
}

impl Default for RecordingHost {
    fn default() -> Self {
        Self::new()
    }
}

impl RecordingHost {
    pub fn new() -> RecordingHost {
        let player = Player { hp: 3000, sp: 10, ..Player::default() };
        RecordingHost {
            cards: Vec::new(),
            players: [player.clone(), player],
            log: Vec::new(),
            rng: 12345,
            modifiers: Vec::new(),
            abilities: Vec::new(),
            windows: Vec::new(),
            scope: None,
            activations: Vec::new(),
        }
    }

    fn new_card(&mut self, name: &str, ty: CardTypeIdx, player: PlayerId, bp: i32) -> CardId {
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
        CardId(self.cards.len() as u32 - 1)
    }

    /// A character in `player`'s ring slot.
    pub fn character(&mut self, name: &str, player: PlayerId, slot: u8, bp: i32) -> CardId {
        let card = self.new_card(name, CHARACTER, player, bp);
        self.players[player.0 as usize].ring[slot as usize] = Some(card);
        card
    }

    /// A card at the bottom of `player`'s pile `zone`.
    pub fn card(&mut self, name: &str, ty: CardTypeIdx, player: PlayerId, zone: ZoneIdx) -> CardId {
        let card = self.new_card(name, ty, player, if ty == CHARACTER { 500 } else { 0 });
        self.players[player.0 as usize].piles[pile_index(zone).unwrap()].push(card);
        card
    }

    /// Several cards at the bottom of a pile.
    pub fn cards(&mut self, names: &[&str], ty: CardTypeIdx, player: PlayerId, zone: ZoneIdx) -> Vec<CardId> {
        names.iter().map(|name| self.card(name, ty, player, zone)).collect()
    }

    pub fn name(&self, card: CardId) -> &str {
        self.cards.get(card.0 as usize).map_or("?", |c| &c.name)
    }

    pub fn id(&self, name: &str) -> CardId {
        CardId(self.cards.iter().position(|c| c.name == name).unwrap_or_else(|| panic!("no card {name}")) as u32)
    }

    pub fn card_ref(&self, name: &str) -> &Card {
        &self.cards[self.id(name).0 as usize]
    }

    pub fn card_mut(&mut self, name: &str) -> &mut Card {
        let id = self.id(name);
        &mut self.cards[id.0 as usize]
    }

    pub fn player(&self, player: PlayerId) -> &Player {
        &self.players[player.0 as usize]
    }

    pub fn player_mut(&mut self, player: PlayerId) -> &mut Player {
        &mut self.players[player.0 as usize]
    }

    /// The names of the cards of a pile, top first.
    pub fn pile_names(&self, player: PlayerId, zone: ZoneIdx) -> Vec<String> {
        self.player(player).piles[pile_index(zone).unwrap()].iter().map(|&c| self.name(c).to_owned()).collect()
    }

    /// The names in a ring, slot by slot (`-` for empty).
    pub fn ring_names(&self, player: PlayerId) -> Vec<String> {
        self.player(player).ring.iter().map(|slot| slot.map_or("-".to_owned(), |c| self.name(c).to_owned())).collect()
    }

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

    fn note(&mut self, line: String) {
        self.log.push(line);
    }

    /// The log since the last call, emptied.
    pub fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    /// Removes a card from wherever it is.
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

    fn owners(&self, env: &Env, zone: ZoneRef) -> Vec<PlayerId> {
        let me = env.me;
        match zone.prefix.map(|p| CATALOGUE.zone_prefixes[p.index()].name) {
            Some("opp") => vec![self.opponent(me)],
            Some("any" | "same") => vec![me, self.opponent(me)],
            _ => vec![me],
        }
    }
}

impl Host for RecordingHost {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        PlayerId(1 - player.0)
    }

    fn controller(&self, card: CardId) -> PlayerId {
        self.cards.get(card.0 as usize).map_or(P0, |c| c.controller)
    }

    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        if let Some((player, zone)) = self.scope {
            if let Some(i) = pile_index(zone) {
                out.extend(self.player(player).piles[i].iter().map(|&c| Value::Card(c)));
            }
            return;
        }
        let name = zone_name(zone.zone);
        match name {
            "arena" => {
                for player in [env.me, self.opponent(env.me)] {
                    out.extend(self.player(player).ring.iter().flatten().map(|&c| Value::Card(c)));
                }
            }
            "ring" => {
                for player in self.owners(env, zone) {
                    out.extend(self.player(player).ring.iter().flatten().map(|&c| Value::Card(c)));
                }
            }
            "infront" => {
                let owner = self.controller(env.source);
                if let Some(slot) = self.slot(env.source) {
                    let opp = self.opponent(owner);
                    out.extend(self.player(opp).ring[3 - slot as usize].map(Value::Card));
                }
            }
            _ => {
                if let Some(i) = pile_index(zone.zone) {
                    for player in self.owners(env, zone) {
                        out.extend(self.player(player).piles[i].iter().map(|&c| Value::Card(c)));
                    }
                }
            }
        }
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        self.cards.get(card.0 as usize).map(|c| c.ty)
    }

    fn card_name_is(&self, card: CardId, name: &str) -> bool {
        self.cards.get(card.0 as usize).is_some_and(|c| c.name.eq_ignore_ascii_case(name))
    }

    fn has_keyword(&self, object: Value, keyword: FilterKeywordIdx) -> bool {
        let Value::Card(card) = object else { return false };
        let Some(c) = self.cards.get(card.0 as usize) else { return false };
        match CATALOGUE.filters[keyword.index()].name {
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
        let c = self.cards.get(card.0 as usize)?;
        match CATALOGUE.comparable_filters[property.index()].name {
            "bp" => Some(c.bp),
            "sp" => Some(c.sp),
            _ => None,
        }
    }

    fn rank_key(&self, object: Value, _ranking: RankingIdx, word: u16) -> Option<i64> {
        let bp = i64::from(self.property(object, ComparableIdx(0))?);
        Some(if word == 0 { bp } else { -bp })
    }

    fn variable(&mut self, env: &Env, var: VariableIdx, _lists: &mut Lists) -> Value {
        match CATALOGUE.variables[var.index()].name {
            "me" => Value::Player(env.me),
            "opp" => Value::Player(self.opponent(env.me)),
            _ => Value::Nil,
        }
    }

    fn attribute(&mut self, _env: &Env, object: Value, attr: AttributeIdx, lists: &mut Lists) -> Value {
        let name = CATALOGUE.attributes[attr.index()].name;
        match (object, name) {
            (Value::List(list), "size") => Value::Int(lists.len(list) as i32),
            (Value::Player(_), "hp" | "sp" | "lostSP") => Value::Int(self.counter(object, attr)),
            (Value::Player(p), "hand" | "deck" | "discards" | "removed") => {
                let zone = [HAND, DECK, DISCARDS, REMOVED]
                    [["hand", "deck", "discards", "removed"].iter().position(|n| *n == name).unwrap()];
                let cards: Vec<Value> =
                    self.player(p).piles[pile_index(zone).unwrap()].iter().map(|&c| Value::Card(c)).collect();
                lists.make(&cards).map_or(Value::Nil, Value::List)
            }
            (Value::Player(p), "ring") => {
                let cards: Vec<Value> = self.player(p).ring.iter().flatten().map(|&c| Value::Card(c)).collect();
                lists.make(&cards).map_or(Value::Nil, Value::List)
            }
            (Value::Card(c), "bp" | "sp") => Value::Int(self.counter(Value::Card(c), attr)),
            (Value::Card(c), "controller") => Value::Player(self.controller(c)),
            (Value::List(list), _) => match lists.get(list).first().copied() {
                Some(first) => self.attribute(_env, first, attr, lists),
                None => Value::Nil,
            },
            _ => Value::Nil,
        }
    }

    fn random(&mut self, bound: u32) -> u32 {
        self.rng = self.rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.rng >> 33) % u64::from(bound.max(1))) as u32
    }

    fn apply_effect(&mut self, effect: &Effect) {
        if let EffectKind::Ability { target, ability } = effect.kind {
            let line = format!("grant {} {}", self.show(target), CATALOGUE.abilities[ability.index()].name);
            self.note(line);
            self.abilities.push(*effect);
        }
    }

    fn end_effect(&mut self, effect: &Effect) {
        match effect.kind {
            EffectKind::Ability { target, ability } => {
                let line = format!("ungrant {} {}", self.show(target), CATALOGUE.abilities[ability.index()].name);
                self.note(line);
                self.abilities.retain(|e| e.id != effect.id);
            }
            EffectKind::Custom { .. } => stdlib::end_effect(self, effect),
        }
    }

    fn pile_cards(&mut self, player: PlayerId, zone: ZoneIdx, out: &mut Vec<Value>) {
        if let Some(i) = pile_index(zone) {
            out.extend(self.player(player).piles[i].iter().map(|&c| Value::Card(c)));
        }
    }

    fn move_card(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) -> bool {
        let Some(i) = pile_index(zone) else { return false };
        if card.0 as usize >= self.cards.len() {
            return false;
        }
        let line = format!("move {} -> p{}.{}@{}", self.name(card), player.0, zone_name(zone), position);
        self.note(line);
        self.take(card);
        let pile = &mut self.players[player.0 as usize].piles[i];
        let at = if position < 0 {
            pile.len().saturating_sub((-position - 1) as usize)
        } else {
            (position as usize).min(pile.len())
        };
        pile.insert(at, card);
        self.cards[card.0 as usize].controller = player;
        true
    }

    fn counter(&self, object: Value, attr: AttributeIdx) -> i32 {
        let name = CATALOGUE.attributes[attr.index()].name;
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
            Value::Card(c) => match (self.cards.get(c.0 as usize), name) {
                (Some(c), "bp") => c.bp,
                (Some(c), "sp") => c.sp,
                _ => 0,
            },
            _ => 0,
        }
    }

    fn set_counter(&mut self, object: Value, attr: AttributeIdx, value: i32) {
        let name = CATALOGUE.attributes[attr.index()].name;
        let line = format!("set {}.{} = {}", self.show(object), name, value);
        self.note(line);
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
                if let Some(c) = self.cards.get_mut(c.0 as usize)
                    && name == "bp"
                {
                    c.bp = value;
                }
            }
            _ => {}
        }
    }
}

impl CfcHost for RecordingHost {
    fn locate(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)> {
        for (i, player) in self.players.iter().enumerate() {
            let p = PlayerId(i as u32);
            if player.ring.contains(&Some(card)) {
                return Some((p, RING));
            }
            for (z, pile) in player.piles.iter().enumerate() {
                if pile.contains(&card) {
                    return Some((p, [HAND, DECK, DISCARDS, REMOVED][z]));
                }
            }
        }
        None
    }

    fn flag(&self, object: Value, flag: Flag) -> bool {
        match (object, flag) {
            (Value::Card(c), Flag::Frozen) => self.cards.get(c.0 as usize).is_some_and(|c| c.frozen),
            (Value::Card(c), Flag::KeepReady) => self.cards.get(c.0 as usize).is_some_and(|c| c.keep_ready),
            (Value::Player(p), Flag::NcDamaged) => self.player(p).nc_damaged,
            _ => false,
        }
    }

    fn set_flag(&mut self, object: Value, flag: Flag, on: bool) {
        let line = format!("flag {} {:?} {}", self.show(object), flag, on);
        self.note(line);
        match (object, flag) {
            (Value::Card(c), Flag::Frozen) => self.cards[c.0 as usize].frozen = on,
            (Value::Card(c), Flag::KeepReady) => self.cards[c.0 as usize].keep_ready = on,
            (Value::Player(p), Flag::NcDamaged) => self.player_mut(p).nc_damaged = on,
            _ => {}
        }
    }

    fn ko(&mut self, card: CardId) -> bool {
        if self.locate(card).is_none_or(|(_, zone)| zone != RING) {
            return false;
        }
        let line = format!("ko {}", self.name(card));
        self.note(line);
        let owner = self.controller(card);
        self.take(card);
        self.players[owner.0 as usize].piles[pile_index(DISCARDS).unwrap()].insert(0, card);
        true
    }

    fn defeat(&mut self, player: PlayerId) {
        self.note(format!("defeat p{}", player.0));
        self.player_mut(player).defeated = true;
    }

    fn rules(&self, card: CardId) -> Option<CardIdx> {
        self.cards.get(card.0 as usize).and_then(|c| c.rules)
    }

    fn set_rules(&mut self, card: CardId, rules: Option<CardIdx>) {
        let line = format!("rules {} = {:?}", self.name(card), rules.map(|r| r.0));
        self.note(line);
        self.cards[card.0 as usize].rules = rules;
    }

    fn transform(&mut self, card: CardId, model: Model<'_>) -> bool {
        let name = match model {
            Model::Id(id) => id.to_owned(),
            Model::Of(other) => self.name(other).to_owned(),
        };
        if name.is_empty() {
            return false;
        }
        let line = format!("transform {} -> {}", self.name(card), name);
        self.note(line);
        self.cards[card.0 as usize].name = name;
        true
    }

    fn reveal(&mut self, card: CardId, viewer: Option<PlayerId>) {
        let line =
            format!("reveal {} to {}", self.name(card), viewer.map_or("all".to_owned(), |p| format!("p{}", p.0)));
        self.note(line);
    }

    fn show_pile(&mut self, owner: PlayerId, zone: ZoneIdx, viewer: PlayerId) {
        self.note(format!("show p{}.{} to p{}", owner.0, zone_name(zone), viewer.0));
    }

    fn shuffle(&mut self, player: PlayerId, zone: ZoneIdx) {
        self.note(format!("shuffle p{}.{}", player.0, zone_name(zone)));
        if let Some(i) = pile_index(zone) {
            let mut pile = std::mem::take(&mut self.players[player.0 as usize].piles[i]);
            for k in (1..pile.len()).rev() {
                let j = self.random(k as u32 + 1) as usize;
                pile.swap(k, j);
            }
            self.players[player.0 as usize].piles[i] = pile;
        }
    }

    fn pile_view(&mut self, player: PlayerId, zone: ZoneIdx, state: u16) {
        let state = stdlib::catalogue::VIEW_STATES[state as usize].name;
        self.note(format!("view p{}.{} {}", player.0, zone_name(zone), state));
    }

    fn slot(&self, card: CardId) -> Option<u8> {
        self.players.iter().find_map(|p| p.ring.iter().position(|&s| s == Some(card)).map(|s| s as u8))
    }

    fn slot_card(&self, player: PlayerId, slot: u8) -> Option<CardId> {
        self.player(player).ring.get(slot as usize).copied().flatten()
    }

    fn move_to_slot(&mut self, card: CardId, slot: u8) -> bool {
        let owner = self.controller(card);
        if self.slot(card).is_none() || self.slot_card(owner, slot).is_some() {
            return false;
        }
        let line = format!("slot {} -> {}", self.name(card), slot);
        self.note(line);
        self.take(card);
        self.player_mut(owner).ring[slot as usize] = Some(card);
        true
    }

    fn swap_slots(&mut self, a: CardId, b: CardId) -> bool {
        let (Some(sa), Some(sb)) = (self.slot(a), self.slot(b)) else { return false };
        let (pa, pb) = (self.controller(a), self.controller(b));
        let line = format!("swap {} {}", self.name(a), self.name(b));
        self.note(line);
        self.player_mut(pa).ring[sa as usize] = Some(b);
        self.player_mut(pb).ring[sb as usize] = Some(a);
        self.cards[a.0 as usize].controller = pb;
        self.cards[b.0 as usize].controller = pa;
        true
    }

    fn add_modifier(&mut self, id: EffectId, modifier: Modifier) {
        self.note(format!("modifier+ {} {}", id.0, describe(&modifier)));
        self.modifiers.push((id, modifier));
    }

    fn remove_modifier(&mut self, id: EffectId) {
        if let Some(at) = self.modifiers.iter().position(|(i, _)| *i == id) {
            let (_, modifier) = self.modifiers.remove(at);
            self.note(format!("modifier- {} {}", id.0, describe(&modifier)));
        }
    }

    fn adjust_window(&mut self, window: Window, delta: i32) -> bool {
        self.note(format!("adjust {window:?} {delta}"));
        match self.windows.iter_mut().rev().find(|(w, _)| *w == window) {
            Some((_, sum)) => {
                *sum += delta;
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
        self.note(format!("turns p{} +{n}", player.0));
        self.player_mut(player).extra_turns += n;
    }

    fn skip_phase(&mut self, player: PlayerId, phase: u16) {
        let name = stdlib::catalogue::PHASES[phase as usize].name;
        self.note(format!("skip p{} {name}", player.0));
        self.player_mut(player).skips.push(phase);
    }

    fn extra_char_plays(&mut self, player: PlayerId, n: i32) {
        self.note(format!("charplays p{} +{n}", player.0));
        self.player_mut(player).char_plays += n;
    }

    fn attack_role(&self, card: CardId) -> AttackRole {
        self.cards.get(card.0 as usize).map_or(AttackRole::None, |c| c.attack)
    }

    fn join_attack(&mut self, card: CardId, leader: CardId) -> bool {
        let line = format!("join {} -> {}", self.name(card), self.name(leader));
        self.note(line);
        self.cards[card.0 as usize].attack = AttackRole::Joiner;
        self.cards[card.0 as usize].uattack = true;
        self.cards[leader.0 as usize].uattack = true;
        true
    }

    fn remove_from_attack(&mut self, card: CardId) -> bool {
        if self.attack_role(card) == AttackRole::None {
            return false;
        }
        let line = format!("unattack {}", self.name(card));
        self.note(line);
        let c = &mut self.cards[card.0 as usize];
        c.attack = AttackRole::None;
        c.uattack = false;
        true
    }

    fn queue_activation(&mut self, source: CardId, rules: CardIdx, me: PlayerId) -> bool {
        let line = format!("activate {} as {} for p{}", self.name(source), rules.0, me.0);
        self.note(line);
        self.activations.push((source, rules, me));
        true
    }

    fn set_search_scope(&mut self, scope: Option<(PlayerId, ZoneIdx)>) {
        self.scope = scope;
    }
}

pub fn describe(modifier: &Modifier) -> String {
    match *modifier {
        Modifier::Rule { player, rule, value } => format!(
            "rule {} {:?} {}",
            CATALOGUE.rule_switches[rule.index()].name,
            value,
            player.map_or("all".to_owned(), |p| format!("p{}", p.0))
        ),
        Modifier::Cost { cost_type, change } => {
            format!("cost {} {:?}", stdlib::catalogue::COST_TYPES[cost_type as usize].name, change)
        }
    }
}

/// A compiled program and a runtime with the stdlib's builtins, plus the board.
pub struct Game {
    pub rt: Runtime<RecordingHost>,
    pub host: RecordingHost,
}

/// Compiles cards (key, source) into one program; panics on a compile error.
pub fn compile(cards: &[(&str, &str)]) -> Program {
    let mut session = Session::new(&CATALOGUE);
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for (key, source) in cards {
        let diagnostics = session.compile_card(key, source, &mut bundle);
        let errors: Vec<_> = diagnostics.iter().filter(|d| d.severity() == Severity::Error).collect();
        assert!(errors.is_empty(), "{key} does not compile: {errors:?}");
    }
    let bytes = bundle.finish().expect("the bundle builds");
    Program::load(&bytes, &CATALOGUE).expect("the bundle loads")
}

impl Game {
    /// A game whose bundle holds `source` as card 0 (and `others` after it).
    pub fn new(source: &str) -> Game {
        Game::with(&[source])
    }

    pub fn with(sources: &[&str]) -> Game {
        let keys: Vec<String> = (0..sources.len()).map(|i| format!("card{i}")).collect();
        let cards: Vec<(&str, &str)> = keys.iter().map(String::as_str).zip(sources.iter().copied()).collect();
        let program = compile(&cards);
        Game { rt: Runtime::new(program, &CATALOGUE, builtins::<RecordingHost>()), host: RecordingHost::new() }
    }

    /// `player` activates `card` (rules: bundle card 0).
    pub fn activate(&mut self, card: CardId, player: PlayerId) -> Outcome {
        self.host.cards[card.0 as usize].rules.get_or_insert(CardIdx(0));
        let rules = self.host.cards[card.0 as usize].rules.unwrap();
        self.rt.activate(&mut self.host, card, rules, player).expect("no trap")
    }

    /// Activates and expects it to finish without asking anything.
    pub fn run(&mut self, card: CardId, player: PlayerId) -> Completion {
        match self.activate(card, player) {
            Outcome::Done(done) => done,
            Outcome::Suspended(exec) => panic!("unexpected request {:?}: {:?}", exec.request(), exec.candidates()),
        }
    }

    /// Answers a suspended execution.
    pub fn answer(&mut self, exec: Execution, answer: &[Value]) -> Outcome {
        match self.rt.resume(&mut self.host, exec, answer) {
            Ok(outcome) => outcome,
            Err(error) => panic!("resume refused: {error:?}"),
        }
    }

    /// Answers with cards by name.
    pub fn answer_cards(&mut self, exec: Execution, names: &[&str]) -> Outcome {
        let values: Vec<Value> = names.iter().map(|name| Value::Card(self.host.id(name))).collect();
        self.answer(exec, &values)
    }

    /// The log lines of the stdlib primitives (no `zone` lookups), emptied.
    pub fn log(&mut self) -> Vec<String> {
        self.host.take_log()
    }
}

/// The execution of a suspended outcome.
pub fn suspended(outcome: Outcome) -> Execution {
    match outcome {
        Outcome::Suspended(exec) => exec,
        Outcome::Done(done) => panic!("expected a request, finished with {done:?}"),
    }
}

/// The completion of a finished outcome.
pub fn done(outcome: Outcome) -> Completion {
    match outcome {
        Outcome::Done(done) => done,
        Outcome::Suspended(exec) => panic!("unexpected request {:?}", exec.request()),
    }
}
