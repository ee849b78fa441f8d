//! Trials of an activation for legality: run on a copy of the game, or answered from the
//! game itself when every stage only reads it ([`Game::trial_answer_read`]), with the
//! filters peeked at as the trial would see them ([`Peeker`]).

use stdlib::costs::{Checked, CostFacts, CostSearch};
use stdlib::names;
use vm::bytecode::{CardIdx, FilterIdx, ZoneRef};
use vm::runtime::{Completion, Count, Env, Failure, Outcome as VmOutcome, Peek, PeekBuffers, Value};

use crate::engine::Game;
use crate::host_impl::pile_zone;
use crate::state::{CardRef, Seat, Zone};

impl Game {
    /// Whether activating `card` (bundle card `rules`) gets past its requisites, rule
    /// target and costs. The trial runs on a copy of the game, up to the first question
    /// or the end: a play or activation that would fail before any effect, having paid
    /// for nothing, is not offered. With `reads_trials`, the trial is answered from the
    /// game when its stages allow ([`Game::trial_answer_read`]): a character's trial would
    /// check the requisites again on a copy of this game where nothing moved, so they
    /// stand as just checked.
    pub(super) fn activation_passes(&mut self, card: CardRef, rules: u32, me: Seat, reads_trials: bool) -> bool {
        if !self.runtime.requisites_met(&mut self.state, card.id(), CardIdx(rules), me.pid()).unwrap_or_default() {
            return false;
        }
        if reads_trials
            && let Some(data) = self.set.program().card(CardIdx(rules))
            && let Some(passes) = self.trial_answer_read(card, data, me, true, None)
        {
            return passes;
        }
        self.trial_passes(card, rules, me)
    }

    /// What [`Game::activation_passes`] answers for `card` (bundle card `data`), read from
    /// the game without running anything, when each stage its trial goes through only
    /// reads the game: requisites, rule-target filters and the filters of `{S(filter)}`
    /// and `{D(filter)}` that run no code ([`vm::runtime::Runtime::peek_filter`]); costs
    /// `{F}`, `{S}` and `{D}` ([`stdlib::costs::check_from_facts`] and
    /// [`stdlib::costs::check_from_found`]); `vars` only where no cost follows them (the
    /// trial passes then whatever they do). A card other than a character is on the table
    /// while it resolves, so its trial sees it taken from its pile. `None` when the trial
    /// must run. With `requisites_checked`, the requisites were just checked on this game,
    /// which a character's trial would see again unchanged. `place` is the card's seat and
    /// zone when the caller knows them (`None`: the card is looked for).
    pub(super) fn trial_answer_read(
        &self,
        card: CardRef,
        data: &vm::bytecode::Card,
        me: Seat,
        requisites_checked: bool,
        place: Option<(Seat, Zone)>,
    ) -> Option<bool> {
        let state = &self.state;
        let (seat, zone) = match place {
            Some(place) => place,
            None => state.locate_card(card)?,
        };
        let hand = state.player(me).hand.len();
        // A card other than a character is on the table while it resolves: taken from a
        // pile as it is (a card leaving the ring would lose its markers, so that is tried).
        let character = state.is_character(card);
        let (in_ring, hand) = if character {
            (matches!(zone, Zone::Ring(_)), hand)
        } else {
            match zone {
                Zone::Hand if seat == me => (false, hand - 1),
                Zone::Hand | Zone::Deck | Zone::Discards | Zone::Removed | Zone::Table => (false, hand),
                Zone::Ring(_) | Zone::Backup(_) => return None,
            }
        };
        let costs = data.actions.first().map_or(&[][..], |action| action.costs.as_slice());
        // The trial charges a few units of fuel per stage and one per card a filter looks
        // at (and per candidate a filter term tests): within these bounds (and those of
        // `Runtime::may_peek`, which every peek checks) it cannot run out of the runtime's
        // default fuel, which the game never changes, and trap instead of failing.
        if costs.len() > 4 || hand > 1_000 || state.search_scope.is_some() {
            return None;
        }
        let c = state.card(card)?;
        let rules = c.rules?;
        if !character && c.controller != me {
            return None;
        }
        let peeker = Peeker {
            game: self,
            env: Env { me: me.pid(), controller: c.controller.pid(), source: card.id(), card: CardIdx(rules) },
            moved: (!character).then_some(Value::Card(card.id())),
        };
        let unmoved = Peeker { moved: None, ..peeker };
        PEEK_BUFFERS.with_borrow_mut(|buffers| {
            // Legality checks the requisites on the game as it is, then the trial on the
            // game where the card is on the table (the same game for a character).
            let checks = match (requisites_checked, character) {
                (false, false) => &[&unmoved, &peeker][..],
                (false, true) => &[&peeker][..],
                (true, false) => &[&peeker][..],
                (true, true) => &[][..],
            };
            for (check, peeker) in checks.iter().enumerate() {
                for &f in &data.requisites {
                    // The card played leaves its pile: a requisite searching the rings (Fate
                    // duel's two) or another pile finds the same on the game where it is on
                    // the table.
                    let elsewhere =
                        || self.set.program().filter(f).is_some_and(|f| pile_zone(f.zone.zone) != Some(zone));
                    if check > 0 && elsewhere() {
                        continue;
                    }
                    // The requisites are checked on the game legality reads (not on a
                    // trial's copy), where a random quantity would draw from its generator.
                    let Peek::Found { matched, random: false, .. } =
                        peeker.peek_for(buffers, f, false, CostSearch::Filter, Count::One)?
                    else {
                        return None;
                    };
                    if !matched || buffers.found().is_empty() {
                        return Some(false);
                    }
                }
            }
            // An optional rule target (`target?`) makes the trial pass by asking, or lets it
            // go on to the costs: when those pass, the trial does whichever the target
            // does, and a target of filters that run no code is not peeked at (Damn D's
            // searches a deck, the most candidates a trial of `deck-1` against `deck-2`
            // looks at).
            let optional_target = data.target.as_ref().filter(|target| target.optional);
            let facts = CostFacts { frozen: c.frozen, in_ring, hand };
            let costs_pass = self.costs_read(data, me, costs, facts, &peeker, buffers);
            if let Some(target) = data.target.as_ref().filter(|target| !target.optional) {
                // Past a rule target of one filter that finds something without asking,
                // the costs decide: when they pass, one candidate found is enough to know.
                if let ([f], Some(true)) = (target.filters.as_slice(), costs_pass) {
                    return match peeker.peek_for(buffers, *f, true, CostSearch::Filter, Count::One)? {
                        Peek::Asks => Some(true),
                        Peek::Found { matched, .. } => Some(matched),
                    };
                }
                for &f in &target.filters {
                    match peeker.peek(buffers, f, true, CostSearch::Filter)? {
                        // The trial suspends on the question: it did not fail.
                        Peek::Asks | Peek::Found { choose: true, .. } => return Some(true),
                        Peek::Found { matched: false, .. } => return Some(false),
                        Peek::Found { .. } => {}
                    }
                }
            }
            if let Some(target) = optional_target {
                let runtime = &self.runtime;
                if costs_pass == Some(true) && target.filters.iter().all(|&f| runtime.may_peek(f)) {
                    return Some(true);
                }
                for &f in &target.filters {
                    match peeker.peek(buffers, f, true, CostSearch::Filter)? {
                        Peek::Asks | Peek::Found { choose: true, .. } => return Some(true),
                        Peek::Found { .. } => {}
                    }
                }
            }
            costs_pass
        })
    }

    /// What the trial of [`Game::trial_answer_read`] meets after the rule target: its
    /// action's `vars` and costs, peeked at with `peeker` (`None`: the trial must run).
    pub(super) fn costs_read(
        &self,
        data: &vm::bytecode::Card,
        me: Seat,
        costs: &[vm::bytecode::Cost],
        facts: CostFacts,
        peeker: &Peeker<'_>,
        buffers: &mut PeekBuffers,
    ) -> Option<bool> {
        let state = &self.state;
        // No action fails otherwise than the trial looks at; several ask which.
        if data.actions.len() != 1 {
            return Some(true);
        }
        if data.vars.is_some() {
            return costs.is_empty().then_some(true);
        }
        for cost in costs {
            let checked = match cost.filter {
                None => stdlib::costs::check_from_facts(cost, facts)?,
                Some(f) => {
                    let filter = self.set.program().filter(f)?;
                    let search = stdlib::costs::cost_search(cost, filter)?;
                    // `{S}` counts which of the candidates are in the payer's ring: all of them.
                    let sacrifice = cost.cost == names::COST_S;
                    let Peek::Found { matched, choose, min, random, .. } = peeker.peek_for(
                        buffers,
                        f,
                        false,
                        search,
                        if sacrifice { Count::All } else { Count::Choice },
                    )?
                    else {
                        return None;
                    };
                    let payable = if sacrifice {
                        // Which cards a random quantity kept decides how many are in the ring.
                        if random {
                            return None;
                        }
                        let own = |v: &&Value| {
                            v.as_card()
                                .and_then(|c| state.locate_card(CardRef::of(c)))
                                .is_some_and(|(seat, zone)| seat == me && matches!(zone, Zone::Ring(_)))
                        };
                        buffers.found().iter().filter(own).count()
                    } else {
                        buffers.found().len()
                    };
                    stdlib::costs::check_from_found(cost, matched, choose, min, payable)?
                }
            };
            match checked {
                Checked::Pays => {}
                Checked::Fails => return Some(false),
                // The trial suspends on the question: it did not fail.
                Checked::Asks => return Some(true),
            }
        }
        Some(true)
    }

    /// The trial of [`Game::activation_passes`] after its requisites, on a copy.
    pub(super) fn trial_passes(&self, card: CardRef, rules: u32, me: Seat) -> bool {
        let mut trial = self.scratch_copy();
        if !trial.state.is_character(card) {
            // Played, the card is on the table while it resolves, no longer in hand.
            trial.state.move_card_to(card, me, Zone::Table, -1);
        }
        let result = trial.runtime.try_activation(&mut trial.state, card.id(), CardIdx(rules), me.pid());
        let failed = matches!(
            result,
            Ok(VmOutcome::Done(Completion::Failure(
                Failure::RequisitesNotMet | Failure::RuleTargetNotFound | Failure::CostNotPaid
            )))
        );
        if let Ok(VmOutcome::Suspended(question)) = result {
            // Never answered: its buffers go back to the copy's runtime, which the next
            // copy made in the same spare keeps, instead of to the allocator.
            trial.runtime.cancel(question);
        }
        Game::discard_copy(trial);
        !failed
    }
}

/// What [`Game::trial_answer_read`] peeks at filters for: a trial of the card `env.source`
/// on `game`, where the card `moved` (played, on the table) is in no zone.
pub(super) struct Peeker<'a> {
    game: &'a Game,
    env: Env,
    moved: Option<Value>,
}

impl Peeker<'_> {
    /// [`vm::runtime::Runtime::peek_filter`] of `f` in the game as the trial sees it,
    /// searching the filter's zones or the payer's hand.
    fn peek(&self, buffers: &mut PeekBuffers, f: FilterIdx, rule_target: bool, search: CostSearch) -> Option<Peek> {
        self.peek_for(buffers, f, rule_target, search, Count::Choice)
    }

    /// [`Peeker::peek`] finding as many candidates as `count` says
    /// ([`vm::runtime::Runtime::peek_filter_for`]).
    fn peek_for(
        &self,
        buffers: &mut PeekBuffers,
        f: FilterIdx,
        rule_target: bool,
        search: CostSearch,
        count: Count,
    ) -> Option<Peek> {
        let state = &self.game.state;
        let zone_cards = |zone: ZoneRef, out: &mut Vec<Value>| {
            let lists_a_pile = match search {
                CostSearch::Filter => {
                    state.zone_candidates(&self.env, zone, out);
                    pile_zone(zone.zone).is_some()
                }
                CostSearch::Hand => {
                    let hand = &state.player(Seat::of(self.env.me)).hand;
                    out.extend(hand.iter().map(|c| Value::Card(c.id())));
                    true
                }
            };
            // The card played is in a pile: a ring's candidates never hold it (most
            // filters a trial peeks at search the rings: 1,400 instructions a random game).
            // A search scope would list a pile here: `trial_answer_read` declines with one.
            if let Some(moved) = self.moved
                && lists_a_pile
            {
                out.retain(|&c| c != moved);
            }
        };
        self.game.runtime.peek_filter_for(state, &self.env, f, rule_target, count, zone_cards, buffers)
    }
}

thread_local! {
    /// The buffers filters are peeked at in ([`Peeker::peek`]), kept per thread so that
    /// answering a trial from the game allocates nothing once they have grown.
    static PEEK_BUFFERS: std::cell::RefCell<PeekBuffers> = std::cell::RefCell::new(PeekBuffers::default());
}

/// Makes this thread's peek buffers if it has none yet: a game's setup does, so that the
/// turn that first peeks does not allocate them.
pub(crate) fn make_peek_buffers() {
    PEEK_BUFFERS.with(|_| ());
}
