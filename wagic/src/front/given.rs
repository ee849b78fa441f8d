//! `ability$!effect!$ controller` (Wagic's `ATargetedAbilityCreator`): the named player
//! casts a card-less spell whose text is `effect`, at once, choosing its targets; its
//! `my` zones are that player's. Given to the card's controller, that is the card's own
//! effect, so it is compiled as the effect itself where nothing tells the two sources apart:
//! no damage (whose source is the spell, not the card), no `this` (the spell, not the
//! card), no `stored` card (the spell's), and one line (`_` separates lines of the spell).
//! Given to another player (`opponent`, `targetedplayer`: the player the card targeted),
//! that player chooses the targets and `my` zones are theirs: an effect of that player's
//! own choosing. The one compiled is a discard of n cards from their hand
//! (`target(<n>*|myhand) reject`, `notatarget` alike), which is the catalogue's
//! `discardchosen:n` of that player (each target player discards n cards of their choice);
//! others are refused by name.

use super::Unsupported;
use super::piece::Piece;

/// Words of the effect whose meaning changes with its source.
const SOURCE_WORDS: &[&str] = &["damage", "this", "stored", "_"];

/// The catalogue's `discardchosen:n` for each count Wagic's cards write (`<n>`), n from 1.
const DISCARDS: [&str; 7] = [
    "discardchosen:1",
    "discardchosen:2",
    "discardchosen:3",
    "discardchosen:4",
    "discardchosen:5",
    "discardchosen:6",
    "discardchosen:7",
];

/// What `ability$!effect!$ player` is given to someone other than the card's controller.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Receiver {
    /// `opponent`: the controller's opponent.
    Opponent,
    /// `targetedplayer`: the player the card's ability (or spell) targeted.
    TargetedPlayer,
}

/// The form `ability$!effect!$ player`, when `piece` is that whole form.
pub(super) enum Given<'s> {
    /// Given to the controller: the effect itself.
    Controller(Piece<'s>),
    /// Given to another player: the catalogue's effect doing what that player's
    /// choosing would (`discard:n`), with no target; `after`, the words after the player
    /// (`asSorcery`); `at` is the whole form.
    Player { effect: Piece<'static>, receiver: Receiver, after: Piece<'s>, at: Piece<'s> },
}

/// The word naming `receiver`.
pub(super) fn receiver_word(receiver: Receiver) -> &'static str {
    match receiver {
        Receiver::Opponent => "opponent",
        Receiver::TargetedPlayer => "targetedplayer",
    }
}

/// `ability$!effect!$ player` when `piece` is that whole form; `None` when `piece` does not
/// start with `ability$!`.
pub(super) fn given_ability(piece: Piece<'_>) -> Result<Option<Given<'_>>, Unsupported> {
    let piece = piece.trim();
    let Some(rest) = piece.strip_prefix("ability$!") else { return Ok(None) };
    let Some(end) = rest.text.find("!$") else {
        return Err(Unsupported::new(piece, "`ability$!` without its closing `!$`"));
    };
    let inner = rest.slice(0, end).trim();
    let receiver = rest.from(end + 2).trim();
    // The words after the player (`asSorcery`, `myTurnOnly`, `>6`) are the line's.
    let player = receiver.words().first().copied().unwrap_or(receiver);
    let after = receiver.from(player.text.len()).trim();
    let other = if player.text.eq_ignore_ascii_case("opponent") {
        Some(Receiver::Opponent)
    } else if player.text.eq_ignore_ascii_case("targetedplayer") {
        Some(Receiver::TargetedPlayer)
    } else {
        None
    };
    if let Some(receiver_kind) = other {
        let Some(effect) = players_discard(without_name(inner)) else {
            let word = receiver_word(receiver_kind);
            return Err(Unsupported::new(inner, &format!("`ability$!...!$` given to `{word}` other than a discard"))
                .with_help(Some(
                    "`ability$!target(<n>*|myhand) reject!$ opponent` (or `targetedplayer`) compiles".into(),
                )));
        };
        return Ok(Some(Given::Player { effect, receiver: receiver_kind, after, at: piece }));
    }
    if !receiver.text.eq_ignore_ascii_case("controller") {
        let word = receiver.text.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
        return Err(Unsupported::new(receiver, &format!("`ability$!...!$` given to `{word}`"))
            .with_help(Some("`ability$!effect!$ controller` alone on its line compiles".into())));
    }
    let lower = inner.text.to_ascii_lowercase();
    if let Some(word) = SOURCE_WORDS.iter().find(|word| lower.contains(**word)) {
        return Err(Unsupported::new(inner, &format!("`ability$!...!$` with `{word}`")));
    }
    Ok(Some(Given::Controller(inner)))
}

/// The catalogue's `discardchosen:n` when `inner` is a discard of n cards from its player's hand
/// (`target(<n>*|myhand) reject`, `notatarget`, in either order): Wagic's chooser of n
/// targets of `*|myhand` is that player, who discards them.
pub(super) fn players_discard(inner: Piece<'_>) -> Option<Piece<'static>> {
    let words = inner.words();
    let [first, second] = words.as_slice() else { return None };
    let (clause, reject) =
        if first.text.eq_ignore_ascii_case("reject") { (*second, *first) } else { (*first, *second) };
    if !reject.text.eq_ignore_ascii_case("reject") {
        return None;
    }
    let (args, after) = clause.call("target").or_else(|| clause.call("notatarget"))?;
    if !after.text.is_empty() {
        return None;
    }
    let spec = args.trim().text.to_ascii_lowercase();
    let count = match spec.strip_prefix('<') {
        None => 1,
        Some(rest) => {
            let (number, after) = rest.split_once('>')?;
            if after != "*|myhand" {
                return None;
            }
            number.parse::<usize>().ok()?
        }
    };
    if count == 1 && spec != "*|myhand" && spec != "<1>*|myhand" {
        return None;
    }
    let effect = DISCARDS.get(count.checked_sub(1)?)?;
    Some(Piece::new(effect, inner.start))
}

/// The effect without a leading `name(...)` (Wagic takes it out as the menu's text).
pub(super) fn without_name(inner: Piece<'_>) -> Piece<'_> {
    let inner = inner.trim();
    match inner.words().first().and_then(|first| first.call("name")) {
        Some((_, after)) if after.text.is_empty() => inner.from(inner.words()[0].text.len()).trim(),
        _ => inner,
    }
}

/// [`given_ability`] of a whole line: `None` as well when `&&` follows the `!$`, whose
/// parts are each a statement of their own (`ability$!...!$ controller && ...`).
pub(super) fn whole_line_ability(piece: Piece<'_>) -> Result<Option<Given<'_>>, Unsupported> {
    let joined = piece.text.find("!$").is_some_and(|end| piece.text[end..].contains("&&"));
    if joined { Ok(None) } else { given_ability(piece) }
}
