//! The stdlib's builtins on a hostile [`CfcHost`]: every card of the example set (and a
//! sample of the corpus, when present) runs on a host whose every answer, to the VM's
//! generic [`Host`] questions and to the CFC primitives alike, comes from a random script
//! (card and player handles out of range, `i32`/`i64` extremes, empty, repeated and
//! enormous lists, answers that change from one call to the next), and every question the
//! runtime asks is answered at random too. Every run must end in a result or a trap with a
//! stable code: no panic, no endless run (the runtime's fuel bounds it).

use std::cell::Cell;
use std::path::PathBuf;
use std::sync::LazyLock;

use proptest::prelude::*;
use stdlib::host::{AttackRole, CfcHost, Flag, Model, Modifier, Window};
use stdlib::{CATALOGUE, builtins};
use vm::bytecode::*;
use vm::runtime::*;

use crate::hostile::{Arg, call_bundle};

/// A host whose answers are read, one after the other and round and round, from `script`.
#[derive(Debug, Clone)]
pub(crate) struct HostileCfc {
    script: Vec<u32>,
    at: Cell<usize>,
    /// How many answers it gave (so a test can check the builtins asked at all).
    calls: Cell<u64>,
    /// When set, what every variable and attribute is (a pinned case's one lie): the one
    /// value it holds, or a list of them all.
    names: Option<Vec<Value>>,
    /// When set, every pile is empty (a pinned case's other lie).
    empty_piles: bool,
}

impl HostileCfc {
    pub(crate) fn new(script: Vec<u32>) -> HostileCfc {
        HostileCfc { script, at: Cell::new(0), calls: Cell::new(0), names: None, empty_piles: false }
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

    fn yes(&self) -> bool {
        self.next() % 2 == 0
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

    /// A handle: mostly one of the few real ones, sometimes anything, sometimes just
    /// below `u32::MAX` (where an index cut to 16 bits is largest).
    fn handle(&self) -> u32 {
        let n = self.next();
        match n % 8 {
            0 | 1 => n,
            2 => u32::MAX - (n >> 3) % 0x100,
            _ => n % 6,
        }
    }

    fn player(&self) -> PlayerId {
        PlayerId(self.handle())
    }

    fn card(&self) -> CardId {
        CardId(self.handle())
    }

    fn zone(&self) -> ZoneIdx {
        ZoneIdx(self.handle())
    }

    /// Any value, of any kind, valid or not.
    fn value(&self) -> Value {
        let n = self.next();
        match n % 16 {
            0 => Value::Nil,
            1 => Value::Int(self.int()),
            2 => Value::Bool(n & 16 != 0),
            3 => Value::Str(StrIdx(self.handle())),
            4 => Value::Player(self.player()),
            5 => Value::List(ListId(self.handle())),
            6 => Value::Filter(FilterIdx(self.handle())),
            7 => Value::Pile(ZoneRef { prefix: Some(ZonePrefixIdx(n >> 4)), zone: ZoneIdx(n >> 8) }),
            8 => Value::RuleSwitch(RuleSwitchIdx(self.handle())),
            9 => Value::Amount(AmountMode::Add, self.int()),
            10 => Value::Ask,
            11 => Value::Iter(ListId(self.handle()), self.next()),
            _ => Value::Card(self.card()),
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
        let repeated = n % 16 == 3;
        let first = Value::Card(self.card());
        for _ in 0..len {
            out.push(match () {
                () if repeated => first,
                () if n % 3 == 0 => self.value(),
                () => Value::Card(self.card()),
            });
        }
    }
}

impl Host for HostileCfc {
    fn opponent(&self, _player: PlayerId) -> PlayerId {
        self.player()
    }
    fn controller(&self, _card: CardId) -> PlayerId {
        self.player()
    }
    fn zone_cards(&mut self, _env: &Env, _zone: ZoneRef, out: &mut Vec<Value>) {
        self.cards(out);
    }
    fn card_type(&self, _card: CardId) -> Option<CardTypeIdx> {
        let n = self.next();
        (n % 5 != 0).then_some(CardTypeIdx(n % 4))
    }
    fn card_subtype_is(&self, _card: CardId, _subtype: SubtypeIdx) -> bool {
        self.yes()
    }
    fn card_name_is(&self, _card: CardId, _name: &str) -> bool {
        self.yes()
    }
    fn has_keyword(&self, _object: Value, _keyword: FilterKeywordIdx) -> bool {
        self.yes()
    }
    fn property(&self, _object: Value, _property: ComparableIdx) -> Option<i32> {
        (self.next() % 4 != 0).then(|| self.int())
    }
    fn rank_key(&self, _object: Value, _ranking: RankingIdx, _word: u16) -> Option<i64> {
        match self.next() % 5 {
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
        match self.names.as_deref() {
            Some(&[one]) => return one,
            Some(all) => return lists.make(all).map_or(Value::Nil, Value::List),
            None => {}
        }
        match self.next() % 3 {
            0 => {
                let mut cards = Vec::new();
                self.cards(&mut cards);
                lists.make(&cards).map_or(Value::Nil, Value::List)
            }
            _ => self.value(),
        }
    }
    fn attribute(&mut self, env: &Env, _object: Value, attr: AttributeIdx, lists: &mut Lists) -> Value {
        self.variable(env, VariableIdx(attr.0), lists)
    }
    fn random(&mut self, _bound: u32) -> u32 {
        // Out of `0..bound` as often as not.
        self.next()
    }
    fn chooser(&self, _env: &Env, _kind: RequestKind) -> PlayerId {
        self.player()
    }
    fn end_effect(&mut self, effect: &Effect) {
        stdlib::end_effect(self, effect);
    }
    fn pile_cards(&mut self, _player: PlayerId, _zone: ZoneIdx, out: &mut Vec<Value>) {
        if self.empty_piles {
            return;
        }
        self.cards(out);
    }
    fn pile_top_cards(&mut self, _player: PlayerId, _zone: ZoneIdx, _most: usize, out: &mut Vec<Value>) -> usize {
        // More than asked for, and a pile size that need not match.
        self.cards(out);
        match self.next() % 4 {
            0 => usize::MAX,
            1 => 0,
            _ => self.handle() as usize,
        }
    }
    fn move_card(&mut self, _card: CardId, _player: PlayerId, _zone: ZoneIdx, _position: i32) -> bool {
        self.yes()
    }
    fn counter(&self, _object: Value, _attr: AttributeIdx) -> i32 {
        self.int()
    }
}

impl CfcHost for HostileCfc {
    fn locate(&self, _card: CardId) -> Option<(PlayerId, ZoneIdx)> {
        (self.next() % 4 != 0).then(|| (self.player(), self.zone()))
    }
    fn flag(&self, _object: Value, _flag: Flag) -> bool {
        self.yes()
    }
    fn set_flag(&mut self, _object: Value, _flag: Flag, _on: bool) {}
    fn ko(&mut self, _card: CardId) -> bool {
        self.yes()
    }
    fn defeat(&mut self, _player: PlayerId) {}
    fn rules(&self, _card: CardId) -> Option<CardIdx> {
        (self.next() % 4 != 0).then(|| CardIdx(self.handle()))
    }
    fn set_rules(&mut self, _card: CardId, _rules: Option<CardIdx>) {}
    fn transform(&mut self, _card: CardId, _model: Model<'_>) -> bool {
        self.yes()
    }
    fn reveal(&mut self, _card: CardId, _viewer: Option<PlayerId>) {}
    fn show_pile(&mut self, _owner: PlayerId, _zone: ZoneIdx, _viewer: PlayerId) {}
    fn shuffle(&mut self, _player: PlayerId, _zone: ZoneIdx) {}
    fn pile_view(&mut self, _player: PlayerId, _zone: ZoneIdx, _state: u16) {}
    fn slot(&self, _card: CardId) -> Option<u8> {
        (self.next() % 4 != 0).then(|| self.next() as u8)
    }
    fn slot_card(&self, _player: PlayerId, _slot: u8) -> Option<CardId> {
        (self.next() % 3 != 0).then(|| self.card())
    }
    fn move_to_slot(&mut self, _card: CardId, _slot: u8) -> bool {
        self.yes()
    }
    fn swap_slots(&mut self, _a: CardId, _b: CardId) -> bool {
        self.yes()
    }
    fn move_card_from_ring(
        &mut self,
        _card: CardId,
        _player: PlayerId,
        _zone: ZoneIdx,
        _position: i32,
    ) -> Option<bool> {
        (self.next() % 3 != 0).then(|| self.yes())
    }
    fn add_modifier(&mut self, _id: EffectId, _modifier: Modifier) {}
    fn remove_modifier(&mut self, _id: EffectId) {}
    fn adjust_window(&mut self, _window: Window, _delta: i32) -> bool {
        self.yes()
    }
    fn open_window(&mut self, _window: Window) {}
    fn close_window(&mut self, _window: Window) -> i32 {
        self.int()
    }
    fn extra_turns(&mut self, _player: PlayerId, _n: i32) {}
    fn skip_phase(&mut self, _player: PlayerId, _phase: u16) {}
    fn extra_char_plays(&mut self, _player: PlayerId, _n: i32) {}
    fn attack_role(&self, _card: CardId) -> AttackRole {
        [AttackRole::None, AttackRole::Leader, AttackRole::Joiner][self.next() as usize % 3]
    }
    fn join_attack(&mut self, _card: CardId, _leader: CardId) -> bool {
        self.yes()
    }
    fn remove_from_attack(&mut self, _card: CardId) -> bool {
        self.yes()
    }
    fn queue_activation(&mut self, _source: CardId, _rules: CardIdx, _me: PlayerId) -> bool {
        self.yes()
    }
    fn set_search_scope(&mut self, _scope: Option<(PlayerId, ZoneIdx)>) {}
}

/// Compiles one rules file into a bundle of its own; `None` when it does not compile
/// (the corpus tests report those; here only what compiles is run).
fn bundle(key: &str, source: &str) -> Option<Vec<u8>> {
    let mut session = compiler::Session::new(&CATALOGUE);
    let mut bundle = BundleBuilder::new(&CATALOGUE);
    let diagnostics = session.compile_card(key, source, &mut bundle);
    if diagnostics.iter().any(|d| d.severity() == compiler::Severity::Error) {
        return None;
    }
    bundle.finish().ok()
}

fn rules_files(dir: &std::path::Path) -> Vec<PathBuf> {
    compiler::corpus::rules_files(dir)
}

/// Every card of the example set, compiled once.
static EXAMPLES: LazyLock<Vec<(String, Vec<u8>)>> = LazyLock::new(|| {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let bundles: Vec<(String, Vec<u8>)> = rules_files(&dir)
        .iter()
        .map(|path| {
            let key = path.file_stem().unwrap().to_string_lossy().into_owned();
            let source = std::fs::read_to_string(path).unwrap();
            let bytes = bundle(&key, &source).unwrap_or_else(|| panic!("example {key} does not compile"));
            (key, bytes)
        })
        .collect();
    assert!(bundles.len() > 50, "only {} example cards", bundles.len());
    bundles
});

/// Every seventh card of the corpus (a sample that keeps the test quick), compiled once;
/// empty when the corpus is absent.
static CORPUS: LazyLock<Vec<(String, Vec<u8>)>> = LazyLock::new(|| {
    let Some(dir) = compiler::corpus::corpus_dir() else { return Vec::new() };
    rules_files(&dir)
        .iter()
        .step_by(7)
        .filter_map(|path| {
            let key = path.file_stem().unwrap().to_string_lossy().into_owned();
            let source = std::fs::read_to_string(path).unwrap();
            Some((key.clone(), bundle(&key, &source)?))
        })
        .collect()
});

/// For every command of the catalogue, a hand-made bundle whose one action calls it with
/// every argument read from a variable the host answers (any value of any kind: a rule
/// switch, a pile or a filter the program does not have), at the first argument count the
/// verifier takes. The compiler never writes such calls; a host-made value can still
/// reach a builtin this way, so each must refuse it cleanly.
static HOST_ARGUMENTS: LazyLock<Vec<(String, Vec<u8>)>> = LazyLock::new(|| {
    let bundles: Vec<(String, Vec<u8>)> = stdlib::Command::ALL
        .iter()
        .filter_map(|&command| (0..=4u8).find_map(|argc| Some((format!("{command:?}"), variable_call(command, argc)?))))
        .collect();
    assert!(bundles.len() * 10 >= stdlib::Command::ALL.len() * 9, "{} of the commands verify", bundles.len());
    bundles
});

/// A bundle whose one action calls `command` with `argc` arguments, each the host's
/// answer for `blocker`; `None` when the verifier refuses that argument count.
fn variable_call(command: stdlib::Command, argc: u8) -> Option<Vec<u8>> {
    let args = vec![Arg::Var(stdlib::names::VAR_BLOCKER); usize::from(argc)];
    call_bundle(CommandIdx(command as u32), &args)
}

/// An answer to a request, of the kind `how` picks: the first `min` candidates, a yes,
/// nothing, too many, repeated, or values the request never offered.
fn answer(exec: &Execution, how: u32, host: &HostileCfc) -> Vec<Value> {
    let (request, candidates) = (exec.request(), exec.candidates());
    let n = usize::from(request.min.max(1).min(request.max)).min(candidates.len());
    match how % 8 {
        0..=2 => match request.kind {
            RequestKind::May | RequestKind::Confirm(_) => vec![Value::Bool(how & 8 == 0)],
            _ => candidates[..n].to_vec(),
        },
        3 => Vec::new(),
        4 => candidates.iter().chain(candidates).copied().collect(),
        5 => (0..3).map(|_| host.value()).collect(),
        6 => candidates.iter().rev().take(usize::from(request.min)).copied().collect(),
        _ => vec![host.value()],
    }
}

/// Drives `result` to its end, answering at most 16 questions; checks that a trap has a
/// stable code.
fn finish(runtime: &mut Runtime<HostileCfc>, host: &mut HostileCfc, mut result: Result<Outcome, Trap>) {
    for _ in 0..16 {
        let exec = match result {
            Ok(Outcome::Done(_)) => return,
            Ok(Outcome::Suspended(exec)) => exec,
            Err(trap) => {
                assert!(!trap.code().message().is_empty(), "{trap}");
                return;
            }
        };
        let request = exec.request();
        assert!(request.min <= request.max, "{request:?}");
        let how = host.next();
        let given = answer(&exec, how, host);
        result = match runtime.resume(host, exec, &given) {
            Ok(outcome) => Ok(outcome),
            Err(ResumeError::Trap(trap)) => Err(trap),
            Err(ResumeError::Invalid(exec, _) | ResumeError::OtherRuntime(exec)) => {
                // A refused answer: give up on this execution.
                runtime.cancel(exec);
                return;
            }
        };
    }
}

/// Plays one bundle on `host`: its autos on entering play, each of its actions, and the
/// phase events, with fuel bounding every run.
fn play(bytes: &[u8], host: &mut HostileCfc) {
    let program = Program::load(bytes, &CATALOGUE).expect("the compiler's bundle loads");
    let actions = program.cards()[0].actions.len();
    let mut runtime = Runtime::new(program, &CATALOGUE, builtins::<HostileCfc>());
    runtime.set_fuel(5_000);
    let source = host.card();
    if runtime.enter_play(host, source, CardIdx(0)).is_ok() {
        let result = runtime.run_events(host);
        finish(&mut runtime, host, result);
    }
    for _ in 0..actions.max(1) {
        let me = host.player();
        let result = runtime.activate(host, source, CardIdx(0), me);
        finish(&mut runtime, host, result);
    }
    for name in ["activatePhase", "drawPhase", "endPhase"] {
        let Some(event) = runtime.event_index(name) else { continue };
        runtime.emit(Event::new(event, host.player()).with_object(Value::Card(host.card())));
        let result = runtime.run_events(host);
        finish(&mut runtime, host, result);
    }
    runtime.leave_play(host, source);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// No script of host answers makes a builtin of an example card panic or run forever.
    #[test]
    fn example_cards_survive_a_hostile_host(script in proptest::collection::vec(any::<u32>(), 0..48)) {
        let mut host = HostileCfc::new(script);
        for (_, bytes) in EXAMPLES.iter() {
            play(bytes, &mut host);
        }
    }

    /// Every command, its arguments made up by the host.
    #[test]
    fn commands_survive_arguments_made_up_by_the_host(script in proptest::collection::vec(any::<u32>(), 0..48)) {
        let mut host = HostileCfc::new(script);
        for (_, bytes) in HOST_ARGUMENTS.iter() {
            play(bytes, &mut host);
        }
    }

    /// The same for a sample of the corpus (skipped when the corpus is absent).
    #[test]
    fn corpus_cards_survive_a_hostile_host(script in proptest::collection::vec(any::<u32>(), 0..48)) {
        let mut host = HostileCfc::new(script);
        for (_, bytes) in CORPUS.iter() {
            play(bytes, &mut host);
        }
    }
}

/// The hostile host is asked at all, and the corpus sample is not empty when the corpus
/// is there: a fuzz target that ran nothing would prove nothing.
#[test]
fn the_hostile_host_is_asked() {
    let mut host = HostileCfc::new(vec![5, 9, 13, 17, 21, 25, 2, 6]);
    for (_, bytes) in EXAMPLES.iter() {
        play(bytes, &mut host);
    }
    assert!(host.calls.get() > 10 * EXAMPLES.len() as u64, "{}", host.calls.get());
    if compiler::corpus::corpus_dir().is_some() {
        assert!(CORPUS.len() > 30, "only {} corpus cards compiled", CORPUS.len());
    }
}

/// Scripts the random search does not reach, pinned: each the one lie that broke a builtin.
mod pinned {
    use super::*;

    fn program(source: &str) -> Program {
        let bytes = bundle("pinned", source).expect("the pinned card compiles");
        Program::load(&bytes, &CATALOGUE).unwrap()
    }

    /// `discard()` to 40,000 player targets (a variable the host lists them in), each
    /// hand empty: the step that counts the players overflowed (a panic in a debug build,
    /// an endless loop that charged no fuel in a release one). Refused as a list limit.
    #[test]
    fn discard_to_more_players_than_its_step_counts_traps() {
        let mut runtime = Runtime::new(program("action = discard() to(blocker)\n"), &CATALOGUE, builtins());
        runtime.set_fuel(u64::MAX);
        let mut host = HostileCfc::new(vec![u32::MAX]);
        host.names = Some((0..40_000u32).map(|i| Value::Player(PlayerId(i % 2))).collect());
        host.empty_piles = true;
        let result = runtime.activate(&mut host, CardId(1), CardIdx(0), PlayerId(0));
        match result {
            Err(trap) => assert_eq!(trap.code(), TrapCode::ListLimit, "{trap}"),
            Ok(outcome) => panic!("{outcome:?}"),
        }
        // As many players as the step counts still run to a completion.
        host.names = Some((0..32_767u32).map(|i| Value::Player(PlayerId(i % 2))).collect());
        let result = runtime.activate(&mut host, CardId(1), CardIdx(0), PlayerId(0));
        assert!(matches!(result, Ok(Outcome::Done(_))), "{result:?}");
    }

    /// A program whose one action passes the host's answer for `blocker` to `command`
    /// as every argument (only a hand-made bundle does: the compiler takes a rule switch
    /// by name).
    fn pass_variable(command: stdlib::Command) -> Program {
        let argc = if command == stdlib::Command::ModRule { 2 } else { 1 };
        let bytes = variable_call(command, argc).expect("the verifier takes a variable as an argument");
        Program::load(&bytes, &CATALOGUE).unwrap()
    }

    /// `enableRule`/`disableRule`/`modRule` of a rule switch the host made up: its index
    /// was cut to 16 bits and added to the effect code (an overflow past 0xFEFF, and a
    /// switch outside the catalogue handed to the game). Refused as a bad argument.
    #[test]
    fn a_rule_switch_outside_the_catalogue_traps() {
        for command in [stdlib::Command::EnableRule, stdlib::Command::DisableRule, stdlib::Command::ModRule] {
            for index in [0xFF00, 0xFFFF_FFFF, CATALOGUE.rule_switches.len() as u32] {
                let mut runtime = Runtime::new(pass_variable(command), &CATALOGUE, builtins());
                let mut host = HostileCfc::new(vec![u32::MAX]);
                host.names = Some(vec![Value::RuleSwitch(RuleSwitchIdx(index))]);
                let result = runtime.activate(&mut host, CardId(1), CardIdx(0), PlayerId(0));
                match result {
                    Err(trap) => assert_eq!(trap.code(), TrapCode::BadArgument, "{command:?} {index}: {trap}"),
                    Ok(outcome) => panic!("{command:?} {index}: {outcome:?}"),
                }
            }
            // A switch of the catalogue is applied.
            let mut runtime = Runtime::new(pass_variable(command), &CATALOGUE, builtins());
            let mut host = HostileCfc::new(vec![u32::MAX]);
            host.names = Some(vec![Value::RuleSwitch(RuleSwitchIdx(0))]);
            let result = runtime.activate(&mut host, CardId(1), CardIdx(0), PlayerId(0));
            assert!(matches!(result, Ok(Outcome::Done(Completion::Success))), "{command:?}: {result:?}");
        }
    }
}
