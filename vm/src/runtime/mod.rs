//! The runtime: runs a loaded [`Program`] inside a game through the [`Host`] trait.
//!
//! Read in this order: [`value`] (values and the list arena), [`host`] (what the game
//! provides), [`builtins`] (what the game registers, and the context its builtins get),
//! [`state`] (an execution, requests and outcomes), `shared` (what every execution of a
//! runtime shares), `pipeline` (the stages of one execution), `exec` (the dispatch loop
//! and its op families), `resolve` (target filters) and `peek` (the same, reading the host
//! only), `resume` (continuing with an answer),
//! [`events`] (subscriptions and the event queue), `cascade` (cards in play and the autos
//! they run), [`trap`].
//!
//! # Entry points
//!
//! | call | what runs |
//! |---|---|
//! | [`Runtime::activate`] | a player activates a card: requisites → rule target → choice of action → `vars` → every cost component checked → every component paid → statements (spec §3.3, FIX of B-28) |
//! | [`Runtime::activate_action`] | one action of a card, as an ability of its own: `vars` → costs checked → costs paid → statements (no requisite, rule target or choice of action: a Magic spell's cycling from hand takes none of the spell's targets) |
//! | [`Runtime::requisites_met`] | only the requisites, without asking anything |
//! | [`Runtime::peek_filter`] | nothing: a filter resolved reading the host only, for a game answering a trial's outcome without a copy to run it on |
//! | [`Runtime::enter_play`] / [`Runtime::leave_play`] | a card's permanent abilities and auto subscriptions start / end; event-less autos are queued |
//! | [`Runtime::enter_play_hearing`] | as `enter_play`, with only the autos a [`Hearing`] keeps (a card's abilities that work from a zone other than play) |
//! | [`Runtime::give_autos`] | the autos cards hear because other cards give them: subscribed as the bearer's own, the ones no longer given dropped |
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
//! A trap ends the cascade it happened in, whichever call ran the card code
//! (`activate`, `try_activation`, `activate_action`, `try_action`, `resume`, `run_events`, `ask`):
//! nothing stays queued.
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
//! source, recorded once per source: a grant), `record_stacking_effect(kind)` (the same,
//! recorded again at each call: a pump), `end_effects(kind)`, `emit(event)` (queued),
//! `dispatch(event)` (run now) and `ask(hook)`.
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
mod cascade;
mod effects;
pub mod events;
mod exec;
pub mod host;
mod peek;
mod pipeline;
mod resolve;
mod resume;
mod shared;
pub mod state;
pub mod trap;
pub mod value;

use std::sync::Arc;

use crate::bytecode::{CardIdx, EventIdx, Program};
use crate::catalogue::Catalogue;

pub use builtins::{BuiltinFn, Builtins, CallContext, CostFn, CostPhase, FunctionFn, Resolved, Status};
pub use cascade::Hearing;
pub use events::{EVENT_BINDINGS, Event};
pub use host::{Effect, EffectId, EffectKind, Env, Host, RequestKind, Restriction};
pub use peek::{Count, Peek, PeekBuffers};
pub use state::{Completion, Execution, Failure, InvalidAnswer, Outcome, Request, ResumeError};
pub use trap::{Trap, TrapCode};
pub use value::{CardId, ListId, Lists, PlayerId, Value};

use events::{Names, World};
use exec::Machine;
use pipeline::{activate_direct, costs_first, pipeline};
pub(crate) use shared::Shared;
use shared::{NEXT_RUNTIME_ID, plans};
use state::{ExecState, Origin, Owner, Stage};

/// Fuel of one execution unless [`Runtime::set_fuel`] says otherwise.
pub const DEFAULT_FUEL: u64 = 100_000;
/// How deep events may cascade (an auto emitting an event whose autos emit...).
pub const MAX_EVENT_DEPTH: u32 = 32;
/// How many autos, and passes over the continuous autos, one [`Runtime::run_events`] may
/// start.
pub const MAX_RUNS_PER_DRAIN: u32 = 10_000;
/// How many effects recorded by executions may be in force at once: each record looks
/// for a duplicate among them. Most games hold a few dozen, but a lord over a board of
/// tokens holds one a creature (four anthems over 256 Wagic tokens are 1,024), so the
/// cap is far above any board a game reaches.
pub const MAX_EFFECTS: usize = 16_384;
/// The most autos cards hear at once because other cards give them
/// ([`Runtime::give_autos`]).
pub const MAX_GIVEN_AUTOS: usize = 256;
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
        self.shared.clone_from(&source.shared);
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
    /// A runtime for `program` (loaded against `catalogue`) with the game's `builtins`
    /// (made for `catalogue` too). Nothing checks that `catalogue` is the one the program
    /// was loaded against ([`Program::catalogue_hash`] and `catalogue.id()` tell): with
    /// another, the cards' commands, events and names mean whatever that catalogue's
    /// entries of the same index mean, or trap [`TrapCode::MissingBuiltin`], without a
    /// panic.
    pub fn new(program: impl Into<Arc<Program>>, catalogue: &'static Catalogue, builtins: Builtins<H>) -> Runtime<H> {
        let program: Arc<Program> = program.into();
        let plans = plans(&program);
        Runtime {
            shared: Shared {
                plans,
                program,
                catalogue,
                builtins: Arc::new(builtins.with_default_targets(catalogue)),
                names: Names::new(catalogue),
                fuel: DEFAULT_FUEL,
                metered: true,
                autos_as_controller: false,
                ask_lone_choice: false,
                id: NEXT_RUNTIME_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            },
            world: World::with_buffers(),
        }
    }

    /// A new runtime for the same program, catalogue, builtins, fuel and metering, with
    /// nothing in play: what [`Runtime::new`] gives, without working out again what it
    /// derives from the program. Executions of either are refused by the other.
    pub fn fresh(&self) -> Runtime<H> {
        let mut shared = self.shared.clone();
        shared.id = NEXT_RUNTIME_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Runtime { shared, world: World::with_buffers() }
    }

    /// Takes a new id, as [`Runtime::fresh`] gives one: executions started before are
    /// refused from now on (a game started over in this runtime's buffers, made a copy of
    /// a fresh runtime).
    pub fn renew_id(&mut self) {
        self.shared.id = NEXT_RUNTIME_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
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

    /// Makes every auto an event runs (hooks included) execute as its card's controller
    /// (when it runs: [`Host::controller`]) instead of as the event's player ([`Event::player`], spec §3.1's rule, the default): its target
    /// words for the controller and the opponent, its zone prefixes, its `me` and who
    /// answers its questions are then its controller's, whoever's event ran it. A game
    /// whose cards mean "their controller" by the controller word wants this; Card
    /// Fighters' Clash's cards rely on the default. Autos without an event and continuous
    /// autos always execute as their card's controller.
    pub fn set_autos_run_as_controller(&mut self, on: bool) {
        self.shared.autos_as_controller = on;
    }

    /// Makes a filter the player chooses from ask even when exactly as many candidates as
    /// it takes are left (one creature for `target(creature)`), instead of taking them
    /// without a question (the default). A game that chooses targets as a spell is cast
    /// and resolves it later (Magic's rule 601.2c) wants the question, a question with
    /// one answer, to know the spell waits on its target.
    pub fn set_ask_lone_choice(&mut self, on: bool) {
        self.shared.ask_lone_choice = on;
    }

    /// The host changed what the continuous autos read outside any event (a timer of its
    /// own ended effects, or an effect took a card's abilities away while nothing was
    /// queued): they run again at the next [`Runtime::run_events`], even when no event is
    /// queued.
    pub fn refresh_later(&mut self) {
        self.world.refresh = true;
    }

    /// How many refreshes of the continuous autos were skipped, nothing they read having
    /// changed since one that changed nothing ([`Host::continuous_inputs`]). (A debug build
    /// runs them all the same, and checks that they change nothing.)
    pub fn refreshes_skipped(&self) -> u64 {
        self.world.skipped
    }

    /// The effects in force, in the order they were recorded.
    pub fn effects(&self) -> &[Effect] {
        &self.world.effects
    }

    /// Autos waiting to run (queued events count once each).
    pub fn pending_events(&self) -> usize {
        self.world.events.len() + self.world.runs.len()
    }

    /// [`Runtime::run_events`] when no card can hear what is queued (no auto run waits, no
    /// card holds a continuous auto, no queued event has a listener): drops the events as
    /// that drain would and returns true; otherwise changes nothing and returns false. An
    /// embedder pays no call into the drain for the many events no card listens to.
    pub fn drop_unheard_events(&mut self) -> bool {
        let world = &mut self.world;
        if !(world.runs.is_empty() && world.continuous.is_empty() && !world.may_hear_queued()) {
            return false;
        }
        // Every event is queued through `World::queue`, which marks it; a debug build checks that.
        debug_assert!(world.events.iter().all(|(event, _)| !world.listens(event.event)));
        world.clear_events();
        world.refresh = false;
        true
    }

    /// Whether emitting `event` now and then calling [`Runtime::drop_unheard_events`] would
    /// drop it with the rest of the queue: no auto run waits, no card holds a continuous
    /// auto, and no card listens to `event` or to an event already queued. An embedder can
    /// then call `drop_unheard_events` alone, without queueing the event first.
    pub fn drops_unheard(&self, event: EventIdx) -> bool {
        let world = &self.world;
        world.runs.is_empty() && world.continuous.is_empty() && !world.may_hear_queued() && !world.listens(event)
    }

    /// Whether nothing is queued or running: no event, no auto run, no synchronous auto,
    /// and no continuous auto waiting to run again after a change.
    pub fn is_idle(&self) -> bool {
        self.world.events.is_empty()
            && self.world.runs.is_empty()
            && self.world.now.is_empty()
            && (!self.world.refresh || self.world.continuous.is_empty())
    }

    /// Whether some auto (a hook auto when `hooks`) would be selected by `event`. When none
    /// is, [`Runtime::ask`] of it, or emitting it into an idle runtime and running the
    /// events, runs no card code and changes nothing: an embedder checking legality can
    /// then skip the copy of its game it would make to run them on.
    pub fn selects_any(&self, event: &Event, hooks: bool) -> bool {
        let has_object = self.shared.catalogue.events.get(event.event.index()).is_some_and(|spec| spec.has_object);
        let names = &self.shared.names;
        self.world.listens(event.event)
            && self.world.subs.iter().any(|sub| sub.hook == hooks && names.selects(sub, event, has_object))
    }

    /// Drops every queued event and auto run: an embedder ending a cascade that its own
    /// events keep feeding (each drain of which stays within [`MAX_RUNS_PER_DRAIN`]).
    pub fn discard_events(&mut self) {
        self.world.clear_events();
        self.world.runs.clear();
    }

    fn state(&mut self, env: Env, origin: Origin, stage: Stage) -> Box<ExecState> {
        let locals = self.shared.locals(env.card);
        self.state_with(env, origin, stage, locals, usize::from(locals))
    }

    /// [`Runtime::state`] with `locals` locals and `regs` registers in all.
    // Inlined into each start: a call here costs as much as the work of a one-command effect.
    #[inline(always)]
    fn state_with(&mut self, env: Env, origin: Origin, stage: Stage, locals: u16, regs: usize) -> Box<ExecState> {
        let mut state = self.world.state(env, origin, stage, self.shared.fuel, locals, regs);
        state.owner = Owner::new(self.shared.id);
        state
    }

    // Inlined for the same reason as `state_with`.
    #[inline(always)]
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
        self.start_activation(host, card, program_card, me, false)
    }

    /// [`Runtime::activate`] as a trial: it runs the requisites, the rule target, the vars
    /// and the cost checks as the activation would, and stops where the costs would be
    /// paid or the body would start, with `Done(Success)`. So it fails as the activation
    /// would fail before paying anything (`RequisitesNotMet`, `RuleTargetNotFound`,
    /// `CostNotPaid`), suspends on the same question or traps the same way, and never
    /// pays or does the card's effect, also when its suspended execution is resumed.
    pub fn try_activation(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        me: PlayerId,
    ) -> Result<Outcome, Trap> {
        self.start_activation(host, card, program_card, me, true)
    }

    /// `me` activates action `action` of `card` alone, as an ability of its own: its
    /// `vars`, costs and statements run as [`Runtime::activate`]'s would once that action
    /// is chosen, but the card's requisites and rule target are neither checked nor asked,
    /// and no action is (a game's ability of a card that is not the card's rule: a Magic
    /// instant's cycling, used from the hand, takes none of the instant's targets). An
    /// action the card does not have fails with `NoAction`.
    pub fn activate_action(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        me: PlayerId,
        action: u16,
    ) -> Result<Outcome, Trap> {
        self.start_action(host, card, program_card, me, action, false)
    }

    /// [`Runtime::activate_action`] as a trial, as [`Runtime::try_activation`] is
    /// [`Runtime::activate`]'s: it stops where the costs would be paid or the body would
    /// start, with `Done(Success)`.
    pub fn try_action(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        me: PlayerId,
        action: u16,
    ) -> Result<Outcome, Trap> {
        self.start_action(host, card, program_card, me, action, true)
    }

    /// [`Runtime::activate_action`], or with `trial` [`Runtime::try_action`]. A trap ends
    /// the cascade, as [`Runtime::start_activation`]'s does.
    fn start_action(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        me: PlayerId,
        action: u16,
        trial: bool,
    ) -> Result<Outcome, Trap> {
        let data = self.shared.program.card(program_card).ok_or(TrapCode::UnknownCard)?;
        if usize::from(action) >= data.actions.len() {
            return Ok(Outcome::Done(Completion::Failure(Failure::NoAction)));
        }
        let env = self.env(host, card, program_card, me);
        let state = self.state(env, Origin::activation(trial).with_action(action), Stage::Vars);
        let result = self.drive(host, state);
        if result.is_err() {
            self.discard_events();
        }
        result
    }

    /// [`Runtime::activate`], or with `trial` [`Runtime::try_activation`]. A trap ends
    /// the cascade: the events that autos it ran at once queued do not stay queued.
    fn start_activation(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        me: PlayerId,
        trial: bool,
    ) -> Result<Outcome, Trap> {
        let result = self.run_activation(host, card, program_card, me, trial);
        if result.is_err() {
            self.discard_events();
        }
        result
    }

    fn run_activation(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        me: PlayerId,
        trial: bool,
    ) -> Result<Outcome, Trap> {
        let plan = self.shared.plan(program_card).ok_or(TrapCode::UnknownCard)?;
        let env = self.env(host, card, program_card, me);
        // Most cards have nothing to do before the body: the pipeline is not walked.
        let (stage, regs) = match plan.direct_action {
            Some(action) => (Stage::Body, action.regs as usize),
            None => (Stage::Requisite(0), usize::from(plan.locals)),
        };
        let state = self.state_with(env, Origin::activation(trial), stage, plan.locals, regs);
        match plan.direct_action {
            Some(action) => self.run_state(host, state, |machine| activate_direct(machine, action.entry, trial)),
            None if plan.costs_first => self.run_state(host, state, costs_first),
            None => self.drive(host, state),
        }
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
        let mut state = self.state(env, Origin::activation(false), Stage::Requisite(0));
        let shared = &self.shared;
        let mut machine = Machine::new(shared, &mut self.world, host, &mut state);
        let mut met = Ok(true);
        for &f in &shared.program.cards()[program_card.index()].requisites {
            match machine.resolve_candidates(f) {
                Ok(resolved) if resolved.matched && machine.state.lists.len(resolved.candidates) > 0 => {}
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

    /// Runs the pipeline of `state` until it finishes or suspends; a trial's
    /// ([`Origin::is_trial`], kept while it waits for an answer) stops where the costs
    /// would be paid.
    fn drive(&mut self, host: &mut H, state: Box<ExecState>) -> Result<Outcome, Trap> {
        self.run_state(host, state, pipeline)
    }

    /// Runs `state` with `run` (the pipeline, or a part of it) and hands out what it ended
    /// with: a completion or a trap (the state goes back to the pool), or the suspended
    /// execution.
    fn run_state(
        &mut self,
        host: &mut H,
        mut state: Box<ExecState>,
        run: impl FnOnce(&mut Machine<'_, H>) -> Result<Option<Completion>, Trap>,
    ) -> Result<Outcome, Trap> {
        let shared = &self.shared;
        let result = {
            let mut machine = Machine::new(shared, &mut self.world, host, &mut state);
            run(&mut machine)
        };
        match result {
            Ok(Some(completion)) => {
                self.recycle(state);
                Ok(Outcome::Done(completion))
            }
            Ok(None) => {
                let source = state.env.source;
                state.owner.settle(|| self.in_play(source));
                Ok(Outcome::Suspended(Execution::suspend(state)))
            }
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
}

#[cfg(test)]
mod tests;
