//! The stack in a game, and priority: a spell cast or an ability activated (other than a
//! mana ability) goes on the stack; each player in turn, the active one first, may then
//! respond (an instant, a spell with flash, an ability) or pass; when both pass in
//! succession the top resolves, last in first out, and the active player has priority
//! again; when both pass with nothing on the stack the step ends.
//!
//! Targets are chosen as a spell is cast or an ability activated (rule 601.2c), by its
//! controller, however many its question takes (`target(<2>creature)`, `<upto:3>`), and
//! one legal target is a question with one answer (the runtime asks it:
//! `set_ask_lone_choice`); the cast line names them (`p0 casts Shock targeting Grizzly
//! Bears (p1)`), so the opponent responds knowing them. A spell resolves as the test
//! runner's stack resolves it ([`crate::table::stack`]): a permanent enters the
//! battlefield; an instant's or sorcery's effect runs on its targets still legal (each
//! still the object chosen, one its source may still target: no shroud, protection
//! gained since, and one its spec still matches: `target_spec.rs`); with none left it fizzles to its owner's graveyard (rule 608.2b); a
//! spell countered (no longer on the stack) does nothing. An ability with targets waits
//! on the stack likewise (its costs were paid as it was activated); one without a target
//! runs as it is activated, as if nobody responded to it.

use vm::runtime::{CardId, PlayerId, RequestKind, Value};

use super::moves::is_type;
use super::target_spec::TargetSpec;
use super::{Entry, Flow, Game, MAX_ACTIONS_PER_PHASE, MAX_QUESTIONS, Outcome, opponent, stopped, who};
use crate::table::stack::{Place, Resolution};
use crate::table::{BATTLEFIELD, GRAVEYARD, P0, P1, STACK, Step, TableError};

/// The most spells and abilities on the stack at once: a player whose response would go
/// above it may only pass.
pub const MAX_STACK_DEPTH: usize = 8;

/// The most moves both players make in one step (responses included); then they pass
/// until the stack is empty.
pub const MAX_MOVES_PER_STEP: usize = 2 * MAX_ACTIONS_PER_PHASE;

/// One spell or ability on the stack.
pub(super) struct Item {
    /// The spell, or the ability's source.
    pub(super) card: CardId,
    /// Who cast or activated it.
    pub(super) controller: PlayerId,
    /// Whether it is an ability (a spell otherwise).
    pub(super) ability: bool,
    pub(super) resolution: Resolution,
    /// The X paid for it: another `{X}` spell cast above it pays its own.
    x_paid: i32,
    /// The board's kicked card as it was cast: itself when kicked (`kicker.rs`).
    kicked: Option<CardId>,
    /// The board's card cast for its alternative cost, as it was cast (`alternative.rs`).
    alternative: Option<CardId>,
    /// What its targets were chosen by, checked again as it resolves (`target_spec.rs`).
    spec: Option<TargetSpec>,
}

impl Game<'_> {
    /// The name the log gives a stack item.
    pub(super) fn item_name(&self, card: CardId, ability: bool) -> String {
        let name = self.name(card);
        if ability { format!("{name}'s ability") } else { name }
    }

    /// The item on top of the stack: its source, controller, whether it is an ability, and
    /// the (first) target it waits with.
    pub(super) fn stack_top(&self) -> Option<(CardId, PlayerId, bool, Option<Value>)> {
        let item = self.stack.last()?;
        let target = match &item.resolution {
            Resolution::Targeted { targets, .. } => targets.first().map(|(target, _)| *target),
            Resolution::Chosen { target, .. } => Some(*target),
            _ => None,
        };
        Some((item.card, item.controller, item.ability, target))
    }

    /// Puts a spell or ability on the stack.
    pub(super) fn push(&mut self, card: CardId, controller: PlayerId, ability: bool, resolution: Resolution) {
        let (x_paid, kicked, alternative) =
            (self.table.board.x_paid, self.table.board.kicked, self.table.board.alternative);
        self.stack.push(Item { card, controller, ability, resolution, x_paid, kicked, alternative, spec: None });
    }

    /// Priority through one step: players move and pass as the module says, until both
    /// pass with the stack empty. After [`MAX_MOVES_PER_STEP`] moves both only pass.
    pub(super) fn priority_window(&mut self) -> Flow {
        let active = self.table.board.active;
        let mut holder = active;
        let mut passes = 0;
        let mut moves = 0;
        // Each round is a move, a pass, or a resolution after two passes; moves are
        // bounded, each adds at most one item, and two passes in a row come between.
        for _ in 0..(MAX_MOVES_PER_STEP + 1) * 4 {
            if moves < MAX_MOVES_PER_STEP && self.take_priority(holder)? {
                moves += 1;
                passes = 0;
                continue;
            }
            passes += 1;
            if passes < 2 {
                holder = opponent(holder);
                continue;
            }
            if self.stack.is_empty() {
                return Ok(());
            }
            self.resolve_top()?;
            passes = 0;
            holder = active;
        }
        while !self.stack.is_empty() {
            self.resolve_top()?;
        }
        Ok(())
    }

    /// `player` has priority: a move, or a pass (`false`).
    fn take_priority(&mut self, player: PlayerId) -> Result<bool, Outcome> {
        // The cards discarded with madness since are cast or put away first.
        self.madness_choices()?;
        // Sorcery-speed abilities wait for an empty stack, as sorcery-speed spells do.
        self.table.board.main_phase = self.phase.is_main() && self.stack.is_empty();
        let mut moves = self.legal_moves(player)?;
        if self.stack.len() >= MAX_STACK_DEPTH {
            moves.retain(|chosen| matches!(chosen, super::moves::Move::PlayLand(_)));
        }
        let Some(chosen) = self.pick_move(player, &moves)? else { return Ok(false) };
        self.play_move(chosen)?;
        Ok(true)
    }

    /// Resolves the top of the stack.
    pub(super) fn resolve_top(&mut self) -> Flow {
        let Some(Item { card, controller, ability, resolution, x_paid, kicked, alternative, spec }) = self.stack.pop()
        else {
            return Ok(());
        };
        self.table.board.x_paid = x_paid;
        self.table.board.kicked = kicked.filter(|kicked| *kicked == card && !ability);
        self.table.board.alternative = alternative.filter(|alternative| *alternative == card && !ability);
        let name = self.item_name(card, ability);
        let on_stack = self.table.board.get(card).is_some_and(|c| c.zone == STACK);
        if !ability && !on_stack {
            // Countered: it left the stack, its effect never runs.
            if let Resolution::Targeted { execution, .. } = resolution {
                self.table.runtime.cancel(execution);
            }
            self.event(format!("{name} is countered"));
            return Ok(());
        }
        match resolution {
            Resolution::Permanent => {
                self.event(format!("{name} resolves"));
                let owner = self.table.board.get(card).map_or(controller, |c| c.owner);
                self.table.board.place(card, owner, BATTLEFIELD, -1);
                self.entered.insert(card);
                self.settle()
            }
            Resolution::Effect => {
                self.event(format!("{name} resolves"));
                let step = self.table.start(card, controller).map_err(stopped)?;
                let step = self.first_action(step, 0)?;
                self.finish_spell(card, ability, step)
            }
            Resolution::Targeted { mut execution, targets } => {
                let mut legal = self.table.legal_targets(card, controller, &targets);
                // A target that no longer matches its spec is illegal too (rule 608.2b).
                if let Some(spec) = &spec {
                    legal.retain(|target| self.still_matches(card, controller, spec, *target));
                }
                if legal.is_empty() {
                    self.table.runtime.cancel(execution);
                    return self.fizzle(card, ability, &name);
                }
                let illegal: Vec<String> = targets
                    .iter()
                    .filter(|(target, _)| !legal.contains(target))
                    .map(|(target, _)| self.shown(*target))
                    .collect();
                // Some targets illegal: the rest are acted on (rule 608.2b).
                execution.accept_fewer();
                match self.table.resume(execution, &legal) {
                    Ok(step) => {
                        // A spell with `autohand` abilities asks which action once its
                        // targets are chosen: its effect, the first.
                        let step = if ability { step } else { self.first_action(step, 0)? };
                        if illegal.is_empty() {
                            self.event(format!("{name} resolves"));
                        } else {
                            let illegal = illegal.join(", ");
                            self.event(format!("{name} resolves ({illegal}: no longer a legal target)"));
                        }
                        self.finish_spell(card, ability, step)
                    }
                    Err(TableError::IllegalAnswer(_)) => self.fizzle(card, ability, &name),
                    Err(error) => Err(stopped(error)),
                }
            }
            // The game chooses an Aura's permanent as it enters, and a spell's target as
            // it is cast: these are the runner's.
            Resolution::Chosen { .. } | Resolution::Aura { .. } => self.fizzle(card, ability, &name),
        }
    }

    /// A spell whose target is gone goes to its owner's graveyard; an ability does nothing.
    fn fizzle(&mut self, card: CardId, ability: bool, name: &str) -> Flow {
        self.event(format!("{name} fizzles"));
        if !ability && let Some(owner) = self.table.board.get(card).map(|c| c.owner) {
            self.table.board.place(card, owner, GRAVEYARD, -1);
        }
        self.settle()
    }

    /// The rest of a resolving spell's or ability's effect: its questions answered, then a
    /// spell still on the stack goes to its owner's graveyard (its hand, cast with buyback).
    fn finish_spell(&mut self, card: CardId, ability: bool, step: Step) -> Flow {
        let done = self.drive(step)?;
        if !done {
            let name = self.item_name(card, ability);
            self.event(format!("{name} does nothing"));
        }
        if !ability && let Some(c) = self.table.board.get(card).filter(|c| c.zone == STACK) {
            let owner = c.owner;
            let zone = self.table.board.resolved_zone(card);
            self.table.board.place(card, owner, zone, -1);
        }
        self.settle()
    }

    /// A started effect past its choice of action: with several actions (`autohand`
    /// ones beside it), action `index`.
    pub(super) fn first_action(&mut self, step: Step, index: usize) -> Result<Step, Outcome> {
        match step {
            Step::Asks(execution) if execution.request().kind == RequestKind::Action => {
                let chosen = Value::Int(i32::try_from(index).unwrap_or(i32::MAX));
                self.table.resume(execution, &[chosen]).map_err(stopped)
            }
            step => Ok(step),
        }
    }

    /// A spell or ability started as it is cast or activated: its targets are chosen now
    /// (a type or whose zone asked first is part of that choice), named on the log's line
    /// `line` (its cast or activation), and it waits on the stack with them (`None`), the
    /// spec of its `action` (0 for a spell) kept to check them again as it resolves. A
    /// first question other than targets is answered and it runs at once, as does one
    /// whose optional targets were left unchosen (whether it ran to its end).
    pub(super) fn stack_targeted(
        &mut self,
        card: CardId,
        controller: PlayerId,
        (ability, action): (bool, usize),
        line: usize,
        mut step: Step,
    ) -> Result<Option<bool>, Outcome> {
        for _ in 0..MAX_QUESTIONS {
            match step {
                Step::Asks(execution)
                    if matches!(execution.request().kind, RequestKind::TargetType | RequestKind::TargetZone) =>
                {
                    let answer = self.choose(&execution)?;
                    step = self.table.resume(execution, &answer).map_err(stopped)?;
                }
                _ => break,
            }
        }
        let Step::Asks(execution) = step else {
            return self.drive(step).map(Some);
        };
        if execution.request().kind != RequestKind::Targets {
            return self.drive(Step::Asks(execution)).map(Some);
        }
        let answer = self.answer(&execution)?;
        if answer.is_empty() {
            // No target taken (optional ones): it runs now without.
            self.log_choice(&execution, &answer);
            let step = self.table.resume(execution, &answer).map_err(stopped)?;
            return self.drive(step).map(Some);
        }
        self.name_targets(line, &answer);
        let targets = answer.iter().map(|target| (*target, self.place(*target))).collect();
        let spec = self.asked_spec(card, controller, action, execution.candidates());
        self.push(card, controller, ability, Resolution::Targeted { execution, targets });
        if let Some(item) = self.stack.last_mut() {
            item.spec = spec;
        }
        // Its targets' `@targeted` triggers run before it resolves.
        self.table.note_targets(card, &answer);
        self.settle()?;
        Ok(None)
    }

    /// Where a target is now (a player: nowhere), to tell on resolution whether it left.
    fn place(&self, target: Value) -> Place {
        target.as_card().and_then(|card| self.table.place_of(card))
    }

    /// Adds the targets chosen to the log's line `line` (a cast or an activation):
    /// `targeting Grizzly Bears (p1), p0`.
    fn name_targets(&mut self, line: usize, targets: &[Value]) {
        let shown: Vec<String> = targets
            .iter()
            .map(|target| match target {
                Value::Card(card) => {
                    let controller = self.table.board.get(*card).map_or(P0, |c| c.controller);
                    format!("{} ({})", self.name(*card), who(controller))
                }
                other => self.shown(*other),
            })
            .collect();
        if let Some(Entry::Event { text, .. }) = self.log.get_mut(line) {
            text.push_str(" targeting ");
            text.push_str(&shown.join(", "));
        }
    }

    /// Whether a spell (or action `action` of a permanent) of `player`'s would have the
    /// targets it needs if cast or activated now: a trial start of its effect (one that
    /// pays and does nothing) asks for its `target=` targets; one whose every candidate is
    /// refused (shroud, hexproof, protection) is no move, as Wagic would not let it be
    /// played, nor is one whose `target=` takes two or more (`<2>creature`) and finds
    /// fewer (the runtime asks, however few it takes, only when there are enough). One
    /// that asks no target first (a trial does not reach an `auto=` line's `target(...)`:
    /// [`Game::line_targets_exist`] judges those) has one. With no permanent refused on the battlefield and one target or none
    /// taken, none is tried.
    pub(super) fn some_target_allowed(
        &mut self,
        card: CardId,
        player: PlayerId,
        action: usize,
    ) -> Result<bool, Outcome> {
        let Ok(rules) = self.table.rules(card) else { return Ok(false) };
        let program = &self.table.library().program;
        let first = program.cards()[rules.index()].target.as_ref().and_then(|target| target.filters.first());
        let least = first.map_or(0, |filter| match program.filters()[filter.index()].qty {
            Some(vm::bytecode::Qty::Exact(n) | vm::bytecode::Qty::Range { min: n, .. }) => n,
            _ => 1,
        });
        let board = &self.table.board;
        let refused = |target: CardId| crate::table::stack::refused(board, card, player, Value::Card(target));
        if least < 2 && ![P0, P1].into_iter().any(|side| board.zone(side, BATTLEFIELD).into_iter().any(refused)) {
            return Ok(true);
        }
        fn trial(error: impl std::fmt::Debug) -> Outcome {
            Outcome::Stopped { reason: format!("a trial of a spell's targets: {error:?}") }
        }
        let table = &mut self.table;
        let mut outcome = table.runtime.try_activation(&mut table.board, card, rules, player).map_err(trial)?;
        if let vm::runtime::Outcome::Suspended(execution) = outcome {
            outcome = if execution.request().kind == RequestKind::Action {
                let chosen = Value::Int(i32::try_from(action).unwrap_or(i32::MAX));
                table.runtime.resume(&mut table.board, execution, &[chosen]).map_err(trial)?
            } else {
                vm::runtime::Outcome::Suspended(execution)
            };
        }
        let vm::runtime::Outcome::Suspended(execution) = outcome else { return Ok(least < 2) };
        let allowed = execution.request().kind != RequestKind::Targets
            || execution
                .candidates()
                .iter()
                .any(|value| !crate::table::stack::refused(&self.table.board, card, player, *value));
        self.table.runtime.cancel(execution);
        Ok(allowed)
    }

    /// Whether `player` casting or activating now responds to something on the stack.
    pub(super) fn cast_verb(&self, player: PlayerId) -> String {
        if self.stack.is_empty() { format!("{} casts", who(player)) } else { format!("{} responds with", who(player)) }
    }
}

/// Whether a card is an instant or a sorcery.
pub(super) fn is_spell(types: &[String]) -> bool {
    is_type(types, "instant") || is_type(types, "sorcery")
}
