//! The catalogue's names, interned once per session and indexed by symbol, so that the
//! parser and checker resolve a name with one array lookup instead of string compares.
//!
//! Each category is a dense table from symbol number to the name's index in the
//! catalogue's list. Symbols interned after the tables were built (user-written names)
//! fall outside every table and resolve to nothing.

use crate::ast::Interner;
use crate::ast::Symbol;
use lasso::Key;
use vm::catalogue::{Catalogue, CommandSpec, NamedSpec};

mod examples;
pub use examples::Examples;

/// One category of names: symbol → index in the catalogue list.
#[derive(Debug, Default)]
pub struct NameTable {
    index_by_symbol: Vec<u16>,
    names: Vec<&'static str>,
}

const ABSENT: u16 = u16::MAX;

impl NameTable {
    fn build(interner: &mut Interner, names: impl IntoIterator<Item = &'static str>) -> NameTable {
        let mut table = NameTable::default();
        for (index, name) in names.into_iter().enumerate() {
            let symbol = interner.get_or_intern(name.to_ascii_lowercase());
            let slot = symbol.into_usize();
            if table.index_by_symbol.len() <= slot {
                table.index_by_symbol.resize(slot + 1, ABSENT);
            }
            table.index_by_symbol[slot] = u16::try_from(index).unwrap_or(ABSENT);
            table.names.push(name);
        }
        table
    }

    /// The catalogue index of `symbol` in this category.
    pub fn get(&self, symbol: Symbol) -> Option<u16> {
        match self.index_by_symbol.get(symbol.into_usize()) {
            Some(&index) if index != ABSENT => Some(index),
            _ => None,
        }
    }

    /// Whether `symbol` names something in this category.
    pub fn contains(&self, symbol: Symbol) -> bool {
        self.get(symbol).is_some()
    }

    /// Canonical spellings, for suggestions.
    pub fn names(&self) -> &[&'static str] {
        &self.names
    }
}

/// The variables with a one-argument test function `is<name>` (any case), in catalogue order.
fn element_tests(catalogue: &Catalogue) -> Vec<&'static str> {
    let has_test = |variable: &str| {
        catalogue.functions.iter().any(|function| {
            let name = function.name;
            name.len() == variable.len() + 2
                && name.get(..2).is_some_and(|is| is.eq_ignore_ascii_case("is"))
                && name.get(2..).is_some_and(|rest| rest.eq_ignore_ascii_case(variable))
                && function.min_args <= 1
                && function.max_args >= 1
        })
    };
    named(catalogue.variables).filter(|variable| has_test(variable)).collect()
}

fn named(list: &'static [NamedSpec]) -> impl Iterator<Item = &'static str> {
    list.iter().map(|spec| spec.name)
}

/// The part a player or source word of the catalogue's [`Roles`](vm::catalogue::Roles)
/// plays as a target type (`me`, `opp`, `this`, `player` in CFC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerWord {
    /// The source's controller.
    Controller,
    /// The controller's opponent.
    Opponent,
    /// The source card.
    Source,
    /// Any player.
    Player,
}

/// Every catalogue category, resolved against one interner.
#[derive(Debug)]
pub struct Names {
    /// Commands.
    pub commands: NameTable,
    /// Cost letters.
    pub costs: NameTable,
    /// Keyword filters.
    pub filters: NameTable,
    /// Comparable filters (`bp`).
    pub comparable_filters: NameTable,
    /// Ranking filters (`bp:lowest`).
    pub ranking_filters: NameTable,
    /// Zones.
    pub zones: NameTable,
    /// Zone prefixes.
    pub zone_prefixes: NameTable,
    /// Card types.
    pub card_types: NameTable,
    /// Subtypes.
    pub subtypes: NameTable,
    /// Player and source words usable as target types (`me`, `this`): the catalogue's
    /// target roles.
    pub player_words: NameTable,
    /// By index in [`Names::player_words`]: the part each word plays.
    pub player_word_roles: Vec<PlayerWord>,
    /// Events and hooks.
    pub events: NameTable,
    /// Event prefixes.
    pub event_prefixes: NameTable,
    /// Event suffixes.
    pub event_suffixes: NameTable,
    /// Ability keywords.
    pub abilities: NameTable,
    /// Rule switches.
    pub rule_switches: NameTable,
    /// Selectors.
    pub selectors: NameTable,
    /// Restriction timers.
    pub restrictions: NameTable,
    /// Restriction prefixes.
    pub restriction_prefixes: NameTable,
    /// Expression variables.
    pub variables: NameTable,
    /// Expression attributes.
    pub attributes: NameTable,
    /// Expression functions.
    pub functions: NameTable,
    /// Property keys.
    pub properties: NameTable,
    /// Language keywords the parser tests for, interned once.
    pub keywords: Keywords,
    /// The words messages show as examples, in the catalogue's words.
    pub examples: Examples,
    /// By symbol: whether it is a type word ([`Names::is_type_word`]), in one lookup.
    type_words: Vec<bool>,
    /// The variables that read a statement's targets (the catalogue's `targets` and
    /// `previous_targets` roles; CFC `tgt`, `prevTgt`): the checker compares symbols instead
    /// of resolving every name to text.
    pub target_names: Vec<Symbol>,
    /// The event suffixes that match only the auto's own card (the `suffix_source` and
    /// `suffix_from_source` roles; CFC `this`, `fromThis`).
    pub source_suffixes: Vec<Symbol>,
    /// The variable an implicit suffix condition tests (the `event_object` role; CFC
    /// `trigger`), as an index in [`Names::variables`].
    pub event_object: Option<u16>,
    /// The variables an event suffix may name as an implicit condition: those with a
    /// one-argument test function `is<name>` (CFC `char`, `action`, `reaction`).
    pub element_tests: Vec<&'static str>,
    /// The highest symbol number of a keyword ([`Names::is_keyword`]).
    last_keyword: usize,
    /// By symbol: the command it names, with its fewest arguments (one lookup instead of a
    /// symbol's index, then the catalogue's entry at it; `CommandSpec::min_args` counted once).
    commands_by_symbol: Vec<Option<CommandInfo>>,
}

/// A command of the catalogue, as [`Names::command`] finds it.
#[derive(Debug, Clone, Copy)]
pub struct CommandInfo {
    /// Its catalogue entry.
    pub spec: &'static CommandSpec,
    /// The fewest arguments a call may pass.
    pub min_args: usize,
}

/// Property keys, in [`Names::properties`] order.
pub const PROPERTY_KEYS: &[&str] = &["target", "action", "auto", "abilities", "requisite", "vars", "label"];

macro_rules! keywords {
    ($($field:ident = $text:literal,)*) => {
        /// Interned language keywords.
        #[derive(Debug, Clone, Copy)]
        pub struct Keywords { $(#[doc = $text] pub $field: Symbol,)* }

        impl Keywords {
            fn intern(interner: &mut Interner) -> Keywords {
                Keywords { $($field: interner.get_or_intern_static($text),)* }
            }

            /// The highest symbol number of a keyword.
            fn last_symbol(&self) -> usize {
                [$(self.$field.into_usize(),)*].into_iter().max().unwrap_or(0)
            }
        }
    };
}

keywords! {
    target = "target",
    action = "action",
    auto = "auto",
    abilities = "abilities",
    requisite = "requisite",
    vars = "vars",
    label = "label",
    to = "to",
    from = "from",
    if_ = "if",
    elif = "elif",
    else_ = "else",
    may = "may",
    in_ = "in",
    all = "all",
    and = "and",
    or = "or",
    not = "not",
    true_ = "true",
    false_ = "false",
    nil = "nil",
    s = "s",
    r = "r",
}

impl Names {
    /// Interns every name of `catalogue` into `interner`.
    pub fn new(catalogue: &Catalogue, interner: &mut Interner) -> Names {
        let roles = &catalogue.roles;
        let player_words: Vec<(&'static str, PlayerWord)> = [
            (roles.target_controller, PlayerWord::Controller),
            (roles.target_opponent, PlayerWord::Opponent),
            (roles.target_source, PlayerWord::Source),
            (roles.target_player, PlayerWord::Player),
        ]
        .into_iter()
        .filter_map(|(word, role)| Some((word?, role)))
        .collect();
        let mut names = Names {
            keywords: Keywords::intern(interner),
            properties: NameTable::build(interner, PROPERTY_KEYS.iter().copied()),
            commands: NameTable::build(interner, catalogue.commands.iter().map(|spec| spec.name)),
            costs: NameTable::build(interner, catalogue.costs.iter().map(|spec| spec.name)),
            filters: NameTable::build(interner, named(catalogue.filters)),
            comparable_filters: NameTable::build(interner, named(catalogue.comparable_filters)),
            ranking_filters: NameTable::build(interner, catalogue.ranking_filters.iter().map(|spec| spec.name)),
            zones: NameTable::build(interner, catalogue.zones.iter().map(|spec| spec.name)),
            zone_prefixes: NameTable::build(interner, named(catalogue.zone_prefixes)),
            card_types: NameTable::build(interner, named(catalogue.card_types)),
            subtypes: NameTable::build(interner, catalogue.subtypes.iter().copied()),
            player_words: NameTable::build(interner, player_words.iter().map(|(word, _)| *word)),
            player_word_roles: player_words.iter().map(|(_, role)| *role).collect(),
            events: NameTable::build(interner, catalogue.events.iter().map(|spec| spec.name)),
            event_prefixes: NameTable::build(interner, named(catalogue.event_prefixes)),
            event_suffixes: NameTable::build(interner, named(catalogue.event_suffixes)),
            abilities: NameTable::build(interner, named(catalogue.abilities)),
            rule_switches: NameTable::build(interner, named(catalogue.rule_switches)),
            selectors: NameTable::build(interner, named(catalogue.selectors)),
            restrictions: NameTable::build(interner, named(catalogue.restrictions)),
            restriction_prefixes: NameTable::build(interner, named(catalogue.restriction_prefixes)),
            variables: NameTable::build(interner, named(catalogue.variables)),
            attributes: NameTable::build(interner, named(catalogue.attributes)),
            functions: NameTable::build(interner, catalogue.functions.iter().map(|spec| spec.name)),
            type_words: Vec::new(),
            last_keyword: 0,
            commands_by_symbol: Vec::new(),
            target_names: Vec::new(),
            source_suffixes: Vec::new(),
            event_object: None,
            element_tests: element_tests(catalogue),
            examples: Examples::new(catalogue),
        };
        let roles = &catalogue.roles;
        let mut intern_roles = |words: &[Option<&str>]| -> Vec<Symbol> {
            words.iter().flatten().map(|word| interner.get_or_intern(word.to_ascii_lowercase())).collect()
        };
        names.target_names = intern_roles(&[roles.targets, roles.previous_targets]);
        names.source_suffixes = intern_roles(&[roles.suffix_source, roles.suffix_from_source]);
        let event_object = intern_roles(&[roles.event_object]);
        names.event_object = event_object.first().and_then(|&symbol| names.variables.get(symbol));
        let symbols = names.card_types.index_by_symbol.len().max(names.subtypes.index_by_symbol.len());
        let symbols = symbols.max(names.player_words.index_by_symbol.len());
        names.last_keyword = names.keywords.last_symbol();
        names.commands_by_symbol = (0..names.commands.index_by_symbol.len())
            .map(|slot| {
                let symbol = Symbol::try_from_usize(slot)?;
                let spec = catalogue.commands.get(usize::from(names.commands.get(symbol)?))?;
                Some(CommandInfo { spec, min_args: spec.min_args() })
            })
            .collect();
        names.type_words = (0..symbols)
            .map(|slot| {
                let symbol = Symbol::try_from_usize(slot).unwrap_or_default();
                names.card_types.contains(symbol)
                    || names.subtypes.contains(symbol)
                    || names.player_words.contains(symbol)
            })
            .collect();
        names
    }

    /// Whether `symbol` is a suffix matching only the auto's own card (CFC `this`).
    pub fn is_source_suffix(&self, symbol: Symbol) -> bool {
        self.source_suffixes.contains(&symbol)
    }

    /// Whether `symbol` may be one of the [`Keywords`] (false for most names, found with one
    /// comparison: the keywords are interned first, so their symbols are the lowest).
    pub fn is_keyword(&self, symbol: Symbol) -> bool {
        symbol.into_usize() <= self.last_keyword
    }

    /// The command `symbol` names, if any.
    pub fn command(&self, symbol: Symbol) -> Option<CommandInfo> {
        self.commands_by_symbol.get(symbol.into_usize()).copied().flatten()
    }

    /// Whether `symbol` is a word usable as a target type (`character`, `me`, a subtype).
    pub fn is_type_word(&self, symbol: Symbol) -> bool {
        self.type_words.get(symbol.into_usize()).copied().unwrap_or(false)
    }
}
