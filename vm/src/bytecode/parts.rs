//! Borrowed views of a [`Filter`] and a [`Card`]: what the bundle writer encodes, and what
//! [`BundleBuilder::add_filter`] and [`BundleBuilder::add_card`] take besides the owned
//! values. Kept because a compiler that builds owned filters and cards to add them spends
//! about 8% (filters) and 12% (cards) more on `corpus/compile` (criterion, 2026-11-26; see
//! BENCHMARKS.md).

#[cfg(doc)]
use super::BundleBuilder;
use super::index::*;
use super::program::*;

/// A filter for [`BundleBuilder::add_filter`], its lists borrowed: the fields of
/// [`Filter`], with `terms` any slice of term lists.
#[derive(Debug, Clone, Copy)]
pub struct FilterParts<'f, T = Vec<Term>> {
    /// As [`Filter::qty`].
    pub qty: Option<Qty>,
    /// As [`Filter::types`].
    pub types: &'f [TypeTerm],
    /// As [`Filter::type_op`].
    pub type_op: TypeOp,
    /// As [`Filter::pick`].
    pub pick: Option<i32>,
    /// As [`Filter::terms`].
    pub terms: &'f [T],
    /// As [`Filter::zone`].
    pub zone: ZoneRef,
    /// As [`Filter::selector`].
    pub selector: Option<Selector>,
}

impl Filter {
    /// The filter's parts.
    pub fn parts(&self) -> FilterParts<'_> {
        FilterParts {
            qty: self.qty,
            types: &self.types,
            type_op: self.type_op,
            pick: self.pick,
            terms: &self.terms,
            zone: self.zone,
            selector: self.selector,
        }
    }
}

/// A card for [`BundleBuilder::add_card`], its lists borrowed: the fields of [`Card`].
#[derive(Debug, Clone, Copy)]
pub struct CardParts<'c> {
    /// As [`Card::key`].
    pub key: StrIdx,
    /// As [`Card::abilities`].
    pub abilities: &'c [AbilityIdx],
    /// As [`Card::target`].
    pub target: Option<RuleTargetParts<'c>>,
    /// As [`Card::requisites`].
    pub requisites: &'c [FilterIdx],
    /// As [`Card::vars`].
    pub vars: Option<EntryIdx>,
    /// As [`Card::actions`].
    pub actions: &'c [ActionParts<'c>],
    /// As [`Card::autos`].
    pub autos: &'c [AutoParts<'c>],
}

/// A [`RuleTarget`] with its filters borrowed.
#[derive(Debug, Clone, Copy)]
pub struct RuleTargetParts<'c> {
    /// As [`RuleTarget::optional`].
    pub optional: bool,
    /// As [`RuleTarget::filters`].
    pub filters: &'c [FilterIdx],
}

/// An [`Action`] with its costs borrowed.
#[derive(Debug, Clone, Copy)]
pub struct ActionParts<'c> {
    /// As [`Action::label`].
    pub label: Option<StrIdx>,
    /// As [`Action::costs`].
    pub costs: &'c [Cost],
    /// As [`Action::entry`].
    pub entry: EntryIdx,
}

/// An [`Auto`] with its events borrowed.
#[derive(Debug, Clone, Copy)]
pub struct AutoParts<'c> {
    /// As [`Auto::hook`].
    pub hook: bool,
    /// As [`Auto::events`].
    pub events: &'c [EventRef],
    /// As [`Auto::costs`].
    pub costs: &'c [Cost],
    /// As [`Auto::entry`].
    pub entry: EntryIdx,
}

impl Card {
    /// Calls `f` with the card's parts.
    pub fn with_parts<R>(&self, f: impl FnOnce(CardParts<'_>) -> R) -> R {
        let actions: Vec<ActionParts<'_>> = self
            .actions
            .iter()
            .map(|action| ActionParts { label: action.label, costs: &action.costs, entry: action.entry })
            .collect();
        let autos: Vec<AutoParts<'_>> = self
            .autos
            .iter()
            .map(|auto| AutoParts { hook: auto.hook, events: &auto.events, costs: &auto.costs, entry: auto.entry })
            .collect();
        f(CardParts {
            key: self.key,
            abilities: &self.abilities,
            target: self
                .target
                .as_ref()
                .map(|target| RuleTargetParts { optional: target.optional, filters: &target.filters }),
            requisites: &self.requisites,
            vars: self.vars,
            actions: &actions,
            autos: &autos,
        })
    }
}

/// A filter [`BundleBuilder::add_filter`] adds: a [`Filter`] or its [`FilterParts`].
pub trait AsFilterParts {
    /// The filter's fields, its lists borrowed.
    fn filter_parts(&self) -> FilterParts<'_, impl AsRef<[Term]>>;
}

impl AsFilterParts for Filter {
    fn filter_parts(&self) -> FilterParts<'_, impl AsRef<[Term]>> {
        self.parts()
    }
}

impl<T: AsRef<[Term]>> AsFilterParts for FilterParts<'_, T> {
    fn filter_parts(&self) -> FilterParts<'_, impl AsRef<[Term]>> {
        FilterParts { types: self.types, terms: self.terms, ..*self }
    }
}

/// A card [`BundleBuilder::add_card`] adds: a [`Card`] or its [`CardParts`].
pub trait AsCardParts {
    /// Calls `f` with the card's fields, its lists borrowed.
    fn with_card_parts<R>(&self, f: impl FnOnce(CardParts<'_>) -> R) -> R;
}

impl AsCardParts for Card {
    fn with_card_parts<R>(&self, f: impl FnOnce(CardParts<'_>) -> R) -> R {
        self.with_parts(f)
    }
}

impl AsCardParts for CardParts<'_> {
    fn with_card_parts<R>(&self, f: impl FnOnce(CardParts<'_>) -> R) -> R {
        f(*self)
    }
}
