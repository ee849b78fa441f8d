//! The names of the cards of the card files a card is compiled with, found as Wagic's
//! `MTGCollection()->getCardByName` finds them: in any case. `flip(Name)` names the card a
//! permanent becomes ([`crate::front`]), and a `token(id)`'s printing the card it makes a
//! token of ([`crate::token_cards`]).

use std::collections::HashMap;

/// Every card name of some card files.
#[derive(Debug, Clone, Default)]
pub struct CardNames {
    /// Each name, lower case, to the name as its first card writes it.
    by_lower: HashMap<String, String>,
}

impl CardNames {
    /// The names `names` lists, as the card files write them (the first spelling of a
    /// name met twice is kept).
    pub fn new<'n>(names: impl IntoIterator<Item = &'n str>) -> CardNames {
        let mut by_lower = HashMap::new();
        for name in names {
            by_lower.entry(name.to_lowercase()).or_insert_with(|| name.to_string());
        }
        CardNames { by_lower }
    }

    /// The name of the card named `name` in any case, as the card files write it; `None`
    /// when no card has it.
    pub fn written(&self, name: &str) -> Option<&str> {
        self.by_lower.get(&name.to_lowercase()).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_found_in_any_case_as_the_files_write_it() {
        let names = CardNames::new(["Lord of Lineage", "Bloodline Keeper", "lord of lineage"]);
        assert_eq!(names.written("LORD OF LINEAGE"), Some("Lord of Lineage"));
        assert_eq!(names.written("Kenzo the Hardhearted"), None);
    }
}
