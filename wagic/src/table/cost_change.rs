//! What casting a card costs once the cost changes in force apply: each permanent's
//! `lord(spec|zones) altercost(colour, ±n)` (read by `front/cost_change.rs`, kept in
//! [`Printed::cost_changes`](super::Printed::cost_changes)) while it is on the battlefield
//! with its abilities and its `this(...)` condition holds, for the cards its spec matches in
//! the zones it names, as Wagic's `MTGCardInstance::computeNewCost` works the cost out:
//! every increase added, then every reduction taken off, a symbol never below none (a
//! generic reduction takes nothing off coloured mana); then affinity's discount. A land
//! is never changed (Wagic's `AAlterCost` leaves lands alone).
//!
//! A game ([`crate::play`]: the moves offered, castability and payment) and the runner
//! (`rsc test --lang wagic`) both ask [`Table::changed_cost`].

use vm::bytecode::{ComparableIdx, FilterKeywordIdx};
use vm::runtime::{CardId, Host, PlayerId, Value};

use super::{BATTLEFIELD, Table};
use crate::catalogue;
use crate::front::piece::Piece;
use crate::front::spec::{self, Spec, TermTest};
use crate::front::{CostChange, CostCondition};
use crate::host::WagicHost;
use crate::testfile::Mana;

impl Table {
    /// `cost`, what casting `card` costs as printed (its mana cost, with its kicker when
    /// kicked), changed by every cost change in force on it and less affinity's discount.
    pub fn changed_cost(&self, card: CardId, cost: &mut Mana) {
        let board = &self.board;
        let is_land = board.get(card).is_some_and(|c| c.printed.types.iter().any(|word| word == "land"));
        if !is_land {
            let (mut more, mut less) = ([0i32; 6], [0i32; 6]);
            // Every card is looked at (the sums do not depend on the order), without the
            // sorted listing of a zone: most costs are worked out with no change in force.
            for (index, c) in board.cards.iter().enumerate() {
                if c.printed.cost_changes.is_empty() || c.zone != BATTLEFIELD || !c.has_rules() {
                    continue;
                }
                let permanent = CardId(u32::try_from(index).unwrap_or(u32::MAX));
                if board.lost_abilities(permanent) {
                    continue;
                }
                for change in &c.printed.cost_changes {
                    if self.holds(permanent, change) && self.matches(card, change, c.controller) {
                        let sum = if change.amount > 0 { &mut more } else { &mut less };
                        sum[change.slot] = sum[change.slot].saturating_add(change.amount.saturating_abs());
                    }
                }
            }
            for slot in 0..6 {
                cost[slot] = cost[slot].saturating_add(more[slot]).saturating_sub(less[slot]).max(0);
            }
        }
        crate::runner::costs::affinity_discount(self, card, cost);
    }

    /// Whether `change`'s condition holds for its permanent.
    fn holds(&self, permanent: CardId, change: &CostChange) -> bool {
        let board = &self.board;
        match &change.condition {
            CostCondition::Always => true,
            CostCondition::Tapped => board.get(permanent).is_some_and(|c| c.tapped),
            CostCondition::Untapped => board.get(permanent).is_some_and(|c| !c.tapped),
            CostCondition::Counters { name, at_least } => board.named_counters(permanent, name) >= *at_least,
        }
    }

    /// Whether `change`, of a permanent `controller` controls, matches `card`: the card is in
    /// one of the zones its spec names, of the players its prefix names, and fits the spec.
    fn matches(&self, card: CardId, change: &CostChange, controller: PlayerId) -> bool {
        let Ok(spec) = spec::read(Piece::new(&change.spec, 0)) else { return false };
        let board = &self.board;
        let Some(c) = board.get(card) else { return false };
        let Some((prefix, zone)) = spec.zone else { return false };
        let in_zone = catalogue::zone_members(zone).into_iter().any(|member| member == c.zone.index());
        let whose = match prefix.map(|index| catalogue::ZONE_PREFIXES[index].name) {
            Some("my") => c.owner == controller,
            Some("opp") => c.owner != controller,
            None => true,
            Some(_) => false,
        };
        in_zone && whose && self.fits(card, &spec)
    }

    /// Whether `card` fits `spec`'s type words and `[...]` terms.
    fn fits(&self, card: CardId, spec: &Spec<'_>) -> bool {
        let board = &self.board;
        let typed = spec.types.iter().any(|word| {
            let lower = word.text.to_ascii_lowercase();
            lower == "*" || board.has_type_word(card, &lower)
        });
        let term_holds = |test: TermTest<'_>| match test {
            TermTest::Type(word) => board.has_type_word(card, &word.text.to_ascii_lowercase()),
            TermTest::Keyword(index) => match catalogue::FILTERS[index].name {
                "multicolor" => board.colours(card).len() > 1,
                name if catalogue::COLOUR_NAMES.contains(&name) => board.colours(card).contains(&name),
                name if catalogue::CATALOGUE.abilities.iter().any(|ability| ability.name == name) => {
                    self.printed_ability(card, name) || board.has_ability(card, name)
                }
                _ => board.has_keyword(Value::Card(card), FilterKeywordIdx::new(index)),
            },
            TermTest::Compare(index, op, value) => board
                .property(Value::Card(card), ComparableIdx::new(index))
                .is_some_and(|actual| op.holds(actual, value)),
            // The front end refuses a ranking, or a computed value, in a cost change
            // (`cost_change.rs`).
            TermTest::Rank { .. } | TermTest::OfSource(_) | TermTest::CompareComputed(..) => false,
        };
        let termed = spec.terms.is_empty()
            || spec.terms.iter().any(|group| group.iter().all(|term| term.negated != term_holds(term.test)));
        typed && termed
    }
}
