//! [`NameCache`]: a fast path remembering the symbols of names met before, kept from card
//! to card, and how glued words (`oppRing`) split. Kept because parsing without it (and
//! without the parser's `List`) took `corpus/parse_and_check` from 176 µs to 497 µs
//! (criterion, 2026-11-26, on a 440 µs `corpus/compile`).

use crate::ast::*;
use crate::catalogue_names::{NameTable, Names};
use lasso::Key;

/// Symbols of the names met before, kept from card to card: a direct-mapped table in which
/// a name of at most 16 bytes is its own key (its bytes as written, so each spelling of a
/// name has its own slot), so that finding it again takes no hashing of strings, no
/// lower-casing and no string comparison.
///
/// It also remembers how glued words split (`oppRing` → `opp` + `ring`), per `Glued`
/// kind and word: finding a split interns the same names each time, so that once per
/// session is enough.
#[derive(Debug, Clone)]
pub struct NameCache {
    /// Indexed by [`NameCache::slot`], which is always in range.
    pub(super) slots: Box<[NameSlot; NameCache::SLOTS]>,
    /// By [`Glued`] kind, then by the whole word's symbol: its split, once found.
    pub(super) splits: [Vec<Lookup<Split>>; Glued::KINDS],
    /// By a word's symbol: the type word it is the plural of (`characters` → `character`),
    /// once looked for.
    pub(super) singulars: Vec<Lookup<Symbol>>,
}

/// What a cache remembers of something looked for: not looked for yet, looked for and not
/// there, or found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Lookup<T> {
    NotTried,
    Absent,
    Found(T),
}

impl<T> From<Option<T>> for Lookup<T> {
    fn from(found: Option<T>) -> Lookup<T> {
        found.map_or(Lookup::Absent, Lookup::Found)
    }
}

#[derive(Debug, Clone, Copy)]
pub(super) struct NameSlot {
    pub(super) key: [u64; 2],
    /// `u32::MAX` in an empty slot, which no text matches: a found slot always has a symbol.
    pub(super) len: u32,
    pub(super) symbol: Symbol,
}

impl Default for NameCache {
    fn default() -> NameCache {
        NameCache {
            slots: Box::new([NameSlot { key: [0; 2], len: u32::MAX, symbol: Symbol::default() }; NameCache::SLOTS]),
            splits: Default::default(),
            singulars: Vec::new(),
        }
    }
}

impl NameCache {
    pub(super) const SLOTS: usize = 4096;
    pub(super) const KEY_BYTES: usize = 16;

    /// The key of the `len` bytes at `start` in `source` when `len` is at most 16: those
    /// bytes zero-padded, eight to a word (texts of one length have the same key exactly
    /// when they are equal). The bytes are read as one 16-byte window wherever the source
    /// allows, without copying.
    pub(super) fn key(source: &[u8], start: usize, len: usize) -> Option<[u64; 2]> {
        const WIDTH: usize = NameCache::KEY_BYTES;
        if len > WIDTH {
            return None;
        }
        let end = start.checked_add(len)?;
        let window = |from: usize| source.get(from..from + WIDTH).map(|bytes| bytes.try_into().unwrap_or([0; WIDTH]));
        let bits = if let Some(after) = window(start) {
            // The text and what follows it: keep the first `len` bytes.
            u128::from_le_bytes(after) & KEY_MASKS[len]
        } else if let Some(before) = end.checked_sub(WIDTH).and_then(window) {
            // Near the end of the source: what precedes the text and the text; keep the last.
            u128::from_le_bytes(before).checked_shr(((WIDTH - len) * 8) as u32).unwrap_or(0)
        } else {
            let mut padded = [0u8; WIDTH];
            padded[..len].copy_from_slice(source.get(start..end)?);
            u128::from_le_bytes(padded)
        };
        Some([bits as u64, (bits >> 64) as u64])
    }

    /// The split of `word` as a `glued` word, if it was found before.
    pub(super) fn split(&self, glued: Glued, word: Symbol) -> Lookup<Split> {
        self.splits[glued as usize].get(word.into_usize()).copied().unwrap_or(Lookup::NotTried)
    }

    /// Remembers the split (or that there is none) of `word` as a `glued` word.
    pub(super) fn remember_split(&mut self, glued: Glued, word: Symbol, split: Option<Split>) {
        let splits = &mut self.splits[glued as usize];
        let index = word.into_usize();
        if splits.len() <= index {
            splits.resize(index + 1, Lookup::NotTried);
        }
        splits[index] = Lookup::from(split);
    }

    /// The type word `word` is the plural of, if that was looked for before.
    pub(super) fn singular(&self, word: Symbol) -> Lookup<Symbol> {
        self.singulars.get(word.into_usize()).copied().unwrap_or(Lookup::NotTried)
    }

    /// Remembers the type word `word` is the plural of (or that there is none).
    pub(super) fn remember_singular(&mut self, word: Symbol, singular: Option<Symbol>) {
        let index = word.into_usize();
        if self.singulars.len() <= index {
            self.singulars.resize(index + 1, Lookup::NotTried);
        }
        self.singulars[index] = Lookup::from(singular);
    }

    pub(super) fn slot(key: [u64; 2], len: usize) -> usize {
        let mixed = (key[0] ^ key[1].rotate_left(29) ^ len as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> (u64::BITS - Self::SLOTS.trailing_zeros())) as usize % Self::SLOTS
    }
}

/// `KEY_MASKS[n]` keeps the first `n` bytes of a little-endian 16-byte window.
pub(super) static KEY_MASKS: [u128; NameCache::KEY_BYTES + 1] = {
    let mut masks = [u128::MAX; NameCache::KEY_BYTES + 1];
    let mut len = 0;
    while len < NameCache::KEY_BYTES {
        masks[len] = (1u128 << (len * 8)) - 1;
        len += 1;
    }
    masks
};

/// A kind of word that may glue a known prefix to a known name: `oppRing`, `myEndPhase`,
/// `oppueot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Glued {
    Zone,
    Event,
    Restriction,
}

impl Glued {
    pub(super) const KINDS: usize = 3;

    /// The prefixes and the names that may follow them.
    pub(super) fn tables(self, names: &Names) -> (&NameTable, &NameTable) {
        match self {
            Glued::Zone => (&names.zone_prefixes, &names.zones),
            Glued::Event => (&names.event_prefixes, &names.events),
            Glued::Restriction => (&names.restriction_prefixes, &names.restrictions),
        }
    }
}

/// Where a glued word splits, and the symbols of its two parts.
#[derive(Debug, Clone, Copy)]
pub(super) struct Split {
    pub(super) at: u32,
    pub(super) prefix: Symbol,
    pub(super) rest: Symbol,
}

#[cfg(test)]
mod tests {
    use super::NameCache;

    #[test]
    fn name_keys_are_equal_exactly_for_equal_texts() {
        let key = |text: &str| NameCache::key(text.as_bytes(), 0, text.len());
        assert_ne!(key("MoveTo"), key("moveto"));
        assert_ne!(key("abcdefgh"), key("abcdefgh_"));
        assert!(key("0123456789abcdef").is_some());
        assert_eq!(key("0123456789abcdefg"), None);
        // Only the text counts, wherever it is in the source and whatever surrounds it.
        let source = b"action = draw(2) to(this) # abcdefghijklmnop moveTo";
        for (start, text) in [(9, "draw"), (0, "action"), (17, "to"), (source.len() - 6, "moveTo"), (26, "# a")] {
            assert_eq!(NameCache::key(source, start, text.len()), key(text), "{text}");
        }
        assert_eq!(NameCache::key(b"xdry", 1, 2), key("dr"));
        assert_eq!(NameCache::key(b"xy", 1, 2), None);
        assert_eq!(NameCache::key(source, source.len(), 0), key(""));
    }
}
