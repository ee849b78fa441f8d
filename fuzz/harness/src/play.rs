//! Runs a loaded program the way a game would, with every decision taken from the fuzz
//! input: its cards enter play on a [`Board`], each card's activation runs, a few events
//! and hook questions are sent, a restriction timer fires, and every request is answered,
//! sometimes validly and sometimes not, until the run ends or its step budget is spent.
//!
//! Between answers the input may also cancel the dialog, make the source leave play, or
//! resume the execution on another program's runtime.
//!
//! What must hold, whatever the program and the answers: nothing panics, every execution
//! is bounded by fuel and by the step budget, a refused answer hands the execution back,
//! a cost component never takes more than the player chose (or, when nothing was asked,
//! than the rules fix: one card for `{S}` and `{D}`, `n` for `{D(n)}`), a trapped cascade
//! leaves nothing queued, and an effect without a restriction never outlives its source's
//! time in play.

use std::sync::{Arc, OnceLock};

use stdlib::CATALOGUE;
use stdlib::names::{COST_D, COST_F, COST_S};
use vm::bytecode::{CardIdx, EventIdx, Program, RestrictionIdx};
use vm::runtime::{
    Builtins, CallContext, CardId, CostFn, CostPhase, Event, Execution, Outcome, PlayerId, RequestKind, ResumeError,
    Runtime, Status, Trap, Value,
};

use crate::answers::Answers;
use crate::board::{Board, P0, P1};

/// Fuel of each execution: enough for any real card, small enough to stop a loop fast.
pub const FUEL: u64 = 20_000;
/// Most bundle cards a run puts on the board and activates.
const MAX_CARDS: usize = 4;
/// Most answers (valid or not) given to one execution before it is cancelled.
const MAX_ANSWERS: usize = 32;
/// Most events and hook questions one run sends.
const MAX_EVENTS: usize = 6;
/// Most `run_events` rounds after one call (each may hand out a suspended auto).
const MAX_DRAINS: usize = 16;

/// The stdlib's builtins with each cost component wrapped in the check that it takes no
/// more than was chosen.
fn builtins() -> Builtins<Board> {
    let mut builtins = stdlib::builtins::<Board>();
    builtins.cost(COST_D.index(), |ctx, phase| checked(ctx, phase, stdlib::costs::discard));
    builtins.cost(COST_S.index(), |ctx, phase| checked(ctx, phase, stdlib::costs::sacrifice));
    builtins.cost(COST_F.index(), |ctx, phase| checked(ctx, phase, stdlib::costs::freeze));
    builtins
}

/// Runs `pay`; when it pays, asserts that it removed no more cards than allowed.
fn checked(ctx: &mut CallContext<'_, Board>, phase: CostPhase, pay: CostFn<Board>) -> Result<Status, Trap> {
    if phase != CostPhase::Pay {
        return pay(ctx, phase);
    }
    let Some(&cost) = ctx.cost() else { return pay(ctx, phase) };
    let chosen = ctx.selection().map_or(0, <[_]>::len);
    let asked = match ctx.host().asked_costs.iter().position(|&idx| idx == cost.cost) {
        Some(at) => {
            ctx.host().asked_costs.remove(at);
            true
        }
        None => false,
    };
    let limit = match (asked, cost.cost, cost.filter) {
        (true, _, _) => Some(chosen),
        (false, idx, None) if idx == COST_D => Some(cost.count.unwrap_or(1) as usize),
        (false, idx, None) if idx == COST_S => Some(1),
        (false, idx, _) if idx == COST_F => Some(0),
        // A filter nobody was asked about takes what it matches: the rules fix that.
        (false, _, _) => None,
    };
    let before = ctx.host().removals;
    let result = pay(ctx, phase);
    let taken = ctx.host().removals - before;
    if let Some(limit) = limit {
        let name = CATALOGUE.costs.get(cost.cost.index()).map_or("?", |spec| spec.name);
        assert!(
            taken <= limit,
            "cost {name} (count {:?}, filter {}) took {taken} cards where {limit} {}",
            cost.count,
            cost.filter.is_some(),
            if asked { "were chosen" } else { "are fixed by the rules" },
        );
    }
    result
}

/// What a run did, for tests that check the harness reaches the runtime at all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Played {
    /// Executions that finished (activations and autos).
    pub finished: usize,
    /// Executions that trapped.
    pub trapped: usize,
    /// Answers the runtime accepted.
    pub accepted: usize,
    /// Answers it refused (handing the execution back).
    pub refused: usize,
}

/// A runtime for another program (an empty bundle): resuming an execution there must be
/// refused, not panic.
fn foreign_runtime() -> Runtime<Board> {
    static PROGRAM: OnceLock<Arc<Program>> = OnceLock::new();
    let program = PROGRAM.get_or_init(|| {
        let bytes = vm::bytecode::BundleBuilder::new(&CATALOGUE).finish().expect("an empty bundle builds");
        Arc::new(Program::load(&bytes, &CATALOGUE).expect("a built bundle loads"))
    });
    Runtime::new(Arc::clone(program), &CATALOGUE, builtins())
}

/// Every effect without a restriction lasts while its source is in play, so its source
/// must be in play.
fn check_effects(rt: &Runtime<Board>) {
    for effect in rt.effects() {
        assert!(
            effect.restriction.is_some() || rt.in_play(effect.source),
            "an unrestricted effect {:?} of card {} outlives its source",
            effect.kind,
            effect.source.0
        );
    }
}

/// Plays `program` on a fresh board with decisions from `answers`.
pub fn play(program: Program, answers: &mut Answers<'_>) -> Played {
    let mut played = Played::default();
    let n_cards = program.cards().len().min(MAX_CARDS);
    let mut board = crate::board::table(answers.byte());
    let mut rt = Runtime::new(Arc::new(program), &CATALOGUE, builtins());
    rt.set_fuel(FUEL);
    // Bundle card i gives its rules to a character: P0's for even i, P1's for odd i, so
    // that `my` and `opp` events both find listeners.
    let mut sources: Vec<(CardId, CardIdx)> = Vec::new();
    for i in 0..n_cards {
        let player = if i % 2 == 0 { P0 } else { P1 };
        let ring: Vec<CardId> = board.players[player.0 as usize].ring.iter().flatten().copied().collect();
        let Some(&card) = ring.get(i / 2) else { continue };
        let rules = CardIdx(i as u32);
        board.cards[card.0 as usize].rules = Some(rules);
        sources.push((card, rules));
        // An unknown card is the program's fault, reported as a trap: nothing to check.
        let _entered = rt.enter_play(&mut board, card, rules);
    }
    drain(&mut rt, &mut board, answers, &mut played);
    for &(card, rules) in &sources {
        let me = if answers.byte() & 1 == 0 { P0 } else { board_controller(&board, card) };
        board.asked_costs.clear();
        let outcome = rt.activate(&mut board, card, rules, me);
        settle(&mut rt, &mut board, outcome, answers, &mut played);
        drain(&mut rt, &mut board, answers, &mut played);
        check_effects(&rt);
    }
    let events = CATALOGUE.events.len();
    for _ in 0..answers.below(MAX_EVENTS + 1) {
        let event = EventIdx(answers.below(events) as u32);
        let player = if answers.byte() & 1 == 0 { P0 } else { P1 };
        let mut sent = Event::new(event, player);
        if let Some(&(card, _)) = sources.get(answers.below(sources.len().max(1))) {
            sent = sent.with_object(Value::Card(card));
        }
        if CATALOGUE.events.get(event.index()).is_some_and(|spec| spec.is_hook) {
            let _answer = rt.ask(&mut board, sent);
        } else {
            rt.emit(sent);
            drain(&mut rt, &mut board, answers, &mut played);
        }
    }
    let timers = CATALOGUE.restrictions.len();
    rt.expire(&mut board, RestrictionIdx(answers.below(timers) as u32), P0);
    check_effects(&rt);
    for &(card, _) in &sources {
        rt.leave_play(&mut board, card);
    }
    check_effects(&rt);
    played
}

fn board_controller(board: &Board, card: CardId) -> PlayerId {
    board.cards.get(card.0 as usize).map_or(P0, |c| c.controller)
}

/// Runs queued autos until none is left, answering the ones that ask.
fn drain(rt: &mut Runtime<Board>, board: &mut Board, answers: &mut Answers<'_>, played: &mut Played) {
    for _ in 0..MAX_DRAINS {
        match rt.run_events(board) {
            Ok(Outcome::Done(_)) => return,
            Err(trap) => {
                played.trapped += 1;
                assert!(
                    rt.pending_events() == 0,
                    "after a trap ({trap}) {} autos are still queued",
                    rt.pending_events()
                );
                return;
            }
            Ok(outcome @ Outcome::Suspended(_)) => settle(rt, board, Ok(outcome), answers, played),
        }
    }
}

/// Answers `outcome` until the execution ends, traps or runs out of answers.
fn settle(
    rt: &mut Runtime<Board>,
    board: &mut Board,
    outcome: Result<Outcome, Trap>,
    answers: &mut Answers<'_>,
    played: &mut Played,
) {
    let mut exec = match outcome {
        Ok(Outcome::Suspended(exec)) => exec,
        Ok(Outcome::Done(_)) => {
            played.finished += 1;
            return;
        }
        Err(_) => {
            played.trapped += 1;
            return;
        }
    };
    for _ in 0..MAX_ANSWERS {
        match answers.byte() {
            // The player walks away from the dialog.
            0xff => {
                rt.cancel(exec);
                return;
            }
            // The source leaves play while the dialog is open.
            0xfe => rt.leave_play(board, exec.env().source),
            // The host resumes the execution on the wrong runtime.
            0xfd => {
                let answer = answer(&exec, answers);
                let _refused = foreign_runtime().resume(board, exec.clone(), &answer);
            }
            _ => {}
        }
        let answer = answer(&exec, answers);
        let kind = exec.request().kind;
        if let RequestKind::Cost(idx) = kind {
            // Recorded before the answer: the payment runs inside this `resume`.
            board.asked_costs.push(idx);
        }
        match rt.resume(board, exec, &answer) {
            Ok(Outcome::Done(_)) => {
                played.accepted += 1;
                played.finished += 1;
                return;
            }
            Err(ResumeError::Trap(_)) => {
                played.accepted += 1;
                played.trapped += 1;
                return;
            }
            Ok(Outcome::Suspended(next)) => {
                played.accepted += 1;
                exec = next;
            }
            Err(ResumeError::OtherRuntime(_)) => panic!("the runtime that made the execution refused it"),
            Err(ResumeError::Invalid(back, _)) => {
                if let RequestKind::Cost(_) = kind {
                    board.asked_costs.pop();
                }
                played.refused += 1;
                exec = back;
            }
        }
    }
    rt.cancel(exec);
}

/// An answer to `exec`'s request: mostly a valid pick of candidates, sometimes too few,
/// too many, a duplicate or a value that is no candidate.
fn answer(exec: &Execution, answers: &mut Answers<'_>) -> Vec<Value> {
    let request = exec.request();
    let candidates = exec.candidates();
    let (min, max) = (usize::from(request.min), usize::from(request.max).min(candidates.len()));
    let mode = answers.byte();
    let mut picked: Vec<Value> = Vec::new();
    match mode {
        // Valid: between min and max distinct candidates.
        0..=199 => {
            let count = if max >= min { min + answers.below(max - min + 1) } else { min };
            let mut pool: Vec<Value> = candidates.to_vec();
            for _ in 0..count.min(pool.len()) {
                picked.push(pool.remove(answers.below(pool.len())));
            }
        }
        // Too many.
        200..=215 => picked.extend(candidates.iter().copied().cycle().take(max + 1)),
        // A duplicate.
        216..=231 => {
            if let Some(&first) = candidates.first() {
                picked.extend([first, first]);
            }
        }
        // Values that are no candidate.
        232..=247 => picked.extend([Value::Int(i32::from(answers.byte())), Value::Card(CardId(answers.byte().into()))]),
        // Nothing at all.
        _ => {}
    }
    picked
}
