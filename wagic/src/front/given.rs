//! `ability$!effect!$ controller` (Wagic's `ATargetedAbilityCreator`): the named player
//! casts a card-less spell whose text is `effect`, at once, choosing its targets; its
//! `my` zones are that player's. Given to the card's controller, that is the card's own
//! effect, so it is compiled as the effect itself where nothing tells the two sources apart:
//! no damage (whose source is the spell, not the card), no `this` (the spell, not the
//! card), no `stored` card (the spell's), and one line (`_` separates lines of the spell).
//! Another player (`opponent`, `targetedplayer`, the default) would choose the targets
//! and own the zones: refused by name.

use super::Unsupported;
use super::piece::Piece;

/// Words of the effect whose meaning changes with its source.
const SOURCE_WORDS: &[&str] = &["damage", "this", "stored", "_"];

/// The effect of `ability$!effect!$ controller` when `piece` is that whole form; `None`
/// when `piece` does not start with `ability$!`.
pub(super) fn controllers_ability(piece: Piece<'_>) -> Result<Option<Piece<'_>>, Unsupported> {
    let piece = piece.trim();
    let Some(rest) = piece.strip_prefix("ability$!") else { return Ok(None) };
    let Some(end) = rest.text.find("!$") else {
        return Err(Unsupported::new(piece, "`ability$!` without its closing `!$`"));
    };
    let inner = rest.slice(0, end).trim();
    let receiver = rest.from(end + 2).trim();
    if !receiver.text.eq_ignore_ascii_case("controller") {
        let word = receiver.text.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        return Err(Unsupported::new(receiver, &format!("`ability$!...!$` given to `{word}`"))
            .with_help(Some("`ability$!effect!$ controller` alone on its line compiles".into())));
    }
    let lower = inner.text.to_ascii_lowercase();
    if let Some(word) = SOURCE_WORDS.iter().find(|word| lower.contains(**word)) {
        return Err(Unsupported::new(inner, &format!("`ability$!...!$` with `{word}`")));
    }
    Ok(Some(inner))
}

/// The effect without a leading `name(...)` (Wagic takes it out as the menu's text).
pub(super) fn without_name(inner: Piece<'_>) -> Piece<'_> {
    let inner = inner.trim();
    match inner.words().first().and_then(|first| first.call("name")) {
        Some((_, after)) if after.text.is_empty() => inner.from(inner.words()[0].text.len()).trim(),
        _ => inner,
    }
}

/// [`controllers_ability`] of a whole line: `None` as well when `&&` follows the `!$`, whose
/// parts are each a statement of their own (`ability$!...!$ controller && ...`).
pub(super) fn whole_line_ability(piece: Piece<'_>) -> Result<Option<Piece<'_>>, Unsupported> {
    let joined = piece.text.find("!$").is_some_and(|end| piece.text[end..].contains("&&"));
    if joined { Ok(None) } else { controllers_ability(piece) }
}
