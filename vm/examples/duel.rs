//! A third game on the compiler and VM, neither Card Fighters' Clash nor Magic: Duel, a
//! two-player card game with its own catalogue, its own names for the parts the compiler
//! and the runtime give a meaning to, its own builtins and host, and seven cards written in
//! RuleScript and compiled at start-up. It then plays a scripted turn for each player and
//! prints what happened.
//!
//! ```sh
//! cargo run -p vm --example duel
//! cargo test -p vm --example duel      # the same game, its outcome asserted
//! cargo run -p vm --example duel -- --write-catalogue duel.json
//! ```
//!
//! The last writes Duel's catalogue as a catalogue file (`catalogue_file::to_json`), so that
//! `rsc check --catalogue duel.json`, `rsc compile --catalogue duel.json` and `rsc disas
//! --catalogue duel.json` work on Duel's cards written as `.rules` files: the bundle `rsc`
//! compiles loads here, the file having the Rust catalogue's identity.
//!
//! The game: each duelist has 10 life, 3 energy a turn, a hand, a deck, a board of units
//! with power and a grave. Spells are played from the hand and go to the grave; units are
//! put on the board by `summon`; a unit brought to 0 power goes to the grave.

use vm::bytecode::{
    AttributeIdx, BundleBuilder, CardIdx, CardTypeIdx, ComparableIdx, EventIdx, Program, RestrictionIdx, VariableIdx,
    ZoneRef,
};
use vm::catalogue::{Catalogue, CostArg, CostSpec, EventSpec, NamedSpec, Roles, ZoneSpec};
use vm::runtime::{
    Builtins, CallContext, CardId, Completion, CostPhase, Effect, EffectKind, Env, Event, Host, Lists, Outcome,
    PlayerId, ResumeError, Runtime, Status, Trap, Value,
};

// ---------------------------------------------------------------------------------------
// The catalogue: every name a Duel card may use.
// ---------------------------------------------------------------------------------------

const fn named(name: &'static str, doc: &'static str) -> NamedSpec {
    NamedSpec { name, doc }
}

// `Command` (whose discriminant is the builtin id) and `COMMANDS`, from one table.
vm::define_commands! {
    Strike {
        name: "strike",
        params: [req "amount": Expr],
        default_target: Nothing,
        timed: false,
        doc: "Each target duelist loses that much life, each target unit that much power.",
        fails_when: "never",
    },
    Mend {
        name: "mend",
        params: [req "amount": Expr],
        default_target: SourceController,
        timed: false,
        doc: "Each target duelist gains that much life.",
        fails_when: "never",
    },
    Draw {
        name: "draw",
        params: [opt "count": Expr],
        default_target: SourceController,
        timed: false,
        doc: "Each target duelist draws that many cards (1 when left out).",
        fails_when: "the deck is empty",
    },
    Empower {
        name: "empower",
        params: [req "amount": Expr],
        default_target: Source,
        timed: true,
        doc: "Each target unit gains that much power, until its timer runs out (`eot`).",
        fails_when: "never",
    },
    Summon {
        name: "summon",
        params: [req "unit": Filter],
        default_target: Irrelevant,
        timed: false,
        doc: "Puts the unit chosen onto its owner's board; `summoned` follows.",
        fails_when: "no unit matches",
    },
}

// Indices into the lists below, where the host and the builtins need them (a test checks
// each names what it says).
const BOARD: usize = 0;
const HAND: usize = 1;
const DECK: usize = 2;
const GRAVE: usize = 3;
const UNIT: usize = 0;
const SPELL: usize = 1;
const ENEMY: usize = 1;
const SUMMONED: usize = 0;
const EOT: usize = 0;
const HERO: usize = 0;
const FOE: usize = 1;
const LIFE: usize = 0;
const ENERGY: usize = 1;
const POWER: usize = 2;
const SIZE: usize = 3;
const BOARD_ATTR: usize = 4;
const POWER_FILTER: usize = 0;
/// The tag of `empower`'s lasting effect (`EffectKind::Custom`).
const EMPOWERED: u16 = 1;

/// Duel's catalogue. Its role words are its own: a duelist is `hero` or `foe`, a card
/// `itself`, zones are `own` or `enemy`, and so are events.
static CATALOGUE: Catalogue = Catalogue {
    name: "duel",
    commands: &COMMANDS,
    costs: &[CostSpec { name: "E", arg: CostArg::OptionalCountOrFilter, doc: "Pay that much energy (1 by default)." }],
    comparable_filters: &[named("power", "A unit's power.")],
    // The first zone is where a filter without `@` looks.
    zones: &[
        ZoneSpec { name: "board", is_pile: false, doc: "Units in play; without a prefix, both boards." },
        ZoneSpec { name: "hand", is_pile: true, doc: "A duelist's hand." },
        ZoneSpec { name: "deck", is_pile: true, doc: "A duelist's deck, top first." },
        ZoneSpec { name: "grave", is_pile: true, doc: "Spent spells and fallen units." },
    ],
    zone_prefixes: &[named("own", "The source's controller's."), named("enemy", "The opponent's.")],
    card_types: &[named("unit", "A card that stays on the board."), named("spell", "A card played once.")],
    events: &[
        EventSpec { name: "summoned", is_hook: false, has_object: true, doc: "A unit was put onto a board." },
        EventSpec { name: "turnStart", is_hook: false, has_object: false, doc: "A duelist's turn begins." },
    ],
    event_prefixes: &[named("own", "The auto's controller's."), named("enemy", "The opponent's.")],
    event_suffixes: &[named("self", "The object is the auto's card."), named("whichever", "Any object.")],
    restrictions: &[named("eot", "Until the end of the turn.")],
    variables: &[
        named("hero", "The source's controller."),
        named("foe", "Its opponent."),
        named("source", "The card whose rule runs."),
        named("chosen", "The rule's targets."),
        named("newcomer", "The unit an event is about."),
    ],
    attributes: &[
        named("life", "A duelist's life."),
        named("energy", "A duelist's energy."),
        named("power", "A unit's power."),
        named("size", "How many elements a list has."),
        named("board", "A duelist's units in play."),
    ],
    roles: Roles {
        target_controller: Some("hero"),
        target_opponent: Some("foe"),
        target_source: Some("itself"),
        target_player: Some("duelist"),
        source: Some("source"),
        targets: Some("chosen"),
        event_object: Some("newcomer"),
        event_mine: Some("own"),
        event_opponent: Some("enemy"),
        suffix_source: Some("self"),
        suffix_any_object: Some("whichever"),
        zone_mine: Some("own"),
        zone_opponent: Some("enemy"),
        ..Roles::NONE
    },
    // The lists Duel has none of (filters, abilities, functions...), and whatever a later
    // catalogue adds, are empty.
    ..Catalogue::EMPTY
};

/// The cards, in RuleScript, by key: the name the engine's cards carry.
const RULES: &[(&str, &str)] = &[
    ("spark", "action = {E(1)}: strike(3) to(foe)\n"),
    ("bolt", "action = {E(2)}: strike(2) to(unit[power<=2]@enemyBoard)\n"),
    ("rally", "action = empower(2) to(units@ownBoard) eot\n"),
    ("call", "action = summon(<1>unit@ownHand)\n"),
    // Units: their autos listen while they are on the board. An auto's statements act on
    // its own card unless they say otherwise (a command's default target is for actions
    // only), so these name the duelist.
    ("medic", "auto = ~summoned:self~ mend(hero.board.size) to(hero)\n"),
    ("drummer", "auto = ~ownSummoned:whichever~ draw(1) to(hero)\n"),
    // `foe` is the sentry's controller's foe: autos run as their controller (`Duel::new`).
    ("sentry", "auto = ~enemySummoned:whichever~ strike(1) to(foe)\n"),
];

/// Compiles `rules` into one bundle, or gives every diagnostic of the first card that
/// does not compile.
fn compile(rules: &[(&str, &str)]) -> Result<Vec<u8>, Vec<compiler::Diagnostic>> {
    compile_against(&CATALOGUE, rules)
}

/// [`compile`] against `catalogue` (Duel's, or the one read back from its catalogue file).
fn compile_against(
    catalogue: &'static Catalogue,
    rules: &[(&str, &str)],
) -> Result<Vec<u8>, Vec<compiler::Diagnostic>> {
    let mut session = compiler::Session::new(catalogue);
    let mut bundle = BundleBuilder::new(catalogue);
    for (key, source) in rules {
        let diagnostics = session.compile_card(key, source, &mut bundle);
        if diagnostics.iter().any(|diagnostic| diagnostic.severity() == compiler::Severity::Error) {
            return Err(diagnostics);
        }
    }
    Ok(bundle.finish().expect("a bundle of a few cards fits the format"))
}

// ---------------------------------------------------------------------------------------
// The engine's state and its `Host`.
// ---------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Unit,
    Spell,
}

#[derive(Debug)]
struct Card {
    name: &'static str,
    kind: Kind,
    owner: usize,
    power: i32,
    /// The card's rules in the bundle, when it has any.
    rules: Option<CardIdx>,
}

#[derive(Debug, Default)]
struct Duelist {
    life: i32,
    energy: i32,
    /// Card numbers per zone, `BOARD`, `HAND`, `DECK` (top first) and `GRAVE`.
    zones: [Vec<u32>; 4],
}

/// The table: every card and both duelists, and what happened, line by line.
#[derive(Debug)]
struct Table {
    cards: Vec<Card>,
    duelists: [Duelist; 2],
    log: Vec<String>,
}

impl Table {
    fn card(&self, id: CardId) -> Option<&Card> {
        self.cards.get(id.0 as usize)
    }

    /// Moves a card to the end of its owner's `zone` from wherever it is.
    fn put(&mut self, id: CardId, zone: usize) {
        let Some(owner) = self.card(id).map(|card| card.owner) else { return };
        for zone in &mut self.duelists[owner].zones {
            zone.retain(|&card| card != id.0);
        }
        self.duelists[owner].zones[zone].push(id.0);
    }

    fn name(&self, value: Value) -> String {
        match value {
            Value::Card(id) => self.card(id).map_or("?", |card| card.name).to_string(),
            Value::Player(player) => ["North", "South"].get(player.0 as usize).unwrap_or(&"?").to_string(),
            other => format!("{other:?}"),
        }
    }

    fn duelist(&mut self, value: Value) -> Option<&mut Duelist> {
        match value {
            Value::Player(player) => self.duelists.get_mut(player.0 as usize),
            _ => None,
        }
    }

    fn side(&self, player: PlayerId) -> usize {
        (player.0 as usize).min(1)
    }
}

impl Host for Table {
    fn opponent(&self, player: PlayerId) -> PlayerId {
        PlayerId(1 - player.0.min(1))
    }

    fn controller(&self, card: CardId) -> PlayerId {
        PlayerId(self.card(card).map_or(0, |card| card.owner as u32))
    }

    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        let me = self.side(env.me);
        let sides = match zone.prefix.map(|prefix| prefix.index()) {
            Some(ENEMY) => [Some(1 - me), None],
            Some(_) => [Some(me), None],
            // Without a prefix, `board` is both boards (the executing duelist's first);
            // another zone is the executing duelist's.
            None if zone.zone.index() == BOARD => [Some(me), Some(1 - me)],
            None => [Some(me), None],
        };
        for side in sides.into_iter().flatten() {
            if let Some(cards) = self.duelists[side].zones.get(zone.zone.index()) {
                out.extend(cards.iter().map(|&card| Value::Card(CardId(card))));
            }
        }
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        let kind = self.card(card)?.kind;
        Some(CardTypeIdx::new(if kind == Kind::Unit { UNIT } else { SPELL }))
    }

    fn property(&self, object: Value, property: ComparableIdx) -> Option<i32> {
        match (object, property.index()) {
            (Value::Card(card), POWER_FILTER) => self.card(card).map(|card| card.power),
            _ => None,
        }
    }

    fn variable(&mut self, env: &Env, var: VariableIdx, _lists: &mut Lists) -> Value {
        match var.index() {
            HERO => Value::Player(env.me),
            FOE => Value::Player(self.opponent(env.me)),
            _ => Value::Nil,
        }
    }

    fn attribute(&mut self, _env: &Env, object: Value, attr: AttributeIdx, lists: &mut Lists) -> Value {
        match (object, attr.index()) {
            (Value::Player(player), LIFE) => {
                self.duelists.get(player.0 as usize).map_or(Value::Nil, |d| Value::Int(d.life))
            }
            (Value::Player(player), ENERGY) => {
                self.duelists.get(player.0 as usize).map_or(Value::Nil, |d| Value::Int(d.energy))
            }
            (Value::Card(card), POWER) => self.card(card).map_or(Value::Nil, |card| Value::Int(card.power)),
            (Value::List(list), SIZE) => Value::Int(lists.len(list) as i32),
            (Value::Player(player), BOARD_ATTR) => {
                let Some(duelist) = self.duelists.get(player.0 as usize) else { return Value::Nil };
                let cards: Vec<Value> = duelist.zones[BOARD].iter().map(|&card| Value::Card(CardId(card))).collect();
                lists.make(&cards).map_or(Value::Nil, Value::List)
            }
            _ => Value::Nil,
        }
    }

    fn random(&mut self, bound: u32) -> u32 {
        bound / 2 // a real engine draws from its seeded generator
    }

    fn end_effect(&mut self, effect: &Effect) {
        // `empower ... eot` ran out: the unit loses exactly what it gained.
        if let EffectKind::Custom { code: EMPOWERED, target: Value::Card(card), value: Value::Int(amount) } =
            effect.kind
            && let Some(card) = self.cards.get_mut(card.0 as usize)
        {
            card.power -= amount;
        }
    }
}

// ---------------------------------------------------------------------------------------
// The builtins: one plain `fn` per command and cost.
// ---------------------------------------------------------------------------------------

fn strike(ctx: &mut CallContext<'_, Table>) -> Result<Status, Trap> {
    let amount = ctx.arg(0).as_int().unwrap_or(0);
    for i in 0..ctx.n_targets() {
        let target = ctx.target(i);
        let table = ctx.host();
        let name = table.name(target);
        match target {
            Value::Player(_) => {
                if let Some(duelist) = table.duelist(target) {
                    duelist.life -= amount;
                }
                table.log.push(format!("  {name} loses {amount} life"));
            }
            Value::Card(card) => {
                let Some(unit) = table.cards.get_mut(card.0 as usize) else { continue };
                unit.power = (unit.power - amount).max(0);
                let fallen = unit.power == 0;
                table.log.push(format!("  {name} loses {amount} power"));
                if fallen {
                    table.put(card, GRAVE);
                    table.log.push(format!("  {name} falls"));
                }
            }
            _ => {}
        }
    }
    Ok(Status::Success)
}

fn mend(ctx: &mut CallContext<'_, Table>) -> Result<Status, Trap> {
    let amount = ctx.arg(0).as_int().unwrap_or(0);
    for i in 0..ctx.n_targets() {
        let target = ctx.target(i);
        let table = ctx.host();
        let name = table.name(target);
        if let Some(duelist) = table.duelist(target) {
            duelist.life += amount;
            table.log.push(format!("  {name} gains {amount} life"));
        }
    }
    Ok(Status::Success)
}

fn draw(ctx: &mut CallContext<'_, Table>) -> Result<Status, Trap> {
    let count = ctx.arg(0).as_int().unwrap_or(1).clamp(0, 60);
    let mut drew_all = true;
    for i in 0..ctx.n_targets() {
        let Value::Player(player) = ctx.target(i) else { continue };
        ctx.charge(count as usize)?; // work in proportion to the game's data is paid in fuel
        let table = ctx.host();
        let side = table.side(player);
        for _ in 0..count {
            let Some(&top) = table.duelists[side].zones[DECK].first() else {
                drew_all = false;
                break;
            };
            table.put(CardId(top), HAND);
            let (who, what) = (table.name(Value::Player(player)), table.name(Value::Card(CardId(top))));
            table.log.push(format!("  {who} draws {what}"));
        }
    }
    Ok(if drew_all { Status::Success } else { Status::Failure })
}

fn empower(ctx: &mut CallContext<'_, Table>) -> Result<Status, Trap> {
    let amount = ctx.arg(0).as_int().unwrap_or(0);
    let timed = ctx.restriction().is_some();
    for i in 0..ctx.n_targets() {
        let Value::Card(card) = ctx.target(i) else { continue };
        // With a timer the runtime keeps the effect and ends it (`Host::end_effect`);
        // without one the power stays.
        if timed {
            let kind = EffectKind::Custom { code: EMPOWERED, target: Value::Card(card), value: Value::Int(amount) };
            if ctx.record_effect(kind)?.is_none() {
                continue;
            }
        }
        let table = ctx.host();
        if let Some(unit) = table.cards.get_mut(card.0 as usize) {
            unit.power += amount;
            let line = format!("  {} gains {amount} power{}", unit.name, if timed { " until end of turn" } else { "" });
            table.log.push(line);
        }
    }
    Ok(Status::Success)
}

fn summon(ctx: &mut CallContext<'_, Table>) -> Result<Status, Trap> {
    let chosen: Vec<Value> = match ctx.answer() {
        Some(answer) => answer.to_vec(),
        None => {
            let Value::Filter(filter) = ctx.arg(0) else { return Ok(Status::Failure) };
            let found = ctx.resolve(filter)?;
            if !found.matched || ctx.list(found.candidates).is_empty() {
                return Ok(Status::Failure);
            }
            if found.choose {
                return ctx.choose_from(0, found.candidates, found.min, found.max, None);
            }
            ctx.list(found.candidates).to_vec()
        }
    };
    for value in chosen {
        let Value::Card(card) = value else { continue };
        let table = ctx.host();
        let Some(owner) = table.card(card).map(|card| card.owner) else { continue };
        table.put(card, BOARD);
        let line = format!("  {} summons {}", table.name(Value::Player(PlayerId(owner as u32))), table.name(value));
        table.log.push(line);
        ctx.emit(Event::new(EventIdx::new(SUMMONED), PlayerId(owner as u32)).with_object(value))?;
    }
    Ok(Status::Success)
}

/// `{E(n)}`: the executing duelist pays `n` energy (1 without a count).
fn energy(ctx: &mut CallContext<'_, Table>, phase: CostPhase) -> Result<Status, Trap> {
    let amount = ctx.cost().and_then(|cost| cost.count).unwrap_or(1) as i32;
    let me = ctx.env().me;
    let Some(duelist) = ctx.host().duelists.get_mut(me.0 as usize) else { return Ok(Status::Failure) };
    match phase {
        CostPhase::Check => Ok(if duelist.energy >= amount { Status::Success } else { Status::Failure }),
        CostPhase::Pay => {
            duelist.energy -= amount;
            Ok(Status::Success)
        }
    }
}

fn builtins() -> Builtins<Table> {
    let mut builtins = Builtins::new(&CATALOGUE);
    builtins
        .command(Command::Strike.index(), strike)
        .command(Command::Mend.index(), mend)
        .command(Command::Draw.index(), draw)
        .command(Command::Empower.index(), empower)
        .command(Command::Summon.index(), summon)
        .cost(0, energy);
    builtins
}

// ---------------------------------------------------------------------------------------
// The engine: plays cards, answers questions from a script, keeps the runtime's cards in
// play in step with the boards.
// ---------------------------------------------------------------------------------------

struct Duel {
    table: Table,
    runtime: Runtime<Table>,
}

impl Duel {
    /// A new game: both duelists' cards, hands, decks and boards by name.
    fn new(
        bundle: &[u8],
        hands: [&[&'static str]; 2],
        decks: [&[&'static str]; 2],
        boards: [&[&'static str]; 2],
    ) -> Duel {
        let program = Program::load(bundle, &CATALOGUE).expect("a bundle just compiled loads");
        let mut runtime = Runtime::new(program, &CATALOGUE, builtins());
        // By default an auto runs as the player whose event ran it (Card Fighters' Clash's
        // rule): the sentry's `foe` would be its own controller when the enemy summons.
        runtime.set_autos_run_as_controller(true);
        let mut table = Table { cards: Vec::new(), duelists: Default::default(), log: Vec::new() };
        for owner in 0..2 {
            table.duelists[owner].life = 10;
            for (zone, names) in [(HAND, hands[owner]), (DECK, decks[owner]), (BOARD, boards[owner])] {
                for &name in names {
                    let (kind, power) = match name {
                        "medic" => (Kind::Unit, 2),
                        "drummer" | "recruit" | "sentry" => (Kind::Unit, 1),
                        _ => (Kind::Spell, 0),
                    };
                    let rules = runtime.program().card_by_key(name);
                    let id = table.cards.len() as u32;
                    table.cards.push(Card { name, kind, owner, power, rules });
                    table.duelists[owner].zones[zone].push(id);
                }
            }
        }
        let mut duel = Duel { table, runtime };
        duel.settle(&mut Vec::new()); // the units on the boards enter play
        duel
    }

    /// The start of `player`'s turn: 3 energy, `turnStart`.
    fn start_turn(&mut self, player: usize) {
        self.table.duelists[player].energy = 3;
        self.table.log.push(format!("{}'s turn", self.table.name(Value::Player(PlayerId(player as u32)))));
        let event = self.runtime.event_index("turnStart").expect("Duel has turnStart");
        self.runtime.emit(Event::new(event, PlayerId(player as u32)));
        self.settle(&mut Vec::new());
    }

    /// The end of `player`'s turn: the `eot` timers run out, whoever's card set them
    /// (`expire` ends the effects of one controller's cards at a time).
    fn end_turn(&mut self, player: usize) {
        for controller in [player, 1 - player] {
            self.runtime.expire(&mut self.table, RestrictionIdx::new(EOT), PlayerId(controller as u32));
        }
    }

    /// `player` plays the first card of their hand called `name`, answering each question
    /// with the next cards of `answers` (by name); how the activation completed.
    fn play(&mut self, player: usize, name: &str, answers: &[&str]) -> Completion {
        let id = self.table.duelists[player].zones[HAND]
            .iter()
            .copied()
            .find(|&id| self.table.cards[id as usize].name == name);
        let id = CardId(id.expect("the card is in the hand"));
        let rules = self.table.cards[id.0 as usize].rules.expect("a spell has rules");
        let who = self.table.name(Value::Player(PlayerId(player as u32)));
        self.table.log.push(format!("{who} plays {name}"));
        let mut answers: Vec<&str> = answers.to_vec();
        let outcome = self.runtime.activate(&mut self.table, id, rules, PlayerId(player as u32));
        let completion = self.drive(outcome, &mut answers);
        if completion == Completion::Success {
            self.table.put(id, GRAVE);
        } else {
            self.table.log.push(format!("  {name} does nothing: {completion:?}"));
        }
        self.settle(&mut answers);
        completion
    }

    /// Answers the questions of an execution until it completes.
    fn drive(&mut self, mut outcome: Result<Outcome, Trap>, answers: &mut Vec<&str>) -> Completion {
        loop {
            match outcome {
                Ok(Outcome::Done(completion)) => return completion,
                Ok(Outcome::Suspended(question)) => {
                    let wanted = if answers.is_empty() { "" } else { answers.remove(0) };
                    let pick = question.candidates().iter().copied().find(|&value| self.table.name(value) == wanted);
                    let pick = pick.expect("the script answers every question with a candidate");
                    let (chooser, name) =
                        (self.table.name(Value::Player(question.request().chooser)), self.table.name(pick));
                    self.table.log.push(format!("  {chooser} chooses {name}"));
                    outcome = self.runtime.resume(&mut self.table, question, &[pick]).map_err(|error| match error {
                        ResumeError::Trap(trap) => trap,
                        other => panic!("answer refused: {other}"),
                    });
                }
                Err(trap) => panic!("a Duel card trapped: {trap}"),
            }
        }
    }

    /// Brings the runtime's cards in play in step with the boards, then runs the events
    /// the cards queued, until nothing is left.
    fn settle(&mut self, answers: &mut Vec<&str>) {
        for _ in 0..100 {
            let on_board: Vec<(CardId, CardIdx)> = (self.table.duelists.iter())
                .flat_map(|duelist| duelist.zones[BOARD].iter())
                .filter_map(|&id| Some((CardId(id), self.table.cards[id as usize].rules?)))
                .collect();
            let gone: Vec<CardId> =
                self.runtime.cards_in_play().filter(|card| !on_board.iter().any(|(id, _)| id == card)).collect();
            for card in gone {
                self.runtime.leave_play(&mut self.table, card);
            }
            for (card, rules) in on_board {
                if !self.runtime.in_play(card) {
                    self.runtime.enter_play(&mut self.table, card, rules).expect("entering play does not trap");
                }
            }
            if self.runtime.is_idle() {
                return;
            }
            let outcome = self.runtime.run_events(&mut self.table);
            self.drive(outcome, answers);
        }
    }

    fn zone(&self, player: usize, zone: usize) -> Vec<&'static str> {
        self.table.duelists[player].zones[zone].iter().map(|&id| self.table.cards[id as usize].name).collect()
    }
}

/// Compiles the cards and plays North's turn and South's turn.
fn play_a_game() -> Duel {
    let bundle = compile(RULES).unwrap_or_else(|diagnostics| panic!("Duel's cards compile: {diagnostics:?}"));
    play_a_game_from(&bundle)
}

/// Plays North's turn and South's turn with the cards of `bundle`.
fn play_a_game_from(bundle: &[u8]) -> Duel {
    let mut duel = Duel::new(
        bundle,
        [&["call", "drummer", "call", "medic", "rally"], &["spark", "bolt", "spark"]],
        [&["recruit", "recruit"], &["recruit"]],
        [&[], &["sentry"]],
    );
    duel.start_turn(0);
    duel.play(0, "call", &["drummer"]); // the drummer hears its own arrival: North draws;
    //                                     South's sentry: North loses 1
    duel.play(0, "call", &["medic"]); // medic: North gains 2 (two units); drummer: a draw;
    //                                   sentry: North loses 1
    duel.play(0, "rally", &[]); // both units +2 until end of turn
    duel.end_turn(0);
    duel.start_turn(1);
    duel.play(1, "spark", &[]); // North loses 3
    duel.play(1, "bolt", &["medic"]); // the medic falls
    duel.play(1, "spark", &[]); // no energy left: nothing happens
    duel.end_turn(1);
    duel
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {}
        [flag, path] if flag == "--write-catalogue" => {
            if let Err(error) = std::fs::write(path, catalogue_file::to_json(&CATALOGUE)) {
                eprintln!("error: cannot write `{path}`: {error}");
                std::process::exit(2);
            }
            return;
        }
        _ => {
            eprintln!("usage: duel [--write-catalogue FILE.json]");
            std::process::exit(2);
        }
    }
    let duel = play_a_game();
    for line in &duel.table.log {
        println!("{line}");
    }
    for (player, name) in ["North", "South"].iter().enumerate() {
        let duelist = &duel.table.duelists[player];
        println!(
            "{name}: {} life, board {:?}, hand {:?}",
            duelist.life,
            duel.zone(player, BOARD),
            duel.zone(player, HAND)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scripted_game_ends_as_its_cards_say() {
        let duel = play_a_game();
        let log = duel.table.log.join("\n");
        assert_eq!(duel.table.duelists[0].life, 10 + 2 - 2 - 3, "medic +2, sentry -1 twice, spark -3\n{log}");
        assert_eq!(duel.table.duelists[1].life, 10, "{log}");
        assert_eq!(duel.table.duelists[1].energy, 0, "{log}");
        assert_eq!(duel.zone(0, BOARD), ["drummer"], "{log}");
        assert_eq!(duel.zone(0, HAND), ["recruit", "recruit"], "{log}");
        assert_eq!(duel.zone(0, GRAVE), ["call", "call", "rally", "medic"], "{log}");
        assert_eq!(duel.zone(1, HAND), ["spark"], "{log}");
        assert_eq!(duel.zone(1, BOARD), ["sentry"], "{log}");
        assert_eq!(duel.zone(1, GRAVE), ["spark", "bolt"], "{log}");
        // The drummer's `eot` power ended with North's turn.
        let drummer = duel.table.cards.iter().find(|card| card.name == "drummer").unwrap();
        assert_eq!(drummer.power, 1, "{log}");
    }

    #[test]
    fn every_role_and_index_names_a_word_of_duel() {
        assert_eq!(CATALOGUE.unknown_roles(), Vec::<String>::new());
        let c = &CATALOGUE;
        let zones = [BOARD, HAND, DECK, GRAVE].map(|i| c.zones[i].name);
        assert_eq!(zones, ["board", "hand", "deck", "grave"]);
        assert_eq!([c.card_types[UNIT].name, c.card_types[SPELL].name], ["unit", "spell"]);
        assert_eq!([c.zone_prefixes[ENEMY].name, c.events[SUMMONED].name], ["enemy", "summoned"]);
        assert_eq!([c.restrictions[EOT].name, c.comparable_filters[POWER_FILTER].name], ["eot", "power"]);
        assert_eq!([c.variables[HERO].name, c.variables[FOE].name], ["hero", "foe"]);
        let attributes = [LIFE, ENERGY, POWER, SIZE, BOARD_ATTR].map(|i| c.attributes[i].name);
        assert_eq!(attributes, ["life", "energy", "power", "size", "board"]);
    }

    /// The catalogue file `--write-catalogue` writes reads back with Duel's identity, and
    /// the cards compiled against it (as `rsc compile --catalogue duel.json` compiles them)
    /// load in this game and play the same game.
    #[test]
    fn the_catalogue_file_compiles_cards_this_game_loads() {
        let loaded = catalogue_file::load(catalogue_file::to_json(&CATALOGUE).as_bytes()).expect("Duel's file loads");
        assert_eq!(loaded.id(), CATALOGUE.id());
        let bundle = compile_against(loaded, RULES).expect("Duel's cards compile against the file");
        assert_eq!(bundle, compile(RULES).unwrap(), "the same bundle as against the Rust catalogue");
        let from_file = play_a_game_from(&bundle);
        assert_eq!(from_file.table.log, play_a_game().table.log);
    }

    /// Message and help of the first diagnostic of a card that does not compile.
    fn mistake(source: &str) -> (compiler::Code, String, String) {
        let diagnostics = compile(&[("card", source)]).expect_err("the card has a mistake");
        let first = &diagnostics[0];
        (first.code, first.message.clone(), first.help.clone().unwrap_or_default())
    }

    #[test]
    fn a_mistake_is_told_in_duels_words() {
        let (code, message, help) = mistake("action = {E(1)}: strik(3) to(foe)\n");
        assert_eq!(
            (code, message.as_str(), help.as_str()),
            (compiler::Code::E0008, "unknown command `strik`", "did you mean `strike`?")
        );
        // An argument of the wrong kind: `summon` takes a filter.
        let (code, message, _) = mistake("action = summon(3)\n");
        assert_eq!(code, compiler::Code::E0006);
        assert_eq!(message, "expected a target type such as `unit`, `foe` or `*`, found `3`");
        // CFC's words are not Duel's.
        let (code, _, help) = mistake("action = strike(3) to(opp)\n");
        assert_eq!(code, compiler::Code::E0038);
        assert!(help.contains("`unit`, `spell`, `hero`, `foe`, `itself`, `duelist`"), "{help}");
        let (code, _, help) = mistake("action = strike(3) to(unit@oppBoard)\n");
        assert_eq!((code, help.as_str()), (compiler::Code::E0040, "expected one of `own`, `enemy`"));
    }
}
