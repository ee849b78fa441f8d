//! An in-memory Magic board for running Wagic cards: [`Board`] (two players with life, a
//! mana pool and six zones; cards with types, power, toughness, damage, counters, tapped
//! state; the tokens `token(...)` makes) implements `Host` and [`WagicHost`], and
//! [`Table`] runs compiled Wagic cards on it with the Wagic builtins: the runtime's cards in
//! play follow the battlefield, each move emits `movedto`, lethal damage (and toughness 0)
//! sends a creature to its owner's graveyard, and the questions the cards ask are answered
//! from a queue the caller fills. Besides `movedto`, the table emits `tapped` and `untapped`
//! (a permanent's tapped state changed), `damaged` (a creature or player was dealt damage)
//! and `drawn` (a player drew a card). `wagic/tests/it/cards.rs` plays real cards on it, and
//! [`crate::runner`] runs Wagic's own behaviour tests on it (`rsc test --lang wagic`).
//!
//! It is a small model of the rules, not a game engine. It does not model: the stack
//! (a spell or ability resolves at once, nobody responds), priority, phases and turns
//! beyond [`Table::try_end_turn`] (`ueot` effects end, damage wears off; the runner steps
//! through phases on top of it), combat, summoning sickness, the legend rule, auras and
//! equipment, layers (a pump adds to the printed power; lords and `aslongas` are the
//! runtime's continuous effects), keyword abilities other than indestructible, deathtouch,
//! wither and lifelink (beyond filtering on them: no shroud, protection, persist...),
//! replacement effects other than prevention and
//! regeneration shields, poison, and losing the game. Tokens have the characteristics
//! `token(...)` gives them and no rules. Shuffling keeps the library's order (so that
//! tests know where cards are) and counts the work.

use std::collections::HashMap;
use std::sync::Arc;

use crate::catalogue::{self, CATALOGUE};
use crate::host::{Colour, EffectCode, Token, WagicHost};
use vm::bytecode::{AttributeIdx, BundleBuilder, CardIdx, CardTypeIdx, ComparableIdx, FilterKeywordIdx, Program};
use vm::bytecode::{SubtypeIdx, VariableIdx, ZoneIdx, ZoneRef};
use vm::runtime::{
    CardId, Completion, Effect, EffectId, EffectKind, Env, Event, Execution, Host, Lists, Outcome, PlayerId,
    RequestKind, Runtime, Value,
};

/// The first player (Wagic's `[PLAYER1]`, `p1`), whose turn a table starts in.
pub const P0: PlayerId = PlayerId(0);
/// The second player (`[PLAYER2]`, `p2`).
pub const P1: PlayerId = PlayerId(1);
/// The zones, in [`catalogue::ZONES`] order.
pub const BATTLEFIELD: ZoneIdx = ZoneIdx(0);
/// A player's hand.
pub const HAND: ZoneIdx = ZoneIdx(1);
/// A player's graveyard.
pub const GRAVEYARD: ZoneIdx = ZoneIdx(2);
/// A player's library (the lowest order is its top).
pub const LIBRARY: ZoneIdx = ZoneIdx(3);
/// A player's exiled cards.
pub const EXILE: ZoneIdx = ZoneIdx(4);
/// Where a spell is while it resolves.
pub const STACK: ZoneIdx = ZoneIdx(5);

/// A card's printed characteristics, read from its `[card]` block.
#[derive(Debug, Clone, Default)]
pub struct Printed {
    /// `name=`.
    pub name: String,
    /// `type=` and `subtype=` words, lower case.
    pub types: Vec<String>,
    /// Its colours, from its mana cost, in [`catalogue::COLOUR_NAMES`] words.
    pub colours: Vec<&'static str>,
    /// `power=` (0 when absent or not a number).
    pub power: i32,
    /// `toughness=`.
    pub toughness: i32,
    /// The mana value of `mana=`.
    pub mana_value: i32,
    /// `mana=` as written (`{1}{R}`): what casting it costs.
    pub mana_cost: String,
    /// `target=` as written (a spell's target), empty when absent.
    pub target: String,
    /// Its `auto=` lines as written.
    pub autos: Vec<String>,
    /// A token's keyword abilities (a card's `abilities=` are granted by the runtime).
    pub abilities: Vec<&'static str>,
}

/// Why a card name has no rules to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    /// No card of the files has this name.
    Unknown,
    /// The card's first block does not compile: its diagnostic (`E0100 unsupported: ...`).
    NotCompiled(String),
}

/// The cards of some Wagic card files, compiled into one program, with each card's printed
/// characteristics. A name met twice is the first block's (as Wagic loads them).
pub struct Library {
    /// The cards that compiled.
    pub program: Arc<Program>,
    /// Each compiled card's bundle key (its name) and index.
    pub rules: HashMap<String, CardIdx>,
    /// Each card's printed characteristics, by name.
    pub printed: HashMap<String, Printed>,
    /// Each name, lower case, to the name as written (Wagic finds cards by any case).
    names: HashMap<String, String>,
    /// The diagnostic of each card whose first block did not compile, by name.
    refused: HashMap<String, String>,
}

impl Library {
    /// Every card of `sources` (file name, text) that compiles, in one program; a card's
    /// printed characteristics are those of the first block with its name. An error only
    /// when the bundle cannot be built (a limit of the bundle format).
    pub fn compile(sources: &[(&str, String)]) -> Result<Library, String> {
        let mut bundle = BundleBuilder::new(&CATALOGUE);
        let mut printed = HashMap::new();
        let mut names = HashMap::new();
        let mut refused = HashMap::new();
        let mut keys = crate::CardKeys::default();
        for (file, source) in sources {
            crate::compile_each(file, source, &mut bundle, &mut keys, |outcome| {
                if let Some(error) = outcome.error
                    && !printed.contains_key(&outcome.name)
                {
                    refused.entry(outcome.name).or_insert_with(|| format!("{} {}", error.code.as_str(), error.message));
                }
            });
            for block in crate::reader::read(source) {
                let name = block.name().to_string();
                names.entry(name.to_lowercase()).or_insert_with(|| name.clone());
                printed.entry(name).or_insert_with(|| printed_of(&block));
            }
        }
        let bytes = bundle.finish().map_err(|error| format!("the bundle cannot be built: {error}"))?;
        let program =
            Program::load(&bytes, &CATALOGUE).map_err(|error| format!("the bundle does not load: {error}"))?;
        let rules = (0..program.cards().len())
            .filter_map(|index| {
                let idx = CardIdx::new(index);
                program.card_key(idx).map(|key| (key.to_string(), idx))
            })
            .collect();
        Ok(Library { program: Arc::new(program), rules, printed, names, refused })
    }

    /// The name as the card files write it of the card named `name` in any case.
    pub fn name_of(&self, name: &str) -> Option<&str> {
        self.names.get(&name.to_lowercase()).map(String::as_str)
    }

    /// The rules of the card named `name` (as written), or why it has none.
    pub fn rules_of(&self, name: &str) -> Result<CardIdx, Missing> {
        if let Some(&rules) = self.rules.get(name) {
            return Ok(rules);
        }
        match self.refused.get(name) {
            Some(error) => Err(Missing::NotCompiled(error.clone())),
            None => Err(Missing::Unknown),
        }
    }
}

fn printed_of(block: &crate::reader::CardBlock<'_>) -> Printed {
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
    let mut mana_value: i32 = 0;
    for symbol in mana.split('{').filter_map(|part| part.strip_suffix('}').or(Some(part))).filter(|s| !s.is_empty()) {
        let symbol = symbol.trim_end_matches('}');
        if let Ok(generic) = symbol.parse::<i32>() {
            mana_value = mana_value.saturating_add(generic);
            continue;
        }
        mana_value = mana_value.saturating_add(1);
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
        mana_cost: mana.trim().to_string(),
        target: block.field("target").map_or(String::new(), |field| field.value.trim().to_string()),
        autos: block
            .fields
            .iter()
            .filter(|field| field.key.eq_ignore_ascii_case("auto"))
            .map(|field| field.value.to_string())
            .collect(),
        abilities: Vec::new(),
    }
}

/// One card on the board.
#[derive(Debug, Clone)]
pub struct Card {
    /// What is printed on it.
    pub printed: Printed,
    /// Who owns it (whose hand, graveyard, library and exile it goes to).
    pub owner: PlayerId,
    /// Who controls it on the battlefield.
    pub controller: PlayerId,
    /// Where it is.
    pub zone: ZoneIdx,
    /// Order within the zone (lowest first: the top of a library).
    pub order: i64,
    /// Whether it is tapped.
    pub tapped: bool,
    /// Damage marked on it this turn.
    pub damage: i32,
    /// Its `+p/+t` counters, summed.
    pub counters: (i32, i32),
    /// Where it was before its last move.
    pub moved_from: Option<(PlayerId, ZoneIdx)>,
    /// Made by `token(...)`: no card of the library, no rules of the program.
    pub token: bool,
    /// Declared as an attacker this combat.
    pub attacking: bool,
}

/// One player.
#[derive(Debug, Clone, Default)]
pub struct Player {
    /// Life total.
    pub life: i32,
    /// Mana pool, in [`catalogue::MANA_COLOURS`] order (W, U, B, R, G, colourless).
    pub mana: [i32; 6],
}

/// The board: cards, players and the effects in force.
#[derive(Debug)]
pub struct Board {
    /// Every card, by `CardId` number (cards are never removed).
    pub cards: Vec<Card>,
    /// The two players.
    pub players: [Player; 2],
    /// Timed effects in force: id, code, target, value.
    pub effects: Vec<(u32, EffectCode, Value, i32)>,
    /// Abilities in force: id, card, ability name.
    pub abilities: Vec<(u32, Value, &'static str)>,
    /// Cards moved since the table last emitted `movedto`.
    pub moved: Vec<CardId>,
    /// The other object events since the table last emitted them: the event's name
    /// (`tapped`, `untapped`, `damaged`, `drawn`), its player and its object.
    pub events: Vec<(&'static str, PlayerId, Value)>,
    /// Whose turn it is.
    pub active: PlayerId,
    /// Whether it is a main phase with nothing on the stack.
    pub main_phase: bool,
    next_order: i64,
    seed: u32,
    /// Cards the libraries held when they were shuffled, summed: the work of the
    /// shuffles (a real shuffle moves every card of the library).
    pub cards_shuffled: usize,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// An empty board: both players at 20 life with empty pools, `P0`'s main phase.
    pub fn new() -> Board {
        Board {
            cards: Vec::new(),
            players: [Player { life: 20, mana: [0; 6] }, Player { life: 20, mana: [0; 6] }],
            effects: Vec::new(),
            abilities: Vec::new(),
            moved: Vec::new(),
            events: Vec::new(),
            active: P0,
            main_phase: true,
            next_order: 0,
            seed: 1,
            cards_shuffled: 0,
        }
    }

    /// The card with this handle.
    ///
    /// # Panics
    ///
    /// For a handle this board never gave ([`Board::get`] does not panic).
    pub fn card(&self, card: CardId) -> &Card {
        &self.cards[card.0 as usize]
    }

    /// The card with this handle, if the board gave it.
    pub fn get(&self, card: CardId) -> Option<&Card> {
        self.cards.get(card.0 as usize)
    }

    fn get_mut(&mut self, card: CardId) -> Option<&mut Card> {
        self.cards.get_mut(card.0 as usize)
    }

    /// The player with this handle (the second for any other number).
    fn player_mut(&mut self, player: PlayerId) -> &mut Player {
        &mut self.players[usize::from(player.0 != 0)]
    }

    /// The player with this handle (the second for any other number).
    pub fn player(&self, player: PlayerId) -> &Player {
        &self.players[usize::from(player.0 != 0)]
    }

    /// Printed power, counters and pumps (0 for an unknown handle).
    pub fn power(&self, card: CardId) -> i32 {
        let Some(c) = self.get(card) else { return 0 };
        c.printed.power.saturating_add(c.counters.0).saturating_add(self.sum(EffectCode::Power, card))
    }

    /// Printed toughness, counters and pumps (0 for an unknown handle).
    pub fn toughness(&self, card: CardId) -> i32 {
        let Some(c) = self.get(card) else { return 0 };
        c.printed.toughness.saturating_add(c.counters.1).saturating_add(self.sum(EffectCode::Toughness, card))
    }

    fn sum(&self, code: EffectCode, card: CardId) -> i32 {
        self.effects
            .iter()
            .filter(|(_, c, target, _)| *c == code && *target == Value::Card(card))
            .fold(0i32, |sum, (_, _, _, value)| sum.saturating_add(*value))
    }

    /// Whether the card has the keyword ability `name`, printed on a token or granted.
    pub fn has_ability(&self, card: CardId, name: &str) -> bool {
        self.get(card).is_some_and(|c| c.printed.abilities.contains(&name))
            || self.abilities.iter().any(|(_, target, ability)| *target == Value::Card(card) && *ability == name)
    }

    /// The names of `player`'s cards in `zone`, in order.
    pub fn names(&self, player: PlayerId, zone: ZoneIdx) -> Vec<String> {
        self.zone(player, zone).into_iter().filter_map(|card| self.get(card)).map(|c| c.printed.name.clone()).collect()
    }

    /// `player`'s cards in `zone`, in order.
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
        if let Some(owner) = self.get(card).map(|c| c.owner) {
            self.place(card, owner, zone, -1);
        }
    }

    /// Puts a card into `player`'s `zone` (`position` 0 of a library: its top); the
    /// table emits `movedto` for it. Nothing for an unknown handle.
    pub fn place(&mut self, card: CardId, player: PlayerId, zone: ZoneIdx, position: i32) {
        let Some(c) = self.get(card) else { return };
        let from = (self.zone_player(c), c.zone);
        self.next_order += 1;
        let order = if position == 0 && zone == LIBRARY { -self.next_order } else { self.next_order };
        let Some(c) = self.get_mut(card) else { return };
        c.moved_from = Some(from);
        c.zone = zone;
        c.order = order;
        if zone == BATTLEFIELD {
            c.controller = player;
        } else {
            c.controller = c.owner;
            c.tapped = false;
            c.attacking = false;
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
        self.get(card).map_or(P0, |c| c.controller)
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
        let types = &self.get(card)?.printed.types;
        catalogue::CARD_TYPES.iter().position(|ty| types.iter().any(|t| t == ty.name)).map(CardTypeIdx::new)
    }

    fn card_has_type(&self, card: CardId, ty: CardTypeIdx) -> bool {
        let Some(c) = self.get(card) else { return false };
        let types = &c.printed.types;
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
        let Some(c) = self.get(card) else { return false };
        match catalogue::FILTERS[keyword.index()].name {
            "tapped" => c.tapped,
            "multicolor" => c.printed.colours.len() > 1,
            "white" | "blue" | "black" | "red" | "green" => {
                c.printed.colours.contains(&catalogue::FILTERS[keyword.index()].name)
            }
            "token" => c.token,
            "attacking" => c.attacking,
            "blocking" | "blocked" => false,
            ability => self.has_ability(card, ability),
        }
    }

    fn property(&self, object: Value, property: ComparableIdx) -> Option<i32> {
        let card = object.as_card()?;
        Some(match catalogue::COMPARABLE_FILTERS[property.index()].name {
            "power" => self.power(card),
            "toughness" => self.toughness(card),
            _ => self.get(card)?.printed.mana_value,
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
            "manacost" => Value::Int(self.get(card).map_or(0, |c| c.printed.mana_value)),
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
        self.get(card).map_or(P0, |c| c.owner)
    }

    fn has_type_word(&self, card: CardId, word: &str) -> bool {
        let Some(c) = self.get(card) else { return false };
        let singular = word.strip_suffix('s').unwrap_or(word);
        c.printed.name.eq_ignore_ascii_case(word) || c.printed.types.iter().any(|t| t == word || t == singular)
    }

    fn deal_damage(&mut self, source: CardId, target: Value, amount: i32) -> bool {
        let mut amount = amount;
        for (_, code, on, value) in self.effects.iter_mut() {
            if *code == EffectCode::Prevent && *on == target {
                let prevented = amount.min(*value).max(0);
                amount -= prevented;
                *value -= prevented;
            }
        }
        let player = match target {
            Value::Player(player) => {
                let life = &mut self.player_mut(player).life;
                *life = life.saturating_sub(amount);
                player
            }
            Value::Card(card) => {
                let (wither, deathtouch) = (self.has_ability(source, "wither"), self.has_ability(source, "deathtouch"));
                let toughness = self.toughness(card);
                match self.get_mut(card) {
                    // Wither: the damage is dealt as -1/-1 counters.
                    Some(c) if wither => {
                        c.counters.0 = c.counters.0.saturating_sub(amount.max(0));
                        c.counters.1 = c.counters.1.saturating_sub(amount.max(0));
                        c.controller
                    }
                    Some(c) => {
                        c.damage = c.damage.saturating_add(amount);
                        // Deathtouch: any damage is lethal (marked as the toughness).
                        if deathtouch && amount > 0 {
                            c.damage = c.damage.max(toughness);
                        }
                        c.controller
                    }
                    None => return false,
                }
            }
            _ => return false,
        };
        if amount > 0 {
            self.events.push(("damaged", player, target));
            if self.has_ability(source, "lifelink") {
                let controller = self.get(source).map_or(P0, |c| c.controller);
                self.change_life(controller, amount);
            }
        }
        true
    }

    fn change_life(&mut self, player: PlayerId, amount: i32) {
        let life = &mut self.player_mut(player).life;
        *life = life.saturating_add(amount);
    }

    fn draw(&mut self, player: PlayerId, count: i32) -> i32 {
        let library = self.zone(player, LIBRARY);
        let drawn = library.len().min(count.max(0) as usize);
        for &card in &library[..drawn] {
            self.place(card, player, HAND, -1);
            self.events.push(("drawn", player, Value::Player(player)));
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
        let Some(owner) = self.get(card).filter(|c| c.zone == BATTLEFIELD).map(|c| c.owner) else { return false };
        if self.has_ability(card, "indestructible") {
            return false;
        }
        let shield = self
            .effects
            .iter()
            .position(|(_, code, on, value)| *code == EffectCode::Regenerate && *on == Value::Card(card) && *value > 0);
        if let (true, Some(shield)) = (can_regenerate, shield) {
            self.effects[shield].3 = 0;
            if let Some(c) = self.get_mut(card) {
                c.tapped = true;
                c.damage = 0;
            }
            return false;
        }
        self.place(card, owner, GRAVEYARD, -1);
        true
    }

    fn is_tapped(&self, card: CardId) -> bool {
        self.get(card).is_some_and(|c| c.tapped)
    }

    fn set_tapped(&mut self, card: CardId, tapped: bool) -> bool {
        let Some(c) = self.get_mut(card) else { return false };
        let changed = c.tapped != tapped;
        c.tapped = tapped;
        let controller = c.controller;
        if changed {
            self.events.push((if tapped { "tapped" } else { "untapped" }, controller, Value::Card(card)));
        }
        changed
    }

    fn add_counters(&mut self, card: CardId, power: i32, toughness: i32, count: i32) {
        let Some(c) = self.get_mut(card) else { return };
        c.counters.0 = c.counters.0.saturating_add(power.saturating_mul(count));
        c.counters.1 = c.counters.1.saturating_add(toughness.saturating_mul(count));
    }

    fn add_mana(&mut self, player: PlayerId, colour: Colour, count: i32) {
        let pool = &mut self.player_mut(player).mana[usize::from(colour).min(5)];
        *pool = pool.saturating_add(count);
    }

    fn mana(&self, player: PlayerId, colour: Colour) -> i32 {
        self.player(player).mana[usize::from(colour).min(5)]
    }

    fn spend_mana(&mut self, player: PlayerId, colour: Colour, count: i32) -> bool {
        let pool = &mut self.player_mut(player).mana[usize::from(colour).min(5)];
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
            mana_cost: String::new(),
            target: String::new(),
            autos: Vec::new(),
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
            attacking: false,
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

/// Why a table could not go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableError {
    /// No card of the library has this name.
    UnknownCard(String),
    /// The card's rules did not compile: its name and its diagnostic.
    NotCompiled(String, String),
    /// A card asked a question and no answer was queued: the question's kind.
    Unanswered(String),
    /// The runtime refused an answer: why.
    IllegalAnswer(String),
    /// A card's code trapped: the trap.
    Trap(String),
    /// The board did not settle in [`SETTLE_ROUNDS`] rounds (triggers that keep firing).
    Unsettled,
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::UnknownCard(name) => write!(f, "no card named `{name}` in the card files"),
            TableError::NotCompiled(name, error) => write!(f, "card `{name}` does not compile ({error})"),
            TableError::Unanswered(kind) => write!(f, "a card asks a question ({kind}) nobody answers"),
            TableError::IllegalAnswer(why) => write!(f, "an answer was refused ({why})"),
            TableError::Trap(trap) => write!(f, "a card's code trapped ({trap})"),
            TableError::Unsettled => write!(f, "the board did not settle in {SETTLE_ROUNDS} rounds"),
        }
    }
}

impl std::error::Error for TableError {}

/// The most rounds of [`Table::try_settle`] (moves, lethal damage, triggers) before it
/// gives up: triggers that keep firing would otherwise never end.
pub const SETTLE_ROUNDS: usize = 32;

/// Where an activation stands: done (whether it succeeded), or waiting for an answer.
#[derive(Debug)]
pub enum Step {
    /// It ended: `true` when it ran to the end.
    Done(bool),
    /// It waits for an answer to its request ([`Table::resume`]).
    Asks(Execution),
}

/// A board and a runtime running the real cards on it.
pub struct Table {
    /// The runtime running the library's program.
    pub runtime: Runtime<Board>,
    /// The board.
    pub board: Board,
    /// The cards.
    library: Arc<Library>,
    /// Answers given, in order, to the questions the cards ask.
    pub answers: Vec<Vec<Value>>,
    /// The questions asked, as `RequestKind` debug text.
    pub asked: Vec<String>,
}

impl Table {
    /// An empty board running the cards of `library`.
    pub fn with_library(library: Arc<Library>) -> Table {
        let runtime = Runtime::new(Arc::clone(&library.program), &CATALOGUE, crate::builtins::<Board>());
        Table { runtime, board: Board::new(), library, answers: Vec::new(), asked: Vec::new() }
    }

    /// The cards this table runs.
    pub fn library(&self) -> &Library {
        &self.library
    }

    /// Puts a card named `name` (any case) into `player`'s `zone` (`position` 0 of a
    /// library: its top) without settling: the caller settles ([`Table::try_settle`]).
    pub fn add_card(
        &mut self,
        name: &str,
        player: PlayerId,
        zone: ZoneIdx,
        position: i32,
    ) -> Result<CardId, TableError> {
        let name = self.library.name_of(name).ok_or_else(|| TableError::UnknownCard(name.to_string()))?;
        let printed = self.library.printed.get(name).cloned().ok_or_else(|| TableError::UnknownCard(name.into()))?;
        let card = CardId(u32::try_from(self.board.cards.len()).map_err(|_| TableError::Unsettled)?);
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
            attacking: false,
        });
        self.board.place(card, player, zone, position);
        Ok(card)
    }

    /// Puts a card named `name` into `player`'s `zone` (a permanent entering the
    /// battlefield runs its enter-play effects).
    pub fn try_put(&mut self, name: &str, player: PlayerId, zone: ZoneIdx) -> Result<CardId, TableError> {
        let card = self.add_card(name, player, zone, -1)?;
        self.try_settle()?;
        Ok(card)
    }

    /// The rules of a card on the board.
    pub fn rules(&self, card: CardId) -> Result<CardIdx, TableError> {
        let name = self.board.get(card).map_or("", |c| c.printed.name.as_str());
        self.library.rules_of(name).map_err(|missing| match missing {
            Missing::Unknown => TableError::UnknownCard(name.to_string()),
            Missing::NotCompiled(error) => TableError::NotCompiled(name.to_string(), error),
        })
    }

    /// Casts an instant or sorcery from `player`'s hand: its action runs, then it goes to
    /// the graveyard. Whether the action ran to the end.
    pub fn try_cast(&mut self, card: CardId, player: PlayerId) -> Result<bool, TableError> {
        let done = self.try_activate(card, player)?;
        if let Some(owner) = self.board.get(card).map(|c| c.owner) {
            self.board.place(card, owner, GRAVEYARD, -1);
        }
        self.try_settle()?;
        Ok(done)
    }

    /// `player` activates `card`'s ability (or the spell's effect), answering from the
    /// queue; whether it ran to the end.
    pub fn try_activate(&mut self, card: CardId, player: PlayerId) -> Result<bool, TableError> {
        let rules = self.rules(card)?;
        let outcome = self.runtime.activate(&mut self.board, card, rules, player).map_err(trap)?;
        let done = self.finish(outcome)?;
        self.try_settle()?;
        Ok(done)
    }

    /// `player` starts activating `card` (its one action, or the spell's effect), without
    /// answering from the queue: the caller answers ([`Table::resume`]) and settles.
    pub fn start(&mut self, card: CardId, player: PlayerId) -> Result<Step, TableError> {
        let rules = self.rules(card)?;
        let outcome = self.runtime.activate(&mut self.board, card, rules, player).map_err(trap)?;
        Ok(step(outcome))
    }

    /// Answers the request of a waiting activation.
    pub fn resume(&mut self, execution: Execution, answer: &[Value]) -> Result<Step, TableError> {
        let outcome = self
            .runtime
            .resume(&mut self.board, execution, answer)
            .map_err(|error| TableError::IllegalAnswer(format!("{error:?}")))?;
        Ok(step(outcome))
    }

    /// Runs an outcome to its end, answering each question from the queue; whether it
    /// succeeded.
    fn finish(&mut self, mut outcome: Outcome) -> Result<bool, TableError> {
        loop {
            match outcome {
                Outcome::Done(completion) => return Ok(completion == Completion::Success),
                Outcome::Suspended(execution) => {
                    let kind = format!("{:?}", execution.request().kind);
                    self.asked.push(kind.clone());
                    if self.answers.is_empty() {
                        self.runtime.cancel(execution);
                        return Err(TableError::Unanswered(kind));
                    }
                    let answer = self.answers.remove(0);
                    outcome = self
                        .runtime
                        .resume(&mut self.board, execution, &answer)
                        .map_err(|error| TableError::IllegalAnswer(format!("{error:?}")))?;
                }
            }
        }
    }

    /// The runtime follows the board: moves emit `movedto`, lethal damage destroys,
    /// cards in play are the battlefield's; queued autos run (their questions answered
    /// from the queue).
    pub fn try_settle(&mut self) -> Result<(), TableError> {
        let movedto = self.runtime.event_index("movedto").ok_or(TableError::Unsettled)?;
        for _ in 0..SETTLE_ROUNDS {
            for index in 0..self.board.cards.len() {
                let card = CardId(index as u32);
                let c = &self.board.cards[index];
                let toughness = self.board.toughness(card);
                let lethal = c.printed.types.iter().any(|t| t == "creature")
                    && (toughness <= 0 || (c.damage > 0 && c.damage >= toughness));
                if c.zone == BATTLEFIELD && lethal {
                    if toughness <= 0 {
                        // Toughness 0 or less is no destruction: no shield, nor
                        // indestructible, keeps the creature.
                        let owner = c.owner;
                        self.board.place(card, owner, GRAVEYARD, -1);
                    } else {
                        self.board.destroy(card, true);
                    }
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
            let events = std::mem::take(&mut self.board.events);
            for &(name, player, object) in &events {
                if let Some(event) = self.runtime.event_index(name) {
                    self.runtime.emit(Event::new(event, player).with_object(object));
                }
            }
            let outcome = self.runtime.run_events(&mut self.board).map_err(trap)?;
            self.finish(outcome)?;
            for index in 0..self.board.cards.len() {
                let card = CardId(index as u32);
                let c = &self.board.cards[index];
                if c.zone == BATTLEFIELD && !c.token && !self.runtime.in_play(card) {
                    let rules = self.rules(card)?;
                    self.runtime.enter_play(&mut self.board, card, rules).map_err(trap)?;
                }
            }
            let outcome = self.runtime.run_events(&mut self.board).map_err(trap)?;
            self.finish(outcome)?;
            for index in 0..self.board.cards.len() {
                let card = CardId(index as u32);
                if self.board.cards[index].zone != BATTLEFIELD && self.runtime.in_play(card) {
                    self.runtime.leave_play(&mut self.board, card);
                }
            }
            let quiet = moved.is_empty() && events.is_empty();
            if quiet && self.board.moved.is_empty() && self.board.events.is_empty() && self.runtime.is_idle() {
                return Ok(());
            }
        }
        Err(TableError::Unsettled)
    }

    /// The end of the turn: `ueot` effects end, damage wears off.
    pub fn try_end_turn(&mut self, active: PlayerId) -> Result<(), TableError> {
        let ueot = vm::bytecode::RestrictionIdx::new(0);
        self.runtime.expire(&mut self.board, ueot, active);
        for card in &mut self.board.cards {
            card.damage = 0;
        }
        self.try_settle()
    }
}

fn trap(trap: vm::runtime::Trap) -> TableError {
    TableError::Trap(format!("{trap:?}"))
}

fn step(outcome: Outcome) -> Step {
    match outcome {
        Outcome::Done(completion) => Step::Done(completion == Completion::Success),
        Outcome::Suspended(execution) => Step::Asks(execution),
    }
}
