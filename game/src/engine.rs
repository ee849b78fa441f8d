//! [`Game`]: the board ([`GameState`]) beside the embedded `vm::runtime::Runtime` and the
//! execution waiting for a player's answer, and the engine loop that runs the agenda of
//! procedure steps ([`Task`]) until a player must decide.
//!
//! The runtime (subscriptions, recorded effects) and a suspended `Execution` are `Clone`
//! but not serialisable, so they live beside the serialisable state: `Game` is `Clone`
//! (AI search can copy a whole game) and its [`GameState`] is what tests and tools look at.

use std::sync::Arc;

use stdlib::names;
use vm::bytecode::{CardIdx, EventIdx, VariableIdx};
use vm::runtime::{Completion, Event, Execution, Outcome as VmOutcome, PlayerId, Runtime, Trap, TrapCode, Value};

use crate::log::{Log, Phrase, RecordKind};
use crate::set::CardSet;
use crate::state::{CardRef, EndReason, Found, GameState, Mark, Outcome, Phase, Seat, Task};

/// Most engine steps one call may run before the game is stopped as stuck (a card loop
/// the fuel limits did not catch).
pub const MAX_STEPS_PER_CALL: u32 = 100_000;

/// Most cascade steps (event drains, activations queued by cards) one call may run: autos
/// whose effects make the engine emit their own events again (`~myHandChanges~
/// swapPiles(...)`), or an action queueing itself, would otherwise run until
/// [`MAX_STEPS_PER_CALL`], each drain within the runtime's own bound. Each step may use a
/// whole execution's fuel, so this bounds one call's work too; no game of the corpus's
/// decks needs 30 (docs/rules.md, ruling 25).
pub const MAX_CASCADE_STEPS_PER_CALL: u32 = 100;

/// Most card instances [`Game::play_matches_board`] compares as bit masks.
const MASKED_CARDS: usize = 128;

/// Most log entries the steps of one call may add before its cascade ends, as past
/// [`MAX_CASCADE_STEPS_PER_CALL`]: each step is bounded by its fuel, but a cascade of
/// steps that each move whole piles would still log (and so work) without a bound a
/// server could afford. A move of real cards logs well under a hundred.
pub const MAX_LOG_ENTRIES_PER_CALL: usize = 10_000;

/// A game of Card Fighters' Clash in progress.
pub struct Game {
    pub(crate) set: Arc<CardSet>,
    pub(crate) state: GameState,
    pub(crate) runtime: Runtime<GameState>,
    pub(crate) pending: Option<Execution>,
    /// The runtime's cards in play numbered below [`MASKED_CARDS`], as a bit mask: only
    /// [`Game::sync_play`] changes them, and it sets this after each change.
    pub(crate) in_play_mask: u128,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("turn", &self.state.turn)
            .field("active", &self.state.active)
            .field("phase", &self.state.phase)
            .field("outcome", &self.state.outcome)
            .field("pending", &self.pending.as_ref().map(Execution::request))
            .finish()
    }
}

/// What a hook (`beforeAttack`, `canBlock`...) answered about a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HookAnswer {
    /// An ability in force or a hook auto said yes.
    Yes,
    /// One said no.
    No,
    /// Nothing answered: the rule applies as written.
    Silent,
}

impl HookAnswer {
    /// The answer of the runtime's and the stdlib's hook queries (`None`: nothing answered).
    pub(crate) fn from_answer(answer: Option<bool>) -> HookAnswer {
        match answer {
            Some(true) => HookAnswer::Yes,
            Some(false) => HookAnswer::No,
            None => HookAnswer::Silent,
        }
    }
}

impl Game {
    /// An empty game of `set` (no cards, player 0 in the Main phase of turn 1).
    pub(crate) fn blank(set: Arc<CardSet>, seed: u64) -> Game {
        let runtime = set.new_runtime();
        let state = GameState::new(Arc::clone(&set), seed);
        Game { set, state, runtime, pending: None, in_play_mask: 0 }
    }

    /// The board.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The card set.
    pub fn set(&self) -> &Arc<CardSet> {
        &self.set
    }

    /// The embedded runtime (effects in force, subscriptions).
    pub fn runtime(&self) -> &Runtime<GameState> {
        &self.runtime
    }

    /// The card execution waiting for an answer, if any.
    pub fn pending(&self) -> Option<&Execution> {
        self.pending.as_ref()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.state.outcome.as_ref()
    }

    /// Everything that happened so far.
    pub fn log(&self) -> Log<'_> {
        self.state.read_log()
    }

    /// Who must decide now: the chooser of a pending question, the defender in the
    /// Counter-attack phase, else the active player.
    pub fn to_move(&self) -> PlayerId {
        self.to_move_seat().pid()
    }

    pub(crate) fn to_move_seat(&self) -> Seat {
        if let Some(exec) = &self.pending {
            return Seat::of(exec.request().chooser);
        }
        match self.state.phase {
            Phase::CounterAttack => self.state.active.other(),
            _ => self.state.active,
        }
    }

    /// Sets the number of turns after which the game is a draw.
    pub fn set_turn_limit(&mut self, turns: u32) {
        self.state.turn_limit = turns.max(1);
    }

    // ---- the engine loop ----

    /// Runs the agenda until a player must decide, a card waits for an answer, or the game
    /// is over.
    pub(crate) fn pump(&mut self) {
        self.pump_until(None);
    }

    /// [`Game::pump`], pausing also once phase `halt` has started and the next step would
    /// start another phase or end the turn. Returns whether `halt` started.
    pub(crate) fn pump_until(&mut self, halt: Option<Phase>) -> bool {
        let mut steps = 0u32;
        let mut cascade = 0u32;
        let mut entered = false;
        let logged_before = self.state.log.len();
        loop {
            if self.state.outcome.is_some() {
                self.state.agenda.clear();
                if let Some(exec) = self.pending.take() {
                    self.runtime.cancel(exec);
                }
                return entered;
            }
            if self.pending.is_some() {
                return entered;
            }
            steps += 1;
            if steps > MAX_STEPS_PER_CALL {
                let text = self.state.text(format_args!("the engine stopped a step that did not end"));
                self.state.note(RecordKind::Effect(Phrase::Text(text)));
                self.state.outcome = Some(Outcome { winner: None, reason: EndReason::Stalled });
                continue;
            }
            if !self.state.queued.is_empty() {
                cascade += 1;
                if cascade > MAX_CASCADE_STEPS_PER_CALL
                    || self.state.log.len() - logged_before > MAX_LOG_ENTRIES_PER_CALL
                {
                    self.end_cascade(&mut cascade);
                    continue;
                }
                if let Some((card, rules, me)) = self.state.queued.pop_front() {
                    self.state.agenda.push_front(Task::Activate { card, rules, me, mark: false });
                }
            }
            if entered && matches!(self.state.agenda.front(), Some(Task::EnterPhase(_) | Task::EndTurn)) {
                return entered;
            }
            let Some(task) = self.state.agenda.pop_front() else { return entered };
            if let Task::EnterPhase(p) = task
                && halt == Some(p)
            {
                entered = true;
            }
            // A phase's event that no card hears, with nothing else waiting: its step and
            // the events step after it would queue the event and drop it again. The drop
            // is done at once and both steps counted as the loop counts them, under the
            // bounds the events step runs under below: the same steps without the queueing
            // (about 80 phase events a random game, -2,900 instructions; issue 30).
            if let Task::PhaseEvent(phase) = task
                && let Some(event) = phase_event(phase)
                && self.runtime.drops_unheard(event)
                && !self.state.changes_marked()
                && self.state.queued.is_empty()
                && !matches!(self.state.agenda.front(), Some(Task::RunEvents))
                && steps < MAX_STEPS_PER_CALL
                && cascade < MAX_CASCADE_STEPS_PER_CALL
                && self.state.log.len() - logged_before <= MAX_LOG_ENTRIES_PER_CALL
            {
                steps += 1;
                cascade += 1;
                self.runtime.drop_unheard_events();
                continue;
            }
            if matches!(task, Task::RunEvents) {
                cascade += 1;
                if cascade > MAX_CASCADE_STEPS_PER_CALL
                    || self.state.log.len() - logged_before > MAX_LOG_ENTRIES_PER_CALL
                {
                    self.end_cascade(&mut cascade);
                    continue;
                }
            }
            self.run_task(task);
            if self.state.changes_marked() {
                self.note_changes();
            } else {
                self.debug_assert_nothing_changed();
            }
            // The step emitted events: a `RunEvents` step runs next. When nothing would run
            // before it (no outcome, question or queued activation) and no bound would stop
            // it, it is run here rather than pushed and popped at once: the same step, in
            // the same place, counted as the loop counts it. 7.9 steps of a random game's
            // 27.5 per turn are these, nearly all of them dropping events no card hears.
            while self.events_step_due() {
                if self.state.outcome.is_some()
                    || self.pending.is_some()
                    || !self.state.queued.is_empty()
                    || steps >= MAX_STEPS_PER_CALL
                    || cascade >= MAX_CASCADE_STEPS_PER_CALL
                    || self.state.log.len() - logged_before > MAX_LOG_ENTRIES_PER_CALL
                {
                    self.state.agenda.push_front(Task::RunEvents);
                    break;
                }
                steps += 1;
                cascade += 1;
                // Most of these steps only drop events no card hears: that is done without
                // a call into the drain.
                if !self.runtime.drop_unheard_events() {
                    self.run_events_step();
                }
                if self.state.changes_marked() {
                    self.note_changes();
                } else {
                    self.debug_assert_nothing_changed();
                }
            }
        }
    }

    /// What every step ends with: cards entering/leaving play follow the board, hand
    /// changes are announced, queued autos run next.
    pub(crate) fn after_step(&mut self) {
        if self.state.changes_marked() {
            self.note_changes();
        } else {
            self.debug_assert_nothing_changed();
        }
        if self.events_step_due() {
            self.state.agenda.push_front(Task::RunEvents);
        }
    }

    /// Whether events wait to be run and the agenda does not start with the step that runs them.
    /// (`matches!` reads the step's kind only, where the derived `==` compiled to a
    /// comparison of whole steps: about 1,100 instructions a random game; issue 30.)
    fn events_step_due(&self) -> bool {
        self.runtime.pending_events() > 0 && !matches!(self.state.agenda.front(), Some(Task::RunEvents))
    }

    /// [`Game::after_step`] but for the step that runs the events: cards entering/leaving
    /// play follow the board, and a hand's or ring's new size is announced. Called once
    /// [`GameState::changes_marked`] says a mark is set: most steps change nothing of what
    /// is in play and move no card (about 600 of a random game's 720), and the callers'
    /// test of the marks costs less than the call.
    fn note_changes(&mut self) {
        if self.state.play_changed.0 {
            self.sync_play();
        } else {
            self.debug_assert_play_matches_board();
        }
        if !std::mem::replace(&mut self.state.sizes_changed, Mark(false)).0 {
            self.debug_assert_sizes_noted();
            return;
        }
        for player in Seat::BOTH {
            let p = player.index();
            let size = self.state.player(player).hand.len();
            if size != self.state.hand_sizes[p] {
                self.state.hand_sizes[p] = size;
                self.runtime.emit(Event::new(names::EV_HAND_CHANGES, player.pid()));
            }
            let size = self.state.player(player).characters().count();
            if size != self.state.ring_sizes[p] {
                self.state.ring_sizes[p] = size;
                self.runtime.emit(Event::new(names::EV_RING_CHANGES, player.pid()));
            }
        }
    }

    /// A debug build's check, where no mark is set, that [`Game::note_changes`] would
    /// have found nothing.
    fn debug_assert_nothing_changed(&self) {
        self.debug_assert_play_matches_board();
        self.debug_assert_sizes_noted();
    }

    /// Makes the runtime's cards in play match the board: ring characters with rules are
    /// in play; a card whose rules changed restarts its autos. Nothing to compare unless
    /// the board's [`GameState::play_changed`] was marked since the last sync (a debug
    /// build checks that it would have found nothing).
    pub(crate) fn sync_play(&mut self) {
        // Taken before the comparison: a card entering or leaving play below may run card
        // code that changes the board again, and the next sync must look at that.
        let changed = std::mem::replace(&mut self.state.play_changed, Mark(false));
        if !changed.0 {
            self.debug_assert_play_matches_board();
            return;
        }
        // Worked out once for the comparison and the pass (0 on a larger board, which
        // the pass does not read it for).
        let masked = self.state.cards.len() <= MASKED_CARDS;
        let wanted = if masked { self.wanted_in_play() } else { 0 };
        if masked && self.state.restart.is_empty() && self.masks_match(wanted) {
            return;
        }
        let mut restart = std::mem::take(&mut self.state.restart);
        if masked {
            // Only the cards whose place in play differs from the board's, or that
            // restart, can need a change: entering or leaving play changes no ring, rules,
            // lingering card or other card's place in play, so the others would be found
            // with nothing to do. Visited in card order, from the bits of the masks.
            let restarting =
                restart.iter().filter(|c| (c.0 as usize) < MASKED_CARDS).fold(0u128, |m, c| m | 1u128 << c.0);
            let mut differ = ((wanted ^ self.in_play_mask) | restarting) & self.board_mask();
            while differ != 0 {
                let card = CardRef(differ.trailing_zeros());
                differ &= differ - 1;
                // The masks say what the pass would look up: whether the card should be in
                // play (`wanted`: rules, and in a ring or lingering) and whether it is.
                let bit = 1u128 << card.0;
                let should = wanted & bit != 0;
                let is = self.in_play_mask & bit != 0;
                let in_play = self.sync_card(card, should, is, &restart);
                // Entering or leaving play runs no card code, so only this card's place
                // in play changed: its bit is set here rather than the whole mask read
                // again from the runtime.
                if in_play {
                    self.in_play_mask |= bit;
                } else {
                    self.in_play_mask &= !bit;
                }
            }
        } else {
            for card in self.cards_to_sync(&restart) {
                let rules = self.state.card(card).and_then(|c| c.rules);
                let should = rules.is_some() && (self.state.in_ring(card) || self.state.lingering.contains(&card));
                let is = self.runtime.in_play(card.id());
                self.sync_card(card, should, is, &restart);
            }
            self.in_play_mask = self.runtime_mask();
        }
        // The list's buffer goes back for the next card whose rules change, unless card
        // code run above started a new list.
        if self.state.restart.is_empty() {
            restart.clear();
            self.state.restart = restart;
        }
    }

    /// [`Game::sync_play`] of one card that `should` be in play (it has rules and is in a
    /// ring or lingering) or not, and `is` in play or not: it enters or leaves play, its
    /// autos started again when it is in `restart`. Returns whether it is in play now.
    fn sync_card(&mut self, card: CardRef, should: bool, mut is: bool, restart: &[CardRef]) -> bool {
        let rules = self.state.card(card).and_then(|c| c.rules);
        debug_assert_eq!(is, self.runtime.in_play(card.id()), "card #{} in play", card.0);
        debug_assert_eq!(
            should,
            rules.is_some() && (self.state.in_ring(card) || self.state.lingering.contains(&card)),
            "card #{} should be in play",
            card.0
        );
        let again = restart.contains(&card);
        if is && (!should || again) {
            self.runtime.leave_play(&mut self.state, card.id());
            is = false;
        }
        if let Some(rules) = rules
            && should
            && !is
        {
            match self.runtime.enter_play(&mut self.state, card.id(), CardIdx(rules)) {
                Ok(()) => is = true,
                Err(trap) => self.trap(Some(card), &trap),
            }
        }
        is
    }

    /// Whether [`Game::sync_play`] has nothing to do: nothing marked a change since the
    /// last sync, or [`Game::play_matches_board`]. Legality reads the game itself only then.
    pub(crate) fn in_sync(&self) -> bool {
        if self.state.play_changed.0 {
            return self.play_matches_board();
        }
        self.debug_assert_play_matches_board();
        self.state.cards.len() <= MASKED_CARDS
    }

    /// A debug build's check that no hand or ring changed size unmarked.
    fn debug_assert_sizes_noted(&self) {
        debug_assert!(
            Seat::BOTH.into_iter().all(|player| {
                let p = player.index();
                let board = self.state.player(player);
                board.hand.len() == self.state.hand_sizes[p] && board.characters().count() == self.state.ring_sizes[p]
            }),
            "a hand or a ring changed size without `mark_sizes_changed`"
        );
    }

    /// A debug build's check that nothing changed what should be in play unmarked.
    pub(crate) fn debug_assert_play_matches_board(&self) {
        debug_assert!(
            self.state.cards.len() > MASKED_CARDS || self.play_matches_board(),
            "a ring, a card's rules or the lingering cards changed without `mark_play_changed`"
        );
    }

    /// Whether no card restarts, and the cards of the board in play are exactly those that
    /// should be (with rules, in a ring or lingering). The two sets are compared as bit
    /// masks of card numbers (a board of more than [`MASKED_CARDS`] cards leaves it to
    /// the full pass).
    fn play_matches_board(&self) -> bool {
        if !self.state.restart.is_empty() || self.state.cards.len() > MASKED_CARDS {
            return false;
        }
        self.masks_match(self.wanted_in_play())
    }

    /// Whether the cards that should be in play (`wanted`, of a board of at most
    /// [`MASKED_CARDS`] cards) are those in play.
    fn masks_match(&self, wanted: u128) -> bool {
        // `wanted` holds only cards of the board, so equal masks are the usual answer; cards
        // in play that are not of the board are left alone by the full pass too.
        wanted == self.in_play_mask || wanted == self.in_play_mask & self.board_mask()
    }

    /// The cards of a board of at most [`MASKED_CARDS`] cards that should be in play (with
    /// rules, in a ring or lingering), as a bit mask.
    fn wanted_in_play(&self) -> u128 {
        let state = &self.state;
        let cards = &state.cards;
        // The bit of a card with rules (no bit for a card not of the board).
        let bit = |card: CardRef| match cards.get(card.0 as usize) {
            Some(c) if c.rules.is_some() && (card.0 as usize) < MASKED_CARDS => 1u128 << card.0,
            _ => 0,
        };
        debug_assert_eq!(
            self.in_play_mask,
            self.runtime_mask(),
            "the runtime's cards in play changed outside sync_play"
        );
        let [p0, p1] = &state.players;
        let rings = p0.ring.iter().chain(&p1.ring).flatten();
        rings.chain(&state.lingering).fold(0u128, |wanted, &card| wanted | bit(card))
    }

    /// The runtime's cards in play numbered below [`MASKED_CARDS`], as a bit mask.
    fn runtime_mask(&self) -> u128 {
        self.runtime
            .cards_in_play()
            .filter(|id| (id.0 as usize) < MASKED_CARDS)
            .fold(0, |mask, id| mask | 1u128 << id.0)
    }

    /// The bits of the cards of a board of at most [`MASKED_CARDS`] cards.
    fn board_mask(&self) -> u128 {
        match self.state.cards.len() {
            MASKED_CARDS.. => u128::MAX,
            len => (1u128 << len) - 1,
        }
    }

    /// The cards [`Game::sync_play`]'s pass visits on a board of more than
    /// [`MASKED_CARDS`] cards, in card order, with `restart` taken from the board: the
    /// cards of the board in a ring, lingering, restarting or in play (only these can need
    /// a change).
    fn cards_to_sync(&self, restart: &[CardRef]) -> smallvec::SmallVec<[CardRef; 16]> {
        let state = &self.state;
        let mut candidates: smallvec::SmallVec<[CardRef; 16]> = smallvec::SmallVec::new();
        let rings = state.players.iter().flat_map(|p| p.ring.iter().flatten().copied());
        candidates.extend(rings.chain(state.lingering.iter().copied()));
        candidates.extend(restart.iter().copied());
        candidates.extend(self.runtime.cards_in_play().map(|id| CardRef(id.0)));
        candidates.sort_unstable();
        candidates.dedup();
        candidates.retain(|card| (card.0 as usize) < state.cards.len());
        candidates
    }

    /// Past [`MAX_CASCADE_STEPS_PER_CALL`] or [`MAX_LOG_ENTRIES_PER_CALL`]: the cascade's
    /// queued events and activations are dropped, and the first time in a call, logged as
    /// an `EventCascade` trap (`cascade` is then marked past the bound, so the call's
    /// later cascades end at once too).
    fn end_cascade(&mut self, cascade: &mut u32) {
        self.runtime.discard_events();
        self.state.queued.clear();
        if *cascade <= MAX_CASCADE_STEPS_PER_CALL + 1 {
            self.trap(None, &Trap::new(TrapCode::EventCascade));
        }
        *cascade = MAX_CASCADE_STEPS_PER_CALL + 2;
    }

    pub(crate) fn trap(&mut self, card: Option<CardRef>, trap: &Trap) {
        let message = self.state.text(format_args!("{trap}"));
        self.state.note_summarised(RecordKind::Trap { card, message });
    }

    /// Takes what a runtime call ended with: a question waits in `pending`.
    pub(crate) fn take_outcome(&mut self, card: Option<CardRef>, result: Result<VmOutcome, Trap>) {
        match result {
            Ok(VmOutcome::Done(completion)) => {
                if let Some(card) = card {
                    self.note_completion(card, completion);
                }
            }
            Ok(VmOutcome::Suspended(exec)) => self.pending = Some(exec),
            Err(trap) => self.trap(card, &trap),
        }
    }

    pub(crate) fn note_completion(&mut self, card: CardRef, completion: Completion) {
        let result = Phrase::Resolution(completion.into());
        self.state.note(RecordKind::Resolved { card, result });
    }

    fn run_task(&mut self, task: Task) {
        match task {
            Task::RunEvents => self.run_events_step(),
            Task::Activate { card, rules, me, mark } => {
                if mark {
                    if let Some(c) = self.state.card_mut(card) {
                        c.keep_ready = false;
                    }
                }
                let name = self.state.name_of(card);
                self.state.note(RecordKind::Activate { card, name });
                let result = self.runtime.activate(&mut self.state, card.id(), CardIdx(rules), me.pid());
                if mark {
                    self.state.agenda.push_front(Task::MarkActivated(card));
                }
                self.take_outcome(Some(card), result);
            }
            Task::MarkActivated(card) => {
                if let Some(c) = self.state.card_mut(card) {
                    c.activated = !c.keep_ready;
                    c.keep_ready = false;
                }
            }
            Task::Resolved(card) => {
                // Ruling: a played action or reaction reaches its owner's discard pile as
                // soon as its effects have resolved.
                if let Some(found @ Found { place: (player, crate::state::Zone::Table), .. }) =
                    self.state.find_card(card)
                {
                    let owner = self.state.card(card).map_or(player, |c| c.owner);
                    self.state.take_found(card, found);
                    self.state.put(card, owner, crate::state::Zone::Discards, 0);
                }
                // Spec §3.9: what the card granted without a restriction lasts while it is
                // in play, and a played card that is not in play (not lingering) has left
                // it once resolved. A lingering one leaves at the end of the turn
                // (`sync_play`).
                if !self.runtime.in_play(card.id()) {
                    self.runtime.leave_play(&mut self.state, card.id());
                }
            }
            Task::Expire(kind) => {
                let active = self.state.active.pid();
                self.runtime.expire(&mut self.state, vm::bytecode::RestrictionIdx(u32::from(kind)), active);
            }
            Task::PhaseEvent(phase) => {
                if let Some(event) = phase_event(phase) {
                    self.runtime.emit(Event::new(event, self.state.active.pid()));
                }
            }
            other => self.run_phase_task(other),
        }
    }

    /// The `RunEvents` step: the queued autos run; one waiting for an answer, or a trap,
    /// leaves the step to run again.
    fn run_events_step(&mut self) {
        match self.runtime.run_events(&mut self.state) {
            Ok(VmOutcome::Done(_)) => {}
            Ok(VmOutcome::Suspended(exec)) => {
                self.pending = Some(exec);
                self.state.agenda.push_front(Task::RunEvents);
            }
            Err(trap) => {
                self.trap(None, &trap);
                self.state.agenda.push_front(Task::RunEvents);
            }
        }
    }

    /// Emits an object event for the active player with bindings, to run next.
    pub(crate) fn emit(
        &mut self,
        event: EventIdx,
        player: Seat,
        object: Option<Value>,
        bindings: &[(VariableIdx, Value)],
    ) {
        let mut event = Event::new(event, player.pid());
        if let Some(object) = object {
            event = event.with_object(object);
        }
        for &(var, value) in bindings {
            event = event.bind(var, value);
        }
        self.runtime.emit(event);
    }

    /// Asks hook `idx` about `object` for `player`: the abilities in force first (a no
    /// ends it), then the hook autos. `None` when nothing answered.
    pub(crate) fn hook(
        &mut self,
        idx: EventIdx,
        object: Value,
        player: Seat,
        bindings: &[(VariableIdx, Value)],
    ) -> HookAnswer {
        let by_ability = stdlib::keywords::hook_answer(self.runtime.effects(), idx, object);
        if by_ability == Some(false) {
            return HookAnswer::No;
        }
        let mut event = Event::new(idx, player.pid()).with_object(object);
        for &(var, value) in bindings {
            event = event.bind(var, value);
        }
        let by_autos = match self.runtime.ask(&mut self.state, event) {
            Ok(answer) => answer,
            Err(trap) => {
                self.trap(None, &trap);
                None
            }
        };
        // Most hooks change nothing of what is in play: the mark is tested before the call.
        if self.state.play_changed.0 {
            self.sync_play();
        } else {
            self.debug_assert_play_matches_board();
        }
        HookAnswer::from_answer(by_autos.or(by_ability))
    }

    /// Runs the autos of an event now, for a payment or damage window; a question one of
    /// them asks is not waited for (the auto is abandoned, and the log says so).
    pub(crate) fn dispatch_now(
        &mut self,
        event: EventIdx,
        name: &str,
        player: Seat,
        bindings: &[(VariableIdx, Value)],
    ) {
        self.emit(event, player, None, bindings);
        for _ in 0..16 {
            match self.runtime.run_events(&mut self.state) {
                Ok(VmOutcome::Done(_)) => break,
                Ok(VmOutcome::Suspended(exec)) => {
                    let text = self.state.text(format_args!("an auto of `{name}` asked a question: skipped"));
                    self.state.note(RecordKind::Effect(Phrase::Text(text)));
                    self.runtime.cancel(exec);
                }
                Err(trap) => self.trap(None, &trap),
            }
        }
        if self.state.play_changed.0 {
            self.sync_play();
        } else {
            self.debug_assert_play_matches_board();
        }
    }
}

/// The event a [`Task::PhaseEvent`] step emits for `phase` (none for Main and Attack).
fn phase_event(phase: Phase) -> Option<EventIdx> {
    match phase {
        Phase::Activate => Some(names::EV_ACTIVATE_PHASE),
        Phase::Draw => Some(names::EV_DRAW_PHASE),
        Phase::CounterAttack => Some(names::EV_BLOCK_PHASE),
        Phase::End => Some(names::EV_END_PHASE),
        Phase::Cleanup => Some(names::EV_CLEANUP_PHASE),
        Phase::Main | Phase::Attack => None,
    }
}
