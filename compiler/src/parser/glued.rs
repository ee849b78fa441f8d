//! Glued words: a known prefix joined to a known name (`oppRing`, `myEndPhase`, `oppueot`).

use crate::ast::Symbol;
use crate::catalogue_names::{NameTable, Names};

/// A kind of word that may glue a known prefix to a known name: `oppRing`, `myEndPhase`,
/// `oppueot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Glued {
    Zone,
    Event,
    Restriction,
}

impl Glued {
    /// The prefixes and the names that may follow them.
    pub(super) fn tables(self, names: &Names) -> (&NameTable, &NameTable) {
        match self {
            Glued::Zone => (&names.zone_prefixes, &names.zones),
            Glued::Event => (&names.event_prefixes, &names.events),
            Glued::Restriction => (&names.restriction_prefixes, &names.restrictions),
        }
    }
}

/// Where a glued word splits, and the symbols of its two parts.
#[derive(Debug, Clone, Copy)]
pub(super) struct Split {
    pub(super) at: u32,
    pub(super) prefix: Symbol,
    pub(super) rest: Symbol,
}
