//! Hostile hosts and callers: the runtime's answers to an engine that lies and to API calls
//! made in any order. Cards compiled from RuleScript against the test catalogue run on a
//! host whose every answer comes from a random script (card and player handles out of
//! range, values of the wrong kind, huge and negative numbers, empty, repeated and
//! enormous lists, answers that change from one call to the next) and whose builtins may
//! fail at any call; a random sequence of public calls (activations, resumes with good and
//! bad answers, cancels, drops, events, hooks, timers, clones, renewed ids) drives it. Every
//! call must return an error value or a defined result: no panic, no endless run, and what
//! the documentation promises (a refused answer gives the execution back unchanged, a trap
//! leaves nothing queued) holds.

use std::cell::Cell;

use proptest::prelude::*;
use vm::bytecode::*;
use vm::runtime::*;

use super::support::{ATTR_HP, CATALOGUE, END_PHASE, HAND, VAR_DISCARDED};

/// The cards, in the test catalogue's spelling (`mine`/`theirs`, `ring`, `arena`...).
pub(super) const SOURCES: &[(&str, &str)] = &[
    ("fire", "action = damage(300) to(<1>character@theirsRing)\n"),
    ("sweep", "action = damage(100) to(characters[bp<=500]@arena)\n"),
    ("lowest", "action = damage(me.hp) to(character[bp:lowest]@ring)\n"),
    ("coin", "action = [[if flipCoin()]] ok() [[else]] fail()\n"),
    ("hand", "action = discard() & draw(2)\n"),
    ("may", "action = [[may 'Sure?']] pick2() & rule() ueot\n"),
    ("auto", "auto = ~endPhase~ damage(abs(me.hp)) to(<2>character@theirsRing)\n"),
    ("cost", "action = {D(2)}: draw(discarded.size)\n"),
    (
        "duel",
        "requisite = character<1>@theirsRing\ntarget = character@mineRing; character@theirsRing\n\
         vars = _a := targets.0; _b := targets.1\n\
         action = [[if _a.hp > _b.hp]] damage(_a.hp - _b.hp) to(_b) [[else]] emitEnd() & dispatchEnd()\n",
    ),
    ("labels", "action = fail() || ok()\nlabel = \"one\"\naction = [[may]] draw(3)\nlabel = \"two\"\n"),
    ("cont", "auto = ~always~ rule()\n"),
    ("pair", "action = damage(1) to(<2>character@theirsRing)\n"),
    ("misuse", "action = a() & b() || c() & ok()\n"),
    ("misfire", "auto = ~endPhase~ [[if flipCoin()]] a() [[else]] damage(1) to(<1>character@theirsRing) & b()\n"),
    ("frozen", "action = damage(me.size) to(characters[frozen & bp>=-5]@theirsRing) & draw(-4)\n"),
];

/// The bundle of [`SOURCES`], compiled once.
static BUNDLE: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(|| {
    let mut session = compiler::session::Session::new(&CATALOGUE);
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    for (key, source) in SOURCES {
        let diagnostics = session.compile_card(key, source, &mut bundle);
        let errors: Vec<_> =
            diagnostics.iter().filter(|d| d.severity() == compiler::diagnostics::Severity::Error).collect();
        assert!(errors.is_empty(), "{key}: {errors:?}");
    }
    bundle.finish().unwrap()
});

pub(super) fn program() -> Program {
    Program::load(&BUNDLE, &CATALOGUE).unwrap()
}

/// A host whose answers are read, one after the other and round and round, from `script`.
#[derive(Debug, Clone)]
pub(super) struct Hostile {
    script: Vec<u32>,
    at: Cell<usize>,
    /// How many answers it gave (so a test can check the runtime asked at all).
    calls: Cell<u64>,
}

impl Hostile {
    pub(super) fn new(script: Vec<u32>) -> Hostile {
        Hostile { script, at: Cell::new(0), calls: Cell::new(0) }
    }

    fn next(&self) -> u32 {
        let at = self.at.get();
        self.at.set(at.wrapping_add(1));
        self.calls.set(self.calls.get() + 1);
        match self.script.len() {
            0 => 0,
            n => self.script[at % n].rotate_left((at / n) as u32),
        }
    }

    /// A number that is mostly small, sometimes at an edge of its type.
    fn int(&self) -> i32 {
        let n = self.next();
        match n % 8 {
            0 => i32::MIN,
            1 => i32::MAX,
            2 => -((n >> 3) as i32 & 0xff),
            3 => (n >> 3) as i32,
            _ => (n >> 3) as i32 % 600,
        }
    }

    /// A handle: mostly one of the few real ones, sometimes anything.
    fn handle(&self) -> u32 {
        let n = self.next();
        if n % 4 == 0 { n } else { n % 6 }
    }

    /// Any value, of any kind, valid or not.
    fn value(&self) -> Value {
        let n = self.next();
        match n % 16 {
            0 => Value::Nil,
            1 => Value::Int(self.int()),
            2 => Value::Bool(n & 16 != 0),
            3 => Value::Str(StrIdx(self.handle())),
            4 => Value::Player(PlayerId(self.handle())),
            5 => Value::List(ListId(self.handle())),
            6 => Value::Filter(FilterIdx(self.handle())),
            7 => Value::Pile(ZoneRef { prefix: Some(ZonePrefixIdx(n >> 4)), zone: ZoneIdx(n >> 8) }),
            8 => Value::RuleSwitch(RuleSwitchIdx(self.handle())),
            9 => Value::Amount(AmountMode::Add, self.int()),
            10 => Value::Ask,
            11 => Value::Iter(ListId(self.handle()), self.next()),
            _ => Value::Card(CardId(self.handle())),
        }
    }

    /// Appends a list of cards: usually a few, sometimes none, repeated, or past every
    /// limit; and sometimes first throws away what `out` held (it should only append).
    fn cards(&self, out: &mut Vec<Value>) {
        let n = self.next();
        if n % 16 == 2 {
            out.clear();
        }
        let len = match n % 16 {
            0 => 70_000,
            1 => 0,
            _ => (n >> 4) as usize % 6,
        };
        for _ in 0..len {
            out.push(if n % 3 == 0 { self.value() } else { Value::Card(CardId(self.handle())) });
        }
    }
}

impl Host for Hostile {
    fn opponent(&self, _player: PlayerId) -> PlayerId {
        PlayerId(self.handle())
    }
    fn controller(&self, _card: CardId) -> PlayerId {
        PlayerId(self.handle())
    }
    fn zone_cards(&mut self, _env: &Env, _zone: ZoneRef, out: &mut Vec<Value>) {
        self.cards(out);
    }
    fn card_type(&self, _card: CardId) -> Option<CardTypeIdx> {
        let n = self.next();
        (n % 5 != 0).then_some(CardTypeIdx(n % 3))
    }
    fn card_subtype_is(&self, _card: CardId, _subtype: SubtypeIdx) -> bool {
        self.next() % 2 == 0
    }
    fn card_name_is(&self, _card: CardId, _name: &str) -> bool {
        self.next() % 2 == 0
    }
    fn has_keyword(&self, _object: Value, _keyword: FilterKeywordIdx) -> bool {
        self.next() % 2 == 0
    }
    fn property(&self, _object: Value, _property: ComparableIdx) -> Option<i32> {
        (self.next() % 4 != 0).then(|| self.int())
    }
    fn rank_key(&self, _object: Value, _ranking: RankingIdx, _word: u16) -> Option<i64> {
        let n = self.next();
        match n % 5 {
            0 => None,
            1 => Some(i64::MIN),
            2 => Some(i64::MAX),
            _ => Some(i64::from(self.int())),
        }
    }
    fn auto_may_fire(&self, _card: CardId) -> bool {
        self.next() % 3 != 0
    }
    fn variable(&mut self, _env: &Env, _var: VariableIdx, lists: &mut Lists) -> Value {
        match self.next() % 3 {
            0 => {
                let mut cards = Vec::new();
                self.cards(&mut cards);
                lists.make(&cards).map_or(Value::Nil, Value::List)
            }
            _ => self.value(),
        }
    }
    fn attribute(&mut self, env: &Env, object: Value, attr: AttributeIdx, lists: &mut Lists) -> Value {
        let _ = object;
        self.variable(env, VariableIdx(attr.0), lists)
    }
    fn random(&mut self, _bound: u32) -> u32 {
        // Out of `0..bound` as often as not.
        self.next()
    }
    fn chooser(&self, _env: &Env, _kind: RequestKind) -> PlayerId {
        PlayerId(self.handle())
    }
    fn pile_cards(&mut self, _player: PlayerId, _zone: ZoneIdx, out: &mut Vec<Value>) {
        self.cards(out);
    }
    fn move_card(&mut self, _card: CardId, _player: PlayerId, _zone: ZoneIdx, _position: i32) -> bool {
        self.next() % 2 == 0
    }
    fn counter(&self, _object: Value, _attr: AttributeIdx) -> i32 {
        self.int()
    }
}

// ---- builtins: game code written against what `Host` may answer ----

/// A builtin that fails with a host error when the script says so (one call in eight).
fn host_error(ctx: &mut CallContext<'_, Hostile>) -> Result<(), Trap> {
    match ctx.host().next() % 8 {
        0 => Err(Trap::new(TrapCode::Host)),
        _ => Ok(()),
    }
}

fn plain(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    Ok(if ctx.host().next() % 2 == 0 { Status::Success } else { Status::Failure })
}

/// Game code that misuses the builtin API as the script says: indices past every table,
/// lists that do not exist, a suspension without a question, a question followed by a
/// success, two questions, events and hooks that do not exist, filters of no card.
fn misuse(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    let n = ctx.host().next();
    let any = ctx.host().value();
    let handle = ctx.host().handle();
    match n % 16 {
        0 => return Ok(Status::Suspend),
        1 => {
            ctx.choose(0, &[any, Value::Int(1)], 1, 1, None)?;
            return Ok(Status::Success);
        }
        2 => {
            ctx.choose(0, &[any], 1, 1, None)?;
            return ctx.choose(1, &[Value::Int(2), Value::Int(3)], 2, 2, None);
        }
        3 => {
            let resolved = ctx.resolve(FilterIdx(handle))?;
            return ctx.choose_from(0, resolved.candidates, resolved.min, resolved.max, None);
        }
        4 => return ctx.choose_from(0, ListId(handle), 0, 1, None),
        5 => {
            ctx.emit(Event::new(EventIdx(handle), PlayerId(handle)).with_object(any))?;
        }
        6 => {
            ctx.dispatch(Event::new(EventIdx(handle), PlayerId(0)).bind(VariableIdx(handle), any))?;
        }
        7 => {
            let _ = ctx.ask(Event::new(EventIdx(handle), PlayerId(0)).with_object(any))?;
        }
        8 => {
            ctx.bind(VariableIdx(handle), any)?;
            let _ = ctx.variable(VariableIdx(handle));
        }
        9 => {
            let _ = (ctx.arg(handle as usize), ctx.target(handle as usize), ctx.keyword_arg(handle as usize));
            let _ = ctx.list(ListId(handle)).len();
        }
        10 => ctx.charge(handle as usize)?,
        11 => {
            let kind = EffectKind::Ability { target: any, ability: AbilityIdx(handle) };
            ctx.record_effect(kind)?;
            ctx.end_effects(kind);
        }
        12 => ctx.fix_selection(&[any, any])?,
        13 => ctx.set_result(any),
        14 => return ctx.choose(0, &[], 0, 0, None),
        _ => ctx.set_step(u16::MAX),
    }
    Ok(if n & 16 == 0 { Status::Success } else { Status::Failure })
}

fn damage(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    let amount = ctx.arg(0).as_int().unwrap_or(0);
    for i in 0..ctx.n_targets() {
        let target = ctx.target(i);
        let hp = ctx.host().counter(target, ATTR_HP);
        ctx.host().set_counter(target, ATTR_HP, hp.saturating_sub(amount));
    }
    Ok(Status::Success)
}

fn draw(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    let count = usize::try_from(ctx.arg(0).as_int().unwrap_or(1)).unwrap_or(0);
    let player = ctx.target(0).as_player().unwrap_or(ctx.env().me);
    // Appended after what the builtin already holds, as `pile_top_cards` allows.
    let mut drawn = vec![Value::Card(ctx.env().source)];
    let in_pile = ctx.host().pile_top_cards(player, HAND, count, &mut drawn);
    ctx.charge(drawn.len())?;
    let _ = in_pile;
    let on_top = ctx.read_pile_top(player, HAND, count, |_, top, len| (top.len(), len));
    let _ = on_top;
    let list = ctx.make_list(&drawn)?;
    ctx.bind(VAR_DISCARDED, list)?;
    Ok(Status::Success)
}

/// Asks which of the host's listed cards to discard, with bounds the host picks.
fn discard(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    if let Some(answer) = ctx.answer() {
        let chosen = answer.to_vec();
        let list = ctx.make_list(&chosen)?;
        ctx.bind(VAR_DISCARDED, list)?;
        return Ok(Status::Success);
    }
    let me = ctx.env().me;
    let mut hand = Vec::new();
    ctx.host().pile_cards(me, HAND, &mut hand);
    let (min, max) = (ctx.host().next() as u16 % 4, ctx.host().next() as u16 % 4);
    ctx.choose(0, &hand, min, max, None)
}

fn emit_end(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    let player = PlayerId(ctx.host().handle());
    ctx.emit(Event::new(END_PHASE, player))?;
    Ok(Status::Success)
}

fn dispatch_end(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    let player = PlayerId(ctx.host().handle());
    ctx.dispatch(Event::new(END_PHASE, player))?;
    Ok(Status::Success)
}

fn rule(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    let target = ctx.host().value();
    let value = ctx.host().value();
    let kind = EffectKind::Custom { code: 1, target, value };
    ctx.record_effect(kind)?;
    Ok(Status::Success)
}

/// Asks twice, from candidates the host makes up.
fn pick2(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    if ctx.step() >= 2 {
        return Ok(Status::Success);
    }
    ctx.set_step(ctx.step() + 1);
    let mut options = Vec::new();
    ctx.host().cards(&mut options);
    ctx.choose(1, &options, 1, 1, None)
}

fn flip_coin(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    match ctx.answer() {
        None => ctx.choose(0, &[Value::Int(0), Value::Int(1)], 1, 1, None),
        Some(_) => {
            let result = ctx.host().value();
            ctx.set_result(result);
            Ok(Status::Success)
        }
    }
}

fn abs(ctx: &mut CallContext<'_, Hostile>) -> Result<Status, Trap> {
    host_error(ctx)?;
    let value = ctx.arg(0).as_int().and_then(i32::checked_abs).map_or(Value::Nil, Value::Int);
    ctx.set_result(value);
    Ok(Status::Success)
}

fn cost(ctx: &mut CallContext<'_, Hostile>, phase: CostPhase) -> Result<Status, Trap> {
    host_error(ctx)?;
    match phase {
        CostPhase::Check if ctx.answer().is_none() && ctx.host().next() % 2 == 0 => {
            let mut hand = Vec::new();
            ctx.host().cards(&mut hand);
            ctx.choose(0, &hand, 2, 2, None)
        }
        CostPhase::Check => Ok(Status::Success),
        CostPhase::Pay => {
            let chosen = ctx.selection().unwrap_or_default().to_vec();
            let list = ctx.make_list(&chosen)?;
            ctx.bind(VAR_DISCARDED, list)?;
            Ok(Status::Success)
        }
    }
}

pub(super) fn builtins() -> Builtins<Hostile> {
    use super::support::{A, B, C, DAMAGE, DISCARD, DISPATCH_END, DRAW, EMIT_END, FAIL, OK, PICK2, RULE};
    let mut table = Builtins::new(&CATALOGUE);
    for idx in [OK, FAIL] {
        table.command(idx, plain);
    }
    for idx in [A, B, C] {
        table.command(idx, misuse);
    }
    table
        .command(DAMAGE, damage)
        .command(DRAW, draw)
        .command(DISCARD, discard)
        .command(EMIT_END, emit_end)
        .command(RULE, rule)
        .command(PICK2, pick2)
        .command(DISPATCH_END, dispatch_end)
        .function(0, flip_coin)
        .function(1, abs)
        .cost(0, cost)
        .cost(1, cost)
        .cost(2, |ctx, _| misuse(ctx));
    table
}

// ---- the caller ----

/// One public call of the runtime's API.
#[derive(Debug, Clone)]
enum Call {
    Activate {
        card: u8,
        source: u32,
        me: u32,
        trial: bool,
    },
    RequisitesMet {
        card: u8,
        source: u32,
        me: u32,
    },
    EnterPlay {
        card: u8,
        source: u32,
    },
    LeavePlay {
        source: u32,
    },
    /// Emits an event; `binding` binds a variable (any index, any value) in its autos.
    Emit {
        event: u16,
        player: u32,
        object: Option<u32>,
        binding: Option<(u32, u32)>,
    },
    /// Resolves a filter (any index) for any environment, reading the host only.
    Peek {
        filter: u32,
        card: u8,
        me: u32,
        rule_target: bool,
        count: u8,
    },
    RunEvents,
    Ask {
        event: u16,
        player: u32,
    },
    Expire {
        kind: u16,
        player: u32,
    },
    /// Resumes the `which`-th waiting execution with an answer of `how`.
    Resume {
        which: u8,
        how: u8,
    },
    Cancel {
        which: u8,
    },
    Drop {
        which: u8,
    },
    /// Resumes a waiting execution in a clone of the runtime (and of the host).
    ResumeInClone {
        which: u8,
    },
    /// Keeps a copy of a waiting execution beside it: both may be answered, in any order.
    CloneExec {
        which: u8,
    },
    /// Becomes a copy of a clone of itself taken now (`clone_from`), or of a fresh one.
    CloneFrom {
        fresh: bool,
    },
    RenewId,
    /// Swaps in [`Runtime::fresh`]: executions of the old runtime must be refused.
    Fresh,
    SetFuel(u64),
    DiscardEvents,
    DropUnheard,
}

fn call() -> impl Strategy<Value = Call> {
    let card = 0u8..(SOURCES.len() as u8 + 2);
    let handle = prop_oneof![4 => 0u32..6, 1 => any::<u32>()];
    prop_oneof![
        6 => (card.clone(), handle.clone(), handle.clone(), any::<bool>())
            .prop_map(|(card, source, me, trial)| Call::Activate { card, source, me, trial }),
        1 => (card.clone(), handle.clone(), handle.clone()).prop_map(|(card, source, me)| Call::RequisitesMet { card, source, me }),
        2 => (card.clone(), handle.clone()).prop_map(|(card, source)| Call::EnterPlay { card, source }),
        1 => handle.clone().prop_map(|source| Call::LeavePlay { source }),
        2 => (0u16..6, handle.clone(), proptest::option::of(handle.clone()), proptest::option::of((0u32..8, any::<u32>())))
            .prop_map(|(event, player, object, binding)| Call::Emit { event, player, object, binding }),
        1 => (0u32..12, card.clone(), handle.clone(), any::<bool>(), any::<u8>())
            .prop_map(|(filter, card, me, rule_target, count)| Call::Peek { filter, card, me, rule_target, count }),
        2 => Just(Call::RunEvents),
        1 => (0u16..6, handle.clone()).prop_map(|(event, player)| Call::Ask { event, player }),
        1 => (0u16..5, handle).prop_map(|(kind, player)| Call::Expire { kind, player }),
        6 => (any::<u8>(), any::<u8>()).prop_map(|(which, how)| Call::Resume { which, how }),
        1 => any::<u8>().prop_map(|which| Call::Cancel { which }),
        1 => any::<u8>().prop_map(|which| Call::Drop { which }),
        1 => any::<u8>().prop_map(|which| Call::ResumeInClone { which }),
        1 => any::<u8>().prop_map(|which| Call::CloneExec { which }),
        1 => any::<bool>().prop_map(|fresh| Call::CloneFrom { fresh }),
        1 => Just(Call::RenewId),
        1 => Just(Call::Fresh),
        1 => prop_oneof![0u64..50, Just(u64::MAX)].prop_map(Call::SetFuel),
        1 => Just(Call::DiscardEvents),
        1 => Just(Call::DropUnheard),
    ]
}

/// An answer to `exec`'s request, of the kind `how` picks: valid or not.
fn answer(exec: &Execution, how: u8, host: &Hostile) -> Vec<Value> {
    let request = exec.request();
    let candidates = exec.candidates();
    match how % 8 {
        0 => candidates.iter().take(usize::from(request.min.max(1))).copied().collect(),
        1 => candidates.iter().take(usize::from(request.max)).copied().collect(),
        2 => Vec::new(),
        3 => candidates.iter().chain(candidates).copied().collect(),
        4 => (0..usize::from(how) * 600).map(|_| host.value()).collect(),
        5 => vec![host.value()],
        6 => candidates.iter().rev().take(usize::from(request.min)).copied().collect(),
        _ => candidates.first().map(|&first| vec![first, first]).unwrap_or_default(),
    }
}

/// Checks what the documentation promises of a result, and keeps a suspended execution.
fn settle(runtime: &Runtime<Hostile>, result: Result<Outcome, Trap>, waiting: &mut Vec<Execution>) {
    match result {
        Ok(Outcome::Done(_)) => {}
        Ok(Outcome::Suspended(exec)) => {
            let request = exec.request();
            assert!(request.min <= request.max, "{request:?}");
            // The request can be answered: it has `min` distinct candidates.
            let mut distinct = exec.candidates().to_vec();
            distinct.sort_by_key(|value| format!("{value:?}"));
            distinct.dedup();
            assert!(usize::from(request.min) <= distinct.len(), "{request:?} {:?}", exec.candidates());
            waiting.push(exec);
        }
        Err(trap) => {
            // A trap ends the cascade it happened in: nothing stays queued.
            assert_eq!(runtime.pending_events(), 0, "after {trap}");
            assert!(!trap.code().message().is_empty());
        }
    }
}

fn take(waiting: &mut Vec<Execution>, which: u8) -> Option<Execution> {
    match waiting.len() {
        0 => None,
        n => Some(waiting.swap_remove(usize::from(which) % n)),
    }
}

/// A catalogue of almost nothing: what a runtime is handed when the engine loads a bundle
/// against one catalogue and runs it with another (`Runtime::new` takes both apart).
static TINY: vm::catalogue::Catalogue = vm::catalogue::Catalogue { name: "tiny", ..vm::catalogue::Catalogue::EMPTY };

fn play(script: Vec<u32>, calls: &[Call], mismatched: bool) {
    let program = program();
    let cards = program.cards().len() as u16;
    let mut runtime = match mismatched {
        false => Runtime::new(program, &CATALOGUE, builtins()),
        true => Runtime::new(program, &TINY, Builtins::new(&TINY)),
    };
    runtime.set_fuel(2_000);
    let mut host = Hostile::new(script);
    let mut waiting: Vec<Execution> = Vec::new();
    let _ = cards;
    for call in calls {
        match *call {
            Call::Activate { card, source, me, trial } => {
                let (card, source, me) = (CardIdx(u32::from(card)), CardId(source), PlayerId(me));
                let result = if trial {
                    runtime.try_activation(&mut host, source, card, me)
                } else {
                    runtime.activate(&mut host, source, card, me)
                };
                settle(&runtime, result, &mut waiting);
            }
            Call::RequisitesMet { card, source, me } => {
                let _ = runtime.requisites_met(&mut host, CardId(source), CardIdx(u32::from(card)), PlayerId(me));
            }
            Call::EnterPlay { card, source } => {
                let before = runtime.pending_events();
                let result = runtime.enter_play(&mut host, CardId(source), CardIdx(u32::from(card)));
                if let Err(trap) = result {
                    // Only an unknown card is refused, and it runs nothing and changes nothing.
                    assert_eq!(trap.code(), TrapCode::UnknownCard);
                    assert_eq!(runtime.pending_events(), before);
                }
            }
            Call::LeavePlay { source } => runtime.leave_play(&mut host, CardId(source)),
            Call::Emit { event, player, object, binding } => {
                let mut event = Event::new(EventIdx(u32::from(event)), PlayerId(player));
                if let Some(object) = object {
                    event = event.with_object(Value::Card(CardId(object)));
                }
                if let Some((var, value)) = binding {
                    let value = Hostile::new(vec![value]).value();
                    event = event.bind(VariableIdx(var), value);
                }
                runtime.emit(event);
            }
            Call::Peek { filter, card, me, rule_target, count } => {
                let env = Env {
                    me: PlayerId(me),
                    controller: PlayerId(me),
                    source: CardId(me),
                    card: CardIdx(u32::from(card)),
                };
                let count = [Count::All, Count::Choice, Count::One][usize::from(count % 3)];
                let mut buffers = PeekBuffers::default();
                let lister = host.clone();
                let peeked = runtime.peek_filter_for(
                    &host,
                    &env,
                    FilterIdx(filter),
                    rule_target,
                    count,
                    |_, out| lister.cards(out),
                    &mut buffers,
                );
                if let Some(Peek::Found { min, max, .. }) = peeked {
                    assert!(min <= max, "{peeked:?}");
                }
            }
            Call::RunEvents => {
                let result = runtime.run_events(&mut host);
                settle(&runtime, result, &mut waiting);
            }
            Call::Ask { event, player } => {
                if runtime.ask(&mut host, Event::new(EventIdx(u32::from(event)), PlayerId(player))).is_err() {
                    assert_eq!(runtime.pending_events(), 0);
                }
            }
            Call::Expire { kind, player } => {
                runtime.expire(&mut host, RestrictionIdx(u32::from(kind)), PlayerId(player))
            }
            Call::Resume { which, how } => {
                let Some(exec) = take(&mut waiting, which) else { continue };
                let (request, candidates) = (exec.request(), exec.candidates().to_vec());
                let given = answer(&exec, how, &host);
                match runtime.resume(&mut host, exec, &given) {
                    Ok(outcome) => settle(&runtime, Ok(outcome), &mut waiting),
                    Err(ResumeError::Trap(trap)) => settle(&runtime, Err(trap), &mut waiting),
                    Err(ResumeError::Invalid(exec, _) | ResumeError::OtherRuntime(exec)) => {
                        // A refused answer gives the execution back unchanged.
                        assert_eq!(exec.request(), request);
                        assert_eq!(exec.candidates(), candidates.as_slice());
                        waiting.push(exec);
                    }
                }
            }
            Call::Cancel { which } => {
                if let Some(exec) = take(&mut waiting, which) {
                    runtime.cancel(exec);
                }
            }
            Call::Drop { which } => drop(take(&mut waiting, which)),
            Call::ResumeInClone { which } => {
                let Some(exec) = waiting.get(usize::from(which) % waiting.len().max(1)) else { continue };
                let (mut copy, mut host_copy) = (runtime.clone(), host.clone());
                let given = answer(exec, which, &host_copy);
                let mut elsewhere = Vec::new();
                match copy.resume(&mut host_copy, exec.clone(), &given) {
                    Ok(outcome) => settle(&copy, Ok(outcome), &mut elsewhere),
                    Err(ResumeError::Trap(trap)) => settle(&copy, Err(trap), &mut elsewhere),
                    Err(_) => {}
                }
            }
            Call::CloneExec { which } => {
                if let Some(exec) = waiting.get(usize::from(which) % waiting.len().max(1)) {
                    waiting.push(exec.clone());
                }
            }
            Call::CloneFrom { fresh } => {
                let source = if fresh { runtime.fresh() } else { runtime.clone() };
                runtime.clone_from(&source);
                if fresh {
                    // The fresh runtime's id came along: the old executions are refused.
                    for exec in waiting.drain(..) {
                        let refused = runtime.resume(&mut host, exec, &[]);
                        assert!(matches!(refused, Err(ResumeError::OtherRuntime(_))), "{refused:?}");
                    }
                }
            }
            Call::RenewId => {
                runtime.renew_id();
                for exec in waiting.drain(..) {
                    let refused = runtime.resume(&mut host, exec, &[]);
                    assert!(matches!(refused, Err(ResumeError::OtherRuntime(_))), "{refused:?}");
                }
            }
            Call::Fresh => {
                let fresh = runtime.fresh();
                let old = std::mem::replace(&mut runtime, fresh);
                drop(old);
                for exec in waiting.drain(..) {
                    let refused = runtime.resume(&mut host, exec, &[]);
                    assert!(matches!(refused, Err(ResumeError::OtherRuntime(_))), "{refused:?}");
                }
            }
            Call::SetFuel(fuel) => runtime.set_fuel(fuel.min(5_000)),
            Call::DiscardEvents => {
                runtime.discard_events();
                assert_eq!(runtime.pending_events(), 0);
            }
            Call::DropUnheard => {
                let _ = runtime.drop_unheard_events();
            }
        }
        assert!(runtime.effects().len() <= MAX_EFFECTS);
    }
}

proptest! {
    /// No script of host answers and no order of API calls panics or runs forever.
    #[test]
    fn hostile_host_and_caller_get_errors_or_results(
        script in proptest::collection::vec(any::<u32>(), 0..48),
        calls in proptest::collection::vec(call(), 1..40),
        mismatched in proptest::bool::weighted(0.1),
    ) {
        play(script, &calls, mismatched);
    }
}

/// The cards compile and the host is asked at all: a fuzz target that ran nothing would
/// prove nothing.
#[test]
fn every_card_runs_on_an_honest_script() {
    let mut runtime = Runtime::new(program(), &CATALOGUE, builtins());
    let mut host = Hostile::new(vec![5, 9, 13, 17, 21, 25]);
    for card in 0..SOURCES.len() as u16 {
        let _ = runtime.activate(&mut host, CardId(1), CardIdx(u32::from(card)), PlayerId(0));
    }
    assert!(host.calls.get() > SOURCES.len() as u64, "{}", host.calls.get());
}
