//! Effect ops: `Call` and `CallFn` through the builtin table, `Confirm` and `May`
//! (yes/no requests), `Grant` and `Revoke` (recorded ability effects), plus the effect
//! ledger and event emission the builtins reach through their context.

use crate::bytecode::{AbilityIdx, CommandIdx, FunctionIdx, Pc, Reg, StrIdx};
use crate::catalogue::DefaultTarget;

use smallvec::SmallVec;

use super::{Machine, Step};
use crate::runtime::builtins::{BuiltinCall, CallContext, Callee, Status, Targets};
use crate::runtime::effects::{Effects, Renewed};
use crate::runtime::events::Event;
use crate::runtime::host::{Effect, EffectId, EffectKind, Host, RequestKind, Restriction};
#[cfg(doc)]
use crate::runtime::state::ExecState;
use crate::runtime::state::Pending;
use crate::runtime::trap::{Trap, TrapCode};
use crate::runtime::value::{ListId, Value};
use crate::runtime::{MAX_EFFECTS, MAX_EVENT_DEPTH};

impl<H: Host> Machine<'_, H> {
    /// A builtin that suspended must have made a request.
    pub(crate) fn check_request(&self) -> Result<(), Trap> {
        match self.state.request {
            Some(_) => Ok(()),
            None => Err(Trap::new(TrapCode::BadRequest)),
        }
    }

    /// `Call`: `answer` is set when the builtin is re-entered after a choice. A builtin
    /// that asks leaves the call pending; what it reported otherwise is for the caller to
    /// record in `St` ([`ExecState::record_status`]: the loop skips that when an
    /// `EndStatement` fused with the call sets `St` at once).
    // Inlined into the register loop: one frame less per builtin call, for a little more
    // register pressure on the loop's other ops (measured both ways).
    #[inline(always)]
    pub(crate) fn call(
        &mut self,
        base: usize,
        cmd: CommandIdx,
        args: Reg,
        argc: u8,
        answer: Option<ListId>,
    ) -> Result<Status, Trap> {
        let (f, default) = self.shared.builtins.get_command(cmd).ok_or(TrapCode::MissingBuiltin)?;
        let targets = self.effective_targets(default);
        // One unit per call, and one per target past the first: a command acts on each.
        let extra = match targets {
            Targets::List(list) => self.targets_past_first(list),
            _ => 0,
        };
        self.charge(extra.saturating_add(1))?;
        self.state.enter_builtin(answer);
        self.call.callee = Callee::Command(cmd);
        self.call.targets = targets;
        self.call.args = ((base + args.0 as usize) as u32, u32::from(argc));
        self.call.answer = answer;
        let status = f(CallContext::of(self))?;
        if status == Status::Suspend {
            self.check_request()?;
            self.state.pending = Pending::Call { cmd, base: args, argc };
        }
        Ok(status)
    }

    /// `CallFn`.
    pub(crate) fn call_fn(
        &mut self,
        base: usize,
        a: Reg,
        func: FunctionIdx,
        args: Reg,
        argc: u8,
        answer: Option<ListId>,
    ) -> Result<Step, Trap> {
        let f = self.shared.builtins.get_function(func).ok_or(TrapCode::MissingBuiltin)?;
        self.charge(1)?;
        self.state.enter_builtin(answer);
        self.call = BuiltinCall {
            callee: Callee::Function(func),
            targets: Targets::List(self.state.targets),
            args: ((base + args.0 as usize) as u32, u32::from(argc)),
            answer,
            result: Value::Nil,
        };
        let status = f(CallContext::of(self))?;
        let result = self.call.result;
        match status {
            Status::Success | Status::Failure => {
                self.state.regs[base + a.0 as usize] = result;
                Ok(Step::Next)
            }
            Status::Suspend => {
                self.check_request()?;
                self.state.pending = Pending::CallFn { a, func, base: args, argc };
                Ok(Step::Suspend)
            }
        }
    }

    /// The targets a command acts on: `T`, or its catalogue default when `T` is empty.
    fn effective_targets(&mut self, default: Option<DefaultTarget>) -> Targets {
        // `T` is most often still the empty list, known without a look-up. Checked here,
        // not in `Lists::is_empty`: there it made the activation's other calls slower.
        if self.state.targets != ListId::EMPTY && !self.state.lists.is_empty(self.state.targets) {
            return Targets::List(self.state.targets);
        }
        match default {
            Some(DefaultTarget::Source) => Targets::One(Value::Card(self.state.env.source)),
            Some(DefaultTarget::SourceController) => {
                Targets::One(Value::Player(self.host.controller(self.state.env.source)))
            }
            _ => Targets::List(self.state.targets),
        }
    }

    pub(super) fn confirm(&mut self, cmd: CommandIdx, skip: Pc) -> Result<Step, Trap> {
        self.ask_yes_no(RequestKind::Confirm(cmd), None)?;
        self.state.pending = Pending::Confirm { skip };
        Ok(Step::Suspend)
    }

    pub(super) fn may(&mut self, question: Option<StrIdx>, skip: Pc) -> Result<Step, Trap> {
        self.ask_yes_no(RequestKind::May, question)?;
        self.state.pending = Pending::May { skip };
        Ok(Step::Suspend)
    }

    /// The targets of a grant: `T`, or the source when there are none.
    fn grant_targets(&mut self) -> Result<ListId, Trap> {
        if !self.state.lists.is_empty(self.state.targets) {
            return Ok(self.state.targets);
        }
        Ok(self.state.lists.make(&[Value::Card(self.state.env.source)]).ok_or(TrapCode::ListLimit)?)
    }

    /// The fuel an op acting on `targets` pays beyond its own unit: one per target past
    /// the first.
    fn targets_past_first(&self, targets: ListId) -> u32 {
        u32::try_from(self.state.lists.len(targets).saturating_sub(1)).unwrap_or(u32::MAX)
    }

    pub(super) fn grant(&mut self, ability: AbilityIdx) -> Result<Step, Trap> {
        let targets = self.grant_targets()?;
        self.charge(self.targets_past_first(targets))?;
        for i in 0..self.state.lists.len(targets) {
            let target = self.state.lists.get(targets)[i];
            if let Some(effect) = self.record_effect(EffectKind::Ability { target, ability }, self.state.restriction)? {
                self.host.apply_effect(&effect);
            }
        }
        self.state.succeeded = true;
        Ok(Step::Next)
    }

    pub(super) fn revoke(&mut self, ability: AbilityIdx) -> Result<Step, Trap> {
        let targets = self.grant_targets()?;
        self.charge(self.targets_past_first(targets))?;
        let source = self.state.env.source;
        for i in 0..self.state.lists.len(targets) {
            let target = self.state.lists.get(targets)[i];
            let kind = EffectKind::Ability { target, ability };
            self.end_effects_where(|effect| effect.source == source && effect.kind == kind);
        }
        self.state.succeeded = true;
        Ok(Step::Next)
    }

    /// Records an effect of the current source with `restriction`; `None` when exactly
    /// this effect is already recorded (idempotent grants, FIX of B-35), or when it would
    /// last while a source that has left play is in play (`docs/rules.md`, Runtime).
    /// Traps `EffectLimit` when [`MAX_EFFECTS`] are in force.
    pub(crate) fn record_effect(
        &mut self,
        kind: EffectKind,
        restriction: Option<Restriction>,
    ) -> Result<Option<Effect>, Trap> {
        self.record_effect_as(kind, restriction, Repeat::Once)
    }

    /// [`Machine::record_effect`], or with [`Repeat::Stack`] without the look for a
    /// duplicate: each call records a new effect.
    pub(crate) fn record_effect_as(
        &mut self,
        kind: EffectKind,
        restriction: Option<Restriction>,
        repeat: Repeat,
    ) -> Result<Option<Effect>, Trap> {
        Ok(match self.record_or_renew(kind, restriction, repeat)? {
            Some((effect, Recorded::New)) => Some(effect),
            _ => None,
        })
    }

    /// [`Machine::record_effect_as`], which also gives the effect a continuous auto run
    /// again renews (held from its last run, equal to this one): it stays in force as it
    /// was, applied already.
    pub(crate) fn record_or_renew(
        &mut self,
        kind: EffectKind,
        restriction: Option<Restriction>,
        repeat: Repeat,
    ) -> Result<Option<(Effect, Recorded)>, Trap> {
        let source = self.state.env.source;
        if restriction.is_none()
            && self.state.owner.source_in_play()
            && !self.world.in_play.iter().any(|&(id, _)| id == source)
        {
            return Ok(None);
        }
        let wanted = Effect { id: EffectId(0), source, controller: self.state.env.controller, restriction, kind };
        let renewed = self.world.renewal.renew(&wanted);
        if let Renewed::Kept(id) = renewed {
            return Ok(Some((Effect { id, ..wanted }, Recorded::Renewed)));
        }
        let duplicate = repeat == Repeat::Once
            && renewed == Renewed::NotHeld
            && self.world.effects.holds(source, kind, restriction);
        if duplicate {
            return Ok(None);
        }
        if self.world.effects.len() >= MAX_EFFECTS {
            return Err(Trap::new(TrapCode::EffectLimit));
        }
        let effect = Effect {
            id: EffectId(self.world.next_effect),
            source,
            controller: self.state.env.controller,
            restriction,
            kind,
        };
        self.world.next_effect = self.world.next_effect.wrapping_add(1);
        self.world.effects.push(effect);
        Ok(Some((effect, Recorded::New)))
    }

    /// Ends every recorded effect that `pred` selects, in the order they were recorded.
    pub(crate) fn end_effects_where(&mut self, pred: impl Fn(&Effect) -> bool) {
        end_effects_where(&mut self.world.effects, self.host, pred);
    }

    /// Queues an event emitted by this execution. An event some auto listens to pays a
    /// unit per subscription, which its drain will look through to select the autos it
    /// runs (as `CallContext::dispatch` pays at once): a loop of emits is bounded by the
    /// loop's budget however many autos are in play. One nobody hears costs nothing more.
    pub(crate) fn emit(&mut self, event: Event) -> Result<(), Trap> {
        let depth = self.state.origin.depth() + 1;
        if depth > MAX_EVENT_DEPTH {
            return Err(Trap::new(TrapCode::EventCascade));
        }
        if self.world.listens(event.event) {
            self.charge(u32::try_from(self.world.subs.len()).unwrap_or(u32::MAX))?;
        }
        self.world.queue(event, depth);
        Ok(())
    }
}

/// Ends (removes and reports to the host, in one call) every effect `pred` selects, in
/// order: a lord over hundreds of creatures ends hundreds of effects at each refresh.
#[inline]
pub(crate) fn end_effects_where<H: Host>(effects: &mut Effects, host: &mut H, pred: impl Fn(&Effect) -> bool) {
    // Most calls end nothing (a card leaves play holding no effect): only a look.
    if effects.iter().any(&pred) {
        end_selected(effects, host, pred);
    }
}

#[inline(never)]
fn end_selected<H: Host>(effects: &mut Effects, host: &mut H, pred: impl Fn(&Effect) -> bool) {
    let mut ended: SmallVec<[Effect; 4]> = SmallVec::new();
    effects.retain(|effect| {
        let end = pred(effect);
        if end {
            ended.push(*effect);
        }
        !end
    });
    if !ended.is_empty() {
        host.end_effects(&ended);
    }
}

/// How an effect asked for is in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Recorded {
    /// Recorded now: the host applies it.
    New,
    /// Held by the continuous auto running again, which restates it: applied already.
    Renewed,
}

/// Whether recording an effect the source already holds records it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Repeat {
    /// Once: an equal effect of the same source with the same restriction is not recorded
    /// again (grants, rule switches: re-running an initialisation does not stack them).
    Once,
    /// Every call records a new effect (two resolutions of a pump are two pumps).
    Stack,
}
