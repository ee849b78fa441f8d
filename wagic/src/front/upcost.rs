//! `upcost[COST] effect` on a permanent (Wagic's `AUpkeep`: Masticore's
//! `upcost[{discard(*|myhand)}] sacrifice`): during its controller's upkeep the player may
//! pay COST once, by clicking the card; as the upkeep ends (the draw step begins) in its
//! controller's turn, the effect happens unless the cost was paid this turn.
//!
//! Lowered as an activated ability whose costs are the catalogue's `upcost` (payable in
//! its controller's upkeep, while unpaid this turn; paying notes it paid) then COST, with
//! no effect; and an auto on its controller's `draw` event whose statements run only when
//! `upkeeppaid(this)` is false.
//!
//! `upcost[COST;next upkeep]` (echo: Pouncing Jaguar) holds only until its controller's
//! first draw step since the card entered (Wagic's `once`: its ability is offered no more
//! after it): the ability's first cost is `echo` (`upcost` while the echo has not come
//! due), and the auto costs `echoend` (payable once since the card entered; paying ends
//! the echo).
//!
//! `cumulativeupcost[COST] effect` and `cumulativeupcostmulti[COST] effect` (cumulative
//! upkeep: Mystic Remora's `cumulativeupcost[{1}] sacrifice`; Wagic's `AUpkeep` with
//! `Cumulative`) put an age counter on the permanent as its controller's upkeep begins,
//! then ask COST once per age counter. Lowered as an auto on its controller's `upkeep`
//! event putting the counter on, the same `draw` auto, and [`MAX_AGE`] abilities, the
//! n-th costing the catalogue's `cumulative` with count n (an `upcost` payable only while
//! the permanent has exactly n age counters) then COST written n times, which the cost
//! reader sums (`{1}` three times is `{3}`, `{S(land|mybattlefield)}` three times picks
//! three lands): so each age's cost is checked and paid as any activated cost is.
//!
//! A permanent's `all(this) transforms((,newability[upcost[COST] effect])) forever` (Thirst,
//! an Aura) is the card's own upkeep cost: [`given_to_itself`].
//!
//! Wagic resolves the effect at once, choosing nothing: an effect that chooses a target, a
//! `may` and effect words that limit activations are refused.

use compiler::ir::{Action, Auto, Condition, Cost, Event, Expr, Statement, Target};
use vm::bytecode::{CostIdx, EventIdx, EventPrefixIdx, FunctionIdx};

use super::piece::Piece;
use super::{Line, Lowering, Unsupported, spec};
use crate::catalogue::{self, CATALOGUE};

/// The opening of an upkeep cost.
const OPEN: &str = "upcost[";

/// The openings of a cumulative upkeep (Wagic finds `cumulativeupcost` in either).
const CUMULATIVE_OPENINGS: [&str; 2] = ["cumulativeupcost[", "cumulativeupcostmulti["];

/// The most age counters a cumulative upkeep is paid for: one ability each. With more, no
/// payment is offered and the effect happens (`{1}` paid for eleven counters is eleven
/// mana, which no game of Wagic's decks reaches in practice).
pub const MAX_AGE: u32 = 10;

/// Whether an `auto=` value is an upkeep cost, cumulative or not (maybe one the card gives
/// itself: [`given_to_itself`]).
pub(super) fn is_upcost(value: Piece<'_>) -> bool {
    let value = given_to_itself(value).unwrap_or(value).trim();
    value.starts_with_word(OPEN) || CUMULATIVE_OPENINGS.iter().any(|opening| value.starts_with_word(opening))
}

/// The upkeep cost of `all(this) transforms((,newability[upcost[COST] effect])) forever`
/// (Thirst's "at the beginning of your upkeep, sacrifice Thirst unless you pay {U}"):
/// Wagic's `ATransformer` gives the card itself the upkeep cost for as long as it stays on
/// the battlefield, which is the card's own upkeep cost. `None` for any other line.
pub(super) fn given_to_itself(value: Piece<'_>) -> Option<Piece<'_>> {
    let words = value.trim().words();
    let [all, transforms, forever] = words.as_slice() else { return None };
    let (args, after) = all.call("all")?;
    if !after.text.is_empty()
        || !args.text.trim().eq_ignore_ascii_case("this")
        || !forever.text.eq_ignore_ascii_case("forever")
    {
        return None;
    }
    let parts = super::transforms::untyped_new_abilities(*transforms)?;
    let [(_, inner)] = parts.as_slice() else { return None };
    let upcost =
        inner.starts_with_word(OPEN) || CUMULATIVE_OPENINGS.iter().any(|opening| inner.starts_with_word(opening));
    upcost.then_some(*inner)
}

/// How many abilities an `auto=` line lowers to when it is an upkeep cost: one for
/// `upcost[...]`, [`MAX_AGE`] for a cumulative upkeep; `None` for any other line. The
/// runner and the game match abilities to their lines by it.
pub fn upkeep_cost_abilities(line: &str) -> Option<usize> {
    let line = Piece::new(line.trim(), 0);
    let line = given_to_itself(line).unwrap_or(line);
    if CUMULATIVE_OPENINGS.iter().any(|opening| line.starts_with_word(opening)) {
        Some(MAX_AGE as usize)
    } else {
        line.starts_with_word(OPEN).then_some(1)
    }
}

/// The abilities and autos an upkeep cost is lowered to.
pub(super) struct UpkeepCost<'i> {
    /// The abilities paying it: one, or one per age for a cumulative upkeep.
    pub actions: Vec<Action<'i>>,
    /// The autos: the effect when unpaid, and a cumulative upkeep's age counter first.
    pub autos: Vec<Auto<'i>>,
}

impl<'i> Lowering<'i> {
    /// The abilities paying the upkeep cost and the autos running the effect unpaid;
    /// `itself`: the card gives itself the upkeep cost ([`given_to_itself`]), so a bare
    /// `sacrifice` is the card's own, an Aura's too (Thirst).
    pub(super) fn upcost(&self, value: Piece<'_>, itself: bool) -> Result<UpkeepCost<'i>, Unsupported> {
        let value = value.trim();
        let cumulative = CUMULATIVE_OPENINGS.iter().find(|opening| value.starts_with_word(opening));
        let lower = value.text.to_ascii_lowercase();
        let sacrifices_itself = itself && lower.ends_with("] sacrifice");
        // An Aura's cumulative upkeep sacrifices the Aura itself (`sacrifice all(this)`,
        // Maddening Wind); any other effect of an Aura's would be the enchanted creature's.
        let auras_own = (cumulative.is_some() && lower.ends_with("] sacrifice all(this)")) || sacrifices_itself;
        if self.spell || self.aura && !auras_own {
            return Err(Unsupported::new(value, "`upcost[...]` on an instant, a sorcery or an Aura"));
        }
        // Not a trigger's effect: no damage event's bindings.
        self.damage_trigger.set(false);
        self.life_trigger.set(None);
        let inner = value.from(cumulative.map_or(OPEN.len(), |opening| opening.len()));
        let close = inner.find_top(b']').ok_or_else(|| Unsupported::new(value, "`upcost[` without `]`"))?;
        let cost_text = inner.slice(0, close).trim();
        let (cost_text, echo) = match cost_text.find_top(b';') {
            None => (cost_text, false),
            Some(at)
                if cumulative.is_none() && cost_text.from(at + 1).trim().text.eq_ignore_ascii_case("next upkeep") =>
            {
                (cost_text.slice(0, at).trim(), true)
            }
            Some(at) => {
                return Err(Unsupported::new(cost_text.from(at), "`upcost[...;phase]` other than `next upkeep`"));
            }
        };
        let cost_named = |name: &str| {
            let index = CATALOGUE.costs.iter().position(|cost| cost.name == name).unwrap_or(0);
            Cost { cost: CostIdx::new(index), count: None, filter: None }
        };
        let actions = match cumulative {
            None => {
                let mut costs = vec![cost_named(if echo { "echo" } else { "upcost" })];
                costs.extend_from_slice(self.costs(cost_text)?);
                vec![Action { label: None, costs: self.arena.alloc_slice_copy(&costs), statements: &[] }]
            }
            Some(_) => self.cumulative_payments(cost_text, cost_named("cumulative"))?,
        };
        self.activation_limits.borrow_mut().clear();
        let mut effect = inner.from(close + 1).trim();
        if sacrifices_itself && self.aura {
            // The transformed card is the Aura, not the creature it enchants.
            effect = Piece::new("sacrifice all(this)", effect.start);
        }
        let (_, statements, lord, continuous) = self.effect(effect)?;
        if !self.activation_limits.borrow().is_empty() || lord.is_some() || continuous {
            return Err(Unsupported::new(effect, "`upcost[...]` of an effect other than a one-shot one"));
        }
        let function = CATALOGUE.functions.iter().position(|function| function.name == "upkeeppaid").unwrap_or(0);
        let this = self.arena.alloc_slice_copy(&[Expr::Var(spec::variable("this"))]);
        let paid = self.arena.alloc(Expr::Call(FunctionIdx::new(function), this));
        let mut unpaid = Vec::with_capacity(statements.len());
        for statement in statements {
            let chooses = matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
            if statement.condition.is_some() || chooses {
                return Err(Unsupported::new(effect, "`upcost[...]` of an effect that asks its player"));
            }
            unpaid.push(Statement { condition: Some(Condition::If(Expr::Not(paid))), ..*statement });
        }
        let draw = EventIdx::new(CATALOGUE.event_index("draw").unwrap_or(0));
        let mine = catalogue::position(catalogue::EVENT_PREFIXES, "my").map(EventPrefixIdx::new);
        let event = Event { event: draw, prefix: mine, suffix: None, condition: None, span: value.span() };
        let unpaid_auto = Auto {
            hook: false,
            events: self.arena.alloc_slice_copy(&[event]),
            costs: if echo { self.arena.alloc_slice_copy(&[cost_named("echoend")]) } else { &[] },
            statements: self.until_end_of_turn(self.arena.alloc_slice_copy(&unpaid)),
        };
        let mut autos = Vec::with_capacity(2);
        if cumulative.is_some() {
            // Wagic puts the counter on as the upkeep begins, before its cost is asked.
            let aging = Piece::new("@each my upkeep:counter(0/0,1,age)", value.start);
            let Line::Triggered { events, statements, .. } = self.line(aging)? else {
                return Err(Unsupported::new(value, "cumulative upkeep"));
            };
            autos.push(Auto { hook: false, events, costs: &[], statements });
        }
        autos.push(unpaid_auto);
        Ok(UpkeepCost { actions, autos })
    }

    /// A cumulative upkeep's abilities: for each age n from 1 to [`MAX_AGE`], `cumulative`
    /// with count n, then COST written n times (read as one cost block, so that mana of one
    /// colour is summed and a spec's cards are n different ones).
    fn cumulative_payments(&self, cost_text: Piece<'_>, cumulative: Cost<'i>) -> Result<Vec<Action<'i>>, Unsupported> {
        let mut actions = Vec::new();
        for age in 1..=MAX_AGE {
            let written = cost_text.text.repeat(age as usize);
            let mut costs = vec![Cost { count: Some(age), ..cumulative }];
            costs.extend_from_slice(self.costs(Piece::new(&written, cost_text.start))?);
            actions.push(Action { label: None, costs: self.arena.alloc_slice_copy(&costs), statements: &[] });
        }
        Ok(actions)
    }
}
