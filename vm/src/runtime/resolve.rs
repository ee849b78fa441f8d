//! The filter resolver (spec §3.6 with its FIX notes): a compiled [`Filter`] is turned
//! into the cards or players it designates, and into what the player must choose.
//!
//! Order: type choice (`a,b` with a keyword: the player picks the type, see
//! [`Machine::resolve_filter`]) → per type term: candidates (players, `this`, an
//! expression's value, or the zone's cards from the host) → `^` leaves out the source →
//! the type test (`!` negates) → the filter terms (OR of AND-lists, duplicates removed,
//! rankings relative to the candidates left) → pick → concatenation → random quantity
//! (host RNG) → `::not(expr)` selector (order kept) → choice request when the quantity
//! asks the player to choose among more candidates than the minimum. A computed quantity
//! or comparison (`Qty::Computed`, `TermKind::CompareComputed`) runs its entry as the
//! filter resolves, before the count or the candidates' test that reads it.
//!
//! Intermediate lists use the execution's reusable buffers, so resolving allocates
//! nothing once they have grown.

use crate::bytecode::{EntryIdx, Filter, FilterIdx, Program, Qty, Term, TermKind, TypeAtom, TypeOp, TypeTerm};

use super::builtins::Resolved;
use super::exec::Machine;
use super::host::{Env, Host};
use super::trap::{Trap, TrapCode};
use super::value::{ListId, Value};

/// What resolving a filter for a statement gives.
/// Whose zone a filter with the prefix `any` or `same` searches, once the player chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ZoneOwner {
    /// The executing player's zone.
    Me,
    /// The opponent's zone.
    Opponent,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resolution {
    /// Nothing matched (the resolver's failure).
    Nothing,
    /// These, without asking.
    List(ListId),
    /// The player chooses `min..=max` of these.
    Choose { candidates: ListId, min: u16, max: u16 },
    /// The player first chooses one of the type terms (candidates: their indices).
    ChooseType { options: ListId },
    /// The player first chooses whose zone an `any`/`same` filter searches (candidates:
    /// the two players).
    ChooseZone { options: ListId },
}

impl<H: Host> Machine<'_, H> {
    /// Resolves `f` for a statement, a rule target or `each`; `chosen_type` is the answer
    /// to an earlier [`Resolution::ChooseType`].
    pub(crate) fn resolve_filter(&mut self, f: FilterIdx, chosen_type: Option<u16>) -> Result<Resolution, Trap> {
        let filter = &self.shared.program.filters()[f.index()];
        let zone_prefix = filter.zone.prefix;
        let names = &self.shared.names;
        if self.state.zone_owner.is_none() && zone_prefix.is_some() && zone_prefix == names.zone_any {
            // §3.6 step 2: whose zone is asked before anything else.
            return self.choose_zone();
        }
        if chosen_type.is_none()
            && filter.type_op == TypeOp::Choice
            && filter.types.len() > 1
            && filter.types.iter().any(|term| is_keyword(term.atom))
        {
            let mut options = std::mem::take(&mut self.world.scratch);
            options.clear();
            options.extend((0..filter.types.len()).map(|i| Value::Int(i as i32)));
            let list = self.state.lists.make(&options);
            self.world.scratch = options;
            let options = list.ok_or(TrapCode::ListLimit)?;
            return Ok(Resolution::ChooseType { options });
        }
        let resolved = self.match_filter(f, chosen_type)?;
        let asks_same = self.state.zone_owner.is_none() && zone_prefix.is_some();
        if asks_same && zone_prefix == self.shared.names.zone_same && resolved.choose {
            // §3.6.1: every card chosen from a `same` zone comes from the one ring chosen
            // first; a type chosen before (§3.6.4) still holds in that ring.
            self.state.zone_type = chosen_type.and_then(|t| u8::try_from(t).ok());
            return self.choose_zone();
        }
        // The resolution is final: a zone chosen for this filter is forgotten.
        self.state.zone_owner = None;
        Ok(if !resolved.matched {
            Resolution::Nothing
        } else if resolved.choose {
            // A host that lists a card twice (`Host::zone_cards` should not) could leave
            // fewer distinct candidates than the player must choose: no answer would do.
            if !self.world.answerable(self.state.lists.get(resolved.candidates), resolved.min) {
                return Err(Trap::new(TrapCode::BadRequest));
            }
            Resolution::Choose { candidates: resolved.candidates, min: resolved.min, max: resolved.max }
        } else {
            Resolution::List(resolved.candidates)
        })
    }

    /// A zone choice between the executing player's zone and the opponent's.
    fn choose_zone(&mut self) -> Result<Resolution, Trap> {
        let me = self.state.env.me;
        let opp = self.host.opponent(me);
        let options = self.state.lists.make(&[Value::Player(me), Value::Player(opp)]).ok_or(TrapCode::ListLimit)?;
        Ok(Resolution::ChooseZone { options })
    }

    /// Resolves `f` again once the player chose whose zone it searches (`owner`).
    pub(crate) fn resolve_in_zone(&mut self, f: FilterIdx, owner: Value) -> Result<Resolution, Trap> {
        let opponents = owner.as_player().is_some_and(|player| player != self.state.env.me);
        self.state.zone_owner = Some(if opponents { ZoneOwner::Opponent } else { ZoneOwner::Me });
        let chosen_type = self.state.zone_type.take().map(u16::from);
        self.resolve_filter(f, chosen_type)
    }

    /// Resolves `f` without asking: every type term (or only `only_type`), joined.
    pub(crate) fn resolve_candidates(&mut self, f: FilterIdx) -> Result<Resolved, Trap> {
        self.match_filter(f, None)
    }

    fn match_filter(&mut self, f: FilterIdx, only_type: Option<u16>) -> Result<Resolved, Trap> {
        let shared = self.shared;
        let filter = &shared.program.filters()[f.index()];
        let mut acc = std::mem::take(&mut self.world.scratch3);
        acc.clear();
        let mut can_choose = false;
        let result = (|| {
            if let [term] = filter.types[..] {
                // One type term (most filters): its candidates are the result, without
                // duplicates, and are not copied into the union of the terms.
                if only_type.is_none_or(|only| only == 0) {
                    // No value twice: a zone lists each card once (`Host::zone_cards`), the
                    // named atoms name distinct values, `match_type` drops an expression's
                    // duplicates, and the terms and the pick keep a subset in order.
                    can_choose = self.match_type(filter, term, &mut acc)?;
                }
                return Ok(());
            }
            let mut cand = std::mem::take(&mut self.world.scratch);
            let mut result = Ok(());
            for (i, term) in filter.types.iter().enumerate() {
                if only_type.is_some_and(|only| usize::from(only) != i) {
                    continue;
                }
                match self.match_type(filter, *term, &mut cand) {
                    Ok(choose) => {
                        can_choose |= choose;
                        self.world.append_new(&mut acc, cand.iter().copied(), cand.len());
                    }
                    Err(trap) => {
                        result = Err(trap);
                        break;
                    }
                }
            }
            self.world.scratch = cand;
            result
        })();
        if let Err(trap) = result {
            self.world.scratch3 = acc;
            return Err(trap);
        }
        if let Some(Qty::Random(n)) = filter.qty {
            let keep = usize::from(n).min(acc.len());
            for i in 0..keep {
                let j = i + self.host.random((acc.len() - i) as u32) as usize;
                let last = acc.len() - 1;
                acc.swap(i, j.min(last));
            }
            acc.truncate(keep);
        }
        if let Some(selector) = filter.selector {
            let value = match self.eval_entry(selector.arg) {
                Ok(value) => value,
                Err(trap) => {
                    self.world.scratch3 = acc;
                    return Err(trap);
                }
            };
            // The selector's list is read once, whole.
            if let Value::List(list) = value
                && let Err(trap) = self.charge(u32::try_from(self.state.lists.len(list)).unwrap_or(u32::MAX))
            {
                self.world.scratch3 = acc;
                return Err(trap);
            }
            let mut excluded = self.world.take_set();
            match value {
                Value::List(list) => excluded.extend(self.state.lists.get(list).iter().copied()),
                single => {
                    excluded.insert(single);
                }
            }
            acc.retain(|item| !excluded.contains(item));
            self.world.give_set(excluded);
        }
        let computed_count = match filter.qty {
            Some(Qty::Computed { value, .. }) => match self.computed(value) {
                Ok(count) => Some(count.clamp(0, i32::from(u16::MAX)) as u16),
                Err(trap) => {
                    self.world.scratch3 = acc;
                    return Err(trap);
                }
            },
            _ => None,
        };
        if computed_count == Some(0) {
            // `<prex>` with X = 0: no target, whatever matched.
            acc.clear();
        }
        let Take { matched, choose, min, max } =
            take(filter, can_choose, acc.len(), self.shared.ask_lone_choice, computed_count.unwrap_or(0));
        let candidates = self.state.lists.make(&acc);
        self.world.scratch3 = acc;
        let candidates = candidates.ok_or(TrapCode::ListLimit)?;
        Ok(Resolved { candidates, matched, choose, min, max })
    }

    /// Fills `cand` (cleared first) with what one type term matches, in order and without
    /// duplicates; returns whether it lets the player choose. Charges as a builtin that
    /// reads a pile does, one unit of fuel per card read: each card of the zone searched
    /// (or value of an expression's list), whether its type keeps it or not, then each
    /// candidate left once per filter term that tests it. A filter in a loop is then
    /// bounded by the loop's budget however big the zone it searches.
    fn match_type(&mut self, filter: &Filter, term: TypeTerm, cand: &mut Vec<Value>) -> Result<bool, Trap> {
        let shared = self.shared;
        let env = self.state.env;
        cand.clear();
        let mut choose = !term.plural;
        let looked_at = match term.atom {
            TypeAtom::Me | TypeAtom::Opp | TypeAtom::Player | TypeAtom::Players | TypeAtom::This => {
                choose = named_candidates(&*self.host, &env, term, cand);
                // At most two: within the unit the statement already paid.
                0
            }
            TypeAtom::Expr(entry) => {
                choose = false;
                match self.eval_entry(entry)? {
                    Value::List(list) => {
                        cand.extend_from_slice(self.state.lists.get(list));
                        // An expression's list may name a value twice: the terms and the
                        // pick count it once, with terms or without.
                        if cand.len() > 1 {
                            self.world.dedup(cand);
                        }
                        self.state.lists.len(list)
                    }
                    value @ (Value::Card(_) | Value::Player(_)) => {
                        cand.push(value);
                        0
                    }
                    _ => 0,
                }
            }
            TypeAtom::Any | TypeAtom::CardType(_) | TypeAtom::Subtype(_) | TypeAtom::Name(_) => {
                let mut zone = filter.zone;
                if let Some(owner) = self.state.zone_owner {
                    let names = &shared.names;
                    zone.prefix = match owner {
                        ZoneOwner::Opponent => names.zone_opp,
                        ZoneOwner::Me => names.zone_my,
                    };
                }
                match term.atom {
                    TypeAtom::CardType(ty) => self.host.zone_cards_of_type(&env, zone, ty, term.negate, cand),
                    _ => {
                        self.host.zone_cards(&env, zone, cand);
                        let listed = cand.len();
                        retain_type(&*self.host, &shared.program, term, cand);
                        listed
                    }
                }
            }
        };
        self.charge(u32::try_from(looked_at).unwrap_or(u32::MAX))?;
        if term.exclude_source {
            cand.retain(|&item| item != Value::Card(env.source));
        }
        if !filter.terms.is_empty() {
            // Each term of each alternative tests every candidate left.
            let tests = filter.terms.iter().map(Vec::len).sum::<usize>().saturating_mul(cand.len());
            self.charge(u32::try_from(tests).unwrap_or(u32::MAX))?;
        }
        self.apply_terms(&filter.terms, cand)?;
        apply_pick(filter.pick, cand);
        Ok(choose)
    }

    /// The integer `entry` gives, for a computed quantity or comparison: 0 for a value
    /// that is no integer.
    fn computed(&mut self, entry: EntryIdx) -> Result<i32, Trap> {
        Ok(self.eval_entry(entry)?.as_int().unwrap_or(0))
    }

    /// Keeps the candidates that pass the OR-list of AND-lists of terms, in the order of
    /// the alternatives, without duplicates.
    fn apply_terms(&mut self, terms: &[Vec<Term>], cand: &mut Vec<Value>) -> Result<(), Trap> {
        if terms.is_empty() {
            return Ok(());
        }
        let mut out = std::mem::take(&mut self.world.scratch2);
        let mut mask = std::mem::take(&mut self.world.mask);
        out.clear();
        for alternative in terms {
            mask.clear();
            mask.resize(cand.len(), true);
            for term in alternative {
                // A computed comparison is a comparison with the value its entry gives now.
                let term = match term.kind {
                    TermKind::CompareComputed { property, op, value } => match self.computed(value) {
                        Ok(value) => Term { negated: term.negated, kind: TermKind::Compare { property, op, value } },
                        Err(trap) => {
                            self.world.scratch2 = out;
                            self.world.mask = mask;
                            return Err(trap);
                        }
                    },
                    _ => *term,
                };
                apply_term(&*self.host, &self.state.env, term, cand, &mut mask);
            }
            let kept = cand.iter().zip(&mask).filter(|(_, keep)| **keep).map(|(item, _)| *item);
            self.world.append_new(&mut out, kept, cand.len());
        }
        std::mem::swap(cand, &mut out);
        self.world.scratch2 = out;
        self.world.mask = mask;
        Ok(())
    }
}

/// What a filter's quantity makes of the candidates it found: whether it matched, whether
/// the player chooses, and how many they take.
pub(super) struct Take {
    pub(super) matched: bool,
    pub(super) choose: bool,
    pub(super) min: u16,
    pub(super) max: u16,
}

/// The [`Take`] of `filter` over `found` candidates, of which the type terms let the
/// player choose when `can_choose`; `computed` is the count a computed quantity gave. A
/// random quantity or a pick without a quantity leaves no choice; with no choice, all
/// found are taken. With `ask_lone`
/// ([`super::Runtime::set_ask_lone_choice`]), a choice left with exactly as many
/// candidates as its least is still asked (with fewer, all are taken).
// Inlined: out of line, its call cost more than its body (callgrind, branch `fuel`).
#[inline]
pub(super) fn take(filter: &Filter, can_choose: bool, found: usize, ask_lone: bool, computed: u16) -> Take {
    let (mut min, mut max) = match filter.qty {
        None => (1, 1),
        Some(Qty::Exact(n)) => (n, n),
        Some(Qty::Computed { up_to: false, .. }) => (computed, computed),
        Some(Qty::Computed { up_to: true, .. }) => (0, computed),
        Some(Qty::Range { min, max }) => (min, max),
        Some(Qty::All) => (1, u16::MAX),
        Some(Qty::Random(_)) => (0, 0),
    };
    // A random quantity, or a pick with no quantity, takes what it finds without asking.
    let qty_leaves_no_choice =
        matches!(filter.qty, Some(Qty::Random(_))) || (filter.pick.is_some() && filter.qty.is_none());
    let matched = found > 0 || filter.pick.is_some();
    let len = found.min(usize::from(u16::MAX)) as u16;
    max = max.min(len);
    let choose =
        can_choose && !qty_leaves_no_choice && (len > min || (len > 0 && (min == 0 || (ask_lone && len == min))));
    if !choose {
        min = len;
        max = len;
    }
    Take { matched, choose, min, max }
}

/// Appends the values a type atom names outright (`me`, `opp`, `player`, `players`,
/// `this`) to `cand`; returns whether the player chooses among them. Any other atom
/// appends nothing.
pub(super) fn named_candidates<H: Host>(host: &H, env: &Env, term: TypeTerm, cand: &mut Vec<Value>) -> bool {
    match term.atom {
        TypeAtom::Me => cand.push(Value::Player(env.me)),
        TypeAtom::Opp => cand.push(Value::Player(host.opponent(env.me))),
        TypeAtom::Player | TypeAtom::Players => {
            cand.push(Value::Player(env.me));
            let opp = host.opponent(env.me);
            if opp != env.me {
                cand.push(Value::Player(opp));
            }
            return term.atom == TypeAtom::Player;
        }
        TypeAtom::This => cand.push(Value::Card(env.source)),
        TypeAtom::Expr(_) | TypeAtom::Any | TypeAtom::CardType(_) | TypeAtom::Subtype(_) | TypeAtom::Name(_) => {}
    }
    false
}

/// Keeps what a filter's pick leaves of `cand`: the first `n` for `n >= 0`, the last
/// `-n` otherwise.
pub(super) fn apply_pick(pick: Option<i32>, cand: &mut Vec<Value>) {
    if let Some(pick) = pick {
        let n = pick.unsigned_abs() as usize;
        if pick >= 0 {
            cand.truncate(n);
        } else if cand.len() > n {
            cand.drain(..cand.len() - n);
        }
    }
}

/// Whether `item` passes the type test of `term`.
pub(super) fn type_test<H: Host>(host: &H, program: &Program, term: TypeTerm, item: Value) -> bool {
    let Value::Card(card) = item else {
        return false;
    };
    let result = match term.atom {
        TypeAtom::CardType(ty) => host.card_has_type(card, ty),
        TypeAtom::Subtype(subtype) => host.card_subtype_is(card, subtype),
        TypeAtom::Name(name) => program.string(name).is_some_and(|name| host.card_name_is(card, name)),
        _ => true,
    };
    result != term.negate
}

/// Keeps the items of `cand` that pass the type test of `term` ([`type_test`]), in order:
/// what the test asks of the host is worked out once for all of them.
pub(super) fn retain_type<H: Host>(host: &H, program: &Program, term: TypeTerm, cand: &mut Vec<Value>) {
    let negate = term.negate;
    match term.atom {
        TypeAtom::CardType(ty) => {
            cand.retain(|item| matches!(*item, Value::Card(card) if host.card_has_type(card, ty) != negate));
        }
        TypeAtom::Subtype(subtype) => {
            cand.retain(|item| matches!(*item, Value::Card(card) if host.card_subtype_is(card, subtype) != negate));
        }
        TypeAtom::Name(name) => {
            let name = program.string(name);
            cand.retain(|item| {
                matches!(*item, Value::Card(card) if name.is_some_and(|name| host.card_name_is(card, name)) != negate)
            });
        }
        _ => cand.retain(|item| matches!(item, Value::Card(_)) && !negate),
    }
}

/// Clears in `mask` the candidates that fail `term` (one term of an AND-list).
pub(super) fn apply_term<H: Host>(host: &H, env: &Env, term: Term, cand: &[Value], mask: &mut [bool]) {
    match term.kind {
        TermKind::Rank { ranking, word } => {
            let best = cand
                .iter()
                .zip(mask.iter())
                .filter(|(_, keep)| **keep)
                .filter_map(|(item, _)| host.rank_key(*item, ranking, word))
                .min();
            for (item, keep) in cand.iter().zip(mask.iter_mut()) {
                if *keep {
                    let is_best = best.is_some() && host.rank_key(*item, ranking, word) == best;
                    *keep = is_best != term.negated;
                }
            }
        }
        _ => {
            for (item, keep) in cand.iter().zip(mask.iter_mut()) {
                if *keep {
                    *keep = term_holds(host, env, term, *item);
                }
            }
        }
    }
}

/// Whether `item` passes `term` as the only candidate left: what [`apply_term`] of it
/// alone keeps, without a mask. A ranking keeps a lone candidate that has a rank.
pub(super) fn term_holds<H: Host>(host: &H, env: &Env, term: Term, item: Value) -> bool {
    let holds = match term.kind {
        TermKind::Keyword(keyword) => host.has_keyword_for(env, item, keyword),
        TermKind::Compare { property, op, value } => {
            host.property(item, property).is_some_and(|actual| op.holds(actual, value))
        }
        TermKind::CardType(ty) => item.as_card().is_some_and(|card| host.card_has_type(card, ty)),
        TermKind::Subtype(subtype) => item.as_card().is_some_and(|card| host.card_subtype_is(card, subtype)),
        TermKind::Rank { ranking, word } => host.rank_key(item, ranking, word).is_some(),
        // Replaced by a comparison with its value where a filter resolves
        // (`Machine::apply_terms`); a peek never reads a filter that has one.
        TermKind::CompareComputed { .. } => false,
    };
    holds != term.negated
}

/// A type the player picks between when several are joined by `,` (spec §3.6 step 1).
pub(super) fn is_keyword(atom: TypeAtom) -> bool {
    matches!(
        atom,
        TypeAtom::Any
            | TypeAtom::Player
            | TypeAtom::Players
            | TypeAtom::Me
            | TypeAtom::Opp
            | TypeAtom::This
            | TypeAtom::CardType(_)
    )
}
