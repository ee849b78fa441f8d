//! `Board`: a small in-memory Magic board (two players with life, a mana pool and five
//! zones; cards with types, power, toughness, damage, counters, tapped state; the tokens
//! `token(...)` makes, which have no rules) implementing `Host` and `WagicHost`; and
//! `Table`, which runs real Wagic cards on it with the Wagic builtins: the runtime's cards
//! in play follow the battlefield, each move emits `movedto`, lethal damage sends a
//! creature to the graveyard, and questions are answered from a queue the test gives.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use vm::bytecode::{AttributeIdx, BundleBuilder, CardIdx, CardTypeIdx, ComparableIdx, FilterKeywordIdx, Program};
use vm::bytecode::{SubtypeIdx, VariableIdx, ZoneIdx, ZoneRef};
use vm::runtime::{
    CardId, Completion, Effect, EffectId, EffectKind, Env, Event, Host, Lists, Outcome, PlayerId, RequestKind, Runtime,
    Value,
};
use wagic::catalogue::{self, CATALOGUE};
use wagic::host::{Colour, EffectCode, Token, WagicHost};

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);
pub const BATTLEFIELD: ZoneIdx = ZoneIdx(0);
pub const HAND: ZoneIdx = ZoneIdx(1);
pub const GRAVEYARD: ZoneIdx = ZoneIdx(2);
pub const LIBRARY: ZoneIdx = ZoneIdx(3);

/// A card's printed characteristics, read from its `[card]` block.
#[derive(Debug, Clone, Default)]
pub struct Printed {
    pub name: String,
    /// `type=` and `subtype=` words, lower case.
    pub types: Vec<String>,
    pub colours: Vec<&'static str>,
    pub power: i32,
    pub toughness: i32,
    pub mana_value: i32,
    /// A token's keyword abilities (a card's `abilities=` are granted by the runtime).
    pub abilities: Vec<&'static str>,
}

/// Every card of Wagic's three files that compiles, in one program, built once.
pub struct Library {
    pub program: Arc<Program>,
    pub rules: HashMap<String, CardIdx>,
    pub printed: HashMap<String, Printed>,
}

pub fn library() -> Option<Arc<Library>> {
    static LIBRARY: OnceLock<Option<Arc<Library>>> = OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            let dir = wagic::data_dir()?;
            let sources: Vec<(&str, String)> = wagic::CARD_FILES
                .iter()
                .map(|&file| (file, std::fs::read_to_string(dir.join(file)).expect("a Wagic card file")))
                .collect();
            Some(Arc::new(Library::compile(&sources)))
        })
        .clone()
}

impl Library {
    /// Every card of `sources` (file name, text) that compiles, in one program; a card's
    /// printed characteristics are those of the first block with its name.
    pub fn compile(sources: &[(&str, String)]) -> Library {
        let mut bundle = BundleBuilder::new(&CATALOGUE);
        let mut printed = HashMap::new();
        for (file, source) in sources {
            wagic::compile_source(file, source, &mut bundle);
            for block in wagic::reader::read(source) {
                printed.entry(block.name().to_string()).or_insert_with(|| printed_of(&block));
            }
        }
        let bytes = bundle.finish().expect("the bundle encodes");
        let program = Program::load(&bytes, &CATALOGUE).expect("the bundle loads");
        let rules = (0..program.cards().len())
            .filter_map(|index| {
                let idx = CardIdx::new(index);
                program.card_key(idx).map(|key| (key.to_string(), idx))
            })
            .collect();
        Library { program: Arc::new(program), rules, printed }
    }
}

fn printed_of(block: &wagic::reader::CardBlock<'_>) -> Printed {
    let words = |key: &str| -> Vec<String> {
        block
            .field(key)
            .map_or(Vec::new(), |field| field.value.split_whitespace().map(|word| word.to_ascii_lowercase()).collect())
    };
    let mut types = words("type");
    types.extend(words("subtype"));
    let number = |key: &str| block.field(key).and_then(|field| field.value.trim().parse().ok()).unwrap_or(0);
    let mana = block.field("mana").map_or("", |field| field.value);
    let mut colours = Vec::new();
    let mut mana_value = 0;
    for symbol in mana.split('{').filter_map(|part| part.strip_suffix('}').or(Some(part))).filter(|s| !s.is_empty()) {
        let symbol = symbol.trim_end_matches('}');
        if let Ok(generic) = symbol.parse::<i32>() {
            mana_value += generic;
            continue;
        }
        mana_value += 1;
        for (letter, colour) in [('W', "white"), ('U', "blue"), ('B', "black"), ('R', "red"), ('G', "green")] {
            if symbol.to_ascii_uppercase().contains(letter) && !colours.contains(&colour) {
                colours.push(colour);
            }
        }
    }
    Printed {
        name: block.name().to_string(),
        types,
        colours,
        power: number("power"),
        toughness: number("toughness"),
        mana_value,
        abilities: Vec::new(),
    }
}

/// One card on the board.
#[derive(Debug, Clone)]
pub struct Card {
    pub printed: Printed,
    pub owner: PlayerId,
    pub controller: PlayerId,
    pub zone: ZoneIdx,
    /// Order within the zone (lowest first: the top of a library).
    pub order: i64,
    pub tapped: bool,
    pub damage: i32,
    pub counters: (i32, i32),
    pub moved_from: Option<(PlayerId, ZoneIdx)>,
    /// Made by `token(...)`: no card of the library, no rules of the program.
    pub token: bool,
}

#[derive(Debug, Clone, Default)]
pub struct Player {
    pub life: i32,
    pub mana: [i32; 6],
}

#[derive(Debug)]
pub struct Board {
    pub cards: Vec<Card>,
    pub players: [Player; 2],
    /// Timed effects in force: id, code, target, value.
    pub effects: Vec<(u32, EffectCode, Value, i32)>,
    /// Abilities in force: id, card, ability name.
    pub abilities: Vec<(u32, Value, &'static str)>,
    /// Cards moved since the table last emitted `movedto`.
    pub moved: Vec<CardId>,
    /// Whose turn it is, and whether it is a main phase with nothing on the stack.
    pub active: PlayerId,
    pub main_phase: bool,
    next_order: i64,
    seed: u32,
    /// Cards the libraries held when they were shuffled, summed: the work of the
    /// shuffles (a real shuffle moves every card of the library).
    pub cards_shuffled: usize,
}

impl Board {
    pub fn card(&self, card: CardId) -> &Card {
        &self.cards[card.0 as usize]
    }

    pub fn power(&self, card: CardId) -> i32 {
        let c = self.card(card);
        c.printed.power + c.counters.0 + self.sum(EffectCode::Power, card)
    }

    pub fn toughness(&self, card: CardId) -> i32 {
        let c = self.card(card);
        c.printed.toughness + c.counters.1 + self.sum(EffectCode::Toughness, card)
    }

    fn sum(&self, code: EffectCode, card: CardId) -> i32 {
        self.effects
            .iter()
            .filter(|(_, c, target, _)| *c == code && *target == Value::Card(card))
            .map(|(_, _, _, value)| value)
            .sum()
    }

    pub fn has_ability(&self, card: CardId, name: &str) -> bool {
        self.card(card).printed.abilities.contains(&name)
            || self.abilities.iter().any(|(_, target, ability)| *target == Value::Card(card) && *ability == name)
    }

    /// The names of `player`'s cards in `zone`, in order.
    pub fn names(&self, player: PlayerId, zone: ZoneIdx) -> Vec<String> {
        self.zone(player, zone).into_iter().map(|card| self.card(card).printed.name.clone()).collect()
    }

    pub fn zone(&self, player: PlayerId, zone: ZoneIdx) -> Vec<CardId> {
        let mut cards: Vec<(i64, CardId)> = self
            .cards
            .iter()
            .enumerate()
            .filter(|(_, card)| card.zone == zone && self.zone_player(card) == player)
            .map(|(index, card)| (card.order, CardId(index as u32)))
            .collect();
        cards.sort();
        cards.into_iter().map(|(_, card)| card).collect()
    }

    /// Whose zone a card is in: its controller's battlefield, its owner's other zones.
    fn zone_player(&self, card: &Card) -> PlayerId {
        if card.zone == BATTLEFIELD { card.controller } else { card.owner }
    }

    /// Moves a card to its owner's `zone` (to its owner's battlefield), as a game would.
    pub fn move_to(&mut self, card: CardId, zone: ZoneIdx) {
        let owner = self.card(card).owner;
        self.place(card, owner, zone, -1);
    }

    fn place(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) {
        let from = {
            let c = self.card(card);
            (self.zone_player(c), c.zone)
        };
        self.next_order += 1;
        let order = if position == 0 && zone == LIBRARY { -self.next_order } else { self.next_order };
        let c = &mut self.cards[card.0 as usize];
        c.moved_from = Some(from);
        c.zone = zone;
        c.order = order;
        if zone == BATTLEFIELD {
            c.controller = player;
        } else {
            c.controller = c.owner;
            c.tapped = false;
            c.damage = 0;
            c.counters = (0, 0);
        }
        self.moved.push(card);
    }
}

impl Host for Board {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        PlayerId(1 - player.0.min(1))
    }

    fn controller(&self, card: CardId) -> PlayerId {
        self.card(card).controller
    }

    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        let players = match zone.prefix.map(|prefix| catalogue::ZONE_PREFIXES[prefix.index()].name) {
            Some("my") => vec![env.controller],
            Some("opp") => vec![self.opponent(env.controller)],
            _ => vec![P0, P1],
        };
        for player in players {
            out.extend(self.zone(player, zone.zone).into_iter().map(Value::Card));
        }
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        let types = &self.card(card).printed.types;
        catalogue::CARD_TYPES.iter().position(|ty| types.iter().any(|t| t == ty.name)).map(CardTypeIdx::new)
    }

    fn card_has_type(&self, card: CardId, ty: CardTypeIdx) -> bool {
        let types = &self.card(card).printed.types;
        match catalogue::CARD_TYPES[ty.index()].name {
            "permanent" => !types.iter().any(|t| t == "instant" || t == "sorcery"),
            "spell" => !types.iter().any(|t| t == "land"),
            name => types.iter().any(|t| t == name),
        }
    }

    fn card_subtype_is(&self, card: CardId, subtype: SubtypeIdx) -> bool {
        self.has_type_word(card, CATALOGUE.subtypes[subtype.index()])
    }

    fn card_name_is(&self, card: CardId, name: &str) -> bool {
        self.has_type_word(card, &name.to_ascii_lowercase())
    }

    fn has_keyword(&self, object: Value, keyword: FilterKeywordIdx) -> bool {
        let Some(card) = object.as_card() else { return false };
        let c = self.card(card);
        match catalogue::FILTERS[keyword.index()].name {
            "tapped" => c.tapped,
            "multicolor" => c.printed.colours.len() > 1,
            "white" | "blue" | "black" | "red" | "green" => {
                c.printed.colours.contains(&catalogue::FILTERS[keyword.index()].name)
            }
            "token" => c.token,
            "attacking" | "blocking" | "blocked" => false,
            ability => self.has_ability(card, ability),
        }
    }

    fn property(&self, object: Value, property: ComparableIdx) -> Option<i32> {
        let card = object.as_card()?;
        Some(match catalogue::COMPARABLE_FILTERS[property.index()].name {
            "power" => self.power(card),
            "toughness" => self.toughness(card),
            _ => self.card(card).printed.mana_value,
        })
    }

    fn variable(&mut self, env: &Env, var: VariableIdx, _lists: &mut Lists) -> Value {
        match catalogue::VARIABLES[var.index()].name {
            "me" => Value::Player(env.controller),
            "opp" => Value::Player(self.opponent(env.controller)),
            _ => Value::Nil,
        }
    }

    fn attribute(&mut self, _env: &Env, object: Value, attr: AttributeIdx, _lists: &mut Lists) -> Value {
        let Some(card) = object.as_card() else { return Value::Nil };
        match catalogue::ATTRIBUTES[attr.index()].name {
            "power" => Value::Int(self.power(card)),
            "toughness" => Value::Int(self.toughness(card)),
            "manacost" => Value::Int(self.card(card).printed.mana_value),
            _ => Value::Player(self.controller(card)),
        }
    }

    fn chooser(&self, env: &Env, _kind: RequestKind) -> PlayerId {
        env.controller
    }

    fn random(&mut self, bound: u32) -> u32 {
        self.seed = self.seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        (self.seed >> 16) % bound.max(1)
    }

    fn apply_effect(&mut self, effect: &Effect) {
        // The runtime applies ability grants; the builtins apply their own effects
        // (`add_effect`).
        if let EffectKind::Ability { target, ability } = effect.kind {
            self.abilities.push((effect.id.0, target, CATALOGUE.abilities[ability.index()].name));
        }
    }

    fn end_effect(&mut self, effect: &Effect) {
        self.effects.retain(|(id, ..)| *id != effect.id.0);
        self.abilities.retain(|(id, ..)| *id != effect.id.0);
    }

    fn pile_cards(&mut self, player: PlayerId, zone: ZoneIdx, out: &mut Vec<Value>) {
        out.extend(self.zone(player, zone).into_iter().map(Value::Card));
    }

    fn move_card(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) -> bool {
        if card.0 as usize >= self.cards.len() {
            return false;
        }
        self.place(card, player, zone, position);
        true
    }
}

impl WagicHost for Board {
    fn add_effect(&mut self, id: EffectId, code: EffectCode, target: Value, value: i32) {
        self.effects.push((id.0, code, target, value));
    }

    fn locate(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)> {
        self.cards.get(card.0 as usize).map(|c| (self.zone_player(c), c.zone))
    }

    fn moved_from(&self, card: CardId) -> Option<(PlayerId, ZoneIdx)> {
        self.cards.get(card.0 as usize).and_then(|c| c.moved_from)
    }

    fn owner(&self, card: CardId) -> PlayerId {
        self.card(card).owner
    }

    fn has_type_word(&self, card: CardId, word: &str) -> bool {
        let c = self.card(card);
        let singular = word.strip_suffix('s').unwrap_or(word);
        c.printed.name.eq_ignore_ascii_case(word) || c.printed.types.iter().any(|t| t == word || t == singular)
    }

    fn deal_damage(&mut self, _source: CardId, target: Value, amount: i32) -> bool {
        let mut amount = amount;
        for (_, code, on, value) in self.effects.iter_mut() {
            if *code == EffectCode::Prevent && *on == target {
                let prevented = amount.min(*value);
                amount -= prevented;
                *value -= prevented;
            }
        }
        match target {
            Value::Player(player) => self.players[player.0 as usize].life -= amount,
            Value::Card(card) => self.cards[card.0 as usize].damage += amount,
            _ => return false,
        }
        true
    }

    fn change_life(&mut self, player: PlayerId, amount: i32) {
        self.players[player.0 as usize].life += amount;
    }

    fn draw(&mut self, player: PlayerId, count: i32) -> i32 {
        let library = self.zone(player, LIBRARY);
        let drawn = library.len().min(count.max(0) as usize);
        for &card in &library[..drawn] {
            self.place(card, player, HAND, -1);
        }
        drawn as i32
    }

    fn discard(&mut self, player: PlayerId, count: i32) -> i32 {
        let hand = self.zone(player, HAND);
        let discarded = hand.len().min(count.max(0) as usize);
        for &card in &hand[..discarded] {
            self.place(card, player, GRAVEYARD, -1);
        }
        discarded as i32
    }

    fn deplete(&mut self, player: PlayerId, count: i32) -> i32 {
        let library = self.zone(player, LIBRARY);
        let milled = library.len().min(count.max(0) as usize);
        for &card in &library[..milled] {
            self.place(card, player, GRAVEYARD, -1);
        }
        milled as i32
    }

    fn destroy(&mut self, card: CardId, can_regenerate: bool) -> bool {
        if self.card(card).zone != BATTLEFIELD {
            return false;
        }
        let shield = self
            .effects
            .iter()
            .position(|(_, code, on, value)| *code == EffectCode::Regenerate && *on == Value::Card(card) && *value > 0);
        if let (true, Some(shield)) = (can_regenerate, shield) {
            self.effects[shield].3 = 0;
            let c = &mut self.cards[card.0 as usize];
            c.tapped = true;
            c.damage = 0;
            return false;
        }
        let owner = self.card(card).owner;
        self.place(card, owner, GRAVEYARD, -1);
        true
    }

    fn is_tapped(&self, card: CardId) -> bool {
        self.card(card).tapped
    }

    fn set_tapped(&mut self, card: CardId, tapped: bool) -> bool {
        let c = &mut self.cards[card.0 as usize];
        let changed = c.tapped != tapped;
        c.tapped = tapped;
        changed
    }

    fn add_counters(&mut self, card: CardId, power: i32, toughness: i32, count: i32) {
        let c = &mut self.cards[card.0 as usize];
        c.counters.0 += power * count;
        c.counters.1 += toughness * count;
    }

    fn add_mana(&mut self, player: PlayerId, colour: Colour, count: i32) {
        self.players[player.0 as usize].mana[usize::from(colour).min(5)] += count;
    }

    fn mana(&self, player: PlayerId, colour: Colour) -> i32 {
        self.players[player.0 as usize].mana[usize::from(colour).min(5)]
    }

    fn spend_mana(&mut self, player: PlayerId, colour: Colour, count: i32) -> bool {
        let pool = &mut self.players[player.0 as usize].mana[usize::from(colour).min(5)];
        if *pool < count {
            return false;
        }
        *pool -= count;
        true
    }

    fn shuffle_library(&mut self, player: PlayerId) {
        // The order is kept, so that tests know where cards are; the work is counted.
        self.cards_shuffled += self.zone(player, LIBRARY).len();
    }

    fn create_token(&mut self, controller: PlayerId, token: &Token<'_>) -> Option<CardId> {
        let card = CardId(u32::try_from(self.cards.len()).ok()?);
        let colour_names = token.colours.iter().filter_map(|&colour| catalogue::COLOUR_NAMES.get(usize::from(colour)));
        let printed = Printed {
            name: token.name.to_string(),
            types: token.types.iter().map(|word| word.to_string()).collect(),
            colours: colour_names.copied().collect(),
            power: token.power,
            toughness: token.toughness,
            mana_value: 0,
            abilities: token.abilities.iter().map(|ability| CATALOGUE.abilities[ability.index()].name).collect(),
        };
        self.next_order += 1;
        self.cards.push(Card {
            printed,
            owner: controller,
            controller,
            zone: BATTLEFIELD,
            order: self.next_order,
            tapped: false,
            damage: 0,
            counters: (0, 0),
            moved_from: None,
            token: true,
        });
        self.moved.push(card);
        Some(card)
    }

    fn active_player(&self) -> PlayerId {
        self.active
    }

    fn sorcery_timing(&self, player: PlayerId) -> bool {
        self.active == player && self.main_phase
    }
}

/// A board and a runtime running the real cards on it.
pub struct Table {
    pub runtime: Runtime<Board>,
    pub board: Board,
    library: Arc<Library>,
    /// Answers given, in order, to the questions the cards ask.
    pub answers: Vec<Vec<Value>>,
    /// The questions asked, as `RequestKind` debug text.
    pub asked: Vec<String>,
}

impl Table {
    pub fn new() -> Option<Table> {
        Some(Table::with_library(library()?))
    }

    /// A table running the cards of `source` (a Wagic card file's text) only: tests of
    /// hand-made cards need no Wagic data.
    ///
    /// # Panics
    ///
    /// When a card of `source` does not compile.
    pub fn with_cards(source: &str) -> Table {
        let mut bundle = BundleBuilder::new(&CATALOGUE);
        for outcome in wagic::compile_source("test.txt", source, &mut bundle) {
            assert!(outcome.error.is_none(), "`{}` does not compile: {:?}", outcome.name, outcome.error);
        }
        Table::with_library(Arc::new(Library::compile(&[("test.txt", source.to_string())])))
    }

    fn with_library(library: Arc<Library>) -> Table {
        let runtime = Runtime::new(Arc::clone(&library.program), &CATALOGUE, wagic::builtins::<Board>());
        let board = Board {
            cards: Vec::new(),
            players: [Player { life: 20, mana: [0; 6] }, Player { life: 20, mana: [0; 6] }],
            effects: Vec::new(),
            abilities: Vec::new(),
            moved: Vec::new(),
            active: P0,
            main_phase: true,
            next_order: 0,
            seed: 1,
            cards_shuffled: 0,
        };
        Table { runtime, board, library, answers: Vec::new(), asked: Vec::new() }
    }

    /// Puts a card named `name` into `player`'s `zone` (a permanent entering the
    /// battlefield runs its enter-play effects).
    pub fn put(&mut self, name: &str, player: PlayerId, zone: ZoneIdx) -> CardId {
        let printed = self.library.printed.get(name).unwrap_or_else(|| panic!("no card `{name}`")).clone();
        let card = CardId(self.board.cards.len() as u32);
        self.board.cards.push(Card {
            printed,
            owner: player,
            controller: player,
            zone: HAND,
            order: 0,
            tapped: false,
            damage: 0,
            counters: (0, 0),
            moved_from: None,
            token: false,
        });
        self.board.place(card, player, zone, -1);
        self.settle();
        card
    }

    pub fn rules(&self, card: CardId) -> CardIdx {
        let name = &self.board.card(card).printed.name;
        *self.library.rules.get(name).unwrap_or_else(|| panic!("`{name}` does not compile"))
    }

    /// Casts an instant or sorcery from `player`'s hand: its action runs, then it goes to
    /// the graveyard.
    pub fn cast(&mut self, card: CardId, player: PlayerId) {
        self.activate(card, player);
        let owner = self.board.card(card).owner;
        self.board.place(card, owner, GRAVEYARD, -1);
        self.settle();
    }

    /// `player` activates `card`'s ability (or the spell's effect), answering from the queue.
    pub fn activate(&mut self, card: CardId, player: PlayerId) -> bool {
        let rules = self.rules(card);
        let outcome = self.runtime.activate(&mut self.board, card, rules, player).expect("no trap");
        let done = self.finish(outcome);
        self.settle();
        done
    }

    fn finish(&mut self, mut outcome: Outcome) -> bool {
        loop {
            match outcome {
                Outcome::Done(completion) => return completion == Completion::Success,
                Outcome::Suspended(execution) => {
                    self.asked.push(format!("{:?}", execution.request().kind));
                    assert!(!self.answers.is_empty(), "unanswered question {:?}", execution.request());
                    let answer = self.answers.remove(0);
                    outcome = self.runtime.resume(&mut self.board, execution, &answer).expect("a legal answer");
                }
            }
        }
    }

    /// The runtime follows the board: moves emit `movedto`, lethal damage destroys,
    /// cards in play are the battlefield's; queued autos run.
    pub fn settle(&mut self) {
        let movedto = self.runtime.event_index("movedto").expect("the catalogue has movedto");
        for _ in 0..32 {
            for index in 0..self.board.cards.len() {
                let card = CardId(index as u32);
                let c = self.board.card(card);
                let lethal = c.printed.types.iter().any(|t| t == "creature")
                    && (self.board.toughness(card) <= 0 || (c.damage > 0 && c.damage >= self.board.toughness(card)));
                if c.zone == BATTLEFIELD && lethal {
                    self.board.destroy(card, self.board.toughness(card) > 0);
                }
            }
            // As in Wagic, a card's triggers start listening once it has entered (its own
            // entering does not trigger them), and a card leaving still sees its own move
            // (`@movedto(this|graveyard) from(battlefield)`) before it leaves play.
            let moved = std::mem::take(&mut self.board.moved);
            for card in &moved {
                let player = self.board.controller(*card);
                self.runtime.emit(Event::new(movedto, player).with_object(Value::Card(*card)));
            }
            let outcome = self.runtime.run_events(&mut self.board).expect("no trap");
            self.finish(outcome);
            for index in 0..self.board.cards.len() {
                let card = CardId(index as u32);
                let c = self.board.card(card);
                if c.zone == BATTLEFIELD && !c.token && !self.runtime.in_play(card) {
                    let rules = self.rules(card);
                    self.runtime.enter_play(&mut self.board, card, rules).expect("enters play");
                }
            }
            let outcome = self.runtime.run_events(&mut self.board).expect("no trap");
            self.finish(outcome);
            for index in 0..self.board.cards.len() {
                let card = CardId(index as u32);
                if self.board.card(card).zone != BATTLEFIELD && self.runtime.in_play(card) {
                    self.runtime.leave_play(&mut self.board, card);
                }
            }
            if moved.is_empty() && self.board.moved.is_empty() && self.runtime.is_idle() {
                return;
            }
        }
    }

    /// The end of the turn: `ueot` effects end, damage wears off.
    pub fn end_turn(&mut self, active: PlayerId) {
        let ueot = vm::bytecode::RestrictionIdx::new(0);
        self.runtime.expire(&mut self.board, ueot, active);
        for card in &mut self.board.cards {
            card.damage = 0;
        }
        self.settle();
    }
}
