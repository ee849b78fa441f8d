//! The words the compiler's messages show as examples ("a target type such as ..."), taken
//! from the catalogue the session checks against, so that a game of its own is told its own
//! words rather than Card Fighters' Clash's. Each is worked out once per session. For CFC's
//! catalogue they are the words its messages always showed (`character`, `opp`, `ring`,
//! `oppDeck`...), which its tests pin.

use vm::catalogue::{Catalogue, NamedSpec};

use crate::diagnostics::quoted_list;

/// Example phrases for messages, in the catalogue's words.
#[derive(Debug, Clone, Default)]
pub struct Examples {
    /// What a filter begins with: "a target type such as `character`, `opp` or `*`".
    pub target_type: String,
    /// What follows `@`: "a zone such as `ring` or `oppDeck` after `@`".
    pub zone: String,
    /// A pile argument: "a pile such as `deck` or `oppHand`".
    pub pile: String,
    /// What follows `:` in an event: "an event suffix such as `this` or `once`".
    pub event_suffix: String,
    /// A filter term: "a filter such as `backedup` or `bp>=500`".
    pub filter: String,
    /// Help for `!` in a filter: "negate a filter with `-` (`[-backedup]`); `!` negates a
    /// target type (`!character`)".
    pub negate: String,
    /// The filter [`Examples::negate`] shows negated (`[-backedup]`), for a message to show
    /// the word written instead.
    pub negated: String,
    /// Every kind of filter term: "a filter is one of `backedup`, ..., a card type or
    /// subtype, or a comparison such as `bp>=500`".
    pub filter_terms: String,
    /// Every kind of target type: "a target type is `*`, `all`, `character`, ..., a subtype,
    /// a quoted card name, or a variable".
    pub target_types: String,
    /// For a word meaning the opponent that is no target type (`enemy`): "the enemy player
    /// is `opp`; an enemy character is `character@oppRing` (`characters@oppRing`: all)".
    pub enemy: Option<String>,
    /// What reads a rule's targets: "`tgt` or `prevTgt`".
    pub target_readers: String,
    /// What a restriction times: "ability grants and `alterCost`, ..." (the commands the
    /// catalogue marks `timed`).
    pub timed: String,
}

impl Examples {
    /// The examples of `catalogue`.
    pub fn new(catalogue: &Catalogue) -> Examples {
        let roles = &catalogue.roles;
        let first = |list: &[NamedSpec]| list.first().map(|spec| spec.name);
        let card_type = first(catalogue.card_types);
        let opponent = roles.target_opponent;
        let opponent_zone = roles.zone_opponent.unwrap_or("");
        let comparison = first(catalogue.comparable_filters).map(|name| format!("{name}>=500"));
        let keyword_filter = first(catalogue.filters);

        let piles: Vec<&str> = catalogue.zones.iter().filter(|zone| zone.is_pile).map(|zone| zone.name).collect();
        // A pile and a pile with the opponent's prefix, not the same one when there are two.
        let pile_b = piles.get(1).or(piles.first()).copied();
        let pile_a = piles.first().copied();
        // A zone other than the default (the first), when one is no pile.
        let zone = catalogue.zones.iter().skip(1).find(|zone| !zone.is_pile).or(catalogue.zones.first());

        let target_type = such_as("a target type", &[card_type, opponent, Some("*")]);
        let zone_example = such_as(
            "a zone",
            &[
                zone.map(|zone| zone.name),
                pile_b.map(|pile| format!("{opponent_zone}{}", capitalised(pile))).as_deref(),
            ],
        ) + " after `@`";
        let pile =
            such_as("a pile", &[pile_b, pile_a.map(|pile| format!("{opponent_zone}{}", capitalised(pile))).as_deref()]);
        let mut suffixes: Vec<&str> = [roles.suffix_source, roles.suffix_once].into_iter().flatten().collect();
        for spec in catalogue.event_suffixes {
            if suffixes.len() < 2 && !suffixes.contains(&spec.name) {
                suffixes.push(spec.name);
            }
        }
        let event_suffix = such_as("an event suffix", &suffixes.iter().map(|&name| Some(name)).collect::<Vec<_>>());
        let filter = such_as("a filter", &[keyword_filter, comparison.as_deref()]);
        let negated = keyword_filter.map_or(String::new(), |filter| format!("[-{filter}]"));
        let negate = match (keyword_filter, card_type) {
            (Some(filter), Some(ty)) => {
                format!("negate a filter with `-` (`[-{filter}]`); `!` negates a target type (`!{ty}`)")
            }
            (Some(filter), None) => format!("negate a filter with `-` (`[-{filter}]`)"),
            (None, Some(ty)) => format!("`!` negates a target type (`!{ty}`), not a filter"),
            (None, None) => "`!` negates a target type, not a filter".to_string(),
        };
        // CFC: "a filter is one of `backedup`, ..., a card type or subtype, or a comparison
        // such as `bp>=500`"; the parts a game has none of are left out.
        let keyword_list: Vec<&str> = catalogue.filters.iter().map(|spec| spec.name).collect();
        let mut terms = Vec::new();
        if !keyword_list.is_empty() {
            terms.push(format!("one of {}", quoted_list(&keyword_list)));
        }
        terms.push("a card type or subtype".to_string());
        if let Some(comparison) = &comparison {
            terms.push(format!("a comparison such as `{comparison}`"));
        }
        if terms.len() > 1 {
            let last = terms.len() - 1;
            terms[last] = format!("or {}", terms[last]);
        }
        let filter_terms = format!("a filter is {}", terms.join(", "));

        let mut words: Vec<&str> = vec!["*", "all"];
        words.extend(catalogue.card_types.iter().map(|spec| spec.name));
        words.extend(
            [roles.target_controller, roles.target_opponent, roles.target_source, roles.target_player]
                .into_iter()
                .flatten(),
        );
        let subtype = if catalogue.subtypes.is_empty() { "" } else { ", a subtype" };
        let target_types =
            format!("a target type is {}{subtype}, a quoted card name, or a variable", quoted_list(&words));

        let enemy = match (opponent, card_type, zone) {
            (Some(opponent), Some(ty), Some(zone)) if roles.zone_opponent.is_some() => {
                let place = format!("{opponent_zone}{}", capitalised(zone.name));
                Some(format!(
                    "the enemy player is `{opponent}`; an enemy {ty} is `{ty}@{place}` (`{ty}s@{place}`: all)"
                ))
            }
            (Some(opponent), ..) => Some(format!("the enemy player is `{opponent}`")),
            (None, ..) => None,
        };
        let readers: Vec<&str> = [roles.targets, roles.previous_targets].into_iter().flatten().collect();
        let target_readers = match readers.as_slice() {
            [] => "the rule's targets".to_string(),
            names => quoted_list(names).replace(", ", " or "),
        };
        let timed = timed_phrase(catalogue);
        Examples {
            target_type,
            zone: zone_example,
            pile,
            event_suffix,
            filter,
            negate,
            negated,
            filter_terms,
            target_types,
            enemy,
            target_readers,
            timed,
        }
    }
}

/// What a restriction times: ability grants, and the commands the catalogue marks `timed`.
fn timed_phrase(catalogue: &Catalogue) -> String {
    let timed: Vec<&str> =
        catalogue.commands.iter().filter(|command| command.timed).map(|command| command.name).collect();
    let grants = (!catalogue.abilities.is_empty()).then_some("ability grants");
    let commands = (!timed.is_empty()).then(|| quoted_list(&timed));
    match (grants, commands) {
        (Some(grants), Some(commands)) => format!("{grants} and {commands}"),
        (Some(grants), None) => grants.to_string(),
        (None, Some(commands)) => commands,
        (None, None) => "nothing in this game".to_string(),
    }
}

/// "`what` such as `a` or `b`" (one example: "such as `a`"; none: `what` alone).
fn such_as(what: &str, examples: &[Option<&str>]) -> String {
    let mut shown: Vec<String> = Vec::new();
    for example in examples.iter().flatten() {
        let quoted = format!("`{example}`");
        if !example.is_empty() && !shown.contains(&quoted) {
            shown.push(quoted);
        }
    }
    match shown.as_slice() {
        [] => what.to_string(),
        [one] => format!("{what} such as {one}"),
        [init @ .., last] => format!("{what} such as {} or {last}", init.join(", ")),
    }
}

/// `ring` → `Ring`, as a zone glued to its prefix is written (`oppRing`).
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}
