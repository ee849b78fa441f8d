//! Wagic's stack and its interrupt window, as its test driver plays them.
//!
//! A spell cast goes on the stack (`ActionStack::addSpell`), as does an activated ability
//! that is no mana ability, and each such addition makes both players undecided. While the
//! stack holds something and no target is awaited, Wagic's `ActionStack::Update` asks the
//! acting player (the one interrupting, else the active one, the defending one in the
//! blockers step) whether to interrupt, then the other; when both decline, the top of the
//! stack resolves, and both are undecided again. `TestSuiteAI` reads the moves for
//! whoever Wagic asks: `yes` makes that player interrupt (their clicks cast instants and
//! use abilities above the stack), `no` declines, `endinterruption` ends an interruption,
//! and any other move while a player is asked declines for them and is read again, so a
//! click, a phase change or the end of the moves first resolves the stack, last in first
//! out, as both players decline in turn. `next` is Wagic's `NextGamePhase` on the stack
//! (the acting player does not interrupt it, the other is asked): it waits there when the
//! move after it answers it (`yes`, `no`), and changes the phase at once otherwise, as
//! both would decline; a phase change while the stack holds a spell does nothing in
//! Wagic, and is skipped.
//!
//! A spell resolves as Wagic's `Spell::resolve`: a permanent enters the battlefield; an
//! instant's or sorcery's effect runs, on the one target chosen as it was cast; a spell
//! whose one target card left its zone since it was chosen fizzles to its owner's
//! graveyard (`AbilityFactory::addAbilities`), as an Aura whose permanent left does (a
//! target still in its zone is not judged again: a protection gained meanwhile is not
//! seen; an Aura's permanent that Wagic refuses by then is skipped); a spell a `fizzle`
//! countered is no longer on the stack and does nothing. An activated ability, a spell
//! whose only legal target the runtime took as it was cast, one of several targets or
//! with a count (`counted.rs`), and a storm spell's copies (`storm.rs`) run as they are
//! put on the stack: a test that puts anything above them is skipped, as that would have
//! resolved first. A target's click Wagic refuses (`targeting.rs`) is ignored as the
//! spell is cast, before it goes on the stack.

pub(super) use crate::table::stack::Resolution;
use vm::runtime::{CardId, PlayerId, RequestKind, Value};

use super::*;

/// The most resolutions one move's window plays (each move adds at most one entry).
const MAX_WINDOW_ROUNDS: usize = 4 * MAX_MOVES;

/// A player's answer to Wagic's offer to interrupt (`ActionStack::interruptDecision`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Decision {
    #[default]
    NotDecided,
    DontInterrupt,
    Interrupt,
}

/// The stack and the interrupt window's state.
#[derive(Default)]
pub(super) struct Stack {
    /// The spells and abilities on the stack, bottom first.
    entries: Vec<Entry>,
    /// Each player's decision ([`P0`], [`P1`]).
    decisions: [Decision; 2],
    /// The player interrupting (Wagic's `isInterrupting`): the acting player while set.
    pub(super) interrupting: Option<PlayerId>,
    /// The player Wagic asks whether to interrupt (`askIfWishesToInterrupt`).
    asked: Option<PlayerId>,
}

/// One spell or ability on the stack.
pub(super) enum Entry {
    /// A spell waiting to resolve.
    Spell(CardId, Resolution),
    /// A spell or ability the model resolved as it was put on the stack: its move.
    Resolved(String),
    /// Wagic's `NextGamePhase`: `next` answered by the move after it.
    Phase,
}

fn index(player: PlayerId) -> usize {
    usize::from(player != P0)
}

fn is_interruption(word: &str) -> bool {
    matches!(word, "yes" | "no" | "endinterruption")
}

impl Stack {
    /// Whether the stack holds nothing.
    pub(super) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Puts a spell or ability on the stack: both players are undecided again
    /// (`ActionStack::addAction`). Skipped above one the model resolved at once.
    pub(super) fn push(&mut self, entry: Entry, line: u32, text: &str) -> Result<(), Skip> {
        if let Some(Entry::Resolved(first)) = self.entries.iter().find(|entry| matches!(entry, Entry::Resolved(_))) {
            return Err(skip(
                "a response above a spell or ability the model resolved as it was cast",
                format!("{} above `{first}`", at(line, text)),
            ));
        }
        self.entries.push(entry);
        self.decisions = [Decision::NotDecided; 2];
        Ok(())
    }

    /// Puts `next` on the stack, as Wagic's `AddNextGamePhase`: the acting player (`acting`,
    /// whoever interrupts aside) does not interrupt it, the other is asked.
    pub(super) fn push_phase(&mut self, acting: PlayerId, line: u32, text: &str) -> Result<(), Skip> {
        self.push(Entry::Phase, line, text)?;
        self.decisions[index(acting)] = Decision::DontInterrupt;
        Ok(())
    }

    /// The spell on the stack a move names, as Wagic's `getActionByMTGId` finds it first.
    pub(super) fn spells(&self) -> impl Iterator<Item = CardId> + '_ {
        self.entries.iter().rev().filter_map(|entry| match entry {
            Entry::Spell(card, _) => Some(*card),
            Entry::Resolved(_) | Entry::Phase => None,
        })
    }
}

/// What the window left of a move.
pub(super) enum Window {
    /// The move was `yes`, `no` or `endinterruption`: nothing more to do.
    Consumed,
    /// The move is played as any other, by the acting player.
    Play,
}

impl Run<'_> {
    /// The player whose clicks Wagic takes (`currentlyActing`): the one interrupting, else
    /// the defending player in the blockers step, else the active one.
    pub(super) fn acting(&self) -> PlayerId {
        self.stack.interrupting.unwrap_or(self.acting_unless_interrupting())
    }

    /// The acting player when nobody interrupts (Wagic's `currentActionPlayer`).
    pub(super) fn acting_unless_interrupting(&self) -> PlayerId {
        let active = self.table.board.active;
        if self.phase == Phase::CombatBlockers { opponent(active) } else { active }
    }

    /// Plays Wagic's interrupt window before a move (`word` its first word; empty at the
    /// end of the moves): the stack resolves as the asked players decline, then `yes`,
    /// `no` and `endinterruption` do what Wagic's driver does.
    pub(super) fn window(&mut self, word: &str, line: u32, text: &str) -> Result<Window, Skip> {
        for _ in 0..MAX_WINDOW_ROUNDS {
            if self.stack.is_empty() || self.table.held.is_some() {
                self.stack.asked = None;
                break;
            }
            // Wagic's `ActionStack::Update`.
            let current = self.acting();
            let other = opponent(current);
            let decided = |player: PlayerId| self.stack.decisions[index(player)];
            let asked = match (decided(current), decided(other)) {
                (Decision::NotDecided, _) => Some(current),
                (Decision::Interrupt, _) => {
                    self.stack.interrupting = Some(current);
                    None
                }
                (_, Decision::NotDecided) => Some(other),
                (_, Decision::Interrupt) => {
                    self.stack.interrupting = Some(other);
                    None
                }
                _ => {
                    // A permanent that left and came back as it resolved (persist) is a
                    // new object: summoning sick.
                    let controllers = self.battlefield_controllers();
                    self.resolve_top(line, text)?;
                    self.note_control_changes(&controllers);
                    self.stack.decisions = [Decision::NotDecided; 2];
                    continue;
                }
            };
            self.stack.asked = asked;
            let Some(asked) = asked else { break };
            self.stack.interrupting = Some(asked);
            if is_interruption(word) && word != "endinterruption" {
                break;
            }
            // Any other move declines for the asked player, and is read again.
            self.stack.decisions[index(asked)] = Decision::DontInterrupt;
            self.stack.interrupting = None;
            self.stack.asked = None;
        }
        // Sorcery-speed abilities wait for an empty stack, as sorcery-speed spells do.
        self.table.board.main_phase = self.phase.is_main() && self.stack.is_empty();
        if !is_interruption(word) {
            return Ok(Window::Play);
        }
        let actor = self.acting();
        match word {
            "yes" => {
                self.stack.decisions[index(actor)] = Decision::Interrupt;
                self.stack.interrupting = Some(actor);
                self.stack.asked = None;
            }
            "no" => {
                if self.stack.asked == Some(actor) {
                    self.stack.decisions[index(actor)] = Decision::DontInterrupt;
                    self.stack.interrupting = None;
                    self.stack.asked = None;
                }
            }
            _ => {
                let player = self.stack.interrupting.unwrap_or(P0);
                self.stack.decisions[index(player)] = Decision::NotDecided;
                self.stack.interrupting = None;
            }
        }
        Ok(Window::Consumed)
    }

    /// Resolves the top of the stack.
    fn resolve_top(&mut self, line: u32, text: &str) -> Result<(), Skip> {
        let Some(entry) = self.stack.entries.pop() else { return Ok(()) };
        let (card, resolution) = match entry {
            Entry::Spell(card, resolution) => (card, resolution),
            Entry::Resolved(_) => return Ok(()),
            Entry::Phase => return self.change_phase(line, "next"),
        };
        let on_stack = self.table.board.get(card).is_some_and(|c| c.zone == STACK);
        let gone = |run: &Self, at, target: CardId| run.table.target_gone(Value::Card(target), at);
        if !on_stack {
            // Countered (`fizzle`): it left the stack, its effect never runs.
            if let Resolution::Targeted { execution, .. } = resolution {
                self.table.runtime.cancel(execution);
            }
            return Ok(());
        }
        match resolution {
            Resolution::Permanent => {
                self.resolve_spell(card);
                self.table.try_settle().map_err(|error| table_skip(error, line, text))?;
                self.end_kicker(card);
            }
            Resolution::Effect => {
                let step = self.start_effect(card, line, text)?;
                self.resolved(step, card, line, text)?;
            }
            Resolution::Chosen { target, at: place } => {
                // Gone, or one it may no longer target (shroud gained): as Wagic's
                // `canTarget` as the spell resolves.
                let controller = self.table.board.get(card).map_or(P0, |c| c.controller);
                if self.table.legal_targets(card, controller, &[(target, place)]).is_empty() {
                    self.fizzle(card, line, text)?;
                    return Ok(());
                }
                let mut step = self.start_effect(card, line, text)?;
                if let Step::Asks(execution) = step {
                    let request = execution.request();
                    if request.kind != RequestKind::Targets || request.max != 1 {
                        self.table.runtime.cancel(execution);
                        return Err(skip("a question the moves cannot answer", at(line, text)));
                    }
                    if !execution.candidates().contains(&target) {
                        self.table.runtime.cancel(execution);
                        return Err(skip("a target the model does not offer", at(line, text)));
                    }
                    step = self.table.resume(execution, &[target]).map_err(|error| table_skip(error, line, text))?;
                }
                // Done at once: the runtime took the only legal target (the one chosen,
                // still where it was).
                self.resolved(step, card, line, text)?;
            }
            Resolution::Targeted { mut execution, targets } => {
                let legal = self.table.legal_targets(card, execution.env().controller, &targets);
                if legal.is_empty() {
                    self.table.runtime.cancel(execution);
                    self.fizzle(card, line, text)?;
                    return Ok(());
                }
                execution.accept_fewer();
                let step = self.table.resume(execution, &legal).map_err(|error| table_skip(error, line, text))?;
                self.resolved(step, card, line, text)?;
            }
            Resolution::Aura { target, at: place } => {
                if gone(self, place, target) {
                    self.fizzle(card, line, text)?;
                    return Ok(());
                }
                let controllers = self.battlefield_controllers();
                self.enchant(card, Value::Card(target), line, text)?;
                self.note_control_changes(&controllers);
            }
        }
        unmodelled_ability(&self.table)
    }

    /// A spell whose target is gone goes to its owner's graveyard.
    fn fizzle(&mut self, card: CardId, line: u32, text: &str) -> Result<(), Skip> {
        let owner = self.table.board.get(card).map_or(P0, |c| c.owner);
        self.table.board.place(card, owner, GRAVEYARD, -1);
        self.table.try_settle().map_err(|error| table_skip(error, line, text))
    }

    /// Where a resolving spell's effect ended: done, it leaves the stack.
    fn resolved(&mut self, step: Step, card: CardId, line: u32, text: &str) -> Result<(), Skip> {
        // A spell with `autohand` abilities asks which action once its targets are chosen:
        // its effect, the first.
        let step = match step {
            Step::Asks(execution) if execution.request().kind == RequestKind::Action => {
                self.table.resume(execution, &[Value::Int(0)]).map_err(|error| table_skip(error, line, text))?
            }
            step => step,
        };
        match step {
            Step::Done(true) => {
                self.resolve_spell(card);
                self.end_kicker(card);
                self.table.try_settle().map_err(|error| table_skip(error, line, text))
            }
            Step::Asks(execution)
                if matches!(execution.request().kind, RequestKind::Command(command, _)
                    if command.index() == crate::catalogue::Command::Pay.index())
                    && self.table.held.is_none()
                    && self.held_resolution.is_none() =>
            {
                // Wagic's menu of a paid new ability (Mana Leak's "unless its controller
                // pays"): the next move, a `choice`, answers it, and the spell then leaves
                // the stack.
                self.table.held = Some(execution);
                self.held_resolution = Some(card);
                Ok(())
            }
            Step::Asks(execution) => {
                self.table.runtime.cancel(execution);
                Err(skip("a spell that asks a question as it resolves from the stack", at(line, text)))
            }
            Step::Done(false) | Step::Unpaid => {
                Err(skip("a spell or ability the model does not complete", at(line, text)))
            }
        }
    }

    /// Starts a resolving spell's effect (its first action, when it has `autohand` ones).
    fn start_effect(&mut self, card: CardId, line: u32, text: &str) -> Result<Step, Skip> {
        let owner = self.table.board.get(card).map_or(P0, |c| c.owner);
        let step = self.table.start(card, owner).map_err(|error| table_skip(error, line, text))?;
        match step {
            Step::Asks(execution) if execution.request().kind == RequestKind::Action => {
                self.table.resume(execution, &[Value::Int(0)]).map_err(|error| table_skip(error, line, text))
            }
            step => Ok(step),
        }
    }

    /// A resolved spell's kicker or alternative cost is read: entering again later is
    /// neither kicked nor paid otherwise. While one of its entering effects waits for an
    /// answer, the flags stay until it is answered (`play`), for the effects after it.
    pub(super) fn end_kicker(&mut self, card: CardId) {
        if self.table.held.is_some() {
            return;
        }
        let board = &mut self.table.board;
        if board.kicked == Some(card) {
            board.kicked = None;
        }
        if board.alternative == Some(card) {
            board.alternative = None;
        }
    }

    /// `source`'s spell or ability, just put on the stack, targets `targets`: their
    /// `@targeted` triggers run now, before it resolves (Wagic's `WEventTarget` is sent as
    /// the target is clicked).
    pub(super) fn note_targets(
        &mut self,
        source: CardId,
        targets: &[Value],
        line: u32,
        text: &str,
    ) -> Result<(), Skip> {
        self.table.note_targets(source, targets);
        self.table.try_settle().map_err(|error| table_skip(error, line, text))
    }

    /// Where a card is now, to tell later whether it is the same object.
    pub(super) fn place_of(&self, card: CardId) -> crate::table::stack::Place {
        self.table.place_of(card)
    }
}
