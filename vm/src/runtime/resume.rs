//! Resuming a suspended execution with the player's answer: the answer checked against
//! the request, then the pending op or pipeline stage completed with it.

use super::Runtime;
use super::builtins::{CostPhase, Status};
use super::events::{CardMarks, SCAN_DEDUP_MAX, World};
use super::exec::{Machine, Step};
use super::host::Host;
use super::pipeline::{add_rule_targets, cost_step, rule_target_step, set_selection};
use super::state::{Execution, InvalidAnswer, Outcome, Pending, Request, ResumeError, Stage};
use super::trap::{Trap, TrapCode};
use super::value::{ListId, Value};
use crate::bytecode::FilterIdx;

impl<H: Host> Runtime<H> {
    /// Continues `exec` with `answer`: distinct candidates of its request, between `min`
    /// and `max` of them. A refused answer gives the execution back unchanged. When the
    /// execution (an auto or an activation) traps, its cascade ends: nothing of it stays
    /// queued.
    pub fn resume(&mut self, host: &mut H, exec: Execution, answer: &[Value]) -> Result<Outcome, ResumeError> {
        let result = self.continue_with(host, exec, answer);
        if matches!(result, Err(ResumeError::Trap(_))) {
            self.discard_events();
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
            let mut machine = Machine::new(shared, &mut self.world, host, &mut state);
            complete(&mut machine, pending, request, list)
        };
        match step {
            Ok(Resumed::Main(step)) => {
                let mut machine = Machine::new(shared, &mut self.world, host, &mut state);
                let applied = match step {
                    Step::Next => Ok(false),
                    Step::Jump(pc) => match machine.state.frame {
                        Some(mut frame) => {
                            let done =
                                machine.take_jump(&mut frame, pc).map_err(|trap| machine.locate(trap, frame.entry, pc));
                            machine.state.frame = Some(frame);
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
                        let machine = Machine::new(shared, &mut self.world, host, &mut state);
                        let pc =
                            shared.program.entries()[frame.entry.index()].pcs()[frame.ip.saturating_sub(1) as usize];
                        machine.locate(trap, frame.entry, pc)
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
}

/// Checks an answer against the request of `exec`, in time linear in the candidates and
/// the answer (with a bit per card when the candidates are cards `CardMarks` tells apart,
/// else with sets `world` lends), or by scans when they hold a few values.
fn validate(world: &mut World, exec: &Execution, answer: &[Value]) -> Result<(), InvalidAnswer> {
    let request = exec.request();
    if answer.len() < usize::from(request.min) || answer.len() > usize::from(request.max) {
        return Err(InvalidAnswer::Count { given: answer.len(), min: request.min, max: request.max });
    }
    let offered = exec.candidates();
    if let Some(candidates) = CardMarks::of(offered) {
        // Cards numbered as a game numbers them: a bit each (`CardMarks`).
        let mut chosen = CardMarks::default();
        for choice in answer {
            if candidates.contains(*choice) != Some(true) {
                return Err(InvalidAnswer::NotACandidate(*choice));
            }
            if chosen.insert(*choice) != Some(true) {
                return Err(InvalidAnswer::Duplicate(*choice));
            }
        }
        return Ok(());
    }
    if offered.len() + answer.len() <= SCAN_DEDUP_MAX {
        // A few values: scanning them costs less than filling two sets.
        for (i, choice) in answer.iter().enumerate() {
            if !offered.contains(choice) {
                return Err(InvalidAnswer::NotACandidate(*choice));
            }
            if answer[..i].contains(choice) {
                return Err(InvalidAnswer::Duplicate(*choice));
            }
        }
        return Ok(());
    }
    let mut candidates = world.take_set();
    candidates.extend(offered.iter().copied());
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
/// Filter `i` of the rule target of the executing card, if it has one.
fn rule_target_filter<H: Host>(machine: &Machine<'_, H>, i: u16) -> Option<FilterIdx> {
    let card = machine.shared.program.cards().get(machine.state.env.card.index())?;
    card.target.as_ref()?.filters.get(usize::from(i)).copied()
}

fn complete<H: Host>(
    machine: &mut Machine<'_, H>,
    pending: Pending,
    request: Option<Request>,
    list: ListId,
) -> Result<Resumed, Trap> {
    let first = machine.state.lists.get(list).first().copied().unwrap_or_default();
    let yes = first == Value::Bool(true);
    Ok(match pending {
        Pending::None => Resumed::Pipeline,
        Pending::Filter { write, .. } => Resumed::Main(machine.filter_chosen(list, write)),
        Pending::FilterType { f, write, exit, optional } => {
            let chosen = first.as_int().unwrap_or(0) as u16;
            let resolution = machine.resolve_filter(f, Some(chosen))?;
            Resumed::Main(machine.filter_step(resolution, f, write, exit, optional)?)
        }
        Pending::FilterZone { f, write, exit, optional } => {
            let resolution = machine.resolve_in_zone(f, first)?;
            Resumed::Main(machine.filter_step(resolution, f, write, exit, optional)?)
        }
        Pending::Call { cmd, base, argc } => {
            let status = machine.call(usize::from(machine.state.locals), cmd, base, argc, Some(list))?;
            machine.state.record_status(status);
            Resumed::Main(if status == Status::Suspend { Step::Suspend } else { Step::Next })
        }
        Pending::CallFn { a, func, base, argc } => {
            Resumed::Main(machine.call_fn(usize::from(machine.state.locals), a, func, base, argc, Some(list))?)
        }
        Pending::May { skip } => Resumed::Main(if yes { Step::Next } else { Step::Jump(skip) }),
        Pending::Confirm { skip } => Resumed::Main(if yes {
            Step::Next
        } else {
            machine.state.succeeded = true;
            Step::Jump(skip)
        }),
        Pending::RuleTarget { i } => {
            add_rule_targets(machine, list)?;
            machine.state.stage = Stage::RuleTarget(i.saturating_add(1));
            Resumed::Pipeline
        }
        Pending::RuleTargetType { i } => {
            let chosen = first.as_int().unwrap_or(0) as u16;
            let Some(f) = rule_target_filter(machine, i) else {
                return Ok(Resumed::Pipeline);
            };
            let resolution = machine.resolve_filter(f, Some(chosen))?;
            if rule_target_step(machine, i, resolution)? { Resumed::Suspended } else { Resumed::Pipeline }
        }
        Pending::RuleTargetZone { i } => {
            let Some(f) = rule_target_filter(machine, i) else {
                return Ok(Resumed::Pipeline);
            };
            let resolution = machine.resolve_in_zone(f, first)?;
            if rule_target_step(machine, i, resolution)? { Resumed::Suspended } else { Resumed::Pipeline }
        }
        Pending::ChooseAction => {
            machine.state.origin = machine.state.origin.with_action(first.as_int().unwrap_or(0) as u16);
            machine.state.stage = Stage::Vars;
            Resumed::Pipeline
        }
        Pending::Cost { i, cost } => {
            let _ = request;
            match cost_step(machine, i, cost, CostPhase::Check, Some(list))? {
                Status::Success => {
                    set_selection(machine, i, list)?;
                    machine.state.stage = Stage::CostCheck(i.saturating_add(1));
                    Resumed::Pipeline
                }
                Status::Failure => {
                    machine.state.stage = Stage::CostCheck(u16::MAX);
                    Resumed::Pipeline
                }
                Status::Suspend => {
                    machine.state.pending = Pending::Cost { i, cost };
                    Resumed::Suspended
                }
            }
        }
    })
}
