//! The state of one execution (`ExecState`) and its owned, cloneable handle
//! ([`Execution`]) that the host holds while the execution waits for a player's answer.
//!
//! Everything an execution refers to lives inside it: registers, locals, the list arena,
//! the statement state (`T`, `P`, `G`, `X`, `St`), the per-execution names (`trigger`,
//! `discarded`...), the pipeline stage and what the pending request waits for. Nothing
//! points into the host or the runtime, so an execution can be cloned (AI search) and
//! resumed later, on the clone or the original.

use crate::bytecode::{
    CommandIdx, CostIdx, EntryIdx, FailReason, FilterIdx, FunctionIdx, Pc, Reg, StrIdx, VariableIdx,
};

use super::builtins::Status;
use super::host::{Env, RequestKind, Restriction};
use super::resolve::ZoneOwner;
use super::value::{ListId, Lists, PlayerId, Value};

/// A request for a player's choice: the execution is suspended until the host resumes it
/// with an answer, a list of distinct candidates of length `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    /// What the choice is about.
    pub kind: RequestKind,
    /// Who chooses.
    pub chooser: PlayerId,
    /// The candidates, in the execution's arena ([`Execution::candidates`]).
    pub candidates: ListId,
    /// Fewest candidates to choose.
    pub min: u16,
    /// Most candidates to choose.
    pub max: u16,
    /// The question (`[[may 'Draw?']]`), if the bundle has one.
    pub question: Option<StrIdx>,
}

/// How an execution ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Completion {
    /// It ran to the end (also when a `[[may]]` was declined).
    Success,
    /// It stopped early, for this reason; nothing after the reason was done.
    Failure(Failure),
    /// A hook or condition-only rule answered this.
    Answer(bool),
}

/// Why an execution failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// A requisite matched nothing (nothing was paid).
    RequisitesNotMet,
    /// The rule target matched nothing (nothing was paid).
    RuleTargetNotFound,
    /// A cost component cannot be paid (nothing was paid).
    CostNotPaid,
    /// A statement's non-optional target matched nothing.
    NoTargets,
    /// The first statement's condition was false: no effect.
    NoEffect,
    /// The card has no action to activate.
    NoAction,
}

impl From<FailReason> for Failure {
    fn from(reason: FailReason) -> Failure {
        match reason {
            FailReason::NoTargets => Failure::NoTargets,
            FailReason::NoEffect => Failure::NoEffect,
        }
    }
}

/// What started an execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Origin {
    /// A player activated the card; `action` indexes the card's actions once chosen. A
    /// `trial` ([`super::Runtime::try_activation`]) stops where the costs would be paid,
    /// also after it was suspended and resumed (kept here, in a spare byte, because a
    /// suspended execution is kept small).
    Activation { action: u16, trial: bool },
    /// An auto ran for an event (or when its card entered play), `depth` events deep in
    /// its cascade (at most `MAX_EVENT_DEPTH + 1`; kept here, in the tag's spare byte,
    /// because a suspended execution is kept small).
    Auto { auto: u16, depth: u8 },
    /// A hook auto is answering a question (never suspends).
    Hook { auto: u16, depth: u8 },
}

impl Origin {
    /// A player's activation (not an auto or a hook).
    pub fn is_activation(self) -> bool {
        matches!(self, Origin::Activation { .. })
    }

    /// A player's activation, or with `trial` a trial of it.
    pub fn activation(trial: bool) -> Origin {
        Origin::Activation { action: 0, trial }
    }

    /// Whether it is a trial activation, which stops where the costs would be paid.
    pub fn is_trial(self) -> bool {
        matches!(self, Origin::Activation { trial: true, .. })
    }

    /// The activation with its action `chosen` (an auto's origin stays as it is).
    pub fn with_action(self, chosen: u16) -> Origin {
        match self {
            Origin::Activation { trial, .. } => Origin::Activation { action: chosen, trial },
            other => other,
        }
    }

    /// An auto's or a hook's origin, `depth` events deep (0 for an activation).
    pub fn auto(auto: u16, hook: bool, depth: u32) -> Origin {
        let depth = u8::try_from(depth).unwrap_or(u8::MAX);
        if hook { Origin::Hook { auto, depth } } else { Origin::Auto { auto, depth } }
    }

    /// Event cascade depth of the execution (0 for a player's activation).
    pub fn depth(self) -> u32 {
        match self {
            Origin::Activation { .. } => 0,
            Origin::Auto { depth, .. } | Origin::Hook { depth, .. } => u32::from(depth),
        }
    }
}

/// Where the activation pipeline is (spec §3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    Requisite(u16),
    RuleTarget(u16),
    ChooseAction,
    Vars,
    CostCheck(u16),
    CostPay(u16),
    Body,
}

/// The running entry of the main frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Frame {
    pub entry: EntryIdx,
    /// Index into the entry's instructions (an entry has at most 65 535 bytes of code).
    pub ip: u16,
    /// First register of the frame (locals, then at most 16 nested frames of 256).
    pub base: u16,
}

/// What a suspended execution waits for, so that the answer completes the right thing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pending {
    None,
    /// `Target`/`TargetOpt`/`Resolve` (`write` set: `Resolve` into that register).
    Filter {
        f: FilterIdx,
        write: Option<Reg>,
        exit: Option<Pc>,
        optional: bool,
    },
    /// The type choice of a filter, before its candidates.
    FilterType {
        f: FilterIdx,
        write: Option<Reg>,
        exit: Option<Pc>,
        optional: bool,
    },
    /// The zone choice of an `any`/`same` filter (asked before its type choice).
    FilterZone {
        f: FilterIdx,
        write: Option<Reg>,
        exit: Option<Pc>,
        optional: bool,
    },
    /// A rule-target filter of the pipeline.
    RuleTarget {
        i: u16,
    },
    /// The type choice of a rule-target filter.
    RuleTargetType {
        i: u16,
    },
    /// The zone choice of a rule-target filter.
    RuleTargetZone {
        i: u16,
    },
    ChooseAction,
    Call {
        cmd: CommandIdx,
        base: Reg,
        argc: u8,
    },
    CallFn {
        a: Reg,
        func: FunctionIdx,
        base: Reg,
        argc: u8,
    },
    Cost {
        i: u16,
        cost: CostIdx,
    },
    May {
        skip: Pc,
    },
    Confirm {
        skip: Pc,
    },
}

/// The whole state of one execution.
#[derive(Debug)]
pub(crate) struct ExecState {
    pub env: Env,
    pub origin: Origin,
    pub stage: Stage,
    pub frame: Option<Frame>,
    /// The locals `L[..]` (the first `locals` slots), then the main frame's registers,
    /// then the registers of nested frames.
    pub regs: Vec<Value>,
    /// How many locals the execution reserves (the program's largest local count).
    pub locals: u16,
    pub lists: Lists,
    /// `T`: the targets the next command acts on.
    pub targets: ListId,
    /// `P`: the targets of the previous statement (`prevTgt`).
    pub previous_targets: ListId,
    /// `G`: the rule targets the execution started with (`tgt`).
    pub rule_targets: ListId,
    /// `X`: the restriction the next effect is recorded with.
    pub restriction: Option<Restriction>,
    /// `St`: whether the last command succeeded.
    pub succeeded: bool,
    /// Per-execution names (`trigger`, `discarded`...): a list of `Int(var), value`
    /// pairs, one per name (binding a name again replaces its value in place: nothing
    /// ever unbinds, so the earlier value could never be seen again, and `each` binds
    /// each element in constant space). What cost component `i` is paid with is kept
    /// there too, under the key `Int(-1 - i)`. No value refers to this list.
    pub bindings: ListId,
    pub pending: Pending,
    pub request: Option<Request>,
    /// The builtin's step counter while it suspends several times.
    pub step: u16,
    pub fuel: u32,
    /// Which runtime the execution belongs to, and whether its source was in play when
    /// it started.
    pub owner: Owner,
    /// Whose zone the filter being resolved searches, once the player chose it (kept
    /// across the filter's type choice; cleared when its resolution is final).
    pub zone_owner: Option<ZoneOwner>,
    /// The type a player chose for a `same` filter before its ring choice (§3.6.4: the
    /// type comes first, then the ring), kept for the resolution in the chosen ring (a
    /// byte keeps the state small; a filter has far fewer type terms).
    pub zone_type: Option<u8>,
}

/// Which runtime (and its clones) an execution belongs to: only that program's tables
/// make sense of its indices. And whether its source was in play when it started: if the
/// source leaves play while the execution waits for an answer, the effects it records
/// afterwards that would last "while the source is in play" are over before they begin
/// (`docs/rules.md`, Runtime). One word, because a suspended execution is kept small.
///
/// The second part is settled when the runtime first hands the execution out suspended
/// ([`Owner::settle`]): the cards in play only change between executions (`enter_play`,
/// `leave_play`), so that is still how they were when it started, and until then its
/// source cannot have left play. Most executions never suspend and never look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Owner(u32);

impl Owner {
    const IN_PLAY: u32 = 1 << 31;
    const SETTLED: u32 = 1 << 30;
    const RUNTIME: u32 = Owner::SETTLED - 1;

    /// Runtime `runtime` (its low 30 bits), the source's part not settled yet.
    pub fn new(runtime: u32) -> Owner {
        Owner(runtime & Owner::RUNTIME)
    }

    /// Records whether the source was in play when the execution started, unless that is
    /// already recorded.
    pub fn settle(&mut self, source_in_play: impl FnOnce() -> bool) {
        if self.0 & Owner::SETTLED == 0 {
            self.0 |= Owner::SETTLED | if source_in_play() { Owner::IN_PLAY } else { 0 };
        }
    }

    /// Whether the execution belongs to runtime `runtime`.
    pub fn is(self, runtime: u32) -> bool {
        self.0 & Owner::RUNTIME == runtime & Owner::RUNTIME
    }

    /// Whether the source was in play when the execution started (false until settled).
    pub fn source_in_play(self) -> bool {
        self.0 & Owner::IN_PLAY != 0
    }
}

/// Registers, lists and list elements a new state has room for before its buffers grow:
/// a state is pooled and reused for the whole game, and growing it in a later turn was a
/// heap allocation there (an effect of the corpus uses a few dozen of each).
const STATE_REGISTERS: usize = 32;
const STATE_LISTS: usize = 16;
const STATE_LIST_ITEMS: usize = 64;

impl ExecState {
    pub fn new(env: Env) -> ExecState {
        ExecState {
            env,
            origin: Origin::activation(false),
            stage: Stage::Body,
            frame: None,
            regs: Vec::with_capacity(STATE_REGISTERS),
            locals: 0,
            lists: Lists::with_capacity(STATE_LISTS, STATE_LIST_ITEMS),
            targets: ListId::EMPTY,
            previous_targets: ListId::EMPTY,
            rule_targets: ListId::EMPTY,
            restriction: None,
            succeeded: true,
            bindings: ListId::EMPTY,
            pending: Pending::None,
            request: None,
            step: 0,
            fuel: 0,
            owner: Owner::default(),
            zone_owner: None,
            zone_type: None,
        }
    }

    /// Resets for a new execution, keeping every buffer's capacity: `locals` locals, and
    /// `regs` registers in all (at least `locals`) set to nil.
    #[inline]
    pub fn reset(&mut self, env: Env, origin: Origin, stage: Stage, fuel: u64, locals: u16, regs: usize) {
        self.env = env;
        self.origin = origin;
        self.stage = stage;
        self.frame = None;
        self.regs.clear();
        self.regs.resize(regs.max(usize::from(locals)), Value::Nil);
        self.locals = locals;
        // List 0 is the empty list: `T`, `P` and `G` start there.
        self.lists.reset();
        self.targets = ListId::EMPTY;
        self.previous_targets = ListId::EMPTY;
        self.rule_targets = ListId::EMPTY;
        self.restriction = None;
        self.succeeded = true;
        self.bindings = ListId::EMPTY;
        self.pending = Pending::None;
        self.request = None;
        self.step = 0;
        self.fuel = u32::try_from(fuel).unwrap_or(u32::MAX);
        self.zone_owner = None;
        self.zone_type = None;
    }

    /// Before a builtin runs: a first call starts at step 0 (one re-entered after a choice
    /// keeps the step it was at), with no request pending.
    pub fn enter_builtin(&mut self, answer: Option<ListId>) {
        if answer.is_none() {
            self.step = 0;
        }
        self.request = None;
    }

    /// Records what a command reported in `St` (one that asked records nothing).
    pub fn record_status(&mut self, status: Status) {
        match status {
            Status::Success => self.succeeded = true,
            Status::Failure => self.succeeded = false,
            Status::Suspend => {}
        }
    }

    /// The value bound to `var` in this execution, if any.
    pub fn binding(&self, var: VariableIdx) -> Option<Value> {
        self.lookup(Value::Int(var.0 as i32))
    }

    fn lookup(&self, key: Value) -> Option<Value> {
        self.lists.get(self.bindings).chunks_exact(2).find(|pair| pair[0] == key).map(|pair| pair[1])
    }

    /// Binds `var` to `value` (replacing an earlier binding); false when the arena is full.
    pub fn bind(&mut self, var: VariableIdx, value: Value) -> bool {
        self.bind_key(Value::Int(var.0 as i32), value)
    }

    /// A name bound before is rebound in place; a new name extends the list (copying
    /// it at most once per distinct name: the catalogue's variables and the cost
    /// components, a handful).
    fn bind_key(&mut self, key: Value, value: Value) -> bool {
        let position = self.lists.get(self.bindings).chunks_exact(2).position(|pair| pair[0] == key);
        if let Some(pair) = position {
            return self.lists.overwrite(self.bindings, 2 * pair + 1, value);
        }
        let Some(list) = self.lists.push_pair(self.bindings, key, value) else {
            return false;
        };
        self.bindings = list;
        true
    }

    fn selection_key(i: u16) -> Value {
        Value::Int(-1 - i32::from(i))
    }

    /// What cost component `i` is paid with: what the player chose, or what the cost
    /// fixed while it was checked; `None` when neither happened.
    pub fn selection(&self, i: u16) -> Option<&[Value]> {
        match self.lookup(ExecState::selection_key(i)) {
            Some(Value::List(list)) => Some(self.lists.get(list)),
            _ => None,
        }
    }

    /// Records what cost component `i` is paid with; false when the arena is full.
    pub fn set_selection(&mut self, i: u16, chosen: ListId) -> bool {
        self.bind_key(ExecState::selection_key(i), Value::List(chosen))
    }

    pub fn heap_bytes(&self) -> usize {
        self.regs.capacity() * size_of::<Value>() + self.lists.heap_bytes()
    }
}

impl Clone for ExecState {
    fn clone(&self) -> ExecState {
        let mut copy = ExecState::empty_copy_of(self);
        copy.regs = self.regs.clone();
        copy.lists = self.lists.clone();
        copy
    }

    /// Into this state's own registers and list arena: a copy of a game with a question
    /// pending, made in a spare game whose execution waited too, allocates nothing.
    fn clone_from(&mut self, source: &ExecState) {
        let mut regs = std::mem::take(&mut self.regs);
        let mut lists = std::mem::take(&mut self.lists);
        regs.clone_from(&source.regs);
        lists.clone_from(&source.lists);
        *self = ExecState { regs, lists, ..ExecState::empty_copy_of(source) };
    }
}

impl ExecState {
    /// `source` without its registers and lists (empty, unallocated): every other field is
    /// `Copy`, named here so that a field added to the state is copied or fails to compile.
    fn empty_copy_of(source: &ExecState) -> ExecState {
        let ExecState {
            env,
            origin,
            stage,
            frame,
            regs: _,
            locals,
            lists: _,
            targets,
            previous_targets,
            rule_targets,
            restriction,
            succeeded,
            bindings,
            pending,
            request,
            step,
            fuel,
            owner,
            zone_owner,
            zone_type,
        } = *source;
        ExecState {
            env,
            origin,
            stage,
            frame,
            regs: Vec::new(),
            locals,
            lists: Lists::default(),
            targets,
            previous_targets,
            rule_targets,
            restriction,
            succeeded,
            bindings,
            pending,
            request,
            step,
            fuel,
            owner,
            zone_owner,
            zone_type,
        }
    }
}

/// A suspended execution: an owned value the host keeps while a player decides, then
/// hands back to [`super::Runtime::resume`] with the answer. Cloning it gives an
/// independent execution (AI search can try several answers).
#[derive(Debug)]
pub struct Execution {
    pub(crate) state: Box<ExecState>,
}

impl Clone for Execution {
    fn clone(&self) -> Execution {
        Execution { state: self.state.clone() }
    }

    /// Into this execution's own state (the box and its buffers are kept).
    fn clone_from(&mut self, source: &Execution) {
        self.state.clone_from(&source.state);
    }
}

impl Execution {
    /// Wraps a state that waits for an answer. Its buffers keep their capacity: the game
    /// resumes it within the turn and its state goes back to the pool, where trimmed
    /// buffers would grow again (a reallocation each way). A clone, which is what search
    /// keeps and stores, holds only what the execution uses.
    pub(crate) fn suspend(state: Box<ExecState>) -> Execution {
        Execution { state }
    }

    /// What the execution waits for.
    pub fn request(&self) -> Request {
        // A suspended execution always has a request: `Runtime` only hands out suspended
        // executions.
        self.state.request.unwrap_or(Request {
            kind: RequestKind::May,
            chooser: self.state.env.me,
            candidates: ListId::EMPTY,
            min: 0,
            max: 0,
            question: None,
        })
    }

    /// Lets the answer to its request hold fewer values than the request's least, down to
    /// none: a game whose spell chose its targets as it was cast answers as it resolves
    /// with those still legal, however few (Magic's rule 608.2b).
    pub fn accept_fewer(&mut self) {
        if let Some(request) = &mut self.state.request {
            request.min = 0;
        }
    }

    /// The candidates of the request, in order.
    pub fn candidates(&self) -> &[Value] {
        self.state.lists.get(self.request().candidates)
    }

    /// The elements of a list value of this execution.
    pub fn list(&self, list: ListId) -> &[Value] {
        self.state.lists.get(list)
    }

    /// Who and what the execution runs for.
    pub fn env(&self) -> Env {
        self.state.env
    }

    /// Bytes the execution occupies: the handle, its state and every buffer's capacity.
    pub fn footprint(&self) -> usize {
        size_of::<Execution>() + size_of::<ExecState>() + self.state.heap_bytes()
    }
}

/// What a call into the runtime ended with.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// The execution finished.
    Done(Completion),
    /// The execution waits for a player's answer.
    Suspended(Execution),
}

impl Outcome {
    /// The completion, if the execution finished.
    pub fn done(&self) -> Option<Completion> {
        match self {
            Outcome::Done(completion) => Some(*completion),
            Outcome::Suspended(_) => None,
        }
    }

    /// The suspended execution, if any.
    pub fn suspended(self) -> Option<Execution> {
        match self {
            Outcome::Suspended(exec) => Some(exec),
            Outcome::Done(_) => None,
        }
    }
}

/// Why an answer was refused. The execution is handed back unchanged and can be resumed
/// with another answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvalidAnswer {
    /// Fewer or more choices than the request's `min..=max`.
    Count {
        /// How many were given.
        given: usize,
        /// Fewest allowed.
        min: u16,
        /// Most allowed.
        max: u16,
    },
    /// A choice that is not one of the candidates.
    NotACandidate(Value),
    /// The same candidate twice.
    Duplicate(Value),
}

impl InvalidAnswer {
    /// The reason's stable name: `answer-count`, `not-a-candidate` or `duplicate`.
    pub fn code(&self) -> &'static str {
        match self {
            InvalidAnswer::Count { .. } => "answer-count",
            InvalidAnswer::NotACandidate(_) => "not-a-candidate",
            InvalidAnswer::Duplicate(_) => "duplicate",
        }
    }
}

impl std::fmt::Display for InvalidAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InvalidAnswer::Count { given, min, max } => {
                write!(f, "{given} choices given, between {min} and {max} expected")
            }
            InvalidAnswer::NotACandidate(value) => write!(f, "{value:?} is not one of the candidates"),
            InvalidAnswer::Duplicate(value) => write!(f, "{value:?} chosen twice"),
        }
    }
}

/// [`super::Runtime::resume`] failed.
#[derive(Debug, Clone)]
pub enum ResumeError {
    /// The answer was refused; here is the execution back, still resumable.
    Invalid(Execution, InvalidAnswer),
    /// The execution trapped after the answer was accepted.
    Trap(super::trap::Trap),
    /// The execution was handed out by a runtime of another program (or another
    /// [`super::Runtime::new`] of the same one): it can only be resumed by that runtime or
    /// one of its clones. Here it is back, untouched.
    OtherRuntime(Execution),
}

impl ResumeError {
    /// The error's stable name: the refused answer's ([`InvalidAnswer::code`]), the
    /// trap's ([`super::TrapCode::name`]), or `other-runtime`.
    pub fn code(&self) -> &'static str {
        match self {
            ResumeError::Invalid(_, reason) => reason.code(),
            ResumeError::Trap(trap) => trap.code.name(),
            ResumeError::OtherRuntime(_) => "other-runtime",
        }
    }
}

impl From<super::trap::Trap> for ResumeError {
    fn from(trap: super::trap::Trap) -> ResumeError {
        ResumeError::Trap(trap)
    }
}

impl std::fmt::Display for ResumeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResumeError::Invalid(_, reason) => write!(f, "invalid answer: {reason}"),
            ResumeError::Trap(trap) => trap.fmt(f),
            ResumeError::OtherRuntime(_) => f.write_str("the execution belongs to another runtime"),
        }
    }
}

impl std::error::Error for ResumeError {}
