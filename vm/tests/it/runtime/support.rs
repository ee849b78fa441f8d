//! Test catalogue, recording host, builtins, a chain assembler, and the programs and
//! set-ups (a card with one action, a targeted statement, a host holding the source) that
//! the runtime tests share.

use vm::bytecode::*;
use vm::catalogue::*;
use vm::runtime::*;

const fn named(name: &'static str) -> NamedSpec {
    NamedSpec { name, doc: "" }
}

const fn cmd(name: &'static str, params: &'static [ParamSpec], default_target: DefaultTarget) -> CommandSpec {
    CommandSpec { name, params, default_target, doc: "", fails_when: "", timed: false }
}

const AMOUNT: &[ParamSpec] = &[ParamSpec { name: "amount", kind: ArgKind::Expr, optional: false }];
const COUNT: &[ParamSpec] = &[ParamSpec { name: "count", kind: ArgKind::Expr, optional: true }];

pub const OK: usize = 0;
pub const FAIL: usize = 1;
pub const A: usize = 2;
pub const B: usize = 3;
pub const C: usize = 4;
pub const DAMAGE: usize = 5;
pub const DRAW: usize = 6;
pub const DISCARD: usize = 7;
pub const EMIT_END: usize = 8;
pub const RULE: usize = 9;
pub const PICK2: usize = 10;
pub const DISPATCH_END: usize = 11;
pub const PUMP: usize = 12;

pub static CATALOGUE: Catalogue = Catalogue {
    name: "rt",
    commands: &[
        cmd("ok", &[], DefaultTarget::Irrelevant),
        cmd("fail", &[], DefaultTarget::Irrelevant),
        cmd("a", &[], DefaultTarget::Irrelevant),
        cmd("b", &[], DefaultTarget::Irrelevant),
        cmd("c", &[], DefaultTarget::Irrelevant),
        cmd("damage", AMOUNT, DefaultTarget::Nothing),
        cmd("draw", COUNT, DefaultTarget::SourceController),
        cmd("discard", &[], DefaultTarget::SourceController),
        cmd("emitEnd", &[], DefaultTarget::Irrelevant),
        cmd("rule", &[], DefaultTarget::SourceController),
        cmd("pick2", &[], DefaultTarget::Irrelevant),
        cmd("dispatchEnd", &[], DefaultTarget::Irrelevant),
        cmd("pump", &[], DefaultTarget::SourceController),
    ],
    costs: &[
        CostSpec { name: "F", arg: CostArg::None, doc: "" },
        CostSpec { name: "D", arg: CostArg::OptionalCountOrFilter, doc: "" },
        CostSpec { name: "X", arg: CostArg::None, doc: "" },
    ],
    filters: &[named("frozen")],
    comparable_filters: &[named("bp")],
    ranking_filters: &[RankingSpec { name: "bp", words: &[named("lowest"), named("highest")], doc: "" }],
    zones: &[
        ZoneSpec { name: "arena", is_pile: false, doc: "" },
        ZoneSpec { name: "ring", is_pile: false, doc: "" },
        ZoneSpec { name: "hand", is_pile: true, doc: "" },
        ZoneSpec { name: "deck", is_pile: true, doc: "" },
    ],
    zone_prefixes: &[named("mine"), named("theirs")],
    card_types: &[named("character"), named("action")],
    subtypes: &["warrior"],
    events: &[
        EventSpec { name: "endPhase", is_hook: false, has_object: false, doc: "" },
        EventSpec { name: "attacks", is_hook: false, has_object: true, doc: "" },
        EventSpec { name: "canBlock", is_hook: true, has_object: true, doc: "" },
        EventSpec { name: "always", is_hook: false, has_object: false, doc: "" },
    ],
    event_prefixes: &[named("mine"), named("theirs"), named("anyone")],
    event_suffixes: &[named("self"), named("whatever"), named("oneShot")],
    abilities: &[named("unblockable"), named("pierce")],
    rule_switches: &[named("backup_limit")],
    selectors: &[named("not")],
    restrictions: &[named("ueot"), named("unac"), named("uynt")],
    restriction_prefixes: &[named("mine"), named("theirs")],
    variables: &[named("me"), named("source"), named("targets"), named("before"), named("object"), named("discarded")],
    attributes: &[named("hp"), named("size")],
    functions: &[
        FunctionSpec { name: "flipCoin", min_args: 0, max_args: 0, doc: "" },
        FunctionSpec { name: "abs", min_args: 1, max_args: 1, doc: "" },
    ],
    // Spelt unlike CFC's names on purpose: the runtime must find each part by its role.
    roles: Roles {
        source: Some("source"),
        targets: Some("targets"),
        previous_targets: Some("before"),
        event_object: Some("object"),
        event_mine: Some("mine"),
        event_opponent: Some("theirs"),
        event_anyone: Some("anyone"),
        suffix_source: Some("self"),
        suffix_any_object: Some("whatever"),
        suffix_once: Some("oneShot"),
        restriction_opponent: Some("theirs"),
        zone_mine: Some("mine"),
        zone_opponent: Some("theirs"),
        continuous: Some("always"),
        ..Roles::NONE
    },
};

pub const END_PHASE: EventIdx = EventIdx(0);
pub const ATTACKS: EventIdx = EventIdx(1);
pub const CAN_BLOCK: EventIdx = EventIdx(2);
/// The catalogue's `continuous` event.
pub const ALWAYS: EventIdx = EventIdx(3);
pub const PREFIX_OPP: EventPrefixIdx = EventPrefixIdx(1);
pub const SUFFIX_ONCE: EventSuffixIdx = EventSuffixIdx(2);
pub const UEOT: RestrictionIdx = RestrictionIdx(0);
pub const UNAC: RestrictionIdx = RestrictionIdx(1);
pub const UYNT: RestrictionIdx = RestrictionIdx(2);
pub const R_OPP: RestrictionPrefixIdx = RestrictionPrefixIdx(1);
pub const UNBLOCKABLE: AbilityIdx = AbilityIdx(0);
pub const PIERCE: AbilityIdx = AbilityIdx(1);
pub const VAR_ME: VariableIdx = VariableIdx(0);
pub const VAR_TGT: VariableIdx = VariableIdx(2);
pub const VAR_PREV: VariableIdx = VariableIdx(3);
pub const VAR_TRIGGER: VariableIdx = VariableIdx(4);
pub const VAR_DISCARDED: VariableIdx = VariableIdx(5);
pub const ATTR_HP: AttributeIdx = AttributeIdx(0);
pub const ATTR_SIZE: AttributeIdx = AttributeIdx(1);
pub const CHARACTER: CardTypeIdx = CardTypeIdx(0);
pub const RING: ZoneIdx = ZoneIdx(1);
pub const HAND: ZoneIdx = ZoneIdx(2);
pub const OPP: ZonePrefixIdx = ZonePrefixIdx(1);

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);

/// One card of the test game.
#[derive(Debug, Clone)]
pub struct TestCard {
    pub name: &'static str,
    pub ty: CardTypeIdx,
    pub controller: PlayerId,
    pub zone: ZoneIdx,
    pub bp: i32,
    pub frozen: bool,
}

/// A host that keeps a tiny game state and logs every primitive call.
#[derive(Debug, Clone)]
pub struct TestHost {
    pub log: Vec<String>,
    pub logging: bool,
    pub cards: Vec<TestCard>,
    pub hp: [i32; 2],
    pub rng: u32,
    pub active: Vec<Effect>,
    pub coin: bool,
    /// How many times the runtime asked whether an auto may fire: once for each
    /// continuous auto at each refresh, and once for each auto an event starts.
    pub fire_asked: std::cell::Cell<u32>,
    /// Whether it sums up its state for the continuous autos (`Host::continuous_inputs`).
    pub summarised: bool,
}

impl TestHost {
    pub fn new() -> TestHost {
        TestHost {
            log: Vec::new(),
            logging: true,
            cards: Vec::new(),
            hp: [3000, 3000],
            rng: 7,
            active: Vec::new(),
            coin: true,
            fire_asked: std::cell::Cell::new(0),
            summarised: false,
        }
    }

    pub fn add(&mut self, name: &'static str, controller: PlayerId, zone: ZoneIdx, bp: i32) -> CardId {
        self.cards.push(TestCard { name, ty: CHARACTER, controller, zone, bp, frozen: false });
        CardId(self.cards.len() as u32 - 1)
    }

    fn note(&mut self, text: impl FnOnce() -> String) {
        if self.logging {
            self.log.push(text());
        }
    }

    /// The log since the last call, emptied.
    pub fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    /// Only the builtins' lines (`cmd ...`), emptied.
    pub fn commands(&mut self) -> Vec<String> {
        self.take_log().into_iter().filter_map(|line| line.strip_prefix("cmd ").map(str::to_owned)).collect()
    }

    pub fn has_ability(&self, target: Value, ability: AbilityIdx) -> bool {
        self.active.iter().any(|effect| effect.kind == EffectKind::Ability { target, ability })
    }
}

impl Host for TestHost {
    fn continuous_inputs(&self) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        for card in &self.cards {
            (card.name, card.ty, card.controller, card.zone, card.bp, card.frozen).hash(&mut hasher);
        }
        self.active.iter().map(|effect| effect.id).collect::<Vec<_>>().hash(&mut hasher);
        (self.hp, self.rng).hash(&mut hasher);
        self.summarised.then(|| hasher.finish())
    }

    fn auto_may_fire(&self, _card: CardId) -> bool {
        self.fire_asked.set(self.fire_asked.get() + 1);
        true
    }

    fn opponent(&self, player: PlayerId) -> PlayerId {
        PlayerId(1 - player.0)
    }

    fn controller(&self, card: CardId) -> PlayerId {
        self.cards.get(card.0 as usize).map_or(P0, |c| c.controller)
    }

    fn zone_cards(&mut self, env: &Env, zone: ZoneRef, out: &mut Vec<Value>) {
        let owner = match zone.prefix {
            Some(OPP) => Some(self.opponent(env.me)),
            Some(_) | None if zone.zone != ZoneIdx(0) => Some(env.me),
            _ => None,
        };
        let wanted = if zone.zone == ZoneIdx(0) { RING } else { zone.zone };
        for (i, card) in self.cards.iter().enumerate() {
            if card.zone == wanted && owner.is_none_or(|owner| owner == card.controller) {
                out.push(Value::Card(CardId(i as u32)));
            }
        }
        if self.logging {
            self.log.push(format!("zone {:?} {:?} -> {}", zone.prefix.map(|p| p.0), zone.zone.0, out.len()));
        }
    }

    fn card_type(&self, card: CardId) -> Option<CardTypeIdx> {
        self.cards.get(card.0 as usize).map(|c| c.ty)
    }

    fn card_name_is(&self, card: CardId, name: &str) -> bool {
        self.cards.get(card.0 as usize).is_some_and(|c| c.name.eq_ignore_ascii_case(name))
    }

    fn has_keyword(&self, object: Value, _keyword: FilterKeywordIdx) -> bool {
        object.as_card().and_then(|card| self.cards.get(card.0 as usize)).is_some_and(|c| c.frozen)
    }

    fn property(&self, object: Value, _property: ComparableIdx) -> Option<i32> {
        object.as_card().and_then(|card| self.cards.get(card.0 as usize)).map(|c| c.bp)
    }

    fn rank_key(&self, object: Value, _ranking: RankingIdx, word: u16) -> Option<i64> {
        let bp = i64::from(self.property(object, ComparableIdx(0))?);
        Some(if word == 0 { bp } else { -bp })
    }

    fn variable(&mut self, env: &Env, var: VariableIdx, lists: &mut Lists) -> Value {
        self.note(|| format!("var {}", var.0));
        match var {
            VAR_ME => Value::Player(env.me),
            VAR_DISCARDED => lists.empty().map_or(Value::Nil, Value::List),
            _ => Value::Nil,
        }
    }

    fn attribute(&mut self, _env: &Env, object: Value, attr: AttributeIdx, lists: &mut Lists) -> Value {
        self.note(|| format!("attr {:?} {}", object, attr.0));
        match (object, attr) {
            (Value::Player(player), ATTR_HP) => Value::Int(self.hp[player.0 as usize]),
            (Value::List(list), ATTR_SIZE) => Value::Int(lists.len(list) as i32),
            _ => Value::Nil,
        }
    }

    fn random(&mut self, bound: u32) -> u32 {
        self.rng = self.rng.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let value = (self.rng >> 16) % bound.max(1);
        self.note(|| format!("random {bound} -> {value}"));
        value
    }

    fn apply_effect(&mut self, effect: &Effect) {
        self.note(|| format!("apply {:?}", effect.kind));
        self.active.push(*effect);
    }

    fn end_effect(&mut self, effect: &Effect) {
        self.note(|| format!("end {:?}", effect.kind));
        self.active.retain(|active| active.id != effect.id);
    }
}

// ---- builtins ----

fn named_command(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    let name = ctx.command().map_or("?", |cmd| ctx.catalogue().commands[cmd.index()].name);
    let n = ctx.n_targets();
    ctx.host().note(|| format!("cmd {name}"));
    let _ = n;
    Ok(if name.starts_with("fail") { Status::Failure } else { Status::Success })
}

fn damage(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    let amount = ctx.arg(0).as_int().unwrap_or(0);
    for i in 0..ctx.n_targets() {
        let target = ctx.target(i);
        match target {
            Value::Card(card) => {
                let host = ctx.host();
                if let Some(c) = host.cards.get_mut(card.0 as usize) {
                    c.bp = (c.bp - amount).max(0);
                }
            }
            Value::Player(player) => ctx.host().hp[player.0 as usize] -= amount,
            _ => {}
        }
        ctx.host().note(|| format!("cmd damage {target:?} {amount}"));
    }
    Ok(Status::Success)
}

fn draw(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    let count = match ctx.arg(0) {
        Value::Nil => 1,
        value => value.as_int().unwrap_or(0),
    };
    let target = ctx.target(0);
    ctx.host().note(|| format!("cmd draw {target:?} {count}"));
    Ok(Status::Success)
}

/// Asks which card of the target player's hand to discard; fails when the hand is empty.
fn discard(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    if let Some(answer) = ctx.answer() {
        let chosen = answer[0];
        let Value::Card(card) = chosen else {
            return Ok(Status::Failure);
        };
        ctx.host().cards[card.0 as usize].zone = ZoneIdx(3);
        let list = ctx.make_list(&[chosen])?;
        ctx.bind(VAR_DISCARDED, list)?;
        ctx.host().note(|| format!("cmd discard {card:?}"));
        return Ok(Status::Success);
    }
    let Some(player) = ctx.target(0).as_player() else {
        return Ok(Status::Failure);
    };
    let mut hand = Vec::new();
    ctx.host().pile_cards(player, HAND, &mut hand);
    let host = ctx.host();
    for (i, card) in host.cards.iter().enumerate() {
        if card.zone == HAND && card.controller == player {
            hand.push(Value::Card(CardId(i as u32)));
        }
    }
    if hand.is_empty() {
        ctx.host().note(|| "cmd discard nothing".to_string());
        return Ok(Status::Failure);
    }
    ctx.choose(0, &hand, 1, 1, None)
}

fn emit_end(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    ctx.host().note(|| "cmd emitEnd".to_string());
    let me = ctx.env().me;
    ctx.emit(Event::new(END_PHASE, me))?;
    Ok(Status::Success)
}

/// Runs the `endPhase` autos now, then logs.
fn dispatch_end(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    let me = ctx.env().me;
    ctx.dispatch(Event::new(END_PHASE, me))?;
    ctx.host().note(|| "cmd dispatchEnd".to_string());
    Ok(Status::Success)
}

/// A timed custom effect (a rule switch) on the target player.
fn rule(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    let target = ctx.target(0);
    let kind = EffectKind::Custom { code: 1, target, value: Value::Int(1) };
    if let Some(id) = ctx.record_effect(kind)? {
        let effect = Effect {
            id,
            source: ctx.env().source,
            controller: ctx.env().controller,
            restriction: ctx.restriction(),
            kind,
        };
        ctx.host().apply_effect(&effect);
    }
    ctx.host().note(|| "cmd rule".to_string());
    Ok(Status::Success)
}

/// A timed custom effect that stacks (a +1 pump) on the target player.
fn pump(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    let target = ctx.target(0);
    let kind = EffectKind::Custom { code: 2, target, value: Value::Int(1) };
    if let Some(id) = ctx.record_stacking_effect(kind)? {
        let effect = Effect {
            id,
            source: ctx.env().source,
            controller: ctx.env().controller,
            restriction: ctx.restriction(),
            kind,
        };
        ctx.host().apply_effect(&effect);
    }
    ctx.host().note(|| "cmd pump".to_string());
    Ok(Status::Success)
}

/// Asks twice (a yes/no each time), logging both answers.
fn pick2(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    let options = [Value::Int(10), Value::Int(20), Value::Int(30)];
    match (ctx.step(), ctx.answer().map(|answer| answer[0])) {
        (0, None) => {
            ctx.set_step(1);
            ctx.choose(1, &options, 1, 1, None)
        }
        (1, Some(first)) => {
            ctx.host().note(|| format!("cmd pick2 first {first:?}"));
            ctx.set_step(2);
            ctx.choose(2, &options[1..], 1, 1, None)
        }
        (_, second) => {
            ctx.host().note(|| format!("cmd pick2 second {second:?}"));
            Ok(Status::Success)
        }
    }
}

fn flip_coin(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    match ctx.answer() {
        None => ctx.choose(0, &[Value::Int(0), Value::Int(1)], 1, 1, None),
        Some(answer) => {
            let call = answer[0];
            let win = ctx.host().coin == (call == Value::Int(0));
            ctx.set_result(Value::Bool(win));
            Ok(Status::Success)
        }
    }
}

fn abs(ctx: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    let value = ctx.arg(0).as_int().map_or(Value::Nil, |n| Value::Int(n.abs()));
    ctx.set_result(value);
    Ok(Status::Success)
}

fn cost_freeze(ctx: &mut CallContext<'_, TestHost>, phase: CostPhase) -> Result<Status, Trap> {
    let source = ctx.env().source;
    match phase {
        CostPhase::Check => ctx.host().note(|| "cost F check".to_string()),
        CostPhase::Pay => {
            ctx.host().cards[source.0 as usize].frozen = true;
            ctx.host().note(|| "cost F pay".to_string());
        }
    }
    Ok(Status::Success)
}

fn cost_discard(ctx: &mut CallContext<'_, TestHost>, phase: CostPhase) -> Result<Status, Trap> {
    let n = ctx.cost().and_then(|cost| cost.count).unwrap_or(1) as usize;
    let me = ctx.env().me;
    match phase {
        CostPhase::Check => {
            if ctx.answer().is_some() {
                ctx.host().note(|| "cost D chosen".to_string());
                return Ok(Status::Success);
            }
            let hand: Vec<Value> = (ctx.host().cards.iter().enumerate())
                .filter(|(_, card)| card.zone == HAND && card.controller == me)
                .map(|(i, _)| Value::Card(CardId(i as u32)))
                .collect();
            ctx.host().note(|| format!("cost D check {} of {}", n, hand.len()));
            if hand.len() < n {
                return Ok(Status::Failure);
            }
            ctx.choose(0, &hand, n as u16, n as u16, None)
        }
        CostPhase::Pay => {
            let chosen: Vec<Value> = ctx.selection().unwrap_or_default().to_vec();
            for value in &chosen {
                if let Value::Card(card) = value {
                    ctx.host().cards[card.0 as usize].zone = ZoneIdx(3);
                }
            }
            let list = ctx.make_list(&chosen)?;
            ctx.bind(VAR_DISCARDED, list)?;
            ctx.host().note(|| format!("cost D pay {chosen:?}"));
            Ok(Status::Success)
        }
    }
}

fn cost_never(ctx: &mut CallContext<'_, TestHost>, _phase: CostPhase) -> Result<Status, Trap> {
    ctx.host().note(|| "cost X check".to_string());
    Ok(Status::Failure)
}

pub fn builtins() -> Builtins<TestHost> {
    let mut table = Builtins::new(&CATALOGUE);
    for idx in [OK, FAIL, A, B, C] {
        table.command(idx, named_command);
    }
    table
        .command(DAMAGE, damage)
        .command(DRAW, draw)
        .command(DISCARD, discard)
        .command(EMIT_END, emit_end)
        .command(RULE, rule)
        .command(PICK2, pick2)
        .command(DISPATCH_END, dispatch_end)
        .command(PUMP, pump)
        .function(0, flip_coin)
        .function(1, abs)
        .cost(0, cost_freeze)
        .cost(1, cost_discard)
        .cost(2, cost_never);
    table
}

// ---- building programs ----

pub fn filter(atom: TypeAtom, zone: ZoneRef) -> Filter {
    Filter {
        qty: None,
        types: vec![TypeTerm { exclude_source: false, negate: false, plural: false, atom }],
        type_op: TypeOp::Choice,
        pick: None,
        terms: vec![],
        zone,
        selector: None,
    }
}

/// `characters@zone`: every character there, without asking.
pub fn characters(zone_ref: ZoneRef) -> Filter {
    let mut f = filter(TypeAtom::CardType(CHARACTER), zone_ref);
    f.types[0].plural = true;
    f
}

pub fn zone(prefix: Option<ZonePrefixIdx>, zone: ZoneIdx) -> ZoneRef {
    ZoneRef { prefix, zone }
}

/// Emits a chain written `ok || a & b`, `fail? && c`, `damage(300)`: commands, `x?` for a
/// confirmed command, `&`, `&&`, `||`; then `EndStatement`.
pub fn chain(code: &mut CodeBuilder, text: &str) {
    let end = code.new_label();
    let mut over: Option<Label> = None;
    for token in text.split_whitespace() {
        match token {
            "&" => {}
            "&&" => code.emit(Instr::JumpIfFailed { target: end }),
            "||" => {
                let label = code.new_label();
                code.emit(Instr::JumpIfSucceeded { target: label });
                over = Some(label);
            }
            command => {
                let (name, arg) = match command.split_once('(') {
                    Some((name, rest)) => (name, rest.trim_end_matches(')').parse::<i32>().ok()),
                    None => (command, None),
                };
                let (name, confirm) = match name.strip_suffix('?') {
                    Some(name) => (name, true),
                    None => (name, false),
                };
                let idx = CommandIdx::new(CATALOGUE.command_index(name).expect("a test command"));
                let skip = code.new_label();
                if confirm {
                    code.emit(Instr::Confirm { cmd: idx, skip });
                }
                let argc = match arg {
                    Some(n) => {
                        code.emit(Instr::LoadInt { a: Reg(0), imm: n });
                        1
                    }
                    None => 0,
                };
                code.emit(Instr::Call { cmd: idx, base: Reg(0), argc });
                code.bind(skip);
                if let Some(label) = over.take() {
                    code.bind(label);
                }
            }
        }
    }
    if let Some(label) = over.take() {
        code.bind(label);
    }
    code.bind(end);
    code.emit(Instr::EndStatement {});
}

/// Adds a card `key` (from `key.rules`) whose single action, without label or costs, is
/// `code`.
pub fn add_action_card(bundle: &mut BundleBuilder<'_>, key: &str, code: CodeBuilder) {
    let entry = bundle.add_entry(code);
    let mut card = Card::new(bundle.intern(key));
    card.actions.push(Action { label: None, costs: vec![], entry });
    bundle.add_card(card, &format!("{key}.rules"));
}

/// A program with one card `card` whose single action is `code`.
pub fn one_action(code: CodeBuilder) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    add_action_card(&mut bundle, "card", code);
    load(bundle)
}

/// Emits the rest of an action whose next statement targets `f`: `Target`, the statements
/// `body` emits, `Return`, and the `Fail(NoTargets)` the target jumps to when `f` finds
/// nothing.
pub fn emit_targeting(code: &mut CodeBuilder, f: FilterIdx, body: impl FnOnce(&mut CodeBuilder)) {
    let none = code.new_label();
    code.emit(Instr::Target { f, exit: none });
    body(code);
    code.emit(Instr::Return {});
    code.bind(none);
    code.emit(Instr::Fail { reason: FailReason::NoTargets });
}

/// Emits the statement `damage(amount)` on the statement's targets.
pub fn emit_damage(code: &mut CodeBuilder, amount: i32) {
    code.emit(Instr::LoadInt { a: Reg(0), imm: amount });
    code.emit(Instr::Call { cmd: CommandIdx::new(DAMAGE), base: Reg(0), argc: 1 });
    code.emit(Instr::EndStatement {});
}

/// A program with one card `card` whose single action is `damage(amount) to(F)`, `F` being
/// the filter `make` builds (adding to the bundle any entry its expressions need).
pub fn damage_to_filter(amount: i32, make: impl FnOnce(&mut BundleBuilder<'_>) -> Filter) -> Program {
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let f = make(&mut bundle);
    let f = bundle.add_filter(f);
    let mut code = CodeBuilder::new();
    emit_targeting(&mut code, f, |code| emit_damage(code, amount));
    add_action_card(&mut bundle, "card", code);
    load(bundle)
}

/// Emits the statement `damage(amount) to(var)`.
pub fn emit_damage_to_variable(code: &mut CodeBuilder, var: VariableIdx, amount: i32) {
    code.emit(Instr::LoadVar { a: Reg(1), var });
    code.emit(Instr::SetTargets { a: Reg(1) });
    emit_damage(code, amount);
}

/// An auto without costs that runs `entry` on `event` with `prefix` and `suffix` and no
/// condition (a hook when `hook`).
pub fn auto_on(
    event: EventIdx,
    prefix: Option<EventPrefixIdx>,
    suffix: Option<EventSuffixIdx>,
    hook: bool,
    entry: EntryIdx,
) -> Auto {
    Auto { costs: Vec::new(), hook, events: vec![EventRef { event, prefix, suffix, condition: None }], entry }
}

pub fn load(bundle: BundleBuilder<'_>) -> Program {
    let bytes = bundle.finish().expect("the test bundle builds");
    Program::load(&bytes, &CATALOGUE).expect("the test bundle loads")
}

pub fn runtime(program: Program) -> Runtime<TestHost> {
    Runtime::new(program, &CATALOGUE, builtins())
}

/// A host whose only card is `source` (card 0, P0's, in the ring, 500 bp).
pub fn host_with_source() -> (TestHost, CardId) {
    let mut host = TestHost::new();
    let source = host.add("source", P0, RING, 500);
    (host, source)
}

/// Activates, as P0, the single action `code` of a card whose host holds only its source;
/// returns the outcome (after no trap) and the host.
pub fn activate_action(code: CodeBuilder) -> (Outcome, TestHost) {
    let mut rt = runtime(one_action(code));
    let (mut host, source) = host_with_source();
    let outcome = rt.activate(&mut host, source, CardIdx(0), P0).unwrap();
    (outcome, host)
}

/// Runs a chain as the only statement of an action, answering every confirmation with
/// `confirm`; returns the commands it ran and the completion.
pub fn run_chain(text: &str, confirm: bool) -> (Vec<String>, Completion) {
    let mut code = CodeBuilder::new();
    chain(&mut code, text);
    code.emit(Instr::Return {});
    let mut rt = runtime(one_action(code));
    let (mut host, source) = host_with_source();
    let mut outcome = rt.activate(&mut host, source, CardIdx(0), P0).expect("no trap");
    loop {
        match outcome {
            Outcome::Done(completion) => return (host.commands(), completion),
            Outcome::Suspended(exec) => {
                outcome = rt.resume(&mut host, exec, &[Value::Bool(confirm)]).expect("a valid answer");
            }
        }
    }
}
