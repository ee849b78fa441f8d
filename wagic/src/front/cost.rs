//! An activated ability's costs (`{2}{R}{T}`, `{RG}`, `{S(spec)}`, `{E(spec)}`, `{H(spec)}`,
//! `{discard(spec)}`, `{C(0/0,n,name)}`, `{X}`, `{X:white}`) as the
//! compiler's IR costs: mana of one colour written twice is one cost with a count.

use compiler::ir::{Cost, Filter};
use vm::bytecode::{CostIdx, Qty};

use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::CATALOGUE;

impl<'i> Lowering<'i> {
    /// `{2}{R}{T}`: a cost with no `{X}` (a kicker, an alternative or upkeep cost, which
    /// have no X of their own to pay).
    pub(super) fn costs(&self, piece: Piece<'_>) -> Result<&'i [Cost<'i>], Unsupported> {
        self.costs_reading(piece, false).map(|(costs, _)| costs)
    }

    /// An activated ability's cost, which may have one `{X}` or `{X:colour}`
    /// (`{X}{G}{T}`): its costs, the X last (paid after the other mana, from what it
    /// leaves: `builtins/x_cost.rs`), and whether it has an X.
    pub(super) fn activated_costs(&self, piece: Piece<'_>) -> Result<(&'i [Cost<'i>], bool), Unsupported> {
        self.costs_reading(piece, true)
    }

    /// [`Lowering::costs`], reading `{X}` when `x_allowed`.
    fn costs_reading(&self, piece: Piece<'_>, x_allowed: bool) -> Result<(&'i [Cost<'i>], bool), Unsupported> {
        let mut costs: Vec<Cost<'i>> = Vec::new();
        // The X cost (`X`, `XW`...), put after the others.
        let mut x_cost: Option<&'static str> = None;
        // A cost with a spec written n times (`{S(land|mybattlefield)}{S(land|mybattlefield)}`:
        // "sacrifice two lands") is one cost picking n cards: written as two costs, each
        // picking its card on its own, both could pick the same card and pay one for two.
        // Each spec cost written so far, and where it is in `costs`.
        let mut spec_costs: Vec<(String, usize)> = Vec::new();
        let mut rest = piece;
        while !rest.text.is_empty() {
            let Some(inner) = rest.strip_prefix("{") else {
                return Err(Unsupported::new(rest, &format!("cost `{}`", spec::leading_word(rest.text))));
            };
            let close = inner.find_top(b'}').ok_or_else(|| Unsupported::new(rest, "cost without `}`"))?;
            let symbol = inner.slice(0, close).trim();
            rest = inner.from(close + 1).trim();
            // Wagic reads any cost word starting with `c` and holding a `(` as a counter
            // cost (`ManaCost::parseManaCost`): `{counter(0/0,1,Loyalty)}` is `{C(...)}`.
            if let Some((args, after)) = symbol.call("c").or_else(|| symbol.call("counter")) {
                let on = match after.trim() {
                    after if after.text.is_empty() => None,
                    after => match after.text.strip_prefix(',') {
                        Some(_) => Some(after.from(1).trim()),
                        None => return Err(Unsupported::new(symbol, "counter cost with text after its counter")),
                    },
                };
                costs.push(self.counter_cost(symbol, args, on)?);
                continue;
            }
            let upper = symbol.text.to_ascii_uppercase();
            if x_allowed && let Some(name) = x_symbol(&upper) {
                if x_cost.is_some() {
                    // Wagic's `{X}{X}` pays twice X (`xx` is half the mana): not modelled.
                    return Err(Unsupported::new(symbol, "cost `{X}` written twice"));
                }
                x_cost = Some(name.ok_or_else(|| Unsupported::new(symbol, &format!("cost `{{{}}}`", symbol.text)))?);
                continue;
            }
            let (name, count, filter) = match upper.as_str() {
                "T" => ("T", None, None),
                "Q" => ("Q", None, None),
                "W" | "U" | "B" | "R" | "G" => (&upper[..], Some(1), None),
                // Snow mana (Wagic's `{i}`, printed `{S}`).
                "I" => ("I", Some(1), None),
                // This card, which the cost notes as it pays (Wagic's `storedCard`).
                moved @ ("S" | "E" | "H") => {
                    self.stored_cost.set(true);
                    (moved, None, None)
                }
                "D" => ("D", None, None),
                // `{cycle}`: discard this card from hand (Wagic's `CycleCost`); `{discard}`,
                // Wagic's `DiscardCost` without a spec, discards this card (bloodrush).
                "CYCLE" | "DISCARD" => (super::hand::CYCLE, None, None),
                "L" => ("L", Some(1), None),
                // `{L:2}`: pay that much life (Wagic's `SpecificLifeCost`).
                life if life
                    .strip_prefix("L:")
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) =>
                {
                    let amount: u32 = life[2..].parse().map_err(|_| Unsupported::new(symbol, "life amount"))?;
                    if amount == 0 || amount > 1_000 {
                        return Err(Unsupported::new(symbol, "life amount"));
                    }
                    ("L", Some(amount), None)
                }
                digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                    let amount: u32 = digits.parse().map_err(|_| Unsupported::new(symbol, "mana amount"))?;
                    if amount == 0 {
                        continue;
                    }
                    ("generic", Some(amount), None)
                }
                hybrid if crate::builtins::hybrid_ways(hybrid).is_some() => {
                    // `{RG}` or `{GR}`: one cost named in the catalogue's order of the two.
                    let reversed: String = hybrid.chars().rev().collect();
                    let named = CATALOGUE.costs.iter().find(|cost| cost.name == hybrid || cost.name == reversed);
                    let Some(named) = named else {
                        return Err(Unsupported::new(symbol, &format!("cost `{{{hybrid}}}`")));
                    };
                    (named.name, None, None)
                }
                _ => {
                    // `{S(spec)}` sacrifices, `{E(spec)}` exiles, `{H(spec)}` returns to its
                    // owner's hand, `{T(spec)}` taps, `{discard(spec)}` discards a card the
                    // spec picks.
                    let with_spec = [("s", "S"), ("e", "E"), ("h", "H"), ("t", "T"), ("discard", "D")]
                        .into_iter()
                        .find_map(|(written, cost)| symbol.call(written).map(|call| (call, cost)));
                    if let Some(((args, after), cost)) = with_spec {
                        if !after.text.trim().is_empty() {
                            return Err(Unsupported::new(symbol, "cost with text after its spec"));
                        }
                        let written = symbol.text.to_ascii_lowercase();
                        let spec = spec::read(args)?;
                        if let Some((_, at)) = spec_costs.iter().find(|(earlier, _)| *earlier == written) {
                            self.one_more_card(&mut costs[*at], symbol, &spec)?;
                            continue;
                        }
                        spec_costs.push((written, costs.len()));
                        // Each of these costs notes the card it pays with (Wagic's
                        // `storedCard`).
                        self.stored_cost.set(true);
                        (cost, None, Some(self.specs.filter(&spec, false)?))
                    } else {
                        let word = spec::leading_word(symbol.text);
                        return Err(Unsupported::new(symbol, &format!("cost `{{{}}}`", word)).with_help(Some(
                            "the costs compiled are `{T}`, `{Q}`, mana (`{2}`, `{W}`, `{U}`, `{B}`, `{R}`, `{G}`, hybrids `{RG}`, `{2W}`, snow `{i}`), `{S}`, \
                             `{S(spec)}`, `{T(spec)}`, `{E}`, `{E(spec)}`, `{H}`, `{H(spec)}`, `{D}`, `{discard(spec)}`, `{L}`, \
                             `{L:n}`, `{C(0/0,n,name)}` (n counters put on, or removed when negative), `{C(1/1,n)}`, `{C(-1/-1,n)}` (maybe `,spec` after: on a permanent it picks), `{cycle}` and, in an activated ability's cost, one `{X}` or `{X:white}`"
                                .into(),
                        )));
                    }
                }
            };
            let index = CATALOGUE.costs.iter().position(|cost| cost.name == name).unwrap_or(0);
            // Mana of one colour is one cost with a count, as the player pays it at once.
            if let (Some(previous), Some(count)) = (costs.last_mut(), count)
                && previous.cost == CostIdx::new(index)
                && previous.filter.is_none()
            {
                previous.count = Some(previous.count.unwrap_or(1) + count);
                continue;
            }
            costs.push(Cost { cost: CostIdx::new(index), count, filter });
        }
        if let Some(name) = x_cost {
            let index = CATALOGUE.costs.iter().position(|cost| cost.name == name).unwrap_or(0);
            costs.push(Cost { cost: CostIdx::new(index), count: None, filter: None });
        }
        // Snow mana first: paid before the generic mana that could spend what it needs
        // (`builtins/snow_cost.rs`).
        let snow = CATALOGUE.costs.iter().position(|cost| cost.name == "I").map(CostIdx::new);
        costs.sort_by_key(|cost| Some(cost.cost) != snow);
        Ok((self.arena.alloc_slice_copy(&costs), x_cost.is_some()))
    }

    /// `cost`, a cost with a spec of one card written again: one card more, another one.
    fn one_more_card(&self, cost: &mut Cost<'i>, symbol: Piece<'_>, spec: &spec::Spec<'_>) -> Result<(), Unsupported> {
        let refused = || Unsupported::new(symbol, "a cost with a spec of several cards written twice");
        let Some(filter) = cost.filter else { return Err(refused()) };
        let taken = match (spec.count, filter.qty) {
            (spec::Count::One, Some(Qty::Exact(taken))) if taken < MAX_COST_CARDS => taken,
            _ => return Err(refused()),
        };
        cost.filter = Some(self.arena.alloc(Filter { qty: Some(Qty::Exact(taken + 1)), ..*filter }));
        Ok(())
    }
}

/// The catalogue's cost of an X symbol written in upper case: `X` (any colour), `X:WHITE`
/// (`XW`)...; `Some(None)` for an `X:` of no colour Wagic knows; `None` for no X symbol.
/// Wagic reads the colour's name anywhere after `x:` (`ManaCost::parseManaCost`).
fn x_symbol(upper: &str) -> Option<Option<&'static str>> {
    if upper == "X" {
        return Some(Some("X"));
    }
    let colour = upper.strip_prefix("X:")?.trim();
    let named = [("WHITE", "XW"), ("BLUE", "XU"), ("BLACK", "XB"), ("RED", "XR"), ("GREEN", "XG")];
    Some(named.iter().find(|(written, _)| colour == *written).map(|(_, name)| *name))
}

/// The most cards a cost with a spec written again and again picks (Wagic's cards write
/// four at most).
const MAX_COST_CARDS: u16 = 16;
