//! A card's type words read by their numbers ([`catalogue::type_word`]) rather than
//! compared as strings: a lord's filter asks every creature's types at each refresh of the
//! continuous effects, and a board of hundreds of tokens made that most of a game's time.

use std::sync::OnceLock;

use vm::runtime::CardId;

use super::effects::code_bit;
use super::{Board, Printed};
use crate::catalogue::{self, CARD_TYPES, LAND_SUBTYPES, SUBTYPES};
use crate::host::EffectCode;

/// The effects that change a card's type words.
pub(super) const TYPE_CHANGES: u32 =
    code_bit(EffectCode::AddType) | code_bit(EffectCode::LoseSubtypes) | code_bit(EffectCode::RemoveTypes);

/// Whether Wagic's `removetypes` takes the type word away (`ATransformer`: its types
/// numbered below `LAST_TYPE`): a card type or supertype, or the subtype Aura or
/// Equipment; not `permanent` nor `spell`, which no card has written.
pub(super) fn removed_by_removetypes(word: &str) -> bool {
    let card_type = CARD_TYPES.iter().any(|ty| ty.name == word && !["permanent", "spell"].contains(&ty.name));
    card_type || word == "aura" || word == "equipment"
}

/// A word that is none of the catalogue's: no number matches it.
const UNKNOWN: u16 = u16::MAX;

/// The number of a word of the catalogue as [`catalogue::type_word_index`] gives it (the
/// first of a word listed twice), or [`UNKNOWN`].
fn number_of(word: &str) -> u16 {
    catalogue::type_word_index(word).and_then(|index| u16::try_from(index).ok()).unwrap_or(UNKNOWN)
}

/// For each number of [`catalogue::type_word`], the number of its word
/// ([`number_of`]), and whether it is a land subtype.
fn words() -> &'static [(u16, bool)] {
    static WORDS: OnceLock<Vec<(u16, bool)>> = OnceLock::new();
    WORDS.get_or_init(|| {
        (0..CARD_TYPES.len() + SUBTYPES.len())
            .map(|index| {
                let word = catalogue::type_word(index).unwrap_or_default();
                (number_of(word), LAND_SUBTYPES.contains(&word))
            })
            .collect()
    })
}

/// The singular a subtype's name may stand for (`Elves` of `elves` is no subtype; `goblins`
/// stands for `goblin`): its number, or the word when the catalogue does not have it.
fn singulars() -> &'static [Option<(u16, &'static str)>] {
    static SINGULARS: OnceLock<Vec<Option<(u16, &'static str)>>> = OnceLock::new();
    SINGULARS.get_or_init(|| {
        SUBTYPES.iter().map(|word| word.strip_suffix('s').map(|singular| (number_of(singular), singular))).collect()
    })
}

impl Printed {
    /// The numbers of its type words in the catalogue, found once.
    pub fn type_numbers(&self) -> &[u16] {
        self.type_numbers.get_or_init(|| self.types.iter().map(|word| number_of(word)).collect())
    }
}

impl Board {
    /// [`Board::has_type`] of the catalogue's word number `index` ([`catalogue::type_word`]).
    pub fn has_type_number(&self, card: CardId, index: usize) -> bool {
        let Some(c) = self.get(card) else { return false };
        let Some(&(number, land_subtype)) = words().get(index) else { return false };
        if number == UNKNOWN {
            return false;
        }
        let mut has = c.printed.type_numbers().contains(&number);
        if !self.effects.any_of_on(card, TYPE_CHANGES) {
            return has;
        }
        for (_, code, _, value) in self.effects.on(card) {
            match code {
                EffectCode::AddType if !has => {
                    has = usize::try_from(*value)
                        .ok()
                        .and_then(|added| words().get(added))
                        .is_some_and(|w| w.0 == number);
                }
                EffectCode::LoseSubtypes if has => has = !land_subtype,
                EffectCode::RemoveTypes if has => {
                    has = !catalogue::type_word(index).is_some_and(removed_by_removetypes);
                }
                _ => {}
            }
        }
        has
    }

    /// Whether the card is of the catalogue's subtype `subtype` ([`SUBTYPES`]): its name,
    /// the word or its singular among its type words (`WagicHost::has_type_word`).
    pub fn has_subtype(&self, card: CardId, subtype: usize) -> bool {
        let Some(c) = self.get(card) else { return false };
        let Some(word) = SUBTYPES.get(subtype) else { return false };
        if c.printed.name.eq_ignore_ascii_case(word) || self.has_type_number(card, CARD_TYPES.len() + subtype) {
            return true;
        }
        match singulars().get(subtype).copied().flatten() {
            Some((UNKNOWN, singular)) => self.has_type(card, singular),
            Some((number, _)) => self.has_type_number(card, usize::from(number)),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use vm::runtime::Value;

    use super::*;
    use crate::host::WagicHost;
    use crate::table::{BATTLEFIELD, Card, P0};

    /// Each word by its number answers as the listed words do, printed, added, taken
    /// away, and so does each colour.
    #[test]
    fn words_by_number_answer_as_the_listed_words() {
        let mut board = Board::new();
        let printed = |types: &[&str]| Printed {
            types: types.iter().map(|word| word.to_string()).collect(),
            colours: vec!["red"],
            ..Printed::default()
        };
        for types in [&["creature", "goblins"][..], &["land", "forest", "nonsense"], &["artifact"]] {
            board.add_card(Card::new(printed(types), P0, BATTLEFIELD));
        }
        let number = |word: &str| i32::try_from(catalogue::type_word_index(word).unwrap_or(0)).unwrap_or(0);
        board.effects.push((1, EffectCode::AddType, Value::Card(CardId(1)), number("island")));
        board.effects.push((2, EffectCode::LoseSubtypes, Value::Card(CardId(1)), 3));
        board.effects.push((3, EffectCode::AddType, Value::Card(CardId(1)), number("swamp")));
        board.effects.push((4, EffectCode::AddType, Value::Card(CardId(2)), number("creature")));
        board.effects.push((5, EffectCode::SetColours, Value::Card(CardId(2)), 0b110));
        board.effects.push((6, EffectCode::AddColours, Value::Card(CardId(0)), 0b1));
        for card in (0..4).map(CardId) {
            let types = board.types(card);
            for index in 0..CARD_TYPES.len() + SUBTYPES.len() {
                let word = catalogue::type_word(index).unwrap_or_default();
                assert_eq!(board.has_type_number(card, index), types.contains(&word), "{card:?} {word}");
            }
            for (subtype, word) in SUBTYPES.iter().enumerate() {
                assert_eq!(board.has_subtype(card, subtype), board.has_type_word(card, word), "{card:?} {word}");
            }
            for colour in catalogue::COLOUR_NAMES {
                assert_eq!(board.has_colour(card, colour), board.colours(card).contains(&colour), "{card:?} {colour}");
            }
        }
        assert!(board.has_type_number(CardId(1), number("swamp") as usize));
        assert!(!board.has_type_number(CardId(1), number("forest") as usize));
    }
}
