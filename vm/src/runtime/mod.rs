//! The runtime: runs a loaded [`Program`] inside a game through the [`Host`] trait.
//!
//! Read in this order: [`value`] (values and the list arena), [`host`] (what the game
//! provides), [`builtins`] (what the game registers, and the context its builtins get),
//! [`state`] (an execution, requests and outcomes), `exec` (the dispatch loop and its op
//! families), `resolve` (target filters), [`events`] (subscriptions and dispatch),
//! [`trap`].
//!
//! # Entry points
//!
//! | call | what runs |
//! |---|---|
//! | [`Runtime::activate`] | a player activates a card: requisites → rule target → choice of action → `vars` → every cost component checked → every component paid → statements (spec §3.3, FIX of B-28) |
//! | [`Runtime::requisites_met`] | only the requisites, without asking anything |
//! | [`Runtime::enter_play`] / [`Runtime::leave_play`] | a card's permanent abilities and auto subscriptions start / end; event-less autos are queued |
//! | [`Runtime::emit`] + [`Runtime::run_events`] | the game's events; the subscribed autos run in registration order |
//! | [`Runtime::ask`] | a hook question (`canBlock`): `None` if no auto listens, else the answers reduced as spec §3.12 says |
//! | [`Runtime::expire`] | a restriction timer fires (`ueot` at Cleanup...): exactly the effects it bounds end |
//! | [`Runtime::resume`] / [`Runtime::cancel`] | a suspended execution continues with the player's answer / is abandoned |
//!
//! Events a builtin emits ([`CallContext::emit`]) are queued like the game's: the host
//! runs them with [`Runtime::run_events`] after the execution (an auto that suspends is
//! handed out as an [`Execution`]; resume it, then call `run_events` again). Autos that
//! must run before a builtin goes on (`beforeDamage`) are run by
//! [`CallContext::dispatch`], which does not let them suspend.
//!
//! # The builtin API (for the stdlib)
//!
//! A game registers one function per catalogue command, function and cost in a
//! [`Builtins`] table:
//!
//! ```text
//! type BuiltinFn<H>  = fn(&mut CallContext<'_, H>) -> Result<Status, Trap>;              // commands
//! type FunctionFn<H> = fn(&mut CallContext<'_, H>) -> Result<Status, Trap>;              // expression functions
//! type CostFn<H>     = fn(&mut CallContext<'_, H>, CostPhase) -> Result<Status, Trap>;   // cost components
//! ```
//!
//! The [`CallContext`] gives: the targets (`targets`, `target(i)`, already defaulted from
//! the command's `default_target`), the restriction (`restriction`), the arguments as
//! [`Value`]s (`arg(i)`: ints, amounts, piles, filters, `Ask`, lists...), the environment
//! (`env`: `me`, the source card, its controller), the host (`host()`), and the runtime's
//! services: `resolve(filter)` (candidates and the choice the filter asks for),
//! `choose(tag, candidates, min, max, question)` / `choose_from(tag, list, ...)` (suspend
//! for a player choice: return its `Status::Suspend`; the builtin is called again with
//! `answer()` set, `step()` / `set_step()` carry its progress across several questions),
//! `bind(var, value)` (`discarded`, `moved`...), `variable(var)`, `make_list`,
//! `record_effect(kind)` (an effect that ends with the statement's restriction or its
//! source), `end_effects(kind)`, `emit(event)` (queued), `dispatch(event)` (run now) and
//! `ask(hook)`.
//! A cost is called with `CostPhase::Check` for every component first (it may ask which
//! cards to pay with; the answer becomes its `selection()`, or it fixes what it pays
//! with by `fix_selection`), then with `CostPhase::Pay`, which pays exactly that.
//!
//! A builtin reports `Status::Success` or `Status::Failure` (only commands whose
//! catalogue `fails_when` says so should fail), which `&&` and `||` read.
//!
//! A command that needs a player choice asks and is called again with the answer:
//!
//! ```text
//! fn discard<H: CfcHost>(ctx: &mut CallContext<'_, H>) -> Result<Status, Trap> {
//!     if let Some(chosen) = ctx.answer() {              // second call: the player answered
//!         let chosen = chosen.to_vec();                  // (or index it: it is validated)
//!         for card in &chosen { ctx.host().discard(*card) }
//!         let list = ctx.make_list(&chosen)?;
//!         ctx.bind(DISCARDED, list)?;
//!         return Ok(Status::Success);
//!     }
//!     let Value::Filter(f) = ctx.arg(0) else { ... };    // discard(<1>action)
//!     let found = ctx.resolve(f)?;                       // candidates + what to ask
//!     if !found.matched { return Ok(Status::Failure) }
//!     if !found.choose { /* discard found.candidates at once */ }
//!     ctx.choose_from(0, found.candidates, found.min, found.max, None)   // Status::Suspend
//! }
//! ```
//!
//! `Host` holds the primitives the runtime itself needs plus a few generic ones (piles,
//! moves, counters); a game whose builtins need more of its engine declares an extension
//! trait (`trait CfcHost: Host { fn freeze(&mut self, card: CardId); ... }`) and registers
//! its table as `Builtins<H>` for any `H: CfcHost`.

pub mod builtins;
pub mod events;
mod exec;
pub mod host;
mod resolve;
pub mod state;
pub mod trap;
pub mod value;

use std::sync::Arc;

use crate::bytecode::{CardIdx, EventIdx, FilterIdx, Operand, Program, RestrictionIdx, TypeAtom};
use crate::catalogue::Catalogue;

pub use builtins::{BuiltinFn, Builtins, CallContext, CostFn, CostPhase, FunctionFn, Resolved, Status};
pub use events::{EVENT_BINDINGS, Event};
pub use host::{Effect, EffectId, EffectKind, Env, Host, RequestKind, Restriction};
pub use state::{Completion, Execution, Failure, InvalidAnswer, Outcome, Request, ResumeError};
pub use trap::{Trap, TrapCode};
pub use value::{CardId, ListId, Lists, PlayerId, Value};

use events::{Names, PendingRun, Subscription, World};
use exec::{Flow, Machine, Step};
use resolve::Resolution;
use state::{ExecState, Origin, Owner, Pending, Stage};

/// Fuel of one execution unless [`Runtime::set_fuel`] says otherwise.
pub const DEFAULT_FUEL: u64 = 100_000;
/// How deep events may cascade (an auto emitting an event whose autos emit...).
pub const MAX_EVENT_DEPTH: u32 = 32;
/// How many autos one [`Runtime::run_events`] may start.
pub const MAX_RUNS_PER_DRAIN: u32 = 10_000;

/// The id the next [`Runtime::new`] takes (ids start at 1: a state never handed out
/// has 0).
static NEXT_RUNTIME_ID: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

/// What every execution shares: the program, the catalogue, the builtins.
pub(crate) struct Shared<H> {
    pub program: Arc<Program>,
    pub catalogue: &'static Catalogue,
    pub builtins: Arc<Builtins<H>>,
    pub names: Names,
    pub fuel: u64,
    /// Whether executions are charged fuel at all ([`Runtime::set_metering`]).
    pub metered: bool,
    /// Which [`Runtime::new`] this is (clones share it): suspended executions carry it.
    pub id: u32,
    /// Per card, the largest local count of the entries its executions can run: each
    /// execution reserves that many locals.
    pub card_locals: Arc<[u16]>,
}

impl<H> Clone for Shared<H> {
    fn clone(&self) -> Shared<H> {
        Shared {
            program: Arc::clone(&self.program),
            catalogue: self.catalogue,
            builtins: Arc::clone(&self.builtins),
            names: self.names,
            fuel: self.fuel,
            metered: self.metered,
            id: self.id,
            card_locals: Arc::clone(&self.card_locals),
        }
    }
}

impl<H> Shared<H> {
    /// The locals an execution of `card` reserves.
    pub fn locals(&self, card: CardIdx) -> u16 {
        self.card_locals.get(card.index()).copied().unwrap_or(0)
    }
}

/// Per card, the largest local count of the entries its executions can reach: its vars,
/// actions, autos and event conditions, and the type expressions and selector arguments
/// of every filter they or its metadata use (the loader refuses cycles, so the walk ends).
fn card_locals(program: &Program) -> Arc<[u16]> {
    let mut seen = vec![false; program.entries().len()];
    let mut stack = Vec::new();
    let mut out = Vec::with_capacity(program.cards().len());
    for card in program.cards() {
        seen.iter_mut().for_each(|seen| *seen = false);
        let mut filters: Vec<FilterIdx> = card.requisites.clone();
        filters.extend(card.target.iter().flat_map(|target| target.filters.iter().copied()));
        let cost_blocks =
            card.actions.iter().map(|action| &action.costs).chain(card.autos.iter().map(|auto| &auto.costs));
        filters.extend(cost_blocks.flat_map(|costs| costs.iter().filter_map(|cost| cost.filter)));
        stack.extend(card.vars);
        stack.extend(card.actions.iter().map(|action| action.entry));
        for auto in &card.autos {
            stack.push(auto.entry);
            stack.extend(auto.events.iter().filter_map(|event| event.condition));
        }
        let mut most = 0;
        loop {
            for f in filters.drain(..) {
                if let Some(filter) = program.filter(f) {
                    for term in &filter.types {
                        if let TypeAtom::Expr(entry) = term.atom {
                            stack.push(entry);
                        }
                    }
                    stack.extend(filter.selector.map(|selector| selector.arg));
                }
            }
            let Some(entry) = stack.pop() else {
                break;
            };
            let Some(code) = program.entry(entry) else {
                continue;
            };
            if std::mem::replace(&mut seen[entry.index()], true) {
                continue;
            }
            most = most.max(code.n_locals());
            for instr in code.instrs() {
                instr.for_each_operand(|_, operand| {
                    if let Operand::Filter(f) = operand {
                        filters.push(f);
                    }
                });
            }
        }
        out.push(most as u16);
    }
    out.into()
}

/// The runtime of one game: a program, the game's builtins, the cards in play with their
/// subscriptions, the recorded effects and the event queue. Clone it (with the host and
/// a suspended execution) to explore alternatives.
pub struct Runtime<H> {
    shared: Shared<H>,
    world: World,
}

impl<H> Clone for Runtime<H> {
    fn clone(&self) -> Runtime<H> {
        Runtime { shared: self.shared.clone(), world: self.world.clone() }
    }

    /// Becomes a copy of `source`, keeping its own buffers (an embedder trying moves out
    /// on one kept copy allocates nothing once the buffers are large enough).
    fn clone_from(&mut self, source: &Runtime<H>) {
        self.shared = source.shared.clone();
        self.world.clone_from(&source.world);
    }
}

impl<H> std::fmt::Debug for Runtime<H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runtime")
            .field("catalogue", &self.shared.catalogue.name)
            .field("cards", &self.shared.program.cards().len())
            .field("in_play", &self.world.in_play.len())
            .field("effects", &self.world.effects.len())
            .finish()
    }
}

impl<H: Host> Runtime<H> {
    /// A runtime for `program` (loaded against `catalogue`) with the game's `builtins`.
    pub fn new(program: impl Into<Arc<Program>>, catalogue: &'static Catalogue, builtins: Builtins<H>) -> Runtime<H> {
        let program: Arc<Program> = program.into();
        let card_locals = card_locals(&program);
        Runtime {
            shared: Shared {
                card_locals,
                program,
                catalogue,
                builtins: Arc::new(builtins),
                names: Names::new(catalogue),
                fuel: DEFAULT_FUEL,
                metered: true,
                id: NEXT_RUNTIME_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            },
            world: World::default(),
        }
    }

    /// A new runtime for the same program, catalogue, builtins, fuel and metering, with
    /// nothing in play: what [`Runtime::new`] gives, without working out again what it
    /// derives from the program. Executions of either are refused by the other.
    pub fn fresh(&self) -> Runtime<H> {
        let mut shared = self.shared.clone();
        shared.id = NEXT_RUNTIME_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Runtime { shared, world: World::default() }
    }

    /// The program.
    pub fn program(&self) -> &Program {
        &self.shared.program
    }

    /// Sets the fuel budget of each execution (one unit per entry started, jump taken and
    /// builtin called; at most `u32::MAX`).
    pub fn set_fuel(&mut self, fuel: u64) {
        self.shared.fuel = fuel;
    }

    /// Turns fuel metering off (or back on): an unmetered execution is never charged and
    /// so never runs out, which only a host that trusts its bundles to end should do.
    pub fn set_metering(&mut self, on: bool) {
        self.shared.metered = on;
    }

    /// The effects in force, in the order they were recorded.
    pub fn effects(&self) -> &[Effect] {
        &self.world.effects
    }

    /// Autos waiting to run (queued events count once each).
    pub fn pending_events(&self) -> usize {
        self.world.events.len() + self.world.runs.len()
    }

    /// Whether nothing is queued or running: no event, no auto run, no synchronous auto.
    pub fn is_idle(&self) -> bool {
        self.world.events.is_empty() && self.world.runs.is_empty() && self.world.now.is_empty()
    }

    /// Whether some auto (a hook auto when `hooks`) would be selected by `event`. When none
    /// is, [`Runtime::ask`] of it, or emitting it into an idle runtime and running the
    /// events, runs no card code and changes nothing: an embedder checking legality can
    /// then skip the copy of its game it would make to run them on.
    pub fn selects_any(&self, event: &Event, hooks: bool) -> bool {
        let has_object = self.shared.catalogue.events.get(event.event.index()).is_some_and(|spec| spec.has_object);
        let names = &self.shared.names;
        self.world.subs.iter().any(|sub| sub.hook == hooks && names.selects(sub, event, has_object))
    }

    /// Drops every queued event and auto run: an embedder ending a cascade that its own
    /// events keep feeding (each drain of which stays within [`MAX_RUNS_PER_DRAIN`]).
    pub fn discard_events(&mut self) {
        self.world.events.clear();
        self.world.runs.clear();
    }

    fn state(&mut self, env: Env, origin: Origin, stage: Stage) -> Box<ExecState> {
        let locals = self.shared.locals(env.card);
        let mut state = self.world.state(env, origin, stage, self.shared.fuel, locals);
        state.owner = Owner::new(self.shared.id, self.in_play(env.source));
        state
    }

    fn recycle(&mut self, state: Box<ExecState>) {
        self.world.recycle(state);
    }

    fn env(&self, host: &H, card: CardId, program_card: CardIdx, me: PlayerId) -> Env {
        Env { me, controller: host.controller(card), source: card, card: program_card }
    }

    fn check_card(&self, program_card: CardIdx) -> Result<(), Trap> {
        match self.shared.program.card(program_card) {
            Some(_) => Ok(()),
            None => Err(Trap::new(TrapCode::UnknownCard)),
        }
    }

    /// `me` activates `card` (an instance of bundle card `program_card`).
    pub fn activate(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        me: PlayerId,
    ) -> Result<Outcome, Trap> {
        self.check_card(program_card)?;
        let env = self.env(host, card, program_card, me);
        let state = self.state(env, Origin::Activation { action: 0 }, Stage::Requisite(0));
        self.drive(host, state)
    }

    /// [`Runtime::activate`] as a trial: it runs the requisites, the rule target, the vars
    /// and the cost checks as the activation would, and stops where the costs would be
    /// paid or the body would start, with `Done(Success)`. So it fails as the activation
    /// would fail before paying anything (`RequisitesNotMet`, `RuleTargetNotFound`,
    /// `CostNotPaid`), suspends on the same question or traps the same way, and never
    /// pays or does the card's effect.
    pub fn try_activation(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        me: PlayerId,
    ) -> Result<Outcome, Trap> {
        self.check_card(program_card)?;
        let env = self.env(host, card, program_card, me);
        let state = self.state(env, Origin::Activation { action: 0 }, Stage::Requisite(0));
        self.drive_to(host, state, true)
    }

    /// Whether every requisite of `program_card` matches something, asking nothing.
    pub fn requisites_met(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        me: PlayerId,
    ) -> Result<bool, Trap> {
        self.check_card(program_card)?;
        let env = self.env(host, card, program_card, me);
        let mut state = self.state(env, Origin::Activation { action: 0 }, Stage::Requisite(0));
        let shared = &self.shared;
        let mut m = Machine { rt: shared, world: &mut self.world, host, st: &mut state, nesting: 0 };
        let mut met = Ok(true);
        for &f in &shared.program.cards()[program_card.index()].requisites {
            match m.resolve_candidates(f) {
                Ok(resolved) if resolved.matched && m.st.lists.len(resolved.candidates) > 0 => {}
                Ok(_) => {
                    met = Ok(false);
                    break;
                }
                Err(trap) => {
                    met = Err(trap);
                    break;
                }
            }
        }
        self.recycle(state);
        met
    }

    /// Continues `exec` with `answer`: distinct candidates of its request, between `min`
    /// and `max` of them. A refused answer gives the execution back unchanged. When an
    /// auto traps, its cascade ends: nothing of it stays queued.
    pub fn resume(&mut self, host: &mut H, exec: Execution, answer: &[Value]) -> Result<Outcome, ResumeError> {
        let in_cascade = !exec.state.origin.is_activation();
        let result = self.continue_with(host, exec, answer);
        if in_cascade && matches!(result, Err(ResumeError::Trap(_))) {
            self.world.events.clear();
            self.world.runs.clear();
        }
        result
    }

    fn continue_with(&mut self, host: &mut H, exec: Execution, answer: &[Value]) -> Result<Outcome, ResumeError> {
        if !exec.state.owner.is(self.shared.id) {
            return Err(ResumeError::OtherRuntime(exec));
        }
        if let Err(reason) = validate(&mut self.world, &exec, answer) {
            return Err(ResumeError::Invalid(exec, reason));
        }
        let mut state = exec.state;
        let list = match state.lists.make(answer) {
            Some(list) => list,
            None => return Err(ResumeError::Trap(Trap::new(TrapCode::ListLimit))),
        };
        let pending = std::mem::replace(&mut state.pending, Pending::None);
        let request = state.request.take();
        let shared = &self.shared;
        let step = {
            let mut m = Machine { rt: shared, world: &mut self.world, host, st: &mut state, nesting: 0 };
            complete(&mut m, pending, request, list)
        };
        match step {
            Ok(Resumed::Main(step)) => {
                let mut m = Machine { rt: shared, world: &mut self.world, host, st: &mut state, nesting: 0 };
                let applied = match step {
                    Step::Next => Ok(false),
                    Step::Jump(pc) => match m.st.frame {
                        Some(mut frame) => {
                            let done = m.take_jump(&mut frame, pc).map_err(|trap| m.locate(trap, frame.entry, pc));
                            m.st.frame = Some(frame);
                            done.map(|()| false)
                        }
                        None => Ok(false),
                    },
                    Step::Suspend => Ok(true),
                };
                match applied {
                    Ok(true) => return Ok(Outcome::Suspended(Execution::suspend(state))),
                    Ok(false) => {}
                    Err(trap) => {
                        self.recycle(state);
                        return Err(ResumeError::Trap(trap));
                    }
                }
            }
            Ok(Resumed::Pipeline) => {}
            Ok(Resumed::Suspended) => return Ok(Outcome::Suspended(Execution::suspend(state))),
            Err(trap) => {
                let trap = match state.frame {
                    Some(frame) => {
                        let m = Machine { rt: shared, world: &mut self.world, host, st: &mut state, nesting: 0 };
                        let pc =
                            shared.program.entries()[frame.entry.index()].pcs()[frame.ip.saturating_sub(1) as usize];
                        m.locate(trap, frame.entry, pc)
                    }
                    None => trap,
                };
                self.recycle(state);
                return Err(ResumeError::Trap(trap));
            }
        }
        self.drive(host, state).map_err(ResumeError::Trap)
    }

    /// Abandons a suspended execution (the player closed the dialog): nothing more of it
    /// runs; what it already did stays done. Its buffers are reused.
    pub fn cancel(&mut self, exec: Execution) {
        if exec.state.owner.is(self.shared.id) {
            self.recycle(exec.state);
        }
    }

    /// Runs the pipeline of `state` until it finishes or suspends.
    fn drive(&mut self, host: &mut H, state: Box<ExecState>) -> Result<Outcome, Trap> {
        self.drive_to(host, state, false)
    }

    /// [`Runtime::drive`]; a `trial` stops where the costs would be paid.
    fn drive_to(&mut self, host: &mut H, mut state: Box<ExecState>, trial: bool) -> Result<Outcome, Trap> {
        let shared = &self.shared;
        let result = {
            let mut m = Machine { rt: shared, world: &mut self.world, host, st: &mut state, nesting: 0 };
            pipeline_to(&mut m, trial)
        };
        match result {
            Ok(Some(completion)) => {
                self.recycle(state);
                Ok(Outcome::Done(completion))
            }
            Ok(None) => Ok(Outcome::Suspended(Execution::suspend(state))),
            Err(mut trap) => {
                if trap.card.is_none() {
                    trap.card = Some(state.env.card);
                    trap.card_key = shared.program.card_key(state.env.card).map(Into::into);
                }
                self.recycle(state);
                Err(trap)
            }
        }
    }

    // ---- cards in play ----

    /// `card` (an instance of `program_card`) enters play: its permanent abilities are
    /// recorded, its autos with events subscribe, its autos without events are queued to
    /// run (with [`Runtime::run_events`]). Entering twice does nothing the second time.
    pub fn enter_play(&mut self, host: &mut H, card: CardId, program_card: CardIdx) -> Result<(), Trap> {
        self.check_card(program_card)?;
        if self.world.in_play.iter().any(|&(id, _)| id == card) {
            return Ok(());
        }
        self.world.in_play.push((card, program_card));
        let program = Arc::clone(&self.shared.program);
        let data = &program.cards()[program_card.index()];
        let controller = host.controller(card);
        for &ability in &data.abilities {
            let effect = Effect {
                id: EffectId(self.world.next_effect),
                source: card,
                controller,
                restriction: None,
                kind: EffectKind::Ability { target: Value::Card(card), ability },
            };
            self.world.next_effect = self.world.next_effect.wrapping_add(1);
            self.world.effects.push(effect);
            host.apply_effect(&effect);
        }
        for (auto_idx, auto) in data.autos.iter().enumerate() {
            if auto.events.is_empty() {
                self.world.runs.push_back(PendingRun {
                    card,
                    program_card,
                    auto: auto_idx as u16,
                    me: controller,
                    condition: None,
                    event: None,
                    depth: 0,
                });
            }
            for event in &auto.events {
                self.world.subs.push(Subscription {
                    card,
                    program_card,
                    auto: auto_idx as u16,
                    hook: auto.hook,
                    event: event.event,
                    prefix: event.prefix,
                    suffix: event.suffix,
                    condition: event.condition,
                    controller,
                });
            }
        }
        Ok(())
    }

    /// `card` leaves play: its subscriptions and queued runs are dropped, and the effects
    /// without a restriction that it granted or that were granted to it end (spec §3.9).
    /// Restricted effects run until their timer (§3.10).
    pub fn leave_play(&mut self, host: &mut H, card: CardId) {
        self.world.in_play.retain(|&(id, _)| id != card);
        self.world.subs.retain(|sub| sub.card != card);
        self.world.runs.retain(|run| run.card != card);
        exec::end_effects(&mut self.world.effects, host, |effect| {
            let target = match effect.kind {
                EffectKind::Ability { target, .. } | EffectKind::Custom { target, .. } => target,
            };
            effect.restriction.is_none() && (effect.source == card || target == Value::Card(card))
        });
    }

    /// The cards in play, in the order they entered.
    pub fn cards_in_play(&self) -> impl Iterator<Item = CardId> + '_ {
        self.world.in_play.iter().map(|&(id, _)| id)
    }

    /// Whether `card` is in play.
    pub fn in_play(&self, card: CardId) -> bool {
        self.world.in_play.iter().any(|&(id, _)| id == card)
    }

    // ---- events and hooks ----

    /// Queues an event of the game; its autos run at [`Runtime::run_events`].
    pub fn emit(&mut self, event: Event) {
        self.world.events.push_back((event, 0));
    }

    /// Runs queued autos (and the autos of the events they emit) until none is left
    /// (`Done(Success)`) or one waits for a player (`Suspended`: resume it, then call this
    /// again). Autos run in the order their events were emitted, and for one event in
    /// the order the cards subscribed. A trap ends the cascade: nothing of it stays
    /// queued.
    pub fn run_events(&mut self, host: &mut H) -> Result<Outcome, Trap> {
        let result = self.drain_events(host);
        if result.is_err() {
            self.world.events.clear();
            self.world.runs.clear();
        }
        result
    }

    fn drain_events(&mut self, host: &mut H) -> Result<Outcome, Trap> {
        let mut started = 0u32;
        loop {
            if let Some(run) = self.world.runs.pop_front() {
                started += 1;
                if started > MAX_RUNS_PER_DRAIN {
                    let mut trap = Trap::new(TrapCode::EventCascade);
                    trap.card = Some(run.program_card);
                    trap.card_key = self.shared.program.card_key(run.program_card).map(Into::into);
                    return Err(trap);
                }
                if !self.in_play(run.card) || !host.auto_may_fire(run.card) {
                    continue;
                }
                match self.start_auto(host, run, false)? {
                    Outcome::Done(_) => continue,
                    suspended => return Ok(suspended),
                }
            }
            let Some((event, depth)) = self.world.events.pop_front() else {
                return Ok(Outcome::Done(Completion::Success));
            };
            self.select(&event, depth, false);
        }
    }

    /// Moves the autos `event` selects to the run queue, removing `once` subscriptions.
    fn select(&mut self, event: &Event, depth: u32, hooks: bool) {
        let World { subs, runs, .. } = &mut self.world;
        select(&self.shared, subs, event, depth, hooks, &mut |run| runs.push_back(run));
    }

    fn start_auto(&mut self, host: &mut H, run: PendingRun, hook: bool) -> Result<Outcome, Trap> {
        let env = self.env(host, run.card, run.program_card, run.me);
        let origin = Origin::auto(run.auto, hook, run.depth);
        let mut state = self.state(env, origin, Stage::RuleTarget(0));
        if let Some(event) = run.event {
            if !bind_event(&self.shared.names, &mut state, &event) {
                return Err(Trap::new(TrapCode::ListLimit));
            }
        }
        if let Some(condition) = run.condition {
            let shared = &self.shared;
            let value = {
                let mut m = Machine { rt: shared, world: &mut self.world, host, st: &mut state, nesting: 0 };
                m.eval_entry(condition).map(|value| value::truthy(value, &m.st.lists))
            };
            match value {
                Ok(true) => {}
                Ok(false) => {
                    self.recycle(state);
                    return Ok(Outcome::Done(Completion::Answer(false)));
                }
                Err(trap) => {
                    self.recycle(state);
                    return Err(trap);
                }
            }
        }
        self.drive(host, state)
    }

    /// Asks hook `event`: runs the hook autos it selects, in order, stopping at the first
    /// that answers no. `None` when no auto listens; otherwise the last answer examined.
    /// Hook autos may not suspend (that traps).
    pub fn ask(&mut self, host: &mut H, event: Event) -> Result<Option<bool>, Trap> {
        let mut fuel = u32::try_from(self.shared.fuel).unwrap_or(u32::MAX);
        run_now(&self.shared, &mut self.world, host, &event, 0, true, &mut fuel)
    }

    /// Hook `event`'s index, for convenience: the catalogue index of `name`.
    pub fn event_index(&self, name: &str) -> Option<EventIdx> {
        self.shared.catalogue.event_index(name).map(EventIdx::new)
    }

    // ---- restriction timers ----

    /// Restriction timer `kind` fires in `active`'s turn (spec §3.10: `uynt` at the start
    /// of the Activate phase, `ueot` and `unac` at Cleanup, `unac` also when `active`
    /// plays an action card). Ends the effects with that restriction whose controller is
    /// `active` (no prefix, or `my`) or is not `active` (prefix `opp`), in the order they
    /// were recorded; nothing else.
    pub fn expire(&mut self, host: &mut H, kind: RestrictionIdx, active: PlayerId) {
        let opp = self.shared.names.restriction_opp;
        exec::end_effects(&mut self.world.effects, host, |effect| match effect.restriction {
            Some(restriction) if restriction.kind == kind => {
                let is_opp = restriction.prefix.is_some() && restriction.prefix == opp;
                (effect.controller == active) != is_opp
            }
            _ => false,
        });
    }
}

/// Calls `push` with a run for every subscription of `hooks` kind that `event` selects, in
/// registration order, removing the `once` subscriptions that fire.
fn select<H>(
    shared: &Shared<H>,
    subs: &mut Vec<Subscription>,
    event: &Event,
    depth: u32,
    hooks: bool,
    push: &mut dyn FnMut(PendingRun),
) {
    let has_object = shared.catalogue.events.get(event.event.index()).is_some_and(|spec| spec.has_object);
    let names = &shared.names;
    let mut i = 0;
    while i < subs.len() {
        let sub = subs[i];
        if sub.hook == hooks && names.selects(&sub, event, has_object) {
            push(PendingRun {
                card: sub.card,
                program_card: sub.program_card,
                auto: sub.auto,
                me: event.player,
                condition: sub.condition,
                event: Some(*event),
                depth,
            });
            if sub.suffix.is_some() && sub.suffix == names.suffix_once {
                subs.remove(i);
                continue;
            }
        }
        i += 1;
    }
}

/// Runs the autos (`hooks`: the hook autos) `event` selects now, in order, without
/// suspending; for hooks, stops at the first that answers no. Returns the last answer,
/// `None` when nothing ran. Every auto it runs, and every auto those run in turn, takes
/// its fuel from `fuel` (the caller's budget), so a cascade that branches cannot do more
/// work than one execution may.
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_now<H: Host>(
    shared: &Shared<H>,
    world: &mut World,
    host: &mut H,
    event: &Event,
    depth: u32,
    hooks: bool,
    fuel: &mut u32,
) -> Result<Option<bool>, Trap> {
    if depth > MAX_EVENT_DEPTH {
        return Err(Trap::new(TrapCode::EventCascade));
    }
    let start = world.now.len();
    {
        let World { subs, now, .. } = &mut *world;
        select(shared, subs, event, depth, hooks, &mut |run| now.push(run));
    }
    let end = world.now.len();
    let mut answer = None;
    let mut result = Ok(());
    for i in start..end {
        let run = world.now[i];
        if !world.in_play.iter().any(|&(id, _)| id == run.card) || !host.auto_may_fire(run.card) {
            continue;
        }
        match run_auto_now(shared, world, host, run, hooks, fuel) {
            Ok(completion) => {
                let yes = match completion {
                    Completion::Success => true,
                    Completion::Answer(value) => value,
                    Completion::Failure(_) => false,
                };
                answer = Some(yes);
                if hooks && !yes {
                    break;
                }
            }
            Err(trap) => {
                result = Err(trap);
                break;
            }
        }
    }
    world.now.truncate(start);
    result.map(|()| answer)
}

/// Runs one auto to completion on `fuel` (what it leaves is written back); a request for
/// a choice traps.
fn run_auto_now<H: Host>(
    shared: &Shared<H>,
    world: &mut World,
    host: &mut H,
    run: PendingRun,
    hook: bool,
    fuel: &mut u32,
) -> Result<Completion, Trap> {
    let env = Env { me: run.me, controller: host.controller(run.card), source: run.card, card: run.program_card };
    let origin = Origin::auto(run.auto, hook, run.depth);
    let locals = shared.locals(env.card);
    let mut state = world.state(env, origin, Stage::RuleTarget(0), u64::from(*fuel), locals);
    state.owner = Owner::new(shared.id, world.in_play.iter().any(|&(id, _)| id == run.card));
    if let Some(event) = run.event {
        if !bind_event(&shared.names, &mut state, &event) {
            world.recycle(state);
            return Err(Trap::new(TrapCode::ListLimit));
        }
    }
    let result = {
        let mut m = Machine { rt: shared, world: &mut *world, host, st: &mut state, nesting: 0 };
        match run.condition {
            Some(condition) => match m.eval_entry(condition) {
                Ok(value) if value::truthy(value, &m.st.lists) => pipeline(&mut m),
                Ok(_) => Ok(Some(Completion::Answer(false))),
                Err(trap) => Err(trap),
            },
            None => pipeline(&mut m),
        }
    };
    *fuel = state.fuel;
    world.recycle(state);
    let result = match result {
        Ok(Some(completion)) => Ok(completion),
        Ok(None) => Err(Trap::new(TrapCode::SuspendInNestedEntry)),
        Err(trap) => Err(trap),
    };
    result.map_err(|mut trap| {
        if trap.card.is_none() {
            trap.card = Some(run.program_card);
            trap.card_key = shared.program.card_key(run.program_card).map(Into::into);
        }
        trap
    })
}

/// Binds an event's payload in the execution of one of its autos: its bindings, and
/// `trigger` to its object unless it binds `trigger` itself. False when the arena is full.
fn bind_event(names: &Names, state: &mut ExecState, event: &Event) -> bool {
    if let (Some(trigger), Some(object)) = (names.var_trigger, event.object) {
        let explicit = event.bindings.iter().flatten().any(|&(var, _)| var == trigger);
        if !explicit && !state.bind(trigger, object) {
            return false;
        }
    }
    event.bindings.iter().flatten().all(|&(var, value)| state.bind(var, value))
}

/// Checks an answer against the request of `exec`, in time linear in the candidates and
/// the answer (with sets `world` lends).
fn validate(world: &mut World, exec: &Execution, answer: &[Value]) -> Result<(), InvalidAnswer> {
    let request = exec.request();
    if answer.len() < usize::from(request.min) || answer.len() > usize::from(request.max) {
        return Err(InvalidAnswer::Count { given: answer.len(), min: request.min, max: request.max });
    }
    let mut candidates = world.take_set();
    candidates.extend(exec.candidates().iter().copied());
    let mut chosen = world.take_set();
    let mut result = Ok(());
    for choice in answer {
        if !candidates.contains(choice) {
            result = Err(InvalidAnswer::NotACandidate(*choice));
            break;
        }
        if !chosen.insert(*choice) {
            result = Err(InvalidAnswer::Duplicate(*choice));
            break;
        }
    }
    world.give_set(candidates);
    world.give_set(chosen);
    result
}

/// What completing a pending request leads to.
enum Resumed {
    /// An op of the main frame finished with this step.
    Main(Step),
    /// A pipeline stage advanced; continue the pipeline.
    Pipeline,
    /// It asked again.
    Suspended,
}

/// Completes what `pending` waited for with the answer `list`.
fn complete<H: Host>(
    m: &mut Machine<'_, H>,
    pending: Pending,
    request: Option<Request>,
    list: ListId,
) -> Result<Resumed, Trap> {
    let first = m.st.lists.get(list).first().copied().unwrap_or_default();
    let yes = first == Value::Bool(true);
    Ok(match pending {
        Pending::None => Resumed::Pipeline,
        Pending::Filter { write, .. } => Resumed::Main(m.filter_chosen(list, write)),
        Pending::FilterType { f, write, exit, optional } => {
            let chosen = first.as_int().unwrap_or(0) as u16;
            let resolution = m.resolve_filter(f, Some(chosen))?;
            Resumed::Main(m.filter_step(resolution, f, write, exit, optional)?)
        }
        Pending::FilterZone { f, write, exit, optional } => {
            let resolution = m.resolve_in_zone(f, first)?;
            Resumed::Main(m.filter_step(resolution, f, write, exit, optional)?)
        }
        Pending::Call { cmd, base, argc } => {
            Resumed::Main(m.call(usize::from(m.st.locals), cmd, base, argc, Some(list))?)
        }
        Pending::CallFn { a, func, base, argc } => {
            Resumed::Main(m.call_fn(usize::from(m.st.locals), a, func, base, argc, Some(list))?)
        }
        Pending::May { skip } => Resumed::Main(if yes { Step::Next } else { Step::Jump(skip) }),
        Pending::Confirm { skip } => Resumed::Main(if yes {
            Step::Next
        } else {
            m.st.succeeded = true;
            Step::Jump(skip)
        }),
        Pending::RuleTarget { i } => {
            add_rule_targets(m, list)?;
            m.st.stage = Stage::RuleTarget(i.saturating_add(1));
            Resumed::Pipeline
        }
        Pending::RuleTargetType { i } => {
            let chosen = first.as_int().unwrap_or(0) as u16;
            let f = m.rt.program.cards()[m.st.env.card.index()]
                .target
                .as_ref()
                .map(|target| target.filters[usize::from(i)]);
            let Some(f) = f else {
                return Ok(Resumed::Pipeline);
            };
            let resolution = m.resolve_filter(f, Some(chosen))?;
            if rule_target_step(m, i, resolution)? { Resumed::Suspended } else { Resumed::Pipeline }
        }
        Pending::RuleTargetZone { i } => {
            let f = m.rt.program.cards()[m.st.env.card.index()]
                .target
                .as_ref()
                .map(|target| target.filters[usize::from(i)]);
            let Some(f) = f else {
                return Ok(Resumed::Pipeline);
            };
            let resolution = m.resolve_in_zone(f, first)?;
            if rule_target_step(m, i, resolution)? { Resumed::Suspended } else { Resumed::Pipeline }
        }
        Pending::ChooseAction => {
            m.st.origin = Origin::Activation { action: first.as_int().unwrap_or(0) as u16 };
            m.st.stage = Stage::Vars;
            Resumed::Pipeline
        }
        Pending::Cost { i, cost } => {
            let _ = request;
            match cost_step(m, i, cost, CostPhase::Check, Some(list))? {
                Status::Success => {
                    set_selection(m, i, list)?;
                    m.st.stage = Stage::CostCheck(i.saturating_add(1));
                    Resumed::Pipeline
                }
                Status::Failure => {
                    m.st.stage = Stage::CostCheck(u16::MAX);
                    Resumed::Pipeline
                }
                Status::Suspend => {
                    m.st.pending = Pending::Cost { i, cost };
                    Resumed::Suspended
                }
            }
        }
    })
}

fn set_selection<H: Host>(m: &mut Machine<'_, H>, i: u16, list: ListId) -> Result<(), Trap> {
    if m.st.set_selection(i, list) { Ok(()) } else { Err(Trap::new(TrapCode::ListLimit)) }
}

fn add_rule_targets<H: Host>(m: &mut Machine<'_, H>, list: ListId) -> Result<(), Trap> {
    m.st.rule_targets = m.st.lists.concat(m.st.rule_targets, list).ok_or(TrapCode::ListLimit)?;
    Ok(())
}

/// Applies one rule-target filter's resolution; true when it suspended.
fn rule_target_step<H: Host>(m: &mut Machine<'_, H>, i: u16, resolution: Resolution) -> Result<bool, Trap> {
    let optional = !m.st.origin.is_activation()
        || m.rt.program.cards()[m.st.env.card.index()].target.as_ref().is_some_and(|target| target.optional);
    match resolution {
        Resolution::Nothing if optional => m.st.stage = Stage::RuleTarget(i.saturating_add(1)),
        Resolution::Nothing => m.st.stage = Stage::RuleTarget(u16::MAX),
        Resolution::List(list) => {
            add_rule_targets(m, list)?;
            m.st.stage = Stage::RuleTarget(i.saturating_add(1));
        }
        Resolution::Choose { candidates, min, max } => {
            m.request(RequestKind::Targets, candidates, min, max, None);
            m.st.pending = Pending::RuleTarget { i };
            return Ok(true);
        }
        Resolution::ChooseType { options } => {
            m.request(RequestKind::TargetType, options, 1, 1, None);
            m.st.pending = Pending::RuleTargetType { i };
            return Ok(true);
        }
        Resolution::ChooseZone { options } => {
            m.request(RequestKind::TargetZone, options, 1, 1, None);
            m.st.pending = Pending::RuleTargetZone { i };
            return Ok(true);
        }
    }
    Ok(false)
}

fn cost_step<H: Host>(
    m: &mut Machine<'_, H>,
    i: u16,
    cost: crate::bytecode::CostIdx,
    phase: CostPhase,
    answer: Option<ListId>,
) -> Result<Status, Trap> {
    let f = m.rt.builtins.get_cost(cost).ok_or(TrapCode::MissingBuiltin)?;
    if answer.is_none() {
        m.st.step = 0;
    }
    m.st.request = None;
    let targets = m.st.rule_targets;
    let mut ctx = CallContext {
        m: m.reborrow(),
        callee: builtins::Callee::Cost { i, cost },
        targets,
        args: (0, 0),
        answer,
        result: Value::Nil,
    };
    let status = f(&mut ctx, phase)?;
    if status == Status::Suspend && m.st.request.is_none() {
        return Err(Trap::new(TrapCode::BadRequest));
    }
    Ok(status)
}

/// The cost block of what an execution runs: its action's or its auto's.
pub(crate) fn cost_block(card: &crate::bytecode::Card, origin: Origin) -> &[crate::bytecode::Cost] {
    let costs = match origin {
        Origin::Activation { action } => card.actions.get(usize::from(action)).map(|action| &action.costs),
        Origin::Auto { auto, .. } | Origin::Hook { auto, .. } => {
            card.autos.get(usize::from(auto)).map(|auto| &auto.costs)
        }
    };
    costs.map_or(&[], Vec::as_slice)
}

/// Takes an execution of a card with nothing before its body (no requisite, rule target,
/// vars or cost, one action: most cards) straight to `Stage::Body`, charging the fuel of
/// the stages it skips; the pipeline would pass them one by one, doing nothing.
fn skip_empty_stages<H: Host>(m: &mut Machine<'_, H>, card: &crate::bytecode::Card) -> Result<(), Trap> {
    if card.target.is_some() || card.vars.is_some() || !cost_block(card, m.st.origin).is_empty() {
        return Ok(());
    }
    match m.st.stage {
        Stage::Requisite(0) if card.requisites.is_empty() && card.actions.len() == 1 => {
            m.charge(6)?;
            m.st.origin = Origin::Activation { action: 0 };
        }
        Stage::RuleTarget(0) if !m.st.origin.is_activation() => {
            m.charge(2)?;
            if m.st.lists.is_empty(m.st.rule_targets) {
                m.st.rule_targets = m.st.lists.make(&[Value::Card(m.st.env.source)]).ok_or(TrapCode::ListLimit)?;
            }
        }
        _ => return Ok(()),
    }
    m.st.targets = m.st.rule_targets;
    m.st.stage = Stage::Body;
    Ok(())
}

/// Runs the pipeline until it completes (`Some`) or suspends (`None`).
fn pipeline<H: Host>(m: &mut Machine<'_, H>) -> Result<Option<Completion>, Trap> {
    pipeline_to(m, false)
}

/// [`pipeline`]; a `trial` ([`Runtime::try_activation`]) completes with success where the
/// costs would be paid or the body would start. Only the execution itself stops there:
/// autos it runs on the way (a cost's payment window) run whole.
fn pipeline_to<H: Host>(m: &mut Machine<'_, H>, trial: bool) -> Result<Option<Completion>, Trap> {
    let rt = m.rt;
    let card = &rt.program.cards()[m.st.env.card.index()];
    skip_empty_stages(m, card)?;
    loop {
        // Each stage step costs fuel, so that no bundle can keep the pipeline going.
        m.charge(1)?;
        match m.st.stage {
            Stage::Requisite(i) => match card.requisites.get(usize::from(i)) {
                Some(&f) => {
                    let resolved = m.resolve_candidates(f)?;
                    if !resolved.matched || m.st.lists.is_empty(resolved.candidates) {
                        return Ok(Some(Completion::Failure(Failure::RequisitesNotMet)));
                    }
                    m.st.stage = Stage::Requisite(i.saturating_add(1));
                }
                None => m.st.stage = Stage::RuleTarget(0),
            },
            Stage::RuleTarget(u16::MAX) => return Ok(Some(Completion::Failure(Failure::RuleTargetNotFound))),
            Stage::RuleTarget(i) => {
                let filter = card.target.as_ref().and_then(|target| target.filters.get(usize::from(i)).copied());
                match filter {
                    Some(f) => {
                        let resolution = m.resolve_filter(f, None)?;
                        if rule_target_step(m, i, resolution)? {
                            return Ok(None);
                        }
                    }
                    None => {
                        if !m.st.origin.is_activation() && m.st.lists.is_empty(m.st.rule_targets) {
                            m.st.rule_targets =
                                m.st.lists.make(&[Value::Card(m.st.env.source)]).ok_or(TrapCode::ListLimit)?;
                        }
                        m.st.targets = m.st.rule_targets;
                        m.st.stage = if m.st.origin.is_activation() { Stage::ChooseAction } else { Stage::Vars };
                    }
                }
            }
            Stage::ChooseAction => match card.actions.len() {
                0 => return Ok(Some(Completion::Failure(Failure::NoAction))),
                1 => {
                    m.st.origin = Origin::Activation { action: 0 };
                    m.st.stage = Stage::Vars;
                }
                n => {
                    let mut options = std::mem::take(&mut m.world.scratch);
                    options.clear();
                    options.extend((0..n).map(|i| Value::Int(i as i32)));
                    let list = m.st.lists.make(&options);
                    m.world.scratch = options;
                    let list = list.ok_or(TrapCode::ListLimit)?;
                    m.request(RequestKind::Action, list, 1, 1, None);
                    m.st.pending = Pending::ChooseAction;
                    return Ok(None);
                }
            },
            Stage::Vars => {
                if let Some(vars) = card.vars {
                    if m.st.frame.is_none() {
                        m.start_main(vars)?;
                    }
                    match m.run_main()? {
                        Flow::Suspend => return Ok(None),
                        _ => m.st.frame = None,
                    }
                }
                let has_costs = !cost_block(card, m.st.origin).is_empty();
                m.st.stage = if m.st.origin.is_activation() || has_costs { Stage::CostCheck(0) } else { Stage::Body };
            }
            Stage::CostCheck(u16::MAX) => return Ok(Some(Completion::Failure(Failure::CostNotPaid))),
            Stage::CostCheck(i) => match cost_block(card, m.st.origin).get(usize::from(i)) {
                Some(cost) => match cost_step(m, i, cost.cost, CostPhase::Check, None)? {
                    Status::Success => m.st.stage = Stage::CostCheck(i.saturating_add(1)),
                    Status::Failure => return Ok(Some(Completion::Failure(Failure::CostNotPaid))),
                    Status::Suspend => {
                        m.st.pending = Pending::Cost { i, cost: cost.cost };
                        return Ok(None);
                    }
                },
                None => m.st.stage = Stage::CostPay(0),
            },
            Stage::CostPay(_) | Stage::Body if trial => return Ok(Some(Completion::Success)),
            Stage::CostPay(i) => match cost_block(card, m.st.origin).get(usize::from(i)) {
                Some(cost) => {
                    cost_step(m, i, cost.cost, CostPhase::Pay, None)?;
                    m.st.stage = Stage::CostPay(i.saturating_add(1));
                }
                None => m.st.stage = Stage::Body,
            },
            Stage::Body => {
                if m.st.frame.is_none() {
                    let entry = match m.st.origin {
                        Origin::Activation { action } => card.actions[usize::from(action)].entry,
                        Origin::Auto { auto, .. } | Origin::Hook { auto, .. } => card.autos[usize::from(auto)].entry,
                    };
                    m.st.targets = m.st.rule_targets;
                    m.start_main(entry)?;
                }
                let hook = matches!(m.st.origin, Origin::Hook { .. });
                return Ok(match m.run_main()? {
                    Flow::Suspend => None,
                    Flow::Return => Some(if hook { Completion::Answer(true) } else { Completion::Success }),
                    Flow::ReturnValue(value) => Some(Completion::Answer(value::truthy(value, &m.st.lists))),
                    Flow::Fail(reason) if hook => {
                        let _ = reason;
                        Some(Completion::Answer(false))
                    }
                    Flow::Fail(reason) => Some(Completion::Failure(reason.into())),
                });
            }
        }
    }
}
#[cfg(test)]
mod tests;
