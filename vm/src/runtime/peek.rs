//! Resolving a filter without an execution, reading the host only: what a game that
//! answers legality from its state needs to know of a trial's rule target, requisite or
//! cost filter (does it match, does it ask, how many), without a copy of the game to run
//! the trial on. The same steps as `resolve.rs` (candidates, `^`, type test, terms, pick,
//! joining, quantity), sharing its tests; a filter whose resolution runs code (a type
//! expression, a `::not` selector) is not peeked at.

use crate::bytecode::{Filter, FilterIdx, Qty, TermKind, TypeAtom, TypeOp, ZoneRef};

use super::Runtime;
use super::events::{SCAN_DEDUP_MAX, ValueSet};
use super::host::{Env, Host};
use super::resolve::{Take, apply_pick, apply_term, is_keyword, named_candidates, take, term_holds, type_test};
use super::value::Value;

/// What resolving a filter gives, as [`Runtime::peek_filter`] finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Peek {
    /// Resolved as a rule target, the filter first asks the player which of its types
    /// (`a,b`) or whose zone (`any`, `same`) it searches.
    Asks,
    /// The filter resolves to the candidates left in the caller's buffer, with what
    /// [`super::Resolved`] would say of them.
    Found {
        /// Something matched (or the filter picks, which matches even nothing).
        matched: bool,
        /// The player chooses `min..=max` of the candidates.
        choose: bool,
        /// Fewest to choose (the count of the candidates when there is no choice).
        min: u16,
        /// Most to choose.
        max: u16,
        /// A random quantity (`<r>`) kept this many of the candidates, which ones drawn
        /// from the game's generator: the buffer holds the first ones, not those.
        random: bool,
    },
}

/// The buffers [`Runtime::peek_filter`] works in and leaves its candidates in, kept by
/// the caller so that peeking allocates nothing once they have grown.
#[derive(Debug)]
pub struct PeekBuffers {
    found: Vec<Value>,
    cand: Vec<Value>,
    kept: Vec<Value>,
    mask: Vec<bool>,
    /// The values of `found` and of `kept` once they are too many to scan for a duplicate
    /// ([`push_distinct`]): a filter over a board of 650 tokens scanned was quadratic.
    found_set: ValueSet,
    kept_set: ValueSet,
}

/// Values each of [`PeekBuffers`] holds before it grows: both rings and a hand, or most
/// of a pile searched (as the resolver's buffers), so that the first peeks of a game's
/// later turns do not grow them.
const PEEK_CAPACITY: usize = 64;

impl Default for PeekBuffers {
    fn default() -> PeekBuffers {
        PeekBuffers {
            found: Vec::with_capacity(PEEK_CAPACITY),
            cand: Vec::with_capacity(PEEK_CAPACITY),
            kept: Vec::with_capacity(PEEK_CAPACITY),
            mask: Vec::with_capacity(PEEK_CAPACITY),
            found_set: ValueSet::default(),
            kept_set: ValueSet::default(),
        }
    }
}

/// Appends `item` to `out` unless it is there already: found by a scan while `out` holds
/// up to [`SCAN_DEDUP_MAX`] values, past that in `seen`, which then holds `out`'s values
/// (filled as `out` passes the scan's bound; empty while `out` is within it).
fn push_distinct(out: &mut Vec<Value>, seen: &mut ValueSet, item: Value) -> bool {
    if out.len() < SCAN_DEDUP_MAX {
        if out.contains(&item) {
            return false;
        }
    } else {
        if seen.is_empty() {
            seen.extend(out.iter().copied());
        }
        if !seen.insert(item) {
            return false;
        }
    }
    out.push(item);
    true
}

impl PeekBuffers {
    /// The candidates the last peek found, in the order the resolution gives them.
    pub fn found(&self) -> &[Value] {
        &self.found
    }
}

/// Candidates one type term may bring before a peek declines: far more than a game of the
/// corpus holds, and few enough that the fuel a resolution charges for them stays below
/// what executions start with ([`peek_fuel`]).
const PEEK_MOST_CANDIDATES: usize = 1_024;

/// How many filters of the size [`peek_fuel`] assumes a trial answered by peeks may
/// resolve without running out of fuel: executions must start with this many times a
/// filter's worst charge for it to be peeked at.
const PEEK_FILTERS_PER_TRIAL: u64 = 16;

/// The fuel executions must start with for [`Runtime::may_peek`] to let a peek answer for
/// `filter`: [`PEEK_FILTERS_PER_TRIAL`] times the most resolving it charges when no zone
/// holds more than [`PEEK_MOST_CANDIDATES`] cards (a unit per card looked at for each
/// type term, and one per candidate for each filter term: `resolve.rs`, `match_type`);
/// `u64::MAX` when its resolution runs code (a type expression, a `::not` selector, a
/// computed quantity or comparison), which a peek never answers for. Worked out once per filter at `Runtime::new`.
pub(super) fn peek_need(filter: &Filter) -> u64 {
    if filter.entries().next().is_some() {
        return u64::MAX;
    }
    let tests = 1 + filter.terms.iter().map(|alternative| alternative.len() as u64).sum::<u64>();
    let most = (filter.types.len() as u64).saturating_mul(PEEK_MOST_CANDIDATES as u64).saturating_mul(tests);
    // At most 65,535 type terms and terms: far below `u64::MAX` either way.
    most.saturating_mul(PEEK_FILTERS_PER_TRIAL).min(u64::MAX - 1)
}

impl<H: Host> Runtime<H> {
    /// Resolves `f` for an execution of `env` as a fresh one would (no zone or type chosen
    /// yet), reading `host` and the zones `zone_cards` lists (what [`Host::zone_cards`]
    /// appends); as a `rule_target` it first asks for a type or a zone where the
    /// resolution of a rule target would. The candidates are left in
    /// [`PeekBuffers::found`]. `None` when the filter runs code while resolving (a type
    /// expression, a `::not` selector), a zone holds more than 1,024 cards, or executions
    /// start with too little fuel to be sure they would not run out.
    pub fn peek_filter(
        &self,
        host: &H,
        env: &Env,
        f: FilterIdx,
        rule_target: bool,
        zone_cards: impl FnMut(ZoneRef, &mut Vec<Value>),
        buffers: &mut PeekBuffers,
    ) -> Option<Peek> {
        self.peek_filter_for(host, env, f, rule_target, Count::All, zone_cards, buffers)
    }

    /// [`Runtime::peek_filter`] finding as many candidates as `count` says: short of all,
    /// a filter of one type term searching zones, without a ranking (`lowest`) or a random
    /// quantity, stops once it has found that many (its `min`, `max` and candidates are
    /// then those of the ones found so far). Most of a trial's filters ask for one card or
    /// a few among a hand, a ring or a deck.
    #[allow(clippy::too_many_arguments)]
    pub fn peek_filter_for(
        &self,
        host: &H,
        env: &Env,
        f: FilterIdx,
        rule_target: bool,
        count: Count,
        mut zone_cards: impl FnMut(ZoneRef, &mut Vec<Value>),
        buffers: &mut PeekBuffers,
    ) -> Option<Peek> {
        if !self.may_peek(f) {
            return None;
        }
        let shared = &self.shared;
        let program = &shared.program;
        let filter = program.filters().get(f.index())?;
        let zone_prefix = filter.zone.prefix;
        if rule_target {
            if zone_prefix.is_some() && zone_prefix == shared.names.zone_any {
                return Some(Peek::Asks);
            }
            if filter.type_op == TypeOp::Choice
                && filter.types.len() > 1
                && filter.types.iter().any(|term| is_keyword(term.atom))
            {
                return Some(Peek::Asks);
            }
        }
        let PeekBuffers { found: out, cand, kept, mask, found_set, kept_set } = buffers;
        out.clear();
        found_set.clear();
        let mut can_choose = false;
        let limit = count_limit(filter, count);
        if let Some(limit) = limit {
            let term = filter.types[0];
            cand.clear();
            zone_cards(filter.zone, cand);
            if cand.len() > PEEK_MOST_CANDIDATES {
                return None;
            }
            // The steps below, one candidate at a time, in the order the resolution
            // applies them to all: the type test, `^`, then any one AND-list of terms.
            for &item in cand.iter() {
                let passes = type_test(host, program, term, item)
                    && !(term.exclude_source && item == Value::Card(env.source))
                    && (filter.terms.is_empty()
                        || filter
                            .terms
                            .iter()
                            .any(|alternative| alternative.iter().all(|term| term_holds(host, env, *term, item))));
                if passes && push_distinct(out, found_set, item) && out.len() >= limit {
                    break;
                }
            }
            apply_pick(filter.pick, out);
            can_choose = !term.plural;
        }
        // Counted above, or resolved term by term as the resolution does.
        let terms = if limit.is_some() { &[][..] } else { filter.types.as_slice() };
        for term in terms {
            cand.clear();
            let mut choose = !term.plural;
            match term.atom {
                TypeAtom::Me | TypeAtom::Opp | TypeAtom::Player | TypeAtom::Players | TypeAtom::This => {
                    choose = named_candidates(host, env, *term, cand);
                }
                TypeAtom::Expr(_) => return None,
                TypeAtom::Any | TypeAtom::CardType(_) | TypeAtom::Subtype(_) | TypeAtom::Name(_) => {
                    zone_cards(filter.zone, cand);
                    if cand.len() > PEEK_MOST_CANDIDATES {
                        return None;
                    }
                    cand.retain(|&item| type_test(host, program, *term, item));
                }
            }
            if term.exclude_source {
                cand.retain(|&item| item != Value::Card(env.source));
            }
            if !filter.terms.is_empty() {
                kept.clear();
                kept_set.clear();
                for alternative in &filter.terms {
                    mask.clear();
                    mask.resize(cand.len(), true);
                    for term in alternative {
                        apply_term(host, env, *term, cand, mask);
                    }
                    for (item, _) in cand.iter().zip(mask.iter()).filter(|(_, keep)| **keep) {
                        push_distinct(kept, kept_set, *item);
                    }
                }
                std::mem::swap(cand, kept);
            }
            apply_pick(filter.pick, cand);
            for item in cand.iter() {
                push_distinct(out, found_set, *item);
            }
            can_choose |= choose;
        }
        let random = matches!(filter.qty, Some(Qty::Random(_)));
        if let Some(Qty::Random(n)) = filter.qty {
            out.truncate(usize::from(n));
        }
        let Take { matched, choose, min, max } = take(filter, can_choose, out.len(), shared.ask_lone_choice, 0);
        if rule_target && zone_prefix.is_some() && zone_prefix == shared.names.zone_same && choose {
            return Some(Peek::Asks);
        }
        Some(Peek::Found { matched, choose, min, max, random })
    }

    /// Whether [`Runtime::peek_filter`] may answer for `f`: it exists, its resolution runs
    /// no code (a type expression, a `::not` selector), and executions start with fuel
    /// enough for a trial to resolve 16 filters as big, zones of 1,024 cards searched (a
    /// zone of more than 1,024 cards still makes a peek decline).
    pub fn may_peek(&self, f: FilterIdx) -> bool {
        let shared = &self.shared;
        shared
            .plans
            .peek_need
            .get(f.index())
            .is_some_and(|&need| need != u64::MAX && (!shared.metered || shared.fuel >= need))
    }
}

/// How many of a filter's candidates a peek ([`Runtime::peek_filter_for`]) finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// All of them, as the resolution gives them.
    All,
    /// Enough to tell whether the player chooses: one more than the quantity's least (the
    /// caller reads whether the filter matched, whether the player chooses, and how many
    /// it found up to that many).
    Choice,
    /// One: the caller reads only whether the filter matched and found anything.
    One,
}

/// How many candidates a peek of `filter` for `count` may stop at (for [`Count::Choice`],
/// one more than its quantity's least, which tells [`take`] whether the player chooses);
/// `None` when the peek must find them all (several type terms joined, a type atom naming
/// its candidates, a ranking among them, a random quantity).
fn count_limit(filter: &Filter, count: Count) -> Option<usize> {
    if count == Count::All {
        return None;
    }
    let [term] = filter.types.as_slice() else { return None };
    let searches_zones =
        matches!(term.atom, TypeAtom::Any | TypeAtom::CardType(_) | TypeAtom::Subtype(_) | TypeAtom::Name(_));
    let ranks = filter.terms.iter().flatten().any(|term| matches!(term.kind, TermKind::Rank { .. }));
    let least = match filter.qty {
        None | Some(Qty::All) => 1,
        Some(Qty::Exact(n)) | Some(Qty::Range { min: n, .. }) => n,
        // Never peeked at: `peek_need`.
        Some(Qty::Random(_)) | Some(Qty::Computed { .. }) => return None,
    };
    let limit = if count == Count::One { 1 } else { usize::from(least) + 1 };
    (searches_zones && !ranks).then_some(limit)
}
