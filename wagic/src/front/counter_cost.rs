//! `{C(0/0,-n,name)}` (Wagic's `CounterCost`): remove n counters of that name from this
//! permanent, payable while it has at least n. Lowered as the catalogue's `C` cost with the
//! filter `this[counter{name}>=n]`: what the cost checks, and the kind and count it
//! removes. `{C(0/0,n,name)}` (a planeswalker's `+1`: `{C(0/0,1,Loyalty)}`) puts n on it,
//! as Wagic's `CounterCost` adds counters of a positive count: the filter
//! `this[counter{name}>=-n]`, which any permanent passes. `{C(1/1,-n)}` and
//! `{C(-1/-1,n)}` do the same with +1/+1 and -1/-1 counters (the kinds `counter{1/1}`
//! and `counter{-1/-1}`); other power and toughness counters are refused.
//! `{C(1/1,-n),spec}` and `{C(-1/-1,n),spec}` (Spike Rogue's, Hatchet Bully's: "remove a
//! +1/+1 counter from a creature you control") remove or put them on a permanent the spec
//! picks, asked as `{S(spec)}` asks: the spec's filter with the counter's term in each of
//! its groups.

use compiler::ir::{Cost, Filter, TypeAtom, TypeTerm};
use vm::bytecode::{ComparableIdx, CompareOp, CostIdx, Term, TermKind, TypeOp, ZoneIdx, ZoneRef};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{self, CATALOGUE};

impl<'i> Lowering<'i> {
    /// The cost of `{C(args)}` (`symbol` is the text between the braces).
    pub(super) fn counter_cost(
        &self,
        symbol: Piece<'_>,
        args: Piece<'_>,
        on: Option<Piece<'_>>,
    ) -> Result<Cost<'i>, Unsupported> {
        let construct = "counter cost other than `{C(0/0,n,name)}`, `{C(1/1,n)}` or `{C(-1/-1,n)}`";
        let parts = super::counters::counter_parts(args.text);
        let (count, name) = match parts.as_slice() {
            [pt, count, name] if *pt == "0/0" => (*count, *name),
            // Wagic tells a counter other than 0/0 by its power and toughness alone
            // (`Counter::sameAs`): a name beside them changes nothing.
            [pt @ ("1/1" | "-1/-1"), count] | [pt @ ("1/1" | "-1/-1"), count, _] => (*count, *pt),
            _ => return Err(Unsupported::new(symbol, construct)),
        };
        let count: i32 = count.parse().map_err(|_| Unsupported::new(symbol, construct))?;
        let comparable = format!("counter{{{}}}", name.to_ascii_lowercase());
        let property = catalogue::position(catalogue::COMPARABLE_FILTERS, &comparable).ok_or_else(|| {
            Unsupported::new(symbol, &format!("counters named `{}` in a cost", spec::leading_word(name)))
        })?;
        let term = Term {
            negated: false,
            kind: TermKind::Compare {
                property: ComparableIdx::new(property),
                op: CompareOp::Ge,
                value: count.saturating_neg(),
            },
        };
        let index = CATALOGUE.costs.iter().position(|cost| cost.name == "C").unwrap_or(0);
        if let Some(on) = on {
            // A permanent the spec picks (asked): the counter's term joins each of its
            // groups, so that only one with n such counters pays a removal.
            let spec = spec::read(on)?;
            let picked = self.specs.filter(&spec, false)?;
            let groups: Vec<&'i [Term]> = if picked.terms.is_empty() {
                vec![self.arena.alloc_slice_copy(&[term])]
            } else {
                let with_counter = |group: &&'i [Term]| -> &'i [Term] {
                    let mut terms = group.to_vec();
                    terms.push(term);
                    self.arena.alloc_slice_copy(&terms)
                };
                picked.terms.iter().map(with_counter).collect()
            };
            let filter = self.arena.alloc(Filter { terms: self.arena.alloc_slice_copy(&groups), ..*picked });
            return Ok(Cost { cost: CostIdx::new(index), count: None, filter: Some(filter) });
        }
        let this = TypeTerm { exclude_source: false, negate: false, plural: false, atom: TypeAtom::This };
        let terms: &'i [Term] = self.arena.alloc_slice_copy(&[term]);
        let filter = self.arena.alloc(Filter {
            qty: None,
            types: self.arena.alloc_slice_copy(&[this]),
            type_op: TypeOp::Union,
            pick: None,
            terms: self.arena.alloc_slice_copy(&[terms]),
            zone: ZoneRef { prefix: None, zone: ZoneIdx::new(0) },
            selector: None,
            computed: None,
            span: symbol.span(),
        });
        Ok(Cost { cost: CostIdx::new(index), count: None, filter: Some(filter) })
    }

    /// `costs` and the `planeswalker` cost, which a planeswalker's every activated ability
    /// pays: Wagic's `ActivatedAbility::isReactingToClick` lets its controller activate one
    /// of them a turn, in their own main phase.
    pub(super) fn with_planeswalker_cost(&self, costs: &'i [Cost<'i>]) -> &'i [Cost<'i>] {
        let index = CATALOGUE.costs.iter().position(|cost| cost.name == "planeswalker").unwrap_or(0);
        let mut all = costs.to_vec();
        all.push(Cost { cost: CostIdx::new(index), count: None, filter: None });
        self.arena.alloc_slice_copy(&all)
    }
}
