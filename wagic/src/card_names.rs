//! The names of the cards of the card files a card is compiled with, found as Wagic's
//! `MTGCollection()->getCardByName` finds them: in any case. `flip(Name)` names the card a
//! permanent becomes ([`crate::front`]), and a `token(id)`'s printing the card it makes a
//! token of ([`crate::token_cards`]). [`CardNames::of_sources`] also knows which cards a
//! flip names do not compile, so that `rsc check`, `rsc run` and the Python package all
//! refuse a card flipping into one, at its `flip(...)`.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use vm::bytecode::BundleBuilder;

use crate::reader::CardBlock;
use crate::{CATALOGUE, CardKeys};

/// Every card name of some card files.
#[derive(Debug, Clone, Default)]
pub struct CardNames {
    /// Each name, lower case, to the name as its first card writes it.
    by_lower: HashMap<String, String>,
    /// Each card a `flip(Name)` names that does not compile, by its name lower case, to
    /// why (its first error, code first).
    refused_flips: HashMap<String, String>,
}

impl CardNames {
    /// The names `names` lists, as the card files write them (the first spelling of a
    /// name met twice is kept).
    pub fn new<'n>(names: impl IntoIterator<Item = &'n str>) -> CardNames {
        let mut by_lower = HashMap::new();
        for name in names {
            by_lower.entry(name.to_lowercase()).or_insert_with(|| name.to_string());
        }
        CardNames { by_lower, refused_flips: HashMap::new() }
    }

    /// The names of the cards of the card files `sources` (their texts), with each card
    /// a `flip(Name)` of them names compiled first, with `keys`'s token cards: one that
    /// does not compile, or flips in turn into one that does not, is refused
    /// ([`CardNames::refused`]), so that a card flipping into it is refused as it
    /// compiles rather than stop a game as it flips. Only the cards flipped into are
    /// compiled twice.
    pub fn of_sources(sources: &[&str], keys: &CardKeys) -> CardNames {
        let blocks: Vec<(&str, CardBlock<'_>)> = sources
            .iter()
            .flat_map(|source| crate::reader::read(source).into_iter().map(move |block| (*source, block)))
            .collect();
        let mut names = CardNames::new(blocks.iter().map(|(_, block)| block.name()));
        let mut first_block = HashMap::new();
        for (source, block) in &blocks {
            first_block.entry(block.name().to_lowercase()).or_insert((*source, block));
        }
        // The cards flipped into, and the cards those flip into, each once.
        let mut flipped_into: Vec<(String, Vec<String>)> = Vec::new();
        let mut met = HashSet::new();
        let mut waiting: Vec<String> = blocks.iter().flat_map(|(_, block)| flip_names(block)).collect();
        while let Some(name) = waiting.pop() {
            if !met.insert(name.clone()) {
                continue;
            }
            if let Some((_, block)) = first_block.get(&name) {
                let into = flip_names(block);
                waiting.extend(into.iter().cloned());
                flipped_into.push((name, into));
            }
        }
        if flipped_into.is_empty() {
            return names;
        }
        let mut alone = String::new();
        for (name, _) in &flipped_into {
            let (source, block) = first_block[name];
            alone.push_str(source.get(block.block.range()).unwrap_or_default());
            alone.push('\n');
        }
        let mut bundle = BundleBuilder::new(&CATALOGUE);
        let mut first_keys = CardKeys { token_cards: keys.token_cards.clone(), ..CardKeys::default() }
            .with_card_names(Arc::new(names.clone()));
        let mut refused = HashMap::new();
        crate::compile_each("flipped-into cards", &alone, &mut bundle, &mut first_keys, |outcome| {
            if let Some(error) = outcome.error {
                let why = format!("{} {}", error.code.as_str(), error.message);
                refused.entry(outcome.name.to_lowercase()).or_insert(why);
            }
        });
        // Each round refuses a card at least, so there are at most as many rounds as cards.
        for _ in 0..=flipped_into.len() {
            let newly: Vec<(String, String)> = flipped_into
                .iter()
                .filter(|(name, _)| !refused.contains_key(name))
                .filter_map(|(name, into)| {
                    let target = into.iter().find(|target| refused.contains_key(*target))?;
                    let written = names.written(target).unwrap_or(target);
                    Some((name.clone(), format!("E0100 unsupported: {}", does_not_compile(written))))
                })
                .collect();
            if newly.is_empty() {
                break;
            }
            refused.extend(newly);
        }
        names.refused_flips = refused;
        names
    }

    /// The name of the card named `name` in any case, as the card files write it; `None`
    /// when no card has it.
    pub fn written(&self, name: &str) -> Option<&str> {
        self.by_lower.get(&name.to_lowercase()).map(String::as_str)
    }

    /// Why the card named `name` (in any case), which a `flip(Name)` names, does not
    /// compile; `None` when it does, or when [`CardNames::of_sources`] did not look.
    pub fn refused(&self, name: &str) -> Option<&str> {
        self.refused_flips.get(&name.to_lowercase()).map(String::as_str)
    }
}

/// The construct of a `flip(...)` into `name`, a card that does not compile.
pub(crate) fn does_not_compile(name: &str) -> String {
    format!("`flip(...)` into `{name}`, which does not compile")
}

/// The names, lower case, a card's lines flip it into (`flip(Name)`, `^` read as `,`).
fn flip_names(block: &CardBlock<'_>) -> Vec<String> {
    let mut found = Vec::new();
    for field in &block.fields {
        let lower = field.value.to_lowercase();
        let mut rest = lower.as_str();
        while let Some(at) = rest.find("flip(") {
            let starts_word = rest[..at].chars().next_back().is_none_or(|before| !before.is_alphanumeric());
            let after = &rest[at + "flip(".len()..];
            let Some(close) = after.find(')') else { break };
            if starts_word {
                found.push(after[..close].trim().replace('^', ","));
            }
            rest = &after[close..];
        }
    }
    found
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

    #[test]
    fn a_card_flipped_into_is_refused_when_it_or_its_own_flip_does_not_compile() {
        let cards = "[card]\nname=Early\nauto=@each upkeep:flip(Middle)\ntype=Creature\n[/card]\n\
            [card]\nname=Middle\nauto=@each upkeep:flip(Last)\ntype=Creature\n[/card]\n\
            [card]\nname=Last\nauto=@each upkeep:nosuchword\ntype=Creature\n[/card]\n\
            [card]\nname=Fine\nauto=@each upkeep:flip(Fine Back)\ntype=Creature\n[/card]\n\
            [card]\nname=Fine Back\nauto=@each upkeep:draw:1\ntype=Creature\n[/card]\n";
        let names = CardNames::of_sources(&[cards], &CardKeys::default());
        assert_eq!(names.refused("last"), Some("E0100 unsupported: effect `nosuchword`"));
        assert_eq!(names.refused("MIDDLE"), Some("E0100 unsupported: `flip(...)` into `Last`, which does not compile"));
        // Early is no card's flip: whether it compiles is found as it compiles.
        assert_eq!(names.refused("Early"), None);
        assert_eq!(names.refused("Fine Back"), None);
    }
}
