//! A pump whose power or toughness is a count, `type:spec:zone/type:spec:zone` (Wagic's
//! `WParsedPT` of a `type:` word: how many cards of the zone the spec matches, seen from
//! the source's controller; `-type:` its negation), and its `nonstatic` form.
//!
//! Wagic counts when the pump begins (`APowerToughnessModifier` reads its `WParsedPT` as it
//! is added, and again only when `nonstatic`): the catalogue's `pump` with a `per` filter,
//! counted as it resolves. With the same count on both sides that is one pump of +1/+1 per
//! match; otherwise a pump of the power, then one of the toughness.
//!
//! `nonstatic` (Angry Mob's `type:swamp:opponentbattlefield/... ueot nonstatic`): Wagic's
//! modifier counts again at every update while it lasts. On a permanent's own pump (no
//! target: the card itself) it is compiled as two parts ([`Lowering::live_pump`]): where
//! the line was, a `livepump` mark on the card, numbered, lasting as the pump would (`ueot`);
//! and a continuous auto of the card, `if livepumped(this, n)` the counted pump, which the
//! runtime runs again after every change, so it follows the count while the mark lasts.
//! Elsewhere (a target, an instant's) it is refused by name.

use compiler::ir::{Arg, ChainOperator, Effect, Expr, Link, Statement};
use vm::bytecode::{CommandIdx, FunctionIdx};

use super::amount::amount_of;
use super::piece::Piece;
use super::{Lowering, Unsupported, spec};
use crate::catalogue::{CATALOGUE, Command};

/// The most `nonstatic` pumps of one card (Wagic's cards have at most two).
pub(super) const MAX_LIVE_PUMPS: usize = 16;

/// One side of a pump: a number, or a signed count of a spec (its text, for comparison).
enum Side<'i> {
    Number(i32),
    Count { sign: i32, spec: String, filter: &'i compiler::ir::Filter<'i> },
}

impl<'i> Lowering<'i> {
    /// `p/t` where a side is `type:spec:zone` (maybe negated): the links of the pump;
    /// `None` when neither side is a count (a pump of numbers, or no pump at all).
    pub(super) fn counted_pump(&self, piece: Piece<'_>) -> Option<Result<&'i [Link<'i>], Unsupported>> {
        let piece = piece.trim();
        if piece.words().len() != 1 {
            return None;
        }
        let slash = piece.text.find('/')?;
        let (power, toughness) = (piece.slice(0, slash), piece.from(slash + 1));
        let is_count = |side: &Piece<'_>| {
            let lower = side.text.to_ascii_lowercase();
            lower.starts_with("type:") || lower.starts_with("-type:")
        };
        let is_number = |side: &Piece<'_>| amount_of(side.text).is_some();
        let pump = (is_count(&power) || is_number(&power)) && (is_count(&toughness) || is_number(&toughness));
        if !pump || (!is_count(&power) && !is_count(&toughness)) {
            return None;
        }
        Some(self.pump_of_sides(power, toughness))
    }

    fn pump_of_sides(&self, power: Piece<'_>, toughness: Piece<'_>) -> Result<&'i [Link<'i>], Unsupported> {
        let power = self.side(power)?;
        let toughness = self.side(toughness)?;
        let pump = |power: i32, toughness: i32, per: Option<&'i compiler::ir::Filter<'i>>| {
            let mut args = vec![Arg::Value(Expr::Int(power)), Arg::Value(Expr::Int(toughness))];
            args.extend(per.map(Arg::Filter));
            let command = CommandIdx::new(Command::Pump.index());
            Effect::Call { command, confirm: false, args: self.arena.alloc_slice_copy(&args) }
        };
        let effects = match (&power, &toughness) {
            (Side::Count { sign, spec, filter }, Side::Count { sign: other_sign, spec: other, .. })
                if sign == other_sign && spec == other =>
            {
                vec![pump(*sign, *sign, Some(filter))]
            }
            _ => {
                let part = |side: &Side<'i>, unit: (i32, i32)| match side {
                    Side::Number(number) => pump(unit.0 * number, unit.1 * number, None),
                    Side::Count { sign, filter, .. } => pump(unit.0 * sign, unit.1 * sign, Some(filter)),
                };
                vec![part(&power, (1, 0)), part(&toughness, (0, 1))]
            }
        };
        let links: Vec<Link<'i>> = effects
            .into_iter()
            .enumerate()
            .map(|(index, effect)| Link { operator: (index > 0).then_some(ChainOperator::Then), effect })
            .collect();
        Ok(self.arena.alloc_slice_copy(&links))
    }

    fn side(&self, side: Piece<'_>) -> Result<Side<'i>, Unsupported> {
        if let Some(number) = amount_of(side.text) {
            return Ok(Side::Number(number));
        }
        let (sign, counted) = match side.strip_prefix("-") {
            Some(rest) => (-1, rest),
            None => (1, side),
        };
        let refused = || {
            Unsupported::new(side, &format!("pump amount `{}`", spec::leading_word(&side.text.to_ascii_lowercase())))
        };
        let filter = self.counted(counted).ok_or_else(refused)??;
        Ok(Side::Count { sign, spec: counted.text.to_ascii_lowercase(), filter })
    }

    /// A `nonstatic` statement's chain: a counted pump of the card itself becomes its mark
    /// (the statement keeps its restriction), the pump held by a continuous auto while the
    /// mark lasts ([`Lowering::live_pump_autos`]); a pump of numbers stays as it is (its
    /// count cannot change). Anything else is refused.
    pub(super) fn live_pump(
        &self,
        at: Piece<'_>,
        chain: &'i [Link<'i>],
        on_itself: bool,
    ) -> Result<&'i [Link<'i>], Unsupported> {
        let pump = CommandIdx::new(Command::Pump.index());
        let mut counted = false;
        for link in chain {
            match link.effect {
                Effect::Call { command, args, .. } if command == pump => {
                    counted |= args.iter().any(|arg| matches!(arg, Arg::Filter(_)));
                }
                _ => return Err(Unsupported::new(at, "`nonstatic` of an effect other than a pump")),
            }
        }
        if !counted {
            return Ok(chain);
        }
        if self.spell || !on_itself {
            return Err(Unsupported::new(at, "`nonstatic` pump other than of the permanent itself"));
        }
        let mut live = self.live_pumps.borrow_mut();
        if live.len() >= MAX_LIVE_PUMPS {
            return Err(Unsupported::new(at, "card with more than 16 `nonstatic` pumps"));
        }
        let number = i32::try_from(live.len()).unwrap_or(i32::MAX);
        live.push((at.span(), chain));
        let command = CommandIdx::new(Command::LivePump.index());
        let args = self.arena.alloc_slice_copy(&[Arg::Value(Expr::Int(number))]);
        Ok(self
            .arena
            .alloc_slice_copy(&[Link { operator: None, effect: Effect::Call { command, confirm: false, args } }]))
    }

    /// The statements of the continuous autos holding the card's `nonstatic` pumps: each
    /// `if livepumped(this, n)` its pump, on the card itself.
    pub(super) fn live_pump_autos(&self) -> Vec<&'i [Statement<'i>]> {
        let function = CATALOGUE.functions.iter().position(|function| function.name == "livepumped").unwrap_or(0);
        let live = self.live_pumps.borrow();
        let mut autos = Vec::with_capacity(live.len());
        for (number, &(span, chain)) in live.iter().enumerate() {
            let number = i32::try_from(number).unwrap_or(i32::MAX);
            let args = self.arena.alloc_slice_copy(&[Expr::Var(spec::variable("this")), Expr::Int(number)]);
            let marked = Expr::Call(FunctionIdx::new(function), args);
            let statement = Statement {
                condition: Some(compiler::ir::Condition::If(marked)),
                target: None,
                restriction: None,
                chain,
                otherwise: None,
                span,
            };
            autos.push(&*self.arena.alloc_slice_copy(&[statement]));
        }
        autos
    }
}
