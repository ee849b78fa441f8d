//! The numbers written in an effect: an amount (`damage:2`, a token's `*3`), a p/t
//! (`+1/+1`, a token's `1/1`), and Wagic's `morethanfourcards`.

use compiler::ir::{BinaryOp, Expr};
use vm::bytecode::{CompareOp, FunctionIdx};

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
