//! The effects in force, in the order they were recorded, and, once they are many, how
//! many of them each source holds of each kind: recording looks for an equal effect first,
//! and a lord over a board of tokens records one a creature at every refresh.

use std::ops::Deref;

use rustc_hash::FxHashMap;

use super::host::{Effect, EffectKind, Restriction};
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
