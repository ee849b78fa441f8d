//! `flipacoin winability A winabilityend loseability B loseabilityend flipend` (Wagic's
//! `GenericFlipACoin` and `AASetCoin`): a coin flip its controller wins or loses, each
//! as likely, drawn from the game's seeded random source, then the won or the lost
//! result. Wagic asks its controller heads or tails first, which changes no chance: the
//! question is not asked.

use compiler::ir::{Condition, Expr, Otherwise, Statement, Target};

use super::piece::Piece;
use super::{Lowering, Unsupported};

/// What a flip's results may be, for the refusals.
const RESULTS: &str = "`flipacoin` result other than one effect without a target to choose";

impl<'i> Lowering<'i> {
    /// The statement of `rest`, the effect of a line, when it is one coin flip
    /// (`flipacoin ... flipend`, nothing after); `None` for another effect.
    pub(super) fn flip_a_coin(&self, rest: Piece<'_>) -> Result<Option<Statement<'i>>, Unsupported> {
        let Some(inner) = strip_prefix_ignoring_case(rest.trim(), "flipacoin ") else {
            return Ok(None);
        };
        let Some(end) = find_ignoring_case(inner.text, " flipend") else {
            return Err(Unsupported::new(rest, "`flipacoin` without `flipend`"));
        };
        let after = inner.from(end + " flipend".len()).trim();
        if !after.text.is_empty() {
            return Err(Unsupported::new(after, "text after `flipend`"));
        }
        let mut body = inner.slice(0, end).trim();
        // `flipacoin 1 winability...`: the side called, which changes no chance.
        if let [digit, b' ', ..] = body.text.as_bytes()
            && digit.is_ascii_digit()
        {
            body = body.from(2).trim();
        }
        let won = self.flip_result(body, "winability ", " winabilityend")?;
        let lost = self.flip_result(body, "loseability ", " loseabilityend")?;
        let coin = self.specs.call("coinflip", &[]);
        let statement = match (won, lost) {
            (Some(won), None) => Statement { condition: Some(Condition::If(coin)), ..won },
            (None, Some(lost)) => {
                Statement { condition: Some(Condition::If(Expr::Not(self.arena.alloc(coin)))), ..lost }
            }
            (Some(won), Some(lost)) => {
                let otherwise = self.arena.alloc(Otherwise { elif: None, body: lost });
                Statement { condition: Some(Condition::If(coin)), otherwise: Some(otherwise), ..won }
            }
            (None, None) => return Err(Unsupported::new(rest, "`flipacoin` without `winability` or `loseability`")),
        };
        Ok(Some(statement))
    }

    /// The result between `open` and `close` in a flip's `body`, lowered as the effect of
    /// a line: one statement, asking nothing and choosing no target (Wagic chooses one
    /// only once the coin fell); `None` when the body has no such result.
    fn flip_result(&self, body: Piece<'_>, open: &str, close: &str) -> Result<Option<Statement<'i>>, Unsupported> {
        let Some(start) = find_ignoring_case(body.text, open.trim_end()) else {
            return Ok(None);
        };
        let from = body.from(start);
        let Some(text) = strip_prefix_ignoring_case(from, open) else {
            return Err(Unsupported::new(from, RESULTS));
        };
        let Some(end) = find_ignoring_case(text.text, close) else {
            return Err(Unsupported::new(from, &format!("`{}` without `{}`", open.trim(), close.trim())));
        };
        let result = text.slice(0, end);
        let (_, statements, lord, continuous) = self.effect(result)?;
        let [statement] = statements else { return Err(Unsupported::new(result, RESULTS)) };
        let chooses = matches!(statement.target, Some(Target::Filter { filter, .. }) if filter.qty.is_some());
        if lord.is_some() || continuous || chooses || statement.condition.is_some() || statement.otherwise.is_some() {
            return Err(Unsupported::new(result, RESULTS));
        }
        Ok(Some(*statement))
    }
}

/// `piece` after `prefix`, written in any case.
fn strip_prefix_ignoring_case<'s>(piece: Piece<'s>, prefix: &str) -> Option<Piece<'s>> {
    let head = piece.text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| piece.from(prefix.len()))
}

/// Where `needle` (ASCII) first is in `text`, in any case.
fn find_ignoring_case(text: &str, needle: &str) -> Option<usize> {
    let needle = needle.as_bytes();
    text.as_bytes().windows(needle.len()).position(|window| window.eq_ignore_ascii_case(needle))
}
