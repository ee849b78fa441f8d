//! `maxCast(spec)n` (Wagic's `ACastRestriction` over a `MaxPerTurnRestriction` of the
//! player's stack): a player cannot cast a spell the spec matches once they have cast n
//! such spells this turn (`maxCast(*)1`: a second spell; `maxCast(creature)0`: any creature
//! spell). Wagic counts the cards its spec matches among those put on the player's stack
//! this turn (`MTGGameZone::seenThisTurn`), whatever spell put the effect there, and asks
//! each way to cast (normal, kicker, alternative, buyback, flashback, retrace, suspend,
//! face down) before the card goes on the stack.
//!
//! The front end reads the spec ([`read`]): `*` or one card type, then maybe one bracket:
//! types one of which the card has (`[instant;sorcery]`), types it lacks (`[-artifact]`) or
//! a colour (`[blue]`, a chosen colour written as one). The catalogue's `maxcast` packs the
//! limit into its effect's value ([`CastLimit::pack`]); the game and the runner ask
//! [`refused`] before a card is cast.

use vm::runtime::{CardId, PlayerId, Value};

use crate::catalogue;
use crate::host::EffectCode;
use crate::table::Board;

/// The card types a limit names, the first ones of [`catalogue::CARD_TYPES`] (creature,
/// artifact, enchantment, land, instant, sorcery, planeswalker): one bit each in a mask.
const LIMIT_TYPES: usize = 7;

/// The highest count a limit is written with (Wagic's cards write 0 and 1).
pub const MAX_COUNT: i32 = 15;

/// What a `maxCast(spec)n` counts and allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CastLimit {
    /// The spells of the scope a player may cast each turn.
    pub count: i32,
    /// The card types one of which a spell in the scope has (bit i: `CARD_TYPES[i]`);
    /// 0: any.
    pub any_of: i32,
    /// The card types a spell in the scope lacks, as a mask.
    pub none_of: i32,
    /// The colour a spell in the scope has: 1 + its index in [`catalogue::COLOUR_NAMES`];
    /// 0: any.
    pub colour: i32,
}

/// The mask of one of the limit's card types.
fn type_bit(word: &str) -> Option<i32> {
    let index = catalogue::CARD_TYPES.iter().take(LIMIT_TYPES).position(|named| named.name == word)?;
    Some(1 << index)
}

/// Reads `spec` and `count` of `maxCast(spec)count` (lower case, spaces left out); `None`
/// for a spec or a count the limit does not model.
pub fn read(spec: &str, count: &str) -> Option<CastLimit> {
    // `+n` or `-n` changes a limit already there (Wagic's `modifyExisting`: only the
    // land rule's in practice), which this does not model.
    if count.is_empty() || !count.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    let count: i32 = count.parse().ok().filter(|count| (0..=MAX_COUNT).contains(count))?;
    let (base, bracket) = match spec.split_once('[') {
        Some((base, rest)) => (base, Some(rest.strip_suffix(']')?)),
        None => (spec, None),
    };
    let any_of = if base == "*" { 0 } else { type_bit(base)? };
    let mut limit = CastLimit { count, any_of, none_of: 0, colour: 0 };
    let Some(bracket) = bracket else { return Some(limit) };
    if let Some(lacked) = bracket.strip_prefix('-') {
        limit.none_of = type_bit(lacked)?;
    } else if let Some(colour) = catalogue::COLOUR_NAMES.iter().position(|name| *name == bracket) {
        limit.colour = i32::try_from(colour).ok()? + 1;
    } else if any_of == 0 {
        // `*[instant;sorcery]`: one of the types.
        let words: Vec<&str> = bracket.split(';').collect();
        limit.any_of = words.iter().try_fold(0, |mask, word| Some(mask | type_bit(word)?))?;
    } else {
        return None;
    }
    Some(limit)
}

impl CastLimit {
    /// The limit as an effect's value: 4 bits of count, 3 of colour, then the masks.
    pub fn pack(self) -> i32 {
        let bits = |value: i32, width: u32| value & ((1 << width) - 1);
        bits(self.count, 4)
            | bits(self.colour, 3) << 4
            | bits(self.any_of, LIMIT_TYPES as u32) << 7
            | bits(self.none_of, LIMIT_TYPES as u32) << (7 + LIMIT_TYPES)
    }

    /// The limit an effect's value packs.
    pub fn unpack(value: i32) -> CastLimit {
        let mask = (1 << LIMIT_TYPES) - 1;
        CastLimit {
            count: value & 0xf,
            colour: (value >> 4) & 0x7,
            any_of: (value >> 7) & mask,
            none_of: (value >> (7 + LIMIT_TYPES)) & mask,
        }
    }

    /// Whether the card is a spell of the limit's scope, as it is now.
    fn covers(self, board: &Board, card: CardId) -> bool {
        let has = |mask: i32| {
            catalogue::CARD_TYPES
                .iter()
                .take(LIMIT_TYPES)
                .enumerate()
                .any(|(bit, named)| mask & (1 << bit) != 0 && board.has_type(card, named.name))
        };
        let colour = usize::try_from(self.colour - 1).ok().and_then(|index| catalogue::COLOUR_NAMES.get(index));
        (self.any_of == 0 || has(self.any_of))
            && !has(self.none_of)
            && colour.is_none_or(|colour| board.has_colour(card, colour))
    }
}

/// Whether a `maxCast` effect on `player` keeps them from casting `card` now: the card is
/// in its scope and `player` already cast as many spells of it this turn.
pub fn refused(board: &Board, card: CardId, player: PlayerId) -> bool {
    // A land played goes onto the battlefield, not the stack the limit watches.
    if board.has_type(card, "land") {
        return false;
    }
    board.effects.iter().any(|&(_, code, target, value)| {
        if code != EffectCode::MaxCast || target != Value::Player(player) {
            return false;
        }
        let limit = CastLimit::unpack(value);
        if !limit.covers(board, card) {
            return false;
        }
        let cast =
            board.cast_this_turn.iter().filter(|&&(caster, spell)| caster == player && limit.covers(board, spell));
        i32::try_from(cast.count()).unwrap_or(i32::MAX) >= limit.count
    })
}
