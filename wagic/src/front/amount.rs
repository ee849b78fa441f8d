//! The numbers written in an effect: an amount (`damage:2`, a token's `*3`, a counter's
//! count), Wagic's computed ones (`type:spec:zone`, `sunburst`, `twicex`: [`Amount`]), a
//! p/t (`+1/+1`, a token's `1/1`), and Wagic's `morethanfourcards`.

use compiler::ir::{Arg, BinaryOp, Expr, Filter};
use vm::bytecode::{CompareOp, FunctionIdx};

use super::piece::Piece;
use super::{Lowering, Unsupported};
use crate::catalogue::CATALOGUE;

/// `2`, `-3`, `+1`.
pub(super) fn amount_of(text: &str) -> Option<i32> {
    let text = text.trim();
    text.strip_prefix('+').unwrap_or(text).parse::<i32>().ok().filter(|value| value.unsigned_abs() < 10_000)
}

/// `1/1`, `+2/-0`, `-1/-1`.
pub(super) fn pump_of(text: &str) -> Option<(i32, i32)> {
    let (power, toughness) = text.split_once('/')?;
    Some((amount_of(power)?, amount_of(toughness)?))
}

/// Wagic's `morethanfourcards` on a card with no player target (Viseling): the cards in
/// the hand of the source's controller's opponent beyond four, 0 when four or fewer
/// (`(n - 4 > 0 and n - 4) or 0`, n the catalogue's `handsize(opp)`).
pub(super) fn cards_beyond_four_in_the_opponents_hand(arena: &bumpalo::Bump) -> Expr<'_> {
    let function = CATALOGUE.functions.iter().position(|function| function.name == "handsize").unwrap_or(0);
    let opponent = arena.alloc_slice_copy(&[Expr::Var(super::spec::variable("opp"))]);
    let hand = arena.alloc(Expr::Call(FunctionIdx::new(function), opponent));
    let beyond = &*arena.alloc(Expr::Binary(BinaryOp::Sub, hand, arena.alloc(Expr::Int(4))));
    let above_zero = arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Gt), beyond, arena.alloc(Expr::Int(0))));
    Expr::Or(arena.alloc(Expr::And(above_zero, beyond)), arena.alloc(Expr::Int(0)))
}

/// An amount Wagic computes as the effect resolves (its `WParsedInt`): `value`, times the
/// cards `per` matches when there is one (`type:spec:zone`, counted as the effect resolves).
#[derive(Clone, Copy)]
pub(super) struct Amount<'i> {
    /// The value, or the value of each card `per` matches.
    pub value: Expr<'i>,
    /// The cards counted (the catalogue's `per` parameter of the command).
    pub per: Option<&'i Filter<'i>>,
}

impl<'i> Amount<'i> {
    /// A whole number.
    pub(super) fn int(value: i32) -> Amount<'i> {
        Amount { value: Expr::Int(value), per: None }
    }

    /// `value`, then `per` when there is one: the arguments of a command taking an amount
    /// and an optional `per` filter (`damage`, `life`, `draw`...).
    pub(super) fn args(self) -> Vec<Arg<'i>> {
        let mut args = vec![Arg::Value(self.value)];
        args.extend(self.per.map(Arg::Filter));
        args
    }
}

/// Wagic's multiplying words, erased from the amount before it is read, with the factor.
const TIMES: [(&str, i32); 4] = [("twice", 2), ("thrice", 3), ("fourtimes", 4), ("fivetimes", 5)];
/// Wagic's halving words, applied to a value above 0 before the factor (`halfup` rounds up).
const HALVES: [&str; 2] = ["halfup", "halfdown"];

/// The amount words [`Lowering::amount`] compiles, for the help of one it does not.
pub(super) const AMOUNT_WORDS: &str = "whole numbers (`2`), `storedpower`, `storedtoughness` and `storedmanacost` (after a cost that moves or taps a card), `x`, `xx`, `type:spec[:zone]`, `type:manaR[:mybattlefield|opponentbattlefield]` (devotion), `thatmuch` (in a damage or life trigger), `sunburst`, `kicked`, `phandcount`, `ohandcount`, `lifetotal`, `opponentlifetotal`, `mypoisoncount`, `opponentpoisoncount`, `p`/`power`, `t`/`toughness`, `manacost` (a permanent's, or an instant's or sorcery's one target card's), each maybe after `-`, `twice`, `thrice`, `halfup` or `halfdown`";

impl<'i> Lowering<'i> {
    /// Wagic's amount `text` (its `WParsedInt`), read as the effect resolves: a sign, then
    /// `twice`/`thrice`/`fourtimes`/`fivetimes` and `halfup`/`halfdown`, then one of
    /// [`AMOUNT_WORDS`]. As Wagic's, a computed value below 0 counts as 0 before its sign.
    /// `what` names the construct of a refusal (`amount`, `counter count`, `token count`).
    pub(super) fn amount(&self, piece: Piece<'_>, what: &str) -> Result<Amount<'i>, Unsupported> {
        let piece = piece.trim();
        let refused = |word: &str| {
            Unsupported::new(piece, &format!("{what} `{}`", super::spec::leading_word(word)))
                .with_help(Some(format!("the amounts compiled are {AMOUNT_WORDS}")))
        };
        if let Some(value) = amount_of(piece.text) {
            return Ok(Amount::int(value));
        }
        let (sign, mut rest) = match piece.text.as_bytes().first() {
            Some(b'-') => (-1, piece.from(1)),
            Some(b'+') => (1, piece.from(1)),
            _ => (1, piece),
        };
        // `stored...`: read off the card the line's cost moved or tapped (Wagic's
        // `storedCard`), when it has such a cost.
        let stored = rest.starts_with_word("stored") && self.stored_cost.get();
        if stored {
            rest = rest.from("stored".len());
        }
        let mut factor = 1;
        let mut half = None;
        loop {
            if let Some((word, times)) = TIMES.iter().find(|(word, _)| rest.starts_with_word(word)) {
                factor *= times;
                rest = rest.from(word.len());
            } else if let Some(word) = HALVES.iter().find(|word| rest.starts_with_word(word)).filter(|_| half.is_none())
            {
                half = Some(*word);
                rest = rest.from(word.len());
            } else {
                break;
            }
        }
        let lower = rest.text.to_ascii_lowercase();
        let arena = self.arena;
        let scaled = |value: Expr<'i>, per: Option<&'i Filter<'i>>| {
            let value = match (sign * factor, value) {
                (1, value) => value,
                (factor, Expr::Int(value)) => Expr::Int(value * factor),
                (-1, value) => Expr::Neg(arena.alloc(value)),
                (factor, value) => Expr::Binary(BinaryOp::Mul, arena.alloc(value), arena.alloc(Expr::Int(factor))),
            };
            Amount { value, per }
        };
        // Wagic's `halfup` and `halfdown`, of a value not below 0.
        let halved = |value: Expr<'i>| match half {
            Some("halfup") => Expr::Binary(
                BinaryOp::Div,
                arena.alloc(Expr::Binary(BinaryOp::Add, arena.alloc(value), arena.alloc(Expr::Int(1)))),
                arena.alloc(Expr::Int(2)),
            ),
            Some(_) => Expr::Binary(BinaryOp::Div, arena.alloc(value), arena.alloc(Expr::Int(2))),
            None => value,
        };
        if let Some(devotion) = lower.strip_prefix("type:mana") {
            let value = self.devotion(devotion).ok_or_else(|| refused(&lower))?;
            return Ok(scaled(halved(value), None));
        }
        if lower.starts_with("type:") {
            if half.is_some() {
                return Err(refused(&format!("{}{lower}", half.unwrap_or(""))));
            }
            let filter = self.counted(rest).ok_or_else(|| refused(&lower))??;
            return Ok(scaled(Expr::Int(1), Some(filter)));
        }
        let word = if stored { self.stored_word(&lower) } else { self.amount_word(&lower) };
        let (value, signed) = word.ok_or_else(|| refused(&lower))?;
        // Wagic's floor at 0 (`(n > 0 and n) or 0`), before halving.
        let value = if signed {
            let value = &*arena.alloc(value);
            let above_zero =
                arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Gt), value, arena.alloc(Expr::Int(0))));
            Expr::Or(arena.alloc(Expr::And(above_zero, value)), arena.alloc(Expr::Int(0)))
        } else {
            value
        };
        Ok(scaled(halved(value), None))
    }

    /// `type:manaR[:zone]` after its `type:mana`: the devotion to that colour of the
    /// source's controller (`mybattlefield`, or no zone) or its opponent
    /// (`opponentbattlefield`); `None` for another colour or zone.
    fn devotion(&self, after: &str) -> Option<Expr<'i>> {
        let (colour, zone) = match after.split_once(':') {
            Some((colour, zone)) => (colour, zone),
            None => (after, "mybattlefield"),
        };
        let colour = ["w", "u", "b", "r", "g"].into_iter().find(|known| *known == colour)?;
        let player = match zone {
            "mybattlefield" => "me",
            "opponentbattlefield" => "opp",
            _ => return None,
        };
        let function = CATALOGUE.functions.iter().position(|function| function.name == "devotion").unwrap_or(0);
        let args =
            [Expr::Var(super::spec::variable(player)), Expr::Str(self.arena.alloc_str(&colour.to_ascii_uppercase()))];
        Some(Expr::Call(FunctionIdx::new(function), self.arena.alloc_slice_copy(&args)))
    }

    /// The power, toughness or converted mana cost (`power`, `p`, `toughness`, `t`,
    /// `manacost`) of the card the line's cost moved or tapped, as it was then: the
    /// catalogue's `stored(this, ...)`, which may be below 0.
    fn stored_word(&self, word: &str) -> Option<(Expr<'i>, bool)> {
        let what = match word {
            "p" | "power" => "power",
            "t" | "toughness" => "toughness",
            "manacost" => "manacost",
            _ => return None,
        };
        let function = CATALOGUE.functions.iter().position(|function| function.name == "stored").unwrap_or(0);
        let args = [Expr::Var(super::spec::variable("this")), Expr::Str(self.arena.alloc_str(what))];
        Some((Expr::Call(FunctionIdx::new(function), self.arena.alloc_slice_copy(&args)), true))
    }

    /// One of Wagic's amount words (lower case) as the value it reads, and whether that
    /// may be below 0 (a life total, a power: Wagic counts it as 0 then); `None` for a word
    /// not compiled, or not here (`x` where no X is paid, `thatmuch` outside a damage
    /// trigger, a player's or card's count where Wagic reads it off a target card).
    fn amount_word(&self, word: &str) -> Option<(Expr<'i>, bool)> {
        let arena = self.arena;
        let var = |name: &str| Expr::Var(super::spec::variable(name));
        let call = |name: &str, args: &[Expr<'i>]| {
            let function = CATALOGUE.functions.iter().position(|function| function.name == name).unwrap_or(0);
            Expr::Call(FunctionIdx::new(function), arena.alloc_slice_copy(args))
        };
        let attribute = |name: &str| Expr::Attr(arena.alloc(var("this")), super::spec::attribute(name));
        // Wagic reads a player's count off `card->target` (the card's target, the enchanted
        // or equipped permanent) when it has one, the card's own controller otherwise: only
        // the latter is compiled.
        let own = !self.aura
            && !self.equipment
            && !self.statement_card_target.get()
            && (!self.spell || self.spell_untargeted);
        let counted = match word {
            "x" | "fullpaid" if self.x_allowed() => var("x"),
            "xx" | "halfpaid" if self.x_allowed() => {
                Expr::Binary(BinaryOp::Div, arena.alloc(var("x")), arena.alloc(Expr::Int(2)))
            }
            "thatmuch" if self.damage_trigger.get() || self.life_trigger.get().is_some() => var("thatmuch"),
            "kicked" => var("kicked"),
            // The colours of mana spent to cast the card (Wagic counts them as it is cast).
            "sunburst" => {
                let colours = ["W", "U", "B", "R", "G"].map(|colour| {
                    let spent = arena.alloc(call("manaspent", &[var("this"), Expr::Str(arena.alloc_str(colour))]));
                    let some =
                        arena.alloc(Expr::Binary(BinaryOp::Compare(CompareOp::Gt), spent, arena.alloc(Expr::Int(0))));
                    Expr::Or(arena.alloc(Expr::And(some, arena.alloc(Expr::Int(1)))), arena.alloc(Expr::Int(0)))
                });
                colours
                    .into_iter()
                    .reduce(|left, right| Expr::Binary(BinaryOp::Add, arena.alloc(left), arena.alloc(right)))?
            }
            "phandcount" if own => call("handsize", &[var("me")]),
            "ohandcount" if own => call("handsize", &[var("opp")]),
            "mypoisoncount" if own => call("poisoncount", &[var("me")]),
            "opponentpoisoncount" if own => call("poisoncount", &[var("opp")]),
            "lifetotal" if own => return Some((call("lifetotal", &[var("me")]), true)),
            "opponentlifetotal" if own => return Some((call("lifetotal", &[var("opp")]), true)),
            // The converted mana cost of the card Wagic's `target` is: the spell's one
            // target card (AEther Mutation's creature, read as it was printed wherever it
            // went), or a permanent's own.
            "manacost" if self.target_controller == super::TargetController::SpellTarget => {
                let target = arena.alloc(Expr::Index(arena.alloc(var("tgt")), 0));
                Expr::Attr(target, super::spec::attribute("manacost"))
            }
            "manacost" if own && !self.spell => attribute("manacost"),
            "p" | "power" if own => return Some((attribute("power"), true)),
            "t" | "toughness" if own => return Some((attribute("toughness"), true)),
            _ => return None,
        };
        Some((counted, false))
    }
}
