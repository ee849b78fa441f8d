//! Lowering target filters: zones, quantities, type terms and filter terms, each name
//! resolved to its catalogue index.

use super::*;
use crate::catalogue_names::PlayerWord;

impl<'i> Lowerer<'i, '_> {
    pub(super) fn zone(&mut self, zone: &ast::ZoneRef) -> ZoneRef {
        let prefix = zone.prefix.map(|prefix| {
            ZonePrefixIdx(self.resolve(self.names.zone_prefixes.get(prefix.symbol), Code::E0040, "zone prefix", prefix))
        });
        let index = self.resolve(self.names.zones.get(zone.zone.symbol), Code::E0012, "zone", zone.zone);
        ZoneRef { prefix, zone: ZoneIdx(index) }
    }

    /// Lowers `filter` into the arena (built where it stays, not copied there).
    pub(super) fn filter(&mut self, filter: &ast::TargetFilter<'_>) -> &'i ir::Filter<'i> {
        let span = filter.span;
        let qty = filter.quantity.map(|quantity| match quantity.kind {
            ast::QuantityKind::Exact(n) => Qty::Exact(self.u16_of(n, quantity.span)),
            ast::QuantityKind::Range(min, max) => {
                Qty::Range { min: self.u16_of(min.unwrap_or(1), quantity.span), max: self.u16_of(max, quantity.span) }
            }
            ast::QuantityKind::Any => Qty::All,
            ast::QuantityKind::Random(n) => Qty::Random(self.u16_of(n.unwrap_or(1), quantity.span)),
        });
        let shared_types: Option<&'static [ir::TypeTerm<'static>]> = match filter.types {
            // `{D(<r>)}`: an empty type is `*`.
            [] => {
                Some(&[ir::TypeTerm { exclude_source: false, negate: false, plural: false, atom: ir::TypeAtom::Any }])
            }
            [term] => self.shared_type_term(term),
            _ => None,
        };
        let types: &'i [ir::TypeTerm<'i>] = match shared_types {
            Some(shared) => shared,
            None => self.lower_all(filter.types, Self::type_term),
        };
        let type_op = match filter.type_operator {
            ast::TypeOperator::Single | ast::TypeOperator::Choice => TypeOp::Choice,
            ast::TypeOperator::Union => TypeOp::Union,
        };
        let terms = self.lower_all(filter.terms, |lowerer, group| lowerer.lower_all(group, Self::filter_term));
        let zone = match &filter.zone {
            Some(zone) => self.zone(zone),
            // The catalogue's first zone is the default one (`arena` for CFC).
            None => ZoneRef { prefix: None, zone: ZoneIdx(0) },
        };
        let selector = filter.selector.map(|selector| {
            let index =
                self.resolve(self.names.selectors.get(selector.name.symbol), Code::E0017, "selector", selector.name);
            (SelectorIdx(index), self.expr(selector.argument))
        });
        let pick = filter.pick.map(|pick| pick.count);
        self.arena.alloc(ir::Filter { qty, types, type_op, pick, terms, zone, selector, computed: None, span })
    }

    /// The lowered type list of a filter whose one type is a plain card type (`character`,
    /// `characters`), shared from [`CARD_TYPE_TERMS`] instead of allocated: most filters.
    fn shared_type_term(&self, term: &ast::TypeTerm<'_>) -> Option<&'static [ir::TypeTerm<'static>]> {
        let ast::TypeAtom::Word(word) = term.atom else { return None };
        if term.exclude_source || term.negate {
            return None;
        }
        let index = self.names.card_types.get(word.symbol)?;
        let shared = CARD_TYPE_TERMS.get(usize::from(index))?;
        Some(&shared[usize::from(term.plural)])
    }

    fn type_term(&mut self, term: &ast::TypeTerm<'_>) -> ir::TypeTerm<'i> {
        let atom = match term.atom {
            ast::TypeAtom::Any => ir::TypeAtom::Any,
            ast::TypeAtom::CardName(name, _) => ir::TypeAtom::Name(self.text(name)),
            ast::TypeAtom::Expr(expression) => ir::TypeAtom::Expr(self.expr(expression)),
            ast::TypeAtom::Word(word) => {
                if let Some(index) = self.names.card_types.get(word.symbol) {
                    ir::TypeAtom::CardType(CardTypeIdx(u32::from(index)))
                } else if let Some(&role) = self
                    .names
                    .player_words
                    .get(word.symbol)
                    .and_then(|index| self.names.player_word_roles.get(usize::from(index)))
                {
                    match role {
                        PlayerWord::Controller => ir::TypeAtom::Me,
                        PlayerWord::Opponent => ir::TypeAtom::Opp,
                        PlayerWord::Source => ir::TypeAtom::This,
                        PlayerWord::Player if term.plural => ir::TypeAtom::Players,
                        PlayerWord::Player => ir::TypeAtom::Player,
                    }
                } else {
                    let index = self.resolve(self.names.subtypes.get(word.symbol), Code::E0038, "target type", word);
                    ir::TypeAtom::Subtype(SubtypeIdx(index))
                }
            }
        };
        ir::TypeTerm { exclude_source: term.exclude_source, negate: term.negate, plural: term.plural, atom }
    }

    fn filter_term(&mut self, term: &ast::FilterTerm) -> Term {
        let kind = match term.kind {
            ast::FilterTermKind::Word(word) => {
                if let Some(index) = self.names.filters.get(word.symbol) {
                    TermKind::Keyword(FilterKeywordIdx(u32::from(index)))
                } else if let Some(index) = self.names.card_types.get(word.symbol) {
                    TermKind::CardType(CardTypeIdx(u32::from(index)))
                } else {
                    let index = self.resolve(self.names.subtypes.get(word.symbol), Code::E0011, "filter", word);
                    TermKind::Subtype(SubtypeIdx(index))
                }
            }
            ast::FilterTermKind::Compare(property, op, value) => {
                let index = self.resolve(
                    self.names.comparable_filters.get(property.symbol),
                    Code::E0011,
                    "comparable filter",
                    property,
                );
                TermKind::Compare { property: ComparableIdx(index), op, value }
            }
            ast::FilterTermKind::Rank(property, word) => {
                let index = self.resolve(
                    self.names.ranking_filters.get(property.symbol),
                    Code::E0011,
                    "ranking filter",
                    property,
                );
                let written = self.interner.resolve(&word.symbol);
                let found = self
                    .catalogue
                    .ranking_filters
                    .get(index as usize)
                    .and_then(|spec| spec.words.iter().position(|known| known.name.eq_ignore_ascii_case(written)));
                let found = found.and_then(|index| u16::try_from(index).ok());
                let word = self.resolve(found, Code::E0011, "ranking", word) as u16;
                TermKind::Rank { ranking: RankingIdx(index), word }
            }
        };
        Term { negated: term.negated, kind }
    }
}
