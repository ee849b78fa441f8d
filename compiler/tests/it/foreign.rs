//! A game that is not Card Fighters' Clash is told its own words: the examples, lists and
//! helps of the diagnostics come from the catalogue being checked against, never from
//! CFC's (`character`, `oppRing`, `frozen`, `tgt`...). The catalogue below shares no role
//! word with CFC's.

use compiler::check_source;
use vm::catalogue::{
    ArgKind, Catalogue, CommandSpec, CostArg, CostSpec, DefaultTarget, EventSpec, NamedSpec, ParamSpec, Roles, ZoneSpec,
};

const fn named(name: &'static str) -> NamedSpec {
    NamedSpec { name, doc: "" }
}

const fn command(name: &'static str, kind: ArgKind, timed: bool) -> CommandSpec {
    CommandSpec {
        name,
        params: match kind {
            ArgKind::Pile => &[ParamSpec { name: "pile", kind: ArgKind::Pile, optional: false }],
            _ => &[ParamSpec { name: "amount", kind: ArgKind::Expr, optional: false }],
        },
        default_target: DefaultTarget::Nothing,
        doc: "",
        fails_when: "never",
        timed,
    }
}

static DUEL: Catalogue = Catalogue {
    name: "duel",
    commands: &[
        command("strike", ArgKind::Expr, false),
        command("empower", ArgKind::Expr, true),
        command("shuffle", ArgKind::Pile, false),
    ],
    costs: &[CostSpec { name: "E", arg: CostArg::OptionalCountOrFilter, doc: "" }],
    filters: &[named("wounded")],
    comparable_filters: &[named("power")],
    zones: &[
        ZoneSpec { name: "board", is_pile: false, doc: "" },
        ZoneSpec { name: "hand", is_pile: true, doc: "" },
        ZoneSpec { name: "grave", is_pile: true, doc: "" },
    ],
    zone_prefixes: &[named("own"), named("enemy")],
    card_types: &[named("unit"), named("spell")],
    events: &[EventSpec { name: "summoned", is_hook: false, has_object: true, doc: "" }],
    event_prefixes: &[named("own"), named("enemy")],
    event_suffixes: &[named("self"), named("whichever")],
    restrictions: &[named("eot")],
    variables: &[named("hero"), named("foe"), named("source"), named("chosen"), named("newcomer")],
    attributes: &[named("life")],
    roles: Roles {
        target_controller: Some("hero"),
        target_opponent: Some("foe"),
        target_source: Some("itself"),
        target_player: Some("duelist"),
        source: Some("source"),
        targets: Some("chosen"),
        event_object: Some("newcomer"),
        event_mine: Some("own"),
        event_opponent: Some("enemy"),
        suffix_source: Some("self"),
        suffix_any_object: Some("whichever"),
        zone_mine: Some("own"),
        zone_opponent: Some("enemy"),
        ..Roles::NONE
    },
    ..Catalogue::EMPTY
};

/// Each mistake, and what its diagnostics must say (in Duel's words).
const MISTAKES: &[(&str, &str)] = &[
    // An argument of the wrong kind: a filter expected.
    ("action = empower(1) to(3)\n", "a target type such as `unit`, `foe` or `*`"),
    ("action = strike(3) to(unit@)\n", "a zone such as `board` or `enemyGrave` after `@`"),
    ("action = shuffle(3)\n", "a pile such as `grave` or `enemyHand`"),
    ("auto = ~summoned:~ strike(1)\n", "an event suffix such as `self` or `whichever`"),
    ("action = strike(3) to(units[3])\n", "a filter such as `wounded` or `power>=500`"),
    (
        "action = strike(3) to(units[!wounded])\n",
        "negate a filter with `-` (`[-wounded]`); `!` negates a target type (`!unit`)",
    ),
    (
        "action = strike(3) to(units[tough])\n",
        "a filter is one of `wounded`, a card type or subtype, or a comparison such as `power>=500`",
    ),
    (
        "action = strike(3) to(enemy)\n",
        "the enemy player is `foe`; an enemy unit is `unit@enemyBoard` (`units@enemyBoard`: all)",
    ),
    (
        "action = strike(3) to(me)\n",
        "a target type is `*`, `all`, `unit`, `spell`, `hero`, `foe`, `itself`, `duelist`, a quoted card name, or a variable",
    ),
    ("action = strike(3) to(unit@enemyRing)\n", "a zone is one of `board`, `hand`, `grave`"),
    ("auto = ~summoned:this~ strike(1)\n", "an event suffix is one of `self`, `whichever`"),
    ("action = strike(3) to(foe) eot\n", "restrictions only time `empower`; other changes are permanent"),
    ("target = unit\naction = strike(3) to(foe)\n", "nothing reads `chosen`"),
    ("auto = ~oppSummoned~ strike(1)\n", "`opp` is no event prefix; one of `own`, `enemy` (`ownSummoned`), or none"),
    (
        "action = strike(me.life) to(foe)\n",
        "a name is one of `hero`, `foe`, `source`, `chosen`, `newcomer`, or one the card declares in `vars`",
    ),
];

/// Message, label and help of every diagnostic of `source`, one line each.
fn said(source: &str) -> String {
    let diagnostics = check_source(source, &DUEL);
    assert!(!diagnostics.is_empty(), "{source:?} is a mistake");
    let lines: Vec<String> = diagnostics
        .iter()
        .map(|diagnostic| {
            format!("{} | {} | {}", diagnostic.message, diagnostic.label, diagnostic.help.as_deref().unwrap_or(""))
        })
        .collect();
    lines.join("\n")
}

#[test]
fn the_catalogue_names_nothing_unknown() {
    assert_eq!(DUEL.unknown_roles(), Vec::<String>::new());
}

#[test]
fn each_mistake_is_explained_in_the_games_words() {
    for (source, expected) in MISTAKES {
        let said = said(source);
        assert!(said.contains(expected), "{source:?}: expected {expected:?} in\n{said}");
    }
}

/// The words of `text` between backticks, split where a name is glued (`oppRing`: `opp`,
/// `Ring`) and lowercased.
fn quoted_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for quoted in text.split('`').skip(1).step_by(2) {
        for word in quoted.split(|c: char| !c.is_ascii_alphanumeric()) {
            let mut start = 0;
            for (i, c) in word.char_indices() {
                if c.is_ascii_uppercase() && i > start {
                    words.push(word[start..i].to_ascii_lowercase());
                    start = i;
                }
            }
            if start < word.len() {
                words.push(word[start..].to_ascii_lowercase());
            }
        }
    }
    words
}

/// Every word of CFC's catalogue that Duel's does not have.
fn cfc_only_words() -> Vec<String> {
    let cfc = &stdlib::CATALOGUE;
    let mut words: Vec<&str> = cfc.commands.iter().map(|spec| spec.name).collect();
    words.extend(cfc.zones.iter().map(|spec| spec.name));
    for list in
        [cfc.filters, cfc.comparable_filters, cfc.zone_prefixes, cfc.card_types, cfc.variables, cfc.restrictions]
    {
        words.extend(list.iter().map(|spec| spec.name));
    }
    let roles = cfc.roles;
    words.extend(
        [roles.target_controller, roles.target_opponent, roles.target_source, roles.target_player]
            .into_iter()
            .flatten(),
    );
    let duel = quoted_words(&format!("`{}`", said_of_duel_names().join("` `")));
    words.iter().map(|word| word.to_ascii_lowercase()).filter(|word| !duel.contains(word)).collect()
}

fn said_of_duel_names() -> Vec<&'static str> {
    let mut names: Vec<&str> = DUEL.commands.iter().map(|spec| spec.name).collect();
    names.extend(DUEL.zones.iter().map(|spec| spec.name));
    for list in [
        DUEL.filters,
        DUEL.comparable_filters,
        DUEL.zone_prefixes,
        DUEL.card_types,
        DUEL.variables,
        DUEL.restrictions,
        DUEL.event_suffixes,
    ] {
        names.extend(list.iter().map(|spec| spec.name));
    }
    names.extend(["itself", "duelist", "all", "E"]);
    names
}

#[test]
fn no_mistake_is_explained_in_cfc_words() {
    let cfc = cfc_only_words();
    assert!(cfc.contains(&"character".to_string()) && cfc.contains(&"opp".to_string()), "{cfc:?}");
    for (source, _) in MISTAKES {
        let said = said(source);
        // A message may quote what the card wrote (`unknown target type `me``).
        let written = quoted_words(&format!("`{source}`"));
        let stray: Vec<String> =
            quoted_words(&said).into_iter().filter(|word| cfc.contains(word) && !written.contains(word)).collect();
        assert!(stray.is_empty(), "{source:?}: CFC's words {stray:?} in\n{said}");
    }
}

/// A game without keyword filters or event suffixes is told what it has, not an empty list.
#[test]
fn a_list_the_game_lacks_is_left_out() {
    let bare = Catalogue {
        filters: &[],
        event_suffixes: &[],
        roles: Roles { suffix_source: None, suffix_any_object: None, ..DUEL.roles },
        ..DUEL
    };
    let helps = |source: &str| -> Vec<String> {
        check_source(source, &bare).into_iter().filter_map(|diagnostic| diagnostic.help).collect()
    };
    assert_eq!(
        helps("action = strike(3) to(units[tough])\n"),
        ["a filter is a card type or subtype, or a comparison such as `power>=500`"]
    );
    assert_eq!(helps("auto = ~summoned:self~ strike(1)\n"), ["this game has no event suffixes"]);
}

/// CFC's player word in an expression, nothing close to it in Duel's names: the whole
/// message is in Duel's words.
#[test]
fn an_unknown_name_is_told_the_games_names() {
    assert_eq!(
        said("action = strike(me.life) to(foe)\n"),
        "unknown name `me` | unknown name | a name is one of `hero`, `foe`, `source`, `chosen`, `newcomer`, \
         or one the card declares in `vars`"
    );
    let bare = Catalogue {
        variables: &[],
        roles: Roles { source: None, targets: None, event_object: None, ..DUEL.roles },
        ..DUEL
    };
    let helps: Vec<String> = check_source("action = strike(me.life) to(foe)\n", &bare)
        .into_iter()
        .filter_map(|diagnostic| diagnostic.help)
        .collect();
    assert_eq!(helps, ["this game has no names to read; a card declares its own in `vars`"]);
}
