//! The effects in force, in the order they were recorded, and, once they are many, how
//! many of them each source holds of each kind: recording looks for an equal effect first,
//! and a lord over a board of tokens records one a creature at every refresh.

use std::ops::Deref;

use rustc_hash::FxHashMap;

use smallvec::SmallVec;

use super::host::{Effect, EffectId, EffectKind, Restriction};
use super::value::CardId;

/// How many effects in force make recording count equal effects in a map rather than
/// look through them all: a game of a few dozen (every CFC game) never builds the map,
/// and copying its runtime copies none.
const COUNTED_FROM: usize = 64;

/// How many ids of ended effects [`Effects`] keeps for the continuous autos to check what
/// they hold against ([`Effects::ended_since`]); older ones are forgotten, and an auto that
/// last ran before them looks its effects up one by one.
const ENDED_KEPT: usize = 4096;

/// What makes two effects equal for recording: the same source, kind and restriction.
type Key = (CardId, EffectKind, Option<Restriction>);

fn key(effect: &Effect) -> Key {
    (effect.source, effect.kind, effect.restriction)
}

/// The effects in force. Reads go through the slice ([`Deref`]); changes go through the
/// methods below, which keep the counts true.
#[derive(Debug, Default)]
pub(crate) struct Effects {
    list: Vec<Effect>,
    /// How many effects of `list` have each key; kept from the time `list` reaches
    /// [`COUNTED_FROM`] until it empties.
    counts: Option<FxHashMap<Key, u32>>,
    /// The ids of the effects ended lately, in the order they ended, while the effects
    /// are counted (a game of few effects keeps none).
    ended: Vec<EffectId>,
    /// How many effects ended before the first of `ended`.
    ended_before: u64,
}

impl Clone for Effects {
    fn clone(&self) -> Effects {
        Effects {
            list: self.list.clone(),
            counts: self.counts.clone(),
            ended: self.ended.clone(),
            ended_before: self.ended_before,
        }
    }

    fn clone_from(&mut self, source: &Effects) {
        self.list.clone_from(&source.list);
        self.counts.clone_from(&source.counts);
        self.ended.clone_from(&source.ended);
        self.ended_before = source.ended_before;
    }
}

impl Deref for Effects {
    type Target = [Effect];

    fn deref(&self) -> &[Effect] {
        &self.list
    }
}

impl Effects {
    /// No effect, with room for `capacity` before the list grows.
    pub fn with_capacity(capacity: usize) -> Effects {
        Effects { list: Vec::with_capacity(capacity), counts: None, ended: Vec::new(), ended_before: 0 }
    }

    /// Adds `effect` after the others.
    pub fn push(&mut self, effect: Effect) {
        self.list.push(effect);
        match &mut self.counts {
            Some(counts) => *counts.entry(key(&effect)).or_default() += 1,
            None if self.list.len() >= COUNTED_FROM => {
                let mut counts = FxHashMap::default();
                for effect in &self.list {
                    *counts.entry(key(effect)).or_default() += 1;
                }
                self.counts = Some(counts);
            }
            None => {}
        }
    }

    /// Whether an effect of `source`, `kind` and `restriction` is in force.
    pub fn holds(&self, source: CardId, kind: EffectKind, restriction: Option<Restriction>) -> bool {
        match &self.counts {
            Some(counts) => counts.contains_key(&(source, kind, restriction)),
            None => self
                .list
                .iter()
                .any(|effect| effect.source == source && effect.kind == kind && effect.restriction == restriction),
        }
    }

    /// The effect in force with id `id`: the list is in the order the ids were given,
    /// which count up (a look through it all should they ever wrap around).
    pub fn find(&self, id: EffectId) -> Option<&Effect> {
        let in_order = self.list.first().zip(self.list.last()).is_none_or(|(first, last)| first.id <= last.id);
        if in_order {
            let at = self.list.binary_search_by_key(&id, |effect| effect.id).ok()?;
            return self.list.get(at);
        }
        self.list.iter().find(|effect| effect.id == id)
    }

    /// The effects in force among `ids`, in order, for ids in ascending order (an
    /// auto's, as a refresh keeps them): each is found by galloping forward from the one
    /// before, so that an auto's effects, recorded together and so side by side in the
    /// list, cost a step each rather than a search of the whole list.
    pub fn find_ascending(&self, ids: &[EffectId], found: &mut Vec<Effect>) {
        let in_order = self.list.first().zip(self.list.last()).is_none_or(|(first, last)| first.id <= last.id);
        if !in_order || !ids.is_sorted() {
            found.extend(ids.iter().filter_map(|&id| self.find(id)));
            return;
        }
        let mut from = 0;
        for &id in ids {
            from = first_from(&self.list, from, id);
            if let Some(effect) = self.list.get(from).filter(|effect| effect.id == id) {
                found.push(*effect);
                from += 1;
            }
        }
    }

    /// The effects given an id from `first` on (the ones a run just recorded: the last
    /// of the list), in order.
    pub fn recorded_since(&self, first: u32, next: u32) -> &[Effect] {
        let recorded = next.wrapping_sub(first);
        let newer = self.list.iter().rev().take_while(|effect| effect.id.0.wrapping_sub(first) < recorded).count();
        self.list.get(self.list.len() - newer..).unwrap_or(&[])
    }

    /// Keeps the effects `keep` selects, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Effect) -> bool) {
        let before = self.list.len();
        let counts = &mut self.counts;
        let ended = &mut self.ended;
        if counts.is_some() && ended.len() >= ENDED_KEPT {
            self.ended_before += ended.len() as u64;
            ended.clear();
        }
        self.list.retain(|effect| {
            let kept = keep(effect);
            if !kept && let Some(counts) = counts {
                let key = key(effect);
                if let Some(count) = counts.get_mut(&key) {
                    *count -= 1;
                    if *count == 0 {
                        counts.remove(&key);
                    }
                }
                ended.push(effect.id);
            }
            kept
        });
        if self.counts.is_none() {
            // Not counted: the ended ids are not kept, and every mark given before is
            // too old.
            self.ended_before += (before - self.list.len() + self.ended.len()) as u64;
            self.ended.clear();
        }
        if self.list.is_empty() {
            self.counts = None;
        }
    }

    /// A mark of the effects ended so far, for [`Effects::ended_since`].
    pub fn ended_mark(&self) -> u64 {
        self.ended_before + self.ended.len() as u64
    }

    /// The ids of the effects ended since `mark` was given, in the order they ended; none
    /// when they are no longer all known.
    pub fn ended_since(&self, mark: u64) -> Option<&[EffectId]> {
        let since = usize::try_from(mark.checked_sub(self.ended_before)?).ok()?;
        self.ended.get(since..)
    }
}

/// The first position from `from` on of `list` (sorted by id) whose id is `id` or more:
/// the steps forward double until one passes it, then a binary search between the last
/// two.
fn first_from(list: &[Effect], from: usize, id: EffectId) -> usize {
    let mut low = from;
    let mut step = 1;
    let mut high = from;
    while let Some(effect) = list.get(high)
        && effect.id < id
    {
        low = high + 1;
        high = low.saturating_add(step);
        step = step.saturating_mul(2);
    }
    let high = high.min(list.len());
    low + list.get(low..high).map_or(0, |between| between.partition_point(|effect| effect.id < id))
}

/// The effects a continuous auto held at its last run while it runs again: an equal
/// effect it records anew (same source, kind, restriction and controller) is the one it
/// holds, kept in force rather than ended and recorded again (a lord over hundreds of
/// tokens restates the same grants at every refresh); those it does not record again end
/// after the run. A run that restates them in the order it recorded them (a lord going
/// through the same creatures) finds each at once; one out of order looks up the rest by
/// key from then on.
#[derive(Debug, Default)]
pub(crate) struct Renewal {
    /// Whether a continuous auto is running again.
    pub active: bool,
    /// The effects it held that are still in force, in the order they were recorded.
    in_order: Vec<Effect>,
    /// How many of `in_order` were recorded again in order.
    next: usize,
    /// Whether the run asked out of order: the rest of `in_order` is then in `by_key`.
    keyed: bool,
    /// The effects held not recorded again yet, by key, once the run asked out of order.
    by_key: FxHashMap<Key, SmallVec<[Effect; 2]>>,
    /// The effects it recorded again.
    pub renewed: Vec<Effect>,
    /// Whether it asked for an effect it held with another controller.
    pub replaced: bool,
}

impl Renewal {
    /// Starts a run again of an auto that held `held` (in the order they were given) in
    /// force when `mark` was given ([`Effects::ended_mark`]): those of them still in force
    /// can be renewed. They are known without a look through the effects in force unless
    /// too many ended since.
    pub fn begin(&mut self, effects: &Effects, held: &mut Vec<Effect>, mark: u64) {
        // `held` is taken as it is, not copied, and left an empty list.
        std::mem::swap(&mut self.in_order, held);
        held.clear();
        match effects.ended_since(mark) {
            Some(ended) => {
                if let (Some(&first), Some(&last)) = (ended.iter().min(), ended.iter().max()) {
                    let mut ended = ended.to_vec();
                    ended.sort_unstable();
                    self.in_order.retain(|effect| {
                        !(first..=last).contains(&effect.id) || ended.binary_search(&effect.id).is_err()
                    });
                }
            }
            None => {
                let ids: Vec<EffectId> = self.in_order.iter().map(|effect| effect.id).collect();
                self.in_order.clear();
                effects.find_ascending(&ids, &mut self.in_order);
            }
        }
        self.next = 0;
        self.keyed = false;
        self.by_key.clear();
        self.renewed.clear();
        self.replaced = false;
        self.active = true;
    }

    /// Takes an effect held equal to `effect` (but its id), if there is one, and notes it
    /// renewed.
    pub fn renew(&mut self, effect: &Effect) -> Renewed {
        if !self.active {
            return Renewed::NotHeld;
        }
        // An effect's controller says whose timers end it: it is part of what is equal.
        let same = |held: &Effect| {
            held.source == effect.source
                && held.kind == effect.kind
                && held.restriction == effect.restriction
                && held.controller == effect.controller
        };
        if !self.keyed {
            if let Some(held) = self.in_order.get(self.next).filter(|held| same(held)) {
                self.next += 1;
                self.renewed.push(*held);
                return Renewed::Kept(held.id);
            }
            self.keyed = true;
            for held in self.in_order.get(self.next..).unwrap_or(&[]) {
                self.by_key.entry(key(held)).or_default().push(*held);
            }
        }
        let Some(held) = self.by_key.get_mut(&key(effect)) else { return Renewed::NotHeld };
        // One of another controller ends after the run.
        let Some(at) = held.iter().position(same) else {
            self.replaced = true;
            return Renewed::Replaced;
        };
        let kept = held.remove(at);
        self.renewed.push(kept);
        Renewed::Kept(kept.id)
    }

    /// Ends the run again: the effects held that it did not record again, sorted.
    pub fn finish(&mut self) -> Vec<EffectId> {
        self.active = false;
        let mut left: Vec<EffectId> = if self.keyed {
            self.by_key.drain().flat_map(|(_, held)| held).map(|held| held.id).collect()
        } else {
            self.in_order.get(self.next..).unwrap_or(&[]).iter().map(|held| held.id).collect()
        };
        left.sort_unstable();
        left
    }
}

/// What [`Renewal::renew`] found for an effect asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Renewed {
    /// The auto held no equal effect.
    NotHeld,
    /// It held this one, which stays in force.
    Kept(EffectId),
    /// It held an equal one of another controller, which ends after the run: the effect
    /// asked for is recorded anew.
    Replaced,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytecode::AbilityIdx;
    use crate::runtime::host::EffectId;
    use crate::runtime::value::{PlayerId, Value};

    fn grant(id: u32, source: u32, target: u32) -> Effect {
        Effect {
            id: EffectId(id),
            source: CardId(source),
            controller: PlayerId(0),
            restriction: None,
            kind: EffectKind::Ability { target: Value::Card(CardId(target)), ability: AbilityIdx(0) },
        }
    }

    fn holds(effects: &Effects, source: u32, target: u32) -> bool {
        let effect = grant(0, source, target);
        effects.holds(effect.source, effect.kind, effect.restriction)
    }

    /// Below the threshold and past it, and back under it, recording finds the same
    /// equal effects: a lord's grants to 200 tokens, ended one token in two.
    #[test]
    fn equal_effects_are_found_the_same_with_or_without_counts() {
        let mut effects = Effects::default();
        for target in 0..200 {
            effects.push(grant(target, 1, target));
            assert!(holds(&effects, 1, target) && !holds(&effects, 2, target) && !holds(&effects, 1, target + 1));
        }
        assert!(effects.counts.is_some());
        // An equal effect recorded twice (a stacking pump) is held until both end.
        effects.push(grant(201, 1, 7));
        effects.retain(|effect| effect.id.0 != 7);
        assert!(holds(&effects, 1, 7));
        effects.retain(|effect| effect.id.0 % 2 == 0 || effect.id.0 == 7);
        assert!(!holds(&effects, 1, 7) && !holds(&effects, 1, 9) && holds(&effects, 1, 8));
        assert_eq!(effects.len(), 100);
        let copy = effects.clone();
        effects.retain(|_| false);
        assert!(effects.is_empty() && effects.counts.is_none() && !holds(&effects, 1, 8));
        assert!(holds(&copy, 1, 8) && !holds(&copy, 1, 9));
    }

    /// A renewal knows which of what an auto held ended since its last run from the ids
    /// ended since its mark; a mark older than what is kept (or given while the effects
    /// were not counted) makes it look its effects up.
    #[test]
    fn what_ended_since_a_mark_is_not_renewed() {
        let mut effects = Effects::default();
        for id in 0..10 {
            effects.push(grant(id, 1, id));
        }
        let mark = effects.ended_mark();
        effects.retain(|effect| effect.id.0 != 3);
        assert_eq!(effects.ended_since(mark), None);
        assert_eq!(effects.ended_since(effects.ended_mark()), Some(&[][..]));
        for id in 10..100 {
            effects.push(grant(id, 1, id));
        }
        let mark = effects.ended_mark();
        effects.retain(|effect| effect.id.0 != 50 && effect.id.0 != 20);
        assert_eq!(effects.ended_since(mark), Some(&[EffectId(20), EffectId(50)][..]));
        for mark in [mark, 0] {
            let mut held: Vec<Effect> = [20, 21, 50, 60].map(|id| grant(id, 1, id)).to_vec();
            let mut renewal = Renewal::default();
            renewal.begin(&effects, &mut held, mark);
            assert!(held.is_empty());
            assert_eq!(renewal.renew(&grant(999, 1, 21)), Renewed::Kept(EffectId(21)));
            assert_eq!(renewal.renew(&grant(999, 1, 50)), Renewed::NotHeld);
            assert_eq!(renewal.finish(), [EffectId(60)]);
        }
    }

    /// Ids in ascending order are found as one at a time would find them: runs side by
    /// side, gaps, ids no longer in force, and ids past the last.
    #[test]
    fn ids_in_ascending_order_are_found_as_one_by_one() {
        let mut effects = Effects::default();
        for id in (0..500).filter(|id| id % 7 != 3) {
            effects.push(grant(id, 1, id));
        }
        let id_list = |ids: &[u32]| ids.iter().map(|&id| EffectId(id)).collect::<Vec<_>>();
        for ids in [
            vec![],
            vec![0],
            vec![3],
            vec![0, 1, 2, 3, 4, 5],
            vec![10, 200, 201, 202, 499, 500, 900],
            (0..600).collect(),
        ] {
            let ids = id_list(&ids);
            let mut found = Vec::new();
            effects.find_ascending(&ids, &mut found);
            let one_by_one: Vec<Effect> = ids.iter().filter_map(|&id| effects.find(id)).copied().collect();
            assert_eq!(
                found.iter().map(|e| e.id).collect::<Vec<_>>(),
                one_by_one.iter().map(|e| e.id).collect::<Vec<_>>()
            );
        }
        // Not in ascending order: found one at a time, in the order asked.
        let mut found = Vec::new();
        effects.find_ascending(&id_list(&[20, 5]), &mut found);
        assert_eq!(found.iter().map(|e| e.id.0).collect::<Vec<_>>(), [20, 5]);
    }
}
