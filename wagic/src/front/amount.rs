//! The numbers written in an effect: an amount (`damage:2`, a token's `*3`) and a p/t
//! (`+1/+1`, a token's `1/1`).

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
