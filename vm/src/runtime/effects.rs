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
}

impl Clone for Effects {
    fn clone(&self) -> Effects {
        Effects { list: self.list.clone(), counts: self.counts.clone() }
    }

    fn clone_from(&mut self, source: &Effects) {
        self.list.clone_from(&source.list);
        self.counts.clone_from(&source.counts);
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
        Effects { list: Vec::with_capacity(capacity), counts: None }
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

    /// The effects given an id from `first` on (the ones a run just recorded: the last
    /// of the list), in order.
    pub fn recorded_since(&self, first: u32, next: u32) -> &[Effect] {
        let recorded = next.wrapping_sub(first);
        let newer = self.list.iter().rev().take_while(|effect| effect.id.0.wrapping_sub(first) < recorded).count();
        self.list.get(self.list.len() - newer..).unwrap_or(&[])
    }

    /// Keeps the effects `keep` selects, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Effect) -> bool) {
        let counts = &mut self.counts;
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
            }
            kept
        });
        if self.list.is_empty() {
            self.counts = None;
        }
    }
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
    pub renewed: Vec<EffectId>,
    /// Whether it asked for an effect it held with another controller.
    pub replaced: bool,
}

impl Renewal {
    /// Starts a run again of an auto that held `ids` (in the order they were given): those
    /// of them in force can be renewed.
    pub fn begin(&mut self, effects: &Effects, ids: &[EffectId]) {
        self.in_order.clear();
        self.in_order.extend(ids.iter().filter_map(|&id| effects.find(id)));
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
                self.renewed.push(held.id);
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
        let id = held.remove(at).id;
        self.renewed.push(id);
        Renewed::Kept(id)
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
}
