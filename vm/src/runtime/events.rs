//! Events and subscriptions: what a card's autos listen to while it is in play, which of
//! them an emitted event selects (spec §3.11, with the FIX of B-50/B-51/B-52), and the
//! runtime's shared mutable state (`World`): subscriptions, recorded effects, the event
//! queue and the auto runs waiting to start.
//!
//! Everything is kept in `Vec`s and `VecDeque`s in registration order: no hash-map order
//! reaches the semantics.

use std::collections::VecDeque;

use crate::bytecode::{CardIdx, EntryIdx, EventIdx, EventPrefixIdx, EventSuffixIdx, VariableIdx};

use super::host::{Effect, Env};
use super::state::{ExecState, Origin, Stage};
use super::value::{CardId, PlayerId, Value};

/// How many per-event bindings an [`Event`] carries.
pub const EVENT_BINDINGS: usize = 4;

/// One event (or hook question) emitted by the game or by a builtin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    /// Which event or hook.
    pub event: EventIdx,
    /// The player the event belongs to: the executing player of the autos it runs (§3.1:
    /// the active player for phase events, the blocker's controller for `canBlock`...;
    /// with [`super::Runtime::set_autos_run_as_controller`], each auto's controller
    /// instead). Prefixes (`my`, `opp`) compare it with each auto's controller.
    pub player: PlayerId,
    /// The object of an object event (the attacker of `attacks`).
    pub object: Option<Value>,
    /// Names bound in the autos it runs (`trigger`, `attacker`, `blocker`, `uaBP`);
    /// scalars only. The catalogue's `event_object` variable (CFC `trigger`) is bound to
    /// the object unless the event binds it.
    pub bindings: [Option<(VariableIdx, Value)>; EVENT_BINDINGS],
}

impl Event {
    /// Event `event` belonging to `player`, without object or bindings.
    pub fn new(event: EventIdx, player: PlayerId) -> Event {
        Event { event, player, object: None, bindings: [None; EVENT_BINDINGS] }
    }

    /// The same event with an object.
    pub fn with_object(mut self, object: Value) -> Event {
        self.object = Some(object);
        self
    }

    /// The same event binding `var` to `value` in the autos it runs (ignored past
    /// [`EVENT_BINDINGS`]).
    pub fn bind(mut self, var: VariableIdx, value: Value) -> Event {
        if let Some(slot) = self.bindings.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some((var, value));
        }
        self
    }
}

/// One auto event a card in play listens to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Subscription {
    pub card: CardId,
    pub program_card: CardIdx,
    pub auto: u16,
    pub hook: bool,
    pub event: EventIdx,
    pub prefix: Option<EventPrefixIdx>,
    pub suffix: Option<EventSuffixIdx>,
    pub condition: Option<EntryIdx>,
    pub controller: PlayerId,
}

/// An auto waiting to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PendingRun {
    pub card: CardId,
    pub program_card: CardIdx,
    pub auto: u16,
    pub me: PlayerId,
    pub condition: Option<EntryIdx>,
    /// The event it runs for (none: the card entered play).
    pub event: Option<Event>,
    pub depth: u32,
}

/// An auto held as a continuous effect (on the catalogue's `continuous` event) of a card in
/// play, and the effects its last run recorded, which end before it runs again unless it
/// records them again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Continuous {
    pub card: CardId,
    pub program_card: CardIdx,
    pub auto: u16,
    /// The effects it holds, in the order of their ids, as they were recorded (an effect
    /// in force never changes).
    pub held: Vec<Effect>,
    /// The [`super::effects::Effects::ended_mark`] as its last run began: what ended since
    /// is all it needs to check `held` against.
    pub mark: u64,
}

/// The runtime's mutable state shared by all executions.
#[derive(Debug, Default)]
pub(crate) struct World {
    pub effects: super::effects::Effects,
    pub next_effect: u32,
    pub subs: Vec<Subscription>,
    /// Bit [`event_bit`] set: some subscription listens to an event of that bit (event
    /// `i`, or for the last bit any event numbered 127 or more). Most events the game
    /// emits (a hand changed, a phase began) have no listener, and are then passed over
    /// at once.
    pub listened: u128,
    pub in_play: Vec<(CardId, CardIdx)>,
    /// The autos cards hear because other cards give them ([`super::Runtime::give_autos`]):
    /// the bearer, the giver's rules and the auto among them.
    pub given: Vec<(CardId, CardIdx, u16)>,
    pub events: VecDeque<(Event, u32)>,
    /// The bits (as in [`World::listened`]) of the events queued since the queue was last
    /// empty: when none is listened to, draining the queue runs nothing.
    pub queued: u128,
    pub runs: VecDeque<PendingRun>,
    /// The continuous autos of the cards in play, in the order they entered.
    pub continuous: Vec<Continuous>,
    /// Whether something happened (an event, a card entering or leaving play) since the
    /// continuous autos last ran.
    pub refresh: bool,
    /// After a refresh of the continuous autos that changed nothing: this world's
    /// [`World::continuous_state`] and the host's [`super::Host::continuous_inputs`], as
    /// it left them. While both stay so, a refresh would change nothing either.
    pub settled: Option<(u64, u64)>,
    /// How many refreshes were skipped so ([`super::Runtime::refreshes_skipped`]).
    pub skipped: u64,
    /// The effects of the continuous auto running again, which it may record again.
    pub renewal: super::effects::Renewal,
    /// Autos run synchronously (hooks, [`super::CallContext::dispatch`]), as a stack.
    pub now: Vec<PendingRun>,
    /// Finished executions' states, reused so that a simple effect allocates nothing;
    /// boxed because a suspended execution owns its state through a box.
    #[allow(clippy::vec_box)]
    pub pool: Vec<Box<ExecState>>,
    /// Buffers the resolver reuses (candidates from the host, intermediate lists).
    pub scratch: Vec<Value>,
    pub scratch2: Vec<Value>,
    pub scratch3: Vec<Value>,
    pub mask: Vec<bool>,
    /// The buffer [`super::CallContext::read_pile`] reads a pile into.
    pub pile: Vec<Value>,
    /// Sets the resolver and the answer check reuse to find duplicates in linear time
    /// (taken out while in use, so that a nested resolution gets its own).
    pub sets: Vec<ValueSet>,
}

/// A set of values; only membership is asked of it, never its order.
pub(crate) type ValueSet = rustc_hash::FxHashSet<Value>;

/// How many sets a world keeps for reuse: as many as are taken at once (a filter's
/// candidates and the terms applied to them, an answer's check).
const KEPT_SETS: usize = 4;

/// Values the resolver's buffers and sets hold before they grow: both rings and a hand, or
/// most of a pile searched.
const RESOLVER_CAPACITY: usize = 64;

/// Cards in play, their auto subscriptions and the effects they record, and the events
/// and auto runs queued, before those lists grow: a game of the corpus has at most a dozen
/// or so characters in play at once.
const IN_PLAY_CAPACITY: usize = 16;
const SUBSCRIPTION_CAPACITY: usize = 32;
const QUEUE_CAPACITY: usize = 16;

/// Finished executions' states a world keeps for reuse.
const POOLED_STATES: usize = 8;

/// States a new world's pool starts with: as many executions as a game of the corpus runs
/// at once (an activation, the hooks and autos it runs, a question waiting), so that the
/// pool does not miss when a later turn nests them deeper than the turns before.
const FIRST_STATES: usize = 4;
/// Up to how many values [`World::append_new`] (and the check of an answer) scans for
/// duplicates rather than hashing: a filter's candidates are most often a hand or a ring
/// of a few cards, where comparing 8-byte values costs less than taking, clearing and
/// filling a set (callgrind, `rsc sim` random games: 15,700 instructions a game less, 1.6%;
/// BENCHMARKS.md, issue 30).
pub(crate) const SCAN_DEDUP_MAX: usize = 16;

impl World {
    /// A summary of what of this world a refresh of the continuous autos reads and
    /// changes: the effects recorded and ended (their counts only grow), the cards in play
    /// with their given autos, and the continuous autos.
    pub fn continuous_state(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = rustc_hash::FxHasher::default();
        (self.next_effect, self.effects.ended_mark(), self.effects.len()).hash(&mut hasher);
        self.in_play.hash(&mut hasher);
        self.given.hash(&mut hasher);
        for auto in &self.continuous {
            (auto.card, auto.program_card, auto.auto).hash(&mut hasher);
        }
        hasher.finish()
    }

    /// An empty world whose buffers are sized up front: a runtime is made once per game,
    /// and buffers grown as the game goes were heap allocations in its later turns.
    pub fn with_buffers() -> World {
        let set = || ValueSet::with_capacity_and_hasher(RESOLVER_CAPACITY, Default::default());
        // Every use of a pooled state resets its environment first.
        let unused = Env { me: PlayerId(0), controller: PlayerId(0), source: CardId(0), card: CardIdx(0) };
        let mut pool = Vec::with_capacity(POOLED_STATES);
        pool.extend((0..FIRST_STATES).map(|_| new_state(unused)));
        World {
            effects: super::effects::Effects::with_capacity(SUBSCRIPTION_CAPACITY),
            subs: Vec::with_capacity(SUBSCRIPTION_CAPACITY),
            in_play: Vec::with_capacity(IN_PLAY_CAPACITY),
            events: VecDeque::with_capacity(QUEUE_CAPACITY),
            runs: VecDeque::with_capacity(QUEUE_CAPACITY),
            now: Vec::with_capacity(QUEUE_CAPACITY),
            pool,
            scratch: Vec::with_capacity(RESOLVER_CAPACITY),
            scratch2: Vec::with_capacity(RESOLVER_CAPACITY),
            scratch3: Vec::with_capacity(RESOLVER_CAPACITY),
            mask: Vec::with_capacity(RESOLVER_CAPACITY),
            pile: Vec::with_capacity(RESOLVER_CAPACITY),
            sets: (0..KEPT_SETS).map(|_| set()).collect(),
            ..World::default()
        }
    }

    /// An empty set, reused when one was given back.
    pub fn take_set(&mut self) -> ValueSet {
        let mut set = self.sets.pop().unwrap_or_default();
        set.clear();
        set
    }

    /// Gives a set back for reuse.
    pub fn give_set(&mut self, set: ValueSet) {
        if self.sets.len() < KEPT_SETS {
            self.sets.push(set);
        }
    }

    /// Appends to `out` each of `items` (at most `bound` values) that `out` does not hold
    /// yet, in order. While every value is a card numbered below [`MARKED_CARDS`] (a
    /// game's cards are numbered from 0), a bit per card finds the duplicates; from the
    /// first other value on, a scan of `out` while `out` and `items` together hold at most
    /// [`SCAN_DEDUP_MAX`] values, past that a set of `out`'s values.
    pub fn append_new(&mut self, out: &mut Vec<Value>, items: impl Iterator<Item = Value>, bound: usize) {
        let mut items = items;
        if let Some(mut marks) = CardMarks::of(out) {
            loop {
                let Some(item) = items.next() else { return };
                match marks.insert(item) {
                    Some(true) => out.push(item),
                    Some(false) => {}
                    None => {
                        // Not a marked card, so not in `out` yet: the rest is compared below.
                        out.push(item);
                        break;
                    }
                }
            }
        }
        if out.len() + bound <= SCAN_DEDUP_MAX {
            for item in items {
                if !out.contains(&item) {
                    out.push(item);
                }
            }
            return;
        }
        let mut seen = self.take_set();
        seen.extend(out.iter().copied());
        for item in items {
            if seen.insert(item) {
                out.push(item);
            }
        }
        self.give_set(seen);
    }
}

impl World {
    /// Whether `offered` holds at least `min` distinct values: a request for `min` of them
    /// can then be answered (an answer names each candidate once). A host may list a card
    /// twice, and a builtin may offer a value twice; most requests ask for one, which
    /// needs no look at the values.
    pub fn answerable(&mut self, offered: &[Value], min: u16) -> bool {
        let min = usize::from(min);
        if min <= 1 || offered.len() < min {
            return offered.len() >= min;
        }
        let mut marks = CardMarks::default();
        let mut seen = None;
        let mut distinct = 0;
        for &value in offered {
            let new = match marks.insert(value) {
                Some(new) => new,
                None => seen.get_or_insert_with(|| self.take_set()).insert(value),
            };
            distinct += usize::from(new);
            if distinct >= min {
                break;
            }
        }
        if let Some(set) = seen {
            self.give_set(set);
        }
        distinct >= min
    }

    /// Drops from `values` every value it already holds earlier, keeping the order: what
    /// [`World::append_new`] of `values` into an empty buffer gives, without the copy.
    pub fn dedup(&mut self, values: &mut Vec<Value>) {
        let mut marks = CardMarks::default();
        let mut kept = 0;
        for read in 0..values.len() {
            let value = values[read];
            match marks.insert(value) {
                Some(true) => {
                    values[kept] = value;
                    kept += 1;
                }
                Some(false) => {}
                None => {
                    // Not a marked card: the rest is compared as `append_new` compares it.
                    let mut rest = std::mem::take(&mut self.scratch2);
                    rest.clear();
                    rest.extend_from_slice(&values[read..]);
                    values.truncate(kept);
                    self.append_new(values, rest.iter().copied(), rest.len());
                    self.scratch2 = rest;
                    return;
                }
            }
        }
        values.truncate(kept);
    }
}

/// Cards numbered below this are told apart by [`CardMarks`]: a game's cards are numbered
/// from 0, and a game of the corpus has at most 128.
pub(crate) const MARKED_CARDS: u32 = 256;

/// A set of cards numbered below [`MARKED_CARDS`], one bit each, on the stack: what
/// finding a filter's or an answer's duplicates needs, without scanning or hashing
/// (callgrind, `rsc sim` random games: BENCHMARKS.md, issue 30, branch `vm-act`).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct CardMarks([u64; (MARKED_CARDS / 64) as usize]);

impl CardMarks {
    /// The marks of `values`; `None` when one is not a card numbered below [`MARKED_CARDS`].
    pub fn of(values: &[Value]) -> Option<CardMarks> {
        let mut marks = CardMarks::default();
        for &value in values {
            marks.insert(value)?;
        }
        Some(marks)
    }

    fn bit(value: Value) -> Option<(usize, u64)> {
        match value {
            Value::Card(CardId(number)) if number < MARKED_CARDS => {
                Some(((number / 64) as usize, 1u64 << (number % 64)))
            }
            _ => None,
        }
    }

    /// Marks `value`: whether it was not marked yet; `None` when it cannot be marked.
    pub fn insert(&mut self, value: Value) -> Option<bool> {
        let (word, bit) = CardMarks::bit(value)?;
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        Some(new)
    }

    /// Whether `value` is marked; `None` when it cannot be.
    pub fn contains(&self, value: Value) -> Option<bool> {
        let (word, bit) = CardMarks::bit(value)?;
        Some(self.0[word] & bit != 0)
    }
}

impl World {
    /// Whether some subscription may listen to `event`: false only when none does.
    pub fn listens(&self, event: EventIdx) -> bool {
        self.listened & event_bit(event) != 0
    }

    /// Queues `event`, emitted `depth` events deep.
    pub fn queue(&mut self, event: Event, depth: u32) {
        self.queued |= event_bit(event.event);
        self.events.push_back((event, depth));
    }

    /// Empties the event queue.
    pub fn clear_events(&mut self) {
        self.events.clear();
        self.queued = 0;
    }

    /// Whether some queued event may have a listener.
    pub fn may_hear_queued(&self) -> bool {
        self.queued & self.listened != 0
    }

    /// Subscribes `sub`.
    pub fn subscribe(&mut self, sub: Subscription) {
        self.listened |= event_bit(sub.event);
        self.subs.push(sub);
    }

    /// Works out [`World::listened`] again once subscriptions were removed.
    pub fn note_listeners(&mut self) {
        self.listened = self.subs.iter().fold(0, |mask, sub| mask | event_bit(sub.event));
    }
}

/// The bit of `event` in [`World::listened`] and [`World::queued`]: events numbered 127
/// or more share the last bit, so that a catalogue of more events (or an event no
/// catalogue has) is still told apart from no event at all.
fn event_bit(event: EventIdx) -> u128 {
    1u128 << event.0.min(u128::BITS - 1)
}

impl Clone for World {
    /// Clones the game-relevant state; the pool and the scratch buffers start empty.
    fn clone(&self) -> World {
        World {
            effects: self.effects.clone(),
            next_effect: self.next_effect,
            subs: self.subs.clone(),
            listened: self.listened,
            in_play: self.in_play.clone(),
            given: self.given.clone(),
            events: self.events.clone(),
            queued: self.queued,
            runs: self.runs.clone(),
            now: self.now.clone(),
            continuous: self.continuous.clone(),
            refresh: self.refresh,
            settled: self.settled,
            skipped: self.skipped,
            ..World::default()
        }
    }

    /// Copies the game-relevant state into this world's own buffers; its pool and scratch
    /// buffers stay (they hold no state between executions).
    fn clone_from(&mut self, source: &World) {
        let World {
            effects,
            next_effect,
            subs,
            listened,
            in_play,
            given,
            events,
            queued,
            runs,
            now,
            continuous,
            refresh,
            settled,
            skipped,
            // Empty between refreshes.
            renewal: _,
            pool: _,
            scratch: _,
            scratch2: _,
            scratch3: _,
            mask: _,
            pile: _,
            sets: _,
        } = source;
        self.effects.clone_from(effects);
        self.next_effect = *next_effect;
        self.subs.clone_from(subs);
        self.listened = *listened;
        self.in_play.clone_from(in_play);
        self.given.clone_from(given);
        self.events.clone_from(events);
        self.queued = *queued;
        self.runs.clone_from(runs);
        self.now.clone_from(now);
        self.continuous.clone_from(continuous);
        self.refresh = *refresh;
        self.settled = *settled;
        self.skipped = *skipped;
    }
}

impl World {
    /// A state for a new execution, from the pool when there is one, with `locals` locals
    /// and `regs` registers in all ([`ExecState::reset`]).
    // Inlined into each start: a call here costs as much as the work of a one-command effect.
    #[inline(always)]
    pub fn state(
        &mut self,
        env: Env,
        origin: Origin,
        stage: Stage,
        fuel: u64,
        locals: u16,
        regs: usize,
    ) -> Box<ExecState> {
        let mut state = match self.pool.pop() {
            Some(state) => state,
            None => new_state(env),
        };
        state.reset(env, origin, stage, fuel, locals, regs);
        state
    }

    /// Gives a finished execution's state back to the pool.
    // Inlined for the same reason as `state`.
    #[inline(always)]
    pub fn recycle(&mut self, state: Box<ExecState>) {
        if self.pool.len() < POOLED_STATES {
            self.pool.push(state);
        }
    }
}

/// A state when the pool is empty: kept out of line, so that taking one from the pool
/// (every execution after the first few) stays small.
#[cold]
#[inline(never)]
fn new_state(env: Env) -> Box<ExecState> {
    Box::new(ExecState::new(env))
}

/// The catalogue indices the runtime gives a meaning to: the names of the catalogue's
/// [`Roles`](crate::catalogue::Roles), found once.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Names {
    pub var_this: Option<VariableIdx>,
    pub var_tgt: Option<VariableIdx>,
    pub var_prev_tgt: Option<VariableIdx>,
    pub var_trigger: Option<VariableIdx>,
    pub prefix_my: Option<EventPrefixIdx>,
    pub prefix_opp: Option<EventPrefixIdx>,
    pub prefix_any: Option<EventPrefixIdx>,
    pub suffix_this: Option<EventSuffixIdx>,
    pub suffix_from_this: Option<EventSuffixIdx>,
    pub suffix_any: Option<EventSuffixIdx>,
    pub suffix_once: Option<EventSuffixIdx>,
    pub restriction_opp: Option<crate::bytecode::RestrictionPrefixIdx>,
    pub zone_my: Option<crate::bytecode::ZonePrefixIdx>,
    pub zone_opp: Option<crate::bytecode::ZonePrefixIdx>,
    pub zone_any: Option<crate::bytecode::ZonePrefixIdx>,
    pub zone_same: Option<crate::bytecode::ZonePrefixIdx>,
    pub event_continuous: Option<EventIdx>,
}

impl Names {
    pub fn new(catalogue: &crate::catalogue::Catalogue) -> Names {
        use crate::bytecode::{RestrictionPrefixIdx, ZonePrefixIdx};
        let find = crate::catalogue::Catalogue::role_index;
        let roles = &catalogue.roles;
        Names {
            var_this: find(catalogue.variables, roles.source).map(VariableIdx::new),
            var_tgt: find(catalogue.variables, roles.targets).map(VariableIdx::new),
            var_prev_tgt: find(catalogue.variables, roles.previous_targets).map(VariableIdx::new),
            var_trigger: find(catalogue.variables, roles.event_object).map(VariableIdx::new),
            prefix_my: find(catalogue.event_prefixes, roles.event_mine).map(EventPrefixIdx::new),
            prefix_opp: find(catalogue.event_prefixes, roles.event_opponent).map(EventPrefixIdx::new),
            prefix_any: find(catalogue.event_prefixes, roles.event_anyone).map(EventPrefixIdx::new),
            suffix_this: find(catalogue.event_suffixes, roles.suffix_source).map(EventSuffixIdx::new),
            suffix_from_this: find(catalogue.event_suffixes, roles.suffix_from_source).map(EventSuffixIdx::new),
            suffix_any: find(catalogue.event_suffixes, roles.suffix_any_object).map(EventSuffixIdx::new),
            suffix_once: find(catalogue.event_suffixes, roles.suffix_once).map(EventSuffixIdx::new),
            restriction_opp: find(catalogue.restriction_prefixes, roles.restriction_opponent)
                .map(RestrictionPrefixIdx::new),
            zone_my: find(catalogue.zone_prefixes, roles.zone_mine).map(ZonePrefixIdx::new),
            zone_opp: find(catalogue.zone_prefixes, roles.zone_opponent).map(ZonePrefixIdx::new),
            zone_any: find(catalogue.zone_prefixes, roles.zone_either).map(ZonePrefixIdx::new),
            zone_same: find(catalogue.zone_prefixes, roles.zone_same).map(ZonePrefixIdx::new),
            event_continuous: roles.continuous.and_then(|name| catalogue.event_index(name)).map(EventIdx::new),
        }
    }

    /// Whether `sub` listens to `event` (§3.11, FIX): object events match the object unless
    /// the suffix is `any`; other events never match a `this`/`fromThis` suffix; the prefix
    /// compares the event's player with the auto's controller (`my`/none: same, `opp`:
    /// other, `any`: always), and an object event without prefix ignores it.
    pub fn selects(&self, sub: &Subscription, event: &Event, has_object: bool) -> bool {
        if sub.event != event.event {
            return false;
        }
        let suffix_any = sub.suffix.is_some() && sub.suffix == self.suffix_any;
        let suffix_this =
            sub.suffix.is_some() && (sub.suffix == self.suffix_this || sub.suffix == self.suffix_from_this);
        if has_object {
            if !suffix_any && event.object != Some(Value::Card(sub.card)) {
                return false;
            }
            if sub.prefix.is_none() {
                return true;
            }
        } else if suffix_this {
            return false;
        }
        match sub.prefix {
            Some(prefix) if Some(prefix) == self.prefix_any => true,
            Some(prefix) if Some(prefix) == self.prefix_opp => event.player != sub.controller,
            _ => event.player == sub.controller,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{CardMarks, MARKED_CARDS, SCAN_DEDUP_MAX, World};
    use crate::runtime::value::{CardId, PlayerId, Value};

    fn card(number: u32) -> Value {
        Value::Card(CardId(number))
    }

    /// `items` appended to `out` by [`World::append_new`], and what it gives.
    fn appended(out: &[Value], items: &[Value]) -> Vec<Value> {
        let mut world = World::with_buffers();
        let mut out = out.to_vec();
        world.append_new(&mut out, items.iter().copied(), items.len());
        out
    }

    /// What `append_new` must give: each value once, where it first appears.
    fn first_occurrences(out: &[Value], items: &[Value]) -> Vec<Value> {
        let mut kept = out.to_vec();
        for item in items {
            if !kept.contains(item) {
                kept.push(*item);
            }
        }
        kept
    }

    /// Each way `append_new` finds duplicates, and each crossing from one to the next
    /// partway through the items: the bits of cards, then a scan or a set from the first
    /// value the bits cannot hold (a player, a card numbered past them) on.
    #[test]
    fn append_new_keeps_first_occurrences_across_marks_scan_and_set() {
        let player = Value::Player(PlayerId(1));
        let high = card(MARKED_CARDS + 3);
        let cases: Vec<(Vec<Value>, Vec<Value>)> = vec![
            // Marked cards only, duplicates within the items and against `out`.
            (vec![card(5)], vec![card(7), card(5), card(0), card(7), card(255)]),
            // A player after marked cards: the rest is scanned, and still finds the cards.
            (vec![card(2)], vec![card(3), player, card(3), card(2), player, card(4)]),
            // A card past the marks, then a long tail: the rest goes through the set.
            ((0..10).map(card).collect(), (5..40).map(card).chain([high, card(1), high]).collect()),
            // `out` already holds a value the marks cannot: scan, or set when long.
            (vec![player, card(1)], vec![card(1), player, card(9), card(9)]),
            (vec![high], (0..2 * SCAN_DEDUP_MAX as u32).chain(0..4).map(card).chain([high]).collect()),
        ];
        for (out, items) in cases {
            assert_eq!(appended(&out, &items), first_occurrences(&out, &items), "out {out:?}, items {items:?}");
        }
    }

    /// `dedup` keeps what `append_new` of the same values into an empty buffer keeps, on
    /// each of its ways (marks only, then a scan or a set from an unmarkable value on).
    #[test]
    fn dedup_keeps_first_occurrences_as_append_new_does() {
        let player = Value::Player(PlayerId(1));
        let high = card(MARKED_CARDS + 3);
        let cases: Vec<Vec<Value>> = vec![
            vec![],
            vec![card(7), card(5), card(0), card(7), card(255), card(5)],
            vec![card(3), player, card(3), card(2), player, card(4)],
            (5..40).map(card).chain([high, card(1), high, card(39)]).collect(),
            vec![player, card(1), card(1), player, card(9), card(9)],
        ];
        for values in cases {
            let mut world = World::with_buffers();
            let mut deduped = values.clone();
            world.dedup(&mut deduped);
            assert_eq!(deduped, first_occurrences(&[], &values), "values {values:?}");
        }
    }

    #[test]
    fn card_marks_hold_only_cards_numbered_below_the_bound() {
        let mut marks = CardMarks::of(&[card(0), card(MARKED_CARDS - 1)]).expect("markable");
        assert_eq!(marks.contains(card(0)), Some(true));
        assert_eq!(marks.contains(card(1)), Some(false));
        assert_eq!(marks.insert(card(1)), Some(true));
        assert_eq!(marks.insert(card(1)), Some(false));
        assert_eq!(marks.insert(card(MARKED_CARDS)), None);
        assert_eq!(marks.contains(Value::Int(0)), None);
        assert!(CardMarks::of(&[card(3), Value::Player(PlayerId(0))]).is_none());
    }
}
