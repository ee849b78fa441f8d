//! Cards in play and the autos they run: entering and leaving play, the event queue and
//! its drain, autos and hooks run at once (`run_now`), and restriction timers.

use crate::bytecode::{CardIdx, EventIdx, RestrictionIdx};

use super::events::{Continuous, Event, Names, PendingRun, Subscription, World};
use super::exec::{self, Machine};
use super::host::{Effect, EffectId, EffectKind, Env, Host};
use super::pipeline::{auto_direct, pipeline};
use super::state::{Completion, ExecState, Origin, Outcome, Owner, Stage};
use super::trap::{Trap, TrapCode};
use super::value::{self, CardId, PlayerId, Value};
use super::{MAX_EVENT_DEPTH, MAX_GIVEN_AUTOS, MAX_RUNS_PER_DRAIN, Runtime, Shared};

impl<H: Host> Runtime<H> {
    // ---- cards in play ----

    /// `card` (an instance of `program_card`) enters play: its permanent abilities are
    /// recorded, its autos with events subscribe, its autos without events are queued to
    /// run (with [`Runtime::run_events`]). Entering twice does nothing the second time.
    pub fn enter_play(&mut self, host: &mut H, card: CardId, program_card: CardIdx) -> Result<(), Trap> {
        self.enter_play_hearing(host, card, program_card, Hearing::Everything)
    }

    /// [`Runtime::enter_play`] with only some of the card's rules: the autos `hearing`
    /// keeps (a subscription, a continuous auto, a queued event-less run each), and its
    /// permanent abilities only when it says so. A game whose cards have abilities that
    /// work from another zone than play (a Magic card's abilities in its owner's
    /// graveyard) compiles them among the card's autos and enters the card with those
    /// alone while it is there, and with the others on the battlefield.
    pub fn enter_play_hearing(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        hearing: Hearing,
    ) -> Result<(), Trap> {
        self.check_card(program_card)?;
        if self.world.in_play.iter().any(|&(id, _)| id == card) {
            return Ok(());
        }
        self.world.in_play.push((card, program_card));
        // Borrowed beside the world rather than cloned: a count shared by every thread.
        let Runtime { shared, world } = self;
        let data = &shared.program.cards()[program_card.index()];
        let controller = host.controller(card);
        let abilities: &[_] = if hearing.abilities() { &data.abilities } else { &[] };
        for &ability in abilities {
            let effect = Effect {
                id: EffectId(world.next_effect),
                source: card,
                controller,
                restriction: None,
                kind: EffectKind::Ability { target: Value::Card(card), ability },
            };
            world.next_effect = world.next_effect.wrapping_add(1);
            world.effects.push(effect);
            host.apply_effect(&effect);
        }
        let continuous = shared.names.event_continuous;
        for (auto_idx, auto) in data.autos.iter().enumerate() {
            if !hearing.hears(auto_idx) {
                continue;
            }
            if continuous.is_some() && auto.events.iter().any(|event| Some(event.event) == continuous) {
                world.continuous.push(Continuous {
                    card,
                    program_card,
                    auto: auto_idx as u16,
                    held: Vec::new(),
                    mark: 0,
                });
                continue;
            }
            if auto.events.is_empty() {
                world.runs.push_back(PendingRun {
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
                world.subscribe(Subscription {
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
        self.world.refresh = true;
        Ok(())
    }

    /// Sets the autos cards in play hear because other cards give them: for each
    /// `(bearer, rules, auto)` of `given`, `bearer` hears auto `auto` of the program card
    /// `rules` as its own (its events' `this` and the runs' source are `bearer`, its
    /// controller is the bearer's), until a later call leaves it out or the bearer leaves
    /// play; an entry given twice (two cards give the same ability) is heard twice. A hook
    /// auto is heard as a plain one: a host compiles an ability its card gives, and never
    /// has itself, as a hook, which no emitted event runs for the card itself. An entry
    /// already given keeps its subscriptions (a `once` one that fired stays spent); one
    /// whose bearer is not in play, or whose auto is not in the program, is left out. More
    /// than [`MAX_GIVEN_AUTOS`] entries trap (`ListLimit`), changing nothing.
    pub fn give_autos(&mut self, host: &H, given: &[(CardId, CardIdx, u16)]) -> Result<(), Trap> {
        if given.len() > MAX_GIVEN_AUTOS {
            return Err(Trap::new(TrapCode::ListLimit));
        }
        if given.is_empty() && self.world.given.is_empty() {
            return Ok(());
        }
        let World { given: held, subs, in_play, runs, .. } = &mut self.world;
        let cards = self.shared.program.cards();
        let events_of = |rules: CardIdx, auto: u16| {
            cards.get(rules.index()).and_then(|card| card.autos.get(usize::from(auto))).map(|data| &data.events)
        };
        // Each entry held is matched with one of `given`, in order; the others are not
        // given any more: one instance each of their subscriptions is dropped.
        let mut wanted: Vec<(CardId, CardIdx, u16)> = given.to_vec();
        let mut dropped = Vec::new();
        held.retain(|entry| match wanted.iter().position(|want| want == entry) {
            Some(at) => {
                wanted.remove(at);
                true
            }
            None => {
                dropped.push(*entry);
                false
            }
        });
        let changed = !dropped.is_empty() || !wanted.is_empty();
        for &(bearer, rules, auto) in &dropped {
            let mut left = events_of(rules, auto).map_or(0, Vec::len);
            let mut at = subs.len();
            while left > 0 && at > 0 {
                at -= 1;
                let sub = subs[at];
                if sub.card == bearer && sub.program_card == rules && sub.auto == auto && !sub.hook {
                    subs.remove(at);
                    left -= 1;
                }
            }
            if !held.contains(&(bearer, rules, auto)) {
                runs.retain(|run| !(run.card == bearer && run.program_card == rules && run.auto == auto));
            }
        }
        for (bearer, rules, auto) in wanted {
            let Some(events) = events_of(rules, auto) else { continue };
            if !in_play.iter().any(|&(id, _)| id == bearer) {
                continue;
            }
            held.push((bearer, rules, auto));
            let controller = host.controller(bearer);
            for event in events {
                subs.push(Subscription {
                    card: bearer,
                    program_card: rules,
                    auto,
                    hook: false,
                    event: event.event,
                    prefix: event.prefix,
                    suffix: event.suffix,
                    condition: event.condition,
                    controller,
                });
            }
        }
        if changed {
            self.world.note_listeners();
        }
        Ok(())
    }

    /// Makes each subscription listen as its card's controller now ([`Host::controller`]):
    /// a permanent that changed controller while in play (a control-changing effect, a
    /// move onto the other player's battlefield) hears `my` and `opp` events as its new
    /// controller's (Sleeper Agent's "at the beginning of your upkeep" is its new
    /// controller's upkeep). A host that changes controllers calls it before
    /// [`Runtime::run_events`].
    pub fn refresh_controllers(&mut self, host: &H) {
        for sub in &mut self.world.subs {
            sub.controller = host.controller(sub.card);
        }
    }

    /// `card` leaves play: its subscriptions and queued runs are dropped, and the effects
    /// without a restriction that it granted or that were granted to it end (spec §3.9).
    /// Restricted effects run until their timer (§3.10).
    pub fn leave_play(&mut self, host: &mut H, card: CardId) {
        // A card's subscriptions, runs and continuous autos exist only while it is in play
        // (`enter_play` adds them after the card): a card played and resolved without
        // entering play has none to look for.
        if let Some(at) = self.world.in_play.iter().position(|&(id, _)| id == card) {
            // In play once at most (`enter_play` does nothing the second time).
            let (_, program_card) = self.world.in_play.remove(at);
            // Many cards in play have no autos (a character whose ability is an action),
            // and so nothing of them to drop (716 instructions a random game).
            let has_autos =
                self.shared.program.cards().get(program_card.index()).is_none_or(|data| !data.autos.is_empty());
            let given = self.world.given.iter().any(|&(bearer, ..)| bearer == card);
            if given {
                self.world.given.retain(|&(bearer, ..)| bearer != card);
            }
            if has_autos || given {
                self.drop_autos(host, card);
            }
        }
        self.world.refresh = true;
        exec::end_effects(&mut self.world.effects, host, |effect| {
            let target = match effect.kind {
                EffectKind::Ability { target, .. } | EffectKind::Custom { target, .. } => target,
            };
            effect.restriction.is_none() && (effect.source == card || target == Value::Card(card))
        });
    }

    /// `card`, in play, becomes an instance of `program_card` and stays in play: a card
    /// that turns into another while it stays the same object (a Magic card that flips or
    /// transforms). The subscriptions, queued runs and continuous autos of its old rules
    /// are dropped, the effects its continuous autos hold and its old keyword abilities
    /// end; then the new rules enter as [`Runtime::enter_play`] records them (their autos
    /// without events queued to run). The effects other cards gave it, and those its
    /// abilities gave, stay. A card not in play enters.
    pub fn change_rules(&mut self, host: &mut H, card: CardId, program_card: CardIdx) -> Result<(), Trap> {
        self.change_rules_hearing(host, card, program_card, Hearing::Everything)
    }

    /// [`Runtime::change_rules`], the new rules entering as [`Runtime::enter_play_hearing`]
    /// enters them.
    pub fn change_rules_hearing(
        &mut self,
        host: &mut H,
        card: CardId,
        program_card: CardIdx,
        hearing: Hearing,
    ) -> Result<(), Trap> {
        self.check_card(program_card)?;
        if let Some(at) = self.world.in_play.iter().position(|&(id, _)| id == card) {
            let (_, old) = self.world.in_play.remove(at);
            self.drop_autos(host, card);
            let keywords = self.shared.program.cards().get(old.index()).map(|data| data.abilities.clone());
            let keywords = keywords.unwrap_or_default();
            if !keywords.is_empty() {
                exec::end_effects(&mut self.world.effects, host, |effect| {
                    effect.source == card
                        && effect.restriction.is_none()
                        && matches!(effect.kind, EffectKind::Ability { target, ability }
                            if target == Value::Card(card) && keywords.contains(&ability))
                });
            }
        }
        self.enter_play_hearing(host, card, program_card, hearing)
    }

    /// Drops the subscriptions, queued runs and continuous autos of `card`, which left
    /// play, and ends the effects its continuous autos hold.
    fn drop_autos(&mut self, host: &mut H, card: CardId) {
        self.world.subs.retain(|sub| sub.card != card);
        self.world.note_listeners();
        self.world.runs.retain(|run| run.card != card);
        let mut held = Vec::new();
        self.world.continuous.retain_mut(|auto| {
            if auto.card == card {
                held.extend(auto.held.drain(..).map(|effect| effect.id));
            }
            auto.card != card
        });
        if !held.is_empty() {
            held.sort_unstable();
            exec::end_effects(&mut self.world.effects, host, is_held(&held));
        }
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
        self.world.queue(event, 0);
    }

    /// Runs queued autos (and the autos of the events they emit) until none is left
    /// (`Done(Success)`) or one waits for a player (`Suspended`: resume it, then call this
    /// again). Autos run in the order their events were emitted, and for one event in
    /// the order the cards subscribed. A trap ends the cascade: nothing of it stays
    /// queued.
    pub fn run_events(&mut self, host: &mut H) -> Result<Outcome, Trap> {
        if self.drop_unheard_events() {
            // Only events no card listens to (most of what a game emits): draining them
            // runs nothing and leaves the queue empty.
            return Ok(Outcome::Done(Completion::Success));
        }
        self.run_heard_events(host)
    }

    /// [`Runtime::run_events`] when something may run: kept apart so that the common call,
    /// which runs nothing, does not pay for setting up the drain.
    // Out of line: inlined, the drain's register saves came with every call (BENCHMARKS.md,
    // issue 30, branch `vm-act`).
    #[inline(never)]
    fn run_heard_events(&mut self, host: &mut H) -> Result<Outcome, Trap> {
        let result = self.drain_events(host);
        if result.is_err() {
            self.world.clear_events();
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
                match self.start_auto(host, &run, false)? {
                    Outcome::Done(_) => continue,
                    suspended => return Ok(suspended),
                }
            }
            let Some((event, depth)) = self.world.events.pop_front() else {
                if std::mem::take(&mut self.world.refresh) && !self.world.continuous.is_empty() {
                    self.refresh_continuous(host, &mut started)?;
                    continue;
                }
                self.world.queued = 0;
                return Ok(Outcome::Done(Completion::Success));
            };
            if self.world.listens(event.event) {
                self.select(&event, depth, false);
            }
            // The continuous autos read only the host's state, which nothing changed since
            // the events popped without selecting a run: one refresh before the next run
            // stands for all of theirs (a token-making spell's hundred entries refresh once).
            if self.world.refresh && !self.world.runs.is_empty() && !self.world.continuous.is_empty() {
                self.refresh_continuous(host, &mut started)?;
            }
            self.world.refresh = true;
        }
    }

    /// Runs every continuous auto again, in the order their cards entered play, and keeps
    /// the ids of the effects it holds now. What it records again equal to what its last
    /// run recorded stays in force as it was ([`super::effects::Renewal`]: a lord over a
    /// board of tokens restates one effect a creature at every refresh, and ending and
    /// recording them all again was most of a long game's time); what it does not record
    /// again ends after the run. When some of what it held is not recorded again (or is
    /// with another controller), the auto runs once more as it always did: what it holds
    /// ended first, so that it reads a board without its own effects (a control-changing
    /// Aura reads the controller it changed). An auto that may not fire ends what it held. The pass
    /// counts as one run against the drain's `started`: its length is the board's, not the
    /// cascade's (a token-making spell under a dozen lords is no runaway), and each auto in
    /// it has its own fuel. A refresh after one that changed nothing, with nothing changed
    /// since (the host's [`Host::continuous_inputs`] and this world's own state the same), is
    /// skipped: it would change nothing either.
    fn refresh_continuous(&mut self, host: &mut H, started: &mut u32) -> Result<(), Trap> {
        *started += 1;
        if *started > MAX_RUNS_PER_DRAIN {
            let mut trap = Trap::new(TrapCode::EventCascade);
            if let Some(first) = self.world.continuous.first() {
                trap.card = Some(first.program_card);
                trap.card_key = self.shared.program.card_key(first.program_card).map(Into::into);
            }
            return Err(trap);
        }
        let before = host.continuous_inputs().map(|inputs| (self.world.continuous_state(), inputs));
        let settled = before.is_some() && before == self.world.settled;
        // Nothing they read changed since a refresh that changed nothing: this one would
        // change nothing either. A debug build runs it and checks that.
        if settled {
            self.world.skipped += 1;
            if !cfg!(debug_assertions) {
                return Ok(());
            }
        }
        self.world.settled = None;
        host.continuous_refresh(true);
        let result = self.run_continuous(host);
        host.continuous_refresh(false);
        result?;
        let after = host.continuous_inputs().map(|inputs| (self.world.continuous_state(), inputs));
        if after.is_some() && after == before {
            self.world.settled = after;
        }
        debug_assert!(!settled || self.world.settled == before, "a refresh skipped would have changed the game");
        Ok(())
    }

    /// [`Runtime::refresh_continuous`]'s runs of the continuous autos.
    fn run_continuous(&mut self, host: &mut H) -> Result<(), Trap> {
        for index in 0..self.world.continuous.len() {
            let Some(auto) = self.world.continuous.get_mut(index) else { break };
            let (card, program_card, auto_idx, mark) = (auto.card, auto.program_card, auto.auto, auto.mark);
            let mut held_effects = std::mem::take(&mut auto.held);
            if !host.auto_may_fire(card) {
                let mut held: Vec<EffectId> = held_effects.iter().map(|effect| effect.id).collect();
                end_held(&mut self.world, host, &mut held);
                continue;
            }
            let me = host.controller(card);
            let run = PendingRun { card, program_card, auto: auto_idx, me, condition: None, event: None, depth: 0 };
            let first = self.world.next_effect;
            let mut fuel = u32::try_from(self.shared.fuel).unwrap_or(u32::MAX);
            let run_mark = self.world.effects.ended_mark();
            self.world.renewal.begin(&self.world.effects, &mut held_effects, mark);
            let mut result = run_auto_now(&self.shared, &mut self.world, host, run, false, &mut fuel);
            let mut left = self.world.renewal.finish();
            // What it renewed is what it holds (`held_effects` is empty: taken by `begin`).
            std::mem::swap(&mut held_effects, &mut self.world.renewal.renewed);
            let recorded = self.world.effects.recorded_since(first, self.world.next_effect);
            if result.is_ok() && (!left.is_empty() || self.world.renewal.replaced) {
                // Something it held does not hold any more (a creature left, an effect of
                // the auto's own changed what it reads: Mind Leash's creature is already
                // stolen): it runs as it always did, what it held all ended first, so that
                // it reads the board without them. What this run recorded ends before what
                // it held, as undone in the reverse order (a control effect gives the
                // creature back to whom it had as the effect began).
                let mut new: Vec<EffectId> = recorded.iter().map(|effect| effect.id).collect();
                end_held(&mut self.world, host, &mut new);
                let mut held: Vec<EffectId> = held_effects.iter().map(|effect| effect.id).collect();
                held.append(&mut left);
                end_held(&mut self.world, host, &mut held);
                held_effects.clear();
                let first = self.world.next_effect;
                let mut fuel = u32::try_from(self.shared.fuel).unwrap_or(u32::MAX);
                result = run_auto_now(&self.shared, &mut self.world, host, run, false, &mut fuel);
                held_effects.extend_from_slice(self.world.effects.recorded_since(first, self.world.next_effect));
            } else {
                held_effects.extend_from_slice(recorded);
                end_held(&mut self.world, host, &mut left);
            }
            held_effects.sort_unstable_by_key(|effect| effect.id);
            if let Some(auto) = self.world.continuous.get_mut(index) {
                auto.held = held_effects;
                auto.mark = run_mark;
            }
            result?;
        }
        Ok(())
    }

    /// Moves the autos `event` selects to the run queue, removing `once` subscriptions.
    fn select(&mut self, event: &Event, depth: u32, hooks: bool) {
        let World { subs, runs, .. } = &mut self.world;
        if select(&self.shared, subs, event, depth, hooks, &mut |run| runs.push_back(run)) {
            self.world.note_listeners();
        }
    }

    fn start_auto(&mut self, host: &mut H, run: &PendingRun, hook: bool) -> Result<Outcome, Trap> {
        let mut env = self.env(host, run.card, run.program_card, run.me);
        if self.shared.autos_as_controller {
            env.me = env.controller;
        }
        let origin = Origin::auto(run.auto, hook, run.depth);
        // Most autos have nothing to do before the body: the pipeline is not walked.
        let direct = self.shared.direct_auto(run.program_card, run.auto);
        let locals = self.shared.locals(run.program_card);
        let regs = direct.map_or(usize::from(locals), |direct| direct.regs as usize);
        let mut state = self.state_with(env, origin, Stage::RuleTarget(0), locals, regs);
        if let Some(event) = &run.event {
            if !bind_event(&self.shared.names, &mut state, event) {
                self.recycle(state);
                return Err(Trap::new(TrapCode::ListLimit));
            }
        }
        if let Some(condition) = run.condition {
            let shared = &self.shared;
            let value = {
                let mut machine = Machine::new(shared, &mut self.world, host, &mut state);
                machine.eval_entry(condition).map(|value| value::truthy(value, &machine.state.lists))
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
        match direct {
            Some(direct) => self.run_state(host, state, |machine| auto_direct(machine, direct.entry)),
            None => self.drive(host, state),
        }
    }

    /// Asks hook `event`: runs the hook autos it selects, in order, stopping at the first
    /// that answers no. `None` when no auto listens; otherwise the last answer examined.
    /// Hook autos may not suspend (that traps). A trap ends the cascade: the events its
    /// autos queued do not stay queued.
    pub fn ask(&mut self, host: &mut H, event: Event) -> Result<Option<bool>, Trap> {
        if !self.world.listens(event.event) {
            // What `run_now` finds first, without its set-up: most hooks asked have no auto.
            return Ok(None);
        }
        let mut fuel = u32::try_from(self.shared.fuel).unwrap_or(u32::MAX);
        let answer = run_now(&self.shared, &mut self.world, host, &event, 0, true, &mut fuel);
        if answer.is_err() {
            self.discard_events();
        }
        answer
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
    /// were recorded; nothing else. A game whose timer ends every player's effects at
    /// once ("until end of turn", whoever's card set it) calls it for each player.
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

/// Ends the effects of `held` still in force (sorted here).
fn end_held<H: Host>(world: &mut World, host: &mut H, held: &mut [EffectId]) {
    if !held.is_empty() {
        // A lord over a board of tokens holds one effect a creature.
        held.sort_unstable();
        exec::end_effects(&mut world.effects, host, is_held(held));
    }
}

/// Whether an effect is one of `held` (sorted): ending an auto's effects looks at every
/// effect in force, and the ids one run recorded are a narrow range among them.
fn is_held(held: &[EffectId]) -> impl Fn(&Effect) -> bool + '_ {
    let (first, last) = (held.first().copied(), held.last().copied());
    move |effect| {
        first.is_some_and(|first| effect.id >= first)
            && last.is_some_and(|last| effect.id <= last)
            && held.binary_search(&effect.id).is_ok()
    }
}

/// Calls `push` with a run for every subscription of `hooks` kind that `event` selects, in
/// registration order, removing the `once` subscriptions that fire; true when it removed one.
fn select<H>(
    shared: &Shared<H>,
    subs: &mut Vec<Subscription>,
    event: &Event,
    depth: u32,
    hooks: bool,
    push: &mut dyn FnMut(PendingRun),
) -> bool {
    let has_object = shared.catalogue.events.get(event.event.index()).is_some_and(|spec| spec.has_object);
    let names = &shared.names;
    let mut removed = false;
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
                removed = true;
                continue;
            }
        }
        i += 1;
    }
    removed
}

/// Runs the autos (`hooks`: the hook autos) `event` selects now, in order, without
/// suspending; for hooks, stops at the first that answers no. Returns the last answer,
/// `None` when nothing ran. Every auto it runs, and every auto those run in turn, takes
/// its fuel from `fuel` (the caller's budget), so a cascade that branches cannot do more
/// work than one execution may.
#[allow(clippy::too_many_arguments)]
pub(super) fn run_now<H: Host>(
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
    if !world.listens(event.event) {
        return Ok(None);
    }
    // Selecting looks through every subscription: a unit each, from the caller's budget.
    if shared.metered {
        let subs = u32::try_from(world.subs.len()).unwrap_or(u32::MAX);
        match fuel.checked_sub(subs) {
            Some(left) => *fuel = left,
            None => {
                *fuel = 0;
                return Err(Trap::new(TrapCode::OutOfFuel));
            }
        }
    }
    let start = world.now.len();
    let World { subs, now, .. } = &mut *world;
    if select(shared, subs, event, depth, hooks, &mut |run| now.push(run)) {
        world.note_listeners();
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
    let controller = host.controller(run.card);
    let me = if shared.autos_as_controller { controller } else { run.me };
    let env = Env { me, controller, source: run.card, card: run.program_card };
    let origin = Origin::auto(run.auto, hook, run.depth);
    let direct = shared.direct_auto(run.program_card, run.auto);
    let locals = shared.locals(env.card);
    let regs = direct.map_or(usize::from(locals), |direct| direct.regs as usize);
    let mut state = world.state(env, origin, Stage::RuleTarget(0), u64::from(*fuel), locals, regs);
    // It never suspends, so its owner is never settled ([`Owner`]).
    state.owner = Owner::new(shared.id);
    if let Some(event) = &run.event {
        if !bind_event(&shared.names, &mut state, event) {
            world.recycle(state);
            return Err(Trap::new(TrapCode::ListLimit));
        }
    }
    let result = {
        let mut machine = Machine::new(shared, &mut *world, host, &mut state);
        let run_auto = |machine: &mut Machine<'_, H>| match direct {
            Some(direct) => auto_direct(machine, direct.entry),
            None => pipeline(machine),
        };
        match run.condition {
            Some(condition) => match machine.eval_entry(condition) {
                Ok(value) if value::truthy(value, &machine.state.lists) => run_auto(&mut machine),
                Ok(_) => Ok(Some(Completion::Answer(false))),
                Err(trap) => Err(trap),
            },
            None => run_auto(&mut machine),
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

/// Which of a card's rules [`Runtime::enter_play_hearing`] puts in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hearing {
    /// Its permanent abilities and every auto ([`Runtime::enter_play`]).
    Everything,
    /// Its permanent abilities and its autos from `n` on: the first `n` work elsewhere.
    From(usize),
    /// Its first `n` autos alone, without its permanent abilities.
    Before(usize),
    /// Its autos from the first number on, before the second, without its permanent
    /// abilities: some of a card's autos that another object of the game has (a Magic
    /// emblem's abilities, compiled with the card that makes it).
    Between(usize, usize),
}

impl Hearing {
    /// Whether auto `auto` is put in play.
    fn hears(self, auto: usize) -> bool {
        match self {
            Hearing::Everything => true,
            Hearing::From(n) => auto >= n,
            Hearing::Before(n) => auto < n,
            Hearing::Between(first, end) => (first..end).contains(&auto),
        }
    }

    /// Whether the card's permanent abilities are recorded.
    fn abilities(self) -> bool {
        !matches!(self, Hearing::Before(_) | Hearing::Between(..))
    }
}
