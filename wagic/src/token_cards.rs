//! The token cards Wagic's `token(-id)` names by a printing's id, found as Wagic's
//! `MTGAbility.cpp` finds them: `MTGCollection()->getCardById(id)`, the printing of the set
//! files ([`crate::sets`]) with that very id, whose card is then the token (its name,
//! types, power and toughness, colours and rules).
//!
//! A token's printing has the negated id of its maker's (`ROE` gave Awakening Zone `193507`
//! and its Eldrazi Spawn `-193507`; a maker of several tokens adds two digits, `-20787511`
//! and `-20787512` for Wurmcoil Engine's Wurms); a positive id names an ordinary card
//! (Chronozoa's `token(111066)` copies itself). When no printing has the id, Wagic makes a
//! 0/0 creature token named `ID NOT FOUND` that dies at once: the card is refused instead,
//! saying which id the sets lack ([`TokenCardError`]), and never given another token.

use std::collections::BTreeMap;
use std::sync::Mutex;

use crate::card_names::CardNames;
use crate::sets::Sets;

/// Why a `token(id)` names no token card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenCardError {
    /// No printing of the sets has the id.
    NoPrinting,
    /// The printing names a card (its name as written, and its set) that no card file has.
    UnknownCard(String, String),
}

/// What a `token(id)` of the card files found: the id, and the card (as the card files
/// write its name) or why none.
pub type TokenPrinting = (i32, Result<String, TokenCardError>);

/// The ids of Wagic's set files and the names of the card files, to find the card a
/// `token(id)` makes a token of; or the answers a compilation with them gave
/// ([`TokenCards::answering`]), for compiling the same cards again where the set files
/// are not (a sim's worker process).
#[derive(Debug)]
pub struct TokenCards {
    answers: Answers,
    /// Each id asked for so far, with its answer ([`TokenCards::asked`]).
    asked: Mutex<BTreeMap<i32, Result<String, TokenCardError>>>,
}

/// Where a [`TokenCards`]'s answers come from.
#[derive(Debug)]
enum Answers {
    /// The set files' printings, naming cards of the card files.
    Sets { sets: Sets, names: CardNames },
    /// The answers of an earlier compilation: an id it did not ask for has no printing.
    Given(BTreeMap<i32, Result<String, TokenCardError>>),
}

impl TokenCards {
    /// The token cards of `sets`, whose printings name the cards `names` lists (as the card
    /// files write them; Wagic finds a printing's card by name in any case).
    pub fn new<'n>(sets: Sets, names: impl IntoIterator<Item = &'n str>) -> TokenCards {
        TokenCards::with(Answers::Sets { sets, names: CardNames::new(names) })
    }

    /// The token cards that answer as `printings` say (what [`TokenCards::asked`] gave
    /// where the cards were compiled first): the same cards compile the same way.
    pub fn answering(printings: impl IntoIterator<Item = TokenPrinting>) -> TokenCards {
        TokenCards::with(Answers::Given(printings.into_iter().collect()))
    }

    fn with(answers: Answers) -> TokenCards {
        TokenCards { answers, asked: Mutex::new(BTreeMap::new()) }
    }

    /// The name, as the card files write it, of the card `token(id)` makes a token of: the
    /// card of the printing Wagic's collection holds for `id` ([`Sets::printing`]).
    pub fn card_of(&self, id: i32) -> Result<String, TokenCardError> {
        let answer = match &self.answers {
            Answers::Sets { sets, names } => {
                let known = |entry: &crate::sets::SetEntry| names.written(&entry.name).is_some();
                sets.printing(id, known).ok_or(TokenCardError::NoPrinting).and_then(|printing| {
                    names.written(&printing.entry.name).map(str::to_owned).ok_or_else(|| {
                        TokenCardError::UnknownCard(printing.entry.name.clone(), printing.set.to_string())
                    })
                })
            }
            Answers::Given(given) => given.get(&id).cloned().unwrap_or(Err(TokenCardError::NoPrinting)),
        };
        // A poisoned lock only loses the record, never the answer.
        if let Ok(mut asked) = self.asked.lock() {
            asked.insert(id, answer.clone());
        }
        answer
    }

    /// Every id asked for so far with its answer, by id: what the cards compiled needed of
    /// the set files, which a sim hashes into its configuration and hands its workers.
    pub fn asked(&self) -> Vec<TokenPrinting> {
        self.asked
            .lock()
            .map(|asked| asked.iter().map(|(id, answer)| (*id, answer.clone())).collect())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(text: &str) -> Sets {
        let mut sets = Sets::new();
        sets.add("ROE", crate::sets::read(text));
        sets
    }

    #[test]
    fn an_id_is_the_card_of_the_printing_with_that_very_id() {
        let text = "[card]\nprimitive=Awakening Zone\nid=193507\n[/card]\n[card]\nprimitive=eldrazi spawn\nid=-193507\nrarity=T\n[/card]\n";
        let cards = TokenCards::new(sets(text), ["Awakening Zone", "Eldrazi Spawn"]);
        assert_eq!(cards.card_of(-193507), Ok("Eldrazi Spawn".to_string()));
        assert_eq!(cards.card_of(193507), Ok("Awakening Zone".to_string()));
        assert_eq!(cards.card_of(-4), Err(TokenCardError::NoPrinting));
        // What was asked, by id, answers the same again without the sets.
        let asked = cards.asked();
        assert_eq!(
            asked,
            [
                (-193507, Ok("Eldrazi Spawn".to_string())),
                (-4, Err(TokenCardError::NoPrinting)),
                (193507, Ok("Awakening Zone".to_string()))
            ]
        );
        let again = TokenCards::answering(asked);
        assert_eq!(again.card_of(-193507), Ok("Eldrazi Spawn".to_string()));
        assert_eq!(again.card_of(-4), Err(TokenCardError::NoPrinting));
        assert_eq!(again.card_of(77), Err(TokenCardError::NoPrinting));
    }

    #[test]
    fn a_printing_of_a_card_no_file_has_is_told_with_its_set() {
        let text = "[card]\nprimitive=Eldrazi Scion\nid=-622750\n[/card]\n";
        let cards = TokenCards::new(sets(text), ["Eldrazi Spawn"]);
        assert_eq!(cards.card_of(-622750), Err(TokenCardError::UnknownCard("Eldrazi Scion".into(), "ROE".into())));
    }
}
