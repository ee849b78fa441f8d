//! Typed indices of the bytecode contract: registers, local slots, code offsets and labels,
//! indices into a bundle's own tables (strings, filters, constants, entries, cards) and
//! indices into the tables of the [`Catalogue`] a bundle was built against.
//!
//! Every index is a newtype so that a string index can never be passed where a filter
//! index is meant. In memory they are `u32` (or `u8` for registers); the bundle stores
//! them in the widths given by [`super::operand`] and [`super::format`].

use crate::catalogue::{ArgKind, Catalogue};

/// A register of the current frame: `R[a]`. Each entry declares how many it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reg(pub u8);

/// A local slot of the execution: `L[s]`, shared by every entry an execution runs (user
/// `vars` and loop elements).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Local(pub u8);

/// A code offset inside one entry: the byte position of an instruction, counted from the
/// entry's first byte. Jump targets are `Pc`s, so an entry's code is position-independent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pc(pub u16);

/// A jump target that [`super::CodeBuilder`] resolves to a [`Pc`] when the entry is finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label(pub u32);

macro_rules! table_indices {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);

        impl $name {
            /// The index `index`; values past `u32::MAX` saturate (and are then refused by
            /// the encoder).
            pub fn new(index: usize) -> $name {
                $name(u32::try_from(index).unwrap_or(u32::MAX))
            }

            /// The index as a `usize`, for slicing.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    )*};
}

table_indices! {
    /// Index into the bundle's string table: `S[s]`.
    StrIdx;
    /// Index into the bundle's filter table: `F[f]`.
    FilterIdx;
    /// Index into the bundle's constant table: `K[k]`.
    ConstIdx;
    /// Index into the bundle's entry table (one entry = one body of code).
    EntryIdx;
    /// Index into the bundle's card table.
    CardIdx;
}

macro_rules! catalogue_indices {
    ($($(#[$doc:meta])* $name:ident => $table:ident;)*) => {
        $(
            $(#[$doc])*
            #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub struct $name(pub u32);

            impl $name {
                /// The catalogue table this index points into.
                pub const TABLE: CatalogueTable = CatalogueTable::$table;

                /// The index `index`; values past `u32::MAX` saturate (and are then refused
                /// by the encoder).
                pub fn new(index: usize) -> $name {
                    $name(u32::try_from(index).unwrap_or(u32::MAX))
                }

                /// The index as a `usize`, for slicing the catalogue table.
                pub fn index(self) -> usize {
                    self.0 as usize
                }
            }
        )*

        /// One table of a [`Catalogue`], for range checks, messages and the disassembler.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum CatalogueTable {
            $($(#[$doc])* $table,)*
        }
    };
}

catalogue_indices! {
    /// Index into `catalogue.commands`.
    CommandIdx => Commands;
    /// Index into `catalogue.costs`.
    CostIdx => Costs;
    /// Index into `catalogue.filters` (keyword filter terms).
    FilterKeywordIdx => Filters;
    /// Index into `catalogue.comparable_filters`.
    ComparableIdx => ComparableFilters;
    /// Index into `catalogue.ranking_filters`.
    RankingIdx => RankingFilters;
    /// Index into `catalogue.zones`.
    ZoneIdx => Zones;
    /// Index into `catalogue.zone_prefixes`.
    ZonePrefixIdx => ZonePrefixes;
    /// Index into `catalogue.card_types`.
    CardTypeIdx => CardTypes;
    /// Index into `catalogue.subtypes`.
    SubtypeIdx => Subtypes;
    /// Index into `catalogue.events`.
    EventIdx => Events;
    /// Index into `catalogue.event_prefixes`.
    EventPrefixIdx => EventPrefixes;
    /// Index into `catalogue.event_suffixes`.
    EventSuffixIdx => EventSuffixes;
    /// Index into `catalogue.abilities`.
    AbilityIdx => Abilities;
    /// Index into `catalogue.rule_switches`.
    RuleSwitchIdx => RuleSwitches;
    /// Index into `catalogue.selectors`.
    SelectorIdx => Selectors;
    /// Index into `catalogue.restrictions`.
    RestrictionIdx => Restrictions;
    /// Index into `catalogue.restriction_prefixes`.
    RestrictionPrefixIdx => RestrictionPrefixes;
    /// Index into `catalogue.variables`.
    VariableIdx => Variables;
    /// Index into `catalogue.attributes`.
    AttributeIdx => Attributes;
    /// Index into `catalogue.functions`.
    FunctionIdx => Functions;
}

impl CatalogueTable {
    /// What one entry of the table is called in messages (`command`).
    pub fn what(self) -> &'static str {
        match self {
            CatalogueTable::Commands => "command",
            CatalogueTable::Costs => "cost",
            CatalogueTable::Filters => "filter keyword",
            CatalogueTable::ComparableFilters => "comparable filter",
            CatalogueTable::RankingFilters => "ranking filter",
            CatalogueTable::Zones => "zone",
            CatalogueTable::ZonePrefixes => "zone prefix",
            CatalogueTable::CardTypes => "card type",
            CatalogueTable::Subtypes => "subtype",
            CatalogueTable::Events => "event",
            CatalogueTable::EventPrefixes => "event prefix",
            CatalogueTable::EventSuffixes => "event suffix",
            CatalogueTable::Abilities => "ability",
            CatalogueTable::RuleSwitches => "rule switch",
            CatalogueTable::Selectors => "selector",
            CatalogueTable::Restrictions => "restriction",
            CatalogueTable::RestrictionPrefixes => "restriction prefix",
            CatalogueTable::Variables => "variable",
            CatalogueTable::Attributes => "attribute",
            CatalogueTable::Functions => "function",
        }
    }

    /// How many entries `catalogue` has in this table.
    pub fn len(self, catalogue: &Catalogue) -> usize {
        match self {
            CatalogueTable::Commands => catalogue.commands.len(),
            CatalogueTable::Costs => catalogue.costs.len(),
            CatalogueTable::Filters => catalogue.filters.len(),
            CatalogueTable::ComparableFilters => catalogue.comparable_filters.len(),
            CatalogueTable::RankingFilters => catalogue.ranking_filters.len(),
            CatalogueTable::Zones => catalogue.zones.len(),
            CatalogueTable::ZonePrefixes => catalogue.zone_prefixes.len(),
            CatalogueTable::CardTypes => catalogue.card_types.len(),
            CatalogueTable::Subtypes => catalogue.subtypes.len(),
            CatalogueTable::Events => catalogue.events.len(),
            CatalogueTable::EventPrefixes => catalogue.event_prefixes.len(),
            CatalogueTable::EventSuffixes => catalogue.event_suffixes.len(),
            CatalogueTable::Abilities => catalogue.abilities.len(),
            CatalogueTable::RuleSwitches => catalogue.rule_switches.len(),
            CatalogueTable::Selectors => catalogue.selectors.len(),
            CatalogueTable::Restrictions => catalogue.restrictions.len(),
            CatalogueTable::RestrictionPrefixes => catalogue.restriction_prefixes.len(),
            CatalogueTable::Variables => catalogue.variables.len(),
            CatalogueTable::Attributes => catalogue.attributes.len(),
            CatalogueTable::Functions => catalogue.functions.len(),
        }
    }

    /// The canonical name of entry `index`, if it exists.
    pub fn name(self, catalogue: &Catalogue, index: usize) -> Option<&'static str> {
        let named = |names: &'static [crate::catalogue::NamedSpec]| names.get(index).map(|n| n.name);
        match self {
            CatalogueTable::Commands => catalogue.commands.get(index).map(|c| c.name),
            CatalogueTable::Costs => catalogue.costs.get(index).map(|c| c.name),
            CatalogueTable::Filters => named(catalogue.filters),
            CatalogueTable::ComparableFilters => named(catalogue.comparable_filters),
            CatalogueTable::RankingFilters => catalogue.ranking_filters.get(index).map(|r| r.name),
            CatalogueTable::Zones => catalogue.zones.get(index).map(|z| z.name),
            CatalogueTable::ZonePrefixes => named(catalogue.zone_prefixes),
            CatalogueTable::CardTypes => named(catalogue.card_types),
            CatalogueTable::Subtypes => catalogue.subtypes.get(index).copied(),
            CatalogueTable::Events => catalogue.events.get(index).map(|e| e.name),
            CatalogueTable::EventPrefixes => named(catalogue.event_prefixes),
            CatalogueTable::EventSuffixes => named(catalogue.event_suffixes),
            CatalogueTable::Abilities => named(catalogue.abilities),
            CatalogueTable::RuleSwitches => named(catalogue.rule_switches),
            CatalogueTable::Selectors => named(catalogue.selectors),
            CatalogueTable::Restrictions => named(catalogue.restrictions),
            CatalogueTable::RestrictionPrefixes => named(catalogue.restriction_prefixes),
            CatalogueTable::Variables => named(catalogue.variables),
            CatalogueTable::Attributes => named(catalogue.attributes),
            CatalogueTable::Functions => catalogue.functions.get(index).map(|f| f.name),
        }
    }
}

/// The keyword list of parameter `param` of command `command`, if that parameter is a
/// `Keyword` parameter.
pub fn keyword_words(
    catalogue: &Catalogue,
    command: CommandIdx,
    param: u8,
) -> Option<&'static [crate::catalogue::NamedSpec]> {
    let spec = catalogue.commands.get(command.index())?;
    match spec.params.get(param as usize)?.kind {
        ArgKind::Keyword(words) => Some(words),
        _ => None,
    }
}
