//! The pipeline of an execution (spec §3.3): requisites, rule target, choice of action,
//! `vars`, every cost checked then paid, and the body, one stage at a time so that any
//! stage may suspend and resume.

use crate::bytecode::{Card, Cost, CostIdx, EntryIdx};

use super::builtins::{self, CallContext, CostPhase, Status};
use super::exec::{Flow, Machine};
use super::host::{Host, RequestKind};
use super::resolve::Resolution;
use super::state::{Completion, Failure, Frame, Origin, Pending, Stage};
use super::trap::{Trap, TrapCode};
use super::value::{self, ListId, Value};

pub(super) fn set_selection<H: Host>(machine: &mut Machine<'_, H>, i: u16, list: ListId) -> Result<(), Trap> {
    if machine.state.set_selection(i, list) { Ok(()) } else { Err(Trap::new(TrapCode::ListLimit)) }
}

/// Adds `list` (a resolution's or an answer's, held nowhere else) to the rule targets.
pub(super) fn add_rule_targets<H: Host>(machine: &mut Machine<'_, H>, list: ListId) -> Result<(), Trap> {
    let lists = &mut machine.state.lists;
    // Most cards have one rule-target filter: the first list is taken as it is, not copied.
    machine.state.rule_targets = if lists.is_empty(machine.state.rule_targets) {
        list
    } else {
        lists.concat(machine.state.rule_targets, list).ok_or(TrapCode::ListLimit)?
    };
    Ok(())
}

/// Applies one rule-target filter's resolution; true when it suspended.
pub(super) fn rule_target_step<H: Host>(
    machine: &mut Machine<'_, H>,
    i: u16,
    resolution: Resolution,
) -> Result<bool, Trap> {
    let optional = !machine.state.origin.is_activation()
        || machine.shared.program.cards()[machine.state.env.card.index()]
            .target
            .as_ref()
            .is_some_and(|target| target.optional);
    match resolution {
        Resolution::Nothing if optional => machine.state.stage = Stage::RuleTarget(i.saturating_add(1)),
        Resolution::Nothing => machine.state.stage = Stage::RuleTarget(u16::MAX),
        Resolution::List(list) => {
            add_rule_targets(machine, list)?;
            machine.state.stage = Stage::RuleTarget(i.saturating_add(1));
        }
        Resolution::Choose { candidates, min, max } => {
            machine.request(RequestKind::Targets, candidates, min, max, None);
            machine.state.pending = Pending::RuleTarget { i };
            return Ok(true);
        }
        Resolution::ChooseType { options } => {
            machine.request(RequestKind::TargetType, options, 1, 1, None);
            machine.state.pending = Pending::RuleTargetType { i };
            return Ok(true);
        }
        Resolution::ChooseZone { options } => {
            machine.request(RequestKind::TargetZone, options, 1, 1, None);
            machine.state.pending = Pending::RuleTargetZone { i };
            return Ok(true);
        }
    }
    Ok(false)
}

pub(super) fn cost_step<H: Host>(
    machine: &mut Machine<'_, H>,
    i: u16,
    cost: CostIdx,
    phase: CostPhase,
    answer: Option<ListId>,
) -> Result<Status, Trap> {
    let f = machine.shared.builtins.get_cost(cost).ok_or(TrapCode::MissingBuiltin)?;
    machine.state.enter_builtin(answer);
    machine.call = builtins::BuiltinCall {
        callee: builtins::Callee::Cost { i, cost },
        targets: builtins::Targets::List(machine.state.rule_targets),
        args: (0, 0),
        answer,
        result: Value::Nil,
    };
    let status = f(CallContext::of(machine), phase)?;
    if status == Status::Suspend {
        machine.check_request()?;
    }
    Ok(status)
}

/// The cost block of what an execution runs: its action's or its auto's.
pub(super) fn cost_block(card: &Card, origin: Origin) -> &[Cost] {
    let costs = match origin {
        Origin::Activation { action, .. } => card.actions.get(usize::from(action)).map(|action| &action.costs),
        Origin::Auto { auto, .. } | Origin::Hook { auto, .. } => {
            card.autos.get(usize::from(auto)).map(|auto| &auto.costs)
        }
    };
    costs.map_or(&[], Vec::as_slice)
}

/// What an activation that has nothing to do before its body is charged for the six
/// stages (requisites, rule target, choice of action, vars, cost check, cost payment).
const EMPTY_ACTIVATION_STAGES_FUEL: u32 = 6;

/// Runs an activation from the body of its card's only action `entry`, for a card whose
/// plan says no stage before it has anything to do ([`super::shared::CardPlan`]), on a
/// fresh state in `Stage::Body` that holds the entry's registers. The same as the pipeline
/// from `Stage::Requisite(0)`, fuel included, without looking at the card. A `trial`
/// ([`super::Runtime::try_activation`]) succeeds where the body would start.
pub(super) fn activate_direct<H: Host>(
    machine: &mut Machine<'_, H>,
    entry: EntryIdx,
    trial: bool,
) -> Result<Option<Completion>, Trap> {
    // The skipped stages and the body's own stage step, then the entry's start.
    if trial {
        machine.charge(EMPTY_ACTIVATION_STAGES_FUEL + 1)?;
        return Ok(Some(Completion::Success));
    }
    machine.charge(EMPTY_ACTIVATION_STAGES_FUEL + 2)?;
    machine.state.frame = Some(Frame { entry, ip: 0, base: machine.state.locals });
    run_body(machine)
}

/// What the pipeline charges passing the four stages before the cost check (requisites,
/// rule target, choice of action, vars) of an activation that has nothing to do in them.
const EMPTY_ACTIVATION_STAGES_BEFORE_COSTS_FUEL: u32 = 4;

/// Runs an activation from its cost check, for a card whose plan says no stage before it
/// has anything to do ([`super::shared::CardPlan::costs_first`]), on a fresh state: the
/// same as the pipeline from `Stage::Requisite(0)`, fuel included, without walking the
/// four stages (the card's only action is the one chosen).
pub(super) fn costs_first<H: Host>(machine: &mut Machine<'_, H>) -> Result<Option<Completion>, Trap> {
    machine.charge(EMPTY_ACTIVATION_STAGES_BEFORE_COSTS_FUEL)?;
    machine.state.targets = machine.state.rule_targets;
    machine.state.origin = machine.state.origin.with_action(0);
    machine.state.stage = Stage::CostCheck(0);
    pipeline(machine)
}

/// What the pipeline charges passing the stages before the body of an auto that has
/// nothing to do in them (rule target, vars), one each.
const EMPTY_AUTO_STAGES_FUEL: u32 = 2;

/// Runs an auto from the body `entry`, for an auto whose plan says no stage before it has
/// anything to do ([`super::shared::CardPlan`]), on a fresh state in `Stage::RuleTarget(0)`
/// that holds the entry's registers. The same as the pipeline from there: the source
/// becomes the rule target, and the fuel is the same.
pub(super) fn auto_direct<H: Host>(machine: &mut Machine<'_, H>, entry: EntryIdx) -> Result<Option<Completion>, Trap> {
    machine.charge(EMPTY_AUTO_STAGES_FUEL)?;
    source_as_rule_target(machine)?;
    machine.state.targets = machine.state.rule_targets;
    machine.state.stage = Stage::Body;
    // The body's own stage step and the entry's start.
    machine.charge(2)?;
    machine.state.frame = Some(Frame { entry, ip: 0, base: machine.state.locals });
    run_body(machine)
}

/// An auto without rule-target filters targets its source.
fn source_as_rule_target<H: Host>(machine: &mut Machine<'_, H>) -> Result<(), Trap> {
    if machine.state.lists.is_empty(machine.state.rule_targets) {
        machine.state.rule_targets =
            machine.state.lists.make(&[Value::Card(machine.state.env.source)]).ok_or(TrapCode::ListLimit)?;
    }
    Ok(())
}

/// Runs the started body of the execution to its completion (`None`: it suspended).
#[inline]
fn run_body<H: Host>(machine: &mut Machine<'_, H>) -> Result<Option<Completion>, Trap> {
    let hook = matches!(machine.state.origin, Origin::Hook { .. });
    Ok(match machine.run_main()? {
        Flow::Suspend => None,
        Flow::Return => Some(if hook { Completion::Answer(true) } else { Completion::Success }),
        Flow::ReturnValue(value) => Some(Completion::Answer(value::truthy(value, &machine.state.lists))),
        Flow::Fail(_) if hook => Some(Completion::Answer(false)),
        Flow::Fail(reason) => Some(Completion::Failure(reason.into())),
    })
}

/// Runs the pipeline until it completes (`Some`) or suspends (`None`). A trial
/// ([`Origin::is_trial`], [`super::Runtime::try_activation`]) completes with success
/// where the costs would be paid or the body would start. Only the execution itself stops
/// there: autos it runs on the way (a cost's payment window) run whole.
pub(super) fn pipeline<H: Host>(machine: &mut Machine<'_, H>) -> Result<Option<Completion>, Trap> {
    let trial = machine.state.origin.is_trial();
    let shared = machine.shared;
    let card = &shared.program.cards()[machine.state.env.card.index()];
    loop {
        // Each stage step costs fuel, so that no bundle can keep the pipeline going.
        machine.charge(1)?;
        match machine.state.stage {
            Stage::Requisite(i) => match card.requisites.get(usize::from(i)) {
                Some(&f) => {
                    let resolved = machine.resolve_candidates(f)?;
                    if !resolved.matched || machine.state.lists.is_empty(resolved.candidates) {
                        return Ok(Some(Completion::Failure(Failure::RequisitesNotMet)));
                    }
                    machine.state.stage = Stage::Requisite(i.saturating_add(1));
                }
                None => machine.state.stage = Stage::RuleTarget(0),
            },
            Stage::RuleTarget(u16::MAX) => return Ok(Some(Completion::Failure(Failure::RuleTargetNotFound))),
            Stage::RuleTarget(i) => {
                let filter = card.target.as_ref().and_then(|target| target.filters.get(usize::from(i)).copied());
                match filter {
                    Some(f) => {
                        let resolution = machine.resolve_filter(f, None)?;
                        if rule_target_step(machine, i, resolution)? {
                            return Ok(None);
                        }
                    }
                    None => {
                        if !machine.state.origin.is_activation() {
                            source_as_rule_target(machine)?;
                        }
                        machine.state.targets = machine.state.rule_targets;
                        machine.state.stage =
                            if machine.state.origin.is_activation() { Stage::ChooseAction } else { Stage::Vars };
                    }
                }
            }
            Stage::ChooseAction => match card.actions.len() {
                0 => return Ok(Some(Completion::Failure(Failure::NoAction))),
                1 => {
                    machine.state.origin = machine.state.origin.with_action(0);
                    machine.state.stage = Stage::Vars;
                }
                n => {
                    let mut options = std::mem::take(&mut machine.world.scratch);
                    options.clear();
                    options.extend((0..n).map(|i| Value::Int(i as i32)));
                    let list = machine.state.lists.make(&options);
                    machine.world.scratch = options;
                    let list = list.ok_or(TrapCode::ListLimit)?;
                    machine.request(RequestKind::Action, list, 1, 1, None);
                    machine.state.pending = Pending::ChooseAction;
                    return Ok(None);
                }
            },
            Stage::Vars => {
                if let Some(vars) = card.vars {
                    if machine.state.frame.is_none() {
                        machine.start_main(vars)?;
                    }
                    match machine.run_main()? {
                        Flow::Suspend => return Ok(None),
                        _ => machine.state.frame = None,
                    }
                }
                let has_costs = !cost_block(card, machine.state.origin).is_empty();
                machine.state.stage =
                    if machine.state.origin.is_activation() || has_costs { Stage::CostCheck(0) } else { Stage::Body };
            }
            Stage::CostCheck(u16::MAX) => return Ok(Some(Completion::Failure(Failure::CostNotPaid))),
            Stage::CostCheck(i) => match cost_block(card, machine.state.origin).get(usize::from(i)) {
                Some(cost) => match cost_step(machine, i, cost.cost, CostPhase::Check, None)? {
                    Status::Success => machine.state.stage = Stage::CostCheck(i.saturating_add(1)),
                    Status::Failure => return Ok(Some(Completion::Failure(Failure::CostNotPaid))),
                    Status::Suspend => {
                        machine.state.pending = Pending::Cost { i, cost: cost.cost };
                        return Ok(None);
                    }
                },
                None => machine.state.stage = Stage::CostPay(0),
            },
            Stage::CostPay(_) | Stage::Body if trial => return Ok(Some(Completion::Success)),
            Stage::CostPay(i) => match cost_block(card, machine.state.origin).get(usize::from(i)) {
                Some(cost) => {
                    cost_step(machine, i, cost.cost, CostPhase::Pay, None)?;
                    machine.state.stage = Stage::CostPay(i.saturating_add(1));
                }
                None => machine.state.stage = Stage::Body,
            },
            Stage::Body => {
                if machine.state.frame.is_none() {
                    let entry = match machine.state.origin {
                        Origin::Activation { action, .. } => card.actions[usize::from(action)].entry,
                        Origin::Auto { auto, .. } | Origin::Hook { auto, .. } => card.autos[usize::from(auto)].entry,
                    };
                    machine.state.targets = machine.state.rule_targets;
                    machine.start_main(entry)?;
                }
                return run_body(machine);
            }
        }
    }
}
