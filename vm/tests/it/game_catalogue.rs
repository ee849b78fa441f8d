//! What a game of its own writes to declare its catalogue, checked as it writes it: the
//! `Command` enum of `vm::define_commands!` gives each command's builtin id, and a
//! catalogue names only the lists and roles it has, the rest coming from
//! `Catalogue::EMPTY` and `Roles::NONE`.

use vm::catalogue::{Catalogue, NamedSpec, Roles};
use vm::runtime::{Builtins, CallContext, Status, Trap};

use crate::runtime::support::TestHost;

vm::define_commands! {
    Strike {
        name: "strike",
        params: [req "amount": Expr],
        default_target: Nothing,
        timed: false,
        doc: "Deals damage.",
        fails_when: "never",
    },
    Mend {
        name: "mend",
        params: [],
        default_target: SourceController,
        timed: false,
        doc: "Heals.",
        fails_when: "never",
    },
    Empower {
        name: "empower",
        params: [opt "amount": Int],
        default_target: Source,
        timed: true,
        doc: "Adds power.",
        fails_when: "never",
    },
}

const HERO: NamedSpec = NamedSpec { name: "hero", doc: "The executing player." };
const UNIT: NamedSpec = NamedSpec { name: "unit", doc: "A card in play." };

/// A game's catalogue as it writes it: only what it has.
static SHORT: Catalogue = Catalogue {
    name: "short",
    commands: &COMMANDS,
    card_types: &[UNIT],
    variables: &[HERO],
    roles: Roles { target_controller: Some("hero"), source: Some("hero"), ..Roles::NONE },
    ..Catalogue::EMPTY
};

/// The same catalogue with every field written out.
static LONG: Catalogue = Catalogue {
    name: "short",
    commands: &COMMANDS,
    costs: &[],
    filters: &[],
    comparable_filters: &[],
    ranking_filters: &[],
    zones: &[],
    zone_prefixes: &[],
    card_types: &[UNIT],
    subtypes: &[],
    events: &[],
    event_prefixes: &[],
    event_suffixes: &[],
    abilities: &[],
    rule_switches: &[],
    selectors: &[],
    restrictions: &[],
    restriction_prefixes: &[],
    variables: &[HERO],
    attributes: &[],
    functions: &[],
    roles: Roles {
        target_controller: Some("hero"),
        target_opponent: None,
        target_source: None,
        target_player: None,
        source: Some("hero"),
        targets: None,
        previous_targets: None,
        event_object: None,
        event_mine: None,
        event_opponent: None,
        event_anyone: None,
        suffix_source: None,
        suffix_from_source: None,
        suffix_any_object: None,
        suffix_once: None,
        restriction_opponent: None,
        zone_mine: None,
        zone_opponent: None,
        zone_either: None,
        zone_same: None,
        continuous: None,
    },
};

/// A builtin's index is usable where a constant is needed.
const EMPOWER: usize = Command::Empower.index();

fn strike(_: &mut CallContext<'_, TestHost>) -> Result<Status, Trap> {
    Ok(Status::Success)
}

#[test]
fn a_command_s_index_is_its_builtin_id() {
    assert_eq!(EMPOWER, 2);
    for (position, &command) in Command::ALL.iter().enumerate() {
        assert_eq!(command.index(), position, "{command:?}");
        assert_eq!(SHORT.command_index(command.name()), Some(command.index()));
        assert!(std::ptr::eq(&SHORT.commands[command.index()], command.spec()));
    }
    // What `Builtins::command` takes, as it is.
    let mut builtins = Builtins::<TestHost>::new(&SHORT);
    builtins.command(Command::Strike.index(), strike).command(Command::Mend.index(), strike);
}

#[test]
fn a_catalogue_from_empty_is_the_one_written_out() {
    assert_eq!(SHORT.id(), LONG.id());
    assert_eq!(format!("{SHORT:?}"), format!("{LONG:?}"));
    assert_eq!(SHORT.unknown_roles(), Vec::<String>::new());
}

#[test]
fn the_empty_catalogue_has_nothing() {
    let empty = Catalogue::EMPTY;
    assert_eq!(format!("{:?}", empty.roles), format!("{:?}", Roles::NONE));
    let lists = [
        empty.filters,
        empty.comparable_filters,
        empty.zone_prefixes,
        empty.card_types,
        empty.event_prefixes,
        empty.event_suffixes,
        empty.abilities,
        empty.rule_switches,
        empty.selectors,
        empty.restrictions,
        empty.restriction_prefixes,
        empty.variables,
        empty.attributes,
    ];
    assert!(lists.iter().all(|list| list.is_empty()));
    assert!(empty.commands.is_empty() && empty.costs.is_empty() && empty.ranking_filters.is_empty());
    assert!(empty.zones.is_empty() && empty.subtypes.is_empty() && empty.events.is_empty());
    assert!(empty.functions.is_empty() && empty.name.is_empty());
    // Its id is that of a catalogue with no name and nothing in it, whatever is added.
    let emptied = Catalogue { commands: &[], card_types: &[], variables: &[], ..LONG };
    assert_eq!(Catalogue { name: "short", ..Catalogue::EMPTY }.id(), emptied.id());
}
