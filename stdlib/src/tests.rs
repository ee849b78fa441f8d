//! Consistency tests of the CFC catalogue, and a scan of the real cards' command calls.

use std::collections::HashSet;

use vm::catalogue::{DefaultTarget, NamedSpec};

use crate::catalogue::{COMMANDS, COST_TYPES, FREEZE_MODES, PHASES, PROPHECY_DESTINATIONS, VIEW_STATES};
use crate::{CATALOGUE, Command};

/// §2.1 `command_name` of the reference, lowercased, as the grammar lists them.
const SPEC_COMMAND_NAMES: &[&str] = &[
    "activate",
    "altercost",
    "bp",
    "clear",
    "copyability",
    "damage",
    "destroy",
    "disablerule",
    "discard",
    "draw",
    "each",
    "enablerule",
    "freeze",
    "hp",
    "loseability",
    "loselife",
    "modcost",
    "moddamage",
    "modrule",
    "movepile",
    "moverevealedto",
    "moveto",
    "movetoslot",
    "peek",
    "pileview",
    "playextrachar",
    "prophecy",
    "removefromattack",
    "reveal",
    "rnddiscard",
    "shuffle",
    "skip",
    "sp",
    "steal",
    "swapabilities",
    "swapchars",
    "swappiles",
    "transform",
    "trash",
    "turns",
    "unfreeze",
    "unite",
];

/// Asserts that `names` has no two equal names (ignoring case).
fn assert_unique<'a>(list: &str, names: impl IntoIterator<Item = &'a str>) {
    let mut seen = HashSet::new();
    for name in names {
        assert!(!name.is_empty(), "{list}: empty name");
        assert!(seen.insert(name.to_ascii_lowercase()), "{list}: `{name}` appears twice");
    }
}

fn names(specs: &[NamedSpec]) -> impl Iterator<Item = &str> {
    specs.iter().map(|spec| spec.name)
}

/// Asserts that a doc string is one non-empty line.
fn assert_one_line(what: &str, doc: &str) {
    assert!(!doc.trim().is_empty(), "{what}: empty doc");
    assert!(!doc.contains('\n'), "{what}: doc is more than one line");
}

#[test]
fn every_role_names_an_entry_of_its_list() {
    assert_eq!(CATALOGUE.unknown_roles(), Vec::<String>::new());
}

#[test]
fn names_are_unique_within_each_list() {
    let c = &CATALOGUE;
    assert_unique("commands", c.commands.iter().map(|spec| spec.name));
    assert_unique("costs", c.costs.iter().map(|spec| spec.name));
    assert_unique("filters", names(c.filters));
    assert_unique("comparable filters", names(c.comparable_filters));
    assert_unique("ranking filters", c.ranking_filters.iter().map(|spec| spec.name));
    for ranking in c.ranking_filters {
        assert_unique(ranking.name, names(ranking.words));
    }
    assert_unique("zones", c.zones.iter().map(|spec| spec.name));
    assert_unique("zone prefixes", names(c.zone_prefixes));
    assert_unique("card types", names(c.card_types));
    assert_unique("subtypes", c.subtypes.iter().copied());
    assert_unique("events", c.events.iter().map(|spec| spec.name));
    assert_unique("event prefixes", names(c.event_prefixes));
    assert_unique("event suffixes", names(c.event_suffixes));
    assert_unique("abilities", names(c.abilities));
    assert_unique("rule switches", names(c.rule_switches));
    assert_unique("selectors", names(c.selectors));
    assert_unique("restrictions", names(c.restrictions));
    assert_unique("restriction prefixes", names(c.restriction_prefixes));
    assert_unique("variables", names(c.variables));
    assert_unique("attributes", names(c.attributes));
    assert_unique("functions", c.functions.iter().map(|spec| spec.name));
    for (list, words) in [
        ("cost types", COST_TYPES),
        ("phases", PHASES),
        ("view states", VIEW_STATES),
        ("freeze modes", FREEZE_MODES),
        ("prophecy destinations", PROPHECY_DESTINATIONS),
    ] {
        assert_unique(list, names(words));
    }
    for command in c.commands {
        assert_unique(command.name, command.params.iter().map(|param| param.name));
    }
}

#[test]
fn every_name_has_a_one_line_doc() {
    let c = &CATALOGUE;
    for command in c.commands {
        assert_one_line(command.name, command.doc);
        assert_one_line(command.name, command.fails_when);
    }
    for cost in c.costs {
        assert_one_line(cost.name, cost.doc);
    }
    for ranking in c.ranking_filters {
        assert_one_line(ranking.name, ranking.doc);
    }
    for zone in c.zones {
        assert_one_line(zone.name, zone.doc);
    }
    for event in c.events {
        assert_one_line(event.name, event.doc);
    }
    for function in c.functions {
        assert_one_line(function.name, function.doc);
    }
    let lists = [
        c.filters,
        c.comparable_filters,
        c.zone_prefixes,
        c.card_types,
        c.event_prefixes,
        c.event_suffixes,
        c.abilities,
        c.rule_switches,
        c.selectors,
        c.restrictions,
        c.restriction_prefixes,
        c.variables,
        c.attributes,
        COST_TYPES,
        PHASES,
        VIEW_STATES,
        FREEZE_MODES,
        PROPHECY_DESTINATIONS,
    ];
    for list in lists {
        for named in list {
            assert_one_line(named.name, named.doc);
        }
    }
    for ranking in c.ranking_filters {
        for word in ranking.words {
            assert_one_line(word.name, word.doc);
        }
    }
}

#[test]
fn optional_params_are_trailing() {
    for command in CATALOGUE.commands {
        let first_optional = command.params.iter().position(|param| param.optional);
        if let Some(first) = first_optional {
            assert!(
                command.params[first..].iter().all(|param| param.optional),
                "{}: a required parameter follows an optional one",
                command.name
            );
        }
        assert!(command.min_args() <= command.max_args());
    }
}

#[test]
fn command_round_trips_through_its_index() {
    assert_eq!(Command::ALL.len(), CATALOGUE.commands.len());
    assert!(std::ptr::eq(CATALOGUE.commands, &COMMANDS[..]));
    for (index, &command) in Command::ALL.iter().enumerate() {
        let id = u16::try_from(index).expect("fewer than 65536 commands");
        assert_eq!(Command::from_index(id), Some(command));
        assert_eq!(command as usize, index);
        assert_eq!(command.index(), index);
        assert!(std::ptr::eq(command.spec(), &CATALOGUE.commands[index]));
        assert_eq!(CATALOGUE.command_index(command.name()), Some(index));
        assert_eq!(Command::from_name(&command.name().to_ascii_uppercase()), Some(command));
    }
    assert_eq!(Command::from_index(Command::ALL.len() as u16), None);
    assert_eq!(Command::from_index(u16::MAX), None);
    assert_eq!(Command::from_name("to"), None);
}

/// The reference's §5.1 says "all 43 documented commands", but §2.1's `command_name`, the
/// §3.8 command reference, §5.2.6 and SEED's command table all list the same 42 names.
#[test]
fn commands_are_exactly_the_grammar_command_names() {
    assert_eq!(CATALOGUE.commands.len(), 42);
    assert_eq!(SPEC_COMMAND_NAMES.len(), 42);
    for name in SPEC_COMMAND_NAMES {
        assert!(CATALOGUE.command_index(name).is_some(), "`{name}` of §2.1 is missing");
    }
}

#[test]
fn only_rule_and_cost_commands_are_timed() {
    let timed: Vec<&str> = CATALOGUE.commands.iter().filter(|spec| spec.timed).map(|spec| spec.name).collect();
    assert_eq!(timed, ["alterCost", "disableRule", "enableRule", "modRule"]);
}

#[test]
fn default_targets_follow_the_reference() {
    let default = |command: Command| command.spec().default_target;
    for command in [Command::Bp, Command::Destroy, Command::CopyAbility] {
        assert_eq!(default(command), DefaultTarget::Source, "{}", command.name());
    }
    for command in [Command::Sp, Command::Hp, Command::Draw, Command::Trash, Command::Discard] {
        assert_eq!(default(command), DefaultTarget::SourceController, "{}", command.name());
    }
    for command in [Command::MoveTo, Command::Damage, Command::Freeze, Command::Unfreeze] {
        assert_eq!(default(command), DefaultTarget::Nothing, "{}", command.name());
    }
}

#[test]
fn zones_events_and_functions_are_consistent() {
    let piles: Vec<&str> = CATALOGUE.zones.iter().filter(|zone| zone.is_pile).map(|zone| zone.name).collect();
    assert_eq!(piles, ["hand", "deck", "discards", "removed"]);
    let hooks: Vec<&str> = CATALOGUE.events.iter().filter(|event| event.is_hook).map(|event| event.name).collect();
    assert!(hooks.contains(&"canBlock") && hooks.contains(&"cancelCombatDamage"));
    assert!(CATALOGUE.events.iter().filter(|event| event.is_hook).all(|event| event.has_object));
    for function in CATALOGUE.functions {
        assert!(function.min_args <= function.max_args, "{}", function.name);
    }
    let mut sorted = CATALOGUE.subtypes.to_vec();
    sorted.sort_unstable();
    assert_eq!(sorted, CATALOGUE.subtypes, "subtypes are sorted");
    assert!(CATALOGUE.subtypes.iter().all(|subtype| *subtype == subtype.to_lowercase()));
}

#[test]
fn catalogue_id_names_cfc() {
    let id = CATALOGUE.id();
    assert!(id.to_string().starts_with("cfc#"), "{id}");
    // The id is what a bundle records to refuse another catalogue: a catalogue that
    // differs in one command, one event or one ability has another id.
    let fewer_commands = vm::catalogue::Catalogue { commands: &CATALOGUE.commands[1..], ..CATALOGUE };
    assert_ne!(fewer_commands.id(), id, "a missing command changes the id");
    let fewer_events = vm::catalogue::Catalogue { events: &CATALOGUE.events[1..], ..CATALOGUE };
    assert_ne!(fewer_events.id(), id, "a missing event changes the id");
    let fewer_abilities = vm::catalogue::Catalogue { abilities: &CATALOGUE.abilities[1..], ..CATALOGUE };
    assert_ne!(fewer_abilities.id(), id, "a missing ability changes the id");
    assert_eq!(id.name, "cfc");
}

// ---------------------------------------------------------------------------------------
// Corpus scan
// ---------------------------------------------------------------------------------------

/// The value of a live `action =` / `auto =` line, comments removed.
fn effect_value(line: &str) -> Option<&str> {
    let line = line.trim();
    if line.starts_with('#') {
        return None;
    }
    let line = line.split('#').next().unwrap_or("");
    let lower = line.to_ascii_lowercase();
    let key_len = ["action", "auto"].into_iter().find(|key| lower.starts_with(key))?.len();
    let rest = line[key_len..].trim_start();
    rest.strip_prefix('=')
}

fn is_word(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The argument count of the call whose arguments start at `text[0]` (just after `(`):
/// commas at the top level of the balanced parentheses, outside brackets and quotes.
/// `None` when the parenthesis is not closed.
fn argument_count(text: &str) -> Option<usize> {
    let (mut depth, mut commas, mut quote, mut empty) = (0usize, 0, None, true);
    for ch in text.chars() {
        if let Some(open) = quote {
            if ch == open {
                quote = None;
            }
            empty = false;
            continue;
        }
        match ch {
            '"' | '\'' => quote = Some(ch),
            '(' | '[' => depth += 1,
            ')' if depth == 0 => return Some(if empty { 0 } else { commas + 1 }),
            ')' | ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => commas += 1,
            _ => {}
        }
        if !ch.is_whitespace() {
            empty = false;
        }
    }
    None
}

/// Every `name(` / `name?(` whose name is one of §2.1's command names in the live effect
/// lines of the real cards resolves in the catalogue, with an argument count it accepts.
#[test]
fn corpus_command_calls_resolve() {
    let Some(dir) = compiler::corpus::corpus_dir() else { return };
    let files = compiler::corpus::rules_files(&dir);
    let spec_names: HashSet<&str> = SPEC_COMMAND_NAMES.iter().copied().collect();
    let mut seen = HashSet::new();
    let (mut calls, mut problems) = (0usize, Vec::new());
    for path in &files {
        let text = std::fs::read_to_string(path).expect("corpus file is UTF-8");
        for (number, line) in text.lines().enumerate() {
            let Some(value) = effect_value(line) else {
                continue;
            };
            let bytes = value.as_bytes();
            let mut start = 0;
            while start < bytes.len() {
                if !is_word(bytes[start]) || (start > 0 && is_word(bytes[start - 1])) {
                    start += 1;
                    continue;
                }
                let mut end = start;
                while end < bytes.len() && is_word(bytes[end]) {
                    end += 1;
                }
                let name = &value[start..end];
                let mut after = end;
                if bytes.get(after) == Some(&b'?') {
                    after += 1;
                }
                let lower = name.to_ascii_lowercase();
                if bytes.get(after) == Some(&b'(') && spec_names.contains(lower.as_str()) {
                    calls += 1;
                    seen.insert(lower);
                    let place = format!("{}:{}", path.display(), number + 1);
                    match CATALOGUE.command_index(name) {
                        None => problems.push(format!("{place}: `{name}` is not in the catalogue")),
                        Some(index) => {
                            let spec = &CATALOGUE.commands[index];
                            match argument_count(&value[after + 1..]) {
                                None => problems.push(format!("{place}: unclosed `{name}(`")),
                                Some(count) if count < spec.min_args() || count > spec.max_args() => {
                                    problems.push(format!(
                                        "{place}: `{name}` with {count} arguments, expects {}..={}",
                                        spec.min_args(),
                                        spec.max_args()
                                    ))
                                }
                                Some(_) => {}
                            }
                        }
                    }
                }
                start = end;
            }
        }
    }
    assert!(!files.is_empty(), "no .rules file in {}", dir.display());
    assert!(calls > 0, "no command call found in {}", dir.display());
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
    let mut unseen: Vec<&str> = SPEC_COMMAND_NAMES.iter().copied().filter(|name| !seen.contains(*name)).collect();
    unseen.sort_unstable();
    println!("{calls} command calls in {} cards; commands never used: {unseen:?}", files.len());
}

#[test]
fn the_builtin_tables_follow_the_catalogue_order() {
    use crate::builtins::{CostKind, Function};
    let functions: Vec<&str> = Function::ALL.iter().map(|f| f.name()).collect();
    let catalogue: Vec<&str> = CATALOGUE.functions.iter().map(|f| f.name).collect();
    assert_eq!(functions, catalogue);
    let costs: Vec<&str> = CostKind::ALL.iter().map(|c| c.name()).collect();
    let catalogue: Vec<&str> = CATALOGUE.costs.iter().map(|c| c.name).collect();
    assert_eq!(costs, catalogue);
    assert_eq!(crate::names::FUNCTION_COUNT, Function::ALL.len());
    assert_eq!(crate::names::COST_COUNT, CostKind::ALL.len());
}

#[test]
fn ability_keywords_follow_the_catalogue_and_name_real_hooks() {
    use crate::keywords::{Ability, Behaviour};
    let names: Vec<&str> = Ability::ALL.iter().map(|a| a.name()).collect();
    let catalogue: Vec<&str> = CATALOGUE.abilities.iter().map(|a| a.name).collect();
    assert_eq!(names, catalogue);
    for ability in Ability::ALL {
        assert_eq!(format!("{ability:?}").to_ascii_lowercase(), ability.name());
        if let Behaviour::Hook { hook, .. } = ability.behaviour() {
            assert!(CATALOGUE.events.iter().any(|e| e.is_hook && e.name == hook), "{hook} is a hook");
        }
    }
}
