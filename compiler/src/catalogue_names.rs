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

fn named(list: &'static [NamedSpec]) -> impl Iterator<Item = &'static str> {
    list.iter().map(|spec| spec.name)
}

/// Words of the target-filter language that are not in any catalogue (the VM knows them).
pub const PLAYER_TYPE_WORDS: &[&str] = &["me", "opp", "this", "player"];

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
    /// Player and source words usable as target types (`me`, `this`).
    pub player_words: NameTable,
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
    /// By symbol: whether it is a type word ([`Names::is_type_word`]), in one lookup.
    type_words: Vec<bool>,
    /// `tgt` and `prevtgt`: the names that read a statement's targets (the checker compares
    /// symbols instead of resolving every name to text).
    pub target_names: [Symbol; 2],
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
            player_words: NameTable::build(interner, PLAYER_TYPE_WORDS.iter().copied()),
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
            target_names: [interner.get_or_intern_static("tgt"), interner.get_or_intern_static("prevtgt")],
        };
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
